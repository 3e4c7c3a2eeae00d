//===- LiteElementwiseGen.cpp - code from the elementwise op records ------===//
//
// sluice-tblgen's backends for the lite dialect's elementwise ops. Each op is
// one record in LiteOps.td (a Lite_Elementwise: Lite_UnaryOp,
// Lite_PredicateOp, Lite_BinaryOp) whose fields say, once, what every layer
// needs of it:
//
//   tfOps        TF ops that import as it (attributes of the same names)
//   kernelTypes  the element types its reference kernel computes on
//   scalar       its value on the elements `x` (and `y`) of C++ type T
//   lowering     the arith/math ops computing one element (ElementMath m)
//   derivative   dx (rhsDerivative: dy) as an expression over lite ops
//   tfliteDecomposition / tfliteRefusal  how an op without a TFLite
//                builtin is exported
//
//                          LiteOps.td record
//                                 |  sluice-tblgen
//    .-----------+-----------+----+------+-------------+--------------.
//    v           v           v           v             v              v
//  kernels    lowering    gradient    TF import    TFLite lite-ops.json (lib/
//  (LiteTo-    (Lite-      (GraphDef    decompositions  (docs/generated,
//   Kernels)   Linalg)     Gradients)  OpTable)     and refusals)   read by
//   Python)
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

/// The elementwise op records (Lite_Elementwise), in the order the
/// RecordKeeper holds them (by name).
std::vector<const Record *> elementwiseRecords(const RecordKeeper &records) {
  std::vector<const Record *> result;
  for (const Record *def : records.getAllDerivedDefinitions("Lite_Elementwise"))
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

/// What the record's op is: "unary" (result of the operand's type),
/// "predicate" (one operand, bool result of its shape), "binary" (two
/// operands broadcast like numpy) or "compare" (the same with a bool
/// result).
StringRef kindOf(const Record *def) {
  unsigned operands = Operator(def).getNumOperands();
  if (operands == 2)
    return def->isSubClassOf("Lite_CompareOp") ? "compare" : "binary";
  if (operands != 1)
    PrintFatalError(def->getLoc(),
                    "an elementwise record has one or two operands");
  return def->isSubClassOf("Lite_PredicateOp") ? "predicate" : "unary";
}

/// Whether the record's op carries TFLite's fused activation function.
bool hasActivation(const Record *def) {
  for (const mlir::tblgen::NamedAttribute &attr : Operator(def).getAttributes())
    if (attr.name == "fused_activation_function")
      return true;
  return false;
}

/// The Precondition (ElementwiseKernels.cpp) and ArithmeticCheck
/// (ElementwisePatterns.cpp) enumerator of the record's `kernelCheck`.
StringRef kernelCheck(const Record *def) {
  StringRef check = def->getValueAsString("kernelCheck");
  if (check.empty())
    return "None";
  if (check == "nonzeroDivisor")
    return "NonzeroDivisor";
  if (check == "nonnegativeExponent")
    return "NonnegativeExponent";
  PrintFatalError(def->getLoc(), "unknown kernelCheck \"" + check + "\"");
}

/// Whether the record's kernel and lowering are arithmetic's: a numeric
/// binary op with a check or a fused activation.
bool isArithmetic(const Record *def) {
  bool arithmetic = hasActivation(def) || kernelCheck(def) != "None";
  if (arithmetic && (kindOf(def) != "binary" ||
                     def->getValueAsString("kernelTypes") != "numeric"))
    PrintFatalError(def->getLoc(), "a fused activation or `kernelCheck` is "
                                   "for a binary op of kernelTypes "
                                   "\"numeric\"");
  return arithmetic;
}

/// The names the scalar and lowering expressions see as elements.
SmallVector<StringRef, 2> elementNames(const Record *def) {
  if (Operator(def).getNumOperands() == 2)
    return {"x", "y"};
  return {"x"};
}

/// The interpreter's helper that evaluates the record's op over the element
/// types it names in `kernelTypes` (`floatUnary`, `integerBinary`, ...).
std::string kernelDispatcher(const Record *def) {
  StringRef types = def->getValueAsString("kernelTypes");
  StringRef kind = kindOf(def);
  // What each kind of op has a dispatcher for (ElementwiseKernels.cpp).
  bool known = kind == "compare"     ? types == "any"
               : kind == "predicate" ? types == "float"
               : kind == "binary"
                   ? types == "float" || types == "numeric" ||
                         types == "integer" || types == "bool"
                   : types == "float" || types == "numeric" || types == "bool";
  if (!known)
    PrintFatalError(def->getLoc(), "a generated " + kind +
                                       " kernel does not take kernelTypes \"" +
                                       types + "\"");
  std::string suffix = kind.str();
  suffix[0] = toUpper(suffix[0]);
  return (types + suffix).str();
}

//===----------------------------------------------------------------------===//
// Reference kernels
//===----------------------------------------------------------------------===//

/// One TypeSwitch case per op with a `scalar`, for
/// evaluateElementwiseOp (lib/Kernels/ElementwiseKernels.cpp), which defines
/// the dispatchers (floatUnary, numericBinary, floatPredicate, ...).
bool emitKernels(const RecordKeeper &records, raw_ostream &os) {
  emitSourceFileHeader("Reference kernels of the elementwise op records", os,
                       records);
  for (const Record *def : elementwiseRecords(records)) {
    StringRef scalar = def->getValueAsString("scalar");
    if (scalar.trim().empty())
      continue;
    SmallVector<std::string, 2> parameters;
    for (StringRef name : elementNames(def))
      parameters.push_back(("auto " + name).str());
    StringRef kind = kindOf(def);
    StringRef resultType =
        kind == "predicate" || kind == "compare" ? "bool" : "T";
    std::string dispatcher =
        isArithmetic(def)
            ? ("arithmetic(Precondition::" + kernelCheck(def) + ", ").str()
            : kernelDispatcher(def) + "(";
    os << formatv("      .Case([&]([[maybe_unused]] {0} op) {{\n"
                  "        return {1}[&]({2}) {{\n"
                  "          using T [[maybe_unused]] = decltype(x);\n"
                  "          return {3}({4});\n"
                  "        });\n"
                  "      })\n",
                  qualifiedClass(def), dispatcher, join(parameters, ", "),
                  resultType, scalar.trim());
  }
  return false;
}

//===----------------------------------------------------------------------===//
// Lowerings to arith/math
//===----------------------------------------------------------------------===//

/// Per op with a `lowering`, a struct whose compute builds one element;
/// then SLUICE_ELEMENTWISE_LOWERINGS, the list of ElementLowering patterns
/// for populateElementwisePatterns (lib/Conversion/LiteToLinalg).
bool emitLowerings(const RecordKeeper &records, raw_ostream &os) {
  emitSourceFileHeader("Lowerings of the elementwise op records", os, records);
  SmallVector<std::string> patterns;
  for (const Record *def : elementwiseRecords(records)) {
    StringRef lowering = def->getValueAsString("lowering");
    if (lowering.trim().empty())
      continue;
    std::string element = (Operator(def).getCppClassName() + "Element").str();
    std::string elements;
    for (auto [index, name] : llvm::enumerate(elementNames(def)))
      elements += formatv("    [[maybe_unused]] Value {0} = elements[{1}];\n",
                          name, index);
    os << formatv("/// One element of {0}.\n"
                  "struct {1} {{\n"
                  "  static Value compute([[maybe_unused]] {2} op,\n"
                  "                       const ElementMath &m,\n"
                  "                       ValueRange elements) {{\n"
                  "    [[maybe_unused]] OpBuilder &b = m.builder;\n"
                  "    [[maybe_unused]] Location loc = m.loc;\n"
                  "{3}"
                  "    return {4};\n"
                  "  }\n"
                  "};\n\n",
                  mnemonic(def), element, qualifiedClass(def), elements,
                  lowering.trim());
    patterns.push_back(
        isArithmetic(def)
            ? formatv("ElementLowering<{0}, {1}, ArithmeticCheck::{2}>",
                      qualifiedClass(def), element, kernelCheck(def))
                  .str()
            : formatv("ElementLowering<{0}, {1}>", qualifiedClass(def), element)
                  .str());
  }
  os << "#define SLUICE_ELEMENTWISE_LOWERINGS \\\n    "
     << join(patterns, ", \\\n    ") << "\n";
  return false;
}

//===----------------------------------------------------------------------===//
// Gradient rules
//===----------------------------------------------------------------------===//

/// An expression over lite ops, parsed: `mul(g, sub(1, mul(out, out)))`.
/// Calls name lite ops by mnemonic; numbers are scalars (ExprBuilder's
/// element type); other leaves are the values `leaves` names (x -> the C++
/// variable holding it) and the op's attributes (by name).
class ExprParser {
public:
  ExprParser(const Record *def, StringRef field, StringRef text,
             const StringMap<const Record *> &ops,
             const StringMap<std::string> &leaves, StringRef prefix)
      : def(def), field(field), text(text), ops(ops), leaves(leaves),
        prefix(prefix) {}

  /// The C++ statements building the expression with ExprBuilder `e`, one
  /// op each in post-order (so the ops are created in a fixed order), and
  /// the name of the value that holds it.
  std::pair<std::string, std::string> parse() {
    std::string result = expression();
    skipSpace();
    if (position != text.size())
      fail("unexpected '" + text.substr(position).str() + "'");
    return {statements, result};
  }

  /// Which leaves the expression reads.
  const StringSet<> &getReads() const { return reads; }

private:
  [[noreturn]] void fail(const Twine &message) {
    PrintFatalError(def->getLoc(), field + " \"" + text + "\" at " +
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
    if (position >= text.size() || text[position] != '(')
      return leaf(name);
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
    StringRef form;
    if (op->isSubClassOf("Lite_CompareOp"))
      form = "compare";
    else if (op->isSubClassOf("Lite_BinaryActivationOp"))
      form = "binaryActivation";
    else if (op->isSubClassOf("Lite_PredicateOp"))
      form = "predicate";
    else if (name == "select_v2")
      form = "select";
    else if (op->isSubClassOf("Lite_Elementwise") && operands <= 2 &&
             Operator(op).getNumNativeAttributes() == 0)
      form = operands == 1 ? "unary" : "binary";
    else
      fail("'" + name +
           "' cannot be built from its operands alone (elementwise ops "
           "without attributes, comparisons and select_v2 can)");
    return define(formatv("e.{0}<{1}>({2})", form, qualifiedClass(op),
                          join(arguments, ", ")));
  }

  /// A value the expression names: a leaf or an attribute of the op.
  std::string leaf(StringRef name) {
    auto it = leaves.find(name);
    if (it != leaves.end()) {
      reads.insert(name);
      return it->second;
    }
    Operator op(def);
    for (const auto &attribute : op.getAttributes())
      if (attribute.name == name)
        return define(formatv("e.attribute(op.get{0}Attr())",
                              convertToCamelFromSnakeCase(name, true)));
    SmallVector<StringRef> names;
    for (const auto &entry : leaves)
      names.push_back(entry.getKey());
    llvm::sort(names);
    std::string known = join(names, ", ");
    fail("unknown value '" + name + "' (" + known +
         " and the op's attributes are known)");
  }

  /// A statement `Value <prefix>N = value;`; returns its name.
  std::string define(const std::string &value) {
    std::string name = prefix.str() + std::to_string(temporaries++);
    statements += "  Value " + name + " = " + value + ";\n";
    return name;
  }

  const Record *def;
  StringRef field;
  StringRef text;
  const StringMap<const Record *> &ops;
  const StringMap<std::string> &leaves;
  StringRef prefix;
  size_t position = 0;
  StringSet<> reads;
  std::string statements;
  unsigned temporaries = 0;
};

/// The lite ops by mnemonic, for the expressions.
StringMap<const Record *> opsByMnemonic(const RecordKeeper &records) {
  StringMap<const Record *> ops;
  for (const Record *def : records.getAllDerivedDefinitions("Op"))
    if (def->getValueAsDef("opDialect")->getValueAsString("name") == "lite")
      ops[def->getValueAsString("opName")] = def;
  return ops;
}

/// The operand leaves of a record's expressions: x (and y) -> operand i.
StringMap<std::string> operandLeaves(const Record *def) {
  StringMap<std::string> leaves;
  for (auto [index, name] : llvm::enumerate(elementNames(def)))
    leaves[name] = ("op->getOperand(" + Twine(index) + ")").str();
  return leaves;
}

/// Per op with a `derivative`, gradientOf and readsOf for GradientModel
/// (lib/Dialect/Lite/IR/LiteGradients.cpp, which defines `binary`, the
/// unbroadcasting of a binary op's operand gradients), then
/// SLUICE_GENERATED_GRADIENT_OPS, the ops to attach them to.
bool emitGradients(const RecordKeeper &records, raw_ostream &os) {
  emitSourceFileHeader("Gradient rules of the elementwise op records", os,
                       records);
  StringMap<const Record *> ops = opsByMnemonic(records);
  SmallVector<std::string> attached;
  for (const Record *def : elementwiseRecords(records)) {
    StringRef derivative = def->getValueAsString("derivative").trim();
    StringRef rhsDerivative = def->getValueAsString("rhsDerivative").trim();
    bool isBinary = kindOf(def) == "binary";
    if (derivative.empty() && rhsDerivative.empty())
      continue;
    if (kindOf(def) == "predicate" || kindOf(def) == "compare")
      PrintFatalError(def->getLoc(), "an op with a bool result has no "
                                     "gradient");
    if (isBinary && (derivative.empty() || rhsDerivative.empty()))
      PrintFatalError(def->getLoc(), "a binary op's gradient needs both "
                                     "`derivative` and `rhsDerivative`");
    if (!isBinary && !rhsDerivative.empty())
      PrintFatalError(def->getLoc(), "only a binary op has `rhsDerivative`");
    StringMap<std::string> leaves = operandLeaves(def);
    leaves["out"] = "op->getResult(0)";
    leaves["g"] = "g[0]";
    ExprParser lhs(def, "derivative", derivative, ops, leaves, "l");
    auto [lhsStatements, lhsValue] = lhs.parse();
    std::string cls = qualifiedClass(def);
    std::string body = lhsStatements;
    std::string result;
    StringSet<> reads = lhs.getReads();
    if (isBinary) {
      ExprParser rhs(def, "rhsDerivative", rhsDerivative, ops, leaves, "r");
      auto [rhsStatements, rhsValue] = rhs.parse();
      body += rhsStatements;
      for (const auto &read : rhs.getReads())
        reads.insert(read.getKey());
      result = formatv("  return binary(op, builder, {0}, {1}, "
                       "operandGradients);\n",
                       lhsValue, rhsValue);
    } else {
      result = formatv("  operandGradients.assign({{{0}});\n"
                       "  return success();\n",
                       lhsValue);
    }
    std::string rule = derivative.str();
    if (isBinary)
      rule += "; " + rhsDerivative.str();
    os << formatv(
        "/// d {0}: {1}\n"
        "LogicalResult gradientOf({2} op, OpBuilder &builder, ValueRange g,\n"
        "                         SmallVectorImpl<Value> &operandGradients) "
        "{{\n"
        "{5}"
        "  ExprBuilder e(builder, op->getLoc(),\n"
        "                getElementTypeOrSelf(op->getResult(0).getType()));\n"
        "{3}{4}"
        "}\n",
        mnemonic(def), rule, cls, body, result,
        hasActivation(def) ? "  if (failed(requireNoActivation(op, "
                             "op.getFusedActivationFunction())))\n"
                             "    return failure();\n"
                           : "");
    os << formatv("void readsOf({0} op, SmallVectorImpl<Value> &reads) {{\n",
                  cls);
    for (auto [index, name] : llvm::enumerate(elementNames(def)))
      if (reads.contains(name))
        os << "  reads.push_back(op->getOperand(" << index << "));\n";
    if (reads.contains("out"))
      os << "  reads.push_back(op->getResult(0));\n";
    os << "}\n\n";
    attached.push_back(cls);
  }
  os << "#define SLUICE_GENERATED_GRADIENT_OPS " << join(attached, ", ")
     << "\n";
  return false;
}

//===----------------------------------------------------------------------===//
// TFLite: decompositions and refusals
//===----------------------------------------------------------------------===//

/// Per op with a `tfliteDecomposition`, a rewrite pattern building it; then
/// populateTFLiteDecompositions, which adds them all and, for each op with
/// `tfliteSameShapes`, BroadcastOperandsForTFLite (DecomposeForTFLite.cpp),
/// for -lite-decompose-for-tflite (lib/Dialect/Lite/Transforms).
bool emitDecompositions(const RecordKeeper &records, raw_ostream &os) {
  emitSourceFileHeader("TFLite decompositions of the elementwise op records",
                       os, records);
  StringMap<const Record *> ops = opsByMnemonic(records);
  SmallVector<std::string> patterns;
  for (const Record *def : elementwiseRecords(records)) {
    StringRef decomposition =
        def->getValueAsString("tfliteDecomposition").trim();
    if (decomposition.empty())
      continue;
    if (!def->getValueAsString("tfliteBuiltin").empty())
      PrintFatalError(def->getLoc(),
                      "an op with a TFLite builtin needs no decomposition");
    StringMap<std::string> leaves = operandLeaves(def);
    ExprParser parser(def, "tfliteDecomposition", decomposition, ops, leaves,
                      "v");
    auto [statements, value] = parser.parse();
    std::string pattern = ("Decompose" + Operator(def).getCppClassName()).str();
    os << formatv(
        "/// {0} = {1}\n"
        "struct {2} : OpRewritePattern<{3}> {{\n"
        "  using OpRewritePattern::OpRewritePattern;\n"
        "  LogicalResult matchAndRewrite({3} op,\n"
        "                                PatternRewriter &rewriter) const "
        "override {{\n"
        "    ExprBuilder e(rewriter, op->getLoc(),\n"
        "                  "
        "getElementTypeOrSelf(op->getOperand(0).getType()));\n"
        "{4}"
        "    return replaceWithDecomposition(rewriter, op, {5});\n"
        "  }\n"
        "};\n\n",
        mnemonic(def), decomposition, pattern, qualifiedClass(def), statements,
        value);
    patterns.push_back(pattern);
  }
  // Builtins whose LiteRT kernel needs operands of one shape.
  for (const Record *def : elementwiseRecords(records)) {
    if (!def->getValueAsBit("tfliteSameShapes"))
      continue;
    if (kindOf(def) != "binary" ||
        def->getValueAsString("tfliteBuiltin").empty())
      PrintFatalError(def->getLoc(), "`tfliteSameShapes` is for binary ops "
                                     "with a TFLite builtin");
    patterns.push_back(
        formatv("BroadcastOperandsForTFLite<{0}>", qualifiedClass(def)));
  }
  os << "void populateTFLiteDecompositions(RewritePatternSet &patterns) {\n";
  for (const std::string &pattern : patterns)
    os << "  patterns.add<" << pattern << ">(patterns.getContext());\n";
  os << "}\n";
  return false;
}

/// Rows {operation name, reason} of the ops TFLite cannot hold, for the
/// exporter's diagnostic (lib/Target/TFLite/TFLiteExport.cpp).
bool emitRefusals(const RecordKeeper &records, raw_ostream &os) {
  emitSourceFileHeader("TFLite refusals of the elementwise op records", os,
                       records);
  for (const Record *def : elementwiseRecords(records)) {
    StringRef refusal = def->getValueAsString("tfliteRefusal").trim();
    bool builtin = !def->getValueAsString("tfliteBuiltin").empty();
    bool decomposed =
        !def->getValueAsString("tfliteDecomposition").trim().empty();
    if (!builtin && !decomposed && refusal.empty())
      PrintFatalError(def->getLoc(),
                      "an op without a TFLite builtin needs a "
                      "`tfliteDecomposition` or a `tfliteRefusal`");
    if (refusal.empty())
      continue;
    if (builtin || decomposed)
      PrintFatalError(def->getLoc(),
                      "`tfliteRefusal` is for ops TFLite cannot hold");
    os << formatv("  {{{0}::getOperationName(), \"{1}\"},\n",
                  qualifiedClass(def), refusal);
  }
  return false;
}

//===----------------------------------------------------------------------===//
// TF import rows
//===----------------------------------------------------------------------===//

/// One OpTable row per TF op a record names (lib/Target/GraphDef/OpTable.cpp):
/// its builder (the op on the node's inputs, attributes from the TF
/// attributes of their names), result element type and input count.
bool emitTFImport(const RecordKeeper &records, raw_ostream &os) {
  emitSourceFileHeader("TF import rows of the elementwise op records", os,
                       records);
  for (const Record *def : elementwiseRecords(records)) {
    StringRef kind = kindOf(def);
    StringRef element = kind == "compare" || kind == "predicate" ? "Bool" : "T";
    int inputs = kind == "binary" || kind == "compare" ? 2 : 1;
    for (StringRef tfOp : def->getValueAsListOfStrings("tfOps"))
      os << formatv("  {{\"{0}\", {1}<{2}>, "
                    "ResultElement::{3}, {4}, false, \"\"},\n",
                    tfOp,
                    hasActivation(def) ? "buildArithmetic" : "buildOnInputs",
                    qualifiedClass(def), element, inputs);
  }
  return false;
}

//===----------------------------------------------------------------------===//
// The op table for Python (docs/generated/lite-ops.json)
//===----------------------------------------------------------------------===//

bool emitOpTableJson(const RecordKeeper &records, raw_ostream &os) {
  json::Array ops;
  for (const Record *def : elementwiseRecords(records)) {
    json::Object op;
    op["mnemonic"] = mnemonic(def);
    op["kind"] = kindOf(def);
    json::Array tfOps;
    for (StringRef tfOp : def->getValueAsListOfStrings("tfOps"))
      tfOps.push_back(tfOp);
    op["tf_ops"] = std::move(tfOps);
    // The attributes imported from the TF attributes of their names (not
    // TFLite's fused activation, NONE at import).
    json::Object attributes;
    for (const auto &attribute : Operator(def).getAttributes())
      if (attribute.name != "fused_activation_function")
        attributes[attribute.name] = attribute.attr.getStorageType().trim();
    op["attributes"] = std::move(attributes);
    op["fused_activation"] = hasActivation(def);
    op["kernel_check"] = def->getValueAsString("kernelCheck");
    op["kernel_types"] = def->getValueAsString("kernelTypes");
    op["tf_tolerance"] = def->getValueAsString("tfTolerance");
    op["generated"] = !def->getValueAsString("scalar").trim().empty();
    op["gradient"] = !def->getValueAsString("derivative").trim().empty();
    op["tflite_builtin"] = def->getValueAsString("tfliteBuiltin");
    StringRef exported = "refused";
    if (!def->getValueAsString("tfliteBuiltin").empty())
      exported = "builtin";
    else if (!def->getValueAsString("tfliteDecomposition").trim().empty())
      exported = "decomposed";
    op["tflite"] = exported;
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
    {"gen-lite-tflite-decompositions",
     "TFLite decompositions of elementwise ops", emitDecompositions},
    {"gen-lite-tflite-refusals", "Why TFLite cannot hold some elementwise ops",
     emitRefusals},
    {"gen-lite-tf-import", "TF import rows of elementwise ops", emitTFImport},
    {"gen-lite-op-table-json", "The elementwise op table as JSON",
     emitOpTableJson},
};

} // namespace
