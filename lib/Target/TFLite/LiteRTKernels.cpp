//===- LiteRTKernels.cpp - what native LiteRT refuses to run --------------===//
//
// Looks an exported op up in the table utils/gen_litert_kernels.py writes
// (LiteRTKernels.inc) by its builtin and kernel-selecting element type.
//
//===----------------------------------------------------------------------===//

#include "LiteRTKernels.h"

#include "mlir/IR/TypeUtilities.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace sluice;
using namespace sluice::tflite_support;
using BO = sluice::lite::BuiltinOperator;

namespace {
struct Refusal {
  BO builtin;
  const char *key;
  const char *why;
};

constexpr Refusal kRefusals[] = {
#define SLUICE_LITERT_REFUSES(builtin, key, why) {BO::builtin, key, why},
#include "LiteRTKernels.inc"
#undef SLUICE_LITERT_REFUSES
};
} // namespace

static std::string typeName(Value value) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << getElementTypeOrSelf(value.getType());
  return text;
}

std::optional<LiteRTRefusal>
tflite_support::getLiteRTRefusal(lite::TFLiteBuiltinOpInterface op) {
  Operation *operation = op.getOperation();
  BO builtin = op.getBuiltinOperator();
  if (operation->getNumOperands() == 0)
    return std::nullopt;
  std::string key;
  if (builtin == BO::CAST && operation->getNumResults() == 1)
    key = typeName(operation->getOperand(0)) + "->" +
          typeName(operation->getResult(0));
  else if ((builtin == BO::FILL || builtin == BO::SELECT_V2) &&
           operation->getNumOperands() > 1)
    key = typeName(operation->getOperand(1));
  else
    key = typeName(operation->getOperand(0));
  for (const Refusal &refusal : kRefusals)
    if (refusal.builtin == builtin && key == refusal.key)
      return LiteRTRefusal{key, refusal.why};
  return std::nullopt;
}
