//===- TFLiteExport.h - lite programs to TFLite FlatBuffers -----*- C++ -*-===//
//
// Writes a module of lite ops as a TFLite model (schema version 3, file
// identifier "TFL3"): the entry function is subgraph 0, every function an
// outlined lite.if/lite.while region calls is one more subgraph, IF/WHILE
// carry IfOptions/WhileOptions naming them. Calls are inlined and regions
// outlined first (-inline, -lite-outline-regions). With planBuffers, one
// static arena plan for the whole model is written as TFLite Micro's
// "OfflineMemoryAllocation" metadata (runtimes that do not read it, like
// LiteRT, run the model unchanged).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_TARGET_TFLITE_TFLITEEXPORT_H
#define SLUICE_TARGET_TFLITE_TFLITEEXPORT_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/Timing.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace sluice {

struct TFLiteExportOptions {
  /// The function that becomes subgraph 0 and the serving signature.
  std::string entryFunction = "main";
  /// Plan every non-constant, statically shaped tensor into one arena and
  /// write the plan as "OfflineMemoryAllocation" metadata, one entry per
  /// subgraph with planned tensors. A module marked by -lite-plan-buffers
  /// is planned too.
  bool planBuffers = false;
  /// Refuse (an error) an op whose builtin native LiteRT has no kernel for
  /// at its element type (utils/gen_litert_kernels.py's table); without it
  /// such an op is written with a warning.
  bool requireLiteRTKernels = false;
};

/// Writes `module` as a .tflite to `os`. Ops TFLite has no builtin for, or
/// types it cannot hold, are reported as errors on the op; the module may be
/// changed (regions outlined) either way. With `timing`, the passes that
/// prepare the module (PassManager::enableTiming) and "write" (the
/// FlatBuffer) are timed under it.
mlir::LogicalResult exportTFLite(mlir::ModuleOp module, llvm::raw_ostream &os,
                                 const TFLiteExportOptions &options = {},
                                 mlir::TimingScope *timing = nullptr);

/// Registers `--mlir-to-tflite` with mlir-translate-style tools; the
/// translation reads `options` when it runs (the tool's flags may fill them
/// while the command line is parsed), so they must outlive it.
void registerMLIRToTFLiteTranslation(const TFLiteExportOptions &options);
inline void registerMLIRToTFLiteTranslation() {
  static const TFLiteExportOptions defaults;
  registerMLIRToTFLiteTranslation(defaults);
}

} // namespace sluice

#endif // SLUICE_TARGET_TFLITE_TFLITEEXPORT_H
