//===- ExecutorOps.td - executor graph nodes ----------------*- tablegen -*-===//
//
// Nodes of a TensorFlow v1 dataflow graph. Syntax shared by every node:
// control operands (run-after edges) come in parentheses right after the op
// name, data operands follow; the last result is the node's control token.
//
//   %out, %ctl = executor.exit(%c0, %c1) %data : tensor<f32>
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_EXECUTOR_IR_EXECUTOROPS_TD
#define SLUICE_DIALECT_EXECUTOR_IR_EXECUTOROPS_TD

include "sluice/Dialect/Executor/IR/ExecutorDialect.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/RegionKindInterface.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

class Executor_Op<string mnemonic, list<Trait> traits = []>
    : Op<Executor_Dialect, mnemonic, traits>;

// A node of the dataflow graph: lives directly in an executor.graph.
class Executor_NodeOp<string mnemonic, list<Trait> traits = []>
    : Executor_Op<mnemonic, !listconcat(traits, [HasParent<"GraphOp">])>;

// The scalar boolean that steers switch and loop_cond; an imported graph may
// leave its rank unknown (the executor checks it holds one element).
// Its type is written only when it is not tensor<i1>: `: tensor<f32>,
// tensor<*xi1>` for a switch, `%p : tensor<*xi1>` for a loop_cond.
def Executor_Predicate : AnyTypeOf<[0DTensorOf<[I1]>, UnrankedTensorOf<[I1]>],
    "0D or unranked tensor of i1">;

// merge's value_index result: which input was forwarded.
def Executor_ValueIndex : 0DTensorOf<[I32]>,
    BuildableType<"::mlir::RankedTensorType::get({}, $_builder.getI32Type())">;

def Executor_Controls : Variadic<Executor_ControlType>;

//===----------------------------------------------------------------------===//
// Graph structure
//===----------------------------------------------------------------------===//

def Executor_GraphOp : Executor_Op<"graph", [
    SingleBlock, RecursiveMemoryEffects,
    DeclareOpInterfaceMethods<RegionKindInterface>]> {
  let summary = "a dataflow graph whose nodes run when their inputs arrive";
  let description = [{
    Holds one block of executor nodes in a graph region: there is no
    dominance requirement, so the back edge of a loop (a `next_iteration`
    feeding a `merge` defined before it) is written directly. The block ends
    in `executor.fetch`, whose data operands are the graph's results (their
    types are not repeated on the graph).

    ```mlir
    %r = executor.graph {
      %c, %kc = executor.island {
        %0 = lite.constant dense<1> : tensor<i32>
        executor.yield %0 : tensor<i32>
      }
      executor.fetch %c : tensor<i32>
    }
    ```
  }];
  let results = (outs Variadic<AnyTensor>:$results);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The fetch that ends the graph's block.
    FetchOp getFetch();
  }];
}

def Executor_FetchOp : Executor_Op<"fetch", [
    Terminator, HasParent<"GraphOp">, AttrSizedOperandSegments]> {
  let summary = "the outputs of an executor.graph";
  let description = [{
    Data operands become the results of the enclosing graph; control
    operands name nodes that must have run before the graph is complete.
  }];
  let arguments = (ins Variadic<AnyTensor>:$data, Executor_Controls:$controls);
  let assemblyFormat = [{
    (`(` $controls^ `)`)? ($data^ `:` type($data))? attr-dict
  }];
}

def Executor_IslandOp : Executor_NodeOp<"island", [
    SingleBlock, RecursiveMemoryEffects]> {
  let summary = "a node that runs a block of non-executor ops";
  let description = [{
    The body runs once all control operands and all values it captures from
    the graph have arrived (live and in the same frame iteration); if any of
    them is dead, the body does not run and every result is dead. The body
    ends in `executor.yield`, whose operands become the data results; the last
    result is the island's control token. The result types follow from the
    yield.

    ```mlir
    %sum, %ctl = executor.island(%k) {
      %0 = lite.add %a, %b : (tensor<f32>, tensor<f32>) -> tensor<f32>
      executor.yield %0 : tensor<f32>
    }
    ```
  }];
  let arguments = (ins Executor_Controls:$controls);
  let results = (outs Variadic<AnyTensor>:$outputs,
                      Executor_ControlType:$control);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The yield that ends the island's body.
    YieldOp getYield();
  }];
}

def Executor_YieldOp : Executor_Op<"yield", [
    Pure, ReturnLike, Terminator, HasParent<"IslandOp">]> {
  let summary = "the data results of an executor.island";
  let arguments = (ins Variadic<AnyTensor>:$operands);
  let assemblyFormat = "($operands^ `:` type($operands))? attr-dict";
}

//===----------------------------------------------------------------------===//
// Control-flow primitives
//===----------------------------------------------------------------------===//

def Executor_SwitchOp : Executor_NodeOp<"switch", [
    AllTypesMatch<["data", "false_output", "true_output"]>]> {
  let summary = "forwards its data to one of two outputs, the other dead";
  let description = [{
    When `predicate` is true, `true_output` carries `data` and `false_output`
    is dead; otherwise the reverse. A dead data or predicate makes both
    outputs dead.

    ```mlir
    %f, %t, %ctl = executor.switch %x, %p : tensor<f32>
    ```
  }];
  let arguments = (ins AnyTensor:$data, Executor_Predicate:$predicate,
                       Executor_Controls:$controls);
  let results = (outs AnyTensor:$false_output, AnyTensor:$true_output,
                      Executor_ControlType:$control);
  let assemblyFormat = [{
    (`(` $controls^ `)`)? $data `,` $predicate attr-dict `:`
      custom<SwitchTypes>(type($data), type($predicate))
  }];
}

def Executor_SwitchNOp : Executor_NodeOp<"switch_n"> {
  let summary = "forwards its data to one of N outputs, the others dead";
  let description = [{
    TensorFlow's `_SwitchN` (a lowered `Case`): output `index` carries
    `data` and every other output is dead. An index outside [0, N) selects
    the last output, as TensorFlow does. A dead data or index makes every
    output dead. The count of outputs is written after `outputs`.

    ```mlir
    %o:3, %ctl = executor.switch_n %x, %i outputs 3 : tensor<f32>
    ```
  }];
  let arguments = (ins AnyTensor:$data, Executor_ValueIndex:$index,
                       Executor_Controls:$controls);
  let results = (outs Variadic<AnyTensor>:$outputs,
                      Executor_ControlType:$control);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def Executor_MergeOp : Executor_NodeOp<"merge", [AttrSizedOperandSegments]> {
  let summary = "forwards whichever input is live";
  let description = [{
    Runs as soon as any one data input is live and forwards it, with its
    position in `value_index`; the output is dead only when every input is
    dead. Inputs agree in element type; their shapes may differ, in which
    case the output type generalises them. The type list is written once
    when all inputs and the output share it.

    ```mlir
    %m, %idx, %ctl = executor.merge %a, %b : tensor<f32>
    %n, %i2, %c2 = executor.merge %x, %y : (tensor<2xf32>, tensor<3xf32>) -> tensor<?xf32>
    ```
  }];
  let arguments = (ins Variadic<AnyTensor>:$data, Executor_Controls:$controls);
  let results = (outs AnyTensor:$output, Executor_ValueIndex:$value_index,
                      Executor_ControlType:$control);
  let assemblyFormat = [{
    (`(` $controls^ `)`)? $data attr-dict `:`
      custom<MergeTypes>(ref($data), type($data), type($output))
  }];
  let hasVerifier = 1;
}

def Executor_EnterOp : Executor_NodeOp<"enter", [
    AllTypesMatch<["data", "output"]>]> {
  let summary = "moves a value into a child frame";
  let description = [{
    Makes `data` available in the child frame named `frame_name` of the frame
    it arrives in, at iteration 0 of that child frame (creating the frame on
    first use). With `constant`, the value is visible to every iteration of
    the child frame (a loop invariant). `parallel_iterations` bounds how many
    iterations of the frame may be in flight at once.

    ```mlir
    %e, %ctl = executor.enter %x frame "while/ctx" constant parallel_iterations 32 : tensor<f32>
    ```
  }];
  let arguments = (ins AnyTensor:$data, StrAttr:$frame_name,
                       UnitAttr:$is_constant,
                       DefaultValuedAttr<I64Attr, "10">:$parallel_iterations,
                       Executor_Controls:$controls);
  let results = (outs AnyTensor:$output, Executor_ControlType:$control);
  let assemblyFormat = [{
    (`(` $controls^ `)`)? $data `frame` $frame_name
      (`constant` $is_constant^)?
      (`parallel_iterations` $parallel_iterations^)? attr-dict `:` type($data)
  }];
  let hasVerifier = 1;
}

def Executor_ExitOp : Executor_NodeOp<"exit", [
    AllTypesMatch<["data", "output"]>]> {
  let summary = "moves a value from a frame back to its parent frame";
  let arguments = (ins AnyTensor:$data, Executor_Controls:$controls);
  let results = (outs AnyTensor:$output, Executor_ControlType:$control);
  let assemblyFormat = [{
    (`(` $controls^ `)`)? $data attr-dict `:` type($data)
  }];
}

def Executor_NextIterationOp : Executor_NodeOp<"next_iteration", [
    AllTypesMatch<["data", "output"]>]> {
  let summary = "moves a value to the next iteration of its frame";
  let description = [{
    The result usually feeds a `merge` defined earlier in the graph: the
    back edge of a loop.

    ```mlir
    %n, %ctl = executor.next_iteration %body : tensor<i32>
    ```
  }];
  let arguments = (ins AnyTensor:$data, Executor_Controls:$controls);
  let results = (outs AnyTensor:$output, Executor_ControlType:$control);
  let assemblyFormat = [{
    (`(` $controls^ `)`)? $data attr-dict `:` type($data)
  }];
}

def Executor_LoopCondOp : Executor_NodeOp<"loop_cond", [
    AllTypesMatch<["input", "output"]>]> {
  let summary = "marks the predicate that decides whether a loop goes on";
  let description = [{
    Forwards its scalar boolean input unchanged; its output steers the
    switches of one loop. The loop's pivot.
  }];
  let arguments = (ins Executor_Predicate:$input, Executor_Controls:$controls);
  let results = (outs Executor_Predicate:$output,
                      Executor_ControlType:$control);
  let assemblyFormat = [{
    (`(` $controls^ `)`)? custom<PredicateOperand>($input, type($input))
      attr-dict
  }];
}

def Executor_ControlTriggerOp : Executor_NodeOp<"control_trigger"> {
  let summary = "a control node that runs even when its inputs are dead";
  let description = [{
    Produces a live control token once all its control operands have
    arrived, whether they are live or dead.
  }];
  let arguments = (ins Executor_Controls:$controls);
  let results = (outs Executor_ControlType:$control);
  let assemblyFormat = "(`(` $controls^ `)`)? attr-dict";
}

//===----------------------------------------------------------------------===//
// Distribution: the two ends of an edge cut by -executor-partition
//===----------------------------------------------------------------------===//

def Executor_SendOp : Executor_NodeOp<"send"> {
  let summary = "sends a value, live or dead, to another rank";
  let description = [{
    One end of a graph edge that partitioning cut: delivers `data` with its
    deadness to the `executor.recv` of the same `key` on rank `peer`, under
    the tag (frame instance and iteration) the send runs in. The rendezvous
    key of one transfer is (key, tag): each iteration of a loop has its own.
    A dead `data` is sent as a dead token, so that the receiving rank's nodes
    become dead too. The result is the send's control token.

    ```mlir
    %ctl = executor.send %x key "add:0" to 1 : tensor<f32>
    ```
  }];
  let arguments = (ins AnyTensor:$data, StrAttr:$key, I64Attr:$peer,
                       Executor_Controls:$controls);
  let results = (outs Executor_ControlType:$control);
  let assemblyFormat = [{
    (`(` $controls^ `)`)? $data `key` $key `to` $peer attr-dict `:`
      type($data)
  }];
  let hasVerifier = 1;
}

def Executor_RecvOp : Executor_NodeOp<"recv"> {
  let summary = "receives a value, live or dead, from another rank";
  let description = [{
    The other end: `output` is what the `executor.send` of the same `key` on
    rank `peer` sent under the same tag, dead if that was dead. Without
    control operands a recv runs once, in the root frame; inside a loop its
    control operand is the token of its rank's control-loop state machine
    (the merge of the loop's skeleton), which runs the recv once in every
    iteration, under that iteration's tag. A recv receives even when its
    control operands are dead (its sender sends in every case); its output
    is then dead.

    ```mlir
    %x, %ctl = executor.recv(%k) key "add:0" from 0 : tensor<f32>
    ```
  }];
  let arguments = (ins StrAttr:$key, I64Attr:$peer,
                       Executor_Controls:$controls);
  let results = (outs AnyTensor:$output, Executor_ControlType:$control);
  let assemblyFormat = [{
    (`(` $controls^ `)`)? `key` $key `from` $peer attr-dict `:`
      type($output)
  }];
  let hasVerifier = 1;
}

#endif // SLUICE_DIALECT_EXECUTOR_IR_EXECUTOROPS_TD
