//===- DiagnosticCapture.cpp - diagnostics of one API call as text --------===//

#include "DiagnosticCapture.h"

using namespace mlir;

namespace sluice {

DiagnosticCapture::DiagnosticCapture(ProgramSession &session)
    : os(text), handler(session.sourceMgr, &session.context, os) {}

LogicalResult DiagnosticCapture::fail(ProgramError &error, StringRef message) {
  error.diagnostics = std::move(text);
  text.clear();
  error.message = message.str();
  return failure();
}

} // namespace sluice
