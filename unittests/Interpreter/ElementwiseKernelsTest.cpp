//===- ElementwiseKernelsTest.cpp - elementwise reference kernels ---------===//
//
// Runs small lite programs through the reference interpreter and checks the
// elementwise kernels: broadcasting, every dtype rule, wraparound, NaN,
// division by zero, casts and fused activations.
//
//===----------------------------------------------------------------------===//

#include "RunSource.h"

#include "gtest/gtest.h"

#include <cmath>
#include <limits>

using namespace sluice::interp;
using namespace sluice::interp::test;

namespace {

constexpr int32_t kInt32Min = std::numeric_limits<int32_t>::min();
constexpr int32_t kInt32Max = std::numeric_limits<int32_t>::max();
constexpr int64_t kInt64Min = std::numeric_limits<int64_t>::min();
constexpr int64_t kInt64Max = std::numeric_limits<int64_t>::max();
constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

/// `%0 = lite.<op> %a : type`, returned.
std::string unary(llvm::StringRef op, llvm::StringRef type) {
  return "func.func @main(%a: " + type.str() + ") -> " + type.str() +
         " {\n  %0 = lite." + op.str() + " %a : " + type.str() +
         "\n  return %0 : " + type.str() + "\n}\n";
}

/// `%0 = lite.cast %a : from -> to`, returned.
std::string cast(llvm::StringRef from, llvm::StringRef to) {
  return "func.func @main(%a: " + from.str() + ") -> " + to.str() +
         " {\n  %0 = lite.cast %a : " + from.str() + " -> " + to.str() +
         "\n  return %0 : " + to.str() + "\n}\n";
}

/// Runs `source` on `args`; expects every result value within `tolerance`
/// (relative) of `expected`.
void expectNear(llvm::StringRef source, llvm::ArrayRef<Tensor> args,
                llvm::ArrayRef<double> expected, double tolerance = 1e-6) {
  RunResult run = runSource(source, args);
  ASSERT_TRUE(run.ok) << run.diagnostics << "in\n" << source.str();
  ASSERT_EQ(run.results.size(), 1u);
  const Tensor &result = run.results[0];
  ASSERT_EQ(result.getNumElements(), static_cast<int64_t>(expected.size()));
  for (auto [i, e] : llvm::enumerate(expected)) {
    double a = result.getAsDouble(i);
    if (std::isnan(e)) {
      EXPECT_TRUE(std::isnan(a)) << "element " << i << ": " << a;
    } else if (std::isinf(e)) {
      EXPECT_EQ(a, e) << "element " << i;
    } else {
      EXPECT_NEAR(a, e, tolerance * std::max(1.0, std::fabs(e)))
          << "element " << i;
    }
  }
}

} // namespace

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

TEST(ElementwiseConstant, MaterializesItsValue) {
  expectResult(R"(
func.func @main() -> tensor<2x2xi32> {
  %0 = lite.constant dense<[[1, -2], [3, 4]]> : tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
})",
               {}, i32({2, 2}, {1, -2, 3, 4}));
  expectResult(R"(
func.func @main() -> tensor<3xui8> {
  %0 = lite.constant dense<[0, 128, 255]> : tensor<3xui8>
  return %0 : tensor<3xui8>
})",
               {}, u8({3}, {0, 128, 255}));
  expectResult(R"(
func.func @main() -> tensor<f32> {
  %0 = lite.constant dense<1.5> : tensor<f32>
  return %0 : tensor<f32>
})",
               {}, f32({}, {1.5f}));
}

TEST(ElementwiseConstant, FeedsOtherOps) {
  expectResult(R"(
func.func @main(%a: tensor<3xi64>) -> tensor<3xi64> {
  %c = lite.constant dense<10> : tensor<i64>
  %0 = lite.mul %a, %c : (tensor<3xi64>, tensor<i64>) -> tensor<3xi64>
  return %0 : tensor<3xi64>
})",
               {i64({3}, {1, -2, 3})}, i64({3}, {10, -20, 30}));
}

TEST(ElementwiseConstant, UnsupportedElementTypeIsAnError) {
  expectError(R"(
func.func @main() -> tensor<2xi16> {
  %0 = lite.constant dense<[1, 2]> : tensor<2xi16>
  return %0 : tensor<2xi16>
})",
              {}, "unsupported constant type");
}

//===----------------------------------------------------------------------===//
// Broadcasting
//===----------------------------------------------------------------------===//

TEST(ElementwiseBroadcast, ScalarAndTensor) {
  expectResult(binary("add", "tensor<f32>", "tensor<3xf32>", "tensor<3xf32>"),
               {f32({}, {10}), f32({3}, {1, 2, 3})}, f32({3}, {11, 12, 13}));
  expectResult(binary("sub", "tensor<3xf32>", "tensor<f32>", "tensor<3xf32>"),
               {f32({3}, {1, 2, 3}), f32({}, {10})}, f32({3}, {-9, -8, -7}));
}

TEST(ElementwiseBroadcast, ColumnAndRow) {
  expectResult(
      binary("add", "tensor<2x1xi32>", "tensor<1x3xi32>", "tensor<2x3xi32>"),
      {i32({2, 1}, {10, 20}), i32({1, 3}, {1, 2, 3})},
      i32({2, 3}, {11, 12, 13, 21, 22, 23}));
}

TEST(ElementwiseBroadcast, RankMismatch) {
  expectResult(
      binary("sub", "tensor<2x3xi32>", "tensor<3xi32>", "tensor<2x3xi32>"),
      {i32({2, 3}, {10, 20, 30, 40, 50, 60}), i32({3}, {1, 2, 3})},
      i32({2, 3}, {9, 18, 27, 39, 48, 57}));
  // [4, 1] against [2, 1, 3]: the result is [2, 4, 3].
  std::vector<int32_t> lhs = {1, 2, 3, 4};
  std::vector<int32_t> rhs = {100, 200, 300, 400, 500, 600};
  std::vector<int32_t> expected;
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 4; ++j)
      for (int k = 0; k < 3; ++k)
        expected.push_back(lhs[j] * rhs[i * 3 + k]);
  expectResult(binary("mul", "tensor<4x1xi32>", "tensor<2x1x3xi32>",
                      "tensor<2x4x3xi32>"),
               {i32({4, 1}, lhs), i32({2, 1, 3}, rhs)},
               i32({2, 4, 3}, expected));
}

TEST(ElementwiseBroadcast, RankZero) {
  expectResult(binary("mul", "tensor<i32>", "tensor<i32>", "tensor<i32>"),
               {i32({}, {6}), i32({}, {7})}, i32({}, {42}));
}

TEST(ElementwiseBroadcast, EmptyTensors) {
  expectResult(binary("add", "tensor<0xf32>", "tensor<0xf32>", "tensor<0xf32>"),
               {f32({0}, {}), f32({0}, {})}, f32({0}, {}));
  expectResult(binary("add", "tensor<0xf32>", "tensor<1xf32>", "tensor<0xf32>"),
               {f32({0}, {}), f32({1}, {1})}, f32({0}, {}));
  expectResult(
      binary("add", "tensor<2x0xi32>", "tensor<2x1xi32>", "tensor<2x0xi32>"),
      {i32({2, 0}, {}), i32({2, 1}, {1, 2})}, i32({2, 0}, {}));
  expectResult(unary("exp", "tensor<0xf32>"), {f32({0}, {})}, f32({0}, {}));
}

TEST(ElementwiseBroadcast, IncompatibleShapesAreAnError) {
  expectError(binary("add", "tensor<?xf32>", "tensor<?xf32>", "tensor<?xf32>"),
              {f32({2}, {1, 2}), f32({3}, {1, 2, 3})},
              "cannot broadcast operand shapes [2], [3]");
  // An empty dimension broadcasts only against 1.
  expectError(binary("add", "tensor<?xf32>", "tensor<?xf32>", "tensor<?xf32>"),
              {f32({0}, {}), f32({2}, {1, 2})},
              "cannot broadcast operand shapes [0], [2]");
}

TEST(ElementwiseBroadcast, DynamicResultTakesTheBroadcastShape) {
  expectResult(
      binary("add", "tensor<?x1xi8>", "tensor<1x4xi8>", "tensor<?x4xi8>"),
      {i8({2, 1}, {0, 10}), i8({1, 4}, {1, 2, 3, 4})},
      i8({2, 4}, {1, 2, 3, 4, 11, 12, 13, 14}));
}

//===----------------------------------------------------------------------===//
// Integer arithmetic
//===----------------------------------------------------------------------===//

TEST(ElementwiseArithmetic, IntegerAddWraps) {
  expectResult(binary("add", "tensor<2xi32>", "tensor<2xi32>", "tensor<2xi32>"),
               {i32({2}, {kInt32Max, kInt32Min}), i32({2}, {1, -1})},
               i32({2}, {kInt32Min, kInt32Max}));
  expectResult(binary("add", "tensor<2xi8>", "tensor<2xi8>", "tensor<2xi8>"),
               {i8({2}, {127, -128}), i8({2}, {1, -1})}, i8({2}, {-128, 127}));
  expectResult(binary("add", "tensor<2xui8>", "tensor<2xui8>", "tensor<2xui8>"),
               {u8({2}, {255, 200}), u8({2}, {1, 100})}, u8({2}, {0, 44}));
  expectResult(binary("add", "tensor<i64>", "tensor<i64>", "tensor<i64>"),
               {i64({}, {kInt64Max}), i64({}, {1})}, i64({}, {kInt64Min}));
}

TEST(ElementwiseArithmetic, IntegerSubWraps) {
  expectResult(binary("sub", "tensor<2xi32>", "tensor<2xi32>", "tensor<2xi32>"),
               {i32({2}, {kInt32Min, 5}), i32({2}, {1, 7})},
               i32({2}, {kInt32Max, -2}));
  expectResult(binary("sub", "tensor<ui8>", "tensor<ui8>", "tensor<ui8>"),
               {u8({}, {0}), u8({}, {1})}, u8({}, {255}));
}

TEST(ElementwiseArithmetic, IntegerMulWraps) {
  expectResult(binary("mul", "tensor<3xi32>", "tensor<3xi32>", "tensor<3xi32>"),
               {i32({3}, {65536, kInt32Min, -3}), i32({3}, {65536, -1, 4})},
               i32({3}, {0, kInt32Min, -12}));
  expectResult(binary("mul", "tensor<2xi8>", "tensor<2xi8>", "tensor<2xi8>"),
               {i8({2}, {16, -128}), i8({2}, {16, -1})}, i8({2}, {0, -128}));
  expectResult(binary("mul", "tensor<ui8>", "tensor<ui8>", "tensor<ui8>"),
               {u8({}, {16}), u8({}, {17})}, u8({}, {16}));
  expectResult(binary("mul", "tensor<i64>", "tensor<i64>", "tensor<i64>"),
               {i64({}, {int64_t(1) << 32}), i64({}, {int64_t(1) << 32})},
               i64({}, {0}));
}

TEST(ElementwiseArithmetic, IntegerDivRoundsTowardZero) {
  expectResult(
      binary("div", "tensor<5xi32>", "tensor<5xi32>", "tensor<5xi32>"),
      {i32({5}, {7, -7, 7, -7, kInt32Min}), i32({5}, {2, 2, -2, -2, -1})},
      i32({5}, {3, -3, -3, 3, kInt32Min}));
  expectResult(binary("div", "tensor<2xi8>", "tensor<2xi8>", "tensor<2xi8>"),
               {i8({2}, {-128, -128}), i8({2}, {-1, 3})}, i8({2}, {-128, -42}));
  expectResult(binary("div", "tensor<2xui8>", "tensor<2xui8>", "tensor<2xui8>"),
               {u8({2}, {255, 7}), u8({2}, {2, 7})}, u8({2}, {127, 1}));
}

TEST(ElementwiseArithmetic, IntegerFloorDivRoundsTowardNegativeInfinity) {
  expectResult(
      binary("floor_div", "tensor<6xi32>", "tensor<6xi32>", "tensor<6xi32>"),
      {i32({6}, {7, -7, 7, -7, -6, kInt32Min}),
       i32({6}, {2, 2, -2, -2, 3, -1})},
      i32({6}, {3, -4, -4, 3, -2, kInt32Min}));
  expectResult(
      binary("floor_div", "tensor<2xi64>", "tensor<2xi64>", "tensor<2xi64>"),
      {i64({2}, {kInt64Min, -1}), i64({2}, {-1, kInt64Max})},
      i64({2}, {kInt64Min, -1}));
}

TEST(ElementwiseArithmetic, IntegerFloorModTakesTheDivisorsSign) {
  expectResult(
      binary("floor_mod", "tensor<7xi32>", "tensor<7xi32>", "tensor<7xi32>"),
      {i32({7}, {7, -7, 7, -7, 6, -6, kInt32Min}),
       i32({7}, {3, 3, -3, -3, 3, -3, -1})},
      i32({7}, {1, 2, -2, -1, 0, 0, 0}));
  expectResult(
      binary("floor_mod", "tensor<i64>", "tensor<3xi64>", "tensor<3xi64>"),
      {i64({}, {-1}), i64({3}, {kInt64Max, 2, kInt64Min})},
      i64({3}, {kInt64Max - 1, 1, -1}));
  expectResult(
      binary("floor_mod", "tensor<2xui8>", "tensor<2xui8>", "tensor<2xui8>"),
      {u8({2}, {255, 9}), u8({2}, {16, 3})}, u8({2}, {15, 0}));
}

TEST(ElementwiseArithmetic, IntegerDivisionByZeroIsAnError) {
  for (const char *op : {"div", "floor_div", "floor_mod"}) {
    SCOPED_TRACE(op);
    expectError(binary(op, "tensor<2xi32>", "tensor<2xi32>", "tensor<2xi32>"),
                {i32({2}, {1, 2}), i32({2}, {1, 0})},
                "integer division by zero");
    expectError(binary(op, "tensor<ui8>", "tensor<ui8>", "tensor<ui8>"),
                {u8({}, {1}), u8({}, {0})}, "integer division by zero");
  }
  // With no result elements no division happens.
  expectResult(binary("div", "tensor<0xi32>", "tensor<1xi32>", "tensor<0xi32>"),
               {i32({0}, {}), i32({1}, {0})}, i32({0}, {}));
}

TEST(ElementwiseArithmetic, IntegerPowMultipliesWithWraparound) {
  expectResult(
      binary("pow", "tensor<7xi32>", "tensor<7xi32>", "tensor<7xi32>"),
      {i32({7}, {2, 3, -2, 0, 2, 2, -1}), i32({7}, {10, 0, 3, 0, 31, 32, 7})},
      i32({7}, {1024, 1, -8, 1, kInt32Min, 0, -1}));
  // 3^40 modulo 2^32, as repeated multiplication would give.
  uint32_t wrapped = 1;
  for (int i = 0; i < 40; ++i)
    wrapped *= 3;
  expectResult(binary("pow", "tensor<i32>", "tensor<i32>", "tensor<i32>"),
               {i32({}, {3}), i32({}, {40})},
               i32({}, {static_cast<int32_t>(wrapped)}));
  expectResult(binary("pow", "tensor<ui8>", "tensor<ui8>", "tensor<ui8>"),
               {u8({}, {3}), u8({}, {5})}, u8({}, {243}));
  expectResult(binary("pow", "tensor<i8>", "tensor<i8>", "tensor<i8>"),
               {i8({}, {3}), i8({}, {5})}, i8({}, {-13}));
}

TEST(ElementwiseArithmetic, IntegerPowWithNegativeExponentIsAnError) {
  expectError(binary("pow", "tensor<2xi32>", "tensor<2xi32>", "tensor<2xi32>"),
              {i32({2}, {2, 2}), i32({2}, {1, -1})},
              "integer pow with negative exponent -1");
}

TEST(ElementwiseArithmetic, IntegerMaximumMinimum) {
  expectResult(
      binary("maximum", "tensor<3xi32>", "tensor<i32>", "tensor<3xi32>"),
      {i32({3}, {-5, 0, 5}), i32({}, {1})}, i32({3}, {1, 1, 5}));
  expectResult(
      binary("minimum", "tensor<3xui8>", "tensor<ui8>", "tensor<3xui8>"),
      {u8({3}, {0, 200, 255}), u8({}, {128})}, u8({3}, {0, 128, 128}));
}

//===----------------------------------------------------------------------===//
// Float arithmetic
//===----------------------------------------------------------------------===//

TEST(ElementwiseArithmetic, FloatOps) {
  expectResult(binary("add", "tensor<2xf64>", "tensor<2xf64>", "tensor<2xf64>"),
               {f64({2}, {0.5, 1e300}), f64({2}, {0.25, 1e300})},
               f64({2}, {0.75, 2e300}));
  expectResult(binary("mul", "tensor<2xf32>", "tensor<2xf32>", "tensor<2xf32>"),
               {f32({2}, {1.5f, 3e38f}), f32({2}, {-2, 10})},
               f32({2}, {-3, kInf}));
  expectResult(binary("div", "tensor<2xf32>", "tensor<2xf32>", "tensor<2xf32>"),
               {f32({2}, {7, -1}), f32({2}, {2, 4})}, f32({2}, {3.5f, -0.25f}));
}

TEST(ElementwiseArithmetic, FloatDivisionByZeroIsIEEE) {
  expectResult(binary("div", "tensor<3xf32>", "tensor<f32>", "tensor<3xf32>"),
               {f32({3}, {1, -1, 0}), f32({}, {0})},
               f32({3}, {kInf, -kInf, kNaN}));
  expectResult(
      binary("floor_div", "tensor<3xf32>", "tensor<f32>", "tensor<3xf32>"),
      {f32({3}, {1, -1, 0}), f32({}, {0})}, f32({3}, {kInf, -kInf, kNaN}));
  expectResult(
      binary("floor_mod", "tensor<2xf32>", "tensor<f32>", "tensor<2xf32>"),
      {f32({2}, {1, -1}), f32({}, {0})}, f32({2}, {kNaN, kNaN}));
}

TEST(ElementwiseArithmetic, FloatFloorDivAndMod) {
  expectResult(
      binary("floor_div", "tensor<4xf32>", "tensor<4xf32>", "tensor<4xf32>"),
      {f32({4}, {7, -7, 7, -7.5f}), f32({4}, {2, 2, -2, -2})},
      f32({4}, {3, -4, -4, 3}));
  expectResult(
      binary("floor_mod", "tensor<5xf32>", "tensor<5xf32>", "tensor<5xf32>"),
      {f32({5}, {7.5f, -7.5f, 7.5f, -7.5f, 6}), f32({5}, {2, 2, -2, -2, 3})},
      f32({5}, {1.5f, 0.5f, -0.5f, -1.5f, 0}));
  expectResult(binary("floor_mod", "tensor<f64>", "tensor<f64>", "tensor<f64>"),
               {f64({}, {-1}), f64({}, {0.25})}, f64({}, {0}));
}

TEST(ElementwiseArithmetic, FloatPow) {
  expectNear(
      binary("pow", "tensor<5xf32>", "tensor<5xf32>", "tensor<5xf32>"),
      {f32({5}, {2, 2, -8, 0, 4}), f32({5}, {0.5f, -1, 1.0f / 3, -1, 3})},
      {std::sqrt(2.0), 0.5, NAN, INFINITY, 64});
}

TEST(ElementwiseArithmetic, FloatMaximumMinimumPropagateNaN) {
  Tensor lhs = f32({4}, {1, kNaN, kNaN, -kInf});
  Tensor rhs = f32({4}, {kNaN, 2, kNaN, 3});
  expectResult(
      binary("maximum", "tensor<4xf32>", "tensor<4xf32>", "tensor<4xf32>"),
      {lhs, rhs}, f32({4}, {kNaN, kNaN, kNaN, 3}));
  expectResult(
      binary("minimum", "tensor<4xf32>", "tensor<4xf32>", "tensor<4xf32>"),
      {lhs, rhs}, f32({4}, {kNaN, kNaN, kNaN, -kInf}));
  expectResult(
      binary("maximum", "tensor<2xf64>", "tensor<f64>", "tensor<2xf64>"),
      {f64({2}, {-1, 5}), f64({}, {0})}, f64({2}, {0, 5}));
}

TEST(ElementwiseArithmetic, NaNPropagatesThroughArithmetic) {
  expectResult(binary("add", "tensor<2xf32>", "tensor<2xf32>", "tensor<2xf32>"),
               {f32({2}, {kNaN, kInf}), f32({2}, {1, -kInf})},
               f32({2}, {kNaN, kNaN}));
}

//===----------------------------------------------------------------------===//
// Fused activations
//===----------------------------------------------------------------------===//

namespace {
/// `lite.<op>` on two operands of `type` with fused activation `name`.
std::string activation(llvm::StringRef op, llvm::StringRef type,
                       llvm::StringRef name) {
  return binary(op, type, type, type,
                "{fused_activation_function = #lite.activation<" + name.str() +
                    ">}");
}
} // namespace

TEST(ElementwiseActivation, FloatClamps) {
  Tensor x = f32({5}, {-3, -0.5f, 0.5f, 3, 9});
  Tensor zero = f32({5}, {0, 0, 0, 0, 0});
  expectResult(activation("add", "tensor<5xf32>", "NONE"), {x, zero}, x);
  expectResult(activation("add", "tensor<5xf32>", "RELU"), {x, zero},
               f32({5}, {0, 0, 0.5f, 3, 9}));
  expectResult(activation("sub", "tensor<5xf32>", "RELU6"), {x, zero},
               f32({5}, {0, 0, 0.5f, 3, 6}));
  expectResult(activation("add", "tensor<5xf32>", "RELU_N1_TO_1"), {x, zero},
               f32({5}, {-1, -0.5f, 0.5f, 1, 1}));
}

TEST(ElementwiseActivation, AppliesAfterMulAndDiv) {
  expectResult(activation("mul", "tensor<3xf32>", "RELU6"),
               {f32({3}, {-1, 2, 4}), f32({3}, {1, 2, 4})},
               f32({3}, {0, 4, 6}));
  expectResult(activation("div", "tensor<3xf32>", "RELU"),
               {f32({3}, {-1, 2, 4}), f32({3}, {1, 2, 4})},
               f32({3}, {0, 1, 1}));
}

TEST(ElementwiseActivation, NaNAndInfinityPassThroughClamps) {
  expectResult(activation("add", "tensor<3xf32>", "RELU"),
               {f32({3}, {kNaN, kInf, -kInf}), f32({3}, {0, 0, 0})},
               f32({3}, {kNaN, kInf, 0}));
  expectResult(activation("add", "tensor<2xf32>", "NONE"),
               {f32({2}, {kInf, -kInf}), f32({2}, {1, 1})},
               f32({2}, {kInf, -kInf}));
  expectResult(activation("add", "tensor<f32>", "RELU6"),
               {f32({}, {kNaN}), f32({}, {1})}, f32({}, {kNaN}));
}

TEST(ElementwiseActivation, Tanh) {
  expectNear(activation("add", "tensor<3xf32>", "TANH"),
             {f32({3}, {-1, 0, 0.5f}), f32({3}, {0, 0, 0})},
             {std::tanh(-1.0), 0, std::tanh(0.5)});
}

TEST(ElementwiseActivation, IntegerClamps) {
  expectResult(activation("add", "tensor<4xi32>", "RELU6"),
               {i32({4}, {-9, 0, 5, 100}), i32({4}, {0, 0, 0, 0})},
               i32({4}, {0, 0, 5, 6}));
  expectResult(activation("sub", "tensor<3xi64>", "RELU"),
               {i64({3}, {-9, 0, 5}), i64({3}, {0, 0, 0})},
               i64({3}, {0, 0, 5}));
  expectResult(activation("mul", "tensor<3xi8>", "RELU_N1_TO_1"),
               {i8({3}, {-9, 0, 5}), i8({3}, {1, 1, 1})}, i8({3}, {-1, 0, 1}));
  // For uint8 the lower bound of RELU_N1_TO_1 changes nothing.
  expectResult(activation("add", "tensor<3xui8>", "RELU_N1_TO_1"),
               {u8({3}, {0, 1, 200}), u8({3}, {0, 0, 0})}, u8({3}, {0, 1, 1}));
  // The clamp applies after the wraparound.
  expectResult(activation("add", "tensor<i32>", "RELU"),
               {i32({}, {kInt32Max}), i32({}, {1})}, i32({}, {0}));
}

TEST(ElementwiseActivation, SignBitIsAnError) {
  expectError(activation("div", "tensor<3xf32>", "SIGN_BIT"),
              {f32({3}, {1, 2, 3}), f32({3}, {1, 2, 3})},
              "fused activation SIGN_BIT is not supported");
}

TEST(ElementwiseActivation, TanhOnIntegersIsAnError) {
  expectError(activation("div", "tensor<2xui8>", "TANH"),
              {u8({2}, {1, 2}), u8({2}, {1, 2})},
              "fused activation TANH needs a float tensor, got uint8");
}

//===----------------------------------------------------------------------===//
// Comparisons and logical ops
//===----------------------------------------------------------------------===//

TEST(ElementwiseCompare, EveryRelationWithBroadcast) {
  Tensor x = i32({3}, {1, 2, 3});
  Tensor two = i32({}, {2});
  auto compare = [](llvm::StringRef op) {
    return binary(op, "tensor<3xi32>", "tensor<i32>", "tensor<3xi1>");
  };
  expectResult(compare("less"), {x, two}, boolean({3}, {true, false, false}));
  expectResult(compare("less_equal"), {x, two},
               boolean({3}, {true, true, false}));
  expectResult(compare("greater"), {x, two},
               boolean({3}, {false, false, true}));
  expectResult(compare("greater_equal"), {x, two},
               boolean({3}, {false, true, true}));
  expectResult(compare("equal"), {x, two}, boolean({3}, {false, true, false}));
  expectResult(compare("not_equal"), {x, two},
               boolean({3}, {true, false, true}));
}

TEST(ElementwiseCompare, NaNComparesUnequal) {
  Tensor x = f32({2}, {kNaN, 1});
  Tensor nan = f32({}, {kNaN});
  auto compare = [](llvm::StringRef op) {
    return binary(op, "tensor<2xf32>", "tensor<f32>", "tensor<2xi1>");
  };
  for (const char *op :
       {"less", "less_equal", "greater", "greater_equal", "equal"}) {
    SCOPED_TRACE(op);
    expectResult(compare(op), {x, nan}, boolean({2}, {false, false}));
  }
  expectResult(compare("not_equal"), {x, nan}, boolean({2}, {true, true}));
}

TEST(ElementwiseCompare, OtherDTypes) {
  expectResult(
      binary("equal", "tensor<2xi1>", "tensor<2x1xi1>", "tensor<2x2xi1>"),
      {boolean({2}, {true, false}), boolean({2, 1}, {true, false})},
      boolean({2, 2}, {true, false, false, true}));
  expectResult(
      binary("greater", "tensor<2xui8>", "tensor<2xui8>", "tensor<2xi1>"),
      {u8({2}, {255, 0}), u8({2}, {0, 255})}, boolean({2}, {true, false}));
  expectResult(binary("less", "tensor<i64>", "tensor<i64>", "tensor<i1>"),
               {i64({}, {kInt64Min}), i64({}, {kInt64Max})},
               boolean({}, {true}));
  expectResult(binary("less_equal", "tensor<f64>", "tensor<f64>", "tensor<i1>"),
               {f64({}, {-0.0}), f64({}, {0.0})}, boolean({}, {true}));
}

TEST(ElementwiseLogical, AndOrNot) {
  Tensor a = boolean({2, 2}, {true, true, false, false});
  Tensor b = boolean({2}, {true, false});
  expectResult(
      binary("logical_and", "tensor<2x2xi1>", "tensor<2xi1>", "tensor<2x2xi1>"),
      {a, b}, boolean({2, 2}, {true, false, false, false}));
  expectResult(
      binary("logical_or", "tensor<2x2xi1>", "tensor<2xi1>", "tensor<2x2xi1>"),
      {a, b}, boolean({2, 2}, {true, true, true, false}));
  expectResult(unary("logical_not", "tensor<2x2xi1>"), {a},
               boolean({2, 2}, {false, false, true, true}));
  expectResult(unary("logical_not", "tensor<0xi1>"), {boolean({0}, {})},
               boolean({0}, {}));
}

//===----------------------------------------------------------------------===//
// Unary ops
//===----------------------------------------------------------------------===//

TEST(ElementwiseUnary, NegWraps) {
  expectResult(unary("neg", "tensor<3xi32>"), {i32({3}, {kInt32Min, 5, 0})},
               i32({3}, {kInt32Min, -5, 0}));
  expectResult(unary("neg", "tensor<2xi8>"), {i8({2}, {-128, 127})},
               i8({2}, {-128, -127}));
  expectResult(unary("neg", "tensor<2xf32>"), {f32({2}, {1.5f, kNaN})},
               f32({2}, {-1.5f, kNaN}));
}

TEST(ElementwiseUnary, AbsWraps) {
  expectResult(unary("abs", "tensor<3xi32>"), {i32({3}, {kInt32Min, -5, 5})},
               i32({3}, {kInt32Min, 5, 5}));
  expectResult(unary("abs", "tensor<i64>"), {i64({}, {kInt64Min})},
               i64({}, {kInt64Min}));
  expectResult(unary("abs", "tensor<3xf64>"), {f64({3}, {-2.5, 0, -kInf})},
               f64({3}, {2.5, 0, kInf}));
}

TEST(ElementwiseUnary, SquareWraps) {
  expectResult(unary("square", "tensor<3xi32>"), {i32({3}, {65536, -3, 46341})},
               i32({3}, {0, 9, static_cast<int32_t>(46341u * 46341u)}));
  expectResult(unary("square", "tensor<ui8>"), {u8({}, {16})}, u8({}, {0}));
  expectResult(unary("square", "tensor<2xf32>"), {f32({2}, {-1.5f, kNaN})},
               f32({2}, {2.25f, kNaN}));
}

TEST(ElementwiseUnary, Relu) {
  expectResult(unary("relu", "tensor<3xi32>"), {i32({3}, {-3, 0, 4})},
               i32({3}, {0, 0, 4}));
  expectResult(unary("relu", "tensor<2xi8>"), {i8({2}, {-128, 127})},
               i8({2}, {0, 127}));
  expectResult(unary("relu", "tensor<4xf32>"), {f32({4}, {-1, 2, kNaN, -kInf})},
               f32({4}, {0, 2, kNaN, 0}));
}

TEST(ElementwiseUnary, Transcendental) {
  expectNear(unary("exp", "tensor<3xf32>"), {f32({3}, {0, 1, -kInf})},
             {1, std::exp(1.0), 0});
  expectNear(unary("log", "tensor<4xf32>"), {f32({4}, {1, 10, 0, -1})},
             {0, std::log(10.0), -INFINITY, NAN});
  expectNear(unary("sqrt", "tensor<3xf64>"), {f64({3}, {4, 2, -1})},
             {2, std::sqrt(2.0), NAN}, 1e-15);
  expectNear(unary("rsqrt", "tensor<3xf32>"), {f32({3}, {4, 0, -1})},
             {0.5, INFINITY, NAN});
  expectNear(unary("tanh", "tensor<3xf32>"), {f32({3}, {0, 1, -kInf})},
             {0, std::tanh(1.0), -1});
}

TEST(ElementwiseUnary, Logistic) {
  expectNear(unary("logistic", "tensor<5xf32>"),
             {f32({5}, {0, 2, -2, 100, -100})},
             {0.5, 1 / (1 + std::exp(-2.0)), 1 / (1 + std::exp(2.0)), 1, 0});
  expectNear(unary("logistic", "tensor<2xf64>"), {f64({2}, {1, kNaN})},
             {1 / (1 + std::exp(-1.0)), NAN}, 1e-15);
}

TEST(ElementwiseUnary, ZerosLike) {
  expectResult(unary("zeros_like", "tensor<2x2xi32>"),
               {i32({2, 2}, {1, 2, 3, 4})}, i32({2, 2}, {0, 0, 0, 0}));
  expectResult(unary("zeros_like", "tensor<2xi1>"),
               {boolean({2}, {true, true})}, boolean({2}, {false, false}));
  expectResult(unary("zeros_like", "tensor<f64>"), {f64({}, {kNaN})},
               f64({}, {0}));
  expectResult(unary("zeros_like", "tensor<0x3xf32>"), {f32({0, 3}, {})},
               f32({0, 3}, {}));
}

//===----------------------------------------------------------------------===//
// select_v2
//===----------------------------------------------------------------------===//

TEST(ElementwiseSelect, BroadcastsAllThreeOperands) {
  expectResult(
      R"(
func.func @main(%c: tensor<2x1xi1>, %x: tensor<1x3xf32>, %y: tensor<f32>)
    -> tensor<2x3xf32> {
  %0 = lite.select_v2 %c, %x, %y
      : (tensor<2x1xi1>, tensor<1x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
})",
      {boolean({2, 1}, {true, false}), f32({1, 3}, {1, 2, 3}), f32({}, {-1})},
      f32({2, 3}, {1, 2, 3, -1, -1, -1}));
}

TEST(ElementwiseSelect, ElementwiseChoice) {
  expectResult(R"(
func.func @main(%c: tensor<3xi1>, %x: tensor<3xi64>, %y: tensor<3xi64>)
    -> tensor<3xi64> {
  %0 = lite.select_v2 %c, %x, %y
      : (tensor<3xi1>, tensor<3xi64>, tensor<3xi64>) -> tensor<3xi64>
  return %0 : tensor<3xi64>
})",
               {boolean({3}, {true, false, true}), i64({3}, {1, 2, 3}),
                i64({3}, {-1, -2, -3})},
               i64({3}, {1, -2, 3}));
  // A scalar condition picks a whole operand.
  expectResult(R"(
func.func @main(%c: tensor<i1>, %x: tensor<2xi1>, %y: tensor<2xi1>)
    -> tensor<2xi1> {
  %0 = lite.select_v2 %c, %x, %y
      : (tensor<i1>, tensor<2xi1>, tensor<2xi1>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
})",
               {boolean({}, {false}), boolean({2}, {true, true}),
                boolean({2}, {false, true})},
               boolean({2}, {false, true}));
}

TEST(ElementwiseSelect, IncompatibleShapesAreAnError) {
  expectError(
      R"(
func.func @main(%c: tensor<?xi1>, %x: tensor<?xf32>, %y: tensor<?xf32>)
    -> tensor<?xf32> {
  %0 = lite.select_v2 %c, %x, %y
      : (tensor<?xi1>, tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
})",
      {boolean({2}, {true, false}), f32({2}, {1, 2}), f32({3}, {1, 2, 3})},
      "cannot broadcast operand shapes [2], [2], [3]");
}

//===----------------------------------------------------------------------===//
// cast
//===----------------------------------------------------------------------===//

TEST(ElementwiseCast, FloatToIntTruncatesAndSaturates) {
  expectResult(cast("tensor<9xf32>", "tensor<9xi32>"),
               {f32({9}, {1.9f, -1.9f, 0.5f, kNaN, 3e9f, -3e9f, kInf, -kInf,
                          2147483520.0f})},
               i32({9}, {1, -1, 0, 0, kInt32Max, kInt32Min, kInt32Max,
                         kInt32Min, 2147483520}));
  expectResult(cast("tensor<4xf32>", "tensor<4xui8>"),
               {f32({4}, {-1.5f, 300, 255.9f, 7.7f})},
               u8({4}, {0, 255, 255, 7}));
  expectResult(cast("tensor<3xf64>", "tensor<3xi64>"),
               {f64({3}, {1e19, -1e19, -42.99})},
               i64({3}, {kInt64Max, kInt64Min, -42}));
  expectResult(cast("tensor<2xf64>", "tensor<2xi8>"), {f64({2}, {-200, 127.9})},
               i8({2}, {-128, 127}));
}

TEST(ElementwiseCast, IntToIntWraps) {
  expectResult(cast("tensor<4xi32>", "tensor<4xui8>"),
               {i32({4}, {256, 257, -1, 255})}, u8({4}, {0, 1, 255, 255}));
  expectResult(cast("tensor<2xi32>", "tensor<2xi8>"), {i32({2}, {128, -129})},
               i8({2}, {-128, 127}));
  expectResult(cast("tensor<2xi64>", "tensor<2xi32>"),
               {i64({2}, {int64_t(1) << 32, -1})}, i32({2}, {0, -1}));
  expectResult(cast("tensor<2xi8>", "tensor<2xi64>"), {i8({2}, {-1, 127})},
               i64({2}, {-1, 127}));
  expectResult(cast("tensor<2xui8>", "tensor<2xi32>"), {u8({2}, {255, 0})},
               i32({2}, {255, 0}));
  expectResult(cast("tensor<ui8>", "tensor<i8>"), {u8({}, {200})},
               i8({}, {-56}));
}

TEST(ElementwiseCast, ToAndFromBool) {
  expectResult(cast("tensor<5xf32>", "tensor<5xi1>"),
               {f32({5}, {0, -0.0f, 0.5f, kNaN, -kInf})},
               boolean({5}, {false, false, true, true, true}));
  expectResult(cast("tensor<3xi32>", "tensor<3xi1>"), {i32({3}, {0, -7, 256})},
               boolean({3}, {false, true, true}));
  expectResult(cast("tensor<2xi1>", "tensor<2xf32>"),
               {boolean({2}, {true, false})}, f32({2}, {1, 0}));
  expectResult(cast("tensor<2xi1>", "tensor<2xi64>"),
               {boolean({2}, {true, false})}, i64({2}, {1, 0}));
  expectResult(cast("tensor<2xi1>", "tensor<2xi1>"),
               {boolean({2}, {true, false})}, boolean({2}, {true, false}));
}

TEST(ElementwiseCast, BetweenFloatsAndFromInts) {
  expectResult(cast("tensor<3xf64>", "tensor<3xf32>"),
               {f64({3}, {0.1, 1e300, kNaN})}, f32({3}, {0.1f, kInf, kNaN}));
  expectResult(cast("tensor<2xf32>", "tensor<2xf64>"),
               {f32({2}, {0.5f, -kInf})}, f64({2}, {0.5, -kInf}));
  expectResult(cast("tensor<2xi64>", "tensor<2xf32>"),
               {i64({2}, {(int64_t(1) << 24) + 1, -3})},
               f32({2}, {16777216.0f, -3}));
  expectResult(cast("tensor<0xi32>", "tensor<0xf32>"), {i32({0}, {})},
               f32({0}, {}));
}
