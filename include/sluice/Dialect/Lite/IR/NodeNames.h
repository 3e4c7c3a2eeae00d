//===- NodeNames.h - the names of ops, from their locations -----*- C++ -*-===//
//
// An op is named by its location: the NameLoc the GraphDef and TFLite
// importers give it (the TF node name) or `loc("name")` in hand-written IR,
// possibly the first of a FusedLoc; the lift keeps the locations of the ops
// it moves. Placement matches these names against scopes; partitioning
// (executor graphs and lifted programs) builds its rendezvous keys from them.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_LITE_IR_NODENAMES_H
#define SLUICE_DIALECT_LITE_IR_NODENAMES_H

#include "mlir/IR/Location.h"
#include "mlir/IR/Operation.h"

namespace sluice {

/// The name of `op`, or "" when its location has none.
inline llvm::StringRef getNodeName(mlir::Operation *op) {
  mlir::Location loc = op->getLoc();
  if (auto fused = llvm::dyn_cast<mlir::FusedLoc>(loc))
    if (!fused.getLocations().empty())
      loc = fused.getLocations().front();
  if (auto name = llvm::dyn_cast<mlir::NameLoc>(loc))
    return name.getName().getValue();
  return "";
}

/// The name of `op` for diagnostics: its name, else its op name.
inline llvm::StringRef describeNode(mlir::Operation *op) {
  llvm::StringRef name = getNodeName(op);
  return name.empty() ? op->getName().getStringRef() : name;
}

} // namespace sluice

#endif // SLUICE_DIALECT_LITE_IR_NODENAMES_H
