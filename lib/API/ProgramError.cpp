//===- ProgramError.cpp - why a Program call failed -----------------------===//

#include "sluice/API/ProgramError.h"

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
