//===- KernelGroups.h - the kernel families behind evaluateLiteOp -*- C++
//-*-===//
//
// Internal to lib/Kernels. Each family evaluates the ops it knows and
// returns std::nullopt for any other op, so the dispatcher can ask them in
// turn. On a run-time error a family emits a diagnostic on the op and returns
// failure().
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_KERNELS_KERNELGROUPS_H
#define SLUICE_LIB_KERNELS_KERNELGROUPS_H

#include "sluice/Kernels/Tensor.h"

#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"

#include <optional>

namespace sluice::interp::detail {

using KernelFamily = std::optional<mlir::LogicalResult> (*)(
    mlir::Operation *op, llvm::ArrayRef<Tensor> operands,
    llvm::SmallVectorImpl<Tensor> &results);

/// constant, binary/unary elementwise, comparisons, logical ops, select_v2,
/// cast, zeros_like (ElementwiseKernels.cpp).
std::optional<mlir::LogicalResult>
evaluateElementwiseOp(mlir::Operation *op, llvm::ArrayRef<Tensor> operands,
                      llvm::SmallVectorImpl<Tensor> &results);

/// reshape, expand_dims, squeeze, concatenation, pack, unpack, slice,
/// strided_slice, dynamic_update_slice, gather, transpose, fill, range, shape
/// (ShapeKernels.cpp).
std::optional<mlir::LogicalResult>
evaluateShapeOp(mlir::Operation *op, llvm::ArrayRef<Tensor> operands,
                llvm::SmallVectorImpl<Tensor> &results);

/// sum, mean, reduce_max, fully_connected, batch_matmul
/// (ReductionKernels.cpp, LinalgKernels.cpp).
std::optional<mlir::LogicalResult>
evaluateReductionOp(mlir::Operation *op, llvm::ArrayRef<Tensor> operands,
                    llvm::SmallVectorImpl<Tensor> &results);
std::optional<mlir::LogicalResult>
evaluateLinalgOp(mlir::Operation *op, llvm::ArrayRef<Tensor> operands,
                 llvm::SmallVectorImpl<Tensor> &results);

/// list_reserve, list_set_item, list_get_item, list_gather, list_scatter,
/// list_length (ListKernels.cpp).
std::optional<mlir::LogicalResult>
evaluateListOp(mlir::Operation *op, llvm::ArrayRef<Tensor> operands,
               llvm::SmallVectorImpl<Tensor> &results);

/// Applies a TFLite fused activation function (the op's
/// `fused_activation_function` attribute, if any) to `tensor` in place.
/// `tensor` must not be shared yet. Fails with a diagnostic on `op` for an
/// activation TFLite's kernels do not implement (SIGN_BIT) or one that does
/// not apply to the tensor's dtype (TANH on integers, any on bool).
mlir::LogicalResult applyFusedActivation(mlir::Operation *op, Tensor &tensor);

} // namespace sluice::interp::detail

#endif // SLUICE_LIB_KERNELS_KERNELGROUPS_H
