//===- RankFunctionsTest.cpp - the functions of a partitioned program -----===//
//
// The one rule both partitions follow for the functions they make
// (RankFunctions.h): name, signature, attributes, and a name that is taken.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Lite/IR/RankFunctions.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace sluice;

namespace {

struct RankFunctionsTest : ::testing::Test {
  RankFunctionsTest() {
    context.loadDialect<func::FuncDialect>();
    OpBuilder builder(&context);
    module = ModuleOp::create(builder.getUnknownLoc());
    builder.setInsertionPointToEnd(module->getBody());
    Type f32 = RankedTensorType::get({}, builder.getF32Type());
    auto type = builder.getFunctionType({f32, f32}, {f32});
    func = func::FuncOp::create(builder, builder.getUnknownLoc(), "main", type);
    func.setArgAttr(0, "sluice.name", builder.getStringAttr("x"));
    func.setResultAttr(0, "sluice.name", builder.getStringAttr("y"));
    func->setAttr("sluice.keep", builder.getUnitAttr());
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
  func::FuncOp func;
};

TEST_F(RankFunctionsTest, Name) {
  EXPECT_EQ(getRankFunctionName("main", 0), "main_rank0");
  EXPECT_EQ(getRankFunctionName("f", 12), "f_rank12");
}

TEST_F(RankFunctionsTest, RankZeroReturnsTheResults) {
  FailureOr<func::FuncOp> rank0 = createRankFunction(func, 0);
  ASSERT_TRUE(succeeded(rank0));
  EXPECT_EQ(rank0->getSymName(), "main_rank0");
  EXPECT_EQ(rank0->getFunctionType(), func.getFunctionType());
  EXPECT_EQ(rank0->getResultAttr(0, "sluice.name"),
            func.getResultAttr(0, "sluice.name"));
  EXPECT_EQ(rank0->getArgAttr(0, "sluice.name"),
            func.getArgAttr(0, "sluice.name"));
  EXPECT_TRUE((*rank0)->hasAttr("sluice.keep"));
  EXPECT_EQ((*rank0)->getAttrOfType<IntegerAttr>("sluice.rank").getInt(), 0);
  // Made before the function, in rank order.
  EXPECT_EQ((*rank0)->getNextNode(), func.getOperation());
}

TEST_F(RankFunctionsTest, OtherRanksTakeTheArgumentsOnly) {
  FailureOr<func::FuncOp> rank0 = createRankFunction(func, 0);
  FailureOr<func::FuncOp> rank2 = createRankFunction(func, 2);
  ASSERT_TRUE(succeeded(rank0) && succeeded(rank2));
  EXPECT_EQ(rank2->getFunctionType().getInputs(),
            func.getFunctionType().getInputs());
  EXPECT_EQ(rank2->getNumResults(), 0u);
  EXPECT_EQ(rank2->getArgAttr(0, "sluice.name"),
            func.getArgAttr(0, "sluice.name"));
  EXPECT_EQ((*rank2)->getAttrOfType<IntegerAttr>("sluice.rank").getInt(), 2);
  EXPECT_EQ((*rank0)->getNextNode(), rank2->getOperation());
}

TEST_F(RankFunctionsTest, TakenNameIsAnError) {
  ASSERT_TRUE(succeeded(createRankFunction(func, 1)));
  std::string text;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    text = diag.str();
    return success();
  });
  EXPECT_TRUE(failed(createRankFunction(func, 1)));
  EXPECT_EQ(text,
            "cannot partition @main: a symbol named 'main_rank1' already exists");
}

} // namespace
