//===- Kernels.h - reference kernels of the lite tensor ops -----*- C++ -*-===//
//
// One reference implementation per lite tensor op, following TFLite's
// semantics. Written to be obviously right, not fast: the interpreter that
// uses them is the oracle every other engine is compared with.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_KERNELS_KERNELS_H
#define SLUICE_KERNELS_KERNELS_H

#include "sluice/Kernels/Tensor.h"

#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"

#include <cstdint>

namespace sluice::interp {

/// Computes the results of the lite tensor op `op` (not lite.if/while/yield)
/// from the values of its operands. Run-time errors (an index out of range,
/// an integer division by zero, a shape that does not match the op's declared
/// result type, ...) are emitted as diagnostics on `op` and yield failure.
mlir::LogicalResult evaluateLiteOp(mlir::Operation *op,
                                   llvm::ArrayRef<Tensor> operands,
                                   llvm::SmallVectorImpl<Tensor> &results);

//===----------------------------------------------------------------------===//
// TensorFlow's random numbers (lib/Kernels/RandomKernels.cpp)
//===----------------------------------------------------------------------===//

/// TF's RandomUniform for float: output[i] is word i mod 4 of the block at
/// counter (blockOffset + i / 4, seed2) under key seed.
void fillRandomUniform(uint64_t seed, uint64_t seed2, uint64_t blockOffset,
                       llvm::MutableArrayRef<float> output);

/// lite.random_uniform on its shape operand, drawing from `blockOffset`.
/// The caller keeps the offset (the op's state) and moves it on by
/// lite::random::kBlocksReservedPerNumber per number drawn.
mlir::LogicalResult
evaluateRandomUniform(mlir::Operation *op, const Tensor &shape,
                      uint64_t blockOffset,
                      llvm::SmallVectorImpl<Tensor> &results);

} // namespace sluice::interp

#endif // SLUICE_KERNELS_KERNELS_H
