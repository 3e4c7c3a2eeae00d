//===- sluice-translate.cpp - Sluice's translation driver -----------------===//
//
// mlir-translate with Sluice's translations (the importers print lite IR,
// or executor IR for GraphDefs with v1 control flow):
//   --graphdef-to-mlir [--feeds=a,b:1] [--fetches=y,z:0]   from a GraphDef
//   --tflite-to-mlir                                        from a .tflite
//   --mlir-to-tflite [--plan-buffers]                       to a .tflite
//
//===----------------------------------------------------------------------===//

#include "sluice/Driver/GraphDefOptions.h"
#include "sluice/Target/TFLite/TFLiteExport.h"
#include "sluice/Target/TFLite/TFLiteImport.h"

#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"
#include "llvm/Support/CommandLine.h"

int main(int argc, char **argv) {
  static sluice::GraphDefImportOptions options;
  // The translation reads `options` when it runs, after the command line has
  // been parsed; the flags fill them as they are parsed.
  static sluice::GraphDefCommandLineOptions graphDefOptions(
      "--graphdef-to-mlir: ");
  graphDefOptions.feeds.setCallback([](const std::string &value) {
    options.feeds = sluice::splitTensorList(value);
  });
  graphDefOptions.fetches.setCallback([](const std::string &value) {
    options.fetches = sluice::splitTensorList(value);
  });
  graphDefOptions.init.setCallback([](const std::string &value) {
    options.init = sluice::splitTensorList(value);
  });
  graphDefOptions.verbose.setCallback(
      [](const bool &value) { options.reportPruned = value; });
  sluice::registerGraphDefToMLIRTranslation(options);
  // --mlir-to-tflite reads it when it runs, after parsing.
  static sluice::TFLiteExportOptions exportOptions;
  static llvm::cl::opt<bool, /*ExternalStorage=*/true> planBuffers(
      "plan-buffers",
      llvm::cl::desc("--mlir-to-tflite: write one static arena plan for the "
                     "whole model as TFLite Micro's OfflineMemoryAllocation "
                     "metadata"),
      llvm::cl::location(exportOptions.planBuffers));
  static llvm::cl::opt<bool, /*ExternalStorage=*/true> requireLiteRTKernels(
      "require-litert-kernels",
      llvm::cl::desc("--mlir-to-tflite: refuse an op native LiteRT has no "
                     "kernel for at its element type (default; "
                     "=false writes it with a warning, for other runtimes)"),
      llvm::cl::location(exportOptions.requireLiteRTKernels),
      llvm::cl::init(true));
  static llvm::cl::list<std::string, std::vector<std::string>> entryFunctions(
      "entry-functions",
      llvm::cl::desc("--mlir-to-tflite: the functions that become the "
                     "model's signatures, comma-separated (default: main, "
                     "or every public function of a module without one)"),
      llvm::cl::CommaSeparated,
      llvm::cl::location(exportOptions.entryFunctions));
  sluice::registerMLIRToTFLiteTranslation(exportOptions);
  sluice::registerTFLiteToMLIRTranslation();
  return mlir::failed(
      mlir::mlirTranslateMain(argc, argv, "Sluice translation driver\n"));
}
