//===- sluicec.cpp - the Sluice compiler driver ---------------------------===//
//
// sluicec FILE [--emit=mlir|executor|tflite|obj|asm|llvm|dot|svg|png] [-o OUT]
//         [--header=OUT.h] [--prefix=NAME] [--target-triple=T]
//         [--target-cpu=CPU] [--feeds=..]
//         [--fetches=..] [--timing[=text|json]] [--report[=text|json]]
//         [--picture=lifted|executor] [--inputs=IN.json]
//         [--buffer-model=native|tflite]
//
// Reads a TensorFlow GraphDef (.pb, .pbtxt), a TFLite model or an MLIR file,
// lifts its v1 control flow to lite.if/lite.while (the sluice-lift pipeline)
// and writes the result: as lite IR, as a TFLite model, or compiled for the
// host (or --target-triple) as an object file, assembly or LLVM IR with a C
// header declaring one function per entry point, or draws the program's control
// flow as a Graphviz picture (the lifted program, or the executor graph as
// imported with the nodes a run left dead greyed). Errors are printed as
// diagnostics naming the node or op, and the exit status is 1. Everything but
// the command line and the output files is sluice::Program
// (sluice/API/Program.h). --timing prints the wall time of each stage (MLIR's
// DefaultTimingManager, the passes nested under their stage) to stderr after
// the run. --report writes, instead of the program, what its loops cost in
// memory on each back end (sluice/API/MemoryReport.h: loop state, copies and
// allocations per iteration natively, in LiteRT and over the arena plan, the
// plan's peak).
//
//===----------------------------------------------------------------------===//

#include "sluice/API/Program.h"
#include "sluice/Codegen/Native/EntryPoints.h"
#include "sluice/Driver/GraphDefOptions.h"
#include "sluice/Interpreter/ProgramIO.h"
#include "sluice/Target/GraphDef/GraphDefImport.h"

#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/Timing.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ToolOutputFile.h"

using namespace mlir;
namespace cl = llvm::cl;

namespace {
enum class EmitKind {
  Mlir,
  Executor,
  TFLite,
  Object,
  Assembly,
  LLVMIR,
  Dot,
  Svg,
  Png
};
} // namespace

static cl::OptionCategory category("sluicec options");
static cl::opt<std::string> inputFile(
    cl::Positional,
    cl::desc(
        "<graph.pb|graph.pbtxt|saved_model_dir|model.tflite|program.mlir>"),
    cl::Required, cl::cat(category));
static cl::opt<std::string> outputFile("o", cl::desc("Output file"),
                                       cl::value_desc("filename"),
                                       cl::init("-"), cl::cat(category));
static cl::opt<EmitKind>
    emit("emit", cl::desc("What to write"), cl::init(EmitKind::Mlir),
         cl::values(clEnumValN(EmitKind::Mlir, "mlir",
                               "lite IR with control flow lifted to "
                               "lite.if/lite.while (default)"),
                    clEnumValN(EmitKind::Executor, "executor",
                               "the program as imported, before lifting"),
                    clEnumValN(EmitKind::TFLite, "tflite",
                               "a TFLite FlatBuffer of the lifted program"),
                    clEnumValN(EmitKind::Object, "obj",
                               "an object file for the host with one C "
                               "function per public function"),
                    clEnumValN(EmitKind::Assembly, "asm",
                               "the same as host assembly"),
                    clEnumValN(EmitKind::LLVMIR, "llvm",
                               "the same as optimised LLVM IR"),
                    clEnumValN(EmitKind::Dot, "dot",
                               "a Graphviz picture of the control flow "
                               "(--picture), as DOT text"),
                    clEnumValN(EmitKind::Svg, "svg",
                               "the same rendered as SVG by Graphviz's dot"),
                    clEnumValN(EmitKind::Png, "png",
                               "the same rendered as PNG by Graphviz's dot")),
         cl::cat(category));
static cl::opt<std::string> headerFile(
    "header",
    cl::desc("With --emit=obj|asm|llvm: also write the C header declaring "
             "the entry points"),
    cl::value_desc("filename"), cl::cat(category));
static cl::opt<std::string> prefix(
    "prefix",
    cl::desc("With --emit=obj|asm|llvm: the C symbols are <prefix>_<function> "
             "(default: the output file's name without extension, or "
             "'sluice' when writing to stdout)"),
    cl::value_desc("name"), cl::cat(category));
static cl::opt<std::string> targetTriple(
    "target-triple",
    cl::desc("With --emit=obj|asm|llvm: the machine to compile for, as an LLVM "
             "target triple (aarch64-linux-gnu, armv7a-linux-gnueabihf, "
             "riscv64-linux-gnu, thumbv7em-none-eabihf, ...; default: this "
             "machine's)"),
    cl::cat(category));
static cl::opt<std::string> targetCpu(
    "target-cpu",
    cl::desc("With --emit=obj|asm|llvm: the CPU to compile for: a name LLVM "
             "knows for the target (x86-64-v3, cortex-a72, ...), 'native' for "
             "this machine, or 'generic' (default)"),
    cl::init("generic"), cl::cat(category));
static cl::opt<unsigned>
    optLevel("opt-level",
             cl::desc("With --emit=obj|asm|llvm: LLVM optimisation level "
                      "0-3 (default 3)"),
             cl::init(3), cl::cat(category));

static cl::opt<bool> planBuffers(
    "plan-buffers",
    cl::desc("With --emit=tflite: write one static arena plan for the whole "
             "model as TFLite Micro's OfflineMemoryAllocation metadata"),
    cl::cat(category));

static cl::opt<std::string> gradient(
    "grad", cl::ValueOptional, cl::value_desc("positions"),
    cl::desc("Also build main's gradient function, main_grad (its arguments "
             "and a seed per float result, the gradient of a scalar loss "
             "with respect to it; its results and the gradients with respect "
             "to the arguments at the comma-separated positions, default "
             "every float argument); with --emit=tflite the model is "
             "main_grad"),
    cl::cat(category));

static cl::opt<bool> requireLiteRTKernels(
    "require-litert-kernels",
    cl::desc("With --emit=tflite: refuse an op native LiteRT has no kernel "
             "for at its element type (default; =false writes it with a "
             "warning, for other TFLite runtimes)"),
    cl::init(true), cl::cat(category));

static cl::opt<sluice::PictureKind> picture(
    "picture",
    cl::desc("With --emit=dot|svg|png: what to draw (default: lifted)"),
    cl::init(sluice::PictureKind::Lifted),
    cl::values(
        clEnumValN(sluice::PictureKind::Lifted, "lifted",
                   "the lifted program: lite.while/lite.if as nested "
                   "clusters, one node per op, loop-carried values and "
                   "lite.if results marked in place or copied"),
        clEnumValN(sluice::PictureKind::Executor, "executor",
                   "the executor graph as imported (what --emit=executor "
                   "prints): frames as nested clusters, Switch/Merge/Enter/"
                   "Exit/NextIteration/LoopCond distinct, control edges "
                   "dashed; an error for a program without one")),
    cl::cat(category));

static cl::opt<std::string> pictureInputs(
    "inputs",
    cl::desc("With --picture=executor: run main on these inputs (sluice-run's "
             "JSON) in the interpreter and grey the nodes that were dead in "
             "that run (dashed: never reached)"),
    cl::value_desc("IN.json"), cl::cat(category));

static cl::opt<std::string> bufferModel(
    "buffer-model",
    cl::desc("With --picture=lifted: whose buffers decide in place vs copied: "
             "native (default) or tflite"),
    cl::init("native"), cl::cat(category));

static cl::opt<std::string> timing(
    "timing", cl::ValueOptional, cl::value_desc("text|json"),
    cl::desc("Print the wall time of each stage to stderr after the run, as "
             "a tree: import (read, parse, build IR, verify), lift, cleanup, "
             "export (TFLite) or lowering and LLVM (translate, optimize, "
             "codegen), output; each stage's passes nested under it. "
             "--timing=json prints the same tree as JSON (MLIR's "
             "--mlir-output-format=json: a list of {name, wall: {duration, "
             "percentage}, passes: [...]})"),
    cl::cat(category));

static cl::opt<std::string> report(
    "report", cl::ValueOptional, cl::value_desc("text|json"),
    cl::desc("Write a memory report instead of the program (to -o, default "
             "stdout): per function and lite.while, the loop state's bytes, "
             "copies, bytes copied and allocations per iteration in native "
             "code (after sluice-bufferize) and in the TFLite model (LiteRT's "
             "WHILE, and the --plan-buffers arena), and the arena plan's "
             "peak against the sum of subgraph peaks with the largest "
             "tensors live at the peak. --report=json writes the same as "
             "JSON. Replaces --emit"),
    cl::cat(category));

static bool isPicture(EmitKind kind) {
  return kind == EmitKind::Dot || kind == EmitKind::Svg ||
         kind == EmitKind::Png;
}

static bool isNative(EmitKind kind) {
  return kind == EmitKind::Object || kind == EmitKind::Assembly ||
         kind == EmitKind::LLVMIR;
}

/// The symbol prefix: --prefix, else the output file's stem.
static std::string symbolPrefix() {
  if (!prefix.empty())
    return sluice::makeCIdentifier(prefix);
  if (outputFile == "-")
    return "sluice";
  return sluice::makeCIdentifier(llvm::sys::path::stem(outputFile));
}

/// Compiles the input as the options say, timing the stages under `timing`
/// when it is given; returns the exit status.
static int compile(const sluice::GraphDefImportOptions &importOptions,
                   TimingScope *timing) {
  auto nestTiming = [&](StringRef name) {
    return timing ? timing->nest(name) : TimingScope();
  };
  // The program as imported, not lifted.
  bool asImported =
      emit == EmitKind::Executor ||
      (isPicture(emit) && picture == sluice::PictureKind::Executor);
  SmallVector<unsigned> positions;
  if (gradient.getNumOccurrences()) {
    if (asImported) {
      llvm::errs() << "sluicec: --grad needs the lifted program, not "
                   << (emit == EmitKind::Executor ? "--emit=executor"
                                                  : "--picture=executor")
                   << "\n";
      return 1;
    }
    for (StringRef part : llvm::split(StringRef(gradient), ',')) {
      unsigned position;
      if (part.trim().empty())
        continue;
      if (part.trim().getAsInteger(10, position)) {
        llvm::errs() << "sluicec: --grad takes argument positions, not '"
                     << part << "'\n";
        return 1;
      }
      positions.push_back(position);
    }
  }

  sluice::ProgramError error;
  FailureOr<sluice::Program> program =
      sluice::Program::load(inputFile, importOptions, error, timing);
  if (failed(program)) {
    error.print(llvm::errs(), "sluicec");
    return 1;
  }
  if (!asImported && failed(program->lift(error))) {
    error.print(llvm::errs(), "sluicec");
    return 1;
  }
  std::string entry = "main";
  if (gradient.getNumOccurrences()) {
    FailureOr<std::string> name = program->gradient(error, "main", positions);
    if (failed(name)) {
      error.print(llvm::errs(), "sluicec");
      return 1;
    }
    entry = *name;
  }

  std::string message;
  auto output = openOutputFile(outputFile, &message);
  if (!output) {
    llvm::errs() << "sluicec: " << message << "\n";
    return 1;
  }
  std::unique_ptr<llvm::ToolOutputFile> header;
  if (!headerFile.empty()) {
    header = openOutputFile(headerFile, &message);
    if (!header) {
      llvm::errs() << "sluicec: " << message << "\n";
      return 1;
    }
  }
  if (report.getNumOccurrences()) {
    sluice::MemoryReportOptions reportOptions;
    reportOptions.entry = entry;
    FailureOr<sluice::MemoryReport> memory =
        program->memoryReport(error, reportOptions);
    if (failed(memory)) {
      error.print(llvm::errs(), "sluicec");
      return 1;
    }
    TimingScope outputTiming = nestTiming("output");
    if (report == "json")
      output->os() << llvm::formatv("{0:2}", memory->toJSON()) << "\n";
    else
      memory->print(output->os());
    output->os().flush();
  } else if (emit == EmitKind::TFLite) {
    sluice::TFLiteExportOptions exportOptions;
    exportOptions.planBuffers = planBuffers;
    exportOptions.requireLiteRTKernels = requireLiteRTKernels;
    // @main, or every signature of a SavedModel imported with several; the
    // gradient alone with --grad.
    if (gradient.getNumOccurrences())
      exportOptions.entryFunctions = {entry};
    FailureOr<std::string> model = program->exportTFLite(error, exportOptions);
    if (failed(model)) {
      error.print(llvm::errs(), "sluicec");
      return 1;
    }
    TimingScope outputTiming = nestTiming("output");
    output->os() << *model;
    output->os().flush();
  } else if (isPicture(emit)) {
    sluice::PictureOptions options;
    options.kind = picture;
    options.format = emit == EmitKind::Dot   ? "dot"
                     : emit == EmitKind::Svg ? "svg"
                                             : "png";
    options.bufferModel = bufferModel;
    if (!pictureInputs.empty()) {
      std::string message;
      auto file = openInputFile(pictureInputs, &message);
      func::FuncOp main = program->lookupFunction("main");
      if (!file || !main) {
        llvm::errs() << "sluicec: "
                     << (file ? "--inputs: the program has no @main" : message)
                     << "\n";
        return 1;
      }
      FailureOr<SmallVector<sluice::interp::Tensor>> inputs =
          sluice::interp::parseInputs(main, file->getBuffer(), message);
      if (failed(inputs)) {
        llvm::errs() << "sluicec: " << pictureInputs << ": " << message << "\n";
        return 1;
      }
      options.inputs = std::move(*inputs);
    }
    FailureOr<std::string> drawn = program->exportPicture(options, error);
    if (failed(drawn)) {
      error.print(llvm::errs(), "sluicec");
      return 1;
    }
    TimingScope outputTiming = nestTiming("output");
    output->os() << *drawn;
    output->os().flush();
  } else if (isNative(emit)) {
    sluice::CompileOptions options;
    options.kind = emit == EmitKind::Object ? sluice::NativeOutputKind::Object
                   : emit == EmitKind::Assembly
                       ? sluice::NativeOutputKind::Assembly
                       : sluice::NativeOutputKind::LLVMIR;
    options.target.triple = targetTriple;
    options.target.cpu = targetCpu;
    options.target.optLevel = optLevel;
    options.prefix = symbolPrefix();
    if (!headerFile.empty())
      options.headerName = llvm::sys::path::stem(headerFile).str();
    if (failed(program->compileNative(
            output->os(), header ? &header->os() : nullptr, options, error))) {
      error.print(llvm::errs(), "sluicec");
      return 1;
    }
    TimingScope outputTiming = nestTiming("output");
    output->os().flush();
    if (header) {
      header->os().flush();
      header->keep();
    }
  } else {
    TimingScope outputTiming = nestTiming("output");
    output->os() << program->getMLIR();
    output->os().flush();
  }
  output->keep();
  return 0;
}

/// --list-tf-ops prints the importer's compute ops and exits, as --version
/// does (before the input file is required).
static cl::opt<bool> listTFOps(
    "list-tf-ops",
    cl::desc("Print the TensorFlow compute ops the GraphDef importer takes, "
             "one per line, and exit (docs/ops.md is the table of them)"),
    cl::ValueDisallowed, cl::cat(category), cl::callback([](const bool &) {
      for (llvm::StringRef op : sluice::getImportedComputeOps())
        llvm::outs() << op << "\n";
      llvm::outs().flush();
      std::exit(0);
    }));

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  sluice::GraphDefCommandLineOptions graphDefOptions("GraphDef input: ",
                                                     &category);
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(
      argc, argv,
      "Sluice compiler: lifts TensorFlow v1 control flow to "
      "lite.if/lite.while and writes lite IR, a TFLite model, native code "
      "with a C header, or a Graphviz picture of the control flow\n");
  if (!headerFile.empty() && !isNative(emit)) {
    llvm::errs() << "sluicec: --header needs --emit=obj, asm or llvm\n";
    return 1;
  }
  if (planBuffers && emit != EmitKind::TFLite) {
    llvm::errs() << "sluicec: --plan-buffers needs --emit=tflite\n";
    return 1;
  }
  if (!isPicture(emit) &&
      (picture.getNumOccurrences() || pictureInputs.getNumOccurrences() ||
       bufferModel.getNumOccurrences())) {
    llvm::errs() << "sluicec: --picture, --inputs and --buffer-model need "
                    "--emit=dot, svg or png\n";
    return 1;
  }
  if (pictureInputs.getNumOccurrences() &&
      picture != sluice::PictureKind::Executor) {
    llvm::errs() << "sluicec: --inputs greys the dead nodes of "
                    "--picture=executor; the lifted picture takes none\n";
    return 1;
  }
  if (bufferModel.getNumOccurrences() &&
      picture != sluice::PictureKind::Lifted) {
    llvm::errs() << "sluicec: --buffer-model marks the lifted picture, not "
                    "--picture=executor\n";
    return 1;
  }
  if (optLevel > 3) {
    llvm::errs() << "sluicec: --opt-level must be 0 to 3\n";
    return 1;
  }
  if (report.getNumOccurrences()) {
    if (report != "" && report != "text" && report != "json") {
      llvm::errs() << "sluicec: --report takes text or json, not '" << report
                   << "'\n";
      return 1;
    }
    if (emit.getNumOccurrences()) {
      llvm::errs() << "sluicec: --report replaces the output: no --emit\n";
      return 1;
    }
  }

  DefaultTimingManager timingManager;
  if (timing.getNumOccurrences()) {
    if (timing != "" && timing != "text" && timing != "json") {
      llvm::errs() << "sluicec: --timing takes text or json, not '" << timing
                   << "'\n";
      return 1;
    }
    timingManager.setEnabled(true);
    timingManager.setOutput(createOutputStrategy(
        timing == "json" ? DefaultTimingManager::OutputFormat::Json
                         : DefaultTimingManager::OutputFormat::Text,
        llvm::errs()));
  }
  int status;
  {
    // The root scope and every scope the program keeps end before the
    // report is printed.
    TimingScope rootTiming = timingManager.getRootScope();
    status = compile(graphDefOptions.get(),
                     timingManager.isEnabled() ? &rootTiming : nullptr);
  }
  timingManager.print();
  // Printed once: not again by the destructor.
  timingManager.setEnabled(false);
  return status;
}
