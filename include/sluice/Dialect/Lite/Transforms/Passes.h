//===- Passes.h - lite dialect passes ---------------------------*- C++ -*-===//
//
// Declares the passes over lite programs and their registration.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_LITE_TRANSFORMS_PASSES_H
#define SLUICE_DIALECT_LITE_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "sluice/Dialect/Lite/IR/LiteDialect.h"

namespace sluice::lite {

#define GEN_PASS_DECL
#include "sluice/Dialect/Lite/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "sluice/Dialect/Lite/Transforms/Passes.h.inc"

/// What sluice-prepare-tflite is given.
struct PrepareTFLiteOptions {
  /// The functions the model's signatures run (resolveEntryFunctions).
  std::vector<std::string> entryFunctions;
  /// Run -lite-plan-buffers (BufferAliasing's decisions for the arena plan).
  bool planBuffers = false;
};

/// sluice-prepare-tflite: everything the TFLite exporter needs done to a
/// lite module before it writes the model (calls inlined, assertions
/// dropped, ops without builtins decomposed, shapes inferred, constants
/// folded, stacks and lists as builtins, the buffer plan, regions outlined,
/// subgraph outputs given tensors of their own). The exporter runs it; so
/// can sluice-opt, to see what will be written.
void buildPrepareTFLitePipeline(mlir::OpPassManager &pm,
                                const PrepareTFLiteOptions &options);
void registerPrepareTFLitePipeline();

/// The entry functions of a model written from `module`: those `names`
/// lists, in order, or, when it is empty, @main if the module has one, else
/// every public function with a body in module order (the signatures of a
/// SavedModel imported with several; a module with @main exports it alone
/// unless `names` says otherwise). Fails, with an error on the module, when
/// a name is no public function of it, is listed twice, or nothing is found.
mlir::FailureOr<llvm::SmallVector<mlir::func::FuncOp>>
resolveEntryFunctions(mlir::ModuleOp module, llvm::ArrayRef<std::string> names);

} // namespace sluice::lite

#endif // SLUICE_DIALECT_LITE_TRANSFORMS_PASSES_H
