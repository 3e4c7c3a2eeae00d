//===- LiteDialect.h - lite dialect, enums and attributes -------*- C++ -*-===//
//
// Declares the lite dialect, the TFLite enums it shares with the FlatBuffer
// schema and its attributes.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_LITE_IR_LITEDIALECT_H
#define SLUICE_DIALECT_LITE_IR_LITEDIALECT_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Dialect.h"

#include "sluice/Dialect/Lite/IR/LiteDialect.h.inc"
#include "sluice/Dialect/Lite/IR/LiteEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "sluice/Dialect/Lite/IR/LiteAttributes.h.inc"

namespace sluice::lite {

/// The attribute -lite-plan-buffers records on each lite.while and lite.if:
/// an array of one #lite.slot per slot or result (the dialect verifies it).
inline llvm::StringRef getBuffersAttrName() { return "lite.buffers"; }

/// The unit attribute -lite-plan-buffers{target=tflite} sets on the module:
/// the TFLite exporter then writes the arena plan.

/// The recorded decision for slot or result `index` of `op`, or null when
/// none is recorded.
SlotAttr getSlotDecision(mlir::Operation *op, unsigned index);

} // namespace sluice::lite

#endif // SLUICE_DIALECT_LITE_IR_LITEDIALECT_H
