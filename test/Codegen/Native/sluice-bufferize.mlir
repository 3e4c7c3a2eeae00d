// The sluice-bufferize pipeline (the native pipeline up to deallocation)
// and its upstream baselines, which bench/buffers/bench.py compares, on
// bench/buffers/programs/swap.mlir (two slots swapped every iteration).
// RUN: sluice-opt %sluice_src_root/bench/buffers/programs/swap.mlir --pass-pipeline="builtin.module(sluice-bufferize)" | FileCheck %s --check-prefix=SLUICE
// RUN: not sluice-opt %sluice_src_root/bench/buffers/programs/swap.mlir --pass-pipeline="builtin.module(sluice-bufferize{upstream-baseline=1})" 2>&1 | FileCheck %s --check-prefix=DEFAULTS
// RUN: sluice-opt %sluice_src_root/bench/buffers/programs/swap.mlir --pass-pipeline="builtin.module(sluice-bufferize{upstream-baseline=1 allow-return-allocs-from-loops=1})" | FileCheck %s --check-prefix=LOOPS

// Sluice: the loop carries the counter and a flag choosing the buffers;
// nothing is copied inside it.
// SLUICE: scf.while ({{.*}}) : (i32, i1) -> (i32, i1)
// SLUICE-NOT: memref.copy
// SLUICE: scf.yield
// SLUICE: arith.select

// Upstream one-shot bufferization with its default options refuses it.
// DEFAULTS: error: Yield operand #1 is not equivalent to the corresponding iter bbArg

// With allow-return-allocs-from-loops it copies both slots every iteration.
// LOOPS: scf.while
// LOOPS-COUNT-2: memref.copy
// LOOPS: scf.condition

// RNN step (test/e2e/programs/rnn_step.mlir): the state is updated in place,
// the gather's guarded result has one buffer for both branches
// (-native-if-destinations), and the temporaries are allocated once before
// the loop (buffer-loop-hoisting): nothing is allocated or copied per
// iteration, and deallocation needs no run-time ownership lists.
// RUN: sluice-opt %sluice_src_root/test/e2e/programs/rnn_step.mlir --pass-pipeline="builtin.module(sluice-bufferize)" | FileCheck %s --check-prefix=RNN
// RNN: memref.alloc() {{.*}} : memref<1x4xf32>
// RNN: scf.while
// RNN-NOT: memref.alloc
// RNN-NOT: memref.copy
// RNN: scf.yield %{{.*}} : i32{{$}}
// RNN-NEXT: }
// RNN-NOT: memref.extract_aligned_pointer_as_index
// RNN: return
