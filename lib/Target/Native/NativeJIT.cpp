//===- NativeJIT.cpp - compile a lite program in process and run it -------===//

#include "sluice/Target/Native/NativeJIT.h"
#include "sluice/Dialect/Lite/Transforms/InferShapes.h"
#include "sluice/Runtime/SluiceStatus.h"

#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/FormatVariadic.h"

#include <cstdlib>

using namespace mlir;

namespace sluice {

/// The prefix of the JIT's entry points (internal: nothing links them).
static constexpr llvm::StringLiteral kPrefix = "sluice_jit";

StringRef getStatusName(int32_t status) {
  switch (status) {
  case SLUICE_OK:
    return "SLUICE_OK";
  case SLUICE_ERROR_INDEX_OUT_OF_RANGE:
    return "SLUICE_ERROR_INDEX_OUT_OF_RANGE";
  case SLUICE_ERROR_SHAPE_MISMATCH:
    return "SLUICE_ERROR_SHAPE_MISMATCH";
  case SLUICE_ERROR_DIVISION_BY_ZERO:
    return "SLUICE_ERROR_DIVISION_BY_ZERO";
  case SLUICE_ERROR_INVALID_ARGUMENT:
    return "SLUICE_ERROR_INVALID_ARGUMENT";
  case SLUICE_ERROR_FAILED_PRECONDITION:
    return "SLUICE_ERROR_FAILED_PRECONDITION";
  default:
    return "an unknown status";
  }
}

LogicalResult specializeUnrankedArguments(func::FuncOp function,
                                          ArrayRef<interp::Tensor> inputs) {
  if (inputs.size() != function.getNumArguments())
    return function.emitError("@")
           << function.getSymName() << " takes " << function.getNumArguments()
           << " argument(s), got " << inputs.size() << " input(s)";
  SmallVector<Type> types(function.getArgumentTypes());
  bool changed = false;
  for (auto [i, input] : llvm::enumerate(inputs)) {
    auto unranked = dyn_cast<UnrankedTensorType>(types[i]);
    if (!unranked)
      continue;
    types[i] =
        RankedTensorType::get(input.getShape(), unranked.getElementType());
    function.getArgument(i).setType(types[i]);
    changed = true;
  }
  if (!changed)
    return success();
  function.setFunctionType(FunctionType::get(function.getContext(), types,
                                             function.getResultTypes()));
  return lite::refineShapes(function);
}

FailureOr<std::unique_ptr<NativeJIT>>
NativeJIT::compile(ModuleOp module, const NativeTargetOptions &options) {
  std::unique_ptr<NativeJIT> jit(new NativeJIT());
  // The entry points' types, as the C functions will see them.
  OwningOpRef<ModuleOp> lowered =
      lowerToNative(module, kPrefix, options, jit->entries);
  if (!lowered)
    return failure();

  std::string error;
  if (!options.triple.empty())
    return module.emitError("the JIT runs code for this machine only, not "
                            "for target triple '")
           << options.triple << "'";
  std::unique_ptr<llvm::TargetMachine> machine =
      createTargetMachine(options, error);
  if (!machine)
    return module.emitError() << error;
  auto transformer = makeOptimizingTransformer(options.optLevel,
                                               /*sizeLevel=*/0, machine.get());
  ExecutionEngineOptions engineOptions;
  engineOptions.transformer = transformer;
  engineOptions.jitCodeGenOptLevel =
      static_cast<llvm::CodeGenOptLevel>(std::min(options.optLevel, 3u));
  auto engine = ExecutionEngine::create(*lowered, engineOptions);
  if (!engine)
    return module.emitError("JIT compilation failed: ")
           << llvm::toString(engine.takeError());
  jit->engine = std::move(*engine);
  if (!options.hostSymbols.empty())
    jit->engine->registerSymbols([&](llvm::orc::MangleAndInterner interner) {
      llvm::orc::SymbolMap symbols;
      for (const auto &[name, address] : options.hostSymbols)
        symbols[interner(name)] = {llvm::orc::ExecutorAddr::fromPtr(address),
                                   llvm::JITSymbolFlags::Exported};
      return symbols;
    });
  // What invokePacked would do on the first call (global constructors).
  jit->engine->initialize();
  // Resolved once: a symbol lookup in the JIT costs more than a small
  // model's run.
  for (const CEntryPoint &entry : jit->entries) {
    auto packed = jit->engine->lookupPacked(entry.symbol);
    if (!packed)
      return module.emitError("JIT compilation lost @")
             << entry.functionName << ": "
             << llvm::toString(packed.takeError());
    jit->packedEntries.push_back(*packed);
  }
  return jit;
}

/// Checks that `tensor` fits `parameter`, the entry's declared type.
static LogicalResult checkInput(const CTensorParameter &parameter,
                                const interp::Tensor &tensor,
                                std::string &error) {
  std::optional<interp::DType> dtype =
      interp::getDType(parameter.type.getElementType());
  if (!dtype)
    return error = "input '" + parameter.name +
                   "' has an element type the "
                   "native runner does not support",
           failure();
  if (*dtype != tensor.getDType())
    return error = llvm::formatv("input '{0}' must be {1}, got {2}",
                                 parameter.name, interp::getDTypeName(*dtype),
                                 interp::getDTypeName(tensor.getDType())),
           failure();
  if (!interp::fitsShape(tensor.getShape(), parameter.type.getShape()))
    return error = llvm::formatv("input '{0}' must have shape {1}, got {2}",
                                 parameter.name,
                                 interp::shapeString(parameter.type.getShape()),
                                 interp::shapeString(tensor.getShape())),
           failure();
  return success();
}

FailureOr<SmallVector<interp::Tensor>>
NativeJIT::run(StringRef function, ArrayRef<interp::Tensor> inputs,
               std::string &error) const {
  const CEntryPoint *entry = nullptr;
  void (*packedEntry)(void **) = nullptr;
  for (auto [candidate, packed] : llvm::zip_equal(entries, packedEntries))
    if (candidate.functionName == function)
      entry = &candidate, packedEntry = packed;
  if (!entry)
    return error = ("no public function @" + function + " to run").str(),
           failure();
  if (inputs.size() != entry->inputs.size())
    return error = llvm::formatv("@{0} takes {1} input(s), got {2}", function,
                                 entry->inputs.size(), inputs.size()),
           failure();

  // The C arguments, in order; the packed entry takes a pointer to each.
  SmallVector<void *> arguments;
  for (auto [parameter, tensor] : llvm::zip_equal(entry->inputs, inputs)) {
    if (failed(checkInput(parameter, tensor, error)))
      return failure();
    arguments.push_back(const_cast<void *>(tensor.data<void>()));
    if (parameter.hasDynamicShape())
      arguments.push_back(const_cast<int64_t *>(tensor.getShape().data()));
  }
  size_t numOutputs = entry->outputs.size();
  SmallVector<interp::Tensor> outputs;
  SmallVector<void *> allocated(numOutputs, nullptr);
  SmallVector<SmallVector<int64_t>> dims(numOutputs);
  for (auto [i, parameter] : llvm::enumerate(entry->outputs)) {
    interp::DType dtype = *interp::getDType(parameter.type.getElementType());
    if (!parameter.hasDynamicShape()) {
      outputs.emplace_back(dtype, parameter.type.getShape());
      arguments.push_back(outputs.back().mutableData<void>());
      continue;
    }
    outputs.emplace_back();
    dims[i].assign(parameter.type.getRank(), 0);
    arguments.push_back(&allocated[i]);
    arguments.push_back(dims[i].data());
  }
  int32_t status = SLUICE_OK;
  SmallVector<void *> packed;
  for (void *&argument : arguments)
    packed.push_back(&argument);
  packed.push_back(&status);
  packedEntry(packed.data());

  // Adopt the dynamically shaped outputs the model allocated.
  for (auto [i, parameter] : llvm::enumerate(entry->outputs)) {
    if (!parameter.hasDynamicShape())
      continue;
    interp::DType dtype = *interp::getDType(parameter.type.getElementType());
    interp::Tensor tensor(dtype, dims[i]);
    if (allocated[i])
      memcpy(tensor.mutableData<char>(), allocated[i],
             tensor.getNumElements() * interp::getDTypeSize(dtype));
    free(allocated[i]);
    outputs[i] = std::move(tensor);
  }
  if (status != SLUICE_OK)
    return error = llvm::formatv("the compiled @{0} returned {1} ({2})",
                                 function, getStatusName(status), status),
           failure();
  return outputs;
}

} // namespace sluice
