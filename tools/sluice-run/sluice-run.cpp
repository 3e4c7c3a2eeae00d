//===- sluice-run.cpp - run a program in the reference interpreter --------===//
//
// sluice-run FILE [--function=main] [--inputs=IN.json] [--max-iterations=N]
//            [--feeds=..] [--fetches=..] [--lift] [--engine=interpreter|native]
//
// Runs a function of an .mlir file (executor graphs and/or lite ops), or the
// @main imported from a TensorFlow GraphDef (.pb, .pbtxt) or a TFLite model
// (.tflite), in the reference interpreter or compiled to native code in
// process, and prints its results as one JSON line. Errors are printed as
// diagnostics and the exit status is 1.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Executor/IR/ExecutorDialect.h"
#include "sluice/Dialect/Executor/Transforms/Passes.h"
#include "sluice/Dialect/Lite/IR/LiteDialect.h"
#include "sluice/Driver/GraphDefOptions.h"
#include "sluice/Driver/LoadProgram.h"
#include "sluice/Interpreter/Interpreter.h"
#include "sluice/Interpreter/ProgramIO.h"
#include "sluice/Target/Native/NativeJIT.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>

using namespace mlir;
namespace cl = llvm::cl;

static cl::OptionCategory category("sluice-run options");
static cl::opt<std::string>
    inputFile(cl::Positional,
              cl::desc("<program.mlir|graph.pb|graph.pbtxt|model.tflite>"),
              cl::Required, cl::cat(category));
static cl::opt<std::string>
    functionName("function", cl::desc("Function to run (default: main)"),
                 cl::init("main"), cl::cat(category));
static cl::opt<std::string> inputsFile(
    "inputs",
    cl::desc("JSON file with the arguments: an object keyed by argument name "
             "(sluice.name, else arg0, arg1, ...) or an array in argument "
             "order, of {\"dtype\", \"shape\", \"data\"} or plain nested "
             "arrays"),
    cl::value_desc("IN.json"), cl::cat(category));
static cl::opt<int64_t> maxIterations(
    "max-iterations",
    cl::desc("Upper bound on the iterations of any one loop; a loop that "
             "runs longer is an error"),
    cl::init(sluice::interp::InterpreterOptions().maxIterations),
    cl::cat(category));

static cl::opt<bool>
    lift("lift",
         cl::desc("Lift v1 control flow to lite.if/lite.while (the "
                  "sluice-lift pipeline) and run the lifted program"),
         cl::cat(category));
namespace {
enum class Engine { Interpreter, Native };
} // namespace
static cl::opt<Engine> engine(
    "engine", cl::desc("What runs the program"), cl::init(Engine::Interpreter),
    cl::values(clEnumValN(Engine::Interpreter, "interpreter",
                          "the reference interpreter (default)"),
               clEnumValN(Engine::Native, "native",
                          "native code: the lite program lowered through "
                          "LLVM and compiled in process (needs lite IR: "
                          "executor graphs are lifted first)")),
    cl::cat(category));
static cl::opt<std::string> targetCpu(
    "target-cpu",
    cl::desc("With --engine=native: the CPU to compile for ('native' "
             "(default), 'generic' or a name LLVM knows)"),
    cl::init("native"), cl::cat(category));

static cl::opt<bool> printStats(
    "print-stats",
    cl::desc("Print to stderr the run's wall time, executor node executions "
             "and kernel executions"),
    cl::cat(category));

/// Compiles the program in process and runs @function natively.
static int runNative(ModuleOp module,
                     ArrayRef<sluice::interp::Tensor> inputs) {
  auto function = module.lookupSymbol<func::FuncOp>(functionName);
  if (failed(sluice::specializeUnrankedArguments(function, inputs)))
    return 1;
  sluice::NativeTargetOptions target;
  target.cpu = targetCpu;
  auto start = std::chrono::steady_clock::now();
  FailureOr<std::unique_ptr<sluice::NativeJIT>> jit =
      sluice::NativeJIT::compile(module, target);
  if (failed(jit))
    return 1;
  auto compiled = std::chrono::steady_clock::now();
  std::string error;
  FailureOr<SmallVector<sluice::interp::Tensor>> results =
      (*jit)->run(functionName, inputs, error);
  auto done = std::chrono::steady_clock::now();
  if (printStats)
    llvm::errs() << llvm::formatv(
        "{{\"compile_seconds\": {0}, \"seconds\": {1}}\n",
        std::chrono::duration<double>(compiled - start).count(),
        std::chrono::duration<double>(done - compiled).count());
  if (failed(results)) {
    llvm::errs() << "sluice-run: " << error << "\n";
    return 1;
  }
  llvm::outs() << sluice::interp::formatOutputs(function, *results) << "\n";
  return 0;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  sluice::GraphDefCommandLineOptions graphDefOptions("GraphDef input: ",
                                                     &category);
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(
      argc, argv,
      "Sluice reference interpreter: runs a function and prints its results "
      "as JSON\n");

  MLIRContext context;
  context.printOpOnDiagnostic(false);
  sluice::loadSluiceDialects(context);
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler handler(sourceMgr, &context);

  sluice::GraphDefImportOptions importOptions = graphDefOptions.get();
  std::string error;
  OwningOpRef<ModuleOp> module =
      sluice::loadProgram(inputFile, context, sourceMgr, importOptions, error);
  if (!module) {
    if (!error.empty())
      llvm::errs() << "sluice-run: " << error << "\n";
    return 1;
  }
  auto function = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
      *module, StringAttr::get(&context, functionName));
  if (!function) {
    llvm::errs() << "sluice-run: no function @" << functionName << " in "
                 << inputFile << "\n";
    return 1;
  }

  bool hasExecutorOps = false;
  function.walk([&](Operation *op) {
    hasExecutorOps |= isa<sluice::executor::ExecutorDialect>(op->getDialect());
  });
  if (lift || (engine == Engine::Native && hasExecutorOps)) {
    PassManager pm(&context, func::FuncOp::getOperationName());
    sluice::executor::buildLiftControlFlowPipeline(pm);
    if (failed(pm.run(function)))
      return 1;
  }

  std::string inputsText;
  if (!inputsFile.empty()) {
    auto buffer = openInputFile(inputsFile, &error);
    if (!buffer) {
      llvm::errs() << "sluice-run: " << error << "\n";
      return 1;
    }
    inputsText = buffer->getBuffer().str();
  }
  FailureOr<SmallVector<sluice::interp::Tensor>> inputs =
      sluice::interp::parseInputs(function, inputsText, error);
  if (failed(inputs)) {
    llvm::errs() << "sluice-run: " << error << "\n";
    return 1;
  }

  if (engine == Engine::Native)
    return runNative(*module, *inputs);

  sluice::interp::InterpreterOptions options;
  options.maxIterations = maxIterations;
  sluice::interp::InterpreterStats stats;
  auto start = std::chrono::steady_clock::now();
  FailureOr<SmallVector<sluice::interp::Tensor>> results =
      sluice::interp::runFunction(function, *inputs, options, &stats);
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  if (printStats)
    llvm::errs() << llvm::formatv(
        "{{\"seconds\": {0}, \"node_executions\": {1}, "
        "\"kernel_executions\": {2}}\n",
        seconds, stats.nodeExecutions, stats.kernelExecutions);
  if (failed(results))
    return 1;
  llvm::outs() << sluice::interp::formatOutputs(function, *results) << "\n";
  return 0;
}
