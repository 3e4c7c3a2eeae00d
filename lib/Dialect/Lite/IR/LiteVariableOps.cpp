//===- LiteVariableOps.cpp - symbol checks of the variable ops ------------===//
//
// lite.read_variable and lite.assign_variable must name a lite.variable whose
// type is compatible with the value read or assigned; lite.call_once must
// name a function without arguments or results; the stack ops a variable
// that can hold a stack (a dimension for the elements, their element type).
// Whether a variable holds a value when it is read, or a stack an element
// when it is popped, is a run-time question.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Lite/IR/LiteOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace sluice::lite;

/// The variable `op` names with `name`, or null after a diagnostic.
static VariableOp lookupVariable(Operation *op, FlatSymbolRefAttr name,
                                 SymbolTableCollection &symbolTable) {
  auto variable =
      symbolTable.lookupNearestSymbolFrom<VariableOp>(op, name.getAttr());
  if (!variable)
    op->emitOpError("names ") << name << ", which is not a lite.variable";
  return variable;
}

/// Checks that `type` (the value read or assigned) is compatible with the
/// type of the variable `op` names.
static LogicalResult verifyVariableUse(Operation *op, FlatSymbolRefAttr name,
                                       Type type,
                                       SymbolTableCollection &symbolTable) {
  VariableOp variable = lookupVariable(op, name, symbolTable);
  if (!variable)
    return failure();
  if (failed(verifyCompatibleShape(variable.getType(), type)) ||
      getElementTypeOrSelf(variable.getType()) != getElementTypeOrSelf(type))
    return op->emitOpError("type ")
           << type << " is not compatible with variable " << name << " of type "
           << variable.getType();
  return success();
}

LogicalResult
ReadVariableOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  return verifyVariableUse(*this, getVariableAttr(), getValue().getType(),
                           symbolTable);
}

LogicalResult
AssignVariableOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  return verifyVariableUse(*this, getVariableAttr(), getValue().getType(),
                           symbolTable);
}

LogicalResult CallOnceOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto init =
      symbolTable.lookupNearestSymbolFrom<func::FuncOp>(*this, getInitAttr());
  if (!init)
    return emitOpError("names ")
           << getInitAttr() << ", which is not a function";
  if (init.getNumArguments() != 0 || init.getNumResults() != 0)
    return emitOpError("initializer ")
           << getInitAttr() << " must take no arguments and return nothing";
  return success();
}

/// The variable a stack op names, which must hold a stack: a tensor type of
/// rank at least 1 (or unranked) whose element type is `element`'s.
static LogicalResult verifyStackUse(Operation *op, FlatSymbolRefAttr name,
                                    Type element,
                                    SymbolTableCollection &symbolTable) {
  VariableOp variable = lookupVariable(op, name, symbolTable);
  if (!variable)
    return failure();
  auto type = cast<TensorType>(variable.getType());
  if (type.hasRank() && type.getRank() == 0)
    return op->emitOpError("variable ")
           << name << " of type " << type
           << " cannot hold a stack: it needs a dimension for the elements";
  if (element && getElementTypeOrSelf(element) != type.getElementType())
    return op->emitOpError("element type ")
           << getElementTypeOrSelf(element) << " is not the element type of "
           << name << " (" << type.getElementType() << ")";
  return success();
}

LogicalResult
StackResetOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  return verifyStackUse(*this, getStackAttr(), Type(), symbolTable);
}

LogicalResult
StackPushOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  return verifyStackUse(*this, getStackAttr(), getElement().getType(),
                        symbolTable);
}

LogicalResult StackPopOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  return verifyStackUse(*this, getStackAttr(), getElement().getType(),
                        symbolTable);
}

LogicalResult AssertOp::verify() {
  // TensorFlow's legacy scalar: rank 0, or one element.
  auto type = dyn_cast<RankedTensorType>(getCondition().getType());
  if (type && type.hasStaticShape() && type.getNumElements() != 1)
    return emitOpError("takes one boolean, not a condition of type ") << type;
  return success();
}

bool sluice::lite::hasVariableEffects(Operation *op) {
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  if (!effects)
    return false;
  SmallVector<MemoryEffects::EffectInstance> instances;
  effects.getEffectsOnResource(VariableResource::get(), instances);
  return !instances.empty();
}
