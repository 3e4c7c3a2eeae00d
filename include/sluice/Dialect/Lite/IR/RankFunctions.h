//===- RankFunctions.h - the functions of a partitioned program -*- C++ -*-===//
//
// A function @f partitioned over K ranks (-executor-partition for executor
// graphs, -lite-partition for lifted programs) becomes @f_rank0 ...
// @f_rank<K-1>: each takes @f's arguments, @f_rank0 returns @f's results,
// the others return nothing, and each carries `sluice.rank`. The module
// says over how many ranks (`sluice.ranks`). The rule lives here, once, for
// both partitions and for whoever runs their functions.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_LITE_IR_RANKFUNCTIONS_H
#define SLUICE_DIALECT_LITE_IR_RANKFUNCTIONS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

#include <optional>
#include <string>

namespace sluice {

/// Marks `module` partitioned over `ranks` ranks (`sluice.ranks`).
void setPartitionRanks(mlir::ModuleOp module, int64_t ranks);
/// The ranks `module` is partitioned over, if it is.
std::optional<int64_t> getPartitionRanks(mlir::ModuleOp module);

/// "<function>_rank<rank>".
std::string getRankFunctionName(llvm::StringRef function, int64_t rank);

/// Creates the empty rank function of `func` for `rank` before `func`: its
/// name, signature (rank 0 keeps the results), attributes (argument
/// attributes, rank 0's result attributes, every other discardable one)
/// and `sluice.rank`. Fails, with an error on `func`, when a symbol of
/// that name exists.
mlir::FailureOr<mlir::func::FuncOp> createRankFunction(mlir::func::FuncOp func,
                                                       int64_t rank);

} // namespace sluice

#endif // SLUICE_DIALECT_LITE_IR_RANKFUNCTIONS_H
