//===- sluice-opt.cpp - Sluice's optimizer driver -------------------------===//
//
// mlir-opt with Sluice's dialects: parses, verifies, runs passes on and prints
// executor and lite IR, next to every upstream dialect and pass the pipeline
// lowers through.
//
//===----------------------------------------------------------------------===//

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "sluice/Codegen/Native/Passes.h"
#include "sluice/Codegen/Native/Pipeline.h"
#include "sluice/Conversion/ExecutorToLite/Passes.h"
#include "sluice/Conversion/Passes.h"
#include "sluice/Dialect/Executor/IR/ExecutorDialect.h"
#include "sluice/Dialect/Executor/Transforms/Passes.h"
#include "sluice/Dialect/Lite/IR/LiteDialect.h"
#include "sluice/Dialect/Lite/Transforms/Passes.h"

// test/lib: the test passes, linked into sluice-opt only.
#include "TestPasses.h"

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  sluice::test::registerSluiceTestPasses();
  sluice::executor::registerSluiceExecutorToLitePasses();
  sluice::executor::registerLiftControlFlowPipeline();
  sluice::lite::registerSluiceLitePasses();
  sluice::lite::registerPrepareTFLitePipeline();
  sluice::executor::registerSluiceExecutorPasses();
  sluice::registerSluiceConversionPasses();
  sluice::registerSluiceNativeCodegenPasses();
  sluice::registerLiteToLLVMPipeline();
  mlir::DialectRegistry registry;
  registry
      .insert<sluice::executor::ExecutorDialect, sluice::lite::LiteDialect>();
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "Sluice optimizer driver\n", registry));
}
