//===- LiteExprBuilder.cpp - lite ops built from their operands -----------===//
//
// The constants and result types of ExprBuilder (LiteExprBuilder.h).
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Lite/IR/LiteExprBuilder.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;

namespace sluice::lite {

Value ExprBuilder::constant(double value) {
  auto type = RankedTensorType::get({}, element);
  Attribute scalar = isa<FloatType>(element)
                         ? Attribute(builder.getFloatAttr(element, value))
                         : Attribute(builder.getIntegerAttr(
                               element, static_cast<int64_t>(value)));
  return ConstantOp::create(builder, loc, DenseElementsAttr::get(type, scalar));
}

Value ExprBuilder::attribute(Attribute value) {
  if (auto number = dyn_cast<FloatAttr>(value))
    return constant(number.getValueAsDouble());
  return constant(static_cast<double>(cast<IntegerAttr>(value).getInt()));
}

Type ExprBuilder::elementOf(Value value) {
  return getElementTypeOrSelf(value.getType());
}

Type ExprBuilder::withElement(Value value, Type element) {
  return cast<ShapedType>(value.getType()).clone(element);
}

} // namespace sluice::lite
