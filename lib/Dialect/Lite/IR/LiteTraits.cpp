//===- LiteTraits.cpp - verifiers of lite op traits -----------------------===//
//
// Numpy broadcasting checks for the BroadcastCompatible trait (the rule is
// lite::broadcastShapes, IndexRules.h).
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Lite/IR/LiteTraits.h"
#include "sluice/Dialect/Lite/IR/IndexRules.h"

#include "mlir/Dialect/Traits.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;

LogicalResult sluice::lite::detail::verifyBroadcastCompatible(Operation *op) {
  // Unranked operands broadcast with anything, but the ranked ones must still
  // broadcast against each other.
  SmallVector<ArrayRef<int64_t>> shapes;
  bool anyUnranked = false;
  for (Type type : op->getOperandTypes()) {
    if (auto ranked = dyn_cast<RankedTensorType>(type))
      shapes.push_back(ranked.getShape());
    else
      anyUnranked = true;
  }
  std::optional<SmallVector<int64_t>> broadcastShape =
      sluice::lite::broadcastShapes(shapes);
  if (!broadcastShape)
    return op->emitOpError("operands of types (")
           << op->getOperandTypes() << ") are not broadcast-compatible";
  // An unranked operand may add leading dimensions or stretch size-1 ones:
  // the result shape is then unknown statically.
  auto result = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!result || anyUnranked)
    return success();
  if (failed(verifyCompatibleShape(result.getShape(), *broadcastShape)))
    return op->emitOpError("result type ")
           << result << " is not compatible with the broadcast shape "
           << RankedTensorType::get(*broadcastShape, result.getElementType())
           << " of the operands";
  return success();
}
