//===- GraphvizExport.h - pictures of a program's control flow --*- C++ -*-===//
//
// Graphviz (DOT) pictures of a module, one cluster per function:
//
//  * the executor picture: each executor.graph's nodes, frames as nested
//    clusters (FrameAnalysis), Switch/Merge/Enter/Exit/NextIteration/
//    LoopCond drawn with shapes and colours of their own, control edges
//    dashed; given a run's NodeLiveness, the nodes that ran only dead, or
//    never ran, greyed.
//
//      +-- frame while/while_context -------------------+
//      | (Enter) -> [Merge] -> Less -> <LoopCond>        |
//      |              ^  \----------------> <Switch> -T-> ...
//      |   (NextIteration)                     |F        |
//      +---------------------------------------|---------+
//                                           (Exit)
//
//  * the lifted picture: lite IR, one node per op, lite.while and lite.if as
//    clusters with their regions (cond/body, then/else) nested inside; a
//    lite.while slot (its cond and body argument and its result: one
//    buffer) or a lite.if result is one node, marked "in place" or
//    "copied" as BufferAliasing decides for the given BufferModel, and the
//    edges where a copy happens (entry, body yield, branch yield) say so.
//
// The text is deterministic: nodes are named and written in the module's
// order, no addresses. renderGraphviz runs Graphviz's `dot` on it.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_TARGET_GRAPHVIZ_GRAPHVIZEXPORT_H
#define SLUICE_TARGET_GRAPHVIZ_GRAPHVIZEXPORT_H

#include "sluice/Analysis/BufferAliasing.h"
#include "sluice/Interpreter/Interpreter.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace sluice {

/// Writes the executor picture of `module`. With `liveness` (a run's), the
/// nodes of executor graphs it does not record as live are greyed: those it
/// executed ran only dead, the others never ran. Fails, with the frame
/// analysis's diagnostics, on a graph whose frames are malformed.
mlir::LogicalResult
writeExecutorGraphviz(mlir::ModuleOp module, llvm::raw_ostream &os,
                      const interp::NodeLiveness *liveness = nullptr);

/// Writes the lifted picture of `module` (lite IR; other ops are drawn as
/// plain nodes), loop-carried values marked by BufferAliasing under `model`.
void writeLiftedGraphviz(mlir::ModuleOp module, llvm::raw_ostream &os,
                         const BufferModel &model = BufferModel::native());

/// Renders DOT text with Graphviz's `dot` (found on PATH) into `format`
/// ("svg", "png", any -T format dot knows), returning the rendered bytes.
/// Fails with `message` when dot is missing or fails; leaves no temporary
/// file behind.
mlir::FailureOr<std::string> renderGraphviz(llvm::StringRef dot,
                                            llvm::StringRef format,
                                            std::string &message);

} // namespace sluice

#endif // SLUICE_TARGET_GRAPHVIZ_GRAPHVIZEXPORT_H
