//===- ProgramSession.cpp - the context programs live in ------------------===//

#include "ProgramSession.h"

#include "sluice/Driver/LoadProgram.h"

using namespace sluice;

ProgramSession::ProgramSession() {
  loadSluiceDialects(context);
  context.printOpOnDiagnostic(false);
}
