//===- ProgramIO.h - inputs and outputs of a run as JSON --------*- C++ -*-===//
//
// The JSON that crosses tool boundaries: inputs as an object keyed by
// argument name (or an array in argument order) of tensors; outputs as one
// line {"outputs": [{"name", "dtype", "shape", "data"}, ...]}.
//
// Names: an argument or result attribute `sluice.name` (set by importers)
// wins; otherwise arguments are "arg0", "arg1", ... and results "output0",
// "output1", ...
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_INTERPRETER_PROGRAMIO_H
#define SLUICE_INTERPRETER_PROGRAMIO_H

#include "sluice/Dialect/Lite/IR/SignatureNames.h"
#include "sluice/Kernels/Tensor.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Support/LLVM.h"

#include <string>

namespace sluice::interp {

using sluice::getArgumentName;
using sluice::getResultName;

/// Reads the arguments of `function` from JSON text (empty text: no
/// arguments). Checks count, names, dtypes and shapes against the function
/// type; fails with a message naming the offending input.
mlir::FailureOr<llvm::SmallVector<Tensor>>
parseInputs(mlir::func::FuncOp function, llvm::StringRef json,
            std::string &error);

/// The single-line JSON object of a run's results.
std::string formatOutputs(mlir::func::FuncOp function,
                          llvm::ArrayRef<Tensor> results);

} // namespace sluice::interp

#endif // SLUICE_INTERPRETER_PROGRAMIO_H
