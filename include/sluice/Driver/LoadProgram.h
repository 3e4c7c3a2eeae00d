//===- LoadProgram.h - read any Sluice input into a module ------*- C++ -*-===//
//
// The one place that turns a file name into a module: TensorFlow GraphDefs
// (.pb, .pbtxt) through the GraphDef importer, TFLite models (.tflite)
// through the TFLite importer, anything else parsed as MLIR.
// Used by the tools and, later, the Python bindings.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DRIVER_LOADPROGRAM_H
#define SLUICE_DRIVER_LOADPROGRAM_H

#include "sluice/Target/GraphDef/GraphDefImport.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Support/Timing.h"
#include "llvm/Support/SourceMgr.h"

namespace sluice {

/// Whether `path` names a TensorFlow GraphDef (by its suffix).
bool isGraphDefPath(llvm::StringRef path);

/// Whether `path` names a TFLite model (by its suffix).
bool isTFLitePath(llvm::StringRef path);

/// Loads the dialects any Sluice program may use into `context`.
void loadSluiceDialects(mlir::MLIRContext &context);

/// Fails, with a diagnostic on the first op too deep, when an op with
/// regions sits more than `maxNesting` regions deep under `root` (a
/// function's body is one deep, so `maxNesting` lite.ifs may nest in it).
/// Iterative: it does not recurse over the nesting it checks.
mlir::LogicalResult checkNestingDepth(mlir::Operation *root,
                                      unsigned maxNesting);

/// Reads `path` ("-" for stdin) into a module: a SavedModel directory
/// (importSavedModel: `importOptions`' signature and tags), a GraphDef, a
/// TFLite model or MLIR. MLIR input is parsed with
/// `sourceMgr` so diagnostics can quote it; `importOptions` apply to
/// GraphDefs, and their maxNesting to every input: MLIR text whose braces
/// nest deeper is refused before MLIR's (recursive) parser sees it, and
/// any module whose regions nest deeper after loading. Errors are reported as
/// diagnostics (or, for an unreadable file, to `error`) and yield a null
/// module. With `timing`, the steps are timed under it: "read" (the file),
/// a GraphDef's "parse", "build IR" and "verify" (importGraphDef), a TFLite
/// model's or MLIR file's "parse", then "check nesting".
mlir::OwningOpRef<mlir::ModuleOp>
loadProgram(llvm::StringRef path, mlir::MLIRContext &context,
            llvm::SourceMgr &sourceMgr,
            const GraphDefImportOptions &importOptions, std::string &error,
            mlir::TimingScope *timing = nullptr);

} // namespace sluice

#endif // SLUICE_DRIVER_LOADPROGRAM_H
