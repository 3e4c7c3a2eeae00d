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

def LiteInferShapesPass : Pass<"lite-infer-shapes", "::mlir::ModuleOp"> {
  let summary = "refine the result types of lite ops to the shapes they compute";
  let description = [{
    Gives every lite op the most precise result type that follows from its
    operand types and from the contents of small integer operands (constants,
    and shape vectors computed from them and from `lite.shape`): unranked ->
    ranked with dynamic dimensions -> static dimensions. The rules mirror the
    reference interpreter's kernels. A type never becomes less precise than
    the declared one; an op whose inferred type contradicts its declared type
    keeps it (the interpreter reports the error at run time).

    - `lite.if`: each result is the join of the two branches' yields (equal
      dimensions stay, differing ones become dynamic, differing ranks
      unranked), met with the declared type.
    - `lite.while`: the carried types start from the inits, met with the
      declared types, and are joined with the body's yields until they are
      stable (a dimension that changes across iterations becomes dynamic, a
      rank that changes makes the value unranked); the op's results and both
      regions' arguments get the stable types.
    - Function result types follow the refined returned values; call sites
      follow their callee. Functions are refined callees first. A function
      referenced other than by `func.call`, or part of a recursive cycle,
      keeps its result types.
    - Function argument types never change, and neither do values whose
      exact type something else depends on: operands of `func.call` and of
      non-lite ops (and, through ops whose operand and result types are the
      same, the values they are computed from).

    A refined type may contradict the declared type of an op that uses it
    (only in a program that fails at run time): then that op's operands keep
    their declared types too. A function that cannot be made to verify so is
    left exactly as it was.

    ```mlir
    %s = lite.constant dense<[2, -1]> : tensor<2xi32>
    %r = lite.reshape %x, %s : (tensor<3x4xf32>, tensor<2xi32>) -> tensor<*xf32>
    // becomes
    %r = lite.reshape %x, %s : (tensor<3x4xf32>, tensor<2xi32>) -> tensor<2x6xf32>
    ```
  }];
}

def LiteCSEPass : Pass<"lite-cse"> {
  let summary = "MLIR's CSE, with ops that hold regions told apart first";
  let description = [{
    Eliminates common subexpressions exactly as `-cse` does (MLIR's
    `eliminateCommonSubExpressions`), in linear time where `-cse` is
    quadratic: `-cse` hashes an op's name, attributes, result types and
    operands but not its regions, so N loops or branches with the same
    operands (copies of one program over the same constants, which
    differ only in the values their regions capture) each get compared,
    region by region, with all the others. Before it runs, every op with
    regions gets a discardable attribute holding a hash of what the
    comparison looks at in its regions (nested ops' names, attributes,
    properties, result types, and the values they use from outside the
    outermost such op); ops whose hashes differ cannot be equivalent,
    and equivalent ops hash alike, so `-cse` merges the same ops. The
    attributes are removed afterwards.
  }];
}

def LiteFoldConstantsPass : Pass<"lite-fold-constants", "::mlir::ModuleOp"> {
  let summary = "evaluate lite ops on constants with the reference kernels";
  let description = [{
    Replaces a lite tensor op whose operands are all constants, and whose
    results are statically shaped and small (at most `max-elements` each, or
    no larger than an operand constant only the op reads, which folding
    replaces: a weight transposed at import), by constants computed with the
    interpreter's own kernels — the semantic
    oracle, so folding cannot change a result. An op that would fail at run
    time (an index out of range, a division by zero) is left for the run to
    report. Graphs often compute a branch predicate from constants
    (`reshape(less_equal(reduce_max(c), 0))`); folded, the branch becomes
    static for canonicalization, and shapes that depended on it can be
    inferred.
  }];
  let options = [
    Option<"maxElements", "max-elements", "int64_t", /*default=*/"4096",
           "Largest result, in elements, that is folded">,
  ];
}

def LiteDecomposeForTFLitePass : Pass<"lite-decompose-for-tflite"> {
  let summary = "rewrite elementwise ops without a TFLite builtin into ones "
                "with";
  let description = [{
    An elementwise op whose record (LiteOps.td) has no TFLite builtin but a
    `tfliteDecomposition` is replaced by that expression over lite ops that
    have builtins, computing the same value on every input:

    ```mlir
    %r = lite.is_nan %x : tensor<4xf32> -> tensor<4xi1>
    // becomes
    %r = lite.not_equal %x, %x : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
    ```

    The patterns are generated from the records by sluice-tblgen. Ops with
    a `tfliteRefusal` are left for the exporter's diagnostic. Structured ops
    whose LiteRT kernels take them otherwise are rewritten too: reverse_v2
    one axis at a time, and conv_2d/depthwise_conv_2d without a bias given
    zeros (LiteRT's kernels require one).
  }];
}

def LiteDropAssertionsPass : Pass<"lite-drop-assertions", "::mlir::ModuleOp"> {
  let summary = "drop lite.assert, with a warning, for TFLite";
  let description = [{
    TFLite has no assertion operator: each `lite.assert` is dropped with a
    warning (TensorFlow's converter drops Assert too), with what only it
    used, and a `lite.if` left with nothing to do.
  }];
}

def LitePrepareTFLiteOutputsPass
    : Pass<"lite-prepare-tflite-outputs", "::mlir::ModuleOp"> {
  let summary = "give every subgraph output the tensor LiteRT needs";
  let description = [{
    Runs on a module whose regions are outlined (`-lite-outline-regions`),
    last before the TFLite model is written:

    - an output of the entry function or of an if branch that LiteRT
      computes when it prepares the model (a SHAPE of a static tensor, any
      effect-free builtin of constants) becomes that constant: LiteRT never
      writes such a tensor while the model runs, so an IF pointing its
      output at it, or LiteRT.js reading an entry output, would see memory
      never written;
    - an output that is an input, a value returned twice, an entry output
      LiteRT may make dynamic (of a WHILE, READ_VARIABLE, TILE of computed
      multiples), or a loop body's input i yielded as output j > i (LiteRT's
      WHILE copies outputs into inputs slot by slot) becomes a copy of its
      own (a RESHAPE to its own shape; a constant is cloned).
  }];
  let options = [
    ListOption<"entryFunctions", "entry-functions", "std::string",
               "The functions the model's signatures run (default: main if "
               "the module has it, else every public function)">,
  ];
}

def LiteLegalizeListsPass : Pass<"lite-legalize-lists", "::mlir::ModuleOp"> {
  let summary = "rewrite the list ops into TFLite builtins";
  let description = [{
    The `lite.list_*` ops are not TFLite builtins. This rewrites each into
    builtins on the tensor that holds the list, for TFLite export and native
    code alike:

    - `list_reserve n` -> `fill([n, element shape...], 0)`;
    - `list_set_item l[i], x` -> `dynamic_update_slice(l, reshape(x,
      [1, element shape...]), [i, 0, ...])`: a list written in a loop is a
      loop-carried tensor of which each iteration writes one element;
    - `list_get_item l[i]` -> `gather(l, i)`, `list_gather l[is]` ->
      `gather(l, is)` (axis 0);
    - `list_scatter l[is], xs` -> `xs` when `is` is the constant 0, 1, ...,
      length - 1 (TensorArray's unstack);
    - `list_length l` -> its static length, else `shape(l)[0]`.

    A resizable list (a TensorArray with `dynamic_size`, a TF2 TensorList
    pushed back onto) first becomes a storage list and a `tensor<i32>`
    length carried beside it (through `lite.while` and `lite.if` too): a
    write past the storage's end grows it to twice its capacity (or to the
    index), in a `lite.if`; `list_length` is the length; a read at or past
    the length reads index -1, which the read reports as out of range; a
    pop (TensorListPopBack's slice to length - 1) keeps the storage; any
    other use sees `slice(storage, 0, length)`.

    A list op that cannot be rewritten is an error naming it: a resizable
    list whose values do not share one static element shape or that is
    also written by a scatter or a bounds-checked write, a scatter to other
    indices, an element shape that is not static. Run `-lite-infer-shapes` and
    `-lite-fold-constants` first, so that lengths and indices are known.

    `dynamic_update_slice` clamps an index outside the list where the
    interpreter (and TensorFlow) report an error: with `checked-writes`
    (what the native pipeline runs), `list_set_item` is kept for the native
    lowering, which writes the element in place and returns
    SLUICE_ERROR_INDEX_OUT_OF_RANGE for such an index.
  }];
  let options = [
    Option<"checkedWrites", "checked-writes", "bool", /*default=*/"false",
           "keep list_set_item (lowered to native code with an index "
           "check) instead of writing DYNAMIC_UPDATE_SLICE, which clamps">
  ];
}

def LiteStacksAsListsPass : Pass<"lite-stacks-as-lists", "::mlir::ModuleOp"> {
  let summary = "carry TF1 stacks as resizable lists instead of variables";
  let description = [{
    A stack variable (`lite.stack_reset`, `lite.stack_push`,
    `lite.stack_pop`: what `tf.gradients` of a while loop saves forward
    values on) becomes a resizable list that the program carries to where
    it is used: `lite.while` bodies that push or pop carry it as one more
    loop-carried value, `lite.if` branches that do yield it. A reset is an
    empty `list_reserve 0 {resizable}`, a push a `list_set_item` at the
    length, a pop a `list_get_item` of the last element and the slice that
    drops it (TensorListPopBack's form; `-lite-legalize-lists` keeps the
    storage). TFLite export runs it: TFLite has no stacks.

    ```mlir
    lite.stack_reset @s                  %s0 = lite.list_reserve %zero {resizable}
    lite.while (...) body {        ->    lite.while (..., %s = %s0) body {
      lite.stack_push @s, %x               %n = lite.list_length %s
      ...                                  %s1 = lite.list_set_item %s[%n], %x {resizable}
    }                                      lite.yield ..., %s1 }
    ```

    A stack stays a variable unless it is used by stack ops in one function
    only, its elements have one static shape, its ops sit in that function's
    body, lite.while bodies and lite.if branches only, and a reset of it in
    the function's entry block comes before any other use (so that no push
    or pop finds it never created, which the variable form reports).
  }];
}

def LiteReverseModePass : Pass<"lite-reverse-mode", "::mlir::ModuleOp"> {
  let summary = "build the gradient function of a lite function";
  let description = [{
    Adds `@F_grad` for the function `@F` (option `function`): its arguments
    are F's and, after them, one seed per float result (the gradient of a
    scalar loss with respect to that result; `d` + the result's name); its
    results are F's and the gradient with respect to each argument of
    `wrt` (default: every float argument; `d` + the argument's name).

    Each op's gradient rule is its GradientOpInterface (one home:
    `lib/Dialect/Lite/IR/LiteGradients.cpp`). A `lite.if` differentiates to
    a `lite.if` on the same predicate whose branches run the forward branch
    again and reverse it. A `lite.while` records its trip count and, in a
    resizable list per slot, the state each iteration starts from (only
    the slots its body reads and changes); a second loop runs that many
    times backwards, popping the state, running the body again from it and
    reversing it.

    ```mlir
    func.func @f(%x: tensor<f32>) -> tensor<f32>
    // gives
    func.func @f_grad(%x: tensor<f32>, %dy: tensor<f32>) -> (tensor<f32>, tensor<f32>)
    ```

    Errors name the op: no gradient rule on the path from the arguments to
    the results, an instance its rule does not cover, loop state without a
    static shape, effects on variables in a differentiated region, a `wrt`
    argument that is not a float tensor.
  }];
  let options = [
    Option<"functionName", "function", "std::string", /*default=*/"\"main\"",
           "The function to differentiate">,
    ListOption<"wrt", "wrt", "unsigned",
               "Argument positions to differentiate with respect to "
               "(default: every float argument)">,
  ];
}

def LitePlanBuffersPass : Pass<"lite-plan-buffers", "::mlir::ModuleOp"> {
  let summary = "decide which values share buffers across regions";
  let description = [{
    Runs BufferAliasing (sluice/Analysis/BufferAliasing.h), the one place
    that decides which values of a `lite.while` or `lite.if` share a buffer
    and where a copy or a second buffer is required, for the runtime named
    by `target`, and records its answer on each of those ops as
    `lite.buffers`, one `#lite.slot` per slot or result:

    ```mlir
    %r:2 = lite.while (%i = %c, %h = %h0) ... {lite.buffers = [
        #lite.slot<body>, #lite.slot<ping_pong>]} cond { ... } body { ... }
    ```

    - `target=tflite` (default): TFLite kernels never write over their
      inputs and WHILE copies its slots one after another. The TFLite
      exporter runs it under `--plan-buffers` (`sluice-prepare-tflite`'s
      `plan-buffers` option): the arena plan
      (sluice/Target/TFLite/ArenaPlan.h) gives every non-constant,
      statically shaped tensor an offset and puts the tensors IF and WHILE
      copy between at one offset where `lite.buffers` says they share, so
      those copies move nothing.
    - `target=native`: elementwise ops may write over what they read, and
      loop state is passed by pointer (swaps, rotations and ping-pong cost
      no copy). The native pipeline runs it before lowering; the
      loop-state passes apply the decisions it recorded.
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"tflite\"",
           "The runtime the decisions are for: tflite or native">,
  ];
}

def LitePartitionPass : Pass<"lite-partition", "::mlir::ModuleOp"> {
  let summary = "split every lifted function into one function per rank";
  let description = [{
    For every public `func.func` of lite ops whose ops carry an i64
    `sluice.rank` (from `-executor-place`, which the lift keeps), builds
    `@<f>_rank0` ... `@<f>_rank<K-1>` in its place and marks the module
    `sluice.ranks = K`, as `-executor-partition` does for executor graphs.
    Every rank function takes `@f`'s arguments; `@f_rank0` returns its
    results.

    Control flow is replicated, not split: every rank that takes part in a
    `lite.if` or `lite.while` (it runs an op inside, owns one of its
    results or loop slots) runs it, so all ranks take the same branches and
    the same iterations, and a predicate one rank computes is sent to the
    others. A loop slot lives on the rank that computes its next value; a
    slot the body passes through unchanged (a loop invariant) is kept by
    every rank that reads it, its initial value sent once. A value computed
    on one rank and used on another is sent where it is defined, a
    `lite.send` on the first rank and a `lite.recv` on the second, so two
    ranks exchange their messages in one order and the program cannot
    deadlock, even with sends that wait for their receiver:

    ```mlir
    // rank 0 computes the counter and the predicate, rank 1 the state
    %r:2 = lite.while (%i = %c0, %h = %h0) ... cond {
      %p = lite.less %i, %n {sluice.rank = 0}     // -> send to 1
      lite.yield %p
    } body {
      %i1 = lite.add %i, %one {sluice.rank = 0}
      %h1 = lite.tanh %h {sluice.rank = 1}
      lite.yield %i1, %h1
    }
    // @f_rank1:
    %h = lite.while (%h = %h0) cond {
      %p = lite.recv from 0 key "less:0->1" tag 1
      lite.yield %p
    } body { %h1 = lite.tanh %h; lite.yield %h1 }
    ```

    The ops on one list (a TensorArray or TensorList: the list ops
    connected by the list values they pass, through loop slots and if
    results) run on the rank of the first of them, whatever the placement
    said, as the ops on one variable must: the list lives where its ops run.
    Constants are copied to every rank that uses them. An op without
    `sluice.rank` (one the lift made) runs with the producer of its first
    placed operand, else on rank 0. Ops that use the same module state (a
    variable, a stack) must be on one rank, calls must be inlined first and
    functions that run an initializer (`lite.call_once`) are refused, each
    with a diagnostic naming the op.
  }];
  let options = [
    Option<"ranks", "ranks", "int64_t", /*default=*/"2",
           "The number of ranks">,
  ];
  let dependentDialects = ["::mlir::func::FuncDialect"];
}

#endif // SLUICE_DIALECT_LITE_TRANSFORMS_PASSES_TD
