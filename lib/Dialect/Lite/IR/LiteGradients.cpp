//===- LiteGradients.cpp - gradient rules of the lite ops -----------------===//
//
// The one home of the ops' gradient rules (GradientOpInterface, attached as
// external models when the dialect loads): given the gradient g of a scalar
// loss with respect to each result, the gradient with respect to each
// operand. -lite-reverse-mode calls them; a new op adds its rule here.
//
//   add       a + b      ga = g, gb = g
//   sub       a - b      ga = g, gb = -g
//   mul       a * b      ga = g b, gb = g a
//   div       a / b      ga = g / b, gb = -g a / b^2
//   neg, exp, square, tanh (g (1 - y^2)), logistic (g y (1 - y))
//   fully_connected, batch_matmul: products with the other operand
//   reshape, transpose, concatenation, slice, strided_slice (strides of 1),
//   tile, gather (one slice), sum,
//   mean, reduce_max, cast: the data moved back (a slice's gradient is
//   written into zeros of the input's shape)
//   abs, relu, maximum, minimum, select_v2: g where the op chose the
//   operand
//   list_get_item, list_set_item, list_gather and list_scatter of every
//   element (TensorArray stack/unstack): the element's gradient moved
//   between the list's and the item's
//
// A broadcast operand's gradient is summed over the dimensions it was
// broadcast along (static shapes only). Integer operands, shapes, axes and
// indices get no gradient.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Lite/IR/LiteBuilders.h"
#include "sluice/Dialect/Lite/IR/LiteOps.h"
#include "sluice/Dialect/Lite/IR/StridedSliceAxes.h"

#include "mlir/IR/Matchers.h"

using namespace mlir;

namespace sluice::lite {
namespace {

bool isFloatTensor(Value value) {
  return isa<FloatType>(cast<TensorType>(value.getType()).getElementType());
}

Value scalarOf(OpBuilder &builder, Location loc, Type element, double value) {
  auto type = RankedTensorType::get({}, element);
  return ConstantOp::create(
      builder, loc,
      DenseElementsAttr::get(type, builder.getFloatAttr(element, value)));
}

Value mul(OpBuilder &builder, Location loc, Value a, Value b, Type type) {
  return MulOp::create(builder, loc, type, a, b, ActivationFunctionType::NONE);
}

Value sub(OpBuilder &builder, Location loc, Value a, Value b, Type type) {
  return SubOp::create(builder, loc, type, a, b, ActivationFunctionType::NONE);
}

/// `gradient`, of a result `operand` was broadcast into, summed over the
/// dimensions of the broadcast and shaped as `operand`.
FailureOr<Value> unbroadcast(OpBuilder &builder, Operation *op, Value gradient,
                             Value operand) {
  if (gradient.getType() == operand.getType())
    return gradient;
  auto from = dyn_cast<RankedTensorType>(gradient.getType());
  auto to = dyn_cast<RankedTensorType>(operand.getType());
  if (!from || !to || !from.hasStaticShape() || !to.hasStaticShape())
    return op->emitError("has no gradient for a broadcast of dynamic shapes (")
           << operand.getType() << " into " << gradient.getType() << ")";
  if (from.getShape() == to.getShape())
    return gradient;
  Location loc = op->getLoc();
  int64_t extra = from.getRank() - to.getRank();
  SmallVector<int32_t> axes;
  SmallVector<int64_t> kept;
  for (int64_t d = 0; d < from.getRank(); ++d) {
    if (d < extra || (to.getDimSize(d - extra) == 1 && from.getDimSize(d) != 1))
      axes.push_back(d);
    else
      kept.push_back(from.getDimSize(d));
  }
  Value summed = gradient;
  if (!axes.empty())
    summed = SumOp::create(builder, loc, from.clone(kept), gradient,
                           createI32Vector(builder, loc, axes),
                           /*keep_dims=*/false);
  SmallVector<int32_t> shape(to.getShape().begin(), to.getShape().end());
  return ReshapeOp::create(builder, loc, to, summed,
                           createI32Vector(builder, loc, shape))
      .getResult();
}

LogicalResult requireNoActivation(Operation *op,
                                  ActivationFunctionType activation) {
  if (activation != ActivationFunctionType::NONE)
    return op->emitError("has no gradient with a fused activation ")
           << stringifyActivationFunctionType(activation);
  return success();
}

/// Fills `out` with the gradients of a binary elementwise op's operands,
/// unbroadcast.
LogicalResult binary(Operation *op, OpBuilder &builder, Value lhsGradient,
                     Value rhsGradient, SmallVectorImpl<Value> &out) {
  out.assign(op->getNumOperands(), Value());
  Value gradients[] = {lhsGradient, rhsGradient};
  for (auto [index, gradient] : llvm::enumerate(gradients)) {
    if (!gradient)
      continue;
    FailureOr<Value> shaped =
        unbroadcast(builder, op, gradient, op->getOperand(index));
    if (failed(shaped))
      return failure();
    out[index] = *shaped;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// The rules, one per op.
//===----------------------------------------------------------------------===//

LogicalResult gradientOf(AddOp op, OpBuilder &builder, ValueRange g,
                         SmallVectorImpl<Value> &out) {
  if (failed(requireNoActivation(op, op.getFusedActivationFunction())))
    return failure();
  return binary(op, builder, g[0], g[0], out);
}

LogicalResult gradientOf(SubOp op, OpBuilder &builder, ValueRange g,
                         SmallVectorImpl<Value> &out) {
  if (failed(requireNoActivation(op, op.getFusedActivationFunction())))
    return failure();
  Value negated = NegOp::create(builder, op.getLoc(), g[0]);
  return binary(op, builder, g[0], negated, out);
}

LogicalResult gradientOf(MulOp op, OpBuilder &builder, ValueRange g,
                         SmallVectorImpl<Value> &out) {
  if (failed(requireNoActivation(op, op.getFusedActivationFunction())))
    return failure();
  Location loc = op.getLoc();
  Type type = op.getType();
  return binary(op, builder, mul(builder, loc, g[0], op.getRhs(), type),
                mul(builder, loc, g[0], op.getLhs(), type), out);
}

LogicalResult gradientOf(DivOp op, OpBuilder &builder, ValueRange g,
                         SmallVectorImpl<Value> &out) {
  if (failed(requireNoActivation(op, op.getFusedActivationFunction())))
    return failure();
  Location loc = op.getLoc();
  Type type = op.getType();
  Value lhsGradient = DivOp::create(builder, loc, type, g[0], op.getRhs(),
                                    ActivationFunctionType::NONE);
  // -g a / b^2 = -(g / b) (a / b) = -(lhs gradient) * result
  Value rhsGradient = NegOp::create(
      builder, loc, mul(builder, loc, lhsGradient, op.getOutput(), type));
  return binary(op, builder, lhsGradient, rhsGradient, out);
}

LogicalResult gradientOf(NegOp op, OpBuilder &builder, ValueRange g,
                         SmallVectorImpl<Value> &out) {
  out.assign({NegOp::create(builder, op.getLoc(), g[0])});
  return success();
}

LogicalResult gradientOf(ExpOp op, OpBuilder &builder, ValueRange g,
                         SmallVectorImpl<Value> &out) {
  out.assign({mul(builder, op.getLoc(), g[0], op.getOutput(), op.getType())});
  return success();
}

/// `g` times the derivative `slope` of a unary op.
LogicalResult chain(Operation *op, OpBuilder &builder, Value g,
                    llvm::function_ref<Value(Value one, Type type)> slope,
                    SmallVectorImpl<Value> &out) {
  Location loc = op->getLoc();
  Type type = op->getResult(0).getType();
  Value one =
      scalarOf(builder, loc, cast<TensorType>(type).getElementType(), 1.0);
  out.assign({mul(builder, loc, g, slope(one, type), type)});
  return success();
}

LogicalResult gradientOf(SquareOp op, OpBuilder &builder, ValueRange g,
                         SmallVectorImpl<Value> &out) {
  // 2 x
  return chain(
      op, builder, g[0],
      [&](Value one, Type type) {
        Location loc = op.getLoc();
        Value x = op.getInput();
        return AddOp::create(builder, loc, type, x, x,
                             ActivationFunctionType::NONE)
            .getResult();
      },
      out);
}

LogicalResult gradientOf(TanhOp op, OpBuilder &builder, ValueRange g,
                         SmallVectorImpl<Value> &out) {
  // 1 - y^2
  return chain(
      op, builder, g[0],
      [&](Value one, Type type) {
        Location loc = op.getLoc();
        Value y = op.getOutput();
        return sub(builder, loc, one, mul(builder, loc, y, y, type), type);
      },
      out);
}

LogicalResult gradientOf(LogisticOp op, OpBuilder &builder, ValueRange g,
                         SmallVectorImpl<Value> &out) {
  // y (1 - y)
  return chain(
      op, builder, g[0],
      [&](Value one, Type type) {
        Location loc = op.getLoc();
        Value y = op.getOutput();
        return mul(builder, loc, y, sub(builder, loc, one, y, type), type);
      },
      out);
}

LogicalResult gradientOf(StridedSliceOp op, OpBuilder &builder, ValueRange g,
                         SmallVectorImpl<Value> &out) {
  // With strides of 1 and constant entries: a block of the input, whose
  // gradient is written into zeros of the input's shape at its start.
  auto input = dyn_cast<RankedTensorType>(op.getInput().getType());
  DenseIntElementsAttr begin, end, strides;
  if (!input || !input.hasStaticShape() ||
      !matchPattern(op.getBegin(), m_Constant(&begin)) ||
      !matchPattern(op.getEnd(), m_Constant(&end)) ||
      !matchPattern(op.getStrides(), m_Constant(&strides)) ||
      llvm::any_of(strides.getValues<APInt>(),
                   [](const APInt &stride) { return !stride.isOne(); }))
    return op.emitError("has a gradient only for an input of static shape "
                        "and constant begin, end and strides of 1");
  int64_t count = begin.getNumElements();
  StridedSliceEntryCounts entries = countStridedSliceEntries(op, count);
  if (entries.ellipses > 1 || entries.indexed > input.getRank())
    return op.emitError("has no gradient for these masks");
  SmallVector<int64_t> beginValues, endValues;
  for (const APInt &value : begin.getValues<APInt>())
    beginValues.push_back(value.getSExtValue());
  for (const APInt &value : end.getValues<APInt>())
    endValues.push_back(value.getSExtValue());
  SmallVector<int32_t> starts;
  SmallVector<int64_t> sizes;
  int64_t dim = 0;
  for (const StridedSliceAxis &axis :
       expandStridedSliceAxes(op, count, input.getRank())) {
    if (axis.newAxis)
      continue;
    int64_t extent = input.getDimSize(dim++);
    auto clamp = [&](int64_t index) {
      if (index < 0)
        index += extent;
      return std::clamp<int64_t>(index, 0, extent);
    };
    int64_t first = 0, last = extent;
    if (axis.entry >= 0) {
      if (!axis.beginMask || axis.shrink)
        first = clamp(beginValues[axis.entry]);
      if (axis.shrink)
        last = first + 1;
      else if (!axis.endMask)
        last = clamp(endValues[axis.entry]);
    }
    starts.push_back(first);
    sizes.push_back(std::max<int64_t>(last - first, 0));
  }
  Location loc = op.getLoc();
  Value block = ReshapeOp::create(
      builder, loc, input.clone(sizes), g[0],
      createI32Vector(builder, loc,
                      SmallVector<int32_t>(sizes.begin(), sizes.end())));
  Value zeros = ZerosLikeOp::create(builder, loc, op.getInput());
  out.assign(
      {DynamicUpdateSliceOp::create(builder, loc, input, zeros, block,
                                    createI32Vector(builder, loc, starts)),
       Value(), Value(), Value()});
  return success();
}

LogicalResult gradientOf(TileOp op, OpBuilder &builder, ValueRange g,
                         SmallVectorImpl<Value> &out) {
  // The output as [m0, d0, m1, d1, ...] (copy i of each dimension), summed
  // over the copies.
  auto input = dyn_cast<RankedTensorType>(op.getInput().getType());
  DenseIntElementsAttr multiples;
  if (!input || !input.hasStaticShape() ||
      !matchPattern(op.getMultiples(), m_Constant(&multiples)))
    return op.emitError("has a gradient only for an input of static shape "
                        "and constant multiples");
  Location loc = op.getLoc();
  SmallVector<int64_t> split;
  SmallVector<int32_t> copies;
  for (auto [dim, multiple] : llvm::enumerate(multiples.getValues<APInt>())) {
    copies.push_back(2 * dim);
    split.push_back(multiple.getSExtValue());
    split.push_back(input.getDimSize(dim));
  }
  Value expanded = ReshapeOp::create(
      builder, loc, input.clone(split), g[0],
      createI32Vector(builder, loc,
                      SmallVector<int32_t>(split.begin(), split.end())));
  out.assign({SumOp::create(builder, loc, input, expanded,
                            createI32Vector(builder, loc, copies),
                            /*keep_dims=*/false),
              Value()});
  return success();
}

/// `g` where `where` holds, zeros elsewhere (shaped as g).
Value gradientWhere(OpBuilder &builder, Location loc, Value where, Value g) {
  Value zeros = ZerosLikeOp::create(builder, loc, g);
  return SelectV2Op::create(builder, loc, g.getType(), where, g, zeros);
}

RankedTensorType boolLike(Value value) {
  auto type = cast<RankedTensorType>(value.getType());
  return type.clone(IntegerType::get(type.getContext(), 1));
}

LogicalResult gradientOf(AbsOp op, OpBuilder &builder, ValueRange g,
                         SmallVectorImpl<Value> &out) {
  // g sign(x): g where x >= 0, -g elsewhere (TF's Abs gradient is 0 at 0).
  Location loc = op.getLoc();
  Value x = op.getInput();
  Value zero = ZerosLikeOp::create(builder, loc, x);
  Value positive = GreaterOp::create(builder, loc, boolLike(x), x, zero);
  Value negative = LessOp::create(builder, loc, boolLike(x), x, zero);
  Value negated = NegOp::create(builder, loc, g[0]);
  Value gradient =
      SelectV2Op::create(builder, loc, g[0].getType(), positive, g[0],
                         gradientWhere(builder, loc, negative, negated));
  out.assign({gradient});
  return success();
}

LogicalResult gradientOf(ReluOp op, OpBuilder &builder, ValueRange g,
                         SmallVectorImpl<Value> &out) {
  Location loc = op.getLoc();
  Value y = op.getOutput();
  Value zero = ZerosLikeOp::create(builder, loc, y);
  Value active = GreaterOp::create(builder, loc, boolLike(y), y, zero);
  out.assign({gradientWhere(builder, loc, active, g[0])});
  return success();
}

/// maximum/minimum: the gradient goes to the operand that was chosen (to
/// lhs on a tie, as TF's does).
template <typename OpT, typename CompareOp>
LogicalResult extremumGradient(OpT op, OpBuilder &builder, ValueRange g,
                               SmallVectorImpl<Value> &out) {
  if (!isa<RankedTensorType>(op.getType()))
    return op.emitError("has no gradient for an unranked result");
  Location loc = op.getLoc();
  Value lhsChosen = CompareOp::create(builder, loc, boolLike(op.getOutput()),
                                      op.getLhs(), op.getRhs());
  Value toLhs = gradientWhere(builder, loc, lhsChosen, g[0]);
  Value toRhs = sub(builder, loc, g[0], toLhs, g[0].getType());
  return binary(op, builder, toLhs, toRhs, out);
}

LogicalResult gradientOf(MaximumOp op, OpBuilder &builder, ValueRange g,
                         SmallVectorImpl<Value> &out) {
  return extremumGradient<MaximumOp, GreaterEqualOp>(op, builder, g, out);
}

LogicalResult gradientOf(MinimumOp op, OpBuilder &builder, ValueRange g,
                         SmallVectorImpl<Value> &out) {
  return extremumGradient<MinimumOp, LessEqualOp>(op, builder, g, out);
}

LogicalResult gradientOf(SelectV2Op op, OpBuilder &builder, ValueRange g,
                         SmallVectorImpl<Value> &out) {
  if (!isa<RankedTensorType>(op.getType()))
    return op.emitError("has no gradient for an unranked result");
  Location loc = op.getLoc();
  // select_v2 broadcasts its condition, as the op did.
  Value condition = op.getCondition();
  Value toX = gradientWhere(builder, loc, condition, g[0]);
  Value toY = sub(builder, loc, g[0], toX, g[0].getType());
  out.assign(3, Value());
  Value gradients[] = {toX, toY};
  for (auto [index, gradient] : llvm::enumerate(gradients)) {
    FailureOr<Value> shaped =
        unbroadcast(builder, op, gradient, op->getOperand(index + 1));
    if (failed(shaped))
      return failure();
    out[index + 1] = *shaped;
  }
  return success();
}

LogicalResult gradientOf(CastOp op, OpBuilder &builder, ValueRange g,
                         SmallVectorImpl<Value> &out) {
  out.assign({Value()});
  if (isFloatTensor(op.getInput()) && isFloatTensor(op.getOutput()))
    out[0] =
        CastOp::create(builder, op.getLoc(), op.getInput().getType(), g[0]);
  return success();
}

/// The shape of `value` as a RESHAPE operand: a constant when static.
Value shapeOf(OpBuilder &builder, Location loc, Value value) {
  auto type = cast<RankedTensorType>(value.getType());
  if (type.hasStaticShape())
    return createI32Vector(
        builder, loc,
        SmallVector<int32_t>(type.getShape().begin(), type.getShape().end()));
  return ShapeOp::create(
      builder, loc,
      RankedTensorType::get({type.getRank()}, builder.getI32Type()), value);
}

LogicalResult gradientOf(ReshapeOp op, OpBuilder &builder, ValueRange g,
                         SmallVectorImpl<Value> &out) {
  if (!isa<RankedTensorType>(op.getInput().getType()))
    return op.emitError("has no gradient for an unranked input");
  Location loc = op.getLoc();
  out.assign({ReshapeOp::create(builder, loc, op.getInput().getType(), g[0],
                                shapeOf(builder, loc, op.getInput())),
              Value()});
  return success();
}

LogicalResult gradientOf(TransposeOp op, OpBuilder &builder, ValueRange g,
                         SmallVectorImpl<Value> &out) {
  DenseIntElementsAttr perm;
  if (!matchPattern(op.getPerm(), m_Constant(&perm)))
    return op.emitError("has no gradient for a permutation that is not "
                        "constant");
  SmallVector<int32_t> inverse(perm.getNumElements());
  for (auto [index, axis] : llvm::enumerate(perm.getValues<APInt>()))
    inverse[axis.getSExtValue()] = index;
  Location loc = op.getLoc();
  out.assign({TransposeOp::create(builder, loc, op.getInput().getType(), g[0],
                                  createI32Vector(builder, loc, inverse)),
              Value()});
  return success();
}

LogicalResult gradientOf(ConcatenationOp op, OpBuilder &builder, ValueRange g,
                         SmallVectorImpl<Value> &out) {
  if (failed(requireNoActivation(op, op.getFusedActivationFunction())))
    return failure();
  auto result = dyn_cast<RankedTensorType>(op.getType());
  if (!result)
    return op.emitError("has no gradient for an unranked result");
  int64_t rank = result.getRank();
  int64_t axis = op.getAxis() < 0 ? op.getAxis() + rank : op.getAxis();
  Location loc = op.getLoc();
  int32_t offset = 0;
  for (Value value : op.getValues()) {
    auto type = dyn_cast<RankedTensorType>(value.getType());
    if (!type || !type.hasStaticShape())
      return op.emitError("has no gradient for an operand of dynamic shape ")
             << value.getType();
    SmallVector<int32_t> begin(rank, 0),
        size(type.getShape().begin(), type.getShape().end());
    begin[axis] = offset;
    offset += type.getDimSize(axis);
    out.push_back(SliceOp::create(builder, loc, type, g[0],
                                  createI32Vector(builder, loc, begin),
                                  createI32Vector(builder, loc, size)));
  }
  return success();
}

LogicalResult gradientOf(SliceOp op, OpBuilder &builder, ValueRange g,
                         SmallVectorImpl<Value> &out) {
  Location loc = op.getLoc();
  Value zeros = ZerosLikeOp::create(builder, loc, op.getInput());
  Value begin = op.getBegin();
  auto beginType = cast<TensorType>(begin.getType());
  if (!beginType.getElementType().isInteger(32))
    begin = CastOp::create(builder, loc, beginType.clone(builder.getI32Type()),
                           begin);
  out.assign({DynamicUpdateSliceOp::create(builder, loc, zeros.getType(), zeros,
                                           g[0], begin),
              Value(), Value()});
  return success();
}

LogicalResult gradientOf(SumOp op, OpBuilder &builder, ValueRange g,
                         SmallVectorImpl<Value> &out) {
  auto input = dyn_cast<RankedTensorType>(op.getInput().getType());
  DenseIntElementsAttr axes;
  if (!input || !matchPattern(op.getAxes(), m_Constant(&axes)))
    return op.emitError("has no gradient unless its input is ranked and its "
                        "axes constant");
  Location loc = op.getLoc();
  // g with the reduced dimensions back as 1, broadcast over the input.
  SmallVector<int64_t> kept(input.getShape());
  for (const APInt &axis : axes.getValues<APInt>()) {
    int64_t d = axis.getSExtValue();
    kept[d < 0 ? d + input.getRank() : d] = 1;
  }
  Value expanded = g[0];
  if (!op.getKeepDims()) {
    if (llvm::any_of(kept, ShapedType::isDynamic))
      return op.emitError("has no gradient for a dynamic input shape");
    expanded = ReshapeOp::create(
        builder, loc, input.clone(kept), g[0],
        createI32Vector(builder, loc,
                        SmallVector<int32_t>(kept.begin(), kept.end())));
  }
  Value zeros = ZerosLikeOp::create(builder, loc, op.getInput());
  out.assign({AddOp::create(builder, loc, input, zeros, expanded,
                            ActivationFunctionType::NONE),
              Value()});
  return success();
}

/// The gradient of a reduction over constant `axes` of a ranked `input`:
/// `g` given the reduced dimensions back as size 1 (unless keep_dims),
/// times `scale` (null: 1), then broadcast over the input where `where`
/// (null: everywhere) holds.
template <typename ReduceOpT>
FailureOr<Value> spreadOverReduced(ReduceOpT op, OpBuilder &builder, Value g,
                                   int64_t *count = nullptr) {
  auto input = dyn_cast<RankedTensorType>(op.getInput().getType());
  DenseIntElementsAttr axes;
  if (!input || !matchPattern(op.getAxes(), m_Constant(&axes)))
    return op.emitError("has no gradient unless its input is ranked and its "
                        "axes constant");
  Location loc = op.getLoc();
  SmallVector<int64_t> kept(input.getShape());
  int64_t reduced = 1;
  llvm::SmallDenseSet<int64_t> seen;
  for (const APInt &axis : axes.getValues<APInt>()) {
    int64_t d = axis.getSExtValue();
    d = d < 0 ? d + input.getRank() : d;
    if (seen.insert(d).second)
      reduced *= input.getDimSize(d);
    kept[d] = 1;
  }
  if (count)
    *count = reduced;
  if (op.getKeepDims())
    return g;
  if (llvm::any_of(kept, ShapedType::isDynamic))
    return op.emitError("has no gradient for a dynamic input shape");
  return ReshapeOp::create(
             builder, loc, input.clone(kept), g,
             createI32Vector(builder, loc,
                             SmallVector<int32_t>(kept.begin(), kept.end())))
      .getResult();
}

LogicalResult gradientOf(MeanOp op, OpBuilder &builder, ValueRange g,
                         SmallVectorImpl<Value> &out) {
  int64_t count = 0;
  FailureOr<Value> expanded = spreadOverReduced(op, builder, g[0], &count);
  if (failed(expanded))
    return failure();
  if (ShapedType::isDynamic(count) || count <= 0)
    return op.emitError("has no gradient for reduced dimensions of dynamic "
                        "size");
  Location loc = op.getLoc();
  auto input = cast<RankedTensorType>(op.getInput().getType());
  Value scale = scalarOf(builder, loc, input.getElementType(), 1.0 / count);
  Value zeros = ZerosLikeOp::create(builder, loc, op.getInput());
  Value spread = AddOp::create(builder, loc, input, zeros, *expanded,
                               ActivationFunctionType::NONE);
  out.assign({mul(builder, loc, spread, scale, input), Value()});
  return success();
}

LogicalResult gradientOf(ReduceMaxOp op, OpBuilder &builder, ValueRange g,
                         SmallVectorImpl<Value> &out) {
  // To every element equal to the maximum (TF divides among ties; ties of
  // floats are rare and the gradient is then a subgradient either way).
  FailureOr<Value> expanded = spreadOverReduced(op, builder, g[0]);
  FailureOr<Value> maximum = spreadOverReduced(op, builder, op.getOutput());
  if (failed(expanded) || failed(maximum))
    return failure();
  Location loc = op.getLoc();
  Value x = op.getInput();
  Value isMax = EqualOp::create(builder, loc, boolLike(x), x, *maximum);
  Value zeros = ZerosLikeOp::create(builder, loc, x);
  Value spread = AddOp::create(builder, loc, x.getType(), zeros, *expanded,
                               ActivationFunctionType::NONE);
  out.assign({gradientWhere(builder, loc, isMax, spread), Value()});
  return success();
}

LogicalResult gradientOf(ZerosLikeOp op, OpBuilder &, ValueRange,
                         SmallVectorImpl<Value> &out) {
  out.assign({Value()});
  return success();
}

LogicalResult gradientOf(GatherOp op, OpBuilder &builder, ValueRange g,
                         SmallVectorImpl<Value> &out) {
  // One slice along axis 0 at a scalar index: its gradient written into
  // zeros of the params' shape.
  auto indices = cast<TensorType>(op.getIndices().getType());
  auto params = dyn_cast<RankedTensorType>(op.getParams().getType());
  if (op.getAxis() != 0 || op.getBatchDims() != 0 || !indices.hasRank() ||
      indices.getRank() != 0 || !params)
    return op.emitError("has a gradient only for one slice along axis 0 (a "
                        "scalar index)");
  Location loc = op.getLoc();
  auto vector = [&](int64_t size) {
    return RankedTensorType::get({size}, builder.getI32Type());
  };
  Value index = op.getIndices();
  if (!indices.getElementType().isInteger(32))
    index = CastOp::create(builder, loc, indices.clone(builder.getI32Type()),
                           index);
  Value start = ReshapeOp::create(builder, loc, vector(1), index,
                                  createI32Vector(builder, loc, {1}));
  if (params.getRank() > 1)
    start = ConcatenationOp::create(
        builder, loc, vector(params.getRank()),
        ValueRange{start, createI32Vector(
                              builder, loc,
                              SmallVector<int32_t>(params.getRank() - 1, 0))},
        /*axis=*/0, ActivationFunctionType::NONE);
  SmallVector<int64_t> rowShape(params.getShape());
  rowShape[0] = 1;
  if (llvm::any_of(rowShape, ShapedType::isDynamic))
    return op.emitError("has no gradient for params of dynamic element "
                        "shape");
  Value row = ReshapeOp::create(
      builder, loc, params.clone(rowShape), g[0],
      createI32Vector(builder, loc,
                      SmallVector<int32_t>(rowShape.begin(), rowShape.end())));
  Value zeros = ZerosLikeOp::create(builder, loc, op.getParams());
  out.assign(
      {DynamicUpdateSliceOp::create(builder, loc, params, zeros, row, start),
       Value()});
  return success();
}

/// A 2-D product `[m, k] x [k, n]` through batch_matmul.
Value matmul(OpBuilder &builder, Location loc, Value x, Value y, bool adjX,
             bool adjY) {
  auto xType = cast<RankedTensorType>(x.getType());
  auto yType = cast<RankedTensorType>(y.getType());
  int64_t m = xType.getDimSize(adjX ? 1 : 0);
  int64_t n = yType.getDimSize(adjY ? 0 : 1);
  return BatchMatMulOp::create(builder, loc, xType.clone({m, n}), x, y, adjX,
                               adjY);
}

bool isMatrix(Value value) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  return type && type.getRank() == 2;
}

LogicalResult gradientOf(FullyConnectedOp op, OpBuilder &builder, ValueRange g,
                         SmallVectorImpl<Value> &out) {
  if (failed(requireNoActivation(op, op.getFusedActivationFunction())))
    return failure();
  if (!isMatrix(op.getInput()) || !isMatrix(op.getFilter()) ||
      op.getKeepNumDims() || !isFloatTensor(op.getFilter()))
    return op.emitError("has a gradient only for a float [n, depth] input "
                        "and [units, depth] filter");
  Location loc = op.getLoc();
  // y = x W^T + b: gx = g W, gW = g^T x, gb = the sum of g's rows.
  out.assign({matmul(builder, loc, g[0], op.getFilter(), false, false),
              matmul(builder, loc, g[0], op.getInput(), true, false)});
  if (Value bias = op.getBias()) {
    auto type = cast<RankedTensorType>(bias.getType());
    out.push_back(SumOp::create(builder, loc, type, g[0],
                                createI32Vector(builder, loc, {0}),
                                /*keep_dims=*/false));
  }
  return success();
}

LogicalResult gradientOf(BatchMatMulOp op, OpBuilder &builder, ValueRange g,
                         SmallVectorImpl<Value> &out) {
  if (!isMatrix(op.getX()) || !isMatrix(op.getY()) || op.getAdjX() ||
      !isFloatTensor(op.getX()))
    return op.emitError("has a gradient only for float matrices without "
                        "adj_x");
  Location loc = op.getLoc();
  Value x = op.getX(), y = op.getY();
  // z = x op(y): gx = g op(y)^T; gy = x^T g, or (x^T g)^T = g^T x.
  Value gx = matmul(builder, loc, g[0], y, false, !op.getAdjY());
  Value gy = op.getAdjY() ? matmul(builder, loc, g[0], x, true, false)
                          : matmul(builder, loc, x, g[0], true, false);
  out.assign({gx, gy});
  return success();
}

//===----------------------------------------------------------------------===//
// Lists (TensorArray, TensorList).
//===----------------------------------------------------------------------===//

/// Whether `indices` are 0, 1, ..., length - 1 of `list` (of static
/// length): a constant, or a range from 0 by 1, of that many elements.
bool isEveryIndex(Value indices, Value list) {
  auto listType = dyn_cast<RankedTensorType>(list.getType());
  auto indexType = dyn_cast<RankedTensorType>(indices.getType());
  if (!listType || !indexType || listType.isDynamicDim(0) ||
      indexType.getRank() != 1 ||
      indexType.getDimSize(0) != listType.getDimSize(0))
    return false;
  DenseIntElementsAttr values;
  if (matchPattern(indices, m_Constant(&values)))
    return llvm::all_of(llvm::enumerate(values.getValues<APInt>()),
                        [](auto entry) {
                          return entry.value().getSExtValue() ==
                                 static_cast<int64_t>(entry.index());
                        });
  auto range = indices.getDefiningOp<RangeOp>();
  DenseIntElementsAttr start, delta;
  return range && matchPattern(range.getStart(), m_Constant(&start)) &&
         matchPattern(range.getDelta(), m_Constant(&delta)) &&
         start.getSplatValue<APInt>().isZero() &&
         delta.getSplatValue<APInt>().isOne();
}

LogicalResult gradientOf(ListGetItemOp op, OpBuilder &builder, ValueRange g,
                         SmallVectorImpl<Value> &out) {
  // g written into zeros of the list's shape, at the index read.
  Location loc = op.getLoc();
  Value zeros = ZerosLikeOp::create(builder, loc, op.getList());
  out.assign({ListSetItemOp::create(builder, loc, zeros.getType(), zeros,
                                    op.getIndex(), g[0]),
              Value()});
  return success();
}

LogicalResult gradientOf(ListSetItemOp op, OpBuilder &builder, ValueRange g,
                         SmallVectorImpl<Value> &out) {
  if (op.getResizable())
    return op.emitError("has no gradient for a list that grows");
  // The item's gradient is the list's at the index; the element written
  // over gets none.
  Location loc = op.getLoc();
  Value item = ListGetItemOp::create(builder, loc, op.getItem().getType(), g[0],
                                     op.getIndex());
  Value zeros = ZerosLikeOp::create(builder, loc, item);
  out.assign({ListSetItemOp::create(builder, loc, g[0].getType(), g[0],
                                    op.getIndex(), zeros),
              Value(), item});
  return success();
}

LogicalResult gradientOf(ListGatherOp op, OpBuilder &builder, ValueRange g,
                         SmallVectorImpl<Value> &out) {
  // A stack of every element in order (TensorArray.stack()).
  if (!isEveryIndex(op.getIndices(), op.getList()))
    return op.emitError("has a gradient only for a gather of every element "
                        "in order (a stack) of a list of static length");
  Value gradient = g[0];
  if (gradient.getType() != op.getList().getType())
    gradient = createReshapeCopy(builder, op.getLoc(), gradient,
                                 op.getList().getType());
  out.assign({gradient, Value()});
  return success();
}

LogicalResult gradientOf(ListScatterOp op, OpBuilder &builder, ValueRange g,
                         SmallVectorImpl<Value> &out) {
  // A write of every element in order (TensorArray.unstack()): the items'
  // gradient is the list's; the list written over gets none.
  if (!isEveryIndex(op.getIndices(), op.getList()))
    return op.emitError("has a gradient only for a scatter to every element "
                        "in order (an unstack) of a list of static length");
  Value gradient = g[0];
  if (gradient.getType() != op.getItems().getType())
    gradient = createReshapeCopy(builder, op.getLoc(), gradient,
                                 op.getItems().getType());
  out.assign({Value(), Value(), gradient});
  return success();
}

//===----------------------------------------------------------------------===//
// What each rule reads (GradientOpInterface::getGradientReads): all operands
// and results unless an op says less.
//===----------------------------------------------------------------------===//

template <typename OpT> void readsOf(OpT op, SmallVectorImpl<Value> &reads) {
  llvm::append_range(reads, op->getOperands());
  llvm::append_range(reads, op->getResults());
}
void readsOf(AddOp, SmallVectorImpl<Value> &) {}
void readsOf(SubOp, SmallVectorImpl<Value> &) {}
void readsOf(NegOp, SmallVectorImpl<Value> &) {}
void readsOf(CastOp, SmallVectorImpl<Value> &) {}
void readsOf(TransposeOp, SmallVectorImpl<Value> &) {}
void readsOf(ConcatenationOp, SmallVectorImpl<Value> &) {}
void readsOf(TileOp, SmallVectorImpl<Value> &) {}
void readsOf(StridedSliceOp, SmallVectorImpl<Value> &) {}
void readsOf(ZerosLikeOp, SmallVectorImpl<Value> &) {}
void readsOf(ListGatherOp, SmallVectorImpl<Value> &) {}
void readsOf(ListScatterOp, SmallVectorImpl<Value> &) {}
void readsOf(MulOp op, SmallVectorImpl<Value> &reads) {
  reads.append({op.getLhs(), op.getRhs()});
}
void readsOf(TanhOp op, SmallVectorImpl<Value> &reads) {
  reads.push_back(op.getOutput());
}
void readsOf(LogisticOp op, SmallVectorImpl<Value> &reads) {
  reads.push_back(op.getOutput());
}
void readsOf(ExpOp op, SmallVectorImpl<Value> &reads) {
  reads.push_back(op.getOutput());
}
void readsOf(FullyConnectedOp op, SmallVectorImpl<Value> &reads) {
  reads.append({op.getInput(), op.getFilter()});
}
void readsOf(BatchMatMulOp op, SmallVectorImpl<Value> &reads) {
  reads.append({op.getX(), op.getY()});
}
void readsOf(ListSetItemOp op, SmallVectorImpl<Value> &reads) {
  reads.push_back(op.getIndex());
}

template <typename OpT>
struct GradientModel
    : GradientOpInterface::ExternalModel<GradientModel<OpT>, OpT> {
  LogicalResult buildGradient(Operation *op, OpBuilder &builder,
                              ValueRange resultGradients,
                              SmallVectorImpl<Value> &operandGradients) const {
    operandGradients.clear();
    return gradientOf(cast<OpT>(op), builder, resultGradients,
                      operandGradients);
  }
  void getGradientReads(Operation *op, SmallVectorImpl<Value> &reads) const {
    readsOf(cast<OpT>(op), reads);
  }
};

template <typename... OpTs> void attachGradients(MLIRContext &context) {
  (OpTs::template attachInterface<GradientModel<OpTs>>(context), ...);
}

} // namespace

void LiteDialect::registerGradientInterfaces() {
  attachGradients<AddOp, SubOp, MulOp, DivOp, NegOp, ExpOp, SquareOp, TanhOp,
                  LogisticOp, AbsOp, ReluOp, MaximumOp, MinimumOp, SelectV2Op,
                  CastOp, ReshapeOp, TransposeOp, ConcatenationOp, SliceOp,
                  StridedSliceOp, TileOp, SumOp, MeanOp, ReduceMaxOp,
                  ZerosLikeOp, GatherOp, FullyConnectedOp, BatchMatMulOp,
                  ListGetItemOp, ListSetItemOp, ListGatherOp, ListScatterOp>(
      *getContext());
}

} // namespace sluice::lite
