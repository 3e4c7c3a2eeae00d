//===- LiteDialect.cpp - lite dialect registration ------------------------===//
//
// Registers the lite dialect's ops and attributes, and materialises folded
// constants as lite.constant.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Lite/IR/LiteDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "sluice/Dialect/Lite/IR/LiteOps.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace sluice::lite;

#include "sluice/Dialect/Lite/IR/LiteDialect.cpp.inc"
#include "sluice/Dialect/Lite/IR/LiteEnums.cpp.inc"
#include "sluice/Dialect/Lite/IR/LiteInterfaces.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "sluice/Dialect/Lite/IR/LiteAttributes.cpp.inc"

void LiteDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "sluice/Dialect/Lite/IR/LiteAttributes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "sluice/Dialect/Lite/IR/LiteOps.cpp.inc"
      >();
  registerInlinerInterface();
  registerGradientInterfaces();
}

Operation *LiteDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                            Type type, Location loc) {
  auto elements = dyn_cast<ElementsAttr>(value);
  if (!elements || elements.getType() != type)
    return nullptr;
  return ConstantOp::create(builder, loc, type, elements);
}

/// `lite.buffers`: on a lite.while or lite.if, one #lite.slot per slot or
/// result; a `buffer` names a slot of the loop.
LogicalResult LiteDialect::verifyOperationAttribute(Operation *op,
                                                    NamedAttribute attribute) {
  if (attribute.getName() != getBuffersAttrName())
    return op->emitError("unknown lite attribute '")
           << attribute.getName().getValue() << "'";
  // Also on the scf.while/scf.if a lowering makes of them, until applied.
  if (op->getNumRegions() == 0)
    return op->emitError("'") << getBuffersAttrName()
                              << "' is only valid on lite.while and lite.if";
  auto slots = dyn_cast<ArrayAttr>(attribute.getValue());
  if (!slots || !llvm::all_of(slots, llvm::IsaPred<SlotAttr>))
    return op->emitError("'")
           << getBuffersAttrName() << "' must be an array of #lite.slot";
  if (slots.size() != op->getNumResults())
    return op->emitError("'")
           << getBuffersAttrName() << "' has " << slots.size()
           << " entries for " << op->getNumResults()
           << (isa<WhileOp>(op) ? " slots" : " results");
  for (auto [index, slot] : llvm::enumerate(slots.getAsRange<SlotAttr>())) {
    std::optional<unsigned> buffer = slot.getBufferSlot();
    if (buffer && *buffer >= op->getNumResults())
      return op->emitError("'")
             << getBuffersAttrName() << "' entry " << index << " names buffer "
             << *buffer << ", not a slot of this op";
  }
  return success();
}

SlotAttr sluice::lite::getSlotDecision(Operation *op, unsigned index) {
  auto slots = op->getAttrOfType<ArrayAttr>(getBuffersAttrName());
  if (!slots || index >= slots.size())
    return nullptr;
  return dyn_cast<SlotAttr>(slots[index]);
}
