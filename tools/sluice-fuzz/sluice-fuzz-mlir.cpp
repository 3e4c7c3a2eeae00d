//===- sluice-fuzz-mlir.cpp - libFuzzer target for MLIR programs ----------===//
//
// Feeds arbitrary bytes, as an .mlir file, through what sluice-run and
// sluicec do with one (the public Program API): load (parse and verify), lift
// what is left of v1 control flow, export a .tflite, and run `main` in the
// interpreter on zero-filled inputs, with a small loop bound and memory
// limit. Any crash, hang or sanitizer report is a bug: bad programs must only
// ever produce diagnostics (ProgramError), and a lifted or exported program
// that fails must say why.
//
//===----------------------------------------------------------------------===//

#include "sluice/API/Program.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <unistd.h>

/// Fails loudly when an API call failed without saying why.
static void requireMessage(const sluice::ProgramError &error,
                           const char *what) {
  if (error.getText().empty()) {
    llvm::errs() << what << " failed without a diagnostic\n";
    std::abort();
  }
}

/// Zeros of each input's type, or none when a shape is unknown or the
/// tensors would be large.
static std::optional<llvm::SmallVector<sluice::interp::Tensor>>
zeroInputs(llvm::ArrayRef<sluice::TensorSignature> signature) {
  llvm::SmallVector<sluice::interp::Tensor> inputs;
  int64_t elements = 0;
  for (const sluice::TensorSignature &input : signature) {
    if (!input.dtype || !input.shape)
      return std::nullopt;
    for (int64_t dim : *input.shape)
      if (dim < 0)
        return std::nullopt;
    inputs.emplace_back(*input.dtype, *input.shape);
    elements += inputs.back().getNumElements();
    if (elements > (1 << 16))
      return std::nullopt;
  }
  return inputs;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // One file per process, rewritten for each input: Program::load reads
  // paths, as the tools do.
  static std::string path = [] {
    llvm::SmallString<128> file;
    llvm::sys::path::system_temp_directory(/*ErasedOnReboot=*/true, file);
    llvm::sys::path::append(file, "sluice-fuzz-mlir-" +
                                      std::to_string(getpid()) + ".mlir");
    return std::string(file);
  }();
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec);
    if (ec)
      std::abort();
    os.write(reinterpret_cast<const char *>(data), size);
  }
  sluice::ProgramError error;
  mlir::FailureOr<sluice::Program> program =
      sluice::Program::load(path, sluice::GraphDefImportOptions(), error);
  if (mlir::failed(program)) {
    requireMessage(error, "Program::load");
    return 0;
  }
  if (program->hasExecutorOps()) {
    sluice::ProgramError liftError;
    if (mlir::failed(program->lift(liftError))) {
      requireMessage(liftError, "Program::lift");
      return 0;
    }
  }
  sluice::ProgramError exportError;
  if (mlir::failed(program->exportTFLite(exportError)))
    requireMessage(exportError, "Program::exportTFLite");

  sluice::ProgramError signatureError;
  auto signature = program->getInputSignature("main", signatureError);
  if (mlir::failed(signature))
    return 0;
  std::optional<llvm::SmallVector<sluice::interp::Tensor>> inputs =
      zeroInputs(*signature);
  if (!inputs)
    return 0;
  sluice::RunOptions options;
  options.maxIterations = 1000;
  options.maxMemoryBytes = 64 << 20;
  sluice::ProgramError runError;
  if (mlir::failed(program->run(*inputs, options, runError)))
    requireMessage(runError, "Program::run");
  return 0;
}
