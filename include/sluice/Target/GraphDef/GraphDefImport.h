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

/// Registers `--graphdef-to-mlir` with mlir-translate-style tools; the
/// translation reads `options` when it runs.
void registerGraphDefToMLIRTranslation(const GraphDefImportOptions &options);

/// Splits a comma-separated list of tensor names ("a,b:1").
std::vector<std::string> splitTensorList(llvm::StringRef list);

} // namespace sluice

#endif // SLUICE_TARGET_GRAPHDEF_GRAPHDEFIMPORT_H
