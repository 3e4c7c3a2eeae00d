//===- IndexRules.cpp - axis, batch_dims and broadcasting rules -----------===//
//
// The one definition of each rule declared in IndexRules.h.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Lite/IR/IndexRules.h"

#include "mlir/IR/BuiltinTypeInterfaces.h"

#include <string>

using namespace mlir;

FailureOr<int64_t> sluice::lite::normalizeAxis(int64_t axis, int64_t rank,
                                               EmitErrorFn emitError,
                                               StringRef what,
                                               StringRef subject) {
  if (axis >= -rank && axis < rank)
    return axis < 0 ? axis + rank : axis;
  if (emitError) {
    std::string rankSubject = "rank " + std::to_string(rank);
    emitError() << what << " " << axis << " is out of range for "
                << (subject.empty() ? StringRef(rankSubject) : subject)
                << " (expected in [" << -rank << ", " << rank << "))";
  }
  return failure();
}

FailureOr<int64_t> sluice::lite::normalizeGatherBatchDims(int64_t batchDims,
                                                          int64_t indicesRank,
                                                          int64_t axis,
                                                          EmitErrorFn emitError,
                                                          StringRef what) {
  int64_t normalized = batchDims < 0 ? batchDims + indicesRank : batchDims;
  if (normalized < 0 || normalized > indicesRank) {
    if (emitError)
      emitError() << what << " " << batchDims
                  << " is out of range for indices of rank " << indicesRank;
    return failure();
  }
  if (normalized > axis) {
    if (emitError)
      emitError() << what << " " << normalized << " must not exceed axis "
                  << axis;
    return failure();
  }
  return normalized;
}

SmallVector<int64_t> sluice::lite::getGatherShape(ArrayRef<int64_t> params,
                                                  ArrayRef<int64_t> indices,
                                                  int64_t axis,
                                                  int64_t batchDims) {
  SmallVector<int64_t> shape(params.take_front(axis));
  llvm::append_range(shape, indices.drop_front(batchDims));
  llvm::append_range(shape, params.drop_front(axis + 1));
  return shape;
}

std::optional<SmallVector<int64_t>>
sluice::lite::broadcastShapes(ArrayRef<ArrayRef<int64_t>> shapes) {
  size_t rank = 0;
  for (ArrayRef<int64_t> shape : shapes)
    rank = std::max(rank, shape.size());
  SmallVector<int64_t> result;
  for (size_t dim = 0; dim < rank; ++dim) {
    int64_t size = 1;
    bool dynamic = false;
    for (ArrayRef<int64_t> shape : shapes) {
      size_t leading = rank - shape.size();
      if (dim < leading)
        continue;
      int64_t operandSize = shape[dim - leading];
      if (ShapedType::isDynamic(operandSize)) {
        dynamic = true;
      } else if (operandSize != 1) {
        if (size != 1 && size != operandSize)
          return std::nullopt;
        size = operandSize;
      }
    }
    result.push_back(size == 1 && dynamic ? ShapedType::kDynamic : size);
  }
  return result;
}
