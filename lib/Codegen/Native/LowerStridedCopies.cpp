//===- LowerStridedCopies.cpp - memref.copy without runner utils ----------===//
//
// finalize-memref-to-llvm lowers memref.copy to a memcpy when both memrefs
// have an identity layout (or a static contiguous one) and otherwise to a
// call of `memrefCopy`, which lives in MLIR's runner-utils library, not in a
// compiled model. This pass gives the second kind a lowering of their own:
// linalg.copy, which becomes loops with the rest of linalg.
//
//===----------------------------------------------------------------------===//

#include "sluice/Codegen/Native/Passes.h"

#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace sluice {
#define GEN_PASS_DEF_NATIVELOWERSTRIDEDCOPIESPASS
#include "sluice/Codegen/Native/Passes.h.inc"
} // namespace sluice

using namespace mlir;

namespace sluice {
namespace {

/// Whether finalize-memref-to-llvm copies `type` with a memcpy: an identity
/// layout, or a static contiguous one holding at least one element.
bool copiesWithMemcpy(MemRefType memref) {
  return memref.getLayout().isIdentity() ||
         (memref.hasStaticShape() && memref.getNumElements() > 0 &&
          memref::isStaticShapeAndContiguousRowMajor(memref));
}

struct StridedCopyToLinalg : OpRewritePattern<memref::CopyOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(memref::CopyOp copy,
                                PatternRewriter &rewriter) const override {
    // Unranked copies have no linalg form (native code has ranks anyway).
    auto source = dyn_cast<MemRefType>(copy.getSource().getType());
    auto target = dyn_cast<MemRefType>(copy.getTarget().getType());
    if (!source || !target ||
        (copiesWithMemcpy(source) && copiesWithMemcpy(target)))
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
