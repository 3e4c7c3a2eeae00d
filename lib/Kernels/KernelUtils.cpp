//===- KernelUtils.cpp - helpers shared by the reference kernels ----------===//
//
// The run-time checks of index operands, axes and result sizes that several
// kernel families make.
//
//===----------------------------------------------------------------------===//

#include "KernelUtils.h"
#include "sluice/Dialect/Lite/IR/IndexRules.h"

#include <string>

using namespace mlir;
using namespace sluice::interp;

FailureOr<SmallVector<int64_t>>
sluice::interp::detail::readIndices(Operation *op, const Tensor &tensor,
                                    StringRef what, bool allowScalar) {
  bool indexDType = isIndexDType(tensor.getDType());
  if (allowScalar) {
    if (!indexDType || tensor.getRank() > 1)
      return op->emitError()
             << what << " must be an int32 or int64 scalar or vector, got "
             << describe(tensor);
  } else {
    if (!indexDType)
      return op->emitError()
             << what << " must be an int32 or int64 tensor, got "
             << describe(tensor);
    if (tensor.getRank() != 1)
      return op->emitError()
             << what << " must be a vector, got " << describe(tensor);
  }
  SmallVector<int64_t> values;
  for (int64_t i = 0, e = tensor.getNumElements(); i < e; ++i)
    values.push_back(tensor.getAsInt(i));
  return values;
}

/// normalizeAxis, naming what the axis is out of range for as `subject`.
static FailureOr<int64_t> normalizeAxisOf(Operation *op, int64_t axis,
                                          int64_t rank, StringRef what,
                                          StringRef subject) {
  return sluice::lite::normalizeAxis(
      axis, rank, [&] { return op->emitError(); }, what, subject);
}

FailureOr<int64_t> sluice::interp::detail::normalizeAxis(Operation *op,
                                                         int64_t axis,
                                                         int64_t rank,
                                                         StringRef what) {
  return normalizeAxisOf(op, axis, rank, what, "rank " + std::to_string(rank));
}

FailureOr<int64_t> sluice::interp::detail::normalizeAxis(Operation *op,
                                                         int64_t axis,
                                                         const Tensor &tensor,
                                                         StringRef what) {
  return normalizeAxisOf(op, axis, tensor.getRank(), what, describe(tensor));
}

FailureOr<int64_t>
sluice::interp::detail::checkedNumElements(Operation *op,
                                           ArrayRef<int64_t> shape) {
  for (int64_t size : shape)
    if (size == 0)
      return 0;
  int64_t count = 1;
  for (int64_t size : shape) {
    if (size > kMaxElements / count)
      return op->emitError("result shape ")
             << shapeString(shape) << " has more than " << kMaxElements
             << " elements";
    count *= size;
  }
  return count;
}

FailureOr<int64_t>
sluice::interp::detail::checkAllocation(Operation *op, DType dtype,
                                        ArrayRef<int64_t> shape) {
  FailureOr<int64_t> count = checkedNumElements(op, shape);
  if (failed(count))
    return failure();
  const MemoryLimitScope *limit = MemoryLimitScope::current();
  if (!limit)
    return count;
  int64_t bytes = *count * static_cast<int64_t>(getDTypeSize(dtype));
  int64_t used = limit->getUsedBytes();
  if (bytes > limit->getMaxBytes() - used)
    return op->emitError("a result of shape ")
           << shapeString(shape) << " (" << bytes << " bytes of "
           << getDTypeName(dtype) << ") would take the run's tensors to "
           << used + bytes << " bytes, beyond its memory limit of "
           << limit->getMaxBytes() << " (raise --max-memory if it should)";
  return count;
}

FailureOr<SmallVector<int64_t>>
sluice::interp::detail::readShape(Operation *op, const Tensor &tensor,
                                  StringRef what) {
  FailureOr<SmallVector<int64_t>> dims = readIndices(op, tensor, what);
  if (failed(dims))
    return failure();
  for (int64_t size : *dims)
    if (size < 0)
      return op->emitError(what)
             << " " << shapeString(*dims) << " has a negative entry " << size;
  if (failed(checkedNumElements(op, *dims)))
    return failure();
  return dims;
}
