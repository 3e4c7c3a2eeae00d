//===- KernelUtils.h - helpers shared by the reference kernels --*- C++ -*-===//
//
// Internal to lib/Kernels. What several kernel families need alike: dtype
// dispatch restricted to numeric or float dtypes, integer arithmetic that
// wraps around, stepping a row-major multi-index, and the run-time checks of
// index operands, axes and result sizes. The checks emit a diagnostic on the
// op and fail, as the kernel families do.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_KERNELS_KERNELUTILS_H
#define SLUICE_LIB_KERNELS_KERNELUTILS_H

#include "sluice/Kernels/Tensor.h"
#include "sluice/Runtime/ResourceLimits.h"

#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"

#include <cassert>
#include <cstdint>
#include <limits>
#include <type_traits>

namespace sluice::interp::detail {

using sluice::kMaxElements;

//===----------------------------------------------------------------------===//
// Dtype dispatch
//===----------------------------------------------------------------------===//

/// dispatchDType restricted to the numeric dtypes (not bool): `fn` is never
/// instantiated for bool.
template <typename Fn> decltype(auto) dispatchNumeric(DType dtype, Fn &&fn) {
  using Result = decltype(fn(float{}));
  return dispatchDType(dtype, [&](auto tag) -> Result {
    if constexpr (std::is_same_v<decltype(tag), bool>)
      llvm_unreachable("bool is not numeric");
    else
      return fn(tag);
  });
}

/// dispatchDType restricted to the integer dtypes: `fn` is never
/// instantiated for bool or a float.
template <typename Fn> decltype(auto) dispatchInteger(DType dtype, Fn &&fn) {
  using Result = decltype(fn(int32_t{}));
  return dispatchDType(dtype, [&](auto tag) -> Result {
    using T = decltype(tag);
    if constexpr (std::is_same_v<T, bool> || std::is_floating_point_v<T>)
      llvm_unreachable("not an integer dtype");
    else
      return fn(tag);
  });
}

/// dispatchDType restricted to float32 and float64.
template <typename Fn> decltype(auto) dispatchFloat(DType dtype, Fn &&fn) {
  assert(isFloat(dtype) && "expected a float dtype");
  if (dtype == DType::Float64)
    return fn(double{});
  return fn(float{});
}

/// Whether `dtype` is one index operands may have: int32 or int64.
inline bool isIndexDType(DType dtype) {
  return dtype == DType::Int32 || dtype == DType::Int64;
}

//===----------------------------------------------------------------------===//
// Wrapping arithmetic
//===----------------------------------------------------------------------===//

/// Integer add/sub/mul/neg/abs/square overflow in TFLite's C++ (UB); here
/// they wrap around modulo 2^bits, computed in this unsigned type: wide
/// enough that the usual promotions cannot turn it back into a signed int.
template <typename T>
using WrapType = std::conditional_t<(sizeof(T) < sizeof(unsigned)), unsigned,
                                    std::make_unsigned_t<T>>;

template <typename T> T wrapAdd(T x, T y) {
  if constexpr (std::is_floating_point_v<T>)
    return x + y;
  else
    return static_cast<T>(static_cast<WrapType<T>>(x) +
                          static_cast<WrapType<T>>(y));
}

template <typename T> T wrapSub(T x, T y) {
  if constexpr (std::is_floating_point_v<T>)
    return x - y;
  else
    return static_cast<T>(static_cast<WrapType<T>>(x) -
                          static_cast<WrapType<T>>(y));
}

template <typename T> T wrapMul(T x, T y) {
  if constexpr (std::is_floating_point_v<T>)
    return x * y;
  else
    return static_cast<T>(static_cast<WrapType<T>>(x) *
                          static_cast<WrapType<T>>(y));
}

template <typename T> T wrapNeg(T x) {
  if constexpr (std::is_floating_point_v<T>)
    return -x;
  else
    return static_cast<T>(WrapType<T>(0) - static_cast<WrapType<T>>(x));
}

//===----------------------------------------------------------------------===//
// Row-major iteration
//===----------------------------------------------------------------------===//

/// Moves the multi-index `index` over `shape` on to the next element in
/// row-major order (last dimension fastest, like an odometer). For every
/// dimension d whose index changes, calls `move(d, delta)` with delta the
/// change: +1, or -(shape[d] - 1) where the index wraps around to 0. Callers
/// keep flat offsets in step by adding delta times their stride along d.
template <typename Fn>
void advanceIndex(llvm::MutableArrayRef<int64_t> index,
                  llvm::ArrayRef<int64_t> shape, Fn &&move) {
  for (int64_t dim = static_cast<int64_t>(shape.size()) - 1; dim >= 0; --dim) {
    if (++index[dim] < shape[dim]) {
      move(dim, int64_t(1));
      return;
    }
    move(dim, -(shape[dim] - 1));
    index[dim] = 0;
  }
}

//===----------------------------------------------------------------------===//
// Operand and result checks
//===----------------------------------------------------------------------===//

/// Reads an int32 or int64 tensor of rank 1 (or rank 0 too when
/// `allowScalar`) as int64 values. `what` names it in the error.
mlir::FailureOr<llvm::SmallVector<int64_t>>
readIndices(mlir::Operation *op, const Tensor &tensor, llvm::StringRef what,
            bool allowScalar = false);

/// Reads a shape operand (fill's dims, random_uniform's shape) with
/// readIndices and checks each entry non-negative and the element count at
/// most kMaxElements (checkedNumElements). `what` names it in the errors.
mlir::FailureOr<llvm::SmallVector<int64_t>>
readShape(mlir::Operation *op, const Tensor &tensor, llvm::StringRef what);

/// Checks `axis` against [-rank, rank) and returns it in [0, rank). `what`
/// names it in the error, which gives the rank.
mlir::FailureOr<int64_t> normalizeAxis(mlir::Operation *op, int64_t axis,
                                       int64_t rank, llvm::StringRef what);
/// The same for an axis of `tensor`; the error describes the tensor.
mlir::FailureOr<int64_t> normalizeAxis(mlir::Operation *op, int64_t axis,
                                       const Tensor &tensor,
                                       llvm::StringRef what);

/// The element count of `shape` (all sizes >= 0), or an error when it
/// exceeds kMaxElements.
mlir::FailureOr<int64_t> checkedNumElements(mlir::Operation *op,
                                            llvm::ArrayRef<int64_t> shape);

/// checkedNumElements, and an error when a tensor of `dtype` and `shape`
/// would take the run past its memory limit (MemoryLimitScope): to be called
/// before allocating a tensor whose size comes from run-time values.
mlir::FailureOr<int64_t> checkAllocation(mlir::Operation *op, DType dtype,
                                         llvm::ArrayRef<int64_t> shape);

} // namespace sluice::interp::detail

#endif // SLUICE_LIB_KERNELS_KERNELUTILS_H
