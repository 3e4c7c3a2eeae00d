//===- FoldConstants.cpp - the -lite-fold-constants pass ------------------===//
//
// Constant folding for every lite tensor op at once: the reference kernels
// (sluice::interp::evaluateLiteOp) compute the results, so a folded value is
// exactly what the interpreter would compute at run time.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Lite/IR/LiteOps.h"
#include "sluice/Dialect/Lite/Transforms/Passes.h"
#include "sluice/Kernels/Kernels.h"
#include "sluice/Kernels/TensorIO.h"

#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/Support/CheckedArithmetic.h"

namespace sluice::lite {
#define GEN_PASS_DEF_LITEFOLDCONSTANTSPASS
#include "sluice/Dialect/Lite/Transforms/Passes.h.inc"
} // namespace sluice::lite

using namespace mlir;

namespace sluice::lite {
namespace {

struct FoldWithReferenceKernels
    : OpInterfaceRewritePattern<TFLiteBuiltinOpInterface> {
  FoldWithReferenceKernels(MLIRContext *context, int64_t maxElements)
      : OpInterfaceRewritePattern(context), maxElements(maxElements) {}

  LogicalResult matchAndRewrite(TFLiteBuiltinOpInterface builtin,
                                PatternRewriter &rewriter) const override {
    Operation *op = builtin.getOperation();
    if (op->getNumRegions() != 0 || op->getNumResults() == 0)
      return failure();
    // A result may be larger than maxElements when it replaces a stored
    // constant at least as large in bits that only this op reads (a weight
    // transposed or reshaped at import): folding then grows nothing. A
    // splat stores one element, so it allows nothing more.
    auto bitsOf = [](int64_t count, Type element) {
      return llvm::checkedMul<int64_t>(count, element.getIntOrFloatBitWidth());
    };
    int64_t replacedBits = 0;
    for (Value operand : op->getOperands()) {
      ElementsAttr value;
      if (!matchPattern(operand, m_Constant(&value)) || !operand.hasOneUse() ||
          value.isSplat())
        continue;
      if (std::optional<int64_t> bits =
              bitsOf(value.getNumElements(), value.getElementType()))
        replacedBits = std::max(replacedBits, *bits);
    }
    for (Type type : op->getResultTypes()) {
      auto tensor = dyn_cast<RankedTensorType>(type);
      if (!tensor || !tensor.hasStaticShape())
        return failure();
      if (tensor.getNumElements() <= maxElements)
        continue;
      std::optional<int64_t> bits =
          bitsOf(tensor.getNumElements(), tensor.getElementType());
      if (!bits || *bits > replacedBits)
        return failure();
    }
    SmallVector<interp::Tensor> operands;
    for (Value operand : op->getOperands()) {
      ElementsAttr value;
      std::string error;
      if (!matchPattern(operand, m_Constant(&value)))
        return failure();
      FailureOr<interp::Tensor> tensor = interp::tensorFromAttr(value, error);
      if (failed(tensor))
        return failure();
      operands.push_back(std::move(*tensor));
    }
    // A kernel that fails reports a run-time error: leave it to the run.
    SmallVector<interp::Tensor> results;
    LogicalResult evaluated = success();
    {
      ScopedDiagnosticHandler silence(op->getContext(),
                                      [](Diagnostic &) { return success(); });
      evaluated = interp::evaluateLiteOp(op, operands, results);
    }
    if (failed(evaluated))
      return failure();
    SmallVector<Value> constants;
    for (auto [result, tensor] : llvm::zip_equal(op->getResults(), results)) {
      auto type = cast<RankedTensorType>(result.getType());
      if (tensor.getShape() != type.getShape())
        return failure();
      constants.push_back(ConstantOp::create(
          rewriter, op->getLoc(), interp::tensorToAttr(tensor, type)));
    }
    rewriter.replaceOp(op, constants);
    return success();
  }

  int64_t maxElements;
};

struct LiteFoldConstantsPass
    : impl::LiteFoldConstantsPassBase<LiteFoldConstantsPass> {
  using Base::Base;
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<FoldWithReferenceKernels>(&getContext(), maxElements);
    // Constants stay where they are made (no hoisting, no merging): the
    // TFLite exporter folds too, and its model keeps the program's order so
    // that export -> import -> export gives the same bytes.
    GreedyRewriteConfig config;
    config.enableConstantCSE(false);
    if (failed(
            applyPatternsGreedily(getOperation(), std::move(patterns), config)))
      signalPassFailure();
  }
};

} // namespace
} // namespace sluice::lite
