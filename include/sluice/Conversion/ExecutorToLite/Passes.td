//===- Passes.td - the lift of v1 control flow -------------*- tablegen -*-===//
//
// The conversion of executor graphs (v1 control flow) to lite.if/lite.while.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_CONVERSION_EXECUTORTOLITE_PASSES_TD
#define SLUICE_CONVERSION_EXECUTORTOLITE_PASSES_TD

include "mlir/Pass/PassBase.td"

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

#endif // SLUICE_CONVERSION_EXECUTORTOLITE_PASSES_TD
