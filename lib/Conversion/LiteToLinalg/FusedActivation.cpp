//===- FusedActivation.cpp - lite's fused activation functions ------------===//
//
// The compile-time check and the one-element computation of a lite op's
// fused activation, shared by the elementwise, concatenation and
// fully_connected lowerings. A clamp is built as
//
//   %lo = arith.constant 0.0 : f32
//   %below = arith.cmpf olt, %x, %lo : f32
//   %y = arith.select %below, %lo, %x : f32
//
// (then the same with `%hi < %y` for an upper bound), exactly the
// comparisons of the interpreter's clampActivation.
//
//===----------------------------------------------------------------------===//

#include "FusedActivation.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;

namespace sluice::lite_to_native {

using lite::ActivationFunctionType;

ActivationFunctionType getFusedActivation(Operation *op) {
  auto attr = op->getAttrOfType<lite::ActivationFunctionTypeAttr>(
      "fused_activation_function");
  return attr ? attr.getValue() : ActivationFunctionType::NONE;
}

LogicalResult checkFusedActivation(Operation *op,
                                   ActivationFunctionType activation,
                                   Type element) {
  if (activation == ActivationFunctionType::NONE)
    return success();
  if (activation == ActivationFunctionType::SIGN_BIT)
    return op->emitError("fused activation SIGN_BIT is not supported (no "
                         "TFLite kernel implements it)");
  if (element.isInteger(1))
    return op->emitError("fused activation ")
           << lite::stringifyActivationFunctionType(activation)
           << " does not apply to bool tensors";
  if (activation == ActivationFunctionType::TANH && !isa<FloatType>(element))
    return op->emitError("fused activation TANH needs a float tensor, got ")
           << element;
  return success();
}

Value applyFusedActivation(OpBuilder &builder, Location loc,
                           ActivationFunctionType activation, Value x,
                           bool isUnsigned) {
  std::optional<int64_t> lo, hi;
  switch (activation) {
  case ActivationFunctionType::NONE:
    return x;
  case ActivationFunctionType::TANH:
    return math::TanhOp::create(builder, loc, x);
  case ActivationFunctionType::RELU:
    lo = 0;
    break;
  case ActivationFunctionType::RELU_N1_TO_1:
    lo = -1;
    hi = 1;
    break;
  case ActivationFunctionType::RELU6:
    lo = 0;
    hi = 6;
    break;
  case ActivationFunctionType::SIGN_BIT:
    llvm_unreachable("SIGN_BIT is rejected by checkFusedActivation");
  }

  Type type = x.getType();
  bool isFloat = isa<FloatType>(type);
  auto constant = [&](int64_t value) -> Value {
    TypedAttr attr = isFloat ? TypedAttr(builder.getFloatAttr(type, value))
                             : TypedAttr(builder.getIntegerAttr(type, value));
    return arith::ConstantOp::create(builder, loc, attr);
  };
  // `lhs < rhs` as C++ compares: false when either is NaN.
  auto less = [&](Value lhs, Value rhs) -> Value {
    if (isFloat)
      return arith::CmpFOp::create(builder, loc, arith::CmpFPredicate::OLT, lhs,
                                   rhs);
    return arith::CmpIOp::create(builder, loc,
                                 isUnsigned ? arith::CmpIPredicate::ult
                                            : arith::CmpIPredicate::slt,
                                 lhs, rhs);
  };
  // The interpreter compares integers in int64: no unsigned element is below
  // a bound <= 0 (-1 means nothing for ui8).
  if (lo && !(isUnsigned && *lo <= 0)) {
    Value bound = constant(*lo);
    x = arith::SelectOp::create(builder, loc, less(x, bound), bound, x);
  }
  if (hi) {
    Value bound = constant(*hi);
    x = arith::SelectOp::create(builder, loc, less(bound, x), bound, x);
  }
  return x;
}

Value addBiasAndActivate(OpBuilder &builder, Location loc, Value result,
                         Value bias, lite::ActivationFunctionType activation,
                         bool isUnsigned) {
  if (!bias && activation == lite::ActivationFunctionType::NONE)
    return result;
  MLIRContext *context = builder.getContext();
  int64_t rank = cast<RankedTensorType>(result.getType()).getRank();
  SmallVector<Value> inputs;
  SmallVector<AffineMap> maps;
  if (bias) {
    inputs.push_back(bias);
    maps.push_back(AffineMap::get(
        rank, 0, {getAffineDimExpr(rank - 1, context)}, context));
  }
  maps.push_back(builder.getMultiDimIdentityMap(rank));
  auto generic = linalg::GenericOp::create(
      builder, loc, TypeRange{result.getType()}, inputs, ValueRange{result},
      maps,
      SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
      [&](OpBuilder &b, Location l, ValueRange args) {
        Value value = args.back();
        if (bias)
          value = isa<FloatType>(value.getType())
                      ? Value(arith::AddFOp::create(b, l, value, args[0]))
                      : Value(arith::AddIOp::create(b, l, value, args[0]));
        value = applyFusedActivation(b, l, activation, value, isUnsigned);
        linalg::YieldOp::create(b, l, value);
      });
  return generic.getResult(0);
}

} // namespace sluice::lite_to_native
