//===- Render.cpp - DOT text to SVG or PNG with Graphviz's dot ------------===//
//
// Runs `dot -T<format>` (found on PATH) with the DOT text in one temporary
// file, the picture written to a second and dot's messages to a third; all
// three are removed whatever happens.
//
//===----------------------------------------------------------------------===//

#include "sluice/Target/Graphviz/GraphvizExport.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"

using namespace mlir;

/// The contents of `path`, or "" when it cannot be read.
static std::string readFile(StringRef path) {
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  return buffer ? (*buffer)->getBuffer().str() : std::string();
}

FailureOr<std::string> sluice::renderGraphviz(StringRef dot, StringRef format,
                                              std::string &message) {
  llvm::ErrorOr<std::string> program = llvm::sys::findProgramByName("dot");
  if (!program) {
    message = "cannot render " + format.str() +
              ": Graphviz's 'dot' is not on PATH (install the graphviz "
              "package, or write --emit=dot and render it elsewhere)";
    return failure();
  }

  SmallString<128> inputPath, outputPath, errorPath;
  int inputFd;
  if (std::error_code error = llvm::sys::fs::createTemporaryFile(
          "sluice-picture", "dot", inputFd, inputPath)) {
    message = "cannot create a temporary file: " + error.message();
    return failure();
  }
  llvm::FileRemover removeInput(inputPath);
  {
    llvm::raw_fd_ostream os(inputFd, /*shouldClose=*/true);
    os << dot;
  }
  if (std::error_code error = llvm::sys::fs::createTemporaryFile(
          "sluice-picture", format, outputPath)) {
    message = "cannot create a temporary file: " + error.message();
    return failure();
  }
  llvm::FileRemover removeOutput(outputPath);
  if (std::error_code error = llvm::sys::fs::createTemporaryFile(
          "sluice-picture", "log", errorPath)) {
    message = "cannot create a temporary file: " + error.message();
    return failure();
  }
  llvm::FileRemover removeErrors(errorPath);

  std::string formatFlag = ("-T" + format).str();
  SmallVector<StringRef> args = {*program, formatFlag, "-o", outputPath,
                                 inputPath};
  std::optional<StringRef> redirects[] = {StringRef(""), StringRef(""),
                                          StringRef(errorPath)};
  std::string executeError;
  int status = llvm::sys::ExecuteAndWait(*program, args, std::nullopt,
                                         redirects, /*SecondsToWait=*/0,
                                         /*MemoryLimit=*/0, &executeError);
  if (status != 0) {
    std::string errors = StringRef(readFile(errorPath)).trim().str();
    message = "Graphviz's dot failed to render " + format.str();
    if (!errors.empty())
      message += ": " + errors;
    else if (!executeError.empty())
      message += ": " + executeError;
    return failure();
  }
  return readFile(outputPath);
}
