//===- sluice-fuzz-savedmodel.cpp - libFuzzer target for SavedModels ------===//
//
// Feeds arbitrary bytes to the SavedModel reader: an input whose first byte
// is even is the rest as a saved_model.pb (its variables/ absent: a restore
// must fail with a diagnostic), an odd one the rest as a checkpoint index
// (variables.index) whose every listed tensor is read (from shards that do
// not exist). Any crash, hang or sanitizer report is a bug. utils/fuzz.sh
// seeds it with test/tf/saved_models.
//
//===----------------------------------------------------------------------===//

#include "FuzzContext.h"
#include "sluice/Target/GraphDef/GraphDefImport.h"

#include "llvm/Support/Error.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  mlir::MLIRContext *context = sluice::getQuietFuzzContext();
  if (size == 0)
    return 0;
  llvm::StringRef bytes(reinterpret_cast<const char *>(data + 1), size - 1);
  constexpr const char *kNowhere = "/nonexistent/sluice-fuzz";
  if (data[0] % 2 == 0) {
    sluice::GraphDefImportOptions options;
    (void)sluice::importSavedModelBytes(bytes, kNowhere, context, options);
  } else {
    llvm::consumeError(
        sluice::readTensorBundle(bytes, kNowhere, context).takeError());
  }
  return 0;
}
