//===- ProgramError.h - why a Program call failed ---------------*- C++ -*-===//
//
// The error channel of the Program API (sluice/API/Program.h): a failed call
// returns failure and fills a ProgramError with the diagnostics it emitted,
// captured as text, plus a message for failures that are not diagnostics on
// the program (a file that cannot be opened, a missing input, an error
// status returned by compiled code). The library never throws: the tools
// print a ProgramError, the Python package raises it as sluice.SluiceError.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_API_PROGRAMERROR_H
#define SLUICE_API_PROGRAMERROR_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace sluice {

struct ProgramError {
  /// The diagnostics the failed call emitted, formatted as the tools print
  /// them: "file:line:col: error: ..." lines with their notes, quoting the
  /// source line for MLIR input.
  std::string diagnostics;
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
    message.clear();
  }
};

} // namespace sluice

#endif // SLUICE_API_PROGRAMERROR_H
