//===- IndexRules.h - axis, batch_dims and broadcasting rules ----*- C++
//-*-===//
//
// The index and shape rules several lite ops share, each defined once:
// normalising an axis, gather's batch_dims, and numpy broadcasting. The
// verifiers, shape inference, the reference kernels, the native lowering and
// the GraphDef importer call these and only add their own diagnostics'
// context; none of them restates a rule.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_LITE_IR_INDEXRULES_H
#define SLUICE_DIALECT_LITE_IR_INDEXRULES_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace sluice::lite {

/// Emits an error where the caller wants it (an op's verifier, a kernel, a
/// pattern) and returns it to be streamed into.
using EmitErrorFn = llvm::function_ref<mlir::InFlightDiagnostic()>;

/// `axis` of a tensor of rank `rank`, valid in [-rank, rank), as an index in
/// [0, rank). Out of range: failure, reported through `emitError` (when
/// given) as "<what> <axis> is out of range for <subject> (expected in
/// [-rank, rank))", `subject` being "rank <rank>" unless given.
mlir::FailureOr<int64_t> normalizeAxis(int64_t axis, int64_t rank,
                                       EmitErrorFn emitError = nullptr,
                                       llvm::StringRef what = "axis",
                                       llvm::StringRef subject = "");

/// Gather's `batch_dims` for indices of rank `indicesRank` and the
/// normalised `axis`: negative counts from the end of the indices' shape;
/// the result must lie in [0, indicesRank] and not exceed `axis`. Failure is
/// reported through `emitError` (when given) as "<what> <batch_dims> is out
/// of range for indices of rank <rank>" or "<what> <n> must not exceed axis
/// <axis>".
mlir::FailureOr<int64_t>
normalizeGatherBatchDims(int64_t batchDims, int64_t indicesRank, int64_t axis,
                         EmitErrorFn emitError = nullptr,
                         llvm::StringRef what = "batch_dims");

/// Gather's result shape: params[:axis] + indices[batchDims:] +
/// params[axis+1:], for a normalised axis and batch_dims (the batch
/// dimensions, params[:batchDims], come from params).
llvm::SmallVector<int64_t> getGatherShape(llvm::ArrayRef<int64_t> params,
                                          llvm::ArrayRef<int64_t> indices,
                                          int64_t axis, int64_t batchDims);

/// Numpy broadcasting of `shapes` (aligned at the last dimension; each size
/// equal to the result's or 1). A dynamic size (ShapedType::kDynamic) is 1
/// or the result's size at run time: the result's size where another
/// operand fixes it to more than 1, else dynamic. Nullopt when two static
/// sizes other than 1 differ.
std::optional<llvm::SmallVector<int64_t>>
broadcastShapes(llvm::ArrayRef<llvm::ArrayRef<int64_t>> shapes);

} // namespace sluice::lite

#endif // SLUICE_DIALECT_LITE_IR_INDEXRULES_H
