//===- Compare.h - one program on every engine, side by side ----*- C++ -*-===//
//
// What `sluice-run --compare` and Python's Program.compare() do: run one
// function of a program on the same inputs on every engine that applies and
// compare each engine's outputs with a reference:
//
//   engine       runs                                       applies to
//   tensorflow   TensorFlow's session on the GraphDef file  GraphDef input
//   executor     the v1 executor (frames, tags, deadness)   executor graphs
//   interpreter  the lifted program, op by op               every program
//   native       native code compiled in process            lite programs
//   litert       the exported .tflite in native LiteRT      exportable ones
//   litert-js    the same .tflite in LiteRT.js under Node   exportable ones
//
// The reference is TensorFlow when it ran the graph (TF is the judge of TF
// semantics), else the v1 executor, else the interpreter. TensorFlow and the
// two LiteRTs run in processes of their own, through the runner scripts of
// python/sluice/engines (under a Python that has TensorFlow or
// ai_edge_litert) and test/e2e/litert/run_tflite.mjs (under Node); an engine
// that is not installed is skipped, with the reason.
//
// Each engine ends as one of:
//   reference  the engine the others are compared with;
//   agree      the same dtypes and shapes, every element within
//              atol + rtol * |reference| (NaN equals NaN), or an error
//              where the reference raised one too;
//   differs    anything else: other values, shapes or dtypes, an error
//              where the reference produced outputs, outputs where it
//              raised;
//   refused    Sluice could not convert the program for this engine (export
//              or native compilation gave a diagnostic), or TensorFlow
//              refused the graph;
//   skipped    the engine is not installed, does not apply, or cannot
//              judge this run (TFLite has no assertions).
// A comparison agrees when no engine differs.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_API_COMPARE_H
#define SLUICE_API_COMPARE_H

#include "sluice/API/Program.h"

#include <optional>
#include <string>
#include <vector>

namespace sluice {

struct CompareOptions {
  std::string function = "main";
  /// The engines to run, by name (see above); empty: every one.
  std::vector<std::string> engines;
  /// The file the program was loaded from and how: TensorFlow runs the
  /// GraphDef itself with these feeds, fetches and initializers.
  std::string sourcePath;
  GraphDefImportOptions importOptions;
  /// Pythons to try in order for TensorFlow and native LiteRT: the first
  /// one that has the engine's module runs it.
  std::vector<std::string> pythons;
  /// The directory of litert_native.py and tensorflow_run.py.
  std::string runnersDir;
  /// Node.js and LiteRT.js's runner (run_tflite.mjs, next to its
  /// node_modules); empty: LiteRT.js is skipped.
  std::string node;
  std::string litertJSRunner;
  /// Agreement of floating-point elements: |x - ref| <= atol + rtol * |ref|.
  /// Integers and booleans must be equal.
  double rtol = 1e-5, atol = 1e-5;
  /// Bounds on each external engine's process and on interpreter runs.
  unsigned timeoutSeconds = 300;
  int64_t maxIterations = RunOptions().maxIterations;
  int64_t maxMemoryBytes = RunOptions().maxMemoryBytes;
};

/// Where the engines live when nothing else says; nothing here looks into a
/// source tree. The runners' directory is $SLUICE_ENGINES, else the Python
/// package's next to `toolDir` (the running binary's directory: its
/// ../python/sluice/engines in a build tree, ../engines in an installed
/// package); the Pythons are $SLUICE_PYTHON and `python3` on PATH, after
/// those given; Node is `node` on PATH; LiteRT.js's runner is
/// $SLUICE_LITERT_JS (run_tflite.mjs next to its node_modules). Fields
/// already set are kept.
void setDefaultEngineLocations(CompareOptions &options,
                               llvm::StringRef toolDir);

/// The largest difference of one output from the reference's.
struct OutputDifference {
  double maxAbs = 0;
  /// max |x - ref| / |ref| over the elements where ref != 0.
  double maxRel = 0;
};

enum class EngineVerdict { Reference, Agree, Differs, Refused, Skipped };
llvm::StringRef getVerdictName(EngineVerdict verdict);

struct EngineOutcome {
  /// "tensorflow", "executor", ... and how the table shows it.
  std::string engine, title;
  EngineVerdict verdict = EngineVerdict::Skipped;
  /// Why it differs, was refused or skipped; the error it raised.
  std::string message;
  /// What it computed, when it ran to the end.
  std::optional<llvm::SmallVector<interp::Tensor>> outputs;
  /// Whether it raised an error while running (not while converting).
  bool raised = false;
  /// Per output, when both it and the reference produced outputs of the
  /// same dtypes and shapes.
  std::vector<OutputDifference> differences;
  /// Seconds converting (lift, export, compile, TF's graph import) and
  /// running once; negative when not measured.
  double prepareSeconds = -1, runSeconds = -1;
};

struct Comparison {
  std::string function;
  std::vector<std::string> outputNames;
  /// The engine the others were compared with; empty when none ran.
  std::string reference;
  std::vector<EngineOutcome> engines;
  bool agrees() const;
};

/// Runs `options.function` of `program` on `inputs` (in argument order) on
/// every engine of `options` and compares. Fails only for a bad request (an
/// unknown engine or function); what an engine does is in its outcome.
mlir::FailureOr<Comparison>
compareEngines(const Program &program, llvm::ArrayRef<interp::Tensor> inputs,
               const CompareOptions &options, ProgramError &error);

/// Inputs for `function` drawn from `seed`: floats uniform in [-1, 1),
/// integers in [0, 10) (int8 in [-5, 5)), booleans either way; a dynamic
/// size is 2, an unranked argument a scalar.
mlir::FailureOr<llvm::SmallVector<interp::Tensor>>
makeRandomInputs(const Program &program, llvm::StringRef function,
                 uint64_t seed, ProgramError &error);

/// The comparison as the table sluice-run prints, and as one JSON object.
std::string formatComparisonTable(const Comparison &comparison);
std::string formatComparisonJSON(const Comparison &comparison);

} // namespace sluice

#endif // SLUICE_API_COMPARE_H
