//===- Evaluator.h - the interpreter's op-by-op evaluator --------*- C++
//-*-===//
//
// Internal to lib/Interpreter. Evaluates the ops of a block in order against
// an environment mapping SSA values to tensors: lite tensor ops through their
// kernels, lite.if / lite.while structurally, func.call, and executor.graph
// through the dataflow executor (ExecutorInterpreter.cpp); variables live in
// the program instance's ProgramState; lite.send / lite.recv go through
// InterpreterOptions::transport.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_INTERPRETER_EVALUATOR_H
#define SLUICE_LIB_INTERPRETER_EVALUATOR_H

#include "sluice/Dialect/Executor/IR/ExecutorOps.h"
#include "sluice/Dialect/Lite/IR/LiteOps.h"
#include "sluice/Interpreter/Interpreter.h"
#include "sluice/Interpreter/Transport.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"

#include <map>

namespace sluice::interp::detail {

/// Tensors of the SSA values in scope.
using Environment = llvm::DenseMap<mlir::Value, Tensor>;

class Evaluator {
public:
  Evaluator(const InterpreterOptions &options, InterpreterStats &stats,
            ProgramState &state)
      : options(options), stats(stats), state(state) {}

  /// Runs the ops of `block` (its arguments already bound in `env`) and
  /// returns the values of its terminator's operands.
  mlir::FailureOr<llvm::SmallVector<Tensor>> runBlock(mlir::Block &block,
                                                      Environment &env);

  /// Runs a function on its arguments.
  mlir::FailureOr<llvm::SmallVector<Tensor>>
  runFunction(mlir::func::FuncOp function, llvm::ArrayRef<Tensor> arguments);

  const InterpreterOptions &getOptions() const { return options; }
  InterpreterStats &getStats() { return stats; }

private:
  mlir::LogicalResult runOp(mlir::Operation &op, Environment &env);
  /// The ops on the program instance's state (`state`): variables, stacks,
  /// lite.call_once and lite.random_uniform's generators; failure() with a
  /// diagnostic, or std::nullopt for another op.
  std::optional<mlir::LogicalResult> runStateOp(mlir::Operation &op,
                                                Environment &env);

  /// lite.send and lite.recv of a partitioned lifted program: the n-th
  /// message under a key goes as "<key>#<n>"; messages that arrive before
  /// their recv wait in `arrived`.
  mlir::LogicalResult runSend(sluice::lite::SendOp send, Environment &env);
  mlir::LogicalResult runRecv(sluice::lite::RecvOp recv, Environment &env);
  std::map<std::pair<int64_t, std::string>, TransportMessage> arrived;
  llvm::StringMap<int64_t> sendCounts, recvCounts;

  const InterpreterOptions &options;
  InterpreterStats &stats;
  ProgramState &state;
  /// Depth of nested function calls, to turn unbounded recursion into an
  /// error.
  int callDepth = 0;
};

/// Runs an executor graph by frames, tags and deadness; values it uses from
/// outside the graph are read from `env`. Returns the fetched values.
mlir::FailureOr<llvm::SmallVector<Tensor>>
runExecutorGraph(sluice::executor::GraphOp graph, Environment &env,
                 Evaluator &evaluator);

} // namespace sluice::interp::detail

#endif // SLUICE_LIB_INTERPRETER_EVALUATOR_H
