//===- sluice-translate.cpp - Sluice's translation driver -----------------===//
//
// mlir-translate with Sluice's translations (the importers print lite IR,
// or executor IR for GraphDefs with v1 control flow):
//   --graphdef-to-mlir [--feeds=a,b:1] [--fetches=y,z:0]   from a GraphDef
//   --tflite-to-mlir                                        from a .tflite
//   --mlir-to-tflite                                        to a .tflite
//
//===----------------------------------------------------------------------===//

#include "sluice/Driver/GraphDefOptions.h"
#include "sluice/Target/TFLite/TFLiteExport.h"
#include "sluice/Target/TFLite/TFLiteImport.h"

#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"

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
  sluice::registerGraphDefToMLIRTranslation(options);
  sluice::registerMLIRToTFLiteTranslation();
  sluice::registerTFLiteToMLIRTranslation();
  return mlir::failed(
      mlir::mlirTranslateMain(argc, argv, "Sluice translation driver\n"));
}
