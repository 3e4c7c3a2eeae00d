//===- LiteTraits.h - traits of lite ops ------------------------*- C++ -*-===//
//
// BroadcastCompatible (numpy broadcasting of operand shapes) and
// TFLiteBuiltinTrait (carrier of an op's TFLite builtin code and options).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_LITE_IR_LITETRAITS_H
#define SLUICE_DIALECT_LITE_IR_LITETRAITS_H

#include "mlir/IR/OpDefinition.h"

namespace sluice::lite {

namespace detail {
/// Checks that the operand shapes of `op` broadcast like numpy and that its
/// single result has a shape compatible with the broadcast shape.
mlir::LogicalResult verifyBroadcastCompatible(mlir::Operation *op);
} // namespace detail

/// Operand shapes broadcast against each other; the result shape is
/// compatible with the broadcast shape.
template <typename ConcreteType>
class BroadcastCompatible
    : public mlir::OpTrait::TraitBase<ConcreteType, BroadcastCompatible> {
public:
  static mlir::LogicalResult verifyTrait(mlir::Operation *op) {
    return detail::verifyBroadcastCompatible(op);
  }
};

/// Marks an op as one TFLite builtin operator. The operator code and options
/// member are declared on the op class itself (kBuiltinOperator,
/// kBuiltinOptions) by the ODS `TFLiteBuiltin<...>` trait.
template <typename ConcreteType>
class TFLiteBuiltinTrait
    : public mlir::OpTrait::TraitBase<ConcreteType, TFLiteBuiltinTrait> {};

} // namespace sluice::lite

#endif // SLUICE_DIALECT_LITE_IR_LITETRAITS_H
