//===- Pipelines.cpp - the lifting pipeline the tools share ---------------===//
//
// Import is followed by the same passes wherever a lifted program is needed
// (sluicec, sluice-run --lift, sluice-opt -sluice-lift), so they are built
// in one place.
//
//===----------------------------------------------------------------------===//

#include "sluice/Conversion/ExecutorToLite/Passes.h"
#include "sluice/Dialect/Lite/Transforms/Passes.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void sluice::executor::buildLiftControlFlowPipeline(OpPassManager &pm) {
  pm.addPass(createExecutorLiftControlFlowPass());
  buildLiftCleanupPipeline(pm);
}

void sluice::executor::buildLiftCleanupPipeline(OpPassManager &pm) {
  // Combining lite.ifs exposes equal predicates (a _SwitchN's comparisons)
  // that only CSE makes one value, which lets more ifs combine. -lite-cse is
  // -cse without its cost quadratic in the loops that share operands.
  pm.addPass(createCanonicalizerPass());
  pm.addPass(lite::createLiteCSEPass());
  pm.addPass(createCanonicalizerPass());
}

void sluice::executor::registerLiftControlFlowPipeline() {
  PassPipelineRegistration<>(
      "sluice-lift",
      "lift v1 control flow in every function, then canonicalize and CSE",
      [](OpPassManager &pm) {
        buildLiftControlFlowPipeline(pm.nest<func::FuncOp>());
      });
}
