//===- Passes.h - analysis test passes --------------------------*- C++ -*-===//
//
// Declares the passes that print Sluice's analyses and their registration.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_ANALYSIS_PASSES_H
#define SLUICE_ANALYSIS_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace sluice {

#define GEN_PASS_DECL
#include "sluice/Analysis/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "sluice/Analysis/Passes.h.inc"

} // namespace sluice

#endif // SLUICE_ANALYSIS_PASSES_H
