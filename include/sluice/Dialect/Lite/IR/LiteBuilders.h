//===- LiteBuilders.h - small lite IR idioms shared by passes ---*- C++ -*-===//
//
// IR that several transformations build the same way.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_LITE_IR_LITEBUILDERS_H
#define SLUICE_DIALECT_LITE_IR_LITEBUILDERS_H

#include "mlir/IR/Builders.h"

namespace sluice::lite {

/// A RESHAPE of `value` to its own shape, typed `resultType` (which must be
/// compatible with `value`'s type): a copy with a tensor of its own, or the
/// same value seen with a less precise type. The shape is a constant when
/// `resultType` is static, else `lite.shape` of `value`.
mlir::Value createReshapeCopy(mlir::OpBuilder &builder, mlir::Location loc,
                              mlir::Value value, mlir::Type resultType);

} // namespace sluice::lite

#endif // SLUICE_DIALECT_LITE_IR_LITEBUILDERS_H
