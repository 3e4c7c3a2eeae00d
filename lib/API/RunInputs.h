//===- RunInputs.h - inputs checked against a function ----------*- C++ -*-===//
//
// The check every interpreter run of the API makes before it starts (a run,
// a picture's run): the messages sluice-run gives for JSON inputs. Private
// to lib/API.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_API_RUNINPUTS_H
#define SLUICE_LIB_API_RUNINPUTS_H

#include "sluice/Kernels/Tensor.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <string>

namespace sluice {

/// Checks count, dtypes and shapes of `inputs` against the arguments of
/// `function`; fails with `message` naming the offending input.
mlir::LogicalResult checkInputs(mlir::func::FuncOp function,
                                llvm::ArrayRef<interp::Tensor> inputs,
                                std::string &message);

} // namespace sluice

#endif // SLUICE_LIB_API_RUNINPUTS_H
