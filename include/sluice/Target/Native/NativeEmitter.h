//===- NativeEmitter.h - LLVM dialect to object, assembly, IR ---*- C++ -*-===//
//
// The last step of the native back end: translates a module lowered to the
// LLVM dialect (sluice-lower-to-llvm) into LLVM IR, optimises it and emits
// it for the host through LLVM's TargetMachine, in process.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_TARGET_NATIVE_NATIVEEMITTER_H
#define SLUICE_TARGET_NATIVE_NATIVEEMITTER_H

#include "sluice/Codegen/Native/EntryPoints.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Support/Timing.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"

#include <string>
#include <utility>
#include <vector>

namespace sluice {

enum class NativeOutputKind { LLVMIR, Assembly, Object };

struct NativeTargetOptions {
  /// The target triple (`aarch64-linux-gnu`, `armv7a-linux-gnueabihf`,
  /// `riscv64-linux-gnu`, `thumbv7em-none-eabihf`, ...): any target this
  /// LLVM has. Empty: this machine's. The JIT runs the host's only.
  std::string triple;
  /// The CPU to tune and select instructions for: a name LLVM knows for the
  /// triple (`x86-64-v3`, `cortex-a72`, ...), `generic`, or `native` for
  /// this machine (the host triple only).
  std::string cpu = "generic";
  /// LLVM's -O level, 0 to 3.
  unsigned optLevel = 3;
  /// The JIT only: functions the host gives the compiled code in place of
  /// the process's symbols of those names (sluice-run's MPI_Recv with a
  /// time limit).
  std::vector<std::pair<std::string, void *>> hostSymbols;
};

/// Registers the translations of the builtin and LLVM dialects to LLVM IR
/// in `context`.
void registerNativeTranslations(mlir::MLIRContext &context);

/// A TargetMachine for `options.triple` (the host's when empty) and
/// `options.cpu`, or null with `error` set (an unknown triple or CPU).
std::unique_ptr<llvm::TargetMachine>
createTargetMachine(const NativeTargetOptions &options, std::string &error);

/// Writes `module` (LLVM dialect only) as `kind` for `options.triple`. Errors
/// (an unknown CPU, an op that does not translate) are emitted on the module
/// and return failure. With `timing`, "translate" (to LLVM IR), "optimize"
/// and "codegen" are timed under it.
mlir::LogicalResult emitNative(mlir::ModuleOp module, NativeOutputKind kind,
                               const NativeTargetOptions &options,
                               llvm::raw_ostream &os,
                               mlir::TimingScope *timing = nullptr);

/// A copy of the lite program `module` lowered to the LLVM dialect by the
/// native pipeline (symbols `<prefix>_<function>`), with the translations
/// to LLVM IR registered, or null after emitting an error. `entries` gets the
/// program's C entry points, collected between the pipeline's halves: the
/// program's own types (uint8_t stays unsigned) with the shapes inferred.
/// With `timing`, "clone", the pipeline's passes (PassManager::enableTiming)
/// and "entry points" are timed under it.
mlir::OwningOpRef<mlir::ModuleOp>
lowerToNative(mlir::ModuleOp module, llvm::StringRef prefix,
              const NativeTargetOptions &options,
              llvm::SmallVectorImpl<CEntryPoint> &entries,
              mlir::TimingScope *timing = nullptr);

/// The budget, in float elements, for a matrix product's accumulators on the
/// target CPU: half its vector register file (256 with AVX-512's 32 x 16,
/// 64 with AVX's 16 x 8, 32 with SSE's 16 x 4).
int64_t getVectorRegisterElements(const NativeTargetOptions &options);

/// The whole native back end on a lite program: lowers a copy of `module`
/// with the native pipeline (symbols `<prefix>_<function>`), emits it as
/// `kind` to `os` and, when `header` is given, writes the C header declaring
/// its entry points there, with `guard` as its include guard. With `timing`,
/// the stages are timed under it: "lowering" (lowerToNative), "LLVM"
/// (emitNative) and "header".
mlir::LogicalResult
compileNative(mlir::ModuleOp module, NativeOutputKind kind,
              llvm::StringRef prefix, const NativeTargetOptions &options,
              llvm::raw_ostream &os, llvm::raw_ostream *header = nullptr,
              llvm::StringRef guard = "", mlir::TimingScope *timing = nullptr);

} // namespace sluice

#endif // SLUICE_TARGET_NATIVE_NATIVEEMITTER_H
