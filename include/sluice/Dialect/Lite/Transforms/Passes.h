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
  /// The function that becomes subgraph 0.
  std::string entryFunction = "main";
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

} // namespace sluice::lite

#endif // SLUICE_DIALECT_LITE_TRANSFORMS_PASSES_H
