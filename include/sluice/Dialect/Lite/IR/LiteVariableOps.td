//===- LiteVariableOps.td - resource variables as module state -*- tablegen -*-===//
//
// TensorFlow's resource variables (VarHandleOp, ReadVariableOp,
// AssignVariableOp) and ref variables (VariableV2, Assign) as state the
// module owns: `lite.variable` declares one by name and type, and
// `lite.read_variable` / `lite.assign_variable` name it by symbol, with the
// memory effects that order them (a read may not move across an assign of
// any variable; two reads may). There are no handle values: the importers
// resolve every handle TF passes around (through Enter, Switch, Merge, a
// While's operands, a function's arguments) to the one variable it names.
//
// Inside an executor.island the ops take the handle TF gave the node as an
// optional `after` operand (a dummy scalar): the island then waits for it,
// in the right frame iteration, and is dead when it is dead, as TF's node
// is. Nothing reads it; the lift drops it when it turns islands into plain
// code, where program order says what the handle said.
//
// `lite.call_once` runs an initializer function the first time the program
// runs (TFLite's CALL_ONCE; TF's init target). A variable keeps its value
// between runs of one program instance; a read before any assign is an
// error, as in TF.
//
//   module {
//     lite.variable @v : tensor<2xf32>
//     func.func @init() { lite.assign_variable @v, %c : tensor<2xf32> ... }
//     func.func @main() -> tensor<2xf32> {
//       lite.call_once @init
//       %0 = lite.read_variable @v : tensor<2xf32>
//       ...
//
// TFLite export writes VAR_HANDLE (one per variable and subgraph: TFLite's
// resource tensor, which has no lite op) feeding READ_VARIABLE /
// ASSIGN_VARIABLE, and CALL_ONCE with the initializer's subgraph; the
// records below carry those builtins' codes and runtimes. Native code keeps
// each variable in a global buffer.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_LITE_IR_LITEVARIABLEOPS_TD
#define SLUICE_DIALECT_LITE_IR_LITEVARIABLEOPS_TD

include "mlir/IR/SymbolInterfaces.td"

// The state of the module's variables: what reads and assigns touch.
def Lite_VariableResource : Resource<"::sluice::lite::VariableResource">;

def Lite_VariableOp : Lite_Op<"variable", [
    Symbol, HasParent<"::mlir::ModuleOp">]> {
  let summary = "a variable the module owns";
  let description = [{
    Declares a variable: a tensor of type `type` that lives as long as the
    program instance, read and assigned by name. Its value is undefined
    (reading it is an error) until the first `lite.assign_variable`. The
    symbol is TensorFlow's `shared_name` (the node name of a `VariableV2` or
    of a `VarHandleOp` without one), so an exported model's VAR_HANDLE names
    the same variable TF does.

    ```mlir
    lite.variable @"rnn/kernel" : tensor<4x8xf32>
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<Lite_Tensor>:$type);
  let assemblyFormat = "$sym_name attr-dict `:` $type";
}

def Lite_ReadVariableOp : Lite_BuiltinOp<"read_variable", "READ_VARIABLE",
                                          "ReadVariableOptions", [
    DeclareOpInterfaceMethods<SymbolUserOpInterface>,
    MemoryEffects<[MemRead<Lite_VariableResource>]>]> {
  let summary = "the current value of a variable";
  let description = [{
    The value `variable` holds now: later assigns do not change it. An error
    at run time when the variable was never assigned. The result type is
    compatible with the variable's.

    ```mlir
    %0 = lite.read_variable @v : tensor<2xf32>
    %1 = lite.read_variable @v after %handle : tensor<i32> : tensor<2xf32>
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$variable,
                       Optional<Lite_Tensor>:$after);
  let results = (outs Lite_Tensor:$value);
  let tfliteRuntimes = ["2.6.0"];
  let assemblyFormat = [{
    $variable (`after` $after^ `:` type($after))? attr-dict `:` type($value)
  }];
}

def Lite_AssignVariableOp : Lite_BuiltinOp<"assign_variable",
                                            "ASSIGN_VARIABLE",
                                            "AssignVariableOptions", [
    DeclareOpInterfaceMethods<SymbolUserOpInterface>,
    MemoryEffects<[MemWrite<Lite_VariableResource>]>]> {
  let summary = "gives a variable a new value";
  let description = [{
    `variable` holds `value` from now on. The value's type is compatible
    with the variable's; at run time its shape must be the variable's
    (TensorFlow's `validate_shape`) when the variable's type is static.

    ```mlir
    lite.assign_variable @v, %x : tensor<2xf32>
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$variable, Lite_Tensor:$value,
                       Optional<Lite_Tensor>:$after);
  let tfliteRuntimes = ["2.6.0"];
  let assemblyFormat = [{
    $variable `,` $value (`after` $after^ `:` type($after))? attr-dict `:`
      type($value)
  }];
}

def Lite_CallOnceOp : Lite_BuiltinOp<"call_once", "CALL_ONCE",
                                     "CallOnceOptions", [
    DeclareOpInterfaceMethods<SymbolUserOpInterface>,
    MemoryEffects<[MemRead<Lite_VariableResource>,
                   MemWrite<Lite_VariableResource>]>]> {
  let summary = "runs an initializer the first time the program runs";
  let description = [{
    Calls `init` (a function without arguments or results) the first time
    this op runs in a program instance and does nothing afterwards: TFLite's
    CALL_ONCE, and TensorFlow's variable initializer (`--init`) run before
    the fetches.

    ```mlir
    lite.call_once @init
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$init);
  let tfliteRuntimes = ["2.5.0"];
  let assemblyFormat = "$init attr-dict";
}

//===----------------------------------------------------------------------===//
// Stacks (TF1 StackV2, what tf.gradients of a while loop saves forward
// values on): a variable holding the stacked elements, a tensor whose
// dimension 0 is the stack's size.
//===----------------------------------------------------------------------===//

def Lite_StackResetOp : Lite_Op<"stack_reset", [
    DeclareOpInterfaceMethods<SymbolUserOpInterface>,
    MemoryEffects<[MemWrite<Lite_VariableResource>]>]> {
  let summary = "makes a stack variable an empty stack";
  let description = [{
    `stack` (a `lite.variable` of a tensor type whose dimension 0 counts
    the elements) holds an empty stack from now on: what TF's `StackV2`
    creates, each time it runs.

    ```mlir
    lite.stack_reset @acc
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$stack, Optional<Lite_Tensor>:$after);
  let assemblyFormat = [{
    $stack (`after` $after^ `:` type($after))? attr-dict
  }];
}

def Lite_StackPushOp : Lite_Op<"stack_push", [
    DeclareOpInterfaceMethods<SymbolUserOpInterface>,
    MemoryEffects<[MemRead<Lite_VariableResource>,
                   MemWrite<Lite_VariableResource>]>]> {
  let summary = "pushes an element onto a stack variable";
  let description = [{
    Appends `element` to the stack `stack` holds; every element of one
    stack has the shape of its first (TF's StackPushV2, which returns the
    element: the importer uses `element` itself).

    ```mlir
    lite.stack_push @acc, %x : tensor<2xf32>
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$stack, Lite_Tensor:$element,
                       Optional<Lite_Tensor>:$after);
  let assemblyFormat = [{
    $stack `,` $element (`after` $after^ `:` type($after))? attr-dict `:`
      type($element)
  }];
}

def Lite_StackPopOp : Lite_Op<"stack_pop", [
    DeclareOpInterfaceMethods<SymbolUserOpInterface>,
    MemoryEffects<[MemRead<Lite_VariableResource>,
                   MemWrite<Lite_VariableResource>]>]> {
  let summary = "pops the last element pushed onto a stack variable";
  let description = [{
    Removes the element pushed last from the stack `stack` holds and
    returns it (TF's StackPopV2). Popping an empty stack, or a stack never
    reset, is an error at run time.

    ```mlir
    %x = lite.stack_pop @acc : tensor<2xf32>
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$stack, Optional<Lite_Tensor>:$after);
  let results = (outs Lite_Tensor:$element);
  let assemblyFormat = [{
    $stack (`after` $after^ `:` type($after))? attr-dict `:` type($element)
  }];
}

//===----------------------------------------------------------------------===//
// Random numbers: each op is a generator whose state the program instance
// keeps, as a TF kernel keeps its own.
//===----------------------------------------------------------------------===//

def Lite_RandomUniformOp : Lite_BuiltinOp<"random_uniform", "RANDOM_UNIFORM",
                                          "RandomOptions", [Lite_ShapeRule, 
    MemoryEffects<[MemRead<Lite_VariableResource>,
                   MemWrite<Lite_VariableResource>]>]> {
  let summary = "uniform random floats in [0, 1) from a seeded generator";
  let description = [{
    A tensor of shape `shape` of floats drawn uniformly from [0, 1):
    TensorFlow's stateful `RandomUniform` with its `seed` (the graph's) and
    `seed2` (the op's). The numbers are TF's, bit for bit: Philox-4x32-10
    keyed by `seed`, its counter starting at `seed2` in the high 64 bits;
    element i is the mantissa of 32-bit word i mod 4 of the block at counter
    offset + i / 4, as a float in [1, 2) minus 1.

    The op is a generator with state: each run draws new numbers. After a
    run that drew n numbers, the offset moves on by 256 * n blocks (TF
    reserves that many per run), so the k-th run of the op in a program
    instance gives what TF's k-th run of the kernel gives. Seeds 0 and 0
    (TF's "pick a seed at random") are refused: Sluice's runs repeat.

    TFLite's RANDOM_UNIFORM draws the same first run but moves on by n / 4
    blocks only; the exporter writes it only where the op runs once (in a
    `lite.call_once` initializer, outside loops).

    ```mlir
    %r = lite.random_uniform %shape {seed = 1, seed2 = 7}
        : (tensor<2xi32>) -> tensor<3x4xf32>
    ```
  }];
  let arguments = (ins Lite_IndexVector:$shape, I64Attr:$seed, I64Attr:$seed2);
  let results = (outs TensorOf<[F32]>:$output);
  let tfliteRuntimes = ["2.8.0"];
  let assemblyFormat = [{
    $shape attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Assertions (TF's Assert): a check whose failure stops the run, ordered
// with the state changes around it by its effect on the module's state.
//===----------------------------------------------------------------------===//

def Lite_AssertOp : Lite_Op<"assert", [
    MemoryEffects<[MemWrite<Lite_VariableResource>]>]> {
  let summary = "stops the run with an error when a condition is false";
  let description = [{
    TensorFlow's `Assert`: when `condition` (one boolean: a scalar, or
    TensorFlow's legacy scalar of shape [1]) is false, the run fails with
    `message` (TensorFlow's InvalidArgument: the interpreter's error
    "assertion failed: ...", SLUICE_ERROR_INVALID_ARGUMENT from native
    code). Its effect on the module's state orders it with variable and
    stack operations, as TensorFlow's control edges do: a failing assertion
    stops the run before the state changes that follow it.

    TFLite has no assertion operator: TFLite export drops it with a warning,
    as TensorFlow's converter does.

    ```mlir
    lite.assert %ok, "x must be positive" : tensor<i1>
    ```
  }];
  let arguments = (ins Lite_BoolTensor:$condition, StrAttr:$message);
  let assemblyFormat = "$condition `,` $message attr-dict `:` type($condition)";
  let hasVerifier = 1;
}

#endif // SLUICE_DIALECT_LITE_IR_LITEVARIABLEOPS_TD
