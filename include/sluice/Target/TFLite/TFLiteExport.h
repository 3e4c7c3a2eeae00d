//===- TFLiteExport.h - lite programs to TFLite FlatBuffers -----*- C++ -*-===//
//
// Writes a module of lite ops as a TFLite model (schema version 3, file
// identifier "TFL3"): the entry function is subgraph 0, every function an
// outlined lite.if/lite.while region calls is one more subgraph, IF/WHILE
// carry IfOptions/WhileOptions naming them. Calls are inlined and regions
// outlined first (-inline, -lite-outline-regions).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_TARGET_TFLITE_TFLITEEXPORT_H
#define SLUICE_TARGET_TFLITE_TFLITEEXPORT_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace sluice {

struct TFLiteExportOptions {
  /// The function that becomes subgraph 0 and the serving signature.
  std::string entryFunction = "main";
};

/// Writes `module` as a .tflite to `os`. Ops TFLite has no builtin for, or
/// types it cannot hold, are reported as errors on the op; the module may be
/// changed (regions outlined) either way.
mlir::LogicalResult exportTFLite(mlir::ModuleOp module, llvm::raw_ostream &os,
                                 const TFLiteExportOptions &options = {});

/// Registers `--mlir-to-tflite` with mlir-translate-style tools.
void registerMLIRToTFLiteTranslation();

} // namespace sluice

#endif // SLUICE_TARGET_TFLITE_TFLITEEXPORT_H
