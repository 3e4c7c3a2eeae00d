//===- ShapeKernelsTest.cpp - shape manipulation reference kernels --------===//
//
// Runs small lite programs through the reference interpreter and checks the
// shape kernels: reshape, expand_dims, squeeze, concatenation, pack, unpack,
// slice, strided_slice (every mask, against values worked out by hand from
// numpy's semantics), dynamic_update_slice (start indices clamped as
// TFLite and XLA clamp them), gather, transpose, fill, tile, range and shape,
// including
// empty and rank-0 tensors and their run-time errors.
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

/// 0, 1, 2, ... in the given shape.
Tensor iotaF32(llvm::ArrayRef<int64_t> shape) {
  std::vector<float> values(getNumElements(shape));
  std::iota(values.begin(), values.end(), 0.0f);
  return f32(shape, values);
}
Tensor iotaI32(llvm::ArrayRef<int64_t> shape) {
  std::vector<int32_t> values(getNumElements(shape));
  std::iota(values.begin(), values.end(), 0);
  return i32(shape, values);
}

//===----------------------------------------------------------------------===//
// reshape, expand_dims, squeeze
//===----------------------------------------------------------------------===//

TEST(ShapeKernels, ReshapeInfersMinusOne) {
  const char *source = R"(
func.func @main(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %s = lite.constant dense<[3, -1]> : tensor<2xi32>
  %0 = lite.reshape %x, %s : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
})";
  expectResult(source, {iotaF32({2, 3})}, iotaF32({3, 2}));
}

TEST(ShapeKernels, ReshapeToAndFromRankZero) {
  const char *source = R"(
func.func @main(%x: tensor<f32>) -> (tensor<1x1xf32>, tensor<f32>) {
  %s = lite.constant dense<[1, 1]> : tensor<2xi32>
  %e = lite.constant dense<> : tensor<0xi32>
  %0 = lite.reshape %x, %s : (tensor<f32>, tensor<2xi32>) -> tensor<1x1xf32>
  %1 = lite.reshape %0, %e : (tensor<1x1xf32>, tensor<0xi32>) -> tensor<f32>
  return %0, %1 : tensor<1x1xf32>, tensor<f32>
})";
  expectResults(source, {f32({}, {4.5f})},
                {f32({1, 1}, {4.5f}), f32({}, {4.5f})});
}

TEST(ShapeKernels, ReshapeEmpty) {
  const char *source = R"(
func.func @main(%x: tensor<0x3xf32>, %s: tensor<2xi32>) -> tensor<?x?xf32> {
  %0 = lite.reshape %x, %s : (tensor<0x3xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
})";
  Tensor empty = f32({0, 3}, {});
  expectResult(source, {empty, i32({2}, {5, 0})}, f32({5, 0}, {}));
  expectResult(source, {empty, i32({2}, {-1, 6})}, f32({0, 6}, {}));
  // -1 next to a 0 entry is ambiguous.
  expectError(source, {empty, i32({2}, {-1, 0})}, "cannot infer the -1 entry");
}

TEST(ShapeKernels, ReshapeErrors) {
  const char *source = R"(
func.func @main(%x: tensor<2x3xf32>, %s: tensor<2xi32>) -> tensor<?x?xf32> {
  %0 = lite.reshape %x, %s : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
})";
  Tensor x = iotaF32({2, 3});
  expectError(source, {x, i32({2}, {4, -1})},
              "cannot reshape float32[2, 3] (6 elements) into [4, -1]");
  expectError(source, {x, i32({2}, {4, 2})}, "cannot reshape");
  expectError(source, {x, i32({2}, {-1, -1})}, "more than one -1 entry");
  expectError(source, {x, i32({2}, {-2, -3})}, "negative entry -2");
}

TEST(ShapeKernels, ExpandDimsNegativeAxes) {
  const char *source = R"(
func.func @main(%x: tensor<2x3xi32>, %a: tensor<i32>) -> tensor<?x?x?xi32> {
  %0 = lite.expand_dims %x, %a : (tensor<2x3xi32>, tensor<i32>) -> tensor<?x?x?xi32>
  return %0 : tensor<?x?x?xi32>
})";
  Tensor x = iotaI32({2, 3});
  // Valid axes are [-(r+1), r] = [-3, 2].
  expectResult(source, {x, i32({}, {0})}, iotaI32({1, 2, 3}));
  expectResult(source, {x, i32({}, {-3})}, iotaI32({1, 2, 3}));
  expectResult(source, {x, i32({}, {1})}, iotaI32({2, 1, 3}));
  expectResult(source, {x, i32({}, {2})}, iotaI32({2, 3, 1}));
  expectResult(source, {x, i32({}, {-1})}, iotaI32({2, 3, 1}));
  expectError(source, {x, i32({}, {3})}, "axis 3 is out of range for rank 3");
  expectError(source, {x, i32({}, {-4})}, "axis -4 is out of range");
}

TEST(ShapeKernels, ExpandDimsOfScalar) {
  const char *source = R"(
func.func @main(%x: tensor<f32>) -> tensor<1xf32> {
  %a = lite.constant dense<[-1]> : tensor<1xi64>
  %0 = lite.expand_dims %x, %a : (tensor<f32>, tensor<1xi64>) -> tensor<1xf32>
  return %0 : tensor<1xf32>
})";
  expectResult(source, {f32({}, {2})}, f32({1}, {2}));
}

TEST(ShapeKernels, Squeeze) {
  const char *all = R"(
func.func @main(%x: tensor<1x3x1xf32>) -> tensor<3xf32> {
  %0 = lite.squeeze %x : (tensor<1x3x1xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
})";
  expectResult(all, {iotaF32({1, 3, 1})}, iotaF32({3}));
  const char *last = R"(
func.func @main(%x: tensor<1x3x1xf32>) -> tensor<1x3xf32> {
  %0 = lite.squeeze %x {squeeze_dims = array<i32: -1>} : (tensor<1x3x1xf32>) -> tensor<1x3xf32>
  return %0 : tensor<1x3xf32>
})";
  expectResult(last, {iotaF32({1, 3, 1})}, iotaF32({1, 3}));
  // Every dimension is 1: the result is a scalar.
  const char *scalar = R"(
func.func @main(%x: tensor<1x1xf32>) -> tensor<f32> {
  %0 = lite.squeeze %x : (tensor<1x1xf32>) -> tensor<f32>
  return %0 : tensor<f32>
})";
  expectResult(scalar, {f32({1, 1}, {7})}, f32({}, {7}));
}

TEST(ShapeKernels, SqueezeOfDynamicDimensions) {
  const char *source = R"(
func.func @main(%x: tensor<?x3xf32>) -> tensor<3xf32> {
  %0 = lite.squeeze %x {squeeze_dims = array<i32: 0>} : (tensor<?x3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
})";
  expectResult(source, {iotaF32({1, 3})}, iotaF32({3}));
  expectError(source, {iotaF32({2, 3})},
              "cannot squeeze dimension 0 of float32[2, 3]");
  // Without squeeze_dims only the size-1 dimensions go; a 0 stays.
  const char *all = R"(
func.func @main(%x: tensor<?x?xf32>) -> tensor<*xf32> {
  %0 = lite.squeeze %x : (tensor<?x?xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
})";
  expectResult(all, {f32({0, 1}, {})}, f32({0}, {}));
}

//===----------------------------------------------------------------------===//
// concatenation, pack, unpack
//===----------------------------------------------------------------------===//

TEST(ShapeKernels, ConcatenationNegativeAxis) {
  const char *source = R"(
func.func @main(%a: tensor<2x1xf32>, %b: tensor<2x2xf32>) -> tensor<2x3xf32> {
  %0 = lite.concatenation %a, %b {axis = -1 : i32} : (tensor<2x1xf32>, tensor<2x2xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
})";
  expectResult(source, {f32({2, 1}, {1, 2}), f32({2, 2}, {3, 4, 5, 6})},
               f32({2, 3}, {1, 3, 4, 2, 5, 6}));
}

TEST(ShapeKernels, ConcatenationAppliesFusedActivation) {
  const char *source = R"(
func.func @main(%a: tensor<2xf32>, %b: tensor<1xf32>) -> tensor<3xf32> {
  %0 = lite.concatenation %a, %b {axis = 0 : i32, fused_activation_function = #lite.activation<RELU6>} : (tensor<2xf32>, tensor<1xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
})";
  expectResult(source, {f32({2}, {-1, 3}), f32({1}, {9})}, f32({3}, {0, 3, 6}));
}

TEST(ShapeKernels, ConcatenationWithEmptyValue) {
  const char *source = R"(
func.func @main(%a: tensor<0x2xi32>, %b: tensor<1x2xi32>, %c: tensor<0x2xi32>) -> tensor<1x2xi32> {
  %0 = lite.concatenation %a, %b, %c {axis = 0 : i32} : (tensor<0x2xi32>, tensor<1x2xi32>, tensor<0x2xi32>) -> tensor<1x2xi32>
  return %0 : tensor<1x2xi32>
})";
  expectResult(source, {i32({0, 2}, {}), i32({1, 2}, {5, 6}), i32({0, 2}, {})},
               i32({1, 2}, {5, 6}));
}

TEST(ShapeKernels, ConcatenationMismatchAtRunTime) {
  const char *source = R"(
func.func @main(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = lite.concatenation %a, %b {axis = 1 : i32} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
})";
  expectError(source, {iotaF32({2, 2}), iotaF32({3, 2})},
              "concatenation value #1 is float32[3, 2]");
}

TEST(ShapeKernels, PackAxes) {
  const char *axis0 = R"(
func.func @main(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = lite.pack %a, %b {axis = 0 : i32} : (tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
})";
  Tensor a = f32({3}, {1, 2, 3}), b = f32({3}, {4, 5, 6});
  expectResult(axis0, {a, b}, f32({2, 3}, {1, 2, 3, 4, 5, 6}));
  // np.stack([a, b], axis=-1) = [[1, 4], [2, 5], [3, 6]].
  const char *last = R"(
func.func @main(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3x2xf32> {
  %0 = lite.pack %a, %b {axis = -1 : i32} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
})";
  expectResult(last, {a, b}, f32({3, 2}, {1, 4, 2, 5, 3, 6}));
}

TEST(ShapeKernels, PackScalarsAndMismatch) {
  const char *scalars = R"(
func.func @main(%a: tensor<i64>, %b: tensor<i64>) -> tensor<2xi64> {
  %0 = lite.pack %a, %b : (tensor<i64>, tensor<i64>) -> tensor<2xi64>
  return %0 : tensor<2xi64>
})";
  expectResult(scalars, {i64({}, {7}), i64({}, {-8})}, i64({2}, {7, -8}));
  const char *dynamic = R"(
func.func @main(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<2x?xf32> {
  %0 = lite.pack %a, %b : (tensor<?xf32>, tensor<?xf32>) -> tensor<2x?xf32>
  return %0 : tensor<2x?xf32>
})";
  expectError(dynamic, {iotaF32({2}), iotaF32({3})},
              "pack value #1 is float32[3] but value #0 is float32[2]");
}

TEST(ShapeKernels, UnpackAxes) {
  const char *axis1 = R"(
func.func @main(%x: tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
  %0:3 = lite.unpack %x {axis = 1 : i32} : (tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
  return %0#0, %0#1, %0#2 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
})";
  Tensor x = f32({2, 3}, {1, 2, 3, 4, 5, 6});
  expectResults(axis1, {x},
                {f32({2}, {1, 4}), f32({2}, {2, 5}), f32({2}, {3, 6})});
  const char *negative = R"(
func.func @main(%x: tensor<2x3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %0:2 = lite.unpack %x {axis = -2 : i32} : (tensor<2x3xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  return %0#0, %0#1 : tensor<3xf32>, tensor<3xf32>
})";
  expectResults(negative, {x}, {f32({3}, {1, 2, 3}), f32({3}, {4, 5, 6})});
}

TEST(ShapeKernels, UnpackCountMismatch) {
  const char *source = R"(
func.func @main(%x: tensor<?x3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %0:2 = lite.unpack %x : (tensor<?x3xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  return %0#0, %0#1 : tensor<3xf32>, tensor<3xf32>
})";
  expectError(source, {iotaF32({3, 3})},
              "gives 3 values but the op has 2 results");
}

//===----------------------------------------------------------------------===//
// slice
//===----------------------------------------------------------------------===//

const char *kSlice = R"(
func.func @main(%x: tensor<3x4xf32>, %b: tensor<2xi32>, %s: tensor<2xi32>) -> tensor<?x?xf32> {
  %0 = lite.slice %x, %b, %s : (tensor<3x4xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
})";

TEST(ShapeKernels, SliceWithSizeMinusOne) {
  // x = arange(12).reshape(3, 4); x[1:3, 1:] = [[5, 6, 7], [9, 10, 11]].
  expectResult(kSlice, {iotaF32({3, 4}), i32({2}, {1, 1}), i32({2}, {2, -1})},
               f32({2, 3}, {5, 6, 7, 9, 10, 11}));
  // Empty slices: size 0, and begin at the very end with size -1.
  expectResult(kSlice, {iotaF32({3, 4}), i32({2}, {1, 4}), i32({2}, {2, -1})},
               f32({2, 0}, {}));
  expectResult(kSlice, {iotaF32({3, 4}), i32({2}, {0, 0}), i32({2}, {0, 4})},
               f32({0, 4}, {}));
}

TEST(ShapeKernels, SliceOutOfRange) {
  Tensor x = iotaF32({3, 4});
  expectError(kSlice, {x, i32({2}, {2, 0}), i32({2}, {2, 1})},
              "slice of size 2 from 2 runs past the end of dimension 0");
  expectError(kSlice, {x, i32({2}, {-1, 0}), i32({2}, {1, 1})},
              "slice begin -1 is out of range [0, 3] for dimension 0");
  expectError(kSlice, {x, i32({2}, {0, 5}), i32({2}, {1, -1})},
              "slice begin 5 is out of range [0, 4]");
  expectError(kSlice, {x, i32({2}, {0, 0}), i32({2}, {1, -2})},
              "slice size -2 for dimension 1 is negative");
}

TEST(ShapeKernels, SliceInt64Indices) {
  const char *source = R"(
func.func @main(%x: tensor<5xi32>) -> tensor<2xi32> {
  %b = lite.constant dense<[3]> : tensor<1xi64>
  %s = lite.constant dense<[-1]> : tensor<1xi64>
  %0 = lite.slice %x, %b, %s : (tensor<5xi32>, tensor<1xi64>, tensor<1xi64>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
})";
  expectResult(source, {iotaI32({5})}, i32({2}, {3, 4}));
}

//===----------------------------------------------------------------------===//
// strided_slice
//===----------------------------------------------------------------------===//

/// A strided_slice of `input` (type `inputType`) with begin/end/strides of
/// `n` int32 entries passed as arguments, and `attrs`.
std::string stridedSlice(llvm::StringRef inputType, int n,
                         llvm::StringRef attrs, llvm::StringRef resultType) {
  std::string v = "tensor<" + std::to_string(n) + "xi32>";
  return "func.func @main(%x: " + inputType.str() + ", %b: " + v +
         ", %e: " + v + ", %s: " + v + ") -> " + resultType.str() +
         " {\n  %0 = lite.strided_slice %x, %b, %e, %s " + attrs.str() +
         " : (" + inputType.str() + ", " + v + ", " + v + ", " + v + ") -> " +
         resultType.str() + "\n  return %0 : " + resultType.str() + "\n}\n";
}

/// a = np.arange(10) sliced with one entry.
void expectSlice1D(llvm::StringRef attrs, int32_t begin, int32_t end,
                   int32_t stride, llvm::ArrayRef<int32_t> expected) {
  std::string source =
      stridedSlice("tensor<10xi32>", 1, attrs, "tensor<?xi32>");
  expectResult(
      source,
      {iotaI32({10}), i32({1}, {begin}), i32({1}, {end}), i32({1}, {stride})},
      i32({static_cast<int64_t>(expected.size())}, expected));
}

TEST(ShapeKernels, StridedSliceBasicRanges) {
  // a = np.arange(10); each line is a[begin:end:stride].
  expectSlice1D("", 1, 7, 2, {1, 3, 5});
  expectSlice1D("", 8, 2, -2, {8, 6, 4});
  expectSlice1D("", -100, 100, 1, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9});
  expectSlice1D("", 5, 2, 1, {});
  // -1 is index 9, which is not below 5.
  expectSlice1D("", 5, -1, -1, {});
  expectSlice1D("", 5, -100, -1, {5, 4, 3, 2, 1, 0});
  expectSlice1D("", -3, -1, 1, {7, 8});
  expectSlice1D("", 2, 9, 3, {2, 5, 8});
  expectSlice1D("", 0, 10, 100, {0});
}

TEST(ShapeKernels, StridedSliceBeginAndEndMasks) {
  // a[::-1]: both masks, negative stride.
  expectSlice1D("{begin_mask = 1 : i32, end_mask = 1 : i32}", 3, 3, -1,
                {9, 8, 7, 6, 5, 4, 3, 2, 1, 0});
  // a[-3:]: end ignored.
  expectSlice1D("{end_mask = 1 : i32}", -3, 0, 1, {7, 8, 9});
  // a[:3:-1]: begin ignored, runs from the last element down to index 4.
  expectSlice1D("{begin_mask = 1 : i32}", 0, 3, -1, {9, 8, 7, 6, 5, 4});
  // a[7::-3] = [7, 4, 1].
  expectSlice1D("{end_mask = 1 : i32}", 7, 0, -3, {7, 4, 1});
  // a[:4]
  expectSlice1D("{begin_mask = 1 : i32}", 8, 4, 1, {0, 1, 2, 3});
}

TEST(ShapeKernels, StridedSliceOffset) {
  // With offset, end = begin + end: a[2:2+3].
  expectSlice1D("{offset = true}", 2, 3, 1, {2, 3, 4});
  // The begin is normalized first: -4 -> 6, so a[6:6+2].
  expectSlice1D("{offset = true}", -4, 2, 1, {6, 7});
  // And the end is clamped: a[8:8+5] = a[8:10].
  expectSlice1D("{offset = true}", 8, 5, 1, {8, 9});
}

TEST(ShapeKernels, StridedSliceShrinkAxis) {
  std::string source = stridedSlice(
      "tensor<10xi32>", 1, "{shrink_axis_mask = 1 : i32}", "tensor<i32>");
  Tensor a = iotaI32({10});
  // a[3] and a[-1] (the end entry does not matter).
  expectResult(source, {a, i32({1}, {3}), i32({1}, {0}), i32({1}, {1})},
               i32({}, {3}));
  expectResult(source, {a, i32({1}, {-1}), i32({1}, {0}), i32({1}, {1})},
               i32({}, {9}));
  expectError(source, {a, i32({1}, {10}), i32({1}, {11}), i32({1}, {1})},
              "strided_slice index 10 (entry #0) is out of range for "
              "dimension 0 of size 10");
  expectError(source, {a, i32({1}, {-11}), i32({1}, {0}), i32({1}, {1})},
              "strided_slice index -11 (entry #0) is out of range");
  expectError(source, {a, i32({1}, {2}), i32({1}, {1}), i32({1}, {-1})},
              "shrinks an axis and needs a positive stride");
}

TEST(ShapeKernels, StridedSliceMultiDimensional) {
  // x = np.arange(24).reshape(2, 3, 4): x[i, j, k] = 12 i + 4 j + k.
  Tensor x = iotaI32({2, 3, 4});
  // x[0, -1] = x[0, 2, :] = [8, 9, 10, 11] (trailing dims implied).
  std::string both = stridedSlice(
      "tensor<2x3x4xi32>", 2, "{shrink_axis_mask = 3 : i32}", "tensor<4xi32>");
  expectResult(both, {x, i32({2}, {0, -1}), i32({2}, {1, 0}), i32({2}, {1, 1})},
               i32({4}, {8, 9, 10, 11}));
  // x[1:] = elements 12..23 with shape [1, 3, 4].
  std::string tail = stridedSlice("tensor<2x3x4xi32>", 1,
                                  "{end_mask = 1 : i32}", "tensor<1x3x4xi32>");
  std::vector<int32_t> upper(12);
  std::iota(upper.begin(), upper.end(), 12);
  expectResult(tail, {x, i32({1}, {1}), i32({1}, {0}), i32({1}, {1})},
               i32({1, 3, 4}, upper));
  // x[:, 1:3, ::-2]: x[i, j, [3, 1]] for j in {1, 2}
  //   = [[[7, 5], [11, 9]], [[19, 17], [23, 21]]].
  std::string mixed = stridedSlice("tensor<2x3x4xi32>", 3,
                                   "{begin_mask = 5 : i32, end_mask = 5 : i32}",
                                   "tensor<2x2x2xi32>");
  expectResult(
      mixed,
      {x, i32({3}, {0, 1, 0}), i32({3}, {0, 3, 0}), i32({3}, {1, 1, -2})},
      i32({2, 2, 2}, {7, 5, 11, 9, 19, 17, 23, 21}));
}

TEST(ShapeKernels, StridedSliceEllipsis) {
  Tensor x = iotaI32({2, 3, 4});
  // x[..., 1] = x[:, :, 1] = [[1, 5, 9], [13, 17, 21]]: the ellipsis covers
  // two dimensions.
  std::string last =
      stridedSlice("tensor<2x3x4xi32>", 2,
                   "{ellipsis_mask = 1 : i32, shrink_axis_mask = 2 : i32}",
                   "tensor<2x3xi32>");
  expectResult(last, {x, i32({2}, {0, 1}), i32({2}, {0, 2}), i32({2}, {1, 1})},
               i32({2, 3}, {1, 5, 9, 13, 17, 21}));
  // x[1, ..., ::-2] = x[1, :, [3, 1]] = [[15, 13], [19, 17], [23, 21]]; the
  // begin/end entries under the ellipsis are ignored.
  std::string middle = stridedSlice(
      "tensor<2x3x4xi32>", 3,
      "{begin_mask = 4 : i32, end_mask = 4 : i32, ellipsis_mask = 2 : i32, "
      "shrink_axis_mask = 1 : i32}",
      "tensor<3x2xi32>");
  expectResult(
      middle,
      {x, i32({3}, {1, 99, 0}), i32({3}, {2, -99, 0}), i32({3}, {1, 7, -2})},
      i32({3, 2}, {15, 13, 19, 17, 23, 21}));
  // x[1, 2, ..., 3] = 23: the ellipsis stands for no dimension (numpy).
  std::string none = stridedSlice(
      "tensor<2x3x4xi32>", 4,
      "{ellipsis_mask = 4 : i32, shrink_axis_mask = 11 : i32}", "tensor<i32>");
  expectResult(none,
               {x, i32({4}, {1, 2, 0, 3}), i32({4}, {2, 3, 0, 4}),
                i32({4}, {1, 1, 1, 1})},
               i32({}, {23}));
}

TEST(ShapeKernels, StridedSliceNewAxis) {
  Tensor x = iotaI32({2, 3, 4});
  // x[:, None, 1] = [[[4, 5, 6, 7]], [[16, 17, 18, 19]]], shape [2, 1, 4].
  std::string middle = stridedSlice(
      "tensor<2x3x4xi32>", 3,
      "{begin_mask = 1 : i32, end_mask = 1 : i32, new_axis_mask = 2 : i32, "
      "shrink_axis_mask = 4 : i32}",
      "tensor<2x1x4xi32>");
  expectResult(
      middle,
      {x, i32({3}, {0, 0, 1}), i32({3}, {0, 0, 2}), i32({3}, {1, 1, 1})},
      i32({2, 1, 4}, {4, 5, 6, 7, 16, 17, 18, 19}));
  // x[None, ..., None]: shape [1, 2, 3, 4, 1], same elements.
  std::string around =
      stridedSlice("tensor<2x3x4xi32>", 3,
                   "{ellipsis_mask = 2 : i32, new_axis_mask = 5 : i32}",
                   "tensor<1x2x3x4x1xi32>");
  expectResult(
      around,
      {x, i32({3}, {0, 0, 0}), i32({3}, {0, 0, 0}), i32({3}, {1, 1, 1})},
      iotaI32({1, 2, 3, 4, 1}));
  // a[None] on a vector, with the shrink bit on the same entry ignored:
  // shape [1, 3].
  std::string shrinkIgnored =
      stridedSlice("tensor<3xi32>", 1,
                   "{new_axis_mask = 1 : i32, shrink_axis_mask = 1 : i32}",
                   "tensor<1x3xi32>");
  expectResult(shrinkIgnored,
               {iotaI32({3}), i32({1}, {2}), i32({1}, {2}), i32({1}, {1})},
               iotaI32({1, 3}));
  // Ellipsis and new_axis on the same entry: the ellipsis wins.
  // x[..., 0] with bit 0 in both masks = x[:, :, 0].
  std::string ellipsisWins =
      stridedSlice("tensor<2x3x4xi32>", 2,
                   "{ellipsis_mask = 1 : i32, new_axis_mask = 1 : i32, "
                   "shrink_axis_mask = 2 : i32}",
                   "tensor<2x3xi32>");
  expectResult(ellipsisWins,
               {x, i32({2}, {0, 0}), i32({2}, {0, 1}), i32({2}, {1, 1})},
               i32({2, 3}, {0, 4, 8, 12, 16, 20}));
}

TEST(ShapeKernels, StridedSliceEmptyAndRankZero) {
  // A zero-size dimension: a[::-1] and a[1:3] are empty.
  std::string source = stridedSlice(
      "tensor<0xf32>", 1, "{begin_mask = 1 : i32, end_mask = 1 : i32}",
      "tensor<?xf32>");
  expectResult(source,
               {f32({0}, {}), i32({1}, {0}), i32({1}, {0}), i32({1}, {-1})},
               f32({0}, {}));
  std::string plain = stridedSlice("tensor<0xf32>", 1, "", "tensor<?xf32>");
  expectResult(plain,
               {f32({0}, {}), i32({1}, {1}), i32({1}, {3}), i32({1}, {1})},
               f32({0}, {}));
  // Indexing into a zero-size dimension is an error.
  std::string shrink = stridedSlice(
      "tensor<0xf32>", 1, "{shrink_axis_mask = 1 : i32}", "tensor<f32>");
  expectError(shrink,
              {f32({0}, {}), i32({1}, {0}), i32({1}, {1}), i32({1}, {1})},
              "out of range for dimension 0 of size 0");
  // A scalar with an empty spec is itself; x[None] of a scalar is [1].
  const char *scalar = R"(
func.func @main(%x: tensor<f32>) -> (tensor<f32>, tensor<1xf32>) {
  %e = lite.constant dense<> : tensor<0xi32>
  %z = lite.constant dense<0> : tensor<1xi32>
  %o = lite.constant dense<1> : tensor<1xi32>
  %0 = lite.strided_slice %x, %e, %e, %e : (tensor<f32>, tensor<0xi32>, tensor<0xi32>, tensor<0xi32>) -> tensor<f32>
  %1 = lite.strided_slice %x, %z, %z, %o {new_axis_mask = 1 : i32} : (tensor<f32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<1xf32>
  return %0, %1 : tensor<f32>, tensor<1xf32>
})";
  expectResults(scalar, {f32({}, {3})}, {f32({}, {3}), f32({1}, {3})});
}

TEST(ShapeKernels, StridedSliceErrors) {
  std::string source = stridedSlice("tensor<10xi32>", 1, "", "tensor<?xi32>");
  Tensor a = iotaI32({10});
  expectError(source, {a, i32({1}, {0}), i32({1}, {5}), i32({1}, {0})},
              "strided_slice stride #0 is zero");
  std::string tooMany = stridedSlice("tensor<10xi32>", 2, "", "tensor<?xi32>");
  expectError(tooMany,
              {a, i32({2}, {0, 0}), i32({2}, {1, 1}), i32({2}, {1, 1})},
              "strided_slice indexes 2 dimensions but the input int32[10] "
              "has only 1");
}

TEST(ShapeKernels, StridedSliceHugeInt64Indices) {
  // a[-2^40 : 2^40 : 3] clamps to a[0:10:3] = [0, 3, 6, 9].
  const char *source = R"(
func.func @main(%x: tensor<10xi32>) -> tensor<4xi32> {
  %b = lite.constant dense<[-1099511627776]> : tensor<1xi64>
  %e = lite.constant dense<[1099511627776]> : tensor<1xi64>
  %s = lite.constant dense<[3]> : tensor<1xi64>
  %0 = lite.strided_slice %x, %b, %e, %s : (tensor<10xi32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
})";
  expectResult(source, {iotaI32({10})}, i32({4}, {0, 3, 6, 9}));
}

//===----------------------------------------------------------------------===//
// dynamic_update_slice
//===----------------------------------------------------------------------===//

const char *kDynamicUpdateSlice = R"(
func.func @main(%x: tensor<3x4xf32>, %u: tensor<?x?xf32>, %i: tensor<?xi32>) -> tensor<3x4xf32> {
  %0 = lite.dynamic_update_slice %x, %u, %i : (tensor<3x4xf32>, tensor<?x?xf32>, tensor<?xi32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
})";

TEST(ShapeKernels, DynamicUpdateSlice) {
  // x = arange(12).reshape(3, 4); x[1:3, 1:3] = u.
  Tensor u = f32({2, 2}, {100, 101, 102, 103});
  expectResult(kDynamicUpdateSlice, {iotaF32({3, 4}), u, i32({2}, {1, 1})},
               f32({3, 4}, {0, 1, 2, 3, 4, 100, 101, 7, 8, 102, 103, 11}));
  // A single element, at the last position.
  expectResult(kDynamicUpdateSlice,
               {iotaF32({3, 4}), f32({1, 1}, {-1}), i32({2}, {2, 3})},
               f32({3, 4}, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, -1}));
}

TEST(ShapeKernels, DynamicUpdateSliceClampsStartIndices) {
  Tensor x = iotaF32({3, 4});
  Tensor u = f32({2, 2}, {100, 101, 102, 103});
  // Each start is clamped to [0, operand_dim - update_dim]: (5, -3) writes
  // at (1, 0), (-1, 3) at (0, 2).
  expectResult(kDynamicUpdateSlice, {x, u, i32({2}, {5, -3})},
               f32({3, 4}, {0, 1, 2, 3, 100, 101, 6, 7, 102, 103, 10, 11}));
  expectResult(kDynamicUpdateSlice, {x, u, i32({2}, {-1, 3})},
               f32({3, 4}, {0, 1, 100, 101, 4, 5, 102, 103, 8, 9, 10, 11}));
  // An update of the operand's shape replaces it whatever the start.
  Tensor whole =
      f32({3, 4}, {-1, -2, -3, -4, -5, -6, -7, -8, -9, -10, -11, -12});
  expectResult(kDynamicUpdateSlice, {x, whole, i32({2}, {2, -7})}, whole);
  // An empty update changes nothing, even from a start past the end.
  expectResult(kDynamicUpdateSlice, {x, f32({0, 2}, {}), i32({2}, {9, 9})}, x);
}

TEST(ShapeKernels, DynamicUpdateSliceInt64IndicesAndDTypes) {
  // int64 start indices beyond int32's range clamp like any other.
  const char *source = R"(
func.func @main(%x: tensor<5xi1>, %u: tensor<2xi1>, %y: tensor<2x3xui8>, %v: tensor<2x1xui8>, %i: tensor<1xi64>, %j: tensor<2xi64>) -> (tensor<5xi1>, tensor<2x3xui8>) {
  %0 = lite.dynamic_update_slice %x, %u, %i : (tensor<5xi1>, tensor<2xi1>, tensor<1xi64>) -> tensor<5xi1>
  %1 = lite.dynamic_update_slice %y, %v, %j : (tensor<2x3xui8>, tensor<2x1xui8>, tensor<2xi64>) -> tensor<2x3xui8>
  return %0, %1 : tensor<5xi1>, tensor<2x3xui8>
})";
  int64_t big = int64_t(1) << 40;
  expectResults(source,
                {boolean({5}, {false, false, false, false, false}),
                 boolean({2}, {true, true}), u8({2, 3}, {1, 2, 3, 4, 5, 6}),
                 u8({2, 1}, {200, 255}), i64({1}, {big}),
                 i64({2}, {-big, big})},
                {boolean({5}, {false, false, false, true, true}),
                 u8({2, 3}, {1, 2, 200, 4, 5, 255})});
}

TEST(ShapeKernels, DynamicUpdateSliceOfScalar) {
  const char *source = R"(
func.func @main(%x: tensor<i64>, %u: tensor<i64>) -> tensor<i64> {
  %i = lite.constant dense<> : tensor<0xi32>
  %0 = lite.dynamic_update_slice %x, %u, %i : (tensor<i64>, tensor<i64>, tensor<0xi32>) -> tensor<i64>
  return %0 : tensor<i64>
})";
  expectResult(source, {i64({}, {1}), i64({}, {7})}, i64({}, {7}));
}

TEST(ShapeKernels, DynamicUpdateSliceErrors) {
  Tensor x = iotaF32({3, 4});
  expectError(kDynamicUpdateSlice,
              {x, f32({4, 1}, {1, 2, 3, 4}), i32({2}, {0, 0})},
              "dynamic_update_slice update float32[4, 1] is larger than the "
              "operand float32[3, 4] in dimension 0");
  expectError(kDynamicUpdateSlice, {x, f32({1, 1}, {1}), i32({3}, {0, 0, 0})},
              "dynamic_update_slice start_indices [0, 0, 0] must have one "
              "entry per dimension of float32[3, 4]");
  const char *unranked = R"(
func.func @main(%x: tensor<3x4xf32>, %u: tensor<*xf32>, %i: tensor<2xi32>) -> tensor<3x4xf32> {
  %0 = lite.dynamic_update_slice %x, %u, %i : (tensor<3x4xf32>, tensor<*xf32>, tensor<2xi32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
})";
  expectError(unranked, {x, f32({4}, {1, 2, 3, 4}), i32({2}, {0, 0})},
              "dynamic_update_slice update float32[4] does not have the rank "
              "of the operand float32[3, 4]");
}

//===----------------------------------------------------------------------===//
// gather
//===----------------------------------------------------------------------===//

TEST(ShapeKernels, GatherAxis0) {
  const char *source = R"(
func.func @main(%p: tensor<3x3xf32>, %i: tensor<2xi32>) -> tensor<2x3xf32> {
  %0 = lite.gather %p, %i : (tensor<3x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
})";
  Tensor p = f32({3, 3}, {0, 1, 2, 10, 11, 12, 20, 21, 22});
  expectResult(source, {p, i32({2}, {2, 0})},
               f32({2, 3}, {20, 21, 22, 0, 1, 2}));
}

TEST(ShapeKernels, GatherNegativeAxisWithMatrixIndices) {
  // out[r][a][b] = p[r][idx[a][b]].
  const char *source = R"(
func.func @main(%p: tensor<3x3xf32>, %i: tensor<2x2xi64>) -> tensor<3x2x2xf32> {
  %0 = lite.gather %p, %i {axis = -1 : i32} : (tensor<3x3xf32>, tensor<2x2xi64>) -> tensor<3x2x2xf32>
  return %0 : tensor<3x2x2xf32>
})";
  Tensor p = f32({3, 3}, {0, 1, 2, 10, 11, 12, 20, 21, 22});
  expectResult(source, {p, i64({2, 2}, {0, 2, 1, 1})},
               f32({3, 2, 2}, {0, 2, 1, 1, 10, 12, 11, 11, 20, 22, 21, 21}));
}

TEST(ShapeKernels, GatherBatchDims) {
  // out[b][i] = p[b][idx[b][i]] with batch_dims 1 (or -1 on rank-2 indices).
  for (const char *batchDims : {"1", "-1"}) {
    std::string source =
        R"(
func.func @main(%p: tensor<2x3xi32>, %i: tensor<2x2xi32>) -> tensor<2x2xi32> {
  %0 = lite.gather %p, %i {axis = 1 : i32, batch_dims = )" +
        std::string(batchDims) +
        R"( : i32} : (tensor<2x3xi32>, tensor<2x2xi32>) -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
})";
    expectResult(source,
                 {i32({2, 3}, {1, 2, 3, 4, 5, 6}), i32({2, 2}, {2, 0, 1, 1})},
                 i32({2, 2}, {3, 1, 5, 5}));
  }
  // batch_dims 1, axis 2: p [2, 2, 3], idx [2, 1]:
  // out[b][o][i] = p[b][o][idx[b][i]].
  const char *inner = R"(
func.func @main(%p: tensor<2x2x3xi32>, %i: tensor<2x1xi32>) -> tensor<2x2x1xi32> {
  %0 = lite.gather %p, %i {axis = 2 : i32, batch_dims = 1 : i32} : (tensor<2x2x3xi32>, tensor<2x1xi32>) -> tensor<2x2x1xi32>
  return %0 : tensor<2x2x1xi32>
})";
  expectResult(inner, {iotaI32({2, 2, 3}), i32({2, 1}, {2, 0})},
               i32({2, 2, 1}, {2, 5, 6, 9}));
}

TEST(ShapeKernels, GatherScalarAndEmptyIndices) {
  const char *scalar = R"(
func.func @main(%p: tensor<3x2xi1>, %i: tensor<i32>) -> tensor<2xi1> {
  %0 = lite.gather %p, %i : (tensor<3x2xi1>, tensor<i32>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
})";
  expectResult(
      scalar,
      {boolean({3, 2}, {true, false, false, true, true, true}), i32({}, {1})},
      boolean({2}, {false, true}));
  const char *empty = R"(
func.func @main(%p: tensor<3x2xf32>, %i: tensor<0xi32>) -> tensor<0x2xf32> {
  %0 = lite.gather %p, %i : (tensor<3x2xf32>, tensor<0xi32>) -> tensor<0x2xf32>
  return %0 : tensor<0x2xf32>
})";
  expectResult(empty, {iotaF32({3, 2}), i32({0}, {})}, f32({0, 2}, {}));
}

TEST(ShapeKernels, GatherIndexOutOfRange) {
  const char *source = R"(
func.func @main(%p: tensor<3x2xf32>, %i: tensor<2xi32>) -> tensor<2x2xf32> {
  %0 = lite.gather %p, %i : (tensor<3x2xf32>, tensor<2xi32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
})";
  Tensor p = iotaF32({3, 2});
  expectError(source, {p, i32({2}, {1, 3})},
              "gather index 3 (element #1 of indices) is out of range [0, 3) "
              "for axis 0 of params float32[3, 2]");
  expectError(source, {p, i32({2}, {-1, 0})},
              "gather index -1 (element #0 of indices) is out of range [0, 3)");
}

//===----------------------------------------------------------------------===//
// transpose
//===----------------------------------------------------------------------===//

TEST(ShapeKernels, Transpose) {
  const char *matrix = R"(
func.func @main(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %p = lite.constant dense<[1, 0]> : tensor<2xi32>
  %0 = lite.transpose %x, %p : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
})";
  expectResult(matrix, {f32({2, 3}, {1, 2, 3, 4, 5, 6})},
               f32({3, 2}, {1, 4, 2, 5, 3, 6}));
  // out[k][i][j] = x[i][j][k] = 12 i + 4 j + k.
  const char *cube = R"(
func.func @main(%x: tensor<2x3x4xi32>) -> tensor<4x2x3xi32> {
  %p = lite.constant dense<[2, 0, 1]> : tensor<3xi64>
  %0 = lite.transpose %x, %p : (tensor<2x3x4xi32>, tensor<3xi64>) -> tensor<4x2x3xi32>
  return %0 : tensor<4x2x3xi32>
})";
  std::vector<int32_t> expected;
  for (int k = 0; k < 4; ++k)
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < 3; ++j)
        expected.push_back(12 * i + 4 * j + k);
  expectResult(cube, {iotaI32({2, 3, 4})}, i32({4, 2, 3}, expected));
}

TEST(ShapeKernels, TransposeRankZeroAndBadPerm) {
  const char *scalar = R"(
func.func @main(%x: tensor<f32>) -> tensor<f32> {
  %p = lite.constant dense<> : tensor<0xi32>
  %0 = lite.transpose %x, %p : (tensor<f32>, tensor<0xi32>) -> tensor<f32>
  return %0 : tensor<f32>
})";
  expectResult(scalar, {f32({}, {5})}, f32({}, {5}));
  const char *source = R"(
func.func @main(%x: tensor<2x3xf32>, %p: tensor<2xi32>) -> tensor<?x?xf32> {
  %0 = lite.transpose %x, %p : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
})";
  Tensor x = iotaF32({2, 3});
  expectError(source, {x, i32({2}, {0, 0})},
              "transpose perm [0, 0] is not a permutation of [0, 2)");
  expectError(source, {x, i32({2}, {-1, 0})}, "is not a permutation");
  expectError(source, {x, i32({2}, {0, 2})}, "is not a permutation");
}

//===----------------------------------------------------------------------===//
// fill, range, shape
//===----------------------------------------------------------------------===//

TEST(ShapeKernels, Fill) {
  const char *source = R"(
func.func @main(%d: tensor<2xi64>, %v: tensor<i32>) -> tensor<?x?xi32> {
  %0 = lite.fill %d, %v : (tensor<2xi64>, tensor<i32>) -> tensor<?x?xi32>
  return %0 : tensor<?x?xi32>
})";
  expectResult(source, {i64({2}, {2, 3}), i32({}, {7})},
               i32({2, 3}, {7, 7, 7, 7, 7, 7}));
  expectResult(source, {i64({2}, {0, 3}), i32({}, {7})}, i32({0, 3}, {}));
  expectError(source, {i64({2}, {2, -1}), i32({}, {7})},
              "fill dims [2, -1] has a negative entry -1");
  expectError(source,
              {i64({2}, {int64_t(1) << 40, int64_t(1) << 40}), i32({}, {7})},
              "has more than 2147483647 elements");
  const char *scalar = R"(
func.func @main(%v: tensor<i1>) -> tensor<i1> {
  %d = lite.constant dense<> : tensor<0xi32>
  %0 = lite.fill %d, %v : (tensor<0xi32>, tensor<i1>) -> tensor<i1>
  return %0 : tensor<i1>
})";
  expectResult(scalar, {boolean({}, {true})}, boolean({}, {true}));
}

TEST(ShapeKernels, Tile) {
  const char *source = R"(
func.func @main(%x: tensor<2x3xi32>, %m: tensor<2xi64>) -> tensor<?x?xi32> {
  %0 = lite.tile %x, %m : (tensor<2x3xi32>, tensor<2xi64>) -> tensor<?x?xi32>
  return %0 : tensor<?x?xi32>
})";
  expectResult(source, {iotaI32({2, 3}), i64({2}, {1, 2})},
               i32({2, 6}, {0, 1, 2, 0, 1, 2, 3, 4, 5, 3, 4, 5}));
  expectResult(source, {iotaI32({2, 3}), i64({2}, {2, 1})},
               i32({4, 3}, {0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5}));
  expectResult(source, {iotaI32({2, 3}), i64({2}, {0, 5})}, i32({0, 15}, {}));
  expectError(source, {iotaI32({2, 3}), i64({2}, {1, -1})},
              "tile multiples [1, -1] has a negative entry -1");
  expectError(source,
              {iotaI32({2, 3}), i64({2}, {int64_t(1) << 40, int64_t(1) << 40})},
              "has more than 2147483647 elements");
  const char *scalar = R"(
func.func @main(%x: tensor<f32>) -> tensor<f32> {
  %m = lite.constant dense<> : tensor<0xi32>
  %0 = lite.tile %x, %m : (tensor<f32>, tensor<0xi32>) -> tensor<f32>
  return %0 : tensor<f32>
})";
  expectResult(scalar, {f32({}, {2.5f})}, f32({}, {2.5f}));
}

std::string rangeSource(llvm::StringRef type) {
  std::string t = "tensor<" + type.str() + ">";
  return "func.func @main(%s: " + t + ", %l: " + t + ", %d: " + t +
         ") -> tensor<?x" + type.str() +
         "> {\n  %0 = lite.range %s, %l, %d : (" + t + ", " + t + ", " + t +
         ") -> tensor<?x" + type.str() + ">\n  return %0 : tensor<?x" +
         type.str() + ">\n}\n";
}

TEST(ShapeKernels, RangeOfIntegers) {
  std::string source = rangeSource("i32");
  auto s = [](int32_t v) { return i32({}, {v}); };
  expectResult(source, {s(0), s(10), s(3)}, i32({4}, {0, 3, 6, 9}));
  expectResult(source, {s(10), s(0), s(-3)}, i32({4}, {10, 7, 4, 1}));
  expectResult(source, {s(5), s(5), s(1)}, i32({0}, {}));
  expectResult(source, {s(5), s(5), s(-1)}, i32({0}, {}));
  expectError(source, {s(0), s(10), s(0)}, "range requires delta != 0");
  expectError(source, {s(1), s(0), s(1)},
              "range requires start <= limit when delta > 0: 1/0");
  expectError(source, {s(0), s(1), s(-1)},
              "range requires start >= limit when delta < 0: 0/1");
  // No overflow in the size: [INT_MIN, INT_MAX) by 2^30 has 4 values.
  constexpr int32_t kMin = std::numeric_limits<int32_t>::min();
  expectResult(source,
               {s(kMin), s(std::numeric_limits<int32_t>::max()), s(1 << 30)},
               i32({4}, {kMin, -(1 << 30), 0, 1 << 30}));
}

TEST(ShapeKernels, RangeOfInt64) {
  std::string source = rangeSource("i64");
  auto s = [](int64_t v) { return i64({}, {v}); };
  constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  expectResult(source, {s(kMin), s(kMax), s(int64_t(1) << 62)},
               i64({4}, {kMin, -(int64_t(1) << 62), 0, int64_t(1) << 62}));
  expectError(source, {s(kMin), s(kMax), s(1)}, "more than 2147483647");
}

TEST(ShapeKernels, RangeOfFloats) {
  std::string source = rangeSource("f32");
  auto s = [](float v) { return f32({}, {v}); };
  expectResult(source, {s(0), s(1), s(0.25f)}, f32({4}, {0, 0.25, 0.5, 0.75}));
  expectResult(source, {s(1), s(-0.5f), s(-0.5f)}, f32({3}, {1, 0.5, 0}));
  // size = ceil(|1 / 0.1f|) = 10; values by repeated float addition, as
  // TFLite computes them.
  std::vector<float> tenths;
  float value = 0;
  for (int i = 0; i < 10; ++i, value += 0.1f)
    tenths.push_back(value);
  expectResult(source, {s(0), s(1), s(0.1f)}, f32({10}, tenths));
  expectError(source, {s(0), s(1), s(0)}, "range requires delta != 0");
  expectError(source, {s(0), s(1), s(-0.5f)},
              "range requires start >= limit when delta < 0");
  expectError(source, {s(0), s(std::numeric_limits<float>::infinity()), s(1)},
              "more than 2147483647 elements");
  expectError(source, {s(0), s(NAN), s(1)}, "must not be NaN");
}

TEST(ShapeKernels, ShapeDTypes) {
  const char *source = R"(
func.func @main(%x: tensor<2x?xf32>) -> (tensor<2xi32>, tensor<2xi64>) {
  %0 = lite.shape %x : (tensor<2x?xf32>) -> tensor<2xi32>
  %1 = lite.shape %x : (tensor<2x?xf32>) -> tensor<2xi64>
  return %0, %1 : tensor<2xi32>, tensor<2xi64>
})";
  expectResults(source, {iotaF32({2, 5})},
                {i32({2}, {2, 5}), i64({2}, {2, 5})});
  const char *scalar = R"(
func.func @main(%x: tensor<i1>) -> tensor<0xi32> {
  %0 = lite.shape %x : (tensor<i1>) -> tensor<0xi32>
  return %0 : tensor<0xi32>
})";
  expectResult(scalar, {boolean({}, {true})}, i32({0}, {}));
  const char *empty = R"(
func.func @main(%x: tensor<0x3xf32>) -> tensor<2xi32> {
  %0 = lite.shape %x : (tensor<0x3xf32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
})";
  expectResult(empty, {f32({0, 3}, {})}, i32({2}, {0, 3}));
}

} // namespace
