//===- ElementwiseKernels.cpp - elementwise reference kernels -------------===//
//
// lite.constant, the binary and unary elementwise ops, comparisons, logical
// ops, select_v2, cast and zeros_like with the semantics of TFLite's
// reference kernels, plus the fused activation functions. Every op with
// several operands broadcasts them like numpy through `broadcast`. Where
// TFLite's C++ is undefined (integer overflow, INT_MIN / -1, float-to-int
// casts out of range) or leaves a choice open (NaN in maximum/minimum, TANH
// and SIGN_BIT activations), the helper computing it documents the choice
// (the wrapping integer arithmetic is in KernelUtils.h).
//
//===----------------------------------------------------------------------===//

#include "KernelGroups.h"
#include "KernelUtils.h"
#include "sluice/Dialect/Lite/IR/IndexRules.h"

#include "sluice/Dialect/Lite/IR/LiteOps.h"
#include "sluice/Kernels/TensorIO.h"

#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cmath>
#include <limits>
#include <type_traits>

using namespace mlir;
using namespace sluice;
using namespace sluice::interp;
using namespace sluice::interp::detail;

//===----------------------------------------------------------------------===//
// Element arithmetic
//===----------------------------------------------------------------------===//

template <typename T> static T wrapAbs(T x) {
  if constexpr (std::is_floating_point_v<T>)
    return std::fabs(x);
  else if constexpr (std::is_signed_v<T>)
    return x < 0 ? wrapNeg(x) : x;
  else
    return x;
}

/// An integer shift amount clamped to [0, bits - 1], as TF's LeftShift and
/// RightShift take it.
template <typename T> static int shiftAmount(T y) {
  constexpr int last = 8 * sizeof(T) - 1;
  if (y < T(0))
    return 0;
  return y > T(last) ? last : static_cast<int>(y);
}

/// x / y rounded toward zero (TFLite DIV); IEEE division for floats. Integer
/// divisors are checked for zero before any kernel runs.
template <typename T> static T truncDiv(T x, T y) {
  if constexpr (std::is_floating_point_v<T>) {
    return x / y;
  } else {
    if (y == 0)
      return 0;
    if constexpr (std::is_signed_v<T>)
      if (y == -1)
        return wrapNeg(x); // INT_MIN / -1 wraps to INT_MIN.
    return static_cast<T>(x / y);
  }
}

/// The remainder of truncDiv, with the sign of the dividend.
template <typename T> static T truncRem(T x, T y) {
  if (y == 0)
    return 0;
  if constexpr (std::is_signed_v<T>)
    if (y == -1)
      return 0;
  return static_cast<T>(x % y);
}

/// x / y rounded toward -inf. Floats are divided in double and floored, as
/// TFLite's FloorDiv does.
template <typename T> static T floorDiv(T x, T y) {
  if constexpr (std::is_floating_point_v<T>) {
    // TF's floor(x / y) with the quotient in T: 1e-30 / -3.4e38 underflows
    // to -0 and stays -0 (LiteRT divides in double and floors to -1).
    return std::floor(x / y);
  } else {
    T quotient = truncDiv(x, y);
    if constexpr (std::is_signed_v<T>)
      if (truncRem(x, y) != 0 && ((x < 0) != (y < 0)))
        quotient = static_cast<T>(quotient - 1);
    return quotient;
  }
}

/// TFLite's FloorMod: the truncated remainder (std::fmod for floats), moved
/// by one divisor when it is nonzero and its sign differs from the divisor's.
template <typename T> static T floorMod(T x, T y) {
  T remainder;
  if constexpr (std::is_floating_point_v<T>)
    remainder = std::fmod(x, y);
  else
    remainder = truncRem(x, y);
  if constexpr (std::is_signed_v<T>)
    if (remainder != 0 && ((y < 0) != (remainder < 0)))
      remainder = static_cast<T>(remainder + y);
  return remainder;
}

/// std::pow for floats; for integers x multiplied by itself y times with
/// wraparound (square-and-multiply, which equals repeated multiplication
/// modulo 2^bits). Negative integer exponents are rejected before.
template <typename T> static T power(T x, T y) {
  if constexpr (std::is_floating_point_v<T>) {
    return std::pow(x, y);
  } else {
    if constexpr (std::is_signed_v<T>)
      if (y < 0)
        return 0;
    using W = WrapType<T>;
    W result = 1;
    W base = static_cast<W>(x);
    for (auto e = static_cast<std::make_unsigned_t<T>>(y); e != 0; e >>= 1) {
      if (e & 1)
        result = static_cast<W>(result * base);
      base = static_cast<W>(base * base);
    }
    return static_cast<T>(result);
  }
}

/// TFLite's `x > y ? x : y`, except that a NaN operand makes the result NaN.
template <typename T> static T maximum(T x, T y) {
  if constexpr (std::is_floating_point_v<T>)
    if (std::isnan(x) || std::isnan(y))
      return std::isnan(x) ? x : y;
  return x > y ? x : y;
}

/// TFLite's `x < y ? x : y`, except that a NaN operand makes the result NaN.
template <typename T> static T minimum(T x, T y) {
  if constexpr (std::is_floating_point_v<T>)
    if (std::isnan(x) || std::isnan(y))
      return std::isnan(x) ? x : y;
  return x < y ? x : y;
}

/// TFLite's CAST (static_cast), made total: anything to bool is `!= 0`,
/// floats to integers truncate toward zero, saturate and send NaN to 0;
/// integers to narrower integers wrap modulo 2^bits.
template <typename To, typename From> static To castElement(From x) {
  if constexpr (std::is_same_v<To, bool>) {
    return x != From(0);
  } else if constexpr (std::is_floating_point_v<From> &&
                       std::is_integral_v<To>) {
    if (std::isnan(x))
      return 0;
    // Both limits convert exactly or round outward (INT32_MAX to 2^31), so
    // everything strictly between them truncates to a representable value.
    if (x <= static_cast<From>(std::numeric_limits<To>::min()))
      return std::numeric_limits<To>::min();
    if (x >= static_cast<From>(std::numeric_limits<To>::max()))
      return std::numeric_limits<To>::max();
    return static_cast<To>(x);
  } else {
    return static_cast<To>(x);
  }
}

//===----------------------------------------------------------------------===//
// Broadcasting
//===----------------------------------------------------------------------===//

namespace {
/// Operands broadcast against each other like numpy: the common shape and,
/// per operand, the stride of every result dimension in that operand (0
/// where the operand is broadcast along it).
struct Broadcast {
  SmallVector<int64_t, 4> shape;
  SmallVector<SmallVector<int64_t, 4>, 3> strides;
  int64_t numElements = 0;
};
} // namespace

/// Broadcasts the shapes of `operands` (any ranks, aligned at the last
/// dimension; each size equal to the result's or 1).
static FailureOr<Broadcast> broadcast(Operation *op,
                                      ArrayRef<Tensor> operands) {
  Broadcast result;
  SmallVector<ArrayRef<int64_t>> shapes;
  for (const Tensor &operand : operands)
    shapes.push_back(operand.getShape());
  std::optional<SmallVector<int64_t>> shape =
      sluice::lite::broadcastShapes(shapes);
  if (!shape) {
    InFlightDiagnostic diag = op->emitError("cannot broadcast operand shapes ");
    llvm::interleaveComma(operands, diag, [&](const Tensor &t) {
      diag << shapeString(t.getShape());
    });
    return diag;
  }
  result.shape.assign(shape->begin(), shape->end());
  int64_t rank = result.shape.size();
  for (const Tensor &operand : operands) {
    SmallVector<int64_t, 4> own = getStrides(operand.getShape());
    SmallVector<int64_t, 4> strides(rank, 0);
    int64_t leading = rank - operand.getRank();
    for (int64_t i = 0; i < operand.getRank(); ++i)
      if (operand.getShape()[i] != 1)
        strides[leading + i] = own[i];
    result.strides.push_back(std::move(strides));
  }
  result.numElements = getNumElements(result.shape);
  return result;
}

/// Calls `fn(i, offsets)` for every element i (row-major) of the broadcast
/// result, `offsets[k]` being the index of the matching element of operand k.
template <typename Fn>
static void forEachElement(const Broadcast &broadcast, Fn &&fn) {
  size_t numOperands = broadcast.strides.size();
  SmallVector<int64_t, 4> index(broadcast.shape.size(), 0);
  SmallVector<int64_t, 3> offsets(numOperands, 0);
  for (int64_t i = 0; i < broadcast.numElements; ++i) {
    fn(i, ArrayRef<int64_t>(offsets));
    advanceIndex(index, broadcast.shape, [&](int64_t dim, int64_t delta) {
      for (size_t k = 0; k < numOperands; ++k)
        offsets[k] += delta * broadcast.strides[k][dim];
    });
  }
}

/// A tensor of `dtype` over the broadcast shape whose element i is `fn` of
/// the matching elements of `lhs` and `rhs` (C++ types In, result Out).
template <typename Out, typename In, typename Fn>
static Tensor mapBinary(const Broadcast &broadcast, DType dtype,
                        const Tensor &lhs, const Tensor &rhs, Fn &&fn) {
  Tensor result(dtype, broadcast.shape);
  Out *out = result.mutableData<Out>();
  const In *x = lhs.data<In>();
  const In *y = rhs.data<In>();
  forEachElement(broadcast, [&](int64_t i, ArrayRef<int64_t> offsets) {
    out[i] = fn(x[offsets[0]], y[offsets[1]]);
  });
  return result;
}

/// A tensor of `dtype` and the shape of `input` whose element i is
/// `fn(input[i])`.
template <typename Out, typename In, typename Fn>
static Tensor mapUnary(const Tensor &input, DType dtype, Fn &&fn) {
  Tensor result(dtype, input.getShape());
  Out *out = result.mutableData<Out>();
  const In *in = input.data<In>();
  for (int64_t i = 0, e = input.getNumElements(); i < e; ++i)
    out[i] = fn(in[i]);
  return result;
}

//===----------------------------------------------------------------------===//
// Operand checks
//===----------------------------------------------------------------------===//

static LogicalResult checkSameDType(Operation *op, const Tensor &lhs,
                                    const Tensor &rhs) {
  if (lhs.getDType() == rhs.getDType())
    return success();
  return op->emitError("operands have different dtypes: ")
         << getDTypeName(lhs.getDType()) << " and "
         << getDTypeName(rhs.getDType());
}

static LogicalResult checkDType(Operation *op, const Tensor &operand,
                                bool accepted, StringRef expected) {
  if (accepted)
    return success();
  return op->emitError("expects ")
         << expected << " operands, got " << getDTypeName(operand.getDType());
}

/// Integer division and modulo need nonzero divisors (checked only when the
/// result has elements, so every divisor is actually used).
static LogicalResult checkDivisors(Operation *op, const Tensor &rhs,
                                   int64_t numResults) {
  if (isFloat(rhs.getDType()) || numResults == 0)
    return success();
  for (int64_t i = 0, e = rhs.getNumElements(); i < e; ++i)
    if (rhs.getAsInt(i) == 0)
      return op->emitError("integer division by zero");
  return success();
}

/// TFLite's integer POW rejects negative exponents.
static LogicalResult checkExponents(Operation *op, const Tensor &rhs,
                                    int64_t numResults) {
  if (isFloat(rhs.getDType()) || numResults == 0)
    return success();
  for (int64_t i = 0, e = rhs.getNumElements(); i < e; ++i)
    if (rhs.getAsInt(i) < 0)
      return op->emitError("integer pow with negative exponent ")
             << rhs.getAsInt(i);
  return success();
}

//===----------------------------------------------------------------------===//
// Op families
//===----------------------------------------------------------------------===//

namespace {
/// Extra checks a numeric binary op makes before computing.
enum class Precondition { None, NonzeroDivisor, NonnegativeExponent };
} // namespace

/// A comparison: bool result, operands of any (matching) dtype.
template <typename Fn>
static LogicalResult
evaluateComparison(Operation *op, ArrayRef<Tensor> operands,
                   SmallVectorImpl<Tensor> &results, Fn &&fn) {
  const Tensor &lhs = operands[0], &rhs = operands[1];
  if (failed(checkSameDType(op, lhs, rhs)))
    return failure();
  FailureOr<Broadcast> shape = broadcast(op, operands);
  if (failed(shape))
    return failure();
  results.push_back(dispatchDType(lhs.getDType(), [&](auto tag) {
    using T = decltype(tag);
    return mapBinary<bool, T>(*shape, DType::Bool, lhs, rhs,
                              [&](T x, T y) -> bool { return fn(x, y); });
  }));
  return success();
}

namespace {
/// The element types a kernel of an elementwise record computes on (its
/// `kernelTypes`).
enum class ElementTypes { Float, Numeric, Integer, Bool };
} // namespace

static bool isOf(ElementTypes types, DType dtype) {
  switch (types) {
  case ElementTypes::Float:
    return isFloat(dtype);
  case ElementTypes::Numeric:
    return dtype != DType::Bool;
  case ElementTypes::Integer:
    return dtype != DType::Bool && !isFloat(dtype);
  case ElementTypes::Bool:
    return dtype == DType::Bool;
  }
  llvm_unreachable("unknown element types");
}

static StringRef getName(ElementTypes types) {
  switch (types) {
  case ElementTypes::Float:
    return "float";
  case ElementTypes::Numeric:
    return "numeric";
  case ElementTypes::Integer:
    return "integer";
  case ElementTypes::Bool:
    return "bool";
  }
  llvm_unreachable("unknown element types");
}

/// `fn(T{})` for the C++ type T of `dtype`, instantiated for `types` only.
template <ElementTypes types, typename Fn>
static decltype(auto) dispatchOf(DType dtype, Fn &&fn) {
  if constexpr (types == ElementTypes::Float)
    return dispatchFloat(dtype, fn);
  else if constexpr (types == ElementTypes::Integer)
    return dispatchInteger(dtype, fn);
  else if constexpr (types == ElementTypes::Bool)
    return fn(bool{});
  else
    return dispatchNumeric(dtype, fn);
}

/// A unary op of an elementwise record: `fn(x)` on every element of a
/// `types` operand, in the operand's dtype (bool for a predicate).
template <ElementTypes types, bool predicate, typename Fn>
static LogicalResult evaluateUnary(Operation *op, const Tensor &input,
                                   SmallVectorImpl<Tensor> &results, Fn &&fn) {
  DType dtype = input.getDType();
  if (failed(checkDType(op, input, isOf(types, dtype), getName(types))))
    return failure();
  results.push_back(dispatchOf<types>(dtype, [&](auto tag) {
    using T = decltype(tag);
    if constexpr (predicate)
      return mapUnary<bool, T>(input, DType::Bool,
                               [&](T x) -> bool { return fn(x); });
    else
      return mapUnary<T, T>(input, dtype, [&](T x) -> T { return fn(x); });
  }));
  return success();
}

/// A binary op of an elementwise record: `fn(x, y)` on each broadcast pair
/// of elements of `types` operands, in their dtype, once `precondition`
/// holds of the operands (no fused activation: the caller applies it).
template <ElementTypes types, typename Fn>
static LogicalResult
evaluateBinary(Operation *op, ArrayRef<Tensor> operands,
               SmallVectorImpl<Tensor> &results, Fn &&fn,
               Precondition precondition = Precondition::None) {
  const Tensor &lhs = operands[0], &rhs = operands[1];
  DType dtype = lhs.getDType();
  if (failed(checkSameDType(op, lhs, rhs)) ||
      failed(checkDType(op, lhs, isOf(types, dtype), getName(types))))
    return failure();
  FailureOr<Broadcast> shape = broadcast(op, operands);
  if (failed(shape))
    return failure();
  if (precondition == Precondition::NonzeroDivisor &&
      failed(checkDivisors(op, rhs, shape->numElements)))
    return failure();
  if (precondition == Precondition::NonnegativeExponent &&
      failed(checkExponents(op, rhs, shape->numElements)))
    return failure();
  results.push_back(dispatchOf<types>(dtype, [&](auto tag) {
    using T = decltype(tag);
    return mapBinary<T, T>(*shape, dtype, lhs, rhs,
                           [&](T x, T y) -> T { return fn(x, y); });
  }));
  return success();
}

static LogicalResult evaluateConstant(lite::ConstantOp op,
                                      SmallVectorImpl<Tensor> &results) {
  std::string error;
  FailureOr<Tensor> value = tensorFromAttr(op.getValueAttr(), error);
  if (failed(value))
    return op->emitError(error);
  results.push_back(std::move(*value));
  return success();
}

/// select_v2: condition, x and y broadcast against each other.
static LogicalResult evaluateSelect(Operation *op, ArrayRef<Tensor> operands,
                                    SmallVectorImpl<Tensor> &results) {
  const Tensor &condition = operands[0], &x = operands[1], &y = operands[2];
  if (condition.getDType() != DType::Bool)
    return op->emitError("expects a bool condition, got ")
           << getDTypeName(condition.getDType());
  if (failed(checkSameDType(op, x, y)))
    return failure();
  FailureOr<Broadcast> shape = broadcast(op, operands);
  if (failed(shape))
    return failure();
  DType dtype = x.getDType();
  results.push_back(dispatchDType(dtype, [&](auto tag) {
    using T = decltype(tag);
    Tensor result(dtype, shape->shape);
    T *out = result.mutableData<T>();
    const bool *c = condition.data<bool>();
    const T *xs = x.data<T>();
    const T *ys = y.data<T>();
    forEachElement(*shape, [&](int64_t i, ArrayRef<int64_t> offsets) {
      out[i] = c[offsets[0]] ? xs[offsets[1]] : ys[offsets[2]];
    });
    return result;
  }));
  return success();
}

/// cast: to the element type the op's result declares.
static LogicalResult evaluateCast(Operation *op, const Tensor &input,
                                  SmallVectorImpl<Tensor> &results) {
  Type elementType = getElementTypeOrSelf(op->getResult(0).getType());
  std::optional<DType> to = getDType(elementType);
  if (!to)
    return op->emitError("cannot cast to unsupported element type ")
           << elementType;
  results.push_back(dispatchDType(input.getDType(), [&](auto fromTag) {
    using From = decltype(fromTag);
    return dispatchDType(*to, [&](auto toTag) {
      using To = decltype(toTag);
      return mapUnary<To, From>(input, *to, castElement<To, From>);
    });
  }));
  return success();
}

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

std::optional<LogicalResult> sluice::interp::detail::evaluateElementwiseOp(
    Operation *op, ArrayRef<Tensor> operands,
    SmallVectorImpl<Tensor> &results) {
  // The dispatchers of the records' kernels (LiteElementwiseKernels.inc).
  using E = ElementTypes;
  // A numeric binary op with a `kernelCheck` or a fused activation: the
  // check, then the op's activation if it has one.
  [[maybe_unused]] auto arithmetic = [&](Precondition precondition,
                                         auto fn) -> LogicalResult {
    if (failed(evaluateBinary<E::Numeric>(op, operands, results, fn,
                                          precondition)))
      return failure();
    if (succeeded(interp::detail::applyFusedActivation(op, results.back())))
      return success();
    results.pop_back();
    return failure();
  };
  auto floatUnary = [&](auto fn) {
    return evaluateUnary<E::Float, false>(op, operands[0], results, fn);
  };
  auto numericUnary = [&](auto fn) {
    return evaluateUnary<E::Numeric, false>(op, operands[0], results, fn);
  };
  [[maybe_unused]] auto floatPredicate = [&](auto fn) {
    return evaluateUnary<E::Float, true>(op, operands[0], results, fn);
  };
  [[maybe_unused]] auto floatBinary = [&](auto fn) {
    return evaluateBinary<E::Float>(op, operands, results, fn);
  };
  [[maybe_unused]] auto numericBinary = [&](auto fn) {
    return evaluateBinary<E::Numeric>(op, operands, results, fn);
  };
  [[maybe_unused]] auto integerBinary = [&](auto fn) {
    return evaluateBinary<E::Integer>(op, operands, results, fn);
  };
  auto boolUnary = [&](auto fn) {
    return evaluateUnary<E::Bool, false>(op, operands[0], results, fn);
  };
  auto boolBinary = [&](auto fn) {
    return evaluateBinary<E::Bool>(op, operands, results, fn);
  };
  auto anyCompare = [&](auto fn) {
    return evaluateComparison(op, operands, results, fn);
  };
  using Result = std::optional<LogicalResult>;
  return llvm::TypeSwitch<Operation *, Result>(op)
      .Case([&](lite::ConstantOp constant) {
        return evaluateConstant(constant, results);
      })
  // The elementwise records' `scalar` (LiteOps.td, sluice-tblgen).
#include "sluice/Dialect/Lite/IR/LiteElementwiseKernels.inc"
      .Case<lite::StopGradientOp, lite::PreventGradientOp>([&](Operation *) {
        results.push_back(operands[0]);
        return success();
      })
      .Case([&](lite::ZerosLikeOp) {
        results.push_back(
            Tensor(operands[0].getDType(), operands[0].getShape()));
        return success();
      })
      // Selection and conversion.
      .Case([&](lite::SelectV2Op) {
        return evaluateSelect(op, operands, results);
      })
      .Case(
          [&](lite::CastOp) { return evaluateCast(op, operands[0], results); })
      .Default([](Operation *) { return std::nullopt; });
}

/// Clamps x to [lo, hi] (either bound optional) as TFLite's
/// ActivationFunctionWithMinMax, `min(max(x, lo), hi)`: NaN stays NaN.
/// Integers compare in int64 so a bound of -1 means nothing for uint8.
template <typename T>
static T clampActivation(T x, std::optional<int> lo, std::optional<int> hi) {
  if constexpr (std::is_integral_v<T>) {
    int64_t v = x;
    if (lo && v < *lo)
      v = *lo;
    if (hi && v > *hi)
      v = *hi;
    return static_cast<T>(v);
  } else {
    if (lo && x < static_cast<T>(*lo))
      x = static_cast<T>(*lo);
    if (hi && static_cast<T>(*hi) < x)
      x = static_cast<T>(*hi);
    return x;
  }
}

/// NONE, RELU, RELU_N1_TO_1 and RELU6 clamp like TFLite's
/// ActivationFunctionWithMinMax. TANH applies tanh to float tensors: LiteRT's
/// add/sub/mul/div would treat it like NONE (their CalculateActivationRange
/// knows only the clamps), but the op definitions promise the activation is
/// applied. SIGN_BIT, which no TFLite kernel implements, and TANH on integer
/// tensors are errors, as is any activation on a bool tensor.
LogicalResult sluice::interp::detail::applyFusedActivation(Operation *op,
                                                           Tensor &tensor) {
  using Activation = lite::ActivationFunctionType;
  auto attr = op->getAttrOfType<lite::ActivationFunctionTypeAttr>(
      "fused_activation_function");
  if (!attr || attr.getValue() == Activation::NONE)
    return success();
  Activation activation = attr.getValue();
  StringRef name = lite::stringifyActivationFunctionType(activation);
  DType dtype = tensor.getDType();
  if (activation == Activation::SIGN_BIT)
    return op->emitError("fused activation SIGN_BIT is not supported (no "
                         "TFLite kernel implements it)");
  if (dtype == DType::Bool)
    return op->emitError("fused activation ")
           << name << " does not apply to bool tensors";
  int64_t count = tensor.getNumElements();

  if (activation == Activation::TANH) {
    if (!isFloat(dtype))
      return op->emitError("fused activation TANH needs a float tensor, got ")
             << getDTypeName(dtype);
    dispatchFloat(dtype, [&](auto tag) {
      using T = decltype(tag);
      T *data = tensor.mutableData<T>();
      for (int64_t i = 0; i < count; ++i)
        data[i] = std::tanh(data[i]);
    });
    return success();
  }

  std::optional<int> lo, hi;
  switch (activation) {
  case Activation::RELU:
    lo = 0;
    break;
  case Activation::RELU_N1_TO_1:
    lo = -1;
    hi = 1;
    break;
  case Activation::RELU6:
    lo = 0;
    hi = 6;
    break;
  default:
    return op->emitError("unknown fused activation ") << name;
  }
  dispatchNumeric(dtype, [&](auto tag) {
    using T = decltype(tag);
    T *data = tensor.mutableData<T>();
    for (int64_t i = 0; i < count; ++i)
      data[i] = clampActivation(data[i], lo, hi);
  });
  return success();
}
