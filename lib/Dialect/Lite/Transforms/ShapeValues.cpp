//===- ShapeValues.cpp - contents of shape-carrying tensors ---------------===//
//
// Tracks, as far as they are known statically, the elements of the small
// int32/int64 tensors that TF graphs compute shapes, axes and indices with.
// Sources are constants and lite.shape of ranked tensors (whose unknown
// sizes become unknown elements); the contents flow through reshape,
// expand_dims, squeeze, cast, concatenation and pack along axis 0, slice,
// strided_slice and gather of vectors, elementwise add, sub, mul, floor_div,
// maximum and minimum of vectors and scalars, fill and range. An element is
// kUnknown when any element it is computed from is, and when the kernel's
// arithmetic would overflow the element type.
//
//===----------------------------------------------------------------------===//

#include "ShapeInference.h"

#include "sluice/Dialect/Lite/IR/LiteOps.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/CheckedArithmetic.h"

#include <limits>

using namespace mlir;
using namespace sluice::lite;
using namespace sluice::lite::shapes;

using Contents = SmallVector<int64_t>;

std::optional<Contents> ShapeValues::lookup(Value value) const {
  std::optional<int64_t> count = getTrackedCount(value.getType());
  if (!count)
    return std::nullopt;
  if (*count == 0)
    return Contents();
  if (auto it = known.find(value);
      it != known.end() && static_cast<int64_t>(it->second.size()) == *count)
    return it->second;
  return getConstantContents(value);
}

std::optional<Contents> ShapeValues::lookupFullyKnown(Value value) const {
  return fullyKnown(lookup(value));
}

void ShapeValues::record(Value value, Contents contents) {
  std::optional<int64_t> count = getTrackedCount(value.getType());
  if (!count || *count != static_cast<int64_t>(contents.size()))
    return;
  unsigned width =
      getElementTypeOrSelf(value.getType()).getIntOrFloatBitWidth();
  for (int64_t &element : contents)
    if (element != kUnknown && width == 32 &&
        (element < std::numeric_limits<int32_t>::min() ||
         element > std::numeric_limits<int32_t>::max()))
      element = kUnknown;
  if (llvm::all_of(contents, [](int64_t e) { return e == kUnknown; }))
    return;
  known[value] = std::move(contents);
}

//===----------------------------------------------------------------------===//
// Per-op evaluation
//===----------------------------------------------------------------------===//

namespace {
/// Computes the contents of one op's single result from ShapeValues.
class ContentsEvaluator {
public:
  explicit ContentsEvaluator(const ShapeValues &values) : values(values) {}

  std::optional<Contents> evaluate(Operation *op);

private:
  /// The contents of `value`, or all kUnknown when only its size is known.
  std::optional<Contents> contentsOrUnknown(Value value) const;
  /// The contents of a vector (rank <= 1) operand, or nullopt.
  std::optional<Contents> vectorContents(Value value) const;
  /// The only element of a fully known one-element tensor.
  std::optional<int64_t> knownScalar(Value value) const;

  std::optional<Contents> shapeOf(ShapeOp op) const;
  std::optional<Contents> concatenate(ValueRange operands) const;
  std::optional<Contents> slice(SliceOp op) const;
  std::optional<Contents> stridedSlice(StridedSliceOp op) const;
  std::optional<Contents> gather(GatherOp op) const;
  std::optional<Contents> elementwise(
      Operation *op,
      llvm::function_ref<std::optional<int64_t>(int64_t, int64_t)> fn) const;
  std::optional<Contents> fill(FillOp op) const;
  std::optional<Contents> range(RangeOp op) const;

  const ShapeValues &values;
};
} // namespace

std::optional<Contents>
ContentsEvaluator::contentsOrUnknown(Value value) const {
  if (std::optional<Contents> contents = values.lookup(value))
    return contents;
  if (std::optional<int64_t> count = getTrackedCount(value.getType()))
    return Contents(*count, kUnknown);
  return std::nullopt;
}

std::optional<Contents> ContentsEvaluator::vectorContents(Value value) const {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type || type.getRank() > 1)
    return std::nullopt;
  return contentsOrUnknown(value);
}

std::optional<int64_t> ContentsEvaluator::knownScalar(Value value) const {
  std::optional<Contents> contents = values.lookupFullyKnown(value);
  if (!contents || contents->size() != 1)
    return std::nullopt;
  return contents->front();
}

std::optional<Contents> ContentsEvaluator::shapeOf(ShapeOp op) const {
  auto input = dyn_cast<RankedTensorType>(op.getInput().getType());
  if (!input)
    return std::nullopt;
  return Contents(input.getShape());
}

/// Concatenation along axis 0 (also pack of scalars) is concatenation of
/// the row-major contents.
std::optional<Contents>
ContentsEvaluator::concatenate(ValueRange operands) const {
  Contents result;
  for (Value operand : operands) {
    std::optional<Contents> contents = contentsOrUnknown(operand);
    if (!contents)
      return std::nullopt;
    llvm::append_range(result, *contents);
  }
  return result;
}

std::optional<Contents> ContentsEvaluator::slice(SliceOp op) const {
  auto inputType = dyn_cast<RankedTensorType>(op.getInput().getType());
  std::optional<int64_t> begin = knownScalar(op.getBegin());
  std::optional<int64_t> size = knownScalar(op.getSize());
  std::optional<Contents> input = vectorContents(op.getInput());
  if (!inputType || inputType.getRank() != 1 || !begin || !size || !input)
    return std::nullopt;
  int64_t extent = input->size();
  if (*size == -1)
    size = extent - *begin;
  if (*begin < 0 || *begin > extent || *size < 0 || *size > extent - *begin)
    return std::nullopt;
  return Contents(ArrayRef<int64_t>(*input).slice(*begin, *size));
}

std::optional<Contents>
ContentsEvaluator::stridedSlice(StridedSliceOp op) const {
  auto inputType = dyn_cast<RankedTensorType>(op.getInput().getType());
  std::optional<Contents> input = vectorContents(op.getInput());
  std::optional<Contents> begin = values.lookup(op.getBegin());
  std::optional<Contents> end = values.lookup(op.getEnd());
  std::optional<Contents> strides = values.lookup(op.getStrides());
  if (!inputType || inputType.getRank() != 1 || !input || !begin || !end ||
      !strides)
    return std::nullopt;
  std::optional<SmallVector<StridedSliceDim>> dims =
      expandStridedSlice(op, /*rank=*/1, *begin, *end, *strides);
  if (!dims)
    return std::nullopt;
  // New axes do not change the row-major order: only the dimension that
  // indexes the input matters.
  int64_t size = input->size();
  for (const StridedSliceDim &dim : *dims) {
    if (dim.newAxis)
      continue;
    if (dim.shrink) {
      std::optional<int64_t> index = resolveShrinkIndex(dim, size);
      if (!index)
        return std::nullopt;
      return Contents{(*input)[*index]};
    }
    std::optional<AxisRange> range =
        resolveAxisRange(dim, size, op.getOffset());
    if (!range)
      return std::nullopt;
    Contents result;
    for (int64_t i = 0; i < range->count; ++i)
      result.push_back((*input)[range->start + i * range->stride]);
    return result;
  }
  return std::nullopt;
}

std::optional<Contents> ContentsEvaluator::gather(GatherOp op) const {
  auto paramsType = dyn_cast<RankedTensorType>(op.getParams().getType());
  auto indicesType = dyn_cast<RankedTensorType>(op.getIndices().getType());
  if (!paramsType || paramsType.getRank() != 1 || !indicesType ||
      normalizeAxis(op.getAxis(), 1) != 0)
    return std::nullopt;
  int64_t batchDims = op.getBatchDims();
  if (batchDims != 0 && batchDims != -indicesType.getRank())
    return std::nullopt;
  std::optional<Contents> params = vectorContents(op.getParams());
  std::optional<Contents> indices = values.lookupFullyKnown(op.getIndices());
  if (!params || !indices)
    return std::nullopt;
  Contents result;
  for (int64_t index : *indices) {
    if (index < 0 || index >= static_cast<int64_t>(params->size()))
      return std::nullopt;
    result.push_back((*params)[index]);
  }
  return result;
}

/// A binary op on vectors and scalars: each operand has one element or as
/// many as the result.
std::optional<Contents> ContentsEvaluator::elementwise(
    Operation *op,
    llvm::function_ref<std::optional<int64_t>(int64_t, int64_t)> fn) const {
  std::optional<int64_t> count = getTrackedCount(op->getResult(0).getType());
  std::optional<Contents> lhs = vectorContents(op->getOperand(0));
  std::optional<Contents> rhs = vectorContents(op->getOperand(1));
  if (!count || !lhs || !rhs)
    return std::nullopt;
  auto fits = [&](const Contents &operand) {
    return operand.size() == 1 ||
           static_cast<int64_t>(operand.size()) == *count;
  };
  if (!fits(*lhs) || !fits(*rhs))
    return std::nullopt;
  Contents result;
  for (int64_t i = 0; i < *count; ++i) {
    int64_t x = (*lhs)[lhs->size() == 1 ? 0 : i];
    int64_t y = (*rhs)[rhs->size() == 1 ? 0 : i];
    result.push_back(x == kUnknown || y == kUnknown
                         ? kUnknown
                         : fn(x, y).value_or(kUnknown));
  }
  return result;
}

std::optional<Contents> ContentsEvaluator::fill(FillOp op) const {
  std::optional<int64_t> count = getTrackedCount(op.getResult().getType());
  std::optional<Contents> value = values.lookup(op.getValue());
  if (!count || !value || value->size() != 1)
    return std::nullopt;
  return Contents(*count, value->front());
}

std::optional<Contents> ContentsEvaluator::range(RangeOp op) const {
  std::optional<int64_t> count = getTrackedCount(op.getResult().getType());
  std::optional<int64_t> start = knownScalar(op.getStart());
  std::optional<int64_t> delta = knownScalar(op.getDelta());
  if (!count || !start || !delta)
    return std::nullopt;
  Contents result;
  int64_t value = *start;
  for (int64_t i = 0; i < *count; ++i) {
    result.push_back(value);
    std::optional<int64_t> next = llvm::checkedAdd(value, *delta);
    if (!next)
      return std::nullopt;
    value = *next;
  }
  return result;
}

static std::optional<int64_t> floorDivide(int64_t x, int64_t y) {
  if (y == 0 || (y == -1 && x == std::numeric_limits<int64_t>::min()))
    return std::nullopt;
  int64_t quotient = x / y;
  if (x % y != 0 && ((x < 0) != (y < 0)))
    --quotient;
  return quotient;
}

/// Whether a binary op with a fused activation applies none.
template <typename OpTy> static bool hasNoActivation(OpTy op) {
  return op.getFusedActivationFunction() == ActivationFunctionType::NONE;
}

std::optional<Contents> ContentsEvaluator::evaluate(Operation *op) {
  using Result = std::optional<Contents>;
  auto checkedAdd = [](int64_t x, int64_t y) { return llvm::checkedAdd(x, y); };
  auto checkedSub = [](int64_t x, int64_t y) { return llvm::checkedSub(x, y); };
  auto checkedMul = [](int64_t x, int64_t y) { return llvm::checkedMul(x, y); };
  return llvm::TypeSwitch<Operation *, Result>(op)
      .Case([&](ShapeOp shape) { return shapeOf(shape); })
      .Case<ReshapeOp, ExpandDimsOp, SqueezeOp, CastOp>(
          [&](Operation *op) { return values.lookup(op->getOperand(0)); })
      .Case([&](ConcatenationOp concat) -> Result {
        auto type = dyn_cast<RankedTensorType>(concat.getType());
        if (!type || !hasNoActivation(concat) ||
            normalizeAxis(concat.getAxis(), type.getRank()) != 0)
          return std::nullopt;
        return concatenate(concat.getValues());
      })
      .Case([&](PackOp pack) -> Result {
        auto type = dyn_cast<RankedTensorType>(pack.getType());
        if (!type || normalizeAxis(pack.getAxis(), type.getRank()) != 0)
          return std::nullopt;
        return concatenate(pack.getValues());
      })
      .Case([&](SliceOp slice) { return this->slice(slice); })
      .Case([&](StridedSliceOp slice) { return stridedSlice(slice); })
      .Case([&](GatherOp gather) { return this->gather(gather); })
      .Case([&](AddOp add) -> Result {
        return hasNoActivation(add) ? elementwise(add, checkedAdd) : Result();
      })
      .Case([&](SubOp sub) -> Result {
        return hasNoActivation(sub) ? elementwise(sub, checkedSub) : Result();
      })
      .Case([&](MulOp mul) -> Result {
        return hasNoActivation(mul) ? elementwise(mul, checkedMul) : Result();
      })
      .Case([&](FloorDivOp div) { return elementwise(div, floorDivide); })
      .Case([&](MaximumOp max) {
        return elementwise(max, [](int64_t x, int64_t y) {
          return std::optional<int64_t>(std::max(x, y));
        });
      })
      .Case([&](MinimumOp min) {
        return elementwise(min, [](int64_t x, int64_t y) {
          return std::optional<int64_t>(std::min(x, y));
        });
      })
      .Case([&](FillOp fill) { return this->fill(fill); })
      .Case([&](RangeOp range) { return this->range(range); })
      .Default([](Operation *) { return std::nullopt; });
}

void ShapeValues::evaluate(Operation *op) {
  for (Value result : op->getResults())
    known.erase(result);
  if (op->getNumResults() != 1)
    return;
  if (std::optional<Contents> contents = ContentsEvaluator(*this).evaluate(op))
    record(op->getResult(0), std::move(*contents));
}
