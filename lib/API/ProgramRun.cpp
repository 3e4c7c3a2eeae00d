//===- ProgramRun.cpp - running a Program ---------------------------------===//
//
// Inputs checked against the function's arguments (the messages of
// sluice-run's JSON inputs), then the reference interpreter or native code
// compiled in process, kept for the next run with the same shapes.
//
//===----------------------------------------------------------------------===//

#include "sluice/API/Program.h"

#include "DiagnosticCapture.h"
#include "Lifting.h"
#include "ProgramSession.h"
#include "RunInputs.h"

#include "sluice/Dialect/Lite/IR/RankFunctions.h"
#include "sluice/Dialect/Lite/IR/SignatureNames.h"
#include "sluice/Target/Native/NativeJIT.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/FormatVariadic.h"

#include <atomic>
#include <chrono>
#include <thread>

using namespace mlir;

namespace sluice {

/// "[?, 2]": a declared shape, dynamic sizes as '?'.
static std::string declaredShapeString(ArrayRef<int64_t> shape) {
  std::string text = "[";
  for (auto [i, size] : llvm::enumerate(shape))
    text +=
        (i ? ", " : "") +
        (ShapedType::isDynamic(size) ? std::string("?") : std::to_string(size));
  return text + "]";
}

/// Fails with `message` (no diagnostic), capturing only now: a run's
/// checks and a call of code compiled before need no capture until they
/// fail.
static LogicalResult failWith(ProgramSession &session, ProgramError &error,
                              const std::string &message) {
  DiagnosticCapture capture(session);
  return capture.fail(error, message);
}

LogicalResult checkInputs(func::FuncOp function,
                          ArrayRef<interp::Tensor> inputs,
                          std::string &message) {
  if (inputs.size() != function.getNumArguments()) {
    message = llvm::formatv("@{0} takes {1} argument(s), got {2} input(s)",
                            function.getSymName(), function.getNumArguments(),
                            inputs.size());
    return failure();
  }
  for (auto [index, input] : llvm::enumerate(inputs)) {
    Type type = function.getArgumentTypes()[index];
    std::string name = getArgumentName(function, index);
    auto tensorType = dyn_cast<TensorType>(type);
    std::optional<interp::DType> dtype =
        tensorType ? interp::getDType(tensorType.getElementType())
                   : std::nullopt;
    if (!dtype) {
      message = llvm::formatv("argument '{0}' has type {1}, which the "
                              "interpreter does not support",
                              name, type);
      return failure();
    }
    if (input.getDType() != *dtype) {
      message = llvm::formatv("input '{0}' has dtype {1} but {2} is expected",
                              name, interp::getDTypeName(input.getDType()),
                              interp::getDTypeName(*dtype));
      return failure();
    }
    auto ranked = dyn_cast<RankedTensorType>(tensorType);
    if (ranked && !interp::fitsShape(input.getShape(), ranked.getShape())) {
      message = llvm::formatv("input '{0}' has shape {1} but the program "
                              "expects {2}",
                              name, interp::shapeString(input.getShape()),
                              declaredShapeString(ranked.getShape()));
      return failure();
    }
  }
  return success();
}

FailureOr<SmallVector<interp::Tensor>>
Program::orderInputs(StringRef function, ArrayRef<NamedTensor> inputs,
                     ProgramError &error) const {
  // Every failure here is a message (failWith): a run's inputs are ordered
  // on every call.
  auto fail = [&](const std::string &message) {
    return failWith(*session, error, message);
  };
  func::FuncOp callee = lookupFunction(function);
  if (!callee)
    return fail(describeMissingFunction(function));
  unsigned count = callee.getNumArguments();
  SmallVector<std::string> names;
  for (unsigned i = 0; i < count; ++i)
    names.push_back(getArgumentName(callee, i));
  SmallVector<const interp::Tensor *> ordered(count, nullptr);
  for (const NamedTensor &input : inputs) {
    auto *it = llvm::find(names, input.name);
    if (it == names.end())
      continue;
    const interp::Tensor *&slot = ordered[it - names.begin()];
    if (slot)
      return fail("input '" + input.name + "' is given twice");
    slot = &input.tensor;
  }
  for (unsigned i = 0; i < count; ++i)
    if (!ordered[i])
      return fail("missing input '" + names[i] + "'");
  for (const NamedTensor &input : inputs)
    if (!llvm::is_contained(names, input.name))
      return fail("unknown input '" + input.name + "'");
  SmallVector<interp::Tensor> result;
  for (const interp::Tensor *tensor : ordered)
    result.push_back(*tensor);
  return result;
}

static double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
      .count();
}

FailureOr<SmallVector<interp::Tensor>>
Program::run(ArrayRef<interp::Tensor> inputs, const RunOptions &options,
             ProgramError &error, RunStats *stats) const {
  RunStats ignored;
  RunStats &measured = stats ? *stats : ignored;
  auto fail = [&](const std::string &message) {
    return failWith(*session, error, message);
  };
  func::FuncOp function = lookupFunction(options.function);
  if (!function)
    return fail(describeMissingFunction(options.function));
  std::string message;
  if (failed(checkInputs(function, inputs, message)))
    return fail(message);
  if (options.engine == Engine::Native)
    return runNatively(function, inputs, options, error, measured);

  DiagnosticCapture capture(*session);
  interp::InterpreterOptions interpreterOptions;
  interpreterOptions.maxIterations = options.maxIterations;
  interpreterOptions.maxMemoryBytes = options.maxMemoryBytes;
  interpreterOptions.transport = options.transport;
  interpreterOptions.receiveTimeoutSeconds = options.receiveTimeoutSeconds;
  if (options.beforeRun)
    options.beforeRun();
  auto start = std::chrono::steady_clock::now();
  FailureOr<SmallVector<interp::Tensor>> results =
      interp::runFunction(function, inputs, interpreterOptions,
                          &measured.interpreter, &interpreterState);
  measured.runSeconds = secondsSince(start);
  if (failed(results))
    return capture.fail(error);
  return results;
}

FailureOr<SmallVector<interp::Tensor>>
Program::runNatively(func::FuncOp function, ArrayRef<interp::Tensor> inputs,
                     const RunOptions &options, ProgramError &error,
                     RunStats &stats) const {
  // One compilation of the whole program serves every function, so that
  // they share its variables and initializers (a SavedModel's signatures).
  // Code is compiled for the shapes unranked arguments take, so a function
  // that has some is compiled for itself and those shapes.
  std::string key =
      ("cpu=" + options.target.cpu + " O" + Twine(options.target.optLevel))
          .str();
  std::string shapes;
  for (auto [type, input] : llvm::zip(function.getArgumentTypes(), inputs))
    if (isa<UnrankedTensorType>(type))
      shapes += " " + interp::shapeString(input.getShape());
  if (!shapes.empty())
    key = ("@" + function.getSymName() + " " + key + shapes).str();

  auto compiled = compiledCode.find(key);
  if (compiled == compiledCode.end()) {
    DiagnosticCapture capture(*session);
    FailureOr<OwningOpRef<ModuleOp>> lite =
        cloneLifted(*module, session->maxNesting);
    if (failed(lite))
      return capture.fail(error);
    auto specialized =
        (**lite).lookupSymbol<func::FuncOp>(function.getSymName());
    if (failed(specializeUnrankedArguments(specialized, inputs)))
      return capture.fail(error);
    auto start = std::chrono::steady_clock::now();
    FailureOr<std::unique_ptr<NativeJIT>> jit =
        NativeJIT::compile(**lite, options.target);
    if (failed(jit))
      return capture.fail(error);
    stats.compileSeconds = secondsSince(start);
    compiled = compiledCode.emplace(key, std::move(*jit)).first;
  }
  stats.compiled = true;

  std::string message;
  if (options.beforeRun)
    options.beforeRun();
  auto start = std::chrono::steady_clock::now();
  FailureOr<SmallVector<interp::Tensor>> results =
      compiled->second->run(function.getSymName(), inputs, message);
  stats.runSeconds = secondsSince(start);
  if (failed(results))
    return failWith(*session, error, message);
  return results;
}

FailureOr<SmallVector<interp::Tensor>>
Program::runRanks(ArrayRef<interp::Tensor> inputs, const RunOptions &options,
                  int64_t numRanks, ProgramError &error,
                  RunStats *stats) const {
  auto fail = [&](const std::string &message) {
    return failWith(*session, error, message);
  };
  if (numRanks < 1)
    return fail("a distributed run needs at least 1 rank, not " +
                std::to_string(numRanks));
  if (options.engine != Engine::Interpreter)
    return fail("ranks that are threads of this process run in the "
                "interpreter: native code sends with MPI (sluice-run "
                "--distributed --engine=native under mpirun)");
  SmallVector<func::FuncOp> functions;
  for (int64_t rank = 0; rank < numRanks; ++rank) {
    std::string name = getRankFunctionName(options.function, rank);
    func::FuncOp function = lookupFunction(name);
    if (!function)
      return fail("no function @" + name + ": partition the program over " +
                  std::to_string(numRanks) +
                  " ranks first (Program::partition)");
    std::string message;
    if (failed(checkInputs(function, inputs, message)))
      return fail(message);
    functions.push_back(function);
  }

  DiagnosticCapture capture(*session);
  interp::InProcessTransportGroup group(numRanks);
  std::vector<FailureOr<SmallVector<interp::Tensor>>> results(numRanks,
                                                              failure());
  std::vector<interp::InterpreterStats> rankStats(numRanks);
  std::vector<interp::ProgramState> states(numRanks);
  std::atomic<int64_t> firstFailed{-1};
  auto runRank = [&](int64_t rank) {
    interp::InterpreterOptions interpreterOptions;
    interpreterOptions.maxIterations = options.maxIterations;
    interpreterOptions.maxMemoryBytes = options.maxMemoryBytes;
    interpreterOptions.transport = &group.getTransport(rank);
    interpreterOptions.receiveTimeoutSeconds = options.receiveTimeoutSeconds;
    results[rank] =
        interp::runFunction(functions[rank], inputs, interpreterOptions,
                            &rankStats[rank], &states[rank]);
    if (failed(results[rank])) {
      int64_t none = -1;
      firstFailed.compare_exchange_strong(none, rank);
      group.getTransport(rank).reportFailure("its run failed");
    }
  };
  auto start = std::chrono::steady_clock::now();
  std::vector<std::thread> threads;
  for (int64_t rank = 1; rank < numRanks; ++rank)
    threads.emplace_back(runRank, rank);
  runRank(0);
  for (std::thread &thread : threads)
    thread.join();
  if (stats) {
    stats->runSeconds = secondsSince(start);
    for (int64_t rank = 0; rank < numRanks; ++rank) {
      stats->interpreter.nodeExecutions += rankStats[rank].nodeExecutions;
      stats->interpreter.kernelExecutions += rankStats[rank].kernelExecutions;
      stats->transport.push_back(group.getTransport(rank).getStats());
    }
  }
  if (firstFailed >= 0)
    return capture.fail(error, "rank " + std::to_string(firstFailed.load()) +
                                   " failed first");
  return std::move(results[0]);
}

} // namespace sluice
