//===- ElementwisePatterns.cpp - lite elementwise ops to arith/math -------===//
//
// Lowers lite's elementwise ops (binary arithmetic with its fused
// activation, comparisons, logical ops, unary math, select_v2, cast and
// zeros_like) to arith/math on one element, inside the broadcasting loop
// that ElementwiseBroadcast builds:
//
//   lite.floor_div %a, %b : (tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
//     =>  record SLUICE_ERROR_DIVISION_BY_ZERO if %b has a zero
//         linalg.generic ins(%a, %b) { divsi and remsi by a divisor that
//                                      cannot trap, rounded down }
//
// Every element function matches the reference interpreter
// (lib/Kernels/ElementwiseKernels.cpp) bit for bit on integers: integer
// arithmetic wraps, INT_MIN / -1 is INT_MIN, divisors and exponents the
// checks reject are replaced by harmless ones, casts from float truncate,
// saturate and send NaN to 0, maximum/minimum return a NaN operand.
// Unsigned (ui8) and bool elements use unsigned ops: the signedness comes
// from the original op's types, the converted ones being signless.
//
//===----------------------------------------------------------------------===//

#include "ElementwiseBroadcast.h"
#include "FusedActivation.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/TypeUtilities.h"
#include "sluice/Dialect/Lite/IR/LiteOps.h"

using namespace mlir;

namespace sluice::lite_to_native {
namespace {

/// How lite computes on one element type: its converted (signless) type and
/// the family of arith ops for it.
struct ElementKind {
  Type type;
  bool isFloat = false;
  /// ui8, and bool (false < true, true converts to 1).
  bool isUnsigned = false;

  /// The kind of the elements of `original` (a tensor or element type of
  /// the unconverted op).
  static ElementKind of(Type original) {
    Type element = getElementTypeOrSelf(original);
    ElementKind kind;
    kind.type = element;
    kind.isFloat = isa<FloatType>(element);
    if (auto integer = dyn_cast<IntegerType>(element)) {
      kind.isUnsigned = integer.isUnsigned() || integer.getWidth() == 1;
      kind.type = IntegerType::get(element.getContext(), integer.getWidth());
    }
    return kind;
  }

  bool isSigned() const { return !isFloat && !isUnsigned; }
};

enum class Relation { Less, LessEqual, Greater, GreaterEqual, Equal, NotEqual };

/// What an arithmetic record's lowering checks of its integer operands at
/// run time (its `kernelCheck`, LiteOps.td).
enum class ArithmeticCheck { None, NonzeroDivisor, NonnegativeExponent };

/// Scalar arithmetic on elements of one kind, with the interpreter's
/// semantics; picks float, signed or unsigned ops.
class ElementMath {
public:
  ElementMath(OpBuilder &builder, Location loc, ElementKind kind)
      : builder(builder), loc(loc), kind(kind) {}

  Value constant(int64_t value) const;
  /// A float constant of the element type (which must be a float).
  Value constantFloat(double value) const {
    return arith::ConstantOp::create(builder, loc,
                                     builder.getFloatAttr(kind.type, value));
  }
  Value compare(Relation relation, Value lhs, Value rhs) const;
  Value select(Value condition, Value ifTrue, Value ifFalse) const {
    return arith::SelectOp::create(builder, loc, condition, ifTrue, ifFalse);
  }
  Value isNegative(Value x) const {
    return compare(Relation::Less, x, constant(0));
  }
  Value isNaN(Value x) const {
    return arith::CmpFOp::create(builder, loc, arith::CmpFPredicate::UNO, x, x);
  }

  Value add(Value x, Value y) const;
  Value sub(Value x, Value y) const;
  Value mul(Value x, Value y) const;
  Value neg(Value x) const;
  Value abs(Value x) const;
  Value div(Value x, Value y) const;
  Value floorDiv(Value x, Value y) const;
  Value floorMod(Value x, Value y) const;
  Value pow(Value x, Value y) const;
  Value maximum(Value x, Value y) const;
  Value minimum(Value x, Value y) const;
  Value relu(Value x) const { return select(isNegative(x), constant(0), x); }
  /// An integer shift amount clamped to [0, bits - 1], as TF's LeftShift
  /// and RightShift take it.
  Value shiftAmount(Value y) const {
    int64_t last = kind.type.getIntOrFloatBitWidth() - 1;
    Value atMost = select(compare(Relation::Greater, y, constant(last)),
                          constant(last), y);
    return select(isNegative(y), constant(0), atMost);
  }
  Value logistic(Value x) const;
  /// The remainder of the division rounded toward zero, with the sign of
  /// `x` (C's % and fmod); 0 for an integer y of 0 or -1.
  Value rem(Value x, Value y) const {
    return kind.isFloat ? arith::RemFOp::create(builder, loc, x, y)
                        : truncRem(x, y);
  }

  OpBuilder &builder;
  Location loc;
  ElementKind kind;

private:
  Value truncDiv(Value x, Value y) const;
  Value truncRem(Value x, Value y) const;
  Value integerPower(Value x, Value y, unsigned bits) const;
  Value safeDivisor(Value y) const;
  Value both(Value lhs, Value rhs) const {
    return arith::AndIOp::create(builder, loc, lhs, rhs);
  }
  Value either(Value lhs, Value rhs) const {
    return arith::OrIOp::create(builder, loc, lhs, rhs);
  }
  Value differ(Value lhs, Value rhs) const {
    return arith::XOrIOp::create(builder, loc, lhs, rhs);
  }
};

} // namespace

Value ElementMath::constant(int64_t value) const {
  TypedAttr attr = kind.isFloat
                       ? TypedAttr(builder.getFloatAttr(kind.type, value))
                       : TypedAttr(builder.getIntegerAttr(kind.type, value));
  return arith::ConstantOp::create(builder, loc, attr);
}

Value ElementMath::compare(Relation relation, Value lhs, Value rhs) const {
  if (kind.isFloat) {
    // As C++'s operators: ordered, except that NaN != anything.
    using P = arith::CmpFPredicate;
    static constexpr P predicates[] = {P::OLT, P::OLE, P::OGT,
                                       P::OGE, P::OEQ, P::UNE};
    return arith::CmpFOp::create(
        builder, loc, predicates[static_cast<int>(relation)], lhs, rhs);
  }
  using P = arith::CmpIPredicate;
  static constexpr P signedPredicates[] = {P::slt, P::sle, P::sgt,
                                           P::sge, P::eq,  P::ne};
  static constexpr P unsignedPredicates[] = {P::ult, P::ule, P::ugt,
                                             P::uge, P::eq,  P::ne};
  P predicate =
      (kind.isUnsigned ? unsignedPredicates
                       : signedPredicates)[static_cast<int>(relation)];
  return arith::CmpIOp::create(builder, loc, predicate, lhs, rhs);
}

Value ElementMath::add(Value x, Value y) const {
  if (kind.isFloat)
    return arith::AddFOp::create(builder, loc, x, y);
  return arith::AddIOp::create(builder, loc, x, y);
}

Value ElementMath::sub(Value x, Value y) const {
  if (kind.isFloat)
    return arith::SubFOp::create(builder, loc, x, y);
  return arith::SubIOp::create(builder, loc, x, y);
}

Value ElementMath::mul(Value x, Value y) const {
  if (kind.isFloat)
    return arith::MulFOp::create(builder, loc, x, y);
  return arith::MulIOp::create(builder, loc, x, y);
}

Value ElementMath::neg(Value x) const {
  if (kind.isFloat)
    return arith::NegFOp::create(builder, loc, x);
  return sub(constant(0), x);
}

Value ElementMath::abs(Value x) const {
  if (kind.isFloat)
    return math::AbsFOp::create(builder, loc, x);
  return select(isNegative(x), neg(x), x); // INT_MIN stays INT_MIN.
}

/// y, or 1 where dividing by y would trap: 0, and -1 for signed types
/// (INT_MIN / -1). x / 1 and x % 1 are what the interpreter gives for -1
/// except for the quotient, fixed by truncDiv.
Value ElementMath::safeDivisor(Value y) const {
  Value traps = compare(Relation::Equal, y, constant(0));
  if (kind.isSigned())
    traps = either(traps, compare(Relation::Equal, y, constant(-1)));
  return select(traps, constant(1), y);
}

/// x / y rounded toward zero; 0 for y == 0 and a wrapping -x for y == -1.
Value ElementMath::truncDiv(Value x, Value y) const {
  Value zero = constant(0);
  Value byZero = compare(Relation::Equal, y, zero);
  Value quotient;
  if (kind.isUnsigned) {
    quotient = arith::DivUIOp::create(builder, loc, x, safeDivisor(y));
  } else {
    quotient = arith::DivSIOp::create(builder, loc, x, safeDivisor(y));
    quotient =
        select(compare(Relation::Equal, y, constant(-1)), neg(x), quotient);
  }
  return select(byZero, zero, quotient);
}

/// The remainder of truncDiv (sign of x); 0 for y == 0 and y == -1.
Value ElementMath::truncRem(Value x, Value y) const {
  if (kind.isUnsigned)
    return arith::RemUIOp::create(builder, loc, x, safeDivisor(y));
  return arith::RemSIOp::create(builder, loc, x, safeDivisor(y));
}

Value ElementMath::div(Value x, Value y) const {
  if (kind.isFloat)
    return arith::DivFOp::create(builder, loc, x, y);
  return truncDiv(x, y);
}

/// Rounded toward -inf. Floats are divided in their own type and floored, as
/// TF's FloorDiv does (TFLite's divides in f64: it floors 1e-30 / -3.4e38 to
/// -1 where TF's quotient underflows to -0).
Value ElementMath::floorDiv(Value x, Value y) const {
  if (kind.isFloat)
    return math::FloorOp::create(builder, loc,
                                 arith::DivFOp::create(builder, loc, x, y));
  Value quotient = truncDiv(x, y);
  if (kind.isUnsigned)
    return quotient;
  Value inexact = compare(Relation::NotEqual, truncRem(x, y), constant(0));
  Value signsDiffer = differ(isNegative(x), isNegative(y));
  return select(both(inexact, signsDiffer), sub(quotient, constant(1)),
                quotient);
}

/// TFLite's FloorMod: the truncated remainder (fmod for floats), plus y
/// when it is nonzero and its sign differs from y's.
Value ElementMath::floorMod(Value x, Value y) const {
  Value remainder = rem(x, y);
  if (kind.isUnsigned)
    return remainder;
  Value nonzero = compare(Relation::NotEqual, remainder, constant(0));
  Value signsDiffer = differ(isNegative(y), isNegative(remainder));
  return select(both(nonzero, signsDiffer), add(remainder, y), remainder);
}

/// x^y for a y >= 0 below 2^bits, by square-and-multiply over each of
/// those bits, unrolled (a linalg body holds no loops): equal to repeated
/// multiplication with wraparound.
Value ElementMath::integerPower(Value x, Value y, unsigned bits) const {
  unsigned width = kind.type.getIntOrFloatBitWidth();
  Value zero = constant(0);
  Value result = constant(1);
  Value square = x; // x^(2^bit)
  for (unsigned bit = 0; bit < bits; ++bit) {
    Value mask = arith::ConstantOp::create(
        builder, loc,
        builder.getIntegerAttr(kind.type, APInt::getOneBitSet(width, bit)));
    Value isSet = compare(Relation::NotEqual,
                          arith::AndIOp::create(builder, loc, y, mask), zero);
    result = select(isSet, mul(result, square), result);
    if (bit + 1 < bits)
      square = mul(square, square);
  }
  return result;
}

/// powf for floats; for integers repeated multiplication with wraparound.
/// A negative exponent, which the operand check reports, gives 0.
Value ElementMath::pow(Value x, Value y) const {
  if (kind.isFloat)
    return math::PowFOp::create(builder, loc, x, y);
  unsigned width = kind.type.getIntOrFloatBitWidth();
  if (kind.isUnsigned)
    return integerPower(x, y, width);
  Value negative = isNegative(y);
  Value exponent = select(negative, constant(0), y);
  return select(negative, constant(0), integerPower(x, exponent, width - 1));
}

/// `x > y ? x : y`, except that a NaN operand is the result (x if both).
Value ElementMath::maximum(Value x, Value y) const {
  Value takeX = compare(Relation::Greater, x, y);
  if (kind.isFloat)
    takeX = either(takeX, isNaN(x));
  return select(takeX, x, y);
}

/// `x < y ? x : y`, except that a NaN operand is the result (x if both).
Value ElementMath::minimum(Value x, Value y) const {
  Value takeX = compare(Relation::Less, x, y);
  if (kind.isFloat)
    takeX = either(takeX, isNaN(x));
  return select(takeX, x, y);
}

/// 1 / (1 + exp(-x)), as the interpreter computes it.
Value ElementMath::logistic(Value x) const {
  Value one = constant(1);
  Value exp = math::ExpOp::create(builder, loc, neg(x));
  return arith::DivFOp::create(builder, loc, one, add(one, exp));
}

//===----------------------------------------------------------------------===//
// Element functions of the op families
//===----------------------------------------------------------------------===//


/// A float converted to an integer as the interpreter's cast: truncated
/// toward zero, saturated at the integer's limits, NaN to 0.
static Value castFloatToInteger(OpBuilder &builder, Location loc,
                                ElementKind from, ElementKind to, Value x) {
  auto floatType = cast<FloatType>(from.type);
  unsigned width = to.type.getIntOrFloatBitWidth();
  bool isSigned = to.isSigned();
  APInt min =
      isSigned ? APInt::getSignedMinValue(width) : APInt::getZero(width);
  APInt max =
      isSigned ? APInt::getSignedMaxValue(width) : APInt::getMaxValue(width);
  // The limits as the float type (rounded to nearest: INT32_MAX becomes
  // 2^31), so everything strictly between them truncates to an integer in
  // range.
  auto asFloat = [&](const APInt &limit) -> Value {
    APFloat value(floatType.getFloatSemantics());
    value.convertFromAPInt(limit, isSigned, APFloat::rmNearestTiesToEven);
    return arith::ConstantOp::create(builder, loc,
                                     builder.getFloatAttr(floatType, value));
  };
  auto asInteger = [&](const APInt &limit) -> Value {
    return arith::ConstantOp::create(builder, loc,
                                     builder.getIntegerAttr(to.type, limit));
  };
  ElementMath in(builder, loc, from);
  Value truncated =
      isSigned ? Value(arith::FPToSIOp::create(builder, loc, to.type, x))
               : Value(arith::FPToUIOp::create(builder, loc, to.type, x));
  Value result = in.select(in.compare(Relation::GreaterEqual, x, asFloat(max)),
                           asInteger(max), truncated);
  result = in.select(in.compare(Relation::LessEqual, x, asFloat(min)),
                     asInteger(min), result);
  return in.select(in.isNaN(x), asInteger(APInt::getZero(width)), result);
}

/// The interpreter's cast of one element: anything to bool is `!= 0`, bool
/// to a number is 0 or 1, integers wrap to narrower ones and extend by
/// their own signedness.
static Value castElement(OpBuilder &builder, Location loc, ElementKind from,
                         ElementKind to, Value x) {
  if (from.type == to.type)
    return x; // Also i8 <-> ui8: the same bits.
  ElementMath in(builder, loc, from);
  if (to.type.isInteger(1))
    return in.compare(Relation::NotEqual, x, in.constant(0));
  unsigned fromWidth = from.type.getIntOrFloatBitWidth();
  unsigned toWidth = to.type.getIntOrFloatBitWidth();
  if (from.isFloat && to.isFloat) {
    if (toWidth > fromWidth)
      return arith::ExtFOp::create(builder, loc, to.type, x);
    return arith::TruncFOp::create(builder, loc, to.type, x);
  }
  if (from.isFloat)
    return castFloatToInteger(builder, loc, from, to, x);
  if (to.isFloat) {
    if (from.isUnsigned)
      return arith::UIToFPOp::create(builder, loc, to.type, x);
    return arith::SIToFPOp::create(builder, loc, to.type, x);
  }
  if (toWidth < fromWidth)
    return arith::TruncIOp::create(builder, loc, to.type, x);
  if (from.isUnsigned)
    return arith::ExtUIOp::create(builder, loc, to.type, x);
  return arith::ExtSIOp::create(builder, loc, to.type, x);
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

/// Replaces `op` (one result) by the elementwise computation of its
/// converted `operands`.
static LogicalResult replaceElementwise(ConversionPatternRewriter &rewriter,
                                        Operation *op, ValueRange operands,
                                        const TypeConverter &converter,
                                        ElementFn compute,
                                        ArrayRef<OperandCheck> checks = {}) {
  Type resultType = converter.convertType(op->getResult(0).getType());
  if (!resultType)
    return rewriter.notifyMatchFailure(op, "result type does not convert");
  FailureOr<Value> result =
      buildElementwise(rewriter, op, operands, resultType, compute, checks);
  if (failed(result))
    return failure();
  rewriter.replaceOp(op, *result);
  return success();
}

namespace {

/// An op of an elementwise record whose element `Element::compute` builds
/// from the operands' elements (the structs LiteElementwiseLowerings.inc
/// generates from the records' `lowering`); ElementMath computes in the
/// kind of the first operand. Then the op's fused activation, if it has one,
/// behind the run-time check of its integer operands its `kernelCheck` asks
/// for (TF's).
template <typename OpTy, typename Element,
          ArithmeticCheck Check = ArithmeticCheck::None>
struct ElementLowering : OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ElementKind kind = ElementKind::of(op->getOperand(0).getType());
    lite::ActivationFunctionType activation = getFusedActivation(op);
    if (failed(checkFusedActivation(op, activation, kind.type)))
      return failure();
    auto compute = [&](OpBuilder &builder, Location loc, ValueRange elements) {
      Value result =
          Element::compute(op, ElementMath(builder, loc, kind), elements);
      return applyFusedActivation(builder, loc, activation, result,
                                  kind.isUnsigned);
    };
    auto isZero = [&](OpBuilder &builder, Location loc, Value y) {
      ElementMath math(builder, loc, kind);
      return math.compare(Relation::Equal, y, math.constant(0));
    };
    auto isNegative = [&](OpBuilder &builder, Location loc, Value y) {
      return ElementMath(builder, loc, kind).isNegative(y);
    };
    SmallVector<OperandCheck, 1> checks;
    if (Check == ArithmeticCheck::NonzeroDivisor && !kind.isFloat)
      checks.push_back({1, isZero, SLUICE_ERROR_DIVISION_BY_ZERO,
                        "integer division by zero"});
    if (Check == ArithmeticCheck::NonnegativeExponent && kind.isSigned())
      checks.push_back({1, isNegative, SLUICE_ERROR_INVALID_ARGUMENT,
                        "integer pow with a negative exponent"});
    return replaceElementwise(rewriter, op, adaptor.getOperands(),
                              *this->getTypeConverter(), compute, checks);
  }
};

// The elements of the records' ops, from their `lowering` (LiteOps.td).
#include "sluice/Dialect/Lite/IR/LiteElementwiseLowerings.inc"

struct SelectLowering : OpConversionPattern<lite::SelectV2Op> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(lite::SelectV2Op op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto compute = [](OpBuilder &builder, Location loc, ValueRange elements) {
      return arith::SelectOp::create(builder, loc, elements[0], elements[1],
                                     elements[2])
          .getResult();
    };
    return replaceElementwise(rewriter, op, adaptor.getOperands(),
                              *getTypeConverter(), compute);
  }
};

struct CastLowering : OpConversionPattern<lite::CastOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(lite::CastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ElementKind from = ElementKind::of(op.getInput().getType());
    ElementKind to = ElementKind::of(op.getType());
    auto compute = [&](OpBuilder &builder, Location loc, ValueRange elements) {
      return castElement(builder, loc, from, to, elements[0]);
    };
    return replaceElementwise(rewriter, op, adaptor.getOperands(),
                              *getTypeConverter(), compute);
  }
};

struct ZerosLikeLowering : OpConversionPattern<lite::ZerosLikeOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(lite::ZerosLikeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    if (!type || !isa<RankedTensorType>(adaptor.getInput().getType()))
      return op.emitError("the native back end needs ranked operands, got ")
             << op.getInput().getType();
    rewriter.replaceOp(
        op, buildFilledLike(rewriter, op.getLoc(), adaptor.getInput(), type,
                            rewriter.getZeroAttr(type.getElementType())));
    return success();
  }
};

} // namespace

void populateElementwisePatterns(const TypeConverter &converter,
                                 RewritePatternSet &patterns) {
  patterns.add<SLUICE_ELEMENTWISE_LOWERINGS>(converter, patterns.getContext());
  patterns.add<SelectLowering, CastLowering, ZerosLikeLowering>(
      converter, patterns.getContext());
}

} // namespace sluice::lite_to_native
