//===- TFLiteExport.cpp - lite programs to TFLite FlatBuffers -------------===//
//
// The TFLite exporter: sluice-prepare-tflite (lib/Dialect/Lite/Transforms/
// PrepareTFLite.cpp) makes the module what the model holds, then the model
// writer serialises it: subgraphs in the order they are reached from the entry
// function (breadth first), one tensor per block argument and op result,
// constants as tensors with buffers (buffer 0 is the empty buffer of every
// other tensor; identical constants share one), one operator code per
// (builtin, version). Op options come from OptionsWriter, types from
// TypeMapping. With TFLiteExportOptions::planBuffers the model also carries
// one "OfflineMemoryAllocation" metadata entry per subgraph with planned
// tensors (ArenaPlan).
//
//===----------------------------------------------------------------------===//

#include "sluice/Target/TFLite/TFLiteExport.h"

#include "LiteRTKernels.h"
#include "OperatorVersions.h"
#include "OptionsWriter.h"
#include "TypeMapping.h"
#include "sluice/Target/TFLite/ArenaPlan.h"

#include "sluice/Dialect/Lite/IR/LiteDialect.h"
#include "sluice/Dialect/Lite/IR/LiteOps.h"
#include "sluice/Dialect/Lite/IR/SignatureNames.h"
#include "sluice/Dialect/Lite/Transforms/Passes.h"
#include "sluice/Runtime/ResourceLimits.h"

#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/CheckedArithmetic.h"

#include <deque>
#include <map>

using namespace mlir;
using namespace sluice;
namespace fb = sluice::tflite;

/// Fails, with the exporter's diagnostic at `loc`, when `value` is a tensor
/// of an element type TFLite has no tensor type for.
static LogicalResult checkTensorType(Value value, Location loc) {
  auto type = dyn_cast<TensorType>(value.getType());
  if (!type || tflite_support::getTensorType(type.getElementType()))
    return success();
  return emitError(loc, "cannot be exported: TFLite has no tensor type for ")
         << type.getElementType();
}

/// Why TFLite cannot hold `op`, if its elementwise record says
/// (`tfliteRefusal`, LiteOps.td).
static std::optional<StringRef> getTFLiteRefusal(Operation *op) {
  static const std::pair<StringRef, StringRef> kRefusals[] = {
#include "sluice/Dialect/Lite/IR/LiteTFLiteRefusals.inc"
      {"", ""}};
  for (auto [name, reason] : kRefusals)
    if (!name.empty() && op->getName().getStringRef() == name)
      return reason;
  return std::nullopt;
}

namespace {

class ModelWriter {
public:
  ModelWriter(ModuleOp module, bool planBuffers, bool requireLiteRTKernels,
              TFLiteModelLayout *layout)
      : module(module), planBuffers(planBuffers),
        requireLiteRTKernels(requireLiteRTKernels), layout(layout) {}

  LogicalResult write(ArrayRef<func::FuncOp> entries, llvm::raw_ostream &os);

private:
  unsigned getSubgraphIndex(func::FuncOp function);
  FailureOr<flatbuffers::Offset<fb::SubGraph>>
  writeSubgraph(func::FuncOp function, bool isEntry);
  unsigned getBuffer(DenseElementsAttr value);
  /// The index of `op`'s operator code (its builtin at the version this
  /// instance needs), added on first use.
  unsigned getOperatorCode(lite::TFLiteBuiltinOpInterface op);
  /// The same for a builtin that no lite op is (VAR_HANDLE).
  unsigned getOperatorCode(lite::BuiltinOperator builtin, int version,
                           StringRef runtime);
  /// The function a region outlined by -lite-outline-regions calls.
  FailureOr<func::FuncOp> getOutlinedCallee(Operation *op, Region &region);

  ModuleOp module;
  bool planBuffers;
  bool requireLiteRTKernels;
  flatbuffers::FlatBufferBuilder fbb;
  std::vector<flatbuffers::Offset<fb::Buffer>> buffers;
  DenseMap<Attribute, unsigned> constantBuffers;
  std::map<std::pair<int, int>, unsigned> operatorCodeIndex;
  /// The minimum runtime of each operator code written.
  std::vector<std::string> operatorRuntimes;
  std::vector<flatbuffers::Offset<fb::OperatorCode>> operatorCodes;
  SmallVector<func::FuncOp> subgraphFunctions;
  DenseMap<Operation *, unsigned> subgraphIndex;
  /// The entry subgraphs' input and output tensors, for their signatures.
  DenseMap<Operation *, std::pair<std::vector<int32_t>, std::vector<int32_t>>>
      entryTensors;
  /// What the arena plan needs of each subgraph, by subgraph index.
  std::vector<tflite_support::ArenaSubgraph> arenaSubgraphs;
  /// Filled when the caller asks for it (the arena parts at the end).
  TFLiteModelLayout *layout;
};

} // namespace

unsigned ModelWriter::getSubgraphIndex(func::FuncOp function) {
  auto [it, inserted] =
      subgraphIndex.try_emplace(function, subgraphFunctions.size());
  if (inserted)
    subgraphFunctions.push_back(function);
  return it->second;
}

unsigned ModelWriter::getBuffer(DenseElementsAttr value) {
  auto [it, inserted] = constantBuffers.try_emplace(value, buffers.size());
  if (inserted) {
    std::vector<uint8_t> bytes = tflite_support::serializeElements(value);
    fbb.ForceVectorAlignment(bytes.size(), sizeof(uint8_t), 16);
    buffers.push_back(fb::CreateBuffer(fbb, fbb.CreateVector(bytes)));
  }
  return it->second;
}

unsigned ModelWriter::getOperatorCode(lite::TFLiteBuiltinOpInterface op) {
  int version = op.getOperatorVersion();
  return getOperatorCode(op.getBuiltinOperator(), version,
                         tflite_support::getMinimumRuntimeVersion(op, version));
}

unsigned ModelWriter::getOperatorCode(lite::BuiltinOperator builtin,
                                      int version, StringRef runtime) {
  int value = static_cast<int>(builtin);
  auto [it, inserted] = operatorCodeIndex.try_emplace(
      std::make_pair(value, version), operatorCodes.size());
  if (inserted) {
    operatorRuntimes.push_back(runtime.str());
    operatorCodes.push_back(fb::CreateOperatorCode(
        fbb, static_cast<int8_t>(std::min(value, 127)), 0, version,
        static_cast<fb::BuiltinOperator>(value)));
  }
  return it->second;
}

FailureOr<func::FuncOp> ModelWriter::getOutlinedCallee(Operation *op,
                                                       Region &region) {
  Block &block = region.front();
  auto call = dyn_cast<func::CallOp>(block.front());
  if (!call || std::next(block.begin()) != std::prev(block.end()) ||
      !llvm::equal(block.getTerminator()->getOperands(),
                   call.getResults().take_front(
                       block.getTerminator()->getNumOperands())))
    return op->emitError("cannot be exported: its regions must be outlined "
                         "(run -lite-outline-regions)");
  auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
      op, call.getCalleeAttr());
  if (!callee)
    return op->emitError("calls an unknown function ") << call.getCalleeAttr();
  return callee;
}

/// The name of an op result in the model: its NameLoc, else a position.
/// Whether `op` runs at most once per model instance: it sits directly in a
/// function that only lite.call_once calls (an initializer; loops and
/// branches are outlined into functions of their own by now).
static bool runsOncePerInstance(Operation *op) {
  auto function = dyn_cast<func::FuncOp>(op->getParentOp());
  if (!function)
    return false;
  auto module = function->getParentOfType<ModuleOp>();
  std::optional<SymbolTable::UseRange> uses =
      SymbolTable::getSymbolUses(function, module);
  return uses && !uses->empty() &&
         llvm::all_of(*uses, [](const SymbolTable::SymbolUse &use) {
           return isa<lite::CallOnceOp>(use.getUser());
         });
}

static std::string getTensorName(Value value, StringRef prefix,
                                 unsigned index) {
  if (Operation *def = value.getDefiningOp()) {
    if (auto name = dyn_cast<NameLoc>(def->getLoc())) {
      std::string text = name.getName().str();
      if (def->getNumResults() > 1)
        text += ":" + std::to_string(cast<OpResult>(value).getResultNumber());
      return text;
    }
  }
  return (prefix + "/t" + std::to_string(index)).str();
}

/// The arena plan's view of the decisions -lite-plan-buffers recorded for
/// `loop` (none shared where nothing is recorded).
static std::vector<tflite_support::ArenaSlot>
getWhileSlots(lite::WhileOp loop) {
  std::vector<tflite_support::ArenaSlot> slots(loop.getNumResults());
  for (auto [index, slot] : llvm::enumerate(slots)) {
    lite::SlotAttr decision = lite::getSlotDecision(loop, index);
    if (!decision)
      continue;
    slot.operandShared = !decision.has(lite::SlotCopies::entry);
    slot.bodyOutputShared = !decision.has(lite::SlotCopies::body) &&
                            !decision.has(lite::SlotCopies::ping_pong) &&
                            !decision.getBufferSlot();
  }
  return slots;
}

FailureOr<flatbuffers::Offset<fb::SubGraph>>
ModelWriter::writeSubgraph(func::FuncOp function, bool isEntry) {
  std::vector<flatbuffers::Offset<fb::Tensor>> tensors;
  std::vector<flatbuffers::Offset<fb::Operator>> operators;
  DenseMap<Value, int> tensorIndex;
  tflite_support::ArenaSubgraph arena;
  TFLiteModelLayout::Subgraph described;

  auto addTensor = [&](Value value, const std::string &name, unsigned buffer,
                       Location loc) -> LogicalResult {
    auto type = cast<TensorType>(value.getType());
    if (failed(checkTensorType(value, loc)))
      return failure();
    fb::TensorType elementType =
        *tflite_support::getTensorType(type.getElementType());
    std::vector<int32_t> shape, signature;
    bool dynamic = false;
    // TFLite's sizes are int32, and so is a tensor's element count
    // (kMaxElements); the bytes of one fit an int64 then.
    int64_t elements = 1;
    if (type.hasRank()) {
      for (int64_t dim : type.getShape()) {
        dynamic |= ShapedType::isDynamic(dim);
        std::optional<int64_t> product = ShapedType::isDynamic(dim)
                                             ? std::optional<int64_t>(elements)
                                             : llvm::checkedMul(elements, dim);
        if (!product || *product > kMaxElements)
          return emitError(loc, "cannot be exported: ")
                 << type << " has more elements than TFLite's int32 sizes hold";
        elements = *product;
        shape.push_back(ShapedType::isDynamic(dim) ? 1 : dim);
        signature.push_back(ShapedType::isDynamic(dim) ? -1 : dim);
      }
    }
    // The arena holds non-constant tensors of static shape.
    int64_t bytes = -1;
    if (buffer == 0 && type.hasStaticShape())
      bytes =
          elements * tflite_support::getElementByteWidth(type.getElementType());
    arena.sizes.push_back(bytes);
    described.tensorNames.push_back(name);
    described.tensorLocations.push_back(loc);
    tensorIndex[value] = tensors.size();
    tensors.push_back(fb::CreateTensor(
        fbb, fbb.CreateVector(shape), elementType, buffer,
        fbb.CreateString(name), /*quantization=*/0, /*is_variable=*/false,
        /*sparsity=*/0, dynamic ? fbb.CreateVector(signature) : 0,
        /*has_rank=*/type.hasRank()));
    return success();
  };
  auto indicesOf = [&](ValueRange values) {
    std::vector<int32_t> indices;
    for (Value value : values)
      indices.push_back(tensorIndex.lookup(value));
    return indices;
  };

  // Variables: TFLite names one by a resource tensor that a VAR_HANDLE in
  // the same subgraph produces; one per variable and subgraph.
  llvm::StringMap<int32_t> varHandles;
  auto getVarHandle = [&](StringRef variable) -> int32_t {
    auto [it, inserted] = varHandles.try_emplace(variable, tensors.size());
    if (!inserted)
      return it->second;
    int32_t tensor = it->second;
    arena.sizes.push_back(-1);
    described.tensorNames.push_back((variable + "/handle").str());
    described.tensorLocations.push_back(function.getLoc());
    tensors.push_back(fb::CreateTensor(
        fbb, fbb.CreateVector(std::vector<int32_t>{}), fb::TensorType::RESOURCE,
        /*buffer=*/0, fbb.CreateString((variable + "/handle").str())));
    // VAR_HANDLE's facts: version 1, TFLite 2.6.0 (no lite op is it).
    unsigned opcode =
        getOperatorCode(lite::BuiltinOperator::VAR_HANDLE, 1, "2.6.0");
    auto options = fb::CreateVarHandleOptions(fbb, fbb.CreateString(""),
                                              fbb.CreateString(variable.str()));
    std::vector<int32_t> outputs{tensor};
    arena.operators.push_back(
        {{}, outputs, {}, tflite_support::ArenaControlFlow::None, {}});
    described.operations.push_back(nullptr);
    operators.push_back(fb::CreateOperator(
        fbb, opcode, fbb.CreateVector(std::vector<int32_t>{}),
        fbb.CreateVector(outputs), fb::BuiltinOptions::VarHandleOptions,
        options.Union()));
    return tensor;
  };

  Block &body = function.getBody().front();
  StringRef prefix = function.getSymName();
  std::vector<int32_t> inputs, outputs;
  // The entry's results are named as the program names them.
  DenseMap<Value, std::string> resultNames;
  if (isEntry)
    for (OpOperand &operand : body.getTerminator()->getOpOperands())
      resultNames.try_emplace(
          operand.get(), getResultName(function, operand.getOperandNumber()));
  auto nameOf = [&](Value value) {
    if (auto it = resultNames.find(value); it != resultNames.end())
      return it->second;
    return getTensorName(value, prefix, tensors.size());
  };
  for (BlockArgument arg : body.getArguments()) {
    std::string name =
        isEntry ? getArgumentName(function, arg.getArgNumber())
                : (prefix + "/arg" + std::to_string(arg.getArgNumber())).str();
    if (failed(addTensor(arg, name, 0, function.getLoc())))
      return failure();
    inputs.push_back(tensorIndex[arg]);
  }

  for (Operation &op : body) {
    if (auto ret = dyn_cast<func::ReturnOp>(op)) {
      outputs = indicesOf(ret.getOperands());
      continue;
    }
    if (auto constant = dyn_cast<lite::ConstantOp>(op)) {
      auto value = dyn_cast<DenseElementsAttr>(constant.getValue());
      if (!value)
        return constant.emitError("cannot be exported: only dense constants "
                                  "have a TFLite buffer");
      if (failed(addTensor(constant, nameOf(constant), getBuffer(value),
                           op.getLoc())))
        return failure();
      continue;
    }

    std::vector<int32_t> opInputs = indicesOf(op.getOperands());
    std::vector<unsigned> callees;
    std::vector<tflite_support::ArenaSlot> slots;
    auto controlFlow = tflite_support::ArenaControlFlow::None;
    unsigned opcode;
    tflite_support::WrittenOptions options;
    if (auto ifOp = dyn_cast<lite::IfOp>(op)) {
      FailureOr<func::FuncOp> thenFn =
          getOutlinedCallee(&op, ifOp.getThenRegion());
      FailureOr<func::FuncOp> elseFn =
          getOutlinedCallee(&op, ifOp.getElseRegion());
      if (failed(thenFn) || failed(elseFn))
        return failure();
      // IF passes its inputs after the condition to both branches.
      auto call = cast<func::CallOp>(ifOp.getThenRegion().front().front());
      std::vector<int32_t> passed = indicesOf(call.getOperands());
      opInputs.insert(opInputs.end(), passed.begin(), passed.end());
      opcode = getOperatorCode(ifOp);
      options = {fb::BuiltinOptions::IfOptions,
                 fb::CreateIfOptions(fbb, getSubgraphIndex(*thenFn),
                                     getSubgraphIndex(*elseFn))
                     .Union()};
      // After the options: which is indexed first stays as before.
      callees = {getSubgraphIndex(*thenFn), getSubgraphIndex(*elseFn)};
      controlFlow = tflite_support::ArenaControlFlow::If;
    } else if (auto whileOp = dyn_cast<lite::WhileOp>(op)) {
      FailureOr<func::FuncOp> condFn =
          getOutlinedCallee(&op, whileOp.getCond());
      FailureOr<func::FuncOp> bodyFn =
          getOutlinedCallee(&op, whileOp.getBody());
      if (failed(condFn) || failed(bodyFn))
        return failure();
      opcode = getOperatorCode(whileOp);
      options = {fb::BuiltinOptions::WhileOptions,
                 fb::CreateWhileOptions(fbb, getSubgraphIndex(*condFn),
                                        getSubgraphIndex(*bodyFn))
                     .Union()};
      callees = {getSubgraphIndex(*condFn), getSubgraphIndex(*bodyFn)};
      controlFlow = tflite_support::ArenaControlFlow::While;
      slots = getWhileSlots(whileOp);
    } else if (auto read = dyn_cast<lite::ReadVariableOp>(op)) {
      opInputs = {getVarHandle(read.getVariable())};
      opcode = getOperatorCode(read);
      options = {fb::BuiltinOptions::ReadVariableOptions,
                 fb::CreateReadVariableOptions(fbb).Union()};
    } else if (auto assign = dyn_cast<lite::AssignVariableOp>(op)) {
      opInputs = {getVarHandle(assign.getVariable()),
                  tensorIndex.lookup(assign.getValue())};
      opcode = getOperatorCode(assign);
      options = {fb::BuiltinOptions::AssignVariableOptions,
                 fb::CreateAssignVariableOptions(fbb).Union()};
    } else if (auto once = dyn_cast<lite::CallOnceOp>(op)) {
      auto init = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
          once, once.getInitAttr());
      if (!init)
        return once.emitError("calls an unknown function ")
               << once.getInitAttr();
      opcode = getOperatorCode(once);
      options = {
          fb::BuiltinOptions::CallOnceOptions,
          fb::CreateCallOnceOptions(fbb, getSubgraphIndex(init)).Union()};
    } else if (auto random = dyn_cast<lite::RandomUniformOp>(op);
               random && !runsOncePerInstance(random)) {
      return op.emitError(
          "cannot be exported: LiteRT's RANDOM_UNIFORM draws TensorFlow's "
          "numbers on its first run only (then it moves its generator on by "
          "n / 4 blocks, TF by 256 n), and this one may run more than once; "
          "only an initializer that lite.call_once runs may draw random "
          "numbers");
    } else if (isa<lite::StackResetOp, lite::StackPushOp, lite::StackPopOp>(
                   op)) {
      // What -lite-stacks-as-lists could not carry as a list.
      return op.emitError(
          "cannot be exported: TFLite has no stacks (TF1 StackV2, which "
          "tf.gradients of a loop saves forward values on) and this one "
          "cannot be carried as a list: that needs it used by stack ops in "
          "one function only, reset there before any other use, with "
          "elements of one static shape, in loop bodies and if branches "
          "only (a variable holding it would grow in a WHILE body, and "
          "LiteRT 2.3 reads a variable assigned a new shape there with its "
          "old shape)");
    } else if (auto builtin = dyn_cast<lite::TFLiteBuiltinOpInterface>(op)) {
      if (std::optional<tflite_support::LiteRTRefusal> refusal =
              tflite_support::getLiteRTRefusal(builtin)) {
        InFlightDiagnostic diagnostic =
            requireLiteRTKernels ? op.emitError("cannot be exported: ")
                                 : op.emitWarning();
        diagnostic << "native LiteRT has no '"
                   << lite::stringifyBuiltinOperator(
                          builtin.getBuiltinOperator())
                   << "' kernel for " << refusal->key << " (in subgraph '"
                   << prefix << "'): " << refusal->why;
        if (requireLiteRTKernels)
          return failure();
      }
      opcode = getOperatorCode(builtin);
      options = tflite_support::writeBuiltinOptions(
          fbb, &op, builtin.getBuiltinOptions());
    } else {
      InFlightDiagnostic diagnostic = op.emitError("cannot be exported: '");
      diagnostic << op.getName() << "' is not a TFLite builtin operator";
      if (std::optional<StringRef> reason = getTFLiteRefusal(&op))
        diagnostic << " (on " << op.getOperandTypes() << "): " << *reason;
      return diagnostic;
    }
    for (Value result : op.getResults())
      if (failed(addTensor(result, nameOf(result), 0, op.getLoc())))
        return failure();
    std::vector<int32_t> opOutputs = indicesOf(op.getResults());
    arena.operators.push_back({opInputs, opOutputs, std::move(callees),
                               controlFlow, std::move(slots)});
    described.operations.push_back(&op);
    operators.push_back(fb::CreateOperator(
        fbb, opcode, fbb.CreateVector(opInputs), fbb.CreateVector(opOutputs),
        options.type, options.table));
  }
  if (isEntry)
    entryTensors[function] = {inputs, outputs};
  arena.inputs = inputs;
  arena.outputs = outputs;
  unsigned index = subgraphIndex.lookup(function);
  if (layout) {
    if (layout->subgraphs.size() <= index)
      layout->subgraphs.resize(index + 1);
    described.name = prefix.str();
    described.arena = arena;
    layout->subgraphs[index] = std::move(described);
  }
  if (arenaSubgraphs.size() <= index)
    arenaSubgraphs.resize(index + 1);
  arenaSubgraphs[index] = std::move(arena);
  return fb::CreateSubGraph(fbb, fbb.CreateVector(tensors),
                            fbb.CreateVector(inputs), fbb.CreateVector(outputs),
                            fbb.CreateVector(operators),
                            fbb.CreateString(prefix.str()));
}

/// The key of the SignatureDef that runs `entry`.
static std::string getSignatureKey(func::FuncOp entry) {
  return entry.getSymName() == "main" ? "serving_default"
                                      : entry.getSymName().str();
}

LogicalResult ModelWriter::write(ArrayRef<func::FuncOp> entries,
                                 llvm::raw_ostream &os) {
  buffers.push_back(fb::CreateBuffer(fbb));
  llvm::StringMap<func::FuncOp> keys;
  for (func::FuncOp entry : entries) {
    auto [it, inserted] = keys.try_emplace(getSignatureKey(entry), entry);
    if (!inserted)
      return entry.emitError("cannot be exported: its signature key '")
             << it->first() << "' is @" << it->second.getSymName() << "'s too";
    getSubgraphIndex(entry);
  }
  std::vector<flatbuffers::Offset<fb::SubGraph>> subgraphs;
  // Writing a subgraph may discover more.
  for (unsigned index = 0; index < subgraphFunctions.size(); ++index) {
    FailureOr<flatbuffers::Offset<fb::SubGraph>> subgraph =
        writeSubgraph(subgraphFunctions[index], index < entries.size());
    if (failed(subgraph))
      return failure();
    subgraphs.push_back(*subgraph);
  }

  // One signature per entry names its subgraph's inputs and outputs.
  std::vector<flatbuffers::Offset<fb::SignatureDef>> signatures;
  for (auto [index, entry] : llvm::enumerate(entries)) {
    const auto &[inputs, outputs] = entryTensors.lookup(entry);
    std::vector<flatbuffers::Offset<fb::TensorMap>> signatureInputs,
        signatureOutputs;
    for (auto [i, tensor] : llvm::enumerate(inputs))
      signatureInputs.push_back(fb::CreateTensorMap(
          fbb, fbb.CreateString(getArgumentName(entry, i)), tensor));
    for (auto [i, tensor] : llvm::enumerate(outputs))
      signatureOutputs.push_back(fb::CreateTensorMap(
          fbb, fbb.CreateString(getResultName(entry, i)), tensor));
    signatures.push_back(fb::CreateSignatureDef(
        fbb, fbb.CreateVector(signatureInputs),
        fbb.CreateVector(signatureOutputs),
        fbb.CreateString(getSignatureKey(entry)), index));
  }

  // min_runtime_version: the oldest TFLite whose kernels read every op
  // version written.
  std::string minRuntime =
      tflite_support::getNewestRuntimeVersion(operatorRuntimes);
  minRuntime.resize(16, '\0');
  std::vector<uint8_t> versionBytes(minRuntime.begin(), minRuntime.end());
  unsigned versionBuffer = buffers.size();
  buffers.push_back(fb::CreateBuffer(fbb, fbb.CreateVector(versionBytes)));
  std::vector<flatbuffers::Offset<fb::Metadata>> metadata = {fb::CreateMetadata(
      fbb, fbb.CreateString("min_runtime_version"), versionBuffer)};

  // The arena plan, as TFLite Micro's offline planner reads it: one entry
  // per subgraph that has planned tensors, in subgraph order.
  if (planBuffers) {
    tflite_support::ArenaPlan plan =
        tflite_support::planArena(arenaSubgraphs, /*alignment=*/16);
    for (unsigned index = 0; index < arenaSubgraphs.size(); ++index) {
      if (!plan.hasPlannedTensors(index))
        continue;
      std::vector<uint8_t> words =
          tflite_support::serializeOfflinePlan(plan, index);
      fbb.ForceVectorAlignment(words.size(), sizeof(uint8_t), 16);
      unsigned planBuffer = buffers.size();
      buffers.push_back(fb::CreateBuffer(fbb, fbb.CreateVector(words)));
      metadata.push_back(fb::CreateMetadata(
          fbb, fbb.CreateString("OfflineMemoryAllocation"), planBuffer));
    }
    if (layout)
      layout->plan = std::move(plan);
  }

  auto model =
      fb::CreateModel(fbb, /*version=*/3, fbb.CreateVector(operatorCodes),
                      fbb.CreateVector(subgraphs), fbb.CreateString("Sluice"),
                      fbb.CreateVector(buffers), /*metadata_buffer=*/0,
                      fbb.CreateVector(metadata), fbb.CreateVector(signatures));
  fb::FinishModelBuffer(fbb, model);
  os.write(reinterpret_cast<const char *>(fbb.GetBufferPointer()),
           fbb.GetSize());
  return success();
}

LogicalResult sluice::exportTFLite(ModuleOp module, llvm::raw_ostream &os,
                                   const TFLiteExportOptions &options,
                                   TimingScope *timing,
                                   TFLiteModelLayout *layout) {
  FailureOr<SmallVector<func::FuncOp>> entries =
      lite::resolveEntryFunctions(module, options.entryFunctions);
  if (failed(entries))
    return failure();
  // The pipeline is given the names resolved here: inlining removes
  // private functions, never an entry.
  std::vector<std::string> entryNames;
  for (func::FuncOp entry : *entries)
    entryNames.push_back(entry.getSymName().str());
  // The exporter creates lite ops (copies, outlined regions) even in a
  // module that has none yet.
  module.getContext()->getOrLoadDialect<lite::LiteDialect>();
  DialectRegistry registry;
  func::registerInlinerExtension(registry);
  module.getContext()->appendDialectRegistry(registry);
  // A value of an element type TFLite has no tensor type for is refused
  // before the preparation gives it ops (copies) that could not hold it.
  WalkResult types = module.walk([](Operation *op) {
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument argument : block.getArguments())
          if (failed(checkTensorType(argument, op->getLoc())))
            return WalkResult::interrupt();
    for (Value result : op->getResults())
      if (failed(checkTensorType(result, op->getLoc())))
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  if (types.wasInterrupted())
    return failure();
  // Everything the model needs of the IR is done by sluice-prepare-tflite,
  // which sluice-opt runs too; what follows only checks and writes.
  PassManager pm(module.getContext());
  lite::buildPrepareTFLitePipeline(pm, {entryNames, options.planBuffers});
  if (timing && *timing)
    pm.enableTiming(*timing);
  if (failed(pm.run(module)))
    return failure();
  TimingScope writeTiming = timing ? timing->nest("write") : TimingScope();
  return ModelWriter(module, options.planBuffers, options.requireLiteRTKernels,
                     layout)
      .write(*entries, os);
}

void sluice::registerMLIRToTFLiteTranslation(
    const TFLiteExportOptions &options) {
  static TranslateFromMLIRRegistration registration(
      "mlir-to-tflite", "write a lite module as a TFLite FlatBuffer",
      [&options](Operation *op, llvm::raw_ostream &os) -> LogicalResult {
        auto module = dyn_cast<ModuleOp>(op);
        if (!module)
          return op->emitError("expects a module");
        return exportTFLite(module, os, options);
      },
      [](DialectRegistry &registry) {
        registry.insert<func::FuncDialect, lite::LiteDialect>();
      });
}
