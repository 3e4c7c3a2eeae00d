//===- TypeInference.cpp - result shapes of lite ops ----------------------===//
//
// Every lite op's shape rule (TypeInference.h says who calls them), one per
// op family, each the static counterpart of the shape the interpreter's
// kernel computes at run time (lib/Kernels/*Kernels.cpp):
//
//   same shape      unary elementwise ops, cast          (traits)
//   broadcast       binary arithmetic, comparisons, logical and/or,
//                   select_v2 (numpy broadcasting)       (traits)
//   reductions      sum, mean, reduce_max, reduce_min
//   reshaping       reshape, expand_dims, squeeze
//   joining         concatenation, pack, unpack
//   slicing         slice, strided_slice, dynamic_update_slice, gather,
//                   transpose
//   creation        fill, random_uniform, tile, range, shape
//   linear algebra  fully_connected, batch_matmul
//   lists           list_reserve, set_item, scatter, get_item, gather, length
//
// The structured ops implement InferShapedTypeOpInterface with their rule
// (bottom of the file); lite.unpack (its result count is its type's) and
// lite.list_reserve (its element shape is its type's) are refined from their
// own result types by inferResultShape.
//
// Shapes, axes, perms and indices are read through OperandContents: the
// constants, and what the caller's value-to-shape map knows. A rule gives up
// (nullopt) where the kernel would report an error, so an inconsistent op
// keeps its declared type.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Lite/IR/TypeInference.h"

#include "sluice/Dialect/Lite/IR/StridedSliceAxes.h"
#include "sluice/Dialect/Lite/IR/WindowRules.h"
#include "sluice/Runtime/ResourceLimits.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/CheckedArithmetic.h"

#include <algorithm>
#include <cmath>
#include <limits>

using namespace mlir;
using namespace sluice::lite;
using namespace sluice::lite::shapes;

/// The most elements a kernel creates a tensor with (ResourceLimits.h,
/// TFLite's `int` sizes).
using sluice::kMaxElements;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

static bool isKnown(int64_t size) { return size != kUnknown; }

static ShapeKnowledge shapeOf(Value value) {
  return getShapeKnowledge(value.getType());
}

/// The element count of a static int32/int64 tensor type small enough to
/// track as contents, or nullopt.
std::optional<int64_t> sluice::lite::shapes::getTrackedCount(Type type) {
  auto ranked = dyn_cast<RankedTensorType>(type);
  if (!ranked || !ranked.hasStaticShape())
    return std::nullopt;
  auto element = dyn_cast<IntegerType>(ranked.getElementType());
  if (!element || !element.isSignless() ||
      (element.getWidth() != 32 && element.getWidth() != 64))
    return std::nullopt;
  if (ranked.getNumElements() > kMaxTrackedElements)
    return std::nullopt;
  return ranked.getNumElements();
}

std::optional<SmallVector<int64_t>>
sluice::lite::shapes::getConstantContents(Value value) {
  std::optional<int64_t> count = getTrackedCount(value.getType());
  if (!count)
    return std::nullopt;
  if (*count == 0)
    return SmallVector<int64_t>();
  DenseIntElementsAttr attr;
  if (!matchPattern(value, m_Constant(&attr)) ||
      attr.getNumElements() != *count)
    return std::nullopt;
  SmallVector<int64_t> contents;
  for (const APInt &element : attr.getValues<APInt>())
    contents.push_back(element.getSExtValue());
  return contents;
}

std::optional<SmallVector<int64_t>>
sluice::lite::shapes::fullyKnown(std::optional<SmallVector<int64_t>> contents) {
  if (!contents || llvm::is_contained(*contents, kUnknown))
    return std::nullopt;
  return contents;
}

namespace {
/// The contents of an op's shape-carrying operands: what the caller's
/// value-to-shape map of `operands` knows, else constants.
class OperandContents {
public:
  explicit OperandContents(ValueShapeRange operands) : operands(operands) {}

  /// The contents of `value` (an operand), kUnknown where not known.
  std::optional<SmallVector<int64_t>> lookup(Value value) const {
    for (auto [index, operand] : llvm::enumerate(operands.getValues())) {
      if (operand != value)
        continue;
      std::optional<int64_t> count = getTrackedCount(value.getType());
      ShapeAdaptor known = operands.getValueAsShape(index);
      if (count && known && known.hasRank() && known.getRank() == *count) {
        SmallVector<int64_t> contents;
        known.getDims(contents);
        return contents;
      }
      break;
    }
    return getConstantContents(value);
  }

  /// The contents of `value` when every element is known.
  std::optional<SmallVector<int64_t>> lookupFullyKnown(Value value) const {
    return fullyKnown(lookup(value));
  }

private:
  mutable ValueShapeRange operands;
};
} // namespace

/// The entries of the 1-D vector `value` (kUnknown where not known), when
/// at least its length is known.
static std::optional<SmallVector<int64_t>>
vectorEntries(Value value, const OperandContents &values) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type || type.getRank() != 1)
    return std::nullopt;
  if (std::optional<SmallVector<int64_t>> contents = values.lookup(value))
    return contents;
  if (type.isDynamicDim(0) || type.getDimSize(0) > sluice::kMaxRank)
    return std::nullopt;
  return SmallVector<int64_t>(type.getDimSize(0), kUnknown);
}

/// The number of elements of a shape whose sizes are all known, or nullopt
/// (also when the count overflows).
static std::optional<int64_t> elementCount(ArrayRef<int64_t> shape) {
  if (llvm::is_contained(shape, kUnknown))
    return std::nullopt;
  if (llvm::is_contained(shape, 0))
    return 0;
  int64_t count = 1;
  for (int64_t size : shape) {
    std::optional<int64_t> product = llvm::checkedMul(count, size);
    if (!product)
      return std::nullopt;
    count = *product;
  }
  return count;
}

/// `shape`, unless the kernel would refuse to create a tensor that large.
static ShapeKnowledge withinKernelLimit(SmallVector<int64_t> shape) {
  if (llvm::any_of(shape,
                   [](int64_t size) { return isKnown(size) && size < 0; }))
    return std::nullopt;
  bool allKnown = !llvm::is_contained(shape, kUnknown);
  std::optional<int64_t> count = elementCount(shape);
  if (allKnown && (!count || *count > kMaxElements))
    return std::nullopt;
  return shape;
}

//===----------------------------------------------------------------------===//
// Elementwise ops
//===----------------------------------------------------------------------===//

/// Unary ops and cast: the result has the operand's shape.
static ShapeKnowledge inferSameShape(Operation *op) {
  ShapeKnowledge shape;
  for (Value operand : op->getOperands()) {
    FailureOr<ShapeKnowledge> met = meetShapes(shape, shapeOf(operand));
    if (failed(met))
      return std::nullopt;
    shape = *met;
  }
  return shape;
}

/// Numpy broadcasting (lite::broadcastShapes) of shapes that may be unknown
/// (then so is the result: it could have any number of leading dimensions).
static ShapeKnowledge broadcastKnownShapes(ArrayRef<ShapeKnowledge> shapes) {
  SmallVector<ArrayRef<int64_t>> known;
  for (const ShapeKnowledge &shape : shapes) {
    if (!shape)
      return std::nullopt; // Could have any number of leading dimensions.
    known.push_back(*shape);
  }
  return sluice::lite::broadcastShapes(known);
}

static ShapeKnowledge inferBroadcast(Operation *op) {
  SmallVector<ShapeKnowledge> shapes;
  for (Value operand : op->getOperands())
    shapes.push_back(shapeOf(operand));
  return broadcastKnownShapes(shapes);
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

/// sum, mean, reduce_max, reduce_min: the input without (or, with
/// keep_dims, with size 1 in) the dimensions `axes` lists.
static ShapeKnowledge inferReduction(Value inputValue, Value axesValue,
                                     bool keepDims,
                                     const OperandContents &values) {
  ShapeKnowledge input = shapeOf(inputValue);
  auto axesType = dyn_cast<RankedTensorType>(axesValue.getType());
  if (!input || (axesType && axesType.getRank() > 1))
    return std::nullopt;
  int64_t rank = input->size();
  if (std::optional<SmallVector<int64_t>> axes =
          values.lookupFullyKnown(axesValue)) {
    llvm::SmallSet<int64_t, 4> reduced;
    for (int64_t axis : *axes) {
      std::optional<int64_t> dim = normalizeAxis(axis, rank);
      if (!dim)
        return std::nullopt;
      reduced.insert(*dim);
    }
    SmallVector<int64_t> result;
    for (int64_t dim = 0; dim < rank; ++dim) {
      if (!reduced.contains(dim))
        result.push_back((*input)[dim]);
      else if (keepDims)
        result.push_back(1);
    }
    return result;
  }
  // Which dimensions go is not known: with keep_dims each one is its own
  // size or 1.
  if (keepDims)
    return llvm::to_vector(llvm::map_range(
        *input, [](int64_t size) { return size == 1 ? 1 : kUnknown; }));
  // A single axis (duplicates cannot occur) removes exactly one dimension.
  if (!axesType || !axesType.hasStaticShape() ||
      axesType.getNumElements() != 1 || rank == 0)
    return std::nullopt;
  bool allEqual = llvm::all_equal(*input);
  return SmallVector<int64_t>(rank - 1, allEqual ? input->front() : kUnknown);
}

//===----------------------------------------------------------------------===//
// Reshaping
//===----------------------------------------------------------------------===//

/// reshape: the entries of `shape`. A -1 entry is the element count divided
/// by the other entries; so is an entry not known statically when it is the
/// only one (it is -1, or must be that size for the reshape to succeed).
static ShapeKnowledge inferReshape(ReshapeOp::Adaptor op,
                                   const OperandContents &values) {
  std::optional<SmallVector<int64_t>> entries =
      vectorEntries(op.getShape(), values);
  if (!entries)
    return std::nullopt;
  SmallVector<int64_t> result;
  std::optional<int64_t> inferredIndex;
  int unknownEntries = 0, minusOnes = 0;
  int64_t product = 1;
  bool productKnown = true;
  for (auto [index, entry] : llvm::enumerate(*entries)) {
    if (!isKnown(entry) || entry == -1) {
      minusOnes += entry == -1;
      ++unknownEntries;
      inferredIndex = index;
      result.push_back(kUnknown);
      continue;
    }
    if (entry < 0)
      return std::nullopt;
    result.push_back(entry);
    std::optional<int64_t> next = llvm::checkedMul(product, entry);
    productKnown = productKnown && next;
    product = next.value_or(0);
  }
  if (minusOnes > 1)
    return std::nullopt;
  ShapeKnowledge input = shapeOf(op.getInput());
  std::optional<int64_t> count =
      input ? elementCount(*input) : std::optional<int64_t>();
  if (!count || !productKnown)
    return result;
  if (unknownEntries == 0)
    return product == *count ? ShapeKnowledge(result) : std::nullopt;
  if (unknownEntries == 1 && product != 0) {
    if (*count % product != 0)
      return std::nullopt;
    result[*inferredIndex] = *count / product;
  } else if (minusOnes == 1 && product == 0) {
    return std::nullopt; // The kernel cannot infer -1 next to a 0 entry.
  }
  return result;
}

/// expand_dims: a size-1 dimension at `axis`, an index of the result.
static ShapeKnowledge inferExpandDims(ExpandDimsOp::Adaptor op,
                                      const OperandContents &values) {
  ShapeKnowledge input = shapeOf(op.getInput());
  if (!input)
    return std::nullopt;
  int64_t rank = input->size() + 1;
  SmallVector<int64_t> result(*input);
  std::optional<SmallVector<int64_t>> axis =
      values.lookupFullyKnown(op.getAxis());
  if (!axis) {
    auto axisType = dyn_cast<RankedTensorType>(op.getAxis().getType());
    if (axisType && axisType.hasStaticShape() && axisType.getNumElements() != 1)
      return std::nullopt;
    return SmallVector<int64_t>(rank, kUnknown);
  }
  if (axis->size() != 1)
    return std::nullopt;
  std::optional<int64_t> position = normalizeAxis(axis->front(), rank);
  if (!position)
    return std::nullopt;
  result.insert(result.begin() + *position, 1);
  return result;
}

/// squeeze: the input without the listed size-1 dimensions, or without all
/// of them when none is listed.
static ShapeKnowledge inferSqueeze(SqueezeOp::Adaptor op) {
  ShapeKnowledge input = shapeOf(op.getInput());
  if (!input)
    return std::nullopt;
  int64_t rank = input->size();
  SmallVector<bool> squeezed(rank, false);
  if (op.getSqueezeDims().empty()) {
    // Which dimensions go depends on sizes only known at run time.
    if (llvm::is_contained(*input, kUnknown))
      return std::nullopt;
    for (int64_t dim = 0; dim < rank; ++dim)
      squeezed[dim] = (*input)[dim] == 1;
  }
  for (int32_t dim : op.getSqueezeDims()) {
    std::optional<int64_t> position = normalizeAxis(dim, rank);
    if (!position ||
        !llvm::is_contained({kUnknown, int64_t(1)}, (*input)[*position]))
      return std::nullopt;
    squeezed[*position] = true;
  }
  SmallVector<int64_t> result;
  for (int64_t dim = 0; dim < rank; ++dim)
    if (!squeezed[dim])
      result.push_back((*input)[dim]);
  return result;
}

//===----------------------------------------------------------------------===//
// Joining and splitting
//===----------------------------------------------------------------------===//

/// concatenation: the operands agree on every dimension but `axis`, whose
/// sizes add up.
static ShapeKnowledge inferConcatenation(ConcatenationOp::Adaptor op) {
  std::optional<int64_t> rank;
  for (Value value : op.getValues()) {
    ShapeKnowledge shape = shapeOf(value);
    if (!shape)
      continue;
    if (rank && *rank != static_cast<int64_t>(shape->size()))
      return std::nullopt;
    rank = shape->size();
  }
  if (!rank)
    return std::nullopt;
  std::optional<int64_t> axis = normalizeAxis(op.getAxis(), *rank);
  if (!axis)
    return std::nullopt;
  SmallVector<int64_t> result(*rank, kUnknown);
  int64_t axisSize = 0;
  for (Value value : op.getValues()) {
    ShapeKnowledge shape = shapeOf(value);
    if (!shape) {
      axisSize = kUnknown;
      continue;
    }
    for (int64_t dim = 0; dim < *rank; ++dim) {
      int64_t size = (*shape)[dim];
      if (dim == *axis) {
        if (!isKnown(size) || !isKnown(axisSize))
          axisSize = kUnknown;
        else
          axisSize += size;
      } else if (isKnown(size)) {
        if (isKnown(result[dim]) && result[dim] != size)
          return std::nullopt;
        result[dim] = size;
      }
    }
  }
  result[*axis] = axisSize;
  return result;
}

/// pack: the common shape of the values with their count inserted at
/// `axis`.
static ShapeKnowledge inferPack(PackOp::Adaptor op) {
  ShapeKnowledge common;
  for (Value value : op.getValues()) {
    FailureOr<ShapeKnowledge> met = meetShapes(common, shapeOf(value));
    if (failed(met))
      return std::nullopt;
    common = *met;
  }
  if (!common)
    return std::nullopt;
  std::optional<int64_t> axis = normalizeAxis(op.getAxis(), common->size() + 1);
  if (!axis)
    return std::nullopt;
  common->insert(common->begin() + *axis,
                 static_cast<int64_t>(op.getValues().size()));
  return common;
}

/// unpack: every result is the input without dimension `axis`.
static ShapeKnowledge inferUnpack(UnpackOp op) {
  ShapeKnowledge input = shapeOf(op.getInput());
  if (!input)
    return std::nullopt;
  std::optional<int64_t> axis = normalizeAxis(op.getAxis(), input->size());
  if (!axis)
    return std::nullopt;
  int64_t count = (*input)[*axis];
  if (isKnown(count) && count != static_cast<int64_t>(op->getNumResults()))
    return std::nullopt;
  input->erase(input->begin() + *axis);
  return input;
}

/// split: the axis (a constant) cut into one equal part per result.
static ShapeKnowledge inferSplit(SplitOp op) {
  ShapeKnowledge input = shapeOf(op.getInput());
  DenseIntElementsAttr axisAttr;
  if (!input || !matchPattern(op.getAxis(), m_Constant(&axisAttr)) ||
      axisAttr.getNumElements() != 1)
    return std::nullopt;
  std::optional<int64_t> axis = normalizeAxis(
      (*axisAttr.getValues<APInt>().begin()).getSExtValue(), input->size());
  if (!axis)
    return std::nullopt;
  int64_t &size = (*input)[*axis];
  int64_t count = op->getNumResults();
  if (isKnown(size)) {
    if (count == 0 || size % count != 0)
      return std::nullopt;
    size /= count;
  }
  return input;
}

//===----------------------------------------------------------------------===//
// Slicing
//===----------------------------------------------------------------------===//

/// slice: `size[i]` elements from `begin[i]`; -1 takes the rest.
static ShapeKnowledge inferSlice(SliceOp::Adaptor op,
                                 const OperandContents &values) {
  std::optional<SmallVector<int64_t>> begin =
      vectorEntries(op.getBegin(), values);
  std::optional<SmallVector<int64_t>> size =
      vectorEntries(op.getSize(), values);
  ShapeKnowledge input = shapeOf(op.getInput());
  std::optional<int64_t> rank;
  for (std::optional<size_t> length :
       {input ? std::optional<size_t>(input->size()) : std::nullopt,
        begin ? std::optional<size_t>(begin->size()) : std::nullopt,
        size ? std::optional<size_t>(size->size()) : std::nullopt}) {
    if (!length)
      continue;
    if (rank && *rank != static_cast<int64_t>(*length))
      return std::nullopt;
    rank = *length;
  }
  if (!rank)
    return std::nullopt;
  SmallVector<int64_t> result;
  for (int64_t dim = 0; dim < *rank; ++dim) {
    int64_t b = begin ? (*begin)[dim] : kUnknown;
    int64_t s = size ? (*size)[dim] : kUnknown;
    int64_t extent = input ? (*input)[dim] : kUnknown;
    if (isKnown(b) && (b < 0 || (isKnown(extent) && b > extent)))
      return std::nullopt;
    if (!isKnown(s)) {
      result.push_back(kUnknown);
    } else if (s == -1) {
      if (b == 0)
        result.push_back(extent);
      else
        result.push_back(isKnown(b) && isKnown(extent) ? extent - b : kUnknown);
    } else if (s < 0 || (isKnown(extent) && s > extent) ||
               (isKnown(extent) && isKnown(b) && s > extent - b)) {
      return std::nullopt;
    } else {
      result.push_back(s);
    }
  }
  return result;
}

std::optional<SmallVector<StridedSliceDim>>
sluice::lite::shapes::expandStridedSlice(StridedSliceOpAdaptor op, int64_t rank,
                                         ArrayRef<int64_t> begin,
                                         ArrayRef<int64_t> end,
                                         ArrayRef<int64_t> strides) {
  int64_t count = begin.size();
  if (static_cast<int64_t>(end.size()) != count ||
      static_cast<int64_t>(strides.size()) != count)
    return std::nullopt;
  StridedSliceEntryCounts counts = countStridedSliceEntries(op, count);
  if (counts.ellipses > 1 || counts.indexed > rank)
    return std::nullopt;
  // Any index beyond +-2^62 acts like one just beyond the dimension (as in
  // the kernel, which clamps them to keep its arithmetic from overflowing).
  constexpr int64_t kLimit = int64_t(1) << 62;
  auto clamp = [&](int64_t value) {
    return isKnown(value) ? std::clamp(value, -kLimit, kLimit) : kUnknown;
  };
  SmallVector<StridedSliceDim> dims;
  for (const StridedSliceAxis &axis : expandStridedSliceAxes(op, count, rank)) {
    StridedSliceDim dim;
    dim.newAxis = axis.newAxis;
    if (axis.entry >= 0 && !axis.newAxis) {
      dim.begin = clamp(begin[axis.entry]);
      dim.end = clamp(end[axis.entry]);
      dim.stride = clamp(strides[axis.entry]);
      dim.beginMask = axis.beginMask;
      dim.endMask = axis.endMask;
      dim.shrink = axis.shrink;
    }
    dims.push_back(dim);
  }
  return dims;
}

std::optional<AxisRange>
sluice::lite::shapes::resolveAxisRange(const StridedSliceDim &dim, int64_t size,
                                       bool offset) {
  int64_t stride = dim.stride;
  if (!isKnown(stride) || stride == 0 || !isKnown(size))
    return std::nullopt;
  // TFLite's StridedSliceStartForAxis.
  int64_t start;
  if (dim.beginMask) {
    start = stride > 0 ? 0 : size - 1;
  } else {
    if (!isKnown(dim.begin))
      return std::nullopt;
    start = dim.begin < 0 ? dim.begin + size : dim.begin;
    start = stride > 0 ? std::clamp<int64_t>(start, 0, size)
                       : std::clamp<int64_t>(start, -1, size - 1);
  }
  // TFLite's StridedSliceEndForAxis.
  int64_t stop;
  if (dim.endMask) {
    stop = stride > 0 ? size : -1;
  } else {
    if (!isKnown(dim.end))
      return std::nullopt;
    stop = offset ? dim.end + start : dim.end;
    if (stop < 0)
      stop += size;
    stop = stride > 0 ? std::clamp<int64_t>(stop, 0, size)
                      : std::clamp<int64_t>(stop, -1, size - 1);
  }
  AxisRange range;
  range.start = start;
  range.stride = stride;
  if (stride > 0 && stop > start)
    range.count = (stop - start + stride - 1) / stride;
  else if (stride < 0 && start > stop)
    range.count = (start - stop - stride - 1) / -stride;
  return range;
}

std::optional<int64_t>
sluice::lite::shapes::resolveShrinkIndex(const StridedSliceDim &dim,
                                         int64_t size) {
  if (!isKnown(dim.stride) || dim.stride <= 0 || !isKnown(size))
    return std::nullopt;
  int64_t index = dim.beginMask ? 0 : dim.begin;
  if (!isKnown(index) || index < -size || index >= size)
    return std::nullopt;
  return index < 0 ? index + size : index;
}

/// strided_slice: per dimension after expanding the ellipsis and new axes,
/// the number of elements the range selects; shrunk dimensions go.
static ShapeKnowledge inferStridedSlice(StridedSliceOp::Adaptor op,
                                        const OperandContents &values) {
  ShapeKnowledge input = shapeOf(op.getInput());
  std::optional<SmallVector<int64_t>> begin =
      vectorEntries(op.getBegin(), values);
  std::optional<SmallVector<int64_t>> end = vectorEntries(op.getEnd(), values);
  std::optional<SmallVector<int64_t>> strides =
      vectorEntries(op.getStrides(), values);
  if (!input || !begin || !end || !strides)
    return std::nullopt;
  std::optional<SmallVector<StridedSliceDim>> dims =
      expandStridedSlice(op, input->size(), *begin, *end, *strides);
  if (!dims)
    return std::nullopt;
  SmallVector<int64_t> result;
  int64_t inputDim = 0;
  for (const StridedSliceDim &dim : *dims) {
    if (dim.newAxis) {
      result.push_back(1);
      continue;
    }
    int64_t size = (*input)[inputDim++];
    if (dim.stride == 0)
      return std::nullopt;
    if (dim.shrink) {
      // The kernel needs a positive stride and an index inside the
      // dimension; either way the dimension goes.
      if (isKnown(dim.stride) && dim.stride < 0)
        return std::nullopt;
      if (isKnown(dim.stride) && isKnown(size) &&
          (dim.beginMask || isKnown(dim.begin)) &&
          !resolveShrinkIndex(dim, size))
        return std::nullopt;
      continue;
    }
    std::optional<AxisRange> range =
        resolveAxisRange(dim, size, op.getOffset());
    result.push_back(range ? range->count : kUnknown);
  }
  return result;
}

/// dynamic_update_slice: the operand's shape (its rank alone when only the
/// update or start_indices tells it); nothing where the kernel would refuse
/// the operands (ranks that differ, an update dimension larger than the
/// operand's).
static ShapeKnowledge inferDynamicUpdateSlice(DynamicUpdateSliceOp::Adaptor op,
                                              const OperandContents &values) {
  ShapeKnowledge operand = shapeOf(op.getOperand());
  ShapeKnowledge update = shapeOf(op.getUpdate());
  std::optional<SmallVector<int64_t>> start =
      vectorEntries(op.getStartIndices(), values);
  ShapeKnowledge result = operand;
  for (std::optional<size_t> rank :
       {update ? std::optional<size_t>(update->size()) : std::nullopt,
        start ? std::optional<size_t>(start->size()) : std::nullopt}) {
    if (!rank)
      continue;
    FailureOr<ShapeKnowledge> met =
        meetShapes(result, SmallVector<int64_t>(*rank, kUnknown));
    if (failed(met))
      return std::nullopt;
    result = *met;
  }
  if (operand && update)
    for (auto [extent, size] : llvm::zip_equal(*operand, *update))
      if (isKnown(extent) && isKnown(size) && size > extent)
        return std::nullopt;
  return result;
}

/// gather: params.shape[:axis] + indices.shape[batch_dims:] +
/// params.shape[axis+1:]; the batch dimensions of params and indices agree.
static ShapeKnowledge inferGather(GatherOp::Adaptor op) {
  ShapeKnowledge params = shapeOf(op.getParams());
  ShapeKnowledge indices = shapeOf(op.getIndices());
  if (!params || !indices)
    return std::nullopt;
  FailureOr<int64_t> axis = normalizeAxis(op.getAxis(), params->size());
  if (failed(axis))
    return std::nullopt;
  FailureOr<int64_t> batchDims =
      normalizeGatherBatchDims(op.getBatchDims(), indices->size(), *axis);
  if (failed(batchDims))
    return std::nullopt;
  SmallVector<int64_t> result =
      getGatherShape(*params, *indices, *axis, *batchDims);
  for (int64_t dim = 0; dim < *batchDims; ++dim) {
    FailureOr<ShapeKnowledge> met =
        meetShapes(SmallVector<int64_t>{result[dim]},
                   SmallVector<int64_t>{(*indices)[dim]});
    if (failed(met))
      return std::nullopt;
    result[dim] = (**met)[0];
  }
  return result;
}

/// transpose: dimension i of the result is dimension perm[i] of the input.
static ShapeKnowledge inferTranspose(TransposeOp::Adaptor op,
                                     const OperandContents &values) {
  ShapeKnowledge input = shapeOf(op.getInput());
  std::optional<SmallVector<int64_t>> perm =
      vectorEntries(op.getPerm(), values);
  if (!perm) {
    if (!input)
      return std::nullopt;
    return SmallVector<int64_t>(input->size(), kUnknown);
  }
  int64_t rank = perm->size();
  if (input && static_cast<int64_t>(input->size()) != rank)
    return std::nullopt;
  SmallVector<bool> seen(rank, false);
  SmallVector<int64_t> result;
  for (int64_t dim : *perm) {
    if (!isKnown(dim)) {
      result.push_back(kUnknown);
      continue;
    }
    if (dim < 0 || dim >= rank || seen[dim])
      return std::nullopt;
    seen[dim] = true;
    result.push_back(input ? (*input)[dim] : kUnknown);
  }
  return result;
}

//===----------------------------------------------------------------------===//
// Tensor creation
//===----------------------------------------------------------------------===//

/// fill, random_uniform: the shape their shape operand lists.
static ShapeKnowledge inferListedShape(Value shape,
                                       const OperandContents &values) {
  std::optional<SmallVector<int64_t>> dims = vectorEntries(shape, values);
  if (!dims)
    return std::nullopt;
  return withinKernelLimit(*dims);
}

/// pad, mirror_pad: each dimension grown by its paddings (nothing known when a
/// sum overflows or a padding is negative).
static ShapeKnowledge inferPadded(Value inputValue, Value paddingsValue,
                                  const OperandContents &values) {
  ShapeKnowledge input = shapeOf(inputValue);
  if (!input)
    return std::nullopt;
  SmallVector<int64_t> result(input->size(), kUnknown);
  std::optional<SmallVector<int64_t>> paddings = values.lookup(paddingsValue);
  for (size_t d = 0; d < input->size(); ++d) {
    if (!paddings || paddings->size() != 2 * input->size())
      break;
    int64_t before = (*paddings)[2 * d], after = (*paddings)[2 * d + 1];
    int64_t size = (*input)[d];
    if (isKnown(before) && isKnown(after) && (before < 0 || after < 0))
      return std::nullopt;
    if (isKnown(size) && isKnown(before) && isKnown(after)) {
      std::optional<int64_t> grown = llvm::checkedAdd(size, before);
      if (grown)
        grown = llvm::checkedAdd(*grown, after);
      if (!grown)
        return std::nullopt;
      result[d] = *grown;
    }
  }
  return withinKernelLimit(result);
}

/// one_hot: the indices' shape with `depth` inserted at `axis`.
static ShapeKnowledge inferOneHot(OneHotOp::Adaptor op,
                                  const OperandContents &values) {
  ShapeKnowledge indices = shapeOf(op.getIndices());
  if (!indices)
    return std::nullopt;
  int64_t axis = op.getAxis();
  if (axis < -1 || axis > static_cast<int64_t>(indices->size()))
    return std::nullopt;
  int64_t depth = kUnknown;
  if (std::optional<SmallVector<int64_t>> contents =
          values.lookup(op.getDepth())) {
    if (contents->size() != 1 ||
        (isKnown((*contents)[0]) && (*contents)[0] < 0))
      return std::nullopt;
    depth = (*contents)[0];
  }
  SmallVector<int64_t> result(*indices);
  result.insert(result.begin() + (axis == -1 ? result.size() : axis), depth);
  return withinKernelLimit(result);
}

/// top_k: the input's shape with k (its contents, when known) last.
static ShapeKnowledge inferTopK(TopKOp::Adaptor op,
                                const OperandContents &values) {
  ShapeKnowledge input = shapeOf(op.getInput());
  if (!input || input->empty())
    return std::nullopt;
  int64_t k = kUnknown;
  if (std::optional<SmallVector<int64_t>> contents = values.lookup(op.getK())) {
    if (contents->size() != 1 ||
        (isKnown((*contents)[0]) &&
         ((*contents)[0] < 0 ||
          (isKnown(input->back()) && (*contents)[0] > input->back()))))
      return std::nullopt;
    k = (*contents)[0];
  }
  SmallVector<int64_t> result(*input);
  result.back() = k;
  return result;
}

/// tile: each dimension times its multiple.
static ShapeKnowledge inferTile(TileOp::Adaptor op,
                                const OperandContents &values) {
  ShapeKnowledge input = shapeOf(op.getInput());
  std::optional<SmallVector<int64_t>> multiples =
      vectorEntries(op.getMultiples(), values);
  if (!input && !multiples)
    return std::nullopt;
  if (input && multiples && input->size() != multiples->size())
    return std::nullopt;
  size_t rank = input ? input->size() : multiples->size();
  SmallVector<int64_t> result(rank, kUnknown);
  for (size_t d = 0; d < rank; ++d) {
    int64_t size = input ? (*input)[d] : kUnknown;
    int64_t times = multiples ? (*multiples)[d] : kUnknown;
    if (isKnown(times) && times < 0)
      return std::nullopt;
    if (size == 0 || times == 0)
      result[d] = 0;
    else if (isKnown(size) && isKnown(times))
      if (std::optional<int64_t> product = llvm::checkedMul(size, times))
        result[d] = *product;
  }
  return withinKernelLimit(result);
}

/// The number of elements of range(start, limit, delta) on integers, as the
/// kernel computes it, or nullopt where the kernel reports an error.
static std::optional<int64_t> integerRangeSize(int64_t start, int64_t limit,
                                               int64_t delta) {
  if (delta == 0 || (delta > 0 && start > limit) ||
      (delta < 0 && start < limit))
    return std::nullopt;
  using U = uint64_t;
  U distance = delta > 0 ? U(limit) - U(start) : U(start) - U(limit);
  U step = delta > 0 ? U(delta) : U(0) - U(delta);
  U size = distance / step + (distance % step != 0 ? 1 : 0);
  if (size > U(kMaxElements))
    return std::nullopt;
  return static_cast<int64_t>(size);
}

/// The number of elements of range(start, limit, delta) on floats of type
/// T, as the kernel computes it, or nullopt where it reports an error.
template <typename T>
static std::optional<int64_t> floatRangeSize(T start, T limit, T delta) {
  if (std::isnan(start) || std::isnan(limit) || std::isnan(delta) ||
      delta == 0 || (delta > 0 && start > limit) ||
      (delta < 0 && start < limit))
    return std::nullopt;
  T size = std::ceil(std::abs((limit - start) / delta));
  if (!(size <= static_cast<T>(kMaxElements)) ||
      static_cast<int64_t>(size) > kMaxElements)
    return std::nullopt;
  return static_cast<int64_t>(size);
}

/// The value of a scalar floating-point constant, as an APFloat.
static std::optional<APFloat> getScalarFloat(Value value) {
  DenseFPElementsAttr attr;
  if (!matchPattern(value, m_Constant(&attr)) || attr.getNumElements() != 1)
    return std::nullopt;
  return *attr.getValues<APFloat>().begin();
}

/// range: a vector whose length follows from constant operands (unknown
/// where they are not, or where the kernel refuses them).
static ShapeKnowledge inferRange(RangeOp::Adaptor op,
                                 const OperandContents &values) {
  SmallVector<int64_t> unknownLength = {kUnknown};
  Type elementType = getElementTypeOrSelf(op.getStart().getType());
  std::optional<int64_t> size;
  if (elementType.isInteger()) {
    auto start = values.lookupFullyKnown(op.getStart());
    auto limit = values.lookupFullyKnown(op.getLimit());
    auto delta = values.lookupFullyKnown(op.getDelta());
    if (!start || !limit || !delta || start->size() != 1 ||
        limit->size() != 1 || delta->size() != 1)
      return unknownLength;
    size = integerRangeSize(start->front(), limit->front(), delta->front());
  } else {
    std::optional<APFloat> start = getScalarFloat(op.getStart());
    std::optional<APFloat> limit = getScalarFloat(op.getLimit());
    std::optional<APFloat> delta = getScalarFloat(op.getDelta());
    if (!start || !limit || !delta)
      return unknownLength;
    if (elementType.isF32())
      size = floatRangeSize<float>(start->convertToFloat(),
                                   limit->convertToFloat(),
                                   delta->convertToFloat());
    else if (elementType.isF64())
      size = floatRangeSize<double>(start->convertToDouble(),
                                    limit->convertToDouble(),
                                    delta->convertToDouble());
    else
      return unknownLength;
  }
  // Where the kernel refuses the operands, a vector still.
  return SmallVector<int64_t>{size.value_or(kUnknown)};
}

/// shape: a vector with one entry per dimension of the input.
static ShapeKnowledge inferShapeOfShape(ShapeOp::Adaptor op) {
  ShapeKnowledge input = shapeOf(op.getInput());
  return SmallVector<int64_t>{input ? static_cast<int64_t>(input->size())
                                    : kUnknown};
}

//===----------------------------------------------------------------------===//
// Linear algebra
//===----------------------------------------------------------------------===//

/// conv_2d, depthwise_conv_2d, max_pool_2d, average_pool_2d: [batch,
/// rows, columns, channels] with the rows and columns the windows give
/// (WindowRules.h) and `channels` output channels; nothing known when a
/// VALID window cannot fit.
static ShapeKnowledge inferWindows(Value input, Padding padding,
                                   int64_t filterHeight, int64_t filterWidth,
                                   int64_t strideH, int64_t strideW,
                                   int64_t dilationH, int64_t dilationW,
                                   int64_t channels) {
  ShapeKnowledge image = shapeOf(input);
  if (image && image->size() != 4)
    return std::nullopt;
  SmallVector<int64_t> result = {image ? (*image)[0] : kUnknown, kUnknown,
                                 kUnknown, channels};
  auto place = [&](int64_t size, int64_t taps, int64_t stride,
                   int64_t dilation) -> std::optional<int64_t> {
    if (!isKnown(size) || !isKnown(taps))
      return kUnknown;
    std::optional<window::Placement> placed = window::placeWindows(
        size, taps, stride, dilation, padding == Padding::SAME);
    if (!placed)
      return std::nullopt;
    return placed->outputSize;
  };
  std::optional<int64_t> rows =
      place(image ? (*image)[1] : kUnknown, filterHeight, strideH, dilationH);
  std::optional<int64_t> columns =
      place(image ? (*image)[2] : kUnknown, filterWidth, strideW, dilationW);
  if (!rows || !columns)
    return std::nullopt;
  result[1] = *rows;
  result[2] = *columns;
  return withinKernelLimit(result);
}

/// The windows of a convolution: the filter's taps and output channels
/// (conv_2d's filter dimension 0, depthwise_conv_2d's dimension 3).
template <typename Adaptor>
static ShapeKnowledge inferConvolution(Adaptor op, int64_t channelsDim) {
  ShapeKnowledge filter = shapeOf(op.getFilter());
  if (filter && filter->size() != 4)
    return std::nullopt;
  auto dim = [&](int64_t d) { return filter ? (*filter)[d] : kUnknown; };
  return inferWindows(op.getInput(), op.getPadding(), dim(1), dim(2),
                      op.getStrideH(), op.getStrideW(), op.getDilationHFactor(),
                      op.getDilationWFactor(), dim(channelsDim));
}

template <typename Adaptor> static ShapeKnowledge inferPool(Adaptor op) {
  ShapeKnowledge image = shapeOf(op.getInput());
  int64_t channels = image && image->size() == 4 ? (*image)[3] : kUnknown;
  return inferWindows(op.getInput(), op.getPadding(), op.getFilterHeight(),
                      op.getFilterWidth(), op.getStrideH(), op.getStrideW(), 1,
                      1, channels);
}

/// fully_connected: [rows, units], or with keep_num_dims the input's shape
/// with the last dimension replaced by units.
static ShapeKnowledge inferFullyConnected(FullyConnectedOp::Adaptor op) {
  ShapeKnowledge filter = shapeOf(op.getFilter());
  if (filter && filter->size() != 2)
    return std::nullopt;
  int64_t units = filter ? (*filter)[0] : kUnknown;
  int64_t depth = filter ? (*filter)[1] : kUnknown;
  if (Value biasValue = op.getBias()) {
    // The bias is [units].
    if (ShapeKnowledge bias = shapeOf(biasValue)) {
      if (bias->size() != 1)
        return std::nullopt;
      FailureOr<ShapeKnowledge> met =
          meetShapes(SmallVector<int64_t>{units}, *bias);
      if (failed(met))
        return std::nullopt;
      units = (**met)[0];
    }
  }
  ShapeKnowledge input = shapeOf(op.getInput());
  if (input && (input->empty() || (isKnown(input->back()) && isKnown(depth) &&
                                   (op.getKeepNumDims() || depth == 0) &&
                                   input->back() != depth)))
    return std::nullopt;
  if (op.getKeepNumDims()) {
    if (!input)
      return std::nullopt;
    input->back() = units;
    return withinKernelLimit(*input);
  }
  int64_t rows = kUnknown;
  if (input && depth == 0) {
    rows =
        elementCount(ArrayRef<int64_t>(*input).drop_back()).value_or(kUnknown);
  } else if (input && isKnown(depth)) {
    if (std::optional<int64_t> count = elementCount(*input)) {
      if (*count % depth != 0)
        return std::nullopt;
      rows = *count / depth;
    }
  }
  return withinKernelLimit({rows, units});
}

/// batch_matmul: the broadcast batch dimensions, then rows of x and columns
/// of y (each transposed first with adj_x / adj_y).
static ShapeKnowledge inferBatchMatMul(BatchMatMulOp::Adaptor op) {
  ShapeKnowledge x = shapeOf(op.getX());
  ShapeKnowledge y = shapeOf(op.getY());
  if (!x || !y || x->size() < 2 || y->size() < 2)
    return std::nullopt;
  int64_t xRank = x->size(), yRank = y->size();
  bool adjX = op.getAdjX(), adjY = op.getAdjY();
  int64_t rows = (*x)[xRank - (adjX ? 1 : 2)];
  int64_t xDepth = (*x)[xRank - (adjX ? 2 : 1)];
  int64_t yDepth = (*y)[yRank - (adjY ? 1 : 2)];
  int64_t cols = (*y)[yRank - (adjY ? 2 : 1)];
  if (isKnown(xDepth) && isKnown(yDepth) && xDepth != yDepth)
    return std::nullopt;
  ShapeKnowledge batch = broadcastKnownShapes(
      {SmallVector<int64_t>(ArrayRef<int64_t>(*x).drop_back(2)),
       SmallVector<int64_t>(ArrayRef<int64_t>(*y).drop_back(2))});
  if (!batch)
    return std::nullopt;
  batch->push_back(rows);
  batch->push_back(cols);
  return withinKernelLimit(*batch);
}

//===----------------------------------------------------------------------===//
// Lists
//===----------------------------------------------------------------------===//

/// list_reserve: [num_elements, element shape...] (the element shape is the
/// declared one: the op has no other source for it).
static ShapeKnowledge inferListReserve(ListReserveOp op,
                                       const OperandContents &values) {
  ShapeKnowledge shape = shapeOf(op.getList());
  if (!shape || shape->empty())
    return std::nullopt;
  std::optional<SmallVector<int64_t>> count =
      values.lookup(op.getNumElements());
  // A resizable list's length is only known at run time.
  if (!op.getResizable() && count && count->size() == 1 && isKnown((*count)[0]))
    (*shape)[0] = (*count)[0];
  return withinKernelLimit(*shape);
}

/// list_set_item, list_scatter: the list's own shape (their result type is
/// the list's: a write cannot refine it; -lite-legalize-lists gives an
/// unranked list the element shape of its writes). A resizable list's
/// length is only known at run time.
static ShapeKnowledge inferListUpdate(Value list, bool resizable) {
  ShapeKnowledge shape = shapeOf(list);
  if (shape && !shape->empty() && resizable)
    (*shape)[0] = kUnknown;
  return shape;
}

/// list_get_item: the element shape; list_gather: one row per index.
static ShapeKnowledge inferListRead(Value list, Value indices) {
  ShapeKnowledge shape = shapeOf(list);
  if (!shape || shape->empty())
    return std::nullopt;
  SmallVector<int64_t> result;
  if (indices) {
    ShapeKnowledge indexShape = shapeOf(indices);
    result.push_back(indexShape && indexShape->size() == 1 ? (*indexShape)[0]
                                                           : kUnknown);
  }
  llvm::append_range(result, ArrayRef<int64_t>(*shape).drop_front());
  return result;
}

//===----------------------------------------------------------------------===//
// InferShapedTypeOpInterface
//===----------------------------------------------------------------------===//

/// One result of shape `shape` (unranked when nothing is known).
static LogicalResult
returnShape(const ShapeKnowledge &shape,
            SmallVectorImpl<ShapedTypeComponents> &inferred) {
  inferred.push_back(shape ? ShapedTypeComponents(*shape)
                           : ShapedTypeComponents());
  return success();
}

/// Defines OP::inferReturnTypeComponents as RULE applied to the op's adaptor
/// (and the operand contents, for rules that read them).
#define LITE_SHAPE_RULE(OP, RULE)                                              \
  LogicalResult OP::inferReturnTypeComponents(                                 \
      MLIRContext *, std::optional<Location>, ValueShapeRange operands,        \
      DictionaryAttr attributes, OpaqueProperties properties,                  \
      RegionRange regions, SmallVectorImpl<ShapedTypeComponents> &inferred) {  \
    OP::Adaptor op(operands, attributes, properties, regions);                 \
    [[maybe_unused]] OperandContents values(operands);                         \
    return returnShape(RULE, inferred);                                        \
  }

#define LITE_REDUCTION_RULE(OP)                                                \
  LITE_SHAPE_RULE(OP, inferReduction(op.getInput(), op.getAxes(),              \
                                     op.getKeepDims(), values))
LITE_REDUCTION_RULE(SumOp)
LITE_REDUCTION_RULE(MeanOp)
LITE_REDUCTION_RULE(ReduceMaxOp)
LITE_REDUCTION_RULE(ReduceMinOp)
LITE_REDUCTION_RULE(ReduceProdOp)
LITE_SHAPE_RULE(ArgMaxOp, inferReduction(op.getInput(), op.getAxis(),
                                         /*keepDims=*/false, values))
LITE_SHAPE_RULE(ArgMinOp, inferReduction(op.getInput(), op.getAxis(),
                                         /*keepDims=*/false, values))
#undef LITE_REDUCTION_RULE
LITE_SHAPE_RULE(ReshapeOp, inferReshape(op, values))
LITE_SHAPE_RULE(ExpandDimsOp, inferExpandDims(op, values))
LITE_SHAPE_RULE(SqueezeOp, inferSqueeze(op))
LITE_SHAPE_RULE(ConcatenationOp, inferConcatenation(op))
LITE_SHAPE_RULE(PackOp, inferPack(op))
LITE_SHAPE_RULE(SliceOp, inferSlice(op, values))
LITE_SHAPE_RULE(StridedSliceOp, inferStridedSlice(op, values))
LITE_SHAPE_RULE(DynamicUpdateSliceOp, inferDynamicUpdateSlice(op, values))
LITE_SHAPE_RULE(GatherOp, inferGather(op))
LITE_SHAPE_RULE(TransposeOp, inferTranspose(op, values))
LITE_SHAPE_RULE(FillOp, inferListedShape(op.getDims(), values))
LITE_SHAPE_RULE(ScatterNdOp, inferListedShape(op.getShape(), values))
LITE_SHAPE_RULE(BroadcastToOp, inferListedShape(op.getShape(), values))
LITE_SHAPE_RULE(RandomUniformOp, inferListedShape(op.getShape(), values))
LITE_SHAPE_RULE(TileOp, inferTile(op, values))
LITE_SHAPE_RULE(ReverseV2Op, shapeOf(op.getInput()))
LITE_SHAPE_RULE(PadOp, inferPadded(op.getInput(), op.getPaddings(), values))
LITE_SHAPE_RULE(MirrorPadOp,
                inferPadded(op.getInput(), op.getPaddings(), values))
LITE_SHAPE_RULE(ReverseSequenceOp, shapeOf(op.getInput()))
LITE_SHAPE_RULE(OneHotOp, inferOneHot(op, values))
LITE_SHAPE_RULE(TopKOp, inferTopK(op, values))
LITE_SHAPE_RULE(CumsumOp, shapeOf(op.getInput()))
LITE_SHAPE_RULE(CumprodOp, shapeOf(op.getInput()))
LITE_SHAPE_RULE(RangeOp, inferRange(op, values))
LITE_SHAPE_RULE(ShapeOp, inferShapeOfShape(op))
LITE_SHAPE_RULE(FullyConnectedOp, inferFullyConnected(op))
LITE_SHAPE_RULE(Conv2DOp, inferConvolution(op, /*channelsDim=*/0))
LITE_SHAPE_RULE(DepthwiseConv2DOp, inferConvolution(op, /*channelsDim=*/3))
LITE_SHAPE_RULE(MaxPool2DOp, inferPool(op))
LITE_SHAPE_RULE(AveragePool2DOp, inferPool(op))
LITE_SHAPE_RULE(BatchMatMulOp, inferBatchMatMul(op))
LITE_SHAPE_RULE(ListSetItemOp, inferListUpdate(op.getList(), op.getResizable()))
LITE_SHAPE_RULE(ListScatterOp, inferListUpdate(op.getList(), op.getResizable()))
LITE_SHAPE_RULE(ListGetItemOp, inferListRead(op.getList(), Value()))
LITE_SHAPE_RULE(ListGatherOp, inferListRead(op.getList(), op.getIndices()))
LITE_SHAPE_RULE(ListLengthOp, ShapeKnowledge(SmallVector<int64_t>{}))
#undef LITE_SHAPE_RULE

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

ShapeKnowledge
sluice::lite::shapes::inferResultShape(Operation *op,
                                       OperandContentsFn contents) {
  if (!isa<LiteDialect>(op->getDialect()) || op->getNumRegions() != 0 ||
      op->hasTrait<OpTrait::ConstantLike>())
    return std::nullopt;
  if (op->hasTrait<OpTrait::SameOperandsAndResultType>() ||
      op->hasTrait<OpTrait::SameOperandsAndResultShape>())
    return inferSameShape(op);
  if (op->hasTrait<BroadcastCompatible>())
    return inferBroadcast(op);
  ValueShapeRange operands(op->getOperands(), nullptr, contents);
  if (auto unpack = dyn_cast<UnpackOp>(op))
    return inferUnpack(unpack);
  if (auto split = dyn_cast<SplitOp>(op))
    return inferSplit(split);
  if (auto reserve = dyn_cast<ListReserveOp>(op))
    return inferListReserve(reserve, OperandContents(operands));
  auto rule = dyn_cast<InferShapedTypeOpInterface>(op);
  SmallVector<ShapedTypeComponents, 1> inferred;
  if (!rule ||
      failed(rule.inferReturnTypeComponents(
          op->getContext(), op->getLoc(), operands,
          op->getDiscardableAttrDictionary(), op->getPropertiesStorage(),
          op->getRegions(), inferred)) ||
      inferred.size() != 1 || !inferred.front().hasRank())
    return std::nullopt;
  return SmallVector<int64_t>(inferred.front().getDims());
}

/// Whether `op` has as many operands as its definition says: the adaptors the
/// rules read operands through index them by that count. (Not a verifier
/// run: an op whose results are still unranked placeholders need not pass
/// the constraints on its result types yet.)
static bool hasDefinedOperandCount(Operation *op) {
  unsigned count = op->getNumOperands();
  if (op->hasTrait<OpTrait::ZeroOperands>())
    return count == 0;
  if (op->hasTrait<OpTrait::OneOperand>())
    return count == 1;
  if (op->hasTrait<OpTrait::NOperands<2>::Impl>())
    return count == 2;
  if (op->hasTrait<OpTrait::NOperands<3>::Impl>())
    return count == 3;
  if (op->hasTrait<OpTrait::NOperands<4>::Impl>())
    return count == 4;
  if (op->hasTrait<OpTrait::AtLeastNOperands<1>::Impl>())
    return count >= 1;
  if (op->hasTrait<OpTrait::AtLeastNOperands<2>::Impl>())
    return count >= 2;
  if (op->hasTrait<OpTrait::AtLeastNOperands<3>::Impl>())
    return count >= 3;
  return true;
}

void sluice::lite::shapes::refineResultTypes(Operation *op) {
  if (!hasDefinedOperandCount(op))
    return;
  ShapeKnowledge shape = inferResultShape(op);
  if (!shape)
    return;
  for (Value result : op->getResults())
    if (Type refined = meetTypes(
            result.getType(),
            getTensorType(shape, getElementTypeOrSelf(result.getType()))))
      result.setType(refined);
}

LogicalResult sluice::lite::shapes::verifyInferredResultShape(Operation *op) {
  ShapeKnowledge expected = inferResultShape(op);
  if (!expected)
    return success();
  for (Value result : op->getResults()) {
    auto actual = dyn_cast<RankedTensorType>(result.getType());
    if (!actual)
      continue;
    if (actual.getRank() != static_cast<int64_t>(expected->size()) ||
        failed(verifyCompatibleShape(actual.getShape(), *expected)))
      return op->emitOpError("result type ")
             << actual << " does not match the expected shape "
             << RankedTensorType::get(*expected, actual.getElementType());
  }
  return success();
}
