//===- TestPasses.td - Sluice's test passes ----------------*- tablegen -*-===//
//
// Passes that print the results of Sluice's analyses for lit tests. They
// live here, not in the production libraries; only sluice-opt links them.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_TEST_LIB_TESTPASSES_TD
#define SLUICE_TEST_LIB_TESTPASSES_TD

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

def TestLiteBufferAliasingPass
    : Pass<"test-lite-buffer-aliasing", "::mlir::ModuleOp"> {
  let summary = "report the buffer aliasing analysis as remarks";
  let description = [{
    Runs BufferAliasing over the module and emits one remark per `lite.while`
    and `lite.if`, slots/results in order, e.g.

    ```
    lite.while: slot 0 in place; slot 1 copy at entry (the initial value is
    used after the loop); slot 2 copy in the body (swapped with slot 3); ...
    lite.if: result 0 in place; result 1 copy in the then branch (yields a
    value defined outside the branch)
    ```

    A while slot is "in place (passed through)" when the body yields its
    argument unchanged, and "two buffers (ping-pong: ...)" when the body
    computes the next value by an op that cannot write over the old one.
    A slot "by pointer (... buffer of slot k)" leaves its next value in
    slot k's buffer: the slots' buffers are permuted, nothing is copied.
    With `print-classes`, every remark ends with the alias class of each
    result, e.g. `[classes 0 1]`: equal numbers, one buffer. `target` picks
    the BufferModel: native (default) or tflite.
  }];
  let options = [
    Option<"printClasses", "print-classes", "bool", /*default=*/"false",
           "append the alias class of each result to the remarks">,
    Option<"target", "target", "std::string", /*default=*/"\"native\"",
           "the BufferModel: native or tflite">
  ];
}

#endif // SLUICE_TEST_LIB_TESTPASSES_TD
