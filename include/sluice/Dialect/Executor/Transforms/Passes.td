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

def ExecutorLiftControlFlowPass : Pass<"executor-lift-control-flow",
                                       "::mlir::func::FuncOp"> {
  let summary = "raise v1 control flow in executor graphs to lite.if/lite.while";
  let description = [{
    Lifts every `executor.graph` of a function to plain lite ops in the
    function body: loops (enter/merge/switch/next_iteration/exit around a
    loop_cond), innermost first, become `lite.while` ops whose cond region
    computes the loop_cond input and whose body region computes the
    next_iteration inputs; conditionals (switch/merge, _SwitchN) become
    `lite.if` ops. Each value's liveness is tracked as a boolean function of
    the switch predicates it depends on (the seed's deadness rules), so a
    merge whose inputs differ on several predicates becomes nested ifs.
    Control edges only order side-effect-free nodes and are dropped.

    A graph that cannot be lifted (a merge whose inputs can be live
    together, a dead fetch, a malformed loop) gets an error naming the
    offending node and is left unchanged, still executable.
  }];
  let dependentDialects = ["::sluice::lite::LiteDialect",
                           "::mlir::ub::UBDialect"];
}

#endif // SLUICE_DIALECT_EXECUTOR_TRANSFORMS_PASSES_TD
