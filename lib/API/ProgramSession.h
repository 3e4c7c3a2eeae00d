//===- ProgramSession.h - the context programs live in ----------*- C++ -*-===//
//
// What a loaded program and its clones share: the MLIRContext with Sluice's
// dialects loaded, and the sources the diagnostics quote (MLIR input files
// are parsed through this SourceMgr). Private to lib/API.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_API_PROGRAMSESSION_H
#define SLUICE_LIB_API_PROGRAMSESSION_H

#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/SourceMgr.h"

namespace sluice {

struct ProgramSession {
  /// A context with every dialect a Sluice program may use, printing no op
  /// under its diagnostics (as the tools do).
  ProgramSession();

  mlir::MLIRContext context;
  llvm::SourceMgr sourceMgr;
};

} // namespace sluice

#endif // SLUICE_LIB_API_PROGRAMSESSION_H
