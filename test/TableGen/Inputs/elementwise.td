// Records for sluice-tblgen's elementwise backends (elementwise.test): the
// fields of LiteOps.td's Lite_Elementwise on a dialect of the same name.
include "mlir/IR/OpBase.td"

def Lite_Dialect : Dialect {
  let name = "lite";
  let cppNamespace = "::sluice::lite";
}

class Lite_Elementwise {
  list<string> tfOps = [];
  string kernelTypes = "float";
  code scalar = "";
  string kernelCheck = "";
  code lowering = "";
  string tfTolerance = "exact";
  string derivative = "";
  string rhsDerivative = "";
  string tfliteDecomposition = "";
  string tfliteRefusal = "";
  bit tfliteSameShapes = 0;
}
class Lite_UnaryOp<string mnemonic, string builtin = "">
    : Op<Lite_Dialect, mnemonic>, Lite_Elementwise {
  let arguments = (ins AnyTensor:$input);
  let results = (outs AnyTensor:$output);
  string tfliteBuiltin = builtin;
}
class Lite_PredicateOp<string mnemonic>
    : Op<Lite_Dialect, mnemonic>, Lite_Elementwise {
  let arguments = (ins AnyTensor:$input);
  let results = (outs AnyTensor:$output);
  string tfliteBuiltin = "";
}
class Lite_BinaryOp<string mnemonic, string builtin = "">
    : Op<Lite_Dialect, mnemonic>, Lite_Elementwise {
  let arguments = (ins AnyTensor:$lhs, AnyTensor:$rhs);
  let results = (outs AnyTensor:$output);
  string tfliteBuiltin = builtin;
}
class Lite_BinaryActivationOp<string mnemonic> : Lite_BinaryOp<mnemonic, "X"> {
  let arguments = (ins AnyTensor:$lhs, AnyTensor:$rhs,
                       F32Attr:$fused_activation_function);
}
class Lite_CompareOp<string mnemonic> : Op<Lite_Dialect, mnemonic> {
  let arguments = (ins AnyTensor:$lhs, AnyTensor:$rhs);
  let results = (outs AnyTensor:$output);
}

def Lite_MulOp : Lite_BinaryActivationOp<"mul">;
def Lite_AddOp : Lite_BinaryActivationOp<"add">;
def Lite_DivOp : Lite_BinaryActivationOp<"div">;
def Lite_NegOp : Lite_UnaryOp<"neg", "NEG">;
def Lite_NotEqualOp : Lite_CompareOp<"not_equal">;
def Lite_CosOp : Lite_UnaryOp<"cos", "COS"> {
  let tfOps = ["Cos"];
  let scalar = [{ std::cos(x) }];
  let lowering = [{ math::CosOp::create(b, loc, x) }];
}
def Lite_SinOp : Lite_UnaryOp<"sin", "SIN"> {
  let tfOps = ["Sin"];
  let scalar = [{ std::sin(x) }];
  let lowering = [{ math::SinOp::create(b, loc, x) }];
  let derivative = "mul(g, cos(x))";
}
def Lite_LeakyReluOp : Lite_UnaryOp<"leaky_relu", "LEAKY_RELU"> {
  let arguments = (ins AnyTensor:$input, F32Attr:$alpha);
  let tfOps = ["LeakyRelu"];
  let derivative = "mul(g, alpha)";
}
def Lite_IsNanOp : Lite_PredicateOp<"is_nan"> {
  let tfOps = ["IsNan"];
  let scalar = [{ std::isnan(x) }];
  let tfliteDecomposition = "not_equal(x, x)";
}
def Lite_Atan2Op : Lite_BinaryOp<"atan2", "ATAN2"> {
  let tfOps = ["Atan2"];
  let scalar = [{ std::atan2(x, y) }];
  let lowering = [{ math::Atan2Op::create(b, loc, x, y) }];
  let derivative = "mul(g, div(y, add(mul(x, x), mul(y, y))))";
  let rhsDerivative = "neg(mul(g, div(x, add(mul(x, x), mul(y, y)))))";
  let tfliteSameShapes = 1;
}
def Lite_SubOp : Lite_BinaryActivationOp<"sub"> {
  let tfOps = ["Sub"];
  let kernelTypes = "numeric";
  let kernelCheck = "nonzeroDivisor";
  let scalar = [{ wrapSub(x, y) }];
  let lowering = [{ m.sub(x, y) }];
  let derivative = "g";
  let rhsDerivative = "neg(g)";
}
def Lite_ErfOp : Lite_UnaryOp<"erf"> {
  let tfliteRefusal = "no ERF builtin";
}
#ifdef UNKNOWN_OP
def Lite_BadOp : Lite_UnaryOp<"bad", "B"> { let derivative = "mul(g, tan(x))"; }
#endif
#ifdef UNKNOWN_VALUE
def Lite_BadOp : Lite_UnaryOp<"bad", "B"> { let derivative = "mul(g, y)"; }
#endif
#ifdef ARITY
def Lite_BadOp : Lite_UnaryOp<"bad", "B"> { let derivative = "mul(g)"; }
#endif
#ifdef TRAILING
def Lite_BadOp : Lite_UnaryOp<"bad", "B"> { let derivative = "mul(g, x) x"; }
#endif
#ifdef KERNEL_TYPES
def Lite_BadOp : Lite_UnaryOp<"bad", "B"> { let scalar = "x"; let kernelTypes = "integer"; }
#endif
#ifdef ONE_SIDED
def Lite_BadOp : Lite_BinaryOp<"bad", "B"> { let derivative = "g"; }
#endif
#ifdef ATTRIBUTED_CALL
def Lite_BadOp : Lite_UnaryOp<"bad", "B"> { let derivative = "leaky_relu(g)"; }
#endif
#ifdef KERNEL_CHECK
def Lite_BadOp : Lite_BinaryOp<"bad", "B"> { let scalar = "x"; let kernelTypes = "numeric"; let kernelCheck = "positive"; }
#endif
#ifdef CHECK_NOT_NUMERIC
def Lite_BadOp : Lite_BinaryOp<"bad", "B"> { let scalar = "x"; let kernelCheck = "nonzeroDivisor"; }
#endif
#ifdef NO_EXPORT
def Lite_BadOp : Lite_UnaryOp<"bad"> { }
#endif
#ifdef BUILTIN_REFUSED
def Lite_BadOp : Lite_UnaryOp<"bad", "B"> { let tfliteRefusal = "why"; }
#endif
#ifdef SAME_SHAPES_UNARY
def Lite_BadOp : Lite_UnaryOp<"bad", "B"> { let tfliteSameShapes = 1; }
#endif
