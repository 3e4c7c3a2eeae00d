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
using namespace sluice;

bool sluice::isGraphDefPath(StringRef path) {
  return path.ends_with(".pb") || path.ends_with(".pbtxt");
}

bool sluice::isTFLitePath(StringRef path) { return path.ends_with(".tflite"); }

void sluice::loadSluiceDialects(MLIRContext &context) {
  context.loadDialect<func::FuncDialect, executor::ExecutorDialect,
                      lite::LiteDialect>();
}

LogicalResult sluice::checkNestingDepth(Operation *root, unsigned maxNesting) {
  // Regions still to visit, with the depth of the ops in them.
  SmallVector<std::pair<Region *, unsigned>> worklist;
  for (Region &region : root->getRegions())
    worklist.push_back({&region, 0});
  while (!worklist.empty()) {
    auto [region, depth] = worklist.pop_back_val();
    for (Operation &op : region->getOps()) {
      if (op.getNumRegions() == 0)
        continue;
      if (depth > maxNesting)
        return op.emitError("'") << op.getName() << "' sits " << depth
                                 << " regions deep, more than " << maxNesting
                                 << " (raise --max-nesting if it should)";
      for (Region &nested : op.getRegions())
        worklist.push_back({&nested, depth + 1});
    }
  }
  return success();
}

/// The deepest nesting of brackets ({}, (), []) in MLIR text (outside string
/// literals and comments), stopping once it passes `limit`: region nesting
/// is at most that, and MLIR's parser recurses once per level. (Angle
/// brackets are left out: `->` would close one never opened.)
static unsigned braceDepth(StringRef text, unsigned limit) {
  unsigned depth = 0, deepest = 0;
  for (size_t i = 0, e = text.size(); i < e && deepest <= limit; ++i) {
    char c = text[i];
    if (c == '"') {
      for (++i; i < e && text[i] != '"'; ++i)
        if (text[i] == '\\')
          ++i;
    } else if (c == '/' && i + 1 < e && text[i + 1] == '/') {
      i = text.find('\n', i);
      if (i == StringRef::npos)
        break;
    } else if (c == '{' || c == '(' || c == '[') {
      deepest = std::max(deepest, ++depth);
    } else if ((c == '}' || c == ')' || c == ']') && depth > 0) {
      --depth;
    }
  }
  return deepest;
}

/// A GraphDef, TFLite model or MLIR file at `path` (loadProgram's files).
static OwningOpRef<ModuleOp>
loadFile(StringRef path, MLIRContext &context, llvm::SourceMgr &sourceMgr,
         const GraphDefImportOptions &importOptions, std::string &error,
         TimingScope *timing) {
  auto nestTiming = [&](StringRef name) {
    return timing ? timing->nest(name) : TimingScope();
  };
  TimingScope readTiming = nestTiming("read");
  std::unique_ptr<llvm::MemoryBuffer> file = openInputFile(path, &error);
  if (!file)
    return nullptr;
  readTiming.stop();
  unsigned maxNesting = importOptions.maxNesting;
  if (isGraphDefPath(path))
    return importGraphDef(file->getBuffer(), path, &context, importOptions,
                          timing);
  TimingScope parseTiming = nestTiming("parse");
  if (isTFLitePath(path))
    return importTFLite(file->getBuffer(), path, &context, maxNesting);
  // Each level of regions takes a brace, plus a few for the types and
  // attributes on the way (a function's signature, its body).
  constexpr unsigned kBracketsBesideRegions = 16;
  if (braceDepth(file->getBuffer(), maxNesting + kBracketsBesideRegions) >
      maxNesting + kBracketsBesideRegions) {
    error = (path + ": brackets nest more than " +
             Twine(maxNesting + kBracketsBesideRegions) +
             " deep: regions nesting more than " + Twine(maxNesting) +
             " deep are refused (raise --max-nesting if they should)")
                .str();
    return nullptr;
  }
  sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  return parseSourceFile<ModuleOp>(sourceMgr, &context);
}

OwningOpRef<ModuleOp>
sluice::loadProgram(StringRef path, MLIRContext &context,
                    llvm::SourceMgr &sourceMgr,
                    const GraphDefImportOptions &importOptions,
                    std::string &error, TimingScope *timing) {
  OwningOpRef<ModuleOp> module =
      isSavedModelDirectory(path)
          ? importSavedModel(path, &context, importOptions, timing)
          : loadFile(path, context, sourceMgr, importOptions, error, timing);
  TimingScope nestingTiming =
      timing ? timing->nest("check nesting") : TimingScope();
  if (module && failed(checkNestingDepth(*module, importOptions.maxNesting)))
    return nullptr;
  return module;
}
