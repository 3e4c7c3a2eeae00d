//===- Passes.h - lite dialect passes ---------------------------*- C++ -*-===//
//
// Declares the passes over lite programs and their registration.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_LITE_TRANSFORMS_PASSES_H
#define SLUICE_DIALECT_LITE_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "sluice/Dialect/Lite/IR/LiteDialect.h"

namespace sluice::lite {

#define GEN_PASS_DECL
#include "sluice/Dialect/Lite/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "sluice/Dialect/Lite/Transforms/Passes.h.inc"

} // namespace sluice::lite

#endif // SLUICE_DIALECT_LITE_TRANSFORMS_PASSES_H
