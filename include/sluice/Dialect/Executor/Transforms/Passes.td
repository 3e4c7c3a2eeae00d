//===- Passes.td - executor dialect passes -----------------*- tablegen -*-===//
//
// Passes over executor graphs: analyses' test passes and, later, the raising
// of v1 control flow to functional form.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_EXECUTOR_TRANSFORMS_PASSES_TD
#define SLUICE_DIALECT_EXECUTOR_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TestExecutorFramesPass : Pass<"test-executor-frames"> {
  let summary = "print the frame analysis of every executor.graph";
  let description = [{
    Test pass for `FrameAnalysis`. For every `executor.graph` under the
    operation, prints to stdout each frame (loop) with its parent, its nodes
    and its loop parts: enters, loop-invariant enters, merges, loop_cond,
    switches, next_iterations and exits. A node is named by its `NameLoc`
    (`loc("name")`) when it has one, else by its op name and position in the
    graph. Malformed frames are reported as errors on the offending nodes and
    make the pass fail.
  }];
  let dependentDialects = ["::sluice::executor::ExecutorDialect"];
}

#endif // SLUICE_DIALECT_EXECUTOR_TRANSFORMS_PASSES_TD
