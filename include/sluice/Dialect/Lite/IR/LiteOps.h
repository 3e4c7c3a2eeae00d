//===- LiteOps.h - lite dialect ops -----------------------------*- C++ -*-===//
//
// Declares the ops of the lite dialect: TFLite tensor ops and the structured
// control flow lite.if / lite.while / lite.yield.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_LITE_IR_LITEOPS_H
#define SLUICE_DIALECT_LITE_IR_LITEOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "sluice/Dialect/Lite/IR/LiteDialect.h"
#include "sluice/Dialect/Lite/IR/LiteTraits.h"
#include "sluice/Dialect/Lite/IR/TFLiteVersionRules.h"

#include "sluice/Dialect/Lite/IR/LiteInterfaces.h.inc"

#define GET_OP_CLASSES
#include "sluice/Dialect/Lite/IR/LiteOps.h.inc"

#endif // SLUICE_DIALECT_LITE_IR_LITEOPS_H
