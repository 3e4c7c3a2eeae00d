//===- Program.cpp - the compiler library as one object -------------------===//
//
// Loading, lifting, printing, TFLite export and native compilation of a
// Program; running it is in ProgramRun.cpp.
//
//===----------------------------------------------------------------------===//

#include "sluice/API/Program.h"

#include "DiagnosticCapture.h"
#include "Lifting.h"
#include "ProgramSession.h"

#include "sluice/Dialect/Lite/IR/LiteOps.h"
#include "sluice/Dialect/Lite/IR/SignatureNames.h"
#include "sluice/Dialect/Lite/Transforms/LinkModules.h"
#include "sluice/Driver/LoadProgram.h"
#include "sluice/Target/Native/NativeJIT.h"

#include "mlir/Bytecode/BytecodeWriter.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/ToolOutputFile.h"

using namespace mlir;

namespace sluice {

StringRef getEngineName(Engine engine) {
  switch (engine) {
  case Engine::Interpreter:
    return "interpreter";
  case Engine::Native:
    return "native";
  }
  llvm_unreachable("unknown engine");
}

std::optional<Engine> parseEngineName(StringRef name) {
  if (name == "interpreter")
    return Engine::Interpreter;
  if (name == "native")
    return Engine::Native;
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Program
//===----------------------------------------------------------------------===//

Program::Program(std::shared_ptr<ProgramSession> session,
                 OwningOpRef<ModuleOp> module)
    : session(std::move(session)), module(std::move(module)) {}

Program::Program(Program &&other) = default;

Program &Program::operator=(Program &&other) {
  // The module and the compiled code go before the context they live in
  // (which other programs may share).
  compiledCode = std::move(other.compiledCode);
  module = std::move(other.module);
  session = std::move(other.session);
  interpreterState = std::move(other.interpreterState);
  timing = other.timing;
  return *this;
}

// Members are destroyed in reverse order: the compiled code, the module,
// then the context.
Program::~Program() = default;

FailureOr<Program> Program::load(StringRef path,
                                 const GraphDefImportOptions &importOptions,
                                 ProgramError &error, TimingScope *timing) {
  auto session = std::make_shared<ProgramSession>();
  session->maxNesting = importOptions.maxNesting;
  DiagnosticCapture capture(*session);
  std::string message;
  TimingScope importTiming = nestTiming(timing, "import");
  OwningOpRef<ModuleOp> module =
      loadProgram(path, session->context, session->sourceMgr, importOptions,
                  message, timing ? &importTiming : nullptr);
  if (!module)
    return capture.fail(error, message);
  Program program(std::move(session), std::move(module));
  program.setTiming(timing);
  return program;
}

FailureOr<Program>
Program::link(ArrayRef<std::pair<std::string, const Program *>> entries,
              ProgramError &error) {
  auto session = std::make_shared<ProgramSession>();
  DiagnosticCapture capture(*session);
  OwningOpRef<ModuleOp> module =
      ModuleOp::create(UnknownLoc::get(&session->context));
  for (auto [index, entry] : llvm::enumerate(entries)) {
    const auto &[name, program] = entry;
    // @main is the entry of a program with one: beside others, the TFLite
    // export would write it alone (lite::resolveEntryFunctions).
    if (name == "main" && entries.size() > 1)
      return capture.fail(error, "link: 'main' names the entry of a program "
                                 "with one; several programs take other "
                                 "names (their signature keys)");
    // The strictest nesting limit the programs were loaded with.
    session->maxNesting = index == 0 ? program->session->maxNesting
                                     : std::min(session->maxNesting,
                                                program->session->maxNesting);
    // Into this context through bytecode (constants' resources included).
    std::string bytes;
    llvm::raw_string_ostream os(bytes);
    if (failed(writeBytecodeToFile(program->getModule(), os)))
      return capture.fail(error, "@" + name + ": the program does not write");
    ParserConfig config(&session->context);
    OwningOpRef<ModuleOp> copy = parseSourceString<ModuleOp>(bytes, config);
    if (!copy ||
        failed(lite::linkEntryFunction(*module, std::move(copy), "main", name)))
      return capture.fail(error);
  }
  return Program(std::move(session), std::move(module));
}

Program Program::clone() const {
  Program copy(session, OwningOpRef<ModuleOp>(getModule().clone()));
  copy.setTiming(timing);
  return copy;
}

MLIRContext *Program::getContext() const { return &session->context; }

func::FuncOp Program::lookupFunction(StringRef name) const {
  return getModule().lookupSymbol<func::FuncOp>(name);
}

std::string Program::describeMissingFunction(StringRef name) const {
  SmallVector<std::string> functions;
  for (auto function : getModule().getOps<func::FuncOp>())
    if (function.isPublic())
      functions.push_back("@" + function.getSymName().str());
  return ("no function @" + name + " (its public functions: " +
          (functions.empty() ? "none" : llvm::join(functions, ", ")) + ")")
      .str();
}

static TensorSignature describeValue(Type type, std::string name) {
  TensorSignature signature;
  signature.name = std::move(name);
  signature.type = type;
  if (auto tensor = dyn_cast<TensorType>(type)) {
    signature.dtype = interp::getDType(tensor.getElementType());
    if (tensor.hasRank())
      signature.shape = llvm::to_vector(tensor.getShape());
  }
  return signature;
}

FailureOr<SmallVector<TensorSignature>>
Program::getInputSignature(StringRef function, ProgramError &error) const {
  func::FuncOp callee = lookupFunction(function);
  if (!callee)
    return error.message = describeMissingFunction(function), failure();
  SmallVector<TensorSignature> signature;
  for (auto [index, type] : llvm::enumerate(callee.getArgumentTypes()))
    signature.push_back(describeValue(type, getArgumentName(callee, index)));
  return signature;
}

FailureOr<SmallVector<TensorSignature>>
Program::getOutputSignature(StringRef function, ProgramError &error) const {
  func::FuncOp callee = lookupFunction(function);
  if (!callee)
    return error.message = describeMissingFunction(function), failure();
  SmallVector<TensorSignature> signature;
  for (auto [index, type] : llvm::enumerate(callee.getResultTypes()))
    signature.push_back(describeValue(type, getResultName(callee, index)));
  return signature;
}

SmallVector<TensorSignature> Program::getVariables() const {
  SmallVector<TensorSignature> variables;
  for (auto variable : getModule().getOps<lite::VariableOp>())
    variables.push_back(
        describeValue(variable.getType(), variable.getSymName().str()));
  return variables;
}

FailureOr<interp::Tensor> Program::readVariable(StringRef name,
                                                ProgramError &error) const {
  if (!getModule().lookupSymbol<lite::VariableOp>(name))
    return error.message = ("no variable '" + name + "'").str(), failure();
  auto it = interpreterState.variables.find(name);
  if (it == interpreterState.variables.end())
    return error.message = ("variable '" + name + "' was never assigned").str(),
           failure();
  return it->second;
}

LogicalResult Program::assignVariable(StringRef name,
                                      const interp::Tensor &value,
                                      ProgramError &error) {
  auto variable = getModule().lookupSymbol<lite::VariableOp>(name);
  if (!variable)
    return error.message = ("no variable '" + name + "'").str(), failure();
  auto type = cast<TensorType>(variable.getType());
  std::optional<interp::DType> dtype = interp::getDType(type.getElementType());
  if (!dtype || *dtype != value.getDType())
    return error.message = llvm::formatv(
               "variable '{0}' holds {1}, not {2}", name, type.getElementType(),
               interp::getDTypeName(value.getDType())),
           failure();
  auto ranked = dyn_cast<RankedTensorType>(type);
  if (ranked && !interp::fitsShape(value.getShape(), ranked.getShape()))
    return error.message =
               llvm::formatv("variable '{0}' has shape {1}, not {2}", name,
                             interp::shapeString(ranked.getShape()),
                             interp::shapeString(value.getShape())),
           failure();
  interpreterState.variables[name] = value;
  return success();
}

void Program::resetState() {
  interpreterState = interp::ProgramState();
  // Compiled code keeps variables and generators in its own globals.
  bool stateful =
      !getModule().getOps<lite::VariableOp>().empty() ||
      getModule()
          .walk([](lite::RandomUniformOp) { return WalkResult::interrupt(); })
          .wasInterrupted();
  if (stateful)
    compiledCode.clear();
}

bool Program::hasExecutorOps() const { return containsExecutorOps(*module); }

std::string Program::getMLIR() const {
  std::string text;
  llvm::raw_string_ostream os(text);
  getModule().print(os);
  return text;
}

LogicalResult Program::lift(ProgramError &error, StringRef function) {
  DiagnosticCapture capture(*session);
  compiledCode.clear();
  if (function.empty())
    return failed(liftModule(*module, session->maxNesting, timing))
               ? capture.fail(error)
               : success();
  func::FuncOp callee = lookupFunction(function);
  if (!callee)
    return capture.fail(error, describeMissingFunction(function));
  return failed(liftFunction(callee, timing)) ? capture.fail(error) : success();
}

FailureOr<std::string>
Program::exportTFLite(ProgramError &error,
                      const TFLiteExportOptions &options) const {
  DiagnosticCapture capture(*session);
  TimingScope exportTiming = nestTiming(timing, "export");
  TimingScope *exportScope = timing ? &exportTiming : nullptr;
  // Export outlines regions: always on a copy.
  FailureOr<OwningOpRef<ModuleOp>> lifted =
      cloneLifted(*module, session->maxNesting, exportScope);
  if (failed(lifted))
    return capture.fail(error);
  std::string bytes;
  llvm::raw_string_ostream os(bytes);
  if (failed(sluice::exportTFLite(**lifted, os, options, exportScope)))
    return capture.fail(error);
  return bytes;
}

LogicalResult Program::compileNative(llvm::raw_ostream &os,
                                     llvm::raw_ostream *header,
                                     const CompileOptions &options,
                                     ProgramError &error) const {
  DiagnosticCapture capture(*session);
  if (options.target.optLevel > 3)
    return capture.fail(error, "the optimisation level must be 0 to 3");
  // compileNative lowers a copy itself; lift on a copy only when needed.
  OwningOpRef<ModuleOp> lifted;
  FailureOr<ModuleOp> lite =
      getLiteModule(*module, session->maxNesting, lifted, timing);
  if (failed(lite))
    return capture.fail(error);
  StringRef headerName =
      options.headerName.empty() ? options.prefix : options.headerName;
  if (failed(sluice::compileNative(*lite, options.kind, options.prefix,
                                   options.target, os, header, headerName,
                                   timing)))
    return capture.fail(error);
  return success();
}

LogicalResult Program::compileNativeToFiles(StringRef objectPath,
                                            StringRef headerPath,
                                            const CompileOptions &options,
                                            ProgramError &error) const {
  std::string message;
  std::unique_ptr<llvm::ToolOutputFile> object =
      openOutputFile(objectPath, &message);
  if (!object)
    return error.clear(), error.message = message, failure();
  std::unique_ptr<llvm::ToolOutputFile> header =
      openOutputFile(headerPath, &message);
  if (!header)
    return error.clear(), error.message = message, failure();
  if (failed(compileNative(object->os(), &header->os(), options, error)))
    return failure();
  object->os().flush();
  header->os().flush();
  for (auto [path, file] : {std::pair(objectPath, object.get()),
                            std::pair(headerPath, header.get())}) {
    if (!file->os().has_error())
      continue;
    error.clear();
    error.message =
        "cannot write " + path.str() + ": " + file->os().error().message();
    // An unhandled stream error would abort when the file is closed.
    object->os().clear_error();
    header->os().clear_error();
    return failure();
  }
  object->keep();
  header->keep();
  return success();
}

} // namespace sluice
