//===- InferShapes.h - shape refinement of one lite function ----*- C++ -*-===//
//
// The per-function core of -lite-infer-shapes, for code that changes the
// argument types of a function (e.g. specializes an entry point to concrete
// input shapes) and then wants its body to follow.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_LITE_TRANSFORMS_INFERSHAPES_H
#define SLUICE_DIALECT_LITE_TRANSFORMS_INFERSHAPES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace sluice::lite {

/// Refines the result types of the lite ops in `function` (inside lite.if and
/// lite.while regions too) to the most precise types that follow from the
/// function's argument types, as -lite-infer-shapes does:
///
///  - a type only ever becomes more precise than the declared one (unranked
///    -> ranked with dynamic dimensions -> static); an op whose inferred type
///    contradicts its declared type keeps the declared type;
///  - the argument types are not changed; set them first, then call this;
///  - the function's result types follow the refined returned values, unless
///    the function is referenced from its enclosing symbol table (a
///    `func.call`, for instance): then they, and the returned values, keep
///    their types, so the callers stay valid;
///  - operands of `func.call` and of non-lite ops keep their exact types (and
///    so do the values they are computed from through ops whose operand and
///    result types must be equal, such as lite.neg);
///  - only a function whose body is one block (lite's structured form) is
///    refined; other functions are left alone.
///
/// Callees are not refined: run -lite-infer-shapes on the module (which
/// refines callees first and updates call sites) when the function calls
/// others and their results should get more precise too.
///
/// A refined type may contradict the declared type of an op that uses it
/// (only in a program that fails at run time): then that op's operands keep
/// their declared types too. Returns failure, leaving `function` exactly as
/// it was, if the function cannot be made to verify so; success otherwise,
/// whether or not any type changed.
mlir::LogicalResult refineShapes(mlir::func::FuncOp function);

} // namespace sluice::lite

#endif // SLUICE_DIALECT_LITE_TRANSFORMS_INFERSHAPES_H
