//===- LiteOps.h - lite dialect ops -----------------------------*- C++ -*-===//
//
// Declares the ops of the lite dialect: TFLite tensor ops, the structured
// control flow lite.if / lite.while / lite.yield, lists and variables.
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

namespace sluice::lite {
/// The module's variables (lite.variable), as the memory effects of
/// lite.read_variable, lite.assign_variable and lite.call_once name them;
/// lite.assert writes it too, to stay in order with them.
struct VariableResource : mlir::SideEffects::Resource::Base<VariableResource> {
  llvm::StringRef getName() final { return "<lite.variable>"; }
};

/// The messages between the ranks of a partitioned program (lite.send,
/// lite.recv): their effects keep them in program order.
struct MessageResource : mlir::SideEffects::Resource::Base<MessageResource> {
  llvm::StringRef getName() final { return "<lite.message>"; }
};

/// Whether `op` itself (not its regions) reads or writes state on
/// VariableResource: a variable, a stack, a random generator's position,
/// the flag of a call_once, or is an assertion.
bool hasVariableEffects(mlir::Operation *op);
} // namespace sluice::lite

#define GET_OP_CLASSES
#include "sluice/Dialect/Lite/IR/LiteOps.h.inc"

#endif // SLUICE_DIALECT_LITE_IR_LITEOPS_H
