//===- TFLiteVersionRules.cpp - helpers of the ops' TFLite versions -------===//
//
// The element, rank and broadcasting tests the TFLiteVersion rules of the
// lite op records use (TFLiteVersionRules.h).
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Lite/IR/TFLiteVersionRules.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace sluice::lite::version_rules;

static bool isElement(Type type, Element element) {
  switch (element) {
  case Element::i1:
    return type.isInteger(1);
  case Element::i8:
    return type.isSignlessInteger(8);
  case Element::ui8:
    return type.isUnsignedInteger(8);
  case Element::i16:
    return type.isSignlessInteger(16);
  case Element::i32:
    return type.isSignlessInteger(32);
  case Element::i64:
    return type.isSignlessInteger(64);
  case Element::f16:
    return type.isF16();
  case Element::f32:
    return type.isF32();
  case Element::f64:
    return type.isF64();
  }
  return false;
}

bool sluice::lite::version_rules::isOf(
    Value value, std::initializer_list<Element> elements) {
  Type type = getElementTypeOrSelf(value.getType());
  return llvm::any_of(
      elements, [&](Element element) { return isElement(type, element); });
}

int64_t sluice::lite::version_rules::rankOf(Value value) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  return type ? type.getRank() : 0;
}

bool sluice::lite::version_rules::broadcastsBeyond4D(Operation *op) {
  auto shapeOf = [](Value value) {
    auto type = dyn_cast<RankedTensorType>(value.getType());
    return type ? type.getShape() : ArrayRef<int64_t>();
  };
  if (op->getNumOperands() < 2 ||
      shapeOf(op->getOperand(0)) == shapeOf(op->getOperand(1)))
    return false;
  return llvm::any_of(op->getOperands(),
                      [](Value value) { return rankOf(value) > 4; });
}
