//===- LiteMessageOps.cpp - checks of lite.send and lite.recv -------------===//
//
// A message names a peer rank and a key; within a rank function
// (`sluice.rank` on the enclosing func.func, set by -lite-partition) the
// peer must be another rank.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Lite/IR/LiteOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

using namespace mlir;
using namespace sluice::lite;

/// Checks the peer and key every message op has.
static LogicalResult verifyMessage(Operation *op, int64_t peer, StringRef key,
                                   int32_t tag) {
  if (peer < 0)
    return op->emitOpError("names rank ") << peer << ", which is negative";
  if (key.empty())
    return op->emitOpError("needs a key");
  if (tag < 0)
    return op->emitOpError("has tag ") << tag << ", which is negative";
  auto function = op->getParentOfType<func::FuncOp>();
  if (!function)
    return success();
  if (auto rank = function->getAttrOfType<IntegerAttr>("sluice.rank"))
    if (rank.getInt() == peer)
      return op->emitOpError("names its own rank ") << peer << " as its peer";
  return success();
}

LogicalResult SendOp::verify() {
  return verifyMessage(*this, getPeer(), getKey(), getTag());
}

LogicalResult RecvOp::verify() {
  return verifyMessage(*this, getPeer(), getKey(), getTag());
}
