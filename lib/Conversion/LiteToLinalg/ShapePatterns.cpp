//===- ShapePatterns.cpp - lowering of lite shape ops ---------------------===//
//
// reshape, expand_dims, squeeze, transpose, fill, range and shape, lowered
// to tensor/linalg/arith with the reference interpreter's semantics:
//
//   lite.reshape (constant shape)   tensor.collapse_shape / expand_shape
//   lite.reshape (run-time shape)   -1 inferred in arith, checks, then
//                                   tensor.reshape %x, from_elements(sizes)
//   lite.expand_dims                tensor.expand_shape (constant axis) or
//                                   tensor.reshape (run-time axis)
//   lite.squeeze                    tensor.collapse_shape
//   lite.transpose                  linalg.transpose (constant perm) or a
//                                   linalg.generic reading tensor.extract
//   lite.fill                       tensor.empty + linalg.fill
//   lite.range                      arith.constant (constant operands) or a
//                                   linalg.generic over linalg.index
//   lite.shape                      arith.constant or tensor.from_elements
//                                   of tensor.dim
//
// Slicing and gathering are in SlicePatterns.cpp, joining and splitting in
// JoinPatterns.cpp; the shared helpers in ShapeLowering.h.
//
//===----------------------------------------------------------------------===//

#include "ShapeLowering.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Matchers.h"
#include "sluice/Dialect/Lite/IR/LiteOps.h"

#include <cmath>

using namespace mlir;

namespace sluice::lite_to_native {
namespace {

//===----------------------------------------------------------------------===//
// reshape
//===----------------------------------------------------------------------===//

/// The result sizes of a reshape of `input` to the shape `entries` (one -1
/// entry inferred), with the interpreter's checks.
FailureOr<SmallVector<Value>> inferReshapeSizes(IndexArith &arith,
                                                RuntimeChecks &checks,
                                                Value input,
                                                ArrayRef<Value> entries) {
  Value count = arith.constant(1);
  for (Value size : arith.dims(input))
    count = arith.mul(count, size);

  Value zero = arith.constant(0), one = arith.constant(1);
  Value largest = arith.constant(std::numeric_limits<int64_t>::max());
  Value inferredSeen = arith.boolean(false), anyZero = arith.boolean(false);
  Value overflow = arith.boolean(false), known = one;
  SmallVector<Value> inferred;
  for (Value entry : entries) {
    Value isInferred = arith.eq(entry, arith.constant(-1));
    if (failed(
            checks.require(arith.negate(arith.both(isInferred, inferredSeen)),
                           SLUICE_ERROR_INVALID_ARGUMENT,
                           "reshape shape has more than one -1 entry")) ||
        failed(checks.require(arith.either(isInferred, arith.le(zero, entry)),
                              SLUICE_ERROR_INVALID_ARGUMENT,
                              "reshape shape has a negative entry")))
      return failure();
    inferred.push_back(isInferred);
    inferredSeen = arith.either(inferredSeen, isInferred);
    anyZero = arith.either(anyZero, arith.eq(entry, zero));
    Value factor = arith.select(isInferred, one, entry);
    // known * factor overflows when known > INT64_MAX / factor.
    Value bound = arith.div(largest, arith.max(factor, one));
    overflow = arith.either(
        overflow, arith.both(arith.lt(zero, factor), arith.lt(bound, known)));
    known = arith.mul(known, factor);
  }
  // A zero entry makes the product 0, however large the others are.
  overflow = arith.both(overflow, arith.negate(anyZero));
  if (failed(checks.require(
          arith.negate(arith.both(inferredSeen, anyZero)),
          SLUICE_ERROR_INVALID_ARGUMENT,
          "reshape cannot infer the -1 entry: the other entries multiply to "
          "0")))
    return failure();
  Value divisor = arith.max(known, one);
  Value mismatch = arith.either(
      overflow,
      arith.select(inferredSeen,
                   arith.negate(arith.eq(arith.rem(count, divisor), zero)),
                   arith.negate(arith.eq(known, count))));
  if (failed(checks.require(arith.negate(mismatch), SLUICE_ERROR_SHAPE_MISMATCH,
                            "reshape shape does not match the element count "
                            "of the input")))
    return failure();
  Value inferredSize = arith.div(count, divisor);
  SmallVector<Value> sizes;
  for (auto [entry, isInferred] : llvm::zip_equal(entries, inferred))
    sizes.push_back(arith.select(isInferred, inferredSize, entry));
  return sizes;
}

/// Reshapes a statically shaped tensor with collapse_shape/expand_shape:
/// directly where one groups the other's dimensions, else through 1-D.
Value reshapeStatic(OpBuilder &builder, Location loc, Value input,
                    RankedTensorType target) {
  auto source = cast<RankedTensorType>(input.getType());
  if (source == target)
    return input;
  if (source.getRank() == 0 || target.getRank() == 0 ||
      getReassociationIndicesForReshape(source, target)) {
    SmallVector<ReassociationIndices> groups;
    if (source.getRank() != 0 && target.getRank() != 0)
      groups = *getReassociationIndicesForReshape(source, target);
    if (source.getRank() > target.getRank())
      return tensor::CollapseShapeOp::create(builder, loc, target, input,
                                             groups);
    return tensor::ExpandShapeOp::create(builder, loc, target, input, groups);
  }
  SmallVector<ReassociationIndices> all = {
      llvm::to_vector(llvm::seq<int64_t>(0, source.getRank()))};
  Value flat = tensor::CollapseShapeOp::create(builder, loc, input, all);
  SmallVector<ReassociationIndices> allTarget = {
      llvm::to_vector(llvm::seq<int64_t>(0, target.getRank()))};
  return tensor::ExpandShapeOp::create(builder, loc, target, flat, allTarget);
}

/// Gives `input` the sizes `sizes` (same element count): statically where
/// both shapes are static, else with tensor.reshape.
Value reshapeTo(OpBuilder &builder, Location loc, Value input,
                ArrayRef<Value> sizes) {
  auto source = cast<RankedTensorType>(input.getType());
  RankedTensorType target = tensorTypeOfSizes(sizes, source.getElementType());
  if (source.hasStaticShape() && target.hasStaticShape())
    return reshapeStatic(builder, loc, input, target);
  auto shapeType = RankedTensorType::get({static_cast<int64_t>(sizes.size())},
                                         builder.getIndexType());
  Value shape = tensor::FromElementsOp::create(builder, loc, shapeType, sizes);
  return tensor::ReshapeOp::create(builder, loc, target, input, shape);
}

struct ReshapeLowering : OpConversionPattern<lite::ReshapeOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(lite::ReshapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    int64_t rank = cast<RankedTensorType>(op.getType()).getRank();

    IndexArith arith(rewriter, loc);
    RuntimeChecks checks(op, rewriter, loc);
    FailureOr<SmallVector<Value>> entries = readIndexVector(
        arith, checks, op, adaptor.getShape(), rank, "reshape shape");
    if (failed(entries))
      return failure();
    FailureOr<SmallVector<Value>> sizes =
        inferReshapeSizes(arith, checks, input, *entries);
    if (failed(sizes))
      return failure();
    Type elementType = getElementTypeOrSelf(input.getType());
    Value reshaped = buildIfValid(
        rewriter, loc, checks.allHold(), tensorTypeOfSizes(*sizes, elementType),
        [&](OpBuilder &builder, Location nested) {
          return reshapeTo(builder, nested, input, *sizes);
        });
    return replaceWithResults(rewriter, op, reshaped, *getTypeConverter());
  }
};

//===----------------------------------------------------------------------===//
// expand_dims and squeeze
//===----------------------------------------------------------------------===//

struct ExpandDimsLowering : OpConversionPattern<lite::ExpandDimsOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(lite::ExpandDimsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    auto inputType = cast<RankedTensorType>(input.getType());
    auto axisType = dyn_cast<RankedTensorType>(adaptor.getAxis().getType());
    if (!axisType || !axisType.hasStaticShape() ||
        axisType.getNumElements() != 1)
      return op.emitError("the native back end needs expand_dims' axis to "
                          "have a static shape of one element, got ")
             << adaptor.getAxis().getType();

    IndexArith arith(rewriter, loc);
    RuntimeChecks checks(op, rewriter, loc);
    int64_t rank = inputType.getRank();
    Value axis =
        arith.toIndex(readSingleElement(rewriter, loc, adaptor.getAxis()));
    Value expanded;
    if (std::optional<int64_t> known = constantInt(axis)) {
      FailureOr<int64_t> position = normalizeAxis(op, *known, rank + 1, "axis");
      if (failed(position))
        return failure();
      expanded = expandAt(rewriter, loc, input, *position);
    } else {
      FailureOr<Value> position = runtimePosition(arith, checks, axis, rank);
      if (failed(position))
        return failure();
      checks.emit();
      expanded = expandAtRuntime(arith, input, *position);
    }
    return replaceWithResults(rewriter, op, expanded, *getTypeConverter());
  }

  /// A constant axis: tensor.expand_shape.
  static Value expandAt(OpBuilder &builder, Location loc, Value input,
                        int64_t position) {
    SmallVector<bool> isUnit(
        cast<RankedTensorType>(input.getType()).getRank() + 1, false);
    isUnit[position] = true;
    return insertUnitDims(builder, loc, input, isUnit);
  }

  /// A run-time axis checked against [-rank - 1, rank], as a position in
  /// [0, rank] (0 when out of range).
  static FailureOr<Value> runtimePosition(IndexArith &arith,
                                          RuntimeChecks &checks, Value axis,
                                          int64_t rank) {
    Value inRange = arith.both(arith.le(arith.constant(-rank - 1), axis),
                               arith.lt(axis, arith.constant(rank + 1)));
    if (failed(checks.require(inRange, SLUICE_ERROR_INVALID_ARGUMENT,
                              "expand_dims axis is out of range")))
      return failure();
    Value position =
        arith.select(arith.lt(axis, arith.constant(0)),
                     arith.add(axis, arith.constant(rank + 1)), axis);
    return arith.select(inRange, position, arith.constant(0));
  }

  /// A run-time axis: tensor.reshape to the sizes with a 1 at `position`.
  static Value expandAtRuntime(IndexArith &arith, Value input, Value position) {
    SmallVector<Value> inputSizes = arith.dims(input);
    int64_t rank = inputSizes.size();
    SmallVector<Value> sizes;
    Value one = arith.constant(1);
    for (int64_t d = 0; d <= rank; ++d) {
      Value index = arith.constant(d);
      Value size = one;
      if (d > 0)
        size = arith.select(arith.lt(position, index), inputSizes[d - 1], size);
      if (d < rank)
        size = arith.select(arith.lt(index, position), inputSizes[d], size);
      sizes.push_back(size);
    }
    return reshapeTo(arith.getBuilder(), arith.getLoc(), input, sizes);
  }
};

struct SqueezeLowering : OpConversionPattern<lite::SqueezeOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(lite::SqueezeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    auto inputType = cast<RankedTensorType>(input.getType());
    FailureOr<SmallVector<bool>> squeezed = squeezedDims(op, inputType);
    if (failed(squeezed))
      return failure();

    // Dynamic dimensions must have size 1 where squeezed and, when the op
    // squeezes every size-1 dimension, a size other than 1 where kept.
    IndexArith arith(rewriter, loc);
    RuntimeChecks checks(op, rewriter, loc);
    SmallVector<int64_t> squeezable(inputType.getShape());
    SmallVector<int64_t> kept;
    for (int64_t d = 0; d < inputType.getRank(); ++d) {
      if ((*squeezed)[d])
        squeezable[d] = 1;
      else
        kept.push_back(inputType.getDimSize(d));
      if (!inputType.isDynamicDim(d))
        continue;
      Value isOne = arith.eq(arith.dim(input, d), arith.constant(1));
      if ((*squeezed)[d] &&
          failed(checks.require(isOne, SLUICE_ERROR_SHAPE_MISMATCH,
                                "squeeze of dimension " + Twine(d) +
                                    ", whose size is not 1")))
        return failure();
      if (!(*squeezed)[d] && op.getSqueezeDims().empty() &&
          failed(checks.require(arith.negate(isOne),
                                SLUICE_ERROR_SHAPE_MISMATCH,
                                "squeeze removes dimension " + Twine(d) +
                                    ", which the result type keeps")))
        return failure();
    }
    auto natural = RankedTensorType::get(kept, inputType.getElementType());
    Value collapsed = buildIfValid(
        rewriter, loc, checks.allHold(), natural,
        [&](OpBuilder &builder, Location nested) {
          Value ones =
              castTo(builder, nested, input, inputType.clone(squeezable));
          return tensor::CollapseShapeOp::create(builder, nested, natural, ones,
                                                 unitDimGroups(*squeezed));
        });
    return replaceWithResults(rewriter, op, collapsed, *getTypeConverter());
  }

  /// Which dimensions the op removes. Without squeeze_dims, every size-1
  /// dimension; a dynamic one is removed when that is what gives the
  /// declared result rank.
  static FailureOr<SmallVector<bool>> squeezedDims(lite::SqueezeOp op,
                                                   RankedTensorType input) {
    int64_t rank = input.getRank();
    SmallVector<bool> squeezed(rank, false);
    for (int32_t dim : op.getSqueezeDims()) {
      FailureOr<int64_t> position = normalizeAxis(op, dim, rank, "squeeze dim");
      if (failed(position))
        return failure();
      if (input.getDimSize(*position) != 1 && !input.isDynamicDim(*position))
        return op.emitError("cannot squeeze dimension ")
               << *position << " of size " << input.getDimSize(*position);
      squeezed[*position] = true;
    }
    if (!op.getSqueezeDims().empty())
      return squeezed;
    int64_t staticKept = 0, dynamic = 0;
    for (int64_t size : input.getShape()) {
      if (ShapedType::isDynamic(size))
        ++dynamic;
      else if (size != 1)
        ++staticKept;
    }
    int64_t resultRank = cast<RankedTensorType>(op.getType()).getRank();
    bool removeDynamic = resultRank == staticKept;
    if (dynamic > 0 && !removeDynamic && resultRank != staticKept + dynamic)
      return op.emitError("the native back end cannot tell which dynamic "
                          "dimensions of ")
             << input << " squeeze removes (result type " << op.getType()
             << ")";
    for (int64_t d = 0; d < rank; ++d)
      squeezed[d] =
          input.getDimSize(d) == 1 || (input.isDynamicDim(d) && removeDynamic);
    return squeezed;
  }
};

//===----------------------------------------------------------------------===//
// transpose
//===----------------------------------------------------------------------===//

struct TransposeLowering : OpConversionPattern<lite::TransposeOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(lite::TransposeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    auto inputType = cast<RankedTensorType>(input.getType());
    int64_t rank = inputType.getRank();
    IndexArith arith(rewriter, loc);
    RuntimeChecks checks(op, rewriter, loc);
    FailureOr<SmallVector<Value>> perm = readIndexVector(
        arith, checks, op, adaptor.getPerm(), rank, "transpose perm");
    if (failed(perm))
      return failure();
    std::optional<SmallVector<int64_t>> known =
        getConstantIntValues(getAsOpFoldResult(*perm));
    FailureOr<Value> transposed =
        known ? transposeStatic(op, arith, input, *known)
              : transposeRuntime(arith, checks, input, *perm);
    if (failed(transposed))
      return failure();
    return replaceWithResults(rewriter, op, *transposed, *getTypeConverter());
  }

  /// A constant permutation: linalg.transpose.
  static FailureOr<Value> transposeStatic(Operation *op, IndexArith &arith,
                                          Value input, ArrayRef<int64_t> perm) {
    int64_t rank = perm.size();
    SmallVector<bool> seen(rank, false);
    for (int64_t dim : perm) {
      if (dim < 0 || dim >= rank || seen[dim])
        return op->emitError("transpose perm is not a permutation of [0, ")
               << rank << ")";
      seen[dim] = true;
    }
    SmallVector<Value> inputSizes = arith.dims(input), sizes;
    for (int64_t dim : perm)
      sizes.push_back(inputSizes[dim]);
    Value init = emptyTensor(arith.getBuilder(), arith.getLoc(), sizes,
                             getElementTypeOrSelf(input.getType()));
    return linalg::TransposeOp::create(arith.getBuilder(), arith.getLoc(),
                                       input, init, perm)
        ->getResult(0);
  }

  /// A run-time permutation, checked: a linalg.generic whose element at
  /// index i reads the input at j with j[perm[k]] = i[k].
  static FailureOr<Value> transposeRuntime(IndexArith &arith,
                                           RuntimeChecks &checks, Value input,
                                           ArrayRef<Value> perm) {
    int64_t rank = perm.size();
    Value isPermutation = arith.boolean(true);
    Value zero = arith.constant(0), last = arith.constant(rank - 1);
    for (auto [i, dim] : llvm::enumerate(perm)) {
      isPermutation = arith.both(
          isPermutation, arith.both(arith.le(zero, dim), arith.le(dim, last)));
      for (Value other : perm.take_front(i))
        isPermutation =
            arith.both(isPermutation, arith.negate(arith.eq(dim, other)));
    }
    if (failed(checks.require(isPermutation, SLUICE_ERROR_INVALID_ARGUMENT,
                              "transpose perm is not a permutation")))
      return failure();
    SmallVector<Value> inputSizes = arith.dims(input), sizes;
    for (Value dim : perm) {
      Value size = inputSizes.front();
      for (int64_t d = 1; d < rank; ++d)
        size =
            arith.select(arith.eq(dim, arith.constant(d)), inputSizes[d], size);
      sizes.push_back(size);
    }
    Type elementType = getElementTypeOrSelf(input.getType());
    auto build = [&](OpBuilder &builder, Location loc) {
      return generateTensor(
          builder, loc, sizes, elementType, {}, {},
          [&](OpBuilder &nested, Location nestedLoc, ValueRange indices,
              ValueRange) {
            IndexArith body(nested, nestedLoc);
            SmallVector<Value> source;
            for (int64_t d = 0; d < rank; ++d) {
              Value index = body.constant(0);
              for (int64_t k = 0; k < rank; ++k)
                index = body.select(body.eq(perm[k], body.constant(d)),
                                    indices[k], index);
              source.push_back(index);
            }
            return tensor::ExtractOp::create(nested, nestedLoc, input, source)
                .getResult();
          });
    };
    return buildIfValid(arith.getBuilder(), arith.getLoc(), checks.allHold(),
                        tensorTypeOfSizes(sizes, elementType), build);
  }
};

//===----------------------------------------------------------------------===//
// fill
//===----------------------------------------------------------------------===//

} // namespace

/// The most elements a tensor of `elementType` created from run-time values
/// may have: kMaxElements, and no more than kDefaultMaxMemoryBytes.
int64_t maxElementsOf(Type elementType) {
  int64_t bytes = std::max<int64_t>(
      1, (getElementTypeOrSelf(elementType).getIntOrFloatBitWidth() + 7) / 8);
  return std::min(kMaxElements, kDefaultMaxMemoryBytes / bytes);
}

Value tensorFits(IndexArith &arith, ArrayRef<Value> sizes, Type elementType) {
  Value zero = arith.constant(0), one = arith.constant(1);
  Value anyZero = arith.boolean(false), fits = arith.boolean(true);
  Value limit = arith.constant(maxElementsOf(elementType)), count = one;
  for (Value size : sizes) {
    anyZero = arith.either(anyZero, arith.eq(size, zero));
    fits = arith.both(fits,
                      arith.le(size, arith.div(limit, arith.max(count, one))));
    count = arith.mul(count, size);
  }
  return arith.either(anyZero, fits);
}

std::string tooLargeMessage(StringRef what, Type elementType) {
  return (what + " result has more than " + Twine(maxElementsOf(elementType)) +
          " elements (at most " + Twine(kMaxElements) + ", and " +
          Twine(kDefaultMaxMemoryBytes) + " bytes)")
      .str();
}

FailureOr<SmallVector<Value>>
readShapeVector(IndexArith &arith, RuntimeChecks &checks, Operation *op,
                Value vector, int64_t rank, Type elementType, StringRef what) {
  FailureOr<SmallVector<Value>> sizes =
      readIndexVector(arith, checks, op, vector, rank, (what + " dims").str());
  if (failed(sizes))
    return failure();
  for (auto [d, size] : llvm::enumerate(*sizes))
    if (failed(checks.require(
            arith.le(arith.constant(0), size), SLUICE_ERROR_INVALID_ARGUMENT,
            what + " dims has a negative entry #" + Twine(d))))
      return failure();
  if (failed(checks.require(tensorFits(arith, *sizes, elementType),
                            SLUICE_ERROR_INVALID_ARGUMENT,
                            tooLargeMessage(what, elementType))))
    return failure();
  return sizes;
}

namespace {

struct FillLowering : OpConversionPattern<lite::FillOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(lite::FillOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    int64_t rank = cast<RankedTensorType>(op.getType()).getRank();
    IndexArith arith(rewriter, loc);
    RuntimeChecks checks(op, rewriter, loc);
    FailureOr<SmallVector<Value>> sizes =
        readShapeVector(arith, checks, op, adaptor.getDims(), rank,
                        getElementTypeOrSelf(op.getType()), "fill");
    if (failed(sizes))
      return failure();

    Value value = tensor::ExtractOp::create(rewriter, loc, adaptor.getValue(),
                                            ValueRange{});
    Type elementType = value.getType();
    Value filled = buildIfValid(
        rewriter, loc, checks.allHold(), tensorTypeOfSizes(*sizes, elementType),
        [&](OpBuilder &builder, Location nested) {
          Value init = emptyTensor(builder, nested, *sizes, elementType);
          return linalg::FillOp::create(builder, nested, value, init)
              .getResult(0);
        });
    return replaceWithResults(rewriter, op, filled, *getTypeConverter());
  }
};

//===----------------------------------------------------------------------===//
// tile
//===----------------------------------------------------------------------===//

/// result[j] = input[j mod shape(input)]: a tensor.generate whose body
/// reads the input at the wrapped-around indices.
struct TileLowering : OpConversionPattern<lite::TileOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(lite::TileOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    auto inputType = cast<RankedTensorType>(input.getType());
    int64_t rank = inputType.getRank();
    IndexArith arith(rewriter, loc);
    RuntimeChecks checks(op, rewriter, loc);
    FailureOr<SmallVector<Value>> multiples = readIndexVector(
        arith, checks, op, adaptor.getMultiples(), rank, "tile multiples");
    if (failed(multiples))
      return failure();
    SmallVector<Value> sizes, extents;
    for (auto [d, times] : llvm::enumerate(*multiples)) {
      if (failed(checks.require(
              arith.le(arith.constant(0), times), SLUICE_ERROR_INVALID_ARGUMENT,
              "tile multiples has a negative entry #" + Twine(d))))
        return failure();
      Value extent = arith.dim(input, d);
      extents.push_back(extent);
      sizes.push_back(arith.mul(extent, times));
    }
    if (failed(checks.require(
            tensorFits(arith, sizes, inputType.getElementType()),
            SLUICE_ERROR_INVALID_ARGUMENT,
            tooLargeMessage("tile", inputType.getElementType()))))
      return failure();
    Value tiled = generateIfValid(
        rewriter, loc, checks.allHold(), sizes, inputType.getElementType(),
        [&](OpBuilder &body, Location at, ValueRange indices) -> Value {
          SmallVector<Value> wrapped;
          for (auto [index, extent] : llvm::zip(indices, extents))
            wrapped.push_back(arith::RemUIOp::create(body, at, index, extent));
          return tensor::ExtractOp::create(body, at, input, wrapped);
        });
    return replaceWithResults(rewriter, op, tiled, *getTypeConverter());
  }
};

//===----------------------------------------------------------------------===//
// pad
//===----------------------------------------------------------------------===//

/// The sizes of pad's and mirror_pad's result: per dimension the padding
/// before, the input's extent and the padded size.
struct PaddedSizes {
  SmallVector<Value> before, extents, sizes;
};

/// Reads `paddings` ([rank, 2], checked before any entry is read; zeros
/// are read when it is not) and requires each entry non-negative and at
/// most `largest(extent)` when given (mirror_pad), and the result to fit.
FailureOr<PaddedSizes> readPaddings(IndexArith &arith, RuntimeChecks &checks,
                                    Operation *op, Value input,
                                    Value paddingsOperand,
                                    function_ref<Value(Value)> largest) {
  OpBuilder &builder = arith.getBuilder();
  Location loc = arith.getLoc();
  auto inputType = cast<RankedTensorType>(input.getType());
  int64_t rank = inputType.getRank();
  StringRef name = op->getName().stripDialect();
  Value fits =
      arith.both(arith.eq(arith.dim(paddingsOperand, 0), arith.constant(rank)),
                 arith.eq(arith.dim(paddingsOperand, 1), arith.constant(2)));
  if (failed(checks.require(fits, SLUICE_ERROR_INVALID_ARGUMENT,
                            name + ": paddings must be [rank, 2]")))
    return failure();
  Value paddings = buildIfValid(
      builder, loc, checks.allHold(),
      RankedTensorType::get({rank, 2},
                            getElementTypeOrSelf(paddingsOperand.getType())),
      [&](OpBuilder &, Location) { return paddingsOperand; });
  PaddedSizes result;
  for (int64_t d = 0; d < rank; ++d) {
    Value low = arith.toIndex(tensor::ExtractOp::create(
        builder, loc, paddings,
        ValueRange{arith.constant(d), arith.constant(0)}));
    Value high = arith.toIndex(tensor::ExtractOp::create(
        builder, loc, paddings,
        ValueRange{arith.constant(d), arith.constant(1)}));
    Value extent = arith.dim(input, d);
    // Bounded before they are added, so that no sum wraps.
    Value limit = arith.constant(kMaxElements);
    Value ok = arith.both(
        arith.both(arith.le(arith.constant(0), low), arith.le(low, limit)),
        arith.both(arith.le(arith.constant(0), high), arith.le(high, limit)));
    if (largest) {
      Value most = largest(extent);
      ok =
          arith.both(ok, arith.both(arith.le(low, most), arith.le(high, most)));
    }
    if (failed(checks.require(
            ok, SLUICE_ERROR_INVALID_ARGUMENT,
            name + ": paddings row " + Twine(d) +
                (largest ? " is negative or too large" : " is negative"))))
      return failure();
    result.before.push_back(low);
    result.extents.push_back(extent);
    result.sizes.push_back(arith.add(arith.add(extent, low), high));
  }
  Type elementType = inputType.getElementType();
  if (failed(checks.require(tensorFits(arith, result.sizes, elementType),
                            SLUICE_ERROR_INVALID_ARGUMENT,
                            tooLargeMessage(name, elementType))))
    return failure();
  return result;
}

/// result[j] = input[j - before] where that lies in the input, else the
/// value: a tensor.generate whose body reads the input behind an scf.if,
/// after the run-time check that no padding is negative.
struct PadLowering : OpConversionPattern<lite::PadOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(lite::PadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    int64_t rank = cast<RankedTensorType>(input.getType()).getRank();
    IndexArith arith(rewriter, loc);
    RuntimeChecks checks(op, rewriter, loc);
    FailureOr<PaddedSizes> padded = readPaddings(
        arith, checks, op, input, adaptor.getPaddings(), /*largest=*/nullptr);
    if (failed(padded))
      return failure();
    Value fill =
        tensor::ExtractOp::create(rewriter, loc, adaptor.getValue(), {});
    Value result = generateIfValid(
        rewriter, loc, checks.allHold(), padded->sizes,
        getElementTypeOrSelf(input.getType()),
        [&](OpBuilder &body, Location at, ValueRange indices) -> Value {
          IndexArith inner(body, at);
          Value inside = inner.boolean(true);
          SmallVector<Value> from;
          for (int64_t d = 0; d < rank; ++d) {
            Value shifted = inner.sub(indices[d], padded->before[d]);
            inside = inner.both(
                inside, inner.both(inner.le(inner.constant(0), shifted),
                                   inner.lt(shifted, padded->extents[d])));
            from.push_back(shifted);
          }
          return scf::IfOp::create(
                     body, at, inside,
                     [&](OpBuilder &b, Location l) {
                       scf::YieldOp::create(
                           b, l,
                           Value(tensor::ExtractOp::create(b, l, input, from)));
                     },
                     [&](OpBuilder &b, Location l) {
                       scf::YieldOp::create(b, l, fill);
                     })
              .getResult(0);
        });
    return replaceWithResults(rewriter, op, result, *getTypeConverter());
  }
};

/// result[j] = input[mirror(j - before)]: positions before the input read
/// -q (REFLECT) or -q - 1 (SYMMETRIC), positions after it 2n - 2 - q or
/// 2n - 1 - q; the paddings are checked to keep these inside the input.
struct MirrorPadLowering : OpConversionPattern<lite::MirrorPadOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(lite::MirrorPadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    int64_t rank = cast<RankedTensorType>(input.getType()).getRank();
    bool reflect = op.getMode() == lite::MirrorPadMode::REFLECT;
    IndexArith arith(rewriter, loc);
    RuntimeChecks checks(op, rewriter, loc);
    FailureOr<PaddedSizes> padded = readPaddings(
        arith, checks, op, input, adaptor.getPaddings(), [&](Value extent) {
          return reflect ? arith.sub(extent, arith.constant(1)) : extent;
        });
    if (failed(padded))
      return failure();
    Value result = generateIfValid(
        rewriter, loc, checks.allHold(), padded->sizes,
        getElementTypeOrSelf(input.getType()),
        [&](OpBuilder &body, Location at, ValueRange indices) -> Value {
          IndexArith inner(body, at);
          SmallVector<Value> from;
          for (int64_t d = 0; d < rank; ++d) {
            Value q = inner.sub(indices[d], padded->before[d]);
            Value n = padded->extents[d];
            Value shift = inner.constant(reflect ? 0 : 1);
            Value before = inner.sub(inner.sub(inner.constant(0), q), shift);
            Value after = inner.sub(
                inner.sub(inner.mul(inner.constant(2), n), inner.constant(2)),
                inner.sub(q, shift));
            from.push_back(
                inner.select(inner.lt(q, inner.constant(0)), before,
                             inner.select(inner.lt(q, n), q, after)));
          }
          return tensor::ExtractOp::create(body, at, input, from);
        });
    return replaceWithResults(rewriter, op, result, *getTypeConverter());
  }
};

//===----------------------------------------------------------------------===//
// reverse_sequence
//===----------------------------------------------------------------------===//

/// result[.., b, .., s, ..] = input[.., b, .., s < n ? n - 1 - s : s, ..]
/// with n = seq_lengths[b] (read with a clamped index after the checks that
/// it has one entry per batch element, each in [0, size of seq_dim]).
struct ReverseSequenceLowering : OpConversionPattern<lite::ReverseSequenceOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(lite::ReverseSequenceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput(), lengths = adaptor.getSeqLengths();
    int64_t rank = cast<RankedTensorType>(input.getType()).getRank();
    int64_t seqDim = op.getSeqDim(), batchDim = op.getBatchDim();
    if (seqDim < 0 || seqDim >= rank || batchDim < 0 || batchDim >= rank ||
        seqDim == batchDim)
      return op.emitError("seq_dim and batch_dim must be two dimensions of "
                          "the input");
    IndexArith arith(rewriter, loc);
    RuntimeChecks checks(op, rewriter, loc);
    Value batch = arith.dim(input, batchDim), steps = arith.dim(input, seqDim);
    if (failed(checks.require(arith.eq(arith.dim(lengths, 0), batch),
                              SLUICE_ERROR_INVALID_ARGUMENT,
                              "reverse_sequence: seq_lengths has another "
                              "length than the batch")))
      return failure();
    // Every length in [0, steps]: the least and greatest of them, folded
    // in an scf.for over the batch (no entry is read when the count
    // differs).
    Value count = arith.select(checks.allHold(), batch, arith.constant(0));
    auto bounds = scf::ForOp::create(
        rewriter, loc, arith.constant(0), count, arith.constant(1),
        ValueRange{arith.boolean(true)},
        [&](OpBuilder &b, Location l, Value b0, ValueRange carried) {
          IndexArith inner(b, l);
          Value n = inner.toIndex(tensor::ExtractOp::create(b, l, lengths, b0));
          Value ok =
              inner.both(carried[0], inner.both(inner.le(inner.constant(0), n),
                                                inner.le(n, steps)));
          scf::YieldOp::create(b, l, ok);
        });
    if (failed(checks.require(bounds.getResult(0),
                              SLUICE_ERROR_INVALID_ARGUMENT,
                              "reverse_sequence: seq_lengths has an entry "
                              "outside [0, size of seq_dim]")))
      return failure();
    SmallVector<Value> sizes = arith.dims(input);
    Value result = generateIfValid(
        rewriter, loc, checks.allHold(), sizes,
        getElementTypeOrSelf(input.getType()),
        [&](OpBuilder &body, Location at, ValueRange indices) -> Value {
          IndexArith inner(body, at);
          Value n = inner.toIndex(
              tensor::ExtractOp::create(body, at, lengths, indices[batchDim]));
          Value s = indices[seqDim];
          SmallVector<Value> from(indices);
          from[seqDim] = inner.select(
              inner.lt(s, n), inner.sub(inner.sub(n, inner.constant(1)), s), s);
          return tensor::ExtractOp::create(body, at, input, from);
        });
    return replaceWithResults(rewriter, op, result, *getTypeConverter());
  }
};

//===----------------------------------------------------------------------===//
// one_hot
//===----------------------------------------------------------------------===//

/// result[.., j, ..] = indices[.., ..] == j ? on_value : off_value, after
/// the check that depth is not negative.
struct OneHotLowering : OpConversionPattern<lite::OneHotOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(lite::OneHotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value indices = adaptor.getIndices();
    auto indicesType = cast<RankedTensorType>(indices.getType());
    int64_t rank = indicesType.getRank();
    int64_t axis = op.getAxis() == -1 ? rank : op.getAxis();
    if (axis < 0 || axis > rank)
      return op.emitError("one_hot axis ")
             << op.getAxis() << " is outside [-1, " << rank << "]";
    IndexArith arith(rewriter, loc);
    RuntimeChecks checks(op, rewriter, loc);
    Value depth = arith.toIndex(
        tensor::ExtractOp::create(rewriter, loc, adaptor.getDepth(), {}));
    if (failed(checks.require(arith.le(arith.constant(0), depth),
                              SLUICE_ERROR_INVALID_ARGUMENT,
                              "one_hot: depth is negative")))
      return failure();
    SmallVector<Value> sizes = arith.dims(indices);
    sizes.insert(sizes.begin() + axis, arith.max(depth, arith.constant(0)));
    Type elementType = getElementTypeOrSelf(adaptor.getOnValue().getType());
    if (failed(checks.require(tensorFits(arith, sizes, elementType),
                              SLUICE_ERROR_INVALID_ARGUMENT,
                              tooLargeMessage("one_hot", elementType))))
      return failure();
    Value on =
        tensor::ExtractOp::create(rewriter, loc, adaptor.getOnValue(), {});
    Value off =
        tensor::ExtractOp::create(rewriter, loc, adaptor.getOffValue(), {});
    Value result = generateIfValid(
        rewriter, loc, checks.allHold(), sizes, elementType,
        [&](OpBuilder &body, Location at, ValueRange position) -> Value {
          IndexArith inner(body, at);
          SmallVector<Value> inputIndices(position);
          inputIndices.erase(inputIndices.begin() + axis);
          Value index = inner.toIndex(
              tensor::ExtractOp::create(body, at, indices, inputIndices));
          return inner.select(inner.eq(index, position[axis]), on, off);
        });
    return replaceWithResults(rewriter, op, result, *getTypeConverter());
  }
};

//===----------------------------------------------------------------------===//
// broadcast_to
//===----------------------------------------------------------------------===//

/// result[j] = input[j with the indices of the dimensions input has of size
/// 1 set to 0]: a tensor.generate over the shape operand's sizes, after the
/// run-time checks that each input size is 1 or the result's.
struct BroadcastToLowering : OpConversionPattern<lite::BroadcastToOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(lite::BroadcastToOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    auto inputType = cast<RankedTensorType>(input.getType());
    int64_t rank = cast<RankedTensorType>(op.getType()).getRank();
    int64_t extra = rank - inputType.getRank();
    if (extra < 0)
      return op.emitError("cannot broadcast ")
             << inputType << " to fewer dimensions";
    IndexArith arith(rewriter, loc);
    RuntimeChecks checks(op, rewriter, loc);
    Type elementType = inputType.getElementType();
    FailureOr<SmallVector<Value>> sizes =
        readShapeVector(arith, checks, op, adaptor.getShape(), rank,
                        elementType, "broadcast_to");
    if (failed(sizes))
      return failure();
    SmallVector<Value> isOne;
    for (int64_t d = 0; d < inputType.getRank(); ++d) {
      Value extent = arith.dim(input, d);
      Value one = arith.eq(extent, arith.constant(1));
      isOne.push_back(one);
      if (failed(checks.require(
              arith.either(one, arith.eq(extent, (*sizes)[extra + d])),
              SLUICE_ERROR_INVALID_ARGUMENT,
              "broadcast_to: input dimension " + Twine(d) +
                  " is neither 1 nor the shape's size")))
        return failure();
    }
    Value broadcast = generateIfValid(
        rewriter, loc, checks.allHold(), *sizes, elementType,
        [&](OpBuilder &body, Location at, ValueRange indices) -> Value {
          IndexArith inner(body, at);
          SmallVector<Value> from;
          for (int64_t d = 0; d < inputType.getRank(); ++d)
            from.push_back(
                inner.select(isOne[d], inner.constant(0), indices[extra + d]));
          return tensor::ExtractOp::create(body, at, input, from);
        });
    return replaceWithResults(rewriter, op, broadcast, *getTypeConverter());
  }
};

//===----------------------------------------------------------------------===//
// reverse_v2
//===----------------------------------------------------------------------===//

/// result[i] = input[i with i_d -> n_d - 1 - i_d on the reversed
/// dimensions]: a tensor.generate reading the input there. The axes must be
/// constant (the verifier has checked them).
struct ReverseV2Lowering : OpConversionPattern<lite::ReverseV2Op> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(lite::ReverseV2Op op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    auto inputType = cast<RankedTensorType>(input.getType());
    DenseIntElementsAttr axes;
    if (!matchPattern(op.getAxes(), m_Constant(&axes)))
      return op.emitError("native code needs constant reverse axes");
    SmallVector<bool> reversed(inputType.getRank(), false);
    for (const APInt &axis : axes.getValues<APInt>()) {
      FailureOr<int64_t> dim =
          normalizeAxis(op, axis.getSExtValue(), inputType.getRank(), "axis");
      if (failed(dim))
        return failure();
      reversed[*dim] = true;
    }
    IndexArith arith(rewriter, loc);
    Value result = generateIfValid(
        rewriter, loc, arith.boolean(true), arith.dims(input),
        inputType.getElementType(),
        [&](OpBuilder &body, Location at, ValueRange indices) -> Value {
          IndexArith inner(body, at);
          SmallVector<Value> from;
          for (auto [d, index] : llvm::enumerate(indices))
            from.push_back(reversed[d]
                               ? inner.sub(inner.sub(inner.dim(input, d),
                                                     inner.constant(1)),
                                           index)
                               : index);
          return tensor::ExtractOp::create(body, at, input, from);
        });
    return replaceWithResults(rewriter, op, result, *getTypeConverter());
  }
};

//===----------------------------------------------------------------------===//
// range
//===----------------------------------------------------------------------===//

/// The values of a range of constants, computed exactly as the interpreter
/// does (repeated addition in the element type), or the interpreter's
/// error.
template <typename T>
FailureOr<SmallVector<T>> rangeValues(Operation *op, T start, T limit,
                                      T delta) {
  if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(start) || std::isnan(limit) || std::isnan(delta))
      return op->emitError("range operands must not be NaN");
  }
  if (delta == 0)
    return op->emitError("range requires delta != 0");
  if (delta > 0 && start > limit)
    return op->emitError("range requires start <= limit when delta > 0");
  if (delta < 0 && start < limit)
    return op->emitError("range requires start >= limit when delta < 0");
  uint64_t count;
  if constexpr (std::is_floating_point_v<T>) {
    T size = std::ceil(std::abs((limit - start) / delta));
    if (!(size <= static_cast<T>(kMaxElements)) ||
        static_cast<int64_t>(size) > kMaxElements)
      return op->emitError("range has more than ")
             << kMaxElements << " elements";
    count = static_cast<uint64_t>(size);
  } else {
    using U = uint64_t;
    U distance = delta > 0 ? U(int64_t(limit)) - U(int64_t(start))
                           : U(int64_t(start)) - U(int64_t(limit));
    U step = delta > 0 ? U(int64_t(delta)) : U(0) - U(int64_t(delta));
    count = distance / step + (distance % step != 0 ? 1 : 0);
    if (count > U(kMaxElements))
      return op->emitError("range has more than ")
             << kMaxElements << " elements";
  }
  SmallVector<T> values;
  T value = start;
  for (uint64_t i = 0; i < count; ++i) {
    values.push_back(value);
    if (i + 1 < count)
      value = static_cast<T>(value + delta);
  }
  return values;
}

struct RangeLowering : OpConversionPattern<lite::RangeOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(lite::RangeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type elementType = getElementTypeOrSelf(adaptor.getStart().getType());
    SmallVector<Value> operands;
    for (Value operand :
         {adaptor.getStart(), adaptor.getLimit(), adaptor.getDelta()})
      operands.push_back(
          rewriter.createOrFold<tensor::ExtractOp>(loc, operand, ValueRange{}));
    FailureOr<Value> range =
        foldConstantRange(op, rewriter, loc, operands, elementType);
    if (succeeded(range) && !*range) {
      IndexArith arith(rewriter, loc);
      RuntimeChecks checks(op, rewriter, loc);
      FailureOr<Value> count =
          isa<FloatType>(elementType)
              ? floatCount(arith, checks, operands[0], operands[1], operands[2])
              : integerCount(arith, checks, operands[0], operands[1],
                             operands[2]);
      if (failed(count))
        return failure();
      range = generateRange(arith, operands[0], operands[2], *count);
    }
    if (failed(range))
      return failure();
    return replaceWithResults(rewriter, op, *range, *getTypeConverter());
  }

  /// An arith.constant holding the range when every operand is a constant,
  /// a null value when some is not.
  static FailureOr<Value> foldConstantRange(Operation *op, OpBuilder &builder,
                                            Location loc,
                                            ArrayRef<Value> operands,
                                            Type elementType) {
    SmallVector<Attribute> constants;
    for (Value operand : operands) {
      Attribute constant;
      if (!matchPattern(operand, m_Constant(&constant)))
        return Value();
      constants.push_back(constant);
    }
    auto makeConstant = [&](auto values) -> Value {
      auto type = RankedTensorType::get({static_cast<int64_t>(values.size())},
                                        elementType);
      return arith::ConstantOp::create(
          builder, loc, DenseElementsAttr::get(type, ArrayRef(values)));
    };
    auto integer = [&](int i) {
      return cast<IntegerAttr>(constants[i]).getValue().getSExtValue();
    };
    auto real = [&](int i) {
      return cast<FloatAttr>(constants[i]).getValueAsDouble();
    };
    auto build = [&](auto values) -> FailureOr<Value> {
      if (failed(values))
        return failure();
      return makeConstant(*values);
    };
    if (elementType.isInteger(32))
      return build(
          rangeValues<int32_t>(op, integer(0), integer(1), integer(2)));
    if (elementType.isInteger(64))
      return build(
          rangeValues<int64_t>(op, integer(0), integer(1), integer(2)));
    if (elementType.isF32())
      return build(rangeValues<float>(op, real(0), real(1), real(2)));
    if (elementType.isF64())
      return build(rangeValues<double>(op, real(0), real(1), real(2)));
    return op->emitError("range does not support ") << elementType;
  }

  /// The checked element count of an integer range (0 after an error).
  static FailureOr<Value> integerCount(IndexArith &arith, RuntimeChecks &checks,
                                       Value start, Value limit, Value delta) {
    OpBuilder &builder = arith.getBuilder();
    Location loc = arith.getLoc();
    Type i64 = builder.getI64Type();
    auto widen = [&](Value value) -> Value {
      if (value.getType() == i64)
        return value;
      return arith::ExtSIOp::create(builder, loc, i64, value);
    };
    start = widen(start);
    limit = widen(limit);
    delta = widen(delta);
    auto constant = [&](int64_t value) -> Value {
      return arith::ConstantOp::create(builder, loc,
                                       builder.getI64IntegerAttr(value));
    };
    auto cmp = [&](arith::CmpIPredicate predicate, Value lhs, Value rhs) {
      return arith.cmp(predicate, lhs, rhs);
    };
    using P = arith::CmpIPredicate;
    Value zero = constant(0);
    Value up = cmp(P::sgt, delta, zero);
    if (failed(checkDirection(arith, checks, cmp(P::ne, delta, zero), up,
                              cmp(P::sgt, start, limit),
                              cmp(P::slt, start, limit))))
      return failure();
    // Unsigned 64-bit arithmetic cannot overflow here.
    Value distance =
        arith.select(up, arith::SubIOp::create(builder, loc, limit, start),
                     arith::SubIOp::create(builder, loc, start, limit));
    Value step = arith.select(up, delta,
                              arith::SubIOp::create(builder, loc, zero, delta));
    step = arith.select(cmp(P::eq, step, zero), constant(1), step);
    Value whole = arith::DivUIOp::create(builder, loc, distance, step);
    Value partial =
        cmp(P::ne, arith::RemUIOp::create(builder, loc, distance, step), zero);
    Value count = arith::AddIOp::create(
        builder, loc, whole,
        arith::ExtUIOp::create(builder, loc, i64, partial));
    Value fits = cmp(P::ule, count, constant(kMaxElements));
    if (failed(checks.require(fits, SLUICE_ERROR_INVALID_ARGUMENT,
                              "range has more than " + Twine(kMaxElements) +
                                  " elements")))
      return failure();
    return arith.select(checks.allHold(), arith.toIndex(count),
                        arith.constant(0));
  }

  /// The checked element count of a float range (0 after an error):
  /// ceil(|(limit - start) / delta|).
  static FailureOr<Value> floatCount(IndexArith &arith, RuntimeChecks &checks,
                                     Value start, Value limit, Value delta) {
    OpBuilder &builder = arith.getBuilder();
    Location loc = arith.getLoc();
    auto type = cast<FloatType>(start.getType());
    using P = arith::CmpFPredicate;
    auto cmp = [&](P predicate, Value lhs, Value rhs) -> Value {
      return arith::CmpFOp::create(builder, loc, predicate, lhs, rhs);
    };
    Value anyNaN = cmp(P::UNO, start, limit);
    anyNaN = arith.either(anyNaN, cmp(P::UNO, delta, delta));
    if (failed(checks.require(arith.negate(anyNaN),
                              SLUICE_ERROR_INVALID_ARGUMENT,
                              "range operands must not be NaN")))
      return failure();
    Value zero =
        arith::ConstantOp::create(builder, loc, builder.getFloatAttr(type, 0));
    if (failed(checkDirection(
            arith, checks, cmp(P::UNE, delta, zero), cmp(P::OGT, delta, zero),
            cmp(P::OGT, start, limit), cmp(P::OLT, start, limit))))
      return failure();
    Value quotient = arith::DivFOp::create(
        builder, loc, arith::SubFOp::create(builder, loc, limit, start), delta);
    Value size = math::CeilOp::create(
        builder, loc, math::AbsFOp::create(builder, loc, quotient));
    // The float bound rounds kMaxElements up to 2^31: compare after the
    // (then defined) conversion as well.
    Value bound = arith::ConstantOp::create(
        builder, loc, builder.getFloatAttr(type, double(kMaxElements)));
    Value small = cmp(P::OLE, size, bound);
    Type i64 = builder.getI64Type();
    Value whole = arith.select(
        small, arith::FPToSIOp::create(builder, loc, i64, size),
        arith::ConstantOp::create(builder, loc, builder.getI64IntegerAttr(0)));
    Value fits = arith.both(
        small,
        arith.cmp(arith::CmpIPredicate::sle, whole,
                  arith::ConstantOp::create(
                      builder, loc, builder.getI64IntegerAttr(kMaxElements))));
    if (failed(checks.require(fits, SLUICE_ERROR_INVALID_ARGUMENT,
                              "range has more than " + Twine(kMaxElements) +
                                  " elements")))
      return failure();
    return arith.select(checks.allHold(), arith.toIndex(whole),
                        arith.constant(0));
  }

  /// delta != 0 and it leads from start to limit.
  static LogicalResult checkDirection(IndexArith &arith, RuntimeChecks &checks,
                                      Value nonzero, Value up, Value above,
                                      Value below) {
    if (failed(checks.require(nonzero, SLUICE_ERROR_INVALID_ARGUMENT,
                              "range requires delta != 0")))
      return failure();
    Value wrongWay = arith.select(up, above, below);
    return checks.require(arith.negate(wrongWay), SLUICE_ERROR_INVALID_ARGUMENT,
                          "range requires delta to lead from start to limit");
  }

  /// start + k * delta for k in [0, count).
  static Value generateRange(IndexArith &arith, Value start, Value delta,
                             Value count) {
    Type elementType = start.getType();
    return generateTensor(
        arith.getBuilder(), arith.getLoc(), {count}, elementType, {}, {},
        [&](OpBuilder &builder, Location loc, ValueRange indices, ValueRange) {
          if (auto floatType = dyn_cast<FloatType>(elementType)) {
            Value k = arith::IndexCastOp::create(
                builder, loc, builder.getI64Type(), indices[0]);
            Value step = arith::SIToFPOp::create(builder, loc, floatType, k);
            Value offset = arith::MulFOp::create(builder, loc, step, delta);
            return arith::AddFOp::create(builder, loc, start, offset)
                .getResult();
          }
          Value k =
              arith::IndexCastOp::create(builder, loc, elementType, indices[0]);
          Value offset = arith::MulIOp::create(builder, loc, k, delta);
          return arith::AddIOp::create(builder, loc, start, offset).getResult();
        });
  }
};

//===----------------------------------------------------------------------===//
// shape
//===----------------------------------------------------------------------===//

struct ShapeLowering : OpConversionPattern<lite::ShapeOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(lite::ShapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    int64_t rank = cast<RankedTensorType>(input.getType()).getRank();
    Type elementType = getElementTypeOrSelf(op.getType());
    IndexArith arith(rewriter, loc);
    RuntimeChecks checks(op, rewriter, loc);
    Value largest = arith.constant(std::numeric_limits<int32_t>::max());
    SmallVector<Value> sizes;
    for (auto [d, size] : llvm::enumerate(arith.dims(input))) {
      if (elementType.isInteger(32) &&
          failed(checks.require(
              arith.le(size, largest), SLUICE_ERROR_INVALID_ARGUMENT,
              "dimension " + Twine(d) + " does not fit the int32 result")))
        return failure();
      sizes.push_back(arith.fromIndex(size, elementType));
    }
    checks.emit();
    auto type = RankedTensorType::get({rank}, elementType);
    Value shape =
        rewriter.createOrFold<tensor::FromElementsOp>(loc, type, sizes);
    return replaceWithResults(rewriter, op, shape, *getTypeConverter());
  }
};

} // namespace

void populateShapePatterns(const TypeConverter &converter,
                           RewritePatternSet &patterns) {
  patterns.add<ReshapeLowering, ExpandDimsLowering, SqueezeLowering,
               TransposeLowering, FillLowering, TileLowering, ReverseV2Lowering,
               BroadcastToLowering, PadLowering, MirrorPadLowering,
               ReverseSequenceLowering, OneHotLowering, RangeLowering,
               ShapeLowering>(converter, patterns.getContext());
  populateSlicePatterns(converter, patterns);
  populateWindowPatterns(converter, patterns);
  populateJoinPatterns(converter, patterns);
}

} // namespace sluice::lite_to_native
