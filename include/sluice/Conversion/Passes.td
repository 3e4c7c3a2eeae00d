//===- Passes.td - conversions out of the lite dialect -----*- tablegen -*-===//
//
// Conversions between Sluice's dialects and to upstream MLIR dialects: the
// lowering of lite ops to linalg/tensor/arith/scf (the lift of v1 control
// flow has its own Passes.td in ExecutorToLite/).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_CONVERSION_PASSES_TD
#define SLUICE_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertLiteToLinalgPass : Pass<"convert-lite-to-linalg", "::mlir::ModuleOp"> {
  let summary = "lower lite ops to linalg, tensor, arith, math and scf";
  let description = [{
    Rewrites every lite op into upstream tensor-level dialects that one-shot
    bufferization understands:

    - elementwise ops become `linalg.generic` with broadcasting indexing
      maps, or plain `arith`/`math` on the element when every operand is a
      rank-0 tensor (so scalar loop state stays in registers);
    - shape ops become `tensor` ops (reshape, extract_slice, concat, ...);
    - reductions, `fully_connected` and `batch_matmul` become linalg
      reductions and contractions;
    - `lite.if` and `lite.while` become `scf.if` and `scf.while`; rank-0
      loop-carried tensors are carried as scalars.

    Unsigned element types become signless (the ops keep their unsigned
    semantics). Every function gets a trailing `memref<i32>` argument, the
    run-time status: an op that can fail at run time (an index out of range,
    an integer division by zero, shapes that do not broadcast) computes a safe
    value instead and records a `sluice_status` code there (the first error
    wins); loops stop iterating once the status is set.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::func::FuncDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::mpi::MPIDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

#endif // SLUICE_CONVERSION_PASSES_TD
