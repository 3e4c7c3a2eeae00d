//===- ExecutorOps.h - executor graph nodes ---------------------*- C++ -*-===//
//
// Declares the ops of the executor dialect: graph, fetch, island, yield and
// the v1 control-flow primitives.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_EXECUTOR_IR_EXECUTOROPS_H
#define SLUICE_DIALECT_EXECUTOR_IR_EXECUTOROPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/RegionKindInterface.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "sluice/Dialect/Executor/IR/ExecutorDialect.h"

#define GET_OP_CLASSES
#include "sluice/Dialect/Executor/IR/ExecutorOps.h.inc"

#endif // SLUICE_DIALECT_EXECUTOR_IR_EXECUTOROPS_H
