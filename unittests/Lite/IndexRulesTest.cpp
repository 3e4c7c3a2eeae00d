//===- IndexRulesTest.cpp - the shared axis/batch_dims/broadcast rules ----===//
//
// The one definition of each index rule lite ops share (IndexRules.h): the
// verifier, shape inference, the kernels, the lowering and the importer all
// call these, so their edge cases are pinned here once.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Lite/IR/IndexRules.h"

#include "mlir/IR/BuiltinTypeInterfaces.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace sluice::lite;

namespace {
constexpr int64_t kDynamic = ShapedType::kDynamic;

/// Runs `fn` with an emitError that records the diagnostic's text.
template <typename Fn> std::string captureError(Fn fn) {
  MLIRContext context;
  std::string text;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    text = diag.str();
    return success();
  });
  Location loc = UnknownLoc::get(&context);
  fn([&] { return emitError(loc); });
  return text;
}

TEST(IndexRulesTest, NormalizeAxis) {
  EXPECT_EQ(*normalizeAxis(0, 3), 0);
  EXPECT_EQ(*normalizeAxis(2, 3), 2);
  EXPECT_EQ(*normalizeAxis(-1, 3), 2);
  EXPECT_EQ(*normalizeAxis(-3, 3), 0);
  EXPECT_TRUE(failed(normalizeAxis(3, 3)));
  EXPECT_TRUE(failed(normalizeAxis(-4, 3)));
  EXPECT_TRUE(failed(normalizeAxis(0, 0))); // A scalar has no axis.
}

TEST(IndexRulesTest, NormalizeAxisDiagnostic) {
  EXPECT_EQ(captureError([](EmitErrorFn emit) {
              (void)normalizeAxis(-4, 3, emit, "squeeze dim");
            }),
            "squeeze dim -4 is out of range for rank 3 (expected in [-3, 3))");
  EXPECT_EQ(captureError([](EmitErrorFn emit) {
              (void)normalizeAxis(2, 2, emit, "axis", "tensor<2x3xf32>");
            }),
            "axis 2 is out of range for tensor<2x3xf32> (expected in [-2, 2))");
}

TEST(IndexRulesTest, GatherBatchDims) {
  EXPECT_EQ(*normalizeGatherBatchDims(0, 2, 0), 0);
  EXPECT_EQ(*normalizeGatherBatchDims(1, 2, 1), 1);
  EXPECT_EQ(*normalizeGatherBatchDims(-1, 2, 1), 1); // From the end.
  EXPECT_EQ(*normalizeGatherBatchDims(2, 2, 2), 2);  // Every index dim.
  EXPECT_TRUE(failed(normalizeGatherBatchDims(3, 2, 3)));
  EXPECT_TRUE(failed(normalizeGatherBatchDims(-3, 2, 3)));
  EXPECT_TRUE(failed(normalizeGatherBatchDims(2, 2, 1))); // Beyond axis.
  EXPECT_EQ(captureError([](EmitErrorFn emit) {
              (void)normalizeGatherBatchDims(-3, 2, 1, emit);
            }),
            "batch_dims -3 is out of range for indices of rank 2");
  EXPECT_EQ(captureError([](EmitErrorFn emit) {
              (void)normalizeGatherBatchDims(2, 2, 1, emit,
                                             "gather batch_dims");
            }),
            "gather batch_dims 2 must not exceed axis 1");
}

TEST(IndexRulesTest, GatherShape) {
  // params [B=2, 5, 7], indices [B=2, 3], axis 1, batch_dims 1 -> [2, 3, 7].
  EXPECT_EQ(getGatherShape({2, 5, 7}, {2, 3}, 1, 1),
            (SmallVector<int64_t>{2, 3, 7}));
  // No batch: params [4, 6], indices [2, 2], axis 0 -> [2, 2, 6].
  EXPECT_EQ(getGatherShape({4, 6}, {2, 2}, 0, 0),
            (SmallVector<int64_t>{2, 2, 6}));
  // Scalar indices drop the axis.
  EXPECT_EQ(getGatherShape({4, 6}, {}, 1, 0), (SmallVector<int64_t>{4}));
}

TEST(IndexRulesTest, Broadcast) {
  using Shape = SmallVector<int64_t>;
  auto broadcast = [](std::initializer_list<ArrayRef<int64_t>> shapes) {
    return broadcastShapes(SmallVector<ArrayRef<int64_t>>(shapes));
  };
  EXPECT_EQ(*broadcast({{2, 1, 3}, {4, 1}}), (Shape{2, 4, 3}));
  EXPECT_EQ(*broadcast({{}, {5}}), (Shape{5}));
  EXPECT_EQ(*broadcast({}), Shape{});
  EXPECT_FALSE(broadcast({{2}, {3}}).has_value());
  // A dynamic size is 1 or the result's: another operand's size > 1 fixes
  // it, a 1 does not.
  EXPECT_EQ(*broadcast({{kDynamic}, {4}}), (Shape{4}));
  EXPECT_EQ(*broadcast({{kDynamic}, {1}}), (Shape{kDynamic}));
  EXPECT_EQ(*broadcast({{kDynamic, 3}, {kDynamic, 1}}), (Shape{kDynamic, 3}));
  // Three operands: every pair must agree.
  EXPECT_FALSE(broadcast({{1, 3}, {2, 1}, {3, 3}}).has_value());
  EXPECT_EQ(*broadcast({{1, 3}, {2, 1}, {2, 3}}), (Shape{2, 3}));
}
} // namespace
