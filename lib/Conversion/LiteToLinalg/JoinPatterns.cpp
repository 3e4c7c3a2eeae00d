//===- JoinPatterns.cpp - lowering of lite concatenation/pack/unpack ------===//
//
// Joining and splitting along an axis:
//
//   lite.concatenation %a, %b   =>  tensor.concat dim(axis) %a, %b
//                                   (+ a linalg.generic for the fused
//                                   activation)
//   lite.pack %a, %b            =>  tensor.concat of tensor.expand_shape'd
//                                   values
//   lite.unpack %x              =>  one rank-reducing tensor.extract_slice
//                                   per result
//
// Sizes that are dynamic are checked at run time (the values must agree on
// every dimension but the axis; unpack's axis must have one index per
// result) and the join is computed only when they are.
//
//===----------------------------------------------------------------------===//

#include "FusedActivation.h"
#include "ShapeLowering.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "sluice/Dialect/Lite/IR/LiteOps.h"

using namespace mlir;

namespace sluice::lite_to_native {
namespace {

/// Requires every value to have the sizes of value #0 in every dimension
/// but `except` (none when negative).
LogicalResult requireSameSizes(IndexArith &arith, RuntimeChecks &checks,
                               Operation *op, ValueRange values,
                               int64_t except) {
  auto first = cast<RankedTensorType>(values.front().getType());
  for (auto [index, value] : llvm::enumerate(values.drop_front())) {
    auto type = cast<RankedTensorType>(value.getType());
    if (type.getRank() != first.getRank())
      return op->emitError("value #") << index + 1 << " has type " << type
                                      << " but value #0 has type " << first;
    Value same = arith.boolean(true);
    for (int64_t d = 0; d < type.getRank(); ++d)
      if (d != except)
        same = arith.both(
            same, arith.eq(arith.dim(value, d), arith.dim(values.front(), d)));
    if (failed(checks.require(same, SLUICE_ERROR_SHAPE_MISMATCH,
                              "value #" + Twine(index + 1) +
                                  " does not fit the shape of value #0")))
      return failure();
  }
  return success();
}

/// `tensor` with the fused `activation` applied to every element.
Value applyToEveryElement(OpBuilder &builder, Location loc,
                          lite::ActivationFunctionType activation,
                          bool isUnsigned, Value tensor) {
  if (activation == lite::ActivationFunctionType::NONE)
    return tensor;
  IndexArith arith(builder, loc);
  Type elementType = getElementTypeOrSelf(tensor.getType());
  int64_t rank = cast<RankedTensorType>(tensor.getType()).getRank();
  return generateTensor(builder, loc, arith.dims(tensor), elementType, tensor,
                        builder.getMultiDimIdentityMap(rank),
                        [&](OpBuilder &nested, Location nestedLoc, ValueRange,
                            ValueRange inputs) {
                          return applyFusedActivation(nested, nestedLoc,
                                                      activation, inputs[0],
                                                      isUnsigned);
                        });
}

struct ConcatenationLowering : OpConversionPattern<lite::ConcatenationOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(lite::ConcatenationOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ValueRange values = adaptor.getValues();
    int64_t rank = cast<RankedTensorType>(values.front().getType()).getRank();
    FailureOr<int64_t> axis = normalizeAxis(op, op.getAxis(), rank, "axis");
    if (failed(axis))
      return failure();
    lite::ActivationFunctionType activation = op.getFusedActivationFunction();
    if (failed(checkFusedActivation(
            op, activation, getElementTypeOrSelf(values.front().getType()))))
      return failure();
    bool isUnsigned = getElementTypeOrSelf(op.getType()).isUnsignedInteger();

    IndexArith arith(rewriter, loc);
    RuntimeChecks checks(op, rewriter, loc);
    if (failed(requireSameSizes(arith, checks, op, values, *axis)))
      return failure();
    RankedTensorType natural =
        tensor::ConcatOp::inferResultType(*axis, values.getTypes());
    Value joined =
        buildIfValid(rewriter, loc, checks.allHold(), natural,
                     [&](OpBuilder &builder, Location nested) {
                       Value concat = tensor::ConcatOp::create(builder, nested,
                                                               *axis, values);
                       return applyToEveryElement(builder, nested, activation,
                                                  isUnsigned, concat);
                     });
    return replaceWithResults(rewriter, op, joined, *getTypeConverter());
  }
};

struct PackLowering : OpConversionPattern<lite::PackOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(lite::PackOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ValueRange values = adaptor.getValues();
    int64_t rank = cast<RankedTensorType>(values.front().getType()).getRank();
    FailureOr<int64_t> axis = normalizeAxis(op, op.getAxis(), rank + 1, "axis");
    if (failed(axis))
      return failure();

    IndexArith arith(rewriter, loc);
    RuntimeChecks checks(op, rewriter, loc);
    if (failed(requireSameSizes(arith, checks, op, values, /*except=*/-1)))
      return failure();
    SmallVector<bool> isUnit(rank + 1, false);
    isUnit[*axis] = true;
    SmallVector<Value> sizes = arith.dims(values.front());
    sizes.insert(sizes.begin() + *axis,
                 arith.constant(static_cast<int64_t>(values.size())));
    RankedTensorType natural = tensorTypeOfSizes(
        sizes, getElementTypeOrSelf(values.front().getType()));
    Value packed = buildIfValid(
        rewriter, loc, checks.allHold(), natural,
        [&](OpBuilder &builder, Location nested) {
          SmallVector<Value> pieces;
          for (Value value : values)
            pieces.push_back(insertUnitDims(builder, nested, value, isUnit));
          return tensor::ConcatOp::create(builder, nested, *axis, pieces);
        });
    return replaceWithResults(rewriter, op, packed, *getTypeConverter());
  }
};

struct UnpackLowering : OpConversionPattern<lite::UnpackOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(lite::UnpackOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    auto inputType = cast<RankedTensorType>(input.getType());
    int64_t rank = inputType.getRank();
    FailureOr<int64_t> axis = normalizeAxis(op, op.getAxis(), rank, "axis");
    if (failed(axis))
      return failure();

    IndexArith arith(rewriter, loc);
    RuntimeChecks checks(op, rewriter, loc);
    int64_t count = op->getNumResults();
    SmallVector<Value> sizes = arith.dims(input);
    if (failed(checks.require(arith.eq(sizes[*axis], arith.constant(count)),
                              SLUICE_ERROR_SHAPE_MISMATCH,
                              "unpack axis " + Twine(*axis) +
                                  " does not have " + Twine(count) +
                                  " entries, one per result")))
      return failure();
    SmallVector<Value> pieceSizes(sizes);
    pieceSizes.erase(pieceSizes.begin() + *axis);
    RankedTensorType natural =
        tensorTypeOfSizes(pieceSizes, inputType.getElementType());
    SmallVector<Type> types(count, natural);
    SmallVector<Value> pieces = buildIfValid(
        rewriter, loc, checks.allHold(), types,
        [&](OpBuilder &builder, Location nested) {
          SmallVector<OpFoldResult> offsets(rank, builder.getIndexAttr(0));
          SmallVector<OpFoldResult> extents = getAsOpFoldResult(sizes);
          SmallVector<OpFoldResult> strides(rank, builder.getIndexAttr(1));
          extents[*axis] = builder.getIndexAttr(1);
          SmallVector<Value> slices;
          for (int64_t i = 0; i < count; ++i) {
            offsets[*axis] = builder.getIndexAttr(i);
            slices.push_back(tensor::ExtractSliceOp::create(
                builder, nested, natural, input, offsets, extents, strides));
          }
          return slices;
        });

    return replaceWithResults(rewriter, op, pieces, *getTypeConverter());
  }
};

/// split: one tensor.extract_slice per result, at offset i * size / count
/// along the constant axis; a size the count does not divide is
/// SLUICE_ERROR_SHAPE_MISMATCH.
struct SplitLowering : OpConversionPattern<lite::SplitOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(lite::SplitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    auto inputType = dyn_cast<RankedTensorType>(input.getType());
    if (!inputType)
      return op.emitError("cannot lower split of an input of unknown rank");
    int64_t rank = inputType.getRank();
    std::optional<int64_t> constantAxis = constantInt(op.getAxis());
    if (!constantAxis)
      return op.emitError("cannot lower split along an axis known only at "
                          "run time");
    FailureOr<int64_t> axis = normalizeAxis(op, *constantAxis, rank, "axis");
    if (failed(axis))
      return failure();

    IndexArith arith(rewriter, loc);
    RuntimeChecks checks(op, rewriter, loc);
    int64_t count = op->getNumResults();
    SmallVector<Value> sizes = arith.dims(input);
    Value part = arith.div(sizes[*axis], arith.constant(count));
    if (failed(checks.require(
            arith.eq(arith.rem(sizes[*axis], arith.constant(count)),
                     arith.constant(0)),
            SLUICE_ERROR_SHAPE_MISMATCH,
            "split: the results do not divide dimension " + Twine(*axis))))
      return failure();
    SmallVector<Value> pieceSizes(sizes);
    pieceSizes[*axis] = part;
    RankedTensorType natural =
        tensorTypeOfSizes(pieceSizes, inputType.getElementType());
    SmallVector<Type> types(count, natural);
    SmallVector<Value> pieces = buildIfValid(
        rewriter, loc, checks.allHold(), types,
        [&](OpBuilder &builder, Location nested) {
          IndexArith inner(builder, nested);
          SmallVector<OpFoldResult> offsets(rank, builder.getIndexAttr(0));
          SmallVector<OpFoldResult> extents = getAsOpFoldResult(pieceSizes);
          SmallVector<OpFoldResult> strides(rank, builder.getIndexAttr(1));
          SmallVector<Value> slices;
          for (int64_t i = 0; i < count; ++i) {
            offsets[*axis] = inner.mul(part, inner.constant(i));
            slices.push_back(tensor::ExtractSliceOp::create(
                builder, nested, natural, input, offsets, extents, strides));
          }
          return slices;
        });
    return replaceWithResults(rewriter, op, pieces, *getTypeConverter());
  }
};

} // namespace

void populateJoinPatterns(const TypeConverter &converter,
                          RewritePatternSet &patterns) {
  patterns
      .add<ConcatenationLowering, PackLowering, UnpackLowering, SplitLowering>(
          converter, patterns.getContext());
}

} // namespace sluice::lite_to_native
