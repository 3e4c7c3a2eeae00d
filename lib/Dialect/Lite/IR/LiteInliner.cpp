//===- LiteInliner.cpp - inlining calls into and out of lite regions ------===//
//
// Every lite op may be inlined anywhere: the ops are side-effect free and
// lite.if/lite.while regions may capture values from above. Lets the
// inliner flatten func.calls (a GraphDef's PartitionedCall) before export.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Lite/IR/LiteDialect.h"

#include "mlir/Transforms/InliningUtils.h"

using namespace mlir;
using namespace sluice::lite;

namespace {
struct LiteInlinerInterface : DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;

  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
  bool isLegalToInline(Region *, Region *, bool, IRMapping &) const final {
    return true;
  }
};
} // namespace

void LiteDialect::registerInlinerInterface() {
  addInterfaces<LiteInlinerInterface>();
}
