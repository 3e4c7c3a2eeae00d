//===- ShapeLowering.h - helpers of the shape op lowerings ------*- C++ -*-===//
//
// Internal to lib/Conversion/LiteToLinalg. What the lowerings of lite's
// shape ops share: index arithmetic that folds constants (so constant
// operands give static IR), reading index vectors and scalars, run-time
// checks collected per op, and the guard that computes an op only when its
// checks hold:
//
//   ok = (every check of the op)          cf.assert %ok {sluice.status = C}
//   %r = scf.if %ok {                     (the checks are recorded first)
//     ... the op, its indices in range ...
//   } else {
//     zeros of the result type, dynamic dimensions 0
//   }
//
// so that compiled code never reads or writes out of bounds after an error.
// Every tensor is ranked here: the pass rejects unranked ones first.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_CONVERSION_LITETONATIVE_SHAPELOWERING_H
#define SLUICE_LIB_CONVERSION_LITETONATIVE_SHAPELOWERING_H

#include "sluice/Conversion/LiteToLinalg/LiteToLinalg.h"
#include "sluice/Runtime/ResourceLimits.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"

#include <cstdint>
#include <limits>
#include <optional>
#include <string>

namespace sluice::lite_to_native {

using sluice::kMaxElements;

/// The value of an index or integer constant, if `value` is one.
std::optional<int64_t> constantInt(mlir::Value value);
/// The value of an i1 constant, if `value` is one.
std::optional<bool> constantBool(mlir::Value value);

/// Index and i1 arithmetic on `index` values that folds constants, so that
/// a computation on constant operands leaves constants only.
class IndexArith {
public:
  IndexArith(mlir::OpBuilder &builder, mlir::Location loc)
      : builder(builder), loc(loc) {}

  mlir::Value constant(int64_t value);
  mlir::Value add(mlir::Value lhs, mlir::Value rhs);
  mlir::Value sub(mlir::Value lhs, mlir::Value rhs);
  mlir::Value mul(mlir::Value lhs, mlir::Value rhs);
  /// Signed division and remainder; callers make sure `rhs` is not zero.
  mlir::Value div(mlir::Value lhs, mlir::Value rhs);
  mlir::Value rem(mlir::Value lhs, mlir::Value rhs);
  mlir::Value min(mlir::Value lhs, mlir::Value rhs);
  mlir::Value max(mlir::Value lhs, mlir::Value rhs);
  /// min(max(value, lo), hi).
  mlir::Value clamp(mlir::Value value, mlir::Value lo, mlir::Value hi);
  mlir::Value cmp(mlir::arith::CmpIPredicate predicate, mlir::Value lhs,
                  mlir::Value rhs);
  mlir::Value eq(mlir::Value lhs, mlir::Value rhs);
  mlir::Value lt(mlir::Value lhs, mlir::Value rhs);
  mlir::Value le(mlir::Value lhs, mlir::Value rhs);
  mlir::Value select(mlir::Value condition, mlir::Value ifTrue,
                     mlir::Value ifFalse);

  mlir::Value boolean(bool value);
  mlir::Value both(mlir::Value lhs, mlir::Value rhs);
  mlir::Value either(mlir::Value lhs, mlir::Value rhs);
  mlir::Value negate(mlir::Value condition);

  /// An i32/i64 (or index) value as an index, sign-extended.
  mlir::Value toIndex(mlir::Value integer);
  /// An index value as an integer of `type` (truncated or extended).
  mlir::Value fromIndex(mlir::Value index, mlir::Type type);
  /// Size `dim` of a ranked tensor, a constant where the type says.
  mlir::Value dim(mlir::Value tensor, int64_t dim);
  /// Every size of a ranked tensor.
  llvm::SmallVector<mlir::Value> dims(mlir::Value tensor);

  mlir::OpBuilder &getBuilder() { return builder; }
  mlir::Location getLoc() { return loc; }

private:
  mlir::OpBuilder &builder;
  mlir::Location loc;
};

/// The run-time checks of one op. Each requirement becomes a run-time check
/// at the op's position, in the order the interpreter makes them (adjacent
/// ones with the same status code share one check); one that folds to false
/// is reported at compile time instead.
class RuntimeChecks {
public:
  RuntimeChecks(mlir::Operation *op, mlir::OpBuilder &builder,
                mlir::Location loc)
      : op(op), builder(builder), loc(loc) {}
  ~RuntimeChecks() { emit(); }

  /// Requires the i1 `ok`. Fails, with `message` on the op, when `ok` is
  /// the constant false.
  mlir::LogicalResult require(mlir::Value ok, sluice_status code,
                              const llvm::Twine &message);
  /// Emits the pending check.
  void emit();
  /// The conjunction of every requirement so far (the constant true when
  /// none can fail). Emits the pending check.
  mlir::Value allHold();

private:
  mlir::Operation *op;
  mlir::OpBuilder &builder;
  mlir::Location loc;
  /// The conjunction of the emitted requirements, and that of the pending
  /// ones (all with `pendingCode`).
  mlir::Value emitted, pending;
  sluice_status pendingCode = SLUICE_OK;
  std::string pendingMessage;
};

/// Reads the `length` entries of the 1-D integer vector `vector` as index
/// values (constants where the vector is). A vector of dynamic length is
/// checked to have `length` entries and read as zeros otherwise. Fails on a
/// static length other than `length`.
mlir::FailureOr<llvm::SmallVector<mlir::Value>>
readIndexVector(IndexArith &arith, RuntimeChecks &checks, mlir::Operation *op,
                mlir::Value vector, int64_t length, llvm::StringRef what);

/// The most elements a tensor of `elementType` created from run-time values
/// may have: kMaxElements, and no more than kDefaultMaxMemoryBytes (the
/// interpreter's default --max-memory).
int64_t maxElementsOf(mlir::Type elementType);

/// Whether a tensor of `elementType` and the non-negative `sizes` keeps
/// within maxElementsOf (an i1).
mlir::Value tensorFits(IndexArith &arith, llvm::ArrayRef<mlir::Value> sizes,
                       mlir::Type elementType);

/// The message of a failed tensorFits check of op `what`.
std::string tooLargeMessage(llvm::StringRef what, mlir::Type elementType);

/// Reads a shape operand (fill's dims, random_uniform's shape) of `rank`
/// entries with readIndexVector and checks each entry non-negative and that
/// a tensor of `elementType` of that shape fits (tensorFits); `what` names
/// the op in messages.
mlir::FailureOr<llvm::SmallVector<mlir::Value>>
readShapeVector(IndexArith &arith, RuntimeChecks &checks, mlir::Operation *op,
                mlir::Value vector, int64_t rank, mlir::Type elementType,
                llvm::StringRef what);

/// The element of a tensor with a static shape of exactly one element.
mlir::Value readSingleElement(mlir::OpBuilder &builder, mlir::Location loc,
                              mlir::Value tensor);

/// A ranked tensor type with `sizes`: static where a size is a constant.
mlir::RankedTensorType tensorTypeOfSizes(mlir::ArrayRef<mlir::Value> sizes,
                                         mlir::Type elementType);

/// A tensor.empty of `sizes`.
mlir::Value emptyTensor(mlir::OpBuilder &builder, mlir::Location loc,
                        mlir::ArrayRef<mlir::Value> sizes,
                        mlir::Type elementType);

/// A tensor of `type` full of zeros, its dynamic sizes 0 (so nothing is
/// allocated for it when it has one).
mlir::Value zeroTensor(mlir::OpBuilder &builder, mlir::Location loc,
                       mlir::RankedTensorType type);

/// `value` cast to `type` when the two differ (a tensor.cast).
mlir::Value castTo(mlir::OpBuilder &builder, mlir::Location loc,
                   mlir::Value value, mlir::Type type);

/// Builds the values of `types` with `build` where `ok` holds at run time
/// and zero tensors (see zeroTensor) where it does not; just `build` when
/// `ok` is the constant true. `build` may return more static types, which
/// are cast to `types`.
using ValuesBuilder = llvm::function_ref<llvm::SmallVector<mlir::Value>(
    mlir::OpBuilder &, mlir::Location)>;
llvm::SmallVector<mlir::Value> buildIfValid(mlir::OpBuilder &builder,
                                            mlir::Location loc, mlir::Value ok,
                                            mlir::TypeRange types,
                                            ValuesBuilder build);
/// buildIfValid for a single value.
mlir::Value buildIfValid(
    mlir::OpBuilder &builder, mlir::Location loc, mlir::Value ok,
    mlir::RankedTensorType type,
    llvm::function_ref<mlir::Value(mlir::OpBuilder &, mlir::Location)> build);

/// Gives `value`, the result computed for `op`, the op's declared
/// (converted) result type. Where the declared type has a static size that
/// the computed one has only at run time, checks it (the interpreter checks
/// every result against its declared type) and gives zeros when it differs.
/// Fails, naming the mismatch, when the two disagree statically.
mlir::FailureOr<mlir::Value> fitResult(mlir::OpBuilder &builder,
                                       mlir::Location loc, mlir::Operation *op,
                                       mlir::Value value, mlir::Type declared);

/// Replaces `op` with `values`, each given the op's converted result type
/// by fitResult.
mlir::LogicalResult
replaceWithResults(mlir::ConversionPatternRewriter &rewriter,
                   mlir::Operation *op, mlir::ValueRange values,
                   const mlir::TypeConverter &converter);

/// A linalg.generic over `sizes` (all dimensions parallel) that writes
/// `body(indices)` into a new tensor of `elementType`. `inputs` are read
/// with `inputMaps` and passed to `body` as block arguments.
mlir::Value
generateTensor(mlir::OpBuilder &builder, mlir::Location loc,
               mlir::ArrayRef<mlir::Value> sizes, mlir::Type elementType,
               mlir::ValueRange inputs,
               mlir::ArrayRef<mlir::AffineMap> inputMaps,
               llvm::function_ref<mlir::Value(mlir::OpBuilder &, mlir::Location,
                                              mlir::ValueRange indices,
                                              mlir::ValueRange inputs)>
                   body);

/// A tensor of `sizes` and `elementType` whose element at `indices` is
/// `element(builder, loc, indices)`: a tensor.generate, built when `ok`
/// holds (buildIfValid; zeros otherwise).
mlir::Value generateIfValid(
    mlir::OpBuilder &builder, mlir::Location loc, mlir::Value ok,
    mlir::ArrayRef<mlir::Value> sizes, mlir::Type elementType,
    llvm::function_ref<mlir::Value(mlir::OpBuilder &, mlir::Location,
                                   mlir::ValueRange indices)>
        element);

/// Offsets for a tensor.extract_slice of `sizes`: 0 where a size is 0 (any
/// offset reads nothing there, but the verifier of extract_slice rejects a
/// static offset at the end of a dimension).
llvm::SmallVector<mlir::OpFoldResult>
sliceOffsets(IndexArith &arith, llvm::ArrayRef<mlir::Value> offsets,
             llvm::ArrayRef<mlir::Value> sizes);

/// The reassociation between a shape and the same shape with unit
/// dimensions: `isUnit` marks the unit dimensions of the longer shape, each
/// of which joins its neighbour's group (all of them: no group at all).
llvm::SmallVector<mlir::ReassociationIndices>
unitDimGroups(llvm::ArrayRef<bool> isUnit);

/// `value` with size-1 dimensions inserted where `isUnit` (one entry per
/// result dimension) is set: a tensor.expand_shape.
mlir::Value insertUnitDims(mlir::OpBuilder &builder, mlir::Location loc,
                           mlir::Value value, llvm::ArrayRef<bool> isUnit);

/// Checks `axis` against [-rank, rank) and returns it in [0, rank).
mlir::FailureOr<int64_t> normalizeAxis(mlir::Operation *op, int64_t axis,
                                       int64_t rank, llvm::StringRef what);

/// Fails, naming `op`, when a product (fully_connected, batch_matmul, the
/// convolutions) cannot compute with its `original` (unconverted) element
/// type: int8/uint8, which TFLite treats as quantized, and bool.
mlir::LogicalResult checkProductElementType(mlir::Operation *op,
                                            mlir::Type original);

/// The patterns of WindowPatterns.cpp: conv_2d, depthwise_conv_2d,
/// max_pool_2d, average_pool_2d.
void populateWindowPatterns(const mlir::TypeConverter &converter,
                            mlir::RewritePatternSet &patterns);

/// The patterns of SlicePatterns.cpp: slice, strided_slice,
/// dynamic_update_slice, gather.
void populateSlicePatterns(const mlir::TypeConverter &converter,
                           mlir::RewritePatternSet &patterns);
/// The patterns of JoinPatterns.cpp: concatenation, pack, unpack.
void populateJoinPatterns(const mlir::TypeConverter &converter,
                          mlir::RewritePatternSet &patterns);

} // namespace sluice::lite_to_native

#endif // SLUICE_LIB_CONVERSION_LITETONATIVE_SHAPELOWERING_H
