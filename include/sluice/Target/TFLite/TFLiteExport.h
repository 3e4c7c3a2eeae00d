//===- TFLiteExport.h - lite programs to TFLite FlatBuffers -----*- C++ -*-===//
//
// Writes a module of lite ops as a TFLite model (schema version 3, file
// identifier "TFL3"): the entry functions are subgraphs 0..n-1, each run
// by a SignatureDef ("serving_default" for @main, else the function's
// name), every function an
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

#include "sluice/Target/TFLite/ArenaPlan.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/Timing.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <vector>

namespace sluice {

struct TFLiteExportOptions {
  /// The functions that become subgraphs 0..n-1, one SignatureDef each
  /// (lite::resolveEntryFunctions: empty is @main, or every public function
  /// of a module without one).
  std::vector<std::string> entryFunctions;
  /// Plan every non-constant, statically shaped tensor into one arena and
  /// write the plan as "OfflineMemoryAllocation" metadata, one entry per
  /// subgraph with planned tensors. A module marked by -lite-plan-buffers
  /// is planned too.
  bool planBuffers = false;
  /// Refuse (an error, the default) an op whose builtin native LiteRT has
  /// no kernel for at its element type (utils/gen_litert_kernels.py's
  /// table): a model LiteRT would reject is not written. Off, such an op is
  /// written with a warning (for other TFLite runtimes).
  bool requireLiteRTKernels = true;
};

/// What the writer made of a module, for reports on the model
/// (sluice/API/MemoryReport.h): each subgraph as the arena plan sees it and
/// where its parts come from. The operations point into the exported module
/// (regions outlined): valid while it lives.
struct TFLiteModelLayout {
  struct Subgraph {
    /// The subgraph's name (its function's).
    std::string name;
    /// Per tensor: its name in the model and the location of the op (or
    /// function, for an input) it comes from.
    std::vector<std::string> tensorNames;
    std::vector<mlir::Location> tensorLocations;
    /// Per operator: the op it was written from (null for a VAR_HANDLE).
    std::vector<mlir::Operation *> operations;
    /// Tensor sizes, inputs, outputs and operators, as planned.
    tflite_support::ArenaSubgraph arena;
  };
  std::vector<Subgraph> subgraphs;
  /// The arena plan written, when the model is planned.
  std::optional<tflite_support::ArenaPlan> plan;
};

/// Writes `module` as a .tflite to `os`. Ops TFLite has no builtin for, or
/// types it cannot hold, are reported as errors on the op; the module may be
/// changed (regions outlined) either way. With `timing`, the passes that
/// prepare the module (PassManager::enableTiming) and "write" (the
/// FlatBuffer) are timed under it. With `layout`, also describes the model
/// written there.
mlir::LogicalResult exportTFLite(mlir::ModuleOp module, llvm::raw_ostream &os,
                                 const TFLiteExportOptions &options = {},
                                 mlir::TimingScope *timing = nullptr,
                                 TFLiteModelLayout *layout = nullptr);

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
