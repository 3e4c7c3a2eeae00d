//===- LiteInterfaces.td - TFLite builtin op interface --------*- tablegen -*-===//
//
// Every lite op that maps onto a TFLite builtin operator implements
// TFLiteBuiltinOpInterface: the FlatBuffer import and export find an op's
// operator code and options table through it instead of a hand-written switch.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_LITE_IR_LITEINTERFACES_TD
#define SLUICE_DIALECT_LITE_IR_LITEINTERFACES_TD

include "mlir/IR/OpBase.td"

def Lite_TFLiteBuiltinOpInterface : OpInterface<"TFLiteBuiltinOpInterface"> {
  let cppNamespace = "::sluice::lite";
  let description = [{
    An op that is one TFLite builtin operator. The code and options member
    are class constants declared by the `TFLiteBuiltin<...>` trait of the op
    definition.
  }];
  let methods = [
    StaticInterfaceMethod<"The TFLite BuiltinOperator code of this op.",
      "::sluice::lite::BuiltinOperator", "getBuiltinOperator", (ins), [{}],
      [{ return ConcreteOp::kBuiltinOperator; }]>,
    StaticInterfaceMethod<
      "The BuiltinOptions union member carrying this op's attributes.",
      "::sluice::lite::BuiltinOptions", "getBuiltinOptions", (ins), [{}],
      [{ return ConcreteOp::kBuiltinOptions; }]>,
  ];
}

// Records the TFLite builtin `op` (a BuiltinOperator case) and its options
// table `options` (a BuiltinOptions case) on an op definition.
class TFLiteBuiltin<string op, string options>
    : NativeOpTrait<"TFLiteBuiltinTrait", [], [{
    static constexpr ::sluice::lite::BuiltinOperator kBuiltinOperator =
        ::sluice::lite::BuiltinOperator::}] # op # [{;
    static constexpr ::sluice::lite::BuiltinOptions kBuiltinOptions =
        ::sluice::lite::BuiltinOptions::}] # options # [{;
  }]> {
  let cppNamespace = "::sluice::lite";
}

#endif // SLUICE_DIALECT_LITE_IR_LITEINTERFACES_TD
