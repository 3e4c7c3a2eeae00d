//===- Program.h - the compiler library as one object -----------*- C++ -*-===//
//
// The API the tools and the Python package share. A Program is a loaded
// model -- a TensorFlow GraphDef (.pb, .pbtxt), a TFLite model (.tflite) or
// an MLIR file of executor and/or lite IR -- that can be lifted (v1 control
// flow to lite.if/lite.while), printed, exported as a TFLite FlatBuffer,
// compiled to native code with a C header, run in the reference
// interpreter or compiled in process, and drawn (Graphviz pictures of its
// control flow).
//
// A call that fails returns failure and fills a ProgramError with the
// diagnostics it emitted, as text and as structured entries (nothing is
// printed, nothing throws).
//
// Threads: Programs loaded separately (each Program::load) have contexts of
// their own and may be used from different threads at the same time. A
// Program and the Programs made from it (clone(); the Python package's
// lift() and run_pipeline()) share one context, whose diagnostics every call
// captures: use them from one thread at a time. Export, native compilation and
// native runs need lite IR: a program that still holds executor graphs is
// lifted first, on a copy.
//
// Timing: given a TimingScope (mlir/Support/Timing.h, e.g. the root scope of
// an mlir::DefaultTimingManager), load and the calls that transform or write
// the program time their stages as scopes nested under it, the passes of
// their pass managers nested under their stage (PassManager::enableTiming):
// "import", "lift", "cleanup", "export", "lowering", "LLVM" (sluicec
// --timing).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_API_PROGRAM_H
#define SLUICE_API_PROGRAM_H

#include "sluice/API/MemoryReport.h"
#include "sluice/API/ProgramError.h"
#include "sluice/Interpreter/Interpreter.h"
#include "sluice/Interpreter/Transport.h"
#include "sluice/Kernels/Tensor.h"
#include "sluice/Target/GraphDef/GraphDefImport.h"
#include "sluice/Target/Native/NativeEmitter.h"
#include "sluice/Target/TFLite/TFLiteExport.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Support/Timing.h"

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>

namespace sluice {

class DiagnosticCapture;
class NativeJIT;
struct ProgramSession;

/// What runs a program.
enum class Engine {
  /// The reference interpreter: executor graphs by frames, tags and
  /// deadness, lite ops one by one.
  Interpreter,
  /// Native code compiled in process (NativeJIT), for this machine's CPU
  /// unless RunOptions::target says otherwise.
  Native,
};

/// "interpreter", "native".
llvm::StringRef getEngineName(Engine engine);
std::optional<Engine> parseEngineName(llvm::StringRef name);

struct RunOptions {
  /// The function to run.
  std::string function = "main";
  Engine engine = Engine::Interpreter;
  /// The interpreter's bound on the iterations of any one loop (a longer
  /// loop is an error); native code has no bound.
  int64_t maxIterations = interp::InterpreterOptions().maxIterations;
  /// The interpreter's bound on the bytes of tensors a run holds at once.
  /// Native code checks each tensor created from run-time values against
  /// the limit it was compiled with (NativeTargetOptions).
  int64_t maxMemoryBytes = interp::InterpreterOptions().maxMemoryBytes;
  /// What the native engine compiles for.
  NativeTargetOptions target = [] {
    NativeTargetOptions host;
    host.cpu = "native";
    return host;
  }();
  /// A partitioned program's rank functions (`<f>_rank<r>`) run with this
  /// rank's end of a Transport (the interpreter only); see runRanks for
  /// ranks that are threads of this process.
  interp::Transport *transport = nullptr;
  /// How long a rank waits for a message before it gives up.
  double receiveTimeoutSeconds =
      interp::InterpreterOptions().receiveTimeoutSeconds;
  /// Called once the program is ready to run (native code: compiled),
  /// right before RunStats::runSeconds starts: sluice-run --distributed
  /// waits there for every rank (MPI_Barrier), so that a rank's seconds
  /// count the run, not its peers' compilation.
  std::function<void()> beforeRun;
};

/// What a run measured (sluice-run --print-stats).
struct RunStats {
  /// Native: whether the program was compiled (the run may still fail).
  bool compiled = false;
  /// Native: the time spent compiling (0 when a compilation for the same
  /// function, options and input shapes was reused).
  double compileSeconds = 0;
  /// The time spent running.
  double runSeconds = 0;
  /// Interpreter: node and kernel executions.
  interp::InterpreterStats interpreter;
  /// A distributed run: each rank's messages (runRanks: one per rank).
  std::vector<interp::TransportStats> transport;
};

struct CompileOptions {
  NativeOutputKind kind = NativeOutputKind::Object;
  /// The C symbols are `<prefix>_<function>`.
  std::string prefix = "sluice";
  /// The header's include guard is derived from this name (default: the
  /// prefix).
  std::string headerName;
  NativeTargetOptions target;
};

/// Which picture Program::exportPicture draws.
enum class PictureKind {
  /// The lifted program (lite IR; a program holding executor graphs is
  /// lifted on a copy): lite.while/lite.if as clusters, loop-carried values
  /// marked in place or copied as BufferAliasing decides.
  Lifted,
  /// The executor graphs as imported: frames as nested clusters, v1
  /// control-flow nodes drawn distinctly, control edges dashed.
  Executor,
};

/// "lifted", "executor".
std::optional<PictureKind> parsePictureKind(llvm::StringRef name);

struct PictureOptions {
  PictureKind kind = PictureKind::Lifted;
  /// "dot" (the DOT text), or a format Graphviz's `dot` renders the text to
  /// ("svg", "png"; dot must be on PATH).
  std::string format = "dot";
  /// Executor picture only: run `function` on these inputs (in argument
  /// order) in the interpreter, with fresh variables (the program's own
  /// are not touched), and grey the nodes that were never live in that run.
  std::optional<llvm::SmallVector<interp::Tensor>> inputs;
  std::string function = "main";
  /// Lifted picture only: whose BufferModel decides in place vs copied,
  /// "native" or "tflite".
  std::string bufferModel = "native";
};

/// How Program::partition places a graph's nodes on ranks.
struct PartitionOptions {
  int64_t numRanks = 2;
  /// "device" (the GraphDef's device fields: task i -> rank i), "auto" (a
  /// heuristic balancing work and cut edges), "random" (from `seed`), or a
  /// spec "scope=rank,scope=rank" (a node named scope or scope/... goes to
  /// that rank, the longest scope winning; others to rank 0).
  std::string placement = "device";
  uint64_t seed = 0;
  /// Partition the lifted program (-lite-partition: replicated lite.if /
  /// lite.while, lite.send / lite.recv), which the interpreter and native
  /// code run, instead of the executor graphs (-executor-partition: the
  /// executor interpreter only). A program without executor graphs (TF2,
  /// TFLite) is always partitioned lifted.
  bool lifted = false;
  /// Partition for native code (implies `lifted`): before partitioning,
  /// the unranked arguments of `function` take the shapes of `inputs` and
  /// lists become tensors (-lite-legalize-lists), so that every message has
  /// the ranked type native code compiles for.
  bool native = false;
  llvm::SmallVector<interp::Tensor> inputs;
  std::string function = "main";
};

/// An argument or a result of a function, as the JSON and Python see it.
struct TensorSignature {
  /// `sluice.name`, else arg<i> / output<i>.
  std::string name;
  mlir::Type type;
  /// The element type's dtype; none for a type the interpreter does not
  /// support.
  std::optional<interp::DType> dtype;
  /// The shape (dynamic sizes are mlir::ShapedType::kDynamic); none for an
  /// unranked tensor.
  std::optional<llvm::SmallVector<int64_t>> shape;
};

/// A tensor given by name (Python's dict of inputs).
struct NamedTensor {
  std::string name;
  interp::Tensor tensor;
};

class Program {
public:
  /// Reads `path`: a GraphDef (.pb, .pbtxt; `importOptions` give its feeds
  /// and fetches), a TFLite model (.tflite) or MLIR. Each loaded program has
  /// a context of its own, shared with its clones. With `timing`, reading
  /// and importing are timed under it as "import" (see loadProgram for its
  /// steps), and the program keeps `timing` for its later calls (setTiming).
  static mlir::FailureOr<Program>
  load(llvm::StringRef path, const GraphDefImportOptions &importOptions,
       ProgramError &error, mlir::TimingScope *timing = nullptr);

  /// One program of several, each entry's function `@main` becoming the
  /// function its name names (a SavedModel's signatures converted one by
  /// one): the new program has a context of its own, and the variables and
  /// initializers the programs share are one (lite::linkEntryFunction).
  /// Fails when a program has no @main, two names are the same, one of
  /// several is "main", or the programs declare one variable two ways.
  static mlir::FailureOr<Program>
  link(llvm::ArrayRef<std::pair<std::string, const Program *>> entries,
       ProgramError &error);

  Program(Program &&other);
  Program &operator=(Program &&other);
  ~Program();

  /// A copy of the module, in the same context (with the same timing scope).
  Program clone() const;

  /// Times the stages of later calls under `scope`: lift ("lift",
  /// "cleanup", "check nesting"), runPipeline and gradient ("pipeline"),
  /// exportTFLite ("export"), compileNative ("lowering", "LLVM", "header";
  /// "clone", "lift" and "cleanup" before them when the program still holds
  /// executor graphs). Null stops timing. `scope` must outlive those calls.
  void setTiming(mlir::TimingScope *scope) { timing = scope; }
  mlir::TimingScope *getTiming() const { return timing; }

  mlir::ModuleOp getModule() const { return *module; }
  mlir::MLIRContext *getContext() const;
  /// The function named `name`, or null.
  mlir::func::FuncOp lookupFunction(llvm::StringRef name) const;
  /// "no function @name (its public functions: @a, @b)": the error of a
  /// call naming a function the program lacks.
  std::string describeMissingFunction(llvm::StringRef name) const;
  /// The function's arguments or results; fails if there is no such
  /// function.
  mlir::FailureOr<llvm::SmallVector<TensorSignature>>
  getInputSignature(llvm::StringRef function, ProgramError &error) const;
  mlir::FailureOr<llvm::SmallVector<TensorSignature>>
  getOutputSignature(llvm::StringRef function, ProgramError &error) const;

  /// The module's variables (lite.variable): name, type, dtype, shape.
  llvm::SmallVector<TensorSignature> getVariables() const;
  /// The value variable `name` holds in the interpreter's state of this
  /// program (what runs with the interpreter engine read and assigned).
  /// Fails for an unknown variable and for one never assigned. Compiled
  /// code keeps its own variables, read and set through its C functions
  /// <prefix>_get_<variable> and <prefix>_set_<variable>.
  mlir::FailureOr<interp::Tensor> readVariable(llvm::StringRef name,
                                               ProgramError &error) const;
  /// Gives variable `name` the value `value` (of its dtype, and of its
  /// shape when that is static) in the interpreter's state.
  mlir::LogicalResult assignVariable(llvm::StringRef name,
                                     const interp::Tensor &value,
                                     ProgramError &error);

  /// Forgets the state earlier runs left, so the next run starts as the
  /// first did: variables unassigned, initializers and stacks as never run,
  /// random generators at their start. Compiled code of a module with
  /// state (variables, stacks, stateful random numbers) is dropped with it
  /// (the next native run compiles again); other compiled code is kept.
  void resetState();

  /// Whether executor graphs (v1 control flow) are left anywhere.
  bool hasExecutorOps() const;

  /// The module as MLIR text.
  std::string getMLIR() const;

  /// Lifts v1 control flow to lite.if/lite.while in place (the sluice-lift
  /// pipeline: -executor-lift-control-flow, -canonicalize, -cse), in
  /// `function` only when one is named, else in every function. A graph
  /// that cannot be lifted is an error naming its node; the program may
  /// then be partly lifted.
  mlir::LogicalResult lift(ProgramError &error, llvm::StringRef function = "");

  /// Runs a pass pipeline in place, in mlir-opt's textual form:
  /// "sluice-lift", "canonicalize,cse", "builtin.module(sluice-lower-to-llvm)",
  /// "func.func(executor-lift-control-flow)"; passes anchored on functions
  /// nest implicitly. Sluice's passes and pipelines and MLIR's generic
  /// transformations are known. A malformed pipeline or a failing pass is an
  /// error.
  mlir::LogicalResult runPipeline(llvm::StringRef pipeline,
                                  ProgramError &error);

  /// Places every node of the executor graphs on a rank and partitions
  /// them in place (-executor-place, -executor-partition): each function
  /// `f` becomes `f_rank0` ... `f_rank<K-1>`, whose graphs exchange tokens
  /// through executor.send/recv, with a control-loop state machine on every
  /// rank a loop spans. Run the result with runRanks, or one rank per
  /// process with RunOptions::transport (sluice-run --distributed).
  mlir::LogicalResult partition(const PartitionOptions &options,
                                ProgramError &error);

  /// Adds the gradient function of `function` (-lite-infer-shapes and
  /// -lite-fold-constants, then -lite-reverse-mode):
  /// `<function>_grad` takes `function`'s arguments and a seed per float
  /// result (the gradient of a scalar loss with respect to it) and returns
  /// `function`'s results and the gradients with respect to the arguments
  /// at positions `wrt` (every float argument when empty). Returns the new
  /// function's name. The program must be lifted; an op without a gradient
  /// rule on the way is an error naming it.
  mlir::FailureOr<std::string> gradient(ProgramError &error,
                                        llvm::StringRef function = "main",
                                        llvm::ArrayRef<unsigned> wrt = {});

  /// The program as a .tflite (the program itself is not changed).
  mlir::FailureOr<std::string>
  exportTFLite(ProgramError &error,
               const TFLiteExportOptions &options = {}) const;

  /// What its loops cost in memory on each back end (MemoryReport.h): the
  /// TFLite model of `options.entry` with its arena plan, and the native
  /// pipeline up to buffers (sluice-bufferize), each made on a copy. A
  /// program either back end refuses is an error naming the op.
  mlir::FailureOr<MemoryReport>
  memoryReport(ProgramError &error,
               const MemoryReportOptions &options = {}) const;

  /// Compiles the program for the host: writes `options.kind` to `os` and,
  /// when `header` is given, the C header declaring one function per
  /// public function.
  mlir::LogicalResult compileNative(llvm::raw_ostream &os,
                                    llvm::raw_ostream *header,
                                    const CompileOptions &options,
                                    ProgramError &error) const;

  /// compileNative to files: the object (or assembly, or LLVM IR) at
  /// `objectPath` and the C header at `headerPath`; neither file is left
  /// behind when compilation fails.
  mlir::LogicalResult compileNativeToFiles(llvm::StringRef objectPath,
                                           llvm::StringRef headerPath,
                                           const CompileOptions &options,
                                           ProgramError &error) const;

  /// A picture of the program's control flow (see PictureKind), as DOT text
  /// or rendered by Graphviz (PictureOptions::format). The program itself is
  /// not changed. Fails for an executor picture of a program without
  /// executor graphs, for a run on `options.inputs` that fails, and when
  /// Graphviz is missing or fails.
  mlir::FailureOr<std::string> exportPicture(const PictureOptions &options,
                                             ProgramError &error) const;

  /// Puts named inputs in the argument order of `function`: every argument
  /// needs exactly one input, unknown names are errors.
  mlir::FailureOr<llvm::SmallVector<interp::Tensor>>
  orderInputs(llvm::StringRef function, llvm::ArrayRef<NamedTensor> inputs,
              ProgramError &error) const;

  /// Runs `options.function` on `inputs` (in argument order), whose dtypes
  /// and shapes must fit its arguments. The native engine lifts a copy of a
  /// program that holds executor graphs, gives unranked arguments the
  /// shapes of their inputs, and keeps the compiled code for the next run
  /// with the same options and input shapes. Run-time errors (a division by
  /// zero, an index out of range, a runaway loop) fail the run.
  mlir::FailureOr<llvm::SmallVector<interp::Tensor>>
  run(llvm::ArrayRef<interp::Tensor> inputs, const RunOptions &options,
      ProgramError &error, RunStats *stats = nullptr) const;

  /// Runs a program partitioned over `numRanks` ranks (-executor-partition:
  /// functions `<options.function>_rank<r>`) in the interpreter, each rank a
  /// thread of this process with variables of its own, connected by an
  /// in-process transport; returns rank 0's results. A rank that fails
  /// stops the others (their waits end naming it); the error holds the
  /// failing ranks' diagnostics and says which rank failed first.
  mlir::FailureOr<llvm::SmallVector<interp::Tensor>>
  runRanks(llvm::ArrayRef<interp::Tensor> inputs, const RunOptions &options,
           int64_t numRanks, ProgramError &error,
           RunStats *stats = nullptr) const;

private:
  Program(std::shared_ptr<ProgramSession> session,
          mlir::OwningOpRef<mlir::ModuleOp> module);

  /// Captures diagnostics only when it compiles or fails: a run of code
  /// compiled before costs the call, not the bookkeeping.
  mlir::FailureOr<llvm::SmallVector<interp::Tensor>>
  runNatively(mlir::func::FuncOp function,
              llvm::ArrayRef<interp::Tensor> inputs, const RunOptions &options,
              ProgramError &error, RunStats &stats) const;

  /// The context (and the sources diagnostics quote), shared by clones; it
  /// outlives the module.
  std::shared_ptr<ProgramSession> session;
  mlir::OwningOpRef<mlir::ModuleOp> module;
  /// Compiled code of native runs, by target (one compilation runs every
  /// function, sharing variables), and for a function with unranked
  /// arguments, by function and the shapes given to them.
  mutable std::map<std::string, std::unique_ptr<NativeJIT>> compiledCode;
  /// The interpreter's variables (lite.variable) and the initializers it
  /// has run: they keep their values from one run to the next.
  mutable interp::ProgramState interpreterState;
  /// Where the stages of this program's calls are timed, if anywhere.
  mlir::TimingScope *timing = nullptr;
};

} // namespace sluice

#endif // SLUICE_API_PROGRAM_H
