//===- TFLiteVersionRules.h - helpers of the ops' TFLite versions -*- C++
//-*-===//
//
// What the TFLiteVersion rules on the lite op records (LiteOps.td) test:
// element types as TFLite names them, ranks as TFLite sees them, and
// TFLite's "broadcast beyond 4-D". Shapes are compared as the program types
// them: a dynamic dimension differs from a static one, so an op that may
// broadcast at run time counts as broadcasting; an unranked operand has no
// dimensions, as in the file.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_LITE_IR_TFLITEVERSIONRULES_H
#define SLUICE_DIALECT_LITE_IR_TFLITEVERSIONRULES_H

#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"

#include <initializer_list>

namespace sluice::lite::version_rules {

/// TFLite's tensor types, as lite element types carry them.
enum class Element { i1, i8, ui8, i16, i32, i64, f16, f32, f64 };

/// Whether `value`'s element type is one of `elements`.
bool isOf(mlir::Value value, std::initializer_list<Element> elements);

/// The number of dimensions TFLite sees: none for an unranked tensor.
int64_t rankOf(mlir::Value value);

/// TFLite's "broadcast beyond 4-D": the first two operands' shapes differ
/// and some operand has more than four dimensions.
bool broadcastsBeyond4D(mlir::Operation *op);

} // namespace sluice::lite::version_rules

#endif // SLUICE_DIALECT_LITE_IR_TFLITEVERSIONRULES_H
