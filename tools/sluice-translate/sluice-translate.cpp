//===- sluice-translate.cpp - Sluice's translation driver -----------------===//
//
// mlir-translate with Sluice's translations:
//   --graphdef-to-mlir [--feeds=a,b:1] [--fetches=y,z:0]   TensorFlow GraphDef
//
//===----------------------------------------------------------------------===//

#include "sluice/Target/GraphDef/GraphDefImport.h"

#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"
#include "llvm/Support/CommandLine.h"

namespace cl = llvm::cl;

static cl::opt<std::string> feeds(
    "feeds",
    cl::desc("--graphdef-to-mlir: tensors fed as arguments, comma-separated "
             "node or node:port (default: every Placeholder)"));
static cl::opt<std::string> fetches(
    "fetches",
    cl::desc("--graphdef-to-mlir: tensors returned, comma-separated node or "
             "node:port, ^node for a node that must run (default: the "
             "_Retval nodes, else every unconsumed data output except switch "
             "outputs and nodes used as control inputs)"));

int main(int argc, char **argv) {
  static sluice::GraphDefImportOptions options;
  // The translation reads `options` when it runs, after the command line has
  // been parsed; the flags fill them as they are parsed.
  feeds.setCallback([](const std::string &value) {
    options.feeds = sluice::splitTensorList(value);
  });
  fetches.setCallback([](const std::string &value) {
    options.fetches = sluice::splitTensorList(value);
  });
  sluice::registerGraphDefToMLIRTranslation(options);
  return mlir::failed(
      mlir::mlirTranslateMain(argc, argv, "Sluice translation driver\n"));
}
