//===- PrepareTFLite.cpp - the TFLite exporter's preparation --------------===//
//
// sluice-prepare-tflite, the pipeline the TFLite exporter runs before it
// writes a model (and sluice-opt runs to show what will be written), and
// its two passes of TFLite's own: -lite-drop-assertions (TFLite has no
// assertion) and -lite-prepare-tflite-outputs (subgraph outputs as LiteRT
// needs their tensors).
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Lite/IR/LiteBuilders.h"
#include "sluice/Dialect/Lite/IR/LiteOps.h"
#include "sluice/Dialect/Lite/Transforms/Passes.h"
#include "sluice/Kernels/Kernels.h"
#include "sluice/Kernels/TensorIO.h"

#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/SetVector.h"

namespace sluice::lite {
#define GEN_PASS_DEF_LITEDROPASSERTIONSPASS
#define GEN_PASS_DEF_LITEPREPARETFLITEOUTPUTSPASS
#include "sluice/Dialect/Lite/Transforms/Passes.h.inc"
} // namespace sluice::lite

using namespace mlir;

namespace sluice::lite {
namespace {

/// Whether LiteRT may make `value` a dynamic tensor, sized only while the
/// model runs: the outputs of a WHILE (whose body may resize a tensor), of
/// a READ_VARIABLE, and of a TILE whose multiples are computed. LiteRT
/// leaves a model output bound to such a tensor unfilled, and LiteRT.js
/// reads it as zeros or garbage.
bool mayBeDynamicTensor(Value value) {
  if (auto tile = value.getDefiningOp<TileOp>())
    return !matchPattern(tile.getMultiples(), m_Constant());
  return value.getDefiningOp<WhileOp>() ||
         value.getDefiningOp<ReadVariableOp>();
}

/// Replaces `use`'s value by the constant LiteRT computes it as when it
/// prepares the model, if it does: a SHAPE of a statically shaped tensor,
/// and any effect-free builtin on such values and constants (LiteRT's
/// kernels compute MUL, RESHAPE, GATHER, CONCATENATION, TILE, ... of
/// constant inputs in Prepare, as a read-only tensor their Invoke no longer
/// writes). Computed with the reference kernels, as -lite-fold-constants
/// does, but at any size.
void foldPreparedValue(OpOperand &use, OpBuilder &builder) {
  Value value = use.get();
  auto isStaticShapeOf = [](Operation *op) {
    auto shape = dyn_cast<ShapeOp>(op);
    return shape &&
           cast<ShapedType>(shape.getInput().getType()).hasStaticShape();
  };
  // The ops `value` is computed by, each needing only constants.
  llvm::SetVector<Operation *> slice;
  SmallVector<Value> worklist{value};
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val().getDefiningOp();
    if (!op)
      return; // an input: known only at run time
    if (!slice.insert(op) || matchPattern(op, m_Constant()) ||
        isStaticShapeOf(op))
      continue;
    if (!isa<TFLiteBuiltinOpInterface>(op) || op->getNumRegions() ||
        !isMemoryEffectFree(op) ||
        !llvm::all_of(op->getResultTypes(), [](Type type) {
          auto tensor = dyn_cast<RankedTensorType>(type);
          return tensor && tensor.hasStaticShape();
        }))
      return;
    llvm::append_range(worklist, op->getOperands());
  }
  if (slice.size() == 1 && matchPattern(value, m_Constant()))
    return;
  SmallVector<Operation *> order = slice.takeVector();
  llvm::sort(order,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  DenseMap<Value, interp::Tensor> values;
  for (Operation *op : order) {
    SmallVector<interp::Tensor> results;
    std::string error;
    ElementsAttr attr;
    if (matchPattern(op->getResult(0), m_Constant(&attr))) {
      FailureOr<interp::Tensor> tensor = interp::tensorFromAttr(attr, error);
      if (failed(tensor))
        return;
      results.push_back(std::move(*tensor));
    } else if (isStaticShapeOf(op)) {
      auto type = cast<RankedTensorType>(op->getResult(0).getType());
      unsigned width = type.getElementTypeBitWidth();
      SmallVector<APInt> dims;
      for (int64_t dim :
           cast<ShapedType>(op->getOperand(0).getType()).getShape())
        dims.push_back(APInt(width, dim, /*isSigned=*/true));
      FailureOr<interp::Tensor> tensor =
          interp::tensorFromAttr(DenseElementsAttr::get(type, dims), error);
      if (failed(tensor))
        return;
      results.push_back(std::move(*tensor));
    } else {
      SmallVector<interp::Tensor> operands;
      for (Value operand : op->getOperands())
        operands.push_back(values.at(operand));
      ScopedDiagnosticHandler silence(op->getContext(),
                                      [](Diagnostic &) { return success(); });
      if (failed(interp::evaluateLiteOp(op, operands, results)))
        return; // a run-time error: left for the run to report
    }
    for (auto [result, tensor] : llvm::zip_equal(op->getResults(), results))
      values.try_emplace(result, std::move(tensor));
  }
  auto type = cast<RankedTensorType>(value.getType());
  const interp::Tensor &tensor = values.at(value);
  if (tensor.getShape() != type.getShape())
    return;
  use.set(ConstantOp::create(builder, value.getLoc(),
                             interp::tensorToAttr(tensor, type)));
  // The ops left unused are not written.
  for (Operation *op : llvm::reverse(order))
    if (op->use_empty())
      op->erase();
}

/// Replaces each output of `function` that LiteRT computes when it prepares
/// the model (foldPreparedValue) by that constant. Such a tensor is never
/// written while the model runs: an IF whose branch returns it has pointed
/// the branch's output at its own output buffer, which stays unwritten
/// (zeros or garbage in both LiteRT runtimes; for a SHAPE, native LiteRT
/// then frees a buffer twice), and LiteRT.js reads an entry output that is
/// one as memory never written. -lite-fold-constants leaves results of
/// more than max-elements elements, and SHAPE, to this.
void foldPreparedOutputs(func::FuncOp function) {
  Operation *ret = function.getBody().front().getTerminator();
  OpBuilder builder(ret);
  for (OpOperand &operand : ret->getOpOperands())
    foldPreparedValue(operand, builder);
}

/// Gives every subgraph output its own tensor: a function result that is an
/// argument, or a value returned twice, becomes a copy (a RESHAPE to its own
/// shape), since a TFLite subgraph's output tensors must be distinct from
/// each other and from its inputs; so does an entry result that may be a
/// dynamic tensor (mayBeDynamicTensor).
void materializeOutputCopies(func::FuncOp function, bool isEntry,
                             bool isLoopBody) {
  Operation *ret = function.getBody().front().getTerminator();
  OpBuilder builder(ret);
  llvm::SmallPtrSet<Value, 8> seen;
  for (OpOperand &operand : ret->getOpOperands()) {
    Value value = operand.get();
    // Inside a region's subgraph a dynamic tensor, or an input passed
    // through unchanged (a loop's captured values), is fine: IF and WHILE
    // copy their subgraphs' outputs.
    bool dynamic = isEntry && mayBeDynamicTensor(value);
    bool passedThrough = isEntry && isa<BlockArgument>(value);
    // Except a loop body yielding its input i as output j > i (a swap or a
    // rotation): LiteRT's WHILE copies outputs into inputs slot by slot, so
    // input i is overwritten before output j is read.
    auto argument = dyn_cast<BlockArgument>(value);
    bool overwrittenFirst =
        isLoopBody && argument &&
        argument.getArgNumber() < operand.getOperandNumber();
    if (!passedThrough && !dynamic && !overwrittenFirst &&
        seen.insert(value).second)
      continue;
    // A constant gets a constant tensor of its own rather than a RESHAPE of
    // it: LiteRT computes such a RESHAPE when it prepares the model, and its
    // IF kernel (LiteRT 2.3) then redirects that output's data to the IF's
    // output buffer, which the interpreter's destructor frees as its own
    // (free(): invalid pointer when a program ends); LiteRT.js reads such
    // an entry output as zeros (foldPreparedOutputs).
    if (auto constant = value.getDefiningOp<ConstantOp>()) {
      operand.set(builder.clone(*constant)->getResult(0));
      continue;
    }
    operand.set(
        createReshapeCopy(builder, ret->getLoc(), value, value.getType()));
  }
}

/// TFLite has no assertion operator: each lite.assert is dropped with a
/// warning (TensorFlow's converter drops Assert too), with what only it
/// used, and a lite.if left with nothing to do.
void dropAssertions(ModuleOp module) {
  // Erases what only `value` used, transitively. Each op is pending once:
  // one that uses a value twice would otherwise push its definition twice,
  // and the second look would be at an op already erased.
  auto eraseDeadDefinitions = [](Value value) {
    llvm::SetVector<Operation *> worklist;
    if (Operation *def = value.getDefiningOp())
      worklist.insert(def);
    while (!worklist.empty()) {
      Operation *def = worklist.pop_back_val();
      if (!isOpTriviallyDead(def))
        continue;
      for (Value operand : def->getOperands())
        if (Operation *producer = operand.getDefiningOp())
          worklist.insert(producer);
      def->erase();
    }
  };
  SmallVector<AssertOp> assertions;
  module.walk([&](AssertOp op) { assertions.push_back(op); });
  for (AssertOp op : assertions) {
    op.emitWarning("TFLite has no assertion: the exported model does not "
                   "check '")
        << op.getMessage() << "' (TensorFlow's converter drops Assert too)";
    Value condition = op.getCondition();
    Operation *parent = op->getParentOp();
    op.erase();
    eraseDeadDefinitions(condition);
    // An if whose branches are now empty (only their yields) and that has
    // no results does nothing.
    while (auto branch = dyn_cast_or_null<IfOp>(parent)) {
      if (branch->getNumResults() != 0 ||
          !llvm::all_of(branch->getRegions(), [](Region &region) {
            return region.empty() || region.front().getOperations().size() == 1;
          }))
        break;
      parent = branch->getParentOp();
      Value predicate = branch.getCond();
      branch.erase();
      eraseDeadDefinitions(predicate);
    }
  }
}

struct LiteDropAssertionsPass
    : impl::LiteDropAssertionsPassBase<LiteDropAssertionsPass> {
  void runOnOperation() override { dropAssertions(getOperation()); }
};

struct LitePrepareTFLiteOutputsPass
    : impl::LitePrepareTFLiteOutputsPassBase<LitePrepareTFLiteOutputsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    // The function an outlined region calls (-lite-outline-regions), if any.
    auto calleeOf = [&](Region &region) -> Operation * {
      auto call = dyn_cast<func::CallOp>(region.front().front());
      return call ? module.lookupSymbol(call.getCalleeAttr()) : nullptr;
    };
    llvm::SmallPtrSet<Operation *, 8> loopBodies, branches;
    module.walk([&](Operation *op) {
      if (auto loop = dyn_cast<WhileOp>(op)) {
        if (Operation *body = calleeOf(loop.getBody()))
          loopBodies.insert(body);
      } else if (auto branch = dyn_cast<IfOp>(op)) {
        for (Region *region :
             {&branch.getThenRegion(), &branch.getElseRegion()})
          if (Operation *callee = calleeOf(*region))
            branches.insert(callee);
      }
    });
    FailureOr<SmallVector<func::FuncOp>> entries =
        resolveEntryFunctions(module, entryFunctions);
    if (failed(entries))
      return signalPassFailure();
    for (func::FuncOp function : module.getOps<func::FuncOp>()) {
      if (function.isExternal())
        continue;
      bool isEntry = llvm::is_contained(*entries, function);
      if (isEntry || branches.contains(function))
        foldPreparedOutputs(function);
      materializeOutputCopies(function, isEntry, loopBodies.contains(function));
    }
  }
};

} // namespace

void buildPrepareTFLitePipeline(OpPassManager &pm,
                                const PrepareTFLiteOptions &options) {
  // Calls (a GraphDef's PartitionedCall) are inlined: TFLite would need
  // CALL_ONCE subgraphs for them. No clean-up pipeline after inlining (the
  // default one canonicalizes): the model holds the program as written, so
  // that export -> import -> export gives the same bytes. Canonicalization
  // would hoist and merge constants the importer recreates where the file
  // has them.
  pm.addPass(createInlinerPass({}, [](OpPassManager &) {}));
  pm.addPass(createLiteDropAssertionsPass());
  // Elementwise ops without a builtin, as the builtins their records
  // decompose them into.
  pm.addPass(createLiteDecomposeForTFLitePass());
  // Every tensor as ranked and static as the program allows (LiteRT reads
  // a shapeless output as a scalar), and constant arithmetic folded by the
  // one folding rule set the native path uses (LiteRT.js leaves an output
  // computed only from constants unfilled; TF's converter folds it too).
  pm.addPass(createLiteInferShapesPass());
  pm.addPass(createLiteFoldConstantsPass());
  // TFLite has no stacks: TF1's (the forward values a loop's gradient
  // saves) become lists the loops carry. Lists (TensorArrays) as builtins
  // on tensors: FILL, DYNAMIC_UPDATE_SLICE, GATHER; growing ones with a
  // storage that doubles when full and a length beside it.
  pm.addPass(createLiteStacksAsListsPass());
  pm.addPass(createLiteLegalizeListsPass());
  // The plan applies BufferAliasing's decisions, recorded while the regions
  // are still inline.
  if (options.planBuffers)
    pm.addPass(createLitePlanBuffersPass());
  pm.addPass(createLiteOutlineRegionsPass());
  pm.addPass(
      createLitePrepareTFLiteOutputsPass(LitePrepareTFLiteOutputsPassOptions{
          llvm::to_vector_of<std::string>(options.entryFunctions)}));
}

namespace {
struct PrepareTFLitePipelineOptions
    : PassPipelineOptions<PrepareTFLitePipelineOptions> {
  ListOption<std::string> entryFunctions{
      *this, "entry-functions",
      llvm::cl::desc("The functions the model's signatures run (default: "
                     "main if the module has it, else every public "
                     "function)")};
  Option<bool> planBuffers{
      *this, "plan-buffers",
      llvm::cl::desc("Record BufferAliasing's plan (-lite-plan-buffers)"),
      llvm::cl::init(false)};
};
} // namespace

FailureOr<SmallVector<func::FuncOp>>
resolveEntryFunctions(ModuleOp module, ArrayRef<std::string> names) {
  SmallVector<func::FuncOp> entries;
  for (const std::string &name : names) {
    auto function = module.lookupSymbol<func::FuncOp>(name);
    if (!function || function.isExternal())
      return module.emitError("cannot be exported: no function @") << name;
    if (function.isPrivate())
      return module.emitError("cannot be exported: @")
             << name << " is private (an entry is a public function)";
    if (llvm::is_contained(entries, function))
      return module.emitError("cannot be exported: @")
             << name << " is listed twice as an entry";
    entries.push_back(function);
  }
  if (!names.empty())
    return entries;
  if (auto main = module.lookupSymbol<func::FuncOp>("main");
      main && !main.isExternal())
    return SmallVector<func::FuncOp>{main};
  for (func::FuncOp function : module.getOps<func::FuncOp>())
    if (function.isPublic() && !function.isExternal())
      entries.push_back(function);
  if (entries.empty())
    return module.emitError(
        "cannot be exported: no function @main and no other public function");
  return entries;
}

void registerPrepareTFLitePipeline() {
  PassPipelineRegistration<PrepareTFLitePipelineOptions>(
      "sluice-prepare-tflite",
      "Prepare a lite module for the TFLite exporter: what it runs before "
      "it writes the model",
      [](OpPassManager &pm, const PrepareTFLitePipelineOptions &cl) {
        buildPrepareTFLitePipeline(
            pm, {std::vector<std::string>(cl.entryFunctions.begin(),
                                          cl.entryFunctions.end()),
                 cl.planBuffers});
      });
}

} // namespace sluice::lite
