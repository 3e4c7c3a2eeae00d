//===- TensorIO.h - tensors from attributes and JSON ------------*- C++ -*-===//
//
// Conversions between interpreter tensors and the outside world: MLIR
// elements attributes (constants) and the JSON form that crosses tool
// boundaries, {"dtype": "float32", "shape": [2], "data": [1, 2]}.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_KERNELS_TENSORIO_H
#define SLUICE_KERNELS_TENSORIO_H

#include "sluice/Kernels/Tensor.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Support/LLVM.h"
#include "llvm/Support/JSON.h"

namespace sluice::interp {

/// The tensor a constant holds; fails (with `error` set) for element types
/// the interpreter does not support.
mlir::FailureOr<Tensor> tensorFromAttr(mlir::ElementsAttr attr,
                                       std::string &error);

/// The constant holding `tensor`, of `type` (whose shape and element type
/// must be the tensor's; unsigned and signless integers both fit).
mlir::DenseElementsAttr tensorToAttr(const Tensor &tensor,
                                     mlir::RankedTensorType type);

/// {"dtype": ..., "shape": [...], "data": [flat row-major values]}; NaN and
/// infinities are written as the strings "nan", "inf", "-inf".
llvm::json::Object tensorToJSON(const Tensor &tensor);

/// Reads either the object form above or a plain (nested) array. `dtype` and
/// `shape` say what is expected: an object's own dtype and shape must agree
/// with them, a plain array takes them (its shape from the nesting). Fails
/// with a message in `error`.
mlir::FailureOr<Tensor>
tensorFromJSON(const llvm::json::Value &value, DType dtype,
               std::optional<llvm::ArrayRef<int64_t>> shape,
               std::string &error);

} // namespace sluice::interp

#endif // SLUICE_KERNELS_TENSORIO_H
