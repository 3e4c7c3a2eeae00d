//===- ScalarizeLoopState.cpp - carry rank-0 loop state as scalars --------===//
//
// A TFLite loop counter is a tensor<i32>. Carried through scf.while as a
// tensor it would be a heap buffer per iteration after bufferization; carried
// as an i32 it lives in a register:
//
//   scf.while (%i = %t) : (tensor<i32>)      %s = tensor.extract %t[]
//     ... uses of %i ...               =>    scf.while (%j = %s) : (i32)
//                                              %i = tensor.from_elements %j
//                                              ... uses of %i ...
//
// and likewise for the values the condition forwards to the body and the
// results, and for the rank-0 results of scf.if (a branch's value would be a
// buffer too). tensor.extract(tensor.from_elements) then folds, so scalar
// arithmetic lowered from rank-0 lite ops never touches memory.
//
//===----------------------------------------------------------------------===//

#include "sluice/Conversion/LiteToLinalg/LiteToLinalg.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

namespace sluice::lite_to_native {
namespace {

bool isRankZeroTensor(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor && tensor.getRank() == 0;
}

Type scalarType(Type type) {
  return isRankZeroTensor(type) ? cast<RankedTensorType>(type).getElementType()
                                : type;
}

/// Reads rank-0 tensors among `values` as scalars.
SmallVector<Value> extractScalars(OpBuilder &builder, Location loc,
                                  ValueRange values) {
  SmallVector<Value> scalars;
  for (Value value : values)
    scalars.push_back(
        isRankZeroTensor(value.getType())
            ? tensor::ExtractOp::create(builder, loc, value, ValueRange{})
                  .getResult()
            : value);
  return scalars;
}

/// The results of a scalarized op as values of its `originalTypes`: rank-0
/// tensors rebuilt from their elements.
SmallVector<Value> rebuildTensors(OpBuilder &builder, Location loc,
                                  ValueRange results, TypeRange originalTypes) {
  SmallVector<Value> values;
  for (auto [result, type] : llvm::zip_equal(results, originalTypes)) {
    if (isRankZeroTensor(type))
      values.push_back(
          tensor::FromElementsOp::create(builder, loc, type, result));
    else
      values.push_back(result);
  }
  return values;
}

/// Gives the block's rank-0 tensor arguments their scalar type and rebuilds
/// the tensors at the top of the block for the existing uses.
void scalarizeArguments(RewriterBase &rewriter, Block &block,
                        TypeRange originalTypes) {
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(&block);
  for (auto [argument, type] :
       llvm::zip_equal(block.getArguments(), originalTypes)) {
    if (!isRankZeroTensor(type))
      continue;
    argument.setType(scalarType(type));
    Value tensor = tensor::FromElementsOp::create(rewriter, argument.getLoc(),
                                                  type, argument);
    rewriter.replaceAllUsesExcept(argument, tensor, tensor.getDefiningOp());
  }
}

struct ScalarizeWhileState : OpRewritePattern<scf::WhileOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(scf::WhileOp loop,
                                PatternRewriter &rewriter) const override {
    TypeRange beforeTypes = loop.getBefore().getArgumentTypes();
    TypeRange afterTypes = loop.getAfter().getArgumentTypes();
    if (llvm::none_of(beforeTypes, isRankZeroTensor) &&
        llvm::none_of(afterTypes, isRankZeroTensor))
      return failure();
    SmallVector<Type> originalBefore(beforeTypes);
    SmallVector<Type> originalAfter(afterTypes);
    Location loc = loop.getLoc();

    SmallVector<Value> inits = extractScalars(rewriter, loc, loop.getInits());
    SmallVector<Type> resultTypes =
        llvm::map_to_vector(originalAfter, scalarType);
    auto scalarLoop = scf::WhileOp::create(rewriter, loc, resultTypes, inits);
    // Decisions recorded on the loop (-lite-plan-buffers) stay with it.
    scalarLoop->setDiscardableAttrs(loop->getDiscardableAttrDictionary());
    rewriter.inlineRegionBefore(loop.getBefore(), scalarLoop.getBefore(),
                                scalarLoop.getBefore().end());
    rewriter.inlineRegionBefore(loop.getAfter(), scalarLoop.getAfter(),
                                scalarLoop.getAfter().end());
    scalarizeArguments(rewriter, scalarLoop.getBefore().front(),
                       originalBefore);
    scalarizeArguments(rewriter, scalarLoop.getAfter().front(), originalAfter);

    scf::ConditionOp condition = scalarLoop.getConditionOp();
    rewriter.setInsertionPoint(condition);
    SmallVector<Value> forwarded =
        extractScalars(rewriter, condition.getLoc(), condition.getArgs());
    rewriter.modifyOpInPlace(
        condition, [&] { condition.getArgsMutable().assign(forwarded); });
    scf::YieldOp yield = scalarLoop.getYieldOp();
    rewriter.setInsertionPoint(yield);
    SmallVector<Value> next =
        extractScalars(rewriter, yield.getLoc(), yield.getResults());
    rewriter.modifyOpInPlace(yield,
                             [&] { yield.getResultsMutable().assign(next); });

    rewriter.setInsertionPointAfter(scalarLoop);
    rewriter.replaceOp(
        loop,
        rebuildTensors(rewriter, loc, scalarLoop.getResults(), originalAfter));
    return success();
  }
};

/// scf.if yielding rank-0 tensors yields their elements instead.
struct ScalarizeIfResults : OpRewritePattern<scf::IfOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(scf::IfOp ifOp,
                                PatternRewriter &rewriter) const override {
    if (llvm::none_of(ifOp.getResultTypes(), isRankZeroTensor) ||
        ifOp.getElseRegion().empty())
      return failure();
    SmallVector<Type> originalTypes(ifOp.getResultTypes());
    Location loc = ifOp.getLoc();
    auto scalarIf = scf::IfOp::create(
        rewriter, loc, llvm::map_to_vector(originalTypes, scalarType),
        ifOp.getCondition(), /*addThenBlock=*/false, /*addElseBlock=*/false);
    for (auto [from, to] :
         {std::pair(&ifOp.getThenRegion(), &scalarIf.getThenRegion()),
          std::pair(&ifOp.getElseRegion(), &scalarIf.getElseRegion())}) {
      rewriter.inlineRegionBefore(*from, *to, to->end());
      auto yield = cast<scf::YieldOp>(to->front().getTerminator());
      rewriter.setInsertionPoint(yield);
      SmallVector<Value> scalars =
          extractScalars(rewriter, yield.getLoc(), yield.getResults());
      rewriter.modifyOpInPlace(
          yield, [&] { yield.getResultsMutable().assign(scalars); });
    }
    rewriter.setInsertionPointAfter(scalarIf);
    rewriter.replaceOp(
        ifOp,
        rebuildTensors(rewriter, loc, scalarIf.getResults(), originalTypes));
    return success();
  }
};

} // namespace

void populateScalarizeLoopStatePatterns(RewritePatternSet &patterns) {
  patterns.add<ScalarizeWhileState, ScalarizeIfResults>(patterns.getContext());
}

} // namespace sluice::lite_to_native
