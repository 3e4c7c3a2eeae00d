//===- LiteBuilders.cpp - small lite IR idioms shared by passes -----------===//

#include "sluice/Dialect/Lite/IR/LiteBuilders.h"
#include "sluice/Dialect/Lite/IR/TypeInference.h"

#include "sluice/Dialect/Lite/IR/LiteOps.h"

using namespace mlir;
using namespace sluice::lite;

Value sluice::lite::createReshapeCopy(OpBuilder &builder, Location loc,
                                      Value value, Type resultType) {
  auto type = cast<TensorType>(resultType);
  Value shape;
  if (type.hasStaticShape()) {
    SmallVector<int32_t> dims(type.getShape().begin(), type.getShape().end());
    shape = ConstantOp::create(
        builder, loc,
        DenseElementsAttr::get(
            RankedTensorType::get({type.getRank()}, builder.getI32Type()),
            ArrayRef<int32_t>(dims)));
  } else {
    shape = shapes::createInferred<ShapeOp>(builder, loc, builder.getI32Type(),
                                            value);
  }
  return ReshapeOp::create(builder, loc, resultType, value, shape);
}

sluice::lite::WhileOp sluice::lite::appendLoopCarried(OpBuilder &builder,
                                                      WhileOp loop,
                                                      ValueRange extraInits) {
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPoint(loop);
  SmallVector<Value> inits(loop.getInits());
  llvm::append_range(inits, extraInits);
  SmallVector<Type> types(loop.getResultTypes());
  llvm::append_range(types, extraInits.getTypes());
  auto grown = WhileOp::create(builder, loop.getLoc(), types, inits);
  grown->setDiscardableAttrs(loop->getDiscardableAttrDictionary());
  for (auto [from, to] :
       llvm::zip_equal(loop->getRegions(), grown->getRegions())) {
    to.takeBody(from);
    for (Value init : extraInits)
      to.front().addArgument(init.getType(), init.getLoc());
  }
  loop->replaceAllUsesWith(
      grown->getResults().take_front(loop->getNumResults()));
  loop.erase();
  return grown;
}

sluice::lite::IfOp sluice::lite::appendIfResults(OpBuilder &builder, IfOp ifOp,
                                                 TypeRange extraTypes) {
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPoint(ifOp);
  SmallVector<Type> types(ifOp.getResultTypes());
  llvm::append_range(types, extraTypes);
  auto grown = IfOp::create(builder, ifOp.getLoc(), types, ifOp.getCond());
  grown->setDiscardableAttrs(ifOp->getDiscardableAttrDictionary());
  for (auto [from, to] :
       llvm::zip_equal(ifOp->getRegions(), grown->getRegions()))
    to.takeBody(from);
  ifOp->replaceAllUsesWith(
      grown->getResults().take_front(ifOp->getNumResults()));
  ifOp.erase();
  return grown;
}

namespace {
RankedTensorType i32Vector(OpBuilder &builder, int64_t size) {
  return RankedTensorType::get({size}, builder.getI32Type());
}
} // namespace

RankedTensorType sluice::lite::getListType(RankedTensorType element) {
  SmallVector<int64_t> shape{ShapedType::kDynamic};
  llvm::append_range(shape, element.getShape());
  return element.clone(shape);
}

RankedTensorType sluice::lite::withDynamicLength(RankedTensorType list) {
  SmallVector<int64_t> shape(list.getShape());
  shape[0] = ShapedType::kDynamic;
  return list.clone(shape);
}

Value sluice::lite::createI32Vector(OpBuilder &builder, Location loc,
                                    ArrayRef<int32_t> values) {
  return ConstantOp::create(
      builder, loc,
      DenseElementsAttr::get(i32Vector(builder, values.size()), values));
}

Value sluice::lite::createI32Scalar(OpBuilder &builder, Location loc,
                                    int32_t value) {
  return createScalar(builder, loc, builder.getI32IntegerAttr(value));
}

Value sluice::lite::createScalar(OpBuilder &builder, Location loc,
                                 TypedAttr value) {
  return ConstantOp::create(
      builder, loc,
      DenseElementsAttr::get(RankedTensorType::get({}, value.getType()),
                             Attribute(value)));
}

Value sluice::lite::createZeroScalar(OpBuilder &builder, Location loc,
                                     Type element) {
  return createScalar(builder, loc,
                      cast<TypedAttr>(builder.getZeroAttr(element)));
}

void sluice::lite::appendYieldOperands(Operation *yield, ValueRange values) {
  SmallVector<Value> operands(yield->getOperands());
  llvm::append_range(operands, values);
  yield->setOperands(operands);
}

Value sluice::lite::createListPrefix(OpBuilder &builder, Location loc,
                                     Value list, Value length,
                                     Type resultType) {
  auto type = cast<RankedTensorType>(list.getType());
  int64_t rank = type.getRank();
  Value size = ReshapeOp::create(builder, loc, i32Vector(builder, 1), length,
                                 createI32Vector(builder, loc, {1}));
  if (rank > 1) {
    SmallVector<int32_t> elementShape(type.getShape().drop_front());
    size = ConcatenationOp::create(
        builder, loc, i32Vector(builder, rank),
        ValueRange{size, createI32Vector(builder, loc, elementShape)},
        /*axis=*/0, ActivationFunctionType::NONE);
  }
  Value begin = createI32Vector(builder, loc, SmallVector<int32_t>(rank, 0));
  return SliceOp::create(builder, loc, resultType, list, begin, size);
}

Value sluice::lite::createListPushBack(OpBuilder &builder, Location loc,
                                       Value list, Value element,
                                       Type resultType) {
  Value length = ListLengthOp::create(
      builder, loc, RankedTensorType::get({}, builder.getI32Type()), list);
  return ListSetItemOp::create(builder, loc, resultType, list, length, element,
                               /*resizable=*/true);
}

std::pair<Value, Value>
sluice::lite::createListPopBack(OpBuilder &builder, Location loc, Value list,
                                Type resultType, Type elementType) {
  auto i32 = RankedTensorType::get({}, builder.getI32Type());
  Value length = ListLengthOp::create(builder, loc, i32, list);
  Value last =
      SubOp::create(builder, loc, i32, length, createI32Scalar(builder, loc, 1),
                    ActivationFunctionType::NONE);
  Value element = ListGetItemOp::create(builder, loc, elementType, list, last);
  return {createListPrefix(builder, loc, list, last, resultType), element};
}

Value sluice::lite::createRowMajorOffsets(OpBuilder &builder, Location loc,
                                          Value params, Value indices) {
  using shapes::createInferred;
  auto indicesType = cast<RankedTensorType>(indices.getType());
  Type index = indicesType.getElementType();
  auto none = ActivationFunctionType::NONE;
  int64_t depth = indicesType.getShape().back();
  int32_t last = static_cast<int32_t>(indicesType.getRank() - 1);
  Value shape = createInferred<ShapeOp>(builder, loc, index, params);
  auto entry = [&](Value tensor, int64_t k, int32_t axis) -> Value {
    return createInferred<GatherOp>(builder, loc, index, tensor,
                                    createI32Scalar(builder, loc, k), axis, 0);
  };
  // Horner's rule: ((i0 * n1 + i1) * n2 + i2) ...; 0 for K = 0.
  Value offsets =
      depth == 0 ? createInferred<SumOp>(builder, loc, index, indices,
                                         createI32Vector(builder, loc, {-1}),
                                         /*keep_dims=*/false)
                 : entry(indices, 0, last);
  for (int64_t k = 1; k < depth; ++k)
    offsets = createInferred<AddOp>(
        builder, loc, index,
        createInferred<MulOp>(builder, loc, index, offsets, entry(shape, k, 0),
                              none),
        entry(indices, k, last), none);
  return offsets;
}

Value sluice::lite::createRowsView(OpBuilder &builder, Location loc,
                                   Value value, int64_t leading) {
  using shapes::createInferred;
  Type i32 = builder.getI32Type();
  auto type = cast<RankedTensorType>(value.getType());
  int32_t count = static_cast<int32_t>(leading);
  Value shape = createInferred<ShapeOp>(builder, loc, i32, value);
  // The leading sizes' product (1 for none), not -1: the rest may be empty.
  Value rows = createInferred<ReduceProdOp>(
      builder, loc, i32,
      createInferred<SliceOp>(builder, loc, i32, shape,
                              createI32Vector(builder, loc, {0}),
                              createI32Vector(builder, loc, {count})),
      createI32Vector(builder, loc, {0}), /*keep_dims=*/true);
  Value rest = createInferred<SliceOp>(
      builder, loc, i32, shape, createI32Vector(builder, loc, {count}),
      createI32Vector(builder, loc,
                      {static_cast<int32_t>(type.getRank() - leading)}));
  Value rowsShape =
      createInferred<ConcatenationOp>(builder, loc, i32, ValueRange{rows, rest},
                                      /*axis=*/0, ActivationFunctionType::NONE);
  return createInferred<ReshapeOp>(builder, loc, type.getElementType(), value,
                                   rowsShape);
}

Value sluice::lite::createGatherNd(OpBuilder &builder, Location loc,
                                   Value params, Value indices) {
  using shapes::createInferred;
  int64_t depth = cast<RankedTensorType>(indices.getType()).getShape().back();
  Value offsets = createRowMajorOffsets(builder, loc, params, indices);
  Value rows = createRowsView(builder, loc, params, depth);
  return createInferred<GatherOp>(
      builder, loc, cast<TensorType>(params.getType()).getElementType(), rows,
      offsets, 0, 0);
}

namespace {

/// An int32 vector constant of 2 * rank entries as a [rank, 2] paddings
/// operand.
Value createPaddings(OpBuilder &builder, Location loc,
                     ArrayRef<int64_t> paddings) {
  SmallVector<int32_t> entries(paddings.begin(), paddings.end());
  return ConstantOp::create(
      builder, loc,
      DenseElementsAttr::get(
          RankedTensorType::get({static_cast<int64_t>(entries.size() / 2), 2},
                                builder.getI32Type()),
          ArrayRef<int32_t>(entries)));
}

/// `value` padded with zeros of its element type.
Value createZeroPad(OpBuilder &builder, Location loc, Value value,
                    ArrayRef<int64_t> paddings) {
  Type element = cast<TensorType>(value.getType()).getElementType();
  return shapes::createInferred<PadOp>(builder, loc, element, value,
                                       createPaddings(builder, loc, paddings),
                                       createZeroScalar(builder, loc, element));
}

/// The int32 vector [shape[0]] + middle + [shape[3]] of a 4-D `value`: a
/// shape with its first and last sizes kept.
Value createOuterShape(OpBuilder &builder, Location loc, Value value,
                       ArrayRef<int32_t> middle) {
  using shapes::createInferred;
  Type i32 = builder.getI32Type();
  Value shape = createInferred<ShapeOp>(builder, loc, i32, value);
  auto entry = [&](int32_t k) -> Value {
    return createInferred<SliceOp>(builder, loc, i32, shape,
                                   createI32Vector(builder, loc, {k}),
                                   createI32Vector(builder, loc, {1}));
  };
  return createInferred<ConcatenationOp>(
      builder, loc, i32,
      ValueRange{entry(0), createI32Vector(builder, loc, middle), entry(3)},
      /*axis=*/0, ActivationFunctionType::NONE);
}

Value createTranspose(OpBuilder &builder, Location loc, Value value,
                      ArrayRef<int32_t> perm) {
  return shapes::createInferred<TransposeOp>(
      builder, loc, cast<TensorType>(value.getType()).getElementType(), value,
      createI32Vector(builder, loc, perm));
}

int32_t narrow(int64_t value) { return static_cast<int32_t>(value); }

/// How far (OH - 1) * stride + 1 positions reach: a window placement's
/// output with stride - 1 zeros between its entries.
int64_t spacedSize(const window::PaddedDimension &dim) {
  return (dim.outputSize - 1) * dim.stride + 1;
}

/// `values` [N, OH, OW, C] with stride - 1 zeros after each row, then each
/// column, the last ones cut off: [N, OH, 1, OW, C] padded to [N, OH, s,
/// OW, C] and merged (5-D at most: LiteRT's PADV2 takes no more), the same
/// for the columns, sliced to [N, spacedSize(rows), spacedSize(columns), C].
Value createSpaced(OpBuilder &builder, Location loc, Value values,
                   const window::PaddedDimension &rows,
                   const window::PaddedDimension &columns) {
  using shapes::createInferred;
  if (rows.stride == 1 && columns.stride == 1)
    return values;
  Type element = cast<TensorType>(values.getType()).getElementType();
  const window::PaddedDimension *dims[] = {&rows, &columns};
  int32_t spaced[2] = {narrow(rows.outputSize), narrow(columns.outputSize)};
  for (int d = 0; d < 2; ++d) {
    if (dims[d]->stride == 1)
      continue;
    SmallVector<int32_t> split = {spaced[0], spaced[1]};
    split.insert(split.begin() + d + 1, 1);
    Value expanded = createInferred<ReshapeOp>(
        builder, loc, element, values,
        createOuterShape(builder, loc, values, split));
    SmallVector<int64_t> paddings(10, 0);
    paddings[2 * (d + 2) + 1] = dims[d]->stride - 1;
    spaced[d] *= dims[d]->stride;
    values = createInferred<ReshapeOp>(
        builder, loc, element, createZeroPad(builder, loc, expanded, paddings),
        createOuterShape(builder, loc, values, {spaced[0], spaced[1]}));
  }
  return createInferred<SliceOp>(
      builder, loc, element, values,
      createI32Vector(builder, loc, {0, 0, 0, 0}),
      createOuterShape(
          builder, loc, values,
          {narrow(spacedSize(rows)), narrow(spacedSize(columns))}));
}

/// The input of a pooling window placement padded on both sides: the
/// positions its windows index.
int64_t paddedSize(const window::PaddedDimension &dim) {
  return dim.inputSize + dim.paddingBefore + dim.paddingAfter;
}

/// Sum over a pool's taps (kh, kw), row-major, of `perTap(kh, kw)` [N, OH,
/// OW, C] placed where the tap reads (row oh * stride + kh of the padded
/// input, zeros elsewhere), cut to the input: [N, H, W, C].
Value sumOverTaps(OpBuilder &builder, Location loc,
                  const window::PaddedDimension &rows,
                  const window::PaddedDimension &columns,
                  llvm::function_ref<Value(int64_t, int64_t)> perTap) {
  using shapes::createInferred;
  Value sum;
  Type element;
  for (int64_t kh = 0; kh < rows.filterSize; ++kh)
    for (int64_t kw = 0; kw < columns.filterSize; ++kw) {
      Value tap = perTap(kh, kw);
      element = cast<TensorType>(tap.getType()).getElementType();
      Value placed = createZeroPad(
          builder, loc, createSpaced(builder, loc, tap, rows, columns),
          {0, 0, kh, paddedSize(rows) - spacedSize(rows) - kh, kw,
           paddedSize(columns) - spacedSize(columns) - kw, 0, 0});
      sum =
          sum ? Value(createInferred<AddOp>(builder, loc, element, sum, placed,
                                            ActivationFunctionType::NONE))
              : placed;
    }
  return createInferred<SliceOp>(
      builder, loc, element, sum,
      createI32Vector(
          builder, loc,
          {0, narrow(rows.paddingBefore), narrow(columns.paddingBefore), 0}),
      createOuterShape(builder, loc, sum,
                       {narrow(rows.inputSize), narrow(columns.inputSize)}));
}

/// A constant [1, OH, OW, 1] of `element` from f(oh, ow).
Value createOutputGrid(OpBuilder &builder, Location loc, Type element,
                       const window::PaddedDimension &rows,
                       const window::PaddedDimension &columns,
                       llvm::function_ref<Attribute(int64_t, int64_t)> f) {
  SmallVector<Attribute> values;
  for (int64_t oh = 0; oh < rows.outputSize; ++oh)
    for (int64_t ow = 0; ow < columns.outputSize; ++ow)
      values.push_back(f(oh, ow));
  return ConstantOp::create(
      builder, loc,
      DenseElementsAttr::get(
          RankedTensorType::get({1, rows.outputSize, columns.outputSize, 1},
                                element),
          values));
}

/// How many of window `o`'s positions lie inside the input.
int64_t insideCount(const window::PaddedDimension &dim, int64_t o) {
  int64_t start = o * dim.stride - dim.paddingBefore;
  return std::min(start + dim.filterSize, dim.inputSize) -
         std::max<int64_t>(start, 0);
}

/// Whether tap k of window `o` reads inside the input.
bool tapInside(const window::PaddedDimension &dim, int64_t o, int64_t k) {
  int64_t position = o * dim.stride - dim.paddingBefore + k;
  return position >= 0 && position < dim.inputSize;
}

} // namespace

namespace {

/// A convolution's output gradient spaced and padded so that a stride-1
/// convolution with the flipped filter gives the input gradient: (f - 1) *
/// dilation - before zeros before, input + before - spaced size after.
Value createTransposedConvolutionInput(OpBuilder &builder, Location loc,
                                       Value outputGradient,
                                       const window::PaddedDimension &rows,
                                       const window::PaddedDimension &columns) {
  const window::PaddedDimension *dims[] = {&rows, &columns};
  Value dy = createSpaced(builder, loc, outputGradient, rows, columns);
  int64_t paddings[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  for (int d = 0; d < 2; ++d) {
    paddings[2 + 2 * d] =
        (dims[d]->filterSize - 1) * dims[d]->dilation - dims[d]->paddingBefore;
    paddings[3 + 2 * d] =
        dims[d]->inputSize + dims[d]->paddingBefore - spacedSize(*dims[d]);
  }
  return createZeroPad(builder, loc, dy, paddings);
}

/// The input padded as far as the last window reads (no further: VALID's
/// unread rest is cut from the filter gradient).
Value createReadInput(OpBuilder &builder, Location loc, Value input,
                      const window::PaddedDimension &rows,
                      const window::PaddedDimension &columns) {
  const window::PaddedDimension *dims[] = {&rows, &columns};
  int64_t paddings[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  for (int d = 0; d < 2; ++d) {
    int64_t reach =
        (dims[d]->outputSize - 1) * dims[d]->stride +
        window::effectiveFilterSize(dims[d]->filterSize, dims[d]->dilation);
    paddings[2 + 2 * d] = dims[d]->paddingBefore;
    paddings[3 + 2 * d] = std::max<int64_t>(
        reach - dims[d]->inputSize - dims[d]->paddingBefore, 0);
  }
  return createZeroPad(builder, loc, input, paddings);
}

Value createReshape(OpBuilder &builder, Location loc, Value value,
                    Value shape) {
  return shapes::createInferred<ReshapeOp>(
      builder, loc, cast<TensorType>(value.getType()).getElementType(), value,
      shape);
}

} // namespace

Value sluice::lite::createConv2DInputGradient(
    OpBuilder &builder, Location loc, Value outputGradient, Value filter,
    const window::PaddedDimension &rows,
    const window::PaddedDimension &columns) {
  using shapes::createInferred;
  Type element = cast<TensorType>(outputGradient.getType()).getElementType();
  Value padded = createTransposedConvolutionInput(builder, loc, outputGradient,
                                                  rows, columns);
  // The filter as [in, h, w, out], flipped in h and w.
  Value flipped = createInferred<ReverseV2Op>(
      builder, loc, element,
      createTranspose(builder, loc, filter, {3, 1, 2, 0}),
      createI32Vector(builder, loc, {1, 2}));
  return createInferred<Conv2DOp>(builder, loc, element, padded, flipped,
                                  /*bias=*/Value(), Padding::VALID,
                                  /*stride_w=*/1, /*stride_h=*/1,
                                  columns.dilation, rows.dilation,
                                  ActivationFunctionType::NONE);
}

Value sluice::lite::createConv2DFilterGradient(
    OpBuilder &builder, Location loc, Value input, Value outputGradient,
    const window::PaddedDimension &rows,
    const window::PaddedDimension &columns) {
  using shapes::createInferred;
  Type element = cast<TensorType>(input.getType()).getElementType();
  Value image = createTranspose(
      builder, loc, createReadInput(builder, loc, input, rows, columns),
      {3, 1, 2, 0});
  Value taps = createTranspose(builder, loc, outputGradient, {3, 1, 2, 0});
  // [in, R, C, out] with R, C >= the filter's h, w: its first h, w.
  Value products = createInferred<Conv2DOp>(
      builder, loc, element, image, taps, /*bias=*/Value(), Padding::VALID,
      /*stride_w=*/columns.dilation, /*stride_h=*/rows.dilation,
      /*dilation_w_factor=*/columns.stride, /*dilation_h_factor=*/rows.stride,
      ActivationFunctionType::NONE);
  return createInferred<SliceOp>(
      builder, loc, element, products,
      createI32Vector(builder, loc, {0, 0, 0, 0}),
      createOuterShape(builder, loc, products,
                       {narrow(rows.filterSize), narrow(columns.filterSize)}));
}

Value sluice::lite::createDepthwiseConv2DInputGradient(
    OpBuilder &builder, Location loc, Value outputGradient, Value filter,
    int32_t multiplier, const window::PaddedDimension &rows,
    const window::PaddedDimension &columns) {
  using shapes::createInferred;
  Type element = cast<TensorType>(outputGradient.getType()).getElementType();
  Value padded = createTransposedConvolutionInput(builder, loc, outputGradient,
                                                  rows, columns);
  Value flipped = createInferred<ReverseV2Op>(
      builder, loc, element, filter, createI32Vector(builder, loc, {1, 2}));
  // Each of the C * M channels convolved with its own flipped taps, then the
  // M channels of each input channel summed.
  Value perChannel = createInferred<DepthwiseConv2DOp>(
      builder, loc, element, padded, flipped, /*bias=*/Value(), Padding::VALID,
      /*stride_w=*/1, /*stride_h=*/1, /*depth_multiplier=*/1, columns.dilation,
      rows.dilation, ActivationFunctionType::NONE);
  Type i32 = builder.getI32Type();
  Value split = createReshape(
      builder, loc, perChannel,
      createInferred<ConcatenationOp>(
          builder, loc, i32,
          ValueRange{createInferred<SliceOp>(
                         builder, loc, i32,
                         createInferred<ShapeOp>(builder, loc, i32, perChannel),
                         createI32Vector(builder, loc, {0}),
                         createI32Vector(builder, loc, {3})),
                     createI32Vector(builder, loc, {-1, multiplier})},
          /*axis=*/0, ActivationFunctionType::NONE));
  return createInferred<SumOp>(builder, loc, element, split,
                               createI32Vector(builder, loc, {4}),
                               /*keep_dims=*/false);
}

Value sluice::lite::createDepthwiseConv2DFilterGradient(
    OpBuilder &builder, Location loc, Value input, Value outputGradient,
    int32_t multiplier, const window::PaddedDimension &rows,
    const window::PaddedDimension &columns) {
  using shapes::createInferred;
  Type element = cast<TensorType>(input.getType()).getElementType();
  Type i32 = builder.getI32Type();
  // The input's channels repeated M times (channel c * M + m reads input
  // channel c), padded as far as the windows read: [N, Hp, Wp, K], K = C * M.
  Value padded = createReadInput(builder, loc, input, rows, columns);
  Value shape = createInferred<ShapeOp>(builder, loc, i32, padded);
  auto sizes = [&](int32_t begin, int32_t count) -> Value {
    return createInferred<SliceOp>(builder, loc, i32, shape,
                                   createI32Vector(builder, loc, {begin}),
                                   createI32Vector(builder, loc, {count}));
  };
  auto joined = [&](ArrayRef<Value> parts) -> Value {
    return createInferred<ConcatenationOp>(builder, loc, i32, parts,
                                           /*axis=*/0,
                                           ActivationFunctionType::NONE);
  };
  Value repeated = createReshape(
      builder, loc,
      createInferred<TileOp>(
          builder, loc, element,
          createInferred<ExpandDimsOp>(builder, loc, element, padded,
                                       createI32Scalar(builder, loc, 4)),
          createI32Vector(builder, loc, {1, 1, 1, 1, multiplier})),
      joined({sizes(0, 3), createI32Vector(builder, loc, {-1})}));
  // The batch folded into the channels of both, [1, Hp, Wp, K * N] and
  // [1, OH, OW, K * N]: a depthwise convolution (the stride and dilation
  // swapped) correlates each channel of each example with its gradient.
  Value image = createReshape(
      builder, loc, createTranspose(builder, loc, repeated, {1, 2, 3, 0}),
      joined({createI32Vector(builder, loc, {1}), sizes(1, 2),
              createI32Vector(builder, loc, {-1})}));
  Value taps = createReshape(
      builder, loc, createTranspose(builder, loc, outputGradient, {1, 2, 3, 0}),
      createI32Vector(
          builder, loc,
          {1, narrow(rows.outputSize), narrow(columns.outputSize), -1}));
  Value products = createInferred<DepthwiseConv2DOp>(
      builder, loc, element, image, taps, /*bias=*/Value(), Padding::VALID,
      /*stride_w=*/columns.dilation, /*stride_h=*/rows.dilation,
      /*depth_multiplier=*/1, /*dilation_w_factor=*/columns.stride,
      /*dilation_h_factor=*/rows.stride, ActivationFunctionType::NONE);
  // [R, C', K, N] summed over the examples, cut to the filter's h and w,
  // as TFLite's [1, h, w, K].
  Value productShape = createInferred<ShapeOp>(builder, loc, i32, products);
  Value split = createReshape(
      builder, loc, products,
      joined({createInferred<SliceOp>(builder, loc, i32, productShape,
                                      createI32Vector(builder, loc, {1}),
                                      createI32Vector(builder, loc, {2})),
              createI32Vector(builder, loc, {-1}), sizes(0, 1)}));
  Value summed = createInferred<SumOp>(builder, loc, element, split,
                                       createI32Vector(builder, loc, {3}),
                                       /*keep_dims=*/false);
  Value cut = createInferred<SliceOp>(
      builder, loc, element, summed, createI32Vector(builder, loc, {0, 0, 0}),
      createI32Vector(
          builder, loc,
          {narrow(rows.filterSize), narrow(columns.filterSize), -1}));
  return createInferred<ExpandDimsOp>(builder, loc, element, cut,
                                      createI32Scalar(builder, loc, 0));
}

Value sluice::lite::createAveragePool2DGradient(
    OpBuilder &builder, Location loc, Value outputGradient,
    const window::PaddedDimension &rows,
    const window::PaddedDimension &columns) {
  using shapes::createInferred;
  Type element = cast<TensorType>(outputGradient.getType()).getElementType();
  // Each window's gradient shared by the input positions it averaged.
  Value counts = createOutputGrid(
      builder, loc, element, rows, columns, [&](int64_t oh, int64_t ow) {
        return builder.getFloatAttr(
            element, static_cast<double>(insideCount(rows, oh) *
                                         insideCount(columns, ow)));
      });
  Value shares = createInferred<DivOp>(builder, loc, element, outputGradient,
                                       counts, ActivationFunctionType::NONE);
  return sumOverTaps(builder, loc, rows, columns,
                     [&](int64_t, int64_t) { return shares; });
}

Value sluice::lite::createMaxPool2DGradient(
    OpBuilder &builder, Location loc, Value input, Value outputGradient,
    const window::PaddedDimension &rows,
    const window::PaddedDimension &columns) {
  using shapes::createInferred;
  Type element = cast<TensorType>(input.getType()).getElementType();
  Type i1 = builder.getI1Type(), i32 = builder.getI32Type();
  Value padded =
      createZeroPad(builder, loc, input,
                    {0, 0, rows.paddingBefore, rows.paddingAfter,
                     columns.paddingBefore, columns.paddingAfter, 0, 0});
  // Each window's first element, in row-major order, that no later one
  // exceeds: TF's MaxPoolGrad takes a window's first element and replaces
  // it only by a greater one (so NaN first stays, NaN later never wins).
  Value best, seen, chosen;
  int64_t taps = rows.filterSize * columns.filterSize;
  for (int64_t k = 0; k < taps; ++k) {
    int64_t kh = k / columns.filterSize, kw = k % columns.filterSize;
    Value values = createInferred<StridedSliceOp>(
        builder, loc, element, padded,
        createI32Vector(builder, loc, {0, narrow(kh), narrow(kw), 0}),
        createI32Vector(builder, loc,
                        {0, narrow(kh + spacedSize(rows)),
                         narrow(kw + spacedSize(columns)), 0}),
        createI32Vector(builder, loc, {1, rows.stride, columns.stride, 1}),
        /*begin_mask=*/9, /*end_mask=*/9, /*ellipsis_mask=*/0,
        /*new_axis_mask=*/0, /*shrink_axis_mask=*/0, /*offset=*/false);
    Value inside = createOutputGrid(
        builder, loc, i1, rows, columns, [&](int64_t oh, int64_t ow) {
          return builder.getBoolAttr(tapInside(rows, oh, kh) &&
                                     tapInside(columns, ow, kw));
        });
    Value take = inside;
    if (best) {
      Value greater = createInferred<LessOp>(builder, loc, i1, best, values);
      Value first = createInferred<LogicalNotOp>(builder, loc, i1, seen);
      take = createInferred<LogicalAndOp>(
          builder, loc, i1, inside,
          createInferred<LogicalOrOp>(builder, loc, i1, first, greater));
    }
    Value index = createI32Scalar(builder, loc, narrow(k));
    if (!best) {
      best = values;
      seen = inside;
      chosen = createInferred<SelectV2Op>(builder, loc, i32, take, index,
                                          createI32Scalar(builder, loc, -1));
      continue;
    }
    best =
        createInferred<SelectV2Op>(builder, loc, element, take, values, best);
    seen = createInferred<LogicalOrOp>(builder, loc, i1, seen, inside);
    chosen = createInferred<SelectV2Op>(builder, loc, i32, take, index, chosen);
  }
  Value zero = createZeroScalar(builder, loc, element);
  return sumOverTaps(builder, loc, rows, columns, [&](int64_t kh, int64_t kw) {
    Value index =
        createI32Scalar(builder, loc, narrow(kh * columns.filterSize + kw));
    return createInferred<SelectV2Op>(
        builder, loc, element,
        createInferred<EqualOp>(builder, loc, i1, chosen, index),
        outputGradient, zero);
  });
}
