//===- LiteToLinalg.h - patterns lowering lite to upstream ------*- C++ -*-===//
//
// The pattern sets of -convert-lite-to-linalg, one per family of lite ops,
// and the type converter they share.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_CONVERSION_LITETOLINALG_LITETOLINALG_H
#define SLUICE_CONVERSION_LITETOLINALG_LITETOLINALG_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"
#include "sluice/Dialect/Lite/IR/LiteOps.h"
#include "sluice/Runtime/SluiceStatus.h"

namespace sluice::lite_to_native {

/// Maps lite's types to the types upstream dialects compute on: unsigned
/// integer elements become signless of the same width (`tensor<4xui8>` ->
/// `tensor<4xi8>`); everything else is unchanged. Patterns read the
/// signedness off the original op.
class NativeTypeConverter : public mlir::TypeConverter {
public:
  NativeTypeConverter();
};

/// Binary, comparison and unary elementwise ops, select_v2, cast, zeros_like.
void populateElementwisePatterns(const mlir::TypeConverter &converter,
                                 mlir::RewritePatternSet &patterns);

/// reshape, expand_dims, squeeze, concatenation, pack, unpack, slice,
/// strided_slice, gather, transpose, fill, range, shape.
void populateShapePatterns(const mlir::TypeConverter &converter,
                           mlir::RewritePatternSet &patterns);

/// sum, mean, reduce_max, reduce_min, fully_connected, batch_matmul.
void populateContractionPatterns(const mlir::TypeConverter &converter,
                                 mlir::RewritePatternSet &patterns);

/// lite.constant, lite.if, lite.while, lite.yield.
void populateControlFlowPatterns(const mlir::TypeConverter &converter,
                                 mlir::RewritePatternSet &patterns);

/// lite.read_variable, lite.assign_variable and lite.call_once on the global
/// buffers and flags lowerVariableDeclarations declares (VariablePatterns.cpp).
void populateVariablePatterns(const mlir::TypeConverter &converter,
                              mlir::RewritePatternSet &patterns);

/// Replaces each lite.variable by a private memref.global of its static
/// shape and a flag saying whether it was assigned (stack variables by
/// declareStacks' globals), and declares the flag of each lite.call_once
/// initializer. Fails, naming the variable, on a variable of dynamic shape.
mlir::LogicalResult lowerVariableDeclarations(mlir::ModuleOp module);

/// lite.send and lite.recv as MPI_Send / MPI_Recv on MPI_COMM_WORLD (the
/// `mpi` dialect; MessagePatterns.cpp).
void populateMessagePatterns(const mlir::TypeConverter &converter,
                             mlir::RewritePatternSet &patterns);
/// Memory effects for mpi.send (reads its buffer) and mpi.recv (writes
/// its), which the mpi dialect does not declare and buffer deallocation
/// needs; registered by registerNativeLoweringExtensions.
void registerMessageEffects(mlir::DialectRegistry &registry);

/// lite.stack_reset, lite.stack_push and lite.stack_pop on the globals
/// declareStacks declares (StackPatterns.cpp).
void populateStackPatterns(const mlir::TypeConverter &converter,
                           mlir::RewritePatternSet &patterns);

/// The attribute naming the stack of a `@<stack>.reserve(i64)` declaration
/// (whose body -native-stack-storage writes after buffer deallocation).
inline constexpr llvm::StringLiteral kStackReserveAttr = "sluice.stack_reserve";

/// Replaces each stack variable (one that lite.stack_* ops name) by the
/// globals of a growable buffer: `@s : memref<memref<?xE>>`, `@s.size`
/// (i64), `@s.created` (i1) and the declaration of `@s.reserve`; appends the
/// variables it replaced to `stacks` (erased by the caller). Fails, naming the
/// op, on a stack whose elements are not of one static shape.
mlir::LogicalResult
declareStacks(mlir::ModuleOp module,
              llvm::SmallVectorImpl<sluice::lite::VariableOp> &stacks);

/// lite.random_uniform on the generator offsets declareRandomGenerators
/// declares (RandomPatterns.cpp).
void populateRandomPatterns(const mlir::TypeConverter &converter,
                            mlir::RewritePatternSet &patterns);

/// Declares a private i64 global per lite.random_uniform, where its
/// generator stands (0 before its first run), and names it on the op.
void declareRandomGenerators(mlir::ModuleOp module);

/// scf.while carries, and scf.if yields, rank-0 tensors as scalars
/// (ScalarizeLoopState.cpp).
void populateScalarizeLoopStatePatterns(mlir::RewritePatternSet &patterns);

/// The external models the native pipeline needs beyond the dialects
/// themselves: bufferization and deallocation of arith, cf, func, linalg,
/// memref, scf and tensor ops, and func's inliner. -convert-lite-to-linalg
/// declares them as dependencies, so any context running it has them.
void registerNativeLoweringExtensions(mlir::DialectRegistry &registry);

/// Emits a run-time check: when `ok` (an i1) is false at run time, the
/// status `code` is recorded for the caller. Lowering patterns call this and
/// then go on computing a safe value (a clamped index, a divisor of one) so
/// that the compiled code never faults. Materialised as a `cf.assert`
/// tagged with the code; the pass turns it into a store to the status
/// argument once every op is converted.
void emitRuntimeCheck(mlir::OpBuilder &builder, mlir::Location loc,
                      mlir::Value ok, sluice_status code,
                      llvm::StringRef message);

/// The attribute naming a check's status code on its `cf.assert`.
inline constexpr llvm::StringLiteral kStatusCodeAttr = "sluice.status";

} // namespace sluice::lite_to_native

#endif // SLUICE_CONVERSION_LITETOLINALG_LITETOLINALG_H
