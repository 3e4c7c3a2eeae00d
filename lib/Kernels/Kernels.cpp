//===- Kernels.cpp - dispatch of lite ops to their reference kernels ------===//
//
// Asks each kernel family in turn, then checks the computed results against
// the op's declared result types: a dynamic dimension accepts any size, a
// static one must match.
//
//===----------------------------------------------------------------------===//

#include "sluice/Kernels/Kernels.h"

#include "KernelGroups.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace sluice::interp;

/// Checks a computed tensor against the declared type of an op result.
static LogicalResult checkResult(Operation *op, unsigned index,
                                 const Tensor &tensor) {
  auto type = dyn_cast<TensorType>(op->getResult(index).getType());
  if (!type)
    return success();
  std::optional<DType> dtype = getDType(type.getElementType());
  if (dtype != tensor.getDType())
    return op->emitError("result #")
           << index << " computed as " << getDTypeName(tensor.getDType())
           << " but declared " << type;
  auto ranked = dyn_cast<RankedTensorType>(type);
  if (!ranked)
    return success();
  if (!fitsShape(tensor.getShape(), ranked.getShape()))
    return op->emitError("result #")
           << index << " has shape " << shapeString(tensor.getShape())
           << " at run time, which does not fit its declared type " << type;
  return success();
}

LogicalResult sluice::interp::evaluateLiteOp(Operation *op,
                                             ArrayRef<Tensor> operands,
                                             SmallVectorImpl<Tensor> &results) {
  static constexpr detail::KernelFamily families[] = {
      detail::evaluateElementwiseOp, detail::evaluateShapeOp,
      detail::evaluateReductionOp, detail::evaluateLinalgOp,
      detail::evaluateListOp};
  for (detail::KernelFamily family : families) {
    results.clear();
    std::optional<LogicalResult> handled = family(op, operands, results);
    if (!handled)
      continue;
    if (failed(*handled))
      return failure();
    if (results.size() != op->getNumResults())
      return op->emitError("kernel produced ")
             << results.size() << " results for " << op->getNumResults();
    for (auto [index, tensor] : llvm::enumerate(results))
      if (failed(checkResult(op, index, tensor)))
        return failure();
    return success();
  }
  return op->emitError("the interpreter has no kernel for '")
         << op->getName() << "'";
}
