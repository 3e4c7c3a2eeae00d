//===- LiteInterfaces.td - TFLite builtin op interface --------*- tablegen -*-===//
//
// Every lite op that maps onto a TFLite builtin operator implements
// TFLiteBuiltinOpInterface: the FlatBuffer import and export find an op's
// operator code, options table, operator version and minimum runtimes through
// it instead of hand-written switches. The versions are data on each op's
// record (TFLiteVersion rules and the runtime list, LiteOps.td).
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
    InterfaceMethod<[{
        The version of the builtin this op instance is written as: the first
        of the op's TFLiteVersion rules that holds, else 1.
      }],
      "int", "getOperatorVersion">,
    StaticInterfaceMethod<[{
        The oldest TFLite runtime with a kernel for each version of the
        builtin, version 1 first (TFLite's runtime_version.cc).
      }],
      "::llvm::ArrayRef<const char *>", "getRuntimeVersions">,
  ];
}

def Lite_GradientOpInterface : OpInterface<"GradientOpInterface"> {
  let cppNamespace = "::sluice::lite";
  let description = [{
    An op that reverse mode (`-lite-reverse-mode`) differentiates: given the
    gradient of a scalar loss with respect to each of its results, it builds
    the gradient with respect to each of its operands. Each op's rule is an
    external model in `lib/Dialect/Lite/IR/LiteGradients.cpp`, the one home
    of gradient rules; a new op adds its rule there.
  }];
  let methods = [
    InterfaceMethod<[{
        Builds, at `builder`'s insertion point, the gradient with respect to
        each operand into `operandGradients` (one entry per operand, null
        where none flows: an integer operand, a shape, an index), given
        `resultGradients` (one per result, typed as the result). The op's
        own operands and results may be used. Fails after a diagnostic on
        the op where the rule does not cover this instance (a fused
        activation, a broadcast of dynamic shapes, ...).
      }],
      "::mlir::LogicalResult", "buildGradient",
      (ins "::mlir::OpBuilder &":$builder,
           "::mlir::ValueRange":$resultGradients,
           "::llvm::SmallVectorImpl<::mlir::Value> &":$operandGradients)>,
    InterfaceMethod<[{
        Appends the operands and results whose values `buildGradient`
        reads, besides the result gradients (an add reads none, a product
        its operands, tanh its result, a list write its index). Reverse
        mode records and recomputes only what some rule reads.
      }],
      "void", "getGradientReads",
      (ins "::llvm::SmallVectorImpl<::mlir::Value> &":$reads)>,
  ];
}

// One rule of TFLite's versioning of a builtin (op_version.cc): version
// `version` when `condition` holds. `condition` is a C++ expression in a
// member function of the op; it may use the op's accessors, `in` (operand
// 0) and the helpers of sluice/Dialect/Lite/IR/TFLiteVersionRules.h.
class TFLiteVersion<int v, string cond> {
  int version = v;
  string condition = cond;
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
