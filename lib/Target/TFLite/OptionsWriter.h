//===- OptionsWriter.h - BuiltinOptions of a lite op ------------*- C++ -*-===//
//
// Writes the BuiltinOptions table of one lite op from its attributes (and,
// for options TFLite derives from types or operand counts, from those).
// IfOptions and WhileOptions need subgraph indices and are written by the
// model writer.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_TARGET_TFLITE_OPTIONSWRITER_H
#define SLUICE_LIB_TARGET_TFLITE_OPTIONSWRITER_H

#include "schema_generated.h"

#include "sluice/Dialect/Lite/IR/LiteOps.h"

namespace sluice::tflite_support {

struct WrittenOptions {
  sluice::tflite::BuiltinOptions type = sluice::tflite::BuiltinOptions::NONE;
  flatbuffers::Offset<void> table;
};

/// The options of `op`, whose options member is `kind`.
WrittenOptions writeBuiltinOptions(flatbuffers::FlatBufferBuilder &fbb,
                                   mlir::Operation *op,
                                   sluice::lite::BuiltinOptions kind);

} // namespace sluice::tflite_support

#endif // SLUICE_LIB_TARGET_TFLITE_OPTIONSWRITER_H
