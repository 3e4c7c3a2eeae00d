//===- OpTable.cpp - TensorFlow ops to lite ops ---------------------------===//
//
// The single TensorFlow -> lite mapping. Each entry names the TensorFlow op,
// the lite op it becomes, how its result type follows from its inputs, and
// how its attributes carry over. Result shapes are inferred where the rule is
// local (elementwise broadcasting, pass-through); elsewhere the node's
// `_output_shapes` is used, or the shape is left unknown.
//
//===----------------------------------------------------------------------===//

#include "OpTable.h"
#include "sluice/Dialect/Lite/IR/IndexRules.h"

#include "TensorImport.h"

#include "sluice/Dialect/Lite/IR/LiteOps.h"

#include "mlir/Dialect/Traits.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"

#include <algorithm>

using namespace mlir;
using namespace sluice;
using namespace sluice::graphdef;

namespace {

/// How a node's result type follows from its inputs.
enum class ResultRule {
  Broadcast,     // broadcast of all inputs, element type of input 0
  BroadcastBool, // broadcast of all inputs, i1
  BroadcastTail, // broadcast of inputs 1.. (select), their element type
  SameAsInput,   // type of input 0
  SameShapeBool, // shape of input 0, i1 (is_nan)
  SameShapeDstT, // shape of input 0, element type from DstT (cast)
  Declared,      // `_output_shapes` with element type T, else unranked
  DeclaredDType, // the same with element type dtype (T types an input)
  ShapeOf,       // 1-D of the input's rank, element type out_type
  MatMul,        // [M, N] with the transposes applied
  Split,         // num_split equal parts of the input along the axis
  Vector,        // rank 1, element type of input 0
  ConcatOffset,  // N results of the type of input 1 (a shape)
  MatrixDiag,    // [..., N, N] of a diagonal [..., N] (matrixDiagType)
  None,          // no results (Assert)
};

/// How attributes and operands carry over.
enum class AttrRule {
  Plain,             // same operands, no attributes
  SameNamedAttrs,    // same operands, the op's attributes from TF's of the
                     // same names (leaky_relu's alpha)
  Select,            // select_v2 (v1 Select: the condition is broadcast)
  Concat,            // axis from the trailing constant input
  Pack,              // axis attr
  Unpack,            // axis attr, num outputs
  Squeeze,           // squeeze_dims attr
  StridedSlice,      // mask attrs
  Gather,            // axis from a constant input, batch_dims attr
  Reduce,            // keep_dims attr
  MatMul,            // transpose_a/b -> adj_x/y
  BatchMatMul,       // adj_x/y
  Reshape,           // shape operand cast to i32
  BiasAdd,           // NHWC only: the bias broadcasts along the last dimension
  Split,             // one lite.slice per output along a constant axis
  Scalars,           // operands of unknown rank reshaped to scalars
  AddN,              // a left fold of lite.add over the inputs
  TanhGrad,          // dy * (1 - y * y), in TF's order
  Random,            // seed and seed2 attrs; dtype float32
  BiasAddGrad,       // a sum over every dimension but the last
  InvertPermutation, // inverse[perm[i]] = i, through a one-hot sum
  ConcatOffset,      // each input's offset along the axis in a concatenation
  MatrixDiag,        // the diagonal times an identity matrix
  Assert,            // the condition alone, the message an attribute
  BoolReduce,        // All / Any: min / max of the booleans as int32, != 0
};

struct OpMapping {
  llvm::StringLiteral tfName;
  llvm::StringLiteral liteName;
  ResultRule result;
  AttrRule attrs;
};

// clang-format off
constexpr OpMapping kMappings[] = {
  // Elementwise arithmetic.
  {"Add", lite::AddOp::getOperationName(), ResultRule::Broadcast, AttrRule::Plain},
  {"BiasAdd", lite::AddOp::getOperationName(), ResultRule::Broadcast, AttrRule::BiasAdd},
  {"AddV2", lite::AddOp::getOperationName(), ResultRule::Broadcast, AttrRule::Plain},
  {"Sub", lite::SubOp::getOperationName(), ResultRule::Broadcast, AttrRule::Plain},
  {"Mul", lite::MulOp::getOperationName(), ResultRule::Broadcast, AttrRule::Plain},
  {"Div", lite::DivOp::getOperationName(), ResultRule::Broadcast, AttrRule::Plain},
  {"RealDiv", lite::DivOp::getOperationName(), ResultRule::Broadcast, AttrRule::Plain},
  {"FloorDiv", lite::FloorDivOp::getOperationName(), ResultRule::Broadcast, AttrRule::Plain},
  {"FloorMod", lite::FloorModOp::getOperationName(), ResultRule::Broadcast, AttrRule::Plain},
  {"Pow", lite::PowOp::getOperationName(), ResultRule::Broadcast, AttrRule::Plain},
  // The elementwise records' `tfOps` (LiteOps.td, sluice-tblgen).
#include "sluice/Dialect/Lite/IR/LiteTFImport.inc"
  {"AddN", lite::AddOp::getOperationName(), ResultRule::SameAsInput, AttrRule::AddN},
  {"TanhGrad", lite::MulOp::getOperationName(), ResultRule::SameAsInput, AttrRule::TanhGrad},
  {"BiasAddGrad", lite::SumOp::getOperationName(), ResultRule::Vector, AttrRule::BiasAddGrad},
  {"InvertPermutation", lite::SumOp::getOperationName(), ResultRule::SameAsInput, AttrRule::InvertPermutation},
  {"ConcatOffset", lite::SelectV2Op::getOperationName(), ResultRule::ConcatOffset, AttrRule::ConcatOffset},
  {"MatrixDiag", lite::MulOp::getOperationName(), ResultRule::MatrixDiag, AttrRule::MatrixDiag},
  {"MatrixDiagV2", lite::MulOp::getOperationName(), ResultRule::MatrixDiag, AttrRule::MatrixDiag},
  {"MatrixDiagV3", lite::MulOp::getOperationName(), ResultRule::MatrixDiag, AttrRule::MatrixDiag},
  // Checks.
  {"Assert", lite::AssertOp::getOperationName(), ResultRule::None, AttrRule::Assert},
  {"Cast", lite::CastOp::getOperationName(), ResultRule::SameShapeDstT, AttrRule::Plain},
  // Selection.
  {"Select", lite::SelectV2Op::getOperationName(), ResultRule::BroadcastTail, AttrRule::Select},
  {"SelectV2", lite::SelectV2Op::getOperationName(), ResultRule::BroadcastTail, AttrRule::Plain},
  // Shapes.
  {"Reshape", lite::ReshapeOp::getOperationName(), ResultRule::Declared, AttrRule::Reshape},
  {"ExpandDims", lite::ExpandDimsOp::getOperationName(), ResultRule::Declared, AttrRule::Plain},
  {"Squeeze", lite::SqueezeOp::getOperationName(), ResultRule::Declared, AttrRule::Squeeze},
  {"ConcatV2", lite::ConcatenationOp::getOperationName(), ResultRule::Declared, AttrRule::Concat},
  {"Pack", lite::PackOp::getOperationName(), ResultRule::Declared, AttrRule::Pack},
  {"Unpack", lite::UnpackOp::getOperationName(), ResultRule::Declared, AttrRule::Unpack},
  {"Split", lite::SliceOp::getOperationName(), ResultRule::Split, AttrRule::Split},
  {"Slice", lite::SliceOp::getOperationName(), ResultRule::Declared, AttrRule::Plain},
  {"StridedSlice", lite::StridedSliceOp::getOperationName(), ResultRule::Declared, AttrRule::StridedSlice},
  {"GatherV2", lite::GatherOp::getOperationName(), ResultRule::Declared, AttrRule::Gather},
  {"Transpose", lite::TransposeOp::getOperationName(), ResultRule::Declared, AttrRule::Plain},
  {"Fill", lite::FillOp::getOperationName(), ResultRule::Declared, AttrRule::Plain},
  {"Tile", lite::TileOp::getOperationName(), ResultRule::Declared, AttrRule::Plain},
  {"Range", lite::RangeOp::getOperationName(), ResultRule::Vector, AttrRule::Scalars},
  {"RandomUniform", lite::RandomUniformOp::getOperationName(), ResultRule::DeclaredDType, AttrRule::Random},
  {"Shape", lite::ShapeOp::getOperationName(), ResultRule::ShapeOf, AttrRule::Plain},
  // Reductions.
  {"Sum", lite::SumOp::getOperationName(), ResultRule::Declared, AttrRule::Reduce},
  {"Mean", lite::MeanOp::getOperationName(), ResultRule::Declared, AttrRule::Reduce},
  {"Max", lite::ReduceMaxOp::getOperationName(), ResultRule::Declared, AttrRule::Reduce},
  {"Min", lite::ReduceMinOp::getOperationName(), ResultRule::Declared, AttrRule::Reduce},
  {"All", lite::ReduceMinOp::getOperationName(), ResultRule::Declared, AttrRule::BoolReduce},
  {"Any", lite::ReduceMaxOp::getOperationName(), ResultRule::Declared, AttrRule::BoolReduce},
  // Linear algebra.
  {"MatMul", lite::BatchMatMulOp::getOperationName(), ResultRule::MatMul, AttrRule::MatMul},
  {"BatchMatMulV2", lite::BatchMatMulOp::getOperationName(), ResultRule::Declared, AttrRule::BatchMatMul},
};
// clang-format on

const OpMapping *lookup(StringRef op) {
  for (const OpMapping &mapping : kMappings)
    if (mapping.tfName == op)
      return &mapping;
  return nullptr;
}

const tensorflow::AttrValue *findAttr(const tensorflow::NodeDef &node,
                                      StringRef name) {
  auto it = node.attr().find(name.str());
  return it == node.attr().end() ? nullptr : &it->second;
}

int64_t intAttr(const tensorflow::NodeDef &node, StringRef name,
                int64_t fallback) {
  const tensorflow::AttrValue *attr = findAttr(node, name);
  return attr && attr->value_case() == tensorflow::AttrValue::kI ? attr->i()
                                                                 : fallback;
}

bool boolAttr(const tensorflow::NodeDef &node, StringRef name) {
  const tensorflow::AttrValue *attr = findAttr(node, name);
  return attr && attr->value_case() == tensorflow::AttrValue::kB && attr->b();
}

/// Numpy broadcast of `types` (null while unknown), with `elementType`.
Type broadcast(ArrayRef<Type> types, Type elementType) {
  SmallVector<ArrayRef<int64_t>> shapes;
  for (Type type : types) {
    auto ranked = dyn_cast_or_null<RankedTensorType>(type);
    if (!ranked)
      return UnrankedTensorType::get(elementType);
    shapes.push_back(ranked.getShape());
  }
  std::optional<SmallVector<int64_t>> shape =
      sluice::lite::broadcastShapes(shapes);
  if (!shape)
    return UnrankedTensorType::get(elementType);
  return RankedTensorType::get(*shape, elementType);
}

Type elementTypeOf(Type type) {
  auto tensor = dyn_cast_or_null<TensorType>(type);
  return tensor ? tensor.getElementType() : nullptr;
}

} // namespace

/// The rank-1 condition `cond` of a v1 Select reshaped to [n, 1, ..., 1],
/// with as many dims as `x` has, computed at run time from x's shape.
static Value reshapeRowCondition(OpBuilder &builder, Location loc, Value cond,
                                 Value x) {
  Type i32 = builder.getI32Type();
  auto vector = [&](int64_t n) { return RankedTensorType::get({n}, i32); };
  auto constant = [&](int32_t v) {
    return lite::ConstantOp::create(
        builder, loc, vector(1),
        DenseElementsAttr::get(vector(1), builder.getI32IntegerAttr(v)));
  };
  Value xShape =
      lite::ShapeOp::create(builder, loc, vector(ShapedType::kDynamic), x);
  Value xRank = lite::ShapeOp::create(builder, loc, vector(1), xShape);
  Value trailing =
      lite::SubOp::create(builder, loc, vector(1), xRank, constant(1),
                          lite::ActivationFunctionType::NONE);
  Value scalarOne = lite::ConstantOp::create(
      builder, loc, RankedTensorType::get({}, i32),
      DenseElementsAttr::get(RankedTensorType::get({}, i32),
                             builder.getI32IntegerAttr(1)));
  Value ones = lite::FillOp::create(builder, loc, vector(ShapedType::kDynamic),
                                    trailing, scalarOne);
  Value rows = lite::ShapeOp::create(builder, loc, vector(1), cond);
  Value shape = lite::ConcatenationOp::create(
      builder, loc, vector(ShapedType::kDynamic), ValueRange{rows, ones},
      /*axis=*/0, lite::ActivationFunctionType::NONE);
  auto condType = cast<TensorType>(cond.getType());
  return lite::ReshapeOp::create(
      builder, loc, UnrankedTensorType::get(condType.getElementType()), cond,
      shape);
}

Type sluice::graphdef::getTypeAttr(const tensorflow::NodeDef &node,
                                   StringRef name, MLIRContext *context,
                                   std::string &error) {
  const tensorflow::AttrValue *attr = findAttr(node, name);
  if (!attr || attr->value_case() != tensorflow::AttrValue::kType) {
    error = "missing type attribute '" + name.str() + "'";
    return nullptr;
  }
  Type type = convertDataType(attr->type(), context);
  if (!type)
    error = "unsupported dtype " + dataTypeName(attr->type());
  return type;
}

bool sluice::graphdef::isComputeOp(StringRef op) { return lookup(op); }

StringRef
sluice::graphdef::resultElementTypeAttr(const tensorflow::NodeDef &node) {
  const OpMapping *mapping = lookup(node.op());
  return mapping && mapping->result == ResultRule::DeclaredDType ? "dtype"
                                                                 : "T";
}

unsigned sluice::graphdef::numComputeOutputs(const tensorflow::NodeDef &node) {
  const OpMapping *mapping = lookup(node.op());
  StringRef count = mapping && mapping->attrs == AttrRule::Unpack  ? "num"
                    : mapping && mapping->attrs == AttrRule::Split ? "num_split"
                    : mapping && mapping->attrs == AttrRule::ConcatOffset ? "N"
                                                                          : "";
  if (mapping && mapping->result == ResultRule::None)
    return 0;
  if (count.empty())
    return 1;
  return std::clamp<int64_t>(intAttr(node, count, 1), 1, 1024);
}

/// Split's axis (input 0, a constant) in [0, rank), or failure with `error`.
static FailureOr<int64_t> splitAxis(const ComputeNode &node, int64_t rank,
                                    std::string &error) {
  DenseElementsAttr axis = node.constantInput(0);
  if (!axis || axis.getNumElements() != 1 ||
      !axis.getElementType().isIntOrIndex()) {
    error = "Split needs a constant scalar axis";
    return failure();
  }
  FailureOr<int64_t> normalized = sluice::lite::normalizeAxis(
      (*axis.getValues<APInt>().begin()).getSExtValue(), rank);
  if (failed(normalized))
    error = "Split's axis is out of range for its input";
  return normalized;
}

/// The result type of MatrixDiag, MatrixDiagV2 and MatrixDiagV3: a
/// diagonal [..., N] of static length becomes the square [..., N, N] with it
/// on the main diagonal (tf.linalg.diag, tf.eye). Other diagonals (k != 0),
/// a requested num_rows/num_cols other than N, and a diagonal whose length
/// is unknown are refused. Null while the diagonal's type is unknown.
static FailureOr<Type> matrixDiagType(const ComputeNode &node, Type elementType,
                                      std::string &error) {
  const std::string &op = node.node.op();
  if (op != "MatrixDiag" && node.inputTypes.size() != 5) {
    error = op +
            " expects 5 inputs (diagonal, k, num_rows, num_cols, "
            "padding_value), has " +
            std::to_string(node.inputTypes.size());
    return failure();
  }
  if (node.inputTypes.empty() || !node.inputTypes.front())
    return Type();
  auto diagonal = dyn_cast<RankedTensorType>(node.inputTypes.front());
  if (!diagonal || diagonal.getRank() < 1 ||
      diagonal.isDynamicDim(diagonal.getRank() - 1)) {
    error = op + " of a diagonal whose length is unknown is not supported";
    return failure();
  }
  int64_t length = diagonal.getShape().back();
  // The identity it multiplies is a constant of N x N elements.
  if (length > 4096) {
    error = op + " of a diagonal of length " + std::to_string(length) +
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
    DenseElementsAttr value = node.constantInput(index);
    if (!value || value.getNumElements() != 1 ||
        !value.getElementType().isInteger()) {
      error = op + " with a " + name.str() +
              " that is not a constant integer is not supported";
      return failure();
    }
    int64_t v = (*value.getValues<APInt>().begin()).getSExtValue();
    if (v != fallback && (index == 1 || v != length)) {
      error = op + " with " + name.str() + " = " + std::to_string(v) +
              " is not supported (only the main diagonal of a square matrix)";
      return failure();
    }
  }
  SmallVector<int64_t> shape(diagonal.getShape());
  shape.push_back(length);
  return Type(RankedTensorType::get(shape, elementType));
}

FailureOr<SmallVector<Type>>
sluice::graphdef::inferComputeTypes(const ComputeNode &node,
                                    MLIRContext *context, std::string &error) {
  const OpMapping *mapping = lookup(node.node.op());
  assert(mapping && "not a compute op");
  // The element type: T (or dtype) where the op has one. A DT_VARIANT T
  // (ZerosLike and AddN of TensorLists, in TF2's gradients) is the list's:
  // the first input's.
  Type elementType;
  if (mapping->result == ResultRule::None)
    return SmallVector<Type>{};
  StringRef attr = resultElementTypeAttr(node.node);
  const tensorflow::AttrValue *typeAttr = findAttr(node.node, attr);
  if (typeAttr && typeAttr->value_case() == tensorflow::AttrValue::kType &&
      typeAttr->type() == tensorflow::DT_VARIANT)
    typeAttr = nullptr;
  if (typeAttr) {
    elementType = getTypeAttr(node.node, attr, context, error);
    if (!elementType)
      return failure();
  } else if (!node.inputTypes.empty()) {
    elementType = elementTypeOf(node.inputTypes.front());
  }
  if (!elementType) {
    // No T: the element type follows the first input, which may not be
    // known yet in this pass of the fixpoint.
    if (!node.inputTypes.empty() && !node.inputTypes.front())
      return SmallVector<Type>(numComputeOutputs(node.node), Type());
    error = "has no T attribute and no input to take its element type from";
    return failure();
  }
  auto unknown = [&](Type element) -> Type {
    return UnrankedTensorType::get(element);
  };
  mlir::Builder b(context);
  switch (mapping->result) {
  case ResultRule::Broadcast:
    return SmallVector<Type>{broadcast(node.inputTypes, elementType)};
  case ResultRule::BroadcastBool:
    return SmallVector<Type>{broadcast(node.inputTypes, b.getI1Type())};
  case ResultRule::BroadcastTail:
    if (node.inputTypes.size() != 3) {
      error = "expects 3 inputs";
      return failure();
    }
    return SmallVector<Type>{broadcast(node.inputTypes, elementType)};
  case ResultRule::SameAsInput: {
    Type input = node.inputTypes.empty() ? nullptr : node.inputTypes.front();
    if (!input)
      return SmallVector<Type>{unknown(elementType)};
    return SmallVector<Type>{input};
  }
  case ResultRule::SameShapeBool: {
    auto input = dyn_cast_or_null<RankedTensorType>(
        node.inputTypes.empty() ? nullptr : node.inputTypes.front());
    if (!input)
      return SmallVector<Type>{unknown(b.getI1Type())};
    return SmallVector<Type>{input.clone(b.getI1Type())};
  }
  case ResultRule::SameShapeDstT: {
    Type dst = getTypeAttr(node.node, "DstT", context, error);
    if (!dst)
      return failure();
    auto input = dyn_cast_or_null<RankedTensorType>(
        node.inputTypes.empty() ? nullptr : node.inputTypes.front());
    if (!input)
      return SmallVector<Type>{unknown(dst)};
    return SmallVector<Type>{RankedTensorType::get(input.getShape(), dst)};
  }
  case ResultRule::ShapeOf: {
    Type out = findAttr(node.node, "out_type")
                   ? getTypeAttr(node.node, "out_type", context, error)
                   : b.getI32Type();
    if (!out)
      return failure();
    auto input = dyn_cast_or_null<RankedTensorType>(
        node.inputTypes.empty() ? nullptr : node.inputTypes.front());
    int64_t rank = input ? input.getRank() : ShapedType::kDynamic;
    return SmallVector<Type>{RankedTensorType::get({rank}, out)};
  }
  case ResultRule::MatMul: {
    auto a = dyn_cast_or_null<RankedTensorType>(
        node.inputTypes.size() > 0 ? node.inputTypes[0] : nullptr);
    auto c = dyn_cast_or_null<RankedTensorType>(
        node.inputTypes.size() > 1 ? node.inputTypes[1] : nullptr);
    int64_t m = ShapedType::kDynamic, n = ShapedType::kDynamic;
    if (a && a.getRank() == 2)
      m = a.getDimSize(boolAttr(node.node, "transpose_a") ? 1 : 0);
    if (c && c.getRank() == 2)
      n = c.getDimSize(boolAttr(node.node, "transpose_b") ? 0 : 1);
    return SmallVector<Type>{RankedTensorType::get({m, n}, elementType)};
  }
  case ResultRule::Vector:
    return SmallVector<Type>{
        RankedTensorType::get({ShapedType::kDynamic}, elementType)};
  case ResultRule::ConcatOffset: {
    unsigned count = numComputeOutputs(node.node);
    if (node.inputTypes.size() != count + 1) {
      error = "ConcatOffset expects " + std::to_string(count + 1) +
              " inputs (the axis and N shapes), has " +
              std::to_string(node.inputTypes.size());
      return failure();
    }
    return SmallVector<Type>(count, node.inputTypes[1]);
  }
  case ResultRule::MatrixDiag: {
    FailureOr<Type> type = matrixDiagType(node, elementType, error);
    if (failed(type))
      return failure();
    return SmallVector<Type>{*type};
  }
  case ResultRule::Split: {
    int64_t requested = intAttr(node.node, "num_split", 0);
    if (requested < 1 || requested > 1024) {
      error = "Split has num_split " + std::to_string(requested) +
              ", expected 1 to 1024";
      return failure();
    }
    unsigned count = numComputeOutputs(node.node);
    auto input = dyn_cast_or_null<RankedTensorType>(
        node.inputTypes.size() == 2 ? node.inputTypes[1] : nullptr);
    if (!input)
      return SmallVector<Type>(count, unknown(elementType));
    FailureOr<int64_t> axis = splitAxis(node, input.getRank(), error);
    if (failed(axis))
      return failure();
    SmallVector<int64_t> shape(input.getShape());
    if (!ShapedType::isDynamic(shape[*axis])) {
      if (shape[*axis] % count != 0) {
        error = "Split cannot divide dimension " + std::to_string(*axis) +
                " of size " + std::to_string(shape[*axis]) + " into " +
                std::to_string(count) + " equal parts";
        return failure();
      }
      shape[*axis] /= count;
    }
    return SmallVector<Type>(count, RankedTensorType::get(shape, elementType));
  }
  case ResultRule::None:
    return SmallVector<Type>{};
  case ResultRule::Declared:
  case ResultRule::DeclaredDType: {
    unsigned count = numComputeOutputs(node.node);
    SmallVector<Type> types;
    for (unsigned i = 0; i < count; ++i)
      types.push_back(i < static_cast<int64_t>(node.declaredTypes.size())
                          ? node.declaredTypes[i]
                          : unknown(elementType));
    return types;
  }
  }
  llvm_unreachable("unknown result rule");
}

/// BiasAdd and BiasAddGrad: only NHWC, where the bias is the last dimension.
static LogicalResult requireChannelsLast(const tensorflow::NodeDef &node,
                                         std::string &error) {
  const tensorflow::AttrValue *format = findAttr(node, "data_format");
  if (!format || format->s() == "NHWC")
    return success();
  error = node.op() + " with data_format " + format->s() +
          " is not supported (only NHWC)";
  return failure();
}

/// The inputs an attribute rule of buildComputeOp reads (Split says what
/// its two inputs are itself).
static unsigned minimumInputs(AttrRule rule) {
  switch (rule) {
  case AttrRule::AddN:
  case AttrRule::BiasAddGrad:
  case AttrRule::InvertPermutation:
  case AttrRule::MatrixDiag:
  case AttrRule::Assert:
    return 1;
  case AttrRule::ConcatOffset:
  case AttrRule::Reshape:
  case AttrRule::Select:
  case AttrRule::TanhGrad:
  case AttrRule::BoolReduce:
    return 2;
  case AttrRule::Gather:
    return 3;
  default:
    return 0;
  }
}

FailureOr<SmallVector<Value>>
sluice::graphdef::buildComputeOp(const ComputeNode &node, OpBuilder &builder,
                                 Location loc, ValueRange inputs,
                                 TypeRange resultTypes, std::string &error) {
  const OpMapping *mapping = lookup(node.node.op());
  assert(mapping && "not a compute op");
  // The rules below read these inputs; the lite op's verifier checks the
  // operand count of the others.
  unsigned needed = minimumInputs(mapping->attrs);
  if (inputs.size() < needed) {
    error = node.node.op() + " needs at least " + std::to_string(needed) +
            (needed == 1 ? " input" : " inputs") + ", has " +
            std::to_string(inputs.size());
    return failure();
  }
  MLIRContext *context = builder.getContext();
  OperationState state(loc, mapping->liteName);
  state.addOperands(inputs);
  state.addTypes(resultTypes);
  auto i32Attr = [&](int64_t v) {
    return builder.getIntegerAttr(builder.getI32Type(), v);
  };
  auto constantInt = [&](unsigned index) -> std::optional<int64_t> {
    DenseElementsAttr value = node.constantInput(index);
    if (!value || value.getNumElements() != 1 ||
        !value.getElementType().isIntOrIndex())
      return std::nullopt;
    return (*value.getValues<APInt>().begin()).getSExtValue();
  };

  switch (mapping->attrs) {
  case AttrRule::Plain:
    break;
  case AttrRule::SameNamedAttrs: {
    // Each attribute the lite op declares, from the TF attribute of its
    // name: a float (f) becomes an f32 attribute.
    std::optional<RegisteredOperationName> name =
        state.name.getRegisteredInfo();
    assert(name && "the lite op of a mapping is registered");
    for (StringAttr attrName : name->getAttributeNames()) {
      const tensorflow::AttrValue *attr = findAttr(node.node, attrName);
      if (!attr || attr->value_case() != tensorflow::AttrValue::kF) {
        error = node.node.op() + " needs a float attribute '" + attrName.str() +
                "'";
        return failure();
      }
      state.addAttribute(attrName, builder.getF32FloatAttr(attr->f()));
    }
    break;
  }
  case AttrRule::Select: {
    // v1 Select takes a condition of the inputs' shape, a scalar, or a
    // vector along the first dimension. The vector form becomes a condition
    // reshaped to [n, 1, ..., 1] (as many ones as x has further dims) so that
    // select_v2's broadcasting applies it row by row.
    auto cond = dyn_cast<RankedTensorType>(inputs[0].getType());
    auto x = dyn_cast<RankedTensorType>(inputs[1].getType());
    if (cond && (cond.getRank() == 0 || (x && cond.getRank() == x.getRank())))
      break;
    if (!cond || cond.getRank() != 1) {
      llvm::raw_string_ostream os(error);
      os << "Select with condition " << inputs[0].getType() << " and inputs "
         << inputs[1].getType()
         << " is not supported: the condition must be a scalar, a vector or "
            "of the inputs' rank";
      return failure();
    }
    state.operands[0] = reshapeRowCondition(builder, loc, inputs[0], inputs[1]);
    break;
  }
  case AttrRule::Concat: {
    std::optional<int64_t> axis = constantInt(inputs.size() - 1);
    if (!axis) {
      error = "ConcatV2 needs a constant axis";
      return failure();
    }
    state.operands.pop_back();
    state.addAttribute("axis", i32Attr(*axis));
    break;
  }
  case AttrRule::Pack:
  case AttrRule::Unpack:
    state.addAttribute("axis", i32Attr(intAttr(node.node, "axis", 0)));
    break;
  case AttrRule::Squeeze: {
    SmallVector<int32_t> dims;
    if (const tensorflow::AttrValue *attr = findAttr(node.node, "squeeze_dims"))
      for (int64_t dim : attr->list().i())
        dims.push_back(dim);
    state.addAttribute("squeeze_dims", builder.getDenseI32ArrayAttr(dims));
    break;
  }
  case AttrRule::StridedSlice:
    for (StringRef mask : {"begin_mask", "end_mask", "ellipsis_mask",
                           "new_axis_mask", "shrink_axis_mask"})
      state.addAttribute(mask, i32Attr(intAttr(node.node, mask, 0)));
    break;
  case AttrRule::Gather: {
    std::optional<int64_t> axis = constantInt(2);
    if (!axis) {
      error = "GatherV2 needs a constant axis";
      return failure();
    }
    state.operands.pop_back();
    state.addAttribute("axis", i32Attr(*axis));
    state.addAttribute("batch_dims",
                       i32Attr(intAttr(node.node, "batch_dims", 0)));
    break;
  }
  case AttrRule::Reduce:
    state.addAttribute("keep_dims",
                       builder.getBoolAttr(boolAttr(node.node, "keep_dims")));
    break;
  case AttrRule::MatMul:
    state.addAttribute("adj_x",
                       builder.getBoolAttr(boolAttr(node.node, "transpose_a")));
    state.addAttribute("adj_y",
                       builder.getBoolAttr(boolAttr(node.node, "transpose_b")));
    break;
  case AttrRule::BatchMatMul:
    state.addAttribute("adj_x",
                       builder.getBoolAttr(boolAttr(node.node, "adj_x")));
    state.addAttribute("adj_y",
                       builder.getBoolAttr(boolAttr(node.node, "adj_y")));
    break;
  case AttrRule::Reshape: {
    // lite.reshape takes an int32 shape.
    auto shapeType = dyn_cast<TensorType>(inputs[1].getType());
    if (shapeType && !shapeType.getElementType().isInteger(32)) {
      Type i32Shape = shapeType.clone(builder.getI32Type());
      state.operands[1] =
          lite::CastOp::create(builder, loc, i32Shape, inputs[1]);
    }
    break;
  }
  case AttrRule::Scalars: {
    // An input whose rank the graph does not say (a StridedSlice that
    // shrinks to a scalar, say) is reshaped to the scalar the op takes; a
    // non-scalar fails that reshape at run time.
    Value scalarShape;
    for (Value &operand : state.operands) {
      auto type = cast<TensorType>(operand.getType());
      if (type.hasRank() && type.getRank() == 0)
        continue;
      if (!scalarShape)
        scalarShape = lite::ConstantOp::create(
            builder, loc,
            DenseElementsAttr::get(
                RankedTensorType::get({0}, builder.getI32Type()),
                ArrayRef<int32_t>{}));
      operand = lite::ReshapeOp::create(
          builder, loc, RankedTensorType::get({}, type.getElementType()),
          operand, scalarShape);
    }
    break;
  }
  case AttrRule::BiasAdd: {
    if (failed(requireChannelsLast(node.node, error)))
      return failure();
    break;
  }
  case AttrRule::Split: {
    // One slice per output: begin k * part along the axis, size part.
    if (inputs.size() != 2) {
      error = "Split expects 2 data inputs (axis, value), has " +
              std::to_string(inputs.size());
      return failure();
    }
    auto input = dyn_cast<RankedTensorType>(inputs[1].getType());
    if (!input) {
      error = "Split needs an input of known rank";
      return failure();
    }
    FailureOr<int64_t> axis = splitAxis(node, input.getRank(), error);
    if (failed(axis))
      return failure();
    if (input.isDynamicDim(*axis)) {
      error = "Split along a dimension of unknown size is not supported";
      return failure();
    }
    unsigned count = resultTypes.size();
    int64_t part = input.getDimSize(*axis) / count;
    auto vector =
        RankedTensorType::get({input.getRank()}, builder.getI32Type());
    SmallVector<Value> parts;
    for (unsigned k = 0; k < count; ++k) {
      SmallVector<int32_t> begin(input.getRank(), 0), size(input.getRank(), -1);
      begin[*axis] = k * part;
      size[*axis] = part;
      Value beginValue = lite::ConstantOp::create(
          builder, loc, DenseElementsAttr::get(vector, ArrayRef(begin)));
      Value sizeValue = lite::ConstantOp::create(
          builder, loc, DenseElementsAttr::get(vector, ArrayRef(size)));
      parts.push_back(lite::SliceOp::create(builder, loc, resultTypes[k],
                                            inputs[1], beginValue, sizeValue));
    }
    return parts;
  }
  case AttrRule::AddN: {
    // TF sums left to right: ((x0 + x1) + x2) + ...
    if (inputs.empty()) {
      error = "AddN needs at least one input";
      return failure();
    }
    Value sum = inputs[0];
    for (Value input : inputs.drop_front())
      sum = lite::AddOp::create(builder, loc, resultTypes[0], sum, input,
                                lite::ActivationFunctionType::NONE);
    return SmallVector<Value>{sum};
  }
  case AttrRule::TanhGrad: {
    // TanhGrad(y, dy) = dy * (1 - y * y), the gradient of y = tanh(x).
    if (inputs.size() != 2) {
      error = "TanhGrad expects 2 data inputs (y, dy), has " +
              std::to_string(inputs.size());
      return failure();
    }
    Type type = resultTypes[0];
    auto element = cast<TensorType>(type).getElementType();
    auto scalar = RankedTensorType::get({}, element);
    Value one = lite::ConstantOp::create(
        builder, loc,
        DenseElementsAttr::get(scalar, builder.getFloatAttr(element, 1.0)));
    Value square = lite::MulOp::create(builder, loc, type, inputs[0], inputs[0],
                                       lite::ActivationFunctionType::NONE);
    Value complement = lite::SubOp::create(builder, loc, type, one, square,
                                           lite::ActivationFunctionType::NONE);
    return SmallVector<Value>{
        lite::MulOp::create(builder, loc, type, inputs[1], complement,
                            lite::ActivationFunctionType::NONE)
            .getResult()};
  }
  case AttrRule::BiasAddGrad: {
    // The bias' gradient: the sum over every dimension but the last (NHWC).
    if (failed(requireChannelsLast(node.node, error)))
      return failure();
    auto input = dyn_cast<RankedTensorType>(inputs[0].getType());
    if (!input || input.getRank() < 1) {
      error = "BiasAddGrad needs an input of known rank";
      return failure();
    }
    SmallVector<int32_t> axes;
    for (int32_t axis = 0; axis + 1 < input.getRank(); ++axis)
      axes.push_back(axis);
    auto axesType = RankedTensorType::get({static_cast<int64_t>(axes.size())},
                                          builder.getI32Type());
    Value axesValue = lite::ConstantOp::create(
        builder, loc, DenseElementsAttr::get(axesType, ArrayRef(axes)));
    return SmallVector<Value>{lite::SumOp::create(builder, loc, resultTypes[0],
                                                  inputs[0], axesValue,
                                                  /*keep_dims=*/false)
                                  .getResult()};
  }
  case AttrRule::InvertPermutation: {
    // inverse[j] = sum_i i * (perm[i] == j): a one-hot matrix of the
    // permutation, weighted by the row index and summed over the rows.
    Value perm = inputs[0];
    auto type = cast<TensorType>(perm.getType());
    Type element = type.getElementType();
    auto scalar = RankedTensorType::get({}, element);
    auto i32Scalar = RankedTensorType::get({}, builder.getI32Type());
    auto constant = [&](RankedTensorType t, int64_t v) -> Value {
      return lite::ConstantOp::create(
          builder, loc,
          DenseElementsAttr::get(
              t, builder.getIntegerAttr(t.getElementType(), v)));
    };
    int64_t n = type.hasRank() && type.getRank() == 1 ? type.getDimSize(0)
                                                      : ShapedType::kDynamic;
    auto vector = RankedTensorType::get({n}, element);
    Value size = lite::ShapeOp::create(
        builder, loc, RankedTensorType::get({1}, element), perm);
    Value count = lite::ReshapeOp::create(
        builder, loc, scalar, size,
        lite::ConstantOp::create(
            builder, loc,
            DenseElementsAttr::get(
                RankedTensorType::get({0}, builder.getI32Type()),
                ArrayRef<int32_t>{})));
    Value indices = lite::RangeOp::create(
        builder, loc, vector, constant(scalar, 0), count, constant(scalar, 1));
    Value column = lite::ExpandDimsOp::create(
        builder, loc, RankedTensorType::get({n, 1}, element), perm,
        constant(i32Scalar, 1));
    Value row = lite::ExpandDimsOp::create(
        builder, loc, RankedTensorType::get({1, n}, element), indices,
        constant(i32Scalar, 0));
    Value oneHot = lite::EqualOp::create(
        builder, loc, RankedTensorType::get({n, n}, builder.getI1Type()),
        column, row);
    auto square = RankedTensorType::get({n, n}, element);
    Value weights = lite::CastOp::create(builder, loc, square, oneHot);
    Value rowIndex = lite::ExpandDimsOp::create(
        builder, loc, RankedTensorType::get({n, 1}, element), indices,
        constant(i32Scalar, 1));
    Value weighted =
        lite::MulOp::create(builder, loc, square, weights, rowIndex,
                            lite::ActivationFunctionType::NONE);
    Value axis = lite::ConstantOp::create(
        builder, loc,
        DenseElementsAttr::get(RankedTensorType::get({1}, builder.getI32Type()),
                               ArrayRef<int32_t>{0}));
    return SmallVector<Value>{lite::SumOp::create(builder, loc, resultTypes[0],
                                                  weighted, axis,
                                                  /*keep_dims=*/false)
                                  .getResult()};
  }
  case AttrRule::MatrixDiag: {
    // expand_dims(diagonal, -1) * identity(N): [..., N, 1] x [N, N].
    auto resultType = dyn_cast<RankedTensorType>(resultTypes[0]);
    if (!resultType) {
      error = node.node.op() + " of a diagonal of unknown type";
      return failure();
    }
    int64_t n = resultType.getShape().back();
    Type element = resultType.getElementType();
    auto identityType = RankedTensorType::get({n, n}, element);
    SmallVector<Attribute> identity;
    for (int64_t i = 0; i < n * n; ++i)
      identity.push_back(i % (n + 1) == 0 ? builder.getOneAttr(element)
                                          : builder.getZeroAttr(element));
    Value eye = lite::ConstantOp::create(
        builder, loc, DenseElementsAttr::get(identityType, identity));
    SmallVector<int64_t> columnShape(resultType.getShape().drop_back());
    columnShape.push_back(1);
    Value column = lite::ExpandDimsOp::create(
        builder, loc, RankedTensorType::get(columnShape, element), inputs[0],
        lite::ConstantOp::create(
            builder, loc,
            DenseElementsAttr::get(
                RankedTensorType::get({}, builder.getI32Type()),
                builder.getI32IntegerAttr(-1))));
    return SmallVector<Value>{
        lite::MulOp::create(builder, loc, resultType, column, eye,
                            lite::ActivationFunctionType::NONE)
            .getResult()};
  }
  case AttrRule::ConcatOffset: {
    // Input i starts, along the axis, where the inputs before it end:
    // offset_i = (dims == axis) ? sum_{k < i} shape_k : 0.
    auto shapeType = dyn_cast<RankedTensorType>(inputs[1].getType());
    if (!shapeType || shapeType.getRank() != 1 || !shapeType.hasStaticShape()) {
      error = "ConcatOffset needs shapes of known length";
      return failure();
    }
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
    Value axis = inputs[0];
    if (cast<TensorType>(axis.getType()).getElementType() != element)
      axis = lite::CastOp::create(
          builder, loc, cast<TensorType>(axis.getType()).clone(element), axis);
    Value isAxis = lite::EqualOp::create(
        builder, loc, RankedTensorType::get({rank}, builder.getI1Type()),
        dimIndices, axis);
    SmallVector<Value> offsets;
    Value before = zero;
    offsets.push_back(zero);
    for (Value shape : inputs.drop_front().drop_back()) {
      before = lite::AddOp::create(builder, loc, shapeType, before, shape,
                                   lite::ActivationFunctionType::NONE);
      offsets.push_back(before);
    }
    for (Value &offset : offsets)
      offset = lite::SelectV2Op::create(builder, loc, shapeType, isAxis, offset,
                                        zero);
    return offsets;
  }
  case AttrRule::BoolReduce: {
    // All(x) = min(int32(x)) != 0, Any(x) = max(int32(x)) != 0.
    auto input = dyn_cast<TensorType>(inputs[0].getType());
    auto result = dyn_cast<TensorType>(resultTypes[0]);
    if (!input || !result || !input.getElementType().isInteger(1)) {
      error = node.node.op() + " needs a boolean input";
      return failure();
    }
    auto asInt = [&](TensorType type) {
      return type.clone(builder.getI32Type());
    };
    Value ints = lite::CastOp::create(builder, loc, asInt(input), inputs[0]);
    bool keepDims = boolAttr(node.node, "keep_dims");
    Value reduced = node.node.op() == "All"
                        ? lite::ReduceMinOp::create(builder, loc, asInt(result),
                                                    ints, inputs[1], keepDims)
                              .getResult()
                        : lite::ReduceMaxOp::create(builder, loc, asInt(result),
                                                    ints, inputs[1], keepDims)
                              .getResult();
    Value zero = lite::ConstantOp::create(
        builder, loc,
        DenseElementsAttr::get(RankedTensorType::get({}, builder.getI32Type()),
                               builder.getI32IntegerAttr(0)));
    return SmallVector<Value>{
        lite::NotEqualOp::create(builder, loc, result, reduced, zero)
            .getResult()};
  }
  case AttrRule::Assert: {
    // normalizeAssertions left the condition alone and the message in
    // kAssertMessageAttr.
    if (inputs.size() != 1) {
      error = "Assert expects its condition alone, has " +
              std::to_string(inputs.size()) + " inputs";
      return failure();
    }
    const tensorflow::AttrValue *message =
        findAttr(node.node, kAssertMessageAttr);
    state.addAttribute("message",
                       builder.getStringAttr(message ? message->s() : ""));
    break;
  }
  case AttrRule::Random: {
    auto output = cast<TensorType>(resultTypes[0]);
    if (!output.getElementType().isF32()) {
      llvm::raw_string_ostream os(error);
      os << "RandomUniform of " << output.getElementType()
         << " is not supported (only float32)";
      return failure();
    }
    int64_t seed = intAttr(node.node, "seed", 0);
    int64_t seed2 = intAttr(node.node, "seed2", 0);
    if (seed == 0 && seed2 == 0) {
      error = "RandomUniform without a seed draws other numbers each time "
              "TensorFlow runs it; give the graph a seed "
              "(tf.compat.v1.set_random_seed) or the op one";
      return failure();
    }
    state.addAttribute("seed", builder.getI64IntegerAttr(seed));
    state.addAttribute("seed2", builder.getI64IntegerAttr(seed2));
    break;
  }
  }
  (void)context;
  Operation *op = builder.create(state);
  return SmallVector<Value>(op->getResults());
}

void sluice::graphdef::normalizeAssertions(tensorflow::GraphDef &graph) {
  llvm::StringMap<tensorflow::NodeDef *> byName;
  for (tensorflow::NodeDef &node : *graph.mutable_node())
    byName[node.name()] = &node;
  auto producerOf = [&](StringRef input) -> tensorflow::NodeDef * {
    if (input.starts_with("^"))
      return nullptr;
    return byName.lookup(input.split(':').first);
  };
  auto isStringConst = [](const tensorflow::NodeDef *node) {
    const tensorflow::AttrValue *dtype =
        node ? findAttr(*node, "dtype") : nullptr;
    return node && node->op() == "Const" && dtype &&
           dtype->type() == tensorflow::DT_STRING;
  };
  bool any = false;
  for (tensorflow::NodeDef &node : *graph.mutable_node()) {
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
      tensorflow::NodeDef *producer = producerOf(input);
      std::string part = "[" + input.str() + "]";
      if (isStringConst(producer)) {
        const tensorflow::AttrValue *value = findAttr(*producer, "value");
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
  for (const tensorflow::NodeDef &node : graph.node())
    for (StringRef input : node.input())
      if (!input.starts_with("^"))
        read.insert(input.split(':').first);
  for (tensorflow::NodeDef &node : *graph.mutable_node())
    if (isStringConst(&node) && !read.contains(node.name())) {
      node.set_op("NoOp");
      node.clear_attr();
    }
}
