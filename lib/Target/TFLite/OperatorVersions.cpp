//===- OperatorVersions.cpp - a model's minimum TFLite runtime ------------===//
//
// Looks up an operator version's minimum runtime on the op's record and
// picks the newest of a model's (OperatorVersions.h). The versioning rules
// themselves are data on the op records (LiteOps.td).
//
//===----------------------------------------------------------------------===//

#include "OperatorVersions.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

using namespace mlir;
using namespace sluice;

std::string
tflite_support::getMinimumRuntimeVersion(lite::TFLiteBuiltinOpInterface op,
                                         int version) {
  ArrayRef<const char *> versions = op.getRuntimeVersions();
  if (version < 1 || static_cast<size_t>(version) > versions.size())
    return "";
  return versions[version - 1];
}

/// Whether runtime version `a` is older than `b`, component by component as
/// numbers; a prefix is older.
static bool isOlder(StringRef a, StringRef b) {
  SmallVector<StringRef> as, bs;
  a.split(as, '.');
  b.split(bs, '.');
  for (auto [x, y] : llvm::zip(as, bs)) {
    unsigned xv = 0, yv = 0;
    if (!x.getAsInteger(10, xv) && !y.getAsInteger(10, yv) && xv != yv)
      return xv < yv;
  }
  return as.size() < bs.size();
}

std::string
tflite_support::getNewestRuntimeVersion(ArrayRef<std::string> runtimes) {
  std::string newest;
  for (const std::string &runtime : runtimes)
    if (!runtime.empty() && (newest.empty() || isOlder(newest, runtime)))
      newest = runtime;
  return newest;
}
