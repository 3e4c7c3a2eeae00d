//===- ShapeLattice.cpp - join and meet of tensor shapes ------------------===//
//
// The lattice -lite-infer-shapes computes in. From least to most precise:
// unranked, ranked with unknown sizes, static. The join of two shapes is what
// they have in common (used where control flow merges); the meet is both
// facts together (used to combine an inferred shape with a declared type),
// and fails when they contradict each other.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Lite/IR/TypeInference.h"

#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace sluice::lite::shapes;

ShapeKnowledge sluice::lite::shapes::getShapeKnowledge(Type type) {
  auto ranked = dyn_cast<RankedTensorType>(type);
  if (!ranked)
    return std::nullopt;
  return SmallVector<int64_t>(ranked.getShape());
}

ShapeKnowledge sluice::lite::shapes::joinShapes(const ShapeKnowledge &lhs,
                                                const ShapeKnowledge &rhs) {
  if (!lhs || !rhs || lhs->size() != rhs->size())
    return std::nullopt;
  SmallVector<int64_t> joined;
  for (auto [left, right] : llvm::zip_equal(*lhs, *rhs))
    joined.push_back(left == right ? left : kUnknown);
  return joined;
}

FailureOr<ShapeKnowledge>
sluice::lite::shapes::meetShapes(const ShapeKnowledge &lhs,
                                 const ShapeKnowledge &rhs) {
  if (!lhs)
    return rhs;
  if (!rhs)
    return lhs;
  if (lhs->size() != rhs->size())
    return failure();
  SmallVector<int64_t> met;
  for (auto [left, right] : llvm::zip_equal(*lhs, *rhs)) {
    if (left != kUnknown && right != kUnknown && left != right)
      return failure();
    met.push_back(left == kUnknown ? right : left);
  }
  return ShapeKnowledge(std::move(met));
}

TensorType sluice::lite::shapes::getTensorType(const ShapeKnowledge &shape,
                                               Type elementType) {
  if (!shape)
    return UnrankedTensorType::get(elementType);
  return RankedTensorType::get(*shape, elementType);
}

/// Tensor types of one element type without an encoding: the only types the
/// lattice combines.
static bool areCombinable(Type lhs, Type rhs) {
  auto plain = [](Type type) {
    auto ranked = dyn_cast<RankedTensorType>(type);
    return isa<UnrankedTensorType>(type) || (ranked && !ranked.getEncoding());
  };
  return plain(lhs) && plain(rhs) &&
         getElementTypeOrSelf(lhs) == getElementTypeOrSelf(rhs);
}

Type sluice::lite::shapes::joinTypes(Type lhs, Type rhs) {
  if (!areCombinable(lhs, rhs))
    return nullptr;
  return getTensorType(
      joinShapes(getShapeKnowledge(lhs), getShapeKnowledge(rhs)),
      getElementTypeOrSelf(lhs));
}

Type sluice::lite::shapes::meetTypes(Type lhs, Type rhs) {
  if (!areCombinable(lhs, rhs))
    return nullptr;
  FailureOr<ShapeKnowledge> met =
      meetShapes(getShapeKnowledge(lhs), getShapeKnowledge(rhs));
  if (failed(met))
    return nullptr;
  return getTensorType(*met, getElementTypeOrSelf(lhs));
}

