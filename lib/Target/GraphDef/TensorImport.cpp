//===- TensorImport.cpp - TensorFlow dtypes, shapes and tensors -----------===//
//
// Constants come as tensor_content (raw little-endian bytes) or as a typed
// *_val list that may be shorter than the tensor: TensorFlow repeats the last
// value (an empty list means zeros).
//
//===----------------------------------------------------------------------===//

#include "TensorImport.h"

#include "mlir/IR/Builders.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace sluice::graphdef;

Type sluice::graphdef::convertDataType(tf::DataType dtype,
                                       MLIRContext *context) {
  Builder b(context);
  int value = static_cast<int>(dtype);
  if (value > 100)
    value -= 100; // DT_*_REF
  switch (static_cast<tf::DataType>(value)) {
  case tf::DT_FLOAT:
    return b.getF32Type();
  case tf::DT_DOUBLE:
    return b.getF64Type();
  case tf::DT_HALF:
    return b.getF16Type();
  case tf::DT_INT8:
    return b.getIntegerType(8);
  case tf::DT_UINT8:
    return b.getIntegerType(8, /*isSigned=*/false);
  case tf::DT_INT16:
    return b.getIntegerType(16);
  case tf::DT_INT32:
    return b.getI32Type();
  case tf::DT_INT64:
    return b.getI64Type();
  case tf::DT_BOOL:
    return b.getI1Type();
  default:
    return nullptr;
  }
}

std::string sluice::graphdef::dataTypeName(tf::DataType dtype) {
  if (tf::DataType_IsValid(dtype))
    return tf::DataType_Name(dtype);
  return "DataType(" + std::to_string(static_cast<int>(dtype)) + ")";
}

TensorType sluice::graphdef::convertShape(const tf::TensorShapeProto &shape,
                                          Type elementType) {
  if (shape.unknown_rank())
    return UnrankedTensorType::get(elementType);
  SmallVector<int64_t> dims;
  for (const auto &dim : shape.dim())
    dims.push_back(dim.size() < 0 ? ShapedType::kDynamic : dim.size());
  return RankedTensorType::get(dims, elementType);
}

namespace {
/// Element i of a typed value list, repeating the last one (zero if empty).
template <typename List>
auto listValue(const List &list, int64_t index)
    -> std::decay_t<decltype(list.Get(0))> {
  if (list.empty())
    return 0;
  return list.Get(std::min<int64_t>(index, list.size() - 1));
}
} // namespace

FailureOr<DenseElementsAttr>
sluice::graphdef::convertTensor(const tf::TensorProto &tensor,
                                MLIRContext *context, std::string &error) {
  Type elementType = convertDataType(tensor.dtype(), context);
  if (!elementType) {
    error = "unsupported constant dtype " + dataTypeName(tensor.dtype());
    return failure();
  }
  auto type = dyn_cast<RankedTensorType>(
      convertShape(tensor.tensor_shape(), elementType));
  if (!type || !type.hasStaticShape()) {
    error = "constant has no static shape";
    return failure();
  }
  int64_t count = type.getNumElements();
  if (count > (int64_t(1) << 31)) {
    error = llvm::formatv("constant of {0} elements is too large", count);
    return failure();
  }
  unsigned width =
      elementType.isInteger(1) ? 8 : elementType.getIntOrFloatBitWidth();
  const std::string &content = tensor.tensor_content();
  bool hasContent = !content.empty();
  if (hasContent &&
      content.size() != static_cast<size_t>(count) * (width / 8)) {
    error = llvm::formatv("tensor_content has {0} bytes but {1} needs {2}",
                          content.size(), type, count * (width / 8));
    return failure();
  }
  auto raw = [&](int64_t i) -> uint64_t {
    const char *p = content.data() + i * (width / 8);
    switch (width) {
    case 8:
      return static_cast<uint8_t>(*p);
    case 16:
      return llvm::support::endian::read16le(p);
    case 32:
      return llvm::support::endian::read32le(p);
    default:
      return llvm::support::endian::read64le(p);
    }
  };

  if (auto floatType = dyn_cast<FloatType>(elementType)) {
    SmallVector<APFloat> values;
    values.reserve(count);
    for (int64_t i = 0; i < count; ++i) {
      if (hasContent) {
        values.emplace_back(floatType.getFloatSemantics(),
                            APInt(width, raw(i)));
      } else if (floatType.isF32()) {
        values.emplace_back(listValue(tensor.float_val(), i));
      } else if (floatType.isF64()) {
        values.emplace_back(listValue(tensor.double_val(), i));
      } else { // half: bit patterns in half_val
        values.emplace_back(floatType.getFloatSemantics(),
                            APInt(16, listValue(tensor.half_val(), i)));
      }
    }
    return DenseElementsAttr::get(type, values);
  }

  unsigned intWidth = elementType.getIntOrFloatBitWidth();
  SmallVector<APInt> values;
  values.reserve(count);
  for (int64_t i = 0; i < count; ++i) {
    uint64_t v;
    if (hasContent)
      v = raw(i);
    else if (elementType.isInteger(1))
      v = listValue(tensor.bool_val(), i);
    else if (intWidth == 64)
      v = static_cast<uint64_t>(listValue(tensor.int64_val(), i));
    else
      v = static_cast<uint64_t>(
          static_cast<int64_t>(listValue(tensor.int_val(), i)));
    values.emplace_back(intWidth, v, /*isSigned=*/false,
                        /*implicitTrunc=*/true);
  }
  return DenseElementsAttr::get(type, values);
}
