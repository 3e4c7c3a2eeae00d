//===- SignatureNames.h - names of a program's inputs and outputs -*- C++
//-*-===//
//
// A function's arguments and results are named by their `sluice.name`
// attribute (set by the importers from the model's own names), else `arg<i>`
// and `output<i>`. The interpreter's JSON, the TFLite signature and the
// Python bindings all use these names.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_LITE_IR_SIGNATURENAMES_H
#define SLUICE_DIALECT_LITE_IR_SIGNATURENAMES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <string>

namespace sluice {

/// The attribute naming an argument or result.
inline constexpr llvm::StringLiteral kNameAttr = "sluice.name";

std::string getArgumentName(mlir::func::FuncOp function, unsigned index);
std::string getResultName(mlir::func::FuncOp function, unsigned index);

} // namespace sluice

#endif // SLUICE_DIALECT_LITE_IR_SIGNATURENAMES_H
