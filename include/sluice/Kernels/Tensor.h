//===- Tensor.h - tensor values of the reference kernels --------*- C++ -*-===//
//
// A dense tensor with a TFLite dtype, a static shape and row-major data, as
// the reference interpreter computes with. Tensors are immutable once built
// and share their storage, so copying one is cheap. Also the dtype tables,
// shape arithmetic and the way diagnostics print shapes and tensors.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_KERNELS_TENSOR_H
#define SLUICE_KERNELS_TENSOR_H

#include "mlir/IR/BuiltinAttributeInterfaces.h"
#include "mlir/IR/Types.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace sluice::interp {

/// The element types the interpreter computes with.
enum class DType { Bool, Int8, UInt8, Int32, Int64, Float32, Float64 };

/// "bool", "int8", ... "float64": the names used in JSON.
llvm::StringRef getDTypeName(DType dtype);
std::optional<DType> parseDTypeName(llvm::StringRef name);
/// The dtype of an MLIR element type, if the interpreter supports it.
std::optional<DType> getDType(mlir::Type elementType);
mlir::Type getElementType(DType dtype, mlir::MLIRContext *context);
/// Size in bytes of one element (bool takes one byte).
size_t getDTypeSize(DType dtype);
bool isFloat(DType dtype);

/// Calls `fn(T{})` with T the C++ type of `dtype` (bool is stored as bool).
template <typename Fn> decltype(auto) dispatchDType(DType dtype, Fn &&fn) {
  switch (dtype) {
  case DType::Bool:
    return fn(bool{});
  case DType::Int8:
    return fn(int8_t{});
  case DType::UInt8:
    return fn(uint8_t{});
  case DType::Int32:
    return fn(int32_t{});
  case DType::Int64:
    return fn(int64_t{});
  case DType::Float32:
    return fn(float{});
  case DType::Float64:
    return fn(double{});
  }
  llvm_unreachable("unknown dtype");
}

class Tensor {
public:
  /// A rank-0 float32 zero, sharing one storage with every other default
  /// tensor (control tokens carry one): constructing it does not allocate.
  Tensor();
  /// A zero-filled tensor.
  Tensor(DType dtype, llvm::ArrayRef<int64_t> shape);

  /// A tensor holding `values` (row-major), which must have as many elements
  /// as `shape` describes.
  template <typename T>
  static Tensor fromValues(DType dtype, llvm::ArrayRef<int64_t> shape,
                           llvm::ArrayRef<T> values) {
    Tensor result(dtype, shape);
    T *data = result.mutableData<T>();
    for (size_t i = 0, e = values.size(); i < e; ++i)
      data[i] = values[i];
    return result;
  }
  /// A list (TensorArray, TensorList) of `length` elements whose shape is
  /// not known yet: it was reserved without an element shape, and its first
  /// write gives the elements their shape (lib/Kernels/ListKernels.cpp).
  /// Until then it has shape [length] and reads as zeros.
  static Tensor pendingList(DType dtype, int64_t length) {
    Tensor result(dtype, {length});
    result.pendingElementShape = true;
    return result;
  }
  bool isPendingList() const { return pendingElementShape; }

  /// A rank-0 tensor.
  template <typename T> static Tensor scalar(DType dtype, T value) {
    return fromValues<T>(dtype, {}, llvm::ArrayRef<T>(value));
  }

  DType getDType() const { return dtype; }
  llvm::ArrayRef<int64_t> getShape() const { return shape; }
  int64_t getRank() const { return shape.size(); }
  int64_t getNumElements() const { return numElements; }

  /// Element i (row-major) of a tensor whose C++ element type is T.
  template <typename T> const T *data() const {
    return reinterpret_cast<const T *>(storage->data());
  }
  /// Writable data: only for a tensor still being built (not yet shared).
  template <typename T> T *mutableData() {
    return reinterpret_cast<T *>(storage->data());
  }
  template <typename T> llvm::ArrayRef<T> values() const {
    return llvm::ArrayRef<T>(data<T>(), numElements);
  }

  /// Element i converted to double / int64 (whatever the dtype).
  double getAsDouble(int64_t index) const;
  int64_t getAsInt(int64_t index) const;
  /// Sets element i to `value` static_cast to the C++ element type: only for
  /// a tensor still being built (not yet shared).
  template <typename V> void setElement(int64_t index, V value) {
    dispatchDType(dtype, [&](auto tag) {
      using T = decltype(tag);
      mutableData<T>()[index] = static_cast<T>(value);
    });
  }

  /// The same data under another shape with as many elements.
  Tensor reshaped(llvm::ArrayRef<int64_t> newShape) const;

  /// Bitwise equality of dtype, shape and data.
  bool operator==(const Tensor &other) const;

private:
  DType dtype;
  llvm::SmallVector<int64_t, 4> shape;
  int64_t numElements;
  std::shared_ptr<std::vector<char>> storage;
  bool pendingElementShape = false;
};

/// The bytes of tensor data alive in this process: every Tensor's storage
/// (shared storage once), from its allocation to the release of its last
/// reference. The interpreter's memory limit (--max-memory) reads it.
int64_t getLiveTensorBytes();

/// The memory limit of the run on this thread: while one is in scope, the
/// tensors created since it began may hold at most `maxBytes` bytes at once.
/// The interpreter opens one per run; kernels consult it before allocating
/// a tensor whose size comes from run-time values (checkAllocation in
/// lib/Kernels) and the interpreter after each op.
class MemoryLimitScope {
public:
  explicit MemoryLimitScope(int64_t maxBytes);
  ~MemoryLimitScope();
  MemoryLimitScope(const MemoryLimitScope &) = delete;
  MemoryLimitScope &operator=(const MemoryLimitScope &) = delete;

  /// The innermost scope of this thread, or null.
  static const MemoryLimitScope *current();
  int64_t getMaxBytes() const { return maxBytes; }
  /// The bytes of tensors alive now that were created since the scope began
  /// (0 when more were released than created).
  int64_t getUsedBytes() const;

private:
  int64_t maxBytes;
  int64_t liveAtStart;
  const MemoryLimitScope *enclosing;
};

/// Strides (in elements) of a row-major tensor of `shape`.
llvm::SmallVector<int64_t, 4> getStrides(llvm::ArrayRef<int64_t> shape);
/// Product of the dimensions.
int64_t getNumElements(llvm::ArrayRef<int64_t> shape);
/// Whether `shape` fits `declared`: same rank, and every size equal to the
/// declared one unless that is dynamic (mlir::ShapedType::kDynamic).
bool fitsShape(llvm::ArrayRef<int64_t> shape, llvm::ArrayRef<int64_t> declared);

/// "[2, 3]": a shape as diagnostics print it.
std::string shapeString(llvm::ArrayRef<int64_t> shape);
/// "int32[2, 3]": a tensor's dtype and shape as diagnostics print them.
std::string describe(const Tensor &tensor);

} // namespace sluice::interp

#endif // SLUICE_KERNELS_TENSOR_H
