//===- ShapeLowering.cpp - helpers of the shape op lowerings --------------===//
//
// Folding index arithmetic, index vector reads, run-time checks, the guard
// that computes an op only when its checks hold and the fit of a computed
// result to its declared type. See ShapeLowering.h.
//
//===----------------------------------------------------------------------===//

#include "ShapeLowering.h"
#include "sluice/Dialect/Lite/IR/IndexRules.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;

namespace sluice::lite_to_native {

std::optional<int64_t> constantInt(Value value) {
  APInt result;
  if (!matchPattern(value, m_ConstantInt(&result)))
    return std::nullopt;
  return result.getSExtValue();
}

std::optional<bool> constantBool(Value value) {
  APInt result;
  if (!value.getType().isInteger(1) ||
      !matchPattern(value, m_ConstantInt(&result)))
    return std::nullopt;
  return !result.isZero();
}

//===----------------------------------------------------------------------===//
// IndexArith
//===----------------------------------------------------------------------===//

Value IndexArith::constant(int64_t value) {
  return arith::ConstantIndexOp::create(builder, loc, value);
}

Value IndexArith::add(Value lhs, Value rhs) {
  return builder.createOrFold<arith::AddIOp>(loc, lhs, rhs);
}

Value IndexArith::sub(Value lhs, Value rhs) {
  return builder.createOrFold<arith::SubIOp>(loc, lhs, rhs);
}

Value IndexArith::mul(Value lhs, Value rhs) {
  return builder.createOrFold<arith::MulIOp>(loc, lhs, rhs);
}

Value IndexArith::div(Value lhs, Value rhs) {
  return builder.createOrFold<arith::DivSIOp>(loc, lhs, rhs);
}

Value IndexArith::rem(Value lhs, Value rhs) {
  return builder.createOrFold<arith::RemSIOp>(loc, lhs, rhs);
}

Value IndexArith::min(Value lhs, Value rhs) {
  return builder.createOrFold<arith::MinSIOp>(loc, lhs, rhs);
}

Value IndexArith::max(Value lhs, Value rhs) {
  return builder.createOrFold<arith::MaxSIOp>(loc, lhs, rhs);
}

Value IndexArith::clamp(Value value, Value lo, Value hi) {
  return min(max(value, lo), hi);
}

Value IndexArith::cmp(arith::CmpIPredicate predicate, Value lhs, Value rhs) {
  return builder.createOrFold<arith::CmpIOp>(loc, predicate, lhs, rhs);
}

Value IndexArith::eq(Value lhs, Value rhs) {
  return cmp(arith::CmpIPredicate::eq, lhs, rhs);
}

Value IndexArith::lt(Value lhs, Value rhs) {
  return cmp(arith::CmpIPredicate::slt, lhs, rhs);
}

Value IndexArith::le(Value lhs, Value rhs) {
  return cmp(arith::CmpIPredicate::sle, lhs, rhs);
}

Value IndexArith::select(Value condition, Value ifTrue, Value ifFalse) {
  if (std::optional<bool> known = constantBool(condition))
    return *known ? ifTrue : ifFalse;
  return builder.createOrFold<arith::SelectOp>(loc, condition, ifTrue, ifFalse);
}

Value IndexArith::boolean(bool value) {
  return arith::ConstantOp::create(builder, loc, builder.getBoolAttr(value));
}

Value IndexArith::both(Value lhs, Value rhs) {
  std::optional<bool> left = constantBool(lhs), right = constantBool(rhs);
  if (left)
    return *left ? rhs : lhs;
  if (right)
    return *right ? lhs : rhs;
  return arith::AndIOp::create(builder, loc, lhs, rhs);
}

Value IndexArith::either(Value lhs, Value rhs) {
  std::optional<bool> left = constantBool(lhs), right = constantBool(rhs);
  if (left)
    return *left ? lhs : rhs;
  if (right)
    return *right ? rhs : lhs;
  return arith::OrIOp::create(builder, loc, lhs, rhs);
}

Value IndexArith::negate(Value condition) {
  if (std::optional<bool> known = constantBool(condition))
    return boolean(!*known);
  return arith::XOrIOp::create(builder, loc, condition, boolean(true));
}

Value IndexArith::toIndex(Value integer) {
  if (integer.getType().isIndex())
    return integer;
  if (std::optional<int64_t> known = constantInt(integer))
    return constant(*known);
  return arith::IndexCastOp::create(builder, loc, builder.getIndexType(),
                                    integer);
}

Value IndexArith::fromIndex(Value index, Type type) {
  if (type.isIndex())
    return index;
  if (std::optional<int64_t> known = constantInt(index))
    return arith::ConstantOp::create(builder, loc,
                                     builder.getIntegerAttr(type, *known));
  return arith::IndexCastOp::create(builder, loc, type, index);
}

Value IndexArith::dim(Value tensor, int64_t dim) {
  auto type = cast<RankedTensorType>(tensor.getType());
  if (!type.isDynamicDim(dim))
    return constant(type.getDimSize(dim));
  return tensor::DimOp::create(builder, loc, tensor, dim);
}

SmallVector<Value> IndexArith::dims(Value tensor) {
  SmallVector<Value> sizes;
  for (int64_t d = 0, e = cast<RankedTensorType>(tensor.getType()).getRank();
       d < e; ++d)
    sizes.push_back(dim(tensor, d));
  return sizes;
}

//===----------------------------------------------------------------------===//
// RuntimeChecks
//===----------------------------------------------------------------------===//

LogicalResult RuntimeChecks::require(Value ok, sluice_status code,
                                     const Twine &message) {
  if (std::optional<bool> known = constantBool(ok)) {
    if (*known)
      return success();
    return op->emitError(message);
  }
  if (pending && code != pendingCode)
    emit();
  if (!pending) {
    pending = ok;
    pendingCode = code;
    pendingMessage = message.str();
    return success();
  }
  pending = IndexArith(builder, loc).both(pending, ok);
  pendingMessage += "; " + message.str();
  return success();
}

void RuntimeChecks::emit() {
  if (!pending)
    return;
  emitRuntimeCheck(builder, loc, pending, pendingCode, pendingMessage);
  emitted = emitted ? IndexArith(builder, loc).both(emitted, pending) : pending;
  pending = Value();
}

Value RuntimeChecks::allHold() {
  emit();
  if (emitted)
    return emitted;
  return IndexArith(builder, loc).boolean(true);
}

//===----------------------------------------------------------------------===//
// Operands and results
//===----------------------------------------------------------------------===//

FailureOr<SmallVector<Value>> readIndexVector(IndexArith &arith,
                                              RuntimeChecks &checks,
                                              Operation *op, Value vector,
                                              int64_t length, StringRef what) {
  OpBuilder &builder = arith.getBuilder();
  Location loc = arith.getLoc();
  auto type = cast<RankedTensorType>(vector.getType());
  if (!type.isDynamicDim(0) && type.getDimSize(0) != length)
    return op->emitError() << what << " has " << type.getDimSize(0)
                           << " entries, expected " << length;

  SmallVector<Value> entries;
  DenseIntElementsAttr constant;
  if (matchPattern(vector, m_Constant(&constant))) {
    for (const APInt &value : constant.getValues<APInt>())
      entries.push_back(arith.constant(value.getSExtValue()));
    return entries;
  }
  if (type.isDynamicDim(0)) {
    // Read a vector of the wrong length as zeros rather than out of bounds.
    Value fits = arith.eq(arith.dim(vector, 0), arith.constant(length));
    if (failed(checks.require(fits, SLUICE_ERROR_INVALID_ARGUMENT,
                              Twine(what) + " must have " + Twine(length) +
                                  " entries")))
      return failure();
    auto fixed = RankedTensorType::get({length}, type.getElementType());
    Value zeros = arith::ConstantOp::create(
        builder, loc,
        DenseElementsAttr::get(fixed,
                               builder.getZeroAttr(type.getElementType())));
    vector = arith::SelectOp::create(
        builder, loc, fits, castTo(builder, loc, vector, fixed), zeros);
  }
  for (int64_t i = 0; i < length; ++i) {
    Value entry = tensor::ExtractOp::create(builder, loc, vector,
                                            ValueRange{arith.constant(i)});
    entries.push_back(arith.toIndex(entry));
  }
  return entries;
}

Value readSingleElement(OpBuilder &builder, Location loc, Value tensor) {
  auto type = cast<RankedTensorType>(tensor.getType());
  IndexArith arith(builder, loc);
  SmallVector<Value> origin(type.getRank(), arith.constant(0));
  return builder.createOrFold<tensor::ExtractOp>(loc, tensor, origin);
}

RankedTensorType tensorTypeOfSizes(ArrayRef<Value> sizes, Type elementType) {
  SmallVector<int64_t> shape;
  for (Value size : sizes) {
    std::optional<int64_t> known = constantInt(size);
    shape.push_back(known && *known >= 0 ? *known : ShapedType::kDynamic);
  }
  return RankedTensorType::get(shape, elementType);
}

Value emptyTensor(OpBuilder &builder, Location loc, ArrayRef<Value> sizes,
                  Type elementType) {
  RankedTensorType type = tensorTypeOfSizes(sizes, elementType);
  SmallVector<Value> dynamicSizes;
  for (auto [size, extent] : llvm::zip_equal(sizes, type.getShape()))
    if (ShapedType::isDynamic(extent))
      dynamicSizes.push_back(size);
  return tensor::EmptyOp::create(builder, loc, type, dynamicSizes);
}

Value zeroTensor(OpBuilder &builder, Location loc, RankedTensorType type) {
  if (type.hasStaticShape())
    return arith::ConstantOp::create(
        builder, loc,
        DenseElementsAttr::get(type,
                               builder.getZeroAttr(type.getElementType())));
  // Some size is 0: there is no element to fill.
  IndexArith arith(builder, loc);
  SmallVector<Value> zeros(type.getNumDynamicDims(), arith.constant(0));
  return tensor::EmptyOp::create(builder, loc, type, zeros);
}

Value castTo(OpBuilder &builder, Location loc, Value value, Type type) {
  if (value.getType() == type)
    return value;
  return tensor::CastOp::create(builder, loc, type, value);
}

SmallVector<Value> buildIfValid(OpBuilder &builder, Location loc, Value ok,
                                TypeRange types, ValuesBuilder build) {
  auto buildCast = [&] {
    SmallVector<Value> values = build(builder, loc);
    for (auto [value, type] : llvm::zip_equal(values, types))
      value = castTo(builder, loc, value, type);
    return values;
  };
  if (constantBool(ok) == true)
    return buildCast();

  auto guard = scf::IfOp::create(builder, loc, types, ok,
                                 /*addThenBlock=*/true,
                                 /*addElseBlock=*/true);
  OpBuilder::InsertionGuard insertion(builder);
  builder.setInsertionPointToStart(guard.thenBlock());
  scf::YieldOp::create(builder, loc, buildCast());
  builder.setInsertionPointToStart(guard.elseBlock());
  SmallVector<Value> zeros;
  for (Type type : types)
    zeros.push_back(zeroTensor(builder, loc, cast<RankedTensorType>(type)));
  scf::YieldOp::create(builder, loc, zeros);
  return SmallVector<Value>(guard.getResults());
}

Value generateIfValid(
    OpBuilder &builder, Location loc, Value ok, ArrayRef<Value> sizes,
    Type elementType,
    function_ref<Value(OpBuilder &, Location, ValueRange indices)> element) {
  RankedTensorType type = tensorTypeOfSizes(sizes, elementType);
  return buildIfValid(
      builder, loc, ok, type, [&](OpBuilder &nested, Location nestedLoc) {
        SmallVector<Value> dynamic;
        for (auto [d, size] : llvm::enumerate(sizes))
          if (type.isDynamicDim(d))
            dynamic.push_back(size);
        return tensor::GenerateOp::create(
                   nested, nestedLoc, type, dynamic,
                   [&](OpBuilder &body, Location at, ValueRange indices) {
                     tensor::YieldOp::create(body, at,
                                             element(body, at, indices));
                   })
            .getResult();
      });
}

Value buildIfValid(OpBuilder &builder, Location loc, Value ok,
                   RankedTensorType type,
                   function_ref<Value(OpBuilder &, Location)> build) {
  return buildIfValid(builder, loc, ok, TypeRange(type),
                      [&](OpBuilder &nested, Location nestedLoc) {
                        return SmallVector<Value>{build(nested, nestedLoc)};
                      })
      .front();
}

FailureOr<Value> fitResult(OpBuilder &builder, Location loc, Operation *op,
                           Value value, Type declared) {
  auto computed = cast<RankedTensorType>(value.getType());
  auto ranked = cast<RankedTensorType>(declared);
  if (ranked.getRank() != computed.getRank())
    return op->emitError("the result has rank ")
           << computed.getRank() << " but its declared type is " << declared;
  IndexArith arith(builder, loc);
  Value fits = arith.boolean(true);
  for (int64_t d = 0; d < ranked.getRank(); ++d) {
    if (ranked.isDynamicDim(d))
      continue;
    if (!computed.isDynamicDim(d) &&
        computed.getDimSize(d) != ranked.getDimSize(d))
      return op->emitError("the result has shape ")
             << computed << " but its declared type is " << declared;
    if (computed.isDynamicDim(d))
      fits = arith.both(fits, arith.eq(arith.dim(value, d),
                                       arith.constant(ranked.getDimSize(d))));
  }
  RuntimeChecks checks(op, builder, loc);
  if (failed(checks.require(fits, SLUICE_ERROR_SHAPE_MISMATCH,
                            "the result shape does not fit its declared type")))
    return failure();
  return buildIfValid(builder, loc, checks.allHold(), ranked,
                      [&](OpBuilder &, Location) { return value; });
}

LogicalResult replaceWithResults(ConversionPatternRewriter &rewriter,
                                 Operation *op, ValueRange values,
                                 const TypeConverter &converter) {
  SmallVector<Value> results;
  for (auto [value, type] : llvm::zip_equal(values, op->getResultTypes())) {
    FailureOr<Value> result = fitResult(rewriter, op->getLoc(), op, value,
                                        converter.convertType(type));
    if (failed(result))
      return failure();
    results.push_back(*result);
  }
  rewriter.replaceOp(op, results);
  return success();
}

Value generateTensor(
    OpBuilder &builder, Location loc, ArrayRef<Value> sizes, Type elementType,
    ValueRange inputs, ArrayRef<AffineMap> inputMaps,
    function_ref<Value(OpBuilder &, Location, ValueRange, ValueRange)> body) {
  Value init = emptyTensor(builder, loc, sizes, elementType);
  int64_t rank = sizes.size();
  SmallVector<AffineMap> maps(inputMaps);
  maps.push_back(builder.getMultiDimIdentityMap(rank));
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      builder, loc, init.getType(), inputs, init, maps, iterators,
      [&](OpBuilder &nested, Location nestedLoc, ValueRange arguments) {
        SmallVector<Value> indices;
        for (int64_t d = 0; d < rank; ++d)
          indices.push_back(linalg::IndexOp::create(nested, nestedLoc, d));
        Value result = body(nested, nestedLoc, indices, arguments.drop_back());
        linalg::YieldOp::create(nested, nestedLoc, result);
      });
  return generic.getResult(0);
}

SmallVector<OpFoldResult> sliceOffsets(IndexArith &arith,
                                       ArrayRef<Value> offsets,
                                       ArrayRef<Value> sizes) {
  SmallVector<Value> safe;
  Value zero = arith.constant(0);
  for (auto [offset, size] : llvm::zip_equal(offsets, sizes))
    safe.push_back(arith.select(arith.eq(size, zero), zero, offset));
  return getAsOpFoldResult(safe);
}

SmallVector<ReassociationIndices> unitDimGroups(ArrayRef<bool> isUnit) {
  SmallVector<ReassociationIndices> groups;
  ReassociationIndices leading;
  for (auto [d, unit] : llvm::enumerate(isUnit)) {
    if (unit && !groups.empty()) {
      groups.back().push_back(d);
      continue;
    }
    leading.push_back(d);
    if (!unit) {
      groups.push_back(leading);
      leading.clear();
    }
  }
  return groups;
}

Value insertUnitDims(OpBuilder &builder, Location loc, Value value,
                     ArrayRef<bool> isUnit) {
  IndexArith arith(builder, loc);
  SmallVector<Value> inputSizes = arith.dims(value), sizes;
  auto next = inputSizes.begin();
  for (bool unit : isUnit)
    sizes.push_back(unit ? arith.constant(1) : *next++);
  RankedTensorType target =
      tensorTypeOfSizes(sizes, getElementTypeOrSelf(value.getType()));
  if (target == value.getType())
    return value;
  return tensor::ExpandShapeOp::create(builder, loc, target, value,
                                       unitDimGroups(isUnit),
                                       getAsOpFoldResult(sizes));
}

FailureOr<int64_t> normalizeAxis(Operation *op, int64_t axis, int64_t rank,
                                 StringRef what) {
  return sluice::lite::normalizeAxis(
      axis, rank, [&] { return op->emitError(); }, what);
}

LogicalResult checkProductElementType(Operation *op, Type original) {
  if (original.isInteger(8))
    return op->emitError("int8/uint8 ")
           << op->getName()
           << " is quantized in TFLite, which the native back end does "
              "not model";
  if (original.isInteger(1))
    return op->emitError() << op->getName() << " does not apply to bool";
  return success();
}

} // namespace sluice::lite_to_native
