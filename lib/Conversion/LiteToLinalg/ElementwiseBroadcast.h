//===- ElementwiseBroadcast.h - broadcasting elementwise loops --*- C++ -*-===//
//
// Internal to lib/Conversion/LiteToLinalg. Builds the tensor computation of
// an elementwise lite op from a function computing one result element from
// the operands' elements: plain scalar code when every tensor is rank 0,
// otherwise one linalg.generic over the numpy-broadcast result shape, with
// the run-time checks the op makes first (shapes that do not broadcast,
// operand elements the op rejects).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_CONVERSION_LITETONATIVE_ELEMENTWISEBROADCAST_H
#define SLUICE_LIB_CONVERSION_LITETONATIVE_ELEMENTWISEBROADCAST_H

#include "sluice/Conversion/LiteToLinalg/LiteToLinalg.h"

namespace sluice::lite_to_native {

/// Computes one result element from the elements of the operands (in operand
/// order, converted element types).
using ElementFn = llvm::function_ref<mlir::Value(
    mlir::OpBuilder &, mlir::Location, mlir::ValueRange)>;

/// An i1 that is true for an element value.
using ElementPredicate = llvm::function_ref<mlir::Value(
    mlir::OpBuilder &, mlir::Location, mlir::Value)>;

/// A run-time precondition on every element of one operand: when the result
/// has elements and `isInvalid` holds for any element of operand `operand`,
/// the status `code` is recorded. The element function must still compute a
/// harmless value for invalid elements.
struct OperandCheck {
  unsigned operand;
  ElementPredicate isInvalid;
  sluice_status code;
  llvm::StringRef message;
};

/// Builds the tensor of type `resultType` (converted) whose elements are
/// `compute` of the broadcast elements of `operands` (converted), after the
/// `checks`. Fails with an error on `op` for operands it cannot lower
/// (unranked ones).
mlir::FailureOr<mlir::Value>
buildElementwise(mlir::OpBuilder &builder, mlir::Operation *op,
                 mlir::ValueRange operands, mlir::Type resultType,
                 ElementFn compute, llvm::ArrayRef<OperandCheck> checks = {});

/// A tensor of `resultType` (ranked) filled with `value`, with the dynamic
/// sizes of `like` (a tensor of the same shape).
mlir::Value buildFilledLike(mlir::OpBuilder &builder, mlir::Location loc,
                            mlir::Value like, mlir::RankedTensorType resultType,
                            mlir::TypedAttr value);

} // namespace sluice::lite_to_native

#endif // SLUICE_LIB_CONVERSION_LITETONATIVE_ELEMENTWISEBROADCAST_H
