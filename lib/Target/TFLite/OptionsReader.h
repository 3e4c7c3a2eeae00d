//===- OptionsReader.h - lite op attributes from BuiltinOptions -*- C++ -*-===//
//
// The inverse of OptionsWriter: reads an operator's BuiltinOptions table
// into the attributes of the lite op it imports as. Attributes equal to
// their default are left out, as a hand-written program would. Options
// TFLite derives from types or operand counts (CastOptions, ShapeOptions,
// PackOptions.values_count, UnpackOptions.num) are checked, not stored.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_TARGET_TFLITE_OPTIONSREADER_H
#define SLUICE_LIB_TARGET_TFLITE_OPTIONSREADER_H

#include "schema_generated.h"

#include "sluice/Dialect/Lite/IR/LiteOps.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/OperationSupport.h"

namespace sluice::tflite_support {

/// Adds to `attributes` the attributes of `op`, whose lite op takes the
/// options member `kind`. `numInputs`/`numOutputs` are the operator's
/// present inputs and outputs. Errors are reported through `emitError`.
mlir::LogicalResult
readBuiltinOptions(const sluice::tflite::Operator &op,
                   sluice::lite::BuiltinOptions kind, unsigned numInputs,
                   unsigned numOutputs, mlir::Builder &builder,
                   mlir::NamedAttrList &attributes,
                   llvm::function_ref<mlir::InFlightDiagnostic()> emitError);

} // namespace sluice::tflite_support

#endif // SLUICE_LIB_TARGET_TFLITE_OPTIONSREADER_H
