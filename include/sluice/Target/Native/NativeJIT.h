//===- NativeJIT.h - compile a lite program in process and run it -*- C++
//-*-===//
//
// The native engine of sluice-run (and of the Python package): lowers a lite
// program with the native pipeline, compiles it with MLIR's ExecutionEngine
// and calls its C entry points on interpreter tensors, so that results can be
// compared with the reference interpreter's one for one.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_TARGET_NATIVE_NATIVEJIT_H
#define SLUICE_TARGET_NATIVE_NATIVEJIT_H

#include "sluice/Codegen/Native/EntryPoints.h"
#include "sluice/Kernels/Tensor.h"
#include "sluice/Target/Native/NativeEmitter.h"

#include "mlir/ExecutionEngine/ExecutionEngine.h"

#include <memory>

namespace sluice {

/// The name of a sluice_status code (`SLUICE_ERROR_INDEX_OUT_OF_RANGE`).
llvm::StringRef getStatusName(int32_t status);

/// Gives each unranked argument of `function` the static shape of its input
/// (a JIT compiles for the inputs at hand), then refines the types of the
/// function's body from them (lite::refineShapes). Arguments with a rank
/// keep their types. Errors are emitted on the function.
mlir::LogicalResult
specializeUnrankedArguments(mlir::func::FuncOp function,
                            llvm::ArrayRef<interp::Tensor> inputs);

class NativeJIT {
public:
  /// Lowers a copy of `module` (a lite program; it is not modified) and
  /// compiles it. Errors are emitted as diagnostics.
  static mlir::FailureOr<std::unique_ptr<NativeJIT>>
  compile(mlir::ModuleOp module, const NativeTargetOptions &options);

  /// Runs @function on `inputs` (in argument order). An input whose dtype
  /// or shape does not fit, or a run that returns an error status, fails
  /// with `error` naming the input or the status.
  mlir::FailureOr<llvm::SmallVector<interp::Tensor>>
  run(llvm::StringRef function, llvm::ArrayRef<interp::Tensor> inputs,
      std::string &error) const;

private:
  NativeJIT() = default;
  std::unique_ptr<mlir::ExecutionEngine> engine;
  llvm::SmallVector<CEntryPoint> entries;
  /// The packed wrapper of each of `entries`, in the same order.
  llvm::SmallVector<void (*)(void **)> packedEntries;
};

} // namespace sluice

#endif // SLUICE_TARGET_NATIVE_NATIVEJIT_H
