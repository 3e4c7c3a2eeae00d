//===- DecomposeForTFLite.cpp - the -lite-decompose-for-tflite pass -------===//
//
// Replaces each elementwise op that has no TFLite builtin by its record's
// `tfliteDecomposition` (LiteOps.td), an expression over ops that have one,
// and broadcasts the operands of builtins whose LiteRT kernel does not
// (`tfliteSameShapes`). The rewrite patterns are generated from the records
// by sluice-tblgen (LiteTFLiteDecompositions.inc); this file holds the pass,
// the check each decomposition ends with and the broadcasting pattern.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Lite/IR/LiteExprBuilder.h"
#include "sluice/Dialect/Lite/IR/LiteOps.h"
#include "sluice/Dialect/Lite/Transforms/Passes.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace sluice::lite {
#define GEN_PASS_DEF_LITEDECOMPOSEFORTFLITEPASS
#include "sluice/Dialect/Lite/Transforms/Passes.h.inc"
} // namespace sluice::lite

using namespace mlir;

namespace sluice::lite {
namespace {

/// Replaces `op` by `value`, built from its operands, when their types
/// agree (an unranked operand gives an unranked decomposition, which the
/// op's static result type would not accept).
LogicalResult replaceWithDecomposition(PatternRewriter &rewriter, Operation *op,
                                       Value value) {
  if (value.getType() != op->getResult(0).getType())
    return rewriter.notifyMatchFailure(op, [&](Diagnostic &diag) {
      diag << "the decomposition has type " << value.getType();
    });
  rewriter.replaceOp(op, value);
  return success();
}

/// Whether `a` and `b` are known to have one shape.
bool haveOneStaticShape(Value a, Value b) {
  auto x = dyn_cast<RankedTensorType>(a.getType());
  auto y = dyn_cast<RankedTensorType>(b.getType());
  return x && y && x.hasStaticShape() && x.getShape() == y.getShape();
}

/// A binary builtin whose LiteRT kernel does not broadcast (the record's
/// `tfliteSameShapes`) gets operands broadcast to the result's shape first:
/// x * (zeros_like(y) + 1), which is x bit for bit (NaN, -0 and Inf
/// included) repeated along y's dimensions.
///
///   r = op(x, y)   =>   ones_x = zeros_like(x) + 1, ones_y = zeros_like(y) + 1
///                       r = op(x * ones_y, y * ones_x)
template <typename OpTy>
struct BroadcastOperandsForTFLite : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    Value x = op->getOperand(0), y = op->getOperand(1);
    if (haveOneStaticShape(x, y))
      return rewriter.notifyMatchFailure(op, "operands of one shape");
    ExprBuilder e(rewriter, op->getLoc(), getElementTypeOrSelf(x.getType()));
    auto broadcast = [&](Value value, Value other) {
      Value ones =
          e.binaryActivation<AddOp>(e.unary<ZerosLikeOp>(other), e.constant(1));
      return e.binaryActivation<MulOp>(value, ones);
    };
    Value broadcastX = broadcast(x, y);
    Value broadcastY = broadcast(y, x);
    rewriter.modifyOpInPlace(
        op, [&] { op->setOperands({broadcastX, broadcastY}); });
    return success();
  }
};

#include "sluice/Dialect/Lite/IR/LiteTFLiteDecompositions.inc"

struct LiteDecomposeForTFLitePass
    : impl::LiteDecomposeForTFLitePassBase<LiteDecomposeForTFLitePass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateTFLiteDecompositions(patterns);
    // One walk, no folding and no dead-code elimination: the program is
    // otherwise exported as written (export -> import -> export gives the
    // same bytes), and no decomposition yields an op with one.
    walkAndApplyPatterns(getOperation(), std::move(patterns));
  }
};

} // namespace
} // namespace sluice::lite
