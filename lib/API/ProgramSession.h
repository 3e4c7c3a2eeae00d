//===- ProgramSession.h - the context programs live in ----------*- C++ -*-===//
//
// What a loaded program and its clones share: the MLIRContext with Sluice's
// dialects loaded, and the sources the diagnostics quote (MLIR input files
// are parsed through this SourceMgr). Private to lib/API.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_API_PROGRAMSESSION_H
#define SLUICE_LIB_API_PROGRAMSESSION_H

#include "sluice/Runtime/ResourceLimits.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/SourceMgr.h"

namespace sluice {

struct ProgramSession {
  /// A context with every dialect a Sluice program may use, printing no op
  /// under its diagnostics (as the tools do).
  ProgramSession();

  mlir::MLIRContext context;
  llvm::SourceMgr sourceMgr;
  /// The nesting the program was loaded with (--max-nesting), which the
  /// lift keeps too.
  unsigned maxNesting = kDefaultMaxNesting;
};

} // namespace sluice

#endif // SLUICE_LIB_API_PROGRAMSESSION_H
