//===- ApproximateMath.cpp - vectorisable f32 tanh
//-------------------------===//
//
// An RNN step is a matrix-vector product and a tanh per element; with libm
// the tanh is a call per element that LLVM cannot vectorise and that costs as
// much as the product. MLIR's polynomial approximation of f32 tanh is plain
// arith instead.
//
//===----------------------------------------------------------------------===//

#include "sluice/Codegen/Native/Passes.h"

#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace sluice {
#define GEN_PASS_DEF_NATIVEAPPROXIMATEMATHPASS
#include "sluice/Codegen/Native/Passes.h.inc"
} // namespace sluice

using namespace mlir;

namespace sluice {
namespace {

struct NativeApproximateMathPass
    : impl::NativeApproximateMathPassBase<NativeApproximateMathPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populatePolynomialApproximateTanhPattern(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
} // namespace sluice
