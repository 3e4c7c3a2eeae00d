//===- Pipeline.cpp - lite program to LLVM dialect
//-------------------------===//

#include "sluice/Codegen/Native/Pipeline.h"
#include "sluice/Codegen/Native/Passes.h"
#include "sluice/Conversion/Passes.h"
#include "sluice/Dialect/Lite/Transforms/Passes.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/BufferizationToMemRef/BufferizationToMemRef.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVMPass.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVMPass.h"
#include "mlir/Conversion/VectorToSCF/VectorToSCF.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/Vector/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

namespace sluice {

void buildNativePreparationPipeline(OpPassManager &pm) {
  // A C getter and setter per variable.
  pm.addPass(createNativeVariableAccessorsPass());
  // Flatten calls (a GraphDef's PartitionedCall) so that the whole program is
  // one function the optimizers see at once.
  pm.addPass(createInlinerPass());
  // Native code needs ranks: refine what the graph left unranked, fold what
  // that makes constant (a branch predicate computed from constants), drop
  // the branches that folding decided, and refine again.
  pm.addPass(lite::createLiteInferShapesPass());
  pm.addPass(lite::createLiteFoldConstantsPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(lite::createLiteInferShapesPass());
  // Lists (TensorArrays) become tensors; a list_set_item stays, for the
  // lowering to write the element in place with TensorFlow's index check.
  lite::LiteLegalizeListsPassOptions lists;
  lists.checkedWrites = true;
  pm.addPass(lite::createLiteLegalizeListsPass(lists));
  pm.addPass(lite::createLiteInferShapesPass());
}

void buildLiteToLLVMPipeline(OpPassManager &pm,
                             const NativePipelineOptions &options) {
  buildNativePreparationPipeline(pm);
  buildNativeLoweringPipeline(pm, options);
}

void buildNativeBufferizationPipeline(OpPassManager &pm,
                                      const NativePipelineOptions &options,
                                      bool upstreamBaseline,
                                      bool baselineAllowsLoopAllocs) {
  if (!upstreamBaseline) {
    // Sluice's buffer decisions (BufferAliasing), recorded on the region
    // ops before they are lowered; NativeLoopStateInPlace applies them.
    lite::LitePlanBuffersPassOptions plan;
    plan.target = "native";
    pm.addPass(lite::createLitePlanBuffersPass(plan));
  }
  pm.addPass(createConvertLiteToLinalgPass());
  pm.addNestedPass<func::FuncOp>(createNativeContractionLayoutPass());
  NativeVectorizeProductsPassOptions vectorize;
  vectorize.maxAccumulatorElements = options.maxAccumulatorElements;
  pm.addNestedPass<func::FuncOp>(createNativeVectorizeProductsPass(vectorize));
  // One loop for a chain of elementwise ops (a bias add and its activation).
  pm.addNestedPass<func::FuncOp>(createLinalgElementwiseOpFusionPass());
  if (!upstreamBaseline) {
    // Sluice's buffer choices: loop state where BufferAliasing put it, then
    // one buffer for both branches of an if.
    pm.addNestedPass<func::FuncOp>(createNativeLoopStateInPlacePass());
    pm.addNestedPass<func::FuncOp>(createNativeIfDestinationsPass());
  }
  pm.addPass(createCanonicalizerPass());
  // -cse without its cost quadratic in the loops that share operands.
  pm.addPass(lite::createLiteCSEPass());
  NativeCInterfacePassOptions interfaceOptions;
  interfaceOptions.prefix = options.prefix;
  pm.addPass(createNativeCInterfacePass(interfaceOptions));
  pm.addPass(createInlinerPass());
  pm.addPass(createSymbolDCEPass());
  pm.addPass(createCanonicalizerPass());

  if (upstreamBaseline) {
    // Upstream one-shot bufferization with its default options (loops may
    // yield new buffers only when asked).
    bufferization::OneShotBufferizePassOptions defaults;
    defaults.allowReturnAllocsFromLoops = baselineAllowsLoopAllocs;
    pm.addPass(bufferization::createOneShotBufferizePass(defaults));
    return;
  }
  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  bufferize.allowReturnAllocsFromLoops = true;
  bufferize.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  pm.addNestedPass<func::FuncOp>(createNativeRotateLoopBuffersPass());
  // Temporaries of static shape are allocated once, before the loop, not
  // every iteration.
  pm.addNestedPass<func::FuncOp>(bufferization::createBufferLoopHoistingPass());
  bufferization::BufferDeallocationPipelineOptions deallocation;
  bufferization::buildBufferDeallocationPipeline(pm, deallocation);
  // A clone the deallocation keeps (a received buffer that becomes loop
  // state, returned) as an allocation and a copy.
  pm.addPass(createConvertBufferizationToMemRefPass());
  pm.addPass(createNativeStackStoragePass());
}

void buildNativeLoweringPipeline(OpPassManager &pm,
                                 const NativePipelineOptions &options) {
  buildNativeBufferizationPipeline(pm, options, /*upstreamBaseline=*/false,
                                   /*baselineAllowsLoopAllocs=*/false);
  pm.addPass(createCanonicalizerPass());

  pm.addNestedPass<func::FuncOp>(createNativeLowerStridedCopiesPass());
  pm.addNestedPass<func::FuncOp>(vector::createLowerVectorMultiReductionPass());
  // N-D transfers (a convolution's [channels x filters] tile of the filter)
  // as unrolled 1-D ones: the default lowering copies them through a stack
  // buffer allocated inside the loop, which grows the stack every
  // iteration.
  pm.addPass(createConvertVectorToSCFPass(
      VectorTransferToSCFOptions().enableFullUnroll()));
  pm.addNestedPass<func::FuncOp>(createNativeApproximateMathPass());
  pm.addNestedPass<func::FuncOp>(createNativeReassociateReductionsPass());
  pm.addNestedPass<func::FuncOp>(createConvertLinalgToLoopsPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createNativeMPIToLLVMPass());
  pm.addPass(createConvertVectorToLLVMPass());
  // log1p through libm: the default expansion log(1 + x) returns 0 for
  // |x| below the float epsilon, where TF's log1p returns x.
  ConvertMathToLLVMPassOptions mathToLLVM;
  mathToLLVM.approximateLog1p = false;
  pm.addPass(createConvertMathToLLVMPass(mathToLLVM));
  pm.addPass(createConvertMathToLibmPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createNativeModuleDestructorsPass());
  pm.addPass(createUBToLLVMConversionPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createCanonicalizerPass());
}

namespace {
struct LowerToLLVMOptions : PassPipelineOptions<LowerToLLVMOptions> {
  Option<std::string> prefix{*this, "prefix",
                             llvm::cl::desc("Prefix of the exported C symbols"),
                             llvm::cl::init("sluice")};
};
} // namespace

namespace {
struct BufferizeOptions : PassPipelineOptions<BufferizeOptions> {
  Option<bool> upstreamBaseline{
      *this, "upstream-baseline",
      llvm::cl::desc("Upstream one-shot bufferization with its default "
                     "options instead of Sluice's (for comparison)"),
      llvm::cl::init(false)};
  Option<bool> allowReturnAllocsFromLoops{
      *this, "allow-return-allocs-from-loops",
      llvm::cl::desc("With upstream-baseline: the one option that lets "
                     "upstream bufferize loops yielding other buffers"),
      llvm::cl::init(false)};
};
} // namespace

void registerLiteToLLVMPipeline() {
  PassPipelineRegistration<BufferizeOptions>(
      "sluice-bufferize",
      "Lower a lite program to bufferized linalg/scf/memref (the native "
      "pipeline up to deallocation)",
      [](OpPassManager &pm, const BufferizeOptions &cl) {
        buildNativePreparationPipeline(pm);
        buildNativeBufferizationPipeline(pm, NativePipelineOptions(),
                                         cl.upstreamBaseline,
                                         cl.allowReturnAllocsFromLoops);
      });
  PassPipelineRegistration<LowerToLLVMOptions>(
      "sluice-lower-to-llvm",
      "Lower a lite program to the LLVM dialect with C entry points",
      [](OpPassManager &pm, const LowerToLLVMOptions &cl) {
        NativePipelineOptions options;
        options.prefix = cl.prefix;
        buildLiteToLLVMPipeline(pm, options);
      });
}

} // namespace sluice
