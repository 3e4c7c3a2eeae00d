//===- LiteElementwiseGen.cpp - code from the elementwise op records ------===//
//
// sluice-tblgen's backends for the lite dialect's elementwise ops. Each op is
// one record in LiteOps.td (a Lite_UnaryOp, ...) whose fields say, once, what
// every layer needs of it:
//
//   tfOps        TF ops that import as it (same operands, no attributes)
//   kernelTypes  the element types its reference kernel computes on
//   scalar       its value on one element `x` of C++ type T
//   lowering     the arith/math ops computing one element `x` (ElementMath m)
//   derivative   dx as an expression over lite ops of x, out and g
//
//            LiteOps.td record
//                   |  sluice-tblgen
//    .--------------+--------------+-----------------+---------------.
//    v              v              v                 v               v
//  kernels       lowering       gradient         TF import       lite-ops.json
//  (lib/Kernels) (LiteToLinalg) (LiteGradients)  (GraphDef)      (docs/generated,
//                                                                 read by Python)
//
// Each backend writes a .inc that the one file of its kind includes, so a
// new elementwise op changes its record and nothing else.
//
//===----------------------------------------------------------------------===//

#include "mlir/TableGen/GenInfo.h"
#include "mlir/TableGen/Operator.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/TableGen/Error.h"
#include "llvm/TableGen/Record.h"
#include "llvm/TableGen/TableGenBackend.h"

using namespace llvm;
using mlir::tblgen::Operator;

namespace {

/// The records of the elementwise ops that have their facts on the record,
/// in definition order (a unary op without `scalar` is still written by
/// hand).
std::vector<const Record *> unaryRecords(const RecordKeeper &records) {
  std::vector<const Record *> result;
  for (const Record *def : records.getAllDerivedDefinitions("Lite_UnaryOp"))
    result.push_back(def);
  return result;
}

/// The C++ class of the op, qualified (`::sluice::lite::TanhOp`).
std::string qualifiedClass(const Record *def) {
  return Operator(def).getQualCppClassName();
}

StringRef mnemonic(const Record *def) {
  return def->getValueAsString("opName");
}

/// The interpreter's helper that evaluates a unary function over the
/// element types a record names in `kernelTypes`.
StringRef unaryDispatcher(const Record *def) {
  StringRef types = def->getValueAsString("kernelTypes");
  if (types == "float")
    return "floatUnary";
  if (types == "numeric")
    return "numericUnary";
  PrintFatalError(def->getLoc(),
                  "kernelTypes must be \"float\" or \"numeric\", not \"" +
                      types + "\"");
}

//===----------------------------------------------------------------------===//
// Reference kernels
//===----------------------------------------------------------------------===//

/// One TypeSwitch case per op with a `scalar`, for
/// evaluateElementwiseOp (lib/Kernels/ElementwiseKernels.cpp), which defines
/// floatUnary and numericUnary.
bool emitKernels(const RecordKeeper &records, raw_ostream &os) {
  emitSourceFileHeader("Reference kernels of the elementwise op records",
                       os, records);
  for (const Record *def : unaryRecords(records)) {
    StringRef scalar = def->getValueAsString("scalar");
    if (scalar.trim().empty())
      continue;
    os << formatv("      .Case([&]({0}) {{\n"
                  "        return {1}([](auto x) {{\n"
                  "          using T [[maybe_unused]] = decltype(x);\n"
                  "          return T({2});\n"
                  "        });\n"
                  "      })\n",
                  qualifiedClass(def), unaryDispatcher(def), scalar.trim());
  }
  return false;
}

//===----------------------------------------------------------------------===//
// Lowerings to arith/math
//===----------------------------------------------------------------------===//

/// Per op with a `lowering`, a struct whose compute builds one element;
/// then SLUICE_UNARY_LOWERINGS, the list of UnaryLowering patterns for
/// populateElementwisePatterns (lib/Conversion/LiteToLinalg).
bool emitLowerings(const RecordKeeper &records, raw_ostream &os) {
  emitSourceFileHeader("Lowerings of the elementwise op records", os,
                       records);
  SmallVector<std::string> patterns;
  for (const Record *def : unaryRecords(records)) {
    StringRef lowering = def->getValueAsString("lowering");
    if (lowering.trim().empty())
      continue;
    std::string element = (Operator(def).getCppClassName() + "Element").str();
    os << formatv("/// One element of {0}.\n"
                  "struct {1} {{\n"
                  "  static Value compute(const ElementMath &m, Value x) {{\n"
                  "    [[maybe_unused]] OpBuilder &b = m.builder;\n"
                  "    [[maybe_unused]] Location loc = m.loc;\n"
                  "    return {2};\n"
                  "  }\n"
                  "};\n\n",
                  mnemonic(def), element, lowering.trim());
    patterns.push_back(
        formatv("UnaryLowering<{0}, {1}>", qualifiedClass(def), element));
  }
  os << "#define SLUICE_UNARY_LOWERINGS \\\n    "
     << join(patterns, ", \\\n    ") << "\n";
  return false;
}

//===----------------------------------------------------------------------===//
// Gradient rules
//===----------------------------------------------------------------------===//

/// A derivative expression, parsed: `mul(g, sub(1, mul(out, out)))`.
/// Leaves are x (the operand), out (the result), g (the result's gradient)
/// and numbers (scalars of the gradient's element type); calls name lite
/// ops by mnemonic.
class DerivativeParser {
public:
  DerivativeParser(const Record *def, StringRef text,
                   const StringMap<const Record *> &ops)
      : def(def), text(text), ops(ops) {}

  /// The C++ statements building the derivative with GradientExpr `e`, one
  /// op each in post-order (so the ops are created in a fixed order), and
  /// the name of the value that holds it.
  std::pair<std::string, std::string> parse() {
    std::string result = expression();
    skipSpace();
    if (position != text.size())
      fail("unexpected '" + text.substr(position).str() + "'");
    return {statements, result};
  }

  /// Which forward values the expression reads (x, out).
  const StringSet<> &getReads() const { return reads; }

private:
  [[noreturn]] void fail(const Twine &message) {
    PrintFatalError(def->getLoc(), "derivative \"" + text + "\" at " +
                                       Twine(position) + ": " + message);
  }

  void skipSpace() {
    while (position < text.size() && isSpace(text[position]))
      ++position;
  }

  std::string expression() {
    skipSpace();
    size_t start = position;
    if (position < text.size() &&
        (isDigit(text[position]) || text[position] == '-' ||
         text[position] == '.')) {
      ++position;
      while (position < text.size() &&
             (isDigit(text[position]) || text[position] == '.'))
        ++position;
      return define(("e.constant(" + text.slice(start, position) + ")").str());
    }
    while (position < text.size() &&
           (isAlnum(text[position]) || text[position] == '_'))
      ++position;
    StringRef name = text.slice(start, position);
    if (name.empty())
      fail("expected a name, a number or a call");
    skipSpace();
    if (position >= text.size() || text[position] != '(') {
      if (name == "x" || name == "out") {
        reads.insert(name);
        return name == "x" ? "x" : "result";
      }
      if (name == "g")
        return "grad";
      fail("unknown value '" + name + "' (x, out and g are known)");
    }
    ++position; // (
    SmallVector<std::string> arguments;
    while (true) {
      arguments.push_back(expression());
      skipSpace();
      if (position < text.size() && text[position] == ',') {
        ++position;
        continue;
      }
      if (position < text.size() && text[position] == ')') {
        ++position;
        break;
      }
      fail("expected ',' or ')'");
    }
    auto it = ops.find(name);
    if (it == ops.end())
      fail("'" + name + "' is not the mnemonic of a lite op");
    const Record *op = it->second;
    unsigned operands = Operator(op).getNumOperands();
    if (operands != arguments.size())
      fail("'" + name + "' takes " + Twine(operands) + " operands, given " +
           Twine(arguments.size()));
    // How the op is built: its result type follows from its operands.
    StringRef form = op->isSubClassOf("Lite_CompareOp") ? "compare"
                     : op->isSubClassOf("Lite_BinaryActivationOp")
                         ? "binaryActivation"
                     : operands == 1 ? "unary"
                                     : "binary";
    return define(formatv("e.{0}<{1}>({2})", form, qualifiedClass(op),
                          join(arguments, ", ")));
  }

  /// A statement `Value vN = value;`; returns vN.
  std::string define(const std::string &value) {
    std::string name = "v" + std::to_string(temporaries++);
    statements += "  Value " + name + " = " + value + ";\n";
    return name;
  }

  const Record *def;
  StringRef text;
  const StringMap<const Record *> &ops;
  size_t position = 0;
  StringSet<> reads;
  std::string statements;
  unsigned temporaries = 0;
};

/// The lite ops by mnemonic, for the derivative expressions.
StringMap<const Record *> opsByMnemonic(const RecordKeeper &records) {
  StringMap<const Record *> ops;
  for (const Record *def : records.getAllDerivedDefinitions("Op"))
    if (def->getValueAsDef("opDialect")->getValueAsString("name") == "lite")
      ops[def->getValueAsString("opName")] = def;
  return ops;
}

/// Per op with a `derivative`, gradientOf and readsOf for GradientModel
/// (lib/Dialect/Lite/IR/LiteGradients.cpp, which defines GradientExpr), then
/// SLUICE_GENERATED_GRADIENT_OPS, the ops to attach them to.
bool emitGradients(const RecordKeeper &records, raw_ostream &os) {
  emitSourceFileHeader("Gradient rules of the elementwise op records", os,
                       records);
  StringMap<const Record *> ops = opsByMnemonic(records);
  SmallVector<std::string> attached;
  for (const Record *def : unaryRecords(records)) {
    StringRef derivative = def->getValueAsString("derivative");
    if (derivative.trim().empty())
      continue;
    DerivativeParser parser(def, derivative.trim(), ops);
    auto [statements, value] = parser.parse();
    std::string cls = qualifiedClass(def);
    os << formatv(
        "/// d {0}: {1}\n"
        "LogicalResult gradientOf({2} op, OpBuilder &builder, ValueRange g,\n"
        "                         SmallVectorImpl<Value> &operandGradients) {{\n"
        "  GradientExpr e(builder, op);\n"
        "  [[maybe_unused]] Value x = op->getOperand(0);\n"
        "  [[maybe_unused]] Value result = op->getResult(0);\n"
        "  [[maybe_unused]] Value grad = g[0];\n"
        "{3}"
        "  operandGradients.assign({{{4}});\n"
        "  return success();\n"
        "}\n",
        mnemonic(def), derivative.trim(), cls, statements, value);
    os << formatv("void readsOf({0} op, SmallVectorImpl<Value> &reads) {{\n",
                  cls);
    if (parser.getReads().contains("x"))
      os << "  reads.push_back(op->getOperand(0));\n";
    if (parser.getReads().contains("out"))
      os << "  reads.push_back(op->getResult(0));\n";
    os << "}\n\n";
    attached.push_back(cls);
  }
  os << "#define SLUICE_GENERATED_GRADIENT_OPS "
     << join(attached, ", ") << "\n";
  return false;
}

//===----------------------------------------------------------------------===//
// TF import rows
//===----------------------------------------------------------------------===//

/// One OpTable row per TF op a record names (lib/Target/GraphDef/OpTable.cpp).
bool emitTFImport(const RecordKeeper &records, raw_ostream &os) {
  emitSourceFileHeader("TF import rows of the elementwise op records", os,
                       records);
  for (const Record *def : unaryRecords(records))
    for (StringRef tfOp : def->getValueAsListOfStrings("tfOps"))
      os << formatv("  {{\"{0}\", {1}::getOperationName(), "
                    "ResultRule::SameAsInput, AttrRule::Plain},\n",
                    tfOp, qualifiedClass(def));
  return false;
}

//===----------------------------------------------------------------------===//
// The op table for Python (docs/generated/lite-ops.json)
//===----------------------------------------------------------------------===//

bool emitOpTableJson(const RecordKeeper &records, raw_ostream &os) {
  json::Array ops;
  for (const Record *def : unaryRecords(records)) {
    json::Object op;
    op["mnemonic"] = mnemonic(def);
    op["kind"] = "unary";
    json::Array tfOps;
    for (StringRef tfOp : def->getValueAsListOfStrings("tfOps"))
      tfOps.push_back(tfOp);
    op["tf_ops"] = std::move(tfOps);
    op["kernel_types"] = def->getValueAsString("kernelTypes");
    op["tf_tolerance"] = def->getValueAsString("tfTolerance");
    op["generated"] = !def->getValueAsString("scalar").trim().empty();
    op["gradient"] = !def->getValueAsString("derivative").trim().empty();
    op["tflite_builtin"] = def->getValueAsString("tfliteBuiltin");
    ops.push_back(std::move(op));
  }
  os << formatv("{0:2}", json::Value(json::Object{{"ops", std::move(ops)}}))
     << "\n";
  return false;
}

// One registration per backend, as -gen-<name>.
const mlir::GenRegistration registrations[] = {
    {"gen-lite-elementwise-kernels", "Reference kernels of elementwise ops",
     emitKernels},
    {"gen-lite-elementwise-lowerings",
     "arith/math lowerings of elementwise ops", emitLowerings},
    {"gen-lite-elementwise-gradients", "Gradient rules of elementwise ops",
     emitGradients},
    {"gen-lite-tf-import", "TF import rows of elementwise ops", emitTFImport},
    {"gen-lite-op-table-json", "The elementwise op table as JSON",
     emitOpTableJson},
};

} // namespace
