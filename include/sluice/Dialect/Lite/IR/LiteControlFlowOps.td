//===- LiteControlFlowOps.td - lite.if / lite.while -----------*- tablegen -*-===//
//
// Structured control flow of the lite dialect, modelled on scf.if/scf.while
// but with TFLite's semantics: the condition of a while is a region over the
// loop-carried values that yields a scalar boolean, and both regions of an if
// or a while may use values defined above them (TFLite passes those as extra
// subgraph inputs once the regions are outlined).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_LITE_IR_LITECONTROLFLOWOPS_TD
#define SLUICE_DIALECT_LITE_IR_LITECONTROLFLOWOPS_TD

include "mlir/Interfaces/ControlFlowInterfaces.td"

def Lite_IfOp : Lite_BuiltinOp<"if", "IF", "IfOptions", [
    RecursiveMemoryEffects, NoRegionArguments,
    DeclareOpInterfaceMethods<RegionBranchOpInterface, [
      "getEntrySuccessorRegions", "areTypesCompatible"]>]> {
  let tfliteRuntimes = ["1.15.0"];
  let summary = "runs one of two regions depending on a scalar boolean";
  let description = [{
    Runs `then` when `cond` is true, `else` otherwise; the results are the
    values the region that ran yields. Both regions end in `lite.yield` and
    may use values defined above the op. A branch may yield a more precise
    type than the op's result (same element type, compatible shape).

    ```mlir
    %r = lite.if %p -> (tensor<f32>) {
      lite.yield %a : tensor<f32>
    } else {
      %n = lite.neg %a : tensor<f32>
      lite.yield %n : tensor<f32>
    }
    ```
  }];
  let arguments = (ins Lite_Predicate:$cond);
  let results = (outs Variadic<Lite_Tensor>:$results);
  let regions = (region SizedRegion<1>:$then_region,
                        SizedRegion<1>:$else_region);
  let assemblyFormat = [{
    $cond (`->` `(` type($results)^ `)`)? $then_region `else` $else_region
      attr-dict
  }];
  // Checked before the regions' contents so that a yield mismatch is reported
  // with the branch's name rather than as a generic control-flow edge error.
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Lite_WhileOp : Lite_BuiltinOp<"while", "WHILE", "WhileOptions", [
    RecursiveMemoryEffects,
    DeclareOpInterfaceMethods<RegionBranchOpInterface, [
      "getEntrySuccessorOperands", "areTypesCompatible"]>]> {
  let tfliteRuntimes = ["1.15.0"];
  let summary = "repeats a body region while a condition region holds";
  let description = [{
    The loop-carried values start as `inits`. Each iteration runs `cond` on
    the current values; when it yields false the op returns them, otherwise
    `body` runs on the same values and yields the next ones. Both regions
    take the loop-carried values as block arguments (written once, in the
    op's header) and may use values defined above the op. The result types
    are the types of the loop-carried values; an init or a body result may
    be more precise (same element type, compatible shape).

    ```mlir
    %r = lite.while (%i = %c0) : (tensor<i32>) -> tensor<i32> cond {
      %p = lite.less %i, %lim : (tensor<i32>, tensor<i32>) -> tensor<i1>
      lite.yield %p : tensor<i1>
    } body {
      %n = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
      lite.yield %n : tensor<i32>
    }
    ```
  }];
  let arguments = (ins Variadic<Lite_Tensor>:$inits);
  let results = (outs Variadic<Lite_Tensor>:$results);
  let regions = (region SizedRegion<1>:$cond, SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Lite_YieldOp : Lite_Op<"yield", [
    Pure, Terminator, ParentOneOf<["IfOp", "WhileOp"]>,
    DeclareOpInterfaceMethods<RegionBranchTerminatorOpInterface, [
      "getMutableSuccessorOperands"]>]> {
  let summary = "ends a region of lite.if or lite.while";
  let description = [{
    In a branch of `lite.if` and in the body of `lite.while`, the operands
    are the values the region produces. In the condition of `lite.while`
    the single operand is the `tensor<i1>` that decides whether the loop
    goes on; it is consumed, not forwarded.
  }];
  let arguments = (ins Variadic<Lite_Tensor>:$operands);
  let assemblyFormat = "($operands^ `:` type($operands))? attr-dict";
}

#endif // SLUICE_DIALECT_LITE_IR_LITECONTROLFLOWOPS_TD
