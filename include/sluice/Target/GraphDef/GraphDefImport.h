//===- GraphDefImport.h - TensorFlow GraphDef to MLIR -----------*- C++ -*-===//
//
// Imports a TensorFlow GraphDef (binary .pb or text .pbtxt) as a func.func
// @main: Placeholders (or the feeds) become arguments, the fetches its
// results. With v1 control flow the body is an executor.graph (control-flow
// nodes executor primitives, every other node an island of lite ops),
// otherwise plain lite ops. Functional If/While/Case become lite.if/lite.while
// with their library functions inlined; calls become func.call of private
// func.funcs imported from the library. Variables become the module's
// lite.variables; an init target the private func.func @init that @main runs
// once (lite.call_once).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_TARGET_GRAPHDEF_GRAPHDEFIMPORT_H
#define SLUICE_TARGET_GRAPHDEF_GRAPHDEFIMPORT_H

#include "sluice/Runtime/ResourceLimits.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Support/Timing.h"

#include <optional>
#include <string>
#include <vector>

namespace sluice {

struct GraphDefImportOptions {
  /// Tensors fed as arguments, "node" or "node:port". Empty: every
  /// Placeholder in graph order.
  std::vector<std::string> feeds;
  /// Tensors returned, "node" or "node:port" ("^node" adds a node that must
  /// run). Empty: the _Retval nodes if any, else every data output no node
  /// consumes, leaving out switch outputs and nodes used as control inputs.
  std::vector<std::string> fetches;
  /// Nodes TF runs once before the fetches (variable initializers, TF1's
  /// `init`): imported as the private func.func @init, which @main runs by
  /// lite.call_once. Unset: the NoOp named "init" of a graph with variables,
  /// when the fetches are explicit. Set and empty: none.
  std::optional<std::vector<std::string>> init;
  /// Report, as a remark on the graph, the nodes left out because no fetch
  /// needs them.
  bool reportPruned = false;
  /// How deep library functions inlined into one another (the branches and
  /// bodies of If, While and Case) may nest; deeper is an error naming the
  /// chain. Tools that load programs apply it to every input
  /// (sluice::loadProgram).
  unsigned maxNesting = kDefaultMaxNesting;
  /// A SavedModel's signatures to import (empty: "serving_default") and the
  /// tags of its meta graph (empty: "serve"); importSavedModel only. One
  /// signature is imported as @main, several as functions named by their
  /// keys.
  std::vector<std::string> signatures;
  std::vector<std::string> tags;
};

/// Imports `bytes`, a GraphDef in binary or text format (`filename` names it
/// in diagnostics; a ".pbtxt" or ".txt" suffix means text, ".pb" binary,
/// anything else is tried as binary then text). Errors are emitted as
/// diagnostics naming the node and yield a null module. With `timing`, the
/// steps are timed under it: "parse" (the protobuf), "build IR" (pruning to
/// the fetches and the import) and "verify".
mlir::OwningOpRef<mlir::ModuleOp>
importGraphDef(llvm::StringRef bytes, llvm::StringRef filename,
               mlir::MLIRContext *context, const GraphDefImportOptions &options,
               mlir::TimingScope *timing = nullptr);

/// Whether `path` is a SavedModel directory (holds saved_model.pb).
bool isSavedModelDirectory(llvm::StringRef path);

/// Imports a SavedModel directory without TensorFlow: the signature
/// `options.signatures` names, of the meta graph tagged `options.tags` in
/// saved_model.pb, becomes @main (its inputs and outputs named by the
/// signature's keys) -- several become public functions named by their keys,
/// sharing the variables -- and the variables its saver restores become lite
/// variables set once, by @init, from the checkpoint in variables/ (TF's
/// tensor bundle, every block and tensor checked against its CRC32C).
/// `options.feeds`, `fetches` and `init` must be empty: the signature names
/// them. Errors name the file, the signature or the node.
mlir::OwningOpRef<mlir::ModuleOp>
importSavedModel(llvm::StringRef directory, mlir::MLIRContext *context,
                 const GraphDefImportOptions &options,
                 mlir::TimingScope *timing = nullptr);

/// importSavedModel on the bytes of a saved_model.pb (`directory` holds its
/// variables/, and names it in diagnostics). The fuzzer's entry.
mlir::OwningOpRef<mlir::ModuleOp>
importSavedModelBytes(llvm::StringRef savedModel, llvm::StringRef directory,
                      mlir::MLIRContext *context,
                      const GraphDefImportOptions &options,
                      mlir::TimingScope *timing = nullptr);

/// Checks a tensor bundle's index (`index`, the bytes of PREFIX.index) and
/// reads every tensor it lists from PREFIX's shards: how many, or the first
/// error (naming the file and key). The fuzzer's entry to the checkpoint
/// reader.
llvm::Expected<unsigned> readTensorBundle(llvm::StringRef index,
                                          llvm::StringRef prefix,
                                          mlir::MLIRContext *context);

/// Registers `--graphdef-to-mlir` with mlir-translate-style tools; the
/// translation reads `options` when it runs.
void registerGraphDefToMLIRTranslation(const GraphDefImportOptions &options);

/// The TF ops the GraphDef importer turns into lite compute ops (its op
/// table: elementwise, shape, reduction and linear-algebra ops), sorted.
std::vector<llvm::StringRef> getImportedComputeOps();

/// Splits a comma-separated list of tensor names ("a,b:1").
std::vector<std::string> splitTensorList(llvm::StringRef list);

} // namespace sluice

#endif // SLUICE_TARGET_GRAPHDEF_GRAPHDEFIMPORT_H
