//===- ProgramCompare.cpp - one program on every engine, side by side -----===//
//
// compareEngines (sluice/API/Compare.h): the in-process engines run on
// clones of the program (each with state of its own), the others in
// processes of their own through the runner scripts, every one on the same
// inputs; then each is judged against the reference.
//
//===----------------------------------------------------------------------===//

#include "sluice/API/Compare.h"

#include "sluice/Dialect/Lite/IR/LiteOps.h"
#include "sluice/Interpreter/ProgramIO.h"
#include "sluice/Kernels/TensorIO.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"

#include <chrono>
#include <cmath>
#include <random>

using namespace mlir;
using namespace sluice;
using interp::Tensor;

namespace {

/// The engines in the order they run and are listed.
struct EngineInfo {
  const char *name, *title;
};
constexpr EngineInfo kEngines[] = {
    {"tensorflow", "TensorFlow"},   {"executor", "v1 executor"},
    {"interpreter", "interpreter"}, {"native", "native"},
    {"litert", "LiteRT"},           {"litert-js", "LiteRT.js"},
};

double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
      .count();
}

/// The first line of a failure's text: what a table cell can show.
std::string firstLine(const ProgramError &error) {
  for (const ProgramDiagnostic &entry : error.entries)
    if (entry.severity == ProgramDiagnostic::Severity::Error)
      return entry.message;
  std::string text = error.getText();
  return StringRef(text).split('\n').first.trim().str();
}

/// A temporary file removed when this goes out of scope.
struct TempFile {
  SmallString<128> path;
  std::optional<llvm::FileRemover> remover;
  bool create(StringRef suffix) {
    if (llvm::sys::fs::createTemporaryFile("sluice-compare", suffix, path))
      return false;
    remover.emplace(path);
    return true;
  }
  std::string read() const {
    auto buffer = llvm::MemoryBuffer::getFile(path);
    return buffer ? (*buffer)->getBuffer().str() : std::string();
  }
};

struct ProcessResult {
  /// The exit status; -1 when it could not start or timed out, -2 when it
  /// crashed.
  int status = -1;
  std::string out, err, failure;
};

ProcessResult runProcess(StringRef program, ArrayRef<std::string> arguments,
                         unsigned timeoutSeconds) {
  ProcessResult result;
  TempFile out, err;
  if (!out.create("out") || !err.create("err")) {
    result.failure = "cannot create a temporary file";
    return result;
  }
  SmallVector<StringRef> args = {program};
  for (const std::string &argument : arguments)
    args.push_back(argument);
  std::optional<StringRef> redirects[] = {StringRef(""), StringRef(out.path),
                                          StringRef(err.path)};
  bool executionFailed = false;
  result.status = llvm::sys::ExecuteAndWait(
      program, args, /*Env=*/std::nullopt, redirects, timeoutSeconds,
      /*MemoryLimit=*/0, &result.failure, &executionFailed);
  result.out = out.read();
  result.err = err.read();
  return result;
}

/// The last line of `text` that parses as a JSON object.
std::optional<llvm::json::Object> lastJSONLine(StringRef text) {
  SmallVector<StringRef> lines;
  text.split(lines, '\n', -1, false);
  for (StringRef line : llvm::reverse(lines)) {
    line = line.trim();
    if (!line.starts_with("{"))
      continue;
    llvm::Expected<llvm::json::Value> value = llvm::json::parse(line);
    if (!value) {
      llvm::consumeError(value.takeError());
      continue;
    }
    if (llvm::json::Object *object = value->getAsObject())
      return std::move(*object);
  }
  return std::nullopt;
}

/// The last non-empty line of a process's stderr that is not LiteRT's or
/// TF's INFO chatter.
std::string lastErrorLine(StringRef text) {
  SmallVector<StringRef> lines;
  text.split(lines, '\n', -1, false);
  for (StringRef line : llvm::reverse(lines)) {
    line = line.trim();
    if (!line.empty() && !line.starts_with("INFO:"))
      return line.str();
  }
  return "";
}

/// The "outputs" of a runner's line as tensors.
FailureOr<SmallVector<Tensor>> readOutputs(const llvm::json::Object &line,
                                           std::string &message) {
  const llvm::json::Array *outputs = line.getArray("outputs");
  if (!outputs) {
    message = "the runner printed no outputs";
    return failure();
  }
  SmallVector<Tensor> tensors;
  for (const llvm::json::Value &output : *outputs) {
    const llvm::json::Object *object = output.getAsObject();
    std::optional<StringRef> dtypeName =
        object ? object->getString("dtype") : std::nullopt;
    std::optional<interp::DType> dtype =
        dtypeName ? interp::parseDTypeName(*dtypeName) : std::nullopt;
    if (!dtype) {
      message = "an output of an unknown dtype";
      return failure();
    }
    FailureOr<Tensor> tensor =
        interp::tensorFromJSON(output, *dtype, std::nullopt, message);
    if (failed(tensor))
      return failure();
    tensors.push_back(std::move(*tensor));
  }
  return tensors;
}

/// Runs a runner script under the first of `pythons` that has its engine
/// (exit status 3 means it has not). Returns the process's result, or sets
/// `skipped` to why no Python could.
std::optional<ProcessResult> runUnderPython(const CompareOptions &options,
                                            StringRef script,
                                            ArrayRef<std::string> arguments,
                                            std::string &skipped) {
  SmallString<128> path(options.runnersDir);
  llvm::sys::path::append(path, script);
  if (options.runnersDir.empty() || !llvm::sys::fs::exists(path)) {
    skipped = ("the runner " + script + " was not found" +
               (options.runnersDir.empty() ? "" : " in " + options.runnersDir))
                  .str();
    return std::nullopt;
  }
  std::vector<std::string> args = {path.str().str()};
  llvm::append_range(args, arguments);
  std::vector<std::string> tried;
  for (const std::string &python : options.pythons) {
    llvm::ErrorOr<std::string> found = llvm::sys::findProgramByName(python);
    if (!found)
      continue;
    ProcessResult result = runProcess(*found, args, options.timeoutSeconds);
    if (result.status != 3)
      return result;
    tried.push_back(python + " (" +
                    StringRef(lastErrorLine(result.err))
                        .split("unavailable: ")
                        .second.str() +
                    ")");
  }
  skipped =
      tried.empty()
          ? "no Python found (tried: " + llvm::join(options.pythons, ", ") + ")"
          : "no Python has it: " + llvm::join(tried, ", ");
  return std::nullopt;
}

/// Judges a finished external run: outputs, an error raised while running,
/// or a refusal/failure of the runner itself.
void readRunnerResult(const ProcessResult &result, EngineOutcome &outcome,
                      StringRef secondsKey, bool secondsOnStderr) {
  std::optional<llvm::json::Object> line = lastJSONLine(result.out);
  if (result.status == 0 && line) {
    std::string message;
    FailureOr<SmallVector<Tensor>> outputs = readOutputs(*line, message);
    if (failed(outputs)) {
      outcome.verdict = EngineVerdict::Differs;
      outcome.message = message;
      return;
    }
    outcome.outputs = std::move(*outputs);
    std::optional<llvm::json::Object> timing =
        secondsOnStderr ? lastJSONLine(result.err) : line;
    if (timing) {
      if (std::optional<double> seconds = timing->getNumber(secondsKey))
        outcome.runSeconds = *seconds;
      if (std::optional<double> load = timing->getNumber("load_seconds"))
        outcome.prepareSeconds = *load;
    }
    return;
  }
  // tensorflow_run.py: {"error", "phase"}; litert_native.py and
  // run_tflite.mjs: a message on stderr and exit status 1.
  if (line && line->getString("error")) {
    outcome.message = line->getString("error")->str();
    if (line->getString("phase") == StringRef("load"))
      outcome.verdict = EngineVerdict::Refused;
    else
      outcome.raised = true;
    return;
  }
  if (result.status == -1 && !result.failure.empty()) {
    outcome.raised = true;
    outcome.message = result.failure;
    return;
  }
  outcome.raised = true;
  std::string last = lastErrorLine(result.err);
  outcome.message =
      result.status == -2
          ? "crashed" + (last.empty() ? "" : ": " + last)
          : (last.empty() ? "exit status " + std::to_string(result.status)
                          : last);
}

/// sluice-run's input JSON: an array in argument order.
std::string formatInputArray(ArrayRef<Tensor> inputs) {
  llvm::json::Array array;
  for (const Tensor &tensor : inputs)
    array.push_back(interp::tensorToJSON(tensor));
  std::string text;
  llvm::raw_string_ostream os(text);
  os << llvm::json::Value(std::move(array));
  return text;
}

bool isGraphDefPath(StringRef path) {
  return path.ends_with(".pb") || path.ends_with(".pbtxt") ||
         path.ends_with(".txt");
}

/// How `actual` differs from `reference`: fills `differences` and returns
/// true when they agree within the tolerances, else sets `why`.
bool compareOutputs(ArrayRef<Tensor> reference, ArrayRef<Tensor> actual,
                    const CompareOptions &options,
                    std::vector<OutputDifference> &differences,
                    ArrayRef<std::string> names, std::string &why) {
  if (reference.size() != actual.size()) {
    why = llvm::formatv("{0} outputs, the reference has {1}", actual.size(),
                        reference.size());
    return false;
  }
  bool agree = true;
  for (auto [index, pair] : llvm::enumerate(llvm::zip(reference, actual))) {
    auto &[want, got] = pair;
    std::string name =
        index < names.size() ? names[index] : "output" + std::to_string(index);
    if (want.getDType() != got.getDType() ||
        want.getShape() != got.getShape()) {
      auto describe = [](const Tensor &tensor) {
        std::string text = interp::getDTypeName(tensor.getDType()).str() + "[";
        text += llvm::join(
            llvm::map_range(tensor.getShape(),
                            [](int64_t size) { return std::to_string(size); }),
            ",");
        return text + "]";
      };
      why = "'" + name + "' is " + describe(got) + ", the reference's " +
            describe(want);
      differences.clear();
      return false;
    }
    OutputDifference difference;
    bool floating = interp::isFloat(want.getDType());
    int64_t bad = -1;
    for (int64_t i = 0, e = want.getNumElements(); i < e; ++i) {
      double x = floating ? got.getAsDouble(i) : double(got.getAsInt(i));
      double r = floating ? want.getAsDouble(i) : double(want.getAsInt(i));
      if (floating && std::isnan(x) && std::isnan(r))
        continue;
      double abs = x == r ? 0.0 : std::fabs(x - r);
      if (std::isnan(abs))
        abs = INFINITY;
      difference.maxAbs = std::max(difference.maxAbs, abs);
      if (r != 0)
        difference.maxRel = std::max(difference.maxRel, abs / std::fabs(r));
      bool close = floating ? abs <= options.atol + options.rtol * std::fabs(r)
                            : want.getAsInt(i) == got.getAsInt(i);
      if (!close && bad < 0)
        bad = i;
    }
    if (bad >= 0 && agree) {
      agree = false;
      why = llvm::formatv("'{0}' element {1}: {2} vs {3} (reference)", name,
                          bad, llvm::format("%.9g", got.getAsDouble(bad)),
                          llvm::format("%.9g", want.getAsDouble(bad)));
    }
    differences.push_back(difference);
  }
  return agree;
}

std::string formatSeconds(double seconds) {
  if (seconds < 0)
    return "-";
  if (seconds < 1e-3)
    return llvm::formatv("{0:f1} us", seconds * 1e6);
  if (seconds < 1)
    return llvm::formatv("{0:f2} ms", seconds * 1e3);
  return llvm::formatv("{0:f2} s", seconds);
}

std::string formatDifference(const OutputDifference &difference) {
  if (difference.maxAbs == 0)
    return "0";
  return llvm::formatv("{0:e1} ({1:e1})", difference.maxAbs, difference.maxRel);
}

} // namespace

StringRef sluice::getVerdictName(EngineVerdict verdict) {
  switch (verdict) {
  case EngineVerdict::Reference:
    return "reference";
  case EngineVerdict::Agree:
    return "agree";
  case EngineVerdict::Differs:
    return "differs";
  case EngineVerdict::Refused:
    return "refused";
  case EngineVerdict::Skipped:
    return "skipped";
  }
  llvm_unreachable("unknown verdict");
}

bool Comparison::agrees() const {
  return llvm::none_of(engines, [](const EngineOutcome &outcome) {
    return outcome.verdict == EngineVerdict::Differs;
  });
}

void sluice::setDefaultEngineLocations(CompareOptions &options,
                                       StringRef toolDir) {
  auto fromEnvironment = [](const char *name) {
    return llvm::sys::Process::GetEnv(name).value_or("");
  };
  if (options.runnersDir.empty()) {
    // $SLUICE_ENGINES, else a build tree's package, else an installed one's.
    SmallVector<SmallString<128>> candidates;
    candidates.emplace_back(fromEnvironment("SLUICE_ENGINES"));
    if (!toolDir.empty())
      for (StringRef relative : {"../python/sluice/engines", "../engines"}) {
        SmallString<128> &dir = candidates.emplace_back(toolDir);
        llvm::sys::path::append(dir, relative);
        llvm::sys::path::remove_dots(dir, /*remove_dot_dot=*/true);
      }
    for (const SmallString<128> &dir : candidates)
      if (!dir.empty() && llvm::sys::fs::is_directory(dir)) {
        options.runnersDir = dir.str().str();
        break;
      }
  }
  if (std::string python = fromEnvironment("SLUICE_PYTHON"); !python.empty())
    options.pythons.push_back(python);
  options.pythons.push_back("python3");
  // Each once, where it first appears.
  llvm::StringSet<> seen;
  llvm::erase_if(options.pythons, [&](const std::string &python) {
    return !seen.insert(python).second;
  });
  if (options.node.empty())
    if (llvm::ErrorOr<std::string> node = llvm::sys::findProgramByName("node"))
      options.node = *node;
  if (options.litertJSRunner.empty()) {
    std::string runner = fromEnvironment("SLUICE_LITERT_JS");
    if (!runner.empty() && llvm::sys::fs::exists(runner))
      options.litertJSRunner = runner;
  }
}

FailureOr<SmallVector<Tensor>> sluice::makeRandomInputs(const Program &program,
                                                        StringRef function,
                                                        uint64_t seed,
                                                        ProgramError &error) {
  FailureOr<SmallVector<TensorSignature>> signature =
      program.getInputSignature(function, error);
  if (failed(signature))
    return failure();
  std::mt19937_64 generator(seed);
  SmallVector<Tensor> inputs;
  for (const TensorSignature &argument : *signature) {
    if (!argument.dtype) {
      error.message = "input '" + argument.name + "' has a type that random " +
                      "inputs cannot fill; give --inputs";
      return failure();
    }
    SmallVector<int64_t> shape;
    if (argument.shape)
      for (int64_t size : *argument.shape)
        shape.push_back(ShapedType::isDynamic(size) ? 2 : size);
    Tensor tensor(*argument.dtype, shape);
    std::uniform_real_distribution<double> real(-1.0, 1.0);
    std::uniform_int_distribution<int64_t> integer(0, 9), small(-5, 4),
        coin(0, 1);
    for (int64_t i = 0, e = tensor.getNumElements(); i < e; ++i) {
      switch (*argument.dtype) {
      case interp::DType::Float32:
      case interp::DType::Float64:
        tensor.setElement(i, real(generator));
        break;
      case interp::DType::Bool:
        tensor.setElement(i, coin(generator));
        break;
      case interp::DType::Int8:
        tensor.setElement(i, small(generator));
        break;
      default:
        tensor.setElement(i, integer(generator));
        break;
      }
    }
    inputs.push_back(std::move(tensor));
  }
  return inputs;
}

FailureOr<Comparison> sluice::compareEngines(const Program &program,
                                             ArrayRef<Tensor> inputs,
                                             const CompareOptions &options,
                                             ProgramError &error) {
  for (const std::string &name : options.engines)
    if (llvm::none_of(kEngines, [&](const EngineInfo &info) {
          return name == info.name;
        })) {
      error.message = "unknown engine '" + name +
                      "' (engines: tensorflow, executor, interpreter, "
                      "native, litert, litert-js)";
      return failure();
    }
  FailureOr<SmallVector<TensorSignature>> outputSignature =
      program.getOutputSignature(options.function, error);
  if (failed(outputSignature))
    return failure();

  Comparison comparison;
  comparison.function = options.function;
  for (const TensorSignature &output : *outputSignature)
    comparison.outputNames.push_back(output.name);
  auto wanted = [&](StringRef name) {
    return options.engines.empty() || llvm::is_contained(options.engines, name);
  };

  RunOptions runOptions;
  runOptions.function = options.function;
  runOptions.maxIterations = options.maxIterations;
  runOptions.maxMemoryBytes = options.maxMemoryBytes;

  // The in-process engines, each on a clone (its own variables).
  auto runInProcess = [&](const Program &clone, Engine engine,
                          EngineOutcome &outcome) {
    RunOptions engineOptions = runOptions;
    engineOptions.engine = engine;
    RunStats stats;
    ProgramError runError;
    FailureOr<SmallVector<Tensor>> results =
        clone.run(inputs, engineOptions, runError, &stats);
    if (engine == Engine::Native) {
      if (!stats.compiled) {
        outcome.verdict = EngineVerdict::Refused;
        outcome.message = firstLine(runError);
        return;
      }
      outcome.prepareSeconds = stats.compileSeconds;
    }
    outcome.runSeconds = stats.runSeconds;
    if (failed(results)) {
      outcome.raised = true;
      outcome.message = firstLine(runError);
      return;
    }
    outcome.outputs = std::move(*results);
  };

  std::optional<Program> lifted;
  std::string liftFailure;
  double liftSeconds = 0;
  bool hasExecutor = program.hasExecutorOps();
  if (wanted("interpreter") || wanted("native") || wanted("litert") ||
      wanted("litert-js")) {
    auto start = std::chrono::steady_clock::now();
    lifted.emplace(program.clone());
    ProgramError liftError;
    if (hasExecutor && failed(lifted->lift(liftError, options.function))) {
      liftFailure = firstLine(liftError);
      lifted.reset();
    }
    liftSeconds = hasExecutor ? secondsSince(start) : -1;
  }

  // The exported model, shared by both LiteRTs.
  TempFile model;
  std::string exportFailure;
  double exportSeconds = -1;
  // Whether the exported model lost assertions (TFLite has none).
  bool droppedAssertions = false;
  if (lifted && (wanted("litert") || wanted("litert-js"))) {
    auto start = std::chrono::steady_clock::now();
    ProgramError exportError;
    TFLiteExportOptions exportOptions;
    exportOptions.entryFunctions = {options.function};
    FailureOr<std::string> bytes =
        lifted->exportTFLite(exportError, exportOptions);
    exportSeconds = secondsSince(start);
    if (failed(bytes)) {
      exportFailure = firstLine(exportError);
    } else {
      droppedAssertions =
          lifted->getModule()
              .walk([](lite::AssertOp) { return WalkResult::interrupt(); })
              .wasInterrupted();
      std::error_code ec;
      if (!model.create("tflite")) {
        exportFailure = "cannot create a temporary file";
      } else {
        llvm::raw_fd_ostream os(model.path, ec);
        os << *bytes;
        if (ec)
          exportFailure = "cannot write " + model.path.str().str();
      }
    }
  }
  TempFile inputsFile;
  if (!inputsFile.create("json")) {
    error.message = "cannot create a temporary file";
    return failure();
  }
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(inputsFile.path, ec);
    os << formatInputArray(inputs);
  }
  std::string inputsArgument = ("--inputs=" + inputsFile.path).str();

  for (const EngineInfo &info : kEngines) {
    if (!wanted(info.name))
      continue;
    EngineOutcome outcome;
    outcome.engine = info.name;
    outcome.title = info.title;
    StringRef name = info.name;
    if (name == "tensorflow") {
      if (!isGraphDefPath(options.sourcePath)) {
        outcome.message = "the program is not a TensorFlow GraphDef";
      } else if (options.function != "main") {
        outcome.message = "TensorFlow runs the GraphDef's @main only";
      } else {
        FailureOr<SmallVector<TensorSignature>> inputSignature =
            program.getInputSignature(options.function, error);
        if (failed(inputSignature))
          return failure();
        std::vector<std::string> arguments = {options.sourcePath,
                                              inputsArgument};
        arguments.push_back(
            "--feeds=" +
            llvm::join(llvm::map_range(*inputSignature,
                                       [](const TensorSignature &signature) {
                                         return signature.name;
                                       }),
                       ","));
        arguments.push_back("--fetches=" +
                            llvm::join(comparison.outputNames, ","));
        const GraphDefImportOptions &import = options.importOptions;
        if (import.init)
          arguments.push_back("--init=" +
                              (import.init->empty()
                                   ? std::string("none")
                                   : llvm::join(*import.init, ",")));
        else
          arguments.push_back(import.fetches.empty() ? "--init=none"
                                                     : "--init=auto");
        std::string skipped;
        if (std::optional<ProcessResult> result = runUnderPython(
                options, "tensorflow_run.py", arguments, skipped)) {
          outcome.verdict = EngineVerdict::Agree; // judged below
          readRunnerResult(*result, outcome, "seconds", false);
        } else {
          outcome.message = skipped;
        }
      }
    } else if (name == "executor") {
      if (!hasExecutor) {
        outcome.message = "the program has no executor graph";
      } else {
        outcome.verdict = EngineVerdict::Agree;
        runInProcess(program.clone(), Engine::Interpreter, outcome);
      }
    } else if (!lifted) {
      outcome.verdict = EngineVerdict::Refused;
      outcome.message = "the lift: " + liftFailure;
    } else if (name == "interpreter") {
      outcome.verdict = EngineVerdict::Agree;
      outcome.prepareSeconds = liftSeconds;
      runInProcess(lifted->clone(), Engine::Interpreter, outcome);
    } else if (name == "native") {
      outcome.verdict = EngineVerdict::Agree;
      runInProcess(lifted->clone(), Engine::Native, outcome);
    } else if (!exportFailure.empty()) {
      outcome.verdict = EngineVerdict::Refused;
      outcome.message = "export: " + exportFailure;
    } else if (name == "litert") {
      std::string skipped;
      outcome.prepareSeconds = exportSeconds;
      if (std::optional<ProcessResult> result = runUnderPython(
              options, "litert_native.py",
              {model.path.str().str(), inputsArgument, "--time"}, skipped)) {
        outcome.verdict = EngineVerdict::Agree;
        readRunnerResult(*result, outcome, "seconds", false);
      } else {
        outcome.message = skipped;
      }
    } else if (name == "litert-js") {
      outcome.prepareSeconds = exportSeconds;
      if (options.node.empty()) {
        outcome.message = "Node.js was not found";
      } else if (options.litertJSRunner.empty()) {
        outcome.message = "no LiteRT.js runner (run_tflite.mjs with its "
                          "node_modules) was found";
      } else {
        ProcessResult result =
            runProcess(options.node,
                       {options.litertJSRunner, model.path.str().str(),
                        inputsArgument, "--time=1"},
                       options.timeoutSeconds);
        outcome.verdict = EngineVerdict::Agree;
        readRunnerResult(result, outcome, "best_seconds", true);
      }
    }
    comparison.engines.push_back(std::move(outcome));
  }

  // The reference: the first engine, in the order above, that ran to the
  // end or raised while running.
  EngineOutcome *reference = nullptr;
  for (EngineOutcome &outcome : comparison.engines)
    if (outcome.verdict == EngineVerdict::Agree &&
        (outcome.outputs || outcome.raised)) {
      reference = &outcome;
      break;
    }
  if (!reference)
    return comparison;
  reference->verdict = EngineVerdict::Reference;
  comparison.reference = reference->engine;
  for (EngineOutcome &outcome : comparison.engines) {
    if (&outcome == reference || outcome.verdict != EngineVerdict::Agree)
      continue;
    bool tflite = StringRef(outcome.engine).starts_with("litert");
    if (reference->raised) {
      if (outcome.raised)
        continue;
      if (tflite && droppedAssertions) {
        outcome.verdict = EngineVerdict::Skipped;
        outcome.message = "the reference raised (" + reference->message +
                          "); TFLite has no assertions, export dropped them";
        continue;
      }
      outcome.verdict = EngineVerdict::Differs;
      outcome.message = "produced outputs where " + reference->title +
                        " raised: " + reference->message;
      continue;
    }
    if (outcome.raised) {
      outcome.verdict = EngineVerdict::Differs;
      outcome.message = "raised: " + outcome.message;
      continue;
    }
    std::string why;
    if (!compareOutputs(*reference->outputs, *outcome.outputs, options,
                        outcome.differences, comparison.outputNames, why)) {
      outcome.verdict = EngineVerdict::Differs;
      outcome.message = why;
    }
  }
  return comparison;
}

std::string sluice::formatComparisonTable(const Comparison &comparison) {
  std::vector<std::vector<std::string>> rows;
  // Outputs head their columns by name, or by #index (named in a legend)
  // when the name is long.
  constexpr size_t kMaxHeaderWidth = 16;
  std::vector<std::string> header = {"engine", "verdict", "convert", "run"};
  std::vector<std::string> legend;
  for (auto [index, name] : llvm::enumerate(comparison.outputNames)) {
    if (name.size() <= kMaxHeaderWidth) {
      header.push_back(name);
      continue;
    }
    header.push_back("#" + std::to_string(index));
    legend.push_back(header.back() + " " + name);
  }
  rows.push_back(header);
  std::vector<std::string> notes;
  for (const EngineOutcome &outcome : comparison.engines) {
    std::vector<std::string> row = {outcome.title,
                                    getVerdictName(outcome.verdict).str(),
                                    formatSeconds(outcome.prepareSeconds),
                                    formatSeconds(outcome.runSeconds)};
    if (outcome.differences.size() == comparison.outputNames.size())
      for (const OutputDifference &difference : outcome.differences)
        row.push_back(formatDifference(difference));
    else
      for (size_t i = 0; i < comparison.outputNames.size(); ++i)
        row.push_back(outcome.verdict == EngineVerdict::Reference &&
                              !outcome.raised
                          ? "="
                          : "-");
    if (!outcome.message.empty())
      notes.push_back(outcome.title + ": " + outcome.message);
    rows.push_back(std::move(row));
  }
  std::vector<size_t> widths(header.size(), 0);
  for (const std::vector<std::string> &row : rows)
    for (auto [index, cell] : llvm::enumerate(row))
      widths[index] = std::max(widths[index], cell.size());
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "@" << comparison.function << ": " << comparison.engines.size()
     << " engines";
  if (!comparison.reference.empty())
    os << ", compared with "
       << llvm::find_if(comparison.engines, [&](const EngineOutcome &outcome) {
            return outcome.engine == comparison.reference;
          })->title;
  os << " (output cells: max abs error (max rel error))\n";
  for (const std::vector<std::string> &row : rows) {
    for (auto [index, cell] : llvm::enumerate(row)) {
      // Text columns left-aligned, numbers right-aligned.
      bool left = index < 2;
      size_t pad = widths[index] - cell.size();
      if (index)
        os << "  ";
      if (!left)
        os.indent(pad);
      os << cell;
      if (left && index + 1 < row.size())
        os.indent(pad);
    }
    os << "\n";
  }
  if (!legend.empty())
    os << "outputs: " << llvm::join(legend, ", ") << "\n";
  for (const std::string &note : notes)
    os << "  " << note << "\n";
  unsigned differing =
      llvm::count_if(comparison.engines, [](const EngineOutcome &outcome) {
        return outcome.verdict == EngineVerdict::Differs;
      });
  if (comparison.reference.empty())
    os << "no engine ran the program\n";
  else if (differing)
    os << differing << " engine" << (differing == 1 ? "" : "s") << " differ\n";
  else
    os << "every engine that ran agrees\n";
  return text;
}

std::string sluice::formatComparisonJSON(const Comparison &comparison) {
  llvm::json::Array engines;
  for (const EngineOutcome &outcome : comparison.engines) {
    llvm::json::Array differences;
    for (const OutputDifference &difference : outcome.differences)
      differences.push_back(llvm::json::Object{{"max_abs", difference.maxAbs},
                                               {"max_rel", difference.maxRel}});
    llvm::json::Object object{{"engine", outcome.engine},
                              {"title", outcome.title},
                              {"verdict", getVerdictName(outcome.verdict)},
                              {"raised", outcome.raised},
                              {"message", outcome.message},
                              {"differences", std::move(differences)}};
    if (outcome.prepareSeconds >= 0)
      object["prepare_seconds"] = outcome.prepareSeconds;
    if (outcome.runSeconds >= 0)
      object["run_seconds"] = outcome.runSeconds;
    if (outcome.outputs) {
      llvm::json::Array outputs;
      for (const Tensor &tensor : *outcome.outputs)
        outputs.push_back(interp::tensorToJSON(tensor));
      object["outputs"] = std::move(outputs);
    }
    engines.push_back(std::move(object));
  }
  llvm::json::Object root{
      {"function", comparison.function},
      {"outputs", llvm::json::Array(comparison.outputNames)},
      {"reference", comparison.reference},
      {"agree", comparison.agrees()},
      {"engines", std::move(engines)}};
  std::string text;
  llvm::raw_string_ostream os(text);
  os << llvm::json::Value(std::move(root));
  return text;
}
