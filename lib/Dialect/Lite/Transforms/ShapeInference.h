//===- ShapeInference.h - shape lattice and per-op rules --------*- C++ -*-===//
//
// The pieces -lite-infer-shapes is built from:
//  - the shape lattice: what is known of a tensor's shape, with join (what
//    two shapes have in common) and meet (both facts together);
//  - ShapeValues: the contents of the small integer tensors that carry
//    shapes, axes and indices, as far as they are known statically;
//  - the per-op rules (ShapeRules.cpp), which mirror the shape computations
//    of the reference interpreter's kernels (lib/Kernels/*Kernels.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_DIALECT_LITE_TRANSFORMS_SHAPEINFERENCE_H
#define SLUICE_LIB_DIALECT_LITE_TRANSFORMS_SHAPEINFERENCE_H

#include "sluice/Dialect/Lite/IR/IndexRules.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace sluice::lite {
class StridedSliceOp;
} // namespace sluice::lite

namespace sluice::lite::shapes {

/// A dimension size, or an element of a ShapeValues vector, that is not
/// known statically.
constexpr int64_t kUnknown = mlir::ShapedType::kDynamic;

//===----------------------------------------------------------------------===//
// Shape lattice
//===----------------------------------------------------------------------===//

/// What is known statically of a tensor's shape: nothing (nullopt, the rank
/// is unknown), or its rank and sizes, some of which may be kUnknown.
using ShapeKnowledge = std::optional<llvm::SmallVector<int64_t>>;

/// The shape knowledge a tensor type carries (nullopt for other types).
ShapeKnowledge getShapeKnowledge(mlir::Type type);

/// The most precise shape knowledge that both `lhs` and `rhs` satisfy: equal
/// sizes stay, differing sizes become unknown, differing ranks unknown.
ShapeKnowledge joinShapes(const ShapeKnowledge &lhs, const ShapeKnowledge &rhs);

/// `lhs` and `rhs` together, or failure when they contradict each other
/// (different ranks, or different static sizes).
mlir::FailureOr<ShapeKnowledge> meetShapes(const ShapeKnowledge &lhs,
                                           const ShapeKnowledge &rhs);

/// A tensor type of `elementType` with the shape knowledge `shape`.
mlir::TensorType getTensorType(const ShapeKnowledge &shape,
                               mlir::Type elementType);

/// The join of two tensor types, or null unless both are tensors of one
/// element type.
mlir::Type joinTypes(mlir::Type lhs, mlir::Type rhs);

/// The meet of two tensor types, or null unless both are tensors of one
/// element type with compatible shapes.
mlir::Type meetTypes(mlir::Type lhs, mlir::Type rhs);

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
  static constexpr int64_t kMaxElements = 1024;

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

//===----------------------------------------------------------------------===//
// Per-op rules
//===----------------------------------------------------------------------===//

/// What the shape of `op`'s results is, from the types of its operands and
/// the known contents of its integer operands: one ShapeKnowledge that holds
/// for every result (only lite.unpack has several, all of one shape).
/// nullopt when there is no rule for `op` (constants, control flow, ops of
/// other dialects), when nothing is known, or when the operands are
/// inconsistent (the interpreter will report that at run time).
ShapeKnowledge inferResultShape(mlir::Operation *op, const ShapeValues &values);

//===----------------------------------------------------------------------===//
// strided_slice, shared by the shape rule and ShapeValues
//===----------------------------------------------------------------------===//

/// One dimension of a strided_slice's result space after expanding the
/// ellipsis and new axes, as the interpreter's kernel does. begin, end and
/// stride are kUnknown where not known statically.
struct StridedSliceDim {
  /// A new size-1 dimension (no input dimension).
  bool newAxis = false;
  int64_t begin = 0, end = 0, stride = 1;
  bool beginMask = true, endMask = true, shrink = false;
};

/// Expands the begin/end/strides entries (known or kUnknown, one per entry)
/// of `op` over an input of rank `rank`, or nullopt when the kernel would
/// reject them (length mismatch, several ellipses, too many indexed
/// dimensions).
std::optional<llvm::SmallVector<StridedSliceDim>>
expandStridedSlice(StridedSliceOp op, int64_t rank,
                   llvm::ArrayRef<int64_t> begin, llvm::ArrayRef<int64_t> end,
                   llvm::ArrayRef<int64_t> strides);

/// The elements a (not shrinking) strided_slice dimension takes from an input
/// dimension of static size `size`: indices start, start + stride, ...,
/// `count` of them.
struct AxisRange {
  int64_t start = 0, stride = 1, count = 0;
};

/// The range `dim` selects from a dimension of static size `size`, with
/// TFLite's StridedSliceStartForAxis / StridedSliceEndForAxis; nullopt when
/// an entry it needs is unknown or the kernel would reject it (stride 0).
std::optional<AxisRange> resolveAxisRange(const StridedSliceDim &dim,
                                          int64_t size, bool offset);

/// The index a shrinking `dim` takes from a dimension of static size `size`,
/// in [0, size); nullopt when unknown or when the kernel would reject it.
std::optional<int64_t> resolveShrinkIndex(const StridedSliceDim &dim,
                                          int64_t size);

/// Axis normalisation is lite's one rule (IndexRules.h).
using ::sluice::lite::normalizeAxis;

} // namespace sluice::lite::shapes

#endif // SLUICE_LIB_DIALECT_LITE_TRANSFORMS_SHAPEINFERENCE_H
