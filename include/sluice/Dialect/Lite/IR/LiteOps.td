//===- LiteOps.td - lite tensor ops ---------------------------*- tablegen -*-===//
//
// The tensor ops of the lite dialect, one record per op with its TFLite
// builtin code and options table. Control flow (lite.if, lite.while,
// lite.yield) lives in LiteControlFlowOps.td.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_LITE_IR_LITEOPS_TD
#define SLUICE_DIALECT_LITE_IR_LITEOPS_TD

include "sluice/Dialect/Lite/IR/LiteDialect.td"
include "sluice/Dialect/Lite/IR/LiteInterfaces.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

class Lite_Op<string mnemonic, list<Trait> traits = []>
    : Op<Lite_Dialect, mnemonic, traits>;

// An op that is exactly one TFLite builtin operator. Its versioning is data
// on the record: `tfliteVersions`, tried in order (version 1 when none
// holds), and `tfliteRuntimes`, the oldest runtime of each version. With
// `op` empty the op has no builtin (an elementwise record then says how it
// is exported: `tfliteDecomposition` or `tfliteRefusal`).
class Lite_BuiltinOp<string mnemonic, string op, string options,
                     list<Trait> traits = []>
    : Lite_Op<mnemonic, !listconcat(traits, !if(!empty(op), [], [
        TFLiteBuiltin<op, options>, Lite_TFLiteBuiltinOpInterface]))> {
  list<TFLiteVersion> tfliteVersions = [];
  list<string> tfliteRuntimes = [];
  // The builtin's name, for sluice-tblgen's op table.
  string tfliteBuiltin = op;
  let extraClassDeclaration = [{
    int getOperatorVersion() {
      using namespace ::sluice::lite::version_rules;
      ::mlir::Operation *op = getOperation();
      if (op->getNumOperands() == 0)
        return 1;
      [[maybe_unused]] ::mlir::Value in = op->getOperand(0);
  }] # !interleave(!foreach(rule, tfliteVersions,
          "    if (" # rule.condition # ") return " # rule.version # ";\n"),
        "") # [{
      return 1;
    }
    static ::llvm::ArrayRef<const char *> getRuntimeVersions() {
  }] # !if(!empty(tfliteRuntimes), "    return {};\n",
        "    static const char *const versions[] = {" #
        !interleave(!foreach(r, tfliteRuntimes, "\"" # r # "\""), ", ") #
        "};\n    return versions;\n") # [{
    }
  }];
}

// Shared versioning rules.
defvar kI8 = "isOf(in, {Element::i8})";
defvar kI16 = "isOf(in, {Element::i16})";
defvar kBroadcast5D = "broadcastsBeyond4D(op)";

// Operand shapes broadcast against each other like numpy (and TFLite), and
// the result shape is compatible with the broadcast shape.
// The op's result shape rule, in lib/Dialect/Lite/IR/TypeInference.cpp (used
// by its verifier, -lite-infer-shapes and the importers).
def Lite_ShapeRule : DeclareOpInterfaceMethods<InferShapedTypeOpInterface,
                                               ["inferReturnTypeComponents"]>;

def Lite_BroadcastCompatible : NativeOpTrait<"BroadcastCompatible"> {
  let cppNamespace = "::sluice::lite";
}

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

def Lite_ConstantOp : Lite_Op<"constant", [
    ConstantLike, Pure, AllTypesMatch<["value", "output"]>]> {
  let summary = "a constant tensor";
  let description = [{
    Produces `value`. TFLite has no constant operator: on export a constant
    becomes a tensor with a buffer.

    ```mlir
    %c = lite.constant dense<[1, 2]> : tensor<2xi32>
    ```
  }];
  let arguments = (ins ElementsAttr:$value);
  let results = (outs Lite_Tensor:$output);
  let assemblyFormat = "attr-dict $value";
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Elementwise op records
//===----------------------------------------------------------------------===//

// What every layer needs of an elementwise op, stated once on its record;
// sluice-tblgen (tools/sluice-tblgen/LiteElementwiseGen.cpp) generates each
// layer's code from these fields. A record with `scalar` empty has its
// kernel, lowering and gradient written by hand. In the expressions, `x` is
// the (first) operand's element, `y` the second's.
class Lite_Elementwise {
  // The TensorFlow ops that import as this op (same operands; attributes
  // of the same names as the op's): rows of the GraphDef importer's table.
  list<string> tfOps = [];
  // The element types the reference kernel computes on: "float" (f16, f32,
  // f64), "numeric" (those and the integers), "integer", "bool" or "any"
  // (a comparison's).
  string kernelTypes = "float";
  // The reference kernel: a C++ expression of `x` (and `y`) of type T and
  // the op `op` (lib/Kernels/ElementwiseKernels.cpp's helpers, <cmath>).
  code scalar = "";
  // What a numeric binary op's kernel checks of its integer operands before
  // computing, as TF does, and its lowering at run time: "nonzeroDivisor"
  // (TF's "Integer division by zero") or "nonnegativeExponent" (integer
  // pow). A record with a fused activation applies it after `scalar` /
  // `lowering`; its gradient refuses one other than NONE.
  string kernelCheck = "";
  // The native lowering: a C++ expression building one element from `x`
  // (and `y`) with ElementMath `m`, OpBuilder `b`, Location `loc` and the
  // op `op` (lib/Conversion/LiteToLinalg/ElementwisePatterns.cpp).
  code lowering = "";
  // How closely every engine must agree with TF on it (test/tf/tfcorpus.py's
  // TOLERANCES: "exact", or "transcendental" where libm, Eigen and LiteRT
  // approximate differently).
  string tfTolerance = "exact";
  // The gradient rule: the (first) operand's gradient as an expression over
  // lite ops (by mnemonic) of `x`, `y`, `out` (the result), `g` (the
  // result's gradient) and numbers; empty when the op has no gradient.
  string derivative = "";
  // A binary op's second operand's gradient, the same way.
  string rhsDerivative = "";
  // For an op without a TFLite builtin: the same value as an expression
  // over lite ops that have one (numbers are scalars of x's element type),
  // applied by -lite-decompose-for-tflite ...
  string tfliteDecomposition = "";
  // ... or why it cannot be exported, for the exporter's diagnostic.
  string tfliteRefusal = "";
  // Set when the builtin's LiteRT kernel does not broadcast (it reads past
  // an operand of another shape): -lite-decompose-for-tflite broadcasts
  // the operands first, exactly (x * (zeros_like(y) + 1)).
  bit tfliteSameShapes = 0;
}

//===----------------------------------------------------------------------===//
// Binary elementwise ops (numpy broadcasting)
//===----------------------------------------------------------------------===//

class Lite_BinaryOp<string mnemonic, string op, string options, Type type,
                    string semantics>
    : Lite_BuiltinOp<mnemonic, op, options, [
        Pure, Lite_BroadcastCompatible, SameOperandsAndResultElementType]>,
      Lite_Elementwise {
  let summary = "elementwise " # !subst("the ", "", semantics);
  let description = [{
    Computes }] # semantics # [{ of `lhs` and `rhs` elementwise; shapes
    broadcast like numpy.

    ```mlir
    %r = lite.}] # mnemonic # [{ %a, %b : (tensor<2x3xT>, tensor<3xT>) -> tensor<2x3xT>
    ```
  }];
  let arguments = (ins type:$lhs, type:$rhs);
  let results = (outs type:$output);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` functional-type(operands, results)
  }];
}

// A binary op that also carries TFLite's fused activation function, applied
// to its result.
class Lite_BinaryActivationOp<string mnemonic, string op, string options,
                              Type type, string semantics>
    : Lite_BinaryOp<mnemonic, op, options, type, semantics> {
  let arguments = (ins type:$lhs, type:$rhs,
                       Lite_FusedActivation:$fused_activation_function);
  let description = [{
    Computes }] # semantics # [{ of `lhs` and `rhs` elementwise; shapes
    broadcast like numpy. `fused_activation_function` (NONE unless given) is
    applied to the result.

    ```mlir
    %r = lite.}] # mnemonic # [{ %a, %b {fused_activation_function = #lite.activation<RELU>}
        : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    ```
  }];
}

def Lite_AddOp : Lite_BinaryActivationOp<"add", "ADD", "AddOptions",
    Lite_NumericTensor, "the sum"> {
  let tfOps = ["Add", "AddV2"];
  let kernelTypes = "numeric";
  let scalar = [{ wrapAdd(x, y) }];
  let lowering = [{ m.add(x, y) }];
  let derivative = "g";
  let rhsDerivative = "g";
  let tfliteVersions = [
    TFLiteVersion<6, "isOf(in, {Element::f16})">,
    TFLiteVersion<5, kI16>,
    TFLiteVersion<4, "isOf(in, {Element::i64})">,
    TFLiteVersion<2, kI8>];
  let tfliteRuntimes = ["1.5.0", "1.14.0", "2.4.0", "2.6.0", "2.13.0", "2.23.0"];
}
def Lite_SubOp : Lite_BinaryActivationOp<"sub", "SUB", "SubOptions",
    Lite_NumericTensor, "the difference"> {
  let tfOps = ["Sub"];
  let kernelTypes = "numeric";
  let scalar = [{ wrapSub(x, y) }];
  let lowering = [{ m.sub(x, y) }];
  let derivative = "g";
  let rhsDerivative = "neg(g)";
  let tfliteVersions = [
    TFLiteVersion<4, "isOf(in, {Element::i64})">,
    TFLiteVersion<3, kBroadcast5D>,
    TFLiteVersion<2, kI8>];
  let tfliteRuntimes = ["1.6.0", "1.14.0", "2.3.0", "2.4.0", "2.4.0"];
}
def Lite_MulOp : Lite_BinaryActivationOp<"mul", "MUL", "MulOptions",
    Lite_NumericTensor, "the product"> {
  let tfOps = ["Mul"];
  let kernelTypes = "numeric";
  let scalar = [{ wrapMul(x, y) }];
  let lowering = [{ m.mul(x, y) }];
  let derivative = "mul(g, y)";
  let rhsDerivative = "mul(g, x)";
  let tfliteVersions = [
    TFLiteVersion<8, "isOf(in, {Element::f16})">,
    TFLiteVersion<7, kI16>,
    TFLiteVersion<5, "isOf(in, {Element::i64})">,
    TFLiteVersion<2, kI8>];
  let tfliteRuntimes = ["1.5.0", "1.14.0", "1.15.0", "2.3.0", "2.6.0", "2.11.0", "2.13.0", "2.23.0"];
}
def Lite_DivOp : Lite_BinaryActivationOp<"div", "DIV", "DivOptions",
    Lite_NumericTensor,
    "the quotient (integer division rounds toward zero)"> {
  // Its gradient is written by hand (LiteGradients.cpp): it reuses g / y.
  let tfOps = ["Div", "RealDiv"];
  let kernelTypes = "numeric";
  let kernelCheck = "nonzeroDivisor";
  let scalar = [{ truncDiv(x, y) }];
  let lowering = [{ m.div(x, y) }];
  let tfliteVersions = [
    TFLiteVersion<2, kBroadcast5D>];
  let tfliteRuntimes = ["1.6.0", "2.3.0"];
}
def Lite_FloorDivOp : Lite_BinaryOp<"floor_div", "FLOOR_DIV",
    "FloorDivOptions", Lite_NumericTensor,
    "the quotient rounded toward negative infinity"> {
  let tfOps = ["FloorDiv"];
  let kernelTypes = "numeric";
  let kernelCheck = "nonzeroDivisor";
  let scalar = [{ floorDiv(x, y) }];
  let lowering = [{ m.floorDiv(x, y) }];
  let tfliteVersions = [
    TFLiteVersion<3, "isOf(in, {Element::i8, Element::i16})">,
    TFLiteVersion<2, "isOf(in, {Element::f32})">];
  let tfliteRuntimes = ["1.14.0", "1.14.0", "2.13.0"];
}
def Lite_FloorModOp : Lite_BinaryOp<"floor_mod", "FLOOR_MOD",
    "FloorModOptions", Lite_NumericTensor,
    "the remainder with the sign of the divisor"> {
  let tfOps = ["FloorMod"];
  let kernelTypes = "numeric";
  let kernelCheck = "nonzeroDivisor";
  let scalar = [{ floorMod(x, y) }];
  let lowering = [{ m.floorMod(x, y) }];
  let tfliteVersions = [
    TFLiteVersion<2, "isOf(in, {Element::i8, Element::i16})">];
  let tfliteRuntimes = ["1.13.0", "2.13.0"];
}
def Lite_PowOp : Lite_BinaryOp<"pow", "POW", "PowOptions",
    Lite_NumericTensor, "`lhs` raised to the power `rhs`"> {
  let tfOps = ["Pow"];
  let kernelTypes = "numeric";
  let kernelCheck = "nonnegativeExponent";
  let tfTolerance = "transcendental";
  let scalar = [{ power(x, y) }];
  let lowering = [{ m.pow(x, y) }];
  let tfliteRuntimes = ["1.10.0"];
}
def Lite_MaximumOp : Lite_BinaryOp<"maximum", "MAXIMUM",
    "MaximumMinimumOptions", Lite_NumericTensor, "the maximum"> {
  let tfOps = ["Maximum"];
  let kernelTypes = "numeric";
  let scalar = [{ maximum(x, y) }];
  let lowering = [{ m.maximum(x, y) }];
  let tfliteVersions = [
    TFLiteVersion<4, kI16>,
    TFLiteVersion<3, kBroadcast5D>,
    TFLiteVersion<2, kI8>];
  let tfliteRuntimes = ["1.14.0", "1.14.0", "2.3.0", "2.3.0"];
}
def Lite_MinimumOp : Lite_BinaryOp<"minimum", "MINIMUM",
    "MaximumMinimumOptions", Lite_NumericTensor, "the minimum"> {
  let tfOps = ["Minimum"];
  let kernelTypes = "numeric";
  let scalar = [{ minimum(x, y) }];
  let lowering = [{ m.minimum(x, y) }];
  let tfliteVersions = [
    TFLiteVersion<4, kI16>,
    TFLiteVersion<3, kBroadcast5D>,
    TFLiteVersion<2, kI8>];
  let tfliteRuntimes = ["1.14.0", "1.14.0", "2.3.0", "2.3.0"];
}
def Lite_LogicalAndOp : Lite_BinaryOp<"logical_and", "LOGICAL_AND",
    "LogicalAndOptions", Lite_BoolTensor, "the logical and"> {
  let tfOps = ["LogicalAnd"];
  let kernelTypes = "bool";
  let scalar = [{ x && y }];
  let lowering = [{ arith::AndIOp::create(b, loc, x, y) }];
  let tfliteRuntimes = ["1.11.0"];
}
def Lite_LogicalOrOp : Lite_BinaryOp<"logical_or", "LOGICAL_OR",
    "LogicalOrOptions", Lite_BoolTensor, "the logical or"> {
  let tfOps = ["LogicalOr"];
  let kernelTypes = "bool";
  let scalar = [{ x || y }];
  let lowering = [{ arith::OrIOp::create(b, loc, x, y) }];
  let tfliteRuntimes = ["1.11.0"];
}

def Lite_DivNoNanOp : Lite_BinaryOp<"div_no_nan", "", "NONE",
    Lite_FloatTensor, "the quotient, 0 where `rhs` is 0"> {
  let tfOps = ["DivNoNan"];
  let scalar = [{ y == T(0) ? T(0) : x / y }];
  let lowering = [{
    m.select(m.compare(Relation::Equal, y, m.constant(0)), m.constant(0), m.div(x, y))
  }];
  let derivative = "div_no_nan(g, y)";
  let rhsDerivative = "mul(g, div_no_nan(div_no_nan(neg(x), y), y))";
  let tfliteDecomposition = "select_v2(equal(y, 0), 0, div(x, y))";
}
def Lite_TruncateDivOp : Lite_BinaryOp<"truncate_div", "", "NONE",
    Lite_NumericTensor, "the quotient rounded toward zero (floats too)"> {
  let tfOps = ["TruncateDiv"];
  let kernelTypes = "numeric";
  let kernelCheck = "nonzeroDivisor";
  let scalar = [{ [&] {
    if constexpr (std::is_floating_point_v<T>)
      return std::trunc(x / y);
    else
      return truncDiv(x, y);
  }() }];
  let lowering = [{ m.kind.isFloat
      ? Value(math::TruncOp::create(b, loc, m.div(x, y))) : m.div(x, y) }];
  let tfliteRefusal = "LiteRT 2.3's schema has no TRUNCATE_DIV builtin";
}
def Lite_TruncateModOp : Lite_BinaryOp<"truncate_mod", "", "NONE",
    Lite_NumericTensor, "the remainder with the sign of the dividend (C's "
    "% and fmod)"> {
  let tfOps = ["TruncateMod", "Mod"];
  let kernelTypes = "numeric";
  let kernelCheck = "nonzeroDivisor";
  let scalar = [{ [&] {
    if constexpr (std::is_floating_point_v<T>)
      return std::fmod(x, y);
    else
      return truncRem(x, y);
  }() }];
  let lowering = [{ m.rem(x, y) }];
  let tfliteRefusal = "LiteRT 2.3's schema has no TRUNCATE_MOD builtin";
}
def Lite_XlogyOp : Lite_BinaryOp<"xlogy", "", "NONE", Lite_FloatTensor,
    "lhs * log(rhs), 0 where lhs is 0"> {
  let tfTolerance = "transcendental";
  let tfOps = ["Xlogy"];
  let scalar = [{ x == T(0) ? T(0) : x * std::log(y) }];
  let lowering = [{
    m.select(m.compare(Relation::Equal, x, m.constant(0)), m.constant(0),
             m.mul(x, math::LogOp::create(b, loc, y)))
  }];
  let derivative = "mul(g, select_v2(equal(x, 0), 0, log(y)))";
  let rhsDerivative = "mul(g, xdivy(x, y))";
  let tfliteDecomposition = "select_v2(equal(x, 0), 0, mul(x, log(y)))";
}
def Lite_XdivyOp : Lite_BinaryOp<"xdivy", "", "NONE", Lite_FloatTensor,
    "lhs / rhs, 0 where lhs is 0"> {
  let tfOps = ["Xdivy"];
  let scalar = [{ x == T(0) ? T(0) : x / y }];
  let lowering = [{
    m.select(m.compare(Relation::Equal, x, m.constant(0)), m.constant(0),
             m.div(x, y))
  }];
  let derivative = "mul(g, select_v2(equal(x, 0), 0, div(1, y)))";
  let rhsDerivative = "mul(g, xdivy(neg(x), square(y)))";
  let tfliteDecomposition = "select_v2(equal(x, 0), 0, div(x, y))";
}
def Lite_Xlog1pyOp : Lite_BinaryOp<"xlog1py", "", "NONE", Lite_FloatTensor,
    "lhs * log1p(rhs), 0 where lhs is 0"> {
  let tfTolerance = "transcendental";
  let tfOps = ["Xlog1py"];
  let scalar = [{ x == T(0) ? T(0) : x * std::log1p(y) }];
  let lowering = [{
    m.select(m.compare(Relation::Equal, x, m.constant(0)), m.constant(0),
             m.mul(x, math::Log1pOp::create(b, loc, y)))
  }];
  let derivative = "mul(g, select_v2(equal(x, 0), 0, log1p(y)))";
  let rhsDerivative = "mul(g, xdivy(x, add(y, 1)))";
  let tfliteRefusal = "LiteRT 2.3's schema has no LOG1P builtin, and "
                      "log(1 + y) from builtins loses the digits of small y";
}
def Lite_SquaredDifferenceOp : Lite_BinaryOp<"squared_difference",
    "SQUARED_DIFFERENCE", "SquaredDifferenceOptions", Lite_NumericTensor,
    "(lhs - rhs)^2"> {
  let tfOps = ["SquaredDifference"];
  let kernelTypes = "numeric";
  let scalar = [{ wrapMul(wrapSub(x, y), wrapSub(x, y)) }];
  let lowering = [{ m.mul(m.sub(x, y), m.sub(x, y)) }];
  let derivative = "mul(mul(2, g), sub(x, y))";
  let rhsDerivative = "neg(mul(mul(2, g), sub(x, y)))";
  let tfliteVersions = [
    TFLiteVersion<2, kI8>];
  let tfliteRuntimes = ["1.13.1", "2.5.0"];
}
def Lite_BitwiseAndOp : Lite_BinaryOp<"bitwise_and", "", "NONE",
    Lite_IntegerTensor, "the bitwise and"> {
  let tfOps = ["BitwiseAnd"];
  let kernelTypes = "integer";
  let scalar = [{ x & y }];
  let lowering = [{ arith::AndIOp::create(b, loc, x, y) }];
  let tfliteRefusal = "LiteRT 2.3's schema has no BITWISE_AND builtin, and "
                      "no builtins compute it exactly";
}
def Lite_BitwiseOrOp : Lite_BinaryOp<"bitwise_or", "", "NONE",
    Lite_IntegerTensor, "the bitwise or"> {
  let tfOps = ["BitwiseOr"];
  let kernelTypes = "integer";
  let scalar = [{ x | y }];
  let lowering = [{ arith::OrIOp::create(b, loc, x, y) }];
  let tfliteRefusal = "LiteRT 2.3's schema has no BITWISE_OR builtin, and "
                      "no builtins compute it exactly";
}
def Lite_BitwiseXorOp : Lite_BinaryOp<"bitwise_xor", "BITWISE_XOR", "NONE",
    Lite_IntegerTensor, "the bitwise exclusive or"> {
  let tfOps = ["BitwiseXor"];
  let kernelTypes = "integer";
  let scalar = [{ x ^ y }];
  let lowering = [{ arith::XOrIOp::create(b, loc, x, y) }];
}
def Lite_LeftShiftOp : Lite_BinaryOp<"left_shift", "", "NONE",
    Lite_IntegerTensor,
    "`lhs` shifted left by `rhs` clamped to [0, bits - 1] (wrapping)"> {
  let tfOps = ["LeftShift"];
  let kernelTypes = "integer";
  let scalar = [{ WrapType<T>(x) << shiftAmount(y) }];
  let lowering = [{ arith::ShLIOp::create(b, loc, x, m.shiftAmount(y)) }];
  let tfliteRefusal = "LiteRT 2.3's schema has no LEFT_SHIFT builtin, and "
                      "no builtins compute a wrapping shift exactly";
}
def Lite_RightShiftOp : Lite_BinaryOp<"right_shift", "RIGHT_SHIFT", "NONE",
    Lite_IntegerTensor,
    "`lhs` shifted right (arithmetically if signed) by `rhs` clamped to "
    "[0, bits - 1]"> {
  let tfOps = ["RightShift"];
  let kernelTypes = "integer";
  let scalar = [{ x >> shiftAmount(y) }];
  let lowering = [{
    m.kind.isUnsigned
        ? Value(arith::ShRUIOp::create(b, loc, x, m.shiftAmount(y)))
        : Value(arith::ShRSIOp::create(b, loc, x, m.shiftAmount(y)))
  }];
}
def Lite_Atan2Op : Lite_BinaryOp<"atan2", "ATAN2", "NONE", Lite_FloatTensor,
    "atan(lhs / rhs) in the quadrant of (rhs, lhs) (TF's Atan2(y, x): "
    "lhs is y)"> {
  let tfTolerance = "transcendental";
  let tfOps = ["Atan2"];
  let scalar = [{ std::atan2(x, y) }];
  let lowering = [{ math::Atan2Op::create(b, loc, x, y) }];
  let derivative = "mul(y, div(g, add(mul(x, x), mul(y, y))))";
  let rhsDerivative = "neg(mul(x, div(g, add(mul(x, x), mul(y, y)))))";
  let tfliteSameShapes = 1;
  let tfliteRuntimes = ["2.10.0"];
}

//===----------------------------------------------------------------------===//
// Comparisons (numpy broadcasting, boolean result)
//===----------------------------------------------------------------------===//

class Lite_CompareOp<string mnemonic, string op, string options,
                     string relation>
    : Lite_BuiltinOp<mnemonic, op, options, [
        Pure, Lite_BroadcastCompatible, AllElementTypesMatch<["lhs", "rhs"]>]>,
      Lite_Elementwise {
  // Any element type; C++'s and arith's relation (NaN compares unequal).
  let kernelTypes = "any";
  let scalar = "x " # relation # " y";
  let summary = "elementwise `lhs " # relation # " rhs`";
  let description = [{
    True where `lhs }] # relation # [{ rhs`; shapes broadcast like numpy.

    ```mlir
    %p = lite.}] # mnemonic # [{ %a, %b : (tensor<4xf32>, tensor<f32>) -> tensor<4xi1>
    ```
  }];
  let arguments = (ins Lite_Tensor:$lhs, Lite_Tensor:$rhs);
  let results = (outs Lite_BoolTensor:$output);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` functional-type(operands, results)
  }];
  // Two constants of the same shape (or two splats) with a static result
  // fold, so that an if on a constant comparison goes away.
  let hasFolder = 1;
}

def Lite_LessOp : Lite_CompareOp<"less", "LESS", "LessOptions", "<"> {
  let tfOps = ["Less"];
  let lowering = [{ m.compare(Relation::Less, x, y) }];
  let tfliteVersions = [
    TFLiteVersion<3, kI16>,
    TFLiteVersion<2, kI8>];
  let tfliteRuntimes = ["1.14.0", "1.14.0", "2.13.0"];
}
def Lite_LessEqualOp : Lite_CompareOp<"less_equal", "LESS_EQUAL",
    "LessEqualOptions", "<="> {
  let tfOps = ["LessEqual"];
  let lowering = [{ m.compare(Relation::LessEqual, x, y) }];
  let tfliteVersions = [
    TFLiteVersion<2, kI8>];
  let tfliteRuntimes = ["1.14.0", "1.14.0"];
}
def Lite_GreaterOp : Lite_CompareOp<"greater", "GREATER", "GreaterOptions",
    ">"> {
  let tfOps = ["Greater"];
  let lowering = [{ m.compare(Relation::Greater, x, y) }];
  let tfliteVersions = [
    TFLiteVersion<2, kI8>];
  let tfliteRuntimes = ["1.14.0", "1.14.0"];
}
def Lite_GreaterEqualOp : Lite_CompareOp<"greater_equal", "GREATER_EQUAL",
    "GreaterEqualOptions", ">="> {
  let tfOps = ["GreaterEqual"];
  let lowering = [{ m.compare(Relation::GreaterEqual, x, y) }];
  let tfliteVersions = [
    TFLiteVersion<3, kI16>,
    TFLiteVersion<2, kI8>];
  let tfliteRuntimes = ["1.14.0", "1.14.0", "2.13.0"];
}
def Lite_EqualOp : Lite_CompareOp<"equal", "EQUAL", "EqualOptions", "=="> {
  let tfOps = ["Equal"];
  let lowering = [{ m.compare(Relation::Equal, x, y) }];
  let tfliteVersions = [
    TFLiteVersion<5, kI16>,
    TFLiteVersion<2, kI8>];
  let tfliteRuntimes = ["1.14.0", "1.14.0", "2.3.0", "2.13.0", "2.21.0"];
}
def Lite_NotEqualOp : Lite_CompareOp<"not_equal", "NOT_EQUAL",
    "NotEqualOptions", "!="> {
  let tfOps = ["NotEqual"];
  let lowering = [{ m.compare(Relation::NotEqual, x, y) }];
  let tfliteVersions = [
    TFLiteVersion<4, kI16>,
    TFLiteVersion<2, kI8>];
  let tfliteRuntimes = ["1.14.0", "1.14.0", "2.3.0", "2.21.0"];
}

//===----------------------------------------------------------------------===//
// Unary elementwise ops
//===----------------------------------------------------------------------===//

// A unary elementwise op (Lite_Elementwise: its facts beyond ODS).
class Lite_UnaryOp<string mnemonic, string op, string options, Type type,
                   string semantics>
    : Lite_BuiltinOp<mnemonic, op, options, [Pure, SameOperandsAndResultType]>,
      Lite_Elementwise {
  let summary = "elementwise " # !subst("the ", "", semantics);
  let description = [{
    Computes }] # semantics # [{ of every element of `input`.

    ```mlir
    %r = lite.}] # mnemonic # [{ %x : tensor<4xf32>
    ```
  }];
  let arguments = (ins type:$input);
  let results = (outs type:$output);
  let assemblyFormat = "$input attr-dict `:` type($output)";
}

def Lite_NegOp : Lite_UnaryOp<"neg", "NEG", "NegOptions", Lite_SignedTensor,
    "the negation"> {
  let tfOps = ["Neg"];
  let kernelTypes = "numeric";
  let scalar = [{ wrapNeg(x) }];
  let lowering = [{ m.neg(x) }];
  let derivative = "neg(g)";
  let tfliteRuntimes = ["1.9.0"];
}
def Lite_AbsOp : Lite_UnaryOp<"abs", "ABS", "AbsOptions", Lite_SignedTensor,
    "the absolute value"> {
  let tfOps = ["Abs"];
  let kernelTypes = "numeric";
  let scalar = [{ wrapAbs(x) }];
  let lowering = [{ m.abs(x) }];
  let tfliteVersions = [
    TFLiteVersion<5, "isOf(in, {Element::i32})">,
    TFLiteVersion<4, kI16>,
    TFLiteVersion<2, "isOf(in, {Element::i8, Element::ui8})">];
  let tfliteRuntimes = ["1.13.0", "2.4.0", "2.5.0", "2.6.0", "2.12.0"];
}
def Lite_ExpOp : Lite_UnaryOp<"exp", "EXP", "ExpOptions", Lite_FloatTensor,
    "e raised to the power"> {
  let tfTolerance = "transcendental";
  let tfOps = ["Exp"];
  let scalar = [{ std::exp(x) }];
  let lowering = [{ math::ExpOp::create(b, loc, x) }];
  let derivative = "mul(g, out)";
  let tfliteVersions = [
    TFLiteVersion<2, "isOf(in, {Element::i8, Element::i16})">];
  let tfliteRuntimes = ["1.7.0", "2.12.0"];
}
def Lite_LogOp : Lite_UnaryOp<"log", "LOG", "NONE", Lite_FloatTensor,
    "the natural logarithm"> {
  let tfTolerance = "transcendental";
  let tfOps = ["Log"];
  let scalar = [{ std::log(x) }];
  let lowering = [{ math::LogOp::create(b, loc, x) }];
  let tfliteVersions = [
    TFLiteVersion<2, "isOf(in, {Element::i8, Element::i16})">];
  let tfliteRuntimes = ["1.14.0", "2.15.0"];
}
def Lite_SqrtOp : Lite_UnaryOp<"sqrt", "SQRT", "NONE", Lite_FloatTensor,
    "the square root"> {
  let tfOps = ["Sqrt"];
  let scalar = [{ std::sqrt(x) }];
  let lowering = [{ math::SqrtOp::create(b, loc, x) }];
  let tfliteVersions = [
    TFLiteVersion<2, "isOf(in, {Element::i8, Element::i16})">];
  let tfliteRuntimes = ["1.10.0", "2.21.0"];
}
def Lite_RsqrtOp : Lite_UnaryOp<"rsqrt", "RSQRT", "NONE", Lite_FloatTensor,
    "the reciprocal square root"> {
  let tfTolerance = "transcendental";
  let tfOps = ["Rsqrt"];
  let scalar = [{ T(1) / std::sqrt(x) }];
  let lowering = [{ math::RsqrtOp::create(b, loc, x) }];
  let tfliteVersions = [
    TFLiteVersion<3, kI16>,
    TFLiteVersion<2, kI8>];
  let tfliteRuntimes = ["1.10.0", "2.5.0", "2.15.0"];
}
def Lite_SquareOp : Lite_UnaryOp<"square", "SQUARE", "SquareOptions",
    Lite_NumericTensor, "the square"> {
  let tfOps = ["Square"];
  let kernelTypes = "numeric";
  let scalar = [{ wrapMul(x, x) }];
  let lowering = [{ m.mul(x, x) }];
  let derivative = "mul(g, add(x, x))";
  let tfliteRuntimes = ["1.12.0"];
}
def Lite_TanhOp : Lite_UnaryOp<"tanh", "TANH", "NONE", Lite_FloatTensor,
    "the hyperbolic tangent"> {
  let tfTolerance = "transcendental";
  let tfOps = ["Tanh"];
  let scalar = [{ std::tanh(x) }];
  let lowering = [{ math::TanhOp::create(b, loc, x) }];
  let derivative = "mul(g, sub(1, mul(out, out)))";
  let tfliteVersions = [
    TFLiteVersion<3, kI16>,
    TFLiteVersion<2, kI8>];
  let tfliteRuntimes = ["1.14.0", "1.14.0", "2.3.0"];
}
def Lite_LogisticOp : Lite_UnaryOp<"logistic", "LOGISTIC", "NONE",
    Lite_FloatTensor, "the sigmoid 1 / (1 + exp(-x))"> {
  let tfTolerance = "transcendental";
  let tfOps = ["Sigmoid"];
  let scalar = [{ T(1) / (T(1) + std::exp(-x)) }];
  let lowering = [{ m.logistic(x) }];
  let derivative = "mul(g, mul(out, sub(1, out)))";
  let tfliteVersions = [
    TFLiteVersion<3, kI16>,
    TFLiteVersion<2, kI8>];
  let tfliteRuntimes = ["1.14.0", "1.14.0", "2.3.0"];
}
def Lite_ReluOp : Lite_UnaryOp<"relu", "RELU", "NONE", Lite_SignedTensor,
    "max(x, 0)"> {
  let tfOps = ["Relu"];
  let kernelTypes = "numeric";
  let scalar = [{ x < T(0) ? T(0) : x }];
  let lowering = [{ m.relu(x) }];
  let tfliteVersions = [
    TFLiteVersion<3, kI16>,
    TFLiteVersion<2, "isOf(in, {Element::i8, Element::ui8})">];
  let tfliteRuntimes = ["1.5.0", "2.1.0", "2.5.0"];
}
def Lite_LogicalNotOp : Lite_UnaryOp<"logical_not", "LOGICAL_NOT",
    "LogicalNotOptions", Lite_BoolTensor, "the logical negation"> {
  let kernelTypes = "bool";
  let tfOps = ["LogicalNot"];
  let scalar = [{ !x }];
  let lowering = [{ arith::XOrIOp::create(b, loc, x, m.constant(1)) }];
  let tfliteRuntimes = ["1.11.0"];
}
def Lite_ZerosLikeOp : Lite_UnaryOp<"zeros_like", "ZEROS_LIKE",
    "ZerosLikeOptions", Lite_Tensor, "zero (false for bool)"> {
  let kernelTypes = "any";
  let tfOps = ["ZerosLike"];
  let tfliteRuntimes = ["1.12.0"];
}

def Lite_SignOp : Lite_UnaryOp<"sign", "SIGN", "NONE", Lite_SignedTensor,
    "the sign (-1, 0 or 1; NaN stays NaN, -0 gives 0)"> {
  let tfOps = ["Sign"];
  let kernelTypes = "numeric";
  let scalar = [{ std::isnan(x) ? x : T(T(T(0) < x) - T(x < T(0))) }];
  let lowering = [{
    m.select(m.compare(Relation::NotEqual, x, x), x,
             m.sub(m.select(m.compare(Relation::Greater, x, m.constant(0)),
                            m.constant(1), m.constant(0)),
                   m.select(m.isNegative(x), m.constant(1), m.constant(0))))
  }];
  let derivative = "zeros_like(g)";
  let tfliteVersions = [
    TFLiteVersion<2, "isOf(in, {Element::i32})">];
  let tfliteRuntimes = ["2.11.0", "2.12.0"];
}
def Lite_SinOp : Lite_UnaryOp<"sin", "SIN", "NONE", Lite_FloatTensor,
    "the sine"> {
  let tfTolerance = "transcendental";
  let tfOps = ["Sin"];
  let scalar = [{ std::sin(x) }];
  let lowering = [{ math::SinOp::create(b, loc, x) }];
  let derivative = "mul(g, cos(x))";
  let tfliteRuntimes = ["1.9.0"];
}
def Lite_CosOp : Lite_UnaryOp<"cos", "COS", "CosOptions", Lite_FloatTensor,
    "the cosine"> {
  let tfTolerance = "transcendental";
  let tfOps = ["Cos"];
  let scalar = [{ std::cos(x) }];
  let lowering = [{ math::CosOp::create(b, loc, x) }];
  let derivative = "neg(mul(g, sin(x)))";
  let tfliteRuntimes = ["1.14.0"];
}
def Lite_CeilOp : Lite_UnaryOp<"ceil", "CEIL", "NONE", Lite_FloatTensor,
    "the smallest integer not below"> {
  let tfOps = ["Ceil"];
  let scalar = [{ std::ceil(x) }];
  let lowering = [{ math::CeilOp::create(b, loc, x) }];
  let tfliteRuntimes = ["1.14.0"];
}
def Lite_FloorOp : Lite_UnaryOp<"floor", "FLOOR", "NONE", Lite_FloatTensor,
    "the largest integer not above"> {
  let tfOps = ["Floor"];
  let scalar = [{ std::floor(x) }];
  let lowering = [{ math::FloorOp::create(b, loc, x) }];
  let tfliteRuntimes = ["1.9.0"];
}
def Lite_RoundOp : Lite_UnaryOp<"round", "ROUND", "NONE", Lite_FloatTensor,
    "the nearest integer (halves to even)"> {
  let tfOps = ["Round", "Rint"];
  let scalar = [{ std::nearbyint(x) }];
  let lowering = [{ math::RoundEvenOp::create(b, loc, x) }];
  let tfliteRuntimes = ["1.14.0"];
}
def Lite_ErfOp : Lite_UnaryOp<"erf", "", "NONE", Lite_FloatTensor,
    "the error function"> {
  let tfTolerance = "transcendental";
  let tfOps = ["Erf"];
  let scalar = [{ std::erf(x) }];
  let lowering = [{ math::ErfOp::create(b, loc, x) }];
  let derivative = "mul(g, mul(1.1283791670955126, exp(neg(mul(x, x)))))";
  let tfliteRefusal = "LiteRT 2.3's schema has no ERF builtin, and no "
                      "builtins compute erf exactly";
}
def Lite_SoftplusOp : Lite_UnaryOp<"softplus", "", "NONE", Lite_FloatTensor,
    "log(1 + exp(x)) (TF's: x above -t, exp(x) below t, t = log(eps) + 2)"> {
  let tfTolerance = "transcendental";
  let tfOps = ["Softplus"];
  let scalar = [{ [&] {
    T t = std::log(std::numeric_limits<T>::epsilon()) + T(2);
    return x > -t ? x : x < t ? std::exp(x) : std::log1p(std::exp(x));
  }() }];
  let lowering = [{ [&]() -> Value {
    double t = std::log(isa<Float64Type>(m.kind.type)
                            ? std::numeric_limits<double>::epsilon()
                            : double(std::numeric_limits<float>::epsilon())) +
               2;
    Value e = math::ExpOp::create(b, loc, x);
    return m.select(m.compare(Relation::Greater, x, m.constantFloat(-t)), x,
                    m.select(m.compare(Relation::Less, x, m.constantFloat(t)),
                             e, math::Log1pOp::create(b, loc, e)));
  }() }];
  let derivative = "mul(g, logistic(x))";
  let tfliteRefusal = "LiteRT 2.3's schema has no SOFTPLUS builtin, and "
                      "log(1 + exp(x)) from builtins overflows where TF's "
                      "softplus does not";
}
def Lite_EluOp : Lite_UnaryOp<"elu", "ELU", "NONE", Lite_FloatTensor,
    "exp(x) - 1 below 0, x elsewhere"> {
  let tfTolerance = "transcendental";
  let tfOps = ["Elu"];
  let scalar = [{ x < T(0) ? std::exp(x) - T(1) : x }];
  let lowering = [{
    m.select(m.isNegative(x), m.sub(math::ExpOp::create(b, loc, x), m.constant(1)), x)
  }];
  let derivative = "select_v2(less(out, 0), mul(g, add(out, 1)), g)";
  let tfliteRuntimes = ["1.14.0"];
}
def Lite_LeakyReluOp : Lite_UnaryOp<"leaky_relu", "LEAKY_RELU",
    "LeakyReluOptions", Lite_FloatTensor, "x above 0, alpha * x elsewhere"> {
  let arguments = (ins Lite_FloatTensor:$input, F32Attr:$alpha);
  let tfOps = ["LeakyRelu"];
  let scalar = [{ T(0) < x ? x : x * T(op.getAlpha().convertToDouble()) }];
  let lowering = [{
    m.select(m.compare(Relation::Greater, x, m.constant(0)), x,
             m.mul(x, m.constantFloat(op.getAlpha().convertToDouble())))
  }];
  let derivative = "select_v2(greater(x, 0), g, mul(g, alpha))";
  let tfliteRuntimes = ["1.13.1"];
}
def Lite_Relu6Op : Lite_UnaryOp<"relu6", "RELU6", "NONE", Lite_NumericTensor,
    "min(max(x, 0), 6) (NaN stays NaN)"> {
  let tfOps = ["Relu6"];
  let kernelTypes = "numeric";
  let scalar = [{ x <= T(0) ? T(0) : T(6) < x ? T(6) : x }];
  let lowering = [{
    m.select(m.compare(Relation::LessEqual, x, m.constant(0)), m.constant(0),
             m.select(m.compare(Relation::Less, m.constant(6), x),
                      m.constant(6), x))
  }];
  let derivative =
      "select_v2(logical_and(greater(out, 0), less(out, 6)), g, zeros_like(g))";
  let tfliteVersions = [
    TFLiteVersion<3, kI16>,
    TFLiteVersion<2, "isOf(in, {Element::i8, Element::ui8})">];
  let tfliteRuntimes = ["1.5.0", "1.14.0", "2.5.0"];
}
def Lite_ReciprocalOp : Lite_UnaryOp<"reciprocal", "", "NONE",
    Lite_FloatTensor, "1 / x"> {
  let tfOps = ["Reciprocal", "Inv"];
  let scalar = [{ T(1) / x }];
  let lowering = [{ m.div(m.constant(1), x) }];
  let derivative = "neg(mul(g, mul(out, out)))";
  let tfliteDecomposition = "div(1, x)";
}
// Identities that only reverse mode tells apart: stop_gradient's result is
// inert (no gradient flows back through it, TF's None, so nothing before it
// is differentiated) and prevent_gradient has no rule (reverse mode refuses
// it, naming the op, as TF's gradient raises). TFLite, the interpreter and
// native code pass the operand on.
def Lite_StopGradientOp : Lite_UnaryOp<"stop_gradient", "", "NONE",
    Lite_Tensor, "the value unchanged, where gradients stop"> {
  let tfOps = ["StopGradient"];
  let kernelTypes = "any";
  let lowering = [{ x }];
  let tfliteDecomposition = "x";
}
def Lite_PreventGradientOp : Lite_UnaryOp<"prevent_gradient", "", "NONE",
    Lite_Tensor, "the value unchanged, where differentiating is an error"> {
  let tfOps = ["PreventGradient"];
  let kernelTypes = "any";
  let lowering = [{ x }];
  let tfliteDecomposition = "x";
}
def Lite_Log1pOp : Lite_UnaryOp<"log1p", "", "NONE", Lite_FloatTensor,
    "log(1 + x), exact near 0"> {
  let tfTolerance = "transcendental";
  let tfOps = ["Log1p"];
  let scalar = [{ std::log1p(x) }];
  let lowering = [{ math::Log1pOp::create(b, loc, x) }];
  let derivative = "div(g, add(x, 1))";
  let tfliteRefusal = "LiteRT 2.3's schema has no LOG1P builtin, and "
                      "log(1 + x) from builtins loses the digits of small x";
}
def Lite_Expm1Op : Lite_UnaryOp<"expm1", "", "NONE", Lite_FloatTensor,
    "exp(x) - 1, exact near 0"> {
  let tfTolerance = "transcendental";
  let tfOps = ["Expm1"];
  let scalar = [{ std::expm1(x) }];
  // Kahan's expm1 from exp and log: MLIR's lowering of math.expm1 is
  // exp(x) - 1, 0 for tiny x.
  let lowering = [{ [&]() -> Value {
    Value u = math::ExpOp::create(b, loc, x);
    Value uMinus1 = m.sub(u, m.constant(1));
    Value kahan = m.mul(uMinus1, m.div(x, math::LogOp::create(b, loc, u)));
    return m.select(m.compare(Relation::Equal, u, m.constant(1)), x,
           m.select(m.compare(Relation::Equal, uMinus1, m.constant(-1)),
                    uMinus1,
           m.select(m.compare(Relation::Equal, u,
                              m.constantFloat(HUGE_VAL)), u, kahan)));
  }() }];
  let derivative = "mul(g, exp(x))";
  let tfliteRefusal = "LiteRT 2.3's schema has no EXPM1 builtin, and "
                      "exp(x) - 1 from builtins loses the digits of small x";
}
def Lite_SeluOp : Lite_UnaryOp<"selu", "", "NONE", Lite_FloatTensor,
    "scale * x above 0, scale * alpha * (exp(x) - 1) elsewhere (TF's "
    "scale 1.0507009873554805, alpha 1.6732632423543772)"> {
  let tfTolerance = "transcendental";
  let tfOps = ["Selu"];
  let scalar = [{ x < T(0) ? T(1.7580993408473768) * (std::exp(x) - T(1))
                           : T(1.0507009873554805) * x }];
  let lowering = [{
    m.select(m.isNegative(x),
             m.mul(m.constantFloat(1.7580993408473768),
                   m.sub(math::ExpOp::create(b, loc, x), m.constant(1))),
             m.mul(m.constantFloat(1.0507009873554805), x))
  }];
  let derivative = "select_v2(less(out, 0), mul(g, add(out, 1.7580993408473768)), "
                   "mul(g, 1.0507009873554805))";
  let tfliteDecomposition = "select_v2(less(x, 0), mul(1.7580993408473768, "
                            "sub(exp(x), 1)), mul(1.0507009873554805, x))";
}
def Lite_SoftsignOp : Lite_UnaryOp<"softsign", "", "NONE", Lite_FloatTensor,
    "x / (1 + |x|)"> {
  let tfOps = ["Softsign"];
  let scalar = [{ x / (std::abs(x) + T(1)) }];
  let lowering = [{ m.div(x, m.add(m.abs(x), m.constant(1))) }];
  let derivative = "div(g, square(add(abs(x), 1)))";
  let tfliteDecomposition = "div(x, add(abs(x), 1))";
}

def Lite_TanOp : Lite_UnaryOp<"tan", "", "NONE", Lite_FloatTensor,
    "the tangent"> {
  let tfTolerance = "transcendental";
  let tfOps = ["Tan"];
  let scalar = [{ std::tan(x) }];
  let lowering = [{ math::TanOp::create(b, loc, x) }];
  let derivative = "mul(g, square(reciprocal(cos(x))))";
  let tfliteRefusal = "LiteRT 2.3's schema has no TAN builtin";
}
def Lite_AsinOp : Lite_UnaryOp<"asin", "", "NONE", Lite_FloatTensor,
    "the arc sine"> {
  let tfTolerance = "transcendental";
  let tfOps = ["Asin"];
  let scalar = [{ std::asin(x) }];
  let lowering = [{ math::AsinOp::create(b, loc, x) }];
  let derivative = "mul(g, reciprocal(sqrt(sub(1, square(x)))))";
  let tfliteRefusal = "LiteRT 2.3's schema has no ASIN builtin";
}
def Lite_AcosOp : Lite_UnaryOp<"acos", "", "NONE", Lite_FloatTensor,
    "the arc cosine"> {
  let tfTolerance = "transcendental";
  let tfOps = ["Acos"];
  let scalar = [{ std::acos(x) }];
  let lowering = [{ math::AcosOp::create(b, loc, x) }];
  let derivative = "neg(mul(g, reciprocal(sqrt(sub(1, square(x))))))";
  let tfliteRefusal = "LiteRT 2.3's schema has no ACOS builtin";
}
def Lite_AtanOp : Lite_UnaryOp<"atan", "", "NONE", Lite_FloatTensor,
    "the arc tangent"> {
  let tfTolerance = "transcendental";
  let tfOps = ["Atan"];
  let scalar = [{ std::atan(x) }];
  let lowering = [{ math::AtanOp::create(b, loc, x) }];
  let derivative = "mul(g, reciprocal(add(square(x), 1)))";
  let tfliteRefusal = "LiteRT 2.3's schema has no ATAN builtin";
}
def Lite_SinhOp : Lite_UnaryOp<"sinh", "", "NONE", Lite_FloatTensor,
    "the hyperbolic sine"> {
  let tfTolerance = "transcendental";
  let tfOps = ["Sinh"];
  let scalar = [{ std::sinh(x) }];
  let lowering = [{ math::SinhOp::create(b, loc, x) }];
  let derivative = "mul(g, cosh(x))";
  let tfliteRefusal = "LiteRT 2.3's schema has no SINH builtin";
}
def Lite_CoshOp : Lite_UnaryOp<"cosh", "", "NONE", Lite_FloatTensor,
    "the hyperbolic cosine"> {
  let tfTolerance = "transcendental";
  let tfOps = ["Cosh"];
  let scalar = [{ std::cosh(x) }];
  let lowering = [{ math::CoshOp::create(b, loc, x) }];
  let derivative = "mul(g, sinh(x))";
  let tfliteRefusal = "LiteRT 2.3's schema has no COSH builtin";
}
def Lite_AsinhOp : Lite_UnaryOp<"asinh", "", "NONE", Lite_FloatTensor,
    "the inverse hyperbolic sine"> {
  let tfTolerance = "transcendental";
  let tfOps = ["Asinh"];
  let scalar = [{ std::asinh(x) }];
  let lowering = [{ math::AsinhOp::create(b, loc, x) }];
  let derivative = "div(g, cosh(out))";
  let tfliteRefusal = "LiteRT 2.3's schema has no ASINH builtin";
}
def Lite_AcoshOp : Lite_UnaryOp<"acosh", "", "NONE", Lite_FloatTensor,
    "the inverse hyperbolic cosine"> {
  let tfTolerance = "transcendental";
  let tfOps = ["Acosh"];
  let scalar = [{ std::acosh(x) }];
  let lowering = [{ math::AcoshOp::create(b, loc, x) }];
  let derivative = "div(g, sinh(out))";
  let tfliteRefusal = "LiteRT 2.3's schema has no ACOSH builtin";
}
def Lite_AtanhOp : Lite_UnaryOp<"atanh", "", "NONE", Lite_FloatTensor,
    "the inverse hyperbolic tangent"> {
  let tfTolerance = "transcendental";
  let tfOps = ["Atanh"];
  let scalar = [{ std::atanh(x) }];
  let lowering = [{ math::AtanhOp::create(b, loc, x) }];
  let derivative = "mul(g, reciprocal(sub(1, square(x))))";
  let tfliteRefusal = "LiteRT 2.3's schema has no ATANH builtin";
}

// A unary elementwise test (Lite_Elementwise: its facts beyond ODS): true
// where the element of `input` has the property.
class Lite_PredicateOp<string mnemonic, string op, string options, Type type,
                       string property>
    : Lite_BuiltinOp<mnemonic, op, options,
                     [Pure, SameOperandsAndResultShape]>,
      Lite_Elementwise {
  let summary = "elementwise test: " # property;
  let description = [{
    True where the element of `input` is }] # property # [{.

    ```mlir
    %p = lite.}] # mnemonic # [{ %x : tensor<4xf32> -> tensor<4xi1>
    ```
  }];
  let arguments = (ins type:$input);
  let results = (outs Lite_BoolTensor:$output);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($output)";
}

def Lite_IsNanOp : Lite_PredicateOp<"is_nan", "", "NONE", Lite_FloatTensor,
    "NaN"> {
  let tfOps = ["IsNan"];
  let scalar = [{ std::isnan(x) }];
  let lowering = [{ m.isNaN(x) }];
  let tfliteDecomposition = "not_equal(x, x)";
}
def Lite_IsFiniteOp : Lite_PredicateOp<"is_finite", "", "NONE",
    Lite_FloatTensor, "neither infinite nor NaN"> {
  let tfOps = ["IsFinite"];
  let scalar = [{ std::isfinite(x) }];
  let lowering = [{ m.compare(Relation::Equal, m.sub(x, x), m.constant(0)) }];
  let tfliteDecomposition = "equal(sub(x, x), 0)";
}

//===----------------------------------------------------------------------===//
// Selection and conversion
//===----------------------------------------------------------------------===//

def Lite_SelectV2Op : Lite_BuiltinOp<"select_v2", "SELECT_V2",
    "SelectV2Options", [Pure, Lite_BroadcastCompatible,
                        AllElementTypesMatch<["x", "y", "output"]>]> {
  let tfliteRuntimes = ["2.2.0", "2.12.0"];
  let summary = "elementwise choice between two tensors";
  let description = [{
    `output[i] = condition[i] ? x[i] : y[i]`, with all three operands
    broadcast like numpy.

    ```mlir
    %r = lite.select_v2 %c, %x, %y : (tensor<4xi1>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
    ```
  }];
  let arguments = (ins Lite_BoolTensor:$condition, Lite_Tensor:$x,
                       Lite_Tensor:$y);
  let results = (outs Lite_Tensor:$output);
  let assemblyFormat = [{
    $condition `,` $x `,` $y attr-dict `:` functional-type(operands, results)
  }];
}

def Lite_CastOp : Lite_BuiltinOp<"cast", "CAST", "CastOptions", [
    Pure, SameOperandsAndResultShape]> {
  let tfliteVersions = [
    TFLiteVersion<5, "isOf(in, {Element::f16, Element::f64}) || isOf(getOutput(), {Element::f16, Element::f64})">,
    TFLiteVersion<3, "isOf(in, {Element::i8}) || isOf(getOutput(), {Element::i8})">];
  let tfliteRuntimes = ["1.5.0", "2.7.0", "2.8.0", "2.9.0", "2.12.0", "2.15.0", "2.17.0", "2.21.0"];
  let summary = "converts every element to another dtype";
  let description = [{
    Floats to integers truncate toward zero; to bool, nonzero is true; from
    bool, true is 1.

    ```mlir
    %i = lite.cast %f : tensor<4xf32> -> tensor<4xi32>
    ```
  }];
  let arguments = (ins Lite_Tensor:$input);
  let results = (outs Lite_Tensor:$output);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($output)";
}

//===----------------------------------------------------------------------===//
// Shape manipulation
//===----------------------------------------------------------------------===//

def Lite_ReshapeOp : Lite_BuiltinOp<"reshape", "RESHAPE", "ReshapeOptions", [Lite_ShapeRule, 
    Pure, AllElementTypesMatch<["input", "output"]>]> {
  let tfliteRuntimes = ["1.5.0"];
  let summary = "gives a tensor a new shape with the same elements";
  let description = [{
    `shape` lists the new dimensions; one of them may be -1, inferred from
    the element count.

    ```mlir
    %r = lite.reshape %x, %s : (tensor<2x3xf32>, tensor<1xi32>) -> tensor<6xf32>
    ```
  }];
  let arguments = (ins Lite_Tensor:$input, Lite_ShapeVector:$shape);
  let results = (outs Lite_Tensor:$output);
  let assemblyFormat = [{
    $input `,` $shape attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Lite_ExpandDimsOp : Lite_BuiltinOp<"expand_dims", "EXPAND_DIMS",
    "ExpandDimsOptions", [Lite_ShapeRule, Pure, AllElementTypesMatch<["input", "output"]>]> {
  let tfliteRuntimes = ["1.10.0"];
  let summary = "inserts a dimension of size 1";
  let description = [{
    Inserts a size-1 dimension at index `axis` (a one-element integer
    tensor; negative counts from the end of the result).

    ```mlir
    %r = lite.expand_dims %x, %a : (tensor<3xf32>, tensor<i32>) -> tensor<1x3xf32>
    ```
  }];
  let arguments = (ins Lite_Tensor:$input, Lite_IndexTensor:$axis);
  let results = (outs Lite_Tensor:$output);
  let assemblyFormat = [{
    $input `,` $axis attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Lite_SqueezeOp : Lite_BuiltinOp<"squeeze", "SQUEEZE", "SqueezeOptions", [Lite_ShapeRule, 
    Pure, AllElementTypesMatch<["input", "output"]>]> {
  let tfliteRuntimes = ["1.6.0", "2.5.0"];
  let summary = "removes dimensions of size 1";
  let description = [{
    Removes the dimensions listed in `squeeze_dims` (each must have size 1),
    or every size-1 dimension when the list is empty.

    ```mlir
    %r = lite.squeeze %x {squeeze_dims = array<i32: 0>} : (tensor<1x3xf32>) -> tensor<3xf32>
    ```
  }];
  let arguments = (ins Lite_Tensor:$input,
                       DefaultValuedAttr<DenseI32ArrayAttr, "{}">:$squeeze_dims);
  let results = (outs Lite_Tensor:$output);
  let assemblyFormat = [{
    $input attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Lite_ConcatenationOp : Lite_BuiltinOp<"concatenation", "CONCATENATION",
    "ConcatenationOptions", [Lite_ShapeRule, Pure]> {
  let tfliteVersions = [
    TFLiteVersion<3, kI16>,
    TFLiteVersion<2, kI8>];
  let tfliteRuntimes = ["1.5.0", "1.14.0", "2.3.0", "2.14.0", "2.21.0"];
  let summary = "joins tensors along an axis";
  let description = [{
    All `values` have the same rank and element type and agree on every
    dimension except `axis`.

    ```mlir
    %r = lite.concatenation %a, %b {axis = 0 : i32} : (tensor<2xf32>, tensor<3xf32>) -> tensor<5xf32>
    ```
  }];
  let arguments = (ins Variadic<Lite_Tensor>:$values, Lite_I32Attr:$axis,
                       Lite_FusedActivation:$fused_activation_function);
  let results = (outs Lite_Tensor:$output);
  let assemblyFormat = [{
    $values attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Lite_PackOp : Lite_BuiltinOp<"pack", "PACK", "PackOptions", [Lite_ShapeRule, Pure]> {
  let tfliteVersions = [
    TFLiteVersion<2, kI8>,
    TFLiteVersion<3, kI16>];
  let tfliteRuntimes = ["1.11.0", "1.14.0", "2.3.0", "2.13.0"];
  let summary = "stacks tensors of one shape along a new axis";
  let description = [{
    The result has one more dimension than each value: `values_count` (the
    number of operands) at index `axis`.

    ```mlir
    %r = lite.pack %a, %b {axis = 0 : i32} : (tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins Variadic<Lite_Tensor>:$values,
                       DefaultValuedAttr<Lite_I32Attr, "0">:$axis);
  let results = (outs Lite_Tensor:$output);
  let assemblyFormat = [{
    $values attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Lite_UnpackOp : Lite_BuiltinOp<"unpack", "UNPACK", "UnpackOptions", [
    Pure]> {
  let tfliteVersions = [
    TFLiteVersion<2, "isOf(in, {Element::i8, Element::ui8})">,
    TFLiteVersion<3, "isOf(in, {Element::i1})">,
    TFLiteVersion<4, kI16>,
    TFLiteVersion<5, "isOf(in, {Element::f16})">];
  let tfliteRuntimes = ["1.11.0", "1.14.0", "2.2.0", "2.3.0", "2.22.0"];
  let summary = "splits a tensor along an axis into slices";
  let description = [{
    Produces one result per index of dimension `axis` (TFLite's `num`), each
    without that dimension.

    ```mlir
    %a, %b = lite.unpack %x {axis = 0 : i32} : (tensor<2x3xf32>) -> (tensor<3xf32>, tensor<3xf32>)
    ```
  }];
  let arguments = (ins Lite_Tensor:$input,
                       DefaultValuedAttr<Lite_I32Attr, "0">:$axis);
  let results = (outs Variadic<Lite_Tensor>:$outputs);
  let assemblyFormat = [{
    $input attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Lite_SplitOp : Lite_BuiltinOp<"split", "SPLIT", "SplitOptions", [Pure]> {
  let tfliteVersions = [
    TFLiteVersion<4, "isOf(getInput(), {Element::i16})">,
    TFLiteVersion<3, "isOf(getInput(), {Element::i32})">,
    TFLiteVersion<2, "isOf(getInput(), {Element::i8})">];
  let tfliteRuntimes = ["1.5.0", "1.14.0", "1.14.0", "2.3.0"];
  let summary = "splits a tensor into equal parts along an axis";
  let description = [{
    Dimension `axis` of `input` (a scalar; negative counts from the end)
    cut into as many equal parts as the op has results (TFLite's
    `num_splits`), in order (TF's Split, TFLite's SPLIT). A dimension the
    count does not divide is a run-time error.

    ```mlir
    %a, %b = lite.split %axis, %x : (tensor<i32>, tensor<2x6xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>)
    ```
  }];
  let arguments = (ins 0DTensorOf<[I32]>:$axis, Lite_Tensor:$input);
  let results = (outs Variadic<Lite_Tensor>:$outputs);
  let assemblyFormat = [{
    $axis `,` $input attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Lite_SliceOp : Lite_BuiltinOp<"slice", "SLICE", "SliceOptions", [Lite_ShapeRule, 
    Pure, AllElementTypesMatch<["input", "output"]>]> {
  let tfliteVersions = [
    TFLiteVersion<5, "rankOf(in) > 4">,
    TFLiteVersion<4, kI16>,
    TFLiteVersion<2, kI8>];
  let tfliteRuntimes = ["1.14.0", "1.14.0", "1.14.0", "2.4.0", "2.5.0", "2.14.0", "2.21.0"];
  let summary = "extracts a contiguous block";
  let description = [{
    Takes `size[i]` elements from `begin[i]` in every dimension i; a size
    of -1 takes everything to the end.

    ```mlir
    %r = lite.slice %x, %b, %s : (tensor<4xf32>, tensor<1xi32>, tensor<1xi32>) -> tensor<2xf32>
    ```
  }];
  let arguments = (ins Lite_Tensor:$input, Lite_IndexVector:$begin,
                       Lite_IndexVector:$size);
  let results = (outs Lite_Tensor:$output);
  let assemblyFormat = [{
    $input `,` $begin `,` $size attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Lite_StridedSliceOp : Lite_BuiltinOp<"strided_slice", "STRIDED_SLICE",
    "StridedSliceOptions", [Lite_ShapeRule, Pure, AllElementTypesMatch<["input", "output"]>]> {
  let tfliteVersions = [
    TFLiteVersion<8, "getOffset()">,
    TFLiteVersion<6, "getEllipsisMask() || getNewAxisMask()">,
    TFLiteVersion<4, "rankOf(in) > 4">,
    TFLiteVersion<3, "isOf(in, {Element::i1})">,
    TFLiteVersion<2, kI8>];
  let tfliteRuntimes = ["1.6.0", "1.14.0", "2.1.0", "2.2.0", "2.5.0", "2.6.0", "2.14.0", "2.14.0"];
  let summary = "extracts a strided block, with numpy-style masks";
  let description = [{
    Python's `input[begin:end:strides]` per dimension. Bit i of `begin_mask`
    (`end_mask`) ignores `begin[i]` (`end[i]`); `ellipsis_mask` marks an
    ellipsis, `new_axis_mask` inserts a size-1 dimension and
    `shrink_axis_mask` takes a single index and drops the dimension. With
    `offset`, `end` is relative to `begin`.

    ```mlir
    %r = lite.strided_slice %x, %b, %e, %s {shrink_axis_mask = 1 : i32}
        : (tensor<4x3xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xf32>
    ```
  }];
  let arguments = (ins Lite_Tensor:$input, Lite_IndexVector:$begin,
                       Lite_IndexVector:$end, Lite_IndexVector:$strides,
                       DefaultValuedAttr<Lite_I32Attr, "0">:$begin_mask,
                       DefaultValuedAttr<Lite_I32Attr, "0">:$end_mask,
                       DefaultValuedAttr<Lite_I32Attr, "0">:$ellipsis_mask,
                       DefaultValuedAttr<Lite_I32Attr, "0">:$new_axis_mask,
                       DefaultValuedAttr<Lite_I32Attr, "0">:$shrink_axis_mask,
                       DefaultValuedAttr<BoolAttr, "false">:$offset);
  let results = (outs Lite_Tensor:$output);
  let assemblyFormat = [{
    $input `,` $begin `,` $end `,` $strides attr-dict `:`
      functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Lite_DynamicUpdateSliceOp : Lite_BuiltinOp<"dynamic_update_slice",
    "DYNAMIC_UPDATE_SLICE", "DynamicUpdateSliceOptions", [Lite_ShapeRule, 
    Pure, AllElementTypesMatch<["operand", "update", "output"]>]> {
  let tfliteVersions = [
    TFLiteVersion<4, kI16>,
    TFLiteVersion<3, "isOf(in, {Element::f16})">,
    TFLiteVersion<2, "isOf(getStartIndices(), {Element::i64})">];
  let tfliteRuntimes = ["2.9.0", "2.17.0", "2.19.0", "2.20.0", "2.21.0", "2.22.0"];
  let summary = "overwrites a block of a tensor at run-time offsets";
  let description = [{
    `operand` with the block of `update`'s shape that starts at
    `start_indices` replaced by `update` (XLA's DynamicUpdateSlice).
    `update` has `operand`'s rank and no dimension larger than
    `operand`'s; `start_indices` has one entry per dimension, each clamped
    to `[0, operand_dim - update_dim]` first, so the block always lies
    inside `operand`. The result has `operand`'s shape.

    ```mlir
    %r = lite.dynamic_update_slice %x, %u, %i : (tensor<5xf32>, tensor<1xf32>, tensor<1xi32>) -> tensor<5xf32>
    ```
  }];
  let arguments = (ins Lite_Tensor:$operand, Lite_Tensor:$update,
                       Lite_IndexVector:$start_indices);
  let results = (outs Lite_Tensor:$output);
  let assemblyFormat = [{
    $operand `,` $update `,` $start_indices attr-dict `:`
      functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Lite_GatherOp : Lite_BuiltinOp<"gather", "GATHER", "GatherOptions", [Lite_ShapeRule, 
    Pure, AllElementTypesMatch<["params", "output"]>]> {
  let tfliteVersions = [
    TFLiteVersion<6, "isOf(getIndices(), {Element::i16})">,
    TFLiteVersion<5, "getBatchDims() != 0">,
    TFLiteVersion<4, kI16>,
    TFLiteVersion<3, "isOf(in, {Element::i1})">,
    TFLiteVersion<2, kI8>];
  let tfliteRuntimes = ["1.6.0", "1.14.0", "1.15.0", "2.4.0", "2.5.0", "2.13.0", "2.15.0"];
  let summary = "gathers slices along an axis by index";
  let description = [{
    Picks `params` slices along `axis` at `indices`; the first `batch_dims`
    dimensions of `params` and `indices` are batch dimensions. The result
    shape is `params.shape[:axis] + indices.shape[batch_dims:] +
    params.shape[axis+1:]`.

    ```mlir
    %r = lite.gather %p, %i {axis = 0 : i32} : (tensor<5x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins Lite_Tensor:$params, Lite_IndexTensor:$indices,
                       DefaultValuedAttr<Lite_I32Attr, "0">:$axis,
                       DefaultValuedAttr<Lite_I32Attr, "0">:$batch_dims);
  let results = (outs Lite_Tensor:$output);
  let assemblyFormat = [{
    $params `,` $indices attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Lite_ScatterNdOp : Lite_BuiltinOp<"scatter_nd", "SCATTER_ND",
    "ScatterNdOptions", [Lite_ShapeRule, Pure,
    AllElementTypesMatch<["updates", "output"]>,
    AllElementTypesMatch<["indices", "shape"]>]> {
  let tfliteRuntimes = ["2.1.0"];
  let summary = "adds slices into a zero tensor at index tuples";
  let description = [{
    A zero tensor of shape `shape` to which each slice of `updates` is
    added at the index tuple of `indices` (its last dimension, K, indexes
    the first K dimensions of the result): updates has the shape
    `indices.shape[:-1] + shape[K:]`; indices and shape have one element
    type (TF's Tindices, and TFLite's rule). Repeated tuples add up (TF's
    ScatterNd); a tuple outside the shape is an error.

    ```mlir
    %r = lite.scatter_nd %i, %u, %s : (tensor<2x1xi32>, tensor<2x3xf32>, tensor<2xi32>) -> tensor<4x3xf32>
    ```
  }];
  let arguments = (ins Lite_IndexTensor:$indices, Lite_NumericTensor:$updates,
                       Lite_IndexVector:$shape);
  let results = (outs Lite_NumericTensor:$output);
  let assemblyFormat = [{
    $indices `,` $updates `,` $shape attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Lite_TransposeOp : Lite_BuiltinOp<"transpose", "TRANSPOSE",
    "TransposeOptions", [Lite_ShapeRule, Pure, AllElementTypesMatch<["input", "output"]>]> {
  let tfliteVersions = [
    TFLiteVersion<8, "rankOf(in) > 6">,
    TFLiteVersion<6, "rankOf(in) > 5">,
    TFLiteVersion<5, kI16>,
    TFLiteVersion<4, "rankOf(in) > 4">,
    TFLiteVersion<3, "isOf(in, {Element::i1})">,
    TFLiteVersion<2, kI8>];
  let tfliteRuntimes = ["1.6.0", "1.14.0", "1.15.0", "2.3.0", "2.4.0", "2.12.0", "2.14.4", "2.22.0"];
  let summary = "permutes dimensions";
  let description = [{
    Dimension i of the result is dimension `perm[i]` of `input`.

    ```mlir
    %r = lite.transpose %x, %p : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<3x2xf32>
    ```
  }];
  let arguments = (ins Lite_Tensor:$input, Lite_IndexVector:$perm);
  let results = (outs Lite_Tensor:$output);
  let assemblyFormat = [{
    $input `,` $perm attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Tensor creation
//===----------------------------------------------------------------------===//

def Lite_FillOp : Lite_BuiltinOp<"fill", "FILL", "FillOptions", [Lite_ShapeRule, 
    Pure, AllElementTypesMatch<["value", "output"]>]> {
  let tfliteVersions = [
    TFLiteVersion<4, "isOf(getValue(), {Element::f16})">,
    TFLiteVersion<3, "isOf(getValue(), {Element::i8, Element::i16})">,
    TFLiteVersion<2, "isOf(getValue(), {Element::i1})">];
  let tfliteRuntimes = ["1.13.0", "2.3.0", "2.5.0", "2.12.0"];
  let summary = "a tensor of a given shape filled with one value";
  let description = [{
    ```mlir
    %r = lite.fill %dims, %v : (tensor<2xi32>, tensor<f32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins Lite_IndexVector:$dims, 0DTensorOf<[I1, I8, UI8, I16,
                       I32, I64, F16, F32, F64]>:$value);
  let results = (outs Lite_Tensor:$output);
  let assemblyFormat = [{
    $dims `,` $value attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Lite_BroadcastToOp : Lite_BuiltinOp<"broadcast_to", "BROADCAST_TO",
    "BroadcastToOptions", [Lite_ShapeRule, Pure,
                           AllElementTypesMatch<["input", "output"]>]> {
  // Version 1 was withdrawn (docs: TFLite's runtime versions).
  let tfliteVersions = [
    TFLiteVersion<3, "isOf(in, {Element::i8, Element::i16})">,
    TFLiteVersion<2, "true">];
  let tfliteRuntimes = ["2.5.0", "2.5.0", "2.5.0"];
  let summary = "a tensor broadcast to a given shape";
  let description = [{
    `input` repeated along the dimensions of `shape` it lacks or has of size
    1, as numpy broadcasts (TF's BroadcastTo, TFLite's BROADCAST_TO): the
    result has shape `shape`; each size of `input` (aligned at the last
    dimension) must equal `shape`'s or be 1, and `input` must not have more
    dimensions.

    ```mlir
    %r = lite.broadcast_to %x, %s : (tensor<3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins Lite_Tensor:$input, Lite_ShapeVector:$shape);
  let results = (outs Lite_Tensor:$output);
  let assemblyFormat = [{
    $input `,` $shape attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Lite_TileOp : Lite_BuiltinOp<"tile", "TILE", "TileOptions", [Lite_ShapeRule, 
    Pure, AllElementTypesMatch<["input", "output"]>]> {
  let tfliteVersions = [TFLiteVersion<3, kI8>];
  let tfliteRuntimes = ["1.10.1", "2.2.0", "2.8.0"];
  let summary = "repeats a tensor along each dimension";
  let description = [{
    Dimension `i` of the result is `multiples[i]` copies of dimension `i` of
    `input` (TF's and TFLite's Tile): result[j] = input[j mod shape(input)].
    `multiples` has one non-negative entry per dimension.

    ```mlir
    %r = lite.tile %x, %m : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<4x3xf32>
    ```
  }];
  let arguments = (ins Lite_Tensor:$input, Lite_IndexVector:$multiples);
  let results = (outs Lite_Tensor:$output);
  let assemblyFormat = [{
    $input `,` $multiples attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Lite_PadOp : Lite_BuiltinOp<"pad", "PADV2", "PadV2Options", [
    Lite_ShapeRule, Pure, AllElementTypesMatch<["input", "value", "output"]>]> {
  let tfliteVersions = [
    TFLiteVersion<4, "rankOf(in) > 4">,
    TFLiteVersion<3, "isOf(in, {Element::i16})">,
    TFLiteVersion<2, kI8>];
  let tfliteRuntimes = ["1.9.0", "1.14.0", "2.4.0", "2.6.0"];
  let summary = "a tensor padded with a constant";
  let description = [{
    `input` with `paddings[d][0]` elements of `value` before and
    `paddings[d][1]` after it along each dimension d (TF's Pad and PadV2,
    TFLite's PADV2): `paddings` is [rank, 2] and non-negative.

    ```mlir
    %r = lite.pad %x, %p, %v : (tensor<2x3xf32>, tensor<2x2xi32>, tensor<f32>) -> tensor<4x4xf32>
    ```
  }];
  let arguments = (ins Lite_Tensor:$input, Lite_IndexTensor:$paddings,
                       0DTensorOf<[I1, I8, UI8, I16, I32, I64, F16, F32,
                                   F64]>:$value);
  let results = (outs Lite_Tensor:$output);
  let assemblyFormat = [{
    $input `,` $paddings `,` $value attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Lite_MirrorPadOp : Lite_BuiltinOp<"mirror_pad", "MIRROR_PAD",
    "MirrorPadOptions", [Lite_ShapeRule, Pure,
                         AllElementTypesMatch<["input", "output"]>]> {
  let tfliteVersions = [TFLiteVersion<3, kI16>, TFLiteVersion<2, kI8>];
  let tfliteRuntimes = ["1.13.1", "2.3.0", "2.12.0"];
  let summary = "a tensor padded with its own mirror image";
  let description = [{
    `input` with `paddings[d][0]` elements before and `paddings[d][1]`
    after it along each dimension d, mirrored from the input (TF's
    MirrorPad, TFLite's MIRROR_PAD): REFLECT mirrors about the border
    element (`[1, 2, 3]` padded by 2 before is `[3, 2, 1, 2, 3]`),
    SYMMETRIC repeats it (`[2, 1, 1, 2, 3]`). `paddings` is [rank, 2], not
    negative, and at most the dimension's size less one (REFLECT) or its
    size (SYMMETRIC).

    ```mlir
    %r = lite.mirror_pad %x, %p {mode = #lite.mirror_pad_mode<REFLECT>} : (tensor<2x3xf32>, tensor<2x2xi32>) -> tensor<4x5xf32>
    ```
  }];
  let arguments = (ins Lite_Tensor:$input, Lite_IndexTensor:$paddings,
                       Lite_MirrorPadModeAttr:$mode);
  let results = (outs Lite_Tensor:$output);
  let assemblyFormat = [{
    $input `,` $paddings attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Lite_ReverseSequenceOp : Lite_BuiltinOp<"reverse_sequence",
    "REVERSE_SEQUENCE", "ReverseSequenceOptions", [Lite_ShapeRule, Pure,
                                                   AllTypesMatch<["input", "output"]>]> {
  let tfliteRuntimes = ["1.14.0"];
  let summary = "reverses the first seq_lengths[b] elements of each batch";
  let description = [{
    For each index b along `batch_dim`, the first `seq_lengths[b]` elements
    along `seq_dim` reversed, the rest as they are (TF's ReverseSequence,
    TFLite's REVERSE_SEQUENCE): result[.., b, .., s, ..] = input[.., b, ..,
    s < n ? n - 1 - s : s, ..] with n = seq_lengths[b]. The two dimensions
    differ; `seq_lengths` has one entry per batch element, each in [0, size
    of seq_dim].

    ```mlir
    %r = lite.reverse_sequence %x, %n {seq_dim = 1 : i32} : (tensor<2x4xf32>, tensor<2xi32>) -> tensor<2x4xf32>
    ```
  }];
  let arguments = (ins Lite_Tensor:$input, Lite_IndexVector:$seq_lengths,
                       Lite_I32Attr:$seq_dim,
                       DefaultValuedAttr<Lite_I32Attr, "0">:$batch_dim);
  let results = (outs Lite_Tensor:$output);
  let assemblyFormat = [{
    $input `,` $seq_lengths attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Lite_OneHotOp : Lite_BuiltinOp<"one_hot", "ONE_HOT", "OneHotOptions", [
    Lite_ShapeRule, Pure,
    AllElementTypesMatch<["on_value", "off_value", "output"]>]> {
  let tfliteRuntimes = ["1.11.0"];
  let summary = "one-hot vectors of indices";
  let description = [{
    `indices` with a new dimension of `depth` elements inserted at `axis`
    (-1: last): the element at position j of it is `on_value` where the
    index equals j and `off_value` elsewhere, so an index outside [0,
    depth) gives a vector of `off_value` (TF's OneHot, TFLite's ONE_HOT).
    `depth` is a non-negative scalar.

    ```mlir
    %r = lite.one_hot %i, %depth, %on, %off : (tensor<3xi32>, tensor<i32>, tensor<f32>, tensor<f32>) -> tensor<3x4xf32>
    ```
  }];
  let arguments = (ins TensorOf<[I32, I64]>:$indices, 0DTensorOf<[I32]>:$depth,
                       0DTensorOf<[I1, I8, UI8, I16, I32, I64, F16, F32,
                                   F64]>:$on_value,
                       0DTensorOf<[I1, I8, UI8, I16, I32, I64, F16, F32,
                                   F64]>:$off_value,
                       DefaultValuedAttr<Lite_I32Attr, "-1">:$axis);
  let results = (outs Lite_Tensor:$output);
  let assemblyFormat = [{
    $indices `,` $depth `,` $on_value `,` $off_value attr-dict `:`
      functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Lite_ReverseV2Op : Lite_BuiltinOp<"reverse_v2", "REVERSE_V2",
    "ReverseV2Options", [Lite_ShapeRule, Pure,
                         AllTypesMatch<["input", "output"]>]> {
  let tfliteVersions = [
    TFLiteVersion<3, kI8>,
    TFLiteVersion<2, "isOf(in, {Element::i1})">];
  let tfliteRuntimes = ["1.14.0", "2.2.0", "2.5.0"];
  let summary = "reverses a tensor along the given axes";
  let description = [{
    result[..., i_d, ...] = input[..., n_d - 1 - i_d, ...] for each
    dimension d listed in `axes` (TF's ReverseV2, TFLite's REVERSE_V2):
    negative axes count from the end; an axis listed twice is an error.

    ```mlir
    %r = lite.reverse_v2 %x, %axes : (tensor<2x3xf32>, tensor<1xi32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins Lite_Tensor:$input, Lite_IndexVector:$axes);
  let results = (outs Lite_Tensor:$output);
  let assemblyFormat = [{
    $input `,` $axes attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Lite_RangeOp : Lite_BuiltinOp<"range", "RANGE", "RangeOptions", [Lite_ShapeRule, 
    Pure, AllElementTypesMatch<["start", "limit", "delta", "output"]>]> {
  let tfliteVersions = [
    TFLiteVersion<2, "isOf(in, {Element::i64})">];
  let tfliteRuntimes = ["1.13.0", "2.14.0"];
  let summary = "the sequence start, start + delta, ... up to limit";
  let description = [{
    The values `start + k * delta` for k >= 0 that lie before `limit`
    (above it when `delta` is negative).

    ```mlir
    %r = lite.range %s, %l, %d : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<?xi32>
    ```
  }];
  let arguments = (ins 0DTensorOf<[I32, I64, F32, F64]>:$start,
                       0DTensorOf<[I32, I64, F32, F64]>:$limit,
                       0DTensorOf<[I32, I64, F32, F64]>:$delta);
  let results = (outs 1DTensorOf<[I32, I64, F32, F64]>:$output);
  let assemblyFormat = [{
    $start `,` $limit `,` $delta attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Lite_ShapeOp : Lite_BuiltinOp<"shape", "SHAPE", "ShapeOptions", [Lite_ShapeRule, Pure]> {
  let tfliteRuntimes = ["1.10.0"];
  let summary = "the dimensions of a tensor";
  let description = [{
    A vector with one entry per dimension of `input`; its element type is
    TFLite's `out_type`.

    ```mlir
    %s = lite.shape %x : (tensor<2x?xf32>) -> tensor<2xi32>
    ```
  }];
  let arguments = (ins Lite_Tensor:$input);
  let results = (outs Lite_IndexVector:$output);
  let assemblyFormat = "$input attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

class Lite_ReduceOp<string mnemonic, string op, string semantics>
    : Lite_BuiltinOp<mnemonic, op, "ReducerOptions", [
        Lite_ShapeRule, Pure, AllElementTypesMatch<["input", "output"]>]> {
  let summary = semantics # " over the given axes";
  let description = [{
    Reduces `input` to its }] # semantics # [{ over the dimensions listed in
    `axes` (negative counts from the end; duplicates allowed). With
    `keep_dims` the reduced dimensions stay with size 1.

    ```mlir
    %r = lite.}] # mnemonic # [{ %x, %axes {keep_dims = true} : (tensor<2x3xf32>, tensor<1xi32>) -> tensor<2x1xf32>
    ```
  }];
  let arguments = (ins Lite_NumericTensor:$input, Lite_IndexTensor:$axes,
                       DefaultValuedAttr<BoolAttr, "false">:$keep_dims);
  let results = (outs Lite_NumericTensor:$output);
  let assemblyFormat = [{
    $input `,` $axes attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::mlir::LogicalResult $cppClass::verify() {
      return verifyReduction(*this, getInput(), getAxes(), getKeepDims(),
                             getOutput());
    }
  }];
}

def Lite_SumOp : Lite_ReduceOp<"sum", "SUM", "the sum"> {
  let tfliteVersions = [
    TFLiteVersion<2, kI8>];
  let tfliteRuntimes = ["1.10.0", "1.15.0"];
}
def Lite_MeanOp : Lite_ReduceOp<"mean", "MEAN", "the mean"> {
  let tfliteVersions = [
    TFLiteVersion<3, kI16>,
    TFLiteVersion<2, kI8>];
  let tfliteRuntimes = ["1.6.0", "1.14.0", "2.4.0"];
}
def Lite_ReduceMaxOp : Lite_ReduceOp<"reduce_max", "REDUCE_MAX", "the maximum"> {
  let tfliteVersions = [
    TFLiteVersion<3, kI16>,
    TFLiteVersion<2, kI8>];
  let tfliteRuntimes = ["1.11.0", "1.14.0", "2.5.0"];
}
def Lite_ReduceMinOp : Lite_ReduceOp<"reduce_min", "REDUCE_MIN", "the minimum"> {
  let tfliteVersions = [
    TFLiteVersion<3, kI16>,
    TFLiteVersion<2, kI8>];
  let tfliteRuntimes = ["1.11.0", "1.14.0", "2.5.0"];
}
def Lite_ReduceProdOp : Lite_ReduceOp<"reduce_prod", "REDUCE_PROD",
    "the product"> {
  let tfliteVersions = [
    TFLiteVersion<2, "isOf(in, {Element::i8, Element::i16})">];
  let tfliteRuntimes = ["1.11.0", "2.6.0"];
}

// Normalised exponentials along the last dimension (TF's Softmax,
// LogSoftmax).
class Lite_SoftmaxFamilyOp<string mnemonic, string op, string options,
                           string formula>
    : Lite_BuiltinOp<mnemonic, op, options, [Pure,
                                             SameOperandsAndResultType]> {
  let summary = formula # " along the last dimension";
  let description = [{
    Along the last dimension of `input` (at least one dimension): with
    m = max(x) (NaN skipped) and s = sum(exp(beta (x - m))), the result is
    }] # formula # [{, computed in that order as TF's formula reads.

    ```mlir
    %r = lite.}] # mnemonic # [{ %x : tensor<2x3xf32>
    ```
  }];
  let assemblyFormat = "$input attr-dict `:` type($input)";
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::mlir::LogicalResult $cppClass::verify() {
      if (auto type = ::mlir::dyn_cast<::mlir::RankedTensorType>(
              getInput().getType()); type && type.getRank() == 0)
        return emitOpError("needs an input of at least one dimension");
      return ::mlir::success();
    }
  }];
}

def Lite_SoftmaxOp : Lite_SoftmaxFamilyOp<"softmax", "SOFTMAX",
    "SoftmaxOptions", "exp(beta (x - m)) / s"> {
  let arguments = (ins Lite_FloatTensor:$input,
                       DefaultValuedAttr<F32Attr, "1.0">:$beta);
  let results = (outs Lite_FloatTensor:$output);
  let tfliteVersions = [
    TFLiteVersion<3, kI16>,
    TFLiteVersion<2, "isOf(in, {Element::i8, Element::ui8})">];
  let tfliteRuntimes = ["1.5.0", "1.14.0", "2.3.0"];
}
def Lite_LogSoftmaxOp : Lite_SoftmaxFamilyOp<"log_softmax", "LOG_SOFTMAX",
    "LogSoftmaxOptions", "beta (x - m) - log(s) (beta = 1)"> {
  let arguments = (ins Lite_FloatTensor:$input);
  let results = (outs Lite_FloatTensor:$output);
  let tfliteVersions = [TFLiteVersion<2, kI8>];
  let tfliteRuntimes = ["1.14.0", "1.14.0"];
}

// Running sums and products along one axis (TF's Cumsum, Cumprod).
class Lite_ScanOp<string mnemonic, string op, string options, string fold>
    : Lite_BuiltinOp<mnemonic, op, options, [Lite_ShapeRule, Pure,
                                             AllTypesMatch<["input", "output"]>]> {
  let summary = "the running " # fold # " along an axis";
  let description = [{
    result[..., k, ...] is the }] # fold # [{ of input[..., j, ...] over
    j <= k along the scalar `axis` (negative counts from the end); with
    `exclusive` over j < k (the first is the identity), with `reverse`
    over j >= k (j > k). Elements are folded in order from the start
    (from the end with `reverse`), integers wrapping.

    ```mlir
    %r = lite.}] # mnemonic # [{ %x, %axis {exclusive = true} : (tensor<2x3xf32>, tensor<i32>) -> tensor<2x3xf32>
    ```
  }];
  let arguments = (ins Lite_NumericTensor:$input, Lite_IndexTensor:$axis,
                       DefaultValuedAttr<BoolAttr, "false">:$exclusive,
                       DefaultValuedAttr<BoolAttr, "false">:$reverse);
  let results = (outs Lite_NumericTensor:$output);
  let assemblyFormat = [{
    $input `,` $axis attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::mlir::LogicalResult $cppClass::verify() {
      return verifyScan(*this, getInput(), getAxis());
    }
  }];
}

def Lite_CumsumOp : Lite_ScanOp<"cumsum", "CUMSUM", "CumsumOptions", "sum"> {
  let tfliteRuntimes = ["2.4.0"];
}
def Lite_CumprodOp : Lite_ScanOp<"cumprod", "", "NONE", "product">;

// The index of the greatest or least element along one axis (TF's ArgMax,
// ArgMin): the first such index; NaN never wins; an empty axis is an error.
class Lite_ArgReduceOp<string mnemonic, string op, string options,
                       string extreme>
    : Lite_BuiltinOp<mnemonic, op, options, [Lite_ShapeRule, Pure]> {
  let summary = "the index of the " # extreme # " element along an axis";
  let description = [{
    The index along `axis` (a scalar or one-element vector; negative counts
    from the end) of the }] # extreme # [{ element of `input`: the first
    such index, comparing as TF's kernel does (an element replaces the best
    so far only when strictly beyond it, starting from the type's extreme,
    so NaN never wins and an axis of NaN gives 0). The result has the
    input's shape without that axis and int32 or int64 elements (TF's
    `output_type`). A reduction over an empty axis is an error.

    ```mlir
    %i = lite.}] # mnemonic # [{ %x, %axis : (tensor<2x3xf32>, tensor<i32>) -> tensor<2xi64>
    ```
  }];
  let arguments = (ins Lite_NumericTensor:$input, Lite_IndexTensor:$axis);
  let results = (outs Lite_IndexTensor:$output);
  let assemblyFormat = [{
    $input `,` $axis attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::mlir::LogicalResult $cppClass::verify() {
      return verifyArgReduction(*this, getInput(), getAxis(), getOutput());
    }
  }];
  let tfliteVersions = [
    TFLiteVersion<3, "isOf(in, {Element::i1})">,
    TFLiteVersion<2, kI8>];
  let tfliteRuntimes = ["1.9.0", "1.14.0", "2.9.0"];
}

def Lite_ArgMaxOp : Lite_ArgReduceOp<"arg_max", "ARG_MAX", "ArgMaxOptions",
                                     "greatest">;
def Lite_ArgMinOp : Lite_ArgReduceOp<"arg_min", "ARG_MIN", "ArgMinOptions",
                                     "least">;

def Lite_NonMaxSuppressionV4Op : Lite_BuiltinOp<"non_max_suppression_v4",
    "NON_MAX_SUPPRESSION_V4", "NonMaxSuppressionV4Options", [Pure]> {
  let tfliteRuntimes = ["2.1.0"];
  let summary = "greedy non-maximum suppression of boxes";
  let description = [{
    TF's NonMaxSuppressionV4 padded to `max_output_size` (TFLite's
    NON_MAX_SUPPRESSION_V4): the boxes (`[n, 4]`, corners `[y1, x1, y2, x2]`
    in either order) whose score is above `score_threshold` are taken in
    order of score (ties: the lower index first); each is selected unless
    its intersection over union with a box selected before is above
    `iou_threshold` (a box of no area overlaps nothing), until
    `max_output_size` are selected. `selected_indices` holds their indices
    in selection order, then zeros up to `max_output_size`;
    `valid_outputs` counts them. A negative `max_output_size`, an
    `iou_threshold` outside [0, 1] and scores that are not one per box are
    run-time errors.

    ```mlir
    %i, %n = lite.non_max_suppression_v4 %boxes, %scores, %max, %iou, %min : (tensor<6x4xf32>, tensor<6xf32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<3xi32>, tensor<i32>)
    ```
  }];
  let arguments = (ins TensorOf<[F32]>:$boxes, TensorOf<[F32]>:$scores,
                       0DTensorOf<[I32]>:$max_output_size,
                       0DTensorOf<[F32]>:$iou_threshold,
                       0DTensorOf<[F32]>:$score_threshold);
  let results = (outs TensorOf<[I32]>:$selected_indices,
                      0DTensorOf<[I32]>:$valid_outputs);
  let assemblyFormat = [{
    $boxes `,` $scores `,` $max_output_size `,` $iou_threshold `,`
      $score_threshold attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Lite_TopKOp : Lite_BuiltinOp<"top_k", "TOPK_V2", "TopKV2Options", [
    Lite_ShapeRule, Pure, AllElementTypesMatch<["input", "values"]>]> {
  let tfliteVersions = [
    TFLiteVersion<3, kI16>,
    TFLiteVersion<2, kI8>];
  let tfliteRuntimes = ["1.7.0", "1.14.0"];
  let summary = "the k greatest elements of each row and their indices";
  let description = [{
    Along the last dimension of `input` (rank >= 1), the `k` greatest
    elements in descending order and their indices (TF's TopKV2 with
    `sorted`, TFLite's TOPK_V2): equal elements keep their order, the lower
    index first (so -0 and +0 by position). `k` is a scalar in [0, n] for a
    last dimension of n, else a run-time error. TF's order of NaN is
    whatever its sort leaves (NaN breaks its comparison); here NaN ranks
    above every number, NaNs by position.

    ```mlir
    %v, %i = lite.top_k %x, %k : (tensor<2x5xf32>, tensor<i32>) -> (tensor<2x3xf32>, tensor<2x3xi32>)
    ```
  }];
  let arguments = (ins Lite_NumericTensor:$input, 0DTensorOf<[I32]>:$k);
  let results = (outs Lite_NumericTensor:$values, TensorOf<[I32]>:$indices);
  let assemblyFormat = [{
    $input `,` $k attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Linear algebra
//===----------------------------------------------------------------------===//

def Lite_FullyConnectedOp : Lite_BuiltinOp<"fully_connected",
    "FULLY_CONNECTED", "FullyConnectedOptions", [Lite_ShapeRule, Pure]> {
  let tfliteVersions = [
    TFLiteVersion<7, "isOf(in, {Element::i16}) && isOf(getFilter(), {Element::i16}) && isOf(getOutput(), {Element::i16})">,
    TFLiteVersion<6, "!getBias()">,
    TFLiteVersion<5, "getKeepNumDims()">,
    TFLiteVersion<4, "isOf(in, {Element::i8}) && isOf(getFilter(), {Element::i8}) && isOf(getOutput(), {Element::i8})">,
    TFLiteVersion<9, "isOf(in, {Element::f32}) && isOf(getFilter(), {Element::i8}) && isOf(getOutput(), {Element::f32}) && getAsymmetricQuantizeInputs()">,
    TFLiteVersion<3, "isOf(in, {Element::f32}) && isOf(getFilter(), {Element::i8}) && isOf(getOutput(), {Element::f32})">,
    TFLiteVersion<2, "getWeightsFormat() == ::sluice::lite::WeightsFormat::SHUFFLED4x16INT8">];
  let tfliteRuntimes = ["1.5.0", "1.10.0", "1.14.0", "1.14.0", "2.0.0", "2.1.0", "2.3.0", "2.3.0", "2.3.0", "2.11.0", "2.15.0", "2.17.0", "2.18.0", "2.21.0"];
  let summary = "a dense layer: input times transposed filter plus bias";
  let description = [{
    `filter` is `[units, depth]`; `input`'s last dimension is `depth`.
    Without `keep_num_dims` the input is flattened to `[n, depth]` and the
    result is `[n, units]`; with it the result keeps the input's leading
    dimensions and replaces the last by `units`. `bias` (`[units]`) is
    optional. The fused activation applies to the result.

    ```mlir
    %y = lite.fully_connected %x, %w, %b : (tensor<1x4xf32>, tensor<8x4xf32>, tensor<8xf32>) -> tensor<1x8xf32>
    ```
  }];
  let arguments = (ins Lite_Tensor:$input, Lite_Tensor:$filter,
                       Optional<Lite_Tensor>:$bias,
                       Lite_FusedActivation:$fused_activation_function,
                       DefaultValuedAttr<Lite_WeightsFormatAttr,
                         "::sluice::lite::WeightsFormat::DEFAULT">:$weights_format,
                       DefaultValuedAttr<BoolAttr, "false">:$keep_num_dims,
                       DefaultValuedAttr<BoolAttr, "false">:$asymmetric_quantize_inputs);
  let results = (outs Lite_Tensor:$output);
  let assemblyFormat = [{
    $input `,` $filter (`,` $bias^)? attr-dict `:`
      functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Windows over NHWC images: convolution and pooling
//===----------------------------------------------------------------------===//

// The attributes every 2-D window op has (TFLite's Conv2DOptions,
// DepthwiseConv2DOptions and Pool2DOptions share them): padding, strides
// and the fused activation. Output sizes and SAME's padding are
// sluice/Dialect/Lite/IR/WindowRules.h's.
class Lite_Conv2DBaseOp<string mnemonic, string op, string options,
                        dag extra, string weights>
    : Lite_BuiltinOp<mnemonic, op, options, [Lite_ShapeRule, Pure,
        AllElementTypesMatch<["input", "filter", "output"]>]> {
  let arguments = !con((ins Lite_NumericTensor:$input,
                            Lite_NumericTensor:$filter,
                            Optional<Lite_NumericTensor>:$bias,
                            Lite_PaddingAttr:$padding,
                            ConfinedAttr<I32Attr, [IntPositive]>:$stride_w,
                            ConfinedAttr<I32Attr, [IntPositive]>:$stride_h),
                       extra,
                       (ins ConfinedAttr<DefaultValuedAttr<I32Attr, "1">,
                                         [IntPositive]>:$dilation_w_factor,
                            ConfinedAttr<DefaultValuedAttr<I32Attr, "1">,
                                         [IntPositive]>:$dilation_h_factor,
                            Lite_FusedActivation:$fused_activation_function));
  let results = (outs Lite_NumericTensor:$output);
  let assemblyFormat = [{
    $input `,` $filter (`,` $bias^)? attr-dict `:`
      functional-type(operands, results)
  }];
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::mlir::LogicalResult $cppClass::verify() {
      return verifyConvolution(*this, }] # weights # [{);
    }
  }];
}

def Lite_Conv2DOp : Lite_Conv2DBaseOp<"conv_2d", "CONV_2D", "Conv2DOptions",
                                      (ins), "/*depthMultiplier=*/0"> {
  let tfliteRuntimes = ["1.5.0"];
  let summary = "a 2-D convolution of an NHWC image";
  let description = [{
    `input` is [batch, height, width, channels], `filter` is
    [out_channels, filter_height, filter_width, channels] (TFLite's OHWI;
    TF's HWIO filter is transposed at import) and the optional `bias`
    [out_channels]. Each output position sums input times filter over the
    window the strides and dilations place, from 0 in order of filter row,
    column and channel; then the bias is added and the fused activation
    applied. With SAME padding the input is surrounded by zeros so the
    output has ceil(size / stride) positions (the extra zero, if odd, after),
    with VALID it is not padded: (size - (filter - 1) * dilation - 1) /
    stride + 1 positions, an error when the window does not fit.

    ```mlir
    %y = lite.conv_2d %x, %w, %b {padding = #lite.padding<SAME>, stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x5x5x2xf32>, tensor<4x3x3x2xf32>, tensor<4xf32>) -> tensor<1x5x5x4xf32>
    ```
  }];
}

def Lite_DepthwiseConv2DOp : Lite_Conv2DBaseOp<"depthwise_conv_2d",
    "DEPTHWISE_CONV_2D", "DepthwiseConv2DOptions",
    (ins ConfinedAttr<I32Attr, [IntPositive]>:$depth_multiplier),
    "getDepthMultiplier()"> {
  let tfliteVersions = [
    TFLiteVersion<2, "getDilationWFactor() != 1 || getDilationHFactor() != 1">];
  let tfliteRuntimes = ["1.5.0", "1.12.0"];
  let summary = "a 2-D convolution of each channel of an NHWC image apart";
  let description = [{
    `input` is [batch, height, width, channels], `filter` is
    [1, filter_height, filter_width, channels * depth_multiplier] and the
    optional `bias` [channels * depth_multiplier]: output channel
    c * depth_multiplier + m convolves input channel c with filter channel
    c * depth_multiplier + m (TF's [h, w, channels, multiplier] filter
    reshaped at import). Padding, strides, dilations and the order of the
    sums are conv_2d's.

    ```mlir
    %y = lite.depthwise_conv_2d %x, %w {depth_multiplier = 2 : i32, padding = #lite.padding<VALID>, stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x5x5x3xf32>, tensor<1x3x3x6xf32>) -> tensor<1x3x3x6xf32>
    ```
  }];
}

// A 2-D pooling window over an NHWC image (TFLite's Pool2DOptions).
class Lite_Pool2DOp<string mnemonic, string op, string brief,
                    Type element, string fold>
    : Lite_BuiltinOp<mnemonic, op, "Pool2DOptions", [Lite_ShapeRule, Pure,
        AllElementTypesMatch<["input", "output"]>]> {
  let tfliteVersions = [TFLiteVersion<3, kI16>, TFLiteVersion<2, kI8>];
  let tfliteRuntimes = ["1.5.0", "1.14.0", "2.3.0"];
  let summary = brief;
  let description = [{
    `input` is [batch, height, width, channels]; each output element is the
    }] # fold # [{ of the filter_height x filter_width window the strides
    place, per channel. With SAME padding the windows are placed as
    conv_2d's and only the input elements inside a window count; with
    VALID every window lies inside the input.

    ```mlir
    %y = lite.}] # mnemonic # [{ %x {filter_height = 2 : i32, filter_width = 2 : i32, padding = #lite.padding<VALID>, stride_h = 2 : i32, stride_w = 2 : i32} : (tensor<1x4x4x3xf32>) -> tensor<1x2x2x3xf32>
    ```
  }];
  let arguments = (ins element:$input, Lite_PaddingAttr:$padding,
                       ConfinedAttr<I32Attr, [IntPositive]>:$stride_w,
                       ConfinedAttr<I32Attr, [IntPositive]>:$stride_h,
                       ConfinedAttr<I32Attr, [IntPositive]>:$filter_width,
                       ConfinedAttr<I32Attr, [IntPositive]>:$filter_height,
                       Lite_FusedActivation:$fused_activation_function);
  let results = (outs element:$output);
  let assemblyFormat = [{
    $input attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::mlir::LogicalResult $cppClass::verify() { return verifyPool(*this); }
  }];
}

def Lite_MaxPool2DOp : Lite_Pool2DOp<"max_pool_2d", "MAX_POOL_2D",
    "the greatest element of each window", Lite_NumericTensor,
    "greatest element, starting from the type's lowest finite value and "
    "replacing it only by a greater element (so NaN never wins and a window "
    "of -inf gives the lowest finite value, as TF's and TFLite's kernels)">;
def Lite_AveragePool2DOp : Lite_Pool2DOp<"average_pool_2d", "AVERAGE_POOL_2D",
    "the mean of each window", Lite_FloatTensor,
    "sum (in row-major order of the window) divided by the number of input "
    "elements in the window">;

def Lite_BatchMatMulOp : Lite_BuiltinOp<"batch_matmul", "BATCH_MATMUL",
    "BatchMatMulOptions", [Lite_ShapeRule, Pure, AllElementTypesMatch<["x", "y", "output"]>]> {
  let tfliteVersions = [
    TFLiteVersion<3, kI16>,
    TFLiteVersion<2, kI8>,
    TFLiteVersion<4, "isOf(in, {Element::f32}) && isOf(getY(), {Element::i8}) && isOf(getOutput(), {Element::f32}) && getAsymmetricQuantizeInputs()">];
  let tfliteRuntimes = ["2.3.0", "2.3.0", "2.4.0", "2.5.0"];
  let summary = "batched matrix product with broadcast batch dimensions";
  let description = [{
    Multiplies the last two dimensions of `x` and `y` (each transposed first
    when `adj_x` / `adj_y`); leading dimensions broadcast like numpy.

    ```mlir
    %z = lite.batch_matmul %x, %y : (tensor<2x3x4xf32>, tensor<4x5xf32>) -> tensor<2x3x5xf32>
    ```
  }];
  let arguments = (ins Lite_NumericTensor:$x, Lite_NumericTensor:$y,
                       DefaultValuedAttr<BoolAttr, "false">:$adj_x,
                       DefaultValuedAttr<BoolAttr, "false">:$adj_y,
                       DefaultValuedAttr<BoolAttr, "false">:$asymmetric_quantize_inputs);
  let results = (outs Lite_NumericTensor:$output);
  let assemblyFormat = [{
    $x `,` $y attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

include "sluice/Dialect/Lite/IR/LiteControlFlowOps.td"

include "sluice/Dialect/Lite/IR/LiteListOps.td"

include "sluice/Dialect/Lite/IR/LiteVariableOps.td"

include "sluice/Dialect/Lite/IR/LiteMessageOps.td"

#endif // SLUICE_DIALECT_LITE_IR_LITEOPS_TD
