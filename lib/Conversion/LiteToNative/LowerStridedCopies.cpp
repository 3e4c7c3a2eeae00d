//===- LowerStridedCopies.cpp - memref.copy without runner utils ----------===//
//
// finalize-memref-to-llvm lowers memref.copy to a memcpy when both memrefs
// have an identity layout (or a static contiguous one) and otherwise to a
// call of `memrefCopy`, which lives in MLIR's runner-utils library, not in a
// compiled model. This pass gives the second kind a lowering of their own:
// linalg.copy, which becomes loops with the rest of linalg.
//
//===----------------------------------------------------------------------===//

#include "sluice/Conversion/Passes.h"

#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace sluice {
#define GEN_PASS_DEF_NATIVELOWERSTRIDEDCOPIESPASS
#include "sluice/Conversion/Passes.h.inc"
} // namespace sluice

using namespace mlir;

namespace sluice {
namespace {

/// Whether finalize-memref-to-llvm copies `type` with a memcpy.
bool copiesWithMemcpy(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  return memref && (memref.getLayout().isIdentity() ||
                    memref::isStaticShapeAndContiguousRowMajor(memref));
}

struct StridedCopyToLinalg : OpRewritePattern<memref::CopyOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(memref::CopyOp copy,
                                PatternRewriter &rewriter) const override {
    if (copiesWithMemcpy(copy.getSource().getType()) &&
        copiesWithMemcpy(copy.getTarget().getType()))
      return failure();
    rewriter.replaceOpWithNewOp<linalg::CopyOp>(copy, copy.getSource(),
                                                copy.getTarget());
    return success();
  }
};

struct NativeLowerStridedCopiesPass
    : impl::NativeLowerStridedCopiesPassBase<NativeLowerStridedCopiesPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<StridedCopyToLinalg>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
} // namespace sluice
