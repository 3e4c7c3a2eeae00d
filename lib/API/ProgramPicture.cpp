//===- ProgramPicture.cpp - pictures of a Program's control flow ----------===//
//
// The executor picture (with, given inputs, a run of the interpreter that
// records which nodes were live) and the lifted picture (of a lifted copy
// when the program still holds executor graphs), written by
// Target/Graphviz and rendered by Graphviz's dot when asked.
//
//===----------------------------------------------------------------------===//

#include "sluice/API/Program.h"

#include "DiagnosticCapture.h"
#include "Lifting.h"
#include "ProgramSession.h"
#include "RunInputs.h"

#include "sluice/Target/Graphviz/GraphvizExport.h"

using namespace mlir;

namespace sluice {

std::optional<PictureKind> parsePictureKind(StringRef name) {
  if (name == "lifted")
    return PictureKind::Lifted;
  if (name == "executor")
    return PictureKind::Executor;
  return std::nullopt;
}

FailureOr<std::string> Program::exportPicture(const PictureOptions &options,
                                              ProgramError &error) const {
  DiagnosticCapture capture(*session);
  std::string dot;
  llvm::raw_string_ostream os(dot);
  if (options.kind == PictureKind::Executor) {
    if (!hasExecutorOps())
      return capture.fail(
          error, "the program holds no executor graph (no v1 control flow, "
                 "or it was lifted): only the lifted picture can be drawn");
    interp::NodeLiveness liveness;
    if (options.inputs) {
      func::FuncOp function = lookupFunction(options.function);
      if (!function)
        return capture.fail(error, describeMissingFunction(options.function));
      std::string message;
      if (failed(checkInputs(function, *options.inputs, message)))
        return capture.fail(error, message);
      interp::InterpreterStats stats;
      stats.nodeLiveness = &liveness;
      interp::ProgramState state;
      if (failed(interp::runFunction(function, *options.inputs, {}, &stats,
                                     &state)))
        return capture.fail(error, "the run on the given inputs failed: no "
                                   "picture of its dead nodes");
    }
    if (failed(writeExecutorGraphviz(*module, os,
                                     options.inputs ? &liveness : nullptr)))
      return capture.fail(error);
  } else {
    if (options.inputs)
      return capture.fail(error, "inputs grey the dead nodes of the executor "
                                 "picture: the lifted picture takes none");
    std::optional<BufferModel> model =
        BufferModel::forTarget(options.bufferModel);
    if (!model)
      return capture.fail(error, "unknown buffer model '" +
                                     options.bufferModel +
                                     "' (native or tflite)");
    OwningOpRef<ModuleOp> lifted;
    FailureOr<ModuleOp> lite =
        getLiteModule(*module, session->maxNesting, lifted, timing);
    if (failed(lite))
      return capture.fail(error);
    writeLiftedGraphviz(*lite, os, *model);
  }
  if (options.format == "dot")
    return dot;
  std::string message;
  FailureOr<std::string> rendered =
      renderGraphviz(dot, options.format, message);
  if (failed(rendered))
    return capture.fail(error, message);
  return rendered;
}

} // namespace sluice
