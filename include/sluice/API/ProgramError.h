//===- ProgramError.h - why a Program call failed ---------------*- C++ -*-===//
//
// The error channel of the Program API (sluice/API/Program.h): a failed call
// returns failure and fills a ProgramError with the diagnostics it emitted,
// captured as text, plus a message for failures that are not diagnostics on
// the program (a file that cannot be opened, a missing input, an error
// status returned by compiled code). The diagnostics come twice: as text,
// formatted as the tools print them, and as structured entries (severity,
// file, line, column, message, notes) for callers that want to act on them.
// The library never throws: the tools print a ProgramError, the Python
// package raises it as sluice.SluiceError.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_API_PROGRAMERROR_H
#define SLUICE_API_PROGRAMERROR_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace sluice {

/// One diagnostic of a failed call, with its notes.
struct ProgramDiagnostic {
  enum class Severity { Error, Warning, Note, Remark };
  Severity severity = Severity::Error;
  /// Where it points: the input file (a GraphDef node's line, an MLIR op's
  /// position), or empty with line and column 0 when it has no location.
  std::string file;
  unsigned line = 0, column = 0;
  /// The message alone, without location or severity.
  std::string message;
  std::vector<ProgramDiagnostic> notes;

  /// "error", "warning", "note" or "remark".
  static llvm::StringRef getSeverityName(Severity severity);
};

struct ProgramError {
  /// The diagnostics the failed call emitted, formatted as the tools print
  /// them: "file:line:col: error: ..." lines with their notes, quoting the
  /// source line for MLIR input.
  std::string diagnostics;
  /// The same diagnostics, structured, in the order they were emitted.
  std::vector<ProgramDiagnostic> entries;
  /// A failure that is no diagnostic on the program, or empty.
  std::string message;

  /// The diagnostics, then the message: the whole text, without a trailing
  /// newline.
  std::string getText() const;

  /// Prints the diagnostics as they are, then the message as
  /// "<tool>: <message>" on a line of its own: what the tools print.
  void print(llvm::raw_ostream &os, llvm::StringRef tool) const;

  /// Forgets a previous failure.
  void clear() {
    diagnostics.clear();
    entries.clear();
    message.clear();
  }
};

} // namespace sluice

#endif // SLUICE_API_PROGRAMERROR_H
