//===- LiteListOps.cpp - verifiers of the list ops ------------------------===//
//
// Static checks of lite.list_*: a list's element shape is its type's shape
// after dimension 0, and items, gathered rows and scattered rows must fit
// it. As everywhere in the dialect, a dynamic dimension or an unranked type
// is compatible with anything; what only the values can tell is the
// kernels' business (lib/Kernels/ListKernels.cpp).
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Lite/IR/LiteOps.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace sluice::lite;

namespace {
RankedTensorType ranked(Value value) {
  return dyn_cast<RankedTensorType>(value.getType());
}

/// "[2, ?]": a shape with its dynamic sizes as `?`.
std::string shapeText(ArrayRef<int64_t> shape) {
  std::string text = "[";
  llvm::raw_string_ostream os(text);
  llvm::interleaveComma(shape, os, [&](int64_t size) {
    if (ShapedType::isDynamic(size))
      os << "?";
    else
      os << size;
  });
  return text + "]";
}

/// Checks that `shape` (of `what`) fits the element shape of `list`.
LogicalResult verifyElementShape(Operation *op, Value list,
                                 ArrayRef<int64_t> shape, StringRef what) {
  RankedTensorType listType = ranked(list);
  if (!listType)
    return success();
  ArrayRef<int64_t> element = listType.getShape().drop_front();
  if (failed(verifyCompatibleShape(shape, element)))
    return op->emitOpError()
           << what << " shape " << shapeText(shape)
           << " does not fit the list's element shape " << shapeText(element);
  return success();
}

/// A resizable list grows at run time: its length cannot be static.
LogicalResult verifyResizable(Operation *op, bool resizable, Value list) {
  RankedTensorType listType = ranked(list);
  if (resizable && listType && !listType.isDynamicDim(0))
    return op->emitOpError("is resizable, so the list's length (dimension 0) "
                           "must be dynamic, not ")
           << listType.getDimSize(0);
  return success();
}
} // namespace

LogicalResult ListReserveOp::verify() {
  // Unranked: a list whose element shape its first write gives.
  if (failed(verifyResizable(*this, getResizable(), getList())))
    return failure();
  RankedTensorType type = ranked(getList());
  if (!type)
    return success();
  if (llvm::any_of(type.getShape().drop_front(), ShapedType::isDynamic))
    return emitOpError("needs a static element shape, got ") << type;
  return success();
}

LogicalResult ListSetItemOp::verify() {
  if (failed(verifyResizable(*this, getResizable(), getList())))
    return failure();
  if (RankedTensorType item = ranked(getItem()))
    return verifyElementShape(*this, getList(), item.getShape(), "item");
  return success();
}

LogicalResult ListGetItemOp::verify() {
  if (RankedTensorType item = ranked(getItem()))
    return verifyElementShape(*this, getList(), item.getShape(), "item");
  return success();
}

/// Rows of `items` against the indices and the list's elements.
static LogicalResult verifyRows(Operation *op, Value list, Value indices,
                                Value items, StringRef what) {
  RankedTensorType itemsType = ranked(items);
  if (!itemsType)
    return success();
  if (failed(verifyElementShape(op, list, itemsType.getShape().drop_front(),
                                (what + " row").str())))
    return failure();
  RankedTensorType indicesType = ranked(indices);
  if (indicesType &&
      failed(verifyCompatibleShape(indicesType.getShape(),
                                   itemsType.getShape().take_front())))
    return op->emitOpError()
           << "has " << indicesType.getDimSize(0) << " indices but "
           << itemsType.getDimSize(0) << " " << what << " rows";
  return success();
}

LogicalResult ListGatherOp::verify() {
  return verifyRows(*this, getList(), getIndices(), getItems(), "gathered");
}

LogicalResult ListScatterOp::verify() {
  if (failed(verifyResizable(*this, getResizable(), getList())))
    return failure();
  return verifyRows(*this, getList(), getIndices(), getItems(), "scattered");
}
