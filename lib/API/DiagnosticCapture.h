//===- DiagnosticCapture.h - an API call's diagnostics as text --*- C++ -*-===//
//
// Every public Program call captures the diagnostics it emits with one of
// these and, on failure, hands them to the caller's ProgramError, formatted
// exactly as the tools' SourceMgrDiagnosticHandler prints them and as
// structured entries. Private to lib/API.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_API_DIAGNOSTICCAPTURE_H
#define SLUICE_LIB_API_DIAGNOSTICCAPTURE_H

#include "ProgramSession.h"

#include "sluice/API/ProgramError.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/Support/LLVM.h"

namespace sluice {

/// Collects the diagnostics emitted in a session's context while it lives
/// (the innermost handler wins, so nothing reaches the default handler).
/// A call that succeeds has no ProgramError: its warnings and remarks are
/// echoed to stderr as they happen, and nothing else is kept.
class DiagnosticCapture {
  /// A SourceMgr handler whose formatting can be called directly.
  struct DirectHandler : mlir::SourceMgrDiagnosticHandler {
    using SourceMgrDiagnosticHandler::emitDiagnostic;
    using SourceMgrDiagnosticHandler::SourceMgrDiagnosticHandler;
  };

public:
  explicit DiagnosticCapture(ProgramSession &session);

  /// Moves what was captured so far into `error`, with `message` (a failure
  /// that is no diagnostic), and returns failure.
  mlir::LogicalResult fail(ProgramError &error, llvm::StringRef message = "");

private:
  std::string text;
  llvm::raw_string_ostream os;
  /// Warnings and remarks (e.g. an export LiteRT may refuse, the import's
  /// report of pruned nodes when asked for) are also printed to stderr as
  /// they happen: a successful call has no ProgramError to carry them.
  DirectHandler echo;
  mlir::SourceMgrDiagnosticHandler handler;
  std::vector<ProgramDiagnostic> entries;
  /// Registered after `handler`, so it sees each diagnostic first: records
  /// it and lets it go on to `handler`.
  mlir::ScopedDiagnosticHandler recorder;
};

} // namespace sluice

#endif // SLUICE_LIB_API_DIAGNOSTICCAPTURE_H
