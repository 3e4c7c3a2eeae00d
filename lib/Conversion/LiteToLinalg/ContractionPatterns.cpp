//===- ContractionPatterns.cpp - reductions and products to linalg --------===//
//
// Lowers lite's reductions (sum, mean, reduce_max, reduce_min) and products
// (fully_connected, batch_matmul) to linalg on tensors, with the semantics of
// the reference interpreter (lib/Kernels/ReductionKernels.cpp and
// LinalgKernels.cpp):
//
//   lite.sum %x, [1]          =>  linalg.fill + linalg.reduce over dim 1
//                                 (+ tensor.expand_shape for keep_dims)
//   lite.mean (integer)       =>  the same summing in i64, then an
//                                 elementwise divide-and-truncate
//   lite.fully_connected      =>  linalg.fill + linalg.matmul reading the
//                                 [units, depth] filter in place (transposed
//                                 indexing map), + one elementwise
//                                 linalg.generic for the bias and the fused
//                                 activation
//   lite.batch_matmul         =>  linalg.matmul for two matrices, else one
//                                 linalg.generic contraction whose indexing
//                                 maps express adj_x/adj_y and broadcasting
//   lite.top_k                =>  scf.for over the k picks, each a
//                                 linalg.generic finding every row's next
//                                 element in TF's order
//
// Reductions over axes known only at run time reduce one dimension at a time
// under scf.if, so the result may round float sums differently than the
// row-major interpreter (within float tolerance). Shapes that only turn out
// wrong at run time record SLUICE_ERROR_SHAPE_MISMATCH (an axis out of range
// SLUICE_ERROR_INVALID_ARGUMENT) and go on with sizes clamped so that no
// access leaves its buffer.
//
//===----------------------------------------------------------------------===//

#include "FusedActivation.h"
#include "ShapeLowering.h"
#include "sluice/Conversion/LiteToLinalg/LiteToLinalg.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Matchers.h"
#include "sluice/Dialect/Lite/IR/LiteOps.h"
#include "llvm/ADT/STLExtras.h"

#include <limits>

using namespace mlir;

namespace sluice::lite_to_native {
namespace {

using Activation = lite::ActivationFunctionType;

//===----------------------------------------------------------------------===//
// Sizes and shapes
//===----------------------------------------------------------------------===//

RankedTensorType getTensorType(ArrayRef<OpFoldResult> sizes, Type element) {
  SmallVector<int64_t> shape;
  for (OpFoldResult size : sizes)
    shape.push_back(getConstantIntValue(size).value_or(ShapedType::kDynamic));
  return RankedTensorType::get(shape, element);
}

Value getIndexValue(OpBuilder &builder, Location loc, OpFoldResult size) {
  return getValueOrCreateConstantIndexOp(builder, loc, size);
}

Value getIndexConstant(OpBuilder &builder, Location loc, int64_t value) {
  return arith::ConstantIndexOp::create(builder, loc, value);
}

/// lhs * rhs, static when both are.
OpFoldResult multiplySizes(OpBuilder &builder, Location loc, OpFoldResult lhs,
                           OpFoldResult rhs) {
  std::optional<int64_t> left = getConstantIntValue(lhs);
  std::optional<int64_t> right = getConstantIntValue(rhs);
  if (left && right)
    return builder.getIndexAttr(*left * *right);
  if (left == 1)
    return rhs;
  if (right == 1)
    return lhs;
  return arith::MulIOp::create(builder, loc, getIndexValue(builder, loc, lhs),
                               getIndexValue(builder, loc, rhs))
      .getResult();
}

OpFoldResult productOfSizes(OpBuilder &builder, Location loc,
                            ArrayRef<OpFoldResult> sizes) {
  OpFoldResult product = builder.getIndexAttr(1);
  for (OpFoldResult size : sizes)
    product = multiplySizes(builder, loc, product, size);
  return product;
}

/// min(lhs, rhs): the size both of two sizes that should agree can serve.
OpFoldResult minSize(OpBuilder &builder, Location loc, OpFoldResult lhs,
                     OpFoldResult rhs) {
  if (isEqualConstantIntOrValue(lhs, rhs))
    return lhs;
  return arith::MinSIOp::create(builder, loc, getIndexValue(builder, loc, lhs),
                                getIndexValue(builder, loc, rhs))
      .getResult();
}

/// lhs == rhs as an i1.
Value sizesEqual(OpBuilder &builder, Location loc, OpFoldResult lhs,
                 OpFoldResult rhs) {
  return arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq,
                               getIndexValue(builder, loc, lhs),
                               getIndexValue(builder, loc, rhs));
}

Value andValues(OpBuilder &builder, Location loc, Value lhs, Value rhs) {
  if (!lhs)
    return rhs;
  return arith::AndIOp::create(builder, loc, lhs, rhs);
}

/// A tensor of `sizes` filled with the scalar `value`.
Value createFilledTensor(OpBuilder &builder, Location loc,
                         ArrayRef<OpFoldResult> sizes, Value value) {
  Value empty = tensor::EmptyOp::create(builder, loc, sizes, value.getType());
  return linalg::FillOp::create(builder, loc, ValueRange{value},
                                ValueRange{empty})
      .getResult(0);
}

Value castIfNeeded(OpBuilder &builder, Location loc, Value value, Type type) {
  if (value.getType() == type)
    return value;
  return tensor::CastOp::create(builder, loc, type, value);
}

/// `value`, of sizes `actual`, as a tensor of `sizes`. Where the two
/// disagree on a size known only at run time, checks them; on a mismatch the
/// status records SLUICE_ERROR_SHAPE_MISMATCH and the result is zeros of
/// `sizes`, so that no later access reads past the end of `value`.
Value guardSizes(OpBuilder &builder, Location loc, Value value,
                 ArrayRef<OpFoldResult> actual, ArrayRef<OpFoldResult> sizes,
                 StringRef message) {
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<OpFoldResult> merged;
  Value ok;
  for (auto [have, want] : llvm::zip_equal(actual, sizes)) {
    merged.push_back(getConstantIntValue(have) ? have : want);
    if (!isEqualConstantIntOrValue(have, want))
      ok = andValues(builder, loc, ok, sizesEqual(builder, loc, have, want));
  }
  RankedTensorType target = getTensorType(merged, type.getElementType());
  if (!ok)
    return castIfNeeded(builder, loc, value, target);
  emitRuntimeCheck(builder, loc, ok, SLUICE_ERROR_SHAPE_MISMATCH, message);
  auto select = scf::IfOp::create(
      builder, loc, ok,
      [&](OpBuilder &b, Location l) {
        scf::YieldOp::create(b, l, castIfNeeded(b, l, value, target));
      },
      [&](OpBuilder &b, Location l) {
        Value zero = arith::ConstantOp::create(
            b, l, b.getZeroAttr(type.getElementType()));
        Value zeros = createFilledTensor(b, l, merged, zero);
        scf::YieldOp::create(b, l, castIfNeeded(b, l, zeros, target));
      });
  return select.getResult(0);
}

Value guardShape(OpBuilder &builder, Location loc, Value value,
                 ArrayRef<OpFoldResult> sizes, StringRef message) {
  SmallVector<OpFoldResult> actual = tensor::getMixedSizes(builder, loc, value);
  return guardSizes(builder, loc, value, actual, sizes, message);
}

/// `value` as the op's (converted) result type, checked where that type
/// knows a size `value` only has at run time.
Value castToResult(OpBuilder &builder, Location loc, Value value,
                   Type resultType, StringRef opName) {
  auto ranked = dyn_cast<RankedTensorType>(resultType);
  if (!ranked)
    return castIfNeeded(builder, loc, value, resultType);
  SmallVector<OpFoldResult> actual = tensor::getMixedSizes(builder, loc, value);
  SmallVector<OpFoldResult> sizes;
  for (auto [dim, size] : llvm::enumerate(ranked.getShape()))
    sizes.push_back(ShapedType::isDynamic(size) ? actual[dim]
                                                : builder.getIndexAttr(size));
  std::string message =
      (opName + " result shape differs from its type at run time").str();
  Value checked = guardSizes(builder, loc, value, actual, sizes, message);
  return castIfNeeded(builder, loc, checked, resultType);
}

/// Inserts size-1 dimensions at the sorted positions `unitDims` of a result
/// of rank `rank` (the other dimensions are `value`'s, in order).
Value insertUnitDims(OpBuilder &builder, Location loc, Value value,
                     ArrayRef<int64_t> unitDims, int64_t rank) {
  if (unitDims.empty())
    return value;
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<OpFoldResult> sourceSizes =
      tensor::getMixedSizes(builder, loc, value);
  SmallVector<ReassociationIndices> groups;
  ReassociationIndices leadingUnits;
  SmallVector<OpFoldResult> sizes;
  unsigned nextSource = 0;
  for (int64_t dim = 0; dim < rank; ++dim) {
    if (llvm::is_contained(unitDims, dim)) {
      sizes.push_back(builder.getIndexAttr(1));
      if (groups.empty())
        leadingUnits.push_back(dim);
      else
        groups.back().push_back(dim);
      continue;
    }
    sizes.push_back(sourceSizes[nextSource++]);
    leadingUnits.push_back(dim);
    groups.push_back(leadingUnits);
    leadingUnits.clear();
  }
  return tensor::ExpandShapeOp::create(
      builder, loc, getTensorType(sizes, type.getElementType()), value, groups,
      sizes);
}

/// Slices `value` to `size` along `dim` (a no-op when it already has it).
Value sliceDim(OpBuilder &builder, Location loc, Value value, int64_t dim,
               OpFoldResult size) {
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(builder, loc, value);
  if (isEqualConstantIntOrValue(sizes[dim], size))
    return value;
  sizes[dim] = size;
  int64_t rank = sizes.size();
  SmallVector<OpFoldResult> offsets(rank, builder.getIndexAttr(0));
  SmallVector<OpFoldResult> strides(rank, builder.getIndexAttr(1));
  return tensor::ExtractSliceOp::create(builder, loc, value, offsets, sizes,
                                        strides);
}

//===----------------------------------------------------------------------===//
// Scalar arithmetic inside linalg regions
//===----------------------------------------------------------------------===//

Value add(OpBuilder &builder, Location loc, Value lhs, Value rhs) {
  if (isa<FloatType>(lhs.getType()))
    return arith::AddFOp::create(builder, loc, lhs, rhs);
  return arith::AddIOp::create(builder, loc, lhs, rhs);
}

Value multiply(OpBuilder &builder, Location loc, Value lhs, Value rhs) {
  if (isa<FloatType>(lhs.getType()))
    return arith::MulFOp::create(builder, loc, lhs, rhs);
  return arith::MulIOp::create(builder, loc, lhs, rhs);
}

/// acc + lhs * rhs, rounding the product before the sum like the
/// interpreter (no fused multiply-add).
Value multiplyAdd(OpBuilder &builder, Location loc, Value lhs, Value rhs,
                  Value acc) {
  return add(builder, loc, acc, multiply(builder, loc, lhs, rhs));
}

//===----------------------------------------------------------------------===//
// Matrix products
//===----------------------------------------------------------------------===//

/// lhs [m, k] (or [k, m] with `transposeLhs`) times rhs [k, n] (or [n, k]
/// with `transposeRhs`): one linalg.matmul whose indexing maps read both
/// operands in their stored layout, into a zero-filled [m, n].
Value buildMatmul(OpBuilder &builder, Location loc, Value lhs, Value rhs,
                  bool transposeLhs, bool transposeRhs) {
  MLIRContext *context = builder.getContext();
  Type element = cast<RankedTensorType>(lhs.getType()).getElementType();
  OpFoldResult rows =
      tensor::getMixedSize(builder, loc, lhs, transposeLhs ? 1 : 0);
  OpFoldResult cols =
      tensor::getMixedSize(builder, loc, rhs, transposeRhs ? 0 : 1);
  Value zero =
      arith::ConstantOp::create(builder, loc, builder.getZeroAttr(element));
  Value init = createFilledTensor(builder, loc, {rows, cols}, zero);
  auto matmul =
      linalg::MatmulOp::create(builder, loc, TypeRange{init.getType()},
                               ValueRange{lhs, rhs}, ValueRange{init});
  if (transposeLhs || transposeRhs) {
    AffineExpr m, n, k;
    bindDims(context, m, n, k);
    auto map = [&](AffineExpr first, AffineExpr second) {
      return AffineMap::get(3, 0, {first, second}, context);
    };
    matmul.setIndexingMapsAttr(builder.getAffineMapArrayAttr(
        {transposeLhs ? map(k, m) : map(m, k),
         transposeRhs ? map(n, k) : map(k, n), map(m, n)}));
  }
  return matmul.getResult(0);
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

enum class ReductionKind { Sum, Mean, Max, Min, Prod };

/// How a reduction folds elements, after the interpreter's kernels: sum in
/// the element type (integers wrap), mean summing floats in their own type
/// and integers in i64 then dividing with truncation (0 for an empty
/// reduction), max/min from the type's lowest/largest value keeping
/// `x > acc ? x : acc` (so NaN is skipped).
struct ReductionSemantics {
  ReductionKind kind;
  Type element;
  bool isUnsigned;
  /// The type partial results are kept in: i64 for integer means.
  Type accumulator;

  ReductionSemantics(ReductionKind kind, Type element, bool isUnsigned)
      : kind(kind), element(element), isUnsigned(isUnsigned),
        accumulator(element) {
    if (kind == ReductionKind::Mean && isa<IntegerType>(element))
      accumulator = IntegerType::get(element.getContext(), 64);
  }

  bool isFloat() const { return isa<FloatType>(element); }

  TypedAttr getInitialValue() const {
    if (kind == ReductionKind::Sum || kind == ReductionKind::Mean)
      return cast<TypedAttr>(
          Builder(element.getContext()).getZeroAttr(accumulator));
    if (kind == ReductionKind::Prod)
      return cast<TypedAttr>(
          Builder(element.getContext()).getOneAttr(accumulator));
    bool lowest = kind == ReductionKind::Max;
    if (auto floatType = dyn_cast<FloatType>(element))
      return FloatAttr::get(floatType,
                            APFloat::getLargest(floatType.getFloatSemantics(),
                                                /*Negative=*/lowest));
    unsigned width = element.getIntOrFloatBitWidth();
    APInt value = isUnsigned ? (lowest ? APInt::getMinValue(width)
                                       : APInt::getMaxValue(width))
                             : (lowest ? APInt::getSignedMinValue(width)
                                       : APInt::getSignedMaxValue(width));
    return IntegerAttr::get(element, value);
  }

  /// An input element as an accumulator value.
  Value widen(OpBuilder &builder, Location loc, Value x) const {
    if (x.getType() == accumulator)
      return x;
    if (isUnsigned)
      return arith::ExtUIOp::create(builder, loc, accumulator, x);
    return arith::ExtSIOp::create(builder, loc, accumulator, x);
  }

  /// Folds `x` (of the accumulator type) into `acc`.
  Value combine(OpBuilder &builder, Location loc, Value x, Value acc) const {
    switch (kind) {
    case ReductionKind::Sum:
    case ReductionKind::Mean:
      return add(builder, loc, acc, x);
    case ReductionKind::Prod:
      return isFloat() ? Value(arith::MulFOp::create(builder, loc, acc, x))
                       : Value(arith::MulIOp::create(builder, loc, acc, x));
    case ReductionKind::Max:
      if (isFloat()) {
        Value greater = arith::CmpFOp::create(
            builder, loc, arith::CmpFPredicate::OGT, x, acc);
        return arith::SelectOp::create(builder, loc, greater, x, acc);
      }
      if (isUnsigned)
        return arith::MaxUIOp::create(builder, loc, x, acc);
      return arith::MaxSIOp::create(builder, loc, x, acc);
    case ReductionKind::Min:
      if (isFloat()) {
        Value less = arith::CmpFOp::create(builder, loc,
                                           arith::CmpFPredicate::OLT, x, acc);
        return arith::SelectOp::create(builder, loc, less, x, acc);
      }
      if (isUnsigned)
        return arith::MinUIOp::create(builder, loc, x, acc);
      return arith::MinSIOp::create(builder, loc, x, acc);
    }
    llvm_unreachable("unknown reduction");
  }
};

/// Reduces `input` over the sorted dimensions `dims` into a fresh tensor of
/// the remaining dimensions: one linalg.reduce visiting the input in
/// row-major order.
Value reduceDims(OpBuilder &builder, Location loc, Value input,
                 ArrayRef<int64_t> dims, const ReductionSemantics &semantics) {
  SmallVector<OpFoldResult> sizes;
  for (auto [dim, size] :
       llvm::enumerate(tensor::getMixedSizes(builder, loc, input)))
    if (!llvm::is_contained(dims, int64_t(dim)))
      sizes.push_back(size);
  Value initial =
      arith::ConstantOp::create(builder, loc, semantics.getInitialValue());
  Value init = createFilledTensor(builder, loc, sizes, initial);
  auto reduce = linalg::ReduceOp::create(
      builder, loc, ValueRange{input}, ValueRange{init}, dims,
      [&](OpBuilder &b, Location l, ValueRange args) {
        Value x = semantics.widen(b, l, args[0]);
        linalg::YieldOp::create(b, l, semantics.combine(b, l, x, args[1]));
      });
  return reduce.getResult(0);
}

/// An elementwise linalg.generic over `input` producing `element`s.
Value mapElements(OpBuilder &builder, Location loc, Value input, Type element,
                  function_ref<Value(OpBuilder &, Location, Value)> fn) {
  auto type = cast<RankedTensorType>(input.getType());
  Value init = tensor::EmptyOp::create(
      builder, loc, tensor::getMixedSizes(builder, loc, input), element);
  AffineMap identity = builder.getMultiDimIdentityMap(type.getRank());
  SmallVector<utils::IteratorType> iterators(type.getRank(),
                                             utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      builder, loc, TypeRange{init.getType()}, ValueRange{input},
      ValueRange{init}, ArrayRef<AffineMap>{identity, identity}, iterators,
      [&](OpBuilder &b, Location l, ValueRange args) {
        linalg::YieldOp::create(b, l, fn(b, l, args[0]));
      });
  return generic.getResult(0);
}

/// Turns the accumulated tensor into the result elements: for a mean,
/// divides by `count` (an index: the number of reduced elements) and
/// truncates integers back to the element type.
Value finishReduction(OpBuilder &builder, Location loc, Value accumulated,
                      Value count, const ReductionSemantics &semantics) {
  if (semantics.kind != ReductionKind::Mean)
    return accumulated;
  Type i64 = builder.getI64Type();
  if (semantics.isFloat()) {
    // An empty mean is 0, where the division would give NaN.
    Value countInt = arith::IndexCastOp::create(builder, loc, i64, count);
    Value divisor =
        arith::SIToFPOp::create(builder, loc, semantics.accumulator, countInt);
    Value zeroIndex = getIndexConstant(builder, loc, 0);
    Value nonEmpty = arith::CmpIOp::create(
        builder, loc, arith::CmpIPredicate::sgt, count, zeroIndex);
    Value zero = arith::ConstantOp::create(
        builder, loc, builder.getZeroAttr(semantics.accumulator));
    return mapElements(builder, loc, accumulated, semantics.element,
                       [&](OpBuilder &b, Location l, Value sum) -> Value {
                         Value mean = arith::DivFOp::create(b, l, sum, divisor);
                         return arith::SelectOp::create(b, l, nonEmpty, mean,
                                                        zero);
                       });
  }
  // An empty sum is 0, so dividing it by 1 instead of 0 gives the 0 wanted.
  Value one = getIndexConstant(builder, loc, 1);
  Value safeCount = arith::MaxSIOp::create(builder, loc, count, one);
  Value divisor = arith::IndexCastOp::create(builder, loc, i64, safeCount);
  return mapElements(builder, loc, accumulated, semantics.element,
                     [&](OpBuilder &b, Location l, Value sum) -> Value {
                       Value mean = arith::DivSIOp::create(b, l, sum, divisor);
                       if (semantics.element == semantics.accumulator)
                         return mean;
                       return arith::TruncIOp::create(b, l, semantics.element,
                                                      mean);
                     });
}

/// A reduction over axes known at compile time: one linalg.reduce over
/// the (deduplicated, normalized) axes, in the interpreter's row-major
/// order.
Value lowerConstantAxesReduction(OpBuilder &builder, Location loc, Value input,
                                 ArrayRef<int64_t> dims, bool keepDims,
                                 const ReductionSemantics &semantics) {
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(builder, loc, input);
  SmallVector<OpFoldResult> reducedSizes;
  for (int64_t dim : dims)
    reducedSizes.push_back(sizes[dim]);
  OpFoldResult count = productOfSizes(builder, loc, reducedSizes);
  Value result = reduceDims(builder, loc, input, dims, semantics);
  result = finishReduction(builder, loc, result,
                           getIndexValue(builder, loc, count), semantics);
  if (keepDims)
    result = insertUnitDims(builder, loc, result, dims, sizes.size());
  return result;
}

/// An axis read in a linalg region, as i64.
Value readAxis(OpBuilder &builder, Location loc, Value axis) {
  Type i64 = builder.getI64Type();
  if (axis.getType() == i64)
    return axis;
  return arith::ExtSIOp::create(builder, loc, i64, axis);
}

/// mask[d] = whether some axis, wrapped if negative, is d: one generic with
/// d parallel and the axes reduced.
Value buildAxisMask(OpBuilder &builder, Location loc, Value axes,
                    int64_t rank) {
  MLIRContext *context = builder.getContext();
  Value falseValue =
      arith::ConstantOp::create(builder, loc, builder.getBoolAttr(false));
  Value init = createFilledTensor(builder, loc, {builder.getIndexAttr(rank)},
                                  falseValue);
  AffineExpr dim, axisIndex;
  bindDims(context, dim, axisIndex);
  auto mask = linalg::GenericOp::create(
      builder, loc, TypeRange{init.getType()}, ValueRange{axes},
      ValueRange{init},
      ArrayRef<AffineMap>{AffineMap::get(2, 0, {axisIndex}, context),
                          AffineMap::get(2, 0, {dim}, context)},
      {utils::IteratorType::parallel, utils::IteratorType::reduction},
      [&](OpBuilder &b, Location l, ValueRange args) {
        Value axis = readAxis(b, l, args[0]);
        Value rankValue =
            arith::ConstantOp::create(b, l, b.getI64IntegerAttr(rank));
        Value zero = arith::ConstantOp::create(b, l, b.getI64IntegerAttr(0));
        Value negative =
            arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt, axis, zero);
        Value wrapped = arith::AddIOp::create(b, l, axis, rankValue);
        Value normalized =
            arith::SelectOp::create(b, l, negative, wrapped, axis);
        Value current = arith::IndexCastOp::create(
            b, l, b.getI64Type(), linalg::IndexOp::create(b, l, 0));
        Value hit = arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq,
                                          normalized, current);
        linalg::YieldOp::create(
            b, l, Value(arith::OrIOp::create(b, l, args[1], hit)));
      });
  return mask.getResult(0);
}

/// Records SLUICE_ERROR_INVALID_ARGUMENT unless every axis lies in
/// [-rank, rank).
void checkAxesInRange(OpBuilder &builder, Location loc, Value axes,
                      int64_t rank) {
  Value trueValue =
      arith::ConstantOp::create(builder, loc, builder.getBoolAttr(true));
  Value init = createFilledTensor(builder, loc, {}, trueValue);
  auto inRange = linalg::ReduceOp::create(
      builder, loc, ValueRange{axes}, ValueRange{init}, {0},
      [&](OpBuilder &b, Location l, ValueRange args) {
        Value axis = readAxis(b, l, args[0]);
        Value low = arith::ConstantOp::create(b, l, b.getI64IntegerAttr(-rank));
        Value high = arith::ConstantOp::create(b, l, b.getI64IntegerAttr(rank));
        Value aboveLow =
            arith::CmpIOp::create(b, l, arith::CmpIPredicate::sge, axis, low);
        Value belowHigh =
            arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt, axis, high);
        Value valid = arith::AndIOp::create(b, l, aboveLow, belowHigh);
        linalg::YieldOp::create(
            b, l, Value(arith::AndIOp::create(b, l, args[1], valid)));
      });
  Value allValid = tensor::ExtractOp::create(builder, loc, inRange.getResult(0),
                                             ValueRange{});
  emitRuntimeCheck(builder, loc, allValid, SLUICE_ERROR_INVALID_ARGUMENT,
                   "reduction axis out of range");
}

/// Which of the `rank` dimensions the run-time `axes` (an int32/int64
/// scalar or vector) name, as one i1 per dimension. An axis outside
/// [-rank, rank) records SLUICE_ERROR_INVALID_ARGUMENT and names none.
SmallVector<Value> computeReducedMask(OpBuilder &builder, Location loc,
                                      Value axes, int64_t rank) {
  auto axesType = cast<RankedTensorType>(axes.getType());
  if (axesType.getRank() == 0)
    axes = tensor::ExpandShapeOp::create(
        builder, loc, RankedTensorType::get({1}, axesType.getElementType()),
        axes, ArrayRef<ReassociationIndices>{},
        ArrayRef<OpFoldResult>{builder.getIndexAttr(1)});
  Value mask = buildAxisMask(builder, loc, axes, rank);
  checkAxesInRange(builder, loc, axes, rank);
  SmallVector<Value> reduced;
  for (int64_t dim = 0; dim < rank; ++dim)
    reduced.push_back(tensor::ExtractOp::create(
        builder, loc, mask, ValueRange{getIndexConstant(builder, loc, dim)}));
  return reduced;
}

/// Without keep_dims the result type fixes how many dimensions the run-time
/// axes may leave. Checks that they leave `resultRank`; on a mismatch
/// records SLUICE_ERROR_SHAPE_MISMATCH and reduces all but the first
/// `resultRank` dimensions instead, so that the shapes stay consistent.
void matchResultRank(OpBuilder &builder, Location loc,
                     MutableArrayRef<Value> reduced, int64_t resultRank) {
  Value zero = getIndexConstant(builder, loc, 0);
  Value one = getIndexConstant(builder, loc, 1);
  Value kept = zero;
  for (Value isReduced : reduced)
    kept = arith::AddIOp::create(
        builder, loc, kept,
        arith::SelectOp::create(builder, loc, isReduced, zero, one));
  Value ok = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq, kept,
                                   getIndexConstant(builder, loc, resultRank));
  emitRuntimeCheck(builder, loc, ok, SLUICE_ERROR_SHAPE_MISMATCH,
                   "reduction axes leave a rank other than the result's");
  for (int64_t dim = 0, rank = reduced.size(); dim < rank; ++dim) {
    Value fallback = arith::ConstantOp::create(
        builder, loc, builder.getBoolAttr(dim >= resultRank));
    reduced[dim] =
        arith::SelectOp::create(builder, loc, ok, reduced[dim], fallback);
  }
}

/// Drops the dimensions flagged in `reduced` (all of size 1) from the
/// all-dynamic `value`: a tensor.reshape to the sizes of the kept ones.
Value dropReducedDims(OpBuilder &builder, Location loc, Value value,
                      ArrayRef<Value> reduced, int64_t resultRank) {
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(builder, loc, value);
  Value zero = getIndexConstant(builder, loc, 0);
  Value one = getIndexConstant(builder, loc, 1);
  Value isTrue =
      arith::ConstantOp::create(builder, loc, builder.getBoolAttr(true));
  // Result size j is the size of the kept dimension whose position (the
  // number of kept dimensions before it) is j.
  SmallVector<Value> resultSizes(resultRank, zero);
  Value position = zero;
  for (auto [dim, isReduced] : llvm::enumerate(reduced)) {
    Value size = getIndexValue(builder, loc, sizes[dim]);
    Value kept = arith::XOrIOp::create(builder, loc, isReduced, isTrue);
    for (int64_t j = 0; j < resultRank; ++j) {
      Value atJ =
          arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq,
                                position, getIndexConstant(builder, loc, j));
      Value here = arith::AndIOp::create(builder, loc, atJ, kept);
      resultSizes[j] =
          arith::SelectOp::create(builder, loc, here, size, resultSizes[j]);
    }
    position = arith::AddIOp::create(
        builder, loc, position,
        arith::SelectOp::create(builder, loc, kept, one, zero));
  }
  Value shape = tensor::FromElementsOp::create(
      builder, loc, RankedTensorType::get({resultRank}, builder.getIndexType()),
      resultSizes);
  SmallVector<int64_t> dynamic(resultRank, ShapedType::kDynamic);
  return tensor::ReshapeOp::create(
      builder, loc, RankedTensorType::get(dynamic, type.getElementType()),
      value, shape);
}

/// A reduction over axes known only at run time: each dimension is reduced
/// (keeping it with size 1) under an scf.if on whether the axes name it,
/// then the reduced ones are dropped unless keep_dims.
Value lowerRuntimeAxesReduction(OpBuilder &builder, Location loc, Value input,
                                Value axes, bool keepDims, int64_t resultRank,
                                const ReductionSemantics &semantics) {
  int64_t rank = cast<RankedTensorType>(input.getType()).getRank();
  SmallVector<Value> reduced = computeReducedMask(builder, loc, axes, rank);
  if (!keepDims)
    matchResultRank(builder, loc, reduced, resultRank);

  SmallVector<OpFoldResult> inputSizes =
      tensor::getMixedSizes(builder, loc, input);
  Value current = input;
  if (semantics.accumulator != semantics.element)
    current = mapElements(builder, loc, input, semantics.accumulator,
                          [&](OpBuilder &b, Location l, Value x) {
                            return semantics.widen(b, l, x);
                          });
  SmallVector<int64_t> dynamicShape(rank, ShapedType::kDynamic);
  auto dynamicType = RankedTensorType::get(dynamicShape, semantics.accumulator);
  current = castIfNeeded(builder, loc, current, dynamicType);

  Value one = getIndexConstant(builder, loc, 1);
  Value count = one;
  for (int64_t dim = 0; dim < rank; ++dim) {
    Value previous = current;
    auto step = scf::IfOp::create(
        builder, loc, reduced[dim],
        [&](OpBuilder &b, Location l) {
          Value partial = reduceDims(b, l, previous, {dim}, semantics);
          partial = insertUnitDims(b, l, partial, {dim}, rank);
          scf::YieldOp::create(b, l, castIfNeeded(b, l, partial, dynamicType));
        },
        [&](OpBuilder &b, Location l) {
          scf::YieldOp::create(b, l, previous);
        });
    current = step.getResult(0);
    Value size = getIndexValue(builder, loc, inputSizes[dim]);
    Value factor =
        arith::SelectOp::create(builder, loc, reduced[dim], size, one);
    count = arith::MulIOp::create(builder, loc, count, factor);
  }
  current = finishReduction(builder, loc, current, count, semantics);
  if (keepDims)
    return current;
  return dropReducedDims(builder, loc, current, reduced, resultRank);
}

/// The axes of a constant `axes` operand, normalized, deduplicated and
/// sorted; nullopt when it is not a constant; failure (with an error) when
/// one is out of range.
FailureOr<std::optional<SmallVector<int64_t>>>
getConstantAxes(Operation *op, Value axes, int64_t rank) {
  DenseIntElementsAttr attr;
  if (!matchPattern(axes, m_Constant(&attr)))
    return std::optional<SmallVector<int64_t>>();
  SmallVector<int64_t> dims;
  for (const APInt &value : attr.getValues<APInt>()) {
    int64_t axis = value.getSExtValue();
    if (axis < -rank || axis >= rank) {
      op->emitError("reduction axis ")
          << axis << " is out of range for rank " << rank;
      return failure();
    }
    dims.push_back(axis < 0 ? axis + rank : axis);
  }
  llvm::sort(dims);
  dims.erase(llvm::unique(dims), dims.end());
  return std::optional<SmallVector<int64_t>>(std::move(dims));
}

/// The one axis of a constant scalar (or one-element) `axis` operand,
/// normalized; failure, with an error, when it is not constant or out of
/// range (native code needs it at compile time).
FailureOr<int64_t> getConstantAxis(Operation *op, Value axis, int64_t rank) {
  FailureOr<std::optional<SmallVector<int64_t>>> dims =
      getConstantAxes(op, axis, rank);
  if (failed(dims))
    return failure();
  if (!*dims || (*dims)->size() != 1)
    return op->emitError("native code needs a constant axis for ")
           << op->getName();
  return (**dims)[0];
}

template <typename OpTy, ReductionKind Kind>
struct ReductionLowering : OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OpAdaptor = typename OpConversionPattern<OpTy>::OpAdaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type resultType = this->getTypeConverter()->convertType(op.getType());
    auto inputType = dyn_cast<RankedTensorType>(adaptor.getInput().getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "result type not convertible");
    if (!inputType)
      return op.emitError("cannot lower ")
             << op->getName() << " of an unranked input";
    int64_t rank = inputType.getRank();
    FailureOr<std::optional<SmallVector<int64_t>>> dims =
        getConstantAxes(op, op.getAxes(), rank);
    if (failed(dims))
      return failure();

    Type original = getElementTypeOrSelf(op.getInput().getType());
    ReductionSemantics semantics(Kind, inputType.getElementType(),
                                 original.isUnsignedInteger());
    Location loc = op.getLoc();
    bool keepDims = op.getKeepDims();
    Value result;
    if (*dims) {
      result = lowerConstantAxesReduction(rewriter, loc, adaptor.getInput(),
                                          **dims, keepDims, semantics);
    } else {
      auto axesType = dyn_cast<RankedTensorType>(adaptor.getAxes().getType());
      auto rankedResult = dyn_cast<RankedTensorType>(resultType);
      if (!axesType || (!keepDims && !rankedResult))
        return op.emitError("cannot lower ")
               << op->getName()
               << " with non-constant axes unless the axes are ranked and "
                  "(without keep_dims) the result is";
      int64_t resultRank = rankedResult ? rankedResult.getRank() : rank;
      result = lowerRuntimeAxesReduction(rewriter, loc, adaptor.getInput(),
                                         adaptor.getAxes(), keepDims,
                                         resultRank, semantics);
    }
    rewriter.replaceOp(op, castToResult(rewriter, loc, result, resultType,
                                        op->getName().getStringRef()));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// softmax, log_softmax
//===----------------------------------------------------------------------===//

/// fn(x, r) for every element x of `full` and r of `rows`, its reduction
/// over the last dimension: one linalg.generic.
Value mapWithRow(OpBuilder &builder, Location loc, Value full, Value rows,
                 function_ref<Value(OpBuilder &, Location, Value, Value)> fn) {
  auto type = cast<RankedTensorType>(full.getType());
  int64_t rank = type.getRank();
  Value init = tensor::EmptyOp::create(
      builder, loc, tensor::getMixedSizes(builder, loc, full),
      type.getElementType());
  AffineMap identity = builder.getMultiDimIdentityMap(rank);
  AffineMap row = identity.dropResult(rank - 1);
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  return linalg::GenericOp::create(
             builder, loc, TypeRange{init.getType()}, ValueRange{full, rows},
             ValueRange{init}, ArrayRef<AffineMap>{identity, row, identity},
             iterators,
             [&](OpBuilder &b, Location l, ValueRange args) {
               linalg::YieldOp::create(b, l, fn(b, l, args[0], args[1]));
             })
      .getResult(0);
}

/// The interpreter's order: m = max over the last dimension (reduce_max's
/// semantics), e = exp(beta (x - m)), s = sum(e), then e / s or
/// beta (x - m) - log(s).
template <typename OpTy, bool IsLog>
struct SoftmaxLowering : OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OpAdaptor = typename OpConversionPattern<OpTy>::OpAdaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(adaptor.getInput().getType());
    if (!type)
      return op.emitError("cannot lower ")
             << op->getName() << " of an unranked input";
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    Type element = type.getElementType();
    int64_t last = type.getRank() - 1;
    double betaValue = 1.0;
    if constexpr (!IsLog)
      betaValue = op.getBeta().convertToDouble();
    Value beta = arith::ConstantOp::create(
        rewriter, loc, rewriter.getFloatAttr(element, betaValue));
    Value max = reduceDims(rewriter, loc, input, {last},
                           ReductionSemantics(ReductionKind::Max, element,
                                              /*isUnsigned=*/false));
    auto shifted = [&](OpBuilder &b, Location l, Value x, Value m) -> Value {
      return arith::MulFOp::create(b, l, beta,
                                   arith::SubFOp::create(b, l, x, m));
    };
    Value exps =
        mapWithRow(rewriter, loc, input, max,
                   [&](OpBuilder &b, Location l, Value x, Value m) -> Value {
                     return math::ExpOp::create(b, l, shifted(b, l, x, m));
                   });
    Value sums = reduceDims(rewriter, loc, exps, {last},
                            ReductionSemantics(ReductionKind::Sum, element,
                                               /*isUnsigned=*/false));
    Value result;
    if (IsLog) {
      Value logs = mapElements(rewriter, loc, sums, element,
                               [&](OpBuilder &b, Location l, Value s) -> Value {
                                 return math::LogOp::create(b, l, s);
                               });
      Value shiftedInput =
          mapWithRow(rewriter, loc, input, max,
                     [&](OpBuilder &b, Location l, Value x, Value m) {
                       return shifted(b, l, x, m);
                     });
      result = mapWithRow(rewriter, loc, shiftedInput, logs,
                          [&](OpBuilder &b, Location l, Value x, Value s) {
                            return Value(arith::SubFOp::create(b, l, x, s));
                          });
    } else {
      result = mapWithRow(rewriter, loc, exps, sums,
                          [&](OpBuilder &b, Location l, Value e, Value s) {
                            return Value(arith::DivFOp::create(b, l, e, s));
                          });
    }
    Type resultType = this->getTypeConverter()->convertType(op.getType());
    rewriter.replaceOp(op, castToResult(rewriter, loc, result, resultType,
                                        op->getName().getStringRef()));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// cumsum, cumprod
//===----------------------------------------------------------------------===//

/// An scf.for over the positions k of the constant axis (from the end with
/// `reverse`), carrying the running fold of the slices before k (a tensor of
/// the input's shape with the axis of size 1, from the identity) and the
/// result, into which it inserts the fold after (or, `exclusive`, before)
/// adding slice k: the interpreter's order of operations.
///
///   acc = identity                      out = empty
///   for k in positions:  next = acc (+) input[.., k, ..]
///                        out[.., k, ..] = exclusive ? acc : next
///                        acc = next
template <typename OpTy, bool IsProduct>
struct ScanLowering : OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OpAdaptor = typename OpConversionPattern<OpTy>::OpAdaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto inputType = dyn_cast<RankedTensorType>(adaptor.getInput().getType());
    if (!inputType)
      return op.emitError("cannot lower ")
             << op->getName() << " of an unranked input";
    int64_t rank = inputType.getRank();
    FailureOr<int64_t> constantAxis = getConstantAxis(op, op.getAxis(), rank);
    if (failed(constantAxis))
      return failure();
    int64_t axis = *constantAxis;
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    Type element = inputType.getElementType();
    bool isFloat = isa<FloatType>(element);

    SmallVector<OpFoldResult> sizes =
        tensor::getMixedSizes(rewriter, loc, input);
    SmallVector<OpFoldResult> sliceSizes(sizes);
    sliceSizes[axis] = rewriter.getIndexAttr(1);
    TypedAttr identity = IsProduct
                             ? cast<TypedAttr>(rewriter.getOneAttr(element))
                             : cast<TypedAttr>(rewriter.getZeroAttr(element));
    Value acc =
        createFilledTensor(rewriter, loc, sliceSizes,
                           arith::ConstantOp::create(rewriter, loc, identity));
    Value result = tensor::EmptyOp::create(rewriter, loc, sizes, element);
    Type resultType = this->getTypeConverter()->convertType(op.getType());
    if (llvm::is_contained(inputType.getShape(), 0)) {
      // No elements (and no slice to take: the slices' static offsets would
      // be out of bounds of a dimension of size 0).
      rewriter.replaceOp(op, castToResult(rewriter, loc, result, resultType,
                                          op->getName().getStringRef()));
      return success();
    }
    Value extent = getValueOrCreateConstantIndexOp(rewriter, loc, sizes[axis]);
    Value zero = getIndexConstant(rewriter, loc, 0);
    Value one = getIndexConstant(rewriter, loc, 1);
    bool exclusive = op.getExclusive(), reverse = op.getReverse();
    auto loop = scf::ForOp::create(
        rewriter, loc, zero, extent, one, ValueRange{acc, result},
        [&](OpBuilder &b, Location l, Value step, ValueRange carried) {
          Value position =
              reverse
                  ? arith::SubIOp::create(
                        b, l, arith::SubIOp::create(b, l, extent, one), step)
                  : step;
          SmallVector<OpFoldResult> offsets(rank, b.getIndexAttr(0));
          offsets[axis] = position;
          SmallVector<OpFoldResult> strides(rank, b.getIndexAttr(1));
          Value slice = tensor::ExtractSliceOp::create(b, l, input, offsets,
                                                       sliceSizes, strides);
          Value init = tensor::EmptyOp::create(b, l, sliceSizes, element);
          Value next = linalg::MapOp::create(
                           b, l, ValueRange{carried[0], slice}, init,
                           [&](OpBuilder &m, Location at, ValueRange args) {
                             Value folded;
                             if (IsProduct)
                               folded = isFloat ? Value(arith::MulFOp::create(
                                                      m, at, args[0], args[1]))
                                                : Value(arith::MulIOp::create(
                                                      m, at, args[0], args[1]));
                             else
                               folded = isFloat ? Value(arith::AddFOp::create(
                                                      m, at, args[0], args[1]))
                                                : Value(arith::AddIOp::create(
                                                      m, at, args[0], args[1]));
                             linalg::YieldOp::create(m, at, folded);
                           })
                           .getResult()[0];
          Value written = tensor::InsertSliceOp::create(
              b, l, exclusive ? carried[0] : next, carried[1], offsets,
              sliceSizes, strides);
          scf::YieldOp::create(b, l, ValueRange{next, written});
        });
    rewriter.replaceOp(op,
                       castToResult(rewriter, loc, loop.getResult(1),
                                    resultType, op->getName().getStringRef()));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// arg_max, arg_min
//===----------------------------------------------------------------------===//

/// One linalg.generic over the input, the constant axis reduced, carrying
/// the best value (from the type's extreme, as ReductionSemantics starts a
/// max/min) and its index (from 0): an element replaces them only when
/// strictly beyond, as the interpreter's kernel and TF's do. An empty axis
/// is SLUICE_ERROR_INVALID_ARGUMENT.
template <typename OpTy, bool IsMax>
struct ArgReductionLowering : OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OpAdaptor = typename OpConversionPattern<OpTy>::OpAdaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultType = dyn_cast_or_null<RankedTensorType>(
        this->getTypeConverter()->convertType(op.getType()));
    auto inputType = dyn_cast<RankedTensorType>(adaptor.getInput().getType());
    if (!resultType || !inputType)
      return op.emitError("cannot lower ")
             << op->getName() << " of an unranked input or result";
    int64_t rank = inputType.getRank();
    FailureOr<int64_t> constantAxis = getConstantAxis(op, op.getAxis(), rank);
    if (failed(constantAxis))
      return failure();
    int64_t axis = *constantAxis;
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    Type original = getElementTypeOrSelf(op.getInput().getType());
    ReductionSemantics semantics(
        IsMax ? ReductionKind::Max : ReductionKind::Min,
        inputType.getElementType(), original.isUnsignedInteger());
    Value extent = tensor::DimOp::create(rewriter, loc, input, axis);
    emitRuntimeCheck(
        rewriter, loc,
        arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ne, extent,
                              getIndexConstant(rewriter, loc, 0)),
        SLUICE_ERROR_INVALID_ARGUMENT, "arg_max/arg_min over an empty axis");

    SmallVector<OpFoldResult> sizes;
    for (auto [d, size] :
         llvm::enumerate(tensor::getMixedSizes(rewriter, loc, input)))
      if (int64_t(d) != axis)
        sizes.push_back(size);
    Type indexType = resultType.getElementType();
    Value bestInit = createFilledTensor(
        rewriter, loc, sizes,
        arith::ConstantOp::create(rewriter, loc, semantics.getInitialValue()));
    Value indexInit = createFilledTensor(
        rewriter, loc, sizes,
        arith::ConstantOp::create(rewriter, loc,
                                  rewriter.getIntegerAttr(indexType, 0)));
    MLIRContext *context = rewriter.getContext();
    SmallVector<AffineExpr> kept;
    SmallVector<utils::IteratorType> iterators;
    for (int64_t d = 0; d < rank; ++d) {
      iterators.push_back(d == axis ? utils::IteratorType::reduction
                                    : utils::IteratorType::parallel);
      if (d != axis)
        kept.push_back(getAffineDimExpr(d, context));
    }
    AffineMap keptMap = AffineMap::get(rank, 0, kept, context);
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{bestInit.getType(), indexInit.getType()},
        ValueRange{input}, ValueRange{bestInit, indexInit},
        ArrayRef<AffineMap>{rewriter.getMultiDimIdentityMap(rank), keptMap,
                            keptMap},
        iterators, [&](OpBuilder &b, Location l, ValueRange args) {
          Value x = args[0], best = args[1];
          Value beyond;
          if (semantics.isFloat())
            beyond = arith::CmpFOp::create(b, l,
                                           IsMax ? arith::CmpFPredicate::OGT
                                                 : arith::CmpFPredicate::OLT,
                                           x, best);
          else if (semantics.isUnsigned)
            beyond = arith::CmpIOp::create(b, l,
                                           IsMax ? arith::CmpIPredicate::ugt
                                                 : arith::CmpIPredicate::ult,
                                           x, best);
          else
            beyond = arith::CmpIOp::create(b, l,
                                           IsMax ? arith::CmpIPredicate::sgt
                                                 : arith::CmpIPredicate::slt,
                                           x, best);
          Value index = arith::IndexCastOp::create(
              b, l, indexType, linalg::IndexOp::create(b, l, axis));
          linalg::YieldOp::create(
              b, l,
              ValueRange{
                  arith::SelectOp::create(b, l, beyond, x, best),
                  arith::SelectOp::create(b, l, beyond, index, args[2])});
        });
    rewriter.replaceOp(op,
                       castToResult(rewriter, loc, generic.getResult(1),
                                    resultType, op->getName().getStringRef()));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// fully_connected
//===----------------------------------------------------------------------===//

/// The input as a [rows, depth] matrix when its last dimension is the
/// depth: the leading dimensions collapsed into one (a vector becomes one
/// row).
Value collapseToRows(OpBuilder &builder, Location loc, Value input) {
  auto type = cast<RankedTensorType>(input.getType());
  int64_t rank = type.getRank();
  if (rank == 2)
    return input;
  if (rank == 1) {
    OpFoldResult depth = tensor::getMixedSize(builder, loc, input, 0);
    SmallVector<OpFoldResult> sizes{builder.getIndexAttr(1), depth};
    return tensor::ExpandShapeOp::create(
        builder, loc, getTensorType(sizes, type.getElementType()), input,
        {{0, 1}}, sizes);
  }
  ReassociationIndices leading = llvm::to_vector(llvm::seq<int64_t>(rank - 1));
  return tensor::CollapseShapeOp::create(builder, loc, input,
                                         {leading, {rank - 1}});
}

/// The input flattened to [rows, depth] like TFLite when its last dimension
/// may differ from the depth at run time: rows = elements / depth (the
/// leading dimensions' product for depth 0). Records
/// SLUICE_ERROR_SHAPE_MISMATCH unless that is exact, and then uses the
/// whole rows only.
Value flattenToRows(OpBuilder &builder, Location loc, Value input,
                    OpFoldResult depth) {
  auto type = cast<RankedTensorType>(input.getType());
  int64_t rank = type.getRank();
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(builder, loc, input);
  Value elements =
      getIndexValue(builder, loc, productOfSizes(builder, loc, sizes));
  Value leading = getIndexValue(
      builder, loc, productOfSizes(builder, loc, ArrayRef(sizes).drop_back()));
  Value last = getIndexValue(builder, loc, sizes.back());
  Value depthValue = getIndexValue(builder, loc, depth);
  Value zero = getIndexConstant(builder, loc, 0);
  Value one = getIndexConstant(builder, loc, 1);

  Value zeroDepth = arith::CmpIOp::create(
      builder, loc, arith::CmpIPredicate::eq, depthValue, zero);
  Value divisor = arith::MaxSIOp::create(builder, loc, depthValue, one);
  Value rows = arith::SelectOp::create(
      builder, loc, zeroDepth, leading,
      arith::DivUIOp::create(builder, loc, elements, divisor));
  Value remainder = arith::RemUIOp::create(builder, loc, elements, divisor);
  Value ok = arith::SelectOp::create(
      builder, loc, zeroDepth,
      arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq, last, zero),
      arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq, remainder,
                            zero));
  emitRuntimeCheck(builder, loc, ok, SLUICE_ERROR_SHAPE_MISMATCH,
                   "fully_connected input cannot be flattened into rows of "
                   "the filter depth");

  Value flat = input;
  if (rank > 1) {
    ReassociationIndices all = llvm::to_vector(llvm::seq<int64_t>(rank));
    flat = tensor::CollapseShapeOp::create(builder, loc, input, {all});
  }
  Value used = arith::MulIOp::create(builder, loc, rows, depthValue);
  flat = sliceDim(builder, loc, flat, 0, used);
  SmallVector<OpFoldResult> matrixSizes{OpFoldResult(rows), depth};
  return tensor::ExpandShapeOp::create(
      builder, loc, getTensorType(matrixSizes, type.getElementType()), flat,
      {{0, 1}}, matrixSizes);
}

/// The [rows, units] product back in the input's leading dimensions
/// (keep_num_dims).
Value restoreLeadingDims(OpBuilder &builder, Location loc, Value product,
                         ArrayRef<OpFoldResult> inputSizes) {
  int64_t rank = inputSizes.size();
  if (rank == 2)
    return product;
  if (rank == 1)
    return tensor::CollapseShapeOp::create(builder, loc, product, {{0, 1}});
  auto type = cast<RankedTensorType>(product.getType());
  SmallVector<OpFoldResult> sizes(inputSizes.drop_back());
  sizes.push_back(tensor::getMixedSize(builder, loc, product, 1));
  RankedTensorType restored = getTensorType(sizes, type.getElementType());
  // MLIR 22's -expand-strided-metadata crashes on an expand_shape that
  // splits a dimension into two or more of unknown size: such a result is
  // a tensor.reshape to the sizes instead.
  if (llvm::count_if(restored.getShape().drop_back(), ShapedType::isDynamic) >
      1) {
    SmallVector<Value> extents;
    for (OpFoldResult size : sizes)
      extents.push_back(getValueOrCreateConstantIndexOp(builder, loc, size));
    Value shape = tensor::FromElementsOp::create(
        builder, loc, RankedTensorType::get({rank}, builder.getIndexType()),
        extents);
    return tensor::ReshapeOp::create(builder, loc, restored, product, shape);
  }
  ReassociationIndices leading = llvm::to_vector(llvm::seq<int64_t>(rank - 1));
  return tensor::ExpandShapeOp::create(builder, loc, restored, product,
                                       {leading, {rank - 1}}, sizes);
}

struct FullyConnectedLowering : OpConversionPattern<lite::FullyConnectedOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(lite::FullyConnectedOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(check(op, adaptor)))
      return failure();
    Type resultType = getTypeConverter()->convertType(op.getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "result type not convertible");
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    Value filter = adaptor.getFilter();
    SmallVector<OpFoldResult> inputSizes =
        tensor::getMixedSizes(rewriter, loc, input);
    OpFoldResult units = tensor::getMixedSize(rewriter, loc, filter, 0);
    OpFoldResult depth = tensor::getMixedSize(rewriter, loc, filter, 1);
    OpFoldResult last = inputSizes.back();

    Value rows;
    if (op.getKeepNumDims() || isEqualConstantIntOrValue(last, depth)) {
      rows = collapseToRows(rewriter, loc, input);
      if (!isEqualConstantIntOrValue(last, depth)) {
        // keep_num_dims needs the last dimension to be the depth; on a
        // mismatch contract over the common prefix.
        emitRuntimeCheck(rewriter, loc, sizesEqual(rewriter, loc, last, depth),
                         SLUICE_ERROR_SHAPE_MISMATCH,
                         "fully_connected input depth differs from the "
                         "filter's");
        OpFoldResult common = minSize(rewriter, loc, last, depth);
        rows = sliceDim(rewriter, loc, rows, 1, common);
        filter = sliceDim(rewriter, loc, filter, 1, common);
      }
    } else {
      rows = flattenToRows(rewriter, loc, input, depth);
    }

    Value product = buildMatmul(rewriter, loc, rows, filter,
                                /*transposeLhs=*/false, /*transposeRhs=*/true);
    Value bias = adaptor.getBias();
    if (bias)
      bias = guardShape(rewriter, loc, bias, {units},
                        "fully_connected bias size differs from the filter's "
                        "units");
    product = addBiasAndActivate(rewriter, loc, product, bias,
                                 op.getFusedActivationFunction());
    if (op.getKeepNumDims())
      product = restoreLeadingDims(rewriter, loc, product, inputSizes);
    rewriter.replaceOp(op, castToResult(rewriter, loc, product, resultType,
                                        "fully_connected"));
    return success();
  }

private:
  /// The compile-time conditions: what the interpreter rejects for any
  /// values of these types, and operands of unknown rank.
  static LogicalResult check(lite::FullyConnectedOp op, OpAdaptor adaptor) {
    if (op.getWeightsFormat() != lite::WeightsFormat::DEFAULT)
      return op.emitError("fully_connected weights format ")
             << lite::stringifyWeightsFormat(op.getWeightsFormat())
             << " is not supported (only DEFAULT)";
    auto input = dyn_cast<RankedTensorType>(adaptor.getInput().getType());
    auto filter = dyn_cast<RankedTensorType>(adaptor.getFilter().getType());
    Value bias = adaptor.getBias();
    if (!input || !filter || (bias && !isa<RankedTensorType>(bias.getType())))
      return op.emitError("cannot lower fully_connected with an unranked "
                          "operand");
    if (input.getRank() == 0 || filter.getRank() != 2)
      return op.emitError("fully_connected needs an input of rank >= 1 and "
                          "a filter of rank 2");
    Type original = getElementTypeOrSelf(op.getInput().getType());
    Type filterElement = getElementTypeOrSelf(op.getFilter().getType());
    if (filterElement != original ||
        (bias && getElementTypeOrSelf(op.getBias().getType()) != original))
      return op.emitError("fully_connected operands must share an element "
                          "type");
    if (failed(checkProductElementType(op, original)))
      return failure();
    return checkFusedActivation(op, op.getFusedActivationFunction(),
                                input.getElementType());
  }
};

//===----------------------------------------------------------------------===//
// batch_matmul
//===----------------------------------------------------------------------===//

/// How one operand of batch_matmul reads a dimension of the broadcast batch.
enum class BatchAccess {
  /// The operand has fewer batch dimensions: it repeats along this one.
  Missing,
  /// A static size 1 that repeats: read at index 0.
  Repeated,
  /// Read at the batch index.
  Indexed,
  /// Sizes that only agree (or broadcast) at run time: the operand is fit
  /// to the batch size first, then Indexed.
  Resolved,
};

/// The broadcast batch dimensions of x and y, aligned at the right.
struct BatchLayout {
  SmallVector<OpFoldResult> sizes;
  SmallVector<BatchAccess> x, y;
  /// For Resolved dimensions of x / y: whether that size is 1 at run time
  /// (null where it is a static size other than 1).
  SmallVector<Value> xIsOne, yIsOne;
};

/// Resolves one batch dimension with operand sizes `xs` and `ys` (nullopt
/// where the operand has no such dimension).
void resolveBatchDim(OpBuilder &builder, Location loc,
                     std::optional<OpFoldResult> xs,
                     std::optional<OpFoldResult> ys, BatchLayout &layout) {
  auto isOne = [](OpFoldResult size) { return getConstantIntValue(size) == 1; };
  auto push = [&](OpFoldResult size, BatchAccess x, BatchAccess y) {
    layout.sizes.push_back(size);
    layout.x.push_back(x);
    layout.y.push_back(y);
    layout.xIsOne.push_back(Value());
    layout.yIsOne.push_back(Value());
  };
  if (!xs)
    return push(*ys, BatchAccess::Missing, BatchAccess::Indexed);
  if (!ys)
    return push(*xs, BatchAccess::Indexed, BatchAccess::Missing);
  if (isOne(*xs))
    return push(*ys, BatchAccess::Repeated, BatchAccess::Indexed);
  if (isOne(*ys))
    return push(*xs, BatchAccess::Indexed, BatchAccess::Repeated);
  if (isEqualConstantIntOrValue(*xs, *ys))
    return push(*xs, BatchAccess::Indexed, BatchAccess::Indexed);

  // At least one size is dynamic: broadcast at run time. On a mismatch use
  // the smaller size, which both operands can index.
  Value xv = getIndexValue(builder, loc, *xs);
  Value yv = getIndexValue(builder, loc, *ys);
  Value one = getIndexConstant(builder, loc, 1);
  Value xOne =
      arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq, xv, one);
  Value yOne =
      arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq, yv, one);
  Value same =
      arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq, xv, yv);
  Value ok = arith::OrIOp::create(
      builder, loc, same, arith::OrIOp::create(builder, loc, xOne, yOne));
  emitRuntimeCheck(builder, loc, ok, SLUICE_ERROR_SHAPE_MISMATCH,
                   "batch_matmul batch dimensions do not broadcast");
  Value size = arith::SelectOp::create(
      builder, loc, xOne, yv,
      arith::SelectOp::create(builder, loc, yOne, xv,
                              arith::MinSIOp::create(builder, loc, xv, yv)));
  push(size, BatchAccess::Resolved, BatchAccess::Resolved);
  if (!getConstantIntValue(*xs))
    layout.xIsOne.back() = xOne;
  if (!getConstantIntValue(*ys))
    layout.yIsOne.back() = yOne;
}

BatchLayout resolveBatch(OpBuilder &builder, Location loc,
                         ArrayRef<OpFoldResult> xBatch,
                         ArrayRef<OpFoldResult> yBatch) {
  int64_t xRank = xBatch.size(), yRank = yBatch.size();
  int64_t rank = std::max(xRank, yRank);
  BatchLayout layout;
  for (int64_t i = 0; i < rank; ++i) {
    int64_t xi = i - (rank - xRank), yi = i - (rank - yRank);
    std::optional<OpFoldResult> xs, ys;
    if (xi >= 0)
      xs = xBatch[xi];
    if (yi >= 0)
      ys = yBatch[yi];
    resolveBatchDim(builder, loc, xs, ys, layout);
  }
  return layout;
}

/// A copy of `operand` with each Resolved batch dimension of size 1
/// repeated to the batch size `sizes` has there.
Value broadcastCopy(OpBuilder &builder, Location loc, Value operand,
                    ArrayRef<OpFoldResult> sizes, ArrayRef<Value> isOne) {
  auto type = cast<RankedTensorType>(operand.getType());
  int64_t rank = type.getRank();
  Value init =
      tensor::EmptyOp::create(builder, loc, sizes, type.getElementType());
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      builder, loc, TypeRange{init.getType()}, ValueRange{}, ValueRange{init},
      ArrayRef<AffineMap>{builder.getMultiDimIdentityMap(rank)}, iterators,
      [&](OpBuilder &b, Location l, ValueRange) {
        SmallVector<Value> indices;
        Value zero = getIndexConstant(b, l, 0);
        for (int64_t dim = 0; dim < rank; ++dim) {
          Value index = linalg::IndexOp::create(b, l, dim);
          if (isOne[dim])
            index = arith::SelectOp::create(b, l, isOne[dim], zero, index);
          indices.push_back(index);
        }
        linalg::YieldOp::create(
            b, l, Value(tensor::ExtractOp::create(b, l, operand, indices)));
      });
  return generic.getResult(0);
}

/// Fits `operand` to the batch sizes along its Resolved dimensions, which
/// then become Indexed: a slice (a view, normally of the whole operand)
/// unless a dimension of size 1 broadcasts at run time, which needs a copy.
Value fitToBatch(OpBuilder &builder, Location loc, Value operand,
                 const BatchLayout &layout, MutableArrayRef<BatchAccess> access,
                 ArrayRef<Value> batchIsOne) {
  if (!llvm::is_contained(access, BatchAccess::Resolved))
    return operand;
  int64_t rank = cast<RankedTensorType>(operand.getType()).getRank();
  int64_t offset = layout.sizes.size() - (rank - 2);
  SmallVector<OpFoldResult> sizes =
      tensor::getMixedSizes(builder, loc, operand);
  SmallVector<Value> isOne(rank, Value());
  Value anyOne;
  for (int64_t dim = 0; dim < rank - 2; ++dim) {
    if (access[dim + offset] != BatchAccess::Resolved)
      continue;
    access[dim + offset] = BatchAccess::Indexed;
    sizes[dim] = layout.sizes[dim + offset];
    if ((isOne[dim] = batchIsOne[dim + offset]))
      anyOne = anyOne ? arith::OrIOp::create(builder, loc, anyOne, isOne[dim])
                      : isOne[dim];
  }
  auto slice = [&](OpBuilder &b, Location l) -> Value {
    SmallVector<OpFoldResult> offsets(rank, b.getIndexAttr(0));
    SmallVector<OpFoldResult> strides(rank, b.getIndexAttr(1));
    return tensor::ExtractSliceOp::create(b, l, operand, offsets, sizes,
                                          strides);
  };
  if (!anyOne)
    return slice(builder, loc);
  auto fit = scf::IfOp::create(
      builder, loc, anyOne,
      [&](OpBuilder &b, Location l) {
        scf::YieldOp::create(b, l, broadcastCopy(b, l, operand, sizes, isOne));
      },
      [&](OpBuilder &b, Location l) {
        scf::YieldOp::create(b, l, slice(b, l));
      });
  return fit.getResult(0);
}

/// The indexing map of a batch_matmul operand: its batch dimensions as the
/// layout says, then (first, second) of its matrix.
AffineMap getOperandMap(MLIRContext *context, ArrayRef<BatchAccess> access,
                        int64_t numLoops, AffineExpr first, AffineExpr second) {
  SmallVector<AffineExpr> exprs;
  for (auto [dim, entry] : llvm::enumerate(access)) {
    if (entry == BatchAccess::Missing)
      continue;
    exprs.push_back(entry == BatchAccess::Repeated
                        ? getAffineConstantExpr(0, context)
                        : getAffineDimExpr(dim, context));
  }
  exprs.push_back(first);
  exprs.push_back(second);
  return AffineMap::get(numLoops, 0, exprs, context);
}

/// One linalg.generic contraction over loops (batch..., m, n, k).
Value buildBatchContraction(OpBuilder &builder, Location loc, Value x, Value y,
                            bool adjX, bool adjY, const BatchLayout &layout,
                            OpFoldResult rows, OpFoldResult cols) {
  MLIRContext *context = builder.getContext();
  int64_t batchRank = layout.sizes.size();
  int64_t numLoops = batchRank + 3;
  AffineExpr m = getAffineDimExpr(batchRank, context);
  AffineExpr n = getAffineDimExpr(batchRank + 1, context);
  AffineExpr k = getAffineDimExpr(batchRank + 2, context);
  AffineMap xMap = adjX ? getOperandMap(context, layout.x, numLoops, k, m)
                        : getOperandMap(context, layout.x, numLoops, m, k);
  AffineMap yMap = adjY ? getOperandMap(context, layout.y, numLoops, n, k)
                        : getOperandMap(context, layout.y, numLoops, k, n);
  SmallVector<BatchAccess> all(batchRank, BatchAccess::Indexed);
  AffineMap outMap = getOperandMap(context, all, numLoops, m, n);

  Type element = cast<RankedTensorType>(x.getType()).getElementType();
  SmallVector<OpFoldResult> sizes(layout.sizes);
  sizes.push_back(rows);
  sizes.push_back(cols);
  Value zero =
      arith::ConstantOp::create(builder, loc, builder.getZeroAttr(element));
  Value init = createFilledTensor(builder, loc, sizes, zero);
  SmallVector<utils::IteratorType> iterators(numLoops - 1,
                                             utils::IteratorType::parallel);
  iterators.push_back(utils::IteratorType::reduction);
  auto generic = linalg::GenericOp::create(
      builder, loc, TypeRange{init.getType()}, ValueRange{x, y},
      ValueRange{init}, ArrayRef<AffineMap>{xMap, yMap, outMap}, iterators,
      [&](OpBuilder &b, Location l, ValueRange args) {
        linalg::YieldOp::create(b, l,
                                multiplyAdd(b, l, args[0], args[1], args[2]));
      });
  return generic.getResult(0);
}

struct BatchMatMulLowering : OpConversionPattern<lite::BatchMatMulOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(lite::BatchMatMulOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto xType = dyn_cast<RankedTensorType>(adaptor.getX().getType());
    auto yType = dyn_cast<RankedTensorType>(adaptor.getY().getType());
    if (!xType || !yType)
      return op.emitError("cannot lower batch_matmul with an unranked "
                          "operand");
    if (failed(checkProductElementType(
            op, getElementTypeOrSelf(op.getX().getType()))))
      return failure();
    Type resultType = getTypeConverter()->convertType(op.getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "result type not convertible");

    Location loc = op.getLoc();
    bool adjX = op.getAdjX(), adjY = op.getAdjY();
    Value x = adaptor.getX(), y = adaptor.getY();
    int64_t xRank = xType.getRank(), yRank = yType.getRank();
    SmallVector<OpFoldResult> xSizes = tensor::getMixedSizes(rewriter, loc, x);
    SmallVector<OpFoldResult> ySizes = tensor::getMixedSizes(rewriter, loc, y);
    int64_t xDepthDim = xRank - (adjX ? 2 : 1);
    int64_t yDepthDim = yRank - (adjY ? 1 : 2);
    OpFoldResult rows = xSizes[xRank - (adjX ? 1 : 2)];
    OpFoldResult cols = ySizes[yRank - (adjY ? 2 : 1)];
    OpFoldResult xDepth = xSizes[xDepthDim], yDepth = ySizes[yDepthDim];
    if (!isEqualConstantIntOrValue(xDepth, yDepth)) {
      emitRuntimeCheck(rewriter, loc, sizesEqual(rewriter, loc, xDepth, yDepth),
                       SLUICE_ERROR_SHAPE_MISMATCH,
                       "batch_matmul contraction dimensions differ");
      OpFoldResult common = minSize(rewriter, loc, xDepth, yDepth);
      x = sliceDim(rewriter, loc, x, xDepthDim, common);
      y = sliceDim(rewriter, loc, y, yDepthDim, common);
    }

    Value product;
    if (xRank == 2 && yRank == 2) {
      product = buildMatmul(rewriter, loc, x, y, adjX, adjY);
    } else {
      BatchLayout layout =
          resolveBatch(rewriter, loc, ArrayRef(xSizes).drop_back(2),
                       ArrayRef(ySizes).drop_back(2));
      x = fitToBatch(rewriter, loc, x, layout, layout.x, layout.xIsOne);
      y = fitToBatch(rewriter, loc, y, layout, layout.y, layout.yIsOne);
      product = buildBatchContraction(rewriter, loc, x, y, adjX, adjY, layout,
                                      rows, cols);
    }
    rewriter.replaceOp(
        op, castToResult(rewriter, loc, product, resultType, "batch_matmul"));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// top_k
//===----------------------------------------------------------------------===//

/// top_k's order on (element, index) pairs, as the interpreter's kernel
/// sorts: the greater element first, NaN above every number, equal
/// elements (NaNs among themselves) by index. A strict total order, so the
/// best of a set does not depend on the order it is scanned in.
struct TopKOrder {
  bool isFloat, isUnsigned;

  Value above(OpBuilder &b, Location l, Value x, Value y) const {
    if (!isFloat)
      return arith::CmpIOp::create(b, l,
                                   isUnsigned ? arith::CmpIPredicate::ugt
                                              : arith::CmpIPredicate::sgt,
                                   x, y);
    Value greater =
        arith::CmpFOp::create(b, l, arith::CmpFPredicate::OGT, x, y);
    Value nanOverNumber = arith::AndIOp::create(
        b, l, arith::CmpFOp::create(b, l, arith::CmpFPredicate::UNO, x, x),
        arith::CmpFOp::create(b, l, arith::CmpFPredicate::ORD, y, y));
    return arith::OrIOp::create(b, l, greater, nanOverNumber);
  }

  Value equal(OpBuilder &b, Location l, Value x, Value y) const {
    if (!isFloat)
      return arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, x, y);
    Value bothNaN = arith::AndIOp::create(
        b, l, arith::CmpFOp::create(b, l, arith::CmpFPredicate::UNO, x, x),
        arith::CmpFOp::create(b, l, arith::CmpFPredicate::UNO, y, y));
    return arith::OrIOp::create(
        b, l, arith::CmpFOp::create(b, l, arith::CmpFPredicate::OEQ, x, y),
        bothNaN);
  }

  /// Whether (x, i) comes before (y, j).
  Value before(OpBuilder &b, Location l, Value x, Value i, Value y,
               Value j) const {
    Value earlier =
        arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt, i, j);
    return arith::OrIOp::create(
        b, l, above(b, l, x, y),
        arith::AndIOp::create(b, l, equal(b, l, x, y), earlier));
  }
};

/// k selection passes along the last dimension (n elements per row), pass
/// j picking in every row the first pair of TopKOrder after pass j - 1's:
///
///   scf.for j in [0, k) iter_args(values, indices, last value, last index)
///     linalg.generic over the input (last dimension reduced): each row's
///       best pair after `last`
///     tensor.insert_slice of the picks into position j of the last
///       dimension of values and indices
///
/// O(k n) per row, without a mutable mask; the rows keep the input's
/// leading dimensions (no reshape). k outside [0, n] is
/// SLUICE_ERROR_INVALID_ARGUMENT (then clamped into it).
struct TopKLowering : OpConversionPattern<lite::TopKOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(lite::TopKOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value input = adaptor.getInput();
    auto inputType = dyn_cast<RankedTensorType>(input.getType());
    if (!inputType || inputType.getRank() == 0)
      return op.emitError("cannot lower top_k of an input of unknown rank or "
                          "rank 0");
    Location loc = op.getLoc();
    int64_t rank = inputType.getRank();
    Type element = inputType.getElementType();
    Type i32 = rewriter.getI32Type();
    TopKOrder order{
        isa<FloatType>(element),
        getElementTypeOrSelf(op.getInput().getType()).isUnsignedInteger()};
    SmallVector<OpFoldResult> rowSizes =
        tensor::getMixedSizes(rewriter, loc, input);
    Value n = getValueOrCreateConstantIndexOp(rewriter, loc, rowSizes.back());
    rowSizes.pop_back();
    Value zero = getIndexConstant(rewriter, loc, 0);
    Value k = arith::IndexCastOp::create(
        rewriter, loc, rewriter.getIndexType(),
        tensor::ExtractOp::create(rewriter, loc, adaptor.getK(), ValueRange{}));
    emitRuntimeCheck(
        rewriter, loc,
        arith::AndIOp::create(
            rewriter, loc,
            arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::sge, k,
                                  zero),
            arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::sle, k,
                                  n)),
        SLUICE_ERROR_INVALID_ARGUMENT, "top_k: k is outside [0, n]");
    k = arith::MaxSIOp::create(rewriter, loc, zero,
                               arith::MinSIOp::create(rewriter, loc, k, n));

    auto fill = [&](OpBuilder &b, Location l, TypedAttr value) {
      return createFilledTensor(b, l, rowSizes,
                                arith::ConstantOp::create(b, l, value));
    };
    TypedAttr zeroElement = cast<TypedAttr>(rewriter.getZeroAttr(element));
    TypedAttr noIndex = rewriter.getI32IntegerAttr(-1);
    SmallVector<OpFoldResult> picked(rowSizes);
    picked.push_back(k);
    Value valuesInit = tensor::EmptyOp::create(rewriter, loc, picked, element);
    Value indicesInit = tensor::EmptyOp::create(rewriter, loc, picked, i32);

    MLIRContext *context = rewriter.getContext();
    AffineMap whole = AffineMap::getMultiDimIdentityMap(rank, context);
    AffineMap perRow = AffineMap::get(
        rank, 0,
        ArrayRef(AffineMap::getMultiDimIdentityMap(rank, context).getResults())
            .drop_back(),
        context);
    SmallVector<utils::IteratorType> iterators(rank - 1,
                                               utils::IteratorType::parallel);
    iterators.push_back(utils::IteratorType::reduction);
    auto loop = scf::ForOp::create(
        rewriter, loc, zero, k, getIndexConstant(rewriter, loc, 1),
        ValueRange{valuesInit, indicesInit, fill(rewriter, loc, zeroElement),
                   fill(rewriter, loc, noIndex)},
        [&](OpBuilder &b, Location l, Value j, ValueRange carried) {
          Value first = arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, j,
                                              getIndexConstant(b, l, 0));
          Value bestValueInit = fill(b, l, zeroElement);
          Value bestIndexInit = fill(b, l, noIndex);
          auto pick = linalg::GenericOp::create(
              b, l, TypeRange{bestValueInit.getType(), bestIndexInit.getType()},
              ValueRange{input, carried[2], carried[3]},
              ValueRange{bestValueInit, bestIndexInit},
              ArrayRef<AffineMap>{whole, perRow, perRow, perRow, perRow},
              iterators, [&](OpBuilder &g, Location gl, ValueRange args) {
                Value x = args[0], lastValue = args[1], lastIndex = args[2];
                Value best = args[3], bestIndex = args[4];
                Value c = arith::IndexCastOp::create(
                    g, gl, i32, linalg::IndexOp::create(g, gl, rank - 1));
                Value eligible = arith::OrIOp::create(
                    g, gl, first,
                    order.before(g, gl, lastValue, lastIndex, x, c));
                Value none = arith::CmpIOp::create(
                    g, gl, arith::CmpIPredicate::eq, bestIndex,
                    arith::ConstantOp::create(g, gl, noIndex));
                Value take = arith::AndIOp::create(
                    g, gl, eligible,
                    arith::OrIOp::create(
                        g, gl, none,
                        order.before(g, gl, x, c, best, bestIndex)));
                linalg::YieldOp::create(
                    g, gl,
                    ValueRange{
                        arith::SelectOp::create(g, gl, take, x, best),
                        arith::SelectOp::create(g, gl, take, c, bestIndex)});
              });
          SmallVector<OpFoldResult> offsets(rank, b.getIndexAttr(0));
          offsets.back() = j;
          SmallVector<OpFoldResult> sizes(rowSizes);
          sizes.push_back(b.getIndexAttr(1));
          SmallVector<OpFoldResult> strides(rank, b.getIndexAttr(1));
          Value values = tensor::InsertSliceOp::create(
              b, l, pick.getResult(0), carried[0], offsets, sizes, strides);
          Value indices = tensor::InsertSliceOp::create(
              b, l, pick.getResult(1), carried[1], offsets, sizes, strides);
          scf::YieldOp::create(b, l,
                               ValueRange{values, indices, pick.getResult(0),
                                          pick.getResult(1)});
        });
    return replaceWithResults(rewriter, op,
                              {loop.getResult(0), loop.getResult(1)},
                              *getTypeConverter());
  }
};

//===----------------------------------------------------------------------===//
// non_max_suppression_v4
//===----------------------------------------------------------------------===//

/// TF's intersection over union of two boxes of four corners (y1, x1, y2,
/// x2 in either order), in f32 as TF computes it: min/max as `b < a ? b :
/// a`, 0 when either box has no area.
Value buildIntersectionOverUnion(OpBuilder &b, Location l, ValueRange boxA,
                                 ValueRange boxB) {
  auto lo = [&](Value x, Value y) -> Value {
    return arith::SelectOp::create(
        b, l, arith::CmpFOp::create(b, l, arith::CmpFPredicate::OLT, y, x), y,
        x);
  };
  auto hi = [&](Value x, Value y) -> Value {
    return arith::SelectOp::create(
        b, l, arith::CmpFOp::create(b, l, arith::CmpFPredicate::OLT, x, y), y,
        x);
  };
  auto sub = [&](Value x, Value y) -> Value {
    return arith::SubFOp::create(b, l, x, y);
  };
  auto mul = [&](Value x, Value y) -> Value {
    return arith::MulFOp::create(b, l, x, y);
  };
  Value yminA = lo(boxA[0], boxA[2]), xminA = lo(boxA[1], boxA[3]);
  Value ymaxA = hi(boxA[0], boxA[2]), xmaxA = hi(boxA[1], boxA[3]);
  Value yminB = lo(boxB[0], boxB[2]), xminB = lo(boxB[1], boxB[3]);
  Value ymaxB = hi(boxB[0], boxB[2]), xmaxB = hi(boxB[1], boxB[3]);
  Value areaA = mul(sub(ymaxA, yminA), sub(xmaxA, xminA));
  Value areaB = mul(sub(ymaxB, yminB), sub(xmaxB, xminB));
  Value zero = arith::ConstantOp::create(b, l, b.getF32FloatAttr(0.0f));
  Value intersection = mul(hi(sub(lo(ymaxA, ymaxB), hi(yminA, yminB)), zero),
                           hi(sub(lo(xmaxA, xmaxB), hi(xminA, xminB)), zero));
  Value iou = arith::DivFOp::create(
      b, l, intersection,
      sub(arith::AddFOp::create(b, l, areaA, areaB), intersection));
  // TF's `area <= 0`: an ordered comparison (false for NaN).
  Value noArea = arith::OrIOp::create(
      b, l, arith::CmpFOp::create(b, l, arith::CmpFPredicate::OLE, areaA, zero),
      arith::CmpFOp::create(b, l, arith::CmpFPredicate::OLE, areaB, zero));
  return arith::SelectOp::create(b, l, noArea, zero, iou);
}

/// Greedy suppression as repeated picks of the box of the greatest live
/// score, each lowering the others' scores at once where TF's queue does it
/// when it pops them (the same selections, in the same order):
///
///   live[j] = scores[j]   (a box is alive while live[j] > score_threshold)
///   scf.for i in [0, min(max_output_size, n)) iter_args(live, selected, valid)
///     best = scf.for j in [0, n): the alive box of the greatest live score
///            (strictly greater replaces: ties keep the lower index)
///     scf.if best exists:
///       selected[valid] = best; valid += 1
///       live[j] = NaN                 for j = best or iou(best, j) >
///       iou_threshold
///               = live[j] * (iou <= iou_threshold ? 1 : 0)   otherwise
///                                     (an IoU of NaN zeroes the score, as TF)
///
/// O(min(max_output_size, n) n). A negative max_output_size or one past
/// the memory limit (tensorFits), an iou_threshold outside [0, 1] or scores
/// that are not one per box record SLUICE_ERROR_INVALID_ARGUMENT (the loop
/// then runs on clamped sizes).
struct NonMaxSuppressionLowering
    : OpConversionPattern<lite::NonMaxSuppressionV4Op> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(lite::NonMaxSuppressionV4Op op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value boxes = adaptor.getBoxes(), scores = adaptor.getScores();
    auto boxesType = dyn_cast<RankedTensorType>(boxes.getType());
    auto scoresType = dyn_cast<RankedTensorType>(scores.getType());
    if (!boxesType || boxesType.getRank() != 2 || !scoresType ||
        scoresType.getRank() != 1)
      return op.emitError("cannot lower non_max_suppression_v4 without "
                          "boxes of rank 2 and scores of rank 1");
    Location loc = op.getLoc();
    Type i32 = rewriter.getI32Type();
    Value zero = getIndexConstant(rewriter, loc, 0);
    Value one = getIndexConstant(rewriter, loc, 1);
    auto scalarOf = [&](Value tensor) -> Value {
      return tensor::ExtractOp::create(rewriter, loc, tensor, ValueRange{});
    };
    Value maxOutputs =
        arith::IndexCastOp::create(rewriter, loc, rewriter.getIndexType(),
                                   scalarOf(adaptor.getMaxOutputSize()));
    Value iouThreshold = scalarOf(adaptor.getIouThreshold());
    Value scoreThreshold = scalarOf(adaptor.getScoreThreshold());
    Value n = tensor::DimOp::create(rewriter, loc, scores, 0);
    Value boxCount = tensor::DimOp::create(rewriter, loc, boxes, 0);
    Value corners = tensor::DimOp::create(rewriter, loc, boxes, 1);
    auto cmpi = [&](arith::CmpIPredicate p, Value a, Value b) -> Value {
      return arith::CmpIOp::create(rewriter, loc, p, a, b);
    };
    auto cmpf = [&](arith::CmpFPredicate p, Value a, Value b) -> Value {
      return arith::CmpFOp::create(rewriter, loc, p, a, b);
    };
    auto both = [&](Value a, Value b) -> Value {
      return arith::AndIOp::create(rewriter, loc, a, b);
    };
    Value f32Zero = arith::ConstantOp::create(rewriter, loc,
                                              rewriter.getF32FloatAttr(0.0f));
    Value f32One = arith::ConstantOp::create(rewriter, loc,
                                             rewriter.getF32FloatAttr(1.0f));
    Value valid =
        both(both(cmpi(arith::CmpIPredicate::sge, maxOutputs, zero),
                  both(cmpf(arith::CmpFPredicate::OGE, iouThreshold, f32Zero),
                       cmpf(arith::CmpFPredicate::OLE, iouThreshold, f32One))),
             both(cmpi(arith::CmpIPredicate::eq, boxCount, n),
                  cmpi(arith::CmpIPredicate::eq, corners,
                       getIndexConstant(rewriter, loc, 4))));
    IndexArith arith(rewriter, loc);
    valid = both(valid, tensorFits(arith, {maxOutputs}, i32));
    emitRuntimeCheck(rewriter, loc, valid, SLUICE_ERROR_INVALID_ARGUMENT,
                     "non_max_suppression_v4: a negative or too large "
                     "max_output_size, an iou_threshold outside [0, 1] or "
                     "boxes and scores that do not match");
    maxOutputs =
        arith::SelectOp::create(rewriter, loc, valid, maxOutputs, zero);
    n = arith::SelectOp::create(rewriter, loc, valid, n, zero);
    Value picks = arith::MinSIOp::create(rewriter, loc, maxOutputs, n);

    Value noIndex = arith::ConstantOp::create(rewriter, loc,
                                              rewriter.getI32IntegerAttr(-1));
    Value selected =
        createFilledTensor(rewriter, loc, {OpFoldResult(maxOutputs)},
                           arith::ConstantOp::create(
                               rewriter, loc, rewriter.getI32IntegerAttr(0)));
    auto cornersOf = [&](OpBuilder &b, Location l, Value index) {
      SmallVector<Value> box;
      for (int64_t c = 0; c < 4; ++c)
        box.push_back(tensor::ExtractOp::create(
            b, l, boxes, ValueRange{index, getIndexConstant(b, l, c)}));
      return box;
    };

    // The live scores, of a size only known at run time like n.
    Value live = tensor::CastOp::create(
        rewriter, loc,
        RankedTensorType::get({ShapedType::kDynamic},
                              scoresType.getElementType()),
        scores);
    auto loop = scf::ForOp::create(
        rewriter, loc, zero, picks, one, ValueRange{live, selected, zero},
        [&](OpBuilder &b, Location l, Value, ValueRange carried) {
          Value live = carried[0];
          auto pick = scf::ForOp::create(
              b, l, getIndexConstant(b, l, 0), n, getIndexConstant(b, l, 1),
              ValueRange{f32Zero, noIndex},
              [&](OpBuilder &p, Location pl, Value j, ValueRange best) {
                Value score =
                    tensor::ExtractOp::create(p, pl, live, ValueRange{j});
                Value isAlive = arith::CmpFOp::create(
                    p, pl, arith::CmpFPredicate::OGT, score, scoreThreshold);
                Value none = arith::CmpIOp::create(
                    p, pl, arith::CmpIPredicate::eq, best[1], noIndex);
                Value greater = arith::CmpFOp::create(
                    p, pl, arith::CmpFPredicate::OGT, score, best[0]);
                Value take = arith::AndIOp::create(
                    p, pl, isAlive, arith::OrIOp::create(p, pl, none, greater));
                Value index = arith::IndexCastOp::create(p, pl, i32, j);
                scf::YieldOp::create(
                    p, pl,
                    ValueRange{
                        arith::SelectOp::create(p, pl, take, score, best[0]),
                        arith::SelectOp::create(p, pl, take, index, best[1])});
              });
          Value bestIndex = pick.getResult(1);
          Value found = arith::CmpIOp::create(b, l, arith::CmpIPredicate::ne,
                                              bestIndex, noIndex);
          auto update = scf::IfOp::create(
              b, l, found,
              [&](OpBuilder &t, Location tl) {
                Value best = arith::IndexCastOp::create(t, tl, t.getIndexType(),
                                                        bestIndex);
                Value chosen = tensor::InsertOp::create(
                    t, tl, bestIndex, carried[1], ValueRange{carried[2]});
                Value count = arith::AddIOp::create(t, tl, carried[2],
                                                    getIndexConstant(t, tl, 1));
                SmallVector<Value> bestBox = cornersOf(t, tl, best);
                Value nextLive = tensor::GenerateOp::create(
                    t, tl, cast<RankedTensorType>(live.getType()),
                    ValueRange{n},
                    [&](OpBuilder &g, Location gl, ValueRange indices) {
                      Value j = indices[0];
                      Value score =
                          tensor::ExtractOp::create(g, gl, live, indices);
                      Value iou = buildIntersectionOverUnion(
                          g, gl, bestBox, cornersOf(g, gl, j));
                      Value gone = arith::OrIOp::create(
                          g, gl,
                          arith::CmpIOp::create(g, gl, arith::CmpIPredicate::eq,
                                                j, best),
                          arith::CmpFOp::create(g, gl,
                                                arith::CmpFPredicate::OGT, iou,
                                                iouThreshold));
                      Value weight = arith::SelectOp::create(
                          g, gl,
                          arith::CmpFOp::create(g, gl,
                                                arith::CmpFPredicate::OLE, iou,
                                                iouThreshold),
                          f32One, f32Zero);
                      Value nan = arith::ConstantOp::create(
                          g, gl,
                          g.getF32FloatAttr(
                              std::numeric_limits<float>::quiet_NaN()));
                      tensor::YieldOp::create(
                          g, gl,
                          arith::SelectOp::create(
                              g, gl, gone, nan,
                              arith::MulFOp::create(g, gl, score, weight)));
                    });
                scf::YieldOp::create(t, tl,
                                     ValueRange{nextLive, chosen, count});
              },
              [&](OpBuilder &e, Location el) {
                scf::YieldOp::create(e, el, carried);
              });
          scf::YieldOp::create(b, l, update.getResults());
        });
    Value count = tensor::FromElementsOp::create(
        rewriter, loc, RankedTensorType::get({}, i32),
        ValueRange{
            arith::IndexCastOp::create(rewriter, loc, i32, loop.getResult(2))});
    return replaceWithResults(rewriter, op, {loop.getResult(1), count},
                              *getTypeConverter());
  }
};

} // namespace

void populateContractionPatterns(const TypeConverter &converter,
                                 RewritePatternSet &patterns) {
  patterns.add<ReductionLowering<lite::SumOp, ReductionKind::Sum>,
               ReductionLowering<lite::MeanOp, ReductionKind::Mean>,
               ReductionLowering<lite::ReduceMaxOp, ReductionKind::Max>,
               ReductionLowering<lite::ReduceProdOp, ReductionKind::Prod>,
               SoftmaxLowering<lite::SoftmaxOp, false>,
               SoftmaxLowering<lite::LogSoftmaxOp, true>,
               ScanLowering<lite::CumsumOp, false>,
               ScanLowering<lite::CumprodOp, true>,
               ArgReductionLowering<lite::ArgMaxOp, true>,
               ArgReductionLowering<lite::ArgMinOp, false>,
               ReductionLowering<lite::ReduceMinOp, ReductionKind::Min>,
               FullyConnectedLowering, BatchMatMulLowering, TopKLowering,
               NonMaxSuppressionLowering>(converter, patterns.getContext());
}

} // namespace sluice::lite_to_native
