//===- ReassociateReductions.cpp - vectorisable float reductions ---------===//
//
// A fully_connected lowers to a linalg contraction whose innermost loop is a
// dot product: acc = acc + a[k] * w[j][k]. Without reassociation LLVM must add
// the products in order, one at a time; with `reassoc` it keeps one partial
// sum per vector lane and adds them at the end, and `contract` allows fused
// multiply-adds. Named contractions are generalised first so that their body
// is explicit.
//
//===----------------------------------------------------------------------===//

#include "sluice/Codegen/Native/Passes.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"

namespace sluice {
#define GEN_PASS_DEF_NATIVEREASSOCIATEREDUCTIONSPASS
#include "sluice/Codegen/Native/Passes.h.inc"
} // namespace sluice

using namespace mlir;

namespace sluice {
namespace {

bool hasReduction(linalg::LinalgOp op) {
  return llvm::any_of(op.getIteratorTypesArray(), [](utils::IteratorType type) {
    return type == utils::IteratorType::reduction;
  });
}

struct NativeReassociateReductionsPass
    : impl::NativeReassociateReductionsPassBase<
          NativeReassociateReductionsPass> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    SmallVector<linalg::LinalgOp> named;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (!isa<linalg::GenericOp>(op) && hasReduction(op))
        named.push_back(op);
    });
    for (linalg::LinalgOp op : named) {
      rewriter.setInsertionPoint(op);
      if (failed(linalg::generalizeNamedOp(rewriter, op)))
        continue;
    }
    auto flags = arith::FastMathFlags::reassoc | arith::FastMathFlags::contract;
    getOperation().walk([&](linalg::GenericOp op) {
      if (!hasReduction(op))
        return;
      op.getRegion().walk([&](Operation *inner) {
        if (isa<arith::AddFOp, arith::MulFOp>(inner))
          inner->setAttr(
              cast<arith::ArithFastMathInterface>(inner).getFastMathAttrName(),
              arith::FastMathFlagsAttr::get(&getContext(), flags));
      });
    });
  }
};

} // namespace
} // namespace sluice
