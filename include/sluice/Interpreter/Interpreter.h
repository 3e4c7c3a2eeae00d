//===- Interpreter.h - sluice's reference interpreter -----------*- C++ -*-===//
//
// Runs a function of lite ops (with lite.if / lite.while executed
// structurally) or of executor graphs (executed by frames, tags and deadness
// as shared/seeds/tf-control-flow-implementation.txt specifies). The semantic
// oracle every other engine is compared with.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_INTERPRETER_INTERPRETER_H
#define SLUICE_INTERPRETER_INTERPRETER_H

#include "sluice/Kernels/Tensor.h"
#include "sluice/Runtime/ResourceLimits.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

namespace sluice::interp {

class Transport;

struct InterpreterOptions {
  /// Upper bound on the iterations of any one loop (a lite.while, or one
  /// frame of an executor graph); exceeding it is an error.
  int64_t maxIterations = 10'000'000;
  /// Upper bound on the bytes of tensors the run holds at once (beyond
  /// those alive when it starts: its inputs, the program's variables);
  /// exceeding it, or a kernel about to, is an error.
  int64_t maxMemoryBytes = kDefaultMaxMemoryBytes;
  /// A partitioned graph's executor.send/recv go through this (its rank's
  /// end of a Transport, sluice/Interpreter/Transport.h); null: a graph
  /// with sends or receives is an error.
  Transport *transport = nullptr;
  /// How long a rank with nothing else to run waits for a message before
  /// it gives up, naming the edge and the rank it waited for.
  double receiveTimeoutSeconds = 60;
};

/// Which executor nodes (the ops of executor.graphs) a run executed, and
/// which of those produced a live value at least once; a node executed but
/// never live ran only dead (an untaken branch, a loop's last iteration).
struct NodeLiveness {
  llvm::DenseSet<mlir::Operation *> executed;
  llvm::DenseSet<mlir::Operation *> live;
};

/// Counters a run accumulates (for benchmarks and tests).
struct InterpreterStats {
  /// Executor nodes run (dead or live), including islands.
  int64_t nodeExecutions = 0;
  /// Lite ops evaluated by kernels.
  int64_t kernelExecutions = 0;
  /// When the caller points it at a NodeLiveness, the run records its
  /// executor nodes there (sluicec --emit=dot --picture=executor --inputs
  /// greys the dead ones); null, it costs a run one test per node value.
  NodeLiveness *nodeLiveness = nullptr;
};

/// What outlives one run of a program instance: the values of its variables
/// (lite.variable, by symbol name) and the initializers lite.call_once has
/// run. A variable absent from `variables` was never assigned.
struct ProgramState {
  llvm::StringMap<Tensor> variables;
  llvm::StringSet<> initializersRun;
  /// Stack variables (lite.stack_reset) holding no element.
  llvm::StringSet<> emptyStacks;
  /// Where the generator of each lite.random_uniform stands (in Philox
  /// blocks; 0 before its first run).
  llvm::DenseMap<mlir::Operation *, uint64_t> randomBlockOffsets;
};

/// Runs `function` on `arguments` and returns its results. Errors (a
/// run-time kernel error, a deadlocked or dead fetch, a runaway loop, ...)
/// are emitted as diagnostics on the offending op and yield failure.
/// Variables live in `state` (a fresh one per call when null).
mlir::FailureOr<llvm::SmallVector<Tensor>>
runFunction(mlir::func::FuncOp function, llvm::ArrayRef<Tensor> arguments,
            const InterpreterOptions &options = {},
            InterpreterStats *stats = nullptr, ProgramState *state = nullptr);

} // namespace sluice::interp

#endif // SLUICE_INTERPRETER_INTERPRETER_H
