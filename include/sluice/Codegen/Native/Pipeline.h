//===- Pipeline.h - lite program to LLVM dialect ----------------*- C++ -*-===//
//
// The pass pipeline of the native back end, from a lifted lite program to
// the LLVM dialect with one C entry point per public function.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_CODEGEN_NATIVE_PIPELINE_H
#define SLUICE_CODEGEN_NATIVE_PIPELINE_H

#include "mlir/Pass/PassManager.h"

#include <string>

namespace sluice {

struct NativePipelineOptions {
  /// Prefix of the exported C symbols: <prefix>_<function>.
  std::string prefix = "sluice";
  /// Elements of a matrix product's result kept in vector registers at most
  /// (-native-vectorize-products): what the target's register file holds.
  int64_t maxAccumulatorElements = 512;
};

/// The first half, on lite IR: inline calls and refine shapes
/// (-lite-infer-shapes). The C interface is decided by the signatures this
/// leaves (collectEntryPoints on its result).
void buildNativePreparationPipeline(mlir::OpPassManager &pm);

/// The second half up to buffers: -convert-lite-to-linalg, product and
/// loop-state rewrites, -native-c-interface, one-shot bufferization
/// (function boundaries included) and ownership-based deallocation. With
/// `upstreamBaseline`, Sluice's loop-state rewrites are left out and
/// one-shot bufferization runs with its default options (but
/// allow-return-allocs-from-loops when `baselineAllowsLoopAllocs`),
/// deallocation not at all: what bench/buffers compares against.
void buildNativeBufferizationPipeline(mlir::OpPassManager &pm,
                                      const NativePipelineOptions &options,
                                      bool upstreamBaseline,
                                      bool baselineAllowsLoopAllocs);

/// The second half: -convert-lite-to-linalg, -native-c-interface, one-shot
/// bufferization (function boundaries included) with ownership-based
/// deallocation, linalg to loops, and everything to the LLVM dialect.
void buildNativeLoweringPipeline(mlir::OpPassManager &pm,
                                 const NativePipelineOptions &options);

/// Both halves.
void buildLiteToLLVMPipeline(mlir::OpPassManager &pm,
                             const NativePipelineOptions &options);

/// Registers the pipeline as `sluice-lower-to-llvm` and its first part as
/// `sluice-bufferize[{upstream-baseline [allow-return-allocs-from-loops]}]`
/// (sluice-opt).
void registerLiteToLLVMPipeline();

} // namespace sluice

#endif // SLUICE_CODEGEN_NATIVE_PIPELINE_H
