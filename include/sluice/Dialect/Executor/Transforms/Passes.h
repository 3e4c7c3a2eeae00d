//===- Passes.h - executor dialect passes -----------------------*- C++ -*-===//
//
// Declares the passes over executor graphs and their registration.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_EXECUTOR_TRANSFORMS_PASSES_H
#define SLUICE_DIALECT_EXECUTOR_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Pass/Pass.h"
#include "sluice/Dialect/Executor/IR/ExecutorDialect.h"
#include "sluice/Dialect/Lite/IR/LiteDialect.h"

namespace sluice::executor {

#define GEN_PASS_DECL
#include "sluice/Dialect/Executor/Transforms/Passes.h.inc"

/// Adds to `pm` (anchored on func.func) what `sluicec --emit=mlir` and
/// `sluice-run --lift` run on a function after import:
/// -executor-lift-control-flow, then -canonicalize, -cse, -canonicalize.
void buildLiftControlFlowPipeline(mlir::OpPassManager &pm);

/// Registers that pipeline as `sluice-lift`.
void registerLiftControlFlowPipeline();

#define GEN_PASS_REGISTRATION
#include "sluice/Dialect/Executor/Transforms/Passes.h.inc"

} // namespace sluice::executor

#endif // SLUICE_DIALECT_EXECUTOR_TRANSFORMS_PASSES_H
