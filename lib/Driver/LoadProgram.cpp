//===- LoadProgram.cpp - read any Sluice input into a module --------------===//

#include "sluice/Driver/LoadProgram.h"

#include "sluice/Dialect/Executor/IR/ExecutorDialect.h"
#include "sluice/Dialect/Lite/IR/LiteDialect.h"
#include "sluice/Target/TFLite/TFLiteImport.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace mlir;

bool sluice::isGraphDefPath(StringRef path) {
  return path.ends_with(".pb") || path.ends_with(".pbtxt");
}

bool sluice::isTFLitePath(StringRef path) { return path.ends_with(".tflite"); }

void sluice::loadSluiceDialects(MLIRContext &context) {
  context.loadDialect<func::FuncDialect, executor::ExecutorDialect,
                      lite::LiteDialect>();
}

OwningOpRef<ModuleOp> sluice::loadProgram(
    StringRef path, MLIRContext &context, llvm::SourceMgr &sourceMgr,
    const GraphDefImportOptions &importOptions, std::string &error) {
  std::unique_ptr<llvm::MemoryBuffer> file = openInputFile(path, &error);
  if (!file)
    return nullptr;
  if (isGraphDefPath(path))
    return importGraphDef(file->getBuffer(), path, &context, importOptions);
  if (isTFLitePath(path))
    return importTFLite(file->getBuffer(), path, &context);
  sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  return parseSourceFile<ModuleOp>(sourceMgr, &context);
}
