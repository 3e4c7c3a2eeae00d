//===- LiteBuilders.cpp - small lite IR idioms shared by passes -----------===//

#include "sluice/Dialect/Lite/IR/LiteBuilders.h"

#include "sluice/Dialect/Lite/IR/LiteOps.h"

using namespace mlir;

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
    auto ranked = dyn_cast<RankedTensorType>(value.getType());
    Type shapeType = ranked
                         ? Type(RankedTensorType::get({ranked.getRank()},
                                                      builder.getI32Type()))
                         : Type(UnrankedTensorType::get(builder.getI32Type()));
    shape = ShapeOp::create(builder, loc, shapeType, value);
  }
  return ReshapeOp::create(builder, loc, resultType, value, shape);
}
