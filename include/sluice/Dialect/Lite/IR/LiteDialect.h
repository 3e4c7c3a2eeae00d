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

#endif // SLUICE_DIALECT_LITE_IR_LITEDIALECT_H
