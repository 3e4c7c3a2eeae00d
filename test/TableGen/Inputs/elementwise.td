// Records for sluice-tblgen's elementwise backends (elementwise.test): the
// fields of LiteOps.td's Lite_UnaryOp on a dialect of the same name.
include "mlir/IR/OpBase.td"

def Lite_Dialect : Dialect {
  let name = "lite";
  let cppNamespace = "::sluice::lite";
}

class Lite_UnaryOp<string mnemonic> : Op<Lite_Dialect, mnemonic> {
  let arguments = (ins AnyTensor:$input);
  let results = (outs AnyTensor:$output);
  list<string> tfOps = [];
  string kernelTypes = "float";
  code scalar = "";
  code lowering = "";
  string tfTolerance = "exact";
  string derivative = "";
  string tfliteBuiltin = "";
}
class Lite_BinaryActivationOp<string mnemonic> : Op<Lite_Dialect, mnemonic> {
  let arguments = (ins AnyTensor:$lhs, AnyTensor:$rhs);
  let results = (outs AnyTensor:$output);
}

def Lite_MulOp : Lite_BinaryActivationOp<"mul">;
def Lite_CosOp : Lite_UnaryOp<"cos"> {
  let tfOps = ["Cos"];
  let scalar = [{ std::cos(x) }];
  let lowering = [{ math::CosOp::create(b, loc, x) }];
}
def Lite_SinOp : Lite_UnaryOp<"sin"> {
  let tfOps = ["Sin"];
  let scalar = [{ std::sin(x) }];
  let lowering = [{ math::SinOp::create(b, loc, x) }];
  let derivative = "mul(g, cos(x))";
}
#ifdef UNKNOWN_OP
def Lite_BadOp : Lite_UnaryOp<"bad"> { let derivative = "mul(g, tan(x))"; }
#endif
#ifdef UNKNOWN_VALUE
def Lite_BadOp : Lite_UnaryOp<"bad"> { let derivative = "mul(g, y)"; }
#endif
#ifdef ARITY
def Lite_BadOp : Lite_UnaryOp<"bad"> { let derivative = "mul(g)"; }
#endif
#ifdef TRAILING
def Lite_BadOp : Lite_UnaryOp<"bad"> { let derivative = "mul(g, x) x"; }
#endif
#ifdef KERNEL_TYPES
def Lite_BadOp : Lite_UnaryOp<"bad"> { let scalar = "x"; let kernelTypes = "bool"; }
#endif
