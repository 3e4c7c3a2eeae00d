//===- OperatorVersions.h - a model's minimum TFLite runtime ----*- C++ -*-===//
//
// The "min_runtime_version" metadata of an exported model: the newest of the
// minimum runtimes of the operator versions it uses. Each version and its
// runtime come from the op's record (TFLiteBuiltinOpInterface's
// getOperatorVersion and getRuntimeVersions, data in LiteOps.td).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_TARGET_TFLITE_OPERATORVERSIONS_H
#define SLUICE_LIB_TARGET_TFLITE_OPERATORVERSIONS_H

#include "sluice/Dialect/Lite/IR/LiteOps.h"

#include <string>

namespace sluice::tflite_support {

/// The oldest TFLite runtime with a kernel for version `version` of `op`'s
/// builtin, or "" where TFLite's table has no entry.
std::string getMinimumRuntimeVersion(lite::TFLiteBuiltinOpInterface op,
                                     int version);

/// The newest of `runtimes` (versions compared numerically, "1.15.0" after
/// "1.5.0"; empty strings ignored), or "" if none is given.
std::string getNewestRuntimeVersion(llvm::ArrayRef<std::string> runtimes);

} // namespace sluice::tflite_support

#endif // SLUICE_LIB_TARGET_TFLITE_OPERATORVERSIONS_H
