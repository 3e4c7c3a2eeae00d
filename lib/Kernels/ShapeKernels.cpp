//===- ShapeKernels.cpp - shape manipulation reference kernels ------------===//
//
// reshape, expand_dims, squeeze, concatenation, pack, unpack, slice,
// strided_slice, dynamic_update_slice, gather, transpose, fill, range and
// shape, with the semantics of TFLite's reference kernels. These ops only move
// elements, so most of them copy raw bytes and never look at the dtype.
//
// Where TFLite's kernels are undefined (read out of bounds, divide by zero)
// or leave a choice open:
//  - every index is checked: a slice `begin` outside [0, dim], a gather index
//    outside [0, axis size), a shrunk strided_slice index outside
//    [-dim, dim) are errors (TFLite reads out of bounds, or for a shrunk
//    index below -dim silently clamps to 0);
//  - strided_slice expands ellipsis and new_axis entries as TensorFlow (and
//    numpy) do: mask bits at or beyond the length of `begin` are ignored and
//    an ellipsis may stand for zero dimensions (TFLite's expansion always
//    lets an ellipsis cover at least one dimension and reads stray bits).
//    Per axis, begin and end are normalized and clamped exactly as TFLite's
//    StridedSliceStartForAxis / StridedSliceEndForAxis do; with `offset`,
//    end = (normalized, clamped begin) + end. A shrunk axis needs a positive
//    stride (TensorFlow's rule; TFLite writes no data there) and, with its
//    begin_mask bit set, takes index 0 (as TFLite does);
//  - dynamic_update_slice clamps each start index to
//    [0, operand_dim - update_dim], as TFLite (and XLA) do: never an error;
//  - reshape cannot infer a -1 dimension when the other dimensions multiply
//    to zero (TensorFlow's rule; TFLite divides by zero);
//  - range accepts start == limit (an empty result), as current TFLite does,
//    and computes its values by repeated addition, as TFLite does;
//  - fill and range refuse results of more than 2^31 - 1 elements (TFLite's
//    sizes are `int`).
//
//===----------------------------------------------------------------------===//

#include "KernelGroups.h"
#include "KernelUtils.h"
#include "sluice/Dialect/Lite/IR/IndexRules.h"

#include "sluice/Dialect/Lite/IR/LiteOps.h"
#include "sluice/Dialect/Lite/IR/StridedSliceAxes.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/CheckedArithmetic.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

using namespace mlir;
using namespace sluice;
using namespace sluice::interp;
using namespace sluice::interp::detail;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// A new tensor of `shape` whose element (i_0, ..., i_n) is the element of
/// `input` at flat offset `base + sum_k i_k * steps[k]`.
static Tensor copyStrided(const Tensor &input, ArrayRef<int64_t> shape,
                          int64_t base, ArrayRef<int64_t> steps) {
  Tensor result(input.getDType(), shape);
  int64_t count = result.getNumElements();
  if (count == 0)
    return result;
  size_t size = getDTypeSize(input.getDType());
  const char *src = input.data<char>();
  char *dst = result.mutableData<char>();
  SmallVector<int64_t, 6> index(shape.size(), 0);
  int64_t offset = base;
  for (int64_t i = 0; i < count; ++i) {
    std::memcpy(dst + i * size, src + offset * size, size);
    advanceIndex(index, shape, [&](int64_t dim, int64_t delta) {
      offset += delta * steps[dim];
    });
  }
  return result;
}

/// Joins `inputs` (same dtype and rank, equal dimensions but `axis`) along
/// `axis` into a tensor of `shape`.
static Tensor concatenate(ArrayRef<Tensor> inputs, int64_t axis,
                          ArrayRef<int64_t> shape) {
  DType dtype = inputs.front().getDType();
  Tensor result(dtype, shape);
  if (result.getNumElements() == 0)
    return result;
  size_t size = getDTypeSize(dtype);
  int64_t outer = getNumElements(shape.take_front(axis));
  char *dst = result.mutableData<char>();
  for (int64_t o = 0; o < outer; ++o) {
    for (const Tensor &input : inputs) {
      int64_t chunk = getNumElements(input.getShape().drop_front(axis));
      std::memcpy(dst, input.data<char>() + o * chunk * size, chunk * size);
      dst += chunk * size;
    }
  }
  return result;
}

//===----------------------------------------------------------------------===//
// Reshaping
//===----------------------------------------------------------------------===//

static LogicalResult evaluateReshape(Operation *op, ArrayRef<Tensor> operands,
                                     SmallVectorImpl<Tensor> &results) {
  const Tensor &input = operands[0];
  FailureOr<SmallVector<int64_t>> shape =
      readIndices(op, operands[1], "reshape shape");
  if (failed(shape))
    return failure();
  // The product of the entries other than -1, or `overflow`.
  std::optional<size_t> inferred;
  int64_t known = 1;
  bool overflow = false, zero = false;
  for (auto [index, size] : llvm::enumerate(*shape)) {
    if (size == -1) {
      if (inferred)
        return op->emitError("reshape shape ")
               << shapeString(*shape) << " has more than one -1 entry";
      inferred = index;
      continue;
    }
    if (size < 0)
      return op->emitError("reshape shape ")
             << shapeString(*shape) << " has a negative entry " << size;
    if (size == 0)
      zero = true;
    else if (known > std::numeric_limits<int64_t>::max() / size)
      overflow = true;
    else
      known *= size;
  }
  if (zero) {
    known = 0;
    overflow = false;
  }
  int64_t count = input.getNumElements();
  if (inferred) {
    if (known == 0 && !overflow)
      return op->emitError("reshape cannot infer the -1 entry of ")
             << shapeString(*shape) << " for " << describe(input)
             << ": the other entries multiply to 0";
    if (overflow || count % known != 0)
      return op->emitError("cannot reshape ")
             << describe(input) << " (" << count << " elements) into "
             << shapeString(*shape);
    (*shape)[*inferred] = count / known;
  } else if (overflow || known != count) {
    return op->emitError("cannot reshape ")
           << describe(input) << " (" << count << " elements) into "
           << shapeString(*shape);
  }
  results.push_back(input.reshaped(*shape));
  return success();
}

static LogicalResult evaluateExpandDims(Operation *op,
                                        ArrayRef<Tensor> operands,
                                        SmallVectorImpl<Tensor> &results) {
  const Tensor &input = operands[0];
  const Tensor &axisTensor = operands[1];
  if (!isIndexDType(axisTensor.getDType()))
    return op->emitError("expand_dims axis must be int32 or int64, got ")
           << describe(axisTensor);
  if (axisTensor.getNumElements() != 1)
    return op->emitError("expand_dims axis must have exactly one element, got ")
           << describe(axisTensor);
  // The new dimension goes at an index of the result, of rank r + 1.
  FailureOr<int64_t> axis =
      normalizeAxis(op, axisTensor.getAsInt(0), input.getRank() + 1, "axis");
  if (failed(axis))
    return failure();
  SmallVector<int64_t> shape(input.getShape());
  shape.insert(shape.begin() + *axis, 1);
  results.push_back(input.reshaped(shape));
  return success();
}

static LogicalResult evaluateSqueeze(lite::SqueezeOp op,
                                     ArrayRef<Tensor> operands,
                                     SmallVectorImpl<Tensor> &results) {
  const Tensor &input = operands[0];
  ArrayRef<int64_t> inShape = input.getShape();
  int64_t rank = input.getRank();
  SmallVector<bool> squeeze(rank, false);
  ArrayRef<int32_t> dims = op.getSqueezeDims();
  if (dims.empty()) {
    for (int64_t dim = 0; dim < rank; ++dim)
      squeeze[dim] = inShape[dim] == 1;
  }
  for (int32_t dim : dims) {
    FailureOr<int64_t> position = normalizeAxis(op, dim, rank, "squeeze dim");
    if (failed(position))
      return failure();
    if (inShape[*position] != 1)
      return op.emitError("cannot squeeze dimension ")
             << *position << " of " << describe(input) << ": its size is not 1";
    squeeze[*position] = true;
  }
  SmallVector<int64_t> shape;
  for (int64_t dim = 0; dim < rank; ++dim)
    if (!squeeze[dim])
      shape.push_back(inShape[dim]);
  results.push_back(input.reshaped(shape));
  return success();
}

//===----------------------------------------------------------------------===//
// Joining and splitting
//===----------------------------------------------------------------------===//

static LogicalResult evaluateConcatenation(lite::ConcatenationOp op,
                                           ArrayRef<Tensor> operands,
                                           SmallVectorImpl<Tensor> &results) {
  if (operands.empty())
    return op.emitError("concatenation needs at least one value");
  const Tensor &first = operands.front();
  int64_t rank = first.getRank();
  FailureOr<int64_t> axis = normalizeAxis(op, op.getAxis(), rank, "axis");
  if (failed(axis))
    return failure();
  SmallVector<int64_t> shape(first.getShape());
  shape[*axis] = 0;
  for (auto [index, value] : llvm::enumerate(operands)) {
    bool matches =
        value.getDType() == first.getDType() && value.getRank() == rank;
    for (int64_t dim = 0; matches && dim < rank; ++dim)
      matches = dim == *axis || value.getShape()[dim] == first.getShape()[dim];
    if (!matches)
      return op.emitError("concatenation value #")
             << index << " is " << describe(value)
             << ", which does not fit value #0, " << describe(first)
             << ", along axis " << *axis;
    shape[*axis] += value.getShape()[*axis];
  }
  if (failed(checkAllocation(op, first.getDType(), shape)))
    return failure();
  Tensor result = concatenate(operands, *axis, shape);
  if (failed(interp::detail::applyFusedActivation(op, result)))
    return failure();
  results.push_back(std::move(result));
  return success();
}

static LogicalResult evaluatePack(lite::PackOp op, ArrayRef<Tensor> operands,
                                  SmallVectorImpl<Tensor> &results) {
  if (operands.empty())
    return op.emitError("pack needs at least one value");
  const Tensor &first = operands.front();
  FailureOr<int64_t> axis =
      normalizeAxis(op, op.getAxis(), first.getRank() + 1, "axis");
  if (failed(axis))
    return failure();
  SmallVector<int64_t> piece(first.getShape());
  piece.insert(piece.begin() + *axis, 1);
  SmallVector<Tensor> pieces;
  for (auto [index, value] : llvm::enumerate(operands)) {
    if (value.getDType() != first.getDType() ||
        value.getShape() != first.getShape())
      return op.emitError("pack value #")
             << index << " is " << describe(value) << " but value #0 is "
             << describe(first);
    pieces.push_back(value.reshaped(piece));
  }
  SmallVector<int64_t> shape(piece);
  shape[*axis] = static_cast<int64_t>(operands.size());
  results.push_back(concatenate(pieces, *axis, shape));
  return success();
}

static LogicalResult evaluateUnpack(lite::UnpackOp op,
                                    ArrayRef<Tensor> operands,
                                    SmallVectorImpl<Tensor> &results) {
  const Tensor &input = operands[0];
  FailureOr<int64_t> axis =
      normalizeAxis(op, op.getAxis(), input.getRank(), "axis");
  if (failed(axis))
    return failure();
  int64_t count = input.getShape()[*axis];
  if (count != static_cast<int64_t>(op->getNumResults()))
    return op.emitError("unpack of ")
           << describe(input) << " along axis " << *axis << " gives " << count
           << " values but the op has " << op->getNumResults() << " results";
  SmallVector<int64_t> shape(input.getShape());
  SmallVector<int64_t> steps = getStrides(input.getShape());
  int64_t step = steps[*axis];
  shape.erase(shape.begin() + *axis);
  steps.erase(steps.begin() + *axis);
  for (int64_t i = 0; i < count; ++i)
    results.push_back(copyStrided(input, shape, i * step, steps));
  return success();
}

/// split: the axis cut into one equal part per result, copied in order.
static LogicalResult evaluateSplit(lite::SplitOp op, ArrayRef<Tensor> operands,
                                   SmallVectorImpl<Tensor> &results) {
  const Tensor &input = operands[1];
  FailureOr<int64_t> axis =
      normalizeAxis(op, operands[0].getAsInt(0), input.getRank(), "axis");
  if (failed(axis))
    return failure();
  int64_t size = input.getShape()[*axis];
  int64_t count = op->getNumResults();
  if (size % count != 0)
    return op.emitError("split of ")
           << describe(input) << " along axis " << *axis << " into " << count
           << " equal parts: " << count << " does not divide " << size;
  SmallVector<int64_t> shape(input.getShape());
  shape[*axis] = size / count;
  SmallVector<int64_t> steps = getStrides(input.getShape());
  for (int64_t i = 0; i < count; ++i)
    results.push_back(
        copyStrided(input, shape, i * shape[*axis] * steps[*axis], steps));
  return success();
}

//===----------------------------------------------------------------------===//
// Slicing
//===----------------------------------------------------------------------===//

static LogicalResult evaluateSlice(Operation *op, ArrayRef<Tensor> operands,
                                   SmallVectorImpl<Tensor> &results) {
  const Tensor &input = operands[0];
  FailureOr<SmallVector<int64_t>> begin =
      readIndices(op, operands[1], "slice begin");
  if (failed(begin))
    return failure();
  FailureOr<SmallVector<int64_t>> size =
      readIndices(op, operands[2], "slice size");
  if (failed(size))
    return failure();
  int64_t rank = input.getRank();
  if (static_cast<int64_t>(begin->size()) != rank ||
      static_cast<int64_t>(size->size()) != rank)
    return op->emitError("slice begin ")
           << shapeString(*begin) << " and size " << shapeString(*size)
           << " must have one entry per dimension of " << describe(input);
  ArrayRef<int64_t> inShape = input.getShape();
  SmallVector<int64_t> strides = getStrides(inShape);
  SmallVector<int64_t> shape;
  int64_t base = 0;
  for (int64_t dim = 0; dim < rank; ++dim) {
    int64_t b = (*begin)[dim], s = (*size)[dim], extent = inShape[dim];
    if (b < 0 || b > extent)
      return op->emitError("slice begin ")
             << b << " is out of range [0, " << extent << "] for dimension "
             << dim << " of " << describe(input);
    if (s == -1)
      s = extent - b;
    else if (s < 0)
      return op->emitError("slice size ")
             << s << " for dimension " << dim
             << " is negative (only -1, meaning to the end, is allowed)";
    else if (s > extent - b)
      return op->emitError("slice of size ")
             << s << " from " << b << " runs past the end of dimension " << dim
             << " of " << describe(input);
    shape.push_back(s);
    base += b * strides[dim];
  }
  results.push_back(copyStrided(input, shape, base, strides));
  return success();
}

namespace {
/// One dimension of a strided_slice after expanding ellipsis and new axes
/// (TFLite's "effective" dimensions).
struct SliceDim {
  /// A new size-1 dimension of the result (no input dimension).
  bool newAxis = false;
  /// The entry of begin/end/strides this dimension comes from, or -1 for one
  /// that an ellipsis or the implicit trailing ellipsis covers.
  int64_t entry = -1;
  int64_t begin = 0, end = 0, stride = 1;
  bool beginMask = true, endMask = true, shrink = false;
};
} // namespace

static LogicalResult evaluateStridedSlice(lite::StridedSliceOp op,
                                          ArrayRef<Tensor> operands,
                                          SmallVectorImpl<Tensor> &results) {
  const Tensor &input = operands[0];
  FailureOr<SmallVector<int64_t>> begin =
      readIndices(op, operands[1], "strided_slice begin");
  if (failed(begin))
    return failure();
  FailureOr<SmallVector<int64_t>> end =
      readIndices(op, operands[2], "strided_slice end");
  if (failed(end))
    return failure();
  FailureOr<SmallVector<int64_t>> strides =
      readIndices(op, operands[3], "strided_slice strides");
  if (failed(strides))
    return failure();
  int64_t count = begin->size();
  if (static_cast<int64_t>(end->size()) != count ||
      static_cast<int64_t>(strides->size()) != count)
    return op.emitError("strided_slice begin, end and strides must have the "
                        "same length, got ")
           << count << ", " << end->size() << " and " << strides->size();
  lite::StridedSliceEntryCounts counts =
      lite::countStridedSliceEntries(op, count);
  if (counts.ellipses > 1)
    return op.emitError("strided_slice ellipsis_mask has more than one bit "
                        "set among its ")
           << count << " entries";
  int64_t rank = input.getRank();
  if (counts.indexed > rank)
    return op.emitError("strided_slice indexes ")
           << counts.indexed << " dimensions but the input " << describe(input)
           << " has only " << rank;

  // The ellipsis (explicit, or implicit at the end) as full ranges, new axes
  // as size-1 dimensions; each other dimension reads its entry.
  SmallVector<SliceDim> dims;
  for (const lite::StridedSliceAxis &axis :
       lite::expandStridedSliceAxes(op, count, rank)) {
    SliceDim dim;
    dim.entry = axis.entry;
    dim.newAxis = axis.newAxis;
    if (axis.entry >= 0 && !axis.newAxis) {
      // Any index beyond +-2^62 acts like one just beyond the dimension, and
      // keeps the arithmetic below from overflowing.
      constexpr int64_t kLimit = int64_t(1) << 62;
      dim.begin = std::clamp((*begin)[axis.entry], -kLimit, kLimit);
      dim.end = std::clamp((*end)[axis.entry], -kLimit, kLimit);
      dim.stride = std::clamp((*strides)[axis.entry], -kLimit, kLimit);
      dim.beginMask = axis.beginMask;
      dim.endMask = axis.endMask;
      dim.shrink = axis.shrink;
    }
    dims.push_back(dim);
  }

  ArrayRef<int64_t> inShape = input.getShape();
  SmallVector<int64_t> inStrides = getStrides(inShape);
  SmallVector<int64_t> shape, steps;
  int64_t base = 0, inputDim = 0;
  for (const SliceDim &dim : dims) {
    if (dim.newAxis) {
      shape.push_back(1);
      steps.push_back(0);
      continue;
    }
    int64_t size = inShape[inputDim], step = inStrides[inputDim];
    int64_t stride = dim.stride;
    if (stride == 0)
      return op.emitError("strided_slice stride #") << dim.entry << " is zero";
    // TFLite's StridedSliceStartForAxis.
    int64_t start = dim.begin;
    if (start < 0)
      start += size;
    start = stride > 0 ? std::clamp<int64_t>(start, 0, size)
                       : std::clamp<int64_t>(start, -1, size - 1);
    if (dim.beginMask)
      start = stride > 0 ? 0 : size - 1;

    if (dim.shrink) {
      if (stride < 0)
        return op.emitError("strided_slice entry #")
               << dim.entry << " shrinks an axis and needs a positive stride, "
               << "got " << stride;
      int64_t index = dim.beginMask ? 0 : dim.begin;
      if (index < -size || index >= size || size == 0)
        return op.emitError("strided_slice index ")
               << index << " (entry #" << dim.entry
               << ") is out of range for dimension " << inputDim << " of size "
               << size << " of " << describe(input);
      base += start * step;
      ++inputDim;
      continue;
    }

    // TFLite's StridedSliceEndForAxis.
    int64_t stop = dim.end;
    if (op.getOffset())
      stop += start;
    if (stop < 0)
      stop += size;
    stop = stride > 0 ? std::clamp<int64_t>(stop, 0, size)
                      : std::clamp<int64_t>(stop, -1, size - 1);
    if (dim.endMask)
      stop = stride > 0 ? size : -1;

    int64_t extent = 0;
    if (stride > 0 && stop > start)
      extent = (stop - start + stride - 1) / stride;
    else if (stride < 0 && start > stop)
      extent = (start - stop - stride - 1) / -stride;
    if (extent > 0)
      base += start * step;
    shape.push_back(extent);
    steps.push_back(stride * step);
    ++inputDim;
  }
  results.push_back(copyStrided(input, shape, base, steps));
  return success();
}

static LogicalResult
evaluateDynamicUpdateSlice(Operation *op, ArrayRef<Tensor> operands,
                           SmallVectorImpl<Tensor> &results) {
  const Tensor &operand = operands[0];
  const Tensor &update = operands[1];
  FailureOr<SmallVector<int64_t>> start =
      readIndices(op, operands[2], "dynamic_update_slice start_indices");
  if (failed(start))
    return failure();
  int64_t rank = operand.getRank();
  if (static_cast<int64_t>(start->size()) != rank)
    return op->emitError("dynamic_update_slice start_indices ")
           << shapeString(*start) << " must have one entry per dimension of "
           << describe(operand);
  if (update.getRank() != rank)
    return op->emitError("dynamic_update_slice update ")
           << describe(update) << " does not have the rank of the operand "
           << describe(operand);
  ArrayRef<int64_t> outer = operand.getShape(), inner = update.getShape();
  SmallVector<int64_t> strides = getStrides(outer);
  int64_t base = 0;
  for (int64_t dim = 0; dim < rank; ++dim) {
    if (inner[dim] > outer[dim])
      return op->emitError("dynamic_update_slice update ")
             << describe(update) << " is larger than the operand "
             << describe(operand) << " in dimension " << dim;
    // TFLite's ClampStartIndices: the block always lies inside the operand.
    base += std::clamp<int64_t>((*start)[dim], 0, outer[dim] - inner[dim]) *
            strides[dim];
  }

  Tensor result(operand.getDType(), outer);
  size_t size = getDTypeSize(operand.getDType());
  char *dst = result.mutableData<char>();
  if (operand.getNumElements() > 0)
    std::memcpy(dst, operand.data<char>(), operand.getNumElements() * size);
  const char *src = update.data<char>();
  SmallVector<int64_t, 6> index(rank, 0);
  int64_t offset = base;
  for (int64_t i = 0, e = update.getNumElements(); i < e; ++i) {
    std::memcpy(dst + offset * size, src + i * size, size);
    advanceIndex(index, inner, [&](int64_t dim, int64_t delta) {
      offset += delta * strides[dim];
    });
  }
  results.push_back(std::move(result));
  return success();
}

//===----------------------------------------------------------------------===//
// Gather and transpose
//===----------------------------------------------------------------------===//

static LogicalResult evaluateGather(lite::GatherOp op,
                                    ArrayRef<Tensor> operands,
                                    SmallVectorImpl<Tensor> &results) {
  const Tensor &params = operands[0];
  const Tensor &indices = operands[1];
  if (!isIndexDType(indices.getDType()))
    return op.emitError("gather indices must be int32 or int64, got ")
           << describe(indices);
  FailureOr<int64_t> axis =
      normalizeAxis(op, op.getAxis(), params.getRank(), "gather axis");
  if (failed(axis))
    return failure();
  FailureOr<int64_t> normalizedBatchDims =
      sluice::lite::normalizeGatherBatchDims(
          op.getBatchDims(), indices.getRank(), *axis,
          [&] { return op.emitError(); }, "gather batch_dims");
  if (failed(normalizedBatchDims))
    return failure();
  int64_t batchDims = *normalizedBatchDims;
  ArrayRef<int64_t> pShape = params.getShape(), iShape = indices.getShape();
  for (int64_t dim = 0; dim < batchDims; ++dim)
    if (pShape[dim] != iShape[dim])
      return op.emitError("gather batch dimension ")
             << dim << " differs between params " << describe(params)
             << " and indices " << describe(indices);

  int64_t batchSize = getNumElements(pShape.take_front(batchDims));
  int64_t outer = getNumElements(pShape.slice(batchDims, *axis - batchDims));
  int64_t axisSize = pShape[*axis];
  int64_t inner = getNumElements(pShape.drop_front(*axis + 1));
  int64_t coords = getNumElements(iShape.drop_front(batchDims));

  // TFLite rejects negative indices up front and too large ones as it reads
  // them (so not when there is nothing to read).
  for (int64_t i = 0, e = indices.getNumElements(); i < e; ++i) {
    int64_t index = indices.getAsInt(i);
    if (index < 0 || (index >= axisSize && outer > 0))
      return op.emitError("gather index ")
             << index << " (element #" << i << " of indices) is out of range "
             << "[0, " << axisSize << ") for axis " << *axis << " of params "
             << describe(params);
  }

  Tensor result(params.getDType(),
                sluice::lite::getGatherShape(pShape, iShape, *axis, batchDims));
  size_t size = getDTypeSize(params.getDType());
  const char *src = params.data<char>();
  char *dst = result.mutableData<char>();
  for (int64_t b = 0; b < batchSize; ++b)
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t i = 0; i < coords; ++i) {
        int64_t index = indices.getAsInt(b * coords + i);
        std::memcpy(dst + ((b * outer + o) * coords + i) * inner * size,
                    src + ((b * outer + o) * axisSize + index) * inner * size,
                    inner * size);
      }
  results.push_back(std::move(result));
  return success();
}

/// scatter_nd: a zero tensor of `shape` to which each slice of updates is
/// added at its index tuple (repeated tuples add up); a tuple outside the
/// shape is an error, as in TF's ScatterNd.
static LogicalResult evaluateScatterNd(lite::ScatterNdOp op,
                                       ArrayRef<Tensor> operands,
                                       SmallVectorImpl<Tensor> &results) {
  const Tensor &indices = operands[0];
  const Tensor &updates = operands[1];
  if (!isIndexDType(indices.getDType()) || indices.getRank() < 1)
    return op.emitError("scatter_nd indices must be int32 or int64 of rank at "
                        "least 1, got ")
           << describe(indices);
  FailureOr<SmallVector<int64_t>> shape =
      readShape(op, operands[2], "scatter_nd shape");
  if (failed(shape) || failed(checkAllocation(op, updates.getDType(), *shape)))
    return failure();
  ArrayRef<int64_t> iShape = indices.getShape();
  int64_t depth = iShape.back();
  if (depth > static_cast<int64_t>(shape->size()))
    return op.emitError("scatter_nd index tuples of ")
           << depth << " entries for a shape of rank " << shape->size();
  SmallVector<int64_t> expected(iShape.drop_back());
  llvm::append_range(expected, ArrayRef(*shape).drop_front(depth));
  if (updates.getShape() != ArrayRef<int64_t>(expected))
    return op.emitError("scatter_nd updates ")
           << describe(updates) << " do not have the shape "
           << shapeString(expected) << " of indices " << describe(indices)
           << " and shape " << shapeString(*shape);
  int64_t tuples = getNumElements(iShape.drop_back());
  int64_t slice = getNumElements(ArrayRef(*shape).drop_front(depth));
  Tensor result(updates.getDType(), *shape); // zeros
  for (int64_t n = 0; n < tuples; ++n) {
    int64_t offset = 0;
    for (int64_t k = 0; k < depth; ++k) {
      int64_t index = indices.getAsInt(n * depth + k);
      if (index < 0 || index >= (*shape)[k])
        return op.emitError("scatter_nd index ")
               << index << " (entry " << k << " of tuple #" << n
               << ") is out of range [0, " << (*shape)[k] << ")";
      offset = offset * (*shape)[k] + index;
    }
    dispatchNumeric(updates.getDType(), [&](auto tag) {
      using T = decltype(tag);
      T *dst = result.mutableData<T>() + offset * slice;
      const T *src = updates.data<T>() + n * slice;
      for (int64_t j = 0; j < slice; ++j)
        dst[j] = wrapAdd(dst[j], src[j]);
    });
  }
  results.push_back(std::move(result));
  return success();
}

static LogicalResult evaluateTranspose(Operation *op, ArrayRef<Tensor> operands,
                                       SmallVectorImpl<Tensor> &results) {
  const Tensor &input = operands[0];
  FailureOr<SmallVector<int64_t>> perm =
      readIndices(op, operands[1], "transpose perm");
  if (failed(perm))
    return failure();
  int64_t rank = input.getRank();
  SmallVector<bool> seen(rank, false);
  bool valid = static_cast<int64_t>(perm->size()) == rank;
  for (int64_t dim : *perm) {
    if (!valid || dim < 0 || dim >= rank || seen[dim]) {
      valid = false;
      break;
    }
    seen[dim] = true;
  }
  if (!valid)
    return op->emitError("transpose perm ")
           << shapeString(*perm) << " is not a permutation of [0, " << rank
           << ") for " << describe(input);
  SmallVector<int64_t> inStrides = getStrides(input.getShape());
  SmallVector<int64_t> shape, steps;
  for (int64_t dim : *perm) {
    shape.push_back(input.getShape()[dim]);
    steps.push_back(inStrides[dim]);
  }
  results.push_back(copyStrided(input, shape, 0, steps));
  return success();
}

//===----------------------------------------------------------------------===//
// Tensor creation
//===----------------------------------------------------------------------===//

static LogicalResult evaluateFill(Operation *op, ArrayRef<Tensor> operands,
                                  SmallVectorImpl<Tensor> &results) {
  FailureOr<SmallVector<int64_t>> dims =
      readShape(op, operands[0], "fill dims");
  if (failed(dims))
    return failure();
  const Tensor &value = operands[1];
  if (value.getRank() != 0)
    return op->emitError("fill value must be a scalar, got ")
           << describe(value);
  if (failed(checkAllocation(op, value.getDType(), *dims)))
    return failure();
  Tensor result(value.getDType(), *dims);
  size_t size = getDTypeSize(value.getDType());
  char *dst = result.mutableData<char>();
  for (int64_t i = 0, count = result.getNumElements(); i < count; ++i)
    std::memcpy(dst + i * size, value.data<char>(), size);
  results.push_back(std::move(result));
  return success();
}

/// A tensor of `shape` whose element at each multi-index (i_0, i_1, ...)
/// is the input's element at flat offset sum_d offsetOf(d, i_d): the copy
/// behind tile, reverse_v2 and broadcast_to. `count` is shape's elements.
static Tensor copyByIndex(const Tensor &input, ArrayRef<int64_t> shape,
                          int64_t count,
                          function_ref<int64_t(size_t, int64_t)> offsetOf) {
  Tensor result(input.getDType(), shape);
  size_t size = getDTypeSize(input.getDType());
  SmallVector<int64_t> outStrides = getStrides(shape);
  char *dst = result.mutableData<char>();
  const char *src = input.data<char>();
  for (int64_t i = 0; i < count; ++i) {
    int64_t rest = i, from = 0;
    for (size_t d = 0; d < shape.size(); ++d) {
      from += offsetOf(d, rest / outStrides[d]);
      rest %= outStrides[d];
    }
    std::memcpy(dst + i * size, src + from * size, size);
  }
  return result;
}

/// The padded shape and the paddings before each dimension of pad and
/// mirror_pad: `paddings` is [rank, 2], not negative and (mirror_pad) at
/// most `largest(dimension size)`.
struct PaddedShape {
  SmallVector<int64_t> shape, before;
};
static FailureOr<PaddedShape>
readPaddings(Operation *op, const Tensor &input, const Tensor &paddings,
             function_ref<int64_t(int64_t)> largest = nullptr) {
  int64_t rank = input.getRank();
  if (paddings.getRank() != 2 || paddings.getShape()[0] != rank ||
      paddings.getShape()[1] != 2)
    return op->emitError("paddings must be [")
           << rank << ", 2] for the input " << describe(input) << ", got "
           << describe(paddings);
  PaddedShape padded;
  for (int64_t d = 0; d < rank; ++d) {
    int64_t low = paddings.getAsInt(2 * d), high = paddings.getAsInt(2 * d + 1);
    if (low < 0 || high < 0)
      return op->emitError("paddings has a negative entry in row ") << d;
    int64_t extent = input.getShape()[d];
    if (largest && std::max(low, high) > largest(extent))
      return op->emitError("paddings has ")
             << std::max(low, high) << " in row " << d << ", more than "
             << largest(extent) << " for a dimension of size " << extent;
    padded.before.push_back(low);
    std::optional<int64_t> size = llvm::checkedAdd(extent, low);
    if (size)
      size = llvm::checkedAdd(*size, high);
    if (!size)
      return op->emitError(op->getName().stripDialect())
             << " result is too large";
    padded.shape.push_back(*size);
  }
  return padded;
}

/// The input surrounded by `value`: paddings[d] = (before, after).
static LogicalResult evaluatePad(Operation *op, ArrayRef<Tensor> operands,
                                 SmallVectorImpl<Tensor> &results) {
  const Tensor &input = operands[0];
  int64_t rank = input.getRank();
  FailureOr<PaddedShape> padded = readPaddings(op, input, operands[1]);
  if (failed(padded))
    return failure();
  ArrayRef<int64_t> shape = padded->shape, before = padded->before;
  FailureOr<int64_t> count = checkAllocation(op, input.getDType(), shape);
  if (failed(count))
    return failure();
  Tensor result(input.getDType(), shape);
  size_t size = getDTypeSize(input.getDType());
  char *dst = result.mutableData<char>();
  const char *fill = operands[2].data<char>();
  for (int64_t i = 0; i < *count; ++i)
    std::memcpy(dst + i * size, fill, size);
  SmallVector<int64_t> inStrides = getStrides(input.getShape());
  SmallVector<int64_t> outStrides = getStrides(shape);
  const char *src = input.data<char>();
  for (int64_t i = 0, e = input.getNumElements(); i < e; ++i) {
    int64_t rest = i, to = 0;
    for (int64_t d = 0; d < rank; ++d) {
      to += (rest / inStrides[d] + before[d]) * outStrides[d];
      rest %= inStrides[d];
    }
    std::memcpy(dst + to * size, src + i * size, size);
  }
  results.push_back(std::move(result));
  return success();
}

/// mirror_pad: each position before or after the input reads its mirror
/// image (REFLECT about the border element, SYMMETRIC repeating it).
static LogicalResult evaluateMirrorPad(lite::MirrorPadOp op,
                                       ArrayRef<Tensor> operands,
                                       SmallVectorImpl<Tensor> &results) {
  const Tensor &input = operands[0];
  bool reflect = op.getMode() == lite::MirrorPadMode::REFLECT;
  FailureOr<PaddedShape> padded =
      readPaddings(op, input, operands[1],
                   [&](int64_t size) { return size - (reflect ? 1 : 0); });
  if (failed(padded))
    return failure();
  FailureOr<int64_t> count =
      checkAllocation(op, input.getDType(), padded->shape);
  if (failed(count))
    return failure();
  ArrayRef<int64_t> shape = input.getShape();
  SmallVector<int64_t> strides = getStrides(shape);
  results.push_back(
      copyByIndex(input, padded->shape, *count, [&](size_t d, int64_t index) {
        int64_t from = index - padded->before[d];
        if (from < 0)
          from = reflect ? -from : -from - 1;
        else if (from >= shape[d])
          from = reflect ? 2 * shape[d] - 2 - from : 2 * shape[d] - 1 - from;
        return from * strides[d];
      }));
  return success();
}

/// reverse_sequence: along seq_dim, the first seq_lengths[b] elements of
/// batch element b reversed.
static LogicalResult evaluateReverseSequence(lite::ReverseSequenceOp op,
                                             ArrayRef<Tensor> operands,
                                             SmallVectorImpl<Tensor> &results) {
  const Tensor &input = operands[0];
  int64_t rank = input.getRank();
  int64_t seqDim = op.getSeqDim(), batchDim = op.getBatchDim();
  if (seqDim < 0 || seqDim >= rank || batchDim < 0 || batchDim >= rank ||
      seqDim == batchDim)
    return op.emitError("reverse_sequence seq_dim ")
           << seqDim << " and batch_dim " << batchDim
           << " must be two dimensions of the input " << describe(input);
  FailureOr<SmallVector<int64_t>> lengths =
      readIndices(op, operands[1], "seq_lengths");
  if (failed(lengths))
    return failure();
  ArrayRef<int64_t> shape = input.getShape();
  if (static_cast<int64_t>(lengths->size()) != shape[batchDim])
    return op.emitError("seq_lengths has ")
           << lengths->size() << " entries for a batch of " << shape[batchDim];
  for (int64_t n : *lengths)
    if (n < 0 || n > shape[seqDim])
      return op.emitError("seq_lengths has ")
             << n << ", outside [0, " << shape[seqDim] << "]";
  SmallVector<int64_t> strides = getStrides(shape);
  Tensor result(input.getDType(), shape);
  size_t size = getDTypeSize(input.getDType());
  const char *src = input.data<char>();
  char *dst = result.mutableData<char>();
  for (int64_t i = 0, e = input.getNumElements(); i < e; ++i) {
    int64_t batch = i / strides[batchDim] % shape[batchDim];
    int64_t position = i / strides[seqDim] % shape[seqDim];
    int64_t n = (*lengths)[batch];
    int64_t from =
        position < n ? i + (n - 1 - 2 * position) * strides[seqDim] : i;
    std::memcpy(dst + i * size, src + from * size, size);
  }
  results.push_back(std::move(result));
  return success();
}

/// one_hot: on_value where the index equals the position along the new
/// dimension, off_value elsewhere.
static LogicalResult evaluateOneHot(lite::OneHotOp op,
                                    ArrayRef<Tensor> operands,
                                    SmallVectorImpl<Tensor> &results) {
  const Tensor &indices = operands[0];
  int64_t depth = operands[1].getAsInt(0);
  if (depth < 0)
    return op.emitError("one_hot depth must be non-negative, got ") << depth;
  int64_t axis = op.getAxis();
  if (axis < -1 || axis > indices.getRank())
    return op.emitError("one_hot axis ")
           << axis << " is outside [-1, " << indices.getRank() << "]";
  if (axis == -1)
    axis = indices.getRank();
  SmallVector<int64_t> shape(indices.getShape());
  shape.insert(shape.begin() + axis, depth);
  FailureOr<int64_t> count = checkAllocation(op, operands[2].getDType(), shape);
  if (failed(count))
    return failure();
  // Positions before the new dimension (outer), along it, and after it.
  int64_t inner = getNumElements(ArrayRef<int64_t>(shape).drop_front(axis + 1));
  Tensor result(operands[2].getDType(), shape);
  size_t size = getDTypeSize(result.getDType());
  char *dst = result.mutableData<char>();
  for (int64_t i = 0; i < *count; ++i) {
    int64_t j = i / inner % depth;
    int64_t index = indices.getAsInt(i / (inner * depth) * inner + i % inner);
    const Tensor &value = index == j ? operands[2] : operands[3];
    std::memcpy(dst + i * size, value.data<char>(), size);
  }
  results.push_back(std::move(result));
  return success();
}

/// result[i] = input[i with the broadcast dimensions' indices 0].
static LogicalResult evaluateBroadcastTo(Operation *op,
                                         ArrayRef<Tensor> operands,
                                         SmallVectorImpl<Tensor> &results) {
  const Tensor &input = operands[0];
  FailureOr<SmallVector<int64_t>> shape =
      readShape(op, operands[1], "broadcast_to shape");
  if (failed(shape))
    return failure();
  int64_t extra = static_cast<int64_t>(shape->size()) - input.getRank();
  bool fits = extra >= 0;
  for (int64_t d = 0; fits && d < input.getRank(); ++d)
    fits =
        input.getShape()[d] == 1 || input.getShape()[d] == (*shape)[extra + d];
  if (!fits)
    return op->emitError("cannot broadcast ")
           << describe(input) << " to shape " << shapeString(*shape);
  FailureOr<int64_t> count = checkAllocation(op, input.getDType(), *shape);
  if (failed(count))
    return failure();
  SmallVector<int64_t> inStrides = getStrides(input.getShape());
  results.push_back(copyByIndex(
      input, *shape, *count, [&](size_t d, int64_t index) -> int64_t {
        int64_t from = static_cast<int64_t>(d) - extra;
        return from >= 0 && input.getShape()[from] != 1
                   ? index * inStrides[from]
                   : 0;
      }));
  return success();
}

/// result[i] = input[i with i_d -> n_d - 1 - i_d for each axis d].
static LogicalResult evaluateReverse(Operation *op, ArrayRef<Tensor> operands,
                                     SmallVectorImpl<Tensor> &results) {
  const Tensor &input = operands[0];
  FailureOr<SmallVector<int64_t>> axes =
      readIndices(op, operands[1], "reverse axes");
  if (failed(axes))
    return failure();
  SmallVector<bool> reversed(input.getRank(), false);
  for (int64_t axis : *axes) {
    FailureOr<int64_t> dim = normalizeAxis(op, axis, input, "reverse axis");
    if (failed(dim))
      return failure();
    if (reversed[*dim])
      return op->emitError("reverse axis ")
             << axis << " (" << *dim << ") is listed more than once";
    reversed[*dim] = true;
  }
  ArrayRef<int64_t> shape = input.getShape();
  SmallVector<int64_t> strides = getStrides(shape);
  results.push_back(copyByIndex(
      input, shape, input.getNumElements(), [&](size_t d, int64_t index) {
        return (reversed[d] ? shape[d] - 1 - index : index) * strides[d];
      }));
  return success();
}

/// tile: result[j] = input[j mod shape(input)], dimension by dimension.
static LogicalResult evaluateTile(Operation *op, ArrayRef<Tensor> operands,
                                  SmallVectorImpl<Tensor> &results) {
  const Tensor &input = operands[0];
  FailureOr<SmallVector<int64_t>> multiples =
      readIndices(op, operands[1], "tile multiples");
  if (failed(multiples))
    return failure();
  if (static_cast<int64_t>(multiples->size()) != input.getRank())
    return op->emitError("tile multiples has ")
           << multiples->size() << " entries for an input of rank "
           << input.getRank();
  SmallVector<int64_t> shape;
  for (auto [size, times] : llvm::zip(input.getShape(), *multiples)) {
    if (times < 0)
      return op->emitError("tile multiples ")
             << shapeString(*multiples) << " has a negative entry " << times;
    std::optional<int64_t> product = llvm::checkedMul(size, times);
    if (!product)
      return op->emitError("tile result is too large");
    shape.push_back(*product);
  }
  FailureOr<int64_t> count = checkAllocation(op, input.getDType(), shape);
  if (failed(count))
    return failure();
  SmallVector<int64_t> inStrides = getStrides(input.getShape());
  results.push_back(
      copyByIndex(input, shape, *count, [&](size_t d, int64_t index) {
        return (index % input.getShape()[d]) * inStrides[d];
      }));
  return success();
}

/// range needs a nonzero delta that leads from start to limit.
template <typename T>
static LogicalResult checkRangeDirection(Operation *op, T start, T limit,
                                         T delta) {
  if (delta == 0)
    return op->emitError("range requires delta != 0");
  if (delta > 0 && start > limit)
    return op->emitError("range requires start <= limit when delta > 0: ")
           << start << "/" << limit;
  if (delta < 0 && start < limit)
    return op->emitError("range requires start >= limit when delta < 0: ")
           << start << "/" << limit;
  return success();
}

/// range on integers: the size is computed without overflow and the values
/// by repeated (never overflowing) addition.
template <typename T>
static LogicalResult rangeOfIntegers(Operation *op, T start, T limit, T delta,
                                     DType dtype,
                                     SmallVectorImpl<Tensor> &results) {
  if (failed(checkRangeDirection(op, start, limit, delta)))
    return failure();
  using U = uint64_t;
  U distance = delta > 0 ? U(int64_t(limit)) - U(int64_t(start))
                         : U(int64_t(start)) - U(int64_t(limit));
  U step = delta > 0 ? U(int64_t(delta)) : U(0) - U(int64_t(delta));
  U size = distance / step + (distance % step != 0 ? 1 : 0);
  if (size > U(kMaxElements))
    return op->emitError("range from ")
           << start << " to " << limit << " by " << delta << " has " << size
           << " elements, more than " << kMaxElements;
  if (failed(checkAllocation(op, dtype, {static_cast<int64_t>(size)})))
    return failure();
  Tensor result(dtype, {static_cast<int64_t>(size)});
  T *data = result.mutableData<T>();
  T value = start;
  for (U i = 0; i < size; ++i) {
    data[i] = value;
    if (i + 1 < size)
      value = static_cast<T>(value + delta);
  }
  results.push_back(std::move(result));
  return success();
}

/// range on floats, as TFLite: size ceil(|(limit - start) / delta|), values
/// by repeated addition in T.
template <typename T>
static LogicalResult rangeOfFloats(Operation *op, T start, T limit, T delta,
                                   DType dtype,
                                   SmallVectorImpl<Tensor> &results) {
  if (std::isnan(start) || std::isnan(limit) || std::isnan(delta))
    return op->emitError("range operands must not be NaN: start ")
           << start << ", limit " << limit << ", delta " << delta;
  if (failed(checkRangeDirection(op, start, limit, delta)))
    return failure();
  T size = std::ceil(std::abs((limit - start) / delta));
  // static_cast<float>(kMaxElements) rounds up to 2^31: compare after the
  // (then safe) conversion too.
  if (!(size <= static_cast<T>(kMaxElements)) ||
      static_cast<int64_t>(size) > kMaxElements)
    return op->emitError("range from ")
           << start << " to " << limit << " by " << delta << " has more than "
           << kMaxElements << " elements";
  int64_t count = static_cast<int64_t>(size);
  if (failed(checkAllocation(op, dtype, {count})))
    return failure();
  Tensor result(dtype, {count});
  T *data = result.mutableData<T>();
  T value = start;
  for (int64_t i = 0; i < count; ++i) {
    data[i] = value;
    value += delta;
  }
  results.push_back(std::move(result));
  return success();
}

static LogicalResult evaluateRange(Operation *op, ArrayRef<Tensor> operands,
                                   SmallVectorImpl<Tensor> &results) {
  DType dtype = operands[0].getDType();
  for (const Tensor &operand : operands)
    if (operand.getRank() != 0 || operand.getDType() != dtype)
      return op->emitError("range operands must be scalars of one dtype, got ")
             << describe(operands[0]) << ", " << describe(operands[1])
             << " and " << describe(operands[2]);
  switch (dtype) {
  case DType::Int32: {
    auto get = [&](int i) { return operands[i].data<int32_t>()[0]; };
    return rangeOfIntegers<int32_t>(op, get(0), get(1), get(2), dtype, results);
  }
  case DType::Int64: {
    auto get = [&](int i) { return operands[i].data<int64_t>()[0]; };
    return rangeOfIntegers<int64_t>(op, get(0), get(1), get(2), dtype, results);
  }
  case DType::Float32: {
    auto get = [&](int i) { return operands[i].data<float>()[0]; };
    return rangeOfFloats<float>(op, get(0), get(1), get(2), dtype, results);
  }
  case DType::Float64: {
    auto get = [&](int i) { return operands[i].data<double>()[0]; };
    return rangeOfFloats<double>(op, get(0), get(1), get(2), dtype, results);
  }
  default:
    return op->emitError("range does not support ")
           << getDTypeName(dtype) << " operands";
  }
}

static LogicalResult evaluateShape(Operation *op, ArrayRef<Tensor> operands,
                                   SmallVectorImpl<Tensor> &results) {
  const Tensor &input = operands[0];
  auto type = dyn_cast<ShapedType>(op->getResult(0).getType());
  std::optional<DType> dtype =
      type ? getDType(type.getElementType()) : std::nullopt;
  ArrayRef<int64_t> shape = input.getShape();
  int64_t rank = input.getRank();
  if (dtype == DType::Int32) {
    for (int64_t size : shape)
      if (size > std::numeric_limits<int32_t>::max())
        return op->emitError("dimension ") << size << " of " << describe(input)
                                           << " does not fit the int32 result";
    SmallVector<int32_t> values(shape.begin(), shape.end());
    results.push_back(Tensor::fromValues<int32_t>(*dtype, {rank}, values));
    return success();
  }
  if (dtype == DType::Int64) {
    results.push_back(Tensor::fromValues<int64_t>(*dtype, {rank}, shape));
    return success();
  }
  return op->emitError("shape result must have element type i32 or i64, got ")
         << op->getResult(0).getType();
}

//===----------------------------------------------------------------------===//
// Entry point
//===----------------------------------------------------------------------===//

std::optional<LogicalResult>
sluice::interp::detail::evaluateShapeOp(Operation *op,
                                        ArrayRef<Tensor> operands,
                                        SmallVectorImpl<Tensor> &results) {
  using Result = std::optional<LogicalResult>;
  return llvm::TypeSwitch<Operation *, Result>(op)
      .Case([&](lite::ReshapeOp) {
        return evaluateReshape(op, operands, results);
      })
      .Case([&](lite::ExpandDimsOp) {
        return evaluateExpandDims(op, operands, results);
      })
      .Case([&](lite::SqueezeOp squeeze) {
        return evaluateSqueeze(squeeze, operands, results);
      })
      .Case([&](lite::ConcatenationOp concat) {
        return evaluateConcatenation(concat, operands, results);
      })
      .Case([&](lite::PackOp pack) {
        return evaluatePack(pack, operands, results);
      })
      .Case([&](lite::SplitOp split) {
        return evaluateSplit(split, operands, results);
      })
      .Case([&](lite::UnpackOp unpack) {
        return evaluateUnpack(unpack, operands, results);
      })
      .Case([&](lite::SliceOp) { return evaluateSlice(op, operands, results); })
      .Case([&](lite::StridedSliceOp slice) {
        return evaluateStridedSlice(slice, operands, results);
      })
      .Case([&](lite::DynamicUpdateSliceOp) {
        return evaluateDynamicUpdateSlice(op, operands, results);
      })
      .Case([&](lite::GatherOp gather) {
        return evaluateGather(gather, operands, results);
      })
      .Case([&](lite::ScatterNdOp scatter) {
        return evaluateScatterNd(scatter, operands, results);
      })
      .Case([&](lite::TransposeOp) {
        return evaluateTranspose(op, operands, results);
      })
      .Case([&](lite::FillOp) { return evaluateFill(op, operands, results); })
      .Case([&](lite::TileOp) { return evaluateTile(op, operands, results); })
      .Case([&](lite::PadOp) { return evaluatePad(op, operands, results); })
      .Case([&](lite::MirrorPadOp mirror) {
        return evaluateMirrorPad(mirror, operands, results);
      })
      .Case([&](lite::ReverseSequenceOp reverse) {
        return evaluateReverseSequence(reverse, operands, results);
      })
      .Case([&](lite::OneHotOp oneHot) {
        return evaluateOneHot(oneHot, operands, results);
      })
      .Case([&](lite::BroadcastToOp) {
        return evaluateBroadcastTo(op, operands, results);
      })
      .Case([&](lite::ReverseV2Op) {
        return evaluateReverse(op, operands, results);
      })
      .Case([&](lite::RangeOp) { return evaluateRange(op, operands, results); })
      .Case([&](lite::ShapeOp) { return evaluateShape(op, operands, results); })
      .Default([](Operation *) { return std::nullopt; });
}
