//===- TypeInference.h - result shapes of lite ops --------------*- C++ -*-===//
//
// The one home of every lite op's shape rule (lib/Dialect/Lite/IR/
// TypeInference.cpp), in the way StableHLO's TypeInference.cpp is: each
// structured op implements MLIR's InferShapedTypeOpInterface with its rule,
// elementwise ops take theirs from their traits (same shape, broadcasting).
// Three clients call the same rules:
//
//   the op verifiers      verifyInferredResultShape: a declared result type
//                         must not contradict the rule (constants only);
//   -lite-infer-shapes    inferResultShape with the contents of shape vectors
//                         it propagated (ShapeValues) as a ValueShapeRange
//                         value-to-shape map;
//   builders              createInferred / refineResultTypes: an op created
//                         with unranked results gets its rule's types (the
//                         GraphDef importer's table, ExprBuilder).
//
// The rules mirror the shape computations of the reference interpreter's
// kernels (lib/Kernels/*Kernels.cpp). A rule gives up (nothing known) where
// the kernel would report an error, so an op that fails only at run time
// keeps its declared type and still verifies.
//
// Also here: the shape lattice those rules compute in (ShapeLattice.cpp) and
// the strided_slice expansion the rule shares with ShapeValues.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_LITE_IR_TYPEINFERENCE_H
#define SLUICE_DIALECT_LITE_IR_TYPEINFERENCE_H

#include "sluice/Dialect/Lite/IR/IndexRules.h"
#include "sluice/Dialect/Lite/IR/LiteOps.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace sluice::lite::shapes {

/// A dimension size, or an element of a shape vector, that is not known
/// statically.
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
// Per-op rules
//===----------------------------------------------------------------------===//

/// Shape vectors, axes and indices with more elements than this are not read.
constexpr int64_t kMaxTrackedElements = 1024;

/// The element count of a static int32/int64 tensor type of at most
/// kMaxTrackedElements elements, or nullopt: the tensors whose contents the
/// rules read.
std::optional<int64_t> getTrackedCount(mlir::Type type);

/// The elements of `value`, a constant of a tracked type, in row-major order.
std::optional<llvm::SmallVector<int64_t>>
getConstantContents(mlir::Value value);

/// `contents` when every element is known (no kUnknown), else nullopt.
std::optional<llvm::SmallVector<int64_t>>
fullyKnown(std::optional<llvm::SmallVector<int64_t>> contents);

/// The contents of shape-carrying operands (shape vectors, axes, indices) a
/// caller knows beyond constants: a ShapeAdaptor whose dimensions are the
/// value's elements in row-major order (kUnknown where not known), or null.
using OperandContentsFn = mlir::ValueShapeRange::ValueShapeMapFn;

/// What the shape of `op`'s results is, from the types of its operands and
/// the contents of its integer operands (constants, and what `contents`
/// knows): one ShapeKnowledge that holds for every result (only lite.unpack
/// has several, all of one shape). nullopt when `op` has no rule (constants,
/// control flow, ops of other dialects), when nothing is known, or when the
/// operands are inconsistent (the interpreter reports that at run time).
ShapeKnowledge inferResultShape(mlir::Operation *op,
                                OperandContentsFn contents = nullptr);

/// Meets each result type of `op` with the shape its rule infers from its
/// operands and constants, in place: an op created with unranked results of
/// the right element types gets the types its rule gives. A result whose
/// type contradicts the rule keeps it (the verifier names it); an op that
/// does not verify is left alone (its rule would read what is missing).
void refineResultTypes(mlir::Operation *op);

/// Creates `OpTy` with each result an unranked tensor of `elementType`, then
/// typed by its rule (refineResultTypes): typed creation where the result
/// type is the op's to say.
template <typename OpTy, typename... Args>
OpTy createInferred(mlir::OpBuilder &builder, mlir::Location loc,
                    mlir::Type elementType, Args &&...args) {
  auto op =
      OpTy::create(builder, loc, mlir::UnrankedTensorType::get(elementType),
                   std::forward<Args>(args)...);
  refineResultTypes(op);
  return op;
}

/// Fails, naming both shapes, when a ranked result type of `op` contradicts
/// the shape its rule infers from its operands and constants. Called by the
/// verifiers of the structured ops.
mlir::LogicalResult verifyInferredResultShape(mlir::Operation *op);

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
expandStridedSlice(StridedSliceOpAdaptor op, int64_t rank,
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

#endif // SLUICE_DIALECT_LITE_IR_TYPEINFERENCE_H
