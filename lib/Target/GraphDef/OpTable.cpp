//===- OpTable.cpp - TensorFlow ops to lite ops ---------------------------===//
//
// The single TensorFlow -> lite mapping: a table of typed builder calls. Each
// row names the TensorFlow op, the builder of the lite op(s) it becomes
// (typed XOp::create calls; the elementwise records' rows are generated),
// where its result element type comes from and how many inputs it takes.
// Result shapes are the lite ops' own: every op is created with unranked
// results of its element type and typed by its shape rule (createInferred,
// sluice/Dialect/Lite/IR/TypeInference.h); the importer learns a node's
// types by building it.
//
//===----------------------------------------------------------------------===//

#include "OpTable.h"
#include "sluice/Dialect/Lite/IR/IndexRules.h"
#include "sluice/Target/GraphDef/GraphDefImport.h"

#include "TensorImport.h"

#include "sluice/Dialect/Lite/IR/LiteBuilders.h"
#include "sluice/Dialect/Lite/IR/LiteOps.h"
#include "sluice/Dialect/Lite/IR/TypeInference.h"

#include "mlir/Dialect/Traits.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"

#include <algorithm>

using namespace mlir;
using namespace sluice;
using namespace sluice::graphdef;
using sluice::lite::shapes::createInferred;
using sluice::lite::shapes::refineResultTypes;

namespace {

/// Where a node's result element type comes from (its shape is the lite
/// op's rule's).
enum class ResultElement {
  T,          // the T attribute, else (none, or a DT_VARIANT list) input 0's
  Bool,       // i1 (comparisons, predicates)
  DstT,       // the DstT attribute (Cast)
  OutType,    // the out_type attribute, int32 by default (Shape)
  OutputType, // the output_type attribute, int64 by default (ArgMax)
  I32,        // int32 (NonMaxSuppressionV4's indices and count)
  DType,      // the dtype attribute (RandomUniform: T types an input)
  None,       // no results (Assert)
};

const tf::AttrValue *findAttr(const tf::NodeDef &node, StringRef name) {
  auto it = node.attr().find(name.str());
  return it == node.attr().end() ? nullptr : &it->second;
}

int64_t intAttr(const tf::NodeDef &node, StringRef name, int64_t fallback) {
  const tf::AttrValue *attr = findAttr(node, name);
  return attr && attr->value_case() == tf::AttrValue::kI ? attr->i() : fallback;
}

bool boolAttr(const tf::NodeDef &node, StringRef name) {
  const tf::AttrValue *attr = findAttr(node, name);
  return attr && attr->value_case() == tf::AttrValue::kB && attr->b();
}

Type elementTypeOf(Type type) {
  auto tensor = dyn_cast_or_null<TensorType>(type);
  return tensor ? tensor.getElementType() : nullptr;
}

/// What a row's builder works with: the node, where to build, its data
/// inputs (as many as the row says), its result element type and output
/// count.
struct ImportContext {
  const ComputeNode &node;
  OpBuilder &builder;
  Location loc;
  ValueRange inputs;
  Type element;
  unsigned outputs;
  std::string &error;

  const std::string &op() const { return node.node.op(); }
  FailureOr<SmallVector<Value>> fail(const Twine &message) {
    error = message.str();
    return failure();
  }
  /// Input `index` as a constant integer scalar, if it is one.
  std::optional<int64_t> constantInt(unsigned index) const {
    DenseElementsAttr value = node.constantInput(index);
    if (!value || value.getNumElements() != 1 ||
        !value.getElementType().isIntOrIndex())
      return std::nullopt;
    return (*value.getValues<APInt>().begin()).getSExtValue();
  }
  /// `OpTy` with results typed by its shape rule.
  template <typename OpTy, typename... Args> OpTy create(Args &&...args) {
    return createInferred<OpTy>(builder, loc, element,
                                std::forward<Args>(args)...);
  }
};

using Values = FailureOr<SmallVector<Value>>;
using BuildFn = Values (*)(ImportContext &);

Values single(Value value) { return SmallVector<Value>{value}; }

/// The one result of `op`, untyped: an op whose result must be ranked but
/// whose rule could not say its shape is left for the verifier to name, not
/// cast to its ODS result type.
template <typename OpTy> Values single(OpTy op) {
  return SmallVector<Value>{op->getResult(0)};
}

/// One TF op: the builder of its lite op(s), where its result element type
/// comes from, how many data inputs it takes (exactly, or at least when
/// `variadic`), which attribute counts its outputs (else one, or one per
/// name of `outputArgs`; none for ResultElement::None), for diagnostics
/// what its inputs are, and the names of its output args when it has
/// several (a function body names an output `node:arg:index`); an arg
/// written `name:attr` has the element type of that type attribute (int32
/// without it: TF's index types) instead of the row's.
struct OpMapping {
  llvm::StringLiteral tfName;
  BuildFn build;
  ResultElement element;
  unsigned inputs;
  bool variadic;
  llvm::StringLiteral outputsAttr;
  const char *inputNames = nullptr;
  const char *outputArgs = nullptr;

  /// The output args as (name, type attribute or empty).
  SmallVector<std::pair<StringRef, StringRef>> getOutputArgs() const {
    SmallVector<StringRef> args;
    if (outputArgs)
      StringRef(outputArgs).split(args, ", ");
    return llvm::map_to_vector(args,
                               [](StringRef arg) { return arg.split(':'); });
  }
};

//===----------------------------------------------------------------------===//
// Builders
//===----------------------------------------------------------------------===//

/// The op on the node's inputs, in order; its attributes, if any, from the
/// TF attributes of the same names (a float f becomes an f32 attribute:
/// leaky_relu's alpha). The elementwise records' rows (LiteTFImport.inc)
/// and the ops that take TF's operands as they are use it.
template <typename OpTy> Values buildOnInputs(ImportContext &ctx) {
  SmallVector<NamedAttribute> attrs;
  for (StringRef name : OpTy::getAttributeNames()) {
    const tf::AttrValue *attr = findAttr(ctx.node.node, name);
    if (!attr || attr->value_case() != tf::AttrValue::kF)
      return ctx.fail(ctx.op() + " needs a float attribute '" + name + "'");
    attrs.push_back(
        ctx.builder.getNamedAttr(name, ctx.builder.getF32FloatAttr(attr->f())));
  }
  auto op = OpTy::create(ctx.builder, ctx.loc,
                         TypeRange{UnrankedTensorType::get(ctx.element)},
                         ctx.inputs, attrs);
  refineResultTypes(op);
  return single(op);
}

/// add, sub, mul, div (their records' rows): no fused activation.
template <typename OpTy> Values buildArithmetic(ImportContext &ctx) {
  return single(ctx.create<OpTy>(ctx.inputs[0], ctx.inputs[1],
                                 lite::ActivationFunctionType::NONE));
}

/// BiasAdd and BiasAddGrad: only NHWC, where the bias is the last dimension.
LogicalResult requireChannelsLast(ImportContext &ctx) {
  const tf::AttrValue *format = findAttr(ctx.node.node, "data_format");
  if (!format || format->s() == "NHWC")
    return success();
  ctx.error = ctx.op() + " with data_format " + format->s() +
              " is not supported (only NHWC)";
  return failure();
}

/// BiasAdd (NHWC): the bias broadcasts along the last dimension.
Values buildBiasAdd(ImportContext &ctx) {
  if (failed(requireChannelsLast(ctx)))
    return failure();
  return buildArithmetic<lite::AddOp>(ctx);
}

/// AddN: TF sums left to right, ((x0 + x1) + x2) + ...
Values buildAddN(ImportContext &ctx) {
  Value sum = ctx.inputs[0];
  for (Value input : ctx.inputs.drop_front())
    sum =
        ctx.create<lite::AddOp>(sum, input, lite::ActivationFunctionType::NONE);
  return single(sum);
}

/// TanhGrad(y, dy) = dy * (1 - y * y), the gradient of y = tanh(x).
Values buildTanhGrad(ImportContext &ctx) {
  auto scalar = RankedTensorType::get({}, ctx.element);
  Value one = lite::ConstantOp::create(
      ctx.builder, ctx.loc,
      DenseElementsAttr::get(scalar,
                             ctx.builder.getFloatAttr(ctx.element, 1.0)));
  auto none = lite::ActivationFunctionType::NONE;
  Value y = ctx.inputs[0], dy = ctx.inputs[1];
  Value square = ctx.create<lite::MulOp>(y, y, none);
  Value complement = ctx.create<lite::SubOp>(one, square, none);
  return single(ctx.create<lite::MulOp>(dy, complement, none));
}

/// BiasAddGrad: the bias' gradient, the sum over every dimension but the
/// last (NHWC).
Values buildBiasAddGrad(ImportContext &ctx) {
  if (failed(requireChannelsLast(ctx)))
    return failure();
  auto input = dyn_cast<RankedTensorType>(ctx.inputs[0].getType());
  if (!input || input.getRank() < 1)
    return ctx.fail("BiasAddGrad needs an input of known rank");
  SmallVector<int32_t> axes;
  for (int32_t axis = 0; axis + 1 < input.getRank(); ++axis)
    axes.push_back(axis);
  Value axesValue = lite::createI32Vector(ctx.builder, ctx.loc, axes);
  return single(
      ctx.create<lite::SumOp>(ctx.inputs[0], axesValue, /*keep_dims=*/false));
}

/// InvertPermutation: inverse[j] = sum_i i * (perm[i] == j), a one-hot
/// matrix of the permutation weighted by the row index and summed over the
/// rows.
Values buildInvertPermutation(ImportContext &ctx) {
  OpBuilder &builder = ctx.builder;
  Location loc = ctx.loc;
  Value perm = ctx.inputs[0];
  auto type = cast<TensorType>(perm.getType());
  Type element = type.getElementType();
  auto scalar = RankedTensorType::get({}, element);
  auto constant = [&](int64_t v) -> Value {
    return lite::ConstantOp::create(
        builder, loc,
        DenseElementsAttr::get(scalar, builder.getIntegerAttr(element, v)));
  };
  int64_t n = type.hasRank() && type.getRank() == 1 ? type.getDimSize(0)
                                                    : ShapedType::kDynamic;
  auto vector = RankedTensorType::get({n}, element);
  Value size = lite::ShapeOp::create(builder, loc,
                                     RankedTensorType::get({1}, element), perm);
  Value count = lite::ReshapeOp::create(
      builder, loc, scalar, size, lite::createI32Vector(builder, loc, {}));
  Value indices = lite::RangeOp::create(builder, loc, vector, constant(0),
                                        count, constant(1));
  Value column = lite::ExpandDimsOp::create(
      builder, loc, RankedTensorType::get({n, 1}, element), perm,
      lite::createI32Scalar(builder, loc, 1));
  Value row = lite::ExpandDimsOp::create(
      builder, loc, RankedTensorType::get({1, n}, element), indices,
      lite::createI32Scalar(builder, loc, 0));
  Value oneHot = lite::EqualOp::create(
      builder, loc, RankedTensorType::get({n, n}, builder.getI1Type()), column,
      row);
  auto square = RankedTensorType::get({n, n}, element);
  Value weights = lite::CastOp::create(builder, loc, square, oneHot);
  Value rowIndex = lite::ExpandDimsOp::create(
      builder, loc, RankedTensorType::get({n, 1}, element), indices,
      lite::createI32Scalar(builder, loc, 1));
  Value weighted = lite::MulOp::create(builder, loc, square, weights, rowIndex,
                                       lite::ActivationFunctionType::NONE);
  Value axis = lite::createI32Vector(builder, loc, {0});
  return single(ctx.create<lite::SumOp>(weighted, axis, /*keep_dims=*/false));
}

/// The result type of MatrixDiag, MatrixDiagV2 and MatrixDiagV3: a
/// diagonal [..., N] of static length becomes the square [..., N, N] with it
/// on the main diagonal (tf.linalg.diag, tf.eye). Other diagonals (k != 0),
/// a requested num_rows/num_cols other than N, and a diagonal whose length
/// is unknown are refused.
FailureOr<RankedTensorType> matrixDiagType(ImportContext &ctx) {
  const std::string &op = ctx.op();
  auto diagonal = dyn_cast<RankedTensorType>(ctx.inputs[0].getType());
  if (!diagonal || diagonal.getRank() < 1 ||
      diagonal.isDynamicDim(diagonal.getRank() - 1)) {
    ctx.error = op + " of a diagonal whose length is unknown is not supported";
    return failure();
  }
  int64_t length = diagonal.getShape().back();
  // The identity it multiplies is a constant of N x N elements.
  if (length > 4096) {
    ctx.error = op + " of a diagonal of length " + std::to_string(length) +
                " is not supported (at most 4096)";
    return failure();
  }
  // k, num_rows, num_cols (V2 and V3): constants with TF's defaults (0, -1,
  // -1) or N.
  using Parameter = std::tuple<unsigned, StringRef, int64_t>;
  static const Parameter kParameters[] = {
      {1, "k", 0}, {2, "num_rows", -1}, {3, "num_cols", -1}};
  ArrayRef<Parameter> parameters =
      op == "MatrixDiag" ? ArrayRef<Parameter>() : ArrayRef(kParameters);
  for (auto [index, name, fallback] : parameters) {
    std::optional<int64_t> v = ctx.constantInt(index);
    if (!v) {
      ctx.error = op + " with a " + name.str() +
                  " that is not a constant integer is not supported";
      return failure();
    }
    if (*v != fallback && (index == 1 || *v != length)) {
      ctx.error =
          op + " with " + name.str() + " = " + std::to_string(*v) +
          " is not supported (only the main diagonal of a square matrix)";
      return failure();
    }
  }
  SmallVector<int64_t> shape(diagonal.getShape());
  shape.push_back(length);
  return RankedTensorType::get(shape, ctx.element);
}

/// MatrixDiag: expand_dims(diagonal, -1) * identity(N), [..., N, 1] x
/// [N, N].
Values buildMatrixDiag(ImportContext &ctx) {
  FailureOr<RankedTensorType> resultType = matrixDiagType(ctx);
  if (failed(resultType))
    return failure();
  OpBuilder &builder = ctx.builder;
  int64_t n = resultType->getShape().back();
  auto identityType = RankedTensorType::get({n, n}, ctx.element);
  SmallVector<Attribute> identity;
  for (int64_t i = 0; i < n * n; ++i)
    identity.push_back(i % (n + 1) == 0 ? builder.getOneAttr(ctx.element)
                                        : builder.getZeroAttr(ctx.element));
  Value eye = lite::ConstantOp::create(
      builder, ctx.loc, DenseElementsAttr::get(identityType, identity));
  Value column = ctx.create<lite::ExpandDimsOp>(
      ctx.inputs[0], lite::createI32Scalar(builder, ctx.loc, -1));
  return single(
      ctx.create<lite::MulOp>(column, eye, lite::ActivationFunctionType::NONE));
}

/// ConcatOffset: input i starts, along the axis, where the inputs before it
/// end: offset_i = (dims == axis) ? sum_{k < i} shape_k : 0.
Values buildConcatOffset(ImportContext &ctx) {
  OpBuilder &builder = ctx.builder;
  Location loc = ctx.loc;
  if (ctx.inputs.size() != ctx.outputs + 1)
    return ctx.fail("ConcatOffset expects " + Twine(ctx.outputs + 1) +
                    " inputs (the axis and N shapes), has " +
                    Twine(ctx.inputs.size()));
  auto shapeType = dyn_cast<RankedTensorType>(ctx.inputs[1].getType());
  if (!shapeType || shapeType.getRank() != 1 || !shapeType.hasStaticShape())
    return ctx.fail("ConcatOffset needs shapes of known length");
  Type element = shapeType.getElementType();
  int64_t rank = shapeType.getDimSize(0);
  SmallVector<APInt> dims, zeros;
  for (int64_t d = 0; d < rank; ++d) {
    dims.push_back(APInt(element.getIntOrFloatBitWidth(), d));
    zeros.push_back(APInt(element.getIntOrFloatBitWidth(), 0));
  }
  Value dimIndices = lite::ConstantOp::create(
      builder, loc, DenseElementsAttr::get(shapeType, dims));
  Value zero = lite::ConstantOp::create(
      builder, loc, DenseElementsAttr::get(shapeType, zeros));
  Value axis = ctx.inputs[0];
  if (cast<TensorType>(axis.getType()).getElementType() != element)
    axis = lite::CastOp::create(
        builder, loc, cast<TensorType>(axis.getType()).clone(element), axis);
  Value isAxis = createInferred<lite::EqualOp>(
      builder, loc, builder.getI1Type(), dimIndices, axis);
  SmallVector<Value> offsets;
  Value before = zero;
  offsets.push_back(zero);
  for (Value shape : ctx.inputs.drop_front().drop_back()) {
    before = createInferred<lite::AddOp>(builder, loc, element, before, shape,
                                         lite::ActivationFunctionType::NONE);
    offsets.push_back(before);
  }
  for (Value &offset : offsets)
    offset = createInferred<lite::SelectV2Op>(builder, loc, element, isAxis,
                                              offset, zero);
  return offsets;
}

/// Assert: normalizeAssertions left the condition alone and the message in
/// kAssertMessageAttr.
Values buildAssert(ImportContext &ctx) {
  const tf::AttrValue *message = findAttr(ctx.node.node, kAssertMessageAttr);
  lite::AssertOp::create(ctx.builder, ctx.loc, TypeRange(), ctx.inputs[0],
                         message ? message->s() : "");
  return SmallVector<Value>();
}

/// The rank-1 condition `cond` of a v1 Select reshaped to [n, 1, ..., 1],
/// with as many dims as `x` has, computed at run time from x's shape.
Value reshapeRowCondition(OpBuilder &builder, Location loc, Value cond,
                          Value x) {
  Type i32 = builder.getI32Type();
  auto vector = [&](int64_t n) { return RankedTensorType::get({n}, i32); };
  Value xShape =
      lite::ShapeOp::create(builder, loc, vector(ShapedType::kDynamic), x);
  Value xRank = lite::ShapeOp::create(builder, loc, vector(1), xShape);
  Value trailing = lite::SubOp::create(builder, loc, vector(1), xRank,
                                       lite::createI32Vector(builder, loc, {1}),
                                       lite::ActivationFunctionType::NONE);
  Value ones =
      lite::FillOp::create(builder, loc, vector(ShapedType::kDynamic), trailing,
                           lite::createI32Scalar(builder, loc, 1));
  Value rows = lite::ShapeOp::create(builder, loc, vector(1), cond);
  Value shape = lite::ConcatenationOp::create(
      builder, loc, vector(ShapedType::kDynamic), ValueRange{rows, ones},
      /*axis=*/0, lite::ActivationFunctionType::NONE);
  // [n, 1, ..., 1] of x's rank, where that is known.
  auto condType = cast<TensorType>(cond.getType());
  Type reshaped = UnrankedTensorType::get(condType.getElementType());
  if (auto ranked = dyn_cast<RankedTensorType>(x.getType());
      ranked && condType.hasRank() && ranked.getRank() >= 1) {
    SmallVector<int64_t> dims(ranked.getRank(), 1);
    dims.front() = condType.getDimSize(0);
    reshaped = RankedTensorType::get(dims, condType.getElementType());
  }
  return lite::ReshapeOp::create(builder, loc, reshaped, cond, shape);
}

/// v1 Select takes a condition of the inputs' shape, a scalar, or a vector
/// along the first dimension. The vector form becomes a condition reshaped
/// to [n, 1, ..., 1] (as many ones as x has further dims) so that
/// select_v2's broadcasting applies it row by row.
Values buildSelect(ImportContext &ctx) {
  Value cond = ctx.inputs[0], x = ctx.inputs[1], y = ctx.inputs[2];
  auto condType = dyn_cast<RankedTensorType>(cond.getType());
  auto xType = dyn_cast<RankedTensorType>(x.getType());
  if (condType && (condType.getRank() == 0 ||
                   (xType && condType.getRank() == xType.getRank())))
    return single(ctx.create<lite::SelectV2Op>(cond, x, y));
  if (!condType || condType.getRank() != 1) {
    llvm::raw_string_ostream os(ctx.error);
    os << "Select with condition " << cond.getType() << " and inputs "
       << x.getType()
       << " is not supported: the condition must be a scalar, a vector or "
          "of the inputs' rank";
    return failure();
  }
  Value rows = reshapeRowCondition(ctx.builder, ctx.loc, cond, x);
  return single(ctx.create<lite::SelectV2Op>(rows, x, y));
}

/// Reshape: lite.reshape takes an int32 shape.
Values buildReshape(ImportContext &ctx) {
  Value shape = ctx.inputs[1];
  auto shapeType = dyn_cast<TensorType>(shape.getType());
  if (shapeType && !shapeType.getElementType().isInteger(32))
    shape = lite::CastOp::create(
        ctx.builder, ctx.loc, shapeType.clone(ctx.builder.getI32Type()), shape);
  return single(ctx.create<lite::ReshapeOp>(ctx.inputs[0], shape));
}

Values buildSqueeze(ImportContext &ctx) {
  SmallVector<int32_t> dims;
  if (const tf::AttrValue *attr = findAttr(ctx.node.node, "squeeze_dims"))
    for (int64_t dim : attr->list().i())
      dims.push_back(dim);
  return single(ctx.create<lite::SqueezeOp>(ctx.inputs[0], dims));
}

/// ConcatV2: the axis is the trailing constant input.
Values buildConcat(ImportContext &ctx) {
  std::optional<int64_t> axis = ctx.constantInt(ctx.inputs.size() - 1);
  if (!axis)
    return ctx.fail("ConcatV2 needs a constant axis");
  return single(ctx.create<lite::ConcatenationOp>(
      ctx.inputs.drop_back(), static_cast<int32_t>(*axis),
      lite::ActivationFunctionType::NONE));
}

Values buildPack(ImportContext &ctx) {
  return single(ctx.create<lite::PackOp>(
      ctx.inputs, static_cast<int32_t>(intAttr(ctx.node.node, "axis", 0))));
}

Values buildUnpack(ImportContext &ctx) {
  auto op = lite::UnpackOp::create(
      ctx.builder, ctx.loc,
      SmallVector<Type>(ctx.outputs, UnrankedTensorType::get(ctx.element)),
      ctx.inputs[0], static_cast<int32_t>(intAttr(ctx.node.node, "axis", 0)));
  refineResultTypes(op);
  return SmallVector<Value>(op.getResults());
}

/// Split's axis (input 0, a constant) in [0, rank), or failure.
FailureOr<int64_t> splitAxis(ImportContext &ctx, int64_t rank) {
  std::optional<int64_t> axis = ctx.constantInt(0);
  if (!axis) {
    ctx.error = "Split needs a constant scalar axis";
    return failure();
  }
  FailureOr<int64_t> normalized = sluice::lite::normalizeAxis(*axis, rank);
  if (failed(normalized))
    ctx.error = "Split's axis is out of range for its input";
  return normalized;
}

/// Split: lite.split along the constant axis, one result per output.
Values buildSplit(ImportContext &ctx) {
  int64_t requested = intAttr(ctx.node.node, "num_split", 0);
  if (requested < 1 || requested > 1024)
    return ctx.fail("Split has num_split " + Twine(requested) +
                    ", expected 1 to 1024");
  Value value = ctx.inputs[1];
  auto input = dyn_cast<RankedTensorType>(value.getType());
  if (!input)
    return ctx.fail("Split needs an input of known rank");
  FailureOr<int64_t> axis = splitAxis(ctx, input.getRank());
  if (failed(axis))
    return failure();
  int64_t size = input.getDimSize(*axis);
  if (!input.isDynamicDim(*axis) && size % ctx.outputs != 0)
    return ctx.fail("Split cannot divide dimension " + Twine(*axis) +
                    " of size " + Twine(size) + " into " + Twine(ctx.outputs) +
                    " equal parts");
  auto op = lite::SplitOp::create(
      ctx.builder, ctx.loc,
      SmallVector<Type>(ctx.outputs, UnrankedTensorType::get(ctx.element)),
      lite::createI32Scalar(ctx.builder, ctx.loc, *axis), value);
  refineResultTypes(op);
  return SmallVector<Value>(op.getResults());
}

/// SplitV: one slice per entry of the constant size_splits, along the
/// constant axis; one entry may be -1, the rest of the dimension.
Values buildSplitV(ImportContext &ctx) {
  Value value = ctx.inputs[0];
  auto input = dyn_cast<RankedTensorType>(value.getType());
  if (!input)
    return ctx.fail("SplitV needs an input of known rank");
  std::optional<int64_t> axisValue = ctx.constantInt(2);
  if (!axisValue)
    return ctx.fail("SplitV needs a constant scalar axis");
  FailureOr<int64_t> axis =
      sluice::lite::normalizeAxis(*axisValue, input.getRank());
  if (failed(axis))
    return ctx.fail("SplitV's axis " + Twine(*axisValue) +
                    " is out of range for its input of rank " +
                    Twine(input.getRank()));
  DenseElementsAttr splits = ctx.node.constantInput(1);
  if (!splits || !splits.getElementType().isIntOrIndex())
    return ctx.fail("SplitV needs constant size_splits");
  SmallVector<int64_t> sizes;
  for (const APInt &size : splits.getValues<APInt>())
    sizes.push_back(size.getSExtValue());
  if (sizes.size() != ctx.outputs)
    return ctx.fail("SplitV has " + Twine(sizes.size()) +
                    " size_splits for num_split " + Twine(ctx.outputs));
  int64_t known = 0, unknownAt = -1;
  for (auto [k, size] : llvm::enumerate(sizes)) {
    if (size == -1 && unknownAt < 0) {
      unknownAt = k;
      continue;
    }
    if (size < 0)
      return ctx.fail("SplitV's size_splits has " + Twine(size) +
                      " (one entry may be -1, the others at least 0)");
    known += size;
  }
  int64_t dimSize = input.getDimSize(*axis);
  if (unknownAt >= 0) {
    if (input.isDynamicDim(*axis))
      return ctx.fail("SplitV with a -1 size along a dimension of unknown "
                      "size is not supported");
    if (known > dimSize)
      return ctx.fail("SplitV's size_splits sum to " + Twine(known) +
                      ", more than dimension " + Twine(*axis) + "'s size " +
                      Twine(dimSize));
    sizes[unknownAt] = dimSize - known;
  } else if (input.isDynamicDim(*axis)) {
    return ctx.fail("SplitV along a dimension of unknown size is not "
                    "supported (its size_splits could not be checked)");
  } else if (known != dimSize) {
    return ctx.fail("SplitV's size_splits sum to " + Twine(known) +
                    ", not dimension " + Twine(*axis) + "'s size " +
                    Twine(dimSize));
  }
  SmallVector<Value> parts;
  int64_t offset = 0;
  for (int64_t size : sizes) {
    SmallVector<int32_t> begin(input.getRank(), 0), extent(input.getRank(), -1);
    begin[*axis] = offset;
    extent[*axis] = size;
    parts.push_back(ctx.create<lite::SliceOp>(
        value, lite::createI32Vector(ctx.builder, ctx.loc, begin),
        lite::createI32Vector(ctx.builder, ctx.loc, extent)));
    offset += size;
  }
  return parts;
}

/// Rank: a constant when the input's rank is known, else the size of its
/// shape as a scalar.
Values buildRank(ImportContext &ctx) {
  if (auto ranked = dyn_cast<RankedTensorType>(ctx.inputs[0].getType()))
    return single(
        lite::createI32Scalar(ctx.builder, ctx.loc, ranked.getRank()));
  Value shape = ctx.create<lite::ShapeOp>(ctx.inputs[0]);
  Value rank = ctx.create<lite::ShapeOp>(shape);
  return single(ctx.create<lite::ReshapeOp>(
      rank, lite::createI32Vector(ctx.builder, ctx.loc, {})));
}

/// Size: the product of the shape (as TF's converter writes it: SHAPE and
/// REDUCE_PROD).
Values buildSize(ImportContext &ctx) {
  Value shape = ctx.create<lite::ShapeOp>(ctx.inputs[0]);
  return single(ctx.create<lite::ReduceProdOp>(
      shape, lite::createI32Vector(ctx.builder, ctx.loc, {0}),
      /*keep_dims=*/false));
}

Values buildStridedSlice(ImportContext &ctx) {
  auto mask = [&](StringRef name) {
    return static_cast<int32_t>(intAttr(ctx.node.node, name, 0));
  };
  return single(ctx.create<lite::StridedSliceOp>(
      ctx.inputs[0], ctx.inputs[1], ctx.inputs[2], ctx.inputs[3],
      mask("begin_mask"), mask("end_mask"), mask("ellipsis_mask"),
      mask("new_axis_mask"), mask("shrink_axis_mask")));
}

/// GatherV2: the axis is a constant input.
Values buildGather(ImportContext &ctx) {
  std::optional<int64_t> axis = ctx.constantInt(2);
  if (!axis)
    return ctx.fail("GatherV2 needs a constant axis");
  return single(ctx.create<lite::GatherOp>(
      ctx.inputs[0], ctx.inputs[1], static_cast<int32_t>(*axis),
      static_cast<int32_t>(intAttr(ctx.node.node, "batch_dims", 0))));
}

/// Range: an input whose rank the graph does not say (a StridedSlice that
/// shrinks to a scalar, say) is reshaped to the scalar the op takes; a
/// non-scalar fails that reshape at run time.
Values buildRange(ImportContext &ctx) {
  SmallVector<Value> scalars;
  Value scalarShape;
  for (Value operand : ctx.inputs) {
    auto type = cast<TensorType>(operand.getType());
    if (!type.hasRank() || type.getRank() != 0) {
      if (!scalarShape)
        scalarShape = lite::createI32Vector(ctx.builder, ctx.loc, {});
      operand = lite::ReshapeOp::create(
          ctx.builder, ctx.loc,
          RankedTensorType::get({}, type.getElementType()), operand,
          scalarShape);
    }
    scalars.push_back(operand);
  }
  return single(ctx.create<lite::RangeOp>(scalars[0], scalars[1], scalars[2]));
}

/// RandomUniform: float32 only, and seeded (TF's unseeded generator draws
/// other numbers at each run).
Values buildRandomUniform(ImportContext &ctx) {
  if (!ctx.element.isF32()) {
    llvm::raw_string_ostream os(ctx.error);
    os << "RandomUniform of " << ctx.element
       << " is not supported (only float32)";
    return failure();
  }
  int64_t seed = intAttr(ctx.node.node, "seed", 0);
  int64_t seed2 = intAttr(ctx.node.node, "seed2", 0);
  if (seed == 0 && seed2 == 0)
    return ctx.fail("RandomUniform without a seed draws other numbers each "
                    "time TensorFlow runs it; give the graph a seed "
                    "(tf.compat.v1.set_random_seed) or the op one");
  return single(ctx.create<lite::RandomUniformOp>(
      ctx.inputs[0], static_cast<uint64_t>(seed),
      static_cast<uint64_t>(seed2)));
}

/// Pad: PadV2 with a zero of the input's element type.
Values buildPad(ImportContext &ctx) {
  Value zero = lite::ConstantOp::create(
      ctx.builder, ctx.loc,
      DenseElementsAttr::get(RankedTensorType::get({}, ctx.element),
                             ctx.builder.getZeroAttr(ctx.element)));
  return single(ctx.create<lite::PadOp>(ctx.inputs[0], ctx.inputs[1], zero));
}

/// MirrorPad: its mode by name.
Values buildMirrorPad(ImportContext &ctx) {
  const tf::AttrValue *mode = findAttr(ctx.node.node, "mode");
  std::optional<lite::MirrorPadMode> parsed =
      mode ? lite::symbolizeMirrorPadMode(mode->s()) : std::nullopt;
  if (!parsed)
    return ctx.fail("MirrorPad needs mode REFLECT or SYMMETRIC");
  return single(
      ctx.create<lite::MirrorPadOp>(ctx.inputs[0], ctx.inputs[1], *parsed));
}

/// ReverseSequence: seq_dim and batch_dim as attributes.
Values buildReverseSequence(ImportContext &ctx) {
  int64_t seqDim = intAttr(ctx.node.node, "seq_dim", -1);
  int64_t batchDim = intAttr(ctx.node.node, "batch_dim", 0);
  if (seqDim < INT32_MIN || seqDim > INT32_MAX || batchDim < INT32_MIN ||
      batchDim > INT32_MAX)
    return ctx.fail("ReverseSequence's seq_dim or batch_dim is out of range");
  return single(ctx.create<lite::ReverseSequenceOp>(
      ctx.inputs[0], ctx.inputs[1], static_cast<int32_t>(seqDim),
      static_cast<int32_t>(batchDim)));
}

/// OneHot: uint8 and int8 indices widened to int32 (TFLite's ONE_HOT takes
/// int32 and int64).
Values buildOneHot(ImportContext &ctx) {
  Value indices = ctx.inputs[0];
  auto type = dyn_cast<TensorType>(indices.getType());
  if (type && type.getElementType().getIntOrFloatBitWidth() == 8) {
    Type widened = type.clone(ctx.builder.getI32Type());
    indices = lite::CastOp::create(ctx.builder, ctx.loc, widened, indices);
  }
  int64_t axis = intAttr(ctx.node.node, "axis", -1);
  if (axis < INT32_MIN || axis > INT32_MAX)
    return ctx.fail("OneHot's axis is out of range");
  return single(ctx.create<lite::OneHotOp>(indices, ctx.inputs[1],
                                           ctx.inputs[2], ctx.inputs[3],
                                           static_cast<int32_t>(axis)));
}

/// Softmax: TF's has no beta (TFLite's 1).
Values buildSoftmax(ImportContext &ctx) {
  return single(ctx.create<lite::SoftmaxOp>(ctx.inputs[0],
                                            ctx.builder.getF32FloatAttr(1.0f)));
}

/// Input `index` as a scalar (an unranked one reshaped to rank 0), or
/// failure naming it.
FailureOr<Value> scalarInput(ImportContext &ctx, unsigned index,
                             StringRef name) {
  Value value = ctx.inputs[index];
  auto type = cast<TensorType>(value.getType());
  if (!type.hasRank())
    return Value(lite::ReshapeOp::create(
        ctx.builder, ctx.loc, RankedTensorType::get({}, type.getElementType()),
        value, lite::createI32Vector(ctx.builder, ctx.loc, {})));
  if (type.getRank() != 0) {
    ctx.error = (ctx.op() + "'s " + name + " must be a scalar, not of rank " +
                 Twine(type.getRank()))
                    .str();
    return failure();
  }
  return value;
}

/// TopKV2: k read as an int32 scalar, the indices given TF's index_type.
/// `sorted` = false leaves TF's order unspecified (its kernel then returns
/// a heap's order): it is imported sorted, one of the orders TF allows.
Values buildTopK(ImportContext &ctx) {
  OpBuilder &builder = ctx.builder;
  Type i32 = builder.getI32Type();
  auto input = dyn_cast<RankedTensorType>(ctx.inputs[0].getType());
  if (input && input.getRank() == 0)
    return ctx.fail("TopKV2 needs an input of rank >= 1");
  FailureOr<Value> scalarK = scalarInput(ctx, 1, "k");
  if (failed(scalarK))
    return failure();
  Value k = *scalarK;
  auto scalar = RankedTensorType::get({}, i32);
  if (std::optional<int64_t> constant = ctx.constantInt(1)) {
    // A k beyond int32 is more than any row holds: TF refuses it.
    if (*constant < 0 || *constant > INT32_MAX)
      return ctx.fail("TopKV2's k = " + Twine(*constant) +
                      " is outside [0, 2^31)");
    k = lite::createI32Scalar(builder, ctx.loc, *constant);
  } else {
    Type kElement = getElementTypeOrSelf(k.getType());
    if (kElement.getIntOrFloatBitWidth() > 32) {
      // Saturated into [-1, INT32_MAX] before narrowing, so that a k out of
      // range stays out of range (the kernels refuse it) instead of
      // wrapping into it.
      auto wide = RankedTensorType::get({}, kElement);
      auto bound = [&](int64_t v) -> Value {
        return lite::ConstantOp::create(
            builder, ctx.loc,
            DenseElementsAttr::get(wide, builder.getIntegerAttr(kElement, v)));
      };
      k = lite::MinimumOp::create(builder, ctx.loc, wide, k, bound(INT32_MAX));
      k = lite::MaximumOp::create(builder, ctx.loc, wide, k, bound(-1));
    }
    if (kElement != i32)
      k = lite::CastOp::create(builder, ctx.loc, scalar, k);
  }
  auto op = lite::TopKOp::create(builder, ctx.loc,
                                 TypeRange{UnrankedTensorType::get(ctx.element),
                                           UnrankedTensorType::get(i32)},
                                 ctx.inputs[0], k);
  refineResultTypes(op);
  Value indices = op.getIndices();
  if (findAttr(ctx.node.node, "index_type")) {
    std::string error;
    Type indexType =
        getTypeAttr(ctx.node.node, "index_type", builder.getContext(), error);
    if (!indexType)
      return ctx.fail(error);
    if (indexType != i32)
      indices = lite::CastOp::create(
          builder, ctx.loc,
          cast<TensorType>(indices.getType()).clone(indexType), indices);
  }
  return SmallVector<Value>{op.getValues(), indices};
}

/// NonMaxSuppressionV4: lite.non_max_suppression_v4, padded to
/// max_output_size as TFLite's is; without pad_to_max_output_size, padded
/// to no more than the number of boxes (a huge max_output_size costs
/// nothing, as in TF) and its indices cut to valid_outputs.
Values buildNonMaxSuppressionV4(ImportContext &ctx) {
  OpBuilder &builder = ctx.builder;
  Type f32 = builder.getF32Type(), i32 = builder.getI32Type();
  for (unsigned i : {0u, 1u, 3u, 4u})
    if (elementTypeOf(ctx.inputs[i].getType()) != f32)
      return ctx.fail("NonMaxSuppressionV4 is supported on float32 boxes, "
                      "scores and thresholds only");
  FailureOr<Value> maxOutputs = scalarInput(ctx, 2, "max_output_size");
  FailureOr<Value> iou = scalarInput(ctx, 3, "iou_threshold");
  FailureOr<Value> minScore = scalarInput(ctx, 4, "score_threshold");
  if (failed(maxOutputs) || failed(iou) || failed(minScore))
    return failure();
  bool padded = boolAttr(ctx.node.node, "pad_to_max_output_size");
  int64_t size = ShapedType::kDynamic;
  if (std::optional<int64_t> constant = ctx.constantInt(2);
      constant && *constant >= 0)
    size = *constant;
  auto scoresType = dyn_cast<RankedTensorType>(ctx.inputs[1].getType());
  if (!padded) {
    // A negative max_output_size stays negative (and refused).
    auto scalar = RankedTensorType::get({}, i32);
    Value boxes = lite::ShapeOp::create(
        builder, ctx.loc, RankedTensorType::get({ShapedType::kDynamic}, i32),
        ctx.inputs[1]);
    boxes =
        lite::ReshapeOp::create(builder, ctx.loc, scalar, boxes,
                                lite::createI32Vector(builder, ctx.loc, {}));
    *maxOutputs =
        lite::MinimumOp::create(builder, ctx.loc, scalar, *maxOutputs, boxes);
    if (scoresType && scoresType.getRank() == 1 &&
        !scoresType.isDynamicDim(0) && size != ShapedType::kDynamic)
      size = std::min(size, scoresType.getDimSize(0));
    else
      size = ShapedType::kDynamic;
  }
  auto op = lite::NonMaxSuppressionV4Op::create(
      builder, ctx.loc,
      TypeRange{RankedTensorType::get({size}, i32),
                RankedTensorType::get({}, i32)},
      ctx.inputs[0], ctx.inputs[1], *maxOutputs, *iou, *minScore);
  Value selected = op.getSelectedIndices();
  if (!padded) {
    auto vector = RankedTensorType::get({1}, i32);
    Value count =
        lite::ReshapeOp::create(builder, ctx.loc, vector, op.getValidOutputs(),
                                lite::createI32Vector(builder, ctx.loc, {1}));
    selected = lite::SliceOp::create(
        builder, ctx.loc, RankedTensorType::get({ShapedType::kDynamic}, i32),
        selected, lite::createI32Vector(builder, ctx.loc, {0}), count);
  }
  return SmallVector<Value>{selected, op.getValidOutputs()};
}

/// Cumsum / Cumprod with their exclusive and reverse attributes.
template <typename OpTy> Values buildScan(ImportContext &ctx) {
  return single(ctx.create<OpTy>(ctx.inputs[0], ctx.inputs[1],
                                 boolAttr(ctx.node.node, "exclusive"),
                                 boolAttr(ctx.node.node, "reverse")));
}

template <typename OpTy> Values buildReduce(ImportContext &ctx) {
  return single(ctx.create<OpTy>(ctx.inputs[0], ctx.inputs[1],
                                 boolAttr(ctx.node.node, "keep_dims")));
}

/// All(x) = min(int32(x)) != 0, Any(x) = max(int32(x)) != 0.
template <typename ReduceOpTy> Values buildBoolReduce(ImportContext &ctx) {
  auto input = dyn_cast<TensorType>(ctx.inputs[0].getType());
  if (!input || !input.getElementType().isInteger(1))
    return ctx.fail(ctx.op() + " needs a boolean input");
  OpBuilder &builder = ctx.builder;
  Type i32 = builder.getI32Type();
  Value ints =
      lite::CastOp::create(builder, ctx.loc, input.clone(i32), ctx.inputs[0]);
  Value reduced =
      createInferred<ReduceOpTy>(builder, ctx.loc, i32, ints, ctx.inputs[1],
                                 boolAttr(ctx.node.node, "keep_dims"));
  return single(ctx.create<lite::NotEqualOp>(
      reduced, lite::createI32Scalar(builder, ctx.loc, 0)));
}

//===----------------------------------------------------------------------===//
// Windows: Conv2D, DepthwiseConv2dNative, MaxPool, AvgPool
//===----------------------------------------------------------------------===//

/// A TF window op's attributes, read in NHWC order whatever its
/// data_format.
struct TFWindow {
  bool channelsFirst = false;
  lite::Padding padding = lite::Padding::VALID;
  /// EXPLICIT padding as [[0, 0], [top, bottom], [left, right], [0, 0]].
  SmallVector<int32_t> explicitPaddings;
  int32_t strides[2] = {1, 1}, dilations[2] = {1, 1}, ksize[2] = {1, 1};
};

/// The NHWC (or NCHW) four-element list attribute `name` as its rows and
/// columns entries; its batch and channel entries must be 1 (TF's rule).
LogicalResult readSpatialList(ImportContext &ctx, const TFWindow &window,
                              StringRef name, int32_t (&out)[2]) {
  const tf::AttrValue *attr = findAttr(ctx.node.node, name);
  if (!attr)
    return success();
  const auto &list = attr->list().i();
  int spatial = window.channelsFirst ? 2 : 1;
  int channel = window.channelsFirst ? 1 : 3;
  if (list.size() != 4 || list[0] != 1 || list[channel] != 1) {
    ctx.error = ctx.op() + " needs " + name.str() +
                " of 4 entries with 1 for the batch and the channels";
    return failure();
  }
  for (int d = 0; d < 2; ++d) {
    if (list[spatial + d] < 1 || list[spatial + d] > INT32_MAX) {
      ctx.error = ctx.op() + " has " + name.str() + " entry " +
                  std::to_string(list[spatial + d]) + ", not a positive int32";
      return failure();
    }
    out[d] = static_cast<int32_t>(list[spatial + d]);
  }
  return success();
}

FailureOr<TFWindow> readWindow(ImportContext &ctx, bool pool) {
  TFWindow window;
  if (const tf::AttrValue *format = findAttr(ctx.node.node, "data_format")) {
    if (format->s() == "NCHW") {
      window.channelsFirst = true;
    } else if (format->s() != "NHWC") {
      ctx.error = ctx.op() + " with data_format " + format->s() +
                  " is not supported (NHWC or NCHW)";
      return failure();
    }
  }
  const tf::AttrValue *padding = findAttr(ctx.node.node, "padding");
  StringRef kind = padding ? StringRef(padding->s()) : StringRef();
  if (kind == "SAME") {
    window.padding = lite::Padding::SAME;
  } else if (kind == "EXPLICIT" && !pool) {
    const tf::AttrValue *list = findAttr(ctx.node.node, "explicit_paddings");
    int spatial = window.channelsFirst ? 2 : 1;
    if (!list || list->list().i_size() != 8) {
      ctx.error = ctx.op() + " with EXPLICIT padding needs 8 "
                             "explicit_paddings";
      return failure();
    }
    int channel = window.channelsFirst ? 1 : 3;
    for (int side = 0; side < 2; ++side)
      if (list->list().i(side) != 0 || list->list().i(2 * channel + side)) {
        ctx.error = ctx.op() + " pads the batch or the channels "
                               "(explicit_paddings), which TF refuses";
        return failure();
      }
    window.explicitPaddings.assign(8, 0);
    for (int d = 0; d < 2; ++d)
      for (int side = 0; side < 2; ++side) {
        int64_t value = list->list().i(2 * (spatial + d) + side);
        if (value < 0 || value > INT32_MAX) {
          ctx.error = ctx.op() + " has the explicit padding " +
                      std::to_string(value) + ", not a non-negative int32";
          return failure();
        }
        window.explicitPaddings[2 * (1 + d) + side] =
            static_cast<int32_t>(value);
      }
  } else if (kind != "VALID") {
    ctx.error = ctx.op() + " with padding '" + kind.str() +
                "' is not supported (SAME, VALID" +
                (pool ? "" : " or EXPLICIT") + ")";
    return failure();
  }
  if (failed(readSpatialList(ctx, window, "strides", window.strides)) ||
      failed(readSpatialList(ctx, window, "dilations", window.dilations)) ||
      (pool && failed(readSpatialList(ctx, window, "ksize", window.ksize))))
    return failure();
  return window;
}

/// `value` permuted by `perm` (a constant vector).
Value transposed(ImportContext &ctx, Value value, ArrayRef<int32_t> perm) {
  return ctx.create<lite::TransposeOp>(
      value, lite::createI32Vector(ctx.builder, ctx.loc, perm));
}

/// Builds a window op on the NHWC image of input 0 (transposed from NCHW,
/// padded for EXPLICIT) and returns its result in the node's data format.
Values buildOnImage(ImportContext &ctx, const TFWindow &window,
                    llvm::function_ref<Value(Value)> build) {
  Value image = ctx.inputs[0];
  if (window.channelsFirst)
    image = transposed(ctx, image, {0, 2, 3, 1});
  if (!window.explicitPaddings.empty()) {
    auto paddings = RankedTensorType::get({4, 2}, ctx.builder.getI32Type());
    Value zero = lite::ConstantOp::create(
        ctx.builder, ctx.loc,
        DenseElementsAttr::get(RankedTensorType::get({}, ctx.element),
                               ctx.builder.getZeroAttr(ctx.element)));
    image = ctx.create<lite::PadOp>(
        image,
        lite::ConstantOp::create(
            ctx.builder, ctx.loc,
            DenseElementsAttr::get(paddings,
                                   ArrayRef<int32_t>(window.explicitPaddings))),
        zero);
  }
  Value result = build(image);
  if (window.channelsFirst)
    result = transposed(ctx, result, {0, 3, 1, 2});
  return single(result);
}

/// Conv2D: TF's [h, w, in, out] filter transposed to TFLite's [out, h, w,
/// in].
Values buildConv2D(ImportContext &ctx) {
  FailureOr<TFWindow> window = readWindow(ctx, /*pool=*/false);
  if (failed(window))
    return failure();
  Value filter = transposed(ctx, ctx.inputs[1], {3, 0, 1, 2});
  return buildOnImage(ctx, *window, [&](Value image) -> Value {
    return ctx.create<lite::Conv2DOp>(
        image, filter, /*bias=*/Value(),
        window->explicitPaddings.empty() ? window->padding
                                         : lite::Padding::VALID,
        window->strides[1], window->strides[0], window->dilations[1],
        window->dilations[0], lite::ActivationFunctionType::NONE);
  });
}

/// DepthwiseConv2dNative: TF's [h, w, in, multiplier] filter reshaped to
/// TFLite's [1, h, w, in * multiplier] (the same element order).
Values buildDepthwiseConv2D(ImportContext &ctx) {
  FailureOr<TFWindow> window = readWindow(ctx, /*pool=*/false);
  if (failed(window))
    return failure();
  auto filterType = dyn_cast<RankedTensorType>(ctx.inputs[1].getType());
  if (!filterType || filterType.getRank() != 4 ||
      !filterType.hasStaticShape() || filterType.getDimSize(3) < 1 ||
      filterType.getNumElements() > INT32_MAX)
    return ctx.fail(ctx.op() + " needs a filter [height, width, channels, "
                               "multiplier] of known shape");
  ArrayRef<int64_t> dims = filterType.getShape();
  Value shape = lite::createI32Vector(
      ctx.builder, ctx.loc,
      {1, static_cast<int32_t>(dims[0]), static_cast<int32_t>(dims[1]),
       static_cast<int32_t>(dims[2] * dims[3])});
  Value filter = ctx.create<lite::ReshapeOp>(ctx.inputs[1], shape);
  return buildOnImage(ctx, *window, [&](Value image) -> Value {
    return ctx.create<lite::DepthwiseConv2DOp>(
        image, filter, /*bias=*/Value(),
        window->explicitPaddings.empty() ? window->padding
                                         : lite::Padding::VALID,
        window->strides[1], window->strides[0], static_cast<int32_t>(dims[3]),
        window->dilations[1], window->dilations[0],
        lite::ActivationFunctionType::NONE);
  });
}

/// MaxPool, AvgPool: ksize and strides as the pool's attributes.
template <typename PoolOp> Values buildPool(ImportContext &ctx) {
  FailureOr<TFWindow> window = readWindow(ctx, /*pool=*/true);
  if (failed(window))
    return failure();
  return buildOnImage(ctx, *window, [&](Value image) -> Value {
    return ctx.create<PoolOp>(
        image, window->padding, window->strides[1], window->strides[0],
        window->ksize[1], window->ksize[0], lite::ActivationFunctionType::NONE);
  });
}

/// MatMul: transpose_a/b are batch_matmul's adj_x/y. TF's MatMul multiplies
/// matrices: its result is one whatever its inputs' types say
/// (batch_matmul's rule alone would need their ranks).
Values buildMatMul(ImportContext &ctx) {
  int64_t dynamic = ShapedType::kDynamic;
  auto op = lite::BatchMatMulOp::create(
      ctx.builder, ctx.loc,
      RankedTensorType::get({dynamic, dynamic}, ctx.element), ctx.inputs[0],
      ctx.inputs[1], boolAttr(ctx.node.node, "transpose_a"),
      boolAttr(ctx.node.node, "transpose_b"));
  refineResultTypes(op);
  return single(op);
}

Values buildBatchMatMul(ImportContext &ctx) {
  return single(ctx.create<lite::BatchMatMulOp>(
      ctx.inputs[0], ctx.inputs[1], boolAttr(ctx.node.node, "adj_x"),
      boolAttr(ctx.node.node, "adj_y")));
}

constexpr const char *kMatrixDiagInputs =
    "diagonal, k, num_rows, num_cols, padding_value";

// clang-format off
constexpr OpMapping kMappings[] = {
  // The elementwise records' `tfOps` (LiteOps.td, sluice-tblgen).
#include "sluice/Dialect/Lite/IR/LiteTFImport.inc"
  {"BiasAdd", buildBiasAdd, ResultElement::T, 2, false, ""},
  {"AddN", buildAddN, ResultElement::T, 1, true, ""},
  {"TanhGrad", buildTanhGrad, ResultElement::T, 2, false, "", "y, dy"},
  {"BiasAddGrad", buildBiasAddGrad, ResultElement::T, 1, false, ""},
  {"InvertPermutation", buildInvertPermutation, ResultElement::T, 1, false, ""},
  {"ConcatOffset", buildConcatOffset, ResultElement::T, 2, true, "N"},
  {"MatrixDiag", buildMatrixDiag, ResultElement::T, 1, false, ""},
  {"MatrixDiagV2", buildMatrixDiag, ResultElement::T, 5, false, "", kMatrixDiagInputs},
  {"MatrixDiagV3", buildMatrixDiag, ResultElement::T, 5, false, "", kMatrixDiagInputs},
  // Checks.
  {"Assert", buildAssert, ResultElement::None, 1, false, "", "the condition"},
  {"Cast", buildOnInputs<lite::CastOp>, ResultElement::DstT, 1, false, ""},
  // Selection.
  {"Select", buildSelect, ResultElement::T, 3, false, ""},
  {"SelectV2", buildOnInputs<lite::SelectV2Op>, ResultElement::T, 3, false, ""},
  // Shapes.
  {"Reshape", buildReshape, ResultElement::T, 2, false, ""},
  {"ExpandDims", buildOnInputs<lite::ExpandDimsOp>, ResultElement::T, 2, false, ""},
  {"Squeeze", buildSqueeze, ResultElement::T, 1, false, ""},
  {"ConcatV2", buildConcat, ResultElement::T, 2, true, ""},
  {"Pack", buildPack, ResultElement::T, 1, true, ""},
  {"Unpack", buildUnpack, ResultElement::T, 1, false, "num"},
  {"Split", buildSplit, ResultElement::T, 2, false, "num_split", "axis, value"},
  {"SplitV", buildSplitV, ResultElement::T, 3, false, "num_split"},
  {"Rank", buildRank, ResultElement::OutType, 1, false, ""},
  {"Size", buildSize, ResultElement::OutType, 1, false, ""},
  {"Slice", buildOnInputs<lite::SliceOp>, ResultElement::T, 3, false, ""},
  {"StridedSlice", buildStridedSlice, ResultElement::T, 4, false, ""},
  {"GatherV2", buildGather, ResultElement::T, 3, false, ""},
  {"Transpose", buildOnInputs<lite::TransposeOp>, ResultElement::T, 2, false, ""},
  {"Fill", buildOnInputs<lite::FillOp>, ResultElement::T, 2, false, ""},
  {"Tile", buildOnInputs<lite::TileOp>, ResultElement::T, 2, false, ""},
  {"ReverseV2", buildOnInputs<lite::ReverseV2Op>, ResultElement::T, 2, false, ""},
  {"Pad", buildPad, ResultElement::T, 2, false, ""},
  {"PadV2", buildOnInputs<lite::PadOp>, ResultElement::T, 3, false, ""},
  {"MirrorPad", buildMirrorPad, ResultElement::T, 2, false, ""},
  {"ReverseSequence", buildReverseSequence, ResultElement::T, 2, false, ""},
  {"OneHot", buildOneHot, ResultElement::T, 4, false, ""},
  {"BroadcastTo", buildOnInputs<lite::BroadcastToOp>, ResultElement::T, 2, false, ""},
  {"Range", buildRange, ResultElement::T, 3, false, ""},
  {"RandomUniform", buildRandomUniform, ResultElement::DType, 1, false, ""},
  {"Shape", buildOnInputs<lite::ShapeOp>, ResultElement::OutType, 1, false, ""},
  // Reductions.
  {"Sum", buildReduce<lite::SumOp>, ResultElement::T, 2, false, ""},
  {"Mean", buildReduce<lite::MeanOp>, ResultElement::T, 2, false, ""},
  {"Max", buildReduce<lite::ReduceMaxOp>, ResultElement::T, 2, false, ""},
  {"Min", buildReduce<lite::ReduceMinOp>, ResultElement::T, 2, false, ""},
  {"Prod", buildReduce<lite::ReduceProdOp>, ResultElement::T, 2, false, ""},
  {"Cumsum", buildScan<lite::CumsumOp>, ResultElement::T, 2, false, ""},
  {"Softmax", buildSoftmax, ResultElement::T, 1, false, ""},
  {"LogSoftmax", buildOnInputs<lite::LogSoftmaxOp>, ResultElement::T, 1, false, ""},
  {"Cumprod", buildScan<lite::CumprodOp>, ResultElement::T, 2, false, ""},
  {"ArgMax", buildOnInputs<lite::ArgMaxOp>, ResultElement::OutputType, 2, false, ""},
  {"ArgMin", buildOnInputs<lite::ArgMinOp>, ResultElement::OutputType, 2, false, ""},
  {"NonMaxSuppressionV4", buildNonMaxSuppressionV4, ResultElement::I32, 5, false, "", "boxes, scores, max_output_size, iou_threshold, score_threshold", "selected_indices, valid_outputs"},
  {"TopKV2", buildTopK, ResultElement::T, 2, false, "", "input, k", "values, indices:index_type"},
  {"All", buildBoolReduce<lite::ReduceMinOp>, ResultElement::Bool, 2, false, ""},
  {"Any", buildBoolReduce<lite::ReduceMaxOp>, ResultElement::Bool, 2, false, ""},
  // Linear algebra.
  {"Conv2D", buildConv2D, ResultElement::T, 2, false, ""},
  {"DepthwiseConv2dNative", buildDepthwiseConv2D, ResultElement::T, 2, false, ""},
  {"MaxPool", buildPool<lite::MaxPool2DOp>, ResultElement::T, 1, false, ""},
  {"AvgPool", buildPool<lite::AveragePool2DOp>, ResultElement::T, 1, false, ""},
  {"MatMul", buildMatMul, ResultElement::T, 2, false, ""},
  {"BatchMatMulV2", buildBatchMatMul, ResultElement::T, 2, false, ""},
};
// clang-format on

const OpMapping *lookup(StringRef op) {
  for (const OpMapping &mapping : kMappings)
    if (mapping.tfName == op)
      return &mapping;
  return nullptr;
}

} // namespace

Type sluice::graphdef::getTypeAttr(const tf::NodeDef &node, StringRef name,
                                   MLIRContext *context, std::string &error) {
  const tf::AttrValue *attr = findAttr(node, name);
  if (!attr || attr->value_case() != tf::AttrValue::kType) {
    error = "missing type attribute '" + name.str() + "'";
    return nullptr;
  }
  Type type = convertDataType(attr->type(), context);
  if (!type)
    error = "unsupported dtype " + dataTypeName(attr->type());
  return type;
}

bool sluice::graphdef::isComputeOp(StringRef op) { return lookup(op); }

std::vector<StringRef> sluice::getImportedComputeOps() {
  std::vector<StringRef> names;
  for (const OpMapping &mapping : kMappings)
    names.push_back(mapping.tfName);
  llvm::sort(names);
  return names;
}

StringRef sluice::graphdef::resultElementTypeAttr(const tf::NodeDef &node) {
  const OpMapping *mapping = lookup(node.op());
  return mapping && mapping->element == ResultElement::DType ? "dtype" : "T";
}

unsigned sluice::graphdef::numComputeOutputs(const tf::NodeDef &node) {
  const OpMapping *mapping = lookup(node.op());
  if (mapping && mapping->element == ResultElement::None)
    return 0;
  if (!mapping)
    return 1;
  if (mapping->outputsAttr.empty())
    return std::max<size_t>(1, mapping->getOutputArgs().size());
  return std::clamp<int64_t>(intAttr(node, mapping->outputsAttr, 1), 1, 1024);
}

unsigned sluice::graphdef::computeOutputArgBase(StringRef op,
                                                StringRef outputArg) {
  const OpMapping *mapping = lookup(op);
  if (!mapping)
    return 0;
  for (auto [index, arg] : llvm::enumerate(mapping->getOutputArgs()))
    if (arg.first == outputArg)
      return index;
  return 0;
}

Type sluice::graphdef::outputElementType(const tf::NodeDef &node, unsigned port,
                                         Type element, MLIRContext *context) {
  const OpMapping *mapping = lookup(node.op());
  if (!mapping)
    return element;
  auto args = mapping->getOutputArgs();
  if (port >= args.size() || args[port].second.empty())
    return element;
  std::string ignored;
  if (findAttr(node, args[port].second))
    if (Type type = getTypeAttr(node, args[port].second, context, ignored))
      return type;
  return IntegerType::get(context, 32);
}

FailureOr<Type> sluice::graphdef::resultElementType(const tf::NodeDef &node,
                                                    ArrayRef<Type> inputTypes,
                                                    MLIRContext *context,
                                                    std::string &error) {
  const OpMapping *mapping = lookup(node.op());
  assert(mapping && "not a compute op");
  Builder b(context);
  auto typeAttr = [&](StringRef name) -> FailureOr<Type> {
    Type type = getTypeAttr(node, name, context, error);
    if (!type)
      return failure();
    return type;
  };
  switch (mapping->element) {
  case ResultElement::None:
    return Type();
  case ResultElement::Bool:
    return Type(b.getI1Type());
  case ResultElement::I32:
    return Type(b.getI32Type());
  case ResultElement::DstT:
    return typeAttr("DstT");
  case ResultElement::DType:
    return typeAttr("dtype");
  case ResultElement::OutType:
    return findAttr(node, "out_type") ? typeAttr("out_type")
                                      : FailureOr<Type>(b.getI32Type());
  case ResultElement::OutputType:
    return findAttr(node, "output_type") ? typeAttr("output_type")
                                         : FailureOr<Type>(b.getI64Type());
  case ResultElement::T: {
    // A DT_VARIANT T (ZerosLike and AddN of TensorLists, in TF2's
    // gradients) is the list's: the first input's.
    const tf::AttrValue *t = findAttr(node, "T");
    if (t && !(t->value_case() == tf::AttrValue::kType &&
               t->type() == tf::DT_VARIANT))
      return typeAttr("T");
    if (inputTypes.empty()) {
      error = "has no T attribute and no input to take its element type from";
      return failure();
    }
    // Null while the first input's type is not known.
    return elementTypeOf(inputTypes.front());
  }
  }
  llvm_unreachable("unknown result element rule");
}

FailureOr<SmallVector<Value>>
sluice::graphdef::buildComputeOp(const ComputeNode &node, OpBuilder &builder,
                                 Location loc, ValueRange inputs,
                                 std::string &error) {
  const OpMapping *mapping = lookup(node.node.op());
  assert(mapping && "not a compute op");
  // The builders read the inputs the row declares.
  unsigned count = inputs.size();
  if (count < mapping->inputs ||
      (!mapping->variadic && count > mapping->inputs)) {
    llvm::raw_string_ostream os(error);
    os << node.node.op()
       << (mapping->variadic ? " needs at least " : " expects ")
       << mapping->inputs << (mapping->inputs == 1 ? " input" : " inputs");
    if (mapping->inputNames)
      os << " (" << mapping->inputNames << ")";
    os << ", has " << count;
    return failure();
  }
  SmallVector<Type> inputTypes(inputs.getTypes());
  FailureOr<Type> element =
      resultElementType(node.node, inputTypes, builder.getContext(), error);
  if (failed(element))
    return failure();
  ImportContext ctx{node,   builder,  loc,
                    inputs, *element, numComputeOutputs(node.node),
                    error};
  return mapping->build(ctx);
}

void sluice::graphdef::normalizeAssertions(tf::GraphDef &graph) {
  llvm::StringMap<tf::NodeDef *> byName;
  for (tf::NodeDef &node : *graph.mutable_node())
    byName[node.name()] = &node;
  auto producerOf = [&](StringRef input) -> tf::NodeDef * {
    if (input.starts_with("^"))
      return nullptr;
    return byName.lookup(input.split(':').first);
  };
  auto isStringConst = [](const tf::NodeDef *node) {
    const tf::AttrValue *dtype = node ? findAttr(*node, "dtype") : nullptr;
    return node && node->op() == "Const" && dtype &&
           dtype->type() == tf::DT_STRING;
  };
  bool any = false;
  for (tf::NodeDef &node : *graph.mutable_node()) {
    if (node.op() != "Assert" || node.input_size() == 0 ||
        StringRef(node.input(0)).starts_with("^"))
      continue;
    any = true;
    // TF prints the data after "assertion failed: ": the strings here, the
    // names of the other tensors.
    std::string message;
    google::protobuf::RepeatedPtrField<std::string> kept;
    kept.Add()->assign(node.input(0));
    for (int i = 1, e = node.input_size(); i < e; ++i) {
      StringRef input = node.input(i);
      if (input.starts_with("^")) {
        kept.Add()->assign(input.str());
        continue;
      }
      tf::NodeDef *producer = producerOf(input);
      std::string part = "[" + input.str() + "]";
      if (isStringConst(producer)) {
        const tf::AttrValue *value = findAttr(*producer, "value");
        if (value && value->tensor().string_val_size() > 0)
          part = "[" + llvm::join(value->tensor().string_val(), "] [") + "]";
      }
      message += (message.empty() ? "" : " ") + part;
    }
    node.mutable_input()->Swap(&kept);
    (*node.mutable_attr())[kAssertMessageAttr.str()].set_s(message);
  }
  if (!any)
    return;
  // String constants nothing reads any more become NoOps (their control
  // inputs kept): Sluice has no string tensors.
  llvm::StringSet<> read;
  for (const tf::NodeDef &node : graph.node())
    for (StringRef input : node.input())
      if (!input.starts_with("^"))
        read.insert(input.split(':').first);
  for (tf::NodeDef &node : *graph.mutable_node())
    if (isStringConst(&node) && !read.contains(node.name())) {
      node.set_op("NoOp");
      node.clear_attr();
    }
}
