//===- DiagnosticCapture.cpp - diagnostics of one API call as text --------===//

#include "DiagnosticCapture.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Location.h"

using namespace mlir;

namespace sluice {

static ProgramDiagnostic::Severity getSeverity(DiagnosticSeverity severity) {
  switch (severity) {
  case DiagnosticSeverity::Error:
    return ProgramDiagnostic::Severity::Error;
  case DiagnosticSeverity::Warning:
    return ProgramDiagnostic::Severity::Warning;
  case DiagnosticSeverity::Note:
    return ProgramDiagnostic::Severity::Note;
  case DiagnosticSeverity::Remark:
    return ProgramDiagnostic::Severity::Remark;
  }
  llvm_unreachable("unknown severity");
}

/// `diag` as an entry: the first file position its location holds (inside
/// a NameLoc, a FusedLoc or a call site too).
static ProgramDiagnostic toEntry(const Diagnostic &diag) {
  ProgramDiagnostic entry;
  entry.severity = getSeverity(diag.getSeverity());
  entry.message = diag.str();
  if (auto position = diag.getLocation()->findInstanceOf<FileLineColLoc>()) {
    entry.file = position.getFilename().str();
    entry.line = position.getLine();
    entry.column = position.getColumn();
  }
  for (const Diagnostic &note : diag.getNotes())
    entry.notes.push_back(toEntry(note));
  return entry;
}

DiagnosticCapture::DiagnosticCapture(ProgramSession &session)
    : os(text), echo(session.sourceMgr, &session.context, llvm::errs()),
      handler(session.sourceMgr, &session.context, os),
      recorder(&session.context, [this](Diagnostic &diag) {
        entries.push_back(toEntry(diag));
        if (diag.getSeverity() == DiagnosticSeverity::Remark ||
            diag.getSeverity() == DiagnosticSeverity::Warning)
          echo.emitDiagnostic(diag);
        return failure(); // On to `handler`, which formats it.
      }) {}

LogicalResult DiagnosticCapture::fail(ProgramError &error, StringRef message) {
  error.diagnostics = std::move(text);
  text.clear();
  error.entries = std::move(entries);
  entries.clear();
  error.message = message.str();
  return failure();
}

} // namespace sluice
