//===- LiteBuilders.cpp - small lite IR idioms shared by passes -----------===//

#include "sluice/Dialect/Lite/IR/LiteBuilders.h"
#include "sluice/Dialect/Lite/IR/TypeInference.h"

#include "sluice/Dialect/Lite/IR/LiteOps.h"

using namespace mlir;
using namespace sluice::lite;

Value sluice::lite::createReshapeCopy(OpBuilder &builder, Location loc,
                                      Value value, Type resultType) {
  auto type = cast<TensorType>(resultType);
  Value shape;
  if (type.hasStaticShape()) {
    SmallVector<int32_t> dims(type.getShape().begin(), type.getShape().end());
    shape = ConstantOp::create(
        builder, loc,
        DenseElementsAttr::get(
            RankedTensorType::get({type.getRank()}, builder.getI32Type()),
            ArrayRef<int32_t>(dims)));
  } else {
    shape = shapes::createInferred<ShapeOp>(builder, loc, builder.getI32Type(),
                                            value);
  }
  return ReshapeOp::create(builder, loc, resultType, value, shape);
}

sluice::lite::WhileOp sluice::lite::appendLoopCarried(OpBuilder &builder,
                                                      WhileOp loop,
                                                      ValueRange extraInits) {
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPoint(loop);
  SmallVector<Value> inits(loop.getInits());
  llvm::append_range(inits, extraInits);
  SmallVector<Type> types(loop.getResultTypes());
  llvm::append_range(types, extraInits.getTypes());
  auto grown = WhileOp::create(builder, loop.getLoc(), types, inits);
  grown->setDiscardableAttrs(loop->getDiscardableAttrDictionary());
  for (auto [from, to] :
       llvm::zip_equal(loop->getRegions(), grown->getRegions())) {
    to.takeBody(from);
    for (Value init : extraInits)
      to.front().addArgument(init.getType(), init.getLoc());
  }
  loop->replaceAllUsesWith(
      grown->getResults().take_front(loop->getNumResults()));
  loop.erase();
  return grown;
}

sluice::lite::IfOp sluice::lite::appendIfResults(OpBuilder &builder, IfOp ifOp,
                                                 TypeRange extraTypes) {
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPoint(ifOp);
  SmallVector<Type> types(ifOp.getResultTypes());
  llvm::append_range(types, extraTypes);
  auto grown = IfOp::create(builder, ifOp.getLoc(), types, ifOp.getCond());
  grown->setDiscardableAttrs(ifOp->getDiscardableAttrDictionary());
  for (auto [from, to] :
       llvm::zip_equal(ifOp->getRegions(), grown->getRegions()))
    to.takeBody(from);
  ifOp->replaceAllUsesWith(
      grown->getResults().take_front(ifOp->getNumResults()));
  ifOp.erase();
  return grown;
}

namespace {
RankedTensorType i32Vector(OpBuilder &builder, int64_t size) {
  return RankedTensorType::get({size}, builder.getI32Type());
}
} // namespace

RankedTensorType sluice::lite::getListType(RankedTensorType element) {
  SmallVector<int64_t> shape{ShapedType::kDynamic};
  llvm::append_range(shape, element.getShape());
  return element.clone(shape);
}

RankedTensorType sluice::lite::withDynamicLength(RankedTensorType list) {
  SmallVector<int64_t> shape(list.getShape());
  shape[0] = ShapedType::kDynamic;
  return list.clone(shape);
}

Value sluice::lite::createI32Vector(OpBuilder &builder, Location loc,
                                    ArrayRef<int32_t> values) {
  return ConstantOp::create(
      builder, loc,
      DenseElementsAttr::get(i32Vector(builder, values.size()), values));
}

Value sluice::lite::createI32Scalar(OpBuilder &builder, Location loc,
                                    int32_t value) {
  auto type = RankedTensorType::get({}, builder.getI32Type());
  return ConstantOp::create(builder, loc, DenseElementsAttr::get(type, value));
}

void sluice::lite::appendYieldOperands(Operation *yield, ValueRange values) {
  SmallVector<Value> operands(yield->getOperands());
  llvm::append_range(operands, values);
  yield->setOperands(operands);
}

Value sluice::lite::createListPrefix(OpBuilder &builder, Location loc,
                                     Value list, Value length,
                                     Type resultType) {
  auto type = cast<RankedTensorType>(list.getType());
  int64_t rank = type.getRank();
  Value size = ReshapeOp::create(builder, loc, i32Vector(builder, 1), length,
                                 createI32Vector(builder, loc, {1}));
  if (rank > 1) {
    SmallVector<int32_t> elementShape(type.getShape().drop_front());
    size = ConcatenationOp::create(
        builder, loc, i32Vector(builder, rank),
        ValueRange{size, createI32Vector(builder, loc, elementShape)},
        /*axis=*/0, ActivationFunctionType::NONE);
  }
  Value begin = createI32Vector(builder, loc, SmallVector<int32_t>(rank, 0));
  return SliceOp::create(builder, loc, resultType, list, begin, size);
}

Value sluice::lite::createListPushBack(OpBuilder &builder, Location loc,
                                       Value list, Value element,
                                       Type resultType) {
  Value length = ListLengthOp::create(
      builder, loc, RankedTensorType::get({}, builder.getI32Type()), list);
  return ListSetItemOp::create(builder, loc, resultType, list, length, element,
                               /*resizable=*/true);
}

std::pair<Value, Value>
sluice::lite::createListPopBack(OpBuilder &builder, Location loc, Value list,
                                Type resultType, Type elementType) {
  auto i32 = RankedTensorType::get({}, builder.getI32Type());
  Value length = ListLengthOp::create(builder, loc, i32, list);
  Value last =
      SubOp::create(builder, loc, i32, length, createI32Scalar(builder, loc, 1),
                    ActivationFunctionType::NONE);
  Value element = ListGetItemOp::create(builder, loc, elementType, list, last);
  return {createListPrefix(builder, loc, list, last, resultType), element};
}

Value sluice::lite::createRowMajorOffsets(OpBuilder &builder, Location loc,
                                          Value params, Value indices) {
  using shapes::createInferred;
  auto indicesType = cast<RankedTensorType>(indices.getType());
  Type index = indicesType.getElementType();
  auto none = ActivationFunctionType::NONE;
  int64_t depth = indicesType.getShape().back();
  int32_t last = static_cast<int32_t>(indicesType.getRank() - 1);
  Value shape = createInferred<ShapeOp>(builder, loc, index, params);
  auto entry = [&](Value tensor, int64_t k, int32_t axis) -> Value {
    return createInferred<GatherOp>(builder, loc, index, tensor,
                                    createI32Scalar(builder, loc, k), axis, 0);
  };
  // Horner's rule: ((i0 * n1 + i1) * n2 + i2) ...; 0 for K = 0.
  Value offsets =
      depth == 0 ? createInferred<SumOp>(builder, loc, index, indices,
                                         createI32Vector(builder, loc, {-1}),
                                         /*keep_dims=*/false)
                 : entry(indices, 0, last);
  for (int64_t k = 1; k < depth; ++k)
    offsets = createInferred<AddOp>(
        builder, loc, index,
        createInferred<MulOp>(builder, loc, index, offsets, entry(shape, k, 0),
                              none),
        entry(indices, k, last), none);
  return offsets;
}

Value sluice::lite::createRowsView(OpBuilder &builder, Location loc,
                                   Value value, int64_t leading) {
  using shapes::createInferred;
  Type i32 = builder.getI32Type();
  auto type = cast<RankedTensorType>(value.getType());
  int32_t count = static_cast<int32_t>(leading);
  Value shape = createInferred<ShapeOp>(builder, loc, i32, value);
  // The leading sizes' product (1 for none), not -1: the rest may be empty.
  Value rows = createInferred<ReduceProdOp>(
      builder, loc, i32,
      createInferred<SliceOp>(builder, loc, i32, shape,
                              createI32Vector(builder, loc, {0}),
                              createI32Vector(builder, loc, {count})),
      createI32Vector(builder, loc, {0}), /*keep_dims=*/true);
  Value rest = createInferred<SliceOp>(
      builder, loc, i32, shape, createI32Vector(builder, loc, {count}),
      createI32Vector(builder, loc,
                      {static_cast<int32_t>(type.getRank() - leading)}));
  Value rowsShape =
      createInferred<ConcatenationOp>(builder, loc, i32, ValueRange{rows, rest},
                                      /*axis=*/0, ActivationFunctionType::NONE);
  return createInferred<ReshapeOp>(builder, loc, type.getElementType(), value,
                                   rowsShape);
}

Value sluice::lite::createGatherNd(OpBuilder &builder, Location loc,
                                   Value params, Value indices) {
  using shapes::createInferred;
  int64_t depth = cast<RankedTensorType>(indices.getType()).getShape().back();
  Value offsets = createRowMajorOffsets(builder, loc, params, indices);
  Value rows = createRowsView(builder, loc, params, depth);
  return createInferred<GatherOp>(
      builder, loc, cast<TensorType>(params.getType()).getElementType(), rows,
      offsets, 0, 0);
}
