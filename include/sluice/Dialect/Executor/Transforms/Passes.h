//===- Passes.h - executor dialect passes -----------------------*- C++ -*-===//
//
// Declares the transforms of executor graphs (placement on ranks and
// partitioning into one graph per rank) and their registration.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_EXECUTOR_TRANSFORMS_PASSES_H
#define SLUICE_DIALECT_EXECUTOR_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "sluice/Dialect/Executor/IR/ExecutorDialect.h"
#include "sluice/Dialect/Lite/IR/LiteDialect.h"

namespace sluice::executor {

#define GEN_PASS_DECL
#include "sluice/Dialect/Executor/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "sluice/Dialect/Executor/Transforms/Passes.h.inc"

} // namespace sluice::executor

#endif // SLUICE_DIALECT_EXECUTOR_TRANSFORMS_PASSES_H
