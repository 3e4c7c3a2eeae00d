//===- OperatorVersions.cpp - TFLite op versions and runtimes -------------===//
//
// The rules of TFLite's op versioning (tools/versioning/op_version.cc) for
// the builtins lite models, restricted to what a lite op can use: element
// types (no quantization, so no scales, per-channel or hybrid-scheme
// parameters), ranks, broadcasting and options. Within an op the first rule
// that matches gives the version. The minimum runtimes are TFLite's table
// (tools/versioning/runtime_version.cc) for the same builtins.
//
// Shapes are compared as the program types them: a dynamic dimension differs
// from a static one, so an op that may broadcast at run time counts as
// broadcasting; an unranked operand has no dimensions, as in the file.
//
//===----------------------------------------------------------------------===//

#include "OperatorVersions.h"
#include "TypeMapping.h"

#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace sluice;
using TT = sluice::tflite::TensorType;
using BO = sluice::lite::BuiltinOperator;

/// Whether `value`'s element type is one of `types`, as TFLite types it.
static bool isA(Value value, std::initializer_list<TT> types) {
  std::optional<TT> type =
      tflite_support::getTensorType(getElementTypeOrSelf(value.getType()));
  return type && llvm::is_contained(types, *type);
}

/// The number of dimensions TFLite sees: none for an unranked tensor.
static int64_t getRank(Value value) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  return type ? type.getRank() : 0;
}

/// TFLite's "broadcast beyond 4-D": the first two inputs' shapes differ and
/// some input has more than four dimensions.
static bool broadcastsBeyond4D(Operation *op) {
  auto shapeOf = [](Value value) {
    auto type = dyn_cast<RankedTensorType>(value.getType());
    return type ? type.getShape() : ArrayRef<int64_t>();
  };
  if (op->getNumOperands() < 2 ||
      shapeOf(op->getOperand(0)) == shapeOf(op->getOperand(1)))
    return false;
  return llvm::any_of(op->getOperands(),
                      [](Value value) { return getRank(value) > 4; });
}

int tflite_support::getOperatorVersion(Operation *op) {
  auto builtin = dyn_cast<lite::TFLiteBuiltinOpInterface>(op);
  if (!builtin || op->getNumOperands() == 0)
    return 1;
  Value in = op->getOperand(0);
  switch (builtin.getBuiltinOperator()) {
  case BO::ADD:
    if (isA(in, {TT::FLOAT16})) // float16
      return 6;
    if (isA(in, {TT::INT16})) // int16 without quantization
      return 5;
    if (isA(in, {TT::INT64})) // int64
      return 4;
    if (isA(in, {TT::INT8})) // int8
      return 2;
    return 1;
  case BO::SUB:
    // (Version 5, int16 with pot_scale_int16 = false: written as true.)
    if (isA(in, {TT::INT64})) // int64
      return 4;
    if (broadcastsBeyond4D(op)) // broadcasting with more than 4 dimensions
      return 3;
    if (isA(in, {TT::INT8})) // int8
      return 2;
    return 1;
  case BO::MUL:
    if (isA(in, {TT::FLOAT16})) // float16
      return 8;
    if (isA(in, {TT::INT16})) // int16 without quantization
      return 7;
    if (isA(in, {TT::INT64})) // int64
      return 5;
    if (isA(in, {TT::INT8})) // int8
      return 2;
    return 1;
  case BO::DIV:
    if (broadcastsBeyond4D(op)) // broadcasting with more than 4 dimensions
      return 2;
    return 1;
  case BO::FLOOR_DIV:
    if (isA(in, {TT::INT8, TT::INT16})) // int8 or int16
      return 3;
    if (isA(in, {TT::FLOAT32})) // float32
      return 2;
    return 1;
  case BO::FLOOR_MOD:
    if (isA(in, {TT::INT8, TT::INT16})) // int8 or int16
      return 2;
    return 1;
  case BO::MAXIMUM:
  case BO::MINIMUM:
    if (isA(in, {TT::INT16})) // int16
      return 4;
    if (broadcastsBeyond4D(op)) // broadcasting with more than 4 dimensions
      return 3;
    if (isA(in, {TT::INT8})) // int8
      return 2;
    return 1;
  case BO::LESS:
  case BO::GREATER_EQUAL:
    if (isA(in, {TT::INT16})) // int16 operands
      return 3;
    if (isA(in, {TT::INT8})) // int8 operands
      return 2;
    return 1;
  case BO::GREATER:
  case BO::LESS_EQUAL:
  case BO::SUM:
    if (isA(in, {TT::INT8})) // int8 input
      return 2;
    return 1;
  case BO::EQUAL:
    if (isA(in, {TT::INT16})) // int16 operands
      return 5;
    if (isA(in, {TT::INT8})) // int8 operands
      return 2;
    return 1;
  case BO::NOT_EQUAL:
    if (isA(in, {TT::INT16})) // int16 operands
      return 4;
    if (isA(in, {TT::INT8})) // int8 operands
      return 2;
    return 1;
  case BO::ABS:
    if (isA(in, {TT::INT32})) // int32
      return 5;
    if (isA(in, {TT::INT16})) // int16 without quantization
      return 4;
    if (isA(in, {TT::INT8, TT::UINT8})) // int8 or uint8
      return 2;
    return 1;
  case BO::RELU:
    if (isA(in, {TT::INT16})) // int16
      return 3;
    if (isA(in, {TT::INT8, TT::UINT8})) // int8 or uint8
      return 2;
    return 1;
  case BO::TANH:
  case BO::LOGISTIC:
    if (isA(in, {TT::INT16})) // int16
      return 3;
    if (isA(in, {TT::INT8})) // int8
      return 2;
    return 1;
  case BO::EXP:
  case BO::LOG:
  case BO::SQRT:
    if (isA(in, {TT::INT8, TT::INT16})) // int8 or int16
      return 2;
    return 1;
  case BO::RSQRT:
  case BO::MEAN:
  case BO::REDUCE_MAX:
  case BO::REDUCE_MIN:
    if (isA(in, {TT::INT16})) // int16 input
      return 3;
    if (isA(in, {TT::INT8})) // int8 input
      return 2;
    return 1;
  case BO::CAST: {
    Value out = op->getResult(0);
    // float16 or float64 on either side
    if (isA(in, {TT::FLOAT16, TT::FLOAT64}) ||
        isA(out, {TT::FLOAT16, TT::FLOAT64}))
      return 5;
    if (isA(in, {TT::INT8}) || isA(out, {TT::INT8})) // int8 on either side
      return 3;
    return 1;
  }
  case BO::CONCATENATION:
    if (isA(in, {TT::INT16})) // int16 values
      return 3;
    if (isA(in, {TT::INT8})) // int8 values
      return 2;
    return 1;
  case BO::PACK:
    if (isA(in, {TT::INT8})) // int8 values
      return 2;
    if (isA(in, {TT::INT16})) // int16 values
      return 3;
    return 1;
  case BO::UNPACK:
    if (isA(in, {TT::INT8, TT::UINT8})) // int8 or uint8
      return 2;
    if (isA(in, {TT::BOOL})) // bool
      return 3;
    if (isA(in, {TT::INT16})) // int16
      return 4;
    if (isA(in, {TT::FLOAT16})) // float16
      return 5;
    return 1;
  case BO::SLICE:
    if (getRank(in) > 4) // more than 4 dimensions
      return 5;
    if (isA(in, {TT::INT16})) // int16
      return 4;
    if (isA(in, {TT::INT8})) // int8
      return 2;
    return 1;
  case BO::STRIDED_SLICE: {
    auto slice = cast<lite::StridedSliceOp>(op);
    if (slice.getOffset()) // `end` relative to `begin`
      return 8;
    if (slice.getEllipsisMask() || slice.getNewAxisMask()) // those masks
      return 6;
    if (getRank(in) > 4) // more than 4 dimensions
      return 4;
    if (isA(in, {TT::BOOL})) // bool
      return 3;
    if (isA(in, {TT::INT8})) // int8
      return 2;
    return 1;
  }
  case BO::GATHER: {
    auto gather = cast<lite::GatherOp>(op);
    if (isA(gather.getIndices(), {TT::INT16})) // int16 indices
      return 6;
    if (gather.getBatchDims() != 0) // batch dimensions
      return 5;
    if (isA(in, {TT::INT16})) // int16 params
      return 4;
    if (isA(in, {TT::BOOL})) // bool params
      return 3;
    if (isA(in, {TT::INT8})) // int8 params
      return 2;
    return 1;
  }
  case BO::TRANSPOSE:
    if (getRank(in) > 6) // more than 6 dimensions
      return 8;
    if (getRank(in) > 5) // more than 5 dimensions
      return 6;
    if (isA(in, {TT::INT16})) // int16
      return 5;
    if (getRank(in) > 4) // more than 4 dimensions
      return 4;
    if (isA(in, {TT::BOOL})) // bool
      return 3;
    if (isA(in, {TT::INT8})) // int8
      return 2;
    return 1;
  case BO::FILL: {
    Value value = op->getOperand(1);
    if (isA(value, {TT::FLOAT16})) // float16 value
      return 4;
    if (isA(value, {TT::INT8, TT::INT16})) // int8 or int16 value
      return 3;
    if (isA(value, {TT::BOOL})) // bool value
      return 2;
    return 1;
  }
  case BO::RANGE:
    if (isA(in, {TT::INT64})) // int64
      return 2;
    return 1;
  case BO::FULLY_CONNECTED: {
    auto fc = cast<lite::FullyConnectedOp>(op);
    Value filter = fc.getFilter(), out = fc.getOutput();
    // int16 input, filter and output
    if (isA(in, {TT::INT16}) && isA(filter, {TT::INT16}) &&
        isA(out, {TT::INT16}))
      return 7;
    if (!fc.getBias()) // no bias (two inputs)
      return 6;
    if (fc.getKeepNumDims()) // keep_num_dims
      return 5;
    // int8 input, filter and output
    if (isA(in, {TT::INT8}) && isA(filter, {TT::INT8}) && isA(out, {TT::INT8}))
      return 4;
    // hybrid: float32 input and output, int8 filter (9: asymmetric inputs)
    if (isA(in, {TT::FLOAT32}) && isA(filter, {TT::INT8}) &&
        isA(out, {TT::FLOAT32}))
      return fc.getAsymmetricQuantizeInputs() ? 9 : 3;
    // shuffled weights
    if (fc.getWeightsFormat() == lite::WeightsFormat::SHUFFLED4x16INT8)
      return 2;
    return 1;
  }
  case BO::BATCH_MATMUL: {
    auto matmul = cast<lite::BatchMatMulOp>(op);
    if (isA(in, {TT::INT16})) // int16
      return 3;
    if (isA(in, {TT::INT8})) // int8
      return 2;
    // hybrid (float32 x, int8 y, float32 output) with asymmetric inputs
    if (isA(in, {TT::FLOAT32}) && isA(matmul.getY(), {TT::INT8}) &&
        isA(matmul.getOutput(), {TT::FLOAT32}) &&
        matmul.getAsymmetricQuantizeInputs())
      return 4;
    return 1;
  }
  default:
    return 1;
  }
}

/// TFLite's minimum runtime of each version of `code`, version 1 first.
static ArrayRef<const char *> getRuntimeVersions(BO code) {
#define SLUICE_VERSIONS(...)                                                   \
  {                                                                            \
    static const char *const versions[] = {__VA_ARGS__};                       \
    return versions;                                                           \
  }
  switch (code) {
  case BO::ADD:
    SLUICE_VERSIONS("1.5.0", "1.14.0", "2.4.0", "2.6.0", "2.13.0", "2.23.0")
  case BO::SUB:
    SLUICE_VERSIONS("1.6.0", "1.14.0", "2.3.0", "2.4.0", "2.4.0")
  case BO::MUL:
    SLUICE_VERSIONS("1.5.0", "1.14.0", "1.15.0", "2.3.0", "2.6.0", "2.11.0",
                    "2.13.0", "2.23.0")
  case BO::DIV:
    SLUICE_VERSIONS("1.6.0", "2.3.0")
  case BO::FLOOR_DIV:
    SLUICE_VERSIONS("1.14.0", "1.14.0", "2.13.0")
  case BO::FLOOR_MOD:
    SLUICE_VERSIONS("1.13.0", "2.13.0")
  case BO::POW:
    SLUICE_VERSIONS("1.10.0")
  case BO::MAXIMUM:
  case BO::MINIMUM:
    SLUICE_VERSIONS("1.14.0", "1.14.0", "2.3.0", "2.3.0")
  case BO::LOGICAL_AND:
  case BO::LOGICAL_OR:
  case BO::LOGICAL_NOT:
    SLUICE_VERSIONS("1.11.0")
  case BO::LESS:
  case BO::GREATER_EQUAL:
    SLUICE_VERSIONS("1.14.0", "1.14.0", "2.13.0")
  case BO::GREATER:
  case BO::LESS_EQUAL:
    SLUICE_VERSIONS("1.14.0", "1.14.0")
  case BO::EQUAL:
    SLUICE_VERSIONS("1.14.0", "1.14.0", "2.3.0", "2.13.0", "2.21.0")
  case BO::NOT_EQUAL:
    SLUICE_VERSIONS("1.14.0", "1.14.0", "2.3.0", "2.21.0")
  case BO::NEG:
    SLUICE_VERSIONS("1.9.0")
  case BO::ABS:
    SLUICE_VERSIONS("1.13.0", "2.4.0", "2.5.0", "2.6.0", "2.12.0")
  case BO::EXP:
    SLUICE_VERSIONS("1.7.0", "2.12.0")
  case BO::LOG:
    SLUICE_VERSIONS("1.14.0", "2.15.0")
  case BO::SQRT:
    SLUICE_VERSIONS("1.10.0", "2.21.0")
  case BO::RSQRT:
    SLUICE_VERSIONS("1.10.0", "2.5.0", "2.15.0")
  case BO::SQUARE:
  case BO::ZEROS_LIKE:
    SLUICE_VERSIONS("1.12.0")
  case BO::TANH:
  case BO::LOGISTIC:
    SLUICE_VERSIONS("1.14.0", "1.14.0", "2.3.0")
  case BO::RELU:
    SLUICE_VERSIONS("1.5.0", "2.1.0", "2.5.0")
  case BO::SELECT_V2:
    SLUICE_VERSIONS("2.2.0", "2.12.0")
  case BO::CAST:
    SLUICE_VERSIONS("1.5.0", "2.7.0", "2.8.0", "2.9.0", "2.12.0", "2.15.0",
                    "2.17.0", "2.21.0")
  case BO::RESHAPE:
    SLUICE_VERSIONS("1.5.0")
  case BO::EXPAND_DIMS:
  case BO::SHAPE:
    SLUICE_VERSIONS("1.10.0")
  case BO::SQUEEZE:
    SLUICE_VERSIONS("1.6.0", "2.5.0")
  case BO::CONCATENATION:
    SLUICE_VERSIONS("1.5.0", "1.14.0", "2.3.0", "2.14.0", "2.21.0")
  case BO::PACK:
    SLUICE_VERSIONS("1.11.0", "1.14.0", "2.3.0", "2.13.0")
  case BO::UNPACK:
    SLUICE_VERSIONS("1.11.0", "1.14.0", "2.2.0", "2.3.0", "2.22.0")
  case BO::SLICE:
    SLUICE_VERSIONS("1.14.0", "1.14.0", "1.14.0", "2.4.0", "2.5.0", "2.14.0",
                    "2.21.0")
  case BO::STRIDED_SLICE:
    SLUICE_VERSIONS("1.6.0", "1.14.0", "2.1.0", "2.2.0", "2.5.0", "2.6.0",
                    "2.14.0", "2.14.0")
  case BO::GATHER:
    SLUICE_VERSIONS("1.6.0", "1.14.0", "1.15.0", "2.4.0", "2.5.0", "2.13.0",
                    "2.15.0")
  case BO::TRANSPOSE:
    SLUICE_VERSIONS("1.6.0", "1.14.0", "1.15.0", "2.3.0", "2.4.0", "2.12.0",
                    "2.14.4", "2.22.0")
  case BO::FILL:
    SLUICE_VERSIONS("1.13.0", "2.3.0", "2.5.0", "2.12.0")
  case BO::RANGE:
    SLUICE_VERSIONS("1.13.0", "2.14.0")
  case BO::SUM:
    SLUICE_VERSIONS("1.10.0", "1.15.0")
  case BO::MEAN:
    SLUICE_VERSIONS("1.6.0", "1.14.0", "2.4.0")
  case BO::REDUCE_MAX:
  case BO::REDUCE_MIN:
    SLUICE_VERSIONS("1.11.0", "1.14.0", "2.5.0")
  case BO::FULLY_CONNECTED:
    SLUICE_VERSIONS("1.5.0", "1.10.0", "1.14.0", "1.14.0", "2.0.0", "2.1.0",
                    "2.3.0", "2.3.0", "2.3.0", "2.11.0", "2.15.0", "2.17.0",
                    "2.18.0", "2.21.0")
  case BO::BATCH_MATMUL:
    SLUICE_VERSIONS("2.3.0", "2.3.0", "2.4.0", "2.5.0")
  case BO::IF:
  case BO::WHILE:
    SLUICE_VERSIONS("1.15.0")
  }
#undef SLUICE_VERSIONS
  return {};
}

std::string tflite_support::getMinimumRuntimeVersion(BO code, int version) {
  ArrayRef<const char *> versions = getRuntimeVersions(code);
  if (version < 1 || static_cast<size_t>(version) > versions.size())
    return "";
  return versions[version - 1];
}

/// Whether runtime version `a` is older than `b`, component by component as
/// numbers; a prefix is older.
static bool isOlder(StringRef a, StringRef b) {
  SmallVector<StringRef> as, bs;
  a.split(as, '.');
  b.split(bs, '.');
  for (auto [x, y] : llvm::zip(as, bs)) {
    unsigned xv = 0, yv = 0;
    if (!x.getAsInteger(10, xv) && !y.getAsInteger(10, yv) && xv != yv)
      return xv < yv;
  }
  return as.size() < bs.size();
}

std::string
tflite_support::getMinimumRuntimeVersion(ArrayRef<std::pair<BO, int>> codes) {
  std::string newest;
  for (auto [code, version] : codes) {
    std::string runtime = getMinimumRuntimeVersion(code, version);
    if (!runtime.empty() && (newest.empty() || isOlder(newest, runtime)))
      newest = runtime;
  }
  return newest;
}
