//===- NodeNames.h - names of executor graph nodes --------------*- C++ -*-===//
//
// A node of an executor graph is named by its location: the NameLoc the
// GraphDef importer gives it (the TF node name) or `loc("name")` in
// hand-written IR, possibly the first of a FusedLoc. Placement matches these
// names against scopes; partitioning builds its rendezvous keys from them.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_DIALECT_EXECUTOR_TRANSFORMS_NODENAMES_H
#define SLUICE_LIB_DIALECT_EXECUTOR_TRANSFORMS_NODENAMES_H

#include "mlir/IR/Location.h"
#include "mlir/IR/Operation.h"

namespace sluice::executor {

/// The name of node `op`, or "" when its location has none.
inline llvm::StringRef getNodeName(mlir::Operation *op) {
  mlir::Location loc = op->getLoc();
  if (auto fused = llvm::dyn_cast<mlir::FusedLoc>(loc))
    if (!fused.getLocations().empty())
      loc = fused.getLocations().front();
  if (auto name = llvm::dyn_cast<mlir::NameLoc>(loc))
    return name.getName().getValue();
  return "";
}

/// The name of node `op` for diagnostics: its name, else its op name.
inline llvm::StringRef describeNode(mlir::Operation *op) {
  llvm::StringRef name = getNodeName(op);
  return name.empty() ? op->getName().getStringRef() : name;
}

} // namespace sluice::executor

#endif // SLUICE_LIB_DIALECT_EXECUTOR_TRANSFORMS_NODENAMES_H
