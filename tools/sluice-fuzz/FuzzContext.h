//===- FuzzContext.h - the fuzzers' one MLIRContext -------------*- C++ -*-===//
//
// The context a libFuzzer target imports every input into: made once (one
// per input would dominate the run), single-threaded, and dropping the
// diagnostics bad input is expected to produce.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_TOOLS_SLUICE_FUZZ_FUZZCONTEXT_H
#define SLUICE_TOOLS_SLUICE_FUZZ_FUZZCONTEXT_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"

namespace sluice {

inline mlir::MLIRContext *getQuietFuzzContext() {
  static mlir::MLIRContext *context = [] {
    auto *ctx = new mlir::MLIRContext(mlir::MLIRContext::Threading::DISABLED);
    ctx->getDiagEngine().registerHandler(
        [](mlir::Diagnostic &) { return mlir::success(); });
    return ctx;
  }();
  return context;
}

} // namespace sluice

#endif // SLUICE_TOOLS_SLUICE_FUZZ_FUZZCONTEXT_H
