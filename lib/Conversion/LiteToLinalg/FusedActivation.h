//===- FusedActivation.h - lite's fused activation functions ----*- C++ -*-===//
//
// Internal to lib/Conversion/LiteToLinalg. The fused activation of the lite
// ops that carry one (the binary arithmetic ops, concatenation,
// fully_connected), with the semantics of the reference interpreter
// (applyFusedActivation in lib/Kernels/ElementwiseKernels.cpp):
//
//   NONE          x
//   RELU          x < 0 ? 0 : x
//   RELU_N1_TO_1  x < -1 ? -1 : x, then 1 < x ? 1 : x
//   RELU6         x < 0 ? 0 : x, then 6 < x ? 6 : x
//   TANH          tanh(x), floats only
//
// The clamps are TFLite's ActivationFunctionWithMinMax as compare and
// select, so NaN and -0.0 pass through unchanged. SIGN_BIT, which no TFLite
// kernel implements, TANH on integers and any activation on bool are
// rejected at compile time, as the interpreter rejects them for any values.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_CONVERSION_LITETONATIVE_FUSEDACTIVATION_H
#define SLUICE_LIB_CONVERSION_LITETONATIVE_FUSEDACTIVATION_H

#include "sluice/Dialect/Lite/IR/LiteDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"

namespace sluice::lite_to_native {

/// The `fused_activation_function` of `op`, NONE when it has none.
lite::ActivationFunctionType getFusedActivation(mlir::Operation *op);

/// Fails with the interpreter's error on `op` when `activation` cannot apply
/// to elements of type `element` (the converted, signless type, which the
/// diagnostic names): SIGN_BIT, any activation on bool, TANH on integers.
mlir::LogicalResult
checkFusedActivation(mlir::Operation *op,
                     lite::ActivationFunctionType activation,
                     mlir::Type element);

/// `x` (one element, of a converted signless type) with `activation`
/// applied; `isUnsigned` says the op's original element type is unsigned
/// (ui8). Unsigned elements compare as the interpreter's int64 does: never
/// below a lower bound <= 0. `activation` must have passed
/// checkFusedActivation.
mlir::Value applyFusedActivation(mlir::OpBuilder &builder, mlir::Location loc,
                                 lite::ActivationFunctionType activation,
                                 mlir::Value x, bool isUnsigned);

/// `result` with `bias` (if any; a vector along the last dimension) added
/// and `activation` applied, in place in one elementwise linalg.generic
/// (fully_connected, conv_2d, depthwise_conv_2d, the pools). `isUnsigned`
/// as for applyFusedActivation; `activation` must have passed
/// checkFusedActivation.
mlir::Value addBiasAndActivate(mlir::OpBuilder &builder, mlir::Location loc,
                               mlir::Value result, mlir::Value bias,
                               lite::ActivationFunctionType activation,
                               bool isUnsigned = false);

} // namespace sluice::lite_to_native

#endif // SLUICE_LIB_CONVERSION_LITETONATIVE_FUSEDACTIVATION_H
