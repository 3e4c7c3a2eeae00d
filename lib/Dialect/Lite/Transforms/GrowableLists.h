//===- GrowableLists.h - resizable lists as storage and length --*- C++ -*-===//
//
// The pieces of -lite-legalize-lists that follow one list through the
// program: the classes of values a list flows through, and the rewrite of a
// resizable list into a storage tensor with a length beside it.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_DIALECT_LITE_TRANSFORMS_GROWABLELISTS_H
#define SLUICE_LIB_DIALECT_LITE_TRANSFORMS_GROWABLELISTS_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/EquivalenceClasses.h"

namespace sluice::lite {

/// Joins in `lists` the values that `op` makes one list flow through: a
/// write's list and its result; a loop-carried slot's initial value, block
/// arguments, yielded value and result; a lite.if result and the values its
/// regions yield for it.
void joinListValues(mlir::Operation *op,
                    llvm::EquivalenceClasses<mlir::Value> &lists);

/// Rewrites every resizable list of `module` whose element shape is static
/// into a storage list of some capacity and a tensor<i32> length carried
/// beside it (GrowableLists.cpp shows the rewrite). Lists it cannot rewrite
/// keep their resizable ops, which -lite-legalize-lists then reports.
void growResizableLists(mlir::ModuleOp module);

} // namespace sluice::lite

#endif // SLUICE_LIB_DIALECT_LITE_TRANSFORMS_GROWABLELISTS_H
