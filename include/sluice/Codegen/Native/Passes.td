//===- Passes.td - native code generation passes -----------*- tablegen -*-===//
//
// The passes of the native back end that run after the lowering of lite
// (-convert-lite-to-linalg): loop state in place and rotated buffers,
// branch destinations, strided copies, vectorised products, approximate
// math, reassociated reductions and the C interface.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_CODEGEN_NATIVE_PASSES_TD
#define SLUICE_CODEGEN_NATIVE_PASSES_TD

include "mlir/Pass/PassBase.td"

def NativeLowerStridedCopiesPass
    : Pass<"native-lower-strided-copies", "::mlir::func::FuncOp"> {
  let summary = "turn memref.copy of strided memrefs into linalg.copy";
  let description = [{
    The LLVM lowering of `memref.copy` calls `memrefCopy` from MLIR's
    runner-utils library unless both memrefs are known to be contiguous;
    a compiled model must not depend on that library. Such copies become
    `linalg.copy`, i.e. loops; contiguous ones stay `memref.copy` (memcpy).
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
}

def NativeStackStoragePass
    : Pass<"native-stack-storage", "::mlir::ModuleOp"> {
  let summary = "write the bodies that grow the stacks' buffers";
  let description = [{
    -convert-lite-to-linalg keeps each TF1 stack in a buffer the module owns
    (`memref.global @s : memref<memref<?xE>>`, with `@s.size`) and declares `func.func private @s.reserve(i64)`, tagged
    `sluice.stack_reserve = "s"`. This pass gives each such declaration its
    body, and the global `@s.capacity` it keeps (0 at first): when the
    capacity is below the argument, allocate a buffer of
    max(argument, 2 * capacity, 4) elements, copy the stack's elements into
    it, free the old one and keep the new one. A push then copies its
    element, and the stack itself only log(n) times over n pushes.

    It also writes `@sluice.release_stacks`, which frees every stack's
    buffer, tagged `sluice.module_destructor` (see
    -native-module-destructors).

    It runs after the buffer deallocation pipeline, which would free the
    buffer at the end of the call (it does not follow a buffer into a
    global) and refuses the free of the old one.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect"];
}

def NativeModuleDestructorsPass
    : Pass<"native-module-destructors", "::mlir::ModuleOp"> {
  let summary = "register module destructors; private functions internal";
  let description = [{
    Lists every `llvm.func` tagged `sluice.module_destructor` (such as the
    `@sluice.release_stacks` of -native-stack-storage) in
    `llvm.mlir.global_dtors`: the JIT runs them when it is destroyed, a
    compiled object at exit or when it is unloaded. Also gives every
    private function definition internal linkage (the conversion keeps them
    external), so that the stacks' reserve functions and the deallocation
    pipeline's `dealloc_helper` of two models linked into one binary do not
    clash. Runs after the conversion to the LLVM dialect (global_dtors
    names llvm.funcs only).
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def NativeMPIToLLVMPass : Pass<"native-mpi-to-llvm", "::mlir::ModuleOp"> {
  let summary = "lower the mpi dialect to calls of Open MPI";
  let description = [{
    The messages of a partitioned program (lite.send / lite.recv, lowered to
    `mpi.send` / `mpi.recv` on `mpi.comm_world`) become calls of `MPI_Send`
    and `MPI_Recv` with Open MPI's ABI (its `ompi_mpi_comm_world` and
    predefined datatypes), by MLIR's own MPIToLLVM patterns: the pass marks
    the module `#dlti.map<"MPI:Implementation" = "OpenMPI">`, the one
    setting those patterns read. Runs with the memref lowering (a message is
    a 1-D memref); a module without mpi ops is left as it is. The code must
    run in a process that called `MPI_Init` and links Open MPI
    (`sluice-run --distributed` under mpirun).
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::DLTIDialect"];
}

def NativeRotateLoopBuffersPass
    : Pass<"native-rotate-loop-buffers", "::mlir::func::FuncOp"> {
  let summary = "pass loop state buffers by pointer when a loop only permutes them";
  let description = [{
    After one-shot bufferization, before deallocation. One-shot
    bufferization copies a `scf.while` slot into a new buffer every
    iteration (in the condition region) whenever the body yields something
    other than the slot's own buffer, e.g. when two slots swap, or when the
    next state is written into a second buffer while the old one is read
    (ping-pong, -native-loop-state-in-place). When the body yields, for a
    set of slots, exactly a permutation of those slots' buffers, the copies
    are not needed: the loop rotates buffers it owns. Those copies are
    removed, and the loop carries, per cycle of the permutation, its phase
    instead of the buffers: an i1 flag for a swap, an index t mod L for a
    cycle of L slots (slot j of the cycle holds buffer (j + t) mod L, picked
    by selects). The buffers are then defined before the loop, so
    deallocation knows their owner statically. A slot whose initial buffer
    is not the loop's own (a fresh allocation used by nothing else) gets
    one copy before the loop instead.

    A slot whose body yields its own buffer or a fresh allocation that
    replaces it (a list that grows geometrically: written in place, now and
    then reallocated larger with the old contents copied in) loses its
    condition copy the same way: every buffer it holds is the loop's, and
    no other slot sees them.

    ```mlir
    scf.while (%a = %x, %b = %y) {           scf.while (%f = %false) {
      %ca = memref.alloc()                     %a = arith.select %f, %y, %x
      memref.copy %a, %ca             =>       %b = arith.select %f, %x, %y
      %cb = memref.alloc()                     scf.condition(%p) %f
      memref.copy %b, %cb                    } do { ^bb0(%f):
      scf.condition(%p) %ca, %cb               ... (%a, %b as above)
    } do { ^bb0(%a, %b):                       scf.yield (%f xor true)
      scf.yield %b, %a                       }
    }
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def NativeApproximateMathPass
    : Pass<"native-approximate-math", "::mlir::func::FuncOp"> {
  let summary = "vectorisable polynomial approximations of f32 tanh";
  let description = [{
    Rewrites f32 `math.tanh` into MLIR's polynomial approximation (plain
    arith, which LLVM vectorises) instead of a call to libm's tanhf per
    element. The approximation agrees with libm to a few ulp (measured by
    test/e2e/native-ops). Other functions and f64 keep their libm calls.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::vector::VectorDialect"];
}

def NativeContractionLayoutPass
    : Pass<"native-contraction-layout", "::mlir::func::FuncOp"> {
  let summary = "put matrix products in the loop order that vectorises";
  let description = [{
    A matrix product `C[m, n] += A[m, k] * B[k, n]` lowered as written loops
    over k innermost: a dot product per output, which vectorises only with
    reassociation and ends in a horizontal sum per output. With k outside n,
    the innermost loop updates a row of C from a row of B: contiguous,
    independent lanes, vectorised as is, and each output summed in the same
    order as before.

    - A constant `B` used transposed (TFLite's fully_connected weights are
      [out, in]) is transposed at compile time.
    - A product whose `B` is [k, n] in memory gets the loop order (m, k, n).
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
}

def NativeVectorizeProductsPass
    : Pass<"native-vectorize-products", "::mlir::func::FuncOp"> {
  let summary = "keep the accumulators of small matrix products and of "
                "convolution tiles in registers";
  let description = [{
    Runs after -native-contraction-layout. A product `C[m, n] += A[m, k] *
    B[k, n]` with static shapes whose C fits in vector registers (at most
    512 elements) is tiled by one along k and vectorised: the k loop carries
    C as a vector, a row of B is loaded and multiplied by a broadcast element
    of A each step, and C is read once before and written once after the
    loop. Lowered as written, C would be loaded and stored at every k, and
    each step would wait for the previous one's store. A C larger than
    `max-accumulator-elements` is split along n into column blocks that fit
    (an outer loop over the blocks), when n has such a divisor.

    Static float convolutions (`linalg.conv_2d_nhwc_fhwc`, its filter
    transposed to HWCF, and `linalg.depthwise_conv_2d_nhwc_hwc`) likewise:
    per output row a tile of columns x output channels (at most
    `max-accumulator-elements`: up to 8 x 32) is read once, carried as a
    vector through the loops over the filter's rows, columns and input
    channels, each step one FMA per column of a broadcast input element
    and a filter row (linalg's 1-D decomposition, vectorised, its
    contraction lowered to outer products), and written once.
  }];
  let options = [
    Option<"maxAccumulatorElements", "max-accumulator-elements", "int64_t",
           /*default=*/"512",
           "Elements of C kept in vector registers at most (512: 32 AVX-512 "
           "registers of 16 floats; 64 for SSE's 16 registers of 4)">,
  ];
  let dependentDialects = ["::mlir::scf::SCFDialect",
                           "::mlir::vector::VectorDialect"];
}

def NativeLoopStateInPlacePass
    : Pass<"native-loop-state-in-place", "::mlir::func::FuncOp"> {
  let summary = "compute a loop's next state into its current state's buffer";
  let description = [{
    Before one-shot bufferization: for each `scf.while` slot whose next value
    is produced by a linalg op into a fresh `tensor.empty`, and whose current
    value is no longer read from that op on, the op's destination becomes the
    current value. One-shot bufferization then sees the yield equivalent to
    the block argument and updates the state in place, instead of
    allocating a new buffer and copying every iteration.

    ```mlir
    ^bb0(%h: tensor<1x128xf32>):                     ^bb0(%h: tensor<1x128xf32>):
      %u = <reads %h>                                  %u = <reads %h>
      %e = tensor.empty() : tensor<1x128xf32>   =>     %n = linalg.generic ins(%u)
      %n = linalg.generic ins(%u) outs(%e)                    outs(%h)
      scf.yield %n                                     scf.yield %n
    ```

    The op may also read the current value elementwise (at the index it
    writes). When the slot's own buffer is still needed, another slot's
    buffer whose state the body does not yield is taken instead (a shift
    register (a, b, c) -> (b, c, f(a, b, c)) writes f over a; the loop then
    rotates three buffers). The destination is followed back through DPS ops, `scf.for`
    results carrying their destination and both branches of an `scf.if`:
    a branch yielding a value computed before the if makes the other branch
    write over that value. When the single op writing the next value reads
    the current one otherwise (h' = FC(h)) or it is read afterwards, a
    spare slot carries a second buffer that op writes into, and the two
    slots swap (ping-pong; -native-rotate-loop-buffers then removes
    one-shot's copies).

    Only statically shaped slots are rewritten (a dynamic one may change
    size between iterations).
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
}

def NativeIfDestinationsPass
    : Pass<"native-if-destinations", "::mlir::func::FuncOp"> {
  let summary = "let the branches of an scf.if compute a result into one buffer";
  let description = [{
    Before one-shot bufferization: for each statically shaped tensor result
    of an `scf.if` whose branches each compute it into a `tensor.empty` of
    their own, or yield a splat constant (a guard's fallback), both branches
    write it into one `tensor.empty` created before the if (a constant
    becomes a `linalg.fill`). The result then bufferizes to one allocation
    outside the branches, owned statically: deallocation needs no run-time
    ownership lists, and buffer-loop-hoisting can move the allocation out of
    an enclosing loop.

    ```mlir
    %r = scf.if %ok {                       %d = tensor.empty()
      %e = tensor.empty()                   %r = scf.if %ok {
      %g = gather(...) outs(%e)      =>       %g = gather(...) outs(%d)
      scf.yield %g                            scf.yield %g
    } else {                                } else {
      %z = arith.constant dense<0.0>          %z = linalg.fill 0.0 outs(%d)
      scf.yield %z                            scf.yield %z
    }                                       }
    ```
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

def NativeReassociateReductionsPass
    : Pass<"native-reassociate-reductions", "::mlir::func::FuncOp"> {
  let summary = "let float reductions of linalg ops be reassociated";
  let description = [{
    Generalises linalg contractions (matmul, batch_matmul, ...) and marks the
    float additions in the body of every linalg op with a reduction
    iterator `fastmath<reassoc, contract>`, so that LLVM may split a dot
    product over several vector accumulators and fuse multiply-adds, as
    TFLite's own kernels do. Sums then differ from a left-to-right sum in the
    last bits (the e2e suites compare floats within 1e-5 relative).
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
}

def NativeVariableAccessorsPass
    : Pass<"native-variable-accessors", "::mlir::ModuleOp"> {
  let summary = "a public getter and setter function per variable";
  let description = [{
    For every `lite.variable @v` adds the public functions `@get_v() -> T`
    (a `lite.read_variable`) and `@set_v(%value: T)` (a
    `lite.assign_variable`), so that a compiled model exports a C function
    per variable to read it and to give it a value (the C names are
    `<prefix>_get_v` and `<prefix>_set_v`, made C identifiers). Reading a
    variable never assigned returns SLUICE_ERROR_FAILED_PRECONDITION. A
    function of either name already in the module is an error; a variable
    of dynamic shape (which native code cannot hold) gets none.

    ```mlir
    lite.variable @v : tensor<2xf32>
    // becomes also
    func.func @get_v() -> (tensor<2xf32> {sluice.name = "value"}) {
      %0 = lite.read_variable @v : tensor<2xf32>
      return %0 : tensor<2xf32>
    }
    func.func @set_v(%value: tensor<2xf32> {sluice.name = "value"}) {
      lite.assign_variable @v, %value : tensor<2xf32>
      return
    }
    ```
  }];
  let dependentDialects = ["::mlir::func::FuncDialect"];
}

def NativeCInterfacePass : Pass<"native-c-interface", "::mlir::ModuleOp"> {
  let summary = "export each public function as a plain C function";
  let description = [{
    Runs after -convert-lite-to-linalg. For every public function `@f`
    builds `@<prefix>_f`, the C entry point described in
    sluice/Codegen/Native/EntryPoints.h: it takes a pointer per
    input (and a dims array per dynamically shaped input), a pointer per
    static output, a data and a dims pointer per dynamic output (whose
    buffer it allocates with malloc), and returns the run's sluice_status.
    Inputs become read-only tensors (`bufferization.to_tensor restrict`),
    results are materialised in the output buffers, and `@f` becomes the
    private `@__sluice_f` that the inliner folds into the entry point.

    ```mlir
    func.func @sluice_main(%x: !llvm.ptr, %out: !llvm.ptr) -> i32 {
      %status = memref.alloca() : memref<i32>
      %xt = bufferization.to_tensor %xm restrict : memref<4xf32> to tensor<4xf32>
      %r = func.call @__sluice_main(%xt, %status) : ...
      bufferization.materialize_in_destination %r in restrict writable %outm
      ...
    }
    ```
  }];
  let options = [
    Option<"prefix", "prefix", "std::string", /*default=*/"\"sluice\"",
           "Prefix of the exported C symbols (<prefix>_<function>)">,
  ];
  let dependentDialects = [
    "::mlir::LLVM::LLVMDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

#endif // SLUICE_CODEGEN_NATIVE_PASSES_TD
