//===- Lifting.cpp - the lifted form the back ends take -------------------===//

#include "Lifting.h"

#include "sluice/Driver/LoadProgram.h"

#include "sluice/Dialect/Executor/IR/ExecutorDialect.h"
#include "sluice/Conversion/ExecutorToLite/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/ScopeExit.h"

using namespace mlir;

namespace sluice {

bool containsExecutorOps(Operation *root) {
  return root
      ->walk([](Operation *op) {
        return isa<executor::ExecutorDialect>(op->getDialect())
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

LogicalResult liftModule(ModuleOp module, unsigned maxNesting) {
  // One function at a time: when several functions failed to lift on
  // MLIR's pass threads, about one lift in seventy came back failed with
  // none of their diagnostics (found by sluice-fuzz-mlir; 0 in 400 since).
  MLIRContext *context = module.getContext();
  bool threaded = context->isMultithreadingEnabled();
  if (threaded)
    context->disableMultithreading();
  llvm::scope_exit restore([&] {
    if (threaded)
      context->enableMultithreading();
  });
  PassManager pm(context);
  executor::buildLiftControlFlowPipeline(pm.nest<func::FuncOp>());
  if (failed(pm.run(module)))
    return failure();
  // Lifting turns flat v1 graphs into nested regions: as deep as their
  // conds and loops nest.
  return checkNestingDepth(module, maxNesting);
}

FailureOr<OwningOpRef<ModuleOp>> cloneLifted(ModuleOp module,
                                             unsigned maxNesting) {
  OwningOpRef<ModuleOp> copy(module.clone());
  if (containsExecutorOps(*copy) && failed(liftModule(*copy, maxNesting)))
    return failure();
  return copy;
}

} // namespace sluice
