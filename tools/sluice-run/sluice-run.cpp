//===- sluice-run.cpp - run a program in the reference interpreter --------===//
//
// sluice-run FILE [--function=main] [--inputs=IN.json ...] [--max-iterations=N]
//            [--max-memory=BYTES] [--max-nesting=N]
//            [--feeds=..] [--fetches=..] [--lift] [--engine=interpreter|native]
//            [--random-inputs=SEED]
// sluice-run FILE --compare[=text|json] [--engines=a,b] [--python=PY]
//            [--inputs=IN.json | --random-inputs=SEED] [--rtol=R] [--atol=A]
// sluice-run FILE --ranks=K [--placement=..] [--receive-timeout=S] [--lift]
// mpirun -np K sluice-run FILE --distributed [--placement=..] [--lift]
//                                            [--engine=native]
//
// Runs a function of an .mlir file (executor graphs and/or lite ops), or the
// @main imported from a TensorFlow GraphDef (.pb, .pbtxt) or a TFLite model
// (.tflite), in the reference interpreter or compiled to native code in
// process, and prints its results as one JSON line. Errors are printed as
// diagnostics and the exit status is 1. Several --inputs run the program,
// loaded (and compiled) once, on each in turn, each from a fresh state,
// one JSON line per run: its outputs or {"error": TEXT}. --compare runs the
// program on every engine that applies (TensorFlow, the v1 executor, the
// interpreter, native code, the exported .tflite in native LiteRT and
// LiteRT.js) and prints a table of how each agrees with the reference; the exit
// status is 1 when one differs. --ranks and --distributed partition a program
// over K ranks (threads of this process, or the processes of an mpirun) that
// exchange tokens through sluice/Interpreter/Transport.h: executor graphs as
// they are, or, with --lift, --engine=native or a program without executor
// graphs, the lifted program (-lite-partition), whose native code sends
// with MPI itself. Everything but the
// command line and the JSON is
// sluice::Program (sluice/API/Program.h, sluice/API/Compare.h).
//
//===----------------------------------------------------------------------===//

#include "sluice/API/Compare.h"
#include "sluice/API/Program.h"
#include "sluice/Dialect/Lite/IR/LiteOps.h"
#include "sluice/Dialect/Lite/IR/RankFunctions.h"
#include "sluice/Driver/GraphDefOptions.h"
#include "sluice/Interpreter/MPITransport.h"
#include "sluice/Interpreter/ProgramIO.h"

#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
namespace cl = llvm::cl;

static cl::OptionCategory category("sluice-run options");
static cl::opt<std::string> inputFile(
    cl::Positional,
    cl::desc(
        "<program.mlir|graph.pb|graph.pbtxt|saved_model_dir|model.tflite>"),
    cl::Required, cl::cat(category));
static cl::opt<std::string>
    functionName("function", cl::desc("Function to run (default: main)"),
                 cl::init("main"), cl::cat(category));
static cl::list<std::string> inputsFiles(
    "inputs",
    cl::desc("JSON file with the arguments: an object keyed by argument name "
             "(sluice.name, else arg0, arg1, ...) or an array in argument "
             "order, of {\"dtype\", \"shape\", \"data\"} or plain nested "
             "arrays. Repeatable (one engine, no --compare, --ranks or "
             "--distributed): the program is loaded and compiled once and "
             "run on each file in turn, each run from a fresh state (as a "
             "new process would); every run prints one JSON line, its "
             "outputs or {\"error\": the diagnostics}, and the exit status "
             "is 1 when any run failed"),
    cl::value_desc("IN.json"), cl::cat(category));
static cl::opt<int64_t> maxIterations(
    "max-iterations",
    cl::desc("Upper bound on the iterations of any one loop; a loop that "
             "runs longer is an error"),
    cl::init(sluice::interp::InterpreterOptions().maxIterations),
    cl::cat(category));

static cl::opt<std::string> maxMemory(
    "max-memory",
    cl::desc("Upper bound on the bytes of tensors an interpreter run holds "
             "at once (a number, or with a suffix K, M or G for 2^10, 2^20, "
             "2^30; default 4G); going beyond is an error"),
    cl::value_desc("BYTES"), cl::cat(category));

/// Bytes from "123", "64K", "512M", "4G"; none for anything else.
static std::optional<int64_t> parseByteSize(StringRef text) {
  int64_t shift = 0;
  if (text.consume_back("K") || text.consume_back("k"))
    shift = 10;
  else if (text.consume_back("M") || text.consume_back("m"))
    shift = 20;
  else if (text.consume_back("G") || text.consume_back("g"))
    shift = 30;
  uint64_t value;
  if (text.getAsInteger(10, value) || value > (uint64_t(INT64_MAX) >> shift))
    return std::nullopt;
  return static_cast<int64_t>(value << shift);
}

static cl::opt<bool>
    lift("lift",
         cl::desc("Lift v1 control flow to lite.if/lite.while (the "
                  "sluice-lift pipeline) and run the lifted program; with "
                  "--ranks or --distributed: partition the lifted program "
                  "(-lite-partition) instead of the executor graphs"),
         cl::cat(category));
using sluice::Engine;
static cl::opt<Engine> engine(
    "engine", cl::desc("What runs the program"), cl::init(Engine::Interpreter),
    cl::values(clEnumValN(Engine::Interpreter, "interpreter",
                          "the reference interpreter (default)"),
               clEnumValN(Engine::Native, "native",
                          "native code: the lite program lowered through "
                          "LLVM and compiled in process (needs lite IR: "
                          "executor graphs are lifted first; with "
                          "--distributed, each rank's lifted partition, its "
                          "messages MPI calls)")),
    cl::cat(category));
static cl::opt<std::string>
    targetCpu("target-cpu",
              cl::desc("With --engine=native: the CPU to compile for ('native' "
                       "(default), 'generic' or a name LLVM knows)"),
              cl::init("native"), cl::cat(category));

static cl::opt<bool> printStats(
    "print-stats",
    cl::desc("Print to stderr the run's wall time, executor node executions "
             "and kernel executions"),
    cl::cat(category));

static cl::opt<uint64_t> randomInputs(
    "random-inputs",
    cl::desc("Draw the arguments from SEED instead of --inputs: floats "
             "uniform in [-1, 1), integers in [0, 10) (int8 in [-5, 5)), "
             "booleans either way; a dynamic size is 2. --compare without "
             "--inputs draws them from seed 0"),
    cl::value_desc("SEED"), cl::cat(category));

static cl::opt<std::string> compare(
    "compare", cl::ValueOptional, cl::value_desc("text|json"),
    cl::desc("Run the program on every engine that applies -- TensorFlow "
             "(for a GraphDef, when a Python with it is found), the v1 "
             "executor, the lifted interpreter, native code, the exported "
             ".tflite in native LiteRT and in LiteRT.js -- and print how "
             "each agrees with the reference (TensorFlow when it ran, else "
             "the executor, else the interpreter) as a table, or with "
             "--compare=json as one JSON object with each engine's outputs; "
             "exit status 1 when one differs"),
    cl::cat(category));
static cl::list<std::string> compareEngines(
    "engines",
    cl::desc("With --compare: the engines to run (tensorflow, executor, "
             "interpreter, native, litert, litert-js; default: all)"),
    cl::CommaSeparated, cl::cat(category));
static cl::list<std::string>
    pythons("python",
            cl::desc("With --compare: a Python with TensorFlow and/or "
                     "ai_edge_litert, tried before $SLUICE_PYTHON and python3 "
                     "(repeatable). The engines' runners are found in "
                     "$SLUICE_ENGINES or the Python package next to "
                     "sluice-run, LiteRT.js's as $SLUICE_LITERT_JS"),
            cl::value_desc("PY"), cl::cat(category));
static cl::opt<double> relativeTolerance(
    "rtol", cl::desc("With --compare: relative tolerance of float outputs"),
    cl::init(sluice::CompareOptions().rtol), cl::cat(category));
static cl::opt<double> absoluteTolerance(
    "atol", cl::desc("With --compare: absolute tolerance of float outputs"),
    cl::init(sluice::CompareOptions().atol), cl::cat(category));

static cl::opt<int64_t> ranks(
    "ranks",
    cl::desc("Partition the program over K ranks (--placement) and run "
             "every rank in the interpreter as a thread of this process, the "
             "ranks exchanging tokens in memory; prints rank 0's outputs. "
             "Executor graphs are partitioned as they are, or lifted first "
             "with --lift"),
    cl::value_desc("K"), cl::cat(category));
static cl::opt<bool> distributed(
    "distributed",
    cl::desc("Under mpirun -np K: partition the program over the K "
             "processes (--placement) and run this process's rank, the ranks "
             "exchanging tokens as MPI messages; rank 0 prints the outputs. "
             "Every rank checks at start that all hold the same partition. "
             "With --engine=native each rank compiles its lifted partition, "
             "whose messages are MPI_Send / MPI_Recv calls"),
    cl::cat(category));
static cl::opt<std::string> placement(
    "placement",
    cl::desc("With --ranks or --distributed: how nodes are placed -- device "
             "(default: the GraphDef's device fields, task i on rank i), "
             "auto (balance work, cut few edges), random[:SEED], or "
             "SCOPE=RANK,... (a node named SCOPE or SCOPE/... on RANK, the "
             "longest scope winning, the rest on rank 0)"),
    cl::init("device"), cl::cat(category));
static cl::opt<double> receiveTimeout(
    "receive-timeout",
    cl::desc("With --ranks or --distributed: seconds a rank with nothing "
             "else to run waits for a message (native code: for a message "
             "or for a send to be taken) before it stops, naming the edge "
             "and the rank it waited for (default 60)"),
    cl::init(sluice::RunOptions().receiveTimeoutSeconds), cl::cat(category));

/// --placement as PartitionOptions ("random:7" -> random, seed 7).
static sluice::PartitionOptions getPartitionOptions(int64_t numRanks) {
  sluice::PartitionOptions options;
  options.numRanks = numRanks;
  StringRef text = placement;
  if (text.consume_front("random")) {
    options.placement = "random";
    uint64_t seed = 0;
    if (text.consume_front(":") && !text.getAsInteger(10, seed))
      options.seed = seed;
  } else {
    options.placement = text.str();
  }
  return options;
}

/// Prints what --print-stats reports for a run of `engine`.
static void printRunStats(sluice::Engine engine,
                          const sluice::RunStats &stats) {
  if (engine == sluice::Engine::Native)
    llvm::errs() << llvm::formatv(
        "{{\"compile_seconds\": {0}, \"seconds\": {1}}\n", stats.compileSeconds,
        stats.runSeconds);
  else
    llvm::errs() << llvm::formatv(
        "{{\"seconds\": {0}, \"node_executions\": {1}, "
        "\"kernel_executions\": {2}}\n",
        stats.runSeconds, stats.interpreter.nodeExecutions,
        stats.interpreter.kernelExecutions);
}

/// The arguments in file `path` (none when empty), or failure with
/// `message`.
static FailureOr<SmallVector<sluice::interp::Tensor>>
readInputs(func::FuncOp function, StringRef path, std::string &message) {
  std::string text;
  if (!path.empty()) {
    auto buffer = openInputFile(path, &message);
    if (!buffer)
      return failure();
    text = buffer->getBuffer().str();
  }
  return sluice::interp::parseInputs(function, text, message);
}

/// Several --inputs: runs `program` on each file in turn, each from a fresh
/// state, printing one JSON line per run -- its outputs, or {"error": what
/// a single run prints on stderr}; 1 when any run failed.
static int runEach(sluice::Program &program, func::FuncOp function,
                   const sluice::RunOptions &options) {
  int status = 0;
  for (auto [index, path] : llvm::enumerate(inputsFiles)) {
    if (index)
      program.resetState();
    std::string message;
    sluice::ProgramError error;
    sluice::RunStats stats;
    FailureOr<SmallVector<sluice::interp::Tensor>> results = failure();
    FailureOr<SmallVector<sluice::interp::Tensor>> inputs =
        readInputs(function, path, message);
    if (succeeded(inputs))
      results = program.run(*inputs, options, error, &stats);
    else
      error.message = message;
    if (printStats && (engine == sluice::Engine::Interpreter || stats.compiled))
      printRunStats(engine, stats);
    if (succeeded(results)) {
      llvm::outs() << sluice::interp::formatOutputs(function, *results) << "\n";
      continue;
    }
    status = 1;
    std::string text;
    llvm::raw_string_ostream os(text);
    error.print(os, "sluice-run");
    llvm::outs() << llvm::json::Value(llvm::json::Object{{"error", text}})
                 << "\n";
  }
  return status;
}

/// --ranks and --distributed: partitions `program` and runs its ranks,
/// as threads of this process or as this MPI process's rank.
static int runPartitioned(sluice::Program &program,
                          ArrayRef<sluice::interp::Tensor> inputs,
                          sluice::interp::MPISession *mpi) {
  if (ranks.getNumOccurrences() && distributed) {
    llvm::errs() << "sluice-run: --ranks runs every rank in this process, "
                    "--distributed one rank per MPI process: not both\n";
    return 1;
  }
  bool native = engine == sluice::Engine::Native;
  if (native && !distributed) {
    llvm::errs() << "sluice-run: native code sends its messages with MPI: "
                    "run it under mpirun with --distributed (--ranks runs "
                    "the interpreter)\n";
    return 1;
  }
  std::optional<sluice::interp::MPITransport> transport;
  if (distributed)
    transport.emplace();
  int64_t numRanks = transport ? transport->getNumRanks() : ranks;
  int64_t rank = transport ? transport->getRank() : 0;
  std::string prefix =
      transport ? "sluice-run: rank " + std::to_string(rank) : "sluice-run";
  sluice::ProgramError error;
  if (numRanks < 1) {
    llvm::errs() << "sluice-run: --ranks must be at least 1\n";
    return 1;
  }
  // A module partitioned before (sluice-opt -executor-partition) says over
  // how many ranks; anything else is partitioned now.
  if (std::optional<int64_t> partitioned =
          sluice::getPartitionRanks(program.getModule())) {
    if (*partitioned != numRanks) {
      llvm::errs() << prefix << ": the program is partitioned over "
                   << *partitioned << " ranks, not " << numRanks << "\n";
      return 1;
    }
  } else {
    sluice::PartitionOptions partitionOptions = getPartitionOptions(numRanks);
    partitionOptions.lifted = lift || native;
    if (native) {
      partitionOptions.native = true;
      partitionOptions.inputs.assign(inputs.begin(), inputs.end());
      partitionOptions.function = functionName;
    }
    if (failed(program.partition(partitionOptions, error))) {
      error.print(llvm::errs(), prefix);
      return 1;
    }
  }
  sluice::RunOptions options;
  options.function = functionName;
  options.engine = engine;
  options.target.cpu = targetCpu;
  options.maxIterations = maxIterations;
  options.receiveTimeoutSeconds = receiveTimeout;
  sluice::RunStats stats;
  FailureOr<SmallVector<sluice::interp::Tensor>> results = failure();
  if (transport) {
    std::string message;
    if (failed(transport->checkSameProgram(llvm::hash_value(program.getMLIR()),
                                           message))) {
      llvm::errs() << prefix << ": " << message << "\n";
      return 1; // every rank sees it: all finalize
    }
    options.function = sluice::getRankFunctionName(functionName, rank);
    options.transport = &*transport;
    // Every rank starts its run (and its clock) when all are ready.
    options.beforeRun = [&] { transport->barrier(); };
    if (native) {
      // Native sends and receives give up after --receive-timeout, naming
      // the key of the message they waited for.
      std::map<int, std::string> keysByTag;
      if (func::FuncOp function = program.lookupFunction(options.function))
        function.walk([&](Operation *op) {
          if (auto recv = dyn_cast<sluice::lite::RecvOp>(op))
            keysByTag[recv.getTag()] = recv.getKey().str();
          if (auto send = dyn_cast<sluice::lite::SendOp>(op))
            keysByTag[send.getTag()] = send.getKey().str();
        });
      sluice::interp::setNativeReceiveLimit(receiveTimeout,
                                            std::move(keysByTag));
      options.target.hostSymbols = {
          {"MPI_Recv", sluice::interp::getNativeReceiveFunction()},
          {"MPI_Send", sluice::interp::getNativeSendFunction()}};
    }
    results = program.run(inputs, options, error, &stats);
    stats.transport.push_back(transport->getStats());
    if (failed(results)) {
      // Tell the others, then end the whole run: a rank that failed may
      // leave a round pending that MPI_Finalize would wait for.
      std::string text = error.getText();
      transport->reportFailure(StringRef(text).split('\n').first);
      error.print(llvm::errs(), prefix);
      llvm::errs() << prefix << " failed\n";
      llvm::errs().flush();
      mpi->abort(1);
    }
  } else {
    results = program.runRanks(inputs, options, numRanks, error, &stats);
  }
  // One write per line: the ranks of an mpirun share one stderr.
  // Native code sends with MPI directly: no transport counts its messages.
  if (printStats && native)
    llvm::errs() << llvm::formatv("{{\"rank\": {0}, \"seconds\": {1:f6}, "
                                  "\"compile_seconds\": {2:f6}}\n",
                                  rank, stats.runSeconds, stats.compileSeconds)
                        .str();
  else if (printStats)
    for (auto [index, messages] : llvm::enumerate(stats.transport))
      llvm::errs() << llvm::formatv(
          "{{\"rank\": {0}, \"messages_sent\": {1}, \"bytes_sent\": {2}, "
          "\"messages_received\": {3}, \"bytes_received\": {4}, "
          "\"seconds\": {5:f6}}\n",
          transport ? rank : static_cast<int64_t>(index), messages.messagesSent,
          messages.bytesSent, messages.messagesReceived, messages.bytesReceived,
          stats.runSeconds)
          .str();
  if (failed(results)) {
    error.print(llvm::errs(), prefix);
    return 1;
  }
  if (rank == 0)
    llvm::outs() << sluice::interp::formatOutputs(
                        program.lookupFunction(
                            sluice::getRankFunctionName(functionName, 0)),
                        *results)
                 << "\n";
  return 0;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  sluice::GraphDefCommandLineOptions graphDefOptions("GraphDef input: ",
                                                     &category);
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(
      argc, argv,
      "Sluice reference interpreter: runs a function and prints its results "
      "as JSON\n");
  // Before anything else can fail: every rank of an mpirun must finalize.
  std::optional<sluice::interp::MPISession> mpi;
  if (distributed)
    mpi.emplace(argc, argv);

  if (compare.getNumOccurrences() && compare != "" && compare != "text" &&
      compare != "json") {
    llvm::errs() << "sluice-run: --compare takes text or json, not '" << compare
                 << "'\n";
    return 1;
  }

  sluice::ProgramError error;
  FailureOr<sluice::Program> program =
      sluice::Program::load(inputFile, graphDefOptions.get(), error);
  if (failed(program)) {
    error.print(llvm::errs(), "sluice-run");
    return 1;
  }
  // A module partitioned before takes the arguments of its rank 0.
  bool partitioned = (ranks.getNumOccurrences() || distributed) &&
                     sluice::getPartitionRanks(program->getModule());
  func::FuncOp function = program->lookupFunction(
      partitioned ? sluice::getRankFunctionName(functionName, 0)
                  : functionName.getValue());
  if (!function) {
    llvm::errs() << "sluice-run: no function @" << functionName << " in "
                 << inputFile << "\n";
    return 1;
  }
  // --ranks and --distributed lift after placing (-executor-place reads the
  // executor graph's devices).
  if (lift && !ranks.getNumOccurrences() && !distributed &&
      failed(program->lift(error, functionName))) {
    error.print(llvm::errs(), "sluice-run");
    return 1;
  }

  bool random = randomInputs.getNumOccurrences() ||
                (compare.getNumOccurrences() && inputsFiles.empty() &&
                 function.getNumArguments());
  if (random && !inputsFiles.empty()) {
    llvm::errs() << "sluice-run: --inputs and --random-inputs exclude each "
                    "other\n";
    return 1;
  }
  bool severalRuns = inputsFiles.size() > 1;
  if (severalRuns && (compare.getNumOccurrences() ||
                      ranks.getNumOccurrences() || distributed)) {
    llvm::errs() << "sluice-run: several --inputs run on one engine: not with "
                    "--compare, --ranks or --distributed\n";
    return 1;
  }
  std::string message;
  // Several --inputs are read run by run (runEach), not here.
  using Tensors = SmallVector<sluice::interp::Tensor>;
  FailureOr<Tensors> inputs =
      severalRuns ? FailureOr<Tensors>(Tensors())
      : random
          ? sluice::makeRandomInputs(*program, functionName, randomInputs,
                                     error)
          : readInputs(function,
                       inputsFiles.empty() ? StringRef() : inputsFiles.front(),
                       message);
  if (failed(inputs)) {
    if (random)
      error.print(llvm::errs(), "sluice-run");
    else
      llvm::errs() << "sluice-run: " << message << "\n";
    return 1;
  }

  if (compare.getNumOccurrences()) {
    sluice::CompareOptions options;
    options.function = functionName;
    options.engines.assign(compareEngines.begin(), compareEngines.end());
    options.sourcePath = inputFile;
    options.importOptions = graphDefOptions.get();
    options.rtol = relativeTolerance;
    options.atol = absoluteTolerance;
    options.maxIterations = maxIterations;
    options.pythons.assign(pythons.begin(), pythons.end());
    std::string executable =
        llvm::sys::fs::getMainExecutable(argv[0], (void *)&printRunStats);
    sluice::setDefaultEngineLocations(options,
                                      llvm::sys::path::parent_path(executable));
    FailureOr<sluice::Comparison> comparison =
        sluice::compareEngines(*program, *inputs, options, error);
    if (failed(comparison)) {
      error.print(llvm::errs(), "sluice-run");
      return 1;
    }
    if (compare == "json") {
      llvm::outs() << sluice::formatComparisonJSON(*comparison) << "\n";
    } else {
      llvm::outs() << "inputs: "
                   << (random ? "random, seed " + std::to_string(randomInputs)
                       : inputsFiles.empty() ? std::string("none")
                                             : inputsFiles.front())
                   << "\n"
                   << sluice::formatComparisonTable(*comparison);
    }
    return comparison->agrees() ? 0 : 1;
  }

  if (ranks.getNumOccurrences() || distributed)
    return runPartitioned(*program, *inputs, mpi ? &*mpi : nullptr);

  // The native engine lifts (a copy of) a program with executor graphs.
  sluice::RunOptions options;
  options.function = functionName;
  options.engine = engine;
  options.maxIterations = maxIterations;
  // Without the flag, RunOptions keeps the default of ResourceLimits.h.
  if (maxMemory.getNumOccurrences()) {
    std::optional<int64_t> maxMemoryBytes = parseByteSize(maxMemory);
    if (!maxMemoryBytes) {
      llvm::errs() << "sluice-run: --max-memory=" << maxMemory
                   << " is not a size (a number of bytes, or with K, M or G)\n";
      return 1;
    }
    options.maxMemoryBytes = *maxMemoryBytes;
  }
  options.target.cpu = targetCpu;
  if (severalRuns)
    return runEach(*program, function, options);
  sluice::RunStats stats;
  FailureOr<SmallVector<sluice::interp::Tensor>> results =
      program->run(*inputs, options, error, &stats);
  // Diagnostics first, then the statistics, then a failed native run's
  // status: the order in which they happen.
  llvm::errs() << error.diagnostics;
  if (printStats && (engine == sluice::Engine::Interpreter || stats.compiled))
    printRunStats(engine, stats);
  if (failed(results)) {
    if (!error.message.empty())
      llvm::errs() << "sluice-run: " << error.message << "\n";
    return 1;
  }
  llvm::outs() << sluice::interp::formatOutputs(function, *results) << "\n";
  return 0;
}
