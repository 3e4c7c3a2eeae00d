//===- LiteExprBuilder.h - lite ops built from their operands ---*- C++ -*-===//
//
// The builder of the expressions over lite ops that elementwise op records
// state (LiteOps.td's Lite_Elementwise: `derivative`, `tfliteDecomposition`),
// which sluice-tblgen turns into calls of this class, one op per call in
// post-order. Each op's result type is its shape rule's (createInferred,
// TypeInference.h) with the operands' element type, i1 for comparisons and
// predicates; numbers and attributes become scalars of the builder's element
// type.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_LITE_IR_LITEEXPRBUILDER_H
#define SLUICE_DIALECT_LITE_IR_LITEEXPRBUILDER_H

#include "sluice/Dialect/Lite/IR/LiteOps.h"
#include "sluice/Dialect/Lite/IR/TypeInference.h"

#include "mlir/IR/Builders.h"

namespace sluice::lite {

class ExprBuilder {
public:
  /// Numbers become scalars of `element`.
  ExprBuilder(mlir::OpBuilder &builder, mlir::Location loc, mlir::Type element)
      : builder(builder), loc(loc), element(element) {}

  /// A scalar lite.constant of the element type (an integer type truncates
  /// `value` toward zero).
  mlir::Value constant(double value);
  /// A float or integer attribute of the op, as constant() of its value.
  mlir::Value attribute(mlir::Attribute value);

  template <typename OpT> mlir::Value unary(mlir::Value x) {
    return OpT::create(builder, loc, x.getType(), x);
  }
  template <typename OpT> mlir::Value predicate(mlir::Value x) {
    return OpT::create(builder, loc, withElement(x, builder.getI1Type()), x);
  }
  template <typename OpT> mlir::Value binary(mlir::Value lhs, mlir::Value rhs) {
    return shapes::createInferred<OpT>(builder, loc, elementOf(lhs), lhs, rhs);
  }
  template <typename OpT>
  mlir::Value binaryActivation(mlir::Value lhs, mlir::Value rhs) {
    return shapes::createInferred<OpT>(builder, loc, elementOf(lhs), lhs, rhs,
                                       ActivationFunctionType::NONE);
  }
  template <typename OpT>
  mlir::Value compare(mlir::Value lhs, mlir::Value rhs) {
    return shapes::createInferred<OpT>(builder, loc, builder.getI1Type(), lhs,
                                       rhs);
  }
  /// select_v2: the element type of the choices.
  template <typename OpT>
  mlir::Value select(mlir::Value condition, mlir::Value x, mlir::Value y) {
    return shapes::createInferred<OpT>(builder, loc, elementOf(x), condition, x,
                                       y);
  }

private:
  static mlir::Type elementOf(mlir::Value value);
  static mlir::Type withElement(mlir::Value value, mlir::Type element);

  mlir::OpBuilder &builder;
  mlir::Location loc;
  mlir::Type element;
};

} // namespace sluice::lite

#endif // SLUICE_DIALECT_LITE_IR_LITEEXPRBUILDER_H
