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

/// Runs the lift, then its clean-up, on `root` (a module, its passes nested
/// on functions, or a function): two pass managers, so that each half is
/// timed as a stage of its own.
static LogicalResult runLiftPipelines(Operation *root, TimingScope *timing) {
  MLIRContext *context = root->getContext();
  StringRef anchor = root->getName().getStringRef();
  bool onModule = isa<ModuleOp>(root);
  auto run = [&](StringRef stage,
                 function_ref<void(OpPassManager &)> build) -> LogicalResult {
    TimingScope scope = nestTiming(timing, stage);
    PassManager pm(context, anchor);
    build(onModule ? pm.nest<func::FuncOp>()
                   : static_cast<OpPassManager &>(pm));
    if (scope)
      pm.enableTiming(scope);
    return pm.run(root);
  };
  if (failed(run("lift", [](OpPassManager &pm) {
        pm.addPass(executor::createExecutorLiftControlFlowPass());
      })))
    return failure();
  return run("cleanup", executor::buildLiftCleanupPipeline);
}

LogicalResult liftModule(ModuleOp module, unsigned maxNesting,
                         TimingScope *timing) {
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
  if (failed(runLiftPipelines(module, timing)))
    return failure();
  // Lifting turns flat v1 graphs into nested regions: as deep as their
  // conds and loops nest.
  TimingScope nestingTiming = nestTiming(timing, "check nesting");
  return checkNestingDepth(module, maxNesting);
}

LogicalResult liftFunction(func::FuncOp function, TimingScope *timing) {
  return runLiftPipelines(function, timing);
}

FailureOr<OwningOpRef<ModuleOp>>
cloneLifted(ModuleOp module, unsigned maxNesting, TimingScope *timing) {
  TimingScope cloneTiming = nestTiming(timing, "clone");
  OwningOpRef<ModuleOp> copy(module.clone());
  cloneTiming.stop();
  if (containsExecutorOps(*copy) &&
      failed(liftModule(*copy, maxNesting, timing)))
    return failure();
  return copy;
}

FailureOr<ModuleOp> getLiteModule(ModuleOp module, unsigned maxNesting,
                                  OwningOpRef<ModuleOp> &lifted,
                                  TimingScope *timing) {
  if (!containsExecutorOps(module))
    return module;
  FailureOr<OwningOpRef<ModuleOp>> copy =
      cloneLifted(module, maxNesting, timing);
  if (failed(copy))
    return failure();
  lifted = std::move(*copy);
  return *lifted;
}

} // namespace sluice
