//===- IfDestinations.cpp - branches of an scf.if write one buffer --------===//
//
// An scf.if whose branches each compute a result into a tensor.empty of
// their own (or yield a splat constant: a guard's fallback) bufferizes to an
// allocation in each branch, or an allocation in one and a global in the
// other; the result's owner is then known only at run time, which
// ownership-based deallocation tracks with index lists, and no allocation
// can leave a loop around the if. Giving both branches one destination,
// created before the if, makes the result that one buffer:
//
//   %r = scf.if %ok {                       %d = tensor.empty()
//     %e = tensor.empty()                   %r = scf.if %ok {
//     %g = gather(...) outs(%e)      =>       %g = gather(...) outs(%d)
//     scf.yield %g                            scf.yield %g
//   } else {                                } else {
//     %z = arith.constant dense<0.0>          %z = linalg.fill 0.0 outs(%d)
//     scf.yield %z                            scf.yield %z
//   }                                       }
//
// The branches never run together, so each may write the whole of %d.
//
//===----------------------------------------------------------------------===//

#include "sluice/Codegen/Native/Passes.h"

#include "Destinations.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace sluice {
#define GEN_PASS_DEF_NATIVEIFDESTINATIONSPASS
#include "sluice/Codegen/Native/Passes.h.inc"
} // namespace sluice

using namespace mlir;

namespace sluice {
namespace {

/// What a branch yields for one result: a value computed into a fresh
/// tensor.empty of the branch (`destination`), or a splat constant
/// (`splat`).
struct BranchResult {
  OpOperand *destination = nullptr;
  SplatElementsAttr splat;
};

/// Classifies `yielded`, yielded by `branch` for a result of `type`.
std::optional<BranchResult> classify(Value yielded, Region &branch,
                                     RankedTensorType type) {
  SplatElementsAttr splat;
  if (matchPattern(yielded, m_Constant(&splat)) && splat.getType() == type)
    return BranchResult{nullptr, splat};
  if (OpOperand *destination =
          lite_to_native::getFreshDestination(yielded, branch, type))
    return BranchResult{destination, {}};
  return std::nullopt;
}

struct ShareBranchDestinations : OpRewritePattern<scf::IfOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(scf::IfOp ifOp,
                                PatternRewriter &rewriter) const override {
    if (ifOp.getElseRegion().empty())
      return failure();
    bool changed = false;
    for (auto [index, result] : llvm::enumerate(ifOp.getResults())) {
      auto type = dyn_cast<RankedTensorType>(result.getType());
      if (!type || !type.hasStaticShape())
        continue;
      SmallVector<std::pair<scf::YieldOp, BranchResult>, 2> branches;
      for (scf::YieldOp yield : {ifOp.thenYield(), ifOp.elseYield()}) {
        std::optional<BranchResult> branch = classify(
            yield.getResults()[index], *yield->getParentRegion(), type);
        if (!branch)
          break;
        branches.emplace_back(yield, *branch);
      }
      // Both branches qualify, and one at least computes its result.
      if (branches.size() != 2 ||
          llvm::all_of(branches, [](auto &b) { return !b.second.destination; }))
        continue;
      rewriter.setInsertionPoint(ifOp);
      Value shared = tensor::EmptyOp::create(
          rewriter, ifOp.getLoc(), type.getShape(), type.getElementType());
      for (auto &[yield, branch] : branches) {
        if (OpOperand *destination = branch.destination) {
          Operation *empty = destination->get().getDefiningOp();
          rewriter.modifyOpInPlace(destination->getOwner(),
                                   [&] { destination->set(shared); });
          rewriter.eraseOp(empty);
          continue;
        }
        rewriter.setInsertionPoint(yield);
        Value element = arith::ConstantOp::create(
            rewriter, yield.getLoc(), branch.splat.getSplatValue<TypedAttr>());
        Value filled =
            linalg::FillOp::create(rewriter, yield.getLoc(), element, shared)
                .getResult(0);
        rewriter.modifyOpInPlace(
            yield, [&] { yield.getResultsMutable()[index].set(filled); });
      }
      changed = true;
    }
    return success(changed);
  }
};

struct NativeIfDestinationsPass
    : impl::NativeIfDestinationsPassBase<NativeIfDestinationsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<ShareBranchDestinations>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
} // namespace sluice
