//===- TypeMapping.h - MLIR element types <-> TFLite TensorType -*- C++ -*-===//
//
// The dtypes lite tensors may have and their TFLite TensorType, both ways,
// and the little-endian bytes TFLite stores for a constant's elements, both
// ways.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_TARGET_TFLITE_TYPEMAPPING_H
#define SLUICE_LIB_TARGET_TFLITE_TYPEMAPPING_H

#include "schema_generated.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Types.h"

#include <optional>
#include <vector>

namespace sluice::tflite_support {

/// The TensorType of `elementType`, or none for types TFLite cannot hold.
std::optional<sluice::tflite::TensorType> getTensorType(mlir::Type elementType);

/// The element type of `type`, or null for TensorTypes lite does not model.
mlir::Type getElementType(sluice::tflite::TensorType type,
                          mlir::MLIRContext *context);

/// The bytes of `attr`'s elements as TFLite stores them: little-endian,
/// one byte per bool.
std::vector<uint8_t> serializeElements(mlir::DenseElementsAttr attr);

/// The number of bytes TFLite stores per element of `elementType` (one per
/// bool).
unsigned getElementByteWidth(mlir::Type elementType);

/// The elements of a constant of `type` from the bytes TFLite stores, which
/// must be exactly getElementByteWidth * the element count.
mlir::DenseElementsAttr deserializeElements(llvm::ArrayRef<uint8_t> bytes,
                                            mlir::RankedTensorType type);

} // namespace sluice::tflite_support

#endif // SLUICE_LIB_TARGET_TFLITE_TYPEMAPPING_H
