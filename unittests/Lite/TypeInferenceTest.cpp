//===- TypeInferenceTest.cpp - ops typed by their own shape rules ---------===//
//
// createInferred and refineResultTypes (TypeInference.h): an op created with
// unranked results gets the type its rule gives from its operands and
// constants, never one that contradicts what it was declared with, and is
// left alone when it lacks operands its rule would read.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Lite/IR/TypeInference.h"
#include "sluice/Dialect/Lite/IR/LiteBuilders.h"
#include "sluice/Dialect/Lite/IR/LiteDialect.h"
#include "sluice/Dialect/Lite/IR/LiteOps.h"

#include "mlir/IR/Block.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace sluice::lite;
using namespace sluice::lite::shapes;

namespace {

class TypeInferenceTest : public ::testing::Test {
protected:
  TypeInferenceTest() {
    context.loadDialect<LiteDialect>();
    builder.setInsertionPointToEnd(&body);
  }

  /// A value of `type` with no rule behind it: a block argument.
  Value argument(Type type) { return body.addArgument(type, loc); }

  RankedTensorType tensor(ArrayRef<int64_t> shape) {
    return RankedTensorType::get(shape, builder.getF32Type());
  }

  MLIRContext context;
  OpBuilder builder{&context};
  Location loc = UnknownLoc::get(&context);
  /// Where the ops are built (destroyed before the context).
  Block body;
};

TEST_F(TypeInferenceTest, ConstantOperandsGiveStaticShapes) {
  Value x = argument(tensor({4, 5}));
  Value begin = createI32Vector(builder, loc, {1, 0});
  Value size = createI32Vector(builder, loc, {2, -1});
  auto slice = createInferred<SliceOp>(builder, loc, builder.getF32Type(), x,
                                       begin, size);
  EXPECT_EQ(slice.getType(), tensor({2, 5}));
}

TEST_F(TypeInferenceTest, UnknownOperandsGiveWhatIsKnown) {
  Value x = argument(tensor({4, 5}));
  Value perm = argument(RankedTensorType::get({2}, builder.getI32Type()));
  auto transpose =
      createInferred<TransposeOp>(builder, loc, builder.getF32Type(), x, perm);
  int64_t dynamic = ShapedType::kDynamic;
  EXPECT_EQ(transpose.getType(), tensor({dynamic, dynamic}));
  Value unranked = argument(UnrankedTensorType::get(builder.getF32Type()));
  auto shape =
      createInferred<ShapeOp>(builder, loc, builder.getI32Type(), unranked);
  EXPECT_EQ(shape.getType(),
            RankedTensorType::get({dynamic}, builder.getI32Type()));
}

TEST_F(TypeInferenceTest, BroadcastingFromTraits) {
  Value x = argument(tensor({3, 1}));
  Value y = argument(tensor({4}));
  auto add = createInferred<AddOp>(builder, loc, builder.getF32Type(), x, y,
                                   ActivationFunctionType::NONE);
  EXPECT_EQ(add.getType(), tensor({3, 4}));
}

TEST_F(TypeInferenceTest, DeclaredTypesAreMetNotReplaced) {
  // A declared static size where the rule knows none stays; a declared type
  // the rule contradicts stays too (the verifier names it).
  Value x = argument(tensor({4, 5}));
  Value perm = argument(RankedTensorType::get({2}, builder.getI32Type()));
  int64_t dynamic = ShapedType::kDynamic;
  auto transpose =
      TransposeOp::create(builder, loc, tensor({5, dynamic}), x, perm);
  refineResultTypes(transpose);
  EXPECT_EQ(transpose.getType(), tensor({5, dynamic}));
  Value begin = createI32Vector(builder, loc, {0});
  Value size = createI32Vector(builder, loc, {2});
  Value v = argument(tensor({4}));
  auto slice = SliceOp::create(builder, loc, tensor({3}), v, begin, size);
  refineResultTypes(slice);
  EXPECT_EQ(slice.getType(), tensor({3}));
  std::string diagnostic;
  ScopedDiagnosticHandler capture(&context, [&](Diagnostic &diag) {
    diagnostic = diag.str();
    return success();
  });
  EXPECT_TRUE(failed(verifyInferredResultShape(slice)));
  EXPECT_EQ(diagnostic, "'lite.slice' op result type 'tensor<3xf32>' does not "
                        "match the expected shape 'tensor<2xf32>'");
}

TEST_F(TypeInferenceTest, MissingOperandsLeaveTheOpAlone) {
  // A slice built from a malformed node: one operand where three are
  // defined. Its rule is not run (it would read operands that are not
  // there).
  Value x = argument(tensor({4}));
  OperationState state(loc, SliceOp::getOperationName());
  state.addOperands(x);
  state.addTypes(UnrankedTensorType::get(builder.getF32Type()));
  Operation *slice = builder.create(state);
  refineResultTypes(slice);
  EXPECT_TRUE(isa<UnrankedTensorType>(slice->getResult(0).getType()));
}

} // namespace
