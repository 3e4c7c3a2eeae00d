//===- ProgramError.cpp - why a Program call failed -----------------------===//

#include "sluice/API/ProgramError.h"

#include "llvm/Support/ErrorHandling.h"

using namespace sluice;

std::string ProgramError::getText() const {
  std::string text = diagnostics;
  if (!message.empty()) {
    if (!text.empty() && text.back() != '\n')
      text += '\n';
    text += message;
  }
  while (!text.empty() && text.back() == '\n')
    text.pop_back();
  return text;
}

void ProgramError::print(llvm::raw_ostream &os, llvm::StringRef tool) const {
  os << diagnostics;
  if (!message.empty())
    os << tool << ": " << message << "\n";
}

llvm::StringRef
ProgramDiagnostic::getSeverityName(ProgramDiagnostic::Severity severity) {
  switch (severity) {
  case Severity::Error:
    return "error";
  case Severity::Warning:
    return "warning";
  case Severity::Note:
    return "note";
  case Severity::Remark:
    return "remark";
  }
  llvm_unreachable("unknown severity");
}
