//===- Lifting.cpp - the lifted form the back ends take -------------------===//

#include "Lifting.h"

#include "sluice/Driver/LoadProgram.h"

#include "sluice/Dialect/Executor/IR/ExecutorDialect.h"
#include "sluice/Conversion/ExecutorToLite/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/PassManager.h"

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
  PassManager pm(module.getContext());
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
