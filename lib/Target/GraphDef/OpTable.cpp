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
  I64,        // int64 (Where's coordinates)
  Float,      // float32 (ResizeBilinear of any element type)
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

/// The attribute `name` if it is a list of types (IdentityN's T).
const tf::AttrValue *typeList(const tf::NodeDef &node, StringRef name) {
  const tf::AttrValue *attr = findAttr(node, name);
  return attr && attr->value_case() == tf::AttrValue::kList &&
                 attr->list().type_size() > 0
             ? attr
             : nullptr;
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

constexpr auto kNoActivation = lite::ActivationFunctionType::NONE;

/// A scalar constant of `element` (float, integer or bool).
Value constantOf(ImportContext &ctx, Type element, double value) {
  TypedAttr attr = isa<FloatType>(element)
                       ? TypedAttr(ctx.builder.getFloatAttr(element, value))
                       : TypedAttr(ctx.builder.getIntegerAttr(
                             element, static_cast<int64_t>(value)));
  return lite::createScalar(ctx.builder, ctx.loc, attr);
}

/// A scalar constant of the node's element type.
Value elementConstant(ImportContext &ctx, double value) {
  return constantOf(ctx, ctx.element, value);
}

/// add, sub, mul or div of two values of `element`.
template <typename OpTy>
Value arithOf(ImportContext &ctx, Type element, Value lhs, Value rhs) {
  return createInferred<OpTy>(ctx.builder, ctx.loc, element, lhs, rhs,
                              kNoActivation);
}

/// add, sub, mul or div of two values of the node's element type.
template <typename OpTy> Value arith(ImportContext &ctx, Value lhs, Value rhs) {
  return arithOf<OpTy>(ctx, ctx.element, lhs, rhs);
}

/// A comparison or logical op: a boolean result.
template <typename OpTy>
Value predicate(ImportContext &ctx, Value lhs, Value rhs) {
  return createInferred<OpTy>(ctx.builder, ctx.loc, ctx.builder.getI1Type(),
                              lhs, rhs);
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

/// BiasAdd and BiasAddGrad: the bias' dimension of the input, the last
/// (NHWC, TF's default) or, with data_format NCHW, the second (the last of
/// a matrix, as in TF); failure for an input of unknown rank or rank < 2.
FailureOr<int64_t> biasDimension(ImportContext &ctx) {
  const tf::AttrValue *format = findAttr(ctx.node.node, "data_format");
  auto input = dyn_cast<RankedTensorType>(ctx.inputs[0].getType());
  bool channelsFirst = format && format->s() == "NCHW";
  if (format && !channelsFirst && format->s() != "NHWC") {
    ctx.error = ctx.op() + " with data_format " + format->s() +
                " is not supported (NHWC or NCHW)";
    return failure();
  }
  if (!input || input.getRank() < 2) {
    ctx.error = ctx.op() + " needs an input of known rank, at least 2";
    return failure();
  }
  return channelsFirst ? 1 : input.getRank() - 1;
}

/// BiasAdd: the bias broadcasts along the channel dimension; for NCHW it
/// is reshaped to [C, 1, ..., 1] first.
Values buildBiasAdd(ImportContext &ctx) {
  // NHWC (BiasAddV1's only layout): the bias broadcasts along the last
  // dimension whatever the rank.
  const tf::AttrValue *format = findAttr(ctx.node.node, "data_format");
  if (!format || format->s() == "NHWC")
    return buildArithmetic<lite::AddOp>(ctx);
  FailureOr<int64_t> dim = biasDimension(ctx);
  if (failed(dim))
    return failure();
  int64_t rank = cast<RankedTensorType>(ctx.inputs[0].getType()).getRank();
  Value bias = ctx.inputs[1];
  if (*dim != rank - 1) {
    SmallVector<int32_t> shape(rank - *dim, 1);
    shape.front() = -1;
    bias = ctx.create<lite::ReshapeOp>(
        bias, lite::createI32Vector(ctx.builder, ctx.loc, shape));
  }
  return single(arith<lite::AddOp>(ctx, ctx.inputs[0], bias));
}

/// AddN: TF sums left to right, ((x0 + x1) + x2) + ...
Values buildAddN(ImportContext &ctx) {
  Value sum = ctx.inputs[0];
  for (Value input : ctx.inputs.drop_front())
    sum =
        ctx.create<lite::AddOp>(sum, input, lite::ActivationFunctionType::NONE);
  return single(sum);
}

/// BiasAddGrad: the bias' gradient, the sum over every dimension but the
/// channels'.
Values buildBiasAddGrad(ImportContext &ctx) {
  FailureOr<int64_t> dim = biasDimension(ctx);
  if (failed(dim))
    return failure();
  int64_t rank = cast<RankedTensorType>(ctx.inputs[0].getType()).getRank();
  SmallVector<int32_t> axes;
  for (int32_t axis = 0; axis < rank; ++axis)
    if (axis != *dim)
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
  return single(ctx.create<lite::PadOp>(ctx.inputs[0], ctx.inputs[1],
                                        elementConstant(ctx, 0)));
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
      return ctx.fail(ctx.op() + " is supported on float32 boxes, scores "
                                 "and thresholds only");
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

/// NonMaxSuppression (the IoU threshold an attribute, 0.5 by default), V2
/// (no score threshold: TF's is the lowest float, which a box must exceed)
/// and V3: NonMaxSuppressionV4 unpadded, its selected indices alone.
Values buildOlderNonMaxSuppression(ImportContext &ctx) {
  OpBuilder &builder = ctx.builder;
  SmallVector<Value> inputs(ctx.inputs);
  if (ctx.op() == "NonMaxSuppression") {
    const tf::AttrValue *iou = findAttr(ctx.node.node, "iou_threshold");
    inputs.push_back(
        constantOf(ctx, builder.getF32Type(), iou ? iou->f() : 0.5f));
  }
  if (inputs.size() == 4)
    inputs.push_back(constantOf(ctx, builder.getF32Type(),
                                std::numeric_limits<float>::lowest()));
  ImportContext v4{ctx.node,    ctx.builder, ctx.loc,  ValueRange(inputs),
                   ctx.element, 2,           ctx.error};
  Values results = buildNonMaxSuppressionV4(v4);
  if (failed(results))
    return failure();
  results->resize(1);
  return results;
}

Value shapeOf(ImportContext &ctx, Value value);
Value entryOf(ImportContext &ctx, Value vector, int64_t index);

/// NonMaxSuppressionV5 without soft NMS (soft_nms_sigma a constant 0):
/// NonMaxSuppressionV4, and the selected boxes' scores (0 at the padded
/// positions, as TF's kernel pads them). A non-zero sigma (Soft-NMS's
/// Gaussian decay of overlapping scores) is refused.
Values buildNonMaxSuppressionV5(ImportContext &ctx) {
  OpBuilder &builder = ctx.builder;
  DenseElementsAttr sigma = ctx.node.constantInput(5);
  if (!sigma || sigma.getNumElements() != 1 ||
      !isa<FloatType>(sigma.getElementType()) ||
      !(*sigma.getValues<APFloat>().begin()).isZero())
    return ctx.fail("NonMaxSuppressionV5 with a soft_nms_sigma other than a "
                    "constant 0 (Soft-NMS) is not supported");
  ImportContext v4{ctx.node,    ctx.builder, ctx.loc,  ctx.inputs.take_front(5),
                   ctx.element, 2,           ctx.error};
  Values results = buildNonMaxSuppressionV4(v4);
  if (failed(results))
    return failure();
  Value selected = (*results)[0], count = (*results)[1];
  Type f32 = builder.getF32Type(), i32 = builder.getI32Type();
  Value scores = createInferred<lite::GatherOp>(builder, ctx.loc, f32,
                                                ctx.inputs[1], selected, 0, 0);
  if (boolAttr(ctx.node.node, "pad_to_max_output_size")) {
    Value positions = createInferred<lite::RangeOp>(
        builder, ctx.loc, i32, lite::createI32Scalar(builder, ctx.loc, 0),
        entryOf(ctx, shapeOf(ctx, selected), 0),
        lite::createI32Scalar(builder, ctx.loc, 1));
    scores = createInferred<lite::SelectV2Op>(
        builder, ctx.loc, f32, predicate<lite::LessOp>(ctx, positions, count),
        scores, constantOf(ctx, f32, 0));
  }
  return SmallVector<Value>{selected, scores, count};
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

Value extremeOf(ImportContext &ctx, Type element, bool lowest,
                bool infinite = false);

/// All and Any of the boolean `condition` over `axes`: min(int32(x)) > 0
/// and max(int32(x)) > 0 (an empty reduction starts from int32's max for
/// All, true, and its lowest for Any, false, as in TF).
template <typename ReduceOpTy>
Value boolReduce(ImportContext &ctx, Value condition, Value axes,
                 bool keepDims) {
  OpBuilder &builder = ctx.builder;
  Type i32 = builder.getI32Type();
  Value ints = createInferred<lite::CastOp>(builder, ctx.loc, i32, condition);
  Value reduced =
      createInferred<ReduceOpTy>(builder, ctx.loc, i32, ints, axes, keepDims);
  return predicate<lite::GreaterOp>(ctx, reduced,
                                    lite::createI32Scalar(builder, ctx.loc, 0));
}

/// TF's All and Any.
template <typename ReduceOpTy> Values buildBoolReduce(ImportContext &ctx) {
  auto input = dyn_cast<TensorType>(ctx.inputs[0].getType());
  if (!input || !input.getElementType().isInteger(1))
    return ctx.fail(ctx.op() + " needs a boolean input");
  return single(boolReduce<ReduceOpTy>(ctx, ctx.inputs[0], ctx.inputs[1],
                                       boolAttr(ctx.node.node, "keep_dims")));
}

/// reduce_max (reduce_min) of `x` over `axes` from -inf (+inf), as TF's
/// kernels reduce: lite.reduce_max/min are TFLite's, which start from
/// lowest()/max() and skip NaN. On floats the reduction is followed by
/// -inf (+inf) where no element is above -inf (below +inf): none at all,
/// or only infinities; with `propagateNaN` (TF's Max and Min), NaN where
/// an element is NaN.
///
///   max = reduce_max(x); nan = any(x != x); none = !any(x > -inf)
///   nan ? NaN : none ? -inf : max
template <typename OpTy>
Value reduceFromInfinity(ImportContext &ctx, Value x, Value axes, bool keepDims,
                         bool propagateNaN) {
  constexpr bool isMax = std::is_same_v<OpTy, lite::ReduceMaxOp>;
  Value reduced = ctx.create<OpTy>(x, axes, keepDims);
  if (!isa<FloatType>(ctx.element))
    return reduced;
  auto anyOf = [&](Value condition) {
    return boolReduce<lite::ReduceMaxOp>(ctx, condition, axes, keepDims);
  };
  Value infinity = extremeOf(ctx, ctx.element, /*lowest=*/isMax,
                             /*infinite=*/true);
  Value beyond = isMax ? predicate<lite::GreaterOp>(ctx, x, infinity)
                       : predicate<lite::LessOp>(ctx, x, infinity);
  Value result = ctx.create<lite::SelectV2Op>(anyOf(beyond), reduced, infinity);
  if (!propagateNaN)
    return result;
  Value nan =
      constantOf(ctx, ctx.element, std::numeric_limits<double>::quiet_NaN());
  return ctx.create<lite::SelectV2Op>(
      anyOf(predicate<lite::NotEqualOp>(ctx, x, x)), nan, result);
}

/// TF's Max and Min (reduceFromInfinity, NaN propagated).
template <typename OpTy> Values buildExtremeReduce(ImportContext &ctx) {
  return single(reduceFromInfinity<OpTy>(ctx, ctx.inputs[0], ctx.inputs[1],
                                         boolAttr(ctx.node.node, "keep_dims"),
                                         /*propagateNaN=*/true));
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

//===----------------------------------------------------------------------===//
// Compositions: TF ops that become a few lite ops, each computed in the
// order of operations of TF's CPU kernel, with its special cases
//===----------------------------------------------------------------------===//

/// TF's mul_no_nan: b == 0 ? 0 : a * b (0 even where a is NaN or infinite).
Value mulNoNan(ImportContext &ctx, Value a, Value b) {
  Value zero = elementConstant(ctx, 0);
  Value isZero = predicate<lite::EqualOp>(ctx, b, zero);
  return ctx.create<lite::SelectV2Op>(isZero, zero,
                                      arith<lite::MulOp>(ctx, a, b));
}

/// MulNoNan(x, y).
Values buildMulNoNan(ImportContext &ctx) {
  return single(mulNoNan(ctx, ctx.inputs[0], ctx.inputs[1]));
}

/// TanhGrad(y, dy) = dy * (1 - y * y), the gradient of y = tanh(x).
Values buildTanhGrad(ImportContext &ctx) {
  Value y = ctx.inputs[0], dy = ctx.inputs[1];
  Value complement = arith<lite::SubOp>(ctx, elementConstant(ctx, 1),
                                        arith<lite::MulOp>(ctx, y, y));
  return single(arith<lite::MulOp>(ctx, dy, complement));
}

/// SigmoidGrad(y, dy) = dy * (y * (1 - y)).
Values buildSigmoidGrad(ImportContext &ctx) {
  Value y = ctx.inputs[0], dy = ctx.inputs[1];
  Value complement = arith<lite::SubOp>(ctx, elementConstant(ctx, 1), y);
  return single(
      arith<lite::MulOp>(ctx, dy, arith<lite::MulOp>(ctx, y, complement)));
}

/// ReciprocalGrad(y, dy) = mul_no_nan(-(y * y), dy).
Values buildReciprocalGrad(ImportContext &ctx) {
  Value y = ctx.inputs[0];
  Value negSquare = ctx.create<lite::NegOp>(arith<lite::MulOp>(ctx, y, y));
  return single(mulNoNan(ctx, negSquare, ctx.inputs[1]));
}

/// SqrtGrad(y, dy) = mul_no_nan(0.5 / y, dy).
Values buildSqrtGrad(ImportContext &ctx) {
  Value half =
      arith<lite::DivOp>(ctx, elementConstant(ctx, 0.5), ctx.inputs[0]);
  return single(mulNoNan(ctx, half, ctx.inputs[1]));
}

/// RsqrtGrad(y, dy) = mul_no_nan(-0.5 * (y * y), mul_no_nan(y, dy)).
Values buildRsqrtGrad(ImportContext &ctx) {
  Value y = ctx.inputs[0];
  Value scaled = arith<lite::MulOp>(ctx, elementConstant(ctx, -0.5),
                                    arith<lite::MulOp>(ctx, y, y));
  return single(mulNoNan(ctx, scaled, mulNoNan(ctx, y, ctx.inputs[1])));
}

/// ReluGrad(gradients, features) = gradients * T(features > 0): a NaN
/// gradient stays NaN where the feature is not positive.
Values buildReluGrad(ImportContext &ctx) {
  Value positive =
      predicate<lite::GreaterOp>(ctx, ctx.inputs[1], elementConstant(ctx, 0));
  Value mask = ctx.create<lite::CastOp>(positive);
  return single(arith<lite::MulOp>(ctx, ctx.inputs[0], mask));
}

/// Relu6Grad(gradients, features) = gradients * T(0 < features < 6).
Values buildRelu6Grad(ImportContext &ctx) {
  Value features = ctx.inputs[1];
  Value inside = predicate<lite::LogicalAndOp>(
      ctx, predicate<lite::GreaterOp>(ctx, features, elementConstant(ctx, 0)),
      predicate<lite::LessOp>(ctx, features, elementConstant(ctx, 6)));
  return single(
      arith<lite::MulOp>(ctx, ctx.inputs[0], ctx.create<lite::CastOp>(inside)));
}

/// LeakyReluGrad(gradients, features) = features > 0 ? gradients :
/// gradients * alpha.
Values buildLeakyReluGrad(ImportContext &ctx) {
  const tf::AttrValue *alpha = findAttr(ctx.node.node, "alpha");
  Value gradients = ctx.inputs[0];
  Value positive =
      predicate<lite::GreaterOp>(ctx, ctx.inputs[1], elementConstant(ctx, 0));
  Value scaled = arith<lite::MulOp>(
      ctx, gradients, elementConstant(ctx, alpha ? alpha->f() : 0.2f));
  return single(ctx.create<lite::SelectV2Op>(positive, gradients, scaled));
}

/// EluGrad(gradients, outputs) = outputs < 0 ? (outputs + 1) * gradients :
/// gradients.
Values buildEluGrad(ImportContext &ctx) {
  Value gradients = ctx.inputs[0], outputs = ctx.inputs[1];
  Value negative =
      predicate<lite::LessOp>(ctx, outputs, elementConstant(ctx, 0));
  Value slope = arith<lite::AddOp>(ctx, outputs, elementConstant(ctx, 1));
  return single(ctx.create<lite::SelectV2Op>(
      negative, arith<lite::MulOp>(ctx, slope, gradients), gradients));
}

/// SeluGrad(gradients, outputs) = outputs < 0 ? gradients * (outputs +
/// scale * alpha) : gradients * scale, with TF's constants.
Values buildSeluGrad(ImportContext &ctx) {
  constexpr double kScale = 1.0507009873554804934193349852946;
  constexpr double kScaleAlpha = 1.7580993408473768599402175208123;
  Value gradients = ctx.inputs[0], outputs = ctx.inputs[1];
  Value negative =
      predicate<lite::LessOp>(ctx, outputs, elementConstant(ctx, 0));
  Value below = arith<lite::MulOp>(
      ctx, gradients,
      arith<lite::AddOp>(ctx, outputs, elementConstant(ctx, kScaleAlpha)));
  Value above =
      arith<lite::MulOp>(ctx, gradients, elementConstant(ctx, kScale));
  return single(ctx.create<lite::SelectV2Op>(negative, below, above));
}

/// SoftplusGrad(gradients, features) = gradients / (exp(-features) + 1).
Values buildSoftplusGrad(ImportContext &ctx) {
  Value exp = ctx.create<lite::ExpOp>(ctx.create<lite::NegOp>(ctx.inputs[1]));
  return single(arith<lite::DivOp>(
      ctx, ctx.inputs[0],
      arith<lite::AddOp>(ctx, exp, elementConstant(ctx, 1))));
}

/// SoftsignGrad(gradients, features) = gradients / (|features| + 1)^2.
Values buildSoftsignGrad(ImportContext &ctx) {
  Value denominator = arith<lite::AddOp>(
      ctx, ctx.create<lite::AbsOp>(ctx.inputs[1]), elementConstant(ctx, 1));
  return single(arith<lite::DivOp>(ctx, ctx.inputs[0],
                                   ctx.create<lite::SquareOp>(denominator)));
}

/// IsInf(x) = |x| == inf.
Values buildIsInf(ImportContext &ctx) {
  Type element = cast<TensorType>(ctx.inputs[0].getType()).getElementType();
  if (!isa<FloatType>(element))
    return ctx.fail("IsInf needs a floating-point input");
  Value magnitude =
      createInferred<lite::AbsOp>(ctx.builder, ctx.loc, element, ctx.inputs[0]);
  return single(predicate<lite::EqualOp>(
      ctx, magnitude,
      constantOf(ctx, element, std::numeric_limits<double>::infinity())));
}

/// The shape of `value` as an int32 vector.
Value shapeOf(ImportContext &ctx, Value value) {
  return createInferred<lite::ShapeOp>(ctx.builder, ctx.loc,
                                       ctx.builder.getI32Type(), value);
}

/// OnesLike(x): a fill of x's shape with one (true for bool).
Values buildOnesLike(ImportContext &ctx) {
  return single(ctx.create<lite::FillOp>(shapeOf(ctx, ctx.inputs[0]),
                                         elementConstant(ctx, 1)));
}

/// Empty(shape): TF leaves the contents unspecified unless `init`; zeros
/// are one of its answers.
Values buildEmpty(ImportContext &ctx) {
  Value shape = ctx.inputs[0];
  auto type = cast<TensorType>(shape.getType());
  if (!type.getElementType().isInteger(32))
    shape = lite::CastOp::create(ctx.builder, ctx.loc,
                                 type.clone(ctx.builder.getI32Type()), shape);
  return single(ctx.create<lite::FillOp>(shape, elementConstant(ctx, 0)));
}

/// L2Loss(t) = sum(t^2 * 0.5) over every element.
Values buildL2Loss(ImportContext &ctx) {
  Value flat = ctx.create<lite::ReshapeOp>(
      ctx.inputs[0], lite::createI32Vector(ctx.builder, ctx.loc, {-1}));
  Value halves = arith<lite::MulOp>(ctx, ctx.create<lite::SquareOp>(flat),
                                    elementConstant(ctx, 0.5));
  return single(ctx.create<lite::SumOp>(
      halves, lite::createI32Vector(ctx.builder, ctx.loc, {0}),
      /*keep_dims=*/false));
}

/// Entry `index` of the integer vector `vector`, as a scalar.
Value entryOf(ImportContext &ctx, Value vector, int64_t index) {
  return createInferred<lite::GatherOp>(
      ctx.builder, ctx.loc, elementTypeOf(vector.getType()), vector,
      lite::createI32Scalar(ctx.builder, ctx.loc, index), /*axis=*/0,
      /*batch_dims=*/0);
}

/// Roll(input, shift, axis): for each (shift, axis) pair a gather along
/// the axis of the indices (i - shift) mod n, in int32: TF's kernel takes
/// an int64 shift modulo 2^32 (docs/tensorflow.md), and so does the cast.
/// The axes must be constants; shifts of one axis add up, as in TF.
Values buildRoll(ImportContext &ctx) {
  OpBuilder &builder = ctx.builder;
  auto input = dyn_cast<RankedTensorType>(ctx.inputs[0].getType());
  if (!input || input.getRank() == 0)
    return ctx.fail("Roll needs an input of known rank, at least 1");
  DenseElementsAttr axes = ctx.node.constantInput(2);
  if (!axes || !axes.getElementType().isIntOrIndex())
    return ctx.fail("Roll needs constant axes");
  Value shift = ctx.inputs[1];
  auto shiftType = cast<TensorType>(shift.getType());
  Type index = builder.getI32Type();
  if (shiftType.getElementType() != index)
    shift =
        lite::CastOp::create(builder, ctx.loc, shiftType.clone(index), shift);
  if (!shiftType.hasRank() || shiftType.getRank() > 1 ||
      (shiftType.getRank() == 1 &&
       shiftType.getDimSize(0) != axes.getNumElements()) ||
      (shiftType.getRank() == 0) != (axes.getType().getRank() == 0))
    return ctx.fail("Roll's shift and axis must both be scalars or vectors "
                    "of one length");
  Value shape =
      createInferred<lite::ShapeOp>(builder, ctx.loc, index, ctx.inputs[0]);
  Value result = ctx.inputs[0];
  for (auto [k, axisValue] : llvm::enumerate(axes.getValues<APInt>())) {
    FailureOr<int64_t> axis =
        sluice::lite::normalizeAxis(axisValue.getSExtValue(), input.getRank());
    if (failed(axis))
      return ctx.fail("Roll's axis " + Twine(axisValue.getSExtValue()) +
                      " is out of range for an input of rank " +
                      Twine(input.getRank()));
    Value amount = shiftType.getRank() == 0
                       ? shift
                       : Value(createInferred<lite::GatherOp>(
                             builder, ctx.loc, index, shift,
                             lite::createI32Scalar(builder, ctx.loc, k), 0, 0));
    Value size = createInferred<lite::GatherOp>(
        builder, ctx.loc, index, shape,
        lite::createI32Scalar(builder, ctx.loc, *axis), 0, 0);
    // The shift reduced into [0, n) first (by at least 1: no division by
    // zero for an empty dimension), so that i - shift cannot overflow.
    Value divisor = createInferred<lite::MaximumOp>(
        builder, ctx.loc, index, size, constantOf(ctx, index, 1));
    amount = createInferred<lite::FloorModOp>(builder, ctx.loc, index, amount,
                                              divisor);
    Value positions = createInferred<lite::RangeOp>(
        builder, ctx.loc, index, constantOf(ctx, index, 0), size,
        constantOf(ctx, index, 1));
    Value shifted = arithOf<lite::SubOp>(ctx, index, positions, amount);
    // (By the same divisor: LiteRT's FLOOR_MOD refuses a zero divisor even
    // for an empty dividend.)
    Value sources = createInferred<lite::FloorModOp>(builder, ctx.loc, index,
                                                     shifted, divisor);
    result = ctx.create<lite::GatherOp>(result, sources,
                                        static_cast<int32_t>(*axis), 0);
  }
  return single(result);
}

/// Whether every element of the boolean `condition` is true, as a scalar:
/// min(int32(flattened)) != 0 (true for an empty tensor).
Value allOf(ImportContext &ctx, Value condition) {
  OpBuilder &builder = ctx.builder;
  Type i32 = builder.getI32Type();
  Value flat = createInferred<lite::ReshapeOp>(
      builder, ctx.loc, builder.getI1Type(), condition,
      lite::createI32Vector(builder, ctx.loc, {-1}));
  Value ints = createInferred<lite::CastOp>(builder, ctx.loc, i32, flat);
  Value least = createInferred<lite::ReduceMinOp>(
      builder, ctx.loc, i32, ints, lite::createI32Vector(builder, ctx.loc, {0}),
      /*keep_dims=*/false);
  return predicate<lite::NotEqualOp>(
      ctx, least, lite::createI32Scalar(builder, ctx.loc, 0));
}

/// A run-time check: the run fails with `message` where `condition` (a
/// boolean scalar) is false, as TF's kernel fails.
void check(ImportContext &ctx, Value condition, const Twine &message) {
  lite::AssertOp::create(ctx.builder, ctx.loc, TypeRange(), condition,
                         message.str());
}

/// CheckNumerics(tensor): the tensor, once every element is finite.
Values buildCheckNumerics(ImportContext &ctx) {
  if (!isa<FloatType>(ctx.element))
    return ctx.fail("CheckNumerics needs a floating-point input");
  const tf::AttrValue *message = findAttr(ctx.node.node, "message");
  Value finite = createInferred<lite::IsFiniteOp>(
      ctx.builder, ctx.loc, ctx.builder.getI1Type(), ctx.inputs[0]);
  check(ctx, allOf(ctx, finite),
        (message ? message->s() : std::string()) +
            " : Tensor had NaN or Inf values");
  return single(ctx.inputs[0]);
}

/// EnsureShape(input): the input, once its shape is compatible with the
/// `shape` attribute (a rank and the sizes it knows). What the input's type
/// already says is checked here; the rest at run time.
Values buildEnsureShape(ImportContext &ctx) {
  const tf::AttrValue *attr = findAttr(ctx.node.node, "shape");
  if (!attr || attr->value_case() != tf::AttrValue::kShape)
    return ctx.fail("EnsureShape needs a shape attribute");
  const tf::TensorShapeProto &expected = attr->shape();
  Value input = ctx.inputs[0];
  if (expected.unknown_rank())
    return single(input);
  int64_t rank = expected.dim_size();
  std::string wanted = "[";
  for (int64_t d = 0; d < rank; ++d)
    wanted += (d ? "," : "") + (expected.dim(d).size() < 0
                                    ? std::string("?")
                                    : std::to_string(expected.dim(d).size()));
  wanted += "]";
  auto type = cast<TensorType>(input.getType());
  std::string message =
      "EnsureShape: the shape of the tensor is not compatible with " + wanted;
  SmallVector<Value> conditions;
  Value shape = shapeOf(ctx, input);
  if (type.hasRank()) {
    if (type.getRank() != rank)
      return ctx.fail(message + " (its rank is " + Twine(type.getRank()) + ")");
  } else {
    Value actualRank = entryOf(ctx, shapeOf(ctx, shape), 0);
    conditions.push_back(predicate<lite::EqualOp>(
        ctx, actualRank, lite::createI32Scalar(ctx.builder, ctx.loc, rank)));
  }
  for (int64_t d = 0; d < rank; ++d) {
    int64_t size = expected.dim(d).size();
    if (size < 0)
      continue;
    if (type.hasRank() && !type.isDynamicDim(d)) {
      if (type.getDimSize(d) != size)
        return ctx.fail(message + " (dimension " + Twine(d) + " is " +
                        Twine(type.getDimSize(d)) + ")");
      continue;
    }
    if (size > INT32_MAX)
      return ctx.fail(message + " (a size past int32)");
    conditions.push_back(predicate<lite::EqualOp>(
        ctx, entryOf(ctx, shape, d),
        lite::createI32Scalar(ctx.builder, ctx.loc, size)));
  }
  for (Value condition : conditions)
    check(ctx, condition, message);
  return single(input);
}

/// MatrixBandPart(input, num_lower, num_upper): input[..., m, n] where
/// (num_lower < 0 or m - n <= num_lower) and (num_upper < 0 or n - m <=
/// num_upper), else 0; TF's kernel refuses a num_lower past the rows or a
/// num_upper past the columns. Computed in the index type (Tindex).
Values buildMatrixBandPart(ImportContext &ctx) {
  OpBuilder &builder = ctx.builder;
  Location loc = ctx.loc;
  auto input = dyn_cast<RankedTensorType>(ctx.inputs[0].getType());
  if (!input || input.getRank() < 2)
    return ctx.fail("MatrixBandPart needs an input of known rank, at least 2");
  FailureOr<Value> lower = scalarInput(ctx, 1, "num_lower");
  FailureOr<Value> upper = scalarInput(ctx, 2, "num_upper");
  if (failed(lower) || failed(upper))
    return failure();
  Type index = cast<TensorType>(lower->getType()).getElementType();
  if (cast<TensorType>(upper->getType()).getElementType() != index)
    return ctx.fail("MatrixBandPart's num_lower and num_upper differ in type");
  Value shape =
      createInferred<lite::ShapeOp>(builder, loc, index, ctx.inputs[0]);
  auto sizeAt = [&](int64_t d) -> Value {
    return createInferred<lite::GatherOp>(
        builder, loc, index, shape, lite::createI32Scalar(builder, loc, d), 0,
        0);
  };
  Value rows = sizeAt(input.getRank() - 2), cols = sizeAt(input.getRank() - 1);
  check(ctx, predicate<lite::LessEqualOp>(ctx, *lower, rows),
        "MatrixBandPart: num_lower must be negative or less or equal to "
        "number of rows");
  check(ctx, predicate<lite::LessEqualOp>(ctx, *upper, cols),
        "MatrixBandPart: num_upper must be negative or less or equal to "
        "number of columns");
  auto positions = [&](Value size, ArrayRef<int32_t> shapeOfIt) -> Value {
    Value range = createInferred<lite::RangeOp>(builder, loc, index,
                                                constantOf(ctx, index, 0), size,
                                                constantOf(ctx, index, 1));
    return createInferred<lite::ReshapeOp>(
        builder, loc, index, range,
        lite::createI32Vector(builder, loc, shapeOfIt));
  };
  Value row = positions(rows, {-1, 1}), col = positions(cols, {1, -1});
  Value below = arithOf<lite::SubOp>(ctx, index, row, col);
  Value above = arithOf<lite::SubOp>(ctx, index, col, row);
  auto within = [&](Value bound, Value distance) -> Value {
    return predicate<lite::LogicalOrOp>(
        ctx, predicate<lite::LessOp>(ctx, bound, constantOf(ctx, index, 0)),
        predicate<lite::LessEqualOp>(ctx, distance, bound));
  };
  Value band = predicate<lite::LogicalAndOp>(ctx, within(*lower, below),
                                             within(*upper, above));
  return single(ctx.create<lite::SelectV2Op>(band, ctx.inputs[0],
                                             elementConstant(ctx, 0)));
}

/// Entries [begin, begin + count) of the int32 vector `vector`.
Value entriesOf(ImportContext &ctx, Value vector, int32_t begin,
                int32_t count) {
  return createInferred<lite::SliceOp>(
      ctx.builder, ctx.loc, ctx.builder.getI32Type(), vector,
      lite::createI32Vector(ctx.builder, ctx.loc, {begin}),
      lite::createI32Vector(ctx.builder, ctx.loc, {count}));
}

/// The int32 vectors `parts` end to end: a shape computed at run time.
Value joined(ImportContext &ctx, ArrayRef<Value> parts) {
  return createInferred<lite::ConcatenationOp>(ctx.builder, ctx.loc,
                                               ctx.builder.getI32Type(), parts,
                                               /*axis=*/0, kNoActivation);
}

/// DepthToSpace and SpaceToDepth (NHWC, TF's CPU layout): the block's
/// size, at least 2, and the input's channel count, which must be known
/// (for DepthToSpace, a multiple of the block's area).
FailureOr<std::pair<int32_t, int64_t>> readBlock(ImportContext &ctx) {
  const tf::AttrValue *format = findAttr(ctx.node.node, "data_format");
  if (format && format->s() != "NHWC") {
    ctx.error = ctx.op() + " with data_format " + format->s() +
                " is not supported (NHWC, TF's CPU layout)";
    return failure();
  }
  int64_t block = intAttr(ctx.node.node, "block_size", 0);
  if (block < 2 || block > 4096) {
    ctx.error = ctx.op() + " has block_size " + std::to_string(block) +
                ", expected 2 to 4096";
    return failure();
  }
  auto input = dyn_cast<RankedTensorType>(ctx.inputs[0].getType());
  if (!input || input.getRank() != 4 || input.isDynamicDim(3)) {
    ctx.error = ctx.op() + " needs a 4-D input whose channel count is known";
    return failure();
  }
  int64_t channels = input.getDimSize(3);
  if (ctx.op() == "DepthToSpace" && channels % (block * block) != 0) {
    ctx.error = ctx.op() + ": the " + std::to_string(channels) +
                " channels are not a multiple of block_size^2 = " +
                std::to_string(block * block);
    return failure();
  }
  return std::make_pair(static_cast<int32_t>(block), channels);
}

/// DepthToSpace: [N, H, W, C] as [N, H, W, b, b, C/b^2], its block rows
/// and columns moved beside H and W ([N, H, b, W, b, C/b^2]) and merged
/// into them: [N, H*b, W*b, C/b^2].
Values buildDepthToSpace(ImportContext &ctx) {
  FailureOr<std::pair<int32_t, int64_t>> block = readBlock(ctx);
  if (failed(block))
    return failure();
  auto [b, channels] = *block;
  int32_t depth = static_cast<int32_t>(channels / (b * b));
  Value shape = shapeOf(ctx, ctx.inputs[0]);
  Value blocks = ctx.create<lite::ReshapeOp>(
      ctx.inputs[0], joined(ctx, {entriesOf(ctx, shape, 0, 3),
                                  lite::createI32Vector(ctx.builder, ctx.loc,
                                                        {b, b, depth})}));
  Value moved = ctx.create<lite::TransposeOp>(
      blocks, lite::createI32Vector(ctx.builder, ctx.loc, {0, 1, 3, 2, 4, 5}));
  Value spatial = arithOf<lite::MulOp>(
      ctx, ctx.builder.getI32Type(), entriesOf(ctx, shape, 1, 2),
      lite::createI32Scalar(ctx.builder, ctx.loc, b));
  return single(ctx.create<lite::ReshapeOp>(
      moved,
      joined(ctx, {entriesOf(ctx, shape, 0, 1), spatial,
                   lite::createI32Vector(ctx.builder, ctx.loc, {depth})})));
}

/// SpaceToDepth: [N, H, W, C] as [N, H/b, b, W/b, b, C], the block rows and
/// columns moved beside C ([N, H/b, W/b, b, b, C]) and merged into it:
/// [N, H/b, W/b, b*b*C]. H and W not multiples of b fail the first
/// reshape at run time, where TF fails too.
Values buildSpaceToDepth(ImportContext &ctx) {
  FailureOr<std::pair<int32_t, int64_t>> block = readBlock(ctx);
  if (failed(block))
    return failure();
  auto [b, channels] = *block;
  if (channels * b * b > INT32_MAX)
    return ctx.fail(ctx.op() + "'s output has too many channels");
  Value shape = shapeOf(ctx, ctx.inputs[0]);
  Value bVector = lite::createI32Vector(ctx.builder, ctx.loc, {b});
  Value spatial = createInferred<lite::FloorDivOp>(
      ctx.builder, ctx.loc, ctx.builder.getI32Type(),
      entriesOf(ctx, shape, 1, 2),
      lite::createI32Scalar(ctx.builder, ctx.loc, b));
  Value blocks = ctx.create<lite::ReshapeOp>(
      ctx.inputs[0],
      joined(ctx, {entriesOf(ctx, shape, 0, 1), entriesOf(ctx, spatial, 0, 1),
                   bVector, entriesOf(ctx, spatial, 1, 1), bVector,
                   lite::createI32Vector(ctx.builder, ctx.loc,
                                         {static_cast<int32_t>(channels)})}));
  Value moved = ctx.create<lite::TransposeOp>(
      blocks, lite::createI32Vector(ctx.builder, ctx.loc, {0, 1, 3, 2, 4, 5}));
  return single(ctx.create<lite::ReshapeOp>(
      moved, joined(ctx, {entriesOf(ctx, shape, 0, 1), spatial,
                          lite::createI32Vector(
                              ctx.builder, ctx.loc,
                              {static_cast<int32_t>(channels * b * b)})})));
}

/// SpaceToBatchND's and BatchToSpaceND's constant operands: the block
/// shape (M entries, each at least 1) and the [M, 2] paddings or crops (at
/// least 0), from the inputs at `blockIndex` and `amountsIndex`; the v1
/// forms' block_size attribute is a square block.
struct BlockLayout {
  int64_t rank = 0;
  SmallVector<int32_t> block;
  int32_t product = 1;          // of the block's sizes
  SmallVector<int32_t> amounts; // start, end per blocked dimension
};
FailureOr<BlockLayout> readBlockLayout(ImportContext &ctx, int blockIndex,
                                       unsigned amountsIndex,
                                       StringRef amountsName) {
  BlockLayout layout;
  auto input = dyn_cast<RankedTensorType>(ctx.inputs[0].getType());
  if (!input) {
    ctx.error = ctx.op() + " needs an input of known rank";
    return failure();
  }
  layout.rank = input.getRank();
  if (blockIndex < 0) {
    int64_t size = intAttr(ctx.node.node, "block_size", 0);
    if (size < 2 || size > INT32_MAX) {
      ctx.error = ctx.op() + " has block_size " + std::to_string(size) +
                  ", expected at least 2";
      return failure();
    }
    layout.block.assign(2, static_cast<int32_t>(size));
  } else {
    DenseElementsAttr block = ctx.node.constantInput(blockIndex);
    if (!block || !block.getElementType().isIntOrIndex() ||
        block.getType().getRank() != 1) {
      ctx.error = ctx.op() + " needs a constant block_shape vector";
      return failure();
    }
    for (const APInt &size : block.getValues<APInt>()) {
      if (size.getSExtValue() < 1 || size.getSExtValue() > INT32_MAX) {
        ctx.error = ctx.op() + "'s block_shape entries must be at least 1";
        return failure();
      }
      layout.block.push_back(static_cast<int32_t>(size.getSExtValue()));
    }
  }
  int64_t product = 1;
  for (int32_t size : layout.block) {
    product *= size; // each size is below 2^31: no int64 overflow here
    if (product > INT32_MAX) {
      ctx.error = ctx.op() + "'s block is too large";
      return failure();
    }
  }
  layout.product = static_cast<int32_t>(product);
  int64_t blocked = layout.block.size();
  if (blocked < 1 || layout.rank < 1 + blocked) {
    ctx.error = ctx.op() + " needs an input of rank at least " +
                std::to_string(1 + blocked) + " for its block of " +
                std::to_string(blocked) + " dimensions";
    return failure();
  }
  DenseElementsAttr amounts = ctx.node.constantInput(amountsIndex);
  if (!amounts || !amounts.getElementType().isIntOrIndex() ||
      amounts.getNumElements() != 2 * blocked) {
    ctx.error = ctx.op() + " needs constant " + amountsName.str() + " [" +
                std::to_string(blocked) + ", 2]";
    return failure();
  }
  for (const APInt &amount : amounts.getValues<APInt>()) {
    if (amount.getSExtValue() < 0 || amount.getSExtValue() > INT32_MAX) {
      ctx.error =
          ctx.op() + "'s " + amountsName.str() + " must be non-negative";
      return failure();
    }
    layout.amounts.push_back(static_cast<int32_t>(amount.getSExtValue()));
  }
  return layout;
}

/// SpaceToBatchND (and v1 SpaceToBatch): the blocked dimensions padded,
/// split as [N, P1/b1, b1, ..., PM/bM, bM, rest...], the blocks moved in
/// front ([b1, ..., bM, N, P1/b1, ..., rest...]) and merged into the batch:
/// [N*b1*...*bM, P1/b1, ..., PM/bM, rest...]. A padded size the block does
/// not divide fails the reshape at run time, where TF fails too.
Values buildSpaceToBatch(ImportContext &ctx) {
  bool v1 = ctx.op() == "SpaceToBatch";
  FailureOr<BlockLayout> layout =
      readBlockLayout(ctx, v1 ? -1 : 1, v1 ? 1 : 2, "paddings");
  if (failed(layout))
    return failure();
  OpBuilder &builder = ctx.builder;
  Type i32 = builder.getI32Type();
  int32_t blocked = layout->block.size(), rank = layout->rank;
  int32_t rest = rank - 1 - blocked;
  SmallVector<int32_t> paddings(2 * rank, 0);
  llvm::copy(layout->amounts, paddings.begin() + 2);
  Value padded = ctx.create<lite::PadOp>(
      ctx.inputs[0],
      lite::ConstantOp::create(
          builder, ctx.loc,
          DenseElementsAttr::get(RankedTensorType::get({rank, 2}, i32),
                                 ArrayRef<int32_t>(paddings))),
      elementConstant(ctx, 0));
  Value shape = shapeOf(ctx, padded);
  Value blocks = lite::createI32Vector(builder, ctx.loc, layout->block);
  Value quotients = createInferred<lite::FloorDivOp>(
      builder, ctx.loc, i32, entriesOf(ctx, shape, 1, blocked), blocks);
  SmallVector<Value> split = {entriesOf(ctx, shape, 0, 1)};
  SmallVector<int32_t> perm;
  for (int32_t i = 0; i < blocked; ++i) {
    split.push_back(entriesOf(ctx, quotients, i, 1));
    split.push_back(
        lite::createI32Vector(builder, ctx.loc, {layout->block[i]}));
    perm.push_back(2 + 2 * i);
  }
  perm.push_back(0);
  for (int32_t i = 0; i < blocked; ++i)
    perm.push_back(1 + 2 * i);
  for (int32_t k = 0; k < rest; ++k)
    perm.push_back(1 + 2 * blocked + k);
  split.push_back(entriesOf(ctx, shape, 1 + blocked, rest));
  Value moved = ctx.create<lite::TransposeOp>(
      ctx.create<lite::ReshapeOp>(padded, joined(ctx, split)),
      lite::createI32Vector(builder, ctx.loc, perm));
  Value batch = arithOf<lite::MulOp>(
      ctx, i32, entriesOf(ctx, shape, 0, 1),
      lite::createI32Scalar(builder, ctx.loc, layout->product));
  return single(ctx.create<lite::ReshapeOp>(
      moved, joined(ctx, {batch, quotients,
                          entriesOf(ctx, shape, 1 + blocked, rest)})));
}

/// BatchToSpaceND (and v1 BatchToSpace): the batch split as [b1, ..., bM,
/// N, S1, ..., SM, rest...], each block moved beside its dimension ([N, S1,
/// b1, ..., SM, bM, rest...]) and merged into it, then cropped. A batch the
/// block does not divide fails the reshape at run time; crops past a
/// dimension fail the check TF's kernel makes.
Values buildBatchToSpace(ImportContext &ctx) {
  bool v1 = ctx.op() == "BatchToSpace";
  FailureOr<BlockLayout> layout =
      readBlockLayout(ctx, v1 ? -1 : 1, v1 ? 1 : 2, "crops");
  if (failed(layout))
    return failure();
  OpBuilder &builder = ctx.builder;
  Type i32 = builder.getI32Type();
  int32_t blocked = layout->block.size(), rank = layout->rank;
  int32_t rest = rank - 1 - blocked;
  Value shape = shapeOf(ctx, ctx.inputs[0]);
  Value blocks = lite::createI32Vector(builder, ctx.loc, layout->block);
  Value batch = createInferred<lite::FloorDivOp>(
      builder, ctx.loc, i32, entriesOf(ctx, shape, 0, 1),
      lite::createI32Scalar(builder, ctx.loc, layout->product));
  Value spatial = entriesOf(ctx, shape, 1, blocked);
  Value restShape = entriesOf(ctx, shape, 1 + blocked, rest);
  SmallVector<int32_t> perm = {blocked};
  for (int32_t i = 0; i < blocked; ++i) {
    perm.push_back(blocked + 1 + i);
    perm.push_back(i);
  }
  for (int32_t k = 0; k < rest; ++k)
    perm.push_back(2 * blocked + 1 + k);
  Value moved = ctx.create<lite::TransposeOp>(
      ctx.create<lite::ReshapeOp>(
          ctx.inputs[0], joined(ctx, {blocks, batch, spatial, restShape})),
      lite::createI32Vector(builder, ctx.loc, perm));
  Value grown = arithOf<lite::MulOp>(ctx, i32, spatial, blocks);
  Value merged = ctx.create<lite::ReshapeOp>(
      moved, joined(ctx, {batch, grown, restShape}));
  if (llvm::all_of(layout->amounts, [](int32_t a) { return a == 0; }))
    return single(merged);
  SmallVector<int32_t> starts, totals;
  for (int32_t i = 0; i < blocked; ++i) {
    starts.push_back(layout->amounts[2 * i]);
    totals.push_back(layout->amounts[2 * i] + layout->amounts[2 * i + 1]);
  }
  Value kept = arithOf<lite::SubOp>(
      ctx, i32, grown, lite::createI32Vector(builder, ctx.loc, totals));
  check(ctx,
        allOf(ctx, predicate<lite::GreaterEqualOp>(
                       ctx, kept, lite::createI32Scalar(builder, ctx.loc, 0))),
        ctx.op() + ": crops must not exceed the size of the dimensions they "
                   "crop");
  SmallVector<int32_t> begin = {0};
  begin.append(starts);
  begin.append(rest, 0);
  Value size =
      joined(ctx, {lite::createI32Vector(builder, ctx.loc, {-1}), kept,
                   lite::createI32Vector(builder, ctx.loc,
                                         SmallVector<int32_t>(rest, -1))});
  return single(ctx.create<lite::SliceOp>(
      merged, lite::createI32Vector(builder, ctx.loc, begin), size));
}

/// Bucketize(input) = the number of boundaries b with !(x < b), the index
/// std::upper_bound gives TF's kernel (a NaN lands past every boundary);
/// an integer input compares as float, as the kernel's does.
Values buildBucketize(ImportContext &ctx) {
  OpBuilder &builder = ctx.builder;
  Type f32 = builder.getF32Type(), i32 = builder.getI32Type();
  SmallVector<float> boundaries;
  if (const tf::AttrValue *attr = findAttr(ctx.node.node, "boundaries"))
    boundaries.assign(attr->list().f().begin(), attr->list().f().end());
  if (!llvm::is_sorted(boundaries))
    return ctx.fail("Bucketize's boundaries must be sorted");
  Value x = ctx.inputs[0];
  auto type = cast<TensorType>(x.getType());
  if (!type.getElementType().isF32())
    x = createInferred<lite::CastOp>(builder, ctx.loc, f32, x);
  Value column = createInferred<lite::ExpandDimsOp>(
      builder, ctx.loc, f32, x, lite::createI32Scalar(builder, ctx.loc, -1));
  Value edges = lite::ConstantOp::create(
      builder, ctx.loc,
      DenseElementsAttr::get(
          RankedTensorType::get({static_cast<int64_t>(boundaries.size())}, f32),
          ArrayRef<float>(boundaries)));
  Value below = createInferred<lite::CastOp>(
      builder, ctx.loc, i32, predicate<lite::LessOp>(ctx, column, edges));
  Value above = createInferred<lite::SumOp>(
      builder, ctx.loc, i32, below, lite::createI32Vector(builder, ctx.loc, {-1}),
      /*keep_dims=*/false);
  return single(arithOf<lite::SubOp>(
      ctx, i32,
      lite::createI32Scalar(builder, ctx.loc,
                            static_cast<int32_t>(boundaries.size())),
      above));
}

/// BroadcastArgs(s0, s1): the shape both broadcast to; the shorter shape
/// is extended with leading ones (lengths must be known), then each entry
/// is the other's where one is 1. Shapes that do not broadcast fail the
/// run, as in TF.
Values buildBroadcastArgs(ImportContext &ctx) {
  SmallVector<Value> shapes(ctx.inputs);
  SmallVector<int64_t> lengths;
  for (Value shape : shapes) {
    auto type = dyn_cast<RankedTensorType>(shape.getType());
    if (!type || type.getRank() != 1 || type.isDynamicDim(0))
      return ctx.fail("BroadcastArgs needs shape vectors of known length");
    lengths.push_back(type.getDimSize(0));
  }
  int64_t length = std::max(lengths[0], lengths[1]);
  for (unsigned i = 0; i < 2; ++i) {
    if (lengths[i] == length)
      continue;
    SmallVector<Attribute> ones(length - lengths[i],
                                ctx.builder.getIntegerAttr(ctx.element, 1));
    Value lead = lite::ConstantOp::create(
        ctx.builder, ctx.loc,
        DenseElementsAttr::get(
            RankedTensorType::get({length - lengths[i]}, ctx.element), ones));
    shapes[i] = ctx.create<lite::ConcatenationOp>(ValueRange{lead, shapes[i]},
                                                  0, kNoActivation);
  }
  Value one = elementConstant(ctx, 1);
  Value firstIsOne = predicate<lite::EqualOp>(ctx, shapes[0], one);
  Value secondIsOne = predicate<lite::EqualOp>(ctx, shapes[1], one);
  Value compatible = predicate<lite::LogicalOrOp>(
      ctx, predicate<lite::EqualOp>(ctx, shapes[0], shapes[1]),
      predicate<lite::LogicalOrOp>(ctx, firstIsOne, secondIsOne));
  check(ctx, allOf(ctx, compatible), "BroadcastArgs: incompatible shapes");
  return single(
      ctx.create<lite::SelectV2Op>(firstIsOne, shapes[1], shapes[0]));
}

/// MatrixSetDiag, V2 and V3 on the main diagonal (k = 0): the diagonal
/// [..., K], K = min(M, N), padded to [..., N], where the identity mask of
/// [M, N] (known sizes) is true, the input elsewhere.
Values buildMatrixSetDiag(ImportContext &ctx) {
  OpBuilder &builder = ctx.builder;
  if (ctx.op() != "MatrixSetDiag") {
    std::optional<int64_t> k = ctx.constantInt(2);
    if (!k || *k != 0)
      return ctx.fail(ctx.op() +
                      " is supported on the main diagonal only (k = 0)");
  }
  auto input = dyn_cast<RankedTensorType>(ctx.inputs[0].getType());
  auto diagonal = dyn_cast<RankedTensorType>(ctx.inputs[1].getType());
  if (!input || input.getRank() < 2 || input.isDynamicDim(input.getRank() - 1) ||
      input.isDynamicDim(input.getRank() - 2))
    return ctx.fail(ctx.op() + " needs a matrix input of known rows and "
                               "columns");
  int64_t rank = input.getRank(), rows = input.getDimSize(rank - 2),
          cols = input.getDimSize(rank - 1), length = std::min(rows, cols);
  if (rows * cols > (1 << 22))
    return ctx.fail(ctx.op() + " of a matrix larger than 2^22 elements is not "
                               "supported");
  if (!diagonal || diagonal.getRank() != rank - 1 ||
      (!diagonal.isDynamicDim(rank - 2) &&
       diagonal.getDimSize(rank - 2) != length))
    return ctx.fail(ctx.op() + " needs a diagonal of shape [..., " +
                    Twine(length) + "] for its [..., " + Twine(rows) + ", " +
                    Twine(cols) + "] input");
  Value values = ctx.inputs[1];
  if (cols > length) {
    SmallVector<int32_t> paddings(2 * (rank - 1), 0);
    paddings.back() = static_cast<int32_t>(cols - length);
    values = ctx.create<lite::PadOp>(
        values,
        lite::ConstantOp::create(
            builder, ctx.loc,
            DenseElementsAttr::get(
                RankedTensorType::get({rank - 1, 2}, builder.getI32Type()),
                ArrayRef<int32_t>(paddings))),
        elementConstant(ctx, 0));
  }
  Value row = ctx.create<lite::ExpandDimsOp>(
      values, lite::createI32Scalar(builder, ctx.loc, -2));
  SmallVector<bool> eye(rows * cols, false);
  for (int64_t i = 0; i < length; ++i)
    eye[i * cols + i] = true;
  Value mask = lite::ConstantOp::create(
      builder, ctx.loc,
      DenseElementsAttr::get(
          RankedTensorType::get({rows, cols}, builder.getI1Type()), eye));
  return single(ctx.create<lite::SelectV2Op>(mask, row, ctx.inputs[0]));
}

/// LRN (4-D, float32): x / (bias + alpha * s)^beta, s the sum of squares
/// over the 2r + 1 channels around each (the channels padded with r zeros
/// on each side, the window's slices added in order); the power as TF's
/// kernel takes it: a reciprocal for beta = 1, rsqrt for 0.5, else
/// exp(log(.) * -beta).
Values buildLRN(ImportContext &ctx) {
  OpBuilder &builder = ctx.builder;
  auto input = dyn_cast<RankedTensorType>(ctx.inputs[0].getType());
  if (!ctx.element.isF32() || !input || input.getRank() != 4)
    return ctx.fail("LRN needs a 4-D float32 input");
  auto floatAttr = [&](StringRef name, float fallback) {
    const tf::AttrValue *attr = findAttr(ctx.node.node, name);
    return attr ? attr->f() : fallback;
  };
  int64_t radius = intAttr(ctx.node.node, "depth_radius", 5);
  if (radius < 0 || radius > 128)
    return ctx.fail("LRN's depth_radius " + Twine(radius) +
                    " is not supported (0 to 128)");
  float bias = floatAttr("bias", 1), alpha = floatAttr("alpha", 1),
        beta = floatAttr("beta", 0.5);
  Value x = ctx.inputs[0];
  Value squares = ctx.create<lite::SquareOp>(x);
  int32_t r = static_cast<int32_t>(radius);
  SmallVector<int32_t> paddings = {0, 0, 0, 0, 0, 0, r, r};
  Value padded = ctx.create<lite::PadOp>(
      squares,
      lite::ConstantOp::create(
          builder, ctx.loc,
          DenseElementsAttr::get(
              RankedTensorType::get({4, 2}, builder.getI32Type()),
              ArrayRef<int32_t>(paddings))),
      elementConstant(ctx, 0));
  Value size = joined(ctx, {lite::createI32Vector(builder, ctx.loc, {-1, -1, -1}),
                            entriesOf(ctx, shapeOf(ctx, x), 3, 1)});
  Value sum;
  for (int32_t k = 0; k <= 2 * r; ++k) {
    Value window = ctx.create<lite::SliceOp>(
        padded, lite::createI32Vector(builder, ctx.loc, {0, 0, 0, k}), size);
    sum = sum ? arith<lite::AddOp>(ctx, sum, window) : window;
  }
  Value base = arith<lite::AddOp>(
      ctx, elementConstant(ctx, bias),
      arith<lite::MulOp>(ctx, elementConstant(ctx, alpha), sum));
  Value factor;
  if (beta == 1.0f)
    factor = ctx.create<lite::ReciprocalOp>(base);
  else if (beta == 0.5f)
    factor = ctx.create<lite::RsqrtOp>(base);
  else
    factor = ctx.create<lite::ExpOp>(arith<lite::MulOp>(
        ctx, ctx.create<lite::LogOp>(base), elementConstant(ctx, -beta)));
  return single(arith<lite::MulOp>(ctx, x, factor));
}

/// Where the output positions of one image dimension of ResizeBilinear or
/// ResizeNearestNeighbor read, as TF's image_resizer_state computes them in
/// float: the scale in/out ((in - 1)/(out - 1) with align_corners and more
/// than one output), and each output position p mapped to p * scale, or
/// (p + 0.5) * scale with half_pixel_centers (less 0.5 for bilinear).
struct ResizeAxis {
  Value source; // f32 [out]: the mapped positions
  Value inSize; // i32 scalar
};
FailureOr<ResizeAxis> resizeAxis(ImportContext &ctx, Value outSizes, int64_t d,
                                 bool bilinear) {
  OpBuilder &builder = ctx.builder;
  Type f32 = builder.getF32Type(), i32 = builder.getI32Type();
  bool align = boolAttr(ctx.node.node, "align_corners");
  bool half = boolAttr(ctx.node.node, "half_pixel_centers");
  if (align && half) {
    ctx.error = ctx.op() + ": if half_pixel_centers is True, align_corners "
                           "must be False";
    return failure();
  }
  Value in = entryOf(ctx, shapeOf(ctx, ctx.inputs[0]), 1 + d);
  Value out = entryOf(ctx, outSizes, d);
  auto asFloat = [&](Value v) -> Value {
    return createInferred<lite::CastOp>(builder, ctx.loc, f32, v);
  };
  auto divide = [&](Value a, Value b) -> Value {
    return arithOf<lite::DivOp>(ctx, f32, asFloat(a), asFloat(b));
  };
  Value scale = divide(in, out);
  if (align) {
    Value one = lite::createI32Scalar(builder, ctx.loc, 1);
    auto less1 = [&](Value v) -> Value {
      return arithOf<lite::SubOp>(ctx, i32, v, one);
    };
    scale = createInferred<lite::SelectV2Op>(
        builder, ctx.loc, f32, predicate<lite::GreaterOp>(ctx, out, one),
        divide(less1(in), less1(out)), scale);
  }
  Value positions = asFloat(createInferred<lite::RangeOp>(
      builder, ctx.loc, i32, lite::createI32Scalar(builder, ctx.loc, 0), out,
      lite::createI32Scalar(builder, ctx.loc, 1)));
  if (half)
    positions =
        arithOf<lite::AddOp>(ctx, f32, positions, constantOf(ctx, f32, 0.5));
  Value source = arithOf<lite::MulOp>(ctx, f32, positions, scale);
  if (half && bilinear)
    source = arithOf<lite::SubOp>(ctx, f32, source, constantOf(ctx, f32, 0.5));
  return ResizeAxis{source, in};
}

/// The images (N, H, W, C: 4-D) and size (a vector of 2) of a resize.
LogicalResult checkResize(ImportContext &ctx) {
  auto images = dyn_cast<RankedTensorType>(ctx.inputs[0].getType());
  auto size = dyn_cast<RankedTensorType>(ctx.inputs[1].getType());
  if (!images || images.getRank() != 4 || !size || size.getRank() != 1 ||
      size.isDynamicDim(0) || size.getDimSize(0) != 2) {
    ctx.error = ctx.op() + " needs 4-D images and a size of 2 entries";
    return failure();
  }
  return success();
}

/// An int32 index from a float position: clamped to [low, in - 1] (low 0
/// or none).
Value clampedIndex(ImportContext &ctx, Value position, Value inSize,
                   bool clampLow) {
  OpBuilder &builder = ctx.builder;
  Type i32 = builder.getI32Type();
  Value index = createInferred<lite::CastOp>(builder, ctx.loc, i32, position);
  Value last = arithOf<lite::SubOp>(ctx, i32, inSize,
                                    lite::createI32Scalar(builder, ctx.loc, 1));
  index = createInferred<lite::MinimumOp>(builder, ctx.loc, i32, index, last);
  if (clampLow)
    index = createInferred<lite::MaximumOp>(
        builder, ctx.loc, i32, index,
        lite::createI32Scalar(builder, ctx.loc, 0));
  return index;
}

/// ResizeNearestNeighbor: a gather of rows, then of columns, at
/// min(floor(source), in - 1) (roundf with align_corners, at least 0 with
/// half_pixel_centers), as TF's kernel.
Values buildResizeNearestNeighbor(ImportContext &ctx) {
  if (failed(checkResize(ctx)))
    return failure();
  OpBuilder &builder = ctx.builder;
  Type f32 = builder.getF32Type();
  bool align = boolAttr(ctx.node.node, "align_corners");
  bool half = boolAttr(ctx.node.node, "half_pixel_centers");
  Value result = ctx.inputs[0];
  for (int64_t d = 0; d < 2; ++d) {
    FailureOr<ResizeAxis> axis = resizeAxis(ctx, ctx.inputs[1], d, false);
    if (failed(axis))
      return failure();
    Value position =
        createInferred<lite::FloorOp>(builder, ctx.loc, f32, axis->source);
    if (align) {
      // roundf (half away from zero) of a non-negative value: floor, plus
      // one where the fraction is at least 0.5 (exact in float).
      Value fraction = arithOf<lite::SubOp>(ctx, f32, axis->source, position);
      Value up = createInferred<lite::CastOp>(
          builder, ctx.loc, f32,
          predicate<lite::GreaterEqualOp>(ctx, fraction,
                                          constantOf(ctx, f32, 0.5)));
      position = arithOf<lite::AddOp>(ctx, f32, position, up);
    }
    result = ctx.create<lite::GatherOp>(
        result, clampedIndex(ctx, position, axis->inSize, half),
        static_cast<int32_t>(1 + d), 0);
  }
  return single(result);
}

/// ResizeBilinear (float32 output): for each output row and column, the
/// lower (floor, at least 0) and upper (ceil, at most in - 1) neighbours
/// and the fraction between them; top = tl + (tr - tl) * x, bottom = bl +
/// (br - bl) * x, top + (bottom - top) * y, as TF's kernel.
Values buildResizeBilinear(ImportContext &ctx) {
  if (failed(checkResize(ctx)))
    return failure();
  OpBuilder &builder = ctx.builder;
  Type f32 = builder.getF32Type();
  Value images = ctx.inputs[0];
  if (!cast<TensorType>(images.getType()).getElementType().isF32())
    images = createInferred<lite::CastOp>(builder, ctx.loc, f32, images);
  Value lower[2], upper[2], fraction[2];
  for (int64_t d = 0; d < 2; ++d) {
    FailureOr<ResizeAxis> axis = resizeAxis(ctx, ctx.inputs[1], d, true);
    if (failed(axis))
      return failure();
    Value floor =
        createInferred<lite::FloorOp>(builder, ctx.loc, f32, axis->source);
    Value ceil =
        createInferred<lite::CeilOp>(builder, ctx.loc, f32, axis->source);
    lower[d] = clampedIndex(ctx, floor, axis->inSize, true);
    upper[d] = clampedIndex(ctx, ceil, axis->inSize, false);
    fraction[d] = arithOf<lite::SubOp>(ctx, f32, axis->source, floor);
  }
  // The fractions as [1, out_h, 1, 1] and [1, 1, out_w, 1].
  Value y = createInferred<lite::ReshapeOp>(
      builder, ctx.loc, f32, fraction[0],
      lite::createI32Vector(builder, ctx.loc, {1, -1, 1, 1}));
  Value x = createInferred<lite::ReshapeOp>(
      builder, ctx.loc, f32, fraction[1],
      lite::createI32Vector(builder, ctx.loc, {1, 1, -1, 1}));
  auto gather = [&](Value v, Value indices, int32_t axis) -> Value {
    return createInferred<lite::GatherOp>(builder, ctx.loc, f32, v, indices,
                                          axis, 0);
  };
  auto lerp = [&](Value a, Value b, Value t) -> Value {
    return arithOf<lite::AddOp>(
        ctx, f32, a,
        arithOf<lite::MulOp>(ctx, f32, arithOf<lite::SubOp>(ctx, f32, b, a),
                             t));
  };
  Value top = gather(images, lower[0], 1), bottom = gather(images, upper[0], 1);
  Value topRow = lerp(gather(top, lower[1], 2), gather(top, upper[1], 2), x);
  Value bottomRow =
      lerp(gather(bottom, lower[1], 2), gather(bottom, upper[1], 2), x);
  return single(lerp(topRow, bottomRow, y));
}

/// TF's CPU kernels refuse an index tuple (the last dimension of
/// `indices`) with a component outside its dimension of `shaped`; so does
/// a run-time check.
void checkIndexTuples(ImportContext &ctx, Value shaped, Value indices,
                      int64_t depth) {
  Type index = cast<TensorType>(indices.getType()).getElementType();
  Value sizes = createInferred<lite::SliceOp>(
      ctx.builder, ctx.loc, index,
      createInferred<lite::ShapeOp>(ctx.builder, ctx.loc, index, shaped),
      lite::createI32Vector(ctx.builder, ctx.loc, {0}),
      lite::createI32Vector(ctx.builder, ctx.loc,
                            {static_cast<int32_t>(depth)}));
  Value inRange = predicate<lite::LogicalAndOp>(
      ctx,
      predicate<lite::GreaterEqualOp>(ctx, indices, constantOf(ctx, index, 0)),
      predicate<lite::LessOp>(ctx, indices, sizes));
  check(ctx, allOf(ctx, inRange),
        ctx.op() + ": an index does not index into the shape of " +
            (ctx.op() == "GatherNd" ? "params" : "the tensor"));
}

/// GatherNd(params, indices [..., K]): params seen as [P, rest...], P the
/// product of its first K dimensions, gathered along that first dimension
/// at the row-major offsets of the index tuples (Horner's rule over the K
/// sizes). TF's CPU kernel
/// refuses an index component outside its dimension (which the offset
/// alone could not tell); so does a check here. K and the rank of params
/// must be known.
Values buildGatherNd(ImportContext &ctx) {
  OpBuilder &builder = ctx.builder;
  auto params = dyn_cast<RankedTensorType>(ctx.inputs[0].getType());
  auto indices = dyn_cast<RankedTensorType>(ctx.inputs[1].getType());
  if (!params || !indices || indices.getRank() < 1 ||
      indices.isDynamicDim(indices.getRank() - 1))
    return ctx.fail("GatherNd needs params of known rank and indices whose "
                    "last dimension is known");
  int64_t depth = indices.getShape().back(), rank = params.getRank();
  if (depth > rank)
    return ctx.fail("GatherNd's index depth " + Twine(depth) +
                    " is more than the rank " + Twine(rank) + " of params");
  checkIndexTuples(ctx, ctx.inputs[0], ctx.inputs[1], depth);
  return single(
      lite::createGatherNd(builder, ctx.loc, ctx.inputs[0], ctx.inputs[1]));
}

/// TensorScatterAdd and TensorScatterSub: the tensor plus (minus) the
/// scatter_nd of the updates into zeros of its shape (repeated indices add
/// up, as in TF).
template <typename OpTy> Values buildTensorScatter(ImportContext &ctx) {
  Type index = cast<TensorType>(ctx.inputs[1].getType()).getElementType();
  Value scattered = ctx.create<lite::ScatterNdOp>(
      ctx.inputs[1], ctx.inputs[2],
      createInferred<lite::ShapeOp>(ctx.builder, ctx.loc, index,
                                    ctx.inputs[0]));
  return single(arith<OpTy>(ctx, ctx.inputs[0], scattered));
}

/// UnsortedSegmentSum(data, segment_ids, num_segments): scatter_nd of the
/// data at the ids (as 1-tuples) into zeros of [num_segments] +
/// data.shape[rank(ids):]; a negative id's data is dropped (replaced by 0
/// at id 0), an id past num_segments fails the run, as in TF.
Values buildUnsortedSegmentSum(ImportContext &ctx) {
  OpBuilder &builder = ctx.builder;
  auto data = dyn_cast<RankedTensorType>(ctx.inputs[0].getType());
  auto ids = dyn_cast<RankedTensorType>(ctx.inputs[1].getType());
  if (!data || !ids || ids.getRank() > data.getRank())
    return ctx.fail("UnsortedSegmentSum needs data and segment_ids of known "
                    "ranks, the ids' rank at most the data's");
  FailureOr<Value> count = scalarInput(ctx, 2, "num_segments");
  if (failed(count))
    return failure();
  Type index = ids.getElementType();
  int32_t idsRank = static_cast<int32_t>(ids.getRank());
  int32_t rest = static_cast<int32_t>(data.getRank() - ids.getRank());
  Value zero = constantOf(ctx, index, 0);
  Value kept = predicate<lite::GreaterEqualOp>(ctx, ctx.inputs[1], zero);
  // The mask as ids.shape + [1] * rest, to select whole slices of data.
  Value mask = createInferred<lite::ReshapeOp>(
      builder, ctx.loc, builder.getI1Type(), kept,
      joined(ctx, {shapeOf(ctx, ctx.inputs[1]),
                   lite::createI32Vector(builder, ctx.loc,
                                         SmallVector<int32_t>(rest, 1))}));
  Value values = ctx.create<lite::SelectV2Op>(mask, ctx.inputs[0],
                                              elementConstant(ctx, 0));
  Value tuples = createInferred<lite::ExpandDimsOp>(
      builder, ctx.loc, index,
      createInferred<lite::MaximumOp>(builder, ctx.loc, index, ctx.inputs[1],
                                      zero),
      lite::createI32Scalar(builder, ctx.loc, -1));
  // The shape in the ids' type (scatter_nd's rule).
  Value segments = *count;
  if (cast<TensorType>(segments.getType()).getElementType() != index)
    segments = createInferred<lite::CastOp>(builder, ctx.loc, index, segments);
  Value dataShape =
      createInferred<lite::ShapeOp>(builder, ctx.loc, index, ctx.inputs[0]);
  Value shape = createInferred<lite::ConcatenationOp>(
      builder, ctx.loc, index,
      ValueRange{createInferred<lite::ReshapeOp>(
                     builder, ctx.loc, index, segments,
                     lite::createI32Vector(builder, ctx.loc, {1})),
                 createInferred<lite::SliceOp>(
                     builder, ctx.loc, index, dataShape,
                     lite::createI32Vector(builder, ctx.loc, {idsRank}),
                     lite::createI32Vector(builder, ctx.loc, {rest}))},
      /*axis=*/0, kNoActivation);
  return single(ctx.create<lite::ScatterNdOp>(tuples, values, shape));
}

/// The largest (or, with `lowest`, the smallest) value of `element`: TF's
/// numeric_limits<T>::max() / lowest() (-FLT_MAX for floats; 0 for
/// unsigned lowest), or for floats with `infinite` +-inf.
Value extremeOf(ImportContext &ctx, Type element, bool lowest, bool infinite) {
  TypedAttr attr;
  if (auto floatType = dyn_cast<FloatType>(element)) {
    const llvm::fltSemantics &semantics = floatType.getFloatSemantics();
    attr = ctx.builder.getFloatAttr(
        element, infinite ? APFloat::getInf(semantics, lowest)
                          : APFloat::getLargest(semantics, lowest));
  } else {
    unsigned width = element.getIntOrFloatBitWidth();
    APInt value =
        element.isUnsignedInteger()
            ? (lowest ? APInt::getMinValue(width) : APInt::getMaxValue(width))
            : (lowest ? APInt::getSignedMinValue(width)
                      : APInt::getSignedMaxValue(width));
    attr = ctx.builder.getIntegerAttr(element, value);
  }
  return lite::createScalar(ctx.builder, ctx.loc, attr);
}

/// How a segment op or a TensorScatter op combines the values that meet
/// at one place.
enum class Combine {
  Sum,
  Prod,
  Max,
  Min,
  Mean,
  Last, // the last value wins (TensorScatterUpdate)
};

/// The value that leaves `combine` unchanged: 0, 1, or the type's least
/// or greatest value (-inf and +inf for floats).
Value identityOf(ImportContext &ctx, Combine combine) {
  switch (combine) {
  case Combine::Sum:
  case Combine::Mean:
    return elementConstant(ctx, 0);
  case Combine::Prod:
    return elementConstant(ctx, 1);
  case Combine::Max:
    return extremeOf(ctx, ctx.element, /*lowest=*/true, /*infinite=*/true);
  case Combine::Min:
    return extremeOf(ctx, ctx.element, /*lowest=*/false, /*infinite=*/true);
  case Combine::Last:
    break;
  }
  llvm_unreachable("no identity: the last value is picked, not combined");
}

/// A vector [n] of `index` values as the [n, 1] column or [1, n] row.
Value columnOf(ImportContext &ctx, Value vector, int32_t axis) {
  Type element = cast<TensorType>(vector.getType()).getElementType();
  return createInferred<lite::ExpandDimsOp>(
      ctx.builder, ctx.loc, element, vector,
      lite::createI32Scalar(ctx.builder, ctx.loc, axis));
}

/// The membership matrix [count, n]: places[i] == p for p in [0, count),
/// the flat `places` [n] and the scalar `count` of one integer type.
Value membership(ImportContext &ctx, Value places, Value count) {
  Type index = cast<TensorType>(places.getType()).getElementType();
  Value all = createInferred<lite::RangeOp>(ctx.builder, ctx.loc, index,
                                            constantOf(ctx, index, 0), count,
                                            constantOf(ctx, index, 1));
  return predicate<lite::EqualOp>(ctx, columnOf(ctx, all, 1),
                                  columnOf(ctx, places, 0));
}

/// `mask` with `rest` dimensions of 1 appended: [count, n] as [count, n,
/// 1, ...] to select whole rows of a [n, rest...] tensor, [count] as
/// [count, 1, ...] to scale or select rows of a [count, rest...] one.
Value rowMask(ImportContext &ctx, Value mask, int32_t rest) {
  return createInferred<lite::ReshapeOp>(
      ctx.builder, ctx.loc, elementTypeOf(mask.getType()), mask,
      joined(ctx, {shapeOf(ctx, mask),
                   lite::createI32Vector(ctx.builder, ctx.loc,
                                         SmallVector<int32_t>(rest, 1))}));
}

/// The rows [n, rest...] combined per place of `mask` [count, n]:
/// [count, rest...], the identity where a place has no row.
Value combineRows(ImportContext &ctx, Value rows, Value mask, int32_t rest,
                  Combine combine) {
  Value selected = ctx.create<lite::SelectV2Op>(rowMask(ctx, mask, rest),
                                                columnOf(ctx, rows, 0),
                                                identityOf(ctx, combine));
  Value axis = lite::createI32Vector(ctx.builder, ctx.loc, {1});
  switch (combine) {
  case Combine::Sum:
  case Combine::Mean:
    return ctx.create<lite::SumOp>(selected, axis, /*keep_dims=*/false);
  case Combine::Prod:
    return ctx.create<lite::ReduceProdOp>(selected, axis, /*keep_dims=*/false);
  // From +-inf, as TF's segment and scatter kernels (their NaN handling
  // depends on the order of the elements and is not followed).
  case Combine::Max:
    return reduceFromInfinity<lite::ReduceMaxOp>(ctx, selected, axis,
                                                 /*keepDims=*/false,
                                                 /*propagateNaN=*/false);
  case Combine::Min:
    return reduceFromInfinity<lite::ReduceMinOp>(ctx, selected, axis,
                                                 /*keepDims=*/false,
                                                 /*propagateNaN=*/false);
  case Combine::Last:
    break;
  }
  llvm_unreachable("the last value is picked, not combined");
}

/// How many rows each place of `mask` [count, n] has, as int32 [count].
Value rowCounts(ImportContext &ctx, Value mask) {
  Type i32 = ctx.builder.getI32Type();
  return createInferred<lite::SumOp>(
      ctx.builder, ctx.loc, i32,
      createInferred<lite::CastOp>(ctx.builder, ctx.loc, i32, mask),
      lite::createI32Vector(ctx.builder, ctx.loc, {1}), /*keep_dims=*/false);
}

/// Segment ops' data and segment_ids, both ranked, the ids' rank at most
/// the data's; TF's kernels refuse ids whose shape is not a prefix of the
/// data's, and so does a check here.
LogicalResult checkSegmentShapes(ImportContext &ctx, int64_t maxIdsRank) {
  auto data = dyn_cast<RankedTensorType>(ctx.inputs[0].getType());
  auto ids = dyn_cast<RankedTensorType>(ctx.inputs[1].getType());
  if (!data || !ids || ids.getRank() > std::min(data.getRank(), maxIdsRank) ||
      data.getRank() == 0) {
    ctx.error = ctx.op() +
                " needs data and segment_ids of known ranks, the "
                "ids' rank at most " +
                (maxIdsRank == 1 ? "1 and " : "") + "the data's (at least 1)";
    return failure();
  }
  Value prefix = entriesOf(ctx, shapeOf(ctx, ctx.inputs[0]), 0,
                           static_cast<int32_t>(ids.getRank()));
  check(ctx,
        allOf(ctx, predicate<lite::EqualOp>(ctx, prefix,
                                            shapeOf(ctx, ctx.inputs[1]))),
        ctx.op() + ": segment_ids' shape must be a prefix of data's shape");
  return success();
}

/// The segment ops' data as rows [n, rest...] and their ids as a flat
/// vector [n].
std::pair<Value, Value> segmentRows(ImportContext &ctx) {
  auto ids = cast<RankedTensorType>(ctx.inputs[1].getType());
  Value flatIds = createInferred<lite::ReshapeOp>(
      ctx.builder, ctx.loc, ids.getElementType(), ctx.inputs[1],
      lite::createI32Vector(ctx.builder, ctx.loc, {-1}));
  Value rows =
      lite::createRowsView(ctx.builder, ctx.loc, ctx.inputs[0], ids.getRank());
  return {rows, flatIds};
}

/// Each entry of the integer vector `vector` [n] beside the one before it
/// (the first beside itself), and the positions 0..n-1.
std::pair<Value, Value> previousEntries(ImportContext &ctx, Value vector) {
  OpBuilder &builder = ctx.builder;
  Type index = elementTypeOf(vector.getType());
  Value positions = createInferred<lite::RangeOp>(
      builder, ctx.loc, index, constantOf(ctx, index, 0),
      entryOf(ctx,
              createInferred<lite::ShapeOp>(builder, ctx.loc, index, vector),
              0),
      constantOf(ctx, index, 1));
  Value previous = createInferred<lite::GatherOp>(
      builder, ctx.loc, index, vector,
      createInferred<lite::MaximumOp>(
          builder, ctx.loc, index,
          arithOf<lite::SubOp>(ctx, index, positions,
                               constantOf(ctx, index, 1)),
          constantOf(ctx, index, 0)),
      0, 0);
  return {previous, positions};
}

/// max(vector) + 1 for an integer vector of non-negative entries, 0 when
/// it is empty: how many segments sorted ids make, how long DynamicStitch's
/// result is.
Value countPastMax(ImportContext &ctx, Value vector) {
  OpBuilder &builder = ctx.builder;
  Type index = elementTypeOf(vector.getType());
  Value last = createInferred<lite::ReduceMaxOp>(
      builder, ctx.loc, index,
      createInferred<lite::ConcatenationOp>(
          builder, ctx.loc, index,
          ValueRange{createInferred<lite::ReshapeOp>(
                         builder, ctx.loc, index, constantOf(ctx, index, -1),
                         lite::createI32Vector(builder, ctx.loc, {1})),
                     vector},
          /*axis=*/0, kNoActivation),
      lite::createI32Vector(builder, ctx.loc, {0}), /*keep_dims=*/false);
  return arithOf<lite::AddOp>(ctx, index, last, constantOf(ctx, index, 1));
}

/// UnsortedSegmentProd, Max and Min(data, segment_ids, num_segments): each
/// segment's rows combined, lowest() / max() / 1 for an empty one, as
/// TF's kernel; negative ids are dropped, an id past num_segments fails
/// the run.
template <Combine combine> Values buildUnsortedSegment(ImportContext &ctx) {
  if (failed(checkSegmentShapes(ctx, std::numeric_limits<int64_t>::max())))
    return failure();
  FailureOr<Value> count = scalarInput(ctx, 2, "num_segments");
  if (failed(count))
    return failure();
  auto [rows, ids] = segmentRows(ctx);
  Type index = cast<TensorType>(ids.getType()).getElementType();
  Value segments = *count;
  if (cast<TensorType>(segments.getType()).getElementType() != index)
    segments =
        createInferred<lite::CastOp>(ctx.builder, ctx.loc, index, segments);
  check(ctx, allOf(ctx, predicate<lite::LessOp>(ctx, ids, segments)),
        ctx.op() + ": a segment id is not less than num_segments");
  int32_t rest = static_cast<int32_t>(
      cast<RankedTensorType>(ctx.inputs[0].getType()).getRank() -
      cast<RankedTensorType>(ctx.inputs[1].getType()).getRank());
  Value combined =
      combineRows(ctx, rows, membership(ctx, ids, segments), rest, combine);
  // TF's unsorted kernels start from lowest() / max(): an empty segment,
  // or one of -inf (+inf), gives that finite value.
  if (combine == Combine::Max)
    return single(ctx.create<lite::MaximumOp>(
        combined, extremeOf(ctx, ctx.element, /*lowest=*/true)));
  if (combine == Combine::Min)
    return single(ctx.create<lite::MinimumOp>(
        combined, extremeOf(ctx, ctx.element, /*lowest=*/false)));
  return single(combined);
}

/// SegmentSum, Prod, Max, Min and Mean(data, segment_ids): segment_ids a
/// sorted vector of non-negative ids (TF's kernel refuses others, and so
/// do checks here), max(ids) + 1 segments; an empty segment gives 0 (1 for
/// Prod), the mean divides the sum by the count in T.
template <Combine combine> Values buildSortedSegment(ImportContext &ctx) {
  if (failed(checkSegmentShapes(ctx, 1)))
    return failure();
  if (cast<RankedTensorType>(ctx.inputs[1].getType()).getRank() != 1)
    return ctx.fail(ctx.op() + "'s segment_ids must be a vector");
  auto [rows, ids] = segmentRows(ctx);
  Type index = cast<TensorType>(ids.getType()).getElementType();
  OpBuilder &builder = ctx.builder;
  check(ctx,
        allOf(ctx, predicate<lite::GreaterEqualOp>(ctx, ids,
                                                   constantOf(ctx, index, 0))),
        ctx.op() + ": segment ids must be >= 0");
  Value previous = previousEntries(ctx, ids).first;
  check(ctx, allOf(ctx, predicate<lite::GreaterEqualOp>(ctx, ids, previous)),
        ctx.op() + ": segment ids are not increasing");
  Value segments = countPastMax(ctx, ids);
  Value mask = membership(ctx, ids, segments);
  int32_t rest = static_cast<int32_t>(
      cast<RankedTensorType>(ctx.inputs[0].getType()).getRank() - 1);
  Value combined = combineRows(ctx, rows, mask, rest, combine);
  if (combine == Combine::Sum || combine == Combine::Prod)
    return single(combined);
  Value counts = rowCounts(ctx, mask);
  if (combine == Combine::Mean)
    return single(arith<lite::DivOp>(
        ctx, combined,
        rowMask(ctx,
                ctx.create<lite::CastOp>(createInferred<lite::MaximumOp>(
                    builder, ctx.loc, builder.getI32Type(), counts,
                    lite::createI32Scalar(builder, ctx.loc, 1))),
                rest)));
  // Max and Min: 0 for an empty segment.
  Value nonEmpty = predicate<lite::GreaterOp>(
      ctx, counts, lite::createI32Scalar(builder, ctx.loc, 0));
  return single(ctx.create<lite::SelectV2Op>(
      rowMask(ctx, nonEmpty, rest), combined, elementConstant(ctx, 0)));
}

/// `rows` [P, rest...] with the rows that the flat `places` [M] (an
/// integer type) name replaced by the `updateRows` [M, rest...] placed
/// there: the last of them (Combine::Last) or the maximum or minimum of the
/// row and all of them. A [P, M] membership matrix decides; the last update
/// is the largest m naming the row, gathered from the updates with a zero
/// row appended (M, where there is none).
Value scatterRows(ImportContext &ctx, Value rows, Value places,
                  Value updateRows, int32_t rest, Combine combine) {
  OpBuilder &builder = ctx.builder;
  Type index = elementTypeOf(places.getType()), i32 = builder.getI32Type();
  Value count = entryOf(
      ctx, createInferred<lite::ShapeOp>(builder, ctx.loc, index, rows), 0);
  Value mask = membership(ctx, places, count);
  Value named = predicate<lite::GreaterOp>(
      ctx, rowCounts(ctx, mask), lite::createI32Scalar(builder, ctx.loc, 0));
  Value result;
  if (combine == Combine::Max) {
    result = ctx.create<lite::MaximumOp>(
        rows, combineRows(ctx, updateRows, mask, rest, combine));
  } else if (combine == Combine::Min) {
    result = ctx.create<lite::MinimumOp>(
        rows, combineRows(ctx, updateRows, mask, rest, combine));
  } else {
    assert(combine == Combine::Last && "rows are replaced, max'd or min'd");
    Value updates = entryOf(ctx, shapeOf(ctx, updateRows), 0);
    Value order = createInferred<lite::RangeOp>(
        builder, ctx.loc, i32, lite::createI32Scalar(builder, ctx.loc, 0),
        updates, lite::createI32Scalar(builder, ctx.loc, 1));
    Value latest = createInferred<lite::ReduceMaxOp>(
        builder, ctx.loc, i32,
        createInferred<lite::SelectV2Op>(
            builder, ctx.loc, i32, mask, columnOf(ctx, order, 0),
            lite::createI32Scalar(builder, ctx.loc, -1)),
        lite::createI32Vector(builder, ctx.loc, {1}), /*keep_dims=*/false);
    SmallVector<int32_t> padding(2 * (1 + rest), 0);
    padding[1] = 1;
    Value padded = ctx.create<lite::PadOp>(
        updateRows,
        lite::ConstantOp::create(
            builder, ctx.loc,
            DenseElementsAttr::get(RankedTensorType::get({1 + rest, 2}, i32),
                                   ArrayRef<int32_t>(padding))),
        elementConstant(ctx, 0));
    Value source = createInferred<lite::SelectV2Op>(builder, ctx.loc, i32,
                                                    named, latest, updates);
    result = ctx.create<lite::GatherOp>(padded, source, 0, 0);
  }
  return ctx.create<lite::SelectV2Op>(rowMask(ctx, named, rest), result, rows);
}

/// TensorScatterUpdate, Max and Min(tensor, indices [..., K], updates):
/// the tensor seen as rows [P, rest...] (P the product of its first K
/// dimensions) and the updates as [M, rest...]; a [P, M] membership of the
/// index tuples' row-major offsets picks, for each row, the last update
/// (TF's CPU kernel applies them in order) or the maximum or minimum of the
/// row and its updates. Rows no tuple names are the tensor's.
///
///   tensor [P, rest]   offsets [M]   mask[p, m] = (offsets[m] == p)
///   Update: rows[p] = updates[max{m : mask[p, m]}]   where any m
///   Max:    rows[p] = max(rows[p], max{updates[m] : mask[p, m]})
template <Combine combine> Values buildTensorScatterSelect(ImportContext &ctx) {
  OpBuilder &builder = ctx.builder;
  auto tensor = dyn_cast<RankedTensorType>(ctx.inputs[0].getType());
  auto indices = dyn_cast<RankedTensorType>(ctx.inputs[1].getType());
  auto updates = dyn_cast<RankedTensorType>(ctx.inputs[2].getType());
  if (!tensor || !indices || !updates || indices.getRank() < 1 ||
      indices.isDynamicDim(indices.getRank() - 1))
    return ctx.fail(ctx.op() + " needs tensor and updates of known ranks and "
                               "indices whose last dimension is known");
  int64_t depth = indices.getShape().back();
  int64_t rest = tensor.getRank() - depth;
  if (depth > tensor.getRank() ||
      updates.getRank() != indices.getRank() - 1 + rest)
    return ctx.fail(ctx.op() +
                    ": updates must have the shape indices.shape[:-1] "
                    "+ tensor.shape[K:] (K = " +
                    Twine(depth) + ")");
  checkIndexTuples(ctx, ctx.inputs[0], ctx.inputs[1], depth);
  Value expected =
      joined(ctx, {entriesOf(ctx, shapeOf(ctx, ctx.inputs[1]), 0,
                             static_cast<int32_t>(indices.getRank() - 1)),
                   entriesOf(ctx, shapeOf(ctx, ctx.inputs[0]),
                             static_cast<int32_t>(depth),
                             static_cast<int32_t>(rest))});
  check(ctx,
        allOf(ctx, predicate<lite::EqualOp>(ctx, shapeOf(ctx, ctx.inputs[2]),
                                            expected)),
        ctx.op() + ": updates must have the shape indices.shape[:-1] + "
                   "tensor.shape[K:]");
  Type index = indices.getElementType();
  Value offsets = createInferred<lite::ReshapeOp>(
      builder, ctx.loc, index,
      lite::createRowMajorOffsets(builder, ctx.loc, ctx.inputs[0],
                                  ctx.inputs[1]),
      lite::createI32Vector(builder, ctx.loc, {-1}));
  Value rows = lite::createRowsView(builder, ctx.loc, ctx.inputs[0], depth);
  Value updateRows = lite::createRowsView(builder, ctx.loc, ctx.inputs[2],
                                          indices.getRank() - 1);
  Value scattered = scatterRows(ctx, rows, offsets, updateRows,
                                static_cast<int32_t>(rest), combine);
  return single(
      ctx.create<lite::ReshapeOp>(scattered, shapeOf(ctx, ctx.inputs[0])));
}

/// DynamicStitch and ParallelDynamicStitch(indices..., data...): each
/// data's rows (data[m] as [size(indices[m]), rest...]) placed at its
/// indices in zeros of [max(indices) + 1, rest...], a later one over an
/// earlier (TF's CPU kernel; the parallel form leaves that order open).
/// Negative indices and data whose shape is not indices[m].shape + rest
/// fail the run, as in TF.
Values buildDynamicStitch(ImportContext &ctx) {
  OpBuilder &builder = ctx.builder;
  size_t count = ctx.inputs.size() / 2;
  if (ctx.inputs.size() % 2)
    return ctx.fail(ctx.op() + " needs as many data inputs as indices inputs");
  auto firstIndices = dyn_cast<RankedTensorType>(ctx.inputs[0].getType());
  auto firstData = dyn_cast<RankedTensorType>(ctx.inputs[count].getType());
  if (!firstIndices || !firstData ||
      firstData.getRank() < firstIndices.getRank())
    return ctx.fail(ctx.op() + " needs indices and data of known ranks, each "
                               "data's rank at least its indices'");
  int64_t rest = firstData.getRank() - firstIndices.getRank();
  Value restShape =
      entriesOf(ctx, shapeOf(ctx, ctx.inputs[count]),
                static_cast<int32_t>(firstIndices.getRank()), rest);
  SmallVector<Value> places, updates;
  for (size_t m = 0; m < count; ++m) {
    Value indices = ctx.inputs[m], data = ctx.inputs[count + m];
    auto indicesType = dyn_cast<RankedTensorType>(indices.getType());
    auto dataType = dyn_cast<RankedTensorType>(data.getType());
    if (!indicesType || !dataType ||
        dataType.getRank() != indicesType.getRank() + rest)
      return ctx.fail(ctx.op() + ": data " + Twine(m) +
                      " must have the rank of indices " + Twine(m) + " plus " +
                      Twine(rest) + " (known ranks)");
    check(ctx,
          allOf(ctx, predicate<lite::EqualOp>(
                         ctx, shapeOf(ctx, data),
                         joined(ctx, {shapeOf(ctx, indices), restShape}))),
          ctx.op() + ": data " + Twine(m) + "'s shape is not indices " +
              Twine(m) + "'s shape and the rest of data 0's");
    places.push_back(createInferred<lite::ReshapeOp>(
        builder, ctx.loc, indicesType.getElementType(), indices,
        lite::createI32Vector(builder, ctx.loc, {-1})));
    updates.push_back(
        lite::createRowsView(builder, ctx.loc, data, indicesType.getRank()));
  }
  Type index = elementTypeOf(places.front().getType());
  Value allPlaces = createInferred<lite::ConcatenationOp>(
      builder, ctx.loc, index, places, /*axis=*/0, kNoActivation);
  Value allUpdates =
      ctx.create<lite::ConcatenationOp>(updates, /*axis=*/0, kNoActivation);
  check(ctx,
        allOf(ctx, predicate<lite::GreaterEqualOp>(ctx, allPlaces,
                                                   constantOf(ctx, index, 0))),
        ctx.op() + ": an index is negative");
  Value length = createInferred<lite::ReshapeOp>(
      builder, ctx.loc, index, countPastMax(ctx, allPlaces),
      lite::createI32Vector(builder, ctx.loc, {1}));
  if (index != builder.getI32Type())
    length = createInferred<lite::CastOp>(builder, ctx.loc,
                                          builder.getI32Type(), length);
  Value zeros = ctx.create<lite::FillOp>(joined(ctx, {length, restShape}),
                                         elementConstant(ctx, 0));
  return single(scatterRows(ctx, zeros, allPlaces, allUpdates,
                            static_cast<int32_t>(rest), Combine::Last));
}

/// SparseToDense(sparse_indices, output_shape, sparse_values,
/// default_value): a fill of the default with the values (one for all, or
/// one per index) at the index tuples (a scalar or a vector indexes a
/// vector), the last of repeated ones winning. With validate_indices (TF's
/// default) the tuples must be in bounds and strictly increasing in
/// row-major order, as TF's kernel demands; out of bounds always fails.
Values buildSparseToDense(ImportContext &ctx) {
  OpBuilder &builder = ctx.builder;
  auto indices = dyn_cast<RankedTensorType>(ctx.inputs[0].getType());
  auto shape = dyn_cast<RankedTensorType>(ctx.inputs[1].getType());
  if (!indices || indices.getRank() > 2 || !shape || shape.getRank() != 1 ||
      shape.isDynamicDim(0))
    return ctx.fail("SparseToDense needs sparse_indices of rank at most 2 and "
                    "an output_shape vector of known length");
  int64_t rank = shape.getDimSize(0);
  if (indices.getRank() < 2 && rank != 1)
    return ctx.fail("SparseToDense: sparse_indices of rank " +
                    Twine(indices.getRank()) +
                    " index a vector, not an output of rank " + Twine(rank));
  if (indices.getRank() == 2 && !indices.isDynamicDim(1) &&
      indices.getDimSize(1) != rank)
    return ctx.fail("SparseToDense: sparse_indices' tuples have " +
                    Twine(indices.getDimSize(1)) +
                    " entries, the output_shape " + Twine(rank));
  auto values = dyn_cast<RankedTensorType>(ctx.inputs[2].getType());
  if (!values || values.getRank() > 1)
    return ctx.fail("SparseToDense needs sparse_values of known rank, a "
                    "scalar or a vector");
  Type index = indices.getElementType(), i32 = builder.getI32Type();
  if (indices.getRank() == 2)
    check(ctx,
          predicate<lite::EqualOp>(
              ctx, entryOf(ctx, shapeOf(ctx, ctx.inputs[0]), 1),
              lite::createI32Scalar(builder, ctx.loc,
                                    static_cast<int32_t>(rank))),
          "SparseToDense: sparse_indices' tuples are not as long as "
          "output_shape");
  Value tuples = createInferred<lite::ReshapeOp>(
      builder, ctx.loc, index, ctx.inputs[0],
      lite::createI32Vector(builder, ctx.loc,
                            {-1, static_cast<int32_t>(rank)}));
  Value outputShape = ctx.inputs[1];
  if (shape.getElementType() != i32)
    outputShape =
        createInferred<lite::CastOp>(builder, ctx.loc, i32, outputShape);
  FailureOr<Value> fallback = scalarInput(ctx, 3, "default_value");
  if (failed(fallback))
    return failure();
  Value dense = ctx.create<lite::FillOp>(outputShape, *fallback);
  checkIndexTuples(ctx, dense, tuples, rank);
  Value offsets = createInferred<lite::ReshapeOp>(
      builder, ctx.loc, index,
      lite::createRowMajorOffsets(builder, ctx.loc, dense, tuples),
      lite::createI32Vector(builder, ctx.loc, {-1}));
  if (findAttr(ctx.node.node, "validate_indices") == nullptr ||
      boolAttr(ctx.node.node, "validate_indices")) {
    auto [previous, positions] = previousEntries(ctx, offsets);
    Value increasing = predicate<lite::LogicalOrOp>(
        ctx, predicate<lite::GreaterOp>(ctx, offsets, previous),
        predicate<lite::EqualOp>(ctx, positions, constantOf(ctx, index, 0)));
    check(ctx, allOf(ctx, increasing),
          "SparseToDense: the indices are out of order or repeated (TF's "
          "validate_indices wants them strictly increasing)");
  }
  if (values.getRank() == 1)
    check(ctx,
          allOf(ctx, predicate<lite::EqualOp>(ctx, shapeOf(ctx, ctx.inputs[2]),
                                              shapeOf(ctx, offsets))),
          "SparseToDense: sparse_values has not one value per index");
  Value spread =
      ctx.create<lite::BroadcastToOp>(ctx.inputs[2], shapeOf(ctx, offsets));
  Value rows = lite::createRowsView(builder, ctx.loc, dense, rank);
  return single(ctx.create<lite::ReshapeOp>(
      scatterRows(ctx, rows, offsets, spread, /*rest=*/0, Combine::Last),
      outputShape));
}

/// Unique(x) and UniqueWithCounts(x) of a vector: the values in the order
/// they first appear, each element's place among them (and how many
/// elements each has). x[i] == x[j] (NaN equal to nothing else, -0 to 0,
/// as TF's hash) or i == j decides; the first j equal to x[i] is i's
/// representative, a running count of the representatives their places.
Values buildUnique(ImportContext &ctx) {
  OpBuilder &builder = ctx.builder;
  auto input = dyn_cast<RankedTensorType>(ctx.inputs[0].getType());
  if (!input || input.getRank() != 1)
    return ctx.fail(ctx.op() + " needs a vector (TF's kernel refuses others)");
  Type i32 = builder.getI32Type();
  Value x = ctx.inputs[0];
  Value size = entryOf(ctx, shapeOf(ctx, x), 0);
  Value order = createInferred<lite::RangeOp>(
      builder, ctx.loc, i32, lite::createI32Scalar(builder, ctx.loc, 0), size,
      lite::createI32Scalar(builder, ctx.loc, 1));
  Value same = predicate<lite::LogicalOrOp>(
      ctx,
      predicate<lite::EqualOp>(ctx, columnOf(ctx, x, 1), columnOf(ctx, x, 0)),
      predicate<lite::EqualOp>(ctx, columnOf(ctx, order, 1),
                               columnOf(ctx, order, 0)));
  Value first = createInferred<lite::ReduceMinOp>(
      builder, ctx.loc, i32,
      createInferred<lite::SelectV2Op>(builder, ctx.loc, i32, same,
                                       columnOf(ctx, order, 0), size),
      lite::createI32Vector(builder, ctx.loc, {1}), /*keep_dims=*/false);
  Value isFirst = predicate<lite::EqualOp>(ctx, first, order);
  Value ones = createInferred<lite::CastOp>(builder, ctx.loc, i32, isFirst);
  Value places = createInferred<lite::CumsumOp>(
      builder, ctx.loc, i32, ones, lite::createI32Scalar(builder, ctx.loc, 0),
      /*exclusive=*/true, /*reverse=*/false);
  Value count = createInferred<lite::SumOp>(
      builder, ctx.loc, i32, ones, lite::createI32Vector(builder, ctx.loc, {0}),
      /*keep_dims=*/false);
  // The representatives' positions, compacted: a scatter to their places
  // (the others to an extra place, cut off).
  Value one = lite::createI32Scalar(builder, ctx.loc, 1);
  Value length = createInferred<lite::ReshapeOp>(
      builder, ctx.loc, i32, count,
      lite::createI32Vector(builder, ctx.loc, {1}));
  Value destinations = createInferred<lite::SelectV2Op>(builder, ctx.loc, i32,
                                                        isFirst, places, count);
  Value scattered = createInferred<lite::ScatterNdOp>(
      builder, ctx.loc, i32, columnOf(ctx, destinations, 1), order,
      createInferred<lite::ReshapeOp>(
          builder, ctx.loc, i32, arithOf<lite::AddOp>(ctx, i32, count, one),
          lite::createI32Vector(builder, ctx.loc, {1})));
  Value representatives = createInferred<lite::SliceOp>(
      builder, ctx.loc, i32, scattered,
      lite::createI32Vector(builder, ctx.loc, {0}), length);
  SmallVector<Value> results;
  results.push_back(ctx.create<lite::GatherOp>(x, representatives, 0, 0));
  Value idx = createInferred<lite::GatherOp>(builder, ctx.loc, i32, places,
                                             first, 0, 0);
  Type outIdx = i32;
  std::string ignored;
  if (findAttr(ctx.node.node, "out_idx"))
    if (Type type = getTypeAttr(ctx.node.node, "out_idx", builder.getContext(),
                                ignored))
      outIdx = type;
  auto asOutIdx = [&](Value value) {
    return outIdx == i32 ? value
                         : Value(createInferred<lite::CastOp>(builder, ctx.loc,
                                                              outIdx, value));
  };
  results.push_back(asOutIdx(idx));
  if (ctx.outputs == 3)
    results.push_back(asOutIdx(rowCounts(ctx, membership(ctx, idx, count))));
  return results;
}

/// Where(condition) (one input): the int64 coordinates [count, rank] of
/// the true elements in row-major order. Each element's coordinates come
/// from its flat position (divided by the stride of each dimension, modulo
/// its size); an exclusive running count of the true ones gives each its
/// row, and a scatter_nd writes them there, the false ones to an extra row
/// at the end that is cut off.
Values buildWhere(ImportContext &ctx) {
  OpBuilder &builder = ctx.builder;
  auto condition = dyn_cast<RankedTensorType>(ctx.inputs[0].getType());
  if (!condition || condition.getRank() == 0)
    return ctx.fail("Where needs a condition of known rank, at least 1 (TF's "
                    "kernel refuses a scalar)");
  Type i32 = builder.getI32Type(), i1 = builder.getI1Type();
  Value truth = ctx.inputs[0];
  if (!condition.getElementType().isInteger(1))
    truth = predicate<lite::NotEqualOp>(
        ctx, truth, constantOf(ctx, condition.getElementType(), 0));
  Value flat = createInferred<lite::ReshapeOp>(
      builder, ctx.loc, i1, truth,
      lite::createI32Vector(builder, ctx.loc, {-1}));
  Value ones = createInferred<lite::CastOp>(builder, ctx.loc, i32, flat);
  Value count = createInferred<lite::SumOp>(
      builder, ctx.loc, i32, ones, lite::createI32Vector(builder, ctx.loc, {0}),
      /*keep_dims=*/false);
  Value before = createInferred<lite::CumsumOp>(
      builder, ctx.loc, i32, ones, lite::createI32Scalar(builder, ctx.loc, 0),
      /*exclusive=*/true, /*reverse=*/false);
  Value rowsOf = createInferred<lite::SelectV2Op>(builder, ctx.loc, i32, flat,
                                                  before, count);
  Value size = createInferred<lite::GatherOp>(
      builder, ctx.loc, i32, shapeOf(ctx, flat),
      lite::createI32Scalar(builder, ctx.loc, 0), 0, 0);
  Value positions = createInferred<lite::RangeOp>(
      builder, ctx.loc, i32, lite::createI32Scalar(builder, ctx.loc, 0), size,
      lite::createI32Scalar(builder, ctx.loc, 1));
  // Coordinates, last dimension first: position / stride mod size (each
  // at least 1: no division by zero when there are no elements).
  Value one = lite::createI32Scalar(builder, ctx.loc, 1);
  Value shape = shapeOf(ctx, truth);
  Value stride = one;
  SmallVector<Value> columns(condition.getRank());
  for (int64_t d = condition.getRank() - 1; d >= 0; --d) {
    Value extent = createInferred<lite::MaximumOp>(builder, ctx.loc, i32,
                                                   entryOf(ctx, shape, d), one);
    Value coordinate = createInferred<lite::FloorModOp>(
        builder, ctx.loc, i32,
        createInferred<lite::FloorDivOp>(builder, ctx.loc, i32, positions,
                                         stride),
        extent);
    columns[d] = columnOf(ctx, coordinate, 1);
    stride = arithOf<lite::MulOp>(ctx, i32, stride, extent);
  }
  Value coordinates = createInferred<lite::ConcatenationOp>(
      builder, ctx.loc, i32, columns, /*axis=*/1, kNoActivation);
  Value rank = lite::createI32Vector(
      builder, ctx.loc, {static_cast<int32_t>(condition.getRank())});
  Value rowsPlusOne = createInferred<lite::ReshapeOp>(
      builder, ctx.loc, i32, arithOf<lite::AddOp>(ctx, i32, count, one),
      lite::createI32Vector(builder, ctx.loc, {1}));
  Value scattered = createInferred<lite::ScatterNdOp>(
      builder, ctx.loc, i32, columnOf(ctx, rowsOf, 1), coordinates,
      joined(ctx, {rowsPlusOne, rank}));
  Value kept = createInferred<lite::SliceOp>(
      builder, ctx.loc, i32, scattered,
      lite::createI32Vector(builder, ctx.loc, {0, 0}),
      joined(ctx, {createInferred<lite::ReshapeOp>(
                       builder, ctx.loc, i32, count,
                       lite::createI32Vector(builder, ctx.loc, {1})),
                   rank}));
  return single(ctx.create<lite::CastOp>(kept));
}

/// IdentityN: its inputs, as they are.
Values buildIdentityN(ImportContext &ctx) {
  return SmallVector<Value>(ctx.inputs.begin(), ctx.inputs.end());
}

/// Einsum of one or two operands without ellipses or a label repeated
/// within an operand, as TF's converter lowers it: each operand's labels
/// that appear nowhere else summed away; the two operands transposed to
/// [batch..., free..., contracted...] and [batch..., contracted...,
/// free...], reshaped to 3-D, multiplied by batch_matmul, reshaped back and
/// transposed to the output's order (one operand: the sum, then the
/// transpose).
///
///   "bij,bjk->bik": batch b, contracted j, free i (first) and k (second)
///   [B, I, J] x [B, J, K] -> batch_matmul -> [B, I, K]
Values buildEinsum(ImportContext &ctx) {
  OpBuilder &builder = ctx.builder;
  Type i32 = builder.getI32Type();
  const tf::AttrValue *attr = findAttr(ctx.node.node, "equation");
  std::string equation = attr ? attr->s() : "";
  equation.erase(llvm::remove_if(equation, ::isspace), equation.end());
  auto [inputsText, outputText] = StringRef(equation).split("->");
  SmallVector<StringRef> terms;
  inputsText.split(terms, ',');
  auto fail = [&](const Twine &why) {
    return ctx.fail("Einsum '" + equation + "': " + why);
  };
  if (!StringRef(equation).contains("->"))
    return fail("needs an explicit output ('->')");
  if (terms.size() != ctx.inputs.size())
    return fail("has " + Twine(terms.size()) + " operand terms for " +
                Twine(ctx.inputs.size()) + " operands");
  if (terms.size() > 2)
    return fail("more than two operands are not supported");
  SmallVector<std::string> labels(terms.begin(), terms.end());
  std::string out = outputText.str();
  SmallVector<std::string> terms3(labels);
  terms3.push_back(out);
  for (const std::string &term : terms3) {
    llvm::SmallDenseSet<char> seen;
    for (char c : term)
      if (!llvm::isAlpha(c) || !seen.insert(c).second)
        return fail("ellipses and a label repeated within one term are not "
                    "supported");
  }
  for (auto [k, term] : llvm::enumerate(labels)) {
    auto type = dyn_cast<RankedTensorType>(ctx.inputs[k].getType());
    if (!type || type.getRank() != static_cast<int64_t>(term.size()))
      return fail("operand " + Twine(k) + " needs rank " + Twine(term.size()));
  }
  for (char c : out)
    if (llvm::none_of(labels, [&](const std::string &t) {
          return t.find(c) != std::string::npos;
        }))
      return fail("output label '" + Twine(c) + "' is in no operand");
  auto has = [](const std::string &term, char c) {
    return term.find(c) != std::string::npos;
  };
  auto positions = [](const std::string &term, const std::string &order) {
    SmallVector<int32_t> perm;
    for (char c : order)
      perm.push_back(static_cast<int32_t>(term.find(c)));
    return perm;
  };
  // Sum away each operand's labels found nowhere else.
  SmallVector<Value> operands(ctx.inputs);
  for (auto [k, term] : llvm::enumerate(labels)) {
    std::string other = labels.size() == 2 ? labels[1 - k] : "";
    SmallVector<int32_t> axes;
    std::string kept;
    for (auto [d, c] : llvm::enumerate(term)) {
      if (has(out, c) || has(other, c))
        kept.push_back(c);
      else
        axes.push_back(static_cast<int32_t>(d));
    }
    if (!axes.empty())
      operands[k] = ctx.create<lite::SumOp>(
          operands[k], lite::createI32Vector(builder, ctx.loc, axes),
          /*keep_dims=*/false);
    term = kept;
  }
  auto transposeTo = [&](Value value, const std::string &term,
                         const std::string &order) -> Value {
    SmallVector<int32_t> perm = positions(term, order);
    if (llvm::equal(perm, llvm::seq<int32_t>(0, perm.size())))
      return value;
    return ctx.create<lite::TransposeOp>(
        value, lite::createI32Vector(builder, ctx.loc, perm));
  };
  if (labels.size() == 1)
    return single(transposeTo(operands[0], labels[0], out));
  const std::string &a = labels[0], &b = labels[1];
  std::string batch, contracted, freeA, freeB;
  for (char c : a) {
    if (has(b, c))
      (has(out, c) ? batch : contracted).push_back(c);
    else
      freeA.push_back(c);
  }
  for (char c : b)
    if (!has(a, c))
      freeB.push_back(c);
  Value lhs = transposeTo(operands[0], a, batch + freeA + contracted);
  Value rhs = transposeTo(operands[1], b, batch + contracted + freeB);
  // The sizes of a group of labels of `term`'s operand, and their product.
  auto sizesOf = [&](Value operand, const std::string &term,
                     const std::string &group) -> Value {
    return createInferred<lite::GatherOp>(
        builder, ctx.loc, i32, shapeOf(ctx, operand),
        lite::createI32Vector(builder, ctx.loc, positions(term, group)), 0, 0);
  };
  auto productOf = [&](Value sizes) -> Value {
    Value product = createInferred<lite::ReduceProdOp>(
        builder, ctx.loc, i32, sizes,
        lite::createI32Vector(builder, ctx.loc, {0}), /*keep_dims=*/true);
    return product;
  };
  Value batchSizes = sizesOf(operands[0], a, batch);
  Value freeASizes = sizesOf(operands[0], a, freeA);
  Value contractedSizes = sizesOf(operands[0], a, contracted);
  Value freeBSizes = sizesOf(operands[1], b, freeB);
  Value batchCount = productOf(batchSizes);
  Value lhs3 = ctx.create<lite::ReshapeOp>(
      lhs, joined(ctx, {batchCount, productOf(freeASizes),
                        productOf(contractedSizes)}));
  Value rhs3 = ctx.create<lite::ReshapeOp>(
      rhs, joined(ctx, {batchCount, productOf(contractedSizes),
                        productOf(freeBSizes)}));
  Value product = ctx.create<lite::BatchMatMulOp>(lhs3, rhs3, false, false);
  Value result = ctx.create<lite::ReshapeOp>(
      product, joined(ctx, {batchSizes, freeASizes, freeBSizes}));
  return single(transposeTo(result, batch + freeA + freeB, out));
}

/// FusedBatchNorm, FusedBatchNormV2 and V3 (float32): y = (x - mean) *
/// (rsqrt(variance + epsilon) * scale) + offset per channel, with the
/// batch's mean and biased variance when is_training (the running
/// variance then Bessel-corrected and, with exponential_avg_factor != 1,
/// averaged with the old), the given ones otherwise; NaN statistics for an
/// empty x, as TF's CPU kernel. Channels last (NHWC, NDHWC) or first
/// (NCHW, NCDHW).
Values buildFusedBatchNorm(ImportContext &ctx) {
  OpBuilder &builder = ctx.builder;
  const tf::NodeDef &node = ctx.node.node;
  const tf::AttrValue *statistics = findAttr(node, "U");
  if (!ctx.element.isF32() ||
      (statistics && statistics->type() != tf::DT_FLOAT))
    return ctx.fail(ctx.op() + " is supported on float32 only");
  Value x = ctx.inputs[0];
  auto xType = dyn_cast<RankedTensorType>(x.getType());
  const tf::AttrValue *formatAttr = findAttr(node, "data_format");
  std::string format = formatAttr ? formatAttr->s() : "NHWC";
  if (!xType || xType.getRank() != static_cast<int64_t>(format.size()) ||
      (format != "NHWC" && format != "NCHW" && format != "NDHWC" &&
       format != "NCDHW"))
    return ctx.fail(ctx.op() +
                    " needs an input of known rank matching its "
                    "data_format " +
                    format);
  int64_t rank = xType.getRank();
  int32_t channel = format[1] == 'C' ? 1 : rank - 1;
  SmallVector<int32_t> axes, channelShape(rank, 1);
  for (int32_t d = 0; d < rank; ++d)
    if (d != channel)
      axes.push_back(d);
  channelShape[channel] = -1;
  auto reshaped = [&](Value v, ArrayRef<int32_t> shape) -> Value {
    return ctx.create<lite::ReshapeOp>(
        v, lite::createI32Vector(builder, ctx.loc, shape));
  };
  // A [C] vector in the shape that broadcasts along x's channels, and back.
  auto perChannel = [&](Value v) {
    return channel == rank - 1 ? v : reshaped(v, channelShape);
  };
  auto flat = [&](Value v) { return reshaped(v, {-1}); };
  const tf::AttrValue *epsilonAttr = findAttr(node, "epsilon");
  Value epsilon = elementConstant(ctx, epsilonAttr ? epsilonAttr->f() : 1e-4f);
  Value scale = perChannel(ctx.inputs[1]), offset = perChannel(ctx.inputs[2]);
  auto normalize = [&](Value centered, Value variance) {
    Value factor = arith<lite::MulOp>(
        ctx,
        ctx.create<lite::RsqrtOp>(arith<lite::AddOp>(ctx, variance, epsilon)),
        scale);
    return arith<lite::AddOp>(ctx, arith<lite::MulOp>(ctx, centered, factor),
                              offset);
  };
  Value shape = shapeOf(ctx, x);
  Value sizes = createInferred<lite::GatherOp>(
      builder, ctx.loc, builder.getI32Type(), shape,
      lite::createI32Vector(builder, ctx.loc, axes), 0, 0);
  Value rest = createInferred<lite::ReduceProdOp>(
      builder, ctx.loc, builder.getI32Type(), sizes,
      lite::createI32Vector(builder, ctx.loc, {0}), /*keep_dims=*/false);
  Value count = createInferred<lite::ReduceProdOp>(
      builder, ctx.loc, builder.getI32Type(), shape,
      lite::createI32Vector(builder, ctx.loc, {0}), /*keep_dims=*/false);
  Value empty = predicate<lite::EqualOp>(
      ctx, count, lite::createI32Scalar(builder, ctx.loc, 0));
  Value nan = elementConstant(ctx, std::numeric_limits<double>::quiet_NaN());
  auto nanIfEmpty = [&](Value v) -> Value {
    return ctx.create<lite::SelectV2Op>(empty, nan, v);
  };
  SmallVector<Value> results;
  Value mean = ctx.inputs[3], variance = ctx.inputs[4];
  const tf::AttrValue *training = findAttr(node, "is_training");
  if (training && !training->b()) {
    Value centered = arith<lite::SubOp>(ctx, x, perChannel(mean));
    results = {normalize(centered, perChannel(variance)), nanIfEmpty(mean),
               nanIfEmpty(variance), mean, variance};
  } else {
    Value axesValue = lite::createI32Vector(builder, ctx.loc, axes);
    Value n = ctx.create<lite::CastOp>(rest);
    Value inverse = arith<lite::DivOp>(ctx, elementConstant(ctx, 1), n);
    Value batchMean = arith<lite::MulOp>(
        ctx, ctx.create<lite::SumOp>(x, axesValue, /*keep_dims=*/true),
        inverse);
    Value centered = arith<lite::SubOp>(ctx, x, batchMean);
    Value batchVariance = arith<lite::MulOp>(
        ctx,
        ctx.create<lite::SumOp>(ctx.create<lite::SquareOp>(centered), axesValue,
                                /*keep_dims=*/true),
        inverse);
    Value y = normalize(centered, batchVariance);
    batchMean = flat(batchMean);
    batchVariance = flat(batchVariance);
    // Bessel's correction, n / max(n - 1, 1).
    Value one = elementConstant(ctx, 1);
    Value adjust = arith<lite::DivOp>(
        ctx, n,
        ctx.create<lite::MaximumOp>(arith<lite::SubOp>(ctx, n, one), one));
    const tf::AttrValue *factorAttr = findAttr(node, "exponential_avg_factor");
    float factor = factorAttr ? factorAttr->f() : 1.0f;
    Value runningMean = batchMean;
    Value runningVariance = arith<lite::MulOp>(ctx, batchVariance, adjust);
    if (factor != 1.0f) {
      Value keep = elementConstant(ctx, 1.0f - factor);
      Value weight = elementConstant(ctx, factor);
      runningMean =
          arith<lite::AddOp>(ctx, arith<lite::MulOp>(ctx, keep, mean),
                             arith<lite::MulOp>(ctx, weight, batchMean));
      runningVariance = arith<lite::AddOp>(
          ctx, arith<lite::MulOp>(ctx, keep, variance),
          arith<lite::MulOp>(ctx, arith<lite::MulOp>(ctx, weight, adjust),
                             batchVariance));
    }
    results = {y, nanIfEmpty(runningMean), nanIfEmpty(runningVariance),
               batchMean, batchVariance};
  }
  // V3's reserve_space_3: TF's CPU kernel writes a scalar 0.
  if (ctx.outputs == 6)
    results.push_back(elementConstant(ctx, 0));
  return results;
}

/// The logits shifted by their row's maximum, exp of them and the rows'
/// sums of those (kept as [batch, 1]): the first steps of TF's xent kernels.
struct ShiftedLogits {
  Value shifted, exp, sum;
};
ShiftedLogits shiftLogits(ImportContext &ctx, Value logits) {
  Value classes = lite::createI32Vector(ctx.builder, ctx.loc, {1});
  Value max =
      ctx.create<lite::ReduceMaxOp>(logits, classes, /*keep_dims=*/true);
  Value shifted = arith<lite::SubOp>(ctx, logits, max);
  Value exp = ctx.create<lite::ExpOp>(shifted);
  return {shifted, exp,
          ctx.create<lite::SumOp>(exp, classes, /*keep_dims=*/true)};
}

/// Whether input `index` is ranked with rank `rank`.
bool hasRank(ImportContext &ctx, unsigned index, int64_t rank) {
  auto type = dyn_cast<RankedTensorType>(ctx.inputs[index].getType());
  return type && type.getRank() == rank;
}

/// SoftmaxCrossEntropyWithLogits(features, labels) = (sum(labels * (log(z)
/// - s)), exp(s) / z - labels) over the classes, s the shifted logits and z
/// the sum of exp(s); features and labels broadcast.
Values buildSoftmaxCrossEntropy(ImportContext &ctx) {
  if (!hasRank(ctx, 0, 2) || !hasRank(ctx, 1, 2))
    return ctx.fail(ctx.op() + " needs 2-D logits and labels");
  Value labels = ctx.inputs[1];
  ShiftedLogits logits = shiftLogits(ctx, ctx.inputs[0]);
  Value terms = arith<lite::MulOp>(
      ctx, labels,
      arith<lite::SubOp>(ctx, ctx.create<lite::LogOp>(logits.sum),
                         logits.shifted));
  Value loss = ctx.create<lite::SumOp>(
      terms, lite::createI32Vector(ctx.builder, ctx.loc, {1}),
      /*keep_dims=*/false);
  Value backprop = arith<lite::SubOp>(
      ctx, arith<lite::DivOp>(ctx, logits.exp, logits.sum), labels);
  return SmallVector<Value>{loss, backprop};
}

/// SparseSoftmaxCrossEntropyWithLogits(features, labels) = (log(z) -
/// s[label], exp(s) / z - one_hot(label)); TF's CPU kernel refuses a label
/// outside [0, classes).
Values buildSparseSoftmaxCrossEntropy(ImportContext &ctx) {
  OpBuilder &builder = ctx.builder;
  if (!hasRank(ctx, 0, 2) || !hasRank(ctx, 1, 1))
    return ctx.fail(ctx.op() + " needs 2-D logits and 1-D labels");
  Value labels = ctx.inputs[1];
  Type labelType = cast<TensorType>(labels.getType()).getElementType();
  Value depth = entryOf(ctx, shapeOf(ctx, ctx.inputs[0]), 1);
  Value bound =
      labelType.isInteger(32)
          ? depth
          : createInferred<lite::CastOp>(builder, ctx.loc, labelType, depth);
  Value zero = constantOf(ctx, labelType, 0);
  Value inRange = predicate<lite::LogicalAndOp>(
      ctx, predicate<lite::GreaterEqualOp>(ctx, labels, zero),
      predicate<lite::LessOp>(ctx, labels, bound));
  check(ctx, allOf(ctx, inRange),
        ctx.op() + ": a label value is outside the valid range of [0, number "
                   "of classes)");
  ShiftedLogits logits = shiftLogits(ctx, ctx.inputs[0]);
  Value picked = ctx.create<lite::GatherOp>(logits.shifted, labels, /*axis=*/1,
                                            /*batch_dims=*/1);
  Value logSum = ctx.create<lite::ReshapeOp>(
      ctx.create<lite::LogOp>(logits.sum),
      lite::createI32Vector(builder, ctx.loc, {-1}));
  Value loss = arith<lite::SubOp>(ctx, logSum, picked);
  Value oneHot =
      ctx.create<lite::OneHotOp>(labels, depth, elementConstant(ctx, 1),
                                 elementConstant(ctx, 0), /*axis=*/-1);
  Value backprop = arith<lite::SubOp>(
      ctx, arith<lite::DivOp>(ctx, logits.exp, logits.sum), oneHot);
  return SmallVector<Value>{loss, backprop};
}

/// The rows and columns of a convolution's gradient op (Conv2DBackprop*):
/// the image's sizes `imageSizes` ([N, H, W, C] in the node's data
/// format), the filter's h and w, and the window attributes, placed by
/// WindowRules.h; EXPLICIT padding must not reach past the filter (the
/// transposed convolution would start inside its own padding).
FailureOr<std::array<lite::window::PaddedDimension, 2>>
gradientWindows(ImportContext &ctx, const TFWindow &window,
                ArrayRef<int64_t> imageSizes, ArrayRef<int64_t> filterSizes) {
  std::array<lite::window::PaddedDimension, 2> dims;
  int spatial = window.channelsFirst ? 2 : 1;
  for (int d = 0; d < 2; ++d) {
    int64_t input = imageSizes[spatial + d], filter = filterSizes[d];
    if (input < 0 || filter < 1 || filter > INT32_MAX || input > INT32_MAX) {
      ctx.error = (Twine() + ctx.op() +
                   " needs known positive sizes of the image and "
                   "filter, not " +
                   Twine(input) + " and " + Twine(filter))
                      .str();
      return failure();
    }
    std::optional<lite::window::PaddedDimension> placed =
        window.explicitPaddings.empty()
            ? lite::window::padDimension(input, filter, window.strides[d],
                                         window.dilations[d],
                                         window.padding == lite::Padding::SAME)
            : lite::window::padDimensionExplicitly(
                  input, filter, window.strides[d], window.dilations[d],
                  window.explicitPaddings[2 * (1 + d)],
                  window.explicitPaddings[2 * (1 + d) + 1]);
    if (!placed || placed->outputSize < 1) {
      ctx.error = (Twine() + ctx.op() +
                   ": the filter's windows do not fit the image (no "
                   "output positions)")
                      .str();
      return failure();
    }
    if (placed->paddingBefore > (filter - 1) * window.dilations[d] ||
        placed->paddingAfter > (filter - 1) * window.dilations[d]) {
      ctx.error = (Twine() + ctx.op() +
                   " with explicit padding wider than the dilated "
                   "filter is not supported")
                      .str();
      return failure();
    }
    dims[d] = *placed;
  }
  return dims;
}

/// A constant integer vector input of `length` entries, or failure naming
/// it.
FailureOr<SmallVector<int64_t>> constantSizes(ImportContext &ctx,
                                              unsigned index, StringRef name,
                                              int64_t length) {
  DenseElementsAttr value = ctx.node.constantInput(index);
  if (!value || !value.getElementType().isIntOrIndex() ||
      value.getNumElements() != length) {
    ctx.error = (ctx.op() + " needs a constant " + name + " of " +
                 Twine(length) + " entries")
                    .str();
    return failure();
  }
  return llvm::map_to_vector(value.getValues<APInt>(),
                             [](const APInt &v) { return v.getSExtValue(); });
}

/// A run-time check that `value` has the shape `sizes`, as TF's kernel
/// checks its operands.
void checkShape(ImportContext &ctx, Value value, ArrayRef<int64_t> sizes,
                const Twine &message) {
  SmallVector<int32_t> expected(sizes.begin(), sizes.end());
  check(ctx,
        allOf(ctx, predicate<lite::EqualOp>(
                       ctx, shapeOf(ctx, value),
                       lite::createI32Vector(ctx.builder, ctx.loc, expected))),
        message);
}

/// The gradient `dy` of a window op's output in NHWC, checked (at run time,
/// as TF's kernel checks) to have the output positions the windows give.
Value checkedOutputGradient(ImportContext &ctx, const TFWindow &window,
                            ArrayRef<lite::window::PaddedDimension> dims,
                            Value dy) {
  if (window.channelsFirst)
    dy = transposed(ctx, dy, {0, 2, 3, 1});
  check(ctx,
        allOf(ctx, predicate<lite::EqualOp>(
                       ctx, entriesOf(ctx, shapeOf(ctx, dy), 1, 2),
                       lite::createI32Vector(
                           ctx.builder, ctx.loc,
                           {static_cast<int32_t>(dims[0].outputSize),
                            static_cast<int32_t>(dims[1].outputSize)}))),
        ctx.op() +
            ": the gradient's height and width are not the output "
            "size the windows give (" +
            Twine(dims[0].outputSize) + ", " + Twine(dims[1].outputSize) + ")");
  return dy;
}

/// Conv2DBackpropInput(input_sizes, filter, out_backprop): the transposed
/// convolution (createConv2DInputGradient) of the NHWC out_backprop with
/// TF's [h, w, in, out] filter as TFLite's [out, h, w, in]; input_sizes
/// constant, its result checked against them at run time.
Values buildConv2DBackpropInput(ImportContext &ctx) {
  FailureOr<TFWindow> window = readWindow(ctx, /*pool=*/false);
  if (failed(window))
    return failure();
  FailureOr<SmallVector<int64_t>> sizes =
      constantSizes(ctx, 0, "input_sizes", 4);
  auto filterType = dyn_cast<RankedTensorType>(ctx.inputs[1].getType());
  if (failed(sizes))
    return failure();
  if (!filterType || filterType.getRank() != 4)
    return ctx.fail(ctx.op() + " needs a filter [height, width, in, out] of "
                               "known rank");
  auto dims = gradientWindows(ctx, *window, *sizes, filterType.getShape());
  if (failed(dims))
    return failure();
  Value dy = checkedOutputGradient(ctx, *window, *dims, ctx.inputs[2]);
  Value filter = transposed(ctx, ctx.inputs[1], {3, 0, 1, 2});
  Value result = lite::createConv2DInputGradient(
      ctx.builder, ctx.loc, dy, filter, (*dims)[0], (*dims)[1]);
  if (window->channelsFirst)
    result = transposed(ctx, result, {0, 3, 1, 2});
  checkShape(ctx, result, *sizes,
             ctx.op() +
                 ": input_sizes do not match out_backprop's batch or the "
                 "filter's input channels");
  return single(result);
}

/// Conv2DBackpropFilter(input, filter_sizes, out_backprop): the filter's
/// gradient (createConv2DFilterGradient) as TF's [h, w, in, out];
/// filter_sizes constant and the input's height and width known.
Values buildConv2DBackpropFilter(ImportContext &ctx) {
  FailureOr<TFWindow> window = readWindow(ctx, /*pool=*/false);
  if (failed(window))
    return failure();
  FailureOr<SmallVector<int64_t>> sizes =
      constantSizes(ctx, 1, "filter_sizes", 4);
  auto inputType = dyn_cast<RankedTensorType>(ctx.inputs[0].getType());
  if (failed(sizes))
    return failure();
  if (!inputType || inputType.getRank() != 4)
    return ctx.fail(ctx.op() + " needs a 4-D input of known rank");
  auto dims = gradientWindows(ctx, *window, inputType.getShape(), *sizes);
  if (failed(dims))
    return failure();
  Value dy = checkedOutputGradient(ctx, *window, *dims, ctx.inputs[2]);
  Value input = ctx.inputs[0];
  if (window->channelsFirst)
    input = transposed(ctx, input, {0, 2, 3, 1});
  Value result =
      transposed(ctx,
                 lite::createConv2DFilterGradient(ctx.builder, ctx.loc, input,
                                                  dy, (*dims)[0], (*dims)[1]),
                 {1, 2, 0, 3});
  checkShape(ctx, result, *sizes,
             ctx.op() +
                 ": filter_sizes do not match the input's or out_backprop's "
                 "channels");
  return single(result);
}

/// DepthwiseConv2dNativeBackpropInput(input_sizes, filter, out_backprop)
/// and ...BackpropFilter(input, filter_sizes, out_backprop): TF's [h, w,
/// C, M] filter is TFLite's [1, h, w, C * M] (the same element order);
/// createDepthwiseConv2DInputGradient / FilterGradient on NHWC.
template <bool isInput> Values buildDepthwiseBackprop(ImportContext &ctx) {
  FailureOr<TFWindow> window = readWindow(ctx, /*pool=*/false);
  if (failed(window))
    return failure();
  FailureOr<SmallVector<int64_t>> sizes = constantSizes(
      ctx, isInput ? 0 : 1, isInput ? "input_sizes" : "filter_sizes", 4);
  if (failed(sizes))
    return failure();
  auto known =
      dyn_cast<RankedTensorType>(ctx.inputs[isInput ? 1 : 0].getType());
  if (!known || !known.hasStaticShape() || known.getRank() != 4)
    return ctx.fail(ctx.op() +
                    (isInput ? " needs a filter" : " needs an input") +
                    " of known shape");
  ArrayRef<int64_t> filterSizes = isInput ? known.getShape() : *sizes;
  ArrayRef<int64_t> imageSizes = isInput ? *sizes : known.getShape();
  if (filterSizes[3] < 1 || filterSizes[2] * filterSizes[3] > INT32_MAX)
    return ctx.fail(ctx.op() + " needs a depth multiplier of at least 1");
  auto dims = gradientWindows(ctx, *window, imageSizes, filterSizes);
  if (failed(dims))
    return failure();
  Value dy = checkedOutputGradient(ctx, *window, *dims, ctx.inputs[2]);
  int32_t multiplier = static_cast<int32_t>(filterSizes[3]);
  Value result;
  if (isInput) {
    Value filter = ctx.create<lite::ReshapeOp>(
        ctx.inputs[1],
        lite::createI32Vector(
            ctx.builder, ctx.loc,
            {1, static_cast<int32_t>(filterSizes[0]),
             static_cast<int32_t>(filterSizes[1]),
             static_cast<int32_t>(filterSizes[2] * filterSizes[3])}));
    result = lite::createDepthwiseConv2DInputGradient(
        ctx.builder, ctx.loc, dy, filter, multiplier, (*dims)[0], (*dims)[1]);
    if (window->channelsFirst)
      result = transposed(ctx, result, {0, 3, 1, 2});
  } else {
    Value input = ctx.inputs[0];
    if (window->channelsFirst)
      input = transposed(ctx, input, {0, 2, 3, 1});
    SmallVector<int32_t> tfShape(sizes->begin(), sizes->end());
    result = ctx.create<lite::ReshapeOp>(
        lite::createDepthwiseConv2DFilterGradient(ctx.builder, ctx.loc, input,
                                                  dy, multiplier, (*dims)[0],
                                                  (*dims)[1]),
        lite::createI32Vector(ctx.builder, ctx.loc, tfShape));
  }
  checkShape(ctx, result, *sizes,
             ctx.op() + (isInput ? ": input_sizes" : ": filter_sizes") +
                 " do not match the other operands' batch or channels");
  return single(result);
}

/// MaxPoolGrad(orig_input, orig_output, grad) and AvgPoolGrad(
/// orig_input_shape, grad): the pools' input gradients
/// (createMaxPool2DGradient, createAveragePool2DGradient) on NHWC (NCHW
/// by transposes), the input's height and width known; grad checked
/// against the windows at run time, as TF's kernels check it. MaxPoolGrad
/// routes each window's gradient as TF's kernel recomputes the maximum
/// from orig_input (orig_output is not read).
template <bool isMax> Values buildPoolGrad(ImportContext &ctx) {
  FailureOr<TFWindow> window = readWindow(ctx, /*pool=*/true);
  if (failed(window))
    return failure();
  SmallVector<int64_t> imageSizes;
  if (isMax) {
    auto input = dyn_cast<RankedTensorType>(ctx.inputs[0].getType());
    if (!input || input.getRank() != 4)
      return ctx.fail(ctx.op() + " needs a 4-D orig_input of known rank");
    llvm::append_range(imageSizes, input.getShape());
  } else {
    FailureOr<SmallVector<int64_t>> sizes =
        constantSizes(ctx, 0, "orig_input_shape", 4);
    if (failed(sizes))
      return failure();
    imageSizes = *sizes;
  }
  auto dims = gradientWindows(ctx, *window, imageSizes,
                              {window->ksize[0], window->ksize[1]});
  if (failed(dims))
    return failure();
  Value dy = checkedOutputGradient(ctx, *window, *dims, ctx.inputs.back());
  Value result;
  if (isMax) {
    Value input = ctx.inputs[0];
    if (window->channelsFirst)
      input = transposed(ctx, input, {0, 2, 3, 1});
    result = lite::createMaxPool2DGradient(ctx.builder, ctx.loc, input, dy,
                                           (*dims)[0], (*dims)[1]);
  } else {
    result = lite::createAveragePool2DGradient(ctx.builder, ctx.loc, dy,
                                               (*dims)[0], (*dims)[1]);
  }
  if (window->channelsFirst)
    result = transposed(ctx, result, {0, 3, 1, 2});
  if (!isMax)
    checkShape(ctx, result, imageSizes,
               ctx.op() + ": orig_input_shape does not match grad's batch or "
                          "channels");
  return single(result);
}

/// BatchMatMulV3: BatchMatMulV2 where the operand and result types agree.
Values buildBatchMatMulV3(ImportContext &ctx) {
  const tf::AttrValue *ta = findAttr(ctx.node.node, "Ta");
  const tf::AttrValue *tb = findAttr(ctx.node.node, "Tb");
  const tf::AttrValue *tout = findAttr(ctx.node.node, "Tout");
  if (!ta || !tb || !tout || ta->type() != tb->type() ||
      ta->type() != tout->type())
    return ctx.fail("BatchMatMulV3 with operand types other than its result "
                    "type is not supported");
  return buildBatchMatMul(ctx);
}

/// Gather (v1): GatherV2 along axis 0 (validate_indices is TF's default
/// behaviour on CPU).
Values buildGatherV1(ImportContext &ctx) {
  return single(ctx.create<lite::GatherOp>(ctx.inputs[0], ctx.inputs[1],
                                           /*axis=*/0, /*batch_dims=*/0));
}

/// Concat (v1): the axis is the leading constant input.
Values buildConcatV1(ImportContext &ctx) {
  std::optional<int64_t> axis = ctx.constantInt(0);
  if (!axis)
    return ctx.fail("Concat needs a constant axis");
  return single(ctx.create<lite::ConcatenationOp>(
      ctx.inputs.drop_front(), static_cast<int32_t>(*axis), kNoActivation));
}

constexpr const char *kActivationGradInputs = "gradients, features";
constexpr const char *kBatchNormInputs = "x, scale, offset, mean, variance";
constexpr const char *kMatrixDiagInputs =
    "diagonal, k, num_rows, num_cols, padding_value";

// clang-format off
constexpr OpMapping kMappings[] = {
  // The elementwise records' `tfOps` (LiteOps.td, sluice-tblgen).
#include "sluice/Dialect/Lite/IR/LiteTFImport.inc"
  {"BiasAdd", buildBiasAdd, ResultElement::T, 2, false, ""},
  {"BiasAddV1", buildBiasAdd, ResultElement::T, 2, false, ""},
  {"AddN", buildAddN, ResultElement::T, 1, true, ""},
  {"TanhGrad", buildTanhGrad, ResultElement::T, 2, false, "", "y, dy"},
  {"SigmoidGrad", buildSigmoidGrad, ResultElement::T, 2, false, "", "y, dy"},
  {"ReciprocalGrad", buildReciprocalGrad, ResultElement::T, 2, false, "", "y, dy"},
  {"InvGrad", buildReciprocalGrad, ResultElement::T, 2, false, "", "y, dy"},
  {"SqrtGrad", buildSqrtGrad, ResultElement::T, 2, false, "", "y, dy"},
  {"RsqrtGrad", buildRsqrtGrad, ResultElement::T, 2, false, "", "y, dy"},
  {"ReluGrad", buildReluGrad, ResultElement::T, 2, false, "", kActivationGradInputs},
  {"Relu6Grad", buildRelu6Grad, ResultElement::T, 2, false, "", kActivationGradInputs},
  {"LeakyReluGrad", buildLeakyReluGrad, ResultElement::T, 2, false, "", kActivationGradInputs},
  {"EluGrad", buildEluGrad, ResultElement::T, 2, false, "", "gradients, outputs"},
  {"SeluGrad", buildSeluGrad, ResultElement::T, 2, false, "", "gradients, outputs"},
  {"SoftplusGrad", buildSoftplusGrad, ResultElement::T, 2, false, "", kActivationGradInputs},
  {"SoftsignGrad", buildSoftsignGrad, ResultElement::T, 2, false, "", kActivationGradInputs},
  {"SoftmaxCrossEntropyWithLogits", buildSoftmaxCrossEntropy, ResultElement::T, 2, false, "", "features, labels", "loss, backprop"},
  {"SparseSoftmaxCrossEntropyWithLogits", buildSparseSoftmaxCrossEntropy, ResultElement::T, 2, false, "", "features, labels", "loss, backprop"},
  {"FusedBatchNorm", buildFusedBatchNorm, ResultElement::T, 5, false, "", kBatchNormInputs, "y, batch_mean, batch_variance, reserve_space_1, reserve_space_2"},
  {"FusedBatchNormV2", buildFusedBatchNorm, ResultElement::T, 5, false, "", kBatchNormInputs, "y, batch_mean:U, batch_variance:U, reserve_space_1:U, reserve_space_2:U"},
  {"FusedBatchNormV3", buildFusedBatchNorm, ResultElement::T, 5, false, "", kBatchNormInputs, "y, batch_mean:U, batch_variance:U, reserve_space_1:U, reserve_space_2:U, reserve_space_3:U"},
  {"L2Loss", buildL2Loss, ResultElement::T, 1, false, ""},
  {"MulNoNan", buildMulNoNan, ResultElement::T, 2, false, ""},
  {"IsInf", buildIsInf, ResultElement::Bool, 1, false, ""},
  {"OnesLike", buildOnesLike, ResultElement::T, 1, false, ""},
  {"Empty", buildEmpty, ResultElement::DType, 1, false, ""},
  {"CheckNumerics", buildCheckNumerics, ResultElement::T, 1, false, ""},
  {"EnsureShape", buildEnsureShape, ResultElement::T, 1, false, ""},
  {"MatrixBandPart", buildMatrixBandPart, ResultElement::T, 3, false, "", "input, num_lower, num_upper"},
  {"DepthToSpace", buildDepthToSpace, ResultElement::T, 1, false, ""},
  {"SpaceToDepth", buildSpaceToDepth, ResultElement::T, 1, false, ""},
  {"SpaceToBatchND", buildSpaceToBatch, ResultElement::T, 3, false, "", "input, block_shape, paddings"},
  {"SpaceToBatch", buildSpaceToBatch, ResultElement::T, 2, false, "", "input, paddings"},
  {"BatchToSpaceND", buildBatchToSpace, ResultElement::T, 3, false, "", "input, block_shape, crops"},
  {"BatchToSpace", buildBatchToSpace, ResultElement::T, 2, false, "", "input, crops"},
  {"Bucketize", buildBucketize, ResultElement::I32, 1, false, ""},
  {"BroadcastArgs", buildBroadcastArgs, ResultElement::T, 2, false, "", "s0, s1"},
  {"MatrixSetDiag", buildMatrixSetDiag, ResultElement::T, 2, false, "", "input, diagonal"},
  {"MatrixSetDiagV2", buildMatrixSetDiag, ResultElement::T, 3, false, "", "input, diagonal, k"},
  {"MatrixSetDiagV3", buildMatrixSetDiag, ResultElement::T, 3, false, "", "input, diagonal, k"},
  {"LRN", buildLRN, ResultElement::T, 1, false, ""},
  {"ResizeNearestNeighbor", buildResizeNearestNeighbor, ResultElement::T, 2, false, "", "images, size"},
  {"ResizeBilinear", buildResizeBilinear, ResultElement::Float, 2, false, "", "images, size"},
  {"GatherNd", buildGatherNd, ResultElement::T, 2, false, "", "params, indices"},
  {"ScatterNd", buildOnInputs<lite::ScatterNdOp>, ResultElement::T, 3, false, "", "indices, updates, shape"},
  {"TensorScatterAdd", buildTensorScatter<lite::AddOp>, ResultElement::T, 3, false, "", "tensor, indices, updates"},
  {"TensorScatterSub", buildTensorScatter<lite::SubOp>, ResultElement::T, 3, false, "", "tensor, indices, updates"},
  {"UnsortedSegmentSum", buildUnsortedSegmentSum, ResultElement::T, 3, false, "", "data, segment_ids, num_segments"},
  {"UnsortedSegmentProd", buildUnsortedSegment<Combine::Prod>, ResultElement::T, 3, false, "", "data, segment_ids, num_segments"},
  {"UnsortedSegmentMax", buildUnsortedSegment<Combine::Max>, ResultElement::T, 3, false, "", "data, segment_ids, num_segments"},
  {"UnsortedSegmentMin", buildUnsortedSegment<Combine::Min>, ResultElement::T, 3, false, "", "data, segment_ids, num_segments"},
  {"SegmentSum", buildSortedSegment<Combine::Sum>, ResultElement::T, 2, false, "", "data, segment_ids"},
  {"SegmentProd", buildSortedSegment<Combine::Prod>, ResultElement::T, 2, false, "", "data, segment_ids"},
  {"SegmentMax", buildSortedSegment<Combine::Max>, ResultElement::T, 2, false, "", "data, segment_ids"},
  {"SegmentMin", buildSortedSegment<Combine::Min>, ResultElement::T, 2, false, "", "data, segment_ids"},
  {"SegmentMean", buildSortedSegment<Combine::Mean>, ResultElement::T, 2, false, "", "data, segment_ids"},
  {"TensorScatterUpdate", buildTensorScatterSelect<Combine::Last>, ResultElement::T, 3, false, "", "tensor, indices, updates"},
  {"TensorScatterMax", buildTensorScatterSelect<Combine::Max>, ResultElement::T, 3, false, "", "tensor, indices, updates"},
  {"TensorScatterMin", buildTensorScatterSelect<Combine::Min>, ResultElement::T, 3, false, "", "tensor, indices, updates"},
  {"Where", buildWhere, ResultElement::I64, 1, false, ""},
  {"DynamicStitch", buildDynamicStitch, ResultElement::T, 2, true, ""},
  {"ParallelDynamicStitch", buildDynamicStitch, ResultElement::T, 2, true, ""},
  {"SparseToDense", buildSparseToDense, ResultElement::T, 4, false, "", "sparse_indices, output_shape, sparse_values, default_value"},
  {"Unique", buildUnique, ResultElement::T, 1, false, "", nullptr, "y, idx:out_idx"},
  {"UniqueWithCounts", buildUnique, ResultElement::T, 1, false, "", nullptr, "y, idx:out_idx, count:out_idx"},
  {"IdentityN", buildIdentityN, ResultElement::T, 1, true, "T"},
  {"Einsum", buildEinsum, ResultElement::T, 1, true, ""},
  {"Roll", buildRoll, ResultElement::T, 3, false, "", "input, shift, axis"},
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
  {"Concat", buildConcatV1, ResultElement::T, 2, true, ""},
  {"Pack", buildPack, ResultElement::T, 1, true, ""},
  {"Unpack", buildUnpack, ResultElement::T, 1, false, "num"},
  {"Split", buildSplit, ResultElement::T, 2, false, "num_split", "axis, value"},
  {"SplitV", buildSplitV, ResultElement::T, 3, false, "num_split"},
  {"Rank", buildRank, ResultElement::OutType, 1, false, ""},
  {"Size", buildSize, ResultElement::OutType, 1, false, ""},
  {"Slice", buildOnInputs<lite::SliceOp>, ResultElement::T, 3, false, ""},
  {"StridedSlice", buildStridedSlice, ResultElement::T, 4, false, ""},
  {"GatherV2", buildGather, ResultElement::T, 3, false, ""},
  {"Gather", buildGatherV1, ResultElement::T, 2, false, ""},
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
  {"Max", buildExtremeReduce<lite::ReduceMaxOp>, ResultElement::T, 2, false, ""},
  {"Min", buildExtremeReduce<lite::ReduceMinOp>, ResultElement::T, 2, false, ""},
  {"Prod", buildReduce<lite::ReduceProdOp>, ResultElement::T, 2, false, ""},
  {"Cumsum", buildScan<lite::CumsumOp>, ResultElement::T, 2, false, ""},
  {"Softmax", buildSoftmax, ResultElement::T, 1, false, ""},
  {"LogSoftmax", buildOnInputs<lite::LogSoftmaxOp>, ResultElement::T, 1, false, ""},
  {"Cumprod", buildScan<lite::CumprodOp>, ResultElement::T, 2, false, ""},
  {"ArgMax", buildOnInputs<lite::ArgMaxOp>, ResultElement::OutputType, 2, false, ""},
  {"ArgMin", buildOnInputs<lite::ArgMinOp>, ResultElement::OutputType, 2, false, ""},
  {"NonMaxSuppressionV4", buildNonMaxSuppressionV4, ResultElement::I32, 5, false, "", "boxes, scores, max_output_size, iou_threshold, score_threshold", "selected_indices, valid_outputs"},
  {"NonMaxSuppressionV5", buildNonMaxSuppressionV5, ResultElement::I32, 6, false, "", "boxes, scores, max_output_size, iou_threshold, score_threshold, soft_nms_sigma", "selected_indices, selected_scores:T, valid_outputs"},
  {"NonMaxSuppressionV3", buildOlderNonMaxSuppression, ResultElement::I32, 5, false, "", "boxes, scores, max_output_size, iou_threshold, score_threshold"},
  {"NonMaxSuppressionV2", buildOlderNonMaxSuppression, ResultElement::I32, 4, false, "", "boxes, scores, max_output_size, iou_threshold"},
  {"NonMaxSuppression", buildOlderNonMaxSuppression, ResultElement::I32, 3, false, "", "boxes, scores, max_output_size"},
  {"TopKV2", buildTopK, ResultElement::T, 2, false, "", "input, k", "values, indices:index_type"},
  {"All", buildBoolReduce<lite::ReduceMinOp>, ResultElement::Bool, 2, false, ""},
  {"Any", buildBoolReduce<lite::ReduceMaxOp>, ResultElement::Bool, 2, false, ""},
  // Linear algebra.
  {"Conv2D", buildConv2D, ResultElement::T, 2, false, ""},
  {"DepthwiseConv2dNative", buildDepthwiseConv2D, ResultElement::T, 2, false, ""},
  {"MaxPool", buildPool<lite::MaxPool2DOp>, ResultElement::T, 1, false, ""},
  {"AvgPool", buildPool<lite::AveragePool2DOp>, ResultElement::T, 1, false, ""},
  {"Conv2DBackpropInput", buildConv2DBackpropInput, ResultElement::T, 3, false, "", "input_sizes, filter, out_backprop"},
  {"Conv2DBackpropFilter", buildConv2DBackpropFilter, ResultElement::T, 3, false, "", "input, filter_sizes, out_backprop"},
  {"MaxPoolGrad", buildPoolGrad<true>, ResultElement::T, 3, false, "", "orig_input, orig_output, grad"},
  {"DepthwiseConv2dNativeBackpropInput", buildDepthwiseBackprop<true>, ResultElement::T, 3, false, "", "input_sizes, filter, out_backprop"},
  {"DepthwiseConv2dNativeBackpropFilter", buildDepthwiseBackprop<false>, ResultElement::T, 3, false, "", "input, filter_sizes, out_backprop"},
  {"AvgPoolGrad", buildPoolGrad<false>, ResultElement::T, 2, false, "", "orig_input_shape, grad"},
  {"MatMul", buildMatMul, ResultElement::T, 2, false, ""},
  {"BatchMatMulV2", buildBatchMatMul, ResultElement::T, 2, false, ""},
  {"BatchMatMul", buildBatchMatMul, ResultElement::T, 2, false, ""},
  {"BatchMatMulV3", buildBatchMatMulV3, ResultElement::T, 2, false, ""},
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
  if (const tf::AttrValue *types = typeList(node, mapping->outputsAttr))
    return std::clamp<int64_t>(types->list().type_size(), 1, 1024);
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
  // A list T types each output (IdentityN).
  if (const tf::AttrValue *types = typeList(node, "T"))
    if (port < static_cast<unsigned>(types->list().type_size()))
      if (Type type = convertDataType(
              static_cast<tf::DataType>(types->list().type(port)), context))
        return type;
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
  case ResultElement::I64:
    return Type(b.getI64Type());
  case ResultElement::Float:
    return Type(b.getF32Type());
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
    if (typeList(node, "T")) // each output its own (outputElementType)
      return elementTypeOf(inputTypes.empty() ? Type() : inputTypes.front());
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
