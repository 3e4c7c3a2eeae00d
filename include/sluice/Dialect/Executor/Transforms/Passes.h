//===- Passes.h - executor dialect passes -----------------------*- C++ -*-===//
//
// Declares the passes over executor graphs and their registration.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_EXECUTOR_TRANSFORMS_PASSES_H
#define SLUICE_DIALECT_EXECUTOR_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"
#include "sluice/Dialect/Executor/IR/ExecutorDialect.h"

namespace sluice::executor {

#define GEN_PASS_DECL
#include "sluice/Dialect/Executor/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "sluice/Dialect/Executor/Transforms/Passes.h.inc"

} // namespace sluice::executor

#endif // SLUICE_DIALECT_EXECUTOR_TRANSFORMS_PASSES_H
