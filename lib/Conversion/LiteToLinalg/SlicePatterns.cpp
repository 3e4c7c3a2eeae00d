//===- SlicePatterns.cpp - lowering of lite slicing ops -------------------===//
//
//   lite.slice           =>  tensor.extract_slice (begin and size checked)
//   lite.dynamic_update_slice
//                        =>  tensor.insert_slice of the update into the
//                            operand at the clamped start indices (one-shot
//                            bufferization writes it over the operand's
//                            buffer when the operand is dead afterwards:
//                            the write costs the update, not a copy)
//   lite.strided_slice   =>  tensor.extract_slice with strides where every
//                            stride is a positive constant (shrunk axes
//                            dropped by rank reduction, new axes added by
//                            tensor.expand_shape); else a linalg.generic
//                            reading tensor.extract at start + i * stride
//   lite.gather          =>  a linalg.generic reading the indices through
//                            its indexing map and params with tensor.extract
//
// Begin and end of a strided slice are normalized and clamped per axis as
// the interpreter (TFLite's StridedSliceStartForAxis/EndForAxis) does, in
// index arithmetic that folds when they are constants. Gather's indices are
// checked by a separate reduction over them (all in range?) before the
// gather runs.
//
//===----------------------------------------------------------------------===//

#include "ShapeLowering.h"
#include "sluice/Dialect/Lite/IR/IndexRules.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Matchers.h"
#include "sluice/Dialect/Lite/IR/LiteOps.h"
#include "sluice/Dialect/Lite/IR/StridedSliceAxes.h"

using namespace mlir;

namespace sluice::lite_to_native {
namespace {

//===----------------------------------------------------------------------===//
// slice
//===----------------------------------------------------------------------===//

/// The extent of one dimension of a slice, `size` elements from `begin` (-1
/// for all to the end) of a dimension of `extent`, with the interpreter's
/// checks.
FailureOr<Value> sliceExtent(IndexArith &arith, RuntimeChecks &checks,
                             int64_t dim, Value extent, Value begin,
                             Value size) {
  Value zero = arith.constant(0);
  Value rest = arith.sub(extent, begin);
  Value toEnd = arith.eq(size, arith.constant(-1));
  std::string where = "dimension " + std::to_string(dim);
  if (failed(checks.require(
          arith.both(arith.le(zero, begin), arith.le(begin, extent)),
          SLUICE_ERROR_INDEX_OUT_OF_RANGE,
          "slice begin is out of range for " + where)) ||
      failed(checks.require(
          arith.either(toEnd, arith.le(zero, size)),
          SLUICE_ERROR_INVALID_ARGUMENT,
          "slice size for " + where +
              " is negative (only -1, meaning to the end, is allowed)")) ||
      failed(checks.require(arith.either(toEnd, arith.le(size, rest)),
                            SLUICE_ERROR_INDEX_OUT_OF_RANGE,
                            "slice runs past the end of " + where)))
    return failure();
  return arith.select(toEnd, rest, size);
}

struct SliceLowering : OpConversionPattern<lite::SliceOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(lite::SliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    auto inputType = cast<RankedTensorType>(input.getType());
    int64_t rank = inputType.getRank();
    IndexArith arith(rewriter, loc);
    RuntimeChecks checks(op, rewriter, loc);
    FailureOr<SmallVector<Value>> begin = readIndexVector(
        arith, checks, op, adaptor.getBegin(), rank, "slice begin");
    if (failed(begin))
      return failure();
    FailureOr<SmallVector<Value>> size = readIndexVector(
        arith, checks, op, adaptor.getSize(), rank, "slice size");
    if (failed(size))
      return failure();
    SmallVector<Value> sizes;
    for (int64_t d = 0; d < rank; ++d) {
      FailureOr<Value> extent = sliceExtent(
          arith, checks, d, arith.dim(input, d), (*begin)[d], (*size)[d]);
      if (failed(extent))
        return failure();
      sizes.push_back(*extent);
    }

    RankedTensorType natural =
        tensorTypeOfSizes(sizes, inputType.getElementType());
    auto slice = [&](OpBuilder &builder, Location nested) -> Value {
      IndexArith inner(builder, nested);
      SmallVector<OpFoldResult> strides(rank, builder.getIndexAttr(1));
      return tensor::ExtractSliceOp::create(builder, nested, natural, input,
                                            sliceOffsets(inner, *begin, sizes),
                                            getAsOpFoldResult(sizes), strides);
    };
    Value sliced =
        buildIfValid(rewriter, loc, checks.allHold(), natural, slice);
    return replaceWithResults(rewriter, op, sliced, *getTypeConverter());
  }
};

//===----------------------------------------------------------------------===//
// strided_slice
//===----------------------------------------------------------------------===//

/// One dimension of a strided slice after expanding the ellipsis and new
/// axes (the dialect's StridedSliceAxis).
using SliceDim = lite::StridedSliceAxis;

/// A dimension of the input as the slice reads it: from `start` on, `extent`
/// elements `stride` apart, or the single index `start` when `shrink`.
struct SliceRange {
  Value start, extent, stride;
  bool shrink = false;
};

/// Expands ellipsis and new-axis entries as TensorFlow does, with the
/// interpreter's compile-time diagnostics for entries it cannot expand.
FailureOr<SmallVector<SliceDim>> expandSliceDims(lite::StridedSliceOp op,
                                                 int64_t count, int64_t rank) {
  lite::StridedSliceEntryCounts counts =
      lite::countStridedSliceEntries(op, count);
  if (counts.ellipses > 1)
    return op.emitError("strided_slice ellipsis_mask has more than one bit "
                        "set among its ")
           << count << " entries";
  if (counts.indexed > rank)
    return op.emitError("strided_slice indexes ")
           << counts.indexed << " dimensions but the input has only " << rank;
  return lite::expandStridedSliceAxes(op, count, rank);
}

/// The range one dimension of size `size` is read with, with the
/// interpreter's checks.
FailureOr<SliceRange> sliceRange(IndexArith &arith, RuntimeChecks &checks,
                                 const SliceDim &dim, Value size, Value begin,
                                 Value end, Value stride, bool offset) {
  Value zero = arith.constant(0), one = arith.constant(1);
  Value minusOne = arith.constant(-1);
  std::string entry = "strided_slice entry #" + std::to_string(dim.entry);
  if (failed(checks.require(arith.negate(arith.eq(stride, zero)),
                            SLUICE_ERROR_INVALID_ARGUMENT,
                            entry + " has stride zero")))
    return failure();
  stride = arith.select(arith.eq(stride, zero), one, stride);
  Value positive = arith.lt(zero, stride);
  Value last = arith.sub(size, one);

  // TFLite's StridedSliceStartForAxis.
  Value start =
      arith.select(arith.lt(begin, zero), arith.add(begin, size), begin);
  start = arith.select(positive, arith.clamp(start, zero, size),
                       arith.clamp(start, minusOne, last));
  if (dim.beginMask)
    start = arith.select(positive, zero, last);

  if (dim.shrink) {
    Value index = dim.beginMask ? zero : begin;
    if (failed(checks.require(positive, SLUICE_ERROR_INVALID_ARGUMENT,
                              entry + " shrinks an axis and needs a positive "
                                      "stride")) ||
        failed(checks.require(arith.both(arith.le(arith.sub(zero, size), index),
                                         arith.lt(index, size)),
                              SLUICE_ERROR_INDEX_OUT_OF_RANGE,
                              entry + " is an index out of range")))
      return failure();
    return SliceRange{start, one, one, /*shrink=*/true};
  }

  // TFLite's StridedSliceEndForAxis.
  Value stop = offset ? arith.add(end, start) : end;
  stop = arith.select(arith.lt(stop, zero), arith.add(stop, size), stop);
  stop = arith.select(positive, arith.clamp(stop, zero, size),
                      arith.clamp(stop, minusOne, last));
  if (dim.endMask)
    stop = arith.select(positive, size, minusOne);

  Value forward = arith.div(
      arith.sub(arith.add(arith.sub(stop, start), stride), one), stride);
  Value backward =
      arith.div(arith.sub(arith.sub(arith.sub(start, stop), stride), one),
                arith.sub(zero, stride));
  Value extent =
      arith.select(positive, arith.select(arith.lt(start, stop), forward, zero),
                   arith.select(arith.lt(stop, start), backward, zero));
  return SliceRange{start, extent, stride};
}

struct StridedSliceLowering : OpConversionPattern<lite::StridedSliceOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(lite::StridedSliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    auto inputType = cast<RankedTensorType>(input.getType());
    auto beginType = cast<RankedTensorType>(adaptor.getBegin().getType());
    if (beginType.isDynamicDim(0))
      return op.emitError("the native back end needs strided_slice's begin "
                          "to have a static length, got ")
             << beginType;
    int64_t count = beginType.getDimSize(0);
    FailureOr<SmallVector<SliceDim>> dims =
        expandSliceDims(op, count, inputType.getRank());
    if (failed(dims))
      return failure();

    IndexArith arith(rewriter, loc);
    RuntimeChecks checks(op, rewriter, loc);
    SmallVector<SmallVector<Value>> vectors;
    for (auto [vector, what] :
         {std::pair(adaptor.getBegin(), "strided_slice begin"),
          std::pair(adaptor.getEnd(), "strided_slice end"),
          std::pair(adaptor.getStrides(), "strided_slice strides")}) {
      FailureOr<SmallVector<Value>> entries =
          readIndexVector(arith, checks, op, vector, count, what);
      if (failed(entries))
        return failure();
      vectors.push_back(*entries);
    }

    FailureOr<SmallVector<SliceRange>> ranges =
        readRanges(arith, checks, op, input, *dims, vectors);
    if (failed(ranges))
      return failure();
    SmallVector<bool> isNewAxis;
    SmallVector<Value> sizes = resultSizes(arith, *dims, *ranges, isNewAxis);
    RankedTensorType natural =
        tensorTypeOfSizes(sizes, inputType.getElementType());
    bool forward = llvm::all_of(*ranges, [](const SliceRange &range) {
      std::optional<int64_t> stride = constantInt(range.stride);
      return stride && *stride > 0;
    });
    auto slice = [&](OpBuilder &builder, Location nested) {
      if (forward)
        return extractForward(builder, nested, input, *ranges, isNewAxis);
      return gatherStrided(builder, nested, input, *ranges, *dims, sizes);
    };
    Value sliced =
        buildIfValid(rewriter, loc, checks.allHold(), natural, slice);
    return replaceWithResults(rewriter, op, sliced, *getTypeConverter());
  }

  /// The sizes of the result: new axes and the extents of the dimensions
  /// not shrunk. Sets `isNewAxis` for each.
  static SmallVector<Value> resultSizes(IndexArith &arith,
                                        ArrayRef<SliceDim> dims,
                                        ArrayRef<SliceRange> ranges,
                                        SmallVectorImpl<bool> &isNewAxis) {
    SmallVector<Value> sizes;
    const SliceRange *range = ranges.begin();
    for (const SliceDim &dim : dims) {
      if (dim.newAxis) {
        isNewAxis.push_back(true);
        sizes.push_back(arith.constant(1));
        continue;
      }
      if (!range->shrink) {
        isNewAxis.push_back(false);
        sizes.push_back(range->extent);
      }
      ++range;
    }
    return sizes;
  }

  /// The range of every input dimension, in order.
  static FailureOr<SmallVector<SliceRange>>
  readRanges(IndexArith &arith, RuntimeChecks &checks, lite::StridedSliceOp op,
             Value input, ArrayRef<SliceDim> dims,
             ArrayRef<SmallVector<Value>> vectors) {
    // Indices beyond +-2^62 act like ones just beyond the dimension and
    // keep the arithmetic from overflowing.
    Value limit = arith.constant(int64_t(1) << 62);
    Value lowest = arith.sub(arith.constant(0), limit);
    auto entry = [&](int vector, int64_t index) {
      return arith.clamp(vectors[vector][index], lowest, limit);
    };
    SmallVector<SliceRange> ranges;
    int64_t inputDim = 0;
    for (const SliceDim &dim : dims) {
      if (dim.newAxis)
        continue;
      Value size = arith.dim(input, inputDim++);
      Value zero = arith.constant(0), one = arith.constant(1);
      bool covered = dim.entry < 0;
      FailureOr<SliceRange> range = sliceRange(
          arith, checks, dim, size, covered ? zero : entry(0, dim.entry),
          covered ? zero : entry(1, dim.entry),
          covered ? one : entry(2, dim.entry), op.getOffset());
      if (failed(range))
        return failure();
      ranges.push_back(*range);
    }
    return ranges;
  }

  /// Positive constant strides: a tensor.extract_slice that drops the shrunk
  /// dimensions, then tensor.expand_shape for the new axes.
  static Value extractForward(OpBuilder &builder, Location loc, Value input,
                              ArrayRef<SliceRange> ranges,
                              ArrayRef<bool> isNewAxis) {
    SmallVector<Value> offsets, sizes, strides, kept;
    for (const SliceRange &range : ranges) {
      offsets.push_back(range.start);
      sizes.push_back(range.extent);
      strides.push_back(range.stride);
      if (!range.shrink)
        kept.push_back(range.extent);
    }
    RankedTensorType reduced =
        tensorTypeOfSizes(kept, getElementTypeOrSelf(input.getType()));
    IndexArith arith(builder, loc);
    Value slice = tensor::ExtractSliceOp::create(
        builder, loc, reduced, input, sliceOffsets(arith, offsets, sizes),
        getAsOpFoldResult(sizes), getAsOpFoldResult(strides));
    return insertUnitDims(builder, loc, slice, isNewAxis);
  }

  /// Any strides: a linalg.generic over the result whose element reads the
  /// input at start + i * stride (start alone on a shrunk dimension).
  static Value gatherStrided(OpBuilder &builder, Location loc, Value input,
                             ArrayRef<SliceRange> ranges,
                             ArrayRef<SliceDim> dims, ArrayRef<Value> sizes) {
    return generateTensor(
        builder, loc, sizes, getElementTypeOrSelf(input.getType()), {}, {},
        [&](OpBuilder &nested, Location nestedLoc, ValueRange indices,
            ValueRange) {
          IndexArith arith(nested, nestedLoc);
          SmallVector<Value> source;
          auto range = ranges.begin();
          auto index = indices.begin();
          for (const SliceDim &dim : dims) {
            if (dim.newAxis) {
              ++index;
              continue;
            }
            if (range->shrink)
              source.push_back(range->start);
            else
              source.push_back(
                  arith.add(range->start, arith.mul(*index++, range->stride)));
            ++range;
          }
          return tensor::ExtractOp::create(nested, nestedLoc, input, source)
              .getResult();
        });
  }
};

//===----------------------------------------------------------------------===//
// dynamic_update_slice
//===----------------------------------------------------------------------===//

struct DynamicUpdateSliceLowering
    : OpConversionPattern<lite::DynamicUpdateSliceOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(lite::DynamicUpdateSliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value operand = adaptor.getOperand(), update = adaptor.getUpdate();
    auto operandType = cast<RankedTensorType>(operand.getType());
    int64_t rank = operandType.getRank();
    IndexArith arith(rewriter, loc);
    RuntimeChecks checks(op, rewriter, loc);
    FailureOr<SmallVector<Value>> start =
        readIndexVector(arith, checks, op, adaptor.getStartIndices(), rank,
                        "dynamic_update_slice start_indices");
    if (failed(start))
      return failure();
    // A rank-0 update is the whole result.
    if (rank == 0)
      return replaceWithResults(rewriter, op, update, *getTypeConverter());

    // The interpreter's (TFLite's) start clamped to [0, extent - size]: the
    // block always lies inside the operand.
    Value zero = arith.constant(0);
    SmallVector<Value> offsets, sizes;
    for (int64_t d = 0; d < rank; ++d) {
      Value extent = arith.dim(operand, d), size = arith.dim(update, d);
      if (failed(checks.require(arith.le(size, extent),
                                SLUICE_ERROR_SHAPE_MISMATCH,
                                "dynamic_update_slice update is larger than "
                                "the operand in dimension " +
                                    Twine(d))))
        return failure();
      offsets.push_back(
          arith.clamp((*start)[d], zero, arith.sub(extent, size)));
      sizes.push_back(size);
    }
    auto insert = [&](OpBuilder &builder, Location nested) -> Value {
      IndexArith inner(builder, nested);
      SmallVector<OpFoldResult> strides(rank, builder.getIndexAttr(1));
      return tensor::InsertSliceOp::create(builder, nested, update, operand,
                                           sliceOffsets(inner, offsets, sizes),
                                           getAsOpFoldResult(sizes), strides);
    };
    Value updated =
        buildIfValid(rewriter, loc, checks.allHold(), operandType, insert);
    return replaceWithResults(rewriter, op, updated, *getTypeConverter());
  }
};

//===----------------------------------------------------------------------===//
// list_set_item
//===----------------------------------------------------------------------===//

/// The item written over element `index` of the list, in place when the list
/// is not used again: like dynamic_update_slice, but an index outside the
/// list is an error (SLUICE_ERROR_INDEX_OUT_OF_RANGE), as in the interpreter
/// and TensorFlow, where DYNAMIC_UPDATE_SLICE would clamp it. Resizable lists
/// never get here (-lite-legalize-lists refuses them).
struct ListSetItemLowering : OpConversionPattern<lite::ListSetItemOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(lite::ListSetItemOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getResizable())
      return op.emitError("a resizable list cannot be compiled: its length "
                          "has no bound");
    Location loc = op.getLoc();
    Value list = adaptor.getList(), item = adaptor.getItem();
    auto listType = cast<RankedTensorType>(list.getType());
    auto itemType = cast<RankedTensorType>(item.getType());
    int64_t rank = listType.getRank();
    if (itemType.getRank() != rank - 1)
      return op.emitError("list_set_item: an item of rank ")
             << itemType.getRank() << " for a list of rank " << rank;
    IndexArith arith(rewriter, loc);
    RuntimeChecks checks(op, rewriter, loc);
    Value index =
        arith.toIndex(readSingleElement(rewriter, loc, adaptor.getIndex()));
    Value length = arith.dim(list, 0);
    if (failed(checks.require(arith.both(arith.le(arith.constant(0), index),
                                         arith.lt(index, length)),
                              SLUICE_ERROR_INDEX_OUT_OF_RANGE,
                              "list_set_item index out of "
                              "range")))
      return failure();
    Value zero = arith.constant(0);
    SmallVector<Value> offsets{index}, sizes{arith.constant(1)};
    for (int64_t d = 1; d < rank; ++d) {
      Value extent = arith.dim(list, d), size = arith.dim(item, d - 1);
      if (failed(checks.require(arith.eq(size, extent),
                                SLUICE_ERROR_SHAPE_MISMATCH,
                                "list_set_item item does not have the "
                                "list's element shape")))
        return failure();
      offsets.push_back(zero);
      sizes.push_back(size);
    }
    // Written only when the checks hold; otherwise the list is returned as
    // it is (the call returns its status). Both branches yield the list's
    // buffer, so the write stays in place.
    auto ifOp = scf::IfOp::create(rewriter, loc, TypeRange{listType},
                                  checks.allHold(), /*withElseRegion=*/true);
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(ifOp.thenBlock());
      IndexArith inner(rewriter, loc);
      // Rank-reducing: the item is one element, without the list's dim 0.
      SmallVector<OpFoldResult> strides(rank, rewriter.getIndexAttr(1));
      Value updated = tensor::InsertSliceOp::create(
          rewriter, loc, item, list, sliceOffsets(inner, offsets, sizes),
          getAsOpFoldResult(sizes), strides);
      scf::YieldOp::create(rewriter, loc, updated);
      rewriter.setInsertionPointToStart(ifOp.elseBlock());
      scf::YieldOp::create(rewriter, loc, list);
    }
    return replaceWithResults(rewriter, op, ifOp.getResult(0),
                              *getTypeConverter());
  }
};

//===----------------------------------------------------------------------===//
// gather
//===----------------------------------------------------------------------===//

struct GatherLowering : OpConversionPattern<lite::GatherOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(lite::GatherOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value params = adaptor.getParams(), indices = adaptor.getIndices();
    auto paramsType = cast<RankedTensorType>(params.getType());
    auto indicesType = cast<RankedTensorType>(indices.getType());
    FailureOr<int64_t> axis =
        normalizeAxis(op, op.getAxis(), paramsType.getRank(), "gather axis");
    if (failed(axis))
      return failure();
    FailureOr<int64_t> normalizedBatchDims =
        sluice::lite::normalizeGatherBatchDims(
            op.getBatchDims(), indicesType.getRank(), *axis,
            [&] { return op.emitError(); }, "gather batch_dims");
    if (failed(normalizedBatchDims))
      return failure();
    int64_t batchDims = *normalizedBatchDims;

    IndexArith arith(rewriter, loc);
    RuntimeChecks checks(op, rewriter, loc);
    for (int64_t d = 0; d < batchDims; ++d)
      if (failed(checks.require(
              arith.eq(arith.dim(params, d), arith.dim(indices, d)),
              SLUICE_ERROR_SHAPE_MISMATCH,
              "gather batch dimension " + Twine(d) +
                  " differs between params and indices")))
        return failure();
    if (failed(requireIndicesInRange(arith, checks, params, indices, *axis,
                                     batchDims)))
      return failure();

    SmallVector<Value> paramsSizes = arith.dims(params);
    SmallVector<Value> sizes(ArrayRef(paramsSizes).take_front(*axis));
    llvm::append_range(sizes,
                       ArrayRef(arith.dims(indices)).drop_front(batchDims));
    llvm::append_range(sizes, ArrayRef(paramsSizes).drop_front(*axis + 1));
    RankedTensorType natural =
        tensorTypeOfSizes(sizes, paramsType.getElementType());
    Value gathered =
        buildIfValid(rewriter, loc, checks.allHold(), natural,
                     [&](OpBuilder &builder, Location nested) {
                       return gather(builder, nested, params, indices, *axis,
                                     batchDims, sizes);
                     });
    return replaceWithResults(rewriter, op, gathered, *getTypeConverter());
  }

  /// Requires every index in [0, axis size), as the interpreter checks them
  /// (too large ones only when there is something to gather from): a
  /// linalg.generic reduces the indices to "all in range".
  static LogicalResult requireIndicesInRange(IndexArith &arith,
                                             RuntimeChecks &checks,
                                             Value params, Value indices,
                                             int64_t axis, int64_t batchDims) {
    OpBuilder &builder = arith.getBuilder();
    Location loc = arith.getLoc();
    auto indicesType = cast<RankedTensorType>(indices.getType());
    if (indicesType.hasStaticShape() && indicesType.getNumElements() == 0)
      return success();
    Value outer = arith.constant(1);
    for (int64_t d = batchDims; d < axis; ++d)
      outer = arith.mul(outer, arith.dim(params, d));
    Value bound =
        arith.select(arith.eq(outer, arith.constant(0)),
                     arith.constant(std::numeric_limits<int64_t>::max()),
                     arith.dim(params, axis));

    Value inRange;
    DenseIntElementsAttr constant;
    if (matchPattern(indices, m_Constant(&constant))) {
      int64_t lowest = 0, highest = -1;
      for (const APInt &index : constant.getValues<APInt>()) {
        lowest = std::min(lowest, index.getSExtValue());
        highest = std::max(highest, index.getSExtValue());
      }
      inRange = arith.both(arith.boolean(lowest >= 0),
                           arith.lt(arith.constant(highest), bound));
    } else {
      inRange = allInRange(builder, loc, indices,
                           arith.fromIndex(bound, builder.getI64Type()));
    }
    return checks.require(inRange, SLUICE_ERROR_INDEX_OUT_OF_RANGE,
                          "gather index out of range");
  }

  /// Whether every index is in [0, bound): a reduction of the indices into
  /// a tensor<i1>.
  static Value allInRange(OpBuilder &builder, Location loc, Value indices,
                          Value bound) {
    int64_t rank = cast<RankedTensorType>(indices.getType()).getRank();
    Value init = tensor::EmptyOp::create(builder, loc, ArrayRef<int64_t>{},
                                         builder.getI1Type());
    Value isTrue =
        arith::ConstantOp::create(builder, loc, builder.getBoolAttr(true));
    init = linalg::FillOp::create(builder, loc, isTrue, init).getResult(0);
    MLIRContext *context = builder.getContext();
    SmallVector<AffineMap> maps = {
        AffineMap::getMultiDimIdentityMap(rank, context),
        AffineMap::get(rank, 0, context)};
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::reduction);
    auto reduction = linalg::GenericOp::create(
        builder, loc, init.getType(), indices, init, maps, iterators,
        [&](OpBuilder &nested, Location nestedLoc, ValueRange arguments) {
          Value index = arguments[0];
          Type i64 = nested.getI64Type();
          if (index.getType() != i64)
            index = arith::ExtSIOp::create(nested, nestedLoc, i64, index);
          Value zero = arith::ConstantOp::create(nested, nestedLoc,
                                                 nested.getI64IntegerAttr(0));
          Value aboveZero = arith::CmpIOp::create(
              nested, nestedLoc, arith::CmpIPredicate::sge, index, zero);
          Value belowBound = arith::CmpIOp::create(
              nested, nestedLoc, arith::CmpIPredicate::slt, index, bound);
          Value ok =
              arith::AndIOp::create(nested, nestedLoc, aboveZero, belowBound);
          linalg::YieldOp::create(nested, nestedLoc,
                                  ValueRange{arith::AndIOp::create(
                                      nested, nestedLoc, arguments[1], ok)});
        });
    return tensor::ExtractOp::create(builder, loc, reduction.getResult(0),
                                     ValueRange{});
  }

  /// The gather proper: the result element at (outer..., coords...,
  /// inner...) is params[outer..., indices[batch..., coords...],
  /// inner...].
  static Value gather(OpBuilder &builder, Location loc, Value params,
                      Value indices, int64_t axis, int64_t batchDims,
                      ArrayRef<Value> sizes) {
    int64_t rank = sizes.size();
    int64_t indicesRank = cast<RankedTensorType>(indices.getType()).getRank();
    int64_t coords = indicesRank - batchDims;
    SmallVector<AffineExpr> indexDims;
    for (int64_t d = 0; d < batchDims; ++d)
      indexDims.push_back(builder.getAffineDimExpr(d));
    for (int64_t d = 0; d < coords; ++d)
      indexDims.push_back(builder.getAffineDimExpr(axis + d));
    AffineMap indicesMap =
        AffineMap::get(rank, 0, indexDims, builder.getContext());
    return generateTensor(
        builder, loc, sizes, getElementTypeOrSelf(params.getType()), indices,
        indicesMap,
        [&](OpBuilder &nested, Location nestedLoc, ValueRange resultIndex,
            ValueRange inputs) {
          IndexArith arith(nested, nestedLoc);
          SmallVector<Value> source(resultIndex.take_front(axis));
          source.push_back(arith.toIndex(inputs[0]));
          llvm::append_range(source, resultIndex.drop_front(axis + coords));
          return tensor::ExtractOp::create(nested, nestedLoc, params, source)
              .getResult();
        });
  }
};

//===----------------------------------------------------------------------===//
// scatter_nd
//===----------------------------------------------------------------------===//

/// result = zeros of `shape`, and each slice of updates added at the
/// row-major offset of its index tuple. All three tensors are seen flat
/// (tensor.reshape): indices as N tuples of K, updates as N slices of S,
/// the result as P slices of S. The tuples are checked in range first (an
/// scf.for folding "all in range"); then an scf.for over the tuples adds
/// each slice in an inner scf.for, in the interpreter's order (repeated
/// tuples add up in order).
struct ScatterNdLowering : OpConversionPattern<lite::ScatterNdOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(lite::ScatterNdOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value indices = adaptor.getIndices(), updates = adaptor.getUpdates();
    auto indicesType = cast<RankedTensorType>(indices.getType());
    auto updatesType = cast<RankedTensorType>(updates.getType());
    int64_t rank = cast<RankedTensorType>(op.getType()).getRank();
    int64_t depth = indicesType.getShape().back();
    if (ShapedType::isDynamic(depth))
      return op.emitError("scatter_nd needs index tuples of known length");
    int64_t batchRank = indicesType.getRank() - 1;
    Type element = updatesType.getElementType();
    IndexArith arith(rewriter, loc);
    RuntimeChecks checks(op, rewriter, loc);
    FailureOr<SmallVector<Value>> sizes = readShapeVector(
        arith, checks, op, adaptor.getShape(), rank, element, "scatter_nd");
    if (failed(sizes))
      return failure();
    if (updatesType.getRank() != batchRank + rank - depth)
      return op.emitError("scatter_nd updates have the wrong rank");
    Value tuples = arith.constant(1), slice = arith.constant(1);
    for (int64_t d = 0; d < batchRank; ++d) {
      if (failed(checks.require(
              arith.eq(arith.dim(updates, d), arith.dim(indices, d)),
              SLUICE_ERROR_SHAPE_MISMATCH,
              "scatter_nd updates dimension " + Twine(d) +
                  " differs from indices'")))
        return failure();
      tuples = arith.mul(tuples, arith.dim(indices, d));
    }
    for (int64_t d = depth; d < rank; ++d) {
      if (failed(checks.require(
              arith.eq(arith.dim(updates, batchRank + d - depth), (*sizes)[d]),
              SLUICE_ERROR_SHAPE_MISMATCH,
              "scatter_nd updates dimension " + Twine(batchRank + d - depth) +
                  " differs from the shape's dimension " + Twine(d))))
        return failure();
      slice = arith.mul(slice, (*sizes)[d]);
    }
    Value total = arith.constant(1);
    for (Value size : *sizes)
      total = arith.mul(total, size);
    Value flatIndices = flatten(rewriter, loc, indices,
                                arith.mul(tuples, arith.constant(depth)));
    Value flatUpdates =
        flatten(rewriter, loc, updates, arith.mul(tuples, slice));
    // Every tuple in range; no tuple is read when a shape check failed.
    Value count = arith.select(checks.allHold(), tuples, arith.constant(0));
    auto inRange = scf::ForOp::create(
        rewriter, loc, arith.constant(0), count, arith.constant(1),
        ValueRange{arith.boolean(true)},
        [&](OpBuilder &b, Location l, Value n, ValueRange carried) {
          IndexArith inner(b, l);
          Value ok = carried[0];
          for (int64_t k = 0; k < depth; ++k) {
            Value index = readIndex(inner, flatIndices, n, depth, k);
            ok = inner.both(ok, inner.both(inner.le(inner.constant(0), index),
                                           inner.lt(index, (*sizes)[k])));
          }
          scf::YieldOp::create(b, l, ok);
        });
    if (failed(checks.require(inRange.getResult(0),
                              SLUICE_ERROR_INDEX_OUT_OF_RANGE,
                              "scatter_nd index out of range")))
      return failure();
    RankedTensorType natural = tensorTypeOfSizes(*sizes, element);
    Value scattered = buildIfValid(
        rewriter, loc, checks.allHold(), natural,
        [&](OpBuilder &builder, Location at) -> Value {
          IndexArith outer(builder, at);
          Value zero = arith::ConstantOp::create(builder, at,
                                                 builder.getZeroAttr(element));
          Value flat =
              linalg::FillOp::create(builder, at, zero,
                                     emptyTensor(builder, at, {total}, element))
                  .getResult(0);
          auto loop = scf::ForOp::create(
              builder, at, outer.constant(0), tuples, outer.constant(1),
              ValueRange{flat},
              [&](OpBuilder &b, Location l, Value n, ValueRange carried) {
                IndexArith inner(b, l);
                Value offset = inner.constant(0);
                for (int64_t k = 0; k < depth; ++k)
                  offset =
                      inner.add(inner.mul(offset, (*sizes)[k]),
                                readIndex(inner, flatIndices, n, depth, k));
                Value base = inner.mul(offset, slice);
                Value from = inner.mul(n, slice);
                auto add = scf::ForOp::create(
                    b, l, inner.constant(0), slice, inner.constant(1),
                    ValueRange{carried[0]},
                    [&](OpBuilder &bb, Location ll, Value j, ValueRange acc) {
                      IndexArith ix(bb, ll);
                      Value to = ix.add(base, j);
                      Value old = tensor::ExtractOp::create(bb, ll, acc[0], to);
                      Value update = tensor::ExtractOp::create(
                          bb, ll, flatUpdates, ix.add(from, j));
                      Value sum = isa<FloatType>(element)
                                      ? Value(arith::AddFOp::create(bb, ll, old,
                                                                    update))
                                      : Value(arith::AddIOp::create(bb, ll, old,
                                                                    update));
                      scf::YieldOp::create(bb, ll,
                                           ValueRange{tensor::InsertOp::create(
                                               bb, ll, sum, acc[0], to)});
                    });
                scf::YieldOp::create(b, l, add.getResults());
              });
          return unflatten(builder, at, loop.getResult(0), *sizes, natural);
        });
    return replaceWithResults(rewriter, op, scattered, *getTypeConverter());
  }

  /// `tensor` as the vector of its `count` elements.
  static Value flatten(OpBuilder &builder, Location loc, Value tensor,
                       Value count) {
    auto type = cast<RankedTensorType>(tensor.getType());
    Value shape =
        tensor::FromElementsOp::create(builder, loc, ValueRange{count});
    int64_t known = ShapedType::kDynamic;
    if (type.hasStaticShape())
      known = type.getNumElements();
    return tensor::ReshapeOp::create(
        builder, loc, RankedTensorType::get({known}, type.getElementType()),
        tensor, shape);
  }

  /// The flat `vector` as a tensor of `sizes` (`type`).
  static Value unflatten(OpBuilder &builder, Location loc, Value vector,
                         ArrayRef<Value> sizes, RankedTensorType type) {
    Value shape = tensor::FromElementsOp::create(builder, loc, sizes);
    return tensor::ReshapeOp::create(builder, loc, type, vector, shape);
  }

  /// Entry k of tuple n of the flat indices, as an index.
  static Value readIndex(IndexArith &arith, Value flatIndices, Value n,
                         int64_t depth, int64_t k) {
    Value at =
        arith.add(arith.mul(n, arith.constant(depth)), arith.constant(k));
    return arith.toIndex(tensor::ExtractOp::create(
        arith.getBuilder(), arith.getLoc(), flatIndices, at));
  }
};

} // namespace

void populateSlicePatterns(const TypeConverter &converter,
                           RewritePatternSet &patterns) {
  patterns.add<SliceLowering, StridedSliceLowering, DynamicUpdateSliceLowering,
               ListSetItemLowering, GatherLowering, ScatterNdLowering>(
      converter, patterns.getContext());
}

} // namespace sluice::lite_to_native
