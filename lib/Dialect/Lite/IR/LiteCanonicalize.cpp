//===- LiteCanonicalize.cpp - canonicalization of lite.if / lite.while ----===//
//
// Cleans up the control flow that lifting TF v1 graphs produces: many small
// lite.if ops on one predicate, results that only carry a placeholder out of
// the branch that does not define them, and predicates that are constants.
// Modelled on upstream scf.if / scf.while (SCF.cpp).
//
// lite.if:
//   RemoveStaticCondition  constant predicate, or an if nested in a branch
//                          of an if on the same predicate -> the taken branch
//   CombineIfs             two ifs on one predicate -> one if (below)
//   ForwardYieldedValue    a result both branches yield from outside, or
//                          true/false constants equal to the predicate ->
//                          that value (or logical_not of the predicate)
//   RemoveUnusedResults    results without uses dropped
// lite.while:
//   RemoveInvariantCarried a loop-carried value the body yields unchanged ->
//                          its initial value
//   RemoveDeadCarried      a loop-carried value nothing reads but its own
//                          update -> dropped, with that update
//
// An if whose regions hold nothing with side effects and whose results are
// unused is trivially dead and erased by the rewrite driver itself.
//
// A branch may yield a more precise type than the op's result (and a while's
// init may be more precise than the carried type). There is no free cast in
// lite, so a pattern that would replace a value by one of another type does
// not apply.
//
// CombineIfs. Unlike scf.if's, the second if may use the results of the
// first: in each branch of the merged if those uses read the first if's
// yield of that branch. Ops between the two ifs move above the first one
// when they do not use its results and do not reorder side effects.
//
//   %a = lite.if %p -> (A) {         %x = lite.op                (moved)
//     lite.yield %t : A              %a, %b = lite.if %p -> (A, B) {
//   } else {                           %u = lite.use %t
//     lite.yield %e : A                lite.yield %t, %u : A, B
//   }                          ==>   } else {
//   %x = lite.op                       %v = lite.use %e
//   %b = lite.if %p -> (B) {           lite.yield %e, %v : A, B
//     %u = lite.use %a               }
//     lite.yield %u : B
//   } else {
//     %v = lite.use %a
//     lite.yield %v : B
//   }
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Lite/IR/LiteBuilders.h"
#include "sluice/Dialect/Lite/IR/LiteOps.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace sluice::lite;

static YieldOp getYield(Region &region) {
  return cast<YieldOp>(region.front().getTerminator());
}

/// The boolean that `value` always holds, when it is a constant splat.
static std::optional<bool> getConstantBool(Value value) {
  DenseElementsAttr attr;
  if (!matchPattern(value, m_Constant(&attr)) || !attr.isSplat() ||
      !attr.getElementType().isInteger(1))
    return std::nullopt;
  return attr.getSplatValue<bool>();
}

//===----------------------------------------------------------------------===//
// lite.if
//===----------------------------------------------------------------------===//

/// The value the predicate of `op` is known to have: a constant, or the
/// predicate of an enclosing if on the same value (true in its then branch).
static std::optional<bool> getKnownCondition(IfOp op) {
  if (std::optional<bool> constant = getConstantBool(op.getCond()))
    return constant;
  for (Region *region = op->getParentRegion(); region;
       region = region->getParentOp()->getParentRegion()) {
    auto outer = dyn_cast<IfOp>(region->getParentOp());
    if (outer && outer.getCond() == op.getCond())
      return region == &outer.getThenRegion();
  }
  return std::nullopt;
}

namespace {

/// Replaces an if whose predicate is known by the branch it takes.
struct RemoveStaticCondition : OpRewritePattern<IfOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(IfOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<bool> known = getKnownCondition(op);
    if (!known)
      return rewriter.notifyMatchFailure(op, "predicate not known");
    Region &taken = *known ? op.getThenRegion() : op.getElseRegion();
    YieldOp yield = getYield(taken);

    // A branch may yield a more precise type than the op's result: such a
    // value reaches the result's users through a reshape to the result type
    // (shape inference makes the users precise afterwards).
    SmallVector<Value> results(yield.getOperands());
    rewriter.inlineBlockBefore(&taken.front(), op);
    rewriter.setInsertionPoint(op);
    for (auto [index, result] : llvm::enumerate(op.getResults()))
      if (!result.use_empty() && result.getType() != results[index].getType())
        results[index] = createReshapeCopy(rewriter, op.getLoc(),
                                           results[index], result.getType());
    rewriter.replaceOp(op, results);
    rewriter.eraseOp(yield);
    return success();
  }
};

/// Rebuilds an if without the results that have no uses.
struct RemoveUnusedResults : OpRewritePattern<IfOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(IfOp op,
                                PatternRewriter &rewriter) const override {
    SmallVector<OpResult> used;
    for (OpResult result : op.getResults())
      if (!result.use_empty())
        used.push_back(result);
    if (used.size() == op.getNumResults())
      return rewriter.notifyMatchFailure(op, "all results used");

    SmallVector<Type> types;
    for (OpResult result : used)
      types.push_back(result.getType());
    auto newOp = IfOp::create(rewriter, op.getLoc(), types, op.getCond());
    newOp->setDiscardableAttrs(op->getDiscardableAttrDictionary());
    for (auto [from, to] :
         llvm::zip_equal(op->getRegions(), newOp->getRegions())) {
      rewriter.inlineRegionBefore(from, to, to.end());
      YieldOp yield = getYield(to);
      SmallVector<Value> kept;
      for (OpResult result : used)
        kept.push_back(yield.getOperand(result.getResultNumber()));
      rewriter.modifyOpInPlace(yield, [&] { yield->setOperands(kept); });
    }

    SmallVector<Value> replacements(op.getNumResults());
    for (auto [result, newResult] : llvm::zip_equal(used, newOp.getResults()))
      replacements[result.getResultNumber()] = newResult;
    rewriter.replaceOp(op, replacements);
    return success();
  }
};

/// Replaces a result by a value that does not depend on the branch taken:
/// one value defined outside that both branches yield, or the predicate
/// itself when the branches yield the constants true and false (its
/// negation for false and true). The result then has no uses left.
struct ForwardYieldedValue : OpRewritePattern<IfOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(IfOp op,
                                PatternRewriter &rewriter) const override {
    YieldOp thenYield = getYield(op.getThenRegion());
    YieldOp elseYield = getYield(op.getElseRegion());
    Value cond = op.getCond();
    Value negated;
    bool changed = false;
    for (auto [result, thenValue, elseValue] :
         llvm::zip_equal(op.getResults(), thenYield.getOperands(),
                         elseYield.getOperands())) {
      if (result.use_empty())
        continue;
      if (thenValue == elseValue) {
        if (thenValue.getType() != result.getType() ||
            op->isAncestor(thenValue.getParentRegion()->getParentOp()))
          continue;
        rewriter.replaceAllUsesWith(result, thenValue);
        changed = true;
        continue;
      }
      if (result.getType() != cond.getType())
        continue;
      std::optional<bool> thenBool = getConstantBool(thenValue);
      std::optional<bool> elseBool = getConstantBool(elseValue);
      if (!thenBool || !elseBool || *thenBool == *elseBool)
        continue;
      if (*thenBool) {
        rewriter.replaceAllUsesWith(result, cond);
      } else {
        if (!negated)
          negated =
              LogicalNotOp::create(rewriter, op.getLoc(), cond.getType(), cond);
        rewriter.replaceAllUsesWith(result, negated);
      }
      changed = true;
    }
    return success(changed);
  }
};

/// Merges an if into the closest earlier if in the same block that has the
/// same predicate (see the file comment).
struct CombineIfs : OpRewritePattern<IfOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(IfOp nextIf,
                                PatternRewriter &rewriter) const override {
    // Found through the predicate's uses rather than by walking the block,
    // which may be long.
    IfOp prevIf;
    for (Operation *user : nextIf.getCond().getUsers()) {
      auto candidate = dyn_cast<IfOp>(user);
      if (candidate && candidate != nextIf &&
          candidate->getBlock() == nextIf->getBlock() &&
          candidate->isBeforeInBlock(nextIf) &&
          (!prevIf || prevIf->isBeforeInBlock(candidate)))
        prevIf = candidate;
    }
    if (!prevIf)
      return rewriter.notifyMatchFailure(nextIf, "no earlier if on the same "
                                                 "predicate in the block");
    SmallVector<Operation *> between;
    for (Operation *op = prevIf->getNextNode(); op != nextIf;
         op = op->getNextNode())
      between.push_back(op);

    // The ops in between move above prevIf: they must not read its results
    // and must commute with it.
    bool prevIfPure = isMemoryEffectFree(prevIf);
    for (Operation *op : between)
      if (!prevIfPure && !isMemoryEffectFree(op))
        return rewriter.notifyMatchFailure(nextIf, "side effects in between");
    YieldOp prevThen = getYield(prevIf.getThenRegion());
    YieldOp prevElse = getYield(prevIf.getElseRegion());
    for (OpResult result : prevIf.getResults()) {
      Type type = result.getType();
      unsigned index = result.getResultNumber();
      for (Operation *user : result.getUsers()) {
        Operation *ancestor = nextIf->getBlock()->findAncestorOpInBlock(*user);
        // A user in another block is in a successor of this one.
        if (ancestor && ancestor != nextIf &&
            !nextIf->isBeforeInBlock(ancestor))
          return rewriter.notifyMatchFailure(nextIf, "an op in between uses "
                                                     "the earlier if");
        // Inside nextIf the use reads a yield operand; its type must match.
        if (ancestor == nextIf &&
            (prevThen.getOperand(index).getType() != type ||
             prevElse.getOperand(index).getType() != type))
          return rewriter.notifyMatchFailure(nextIf, "a branch of the earlier "
                                                     "if yields another type");
      }
    }

    for (Operation *op : between)
      rewriter.moveOpBefore(op, prevIf);

    SmallVector<Type> types(prevIf.getResultTypes());
    llvm::append_range(types, nextIf.getResultTypes());
    auto combined = IfOp::create(
        rewriter, rewriter.getFusedLoc({prevIf.getLoc(), nextIf.getLoc()}),
        types, nextIf.getCond());
    for (auto [prevRegion, nextRegion, region] :
         llvm::zip_equal(prevIf->getRegions(), nextIf->getRegions(),
                         combined->getRegions())) {
      Region *nextBranch = &nextRegion;
      YieldOp prevYield = getYield(prevRegion);
      YieldOp nextYield = getYield(nextRegion);
      rewriter.replaceUsesWithIf(
          prevIf.getResults(), prevYield.getOperands(), [&](OpOperand &use) {
            return nextBranch->isAncestor(use.getOwner()->getParentRegion());
          });
      SmallVector<Value> yielded(prevYield.getOperands());
      llvm::append_range(yielded, nextYield.getOperands());

      rewriter.inlineRegionBefore(prevRegion, region, region.end());
      Block *block = &region.front();
      rewriter.mergeBlocks(&nextRegion.front(), block);
      rewriter.setInsertionPointToEnd(block);
      YieldOp::create(rewriter, nextYield.getLoc(), yielded);
      rewriter.eraseOp(prevYield);
      rewriter.eraseOp(nextYield);
    }

    unsigned numPrev = prevIf.getNumResults();
    rewriter.replaceOp(prevIf, combined.getResults().take_front(numPrev));
    rewriter.replaceOp(nextIf, combined.getResults().drop_front(numPrev));
    return success();
  }
};

} // namespace

void IfOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                       MLIRContext *context) {
  results.add<CombineIfs, ForwardYieldedValue, RemoveStaticCondition,
              RemoveUnusedResults>(context);
}

//===----------------------------------------------------------------------===//
// lite.while
//===----------------------------------------------------------------------===//

/// Rebuilds `op` without the loop-carried values in `drop`, whose results
/// and block arguments must have no uses left other than as the body's
/// yield operand at their own position.
static void dropCarriedValues(WhileOp op, const llvm::BitVector &drop,
                              PatternRewriter &rewriter) {
  SmallVector<Value> inits, yielded;
  SmallVector<Type> types;
  YieldOp bodyYield = getYield(op.getBody());
  for (auto [index, init] : llvm::enumerate(op.getInits())) {
    if (drop.test(index))
      continue;
    inits.push_back(init);
    types.push_back(op.getResult(index).getType());
    yielded.push_back(bodyYield.getOperand(index));
  }
  rewriter.modifyOpInPlace(bodyYield, [&] { bodyYield->setOperands(yielded); });
  rewriter.modifyOpInPlace(op, [&] {
    op.getCond().front().eraseArguments(drop);
    op.getBody().front().eraseArguments(drop);
  });

  auto newOp = WhileOp::create(rewriter, op.getLoc(), types, inits);
  newOp->setDiscardableAttrs(op->getDiscardableAttrDictionary());
  for (auto [from, to] : llvm::zip_equal(op->getRegions(), newOp->getRegions()))
    rewriter.inlineRegionBefore(from, to, to.end());

  SmallVector<Value> replacements(op.getNumResults());
  unsigned next = 0;
  for (unsigned index = 0, e = op.getNumResults(); index != e; ++index)
    if (!drop.test(index))
      replacements[index] = newOp.getResult(next++);
  rewriter.replaceOp(op, replacements);
}

namespace {

/// A loop-carried value that the body yields unchanged keeps its initial
/// value: its block arguments and its result become the initial value.
struct RemoveInvariantCarried : OpRewritePattern<WhileOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(WhileOp op,
                                PatternRewriter &rewriter) const override {
    Block &cond = op.getCond().front();
    Block &body = op.getBody().front();
    YieldOp bodyYield = getYield(op.getBody());
    llvm::BitVector drop(op.getNumResults());
    for (auto [index, init] : llvm::enumerate(op.getInits()))
      if (bodyYield.getOperand(index) == body.getArgument(index) &&
          init.getType() == op.getResult(index).getType())
        drop.set(index);
    if (drop.none())
      return rewriter.notifyMatchFailure(op, "no invariant carried value");

    for (unsigned index : drop.set_bits()) {
      Value init = op.getInits()[index];
      rewriter.replaceAllUsesWith(op.getResult(index), init);
      rewriter.replaceAllUsesWith(cond.getArgument(index), init);
      rewriter.replaceUsesWithIf(body.getArgument(index), init,
                                 [&](OpOperand &use) {
                                   return use.getOwner() != bodyYield ||
                                          use.getOperandNumber() != index;
                                 });
    }
    dropCarriedValues(op, drop, rewriter);
    return success();
  }
};

/// Adds to `slice` the ops of the body (at its top level) that depend on the
/// body argument `arg`. Fails when one of them has side effects or the
/// dependence reaches a value the body yields for a carried value not in
/// `drop`.
static LogicalResult collectPassedOnSlice(BlockArgument arg,
                                          const llvm::BitVector &drop,
                                          YieldOp bodyYield,
                                          llvm::SetVector<Operation *> &slice) {
  Block *body = arg.getOwner();
  SmallVector<Value> worklist{arg};
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (OpOperand &use : value.getUses()) {
      if (use.getOwner() == bodyYield) {
        if (!drop.test(use.getOperandNumber()))
          return failure();
        continue;
      }
      Operation *user = body->findAncestorOpInBlock(*use.getOwner());
      if (!slice.insert(user))
        continue;
      if (!isMemoryEffectFree(user))
        return failure();
      llvm::append_range(worklist, user->getResults());
    }
  }
  return success();
}

/// Loop-carried values that nothing outside their own update reads: not the
/// condition, not the users of the op, and in the body only side-effect-free
/// ops computing the next values of such carried values. They are dropped
/// together with those ops.
struct RemoveDeadCarried : OpRewritePattern<WhileOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(WhileOp op,
                                PatternRewriter &rewriter) const override {
    Block &cond = op.getCond().front();
    Block &body = op.getBody().front();
    YieldOp bodyYield = getYield(op.getBody());
    llvm::BitVector drop(op.getNumResults());
    for (unsigned index = 0, e = op.getNumResults(); index != e; ++index)
      if (op.getResult(index).use_empty() &&
          cond.getArgument(index).use_empty())
        drop.set(index);

    // Keeping one carried value keeps what its update reads: iterate.
    llvm::SetVector<Operation *> slice;
    for (bool changed = true; changed;) {
      changed = false;
      slice.clear();
      for (unsigned index : drop.set_bits()) {
        if (failed(collectPassedOnSlice(body.getArgument(index), drop,
                                        bodyYield, slice))) {
          drop.reset(index);
          changed = true;
          break;
        }
      }
    }
    if (drop.none())
      return rewriter.notifyMatchFailure(op, "every carried value is read");

    // The yield passes the dropped values on unchanged, so that the ops
    // computing them are dead, then the values go.
    rewriter.modifyOpInPlace(bodyYield, [&] {
      for (unsigned index : drop.set_bits())
        bodyYield->setOperand(index, body.getArgument(index));
    });
    SmallVector<Operation *> dead(slice.begin(), slice.end());
    llvm::sort(dead, [](Operation *lhs, Operation *rhs) {
      return lhs->isBeforeInBlock(rhs);
    });
    for (Operation *deadOp : llvm::reverse(dead))
      rewriter.eraseOp(deadOp);
    dropCarriedValues(op, drop, rewriter);
    return success();
  }
};

} // namespace

void WhileOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                          MLIRContext *context) {
  results.add<RemoveDeadCarried, RemoveInvariantCarried>(context);
}
