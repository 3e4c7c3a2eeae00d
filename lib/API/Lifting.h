//===- Lifting.h - the lifted form the back ends take -----------*- C++ -*-===//
//
// TFLite export, native compilation and native runs take lite IR: a program
// that still holds executor graphs is lifted first (the sluice-lift
// pipeline), on a copy. Private to lib/API.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_API_LIFTING_H
#define SLUICE_LIB_API_LIFTING_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Support/Timing.h"

namespace sluice {

/// Whether an executor op (v1 control flow) is nested anywhere in `root`.
bool containsExecutorOps(mlir::Operation *root);

/// Runs the sluice-lift pipeline on every function of `module`; errors are
/// emitted as diagnostics. With `timing`, its halves are timed under it as
/// "lift" and "cleanup", each with its passes, then "check nesting".
mlir::LogicalResult liftModule(mlir::ModuleOp module, unsigned maxNesting,
                               mlir::TimingScope *timing = nullptr);

/// Runs the sluice-lift pipeline on `function` alone, its halves timed as
/// liftModule's.
mlir::LogicalResult liftFunction(mlir::func::FuncOp function,
                                 mlir::TimingScope *timing = nullptr);

/// A copy of `module` with its executor graphs, if any, lifted (timed as
/// liftModule, the copy as "clone").
mlir::FailureOr<mlir::OwningOpRef<mlir::ModuleOp>>
cloneLifted(mlir::ModuleOp module, unsigned maxNesting,
            mlir::TimingScope *timing = nullptr);

/// The lite form of `module`: `module` itself when it holds no executor ops,
/// else a lifted copy (cloneLifted's, timed as it), owned by `lifted`.
mlir::FailureOr<mlir::ModuleOp>
getLiteModule(mlir::ModuleOp module, unsigned maxNesting,
              mlir::OwningOpRef<mlir::ModuleOp> &lifted,
              mlir::TimingScope *timing = nullptr);

/// A scope named `name` nested under `parent`, or none when `parent` is null.
inline mlir::TimingScope nestTiming(mlir::TimingScope *parent,
                                    llvm::StringRef name) {
  return parent ? parent->nest(name) : mlir::TimingScope();
}

} // namespace sluice

#endif // SLUICE_LIB_API_LIFTING_H
