//===- ShapeInference.h - contents of shape vectors -------------*- C++ -*-===//
//
// What -lite-infer-shapes adds to the ops' own shape rules (the lattice and
// the rules: sluice/Dialect/Lite/IR/TypeInference.h): ShapeValues, the
// contents of the small integer tensors that carry shapes, axes and indices,
// as far as they are known statically, propagated through a function.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_DIALECT_LITE_TRANSFORMS_SHAPEINFERENCE_H
#define SLUICE_LIB_DIALECT_LITE_TRANSFORMS_SHAPEINFERENCE_H

#include "sluice/Dialect/Lite/IR/TypeInference.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace sluice::lite::shapes {

//===----------------------------------------------------------------------===//
// Contents of shape-carrying tensors
//===----------------------------------------------------------------------===//

/// The contents of small int32/int64 tensors of static shape, element by
/// element in row-major order, with kUnknown for the elements not known
/// statically. Constants are read when asked for; what ops compute from them
/// (lite.shape of a ranked tensor, concatenation, pack, slices, gather,
/// arithmetic, ...) is recorded by `evaluate` as the ops are visited.
class ShapeValues {
public:
  /// Tensors with more elements than this are not tracked.
  static constexpr int64_t kMaxElements = kMaxTrackedElements;

  /// The contents of `value`, if its type is a static int32/int64 tensor
  /// whose contents are (partly) known.
  std::optional<llvm::SmallVector<int64_t>> lookup(mlir::Value value) const;

  /// The contents of `value` when every element is known.
  std::optional<llvm::SmallVector<int64_t>>
  lookupFullyKnown(mlir::Value value) const;

  /// Records what `op`'s results contain, as far as that follows from what is
  /// known of its operands; forgets whatever was recorded for them before.
  void evaluate(mlir::Operation *op);

private:
  void record(mlir::Value value, llvm::SmallVector<int64_t> contents);

  llvm::DenseMap<mlir::Value, llvm::SmallVector<int64_t>> known;
};

} // namespace sluice::lite::shapes

#endif // SLUICE_LIB_DIALECT_LITE_TRANSFORMS_SHAPEINFERENCE_H
