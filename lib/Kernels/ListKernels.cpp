//===- ListKernels.cpp - reference kernels of the list ops ----------------===//
//
// lite.list_reserve, list_set_item, list_get_item, list_gather, list_scatter
// and list_length on lists held as tensors whose dimension 0 indexes the
// elements. The run-time checks are TensorFlow's TensorArray checks: an
// index outside the list (unless it is resizable, then it grows), an element
// whose shape is not the list's element shape.
//
//===----------------------------------------------------------------------===//

#include "KernelGroups.h"
#include "KernelUtils.h"

#include "sluice/Dialect/Lite/IR/LiteOps.h"

#include "llvm/ADT/TypeSwitch.h"

#include <algorithm>
#include <cstring>

using namespace mlir;
using namespace sluice;
using namespace sluice::interp;
using namespace sluice::interp::detail;

namespace {
/// A list's length and the bytes of one element.
struct ListLayout {
  int64_t length;
  llvm::ArrayRef<int64_t> elementShape;
  size_t elementBytes;
};

FailureOr<ListLayout> layoutOf(Operation *op, const Tensor &list) {
  if (list.isPendingList())
    return ListLayout{list.getShape()[0], {}, 0};
  if (list.getRank() < 1)
    return op->emitError("a list needs a dimension for its elements, got ")
           << describe(list);
  llvm::ArrayRef<int64_t> element = list.getShape().drop_front();
  return ListLayout{list.getShape()[0], element,
                    static_cast<size_t>(getNumElements(element)) *
                        getDTypeSize(list.getDType())};
}

/// Reads a scalar index operand.
FailureOr<int64_t> readScalarIndex(Operation *op, const Tensor &index) {
  if (!isIndexDType(index.getDType()) || index.getRank() != 0)
    return op->emitError("list index must be an int32 or int64 scalar, got ")
           << describe(index);
  return index.getAsInt(0);
}

/// A list never written has no element shape to read elements of.
LogicalResult checkReadable(Operation *op, const Tensor &list) {
  if (list.isPendingList())
    return op->emitError("tried to read from a list of ")
           << list.getShape()[0]
           << " element(s) that was never written: the shape of its "
              "elements is unknown";
  return success();
}

/// Checks an element index for reading (or writing a fixed-size list).
LogicalResult checkIndex(Operation *op, int64_t index, int64_t length,
                         StringRef access) {
  if (index < 0 || index >= length)
    return op->emitError("tried to ")
           << access << " element " << index << " of a list of " << length
           << " element(s)";
  return success();
}

/// The new length after writing at `indices`: grows a resizable list, and
/// checks the indices of any list.
FailureOr<int64_t> lengthAfterWrites(Operation *op, ArrayRef<int64_t> indices,
                                     int64_t length, bool resizable) {
  int64_t newLength = length;
  for (int64_t index : indices) {
    if (index < 0 || (!resizable && index >= length))
      return op->emitError("tried to write element ")
             << index << " of a list of " << length << " element(s)"
             << (resizable || index < 0 ? "" : " that is not resizable");
    // Before index + 1 can overflow: no list grows that long.
    if (index >= kMaxElements)
      return op->emitError("tried to write element ")
             << index << " of a resizable list: it cannot grow beyond "
             << kMaxElements << " elements";
    newLength = std::max(newLength, index + 1);
  }
  if (newLength != length && failed(checkedNumElements(op, {newLength})))
    return failure();
  return newLength;
}

/// The list with `rows` (one element each, in order) written at `indices`.
/// `rowShape` is the shape of one row: a pending list takes it as its
/// element shape (its elements so far read as zeros of that shape).
FailureOr<Tensor> writeRows(Operation *op, const Tensor &list,
                            ArrayRef<int64_t> indices, const Tensor &rows,
                            ArrayRef<int64_t> rowShape, bool resizable) {
  FailureOr<ListLayout> layout = layoutOf(op, list);
  if (failed(layout))
    return failure();
  if (list.isPendingList()) {
    layout->elementShape = rowShape;
    layout->elementBytes = static_cast<size_t>(getNumElements(rowShape)) *
                           getDTypeSize(list.getDType());
  }
  if (rows.getDType() != list.getDType())
    return op->emitError("cannot write ")
           << describe(rows) << " into a list of "
           << getDTypeName(list.getDType());
  FailureOr<int64_t> length =
      lengthAfterWrites(op, indices, layout->length, resizable);
  if (failed(length))
    return failure();
  SmallVector<int64_t> shape{*length};
  llvm::append_range(shape, layout->elementShape);
  if (failed(checkAllocation(op, list.getDType(), shape)))
    return failure();
  Tensor result(list.getDType(), shape);
  char *dst = result.mutableData<char>();
  if (!list.isPendingList())
    std::memcpy(dst, list.data<char>(), layout->length * layout->elementBytes);
  for (auto [k, index] : llvm::enumerate(indices))
    std::memcpy(dst + index * layout->elementBytes,
                rows.data<char>() + k * layout->elementBytes,
                layout->elementBytes);
  return result;
}

LogicalResult evaluateReserve(lite::ListReserveOp op, ArrayRef<Tensor> operands,
                              SmallVectorImpl<Tensor> &results) {
  FailureOr<int64_t> count = readScalarIndex(op, operands[0]);
  if (failed(count))
    return failure();
  if (*count < 0)
    return op.emitError("cannot reserve a list of ") << *count << " elements";
  auto listType = cast<TensorType>(op.getList().getType());
  std::optional<DType> dtype = getDType(listType.getElementType());
  if (!dtype)
    return op.emitError("unsupported element type ")
           << listType.getElementType();
  auto type = dyn_cast<RankedTensorType>(listType);
  if (!type) {
    if (failed(checkAllocation(op, *dtype, {*count})))
      return failure();
    results.push_back(Tensor::pendingList(*dtype, *count));
    return success();
  }
  SmallVector<int64_t> shape{*count};
  llvm::append_range(shape, type.getShape().drop_front());
  if (failed(checkAllocation(op, *dtype, shape)))
    return failure();
  results.push_back(Tensor(*dtype, shape));
  return success();
}

LogicalResult evaluateSetItem(lite::ListSetItemOp op, ArrayRef<Tensor> operands,
                              SmallVectorImpl<Tensor> &results) {
  const Tensor &list = operands[0], &item = operands[2];
  FailureOr<int64_t> index = readScalarIndex(op, operands[1]);
  if (failed(index))
    return failure();
  if (!list.isPendingList() && list.getRank() >= 1 &&
      item.getShape() != list.getShape().drop_front())
    return op.emitError("cannot write ")
           << describe(item) << " into a list whose elements are "
           << shapeString(list.getShape().drop_front());
  FailureOr<Tensor> result =
      writeRows(op, list, {*index}, item, item.getShape(), op.getResizable());
  if (failed(result))
    return failure();
  results.push_back(std::move(*result));
  return success();
}

LogicalResult evaluateGetItem(lite::ListGetItemOp op, ArrayRef<Tensor> operands,
                              SmallVectorImpl<Tensor> &results) {
  const Tensor &list = operands[0];
  if (failed(checkReadable(op, list)))
    return failure();
  FailureOr<ListLayout> layout = layoutOf(op, list);
  FailureOr<int64_t> index = readScalarIndex(op, operands[1]);
  if (failed(layout) || failed(index) ||
      failed(checkIndex(op, *index, layout->length, "read")))
    return failure();
  Tensor item(list.getDType(), layout->elementShape);
  std::memcpy(item.mutableData<char>(),
              list.data<char>() + *index * layout->elementBytes,
              layout->elementBytes);
  results.push_back(std::move(item));
  return success();
}

LogicalResult evaluateGather(lite::ListGatherOp op, ArrayRef<Tensor> operands,
                             SmallVectorImpl<Tensor> &results) {
  const Tensor &list = operands[0];
  if (failed(checkReadable(op, list)))
    return failure();
  FailureOr<ListLayout> layout = layoutOf(op, list);
  FailureOr<SmallVector<int64_t>> indices =
      readIndices(op, operands[1], "list indices");
  if (failed(layout) || failed(indices))
    return failure();
  for (int64_t index : *indices)
    if (failed(checkIndex(op, index, layout->length, "read")))
      return failure();
  SmallVector<int64_t> shape{static_cast<int64_t>(indices->size())};
  llvm::append_range(shape, layout->elementShape);
  Tensor items(list.getDType(), shape);
  for (auto [k, index] : llvm::enumerate(*indices))
    std::memcpy(items.mutableData<char>() + k * layout->elementBytes,
                list.data<char>() + index * layout->elementBytes,
                layout->elementBytes);
  results.push_back(std::move(items));
  return success();
}

LogicalResult evaluateScatter(lite::ListScatterOp op, ArrayRef<Tensor> operands,
                              SmallVectorImpl<Tensor> &results) {
  const Tensor &list = operands[0], &items = operands[2];
  FailureOr<SmallVector<int64_t>> indices =
      readIndices(op, operands[1], "list indices");
  if (failed(indices) || failed(layoutOf(op, list)))
    return failure();
  if (items.getRank() < 1 ||
      items.getShape()[0] != static_cast<int64_t>(indices->size()) ||
      (!list.isPendingList() && list.getRank() >= 1 &&
       items.getShape().drop_front() != list.getShape().drop_front()))
    return op.emitError("cannot scatter ")
           << describe(items) << " to " << indices->size()
           << " index(es) of a list whose elements "
           << (list.isPendingList()
                   ? std::string("have no shape yet")
                   : "are " + shapeString(list.getShape().drop_front()));
  FailureOr<Tensor> result =
      writeRows(op, list, *indices, items, items.getShape().drop_front(),
                op.getResizable());
  if (failed(result))
    return failure();
  results.push_back(std::move(*result));
  return success();
}

LogicalResult evaluateLength(lite::ListLengthOp op, ArrayRef<Tensor> operands,
                             SmallVectorImpl<Tensor> &results) {
  FailureOr<ListLayout> layout = layoutOf(op, operands[0]);
  if (failed(layout))
    return failure();
  results.push_back(Tensor::scalar<int32_t>(
      DType::Int32, static_cast<int32_t>(layout->length)));
  return success();
}
} // namespace

std::optional<LogicalResult>
sluice::interp::detail::evaluateListOp(Operation *op, ArrayRef<Tensor> operands,
                                       SmallVectorImpl<Tensor> &results) {
  return llvm::TypeSwitch<Operation *, std::optional<LogicalResult>>(op)
      .Case([&](lite::ListReserveOp reserve) {
        return evaluateReserve(reserve, operands, results);
      })
      .Case([&](lite::ListSetItemOp set) {
        return evaluateSetItem(set, operands, results);
      })
      .Case([&](lite::ListGetItemOp get) {
        return evaluateGetItem(get, operands, results);
      })
      .Case([&](lite::ListGatherOp gather) {
        return evaluateGather(gather, operands, results);
      })
      .Case([&](lite::ListScatterOp scatter) {
        return evaluateScatter(scatter, operands, results);
      })
      .Case([&](lite::ListLengthOp length) {
        return evaluateLength(length, operands, results);
      })
      .Default([](Operation *) { return std::nullopt; });
}
