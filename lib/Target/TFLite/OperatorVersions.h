//===- OperatorVersions.h - TFLite op versions and runtimes -----*- C++ -*-===//
//
// The version of each exported operator, chosen by TFLite's versioning rules
// from the features the op instance uses (element types, ranks, broadcasting,
// options), and the oldest TFLite runtime that has kernels for it.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_TARGET_TFLITE_OPERATORVERSIONS_H
#define SLUICE_LIB_TARGET_TFLITE_OPERATORVERSIONS_H

#include "sluice/Dialect/Lite/IR/LiteOps.h"

#include <string>
#include <utility>

namespace sluice::tflite_support {

/// The version of the TFLite builtin that lite op `op` is written as, from
/// its operand and result types and attributes as exported.
int getOperatorVersion(mlir::Operation *op);

/// The oldest TFLite runtime with a kernel for version `version` of `code`,
/// or "" where TFLite's table has no entry.
std::string getMinimumRuntimeVersion(lite::BuiltinOperator code, int version);

/// The newest of the minimum runtimes of `codes` (versions compared
/// numerically, "1.15.0" after "1.5.0"), or "" if none has an entry.
std::string getMinimumRuntimeVersion(
    llvm::ArrayRef<std::pair<lite::BuiltinOperator, int>> codes);

} // namespace sluice::tflite_support

#endif // SLUICE_LIB_TARGET_TFLITE_OPERATORVERSIONS_H
