//===- WindowPatterns.cpp - convolution and pooling to linalg -------------===//
//
// Lowers lite's window ops over NHWC images to linalg on tensors, with the
// semantics of the reference kernels (lib/Kernels/LinalgKernels.cpp) and
// the window placement of sluice/Dialect/Lite/IR/WindowRules.h, emitted here
// as index arithmetic:
//
//   input [n, h, w, c] --tensor.pad (SAME: before/after per WindowRules.h;
//                                    zeros, max_pool_2d the lowest value)-->
//   padded --linalg op--> [n, oh, ow, oc] --bias + activation--> result
//
//   lite.conv_2d            linalg.conv_2d_nhwc_fhwc (TFLite's OHWI filter
//                           read in place)
//   lite.depthwise_conv_2d  the [1, h, w, c*m] filter seen as [h, w, c, m]
//                           (collapse + expand, no copy),
//                           linalg.depthwise_conv_2d_nhwc_hwcm, the
//                           [n, oh, ow, c, m] result collapsed to c*m;
//                           with m = 1 linalg.depthwise_conv_2d_nhwc_hwc on
//                           the [h, w, c] filter
//   lite.max_pool_2d        a linalg.generic over (n, oh, ow, kh, kw, c)
//                           keeping the first greatest (acc < x ? x : acc:
//                           NaN never wins, as TF's and TFLite's kernels)
//   lite.average_pool_2d    the same generic summing, then each sum divided
//                           by the number of input elements in its window
//
// The reference kernels compute the same way: a convolution's taps in the
// padding read zeros (as TF: 0 x Inf is NaN), an average sums padded zeros
// and divides by the input elements alone, and the lowest value a max pool
// pads with never beats an input element. Sizes known only at run time are
// checked (channels against the filter: SLUICE_ERROR_SHAPE_MISMATCH; a
// negative VALID output size, or a padded image or window too large to
// allocate: SLUICE_ERROR_INVALID_ARGUMENT) and the op is computed only when
// the checks hold (buildIfValid) and its result has elements.
//
//===----------------------------------------------------------------------===//

#include "FusedActivation.h"
#include "ShapeLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "sluice/Dialect/Lite/IR/LiteOps.h"

using namespace mlir;

namespace sluice::lite_to_native {
namespace {

/// The sizes and placement of windows over an NHWC image, as index values.
struct WindowSizes {
  /// [batch, rows, columns, channels] of the input.
  SmallVector<Value> input;
  /// Output rows and columns.
  Value output[2];
  /// The padding before and after the input, rows and columns.
  Value before[2], after[2];
};

/// Places windows of `taps` (rows, columns) over `input` as
/// window::placeWindows does, requiring (VALID) that they fit.
FailureOr<WindowSizes> placeWindows(IndexArith &arith, RuntimeChecks &checks,
                                    Operation *op, Value input,
                                    lite::Padding padding, Value taps[2],
                                    int64_t stride[2], int64_t dilation[2]) {
  WindowSizes sizes;
  sizes.input = arith.dims(input);
  for (int d = 0; d < 2; ++d) {
    Value size = sizes.input[1 + d];
    Value strideValue = arith.constant(stride[d]);
    Value extent = arith.add(arith.mul(arith.sub(taps[d], arith.constant(1)),
                                       arith.constant(dilation[d])),
                             arith.constant(1));
    if (padding == lite::Padding::SAME) {
      Value output = arith.div(arith.add(size, arith.constant(stride[d] - 1)),
                               strideValue);
      Value total = arith.max(
          arith.sub(arith.add(arith.mul(arith.sub(output, arith.constant(1)),
                                        strideValue),
                              extent),
                    size),
          arith.constant(0));
      sizes.output[d] = output;
      sizes.before[d] = arith.div(total, arith.constant(2));
      sizes.after[d] = arith.sub(total, sizes.before[d]);
      continue;
    }
    Value output =
        arith.div(arith.add(arith.sub(size, extent), strideValue), strideValue);
    if (failed(checks.require(
            arith.le(arith.constant(0), output), SLUICE_ERROR_INVALID_ARGUMENT,
            op->getName().stripDialect() +
                ": a VALID window gives a negative output size over the "
                "input's " +
                (d == 0 ? "rows" : "columns"))))
      return failure();
    sizes.output[d] = arith.max(output, arith.constant(0));
    sizes.before[d] = sizes.after[d] = arith.constant(0);
  }
  return sizes;
}

/// `input` surrounded by `fill` as `sizes` places it (itself when no
/// padding is needed).
Value padImage(OpBuilder &builder, Location loc, Value input,
               const WindowSizes &sizes, Value fill) {
  IndexArith arith(builder, loc);
  bool none = true;
  for (int d = 0; d < 2; ++d)
    none = none && constantInt(sizes.before[d]) == 0 &&
           constantInt(sizes.after[d]) == 0;
  if (none)
    return input;
  Value zero = arith.constant(0);
  SmallVector<OpFoldResult> low = getAsOpFoldResult(
      ValueRange{zero, sizes.before[0], sizes.before[1], zero});
  SmallVector<OpFoldResult> high =
      getAsOpFoldResult(ValueRange{zero, sizes.after[0], sizes.after[1], zero});
  return tensor::PadOp::create(builder, loc, /*resultType=*/Type(), input, low,
                               high, fill)
      .getResult();
}

/// The output sizes [batch, rows, columns, `channels`].
SmallVector<Value> outputSizes(const WindowSizes &sizes, Value channels) {
  return {sizes.input[0], sizes.output[0], sizes.output[1], channels};
}

/// Whether `type` has a static size 0 (no window to compute: linalg's
/// verifiers would reject the windows of a VALID output of size 0).
bool hasNoElements(RankedTensorType type) {
  return llvm::is_contained(type.getShape(), 0);
}

/// Builds a window op's result of `element`s: places the windows (checks
/// included), requires the result to fit, and computes it with `body` where
/// the checks hold and it has elements (zeros otherwise). `channels` are the
/// result's, the input's when null.
using WindowBody = llvm::function_ref<Value(
    OpBuilder &, Location, const WindowSizes &, ArrayRef<Value> resultSizes)>;
FailureOr<Value> buildWindows(OpBuilder &builder, Location loc, Operation *op,
                              IndexArith &arith, RuntimeChecks &checks,
                              Value input, lite::Padding padding, Value taps[2],
                              int64_t stride[2], int64_t dilation[2],
                              Value channels, Type element, WindowBody body) {
  FailureOr<WindowSizes> sizes =
      placeWindows(arith, checks, op, input, padding, taps, stride, dilation);
  if (failed(sizes))
    return failure();
  SmallVector<Value> resultSizes =
      outputSizes(*sizes, channels ? channels : sizes->input[3]);
  // The padded image is a tensor of its own: it must fit too.
  SmallVector<Value> paddedSizes(sizes->input);
  for (int d = 0; d < 2; ++d)
    paddedSizes[1 + d] = arith.add(
        arith.add(paddedSizes[1 + d], sizes->before[d]), sizes->after[d]);
  if (failed(checks.require(
          tensorFits(arith, paddedSizes, element),
          SLUICE_ERROR_INVALID_ARGUMENT,
          tooLargeMessage(op->getName().stripDialect(), element))))
    return failure();
  if (failed(checks.require(
          tensorFits(arith, resultSizes, element),
          SLUICE_ERROR_INVALID_ARGUMENT,
          tooLargeMessage(op->getName().stripDialect(), element))))
    return failure();
  RankedTensorType resultType = tensorTypeOfSizes(resultSizes, element);
  return buildIfValid(builder, loc, checks.allHold(), resultType,
                      [&](OpBuilder &nested, Location at) -> Value {
                        if (hasNoElements(resultType))
                          return zeroTensor(nested, at, resultType);
                        return body(nested, at, *sizes, resultSizes);
                      });
}

/// Fails, naming `op`, unless `value` is a ranked tensor of rank `rank`.
LogicalResult requireRank(Operation *op, Value value, int64_t rank,
                          StringRef what) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (type && type.getRank() == rank)
    return success();
  return op->emitError() << "cannot lower " << op->getName() << " with " << what
                         << " of type " << value.getType() << " (rank " << rank
                         << " needed)";
}

//===----------------------------------------------------------------------===//
// conv_2d, depthwise_conv_2d
//===----------------------------------------------------------------------===//

template <typename ConvOp>
struct ConvolutionLowering : OpConversionPattern<ConvOp> {
  using OpConversionPattern<ConvOp>::OpConversionPattern;
  using OpAdaptor = typename ConvOp::Adaptor;
  static constexpr bool kDepthwise =
      std::is_same_v<ConvOp, lite::DepthwiseConv2DOp>;

  LogicalResult
  matchAndRewrite(ConvOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value input = adaptor.getInput(), filter = adaptor.getFilter();
    Value bias = adaptor.getBias();
    if (failed(requireRank(op, input, 4, "an input")) ||
        failed(requireRank(op, filter, 4, "a filter")) ||
        (bias && failed(requireRank(op, bias, 1, "a bias"))) ||
        failed(checkProductElementType(
            op, getElementTypeOrSelf(op.getInput().getType()))))
      return failure();
    Type element = getElementTypeOrSelf(input.getType());
    lite::ActivationFunctionType activation = op.getFusedActivationFunction();
    if (failed(checkFusedActivation(op, activation, element)))
      return failure();
    Location loc = op.getLoc();
    IndexArith arith(rewriter, loc);
    RuntimeChecks checks(op, rewriter, loc);
    SmallVector<Value> filterSizes = arith.dims(filter);
    Value channels = arith.dim(input, 3);
    int64_t multiplier = 1;
    Value outChannels;
    if constexpr (kDepthwise) {
      multiplier = op.getDepthMultiplier();
      outChannels = filterSizes[3];
      if (failed(checks.require(
              arith.both(
                  arith.eq(filterSizes[0], arith.constant(1)),
                  arith.eq(outChannels,
                           arith.mul(channels, arith.constant(multiplier)))),
              SLUICE_ERROR_SHAPE_MISMATCH,
              "depthwise_conv_2d filter does not fit the input's channels")))
        return failure();
    } else {
      outChannels = filterSizes[0];
      if (failed(checks.require(arith.eq(filterSizes[3], channels),
                                SLUICE_ERROR_SHAPE_MISMATCH,
                                "conv_2d filter reads other channels than "
                                "the input has")))
        return failure();
    }
    if (bias && failed(checks.require(arith.eq(arith.dim(bias, 0), outChannels),
                                      SLUICE_ERROR_SHAPE_MISMATCH,
                                      op->getName().stripDialect() +
                                          " bias size differs from the output "
                                          "channels")))
      return failure();
    Value taps[2] = {filterSizes[1], filterSizes[2]};
    int64_t stride[2] = {op.getStrideH(), op.getStrideW()};
    int64_t dilation[2] = {op.getDilationHFactor(), op.getDilationWFactor()};
    FailureOr<Value> result = buildWindows(
        rewriter, loc, op, arith, checks, input, op.getPadding(), taps, stride,
        dilation, outChannels, element,
        [&](OpBuilder &builder, Location nested, const WindowSizes &sizes,
            ArrayRef<Value> resultSizes) -> Value {
          Value zero = arith::ConstantOp::create(builder, nested,
                                                 builder.getZeroAttr(element));
          Value padded = padImage(builder, nested, input, sizes, zero);
          auto strides = builder.getI64TensorAttr({stride[0], stride[1]});
          auto dilations = builder.getI64TensorAttr({dilation[0], dilation[1]});
          Value product;
          if constexpr (kDepthwise) {
            product =
                depthwise(builder, nested, padded, filter, sizes, channels,
                          multiplier, element, zero, strides, dilations);
          } else {
            Value init = linalg::FillOp::create(
                             builder, nested, zero,
                             emptyTensor(builder, nested, resultSizes, element))
                             .getResult(0);
            product = linalg::Conv2DNhwcFhwcOp::create(
                          builder, nested, TypeRange{init.getType()},
                          ValueRange{padded, filter}, ValueRange{init}, strides,
                          dilations)
                          .getResult(0);
          }
          return addBiasAndActivate(builder, nested, product, bias, activation);
        });
    if (failed(result))
      return failure();
    return replaceWithResults(rewriter, op, *result, *this->getTypeConverter());
  }

private:
  /// The [1, h, w, c*m] filter read as [h, w, c, m] (TFLite's channel
  /// c*m + k is TF's [c][k]) in linalg.depthwise_conv_2d_nhwc_hwcm, whose
  /// [n, oh, ow, c, m] result is collapsed back to c*m channels.
  static Value depthwise(OpBuilder &builder, Location loc, Value padded,
                         Value filter, const WindowSizes &sizes, Value channels,
                         int64_t multiplier, Type element, Value zero,
                         Attribute strides, Attribute dilations) {
    IndexArith arith(builder, loc);
    SmallVector<Value> filterSizes = arith.dims(filter);
    Value taps = tensor::CollapseShapeOp::create(builder, loc, filter,
                                                 {{0, 1}, {2}, {3}});
    if (multiplier == 1) {
      // One filter channel per input channel: the [h, w, c] filter as it
      // is (linalg's depthwise_conv_2d_nhwc_hwc, which the native pipeline
      // vectorises).
      SmallVector<Value> resultSizes = {sizes.input[0], sizes.output[0],
                                        sizes.output[1], channels};
      Value init = linalg::FillOp::create(
                       builder, loc, zero,
                       emptyTensor(builder, loc, resultSizes, element))
                       .getResult(0);
      return linalg::DepthwiseConv2DNhwcHwcOp::create(
                 builder, loc, TypeRange{init.getType()},
                 ValueRange{padded, taps}, ValueRange{init}, strides, dilations)
          .getResult(0);
    }
    SmallVector<Value> splitSizes = {filterSizes[1], filterSizes[2], channels,
                                     arith.constant(multiplier)};
    Value perChannel = tensor::ExpandShapeOp::create(
        builder, loc, tensorTypeOfSizes(splitSizes, element), taps,
        {{0}, {1}, {2, 3}}, getAsOpFoldResult(splitSizes));
    SmallVector<Value> productSizes = {sizes.input[0], sizes.output[0],
                                       sizes.output[1], channels,
                                       arith.constant(multiplier)};
    Value init =
        linalg::FillOp::create(builder, loc, zero,
                               emptyTensor(builder, loc, productSizes, element))
            .getResult(0);
    Value product = linalg::DepthwiseConv2DNhwcHwcmOp::create(
                        builder, loc, TypeRange{init.getType()},
                        ValueRange{padded, perChannel}, ValueRange{init},
                        strides, dilations)
                        .getResult(0);
    return tensor::CollapseShapeOp::create(builder, loc, product,
                                           {{0}, {1}, {2}, {3, 4}});
  }
};

//===----------------------------------------------------------------------===//
// max_pool_2d, average_pool_2d
//===----------------------------------------------------------------------===//

template <typename PoolOp> struct PoolLowering : OpConversionPattern<PoolOp> {
  using OpConversionPattern<PoolOp>::OpConversionPattern;
  using OpAdaptor = typename PoolOp::Adaptor;
  static constexpr bool kAverage =
      std::is_same_v<PoolOp, lite::AveragePool2DOp>;

  LogicalResult
  matchAndRewrite(PoolOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value input = adaptor.getInput();
    if (failed(requireRank(op, input, 4, "an input")))
      return failure();
    Type original = getElementTypeOrSelf(op.getInput().getType());
    Type element = getElementTypeOrSelf(input.getType());
    bool isUnsigned = original.isUnsignedInteger();
    if (original.isInteger(1))
      return op.emitError() << op->getName() << " does not apply to bool";
    lite::ActivationFunctionType activation = op.getFusedActivationFunction();
    if (failed(checkFusedActivation(op, activation, element)))
      return failure();
    Location loc = op.getLoc();
    IndexArith arith(rewriter, loc);
    RuntimeChecks checks(op, rewriter, loc);
    int64_t filter[2] = {op.getFilterHeight(), op.getFilterWidth()};
    Value taps[2] = {arith.constant(filter[0]), arith.constant(filter[1])};
    // The window's shape is a tensor of its own (linalg's pooling form).
    if (failed(checks.require(
            tensorFits(arith, taps, element), SLUICE_ERROR_INVALID_ARGUMENT,
            tooLargeMessage(op->getName().stripDialect(), element))))
      return failure();
    int64_t stride[2] = {op.getStrideH(), op.getStrideW()};
    int64_t dilation[2] = {1, 1};
    FailureOr<Value> result = buildWindows(
        rewriter, loc, op, arith, checks, input, op.getPadding(), taps, stride,
        dilation, Value(), element,
        [&](OpBuilder &builder, Location nested, const WindowSizes &sizes,
            ArrayRef<Value> resultSizes) -> Value {
          TypedAttr start = kAverage ? builder.getZeroAttr(element)
                                     : lowestValue(element, isUnsigned);
          Value init = arith::ConstantOp::create(builder, nested, start);
          Value padded = padImage(builder, nested, input, sizes, init);
          Value folded = foldWindows(builder, nested, padded, resultSizes,
                                     filter, stride, init, isUnsigned);
          if constexpr (kAverage)
            folded =
                divideByCount(builder, nested, folded, sizes, filter, stride);
          return addBiasAndActivate(builder, nested, folded, Value(),
                                    activation, isUnsigned);
        });
    if (failed(result))
      return failure();
    return replaceWithResults(rewriter, op, *result, *this->getTypeConverter());
  }

private:
  /// The type's lowest value: max_pool_2d's start (TF's and TFLite's
  /// std::numeric_limits<T>::lowest()).
  static TypedAttr lowestValue(Type element, bool isUnsigned) {
    if (auto floatType = dyn_cast<FloatType>(element))
      return FloatAttr::get(floatType,
                            APFloat::getLargest(floatType.getFloatSemantics(),
                                                /*Negative=*/true));
    unsigned width = element.getIntOrFloatBitWidth();
    return IntegerAttr::get(element, isUnsigned
                                         ? APInt::getZero(width)
                                         : APInt::getSignedMinValue(width));
  }

  /// Each window of `padded` folded into `init`: the sum, or the greatest
  /// element (an element replaces the best so far only when greater).
  static Value foldWindows(OpBuilder &builder, Location loc, Value padded,
                           ArrayRef<Value> resultSizes, int64_t filter[2],
                           int64_t stride[2], Value init, bool isUnsigned) {
    MLIRContext *context = builder.getContext();
    Type element = init.getType();
    // Channels innermost: the loops over the window's taps sit outside the
    // contiguous channel loop, which LLVM vectorises.
    AffineExpr n, row, column, i, j, c;
    bindDims(context, n, row, column, i, j, c);
    SmallVector<AffineMap> maps = {
        AffineMap::get(
            6, 0, {n, row * stride[0] + i, column * stride[1] + j, c}, context),
        AffineMap::get(6, 0, {i, j}, context),
        AffineMap::get(6, 0, {n, row, column, c}, context)};
    Value window = tensor::EmptyOp::create(
        builder, loc, ArrayRef<int64_t>{filter[0], filter[1]}, element);
    Value output =
        linalg::FillOp::create(builder, loc, init,
                               emptyTensor(builder, loc, resultSizes, element))
            .getResult(0);
    using utils::IteratorType;
    SmallVector<IteratorType> iterators = {
        IteratorType::parallel,  IteratorType::parallel,
        IteratorType::parallel,  IteratorType::reduction,
        IteratorType::reduction, IteratorType::parallel};
    return linalg::GenericOp::create(
               builder, loc, TypeRange{output.getType()},
               ValueRange{padded, window}, ValueRange{output}, maps, iterators,
               [&](OpBuilder &b, Location l, ValueRange args) {
                 Value x = args[0], acc = args[2];
                 Value next;
                 if (kAverage) {
                   next = arith::AddFOp::create(b, l, acc, x);
                 } else if (isa<FloatType>(element)) {
                   Value greater = arith::CmpFOp::create(
                       b, l, arith::CmpFPredicate::OLT, acc, x);
                   next = arith::SelectOp::create(b, l, greater, x, acc);
                 } else {
                   Value greater = arith::CmpIOp::create(
                       b, l,
                       isUnsigned ? arith::CmpIPredicate::ult
                                  : arith::CmpIPredicate::slt,
                       acc, x);
                   next = arith::SelectOp::create(b, l, greater, x, acc);
                 }
                 linalg::YieldOp::create(b, l, next);
               })
        .getResult(0);
  }

  /// The number of input elements (not padding) in window `position` of
  /// `filter` taps along one dimension: min(start + filter, size) -
  /// max(start, 0) with start = position * stride - before.
  static Value insideCount(IndexArith &arith, Value position, int64_t filter,
                           int64_t stride, Value before, Value size) {
    Value start =
        arith.sub(arith.mul(position, arith.constant(stride)), before);
    return arith.sub(arith.min(arith.add(start, arith.constant(filter)), size),
                     arith.max(start, arith.constant(0)));
  }

  /// Each sum divided by how many input elements its window holds.
  static Value divideByCount(OpBuilder &builder, Location loc, Value sums,
                             const WindowSizes &sizes, int64_t filter[2],
                             int64_t stride[2]) {
    auto type = cast<RankedTensorType>(sums.getType());
    int64_t rank = type.getRank();
    AffineMap identity = builder.getMultiDimIdentityMap(rank);
    return linalg::GenericOp::create(
               builder, loc, TypeRange{type}, ValueRange{}, ValueRange{sums},
               ArrayRef<AffineMap>{identity},
               SmallVector<utils::IteratorType>(rank,
                                                utils::IteratorType::parallel),
               [&](OpBuilder &b, Location l, ValueRange args) {
                 IndexArith inner(b, l);
                 Value rows = insideCount(
                     inner, linalg::IndexOp::create(b, l, 1), filter[0],
                     stride[0], sizes.before[0], sizes.input[1]);
                 Value columns = insideCount(
                     inner, linalg::IndexOp::create(b, l, 2), filter[1],
                     stride[1], sizes.before[1], sizes.input[2]);
                 Value count = arith::IndexCastOp::create(
                     b, l, b.getI64Type(), inner.mul(rows, columns));
                 Value divisor =
                     arith::SIToFPOp::create(b, l, args[0].getType(), count);
                 linalg::YieldOp::create(
                     b, l,
                     Value(arith::DivFOp::create(b, l, args[0], divisor)));
               })
        .getResult(0);
  }
};

} // namespace

void populateWindowPatterns(const TypeConverter &converter,
                            RewritePatternSet &patterns) {
  patterns.add<ConvolutionLowering<lite::Conv2DOp>,
               ConvolutionLowering<lite::DepthwiseConv2DOp>,
               PoolLowering<lite::MaxPool2DOp>,
               PoolLowering<lite::AveragePool2DOp>>(converter,
                                                    patterns.getContext());
}

} // namespace sluice::lite_to_native
