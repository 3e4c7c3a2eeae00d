//===- Lifting.h - the lifted form the back ends take -----------*- C++ -*-===//
//
// TFLite export, native compilation and native runs take lite IR: a program
// that still holds executor graphs is lifted first (the sluice-lift
// pipeline), on a copy. Private to lib/API.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_API_LIFTING_H
#define SLUICE_LIB_API_LIFTING_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

namespace sluice {

/// Whether an executor op (v1 control flow) is nested anywhere in `root`.
bool containsExecutorOps(mlir::Operation *root);

/// Runs the sluice-lift pipeline on every function of `module`; errors are
/// emitted as diagnostics.
mlir::LogicalResult liftModule(mlir::ModuleOp module, unsigned maxNesting);

/// A copy of `module` with its executor graphs, if any, lifted.
mlir::FailureOr<mlir::OwningOpRef<mlir::ModuleOp>>
cloneLifted(mlir::ModuleOp module, unsigned maxNesting);

} // namespace sluice

#endif // SLUICE_LIB_API_LIFTING_H
