//===- LinkModules.h - several imported programs as one module --*- C++ -*-===//
//
// A SavedModel's signatures, or several tf.functions, are imported one at a
// time, each as a module whose entry is @main. linkEntryFunction moves one
// such module into another, its entry renamed:
//
//   into:  @serving_default, @init, lite.variable @v, @body
//   from:  @main,            @init, lite.variable @v, @body   (another @body)
//   ---------------------------------------------------------------------
//   into:  @serving_default, @init, lite.variable @v, @body,
//          @step (from's @main), @body_0 (from's @body, renamed)
//
// A symbol of `from` that `into` already has is the same symbol when the two
// are equivalent (OperationEquivalence, locations aside): a variable both
// programs read is one variable, an initializer both run once is run once.
// A function of the same name with another body is renamed (with its uses);
// a variable of the same name and another type is an error, since both name
// the same variable of the model.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_LITE_TRANSFORMS_LINKMODULES_H
#define SLUICE_DIALECT_LITE_TRANSFORMS_LINKMODULES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

namespace sluice::lite {

/// Moves the symbols of `from` into `into`; `from`'s function `entry`
/// becomes `into`'s function `name`. Fails, with a diagnostic on the
/// offending op, when `from` has no function `entry`, `into` already has a
/// symbol `name`, or the two declare one variable with different types;
/// `into` is unchanged then. Both modules must be in one context.
mlir::LogicalResult linkEntryFunction(mlir::ModuleOp into,
                                      mlir::OwningOpRef<mlir::ModuleOp> from,
                                      llvm::StringRef entry,
                                      llvm::StringRef name);

} // namespace sluice::lite

#endif // SLUICE_DIALECT_LITE_TRANSFORMS_LINKMODULES_H
