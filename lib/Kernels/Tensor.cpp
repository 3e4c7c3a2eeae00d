//===- Tensor.cpp - runtime tensor values ---------------------------------===//
//
// Storage, dtype tables and element access of interpreter tensors, shape
// arithmetic and the formatting diagnostics use for shapes and tensors.
//
//===----------------------------------------------------------------------===//

#include "sluice/Kernels/Tensor.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <cstring>

using namespace mlir;
using namespace sluice::interp;

StringRef sluice::interp::getDTypeName(DType dtype) {
  switch (dtype) {
  case DType::Bool:
    return "bool";
  case DType::Int8:
    return "int8";
  case DType::UInt8:
    return "uint8";
  case DType::Int32:
    return "int32";
  case DType::Int64:
    return "int64";
  case DType::Float32:
    return "float32";
  case DType::Float64:
    return "float64";
  }
  llvm_unreachable("unknown dtype");
}

std::optional<DType> sluice::interp::parseDTypeName(StringRef name) {
  return llvm::StringSwitch<std::optional<DType>>(name)
      .Case("bool", DType::Bool)
      .Case("int8", DType::Int8)
      .Case("uint8", DType::UInt8)
      .Case("int32", DType::Int32)
      .Case("int64", DType::Int64)
      .Case("float32", DType::Float32)
      .Case("float64", DType::Float64)
      .Default(std::nullopt);
}

std::optional<DType> sluice::interp::getDType(Type type) {
  if (type.isInteger(1))
    return DType::Bool;
  if (type.isSignlessInteger(8))
    return DType::Int8;
  if (type.isUnsignedInteger(8))
    return DType::UInt8;
  if (type.isSignlessInteger(32))
    return DType::Int32;
  if (type.isSignlessInteger(64))
    return DType::Int64;
  if (type.isF32())
    return DType::Float32;
  if (type.isF64())
    return DType::Float64;
  return std::nullopt;
}

Type sluice::interp::getElementType(DType dtype, MLIRContext *context) {
  Builder b(context);
  switch (dtype) {
  case DType::Bool:
    return b.getI1Type();
  case DType::Int8:
    return b.getIntegerType(8);
  case DType::UInt8:
    return b.getIntegerType(8, /*isSigned=*/false);
  case DType::Int32:
    return b.getI32Type();
  case DType::Int64:
    return b.getI64Type();
  case DType::Float32:
    return b.getF32Type();
  case DType::Float64:
    return b.getF64Type();
  }
  llvm_unreachable("unknown dtype");
}

size_t sluice::interp::getDTypeSize(DType dtype) {
  return dispatchDType(dtype, [](auto v) { return sizeof(v); });
}

bool sluice::interp::isFloat(DType dtype) {
  return dtype == DType::Float32 || dtype == DType::Float64;
}

int64_t sluice::interp::getNumElements(ArrayRef<int64_t> shape) {
  int64_t count = 1;
  for (int64_t size : shape)
    count *= size;
  return count;
}

bool sluice::interp::fitsShape(ArrayRef<int64_t> shape,
                               ArrayRef<int64_t> declared) {
  if (shape.size() != declared.size())
    return false;
  for (auto [size, declaredSize] : llvm::zip_equal(shape, declared))
    if (!ShapedType::isDynamic(declaredSize) && declaredSize != size)
      return false;
  return true;
}

std::string sluice::interp::shapeString(ArrayRef<int64_t> shape) {
  std::string s = "[";
  llvm::raw_string_ostream os(s);
  llvm::interleaveComma(shape, os);
  os << "]";
  return s;
}

std::string sluice::interp::describe(const Tensor &tensor) {
  return (getDTypeName(tensor.getDType()) + shapeString(tensor.getShape()))
      .str();
}

SmallVector<int64_t, 4> sluice::interp::getStrides(ArrayRef<int64_t> shape) {
  SmallVector<int64_t, 4> strides(shape.size(), 1);
  for (int64_t i = static_cast<int64_t>(shape.size()) - 2; i >= 0; --i)
    strides[i] = strides[i + 1] * shape[i + 1];
  return strides;
}

Tensor::Tensor() : dtype(DType::Float32), numElements(1) {
  static const std::shared_ptr<std::vector<char>> zero =
      std::make_shared<std::vector<char>>(sizeof(float));
  storage = zero;
}

/// Bytes of tensor storage alive (getLiveTensorBytes).
static std::atomic<int64_t> liveTensorBytes{0};

/// Zeroed storage of `bytes` bytes, counted in liveTensorBytes until its last
/// reference goes.
static std::shared_ptr<std::vector<char>> allocateStorage(int64_t bytes) {
  liveTensorBytes.fetch_add(bytes, std::memory_order_relaxed);
  return std::shared_ptr<std::vector<char>>(
      new std::vector<char>(bytes), [bytes](std::vector<char> *storage) {
        liveTensorBytes.fetch_sub(bytes, std::memory_order_relaxed);
        delete storage;
      });
}

int64_t sluice::interp::getLiveTensorBytes() {
  return liveTensorBytes.load(std::memory_order_relaxed);
}

static thread_local const MemoryLimitScope *innermostMemoryLimit = nullptr;

MemoryLimitScope::MemoryLimitScope(int64_t maxBytes)
    : maxBytes(maxBytes), liveAtStart(getLiveTensorBytes()),
      enclosing(innermostMemoryLimit) {
  innermostMemoryLimit = this;
}

MemoryLimitScope::~MemoryLimitScope() { innermostMemoryLimit = enclosing; }

const MemoryLimitScope *MemoryLimitScope::current() {
  return innermostMemoryLimit;
}

int64_t MemoryLimitScope::getUsedBytes() const {
  return std::max<int64_t>(getLiveTensorBytes() - liveAtStart, 0);
}

Tensor::Tensor(DType dtype, ArrayRef<int64_t> shape)
    : dtype(dtype), shape(shape), numElements(interp::getNumElements(shape)),
      storage(allocateStorage(std::max<int64_t>(numElements, 1) *
                              getDTypeSize(dtype))) {}

double Tensor::getAsDouble(int64_t index) const {
  return dispatchDType(dtype, [&](auto v) {
    return static_cast<double>(data<decltype(v)>()[index]);
  });
}

int64_t Tensor::getAsInt(int64_t index) const {
  return dispatchDType(dtype, [&](auto v) {
    return static_cast<int64_t>(data<decltype(v)>()[index]);
  });
}

Tensor Tensor::reshaped(ArrayRef<int64_t> newShape) const {
  assert(interp::getNumElements(newShape) == numElements &&
         "reshape must keep the element count");
  Tensor result = *this;
  result.shape.assign(newShape.begin(), newShape.end());
  return result;
}

bool Tensor::operator==(const Tensor &other) const {
  return dtype == other.dtype && shape == other.shape &&
         std::memcmp(storage->data(), other.storage->data(),
                     numElements * getDTypeSize(dtype)) == 0;
}
