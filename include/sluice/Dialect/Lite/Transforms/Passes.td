//===- Passes.td - lite dialect passes ---------------------*- tablegen -*-===//
//
// Passes over lite programs on the way to TFLite and native code.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_LITE_TRANSFORMS_PASSES_TD
#define SLUICE_DIALECT_LITE_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def LiteOutlineRegionsPass : Pass<"lite-outline-regions", "::mlir::ModuleOp"> {
  let summary = "outline lite.if/lite.while regions into functions";
  let description = [{
    Gives every region of `lite.if` and `lite.while` the form TFLite's IF and
    WHILE ops have: a call of a private function that takes every value the
    region uses explicitly. Innermost regions are outlined first.

    - `lite.if`: both branch functions take the same arguments, the values
      either branch captures (TFLite passes an IF's inputs[1:] to both
      subgraphs); each region becomes `func.call` + `lite.yield`.
    - `lite.while`: TFLite's cond and body subgraphs see only the
      loop-carried tensors, so captured values become extra loop-carried
      values that the body passes through unchanged; the cond function
      returns the `tensor<i1>`, the body function all carried values.

    Constants a region uses from above are cloned into it first: a TFLite
    subgraph holds its own constant tensors.

    Structurally identical functions (same body up to names and locations)
    are created once. Functions are named after the function holding the op:
    `@main_if0_then`, `@main_while1_body`, ...

    ```mlir
    %r = lite.if %p -> (tensor<f32>) {
      %0 = func.call @main_if0_then(%x) : (tensor<f32>) -> tensor<f32>
      lite.yield %0 : tensor<f32>
    } else {
      %0 = func.call @main_if0_else(%x) : (tensor<f32>) -> tensor<f32>
      lite.yield %0 : tensor<f32>
    }
    ```
  }];
  let dependentDialects = ["::mlir::func::FuncDialect"];
}

#endif // SLUICE_DIALECT_LITE_TRANSFORMS_PASSES_TD
