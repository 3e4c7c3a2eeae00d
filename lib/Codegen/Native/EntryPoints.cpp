//===- EntryPoints.cpp - the C ABI of a natively compiled model -----------===//

#include "sluice/Codegen/Native/EntryPoints.h"
#include "sluice/Dialect/Lite/IR/SignatureNames.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;

namespace sluice {

std::string makeCIdentifier(StringRef name) {
  std::string identifier;
  for (char c : name)
    identifier.push_back(llvm::isAlnum(c) ? c : '_');
  if (identifier.empty() || llvm::isDigit(identifier.front()))
    identifier.insert(identifier.begin(), '_');
  return identifier;
}

StringRef getCElementType(Type elementType) {
  if (elementType.isInteger(1))
    return "bool";
  if (auto integer = dyn_cast<IntegerType>(elementType)) {
    bool isUnsigned = integer.isUnsigned();
    switch (integer.getWidth()) {
    case 8:
      return isUnsigned ? "uint8_t" : "int8_t";
    case 16:
      return isUnsigned ? "uint16_t" : "int16_t";
    case 32:
      return isUnsigned ? "uint32_t" : "int32_t";
    case 64:
      return isUnsigned ? "uint64_t" : "int64_t";
    default:
      return {};
    }
  }
  if (elementType.isF32())
    return "float";
  if (elementType.isF64())
    return "double";
  return {};
}

/// Whether `word` is a keyword of C (C11) or C++ (C++17), or one of the
/// names a header's own declarations use.
static bool isCKeyword(StringRef word) {
  static const llvm::StringSet<> keywords = {"_Alignas",
                                             "_Alignof",
                                             "_Atomic",
                                             "_Bool",
                                             "_Complex",
                                             "_Generic",
                                             "_Imaginary",
                                             "_Noreturn",
                                             "_Static_assert",
                                             "_Thread_local",
                                             "alignas",
                                             "alignof",
                                             "and",
                                             "and_eq",
                                             "asm",
                                             "auto",
                                             "bitand",
                                             "bitor",
                                             "bool",
                                             "break",
                                             "case",
                                             "catch",
                                             "char",
                                             "char16_t",
                                             "char32_t",
                                             "class",
                                             "compl",
                                             "const",
                                             "const_cast",
                                             "constexpr",
                                             "continue",
                                             "decltype",
                                             "default",
                                             "delete",
                                             "do",
                                             "double",
                                             "dynamic_cast",
                                             "else",
                                             "enum",
                                             "explicit",
                                             "export",
                                             "extern",
                                             "false",
                                             "float",
                                             "for",
                                             "friend",
                                             "goto",
                                             "if",
                                             "inline",
                                             "int",
                                             "int8_t",
                                             "int16_t",
                                             "int32_t",
                                             "int64_t",
                                             "long",
                                             "mutable",
                                             "namespace",
                                             "new",
                                             "noexcept",
                                             "not",
                                             "not_eq",
                                             "nullptr",
                                             "operator",
                                             "or",
                                             "or_eq",
                                             "private",
                                             "protected",
                                             "public",
                                             "register",
                                             "reinterpret_cast",
                                             "restrict",
                                             "return",
                                             "short",
                                             "signed",
                                             "sizeof",
                                             "static",
                                             "static_assert",
                                             "static_cast",
                                             "struct",
                                             "switch",
                                             "template",
                                             "this",
                                             "thread_local",
                                             "throw",
                                             "true",
                                             "try",
                                             "typedef",
                                             "typeid",
                                             "typename",
                                             "uint8_t",
                                             "uint16_t",
                                             "uint32_t",
                                             "uint64_t",
                                             "union",
                                             "unsigned",
                                             "using",
                                             "virtual",
                                             "void",
                                             "volatile",
                                             "wchar_t",
                                             "while",
                                             "xor",
                                             "xor_eq"};
  return keywords.contains(word);
}

/// Describes one boundary value, or emits why it cannot cross.
static FailureOr<CTensorParameter>
describeParameter(func::FuncOp function, Type type, std::string name,
                  llvm::StringSet<> &identifiers) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor)
    return function.emitError("the native back end needs ranked tensors at "
                              "the boundary of @")
           << function.getSymName() << ", but '" << name << "' is " << type;
  if (getCElementType(tensor.getElementType()).empty())
    return function.emitError("'")
           << name << "' of @" << function.getSymName() << " has element type "
           << tensor.getElementType() << ", which C has no type for";
  // The parameter's identifier, and for a dynamic shape its `_dims`
  // companion, must be free (a C or C++ keyword is never free).
  std::string identifier = makeCIdentifier(name);
  bool dims = !tensor.hasStaticShape();
  auto isFree = [&](const std::string &candidate) {
    return !identifiers.contains(candidate) && !isCKeyword(candidate) &&
           (!dims || !identifiers.contains(candidate + "_dims"));
  };
  std::string unique = identifier;
  for (int suffix = 1; !isFree(unique); ++suffix)
    unique = identifier + "_" + std::to_string(suffix);
  identifiers.insert(unique);
  if (dims)
    identifiers.insert(unique + "_dims");
  return CTensorParameter{std::move(name), std::move(unique), tensor};
}

FailureOr<SmallVector<CEntryPoint>> collectEntryPoints(ModuleOp module,
                                                       StringRef prefix) {
  SmallVector<CEntryPoint> entries;
  for (auto function : module.getOps<func::FuncOp>()) {
    if (function.isPrivate() || function.isExternal())
      continue;
    CEntryPoint entry;
    entry.functionName = function.getSymName().str();
    entry.symbol =
        makeCIdentifier((prefix + "_" + function.getSymName()).str());
    llvm::StringSet<> identifiers;
    for (unsigned i = 0, e = function.getNumArguments(); i < e; ++i) {
      if (function.getArgAttr(i, kStatusBufferAttr))
        continue;
      auto parameter =
          describeParameter(function, function.getArgument(i).getType(),
                            getArgumentName(function, i), identifiers);
      if (failed(parameter))
        return failure();
      entry.inputs.push_back(std::move(*parameter));
    }
    for (unsigned i = 0, e = function.getNumResults(); i < e; ++i) {
      auto parameter =
          describeParameter(function, function.getResultTypes()[i],
                            getResultName(function, i), identifiers);
      if (failed(parameter))
        return failure();
      entry.outputs.push_back(std::move(*parameter));
    }
    entries.push_back(std::move(entry));
  }
  if (entries.empty())
    return module.emitError("the module has no public function to export");
  return entries;
}

} // namespace sluice
