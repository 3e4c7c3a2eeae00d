//===- TensorImport.h - TensorFlow dtypes, shapes and tensors ---*- C++ -*-===//
//
// Internal to lib/Target/GraphDef: DataType -> element type, TensorShapeProto
// -> tensor type, TensorProto -> DenseElementsAttr.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_TARGET_GRAPHDEF_TENSORIMPORT_H
#define SLUICE_LIB_TARGET_GRAPHDEF_TENSORIMPORT_H

#include "sluice_graph.pb.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Support/LLVM.h"

#include <string>

namespace sluice::graphdef {

/// The element type of a DataType (reference types map to their value type);
/// null for types Sluice does not model (strings, resources, ...).
mlir::Type convertDataType(tf::DataType dtype, mlir::MLIRContext *context);
/// "DT_STRING" etc., for diagnostics.
std::string dataTypeName(tf::DataType dtype);

/// A ranked tensor type (-1 dims become dynamic) or, for unknown_rank, an
/// unranked one.
mlir::TensorType convertShape(const tf::TensorShapeProto &shape,
                              mlir::Type elementType);

/// The value of a Const; fails with `error` set.
mlir::FailureOr<mlir::DenseElementsAttr>
convertTensor(const tf::TensorProto &tensor, mlir::MLIRContext *context,
              std::string &error);

} // namespace sluice::graphdef

#endif // SLUICE_LIB_TARGET_GRAPHDEF_TENSORIMPORT_H
