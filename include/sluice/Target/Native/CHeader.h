//===- CHeader.h - the C header of a compiled model -------------*- C++ -*-===//
//
// Writes the header that declares a compiled model's entry points
// (EntryPoints.h) with the sluice_status codes, self-contained plain C.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_TARGET_NATIVE_CHEADER_H
#define SLUICE_TARGET_NATIVE_CHEADER_H

#include "sluice/Codegen/Native/EntryPoints.h"

#include "llvm/Support/raw_ostream.h"

namespace sluice {

/// `guard` names the include guard (made a C identifier, upper case).
void writeCHeader(llvm::ArrayRef<CEntryPoint> entries, llvm::StringRef guard,
                  llvm::raw_ostream &os);

} // namespace sluice

#endif // SLUICE_TARGET_NATIVE_CHEADER_H
