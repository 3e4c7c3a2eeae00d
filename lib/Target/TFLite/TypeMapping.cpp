//===- TypeMapping.cpp - MLIR element types <-> TFLite TensorType ---------===//

#include "TypeMapping.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/Endian.h"

using namespace mlir;
using FbType = sluice::tflite::TensorType;

std::optional<FbType> sluice::tflite_support::getTensorType(Type elementType) {
  if (elementType.isF32())
    return FbType::FLOAT32;
  if (elementType.isF16())
    return FbType::FLOAT16;
  if (elementType.isF64())
    return FbType::FLOAT64;
  if (elementType.isInteger(1))
    return FbType::BOOL;
  if (elementType.isUnsignedInteger(8))
    return FbType::UINT8;
  if (elementType.isSignlessInteger(8))
    return FbType::INT8;
  if (elementType.isSignlessInteger(16))
    return FbType::INT16;
  if (elementType.isSignlessInteger(32))
    return FbType::INT32;
  if (elementType.isSignlessInteger(64))
    return FbType::INT64;
  return std::nullopt;
}

Type sluice::tflite_support::getElementType(FbType type, MLIRContext *context) {
  Builder builder(context);
  switch (type) {
  case FbType::FLOAT32:
    return builder.getF32Type();
  case FbType::FLOAT16:
    return builder.getF16Type();
  case FbType::FLOAT64:
    return builder.getF64Type();
  case FbType::BOOL:
    return builder.getI1Type();
  case FbType::UINT8:
    return IntegerType::get(context, 8, IntegerType::Unsigned);
  case FbType::INT8:
    return builder.getI8Type();
  case FbType::INT16:
    return builder.getI16Type();
  case FbType::INT32:
    return builder.getI32Type();
  case FbType::INT64:
    return builder.getI64Type();
  default:
    return nullptr;
  }
}

std::vector<uint8_t>
sluice::tflite_support::serializeElements(DenseElementsAttr attr) {
  std::vector<uint8_t> bytes;
  Type elementType = attr.getElementType();
  auto appendBits = [&](const APInt &bits) {
    unsigned numBytes = std::max(1u, bits.getBitWidth() / 8);
    uint64_t word = bits.getZExtValue();
    for (unsigned i = 0; i < numBytes; ++i)
      bytes.push_back(static_cast<uint8_t>(word >> (8 * i)));
  };
  if (isa<FloatType>(elementType)) {
    for (const APFloat &value : attr.getValues<APFloat>())
      appendBits(value.bitcastToAPInt());
  } else {
    for (const APInt &value : attr.getValues<APInt>())
      appendBits(value);
  }
  return bytes;
}

unsigned sluice::tflite_support::getElementByteWidth(Type elementType) {
  return std::max(1u, elementType.getIntOrFloatBitWidth() / 8);
}

DenseElementsAttr
sluice::tflite_support::deserializeElements(ArrayRef<uint8_t> bytes,
                                            RankedTensorType type) {
  Type elementType = type.getElementType();
  if (elementType.isInteger(1)) {
    SmallVector<bool> values;
    values.reserve(bytes.size());
    for (uint8_t byte : bytes)
      values.push_back(byte != 0);
    return DenseElementsAttr::get(type, values);
  }
  unsigned width = getElementByteWidth(elementType);
  if (llvm::endianness::native == llvm::endianness::little)
    return DenseElementsAttr::getFromRawBuffer(
        type, ArrayRef<char>(reinterpret_cast<const char *>(bytes.data()),
                             bytes.size()));
  std::vector<char> native(bytes.begin(), bytes.end());
  for (size_t i = 0; i < native.size(); i += width)
    std::reverse(native.begin() + i, native.begin() + i + width);
  return DenseElementsAttr::getFromRawBuffer(type, native);
}
