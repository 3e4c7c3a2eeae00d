//===- sluicec.cpp - the Sluice compiler driver ---------------------------===//
//
// sluicec FILE [--emit=mlir|executor|tflite] [-o OUT] [--feeds=..]
// [--fetches=..]
//
// Reads a TensorFlow GraphDef (.pb, .pbtxt) or an MLIR file, lifts its v1
// control flow to lite.if/lite.while (the sluice-lift pipeline) and writes the
// result, as lite IR or as a TFLite model. Errors are printed as diagnostics
// naming the node or op, and the exit status is 1.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Executor/Transforms/Passes.h"
#include "sluice/Driver/GraphDefOptions.h"
#include "sluice/Driver/LoadProgram.h"
#include "sluice/Target/TFLite/TFLiteExport.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/ToolOutputFile.h"

using namespace mlir;
namespace cl = llvm::cl;

namespace {
enum class EmitKind { Mlir, Executor, TFLite };
} // namespace

static cl::OptionCategory category("sluicec options");
static cl::opt<std::string>
    inputFile(cl::Positional, cl::desc("<graph.pb|graph.pbtxt|program.mlir>"),
              cl::Required, cl::cat(category));
static cl::opt<std::string> outputFile("o", cl::desc("Output file"),
                                       cl::value_desc("filename"),
                                       cl::init("-"), cl::cat(category));
static cl::opt<EmitKind>
    emit("emit", cl::desc("What to write"), cl::init(EmitKind::Mlir),
         cl::values(clEnumValN(EmitKind::Mlir, "mlir",
                               "lite IR with control flow lifted to "
                               "lite.if/lite.while (default)"),
                    clEnumValN(EmitKind::Executor, "executor",
                               "the program as imported, before lifting"),
                    clEnumValN(EmitKind::TFLite, "tflite",
                               "a TFLite FlatBuffer of the lifted program")),
         cl::cat(category));

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  sluice::GraphDefCommandLineOptions graphDefOptions("GraphDef input: ",
                                                     &category);
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(
      argc, argv,
      "Sluice compiler: lifts TensorFlow v1 control flow to "
      "lite.if/lite.while and writes lite IR or a TFLite model\n");

  MLIRContext context;
  sluice::loadSluiceDialects(context);
  context.printOpOnDiagnostic(false);
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler handler(sourceMgr, &context);

  sluice::GraphDefImportOptions importOptions = graphDefOptions.get();
  std::string error;
  OwningOpRef<ModuleOp> module =
      sluice::loadProgram(inputFile, context, sourceMgr, importOptions, error);
  if (!module) {
    if (!error.empty())
      llvm::errs() << "sluicec: " << error << "\n";
    return 1;
  }

  if (emit != EmitKind::Executor) {
    PassManager pm(&context);
    sluice::executor::buildLiftControlFlowPipeline(pm.nest<func::FuncOp>());
    if (failed(pm.run(*module)))
      return 1;
  }

  auto output = openOutputFile(outputFile, &error);
  if (!output) {
    llvm::errs() << "sluicec: " << error << "\n";
    return 1;
  }
  if (emit == EmitKind::TFLite) {
    if (failed(sluice::exportTFLite(*module, output->os())))
      return 1;
  } else {
    module->print(output->os());
  }
  output->keep();
  return 0;
}
