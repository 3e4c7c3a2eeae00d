//===- sluice-fuzz-tflite.cpp - libFuzzer target for TFLite import/export -===//
//
// Feeds arbitrary bytes to the TFLite importer; a module that comes back is
// verified and exported again (to a null stream). Any crash, hang or
// sanitizer report is a bug: bad input must only ever produce diagnostics,
// an imported module must verify, and exporting it may fail only with a
// diagnostic. Built with -DSLUICE_ENABLE_FUZZERS=ON (clang only);
// bench/fuzz/run-tflite.sh builds and runs it.
//
//===----------------------------------------------------------------------===//

#include "FuzzContext.h"
#include "sluice/Target/TFLite/TFLiteExport.h"
#include "sluice/Target/TFLite/TFLiteImport.h"

#include "mlir/IR/Verifier.h"
#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

/// With SLUICE_FUZZ_TFLITE_ROUNDTRIP set, a model that exports must also
/// import again and export to the same bytes.
static const bool checkRoundTrip = std::getenv("SLUICE_FUZZ_TFLITE_ROUNDTRIP");

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // One context for the whole run: creating one per input would dominate.
  // No threads: export's pass manager would otherwise start a pool.
  mlir::MLIRContext *context = sluice::getQuietFuzzContext();
  llvm::StringRef bytes(reinterpret_cast<const char *>(data), size);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      sluice::importTFLite(bytes, "fuzz.tflite", context);
  if (!module)
    return 0;
  // The importer verifies what it returns; an invalid module is its bug.
  if (mlir::failed(mlir::verify(*module))) {
    llvm::errs() << "importTFLite returned a module that does not verify\n";
    std::abort();
  }
  if (!checkRoundTrip) {
    (void)sluice::exportTFLite(*module, llvm::nulls());
    return 0;
  }
  std::string exported;
  llvm::raw_string_ostream os(exported);
  if (mlir::failed(sluice::exportTFLite(*module, os)))
    return 0;
  // What Sluice writes, it reads back, and writes again byte for byte.
  mlir::OwningOpRef<mlir::ModuleOp> again =
      sluice::importTFLite(exported, "exported.tflite", context);
  if (!again) {
    llvm::errs() << "the exported model does not import\n";
    std::abort();
  }
  std::string reexported;
  llvm::raw_string_ostream os2(reexported);
  if (mlir::failed(sluice::exportTFLite(*again, os2)) ||
      reexported != exported) {
    llvm::errs() << "export -> import -> export changes the model\n";
    std::abort();
  }
  return 0;
}
