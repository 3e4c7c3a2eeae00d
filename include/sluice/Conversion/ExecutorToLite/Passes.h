//===- Passes.h - the lift of v1 control flow -------------------*- C++ -*-===//
//
// Declares the lift of executor graphs to lite.if/lite.while (a conversion:
// executor dialect -> lite dialect), its pipeline and their registration.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_CONVERSION_EXECUTORTOLITE_PASSES_H
#define SLUICE_CONVERSION_EXECUTORTOLITE_PASSES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Pass/Pass.h"
#include "sluice/Dialect/Executor/IR/ExecutorDialect.h"
#include "sluice/Dialect/Lite/IR/LiteDialect.h"

namespace sluice::executor {

#define GEN_PASS_DECL
#include "sluice/Conversion/ExecutorToLite/Passes.h.inc"

/// Adds to `pm` (anchored on func.func) what `sluicec --emit=mlir` and
/// `sluice-run --lift` run on a function after import:
/// -executor-lift-control-flow, then -canonicalize, -lite-cse (-cse in
/// linear time), -canonicalize.
void buildLiftControlFlowPipeline(mlir::OpPassManager &pm);

/// Adds the clean-up half of that pipeline alone (-canonicalize, -lite-cse,
/// -canonicalize), for callers that time the lift and its clean-up apart.
void buildLiftCleanupPipeline(mlir::OpPassManager &pm);

/// Registers that pipeline as `sluice-lift`.
void registerLiftControlFlowPipeline();

#define GEN_PASS_REGISTRATION
#include "sluice/Conversion/ExecutorToLite/Passes.h.inc"

} // namespace sluice::executor

#endif // SLUICE_CONVERSION_EXECUTORTOLITE_PASSES_H
