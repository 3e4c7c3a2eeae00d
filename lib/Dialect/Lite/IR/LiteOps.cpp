//===- LiteOps.cpp - lite tensor ops --------------------------------------===//
//
// Shape and type verifiers of the lite tensor ops. Every check is local and
// static: a dynamic dimension (`?`) or an unranked tensor is compatible with
// anything, and operands that are not constants are not looked into.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Lite/IR/LiteOps.h"
#include "sluice/Dialect/Lite/IR/IndexRules.h"
#include "sluice/Dialect/Lite/IR/TypeInference.h"
#include "sluice/Dialect/Lite/IR/WindowRules.h"

#include "mlir/Dialect/Traits.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/SmallSet.h"

using namespace mlir;
using namespace sluice::lite;
using sluice::lite::shapes::verifyInferredResultShape;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

namespace {
/// A dimension size known only at run time.
bool isDynamic(int64_t size) { return ShapedType::isDynamic(size); }

/// True when two dimension sizes can be equal at run time.
bool dimsCompatible(int64_t lhs, int64_t rhs) {
  return isDynamic(lhs) || isDynamic(rhs) || lhs == rhs;
}

RankedTensorType ranked(Value value) {
  return dyn_cast<RankedTensorType>(value.getType());
}

/// The integer values of `value` when it is a constant.
std::optional<SmallVector<int64_t>> constantInts(Value value) {
  DenseIntElementsAttr attr;
  if (!matchPattern(value, m_Constant(&attr)))
    return std::nullopt;
  SmallVector<int64_t> result;
  for (const APInt &v : attr.getValues<APInt>())
    result.push_back(v.getSExtValue());
  return result;
}

/// Checks `axis` against a tensor of rank `rank` (valid: [-rank, rank)) and
/// returns it in [0, rank).
FailureOr<int64_t> verifyAxis(Operation *op, int64_t axis, int64_t rank,
                              StringRef what) {
  return sluice::lite::normalizeAxis(
      axis, rank, [&] { return op->emitOpError(); }, what);
}

/// A 1-D index operand whose length is known statically, or nullopt.
std::optional<int64_t> vectorLength(Value value) {
  auto type = ranked(value);
  if (!type || type.getRank() != 1 || type.isDynamicDim(0))
    return std::nullopt;
  return type.getDimSize(0);
}
} // namespace

//===----------------------------------------------------------------------===//
// ConstantOp
//===----------------------------------------------------------------------===//

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValue(); }

//===----------------------------------------------------------------------===//
// Comparisons of constants
//===----------------------------------------------------------------------===//

namespace {
/// Whether `lhs relation rhs` holds, given the comparison of the two as
/// "less", "equal" or "greater" (nullopt when unordered: a NaN).
using Relation = llvm::function_ref<bool(std::optional<int> order)>;

/// The order of two elements of one integer or float type.
std::optional<int> compareElements(Attribute lhs, Attribute rhs,
                                   Type elementType) {
  if (auto integer = dyn_cast<IntegerType>(elementType)) {
    APInt a = cast<IntegerAttr>(lhs).getValue();
    APInt b = cast<IntegerAttr>(rhs).getValue();
    bool isUnsigned = integer.isUnsigned() || integer.getWidth() == 1;
    if (a == b)
      return 0;
    return (isUnsigned ? a.ult(b) : a.slt(b)) ? -1 : 1;
  }
  APFloat a = cast<FloatAttr>(lhs).getValue();
  APFloat b = cast<FloatAttr>(rhs).getValue();
  switch (a.compare(b)) {
  case APFloat::cmpLessThan:
    return -1;
  case APFloat::cmpEqual:
    return 0;
  case APFloat::cmpGreaterThan:
    return 1;
  case APFloat::cmpUnordered:
    return std::nullopt;
  }
  return std::nullopt;
}

/// Folds a comparison of two constants of the same shape, or of two splats,
/// into a constant of the op's (static) result type.
OpFoldResult foldComparison(Operation *op, Attribute lhsAttr, Attribute rhsAttr,
                            Relation relation) {
  auto lhs = dyn_cast_if_present<DenseElementsAttr>(lhsAttr);
  auto rhs = dyn_cast_if_present<DenseElementsAttr>(rhsAttr);
  auto resultType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!lhs || !rhs || !resultType || !resultType.hasStaticShape())
    return {};
  Type elementType = lhs.getElementType();
  if (!isa<IntegerType, FloatType>(elementType) ||
      elementType != rhs.getElementType())
    return {};
  if (lhs.isSplat() && rhs.isSplat()) {
    bool value =
        relation(compareElements(lhs.getSplatValue<Attribute>(),
                                 rhs.getSplatValue<Attribute>(), elementType));
    return DenseElementsAttr::get(resultType, value);
  }
  if (lhs.getType() != rhs.getType() ||
      lhs.getType().getShape() != resultType.getShape())
    return {};
  SmallVector<bool> values;
  for (auto [a, b] :
       llvm::zip_equal(lhs.getValues<Attribute>(), rhs.getValues<Attribute>()))
    values.push_back(relation(compareElements(a, b, elementType)));
  return DenseElementsAttr::get(resultType, values);
}
} // namespace

OpFoldResult LessOp::fold(FoldAdaptor adaptor) {
  return foldComparison(*this, adaptor.getLhs(), adaptor.getRhs(),
                        [](std::optional<int> o) { return o && *o < 0; });
}
OpFoldResult LessEqualOp::fold(FoldAdaptor adaptor) {
  return foldComparison(*this, adaptor.getLhs(), adaptor.getRhs(),
                        [](std::optional<int> o) { return o && *o <= 0; });
}
OpFoldResult GreaterOp::fold(FoldAdaptor adaptor) {
  return foldComparison(*this, adaptor.getLhs(), adaptor.getRhs(),
                        [](std::optional<int> o) { return o && *o > 0; });
}
OpFoldResult GreaterEqualOp::fold(FoldAdaptor adaptor) {
  return foldComparison(*this, adaptor.getLhs(), adaptor.getRhs(),
                        [](std::optional<int> o) { return o && *o >= 0; });
}
OpFoldResult EqualOp::fold(FoldAdaptor adaptor) {
  return foldComparison(*this, adaptor.getLhs(), adaptor.getRhs(),
                        [](std::optional<int> o) { return o && *o == 0; });
}
OpFoldResult NotEqualOp::fold(FoldAdaptor adaptor) {
  // NaN != x holds.
  return foldComparison(*this, adaptor.getLhs(), adaptor.getRhs(),
                        [](std::optional<int> o) { return !o || *o != 0; });
}

//===----------------------------------------------------------------------===//
// Shape manipulation
//===----------------------------------------------------------------------===//

LogicalResult ReshapeOp::verify() {
  auto input = ranked(getInput());
  auto output = ranked(getOutput());
  if (input && output && input.hasStaticShape() && output.hasStaticShape() &&
      input.getNumElements() != output.getNumElements())
    return emitOpError("cannot reshape ")
           << input << " (" << input.getNumElements() << " elements) into "
           << output << " (" << output.getNumElements() << " elements)";
  if (!output)
    return success();
  if (std::optional<int64_t> length = vectorLength(getShape());
      length && *length != output.getRank())
    return emitOpError("shape operand has ")
           << *length << " entries but the result has rank "
           << output.getRank();
  std::optional<SmallVector<int64_t>> shape = constantInts(getShape());
  if (!shape)
    return success();
  int inferred = 0;
  for (auto [index, size] : llvm::enumerate(*shape)) {
    if (size == -1) {
      if (++inferred > 1)
        return emitOpError("shape has more than one -1 entry");
      continue;
    }
    if (size < 0)
      return emitOpError("shape entry #") << index << " is negative: " << size;
    if (!dimsCompatible(size, output.getDimSize(index)))
      return emitOpError("shape entry #")
             << index << " is " << size << " but the result type is " << output;
  }
  return verifyInferredResultShape(*this);
}

LogicalResult ExpandDimsOp::verify() {
  auto axisType = ranked(getAxis());
  if (axisType && axisType.hasStaticShape() && axisType.getNumElements() != 1)
    return emitOpError("axis must have exactly one element, got ") << axisType;
  auto input = ranked(getInput());
  auto output = ranked(getOutput());
  if (!input || !output)
    return success();
  if (output.getRank() != input.getRank() + 1)
    return emitOpError("result rank ")
           << output.getRank() << " is not the input rank " << input.getRank()
           << " plus one";
  std::optional<SmallVector<int64_t>> axis = constantInts(getAxis());
  if (!axis || axis->size() != 1)
    return success();
  if (failed(verifyAxis(*this, axis->front(), output.getRank(), "axis")))
    return failure();
  return verifyInferredResultShape(*this);
}

LogicalResult SqueezeOp::verify() {
  auto input = ranked(getInput());
  if (!input)
    return success();
  int64_t rank = input.getRank();
  llvm::SmallSet<int64_t, 4> squeezed;
  for (int32_t dim : getSqueezeDims()) {
    FailureOr<int64_t> position = verifyAxis(*this, dim, rank, "squeeze dim");
    if (failed(position))
      return failure();
    if (!squeezed.insert(*position).second)
      return emitOpError("squeeze dim ") << dim << " is listed twice";
    if (!dimsCompatible(input.getDimSize(*position), 1))
      return emitOpError("cannot squeeze dimension ")
             << *position << " of size " << input.getDimSize(*position);
  }
  return verifyInferredResultShape(*this);
}

LogicalResult ConcatenationOp::verify() {
  if (getValues().empty())
    return emitOpError("expects at least one value");
  Type elementType = getElementTypeOrSelf(getOutput().getType());
  SmallVector<RankedTensorType> shapes;
  for (auto [index, value] : llvm::enumerate(getValues())) {
    if (getElementTypeOrSelf(value.getType()) != elementType)
      return emitOpError("value #")
             << index << " has type " << value.getType()
             << " but the result element type is " << elementType;
    if (auto type = ranked(value))
      shapes.push_back(type);
  }
  if (auto output = ranked(getOutput()))
    shapes.push_back(output);
  if (shapes.empty())
    return success();
  int64_t rank = shapes.front().getRank();
  for (RankedTensorType type : shapes)
    if (type.getRank() != rank)
      return emitOpError("operands and result must have the same rank, got ")
             << type << " and " << shapes.front();
  FailureOr<int64_t> axis = verifyAxis(*this, getAxis(), rank, "axis");
  if (failed(axis))
    return failure();
  for (int64_t dim = 0; dim < rank; ++dim) {
    if (dim == *axis)
      continue;
    int64_t size = ShapedType::kDynamic;
    for (RankedTensorType type : shapes) {
      if (!dimsCompatible(size, type.getDimSize(dim)))
        return emitOpError("dimension ")
               << dim << " differs between operands and result: " << size
               << " vs " << type.getDimSize(dim);
      if (!type.isDynamicDim(dim))
        size = type.getDimSize(dim);
    }
  }
  auto output = ranked(getOutput());
  if (!output || output.isDynamicDim(*axis))
    return success();
  int64_t total = 0;
  for (Value value : getValues()) {
    auto type = ranked(value);
    if (!type || type.isDynamicDim(*axis))
      return success();
    total += type.getDimSize(*axis);
  }
  if (total != output.getDimSize(*axis))
    return emitOpError("result dimension ")
           << *axis << " is " << output.getDimSize(*axis)
           << " but the operands add up to " << total;
  return verifyInferredResultShape(*this);
}

LogicalResult PackOp::verify() {
  if (getValues().empty())
    return emitOpError("expects at least one value");
  Type first = getValues().front().getType();
  for (auto [index, value] : llvm::enumerate(getValues()))
    if (failed(verifyCompatibleShape(value.getType(), first)) ||
        getElementTypeOrSelf(value.getType()) != getElementTypeOrSelf(first))
      return emitOpError("value #")
             << index << " has type " << value.getType()
             << ", incompatible with value #0 of type " << first;
  if (getElementTypeOrSelf(getOutput().getType()) !=
      getElementTypeOrSelf(first))
    return emitOpError("result element type differs from the values'");
  auto input = dyn_cast<RankedTensorType>(first);
  if (!input)
    return success();
  if (failed(verifyAxis(*this, getAxis(), input.getRank() + 1, "axis")))
    return failure();
  return verifyInferredResultShape(*this);
}

/// unpack, split: every result of the input's element type.
static LogicalResult verifyPiecesElementType(Operation *op, Value input,
                                             ValueRange pieces) {
  Type elementType = getElementTypeOrSelf(input.getType());
  for (Value piece : pieces)
    if (getElementTypeOrSelf(piece.getType()) != elementType)
      return op->emitOpError("result type ")
             << piece.getType() << " differs in element type from the input";
  return success();
}

LogicalResult UnpackOp::verify() {
  if (failed(verifyPiecesElementType(*this, getInput(), getOutputs())))
    return failure();
  auto input = ranked(getInput());
  if (!input)
    return success();
  FailureOr<int64_t> axis =
      verifyAxis(*this, getAxis(), input.getRank(), "axis");
  if (failed(axis))
    return failure();
  int64_t count = getOutputs().size();
  if (!dimsCompatible(input.getDimSize(*axis), count))
    return emitOpError("dimension ")
           << *axis << " of the input has size " << input.getDimSize(*axis)
           << " but the op has " << count << " results";
  return verifyInferredResultShape(*this);
}

LogicalResult SplitOp::verify() {
  if (getOutputs().empty())
    return emitOpError("needs at least one result");
  if (failed(verifyPiecesElementType(*this, getInput(), getOutputs())))
    return failure();
  auto input = ranked(getInput());
  if (!input)
    return success();
  for (Value output : getOutputs())
    if (auto type = ranked(output); type && type.getRank() != input.getRank())
      return emitOpError("result type ")
             << type << " does not have the input's rank " << input.getRank();
  std::optional<SmallVector<int64_t>> axis = constantInts(getAxis());
  if (!axis)
    return success();
  FailureOr<int64_t> dim =
      verifyAxis(*this, axis->front(), input.getRank(), "axis");
  if (failed(dim))
    return failure();
  int64_t size = input.getDimSize(*dim);
  int64_t count = getOutputs().size();
  if (!ShapedType::isDynamic(size) && size % count != 0)
    return emitOpError("dimension ")
           << *dim << " of the input has size " << size << ", which the op's "
           << count << " results do not divide";
  return verifyInferredResultShape(*this);
}

LogicalResult SliceOp::verify() {
  std::optional<int64_t> beginLength = vectorLength(getBegin());
  std::optional<int64_t> sizeLength = vectorLength(getSize());
  if (beginLength && sizeLength && *beginLength != *sizeLength)
    return emitOpError("begin has ")
           << *beginLength << " entries but size has " << *sizeLength;
  auto input = ranked(getInput());
  if (!input)
    return success();
  for (std::optional<int64_t> length : {beginLength, sizeLength})
    if (length && *length != input.getRank())
      return emitOpError("begin and size must have one entry per input "
                         "dimension (")
             << input.getRank() << "), got " << *length;
  auto output = ranked(getOutput());
  if (output && output.getRank() != input.getRank())
    return emitOpError("result rank ")
           << output.getRank() << " differs from the input rank "
           << input.getRank();
  return verifyInferredResultShape(*this);
}

LogicalResult StridedSliceOp::verify() {
  // Compare every statically known length with the first known one, so that
  // a dynamic `begin` does not hide a mismatch between `end` and `strides`.
  std::optional<int64_t> known;
  for (Value vector : {getBegin(), getEnd(), getStrides()}) {
    std::optional<int64_t> length = vectorLength(vector);
    if (!length)
      continue;
    if (known && *length != *known)
      return emitOpError("begin, end and strides must have the same length");
    known = length;
  }
  if (llvm::popcount(static_cast<uint32_t>(getEllipsisMask())) > 1)
    return emitOpError("ellipsis_mask may have at most one bit set");
  if (std::optional<SmallVector<int64_t>> strides = constantInts(getStrides()))
    for (auto [index, stride] : llvm::enumerate(*strides))
      if (stride == 0)
        return emitOpError("stride #") << index << " is zero";
  return verifyInferredResultShape(*this);
}

LogicalResult DynamicUpdateSliceOp::verify() {
  auto operand = ranked(getOperand());
  auto update = ranked(getUpdate());
  auto output = ranked(getOutput());
  // The rank every ranked operand and the result share: the operand's, else
  // the update's, else the result's.
  RankedTensorType reference = operand ? operand : update ? update : output;
  if (!reference)
    return success();
  int64_t rank = reference.getRank();
  StringRef whose = operand ? "operand" : update ? "update" : "result";
  if (update && update.getRank() != rank)
    return emitOpError("update rank ")
           << update.getRank() << " differs from the operand rank " << rank;
  if (output && output.getRank() != rank)
    return emitOpError("result rank ")
           << output.getRank() << " differs from the " << whose << " rank "
           << rank;
  if (std::optional<int64_t> length = vectorLength(getStartIndices());
      length && *length != rank)
    return emitOpError("start_indices has ")
           << *length << " entries but the " << whose << " has rank " << rank;
  if (!operand)
    return success();
  if (update)
    for (int64_t dim = 0; dim < rank; ++dim)
      if (!operand.isDynamicDim(dim) && !update.isDynamicDim(dim) &&
          update.getDimSize(dim) > operand.getDimSize(dim))
        return emitOpError("update dimension ")
               << dim << " (" << update.getDimSize(dim)
               << ") is larger than the operand's (" << operand.getDimSize(dim)
               << ")";
  return verifyInferredResultShape(*this);
}

LogicalResult GatherOp::verify() {
  auto params = ranked(getParams());
  auto indices = ranked(getIndices());
  if (!params)
    return success();
  FailureOr<int64_t> axis =
      verifyAxis(*this, getAxis(), params.getRank(), "axis");
  if (failed(axis))
    return failure();
  if (!indices)
    return success();
  FailureOr<int64_t> normalizedBatchDims = normalizeGatherBatchDims(
      getBatchDims(), indices.getRank(), *axis, [&] { return emitOpError(); });
  if (failed(normalizedBatchDims))
    return failure();
  int64_t batchDims = *normalizedBatchDims;
  for (int64_t dim = 0; dim < batchDims; ++dim)
    if (!dimsCompatible(params.getDimSize(dim), indices.getDimSize(dim)))
      return emitOpError("batch dimension ")
             << dim << " differs between params and indices";
  return verifyInferredResultShape(*this);
}

LogicalResult ScatterNdOp::verify() {
  auto indices = ranked(getIndices());
  auto updates = ranked(getUpdates());
  auto output = ranked(getOutput());
  if (!indices)
    return success();
  if (indices.getRank() < 1)
    return emitOpError("indices must have rank at least 1 (the index tuples "
                       "along the last dimension)");
  int64_t depth = indices.getShape().back();
  if (output && !ShapedType::isDynamic(depth) && depth > output.getRank())
    return emitOpError("index tuples of ")
           << depth << " entries for a result of rank " << output.getRank();
  if (output && updates && !ShapedType::isDynamic(depth)) {
    int64_t expected = indices.getRank() - 1 + output.getRank() - depth;
    if (updates.getRank() != expected)
      return emitOpError("updates must have rank ")
             << expected << " (indices' batch dimensions and the result's "
             << "after the first " << depth << "), not " << updates.getRank();
    for (int64_t d = 0; d + 1 < indices.getRank(); ++d)
      if (!dimsCompatible(updates.getDimSize(d), indices.getDimSize(d)))
        return emitOpError("updates dimension ")
               << d << " differs from indices'";
    for (int64_t d = depth; d < output.getRank(); ++d)
      if (!dimsCompatible(updates.getDimSize(indices.getRank() - 1 + d - depth),
                          output.getDimSize(d)))
        return emitOpError("updates dimension ")
               << indices.getRank() - 1 + d - depth
               << " differs from the result's dimension " << d;
  }
  return verifyInferredResultShape(*this);
}

LogicalResult TransposeOp::verify() {
  auto input = ranked(getInput());
  auto output = ranked(getOutput());
  if (!input)
    return success();
  if (std::optional<int64_t> length = vectorLength(getPerm());
      length && *length != input.getRank())
    return emitOpError("perm has ")
           << *length << " entries but the input has rank " << input.getRank();
  if (output && output.getRank() != input.getRank())
    return emitOpError("result rank ")
           << output.getRank() << " differs from the input rank "
           << input.getRank();
  std::optional<SmallVector<int64_t>> perm = constantInts(getPerm());
  if (!perm)
    return success();
  SmallVector<bool> seen(input.getRank(), false);
  for (int64_t dim : *perm) {
    if (dim < 0 || dim >= input.getRank() || seen[dim])
      return emitOpError("perm is not a permutation of [0, ")
             << input.getRank() << ")";
    seen[dim] = true;
  }
  return verifyInferredResultShape(*this);
}

//===----------------------------------------------------------------------===//
// Tensor creation
//===----------------------------------------------------------------------===//

/// A shape operand (`name`, fill's dims, random_uniform's shape) lists one
/// entry per dimension of the result.
static LogicalResult verifyListedShape(Operation *op, Value shape,
                                       StringRef name, Value result) {
  auto output = ranked(result);
  std::optional<int64_t> length = vectorLength(shape);
  if (output && length && *length != output.getRank())
    return op->emitOpError()
           << name << " has " << *length << " entries but the result has rank "
           << output.getRank();
  return verifyInferredResultShape(op);
}

LogicalResult FillOp::verify() {
  return verifyListedShape(*this, getDims(), "dims", getOutput());
}

LogicalResult BroadcastToOp::verify() {
  if (failed(verifyListedShape(*this, getShape(), "shape", getOutput())))
    return failure();
  auto input = ranked(getInput());
  auto output = ranked(getOutput());
  if (!input || !output)
    return success();
  if (input.getRank() > output.getRank())
    return emitOpError("cannot broadcast ")
           << input << " to fewer dimensions: " << output;
  int64_t extra = output.getRank() - input.getRank();
  for (auto [d, size] : llvm::enumerate(input.getShape())) {
    int64_t to = output.getDimSize(extra + d);
    if (!ShapedType::isDynamic(size) && !ShapedType::isDynamic(to) &&
        size != 1 && size != to)
      return emitOpError("cannot broadcast ") << input << " to " << output;
  }
  return success();
}

LogicalResult RandomUniformOp::verify() {
  if (failed(verifyListedShape(*this, getShape(), "shape", getOutput())))
    return failure();
  if (getSeed() == 0 && getSeed2() == 0)
    return emitOpError("has seeds 0 and 0 (TensorFlow's non-deterministic "
                       "generator); give the graph or the op a seed");
  return success();
}

LogicalResult TileOp::verify() {
  auto input = ranked(getInput());
  auto output = ranked(getOutput());
  std::optional<int64_t> length = vectorLength(getMultiples());
  for (RankedTensorType type : {input, output})
    if (type && length && *length != type.getRank())
      return emitOpError("multiples has ")
             << *length << " entries but the "
             << (type == input ? "input" : "result") << " has rank "
             << type.getRank();
  if (input && output && input.getRank() != output.getRank())
    return emitOpError("result rank ")
           << output.getRank() << " differs from the input's "
           << input.getRank();
  return verifyInferredResultShape(*this);
}

/// pad and mirror_pad: paddings [rank, 2] whose constant entries are not
/// negative and (mirror_pad) at most `largest(dimension size)`.
static LogicalResult
verifyPaddings(Operation *op, Value inputValue, Value paddingsValue,
               function_ref<int64_t(int64_t)> largest = nullptr) {
  auto input = ranked(inputValue);
  auto paddings = ranked(paddingsValue);
  if (paddings && (paddings.getRank() != 2 ||
                   (!paddings.isDynamicDim(1) && paddings.getDimSize(1) != 2)))
    return op->emitOpError("paddings must be [rank, 2], not ") << paddings;
  if (input && paddings && !paddings.isDynamicDim(0) &&
      paddings.getDimSize(0) != input.getRank())
    return op->emitOpError("paddings has ")
           << paddings.getDimSize(0) << " rows for an input of rank "
           << input.getRank();
  std::optional<SmallVector<int64_t>> values = constantInts(paddingsValue);
  if (!values)
    return success();
  for (auto [index, value] : llvm::enumerate(*values)) {
    if (value < 0)
      return op->emitOpError("paddings has a negative entry ") << value;
    int64_t dim = index / 2;
    if (!largest || !input || dim >= input.getRank() || input.isDynamicDim(dim))
      continue;
    int64_t most = largest(input.getDimSize(dim));
    if (value > most)
      return op->emitOpError("paddings has ")
             << value << " in row " << dim << ", more than " << most
             << " for a dimension of size " << input.getDimSize(dim);
  }
  return success();
}

LogicalResult PadOp::verify() {
  if (failed(verifyPaddings(*this, getInput(), getPaddings())))
    return failure();
  return verifyInferredResultShape(*this);
}

LogicalResult MirrorPadOp::verify() {
  // REFLECT mirrors about the border element, which it does not repeat.
  bool reflect = getMode() == MirrorPadMode::REFLECT;
  if (failed(verifyPaddings(*this, getInput(), getPaddings(),
                            [&](int64_t size) { return size - reflect; })))
    return failure();
  return verifyInferredResultShape(*this);
}

LogicalResult ReverseSequenceOp::verify() {
  auto input = ranked(getInput());
  if (!input)
    return success();
  int64_t rank = input.getRank();
  int64_t seqDim = getSeqDim(), batchDim = getBatchDim();
  if (seqDim < 0 || seqDim >= rank || batchDim < 0 || batchDim >= rank)
    return emitOpError("seq_dim ")
           << seqDim << " and batch_dim " << batchDim
           << " must be dimensions of the input of rank " << rank;
  if (seqDim == batchDim)
    return emitOpError("seq_dim and batch_dim are both ") << seqDim;
  std::optional<int64_t> length = vectorLength(getSeqLengths());
  if (length && !input.isDynamicDim(batchDim) &&
      *length != input.getDimSize(batchDim))
    return emitOpError("seq_lengths has ")
           << *length << " entries for a batch of "
           << input.getDimSize(batchDim);
  if (std::optional<SmallVector<int64_t>> lengths =
          constantInts(getSeqLengths()))
    for (int64_t n : *lengths)
      if (n < 0 ||
          (!input.isDynamicDim(seqDim) && n > input.getDimSize(seqDim)))
        return emitOpError("seq_lengths has ")
               << n << ", outside [0, " << input.getDimSize(seqDim) << "]";
  return success();
}

LogicalResult OneHotOp::verify() {
  if (auto indices = ranked(getIndices())) {
    int64_t axis = getAxis();
    if (axis < -1 || axis > indices.getRank())
      return emitOpError("axis ")
             << axis << " is outside [-1, " << indices.getRank() << "]";
  }
  if (std::optional<SmallVector<int64_t>> depth = constantInts(getDepth()))
    if ((*depth)[0] < 0)
      return emitOpError("depth ") << (*depth)[0] << " is negative";
  return verifyInferredResultShape(*this);
}

LogicalResult ReverseV2Op::verify() {
  auto input = ranked(getInput());
  DenseIntElementsAttr axes;
  if (!input || !matchPattern(getAxes(), m_Constant(&axes)))
    return success();
  SmallVector<bool> reversed(input.getRank(), false);
  for (const APInt &axis : axes.getValues<APInt>()) {
    FailureOr<int64_t> dim = normalizeAxis(axis.getSExtValue(), input.getRank(),
                                           [&] { return emitOpError(); });
    if (failed(dim))
      return failure();
    if (reversed[*dim])
      return emitOpError("axis ") << axis.getSExtValue() << " (" << *dim
                                  << ") is listed more than once";
    reversed[*dim] = true;
  }
  return success();
}

LogicalResult RangeOp::verify() { return verifyInferredResultShape(*this); }

LogicalResult ShapeOp::verify() {
  auto input = ranked(getInput());
  std::optional<int64_t> length = vectorLength(getOutput());
  if (input && length && *length != input.getRank())
    return emitOpError("result has ")
           << *length << " entries but the input has rank " << input.getRank();
  return verifyInferredResultShape(*this);
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

/// Shared by sum, mean and reduce_max.
static LogicalResult verifyReduction(Operation *op, Value inputValue,
                                     Value axesValue, bool keepDims,
                                     Value outputValue) {
  auto axesType = ranked(axesValue);
  if (axesType && axesType.getRank() > 1)
    return op->emitOpError("axes must be a scalar or a vector, got ")
           << axesType;
  auto input = ranked(inputValue);
  auto output = ranked(outputValue);
  if (!input || !output)
    return success();
  if (keepDims && output.getRank() != input.getRank())
    return op->emitOpError("with keep_dims the result rank ")
           << output.getRank() << " must equal the input rank "
           << input.getRank();
  std::optional<SmallVector<int64_t>> axes = constantInts(axesValue);
  if (!axes)
    return success();
  for (int64_t axis : *axes)
    if (failed(verifyAxis(op, axis, input.getRank(), "axis")))
      return failure();
  return verifyInferredResultShape(op);
}

/// arg_max / arg_min: a scalar or one-element axis in range for the input,
/// cumsum / cumprod: a scalar axis, in range for the input when constant.
static LogicalResult verifyScan(Operation *op, Value inputValue,
                                Value axisValue) {
  auto axisType = ranked(axisValue);
  if (axisType && axisType.getRank() != 0)
    return op->emitOpError("axis must be a scalar, not ") << axisType;
  auto input = ranked(inputValue);
  DenseIntElementsAttr axis;
  if (input && matchPattern(axisValue, m_Constant(&axis)) &&
      failed(normalizeAxis((*axis.getValues<APInt>().begin()).getSExtValue(),
                           input.getRank(), [&] { return op->emitOpError(); })))
    return failure();
  return success();
}

/// a result of the input's rank minus one.
static LogicalResult verifyArgReduction(Operation *op, Value inputValue,
                                        Value axisValue, Value outputValue) {
  auto axisType = ranked(axisValue);
  if (axisType && (axisType.getRank() > 1 ||
                   (axisType.getRank() == 1 && !axisType.isDynamicDim(0) &&
                    axisType.getDimSize(0) != 1)))
    return op->emitOpError("axis must be a scalar or a one-element vector, "
                           "not ")
           << axisType;
  auto input = ranked(inputValue);
  auto output = ranked(outputValue);
  if (input && output && output.getRank() != input.getRank() - 1)
    return op->emitOpError("result rank ")
           << output.getRank() << " is not the input's rank " << input.getRank()
           << " minus one";
  DenseIntElementsAttr axis;
  if (input && matchPattern(axisValue, m_Constant(&axis)) &&
      axis.getNumElements() == 1 &&
      failed(normalizeAxis((*axis.getValues<APInt>().begin()).getSExtValue(),
                           input.getRank(), [&] { return op->emitOpError(); })))
    return failure();
  return verifyInferredResultShape(op);
}

LogicalResult NonMaxSuppressionV4Op::verify() {
  auto boxes = ranked(getBoxes());
  auto scores = ranked(getScores());
  if (boxes &&
      (boxes.getRank() != 2 || !dimsCompatible(boxes.getDimSize(1), 4)))
    return emitOpError("boxes must be [num_boxes, 4], not ") << boxes;
  if (scores && scores.getRank() != 1)
    return emitOpError("scores must be a vector, not ") << scores;
  if (boxes && scores &&
      !dimsCompatible(boxes.getDimSize(0), scores.getDimSize(0)))
    return emitOpError("has ") << boxes.getDimSize(0) << " boxes but "
                               << scores.getDimSize(0) << " scores";
  auto selected = ranked(getSelectedIndices());
  if (selected && selected.getRank() != 1)
    return emitOpError("selected_indices must be a vector, not ") << selected;
  if (std::optional<SmallVector<int64_t>> size =
          constantInts(getMaxOutputSize())) {
    if ((*size)[0] < 0)
      return emitOpError("max_output_size ") << (*size)[0] << " is negative";
    if (selected && !dimsCompatible(selected.getDimSize(0), (*size)[0]))
      return emitOpError("selected_indices ")
             << selected << " does not hold max_output_size = " << (*size)[0]
             << " indices";
  }
  DenseFPElementsAttr iou;
  if (matchPattern(getIouThreshold(), m_Constant(&iou))) {
    double threshold = (*iou.getValues<APFloat>().begin()).convertToDouble();
    if (!(threshold >= 0 && threshold <= 1))
      return emitOpError("iou_threshold ") << threshold << " is outside [0, 1]";
  }
  return success();
}

LogicalResult TopKOp::verify() {
  auto input = ranked(getInput());
  if (input && input.getRank() == 0)
    return emitOpError("input must have rank >= 1 (the rows are along its "
                       "last dimension)");
  if (std::optional<SmallVector<int64_t>> k = constantInts(getK())) {
    if ((*k)[0] < 0)
      return emitOpError("k = ") << (*k)[0] << " is negative";
    if (input && !input.isDynamicDim(input.getRank() - 1) &&
        (*k)[0] > input.getShape().back())
      return emitOpError("k = ")
             << (*k)[0] << " is more than the " << input.getShape().back()
             << " elements of a row";
  }
  return verifyInferredResultShape(*this);
}

//===----------------------------------------------------------------------===//
// Linear algebra
//===----------------------------------------------------------------------===//

LogicalResult FullyConnectedOp::verify() {
  auto input = ranked(getInput());
  auto filter = ranked(getFilter());
  int64_t units = ShapedType::kDynamic, depth = ShapedType::kDynamic;
  if (filter) {
    if (filter.getRank() != 2)
      return emitOpError("filter must have rank 2 ([units, depth]), got ")
             << filter;
    units = filter.getDimSize(0);
    depth = filter.getDimSize(1);
  }
  if (input && input.getRank() == 0)
    return emitOpError("input must have rank >= 1");
  if (input && !dimsCompatible(input.getShape().back(), depth))
    return emitOpError("input depth ")
           << input.getShape().back() << " differs from the filter depth "
           << depth;
  if (getBias()) {
    if (auto bias = ranked(getBias())) {
      if (bias.getRank() != 1)
        return emitOpError("bias must have rank 1, got ") << bias;
      if (!dimsCompatible(bias.getDimSize(0), units))
        return emitOpError("bias has ")
               << bias.getDimSize(0) << " entries but the filter has " << units
               << " units";
    }
  }
  return verifyInferredResultShape(*this);
}

LogicalResult BatchMatMulOp::verify() {
  auto x = ranked(getX());
  auto y = ranked(getY());
  if (x && x.getRank() < 2)
    return emitOpError("x must have rank >= 2, got ") << x;
  if (y && y.getRank() < 2)
    return emitOpError("y must have rank >= 2, got ") << y;
  if (!x || !y)
    return success();
  int64_t xDepth = x.getDimSize(x.getRank() - (getAdjX() ? 2 : 1));
  int64_t yDepth = y.getDimSize(y.getRank() - (getAdjY() ? 1 : 2));
  if (!dimsCompatible(xDepth, yDepth))
    return emitOpError("contraction dimensions differ: ")
           << xDepth << " vs " << yDepth;
  SmallVector<int64_t> batch;
  if (!OpTrait::util::getBroadcastedShape(x.getShape().drop_back(2),
                                          y.getShape().drop_back(2), batch))
    return emitOpError("batch dimensions of ")
           << x << " and " << y << " do not broadcast";
  return verifyInferredResultShape(*this);
}

#define GET_OP_CLASSES
//===----------------------------------------------------------------------===//
// Windows: convolution and pooling
//===----------------------------------------------------------------------===//

/// An NHWC image over which windows of `filterHeight` x `filterWidth` taps
/// give no negative output size (VALID) where its sizes are known.
static LogicalResult verifyWindows(Operation *op, RankedTensorType input,
                                   Padding padding, int64_t filterHeight,
                                   int64_t filterWidth, int64_t strideH,
                                   int64_t strideW, int64_t dilationH,
                                   int64_t dilationW) {
  if (!input)
    return success();
  if (input.getRank() != 4)
    return op->emitOpError("input must be [batch, height, width, channels], "
                           "not ")
           << input;
  auto fits = [&](int64_t dim, int64_t taps, int64_t stride, int64_t dilation,
                  StringRef name) -> LogicalResult {
    int64_t size = input.getDimSize(dim);
    if (isDynamic(size) || isDynamic(taps) || padding != Padding::VALID ||
        window::placeWindows(size, taps, stride, dilation, false))
      return success();
    return op->emitOpError("a VALID window of ")
           << window::effectiveFilterSize(taps, dilation) << " " << name
           << " with stride " << stride << " gives a negative output size over "
           << size;
  };
  if (failed(fits(1, filterHeight, strideH, dilationH, "rows")) ||
      failed(fits(2, filterWidth, strideW, dilationW, "columns")))
    return failure();
  return success();
}

/// conv_2d (depthMultiplier 0: the filter is [out, h, w, channels]) and
/// depthwise_conv_2d (the filter is [1, h, w, channels * depthMultiplier]).
template <typename ConvOp>
static LogicalResult verifyConvolution(ConvOp op, int64_t depthMultiplier) {
  auto input = ranked(op.getInput());
  auto filter = ranked(op.getFilter());
  if (filter && filter.getRank() != 4)
    return op.emitOpError(depthMultiplier
                              ? "filter must be [1, height, width, channels "
                                "* depth_multiplier], not "
                              : "filter must be [out_channels, height, width, "
                                "channels], not ")
           << filter;
  int64_t height = filter ? filter.getDimSize(1) : ShapedType::kDynamic;
  int64_t width = filter ? filter.getDimSize(2) : ShapedType::kDynamic;
  if (failed(verifyWindows(op, input, op.getPadding(), height, width,
                           op.getStrideH(), op.getStrideW(),
                           op.getDilationHFactor(), op.getDilationWFactor())))
    return failure();
  int64_t channels = input ? input.getDimSize(3) : ShapedType::kDynamic;
  int64_t outChannels = ShapedType::kDynamic;
  if (filter && depthMultiplier) {
    if (!dimsCompatible(filter.getDimSize(0), 1))
      return op.emitOpError("filter's first dimension must be 1, not ")
             << filter.getDimSize(0);
    outChannels = filter.getDimSize(3);
    if (!isDynamic(channels) &&
        !dimsCompatible(outChannels, channels * depthMultiplier))
      return op.emitOpError("filter has ")
             << outChannels << " channels, not the input's " << channels
             << " times depth_multiplier " << depthMultiplier;
  } else if (filter) {
    outChannels = filter.getDimSize(0);
    if (!dimsCompatible(filter.getDimSize(3), channels))
      return op.emitOpError("filter reads ")
             << filter.getDimSize(3) << " channels but the input has "
             << channels;
  }
  if (op.getBias() && getElementTypeOrSelf(op.getBias().getType()) !=
                          getElementTypeOrSelf(op.getInput().getType()))
    return op.emitOpError("bias must have the input's element type, not ")
           << op.getBias().getType();
  auto bias = op.getBias() ? ranked(op.getBias()) : RankedTensorType();
  if (bias)
    if (bias.getRank() != 1 || !dimsCompatible(bias.getDimSize(0), outChannels))
      return op.emitOpError("bias must be [")
             << (isDynamic(outChannels) ? std::string("out_channels")
                                        : std::to_string(outChannels))
             << "], not " << bias;
  return verifyInferredResultShape(op);
}

template <typename PoolOp> static LogicalResult verifyPool(PoolOp op) {
  if (failed(verifyWindows(op, ranked(op.getInput()), op.getPadding(),
                           op.getFilterHeight(), op.getFilterWidth(),
                           op.getStrideH(), op.getStrideW(), 1, 1)))
    return failure();
  return verifyInferredResultShape(op);
}

#include "sluice/Dialect/Lite/IR/LiteOps.cpp.inc"
