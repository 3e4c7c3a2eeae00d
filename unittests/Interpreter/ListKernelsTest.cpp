//===- ListKernelsTest.cpp - list reference kernels -----------------------===//
//
// Runs small lite programs through the reference interpreter and checks the
// list kernels: list_reserve (a static element shape, and unranked: a list
// whose first write gives its element shape), list_set_item, list_get_item,
// list_gather, list_scatter and list_length, value semantics, resizable
// lists growing, and their run-time errors (TensorFlow's TensorArray
// checks).
//
//===----------------------------------------------------------------------===//

#include "RunSource.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <limits>

using namespace sluice::interp;
using namespace sluice::interp::test;

namespace {

/// A scalar int32 index or count.
Tensor index(int32_t value) { return i32({}, {value}); }

//===----------------------------------------------------------------------===//
// list_reserve, list_length
//===----------------------------------------------------------------------===//

TEST(ListKernels, ReserveIsZeros) {
  const char *source = R"(
func.func @main(%n: tensor<i32>) -> (tensor<?x3xf32>, tensor<i32>) {
  %l = lite.list_reserve %n : (tensor<i32>) -> tensor<?x3xf32>
  %len = lite.list_length %l : (tensor<?x3xf32>) -> tensor<i32>
  return %l, %len : tensor<?x3xf32>, tensor<i32>
})";
  expectResults(source, {index(2)},
                {f32({2, 3}, {0, 0, 0, 0, 0, 0}), i32({}, {2})});
  expectResults(source, {index(0)}, {f32({0, 3}, {}), i32({}, {0})});
  // Scalar elements, an int64 count, other dtypes.
  const char *scalars = R"(
func.func @main(%n: tensor<i64>) -> (tensor<?xi64>, tensor<?x2xi1>) {
  %l = lite.list_reserve %n : (tensor<i64>) -> tensor<?xi64>
  %b = lite.list_reserve %n : (tensor<i64>) -> tensor<?x2xi1>
  return %l, %b : tensor<?xi64>, tensor<?x2xi1>
})";
  expectResults(scalars, {i64({}, {3})},
                {i64({3}, {0, 0, 0}),
                 boolean({3, 2}, {false, false, false, false, false, false})});
}

TEST(ListKernels, ReserveUnrankedIsPending) {
  const char *source = R"(
func.func @main(%n: tensor<i32>) -> (tensor<*xf32>, tensor<i32>) {
  %l = lite.list_reserve %n : (tensor<i32>) -> tensor<*xf32>
  %len = lite.list_length %l : (tensor<*xf32>) -> tensor<i32>
  return %l, %len : tensor<*xf32>, tensor<i32>
})";
  RunResult run = runSource(source, {index(4)});
  ASSERT_TRUE(run.ok) << run.diagnostics;
  ASSERT_EQ(run.results.size(), 2u);
  // Its element shape is not known yet: [length], read as zeros.
  EXPECT_TRUE(run.results[0].isPendingList());
  EXPECT_TRUE(sameTensor(run.results[0], f32({4}, {0, 0, 0, 0})));
  EXPECT_TRUE(sameTensor(run.results[1], i32({}, {4})));
}

TEST(ListKernels, ReserveNegativeSize) {
  const char *source = R"(
func.func @main(%n: tensor<i32>) -> tensor<?x3xf32> {
  %l = lite.list_reserve %n : (tensor<i32>) -> tensor<?x3xf32>
  return %l : tensor<?x3xf32>
})";
  expectError(source, {index(-2)}, "cannot reserve a list of -2 elements");
  const char *pending = R"(
func.func @main(%n: tensor<i32>) -> tensor<*xf32> {
  %l = lite.list_reserve %n : (tensor<i32>) -> tensor<*xf32>
  return %l : tensor<*xf32>
})";
  expectError(pending, {index(-1)}, "cannot reserve a list of -1 elements");
}

TEST(ListKernels, ReserveCountMustBeAScalar) {
  const char *source = R"(
func.func @main(%n: tensor<*xi32>) -> tensor<?x3xf32> {
  %l = lite.list_reserve %n : (tensor<*xi32>) -> tensor<?x3xf32>
  return %l : tensor<?x3xf32>
})";
  expectError(source, {i32({1}, {2})},
              "list index must be an int32 or int64 scalar, got int32[1]");
}

TEST(ListKernels, LengthOfARankZeroValue) {
  const char *source = R"(
func.func @main(%l: tensor<*xf32>) -> tensor<i32> {
  %len = lite.list_length %l : (tensor<*xf32>) -> tensor<i32>
  return %len : tensor<i32>
})";
  expectResult(source, {f32({5, 1}, {1, 2, 3, 4, 5})}, i32({}, {5}));
  expectError(source, {f32({}, {1})},
              "a list needs a dimension for its elements, got float32[]");
}

//===----------------------------------------------------------------------===//
// list_set_item, list_get_item
//===----------------------------------------------------------------------===//

const char *kSetThenGet = R"(
func.func @main(%n: tensor<i32>, %i: tensor<i32>, %j: tensor<i32>, %x: tensor<2xf32>) -> (tensor<?x2xf32>, tensor<?x2xf32>, tensor<2xf32>) {
  %l = lite.list_reserve %n : (tensor<i32>) -> tensor<?x2xf32>
  %l1 = lite.list_set_item %l[%i], %x : (tensor<?x2xf32>, tensor<i32>, tensor<2xf32>) -> tensor<?x2xf32>
  %y = lite.list_get_item %l1[%j] : (tensor<?x2xf32>, tensor<i32>) -> tensor<2xf32>
  return %l, %l1, %y : tensor<?x2xf32>, tensor<?x2xf32>, tensor<2xf32>
})";

TEST(ListKernels, SetItemThenGetItem) {
  Tensor x = f32({2}, {1.5, -2.5});
  Tensor zeros = f32({3, 2}, {0, 0, 0, 0, 0, 0});
  // The list written is a new value: the reserved one stays zeros.
  expectResults(kSetThenGet, {index(3), index(1), index(1), x},
                {zeros, f32({3, 2}, {0, 0, 1.5, -2.5, 0, 0}), x});
  // An element never written reads as zeros.
  expectResults(
      kSetThenGet, {index(3), index(2), index(0), x},
      {zeros, f32({3, 2}, {0, 0, 0, 0, 1.5, -2.5}), f32({2}, {0, 0})});
}

TEST(ListKernels, SetItemTwice) {
  const char *source = R"(
func.func @main(%l: tensor<?xi64>, %i: tensor<i64>, %a: tensor<i64>, %b: tensor<i64>) -> (tensor<?xi64>, tensor<?xi64>) {
  %l1 = lite.list_set_item %l[%i], %a : (tensor<?xi64>, tensor<i64>, tensor<i64>) -> tensor<?xi64>
  %l2 = lite.list_set_item %l1[%i], %b : (tensor<?xi64>, tensor<i64>, tensor<i64>) -> tensor<?xi64>
  return %l1, %l2 : tensor<?xi64>, tensor<?xi64>
})";
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  expectResults(
      source,
      {i64({3}, {7, 8, 9}), i64({}, {2}), i64({}, {kMax}), i64({}, {-1})},
      {i64({3}, {7, 8, kMax}), i64({3}, {7, 8, -1})});
}

TEST(ListKernels, WriteIntoPendingList) {
  // The first write gives the elements their shape; the others are zeros.
  const char *source = R"(
func.func @main(%n: tensor<i32>, %i: tensor<i32>, %x: tensor<*xf32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<i32>) {
  %l = lite.list_reserve %n : (tensor<i32>) -> tensor<*xf32>
  %l1 = lite.list_set_item %l[%i], %x : (tensor<*xf32>, tensor<i32>, tensor<*xf32>) -> tensor<*xf32>
  %zero = lite.constant dense<0> : tensor<i32>
  %y = lite.list_get_item %l1[%zero] : (tensor<*xf32>, tensor<i32>) -> tensor<*xf32>
  %len = lite.list_length %l1 : (tensor<*xf32>) -> tensor<i32>
  return %l1, %y, %len : tensor<*xf32>, tensor<*xf32>, tensor<i32>
})";
  RunResult run =
      runSource(source, {index(3), index(1), f32({2, 2}, {1, 2, 3, 4})});
  ASSERT_TRUE(run.ok) << run.diagnostics;
  ASSERT_EQ(run.results.size(), 3u);
  EXPECT_FALSE(run.results[0].isPendingList());
  EXPECT_TRUE(sameTensor(run.results[0],
                         f32({3, 2, 2}, {0, 0, 0, 0, 1, 2, 3, 4, 0, 0, 0, 0})));
  EXPECT_TRUE(sameTensor(run.results[1], f32({2, 2}, {0, 0, 0, 0})));
  EXPECT_TRUE(sameTensor(run.results[2], i32({}, {3})));
  // A scalar item: a list of scalars.
  expectResults(source, {index(2), index(0), f32({}, {5})},
                {f32({2}, {5, 0}), f32({}, {5}), i32({}, {2})});
}

TEST(ListKernels, ReadFromPendingList) {
  const char *get = R"(
func.func @main(%n: tensor<i32>, %i: tensor<i32>) -> tensor<*xf32> {
  %l = lite.list_reserve %n : (tensor<i32>) -> tensor<*xf32>
  %y = lite.list_get_item %l[%i] : (tensor<*xf32>, tensor<i32>) -> tensor<*xf32>
  return %y : tensor<*xf32>
})";
  expectError(get, {index(4), index(0)},
              "tried to read from a list of 4 element(s) that was never "
              "written: the shape of its elements is unknown");
  const char *gather = R"(
func.func @main(%n: tensor<i32>, %is: tensor<?xi32>) -> tensor<*xf32> {
  %l = lite.list_reserve %n : (tensor<i32>) -> tensor<*xf32>
  %y = lite.list_gather %l[%is] : (tensor<*xf32>, tensor<?xi32>) -> tensor<*xf32>
  return %y : tensor<*xf32>
})";
  expectError(gather, {index(2), i32({1}, {0})},
              "tried to read from a list of 2 element(s) that was never "
              "written: the shape of its elements is unknown");
  // Even when no element is read.
  expectError(gather, {index(2), i32({0}, {})},
              "tried to read from a list of 2 element(s) that was never "
              "written");
}

TEST(ListKernels, GetItemOutOfRange) {
  const char *source = R"(
func.func @main(%l: tensor<?x2xf32>, %i: tensor<i32>) -> tensor<2xf32> {
  %y = lite.list_get_item %l[%i] : (tensor<?x2xf32>, tensor<i32>) -> tensor<2xf32>
  return %y : tensor<2xf32>
})";
  Tensor list = f32({2, 2}, {1, 2, 3, 4});
  expectResult(source, {list, index(1)}, f32({2}, {3, 4}));
  expectError(source, {list, index(2)},
              "tried to read element 2 of a list of 2 element(s)");
  expectError(source, {list, index(-1)},
              "tried to read element -1 of a list of 2 element(s)");
  expectError(source, {f32({0, 2}, {}), index(0)},
              "tried to read element 0 of a list of 0 element(s)");
}

TEST(ListKernels, SetItemOutOfRange) {
  Tensor x = f32({2}, {1, 2});
  expectError(kSetThenGet, {index(3), index(3), index(0), x},
              "tried to write element 3 of a list of 3 element(s) that is not "
              "resizable");
  // A negative index is out of range of any list, resizable or not.
  expectError(kSetThenGet, {index(3), index(-1), index(0), x},
              "tried to write element -1 of a list of 3 element(s)\n");
  const char *resizable = R"(
func.func @main(%l: tensor<?x2xf32>, %i: tensor<i32>, %x: tensor<2xf32>) -> tensor<?x2xf32> {
  %l1 = lite.list_set_item %l[%i], %x {resizable} : (tensor<?x2xf32>, tensor<i32>, tensor<2xf32>) -> tensor<?x2xf32>
  return %l1 : tensor<?x2xf32>
})";
  expectError(resizable, {f32({1, 2}, {1, 2}), index(-3), x},
              "tried to write element -3 of a list of 1 element(s)\n");
}

TEST(ListKernels, SetItemOfTheWrongShape) {
  const char *source = R"(
func.func @main(%l: tensor<?x?xf32>, %i: tensor<i32>, %x: tensor<*xf32>) -> tensor<?x?xf32> {
  %l1 = lite.list_set_item %l[%i], %x : (tensor<?x?xf32>, tensor<i32>, tensor<*xf32>) -> tensor<?x?xf32>
  return %l1 : tensor<?x?xf32>
})";
  Tensor list = f32({2, 2}, {1, 2, 3, 4});
  expectResult(source, {list, index(0), f32({2}, {5, 6})},
               f32({2, 2}, {5, 6, 3, 4}));
  expectError(source, {list, index(0), f32({3}, {1, 2, 3})},
              "cannot write float32[3] into a list whose elements are [2]");
  expectError(source, {list, index(0), f32({1, 2}, {1, 2})},
              "cannot write float32[1, 2] into a list whose elements are [2]");
  expectError(source, {list, index(0), f32({}, {1})},
              "cannot write float32[] into a list whose elements are [2]");
}

TEST(ListKernels, IndexMustBeAScalar) {
  const char *source = R"(
func.func @main(%l: tensor<?xf32>, %i: tensor<*xi32>) -> tensor<f32> {
  %y = lite.list_get_item %l[%i] : (tensor<?xf32>, tensor<*xi32>) -> tensor<f32>
  return %y : tensor<f32>
})";
  expectError(source, {f32({2}, {1, 2}), i32({1}, {0})},
              "list index must be an int32 or int64 scalar, got int32[1]");
}

//===----------------------------------------------------------------------===//
// list_gather
//===----------------------------------------------------------------------===//

const char *kGather = R"(
func.func @main(%l: tensor<?x2xi32>, %is: tensor<?xi32>) -> tensor<?x2xi32> {
  %y = lite.list_gather %l[%is] : (tensor<?x2xi32>, tensor<?xi32>) -> tensor<?x2xi32>
  return %y : tensor<?x2xi32>
})";

TEST(ListKernels, Gather) {
  Tensor list = i32({3, 2}, {0, 1, 10, 11, 20, 21});
  expectResult(kGather, {list, i32({2}, {2, 0})}, i32({2, 2}, {20, 21, 0, 1}));
  // Repeated indices, every index, no index.
  expectResult(kGather, {list, i32({4}, {1, 1, 2, 1})},
               i32({4, 2}, {10, 11, 10, 11, 20, 21, 10, 11}));
  expectResult(kGather, {list, i32({3}, {0, 1, 2})}, list);
  expectResult(kGather, {list, i32({0}, {})}, i32({0, 2}, {}));
}

TEST(ListKernels, GatherInt64IndicesOfScalars) {
  const char *source = R"(
func.func @main(%l: tensor<?xui8>, %is: tensor<2xi64>) -> tensor<2xui8> {
  %y = lite.list_gather %l[%is] : (tensor<?xui8>, tensor<2xi64>) -> tensor<2xui8>
  return %y : tensor<2xui8>
})";
  expectResult(source, {u8({3}, {7, 200, 9}), i64({2}, {1, 2})},
               u8({2}, {200, 9}));
}

TEST(ListKernels, GatherOutOfRange) {
  Tensor list = i32({3, 2}, {0, 1, 10, 11, 20, 21});
  expectError(kGather, {list, i32({2}, {0, 3})},
              "tried to read element 3 of a list of 3 element(s)");
  expectError(kGather, {list, i32({2}, {-1, 0})},
              "tried to read element -1 of a list of 3 element(s)");
}

//===----------------------------------------------------------------------===//
// list_scatter
//===----------------------------------------------------------------------===//

const char *kScatter = R"(
func.func @main(%l: tensor<?x2xf32>, %is: tensor<?xi32>, %xs: tensor<?x?xf32>) -> tensor<?x2xf32> {
  %l1 = lite.list_scatter %l[%is], %xs : (tensor<?x2xf32>, tensor<?xi32>, tensor<?x?xf32>) -> tensor<?x2xf32>
  return %l1 : tensor<?x2xf32>
})";

TEST(ListKernels, Scatter) {
  Tensor list = f32({3, 2}, {0, 1, 10, 11, 20, 21});
  expectResult(kScatter,
               {list, i32({2}, {2, 0}), f32({2, 2}, {-1, -2, -3, -4})},
               f32({3, 2}, {-3, -4, 10, 11, -1, -2}));
  // In order: the last write of an index wins.
  expectResult(kScatter,
               {list, i32({3}, {1, 1, 1}), f32({3, 2}, {1, 2, 3, 4, 5, 6})},
               f32({3, 2}, {0, 1, 5, 6, 20, 21}));
  // No index: the list unchanged.
  expectResult(kScatter, {list, i32({0}, {}), f32({0, 2}, {})}, list);
}

TEST(ListKernels, ScatterIntoPendingList) {
  const char *source = R"(
func.func @main(%n: tensor<i32>, %is: tensor<?xi32>, %xs: tensor<*xi32>) -> tensor<*xi32> {
  %l = lite.list_reserve %n : (tensor<i32>) -> tensor<*xi32>
  %l1 = lite.list_scatter %l[%is], %xs : (tensor<*xi32>, tensor<?xi32>, tensor<*xi32>) -> tensor<*xi32>
  return %l1 : tensor<*xi32>
})";
  // The rows give the element shape [3]; elements 0 and 2 are zeros.
  expectResult(source,
               {index(4), i32({2}, {3, 1}), i32({2, 3}, {1, 2, 3, 4, 5, 6})},
               i32({4, 3}, {0, 0, 0, 4, 5, 6, 0, 0, 0, 1, 2, 3}));
  // Rows of scalars.
  expectResult(source, {index(2), i32({1}, {1}), i32({1}, {9})},
               i32({2}, {0, 9}));
  // Even no row gives the element shape.
  RunResult run =
      runSource(source, {index(2), i32({0}, {}), i32({0, 2, 1}, {})});
  ASSERT_TRUE(run.ok) << run.diagnostics;
  EXPECT_FALSE(run.results[0].isPendingList());
  EXPECT_TRUE(sameTensor(run.results[0], i32({2, 2, 1}, {0, 0, 0, 0})));
  // One row per index, pending or not.
  expectError(source, {index(4), i32({2}, {0, 1}), i32({3, 1}, {1, 2, 3})},
              "cannot scatter int32[3, 1] to 2 index(es) of a list whose "
              "elements have no shape yet");
}

TEST(ListKernels, ScatterRowsAndIndicesMismatch) {
  Tensor list = f32({3, 2}, {0, 1, 10, 11, 20, 21});
  expectError(kScatter,
              {list, i32({2}, {0, 1}), f32({3, 2}, {1, 2, 3, 4, 5, 6})},
              "cannot scatter float32[3, 2] to 2 index(es) of a list whose "
              "elements are [2]");
  // Rows of the wrong shape.
  expectError(kScatter,
              {list, i32({2}, {0, 1}), f32({2, 3}, {1, 2, 3, 4, 5, 6})},
              "cannot scatter float32[2, 3] to 2 index(es) of a list whose "
              "elements are [2]");
  const char *unranked = R"(
func.func @main(%l: tensor<?x2xf32>, %is: tensor<?xi32>, %xs: tensor<*xf32>) -> tensor<?x2xf32> {
  %l1 = lite.list_scatter %l[%is], %xs : (tensor<?x2xf32>, tensor<?xi32>, tensor<*xf32>) -> tensor<?x2xf32>
  return %l1 : tensor<?x2xf32>
})";
  expectError(unranked, {list, i32({1}, {0}), f32({}, {1})},
              "cannot scatter float32[] to 1 index(es) of a list whose "
              "elements are [2]");
}

TEST(ListKernels, ScatterOutOfRange) {
  Tensor list = f32({3, 2}, {0, 1, 10, 11, 20, 21});
  Tensor rows = f32({2, 2}, {1, 2, 3, 4});
  expectError(kScatter, {list, i32({2}, {0, 3}), rows},
              "tried to write element 3 of a list of 3 element(s) that is not "
              "resizable");
  expectError(kScatter, {list, i32({2}, {-2, 0}), rows},
              "tried to write element -2 of a list of 3 element(s)\n");
}

//===----------------------------------------------------------------------===//
// Resizable lists
//===----------------------------------------------------------------------===//

TEST(ListKernels, ResizableSetItemGrows) {
  const char *source = R"(
func.func @main(%l: tensor<?x2xf32>, %i: tensor<i32>, %x: tensor<2xf32>) -> (tensor<?x2xf32>, tensor<i32>) {
  %l1 = lite.list_set_item %l[%i], %x {resizable} : (tensor<?x2xf32>, tensor<i32>, tensor<2xf32>) -> tensor<?x2xf32>
  %len = lite.list_length %l1 : (tensor<?x2xf32>) -> tensor<i32>
  return %l1, %len : tensor<?x2xf32>, tensor<i32>
})";
  Tensor list = f32({2, 2}, {1, 2, 3, 4});
  Tensor x = f32({2}, {7, 8});
  // To index + 1, the new elements zero.
  expectResults(source, {list, index(4), x},
                {f32({5, 2}, {1, 2, 3, 4, 0, 0, 0, 0, 7, 8}), i32({}, {5})});
  expectResults(source, {list, index(2), x},
                {f32({3, 2}, {1, 2, 3, 4, 7, 8}), i32({}, {3})});
  // Inside the list: the length stays.
  expectResults(source, {list, index(0), x},
                {f32({2, 2}, {7, 8, 3, 4}), i32({}, {2})});
  // From empty.
  expectResults(source, {f32({0, 2}, {}), index(1), x},
                {f32({2, 2}, {0, 0, 7, 8}), i32({}, {2})});
}

TEST(ListKernels, ResizableScatterGrows) {
  const char *source = R"(
func.func @main(%l: tensor<?xi32>, %is: tensor<?xi32>, %xs: tensor<?xi32>) -> tensor<?xi32> {
  %l1 = lite.list_scatter %l[%is], %xs {resizable} : (tensor<?xi32>, tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
  return %l1 : tensor<?xi32>
})";
  // To the largest index + 1, wherever it is among the indices.
  expectResult(source,
               {i32({1}, {5}), i32({3}, {4, 0, 2}), i32({3}, {1, 2, 3})},
               i32({5}, {2, 0, 3, 0, 1}));
  expectError(source, {i32({1}, {5}), i32({2}, {3, -1}), i32({2}, {1, 2})},
              "tried to write element -1 of a list of 1 element(s)\n");
}

TEST(ListKernels, ResizablePendingListGrows) {
  const char *source = R"(
func.func @main(%n: tensor<i32>, %i: tensor<i32>, %x: tensor<2xf32>) -> tensor<*xf32> {
  %l = lite.list_reserve %n : (tensor<i32>) -> tensor<*xf32>
  %l1 = lite.list_set_item %l[%i], %x {resizable} : (tensor<*xf32>, tensor<i32>, tensor<2xf32>) -> tensor<*xf32>
  return %l1 : tensor<*xf32>
})";
  Tensor x = f32({2}, {7, 8});
  expectResult(source, {index(0), index(2), x},
               f32({3, 2}, {0, 0, 0, 0, 7, 8}));
  expectResult(source, {index(2), index(0), x}, f32({2, 2}, {7, 8, 0, 0}));
}

TEST(ListKernels, ResizableBeyondTheKernelLimit) {
  const char *source = R"(
func.func @main(%l: tensor<?xf32>, %i: tensor<i64>, %x: tensor<f32>) -> tensor<?xf32> {
  %l1 = lite.list_set_item %l[%i], %x {resizable} : (tensor<?xf32>, tensor<i64>, tensor<f32>) -> tensor<?xf32>
  return %l1 : tensor<?xf32>
})";
  expectError(source,
              {f32({1}, {1}), i64({}, {int64_t(1) << 40}), f32({}, {2})},
              "tried to write element 1099511627776 of a resizable list: it "
              "cannot grow beyond 2147483647 elements");
  // The largest index: index + 1 would overflow.
  expectError(source,
              {f32({1}, {1}), i64({}, {std::numeric_limits<int64_t>::max()}),
               f32({}, {2})},
              "tried to write element 9223372036854775807 of a resizable "
              "list: it cannot grow beyond 2147483647 elements");
}

TEST(ListKernels, ResizableScatterAtTheLargestIndex) {
  const char *source = R"(
func.func @main(%l: tensor<?xf32>, %is: tensor<1xi64>, %xs: tensor<1xf32>) -> tensor<?xf32> {
  %l1 = lite.list_scatter %l[%is], %xs {resizable} : (tensor<?xf32>, tensor<1xi64>, tensor<1xf32>) -> tensor<?xf32>
  return %l1 : tensor<?xf32>
})";
  expectError(source,
              {f32({1}, {1}), i64({1}, {std::numeric_limits<int64_t>::max()}),
               f32({1}, {2})},
              "tried to write element 9223372036854775807 of a resizable "
              "list: it cannot grow beyond 2147483647 elements");
}

} // namespace
