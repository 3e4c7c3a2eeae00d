//===- sluice-fuzz-graphdef.cpp - libFuzzer target for GraphDef import ----===//
//
// Feeds arbitrary bytes to the GraphDef importer, once as binary protobuf and
// once as text format. Any crash, hang or sanitizer report is a bug: bad input
// must only ever produce diagnostics. Built with -DSLUICE_ENABLE_FUZZERS=ON
// (clang only); bench/fuzz/run-graphdef.sh builds and runs it.
//
//===----------------------------------------------------------------------===//

#include "FuzzContext.h"
#include "sluice/Target/GraphDef/GraphDefImport.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  mlir::MLIRContext *context = sluice::getQuietFuzzContext();
  llvm::StringRef bytes(reinterpret_cast<const char *>(data), size);
  sluice::GraphDefImportOptions options;
  (void)sluice::importGraphDef(bytes, "fuzz.pb", context, options);
  (void)sluice::importGraphDef(bytes, "fuzz.pbtxt", context, options);
  return 0;
}
