//===- SliceEmitter.h - one frame iteration as structured lite ops -*- C++
//-*-===//
//
// Emits an acyclic slice of an executor graph (the nodes of one frame, with
// a loop's merges cut off as boundaries) as plain lite ops and nested
// lite.ifs. Every node is guarded by its exact liveness condition (a
// `Guard` over the switch predicates), so nothing runs that the executor
// would not run: a node whose guard is the cube p & !q lands in
//
//   lite.if %p { lite.if %q {...} else { <node> } } else {...}
//
// Values needed outside the region they are computed in leave it as results
// of the enclosing lite.ifs (the branch that does not compute them yields a
// zero of the right type, never read). A merge becomes a selection among its
// inputs by the predicates that tell which one is live.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_CONVERSION_EXECUTORTOLITE_SLICEEMITTER_H
#define SLUICE_LIB_CONVERSION_EXECUTORTOLITE_SLICEEMITTER_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

namespace sluice::executor {

/// What a slice is made of and what it may assume.
struct SliceSpec {
  /// The nodes the slice may emit.
  llvm::ArrayRef<mlir::Operation *> nodes;
  /// Values available where the slice is emitted (always live): a loop's
  /// merges map to the loop-carried values, constant enters to their data.
  llvm::DenseMap<mlir::Value, mlir::Value> boundary;
  /// Nodes cut off as boundaries; their control tokens are always live.
  llvm::DenseSet<mlir::Operation *> boundaryNodes;
  /// Predicates whose value is known (a loop's pivot in its body).
  llvm::DenseMap<mlir::Value, bool> knownPredicates;
  /// Whether every node of `nodes` that touches a variable is emitted, even
  /// when no target needs it (TF runs it all the same): a loop's body and
  /// the root, not a loop's condition.
  bool emitEffects = false;
};

/// A value to produce and the node that consumes it (named in diagnostics
/// when the value is not live on every path).
struct SliceTarget {
  mlir::Value value;
  mlir::Operation *consumer;
};

/// Emits the nodes of `spec` that `targets` need at the insertion point of
/// `builder` and returns the lite values of the targets. Reports an error on
/// the offending node and fails when a target is not always live, a merge
/// can see two live inputs, or the slice has a cycle.
mlir::FailureOr<llvm::SmallVector<mlir::Value>>
emitSlice(mlir::OpBuilder &builder, mlir::Location loc, const SliceSpec &spec,
          llvm::ArrayRef<SliceTarget> targets);

/// The value a branch yields for a result only the other branch computes
/// (and that is never read on its own paths): a `ub.poison` of `type`, which
/// materializePlaceholders replaces before the lift pass ends.
mlir::Value createPlaceholder(mlir::OpBuilder &builder, mlir::Location loc,
                              mlir::Type type);

/// A zero of `type` (dynamic dimensions become 0, unranked a scalar).
mlir::Value createZeroValue(mlir::OpBuilder &builder, mlir::Location loc,
                            mlir::Type type);

/// Replaces every placeholder (ub.poison) in `function` by a zero constant:
/// where it is yielded by a lite.if branch, of the type shape inference
/// gives that result from the other branch alone (so a placeholder never
/// makes a lift result less precise than the value it stands in for);
/// elsewhere of its own type.
void materializePlaceholders(mlir::func::FuncOp function);

/// `predicate` as the tensor<i1> lite.if and lite.while conditions take.
mlir::Value castToPredicate(mlir::OpBuilder &builder, mlir::Location loc,
                            mlir::Value predicate);

} // namespace sluice::executor

#endif // SLUICE_LIB_CONVERSION_EXECUTORTOLITE_SLICEEMITTER_H
