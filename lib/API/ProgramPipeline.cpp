//===- ProgramPipeline.cpp - running a named pass pipeline on a Program ---===//
//
// Program::runPipeline: any pipeline sluice-opt accepts among Sluice's own
// passes and pipelines (sluice-lift, sluice-lower-to-llvm, -lite-*, ...) and
// MLIR's generic transformations (canonicalize, cse, inline, ...), in
// mlir-opt's textual form.
//
//===----------------------------------------------------------------------===//

#include "sluice/API/Program.h"

#include "DiagnosticCapture.h"
#include "Lifting.h"

#include "sluice/Codegen/Native/Passes.h"
#include "sluice/Codegen/Native/Pipeline.h"
#include "sluice/Conversion/ExecutorToLite/Passes.h"
#include "sluice/Conversion/Passes.h"
#include "sluice/Dialect/Executor/Transforms/Passes.h"
#include "sluice/Dialect/Lite/Transforms/Passes.h"
#include "sluice/Target/Native/NativeJIT.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

#include <mutex>

using namespace mlir;

namespace sluice {

/// Registers the passes and pipelines a pipeline may name, once per
/// process.
static void registerPipelinePasses() {
  static std::once_flag once;
  std::call_once(once, [] {
    registerTransformsPasses();
    executor::registerSluiceExecutorToLitePasses();
    executor::registerLiftControlFlowPipeline();
    executor::registerSluiceExecutorPasses();
    lite::registerSluiceLitePasses();
    registerSluiceConversionPasses();
    registerSluiceNativeCodegenPasses();
    registerLiteToLLVMPipeline();
  });
}

LogicalResult Program::runPipeline(StringRef pipeline, ProgramError &error) {
  registerPipelinePasses();
  DiagnosticCapture capture(*session);
  compiledCode.clear();
  // "builtin.module(a,b)" or just "a,b" (anchored on the module); passes on
  // functions nest implicitly, as in sluice-opt.
  StringRef passes = pipeline.trim();
  if (passes.consume_front("builtin.module(") && !passes.consume_back(")"))
    return capture.fail(error, ("invalid pass pipeline '" + pipeline +
                                "': unbalanced parentheses")
                                   .str());
  PassManager pm(getContext());
  pm.setNesting(OpPassManager::Nesting::Implicit);
  std::string message;
  llvm::raw_string_ostream os(message);
  if (failed(parsePassPipeline(passes, pm, os)))
    return capture.fail(error, ("invalid pass pipeline '" + pipeline +
                                "': " + StringRef(message).trim())
                                   .str());
  TimingScope pipelineTiming = nestTiming(timing, "pipeline");
  if (pipelineTiming)
    pm.enableTiming(pipelineTiming);
  if (failed(pm.run(getModule())))
    return capture.fail(error);
  return success();
}

LogicalResult Program::partition(const PartitionOptions &options,
                                 ProgramError &error) {
  bool executorGraphs = hasExecutorOps();
  std::string strategy = options.placement, spec;
  if (strategy != "device" && strategy != "auto" && strategy != "random") {
    spec = strategy;
    strategy = "spec";
  }
  std::string ranks = std::to_string(options.numRanks);
  std::string place = "executor-place{ranks=" + ranks +
                      " strategy=" + strategy +
                      " seed=" + std::to_string(options.seed);
  if (!spec.empty())
    place += " placement=" + spec;
  place += "}";
  if (executorGraphs && !options.lifted && !options.native)
    return runPipeline("builtin.module(" + place +
                           ",executor-partition{ranks=" + ranks + "})",
                       error);
  // Placed on the executor graph (where the GraphDef's devices are), the
  // ranks kept through the lift; a lite program is placed as it is, its
  // calls inlined first (the partition follows one function's control
  // flow).
  if (executorGraphs &&
      (failed(runPipeline("builtin.module(" + place + ")", error)) ||
       failed(lift(error))))
    return failure();
  if (failed(runPipeline("builtin.module(inline,symbol-dce)", error)))
    return failure();
  if (options.native && !options.inputs.empty()) {
    DiagnosticCapture capture(*session);
    func::FuncOp function = lookupFunction(options.function);
    if (!function)
      return capture.fail(error, describeMissingFunction(options.function));
    if (failed(specializeUnrankedArguments(function, options.inputs)))
      return capture.fail(error);
  }
  // Shapes and constants first: a message's type is fixed when it is
  // partitioned, and a value folding makes constant (a scatter's indices)
  // is copied to every rank instead of sent.
  std::string refine = "lite-infer-shapes,lite-fold-constants,canonicalize,"
                       "lite-infer-shapes";
  if (options.native)
    refine += ",lite-legalize-lists{checked-writes=true},lite-infer-shapes";
  return runPipeline("builtin.module(" + refine +
                         (executorGraphs ? "" : "," + place) +
                         ",lite-partition{ranks=" + ranks + "})",
                     error);
}

FailureOr<std::string> Program::gradient(ProgramError &error,
                                         StringRef function,
                                         ArrayRef<unsigned> wrt) {
  std::string options = ("function=" + function).str();
  if (!wrt.empty()) {
    options += " wrt=";
    llvm::interleave(
        wrt, [&](unsigned index) { options += std::to_string(index); },
        [&] { options += ","; });
  }
  // Shapes and constants first: a loop's state is recorded per iteration
  // only when its shape is static, and some rules need constant operands (a
  // transpose's permutation, a reduction's axes).
  if (failed(runPipeline("builtin.module(lite-infer-shapes,lite-fold-constants,"
                         "lite-infer-shapes,lite-reverse-mode{" +
                             options + "})",
                         error)))
    return failure();
  return (function + "_grad").str();
}

} // namespace sluice
