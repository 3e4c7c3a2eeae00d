//===- Passes.td - analysis test passes ------------------*- tablegen -*-===//
//
// Passes that print the results of Sluice's analyses for lit tests.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_ANALYSIS_PASSES_TD
#define SLUICE_ANALYSIS_PASSES_TD

include "mlir/Pass/PassBase.td"

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
    With `print-classes`, every remark ends with the alias class of each
    result, e.g. `[classes 0 1]`: equal numbers, one buffer.
  }];
  let options = [
    Option<"printClasses", "print-classes", "bool", /*default=*/"false",
           "append the alias class of each result to the remarks">
  ];
}

#endif // SLUICE_ANALYSIS_PASSES_TD
