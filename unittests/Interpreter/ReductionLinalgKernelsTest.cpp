//===- ReductionLinalgKernelsTest.cpp - reductions and linear algebra -----===//
//
// Runs small lite programs through the reference interpreter and checks sum,
// mean and reduce_max (axes, keep_dims, empty reductions, integer rules,
// accumulation order) and fully_connected / batch_matmul (bias, keep_num_dims,
// activations, adjoints, batch broadcasting, run-time shape errors).
//
//===----------------------------------------------------------------------===//

#include "RunSource.h"

#include "gtest/gtest.h"

#include <cmath>
#include <limits>
#include <numeric>

using namespace sluice::interp;
using namespace sluice::interp::test;

namespace {

/// `lite.<op>` reducing an input by axes, both arguments of @main.
std::string reduction(llvm::StringRef op, llvm::StringRef input,
                      llvm::StringRef axes, llvm::StringRef result,
                      llvm::StringRef attrs = "") {
  return binary(op, input, axes, result, attrs);
}

//===----------------------------------------------------------------------===//
// sum
//===----------------------------------------------------------------------===//

TEST(ReductionKernels, SumAxes) {
  Tensor x = f32({2, 3}, {1, 2, 3, 4, 5, 6});
  std::string rows =
      reduction("sum", "tensor<2x3xf32>", "tensor<1xi32>", "tensor<?xf32>");
  expectResult(rows, {x, i32({1}, {1})}, f32({2}, {6, 15}));
  expectResult(rows, {x, i32({1}, {-1})}, f32({2}, {6, 15}));
  expectResult(rows, {x, i32({1}, {0})}, f32({3}, {5, 7, 9}));
  // Duplicates (after normalization) count once.
  std::string dup =
      reduction("sum", "tensor<2x3xf32>", "tensor<2xi64>", "tensor<?xf32>");
  expectResult(dup, {x, i64({2}, {1, -1})}, f32({2}, {6, 15}));
  // Both axes: a scalar; with keep_dims: [1, 1].
  std::string all =
      reduction("sum", "tensor<2x3xf32>", "tensor<2xi32>", "tensor<f32>");
  expectResult(all, {x, i32({2}, {0, 1})}, f32({}, {21}));
  std::string kept = reduction("sum", "tensor<2x3xf32>", "tensor<2xi32>",
                               "tensor<1x1xf32>", "{keep_dims = true}");
  expectResult(kept, {x, i32({2}, {1, 0})}, f32({1, 1}, {21}));
  std::string keptRows = reduction("sum", "tensor<2x3xf32>", "tensor<1xi32>",
                                   "tensor<2x1xf32>", "{keep_dims = true}");
  expectResult(keptRows, {x, i32({1}, {1})}, f32({2, 1}, {6, 15}));
}

TEST(ReductionKernels, SumScalarAndEmptyAxes) {
  Tensor x = f32({2, 3}, {1, 2, 3, 4, 5, 6});
  std::string scalarAxis =
      reduction("sum", "tensor<2x3xf32>", "tensor<i32>", "tensor<3xf32>");
  expectResult(scalarAxis, {x, i32({}, {0})}, f32({3}, {5, 7, 9}));
  // No axes: nothing is reduced.
  std::string none =
      reduction("sum", "tensor<2x3xf32>", "tensor<0xi32>", "tensor<2x3xf32>");
  expectResult(none, {x, i32({0}, {})}, x);
  // Rank 0 with no axes is the identity.
  std::string scalar =
      reduction("sum", "tensor<f32>", "tensor<0xi32>", "tensor<f32>");
  expectResult(scalar, {f32({}, {2.5f}), i32({0}, {})}, f32({}, {2.5f}));
}

TEST(ReductionKernels, SumOfEmptyTensors) {
  // Reducing a zero-size dimension gives the initial value 0.
  std::string source =
      reduction("sum", "tensor<0x3xi32>", "tensor<1xi32>", "tensor<?xi32>");
  expectResult(source, {i32({0, 3}, {}), i32({1}, {0})}, i32({3}, {0, 0, 0}));
  expectResult(source, {i32({0, 3}, {}), i32({1}, {1})}, i32({0}, {}));
}

TEST(ReductionKernels, SumIntegersWrap) {
  std::string source =
      reduction("sum", "tensor<2xi32>", "tensor<1xi32>", "tensor<i32>");
  expectResult(
      source,
      {i32({2}, {std::numeric_limits<int32_t>::max(), 1}), i32({1}, {0})},
      i32({}, {std::numeric_limits<int32_t>::min()}));
  std::string bytes =
      reduction("sum", "tensor<3xui8>", "tensor<1xi32>", "tensor<ui8>");
  expectResult(bytes, {u8({3}, {200, 100, 1}), i32({1}, {0})}, u8({}, {45}));
}

TEST(ReductionKernels, SumAccumulatesInRowMajorOrder) {
  // ((((0 + 1e8) + 1) - 1e8) + 1) in float32 is 1: 1e8 + 1 rounds to 1e8.
  std::string source =
      reduction("sum", "tensor<4xf32>", "tensor<1xi32>", "tensor<f32>");
  expectResult(source, {f32({4}, {1e8f, 1, -1e8f, 1}), i32({1}, {0})},
               f32({}, {1}));
  // Down a column: the elements of column j are added in row order.
  std::string column =
      reduction("sum", "tensor<3x1xf32>", "tensor<1xi32>", "tensor<1xf32>");
  expectResult(column, {f32({3, 1}, {1, 1e8f, -1e8f}), i32({1}, {0})},
               f32({1}, {0}));
}

TEST(ReductionKernels, AxisOutOfRange) {
  std::string source =
      reduction("sum", "tensor<2x3xf32>", "tensor<1xi32>", "tensor<*xf32>");
  Tensor x = f32({2, 3}, {1, 2, 3, 4, 5, 6});
  expectError(source, {x, i32({1}, {2})},
              "axis 2 is out of range for float32[2, 3] (expected in [-2, 2))");
  expectError(source, {x, i32({1}, {-3})}, "axis -3 is out of range");
  std::string scalar =
      reduction("mean", "tensor<f32>", "tensor<1xi32>", "tensor<*xf32>");
  expectError(scalar, {f32({}, {1}), i32({1}, {0})},
              "axis 0 is out of range for float32[]");
}

//===----------------------------------------------------------------------===//
// mean
//===----------------------------------------------------------------------===//

TEST(ReductionKernels, MeanOfFloats) {
  std::string source =
      reduction("mean", "tensor<2x2xf32>", "tensor<1xi32>", "tensor<2xf32>");
  expectResult(source, {f32({2, 2}, {1, 2, 3, 5}), i32({1}, {1})},
               f32({2}, {1.5, 4}));
  std::string kept = reduction("mean", "tensor<2x2xf64>", "tensor<2xi32>",
                               "tensor<1x1xf64>", "{keep_dims = true}");
  expectResult(kept, {f64({2, 2}, {1, 2, 3, 5}), i32({2}, {0, 1})},
               f64({1, 1}, {2.75}));
}

TEST(ReductionKernels, MeanOfIntegersTruncates) {
  // (1 + 2) / 2 = 1 and (-3 + -4) / 2 = -3: C++ division toward zero.
  std::string source =
      reduction("mean", "tensor<2x2xi32>", "tensor<1xi32>", "tensor<2xi32>");
  expectResult(source, {i32({2, 2}, {1, 2, -3, -4}), i32({1}, {1})},
               i32({2}, {1, -3}));
  // The sum is kept in int64, so it does not overflow.
  constexpr int32_t kMax = std::numeric_limits<int32_t>::max();
  expectResult(source,
               {i32({2, 2}, {kMax, kMax, kMax, kMax - 2}), i32({1}, {1})},
               i32({2}, {kMax, kMax - 1}));
}

TEST(ReductionKernels, MeanOfEmptyReductionIsZero) {
  // TFLite leaves the output at 0 when no element is reduced.
  std::string source =
      reduction("mean", "tensor<2x0xf32>", "tensor<1xi32>", "tensor<2xf32>");
  expectResult(source, {f32({2, 0}, {}), i32({1}, {1})}, f32({2}, {0, 0}));
}

//===----------------------------------------------------------------------===//
// reduce_max
//===----------------------------------------------------------------------===//

TEST(ReductionKernels, ReduceMax) {
  Tensor x = i32({2, 3}, {1, 5, 3, -2, -7, -1});
  std::string source = reduction("reduce_max", "tensor<2x3xi32>",
                                 "tensor<1xi32>", "tensor<?xi32>");
  expectResult(source, {x, i32({1}, {1})}, i32({2}, {5, -1}));
  expectResult(source, {x, i32({1}, {0})}, i32({3}, {1, 5, 3}));
  std::string kept = reduction("reduce_max", "tensor<2x3xi32>", "tensor<1xi32>",
                               "tensor<1x3xi32>", "{keep_dims = true}");
  expectResult(kept, {x, i32({1}, {-2})}, i32({1, 3}, {1, 5, 3}));
}

TEST(ReductionKernels, ReduceMaxOfEmptyReductionIsLowest) {
  std::string floats = reduction("reduce_max", "tensor<2x0xf32>",
                                 "tensor<1xi32>", "tensor<2xf32>");
  float lowest = std::numeric_limits<float>::lowest();
  expectResult(floats, {f32({2, 0}, {}), i32({1}, {1})},
               f32({2}, {lowest, lowest}));
  std::string ints =
      reduction("reduce_max", "tensor<0xi32>", "tensor<1xi32>", "tensor<i32>");
  expectResult(ints, {i32({0}, {}), i32({1}, {0})},
               i32({}, {std::numeric_limits<int32_t>::min()}));
}

TEST(ReductionKernels, ReduceMin) {
  Tensor x = i32({2, 3}, {1, 5, 3, -2, -7, -1});
  std::string source = reduction("reduce_min", "tensor<2x3xi32>",
                                 "tensor<1xi32>", "tensor<?xi32>");
  expectResult(source, {x, i32({1}, {1})}, i32({2}, {1, -7}));
  expectResult(source, {x, i32({1}, {-2})}, i32({3}, {-2, -7, -1}));
  // An empty reduction gives max(); NaN is skipped like in reduce_max.
  std::string empty =
      reduction("reduce_min", "tensor<0xi32>", "tensor<1xi32>", "tensor<i32>");
  expectResult(empty, {i32({0}, {}), i32({1}, {0})},
               i32({}, {std::numeric_limits<int32_t>::max()}));
  std::string floats = reduction("reduce_min", "tensor<2x2xf32>",
                                 "tensor<1xi32>", "tensor<2xf32>");
  expectResult(floats, {f32({2, 2}, {NAN, 1, 2, NAN}), i32({1}, {1})},
               f32({2}, {1, 2}));
}

TEST(ReductionKernels, ReduceMaxSkipsNaN) {
  // `in > max ? in : max` never picks a NaN.
  std::string source = reduction("reduce_max", "tensor<2x2xf32>",
                                 "tensor<1xi32>", "tensor<2xf32>");
  expectResult(source, {f32({2, 2}, {NAN, 1, 2, NAN}), i32({1}, {1})},
               f32({2}, {1, 2}));
  std::string bytes =
      reduction("reduce_max", "tensor<3xui8>", "tensor<1xi32>", "tensor<ui8>");
  expectResult(bytes, {u8({3}, {7, 255, 0}), i32({1}, {0})}, u8({}, {255}));
}

//===----------------------------------------------------------------------===//
// fully_connected
//===----------------------------------------------------------------------===//

// x = [[1, 2, 3], [4, 5, 6]], w = [[1, 0, -1], [0.5, 0.5, 0.5]]:
// x w^T = [[-2, 3], [-2, 7.5]].
Tensor fcInput() { return f32({2, 3}, {1, 2, 3, 4, 5, 6}); }
Tensor fcFilter() { return f32({2, 3}, {1, 0, -1, 0.5, 0.5, 0.5}); }

TEST(LinalgKernels, FullyConnectedWithBias) {
  const char *source = R"(
func.func @main(%x: tensor<2x3xf32>, %w: tensor<2x3xf32>, %b: tensor<2xf32>) -> tensor<2x2xf32> {
  %0 = lite.fully_connected %x, %w, %b : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
})";
  expectResult(source, {fcInput(), fcFilter(), f32({2}, {10, 20})},
               f32({2, 2}, {8, 23, 8, 27.5}));
}

TEST(LinalgKernels, FullyConnectedWithoutBiasAndRelu) {
  const char *source = R"(
func.func @main(%x: tensor<2x3xf32>, %w: tensor<2x3xf32>) -> (tensor<2x2xf32>) {
  %0 = lite.fully_connected %x, %w : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
})";
  expectResult(source, {fcInput(), fcFilter()}, f32({2, 2}, {-2, 3, -2, 7.5}));
  const char *relu = R"(
func.func @main(%x: tensor<2x3xf32>, %w: tensor<2x3xf32>) -> (tensor<2x2xf32>) {
  %0 = lite.fully_connected %x, %w {fused_activation_function = #lite.activation<RELU>} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
})";
  expectResult(relu, {fcInput(), fcFilter()}, f32({2, 2}, {0, 3, 0, 7.5}));
}

TEST(LinalgKernels, FullyConnectedKeepNumDims) {
  const char *keep = R"(
func.func @main(%x: tensor<2x1x3xf32>, %w: tensor<2x3xf32>) -> tensor<2x1x2xf32> {
  %0 = lite.fully_connected %x, %w {keep_num_dims = true} : (tensor<2x1x3xf32>, tensor<2x3xf32>) -> tensor<2x1x2xf32>
  return %0 : tensor<2x1x2xf32>
})";
  Tensor x3 = fcInput().reshaped({2, 1, 3});
  expectResult(keep, {x3, fcFilter()}, f32({2, 1, 2}, {-2, 3, -2, 7.5}));
  const char *flatten = R"(
func.func @main(%x: tensor<2x1x3xf32>, %w: tensor<2x3xf32>) -> tensor<2x2xf32> {
  %0 = lite.fully_connected %x, %w : (tensor<2x1x3xf32>, tensor<2x3xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
})";
  expectResult(flatten, {x3, fcFilter()}, f32({2, 2}, {-2, 3, -2, 7.5}));
}

TEST(LinalgKernels, FullyConnectedFlattensByElementCount) {
  // As in TFLite, only the element count must be a multiple of depth: a
  // [1, 6] input is read as [2, 3].
  const char *source = R"(
func.func @main(%x: tensor<?x?xf32>, %w: tensor<2x3xf32>) -> tensor<?x2xf32> {
  %0 = lite.fully_connected %x, %w : (tensor<?x?xf32>, tensor<2x3xf32>) -> tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
})";
  expectResult(source, {fcInput().reshaped({1, 6}), fcFilter()},
               f32({2, 2}, {-2, 3, -2, 7.5}));
  expectError(source, {f32({1, 4}, {1, 2, 3, 4}), fcFilter()},
              "fully_connected input float32[1, 4] cannot be flattened into "
              "rows of depth 3");
  // Empty batch.
  expectResult(source, {f32({0, 3}, {}), fcFilter()}, f32({0, 2}, {}));
}

TEST(LinalgKernels, FullyConnectedKeepNumDimsNeedsDepth) {
  const char *source = R"(
func.func @main(%x: tensor<?x?xf32>, %w: tensor<2x3xf32>) -> tensor<?x2xf32> {
  %0 = lite.fully_connected %x, %w {keep_num_dims = true} : (tensor<?x?xf32>, tensor<2x3xf32>) -> tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
})";
  expectError(source, {fcInput().reshaped({1, 6}), fcFilter()},
              "must have last dimension 3");
}

TEST(LinalgKernels, FullyConnectedZeroDepthGivesBias) {
  const char *source = R"(
func.func @main(%x: tensor<2x0xf32>, %w: tensor<2x0xf32>, %b: tensor<2xf32>) -> tensor<2x2xf32> {
  %0 = lite.fully_connected %x, %w, %b : (tensor<2x0xf32>, tensor<2x0xf32>, tensor<2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
})";
  expectResult(source, {f32({2, 0}, {}), f32({2, 0}, {}), f32({2}, {1, -1})},
               f32({2, 2}, {1, -1, 1, -1}));
}

TEST(LinalgKernels, FullyConnectedIntegersWrap) {
  const char *source = R"(
func.func @main(%x: tensor<1x2xi32>, %w: tensor<1x2xi32>, %b: tensor<1xi32>) -> tensor<1x1xi32> {
  %0 = lite.fully_connected %x, %w, %b : (tensor<1x2xi32>, tensor<1x2xi32>, tensor<1xi32>) -> tensor<1x1xi32>
  return %0 : tensor<1x1xi32>
})";
  // 65536 * 65536 wraps to 0; 3 * 4 + 5 = 17.
  expectResult(
      source, {i32({1, 2}, {65536, 3}), i32({1, 2}, {65536, 4}), i32({1}, {5})},
      i32({1, 1}, {17}));
}

TEST(LinalgKernels, FullyConnectedRejectsQuantizedTypes) {
  const char *source = R"(
func.func @main(%x: tensor<1x2xi8>, %w: tensor<1x2xi8>) -> tensor<1x1xi8> {
  %0 = lite.fully_connected %x, %w : (tensor<1x2xi8>, tensor<1x2xi8>) -> tensor<1x1xi8>
  return %0 : tensor<1x1xi8>
})";
  expectError(source, {i8({1, 2}, {1, 2}), i8({1, 2}, {3, 4})},
              "as quantized values");
}

//===----------------------------------------------------------------------===//
// batch_matmul
//===----------------------------------------------------------------------===//

std::string matmul(llvm::StringRef x, llvm::StringRef y, llvm::StringRef z,
                   llvm::StringRef attrs = "") {
  return "func.func @main(%x: " + x.str() + ", %y: " + y.str() + ") -> " +
         z.str() + " {\n  %0 = lite.batch_matmul %x, %y " + attrs.str() +
         " : (" + x.str() + ", " + y.str() + ") -> " + z.str() +
         "\n  return %0 : " + z.str() + "\n}\n";
}

// [[1, 2, 3], [4, 5, 6]] @ [[7, 8], [9, 10], [11, 12]]
//   = [[58, 64], [139, 154]].
TEST(LinalgKernels, BatchMatMulAdjoints) {
  Tensor x = f32({2, 3}, {1, 2, 3, 4, 5, 6});
  Tensor xT = f32({3, 2}, {1, 4, 2, 5, 3, 6});
  Tensor y = f32({3, 2}, {7, 8, 9, 10, 11, 12});
  Tensor yT = f32({2, 3}, {7, 9, 11, 8, 10, 12});
  Tensor z = f32({2, 2}, {58, 64, 139, 154});
  expectResult(matmul("tensor<2x3xf32>", "tensor<3x2xf32>", "tensor<2x2xf32>"),
               {x, y}, z);
  expectResult(matmul("tensor<3x2xf32>", "tensor<3x2xf32>", "tensor<2x2xf32>",
                      "{adj_x = true}"),
               {xT, y}, z);
  expectResult(matmul("tensor<2x3xf32>", "tensor<2x3xf32>", "tensor<2x2xf32>",
                      "{adj_y = true}"),
               {x, yT}, z);
  expectResult(matmul("tensor<3x2xf32>", "tensor<2x3xf32>", "tensor<2x2xf32>",
                      "{adj_x = true, adj_y = true}"),
               {xT, yT}, z);
}

TEST(LinalgKernels, BatchMatMulBroadcastsBatchDimensions) {
  // x: [2, 1, 1, 2] (rows [1, 2] and [3, 4]); y: [3, 2, 1] (columns [5, 6],
  // [7, 8], [9, 10]); z[a][b] = x[a] . y[b], shape [2, 3, 1, 1].
  expectResult(
      matmul("tensor<2x1x1x2xf32>", "tensor<3x2x1xf32>", "tensor<2x3x1x1xf32>"),
      {f32({2, 1, 1, 2}, {1, 2, 3, 4}), f32({3, 2, 1}, {5, 6, 7, 8, 9, 10})},
      f32({2, 3, 1, 1}, {17, 23, 29, 39, 53, 67}));
  // A plain matrix against a batch of two: [2, 3] @ [2, 3, 1].
  expectResult(
      matmul("tensor<2x3xi32>", "tensor<2x3x1xi32>", "tensor<2x2x1xi32>"),
      {i32({2, 3}, {1, 2, 3, 4, 5, 6}), i32({2, 3, 1}, {1, 0, 0, 0, 0, 1})},
      i32({2, 2, 1}, {1, 4, 3, 6}));
}

TEST(LinalgKernels, BatchMatMulEmptyContraction) {
  expectResult(matmul("tensor<2x0xf32>", "tensor<0x3xf32>", "tensor<2x3xf32>"),
               {f32({2, 0}, {}), f32({0, 3}, {})},
               f32({2, 3}, {0, 0, 0, 0, 0, 0}));
  expectResult(
      matmul("tensor<0x2x2xf32>", "tensor<2x2xf32>", "tensor<0x2x2xf32>"),
      {f32({0, 2, 2}, {}), f32({2, 2}, {1, 2, 3, 4})}, f32({0, 2, 2}, {}));
}

TEST(LinalgKernels, BatchMatMulShapeErrors) {
  std::string source =
      matmul("tensor<?x?x?xf32>", "tensor<?x?x?xf32>", "tensor<?x?x?xf32>");
  std::vector<float> zeros(24, 0.0f);
  expectError(source,
              {f32({2, 2, 3}, llvm::ArrayRef(zeros).take_front(12)),
               f32({3, 3, 2}, llvm::ArrayRef(zeros).take_front(18))},
              "batch_matmul batch dimensions of float32[2, 2, 3] and "
              "float32[3, 3, 2] do not broadcast");
  expectError(source,
              {f32({1, 2, 3}, llvm::ArrayRef(zeros).take_front(6)),
               f32({1, 2, 2}, llvm::ArrayRef(zeros).take_front(4))},
              "batch_matmul contraction dimensions differ: 3");
}

} // namespace
