//===- ElementwiseBroadcast.cpp - broadcasting elementwise loops ----------===//
//
// The loop every elementwise lite op lowers to. Operands of lower rank align
// with the result's trailing dimensions, as in numpy. Where sizes are known
// statically, broadcasting is an indexing map (a size-1 dimension reads
// index 0):
//
//   lite.add %a, %b : (tensor<4x3xf32>, tensor<1x3xf32>) -> tensor<4x3xf32>
//     =>  linalg.generic {indexing_maps = [(d0, d1) -> (d0, d1),
//                                          (d0, d1) -> (0, d1),
//                                          (d0, d1) -> (d0, d1)]}
//
// A dynamic size that may be 1 while the result's is not cannot be a map:
// such an operand is read in the body with tensor.extract at index
// `size == 1 ? 0 : i`, and the result sizes are computed at run time. When
// they do not broadcast, SLUICE_ERROR_SHAPE_MISMATCH is recorded and the
// result is a tensor of zeros: an scf.if skips the loop, which could read
// out of bounds.
//
// When every operand and the result are rank 0 there is no loop at all:
// tensor.extract, the scalar computation and tensor.from_elements, which
// fold away between ops so scalar loop state stays in registers.
//
// Operand checks (a zero divisor, ...) are reductions of the operand to one
// i1, checked before the loop.
//
//===----------------------------------------------------------------------===//

#include "ElementwiseBroadcast.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;

namespace sluice::lite_to_native {
namespace {

/// How the loop reads one operand.
struct OperandAccess {
  Value tensor;
  RankedTensorType type;
  /// Per operand dimension: where the size is dynamic and may be 1 while the
  /// result's is not, the i1 `size == 1`; null elsewhere.
  SmallVector<Value> isUnitSize;

  /// Whether the loop reads the operand with tensor.extract rather than
  /// through an indexing map.
  bool isGathered() const {
    return llvm::any_of(isUnitSize, [](Value isUnit) { return isUnit; });
  }
};

/// The broadcast result shape and how the loop reads every operand.
struct BroadcastPlan {
  SmallVector<OpFoldResult> extents;
  SmallVector<OperandAccess> operands;
  /// An i1: whether the dynamic sizes broadcast. Null when the static sizes
  /// show that they do.
  Value shapesAgree;
};

/// One operand's dynamic size along a result dimension.
struct DynamicSize {
  unsigned operand;
  int64_t operandDim;
  Value size;
};

} // namespace

static Value indexConstant(OpBuilder &builder, Location loc, int64_t value) {
  return arith::ConstantIndexOp::create(builder, loc, value);
}

static Value isEqual(OpBuilder &builder, Location loc, Value lhs, Value rhs) {
  return arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq, lhs,
                               rhs);
}

static Value either(OpBuilder &builder, Location loc, Value lhs, Value rhs) {
  return arith::OrIOp::create(builder, loc, lhs, rhs);
}

/// Adds `condition` to the conditions the shapes must meet at run time.
static void requireAtRunTime(OpBuilder &builder, Location loc,
                             BroadcastPlan &plan, Value condition) {
  plan.shapesAgree =
      plan.shapesAgree
          ? arith::AndIOp::create(builder, loc, plan.shapesAgree, condition)
          : condition;
}

/// Whether every size is the same dimension of the same tensor.
static bool areOneSize(const BroadcastPlan &plan, ArrayRef<DynamicSize> sizes) {
  return llvm::all_of(sizes, [&](const DynamicSize &size) {
    return plan.operands[size.operand].tensor ==
               plan.operands[sizes.front().operand].tensor &&
           size.operandDim == sizes.front().operandDim;
  });
}

/// The result size along a dimension where the operands' sizes are the
/// dynamic `sizes` and 1s: each may be 1, so every operand is read at index
/// `size == 1 ? 0 : i`; sizes other than 1 must agree.
static Value broadcastDynamicSizes(OpBuilder &builder, Location loc,
                                   BroadcastPlan &plan,
                                   ArrayRef<DynamicSize> sizes) {
  Value one = indexConstant(builder, loc, 1);
  Value result;
  for (const DynamicSize &next : sizes) {
    Value nextIsOne = isEqual(builder, loc, next.size, one);
    plan.operands[next.operand].isUnitSize[next.operandDim] = nextIsOne;
    if (!result) {
      result = next.size;
      continue;
    }
    Value resultIsOne = isEqual(builder, loc, result, one);
    Value agree = either(builder, loc, isEqual(builder, loc, next.size, result),
                         either(builder, loc, nextIsOne, resultIsOne));
    requireAtRunTime(builder, loc, plan, agree);
    result =
        arith::SelectOp::create(builder, loc, resultIsOne, next.size, result);
  }
  return result;
}

/// Along a dimension where some operand has the static size `size` (not
/// 1), each of the dynamic `sizes` must be `size` or 1, and may be 1.
static void broadcastToStaticSize(OpBuilder &builder, Location loc,
                                  BroadcastPlan &plan, int64_t size,
                                  ArrayRef<DynamicSize> sizes) {
  Value expected = indexConstant(builder, loc, size);
  Value one = indexConstant(builder, loc, 1);
  for (const DynamicSize &dynamic : sizes) {
    Value isOne = isEqual(builder, loc, dynamic.size, one);
    plan.operands[dynamic.operand].isUnitSize[dynamic.operandDim] = isOne;
    Value isExpected = isEqual(builder, loc, dynamic.size, expected);
    requireAtRunTime(builder, loc, plan,
                     either(builder, loc, isExpected, isOne));
  }
}

/// Replaces `extent`, the broadcast size along result dimension `dim`, by
/// the op's static result size `declared`: when the operands' sizes are
/// known only at run time, they must give `declared` then.
static LogicalResult useDeclaredSize(OpBuilder &builder, Location loc,
                                     Operation *op, BroadcastPlan &plan,
                                     int64_t dim, int64_t declared,
                                     OpFoldResult &extent) {
  if (std::optional<int64_t> known = getConstantIntValue(extent)) {
    if (*known != declared)
      return op->emitError("result size ")
             << declared << " along dimension " << dim
             << " differs from the broadcast size " << *known;
    return success();
  }
  Value expected = indexConstant(builder, loc, declared);
  requireAtRunTime(builder, loc, plan,
                   isEqual(builder, loc, cast<Value>(extent), expected));
  extent = builder.getIndexAttr(declared);
  return success();
}

/// Works out result dimension `dim` (of `rank`) from the operands' sizes
/// along it; `declaredSize` is the op's static result size, if any.
static LogicalResult planDimension(OpBuilder &builder, Location loc,
                                   Operation *op, BroadcastPlan &plan,
                                   int64_t dim, int64_t rank,
                                   std::optional<int64_t> declaredSize) {
  // The one static size other than 1 (the verifier makes them agree).
  std::optional<int64_t> staticSize;
  SmallVector<DynamicSize> dynamicSizes;
  for (auto [index, access] : llvm::enumerate(plan.operands)) {
    int64_t operandDim = dim - (rank - access.type.getRank());
    if (operandDim < 0)
      continue;
    int64_t size = access.type.getDimSize(operandDim);
    if (ShapedType::isDynamic(size)) {
      Value dynamic =
          tensor::DimOp::create(builder, loc, access.tensor, operandDim);
      dynamicSizes.push_back(
          {static_cast<unsigned>(index), operandDim, dynamic});
    } else if (size != 1) {
      if (staticSize && *staticSize != size)
        return op->emitError("operand shapes do not broadcast along "
                             "dimension ")
               << dim;
      staticSize = size;
    }
  }

  OpFoldResult extent;
  if (staticSize) {
    extent = builder.getIndexAttr(*staticSize);
    broadcastToStaticSize(builder, loc, plan, *staticSize, dynamicSizes);
  } else if (dynamicSizes.empty()) {
    extent = builder.getIndexAttr(1);
  } else if (areOneSize(plan, dynamicSizes)) {
    // Nothing to broadcast against: the loop runs over this size.
    extent = dynamicSizes.front().size;
  } else {
    extent = broadcastDynamicSizes(builder, loc, plan, dynamicSizes);
  }
  if (declaredSize && failed(useDeclaredSize(builder, loc, op, plan, dim,
                                             *declaredSize, extent)))
    return failure();
  plan.extents.push_back(extent);
  return success();
}

static FailureOr<BroadcastPlan> planBroadcast(OpBuilder &builder, Location loc,
                                              Operation *op,
                                              ValueRange operands,
                                              Type resultType) {
  BroadcastPlan plan;
  int64_t rank = 0;
  for (Value operand : operands) {
    auto type = dyn_cast<RankedTensorType>(operand.getType());
    if (!type)
      return op->emitError("the native back end needs ranked operands, got ")
             << operand.getType();
    plan.operands.push_back(
        {operand, type, SmallVector<Value>(type.getRank(), nullptr)});
    rank = std::max(rank, type.getRank());
  }
  auto declared = dyn_cast<RankedTensorType>(resultType);
  if (declared && declared.getRank() != rank)
    return op->emitError("result rank ")
           << declared.getRank() << " differs from the broadcast rank " << rank;
  for (int64_t dim = 0; dim < rank; ++dim) {
    std::optional<int64_t> declaredSize;
    if (declared && !declared.isDynamicDim(dim))
      declaredSize = declared.getDimSize(dim);
    if (failed(planDimension(builder, loc, op, plan, dim, rank, declaredSize)))
      return failure();
  }
  return plan;
}

/// The indexing map of an operand read through a map: its dimensions are
/// the result's trailing ones, size-1 dimensions read index 0.
static AffineMap getBroadcastMap(RankedTensorType type, int64_t rank,
                                 MLIRContext *context) {
  SmallVector<AffineExpr> results;
  int64_t leading = rank - type.getRank();
  for (int64_t dim = 0; dim < type.getRank(); ++dim)
    results.push_back(type.getDimSize(dim) == 1
                          ? getAffineConstantExpr(0, context)
                          : getAffineDimExpr(leading + dim, context));
  return AffineMap::get(rank, 0, results, context);
}

/// Reads the element of a gathered operand for the current loop iteration.
static Value readGathered(OpBuilder &builder, Location loc,
                          const OperandAccess &access, int64_t rank) {
  int64_t leading = rank - access.type.getRank();
  Value zero = indexConstant(builder, loc, 0);
  SmallVector<Value> indices;
  for (int64_t dim = 0; dim < access.type.getRank(); ++dim) {
    if (access.type.getDimSize(dim) == 1) {
      indices.push_back(zero);
      continue;
    }
    Value index = linalg::IndexOp::create(builder, loc, leading + dim);
    if (Value isUnit = access.isUnitSize[dim])
      index = arith::SelectOp::create(builder, loc, isUnit, zero, index);
    indices.push_back(index);
  }
  return tensor::ExtractOp::create(builder, loc, access.tensor, indices);
}

/// The linalg.generic computing every element of the broadcast result.
static Value buildLoop(OpBuilder &builder, Location loc,
                       const BroadcastPlan &plan, Type elementType,
                       ElementFn compute) {
  MLIRContext *context = builder.getContext();
  int64_t rank = plan.extents.size();
  SmallVector<Value> inputs;
  SmallVector<AffineMap> maps;
  for (const OperandAccess &access : plan.operands) {
    if (access.isGathered())
      continue;
    inputs.push_back(access.tensor);
    maps.push_back(getBroadcastMap(access.type, rank, context));
  }
  maps.push_back(AffineMap::getMultiDimIdentityMap(rank, context));
  Value init = tensor::EmptyOp::create(builder, loc, plan.extents, elementType);
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  auto body = [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
    SmallVector<Value> elements;
    unsigned nextArgument = 0;
    for (const OperandAccess &access : plan.operands)
      elements.push_back(access.isGathered()
                             ? readGathered(nested, nestedLoc, access, rank)
                             : args[nextArgument++]);
    linalg::YieldOp::create(nested, nestedLoc,
                            compute(nested, nestedLoc, elements));
  };
  return linalg::GenericOp::create(builder, loc, init.getType(), inputs, init,
                                   maps, iterators, body)
      .getResult(0);
}

static Value buildFilled(OpBuilder &builder, Location loc,
                         ArrayRef<OpFoldResult> sizes, Type elementType,
                         TypedAttr value) {
  Value scalar = arith::ConstantOp::create(builder, loc, value);
  Value empty = tensor::EmptyOp::create(builder, loc, sizes, elementType);
  return linalg::FillOp::create(builder, loc, scalar, empty).getResult(0);
}

/// buildLoop, run only when the shapes agree at run time (zeros otherwise).
static Value buildGuardedLoop(OpBuilder &builder, Location loc,
                              const BroadcastPlan &plan, Type elementType,
                              ElementFn compute) {
  if (!plan.shapesAgree)
    return buildLoop(builder, loc, plan, elementType, compute);
  SmallVector<int64_t> shape;
  SmallVector<Value> dynamicSizes;
  dispatchIndexOpFoldResults(plan.extents, dynamicSizes, shape);
  auto type = RankedTensorType::get(shape, elementType);
  auto guard = scf::IfOp::create(builder, loc, type, plan.shapesAgree,
                                 /*withElseRegion=*/true);
  OpBuilder::InsertionGuard insertionGuard(builder);
  builder.setInsertionPointToStart(guard.thenBlock());
  scf::YieldOp::create(builder, loc,
                       buildLoop(builder, loc, plan, elementType, compute));
  builder.setInsertionPointToStart(guard.elseBlock());
  scf::YieldOp::create(builder, loc,
                       buildFilled(builder, loc, plan.extents, elementType,
                                   builder.getZeroAttr(elementType)));
  return guard.getResult(0);
}

/// An i1: whether `predicate` holds for any element of `tensor`.
static Value anyElement(OpBuilder &builder, Location loc, Value tensor,
                        ElementPredicate predicate) {
  auto type = cast<RankedTensorType>(tensor.getType());
  if (type.getRank() == 0)
    return predicate(builder, loc,
                     tensor::ExtractOp::create(builder, loc, tensor));
  MLIRContext *context = builder.getContext();
  Value init = buildFilled(builder, loc, {}, builder.getI1Type(),
                           builder.getBoolAttr(false));
  SmallVector<AffineMap> maps = {
      AffineMap::getMultiDimIdentityMap(type.getRank(), context),
      AffineMap::get(type.getRank(), 0, {}, context)};
  SmallVector<utils::IteratorType> iterators(type.getRank(),
                                             utils::IteratorType::reduction);
  auto body = [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
    Value holds = predicate(nested, nestedLoc, args[0]);
    linalg::YieldOp::create(nested, nestedLoc,
                            either(nested, nestedLoc, args[1], holds));
  };
  Value any = linalg::GenericOp::create(builder, loc, init.getType(), tensor,
                                        init, maps, iterators, body)
                  .getResult(0);
  return tensor::ExtractOp::create(builder, loc, any);
}

/// An i1: whether the result has no elements; null when it has some for
/// sure.
static Value isEmptyAtRunTime(OpBuilder &builder, Location loc,
                              ArrayRef<OpFoldResult> extents) {
  Value empty;
  for (OpFoldResult extent : extents) {
    auto size = dyn_cast<Value>(extent);
    if (!size)
      continue;
    Value isZero = isEqual(builder, loc, size, indexConstant(builder, loc, 0));
    empty = empty ? either(builder, loc, empty, isZero) : isZero;
  }
  return empty;
}

static bool isStaticallyEmpty(ArrayRef<OpFoldResult> extents) {
  return llvm::any_of(extents, [](OpFoldResult extent) {
    return isConstantIntValue(extent, 0);
  });
}

/// Records `check.code` unless no element of the checked operand is
/// invalid or the result has no elements (then no element is used).
static void emitOperandCheck(OpBuilder &builder, Location loc,
                             const BroadcastPlan &plan,
                             const OperandCheck &check) {
  if (isStaticallyEmpty(plan.extents))
    return;
  Value invalid = anyElement(builder, loc, plan.operands[check.operand].tensor,
                             check.isInvalid);
  Value valid = arith::XOrIOp::create(
      builder, loc, invalid,
      arith::ConstantOp::create(builder, loc, builder.getBoolAttr(true)));
  if (Value empty = isEmptyAtRunTime(builder, loc, plan.extents))
    valid = either(builder, loc, valid, empty);
  emitRuntimeCheck(builder, loc, valid, check.code, check.message);
}

static bool isRankZero(Type type) {
  auto ranked = dyn_cast<RankedTensorType>(type);
  return ranked && ranked.getRank() == 0;
}

/// The rank-0 case: no loop, just the element computation.
static Value buildScalar(OpBuilder &builder, Location loc, ValueRange operands,
                         Type resultType, ElementFn compute,
                         ArrayRef<OperandCheck> checks) {
  SmallVector<Value> elements;
  for (Value operand : operands)
    elements.push_back(tensor::ExtractOp::create(builder, loc, operand));
  for (const OperandCheck &check : checks) {
    Value invalid = check.isInvalid(builder, loc, elements[check.operand]);
    Value valid = arith::XOrIOp::create(
        builder, loc, invalid,
        arith::ConstantOp::create(builder, loc, builder.getBoolAttr(true)));
    emitRuntimeCheck(builder, loc, valid, check.code, check.message);
  }
  Value element = compute(builder, loc, elements);
  return tensor::FromElementsOp::create(builder, loc, resultType, element);
}

FailureOr<Value> buildElementwise(OpBuilder &builder, Operation *op,
                                  ValueRange operands, Type resultType,
                                  ElementFn compute,
                                  ArrayRef<OperandCheck> checks) {
  Location loc = op->getLoc();
  if (isRankZero(resultType) && llvm::all_of(operands.getTypes(), isRankZero))
    return buildScalar(builder, loc, operands, resultType, compute, checks);

  FailureOr<BroadcastPlan> plan =
      planBroadcast(builder, loc, op, operands, resultType);
  if (failed(plan))
    return failure();
  if (plan->shapesAgree)
    emitRuntimeCheck(builder, loc, plan->shapesAgree,
                     SLUICE_ERROR_SHAPE_MISMATCH,
                     "operand shapes do not broadcast");
  for (const OperandCheck &check : checks)
    emitOperandCheck(builder, loc, *plan, check);
  Value result = buildGuardedLoop(builder, loc, *plan,
                                  getElementTypeOrSelf(resultType), compute);
  if (result.getType() != resultType)
    result = tensor::CastOp::create(builder, loc, resultType, result);
  return result;
}

Value buildFilledLike(OpBuilder &builder, Location loc, Value like,
                      RankedTensorType resultType, TypedAttr value) {
  if (resultType.getRank() == 0) {
    Value scalar = arith::ConstantOp::create(builder, loc, value);
    return tensor::FromElementsOp::create(builder, loc, resultType, scalar);
  }
  Value filled =
      buildFilled(builder, loc, tensor::getMixedSizes(builder, loc, like),
                  resultType.getElementType(), value);
  if (filled.getType() != resultType)
    filled = tensor::CastOp::create(builder, loc, resultType, filled);
  return filled;
}

} // namespace sluice::lite_to_native
