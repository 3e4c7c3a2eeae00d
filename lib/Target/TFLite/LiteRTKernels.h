//===- LiteRTKernels.h - what native LiteRT refuses to run ------*- C++ -*-===//
//
// Internal to lib/Target/TFLite: the (builtin, element type) pairs native
// LiteRT refuses to prepare or run, measured by utils/gen_litert_kernels.py
// (LiteRTKernels.inc).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_TARGET_TFLITE_LITERTKERNELS_H
#define SLUICE_LIB_TARGET_TFLITE_LITERTKERNELS_H

#include "sluice/Dialect/Lite/IR/LiteOps.h"

#include <optional>
#include <string>

namespace sluice::tflite_support {

/// What native LiteRT does not run.
struct LiteRTRefusal {
  /// The element type the kernel is chosen by ("f64"; "f32->f64" for CAST).
  std::string key;
  /// LiteRT's message.
  llvm::StringRef why;
};

/// The refusal of `op`'s builtin for its element type, if LiteRT refuses
/// it. The type is that of operand 0, except FILL's and SELECT_V2's value
/// (operand 1) and CAST's input->output: the generator's keys.
std::optional<LiteRTRefusal>
getLiteRTRefusal(lite::TFLiteBuiltinOpInterface op);

} // namespace sluice::tflite_support

#endif // SLUICE_LIB_TARGET_TFLITE_LITERTKERNELS_H
