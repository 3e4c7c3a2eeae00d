//===- ExecutorDialect.h - executor dialect and its types -------*- C++ -*-===//
//
// Declares the executor dialect (TensorFlow v1 dataflow graphs) and the
// !executor.control type.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_EXECUTOR_IR_EXECUTORDIALECT_H
#define SLUICE_DIALECT_EXECUTOR_IR_EXECUTORDIALECT_H

#include "mlir/IR/Dialect.h"
#include "mlir/IR/Types.h"

#include "sluice/Dialect/Executor/IR/ExecutorDialect.h.inc"

#define GET_TYPEDEF_CLASSES
#include "sluice/Dialect/Executor/IR/ExecutorTypes.h.inc"

#endif // SLUICE_DIALECT_EXECUTOR_IR_EXECUTORDIALECT_H
