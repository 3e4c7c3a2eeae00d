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
}

Operation *LiteDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                            Type type, Location loc) {
  auto elements = dyn_cast<ElementsAttr>(value);
  if (!elements || elements.getType() != type)
    return nullptr;
  return ConstantOp::create(builder, loc, type, elements);
}
