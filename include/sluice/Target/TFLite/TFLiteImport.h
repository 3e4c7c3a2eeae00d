//===- TFLiteImport.h - TFLite FlatBuffers to lite programs -----*- C++ -*-===//
//
// Reads a TFLite model (schema version 3, file identifier "TFL3") as a
// module holding func.func @main: subgraph 0 becomes its body (a model whose
// SignatureDefs run several subgraphs: one public function per signature,
// named by its key), every
// operator the lite op with the same builtin code, constant tensors
// lite.constant, and IF/WHILE lite.if/lite.while with the subgraphs they
// name inlined into their regions. The inverse of TFLiteExport.h: export,
// import, export gives the same bytes.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_TARGET_TFLITE_TFLITEIMPORT_H
#define SLUICE_TARGET_TFLITE_TFLITEIMPORT_H

#include "sluice/Runtime/ResourceLimits.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

namespace sluice {

/// Imports the .tflite in `bytes` (`filename` names it in diagnostics). The
/// FlatBuffer is verified before it is read; a malformed model, or one using
/// what lite does not model, is reported as a diagnostic naming the subgraph
/// and operator, and yields a null module. So does a model whose IF/WHILE
/// subgraphs, inlined wherever they are named, would make more than one
/// operation per byte of the file (at least 4096, at most 2^20): a small
/// file can name a subgraph exponentially often. IF/WHILE subgraphs may
/// nest `maxNesting` deep.
mlir::OwningOpRef<mlir::ModuleOp>
importTFLite(llvm::StringRef bytes, llvm::StringRef filename,
             mlir::MLIRContext *context,
             unsigned maxNesting = kDefaultMaxNesting);

/// Registers `--tflite-to-mlir` with mlir-translate-style tools.
void registerTFLiteToMLIRTranslation();

} // namespace sluice

#endif // SLUICE_TARGET_TFLITE_TFLITEIMPORT_H
