//===- ReverseMode.cpp - gradients of lite programs -----------------------===//
//
// -lite-reverse-mode: builds `@F_grad` for the function `@F`: it takes F's
// arguments and, after them, the gradient of a scalar loss with respect to
// each float result (the seeds), and returns F's results and the gradient
// with respect to each argument asked for. Each op's rule comes from its
// GradientOpInterface (LiteGradients.cpp); regions are differentiated here:
//
//   forward (F's body, as is)          backward (after it, ops in reverse)
//   %r = lite.if %p { A } else { B }   lite.if %p { A again; A reversed }
//                                             else { B again; B reversed }
//                                        yielding the gradients of what A
//                                        and B take from outside
//
//   %r = lite.while (%s = %init)       %r, %n, %saved = lite.while (
//          cond { C } body { D }              %s = %init, %k = 0,
//                                             %l = list_reserve 0) body {
//                                          %l' = push %l, %s   (the state
//                                          D                    the body
//                                          yield ..., %k + 1, %l'  read)
//                                        }
//                                        lite.while (%k = %n, gradients of
//                                                    the state, ...) body {
//                                          %s = pop %saved
//                                          D again, from %s; D reversed
//                                        } (k > 0)
//
// A branch or a loop body runs again in the backward pass from what it
// started with (the if's captured values, the loop's state at the start of
// each iteration, saved in a resizable list): per iteration the forward
// loop saves exactly the state its body reads, and the backward loop reads
// all of it. A loop-carried slot the body passes on unchanged is not
// saved: it is its initial value every iteration.
//
// Diagnosed: a gradient with respect to an argument that is not a float
// tensor; an op on the path from the arguments to the results without a
// gradient rule, or outside what its rule covers; loop state of dynamic
// shape (it cannot be recorded per iteration); effects on variables in a
// loop or branch that is differentiated.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Lite/IR/LiteBuilders.h"
#include "sluice/Dialect/Lite/IR/LiteOps.h"
#include "sluice/Dialect/Lite/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

namespace sluice::lite {
#define GEN_PASS_DEF_LITEREVERSEMODEPASS
#include "sluice/Dialect/Lite/Transforms/Passes.h.inc"
} // namespace sluice::lite

using namespace mlir;

namespace sluice::lite {
namespace {

bool isFloatTensor(Value value) {
  auto type = dyn_cast<TensorType>(value.getType());
  return type && isa<FloatType>(type.getElementType());
}

using Adjoints = DenseMap<Value, Value>;

/// Adds `gradient` to the adjoint of `value`.
void accumulate(OpBuilder &builder, Adjoints &adjoints, Value value,
                Value gradient) {
  if (!gradient || !isFloatTensor(value))
    return;
  auto [it, inserted] = adjoints.try_emplace(value, gradient);
  if (!inserted)
    it->second =
        AddOp::create(builder, gradient.getLoc(), value.getType(), it->second,
                      gradient, ActivationFunctionType::NONE);
}

/// The adjoint of `value`, zeros if nothing flowed into it.
Value adjointOrZeros(OpBuilder &builder, Adjoints &adjoints, Value value) {
  if (Value adjoint = adjoints.lookup(value))
    return adjoint;
  return ZerosLikeOp::create(builder, value.getLoc(), value);
}

/// The values defined outside `op` that its regions use, in a fixed order.
llvm::SetVector<Value> capturedBy(Operation *op) {
  llvm::SetVector<Value> captured;
  op->walk([&](Operation *nested) {
    if (nested == op)
      return;
    for (Value operand : nested->getOperands())
      if (!op->isAncestor(operand.getParentRegion()->getParentOp()))
        captured.insert(operand);
  });
  return captured;
}

class ReverseMode {
public:
  /// Whether no gradient can flow through `value`: it is not a float
  /// tensor, a stop_gradient's result, or it is computed, without regions,
  /// from such values and constants only.
  bool isInert(Value value) {
    if (!isFloatTensor(value))
      return true;
    Operation *op = value.getDefiningOp();
    // TF's StopGradient: no gradient flows back through it, so nothing
    // before it is differentiated (not even an op without a rule).
    if (isa_and_nonnull<StopGradientOp>(op))
      return true;
    // A read of state (a variable, a random generator) is not a constant.
    if (!op || op->getNumRegions() != 0 || !isMemoryEffectFree(op))
      return false;
    if (auto it = inert.find(op); it != inert.end())
      return it->second;
    bool result = llvm::all_of(op->getOperands(),
                               [&](Value operand) { return isInert(operand); });
    inert[op] = result;
    return result;
  }

  /// Emits, at `builder`, the backward pass of `ops` (in a block, forward
  /// order), given the adjoints of their results in `adjoints`; leaves the
  /// adjoints of what they use there.
  LogicalResult reverse(ArrayRef<Operation *> ops, OpBuilder &builder,
                        Adjoints &adjoints) {
    for (Operation *op : llvm::reverse(ops)) {
      if (llvm::none_of(op->getResults(), [&](Value result) {
            return adjoints.contains(result) && !isInert(result);
          }))
        continue;
      LogicalResult done = success();
      if (auto loop = dyn_cast<WhileOp>(op))
        done = reverseWhile(loop, builder, adjoints);
      else if (auto ifOp = dyn_cast<IfOp>(op))
        done = reverseIf(ifOp, builder, adjoints);
      else
        done = reverseOp(op, builder, adjoints);
      if (failed(done))
        return failure();
    }
    return success();
  }

private:
  LogicalResult reverseOp(Operation *op, OpBuilder &builder,
                          Adjoints &adjoints) {
    auto rule = dyn_cast<GradientOpInterface>(op);
    if (isa<PreventGradientOp>(op))
      return op->emitError("the results depend on a value whose gradient is "
                           "explicitly disabled (TF's PreventGradient)");
    if (!rule)
      return op->emitError("'")
             << op->getName()
             << "' has no gradient rule, and the results depend on it "
                "(LiteGradients.cpp holds the rules)";
    SmallVector<Value> resultGradients;
    for (Value result : op->getResults())
      resultGradients.push_back(isFloatTensor(result)
                                    ? adjointOrZeros(builder, adjoints, result)
                                    : Value());
    SmallVector<Value> operandGradients;
    if (failed(rule.buildGradient(builder, resultGradients, operandGradients)))
      return failure();
    for (auto [operand, gradient] :
         llvm::zip(op->getOperands(), operandGradients))
      accumulate(builder, adjoints, operand, gradient);
    return success();
  }

  /// What the backward pass runs again of `block` (a loop body): the ops
  /// gradients flow through (float results that are not inert), and the
  /// ops computing the values their rules read (getGradientReads; a nested
  /// region op reads all it uses), with what those are computed from.
  /// `exact` gets the values that must be recomputed exactly; an op that is
  /// only on the gradients' path may run on placeholders.
  llvm::SmallPtrSet<Operation *, 16>
  neededForGradients(Block &block, llvm::SmallPtrSetImpl<Value> &exact) {
    llvm::SmallPtrSet<Operation *, 16> needed;
    SmallVector<Value> worklist;
    for (Operation &op : block.without_terminator()) {
      if (llvm::none_of(op.getResults(),
                        [&](Value result) { return !isInert(result); }))
        continue;
      needed.insert(&op);
      if (auto rule = dyn_cast<GradientOpInterface>(&op);
          rule && op.getNumRegions() == 0) {
        rule.getGradientReads(worklist);
      } else {
        llvm::append_range(worklist, op.getOperands());
        llvm::append_range(worklist, capturedBy(&op));
      }
    }
    while (!worklist.empty()) {
      Value value = worklist.pop_back_val();
      if (!exact.insert(value).second)
        continue;
      Operation *producer = value.getDefiningOp();
      Operation *inBlock =
          producer ? block.findAncestorOpInBlock(*producer) : nullptr;
      if (!inBlock)
        continue;
      needed.insert(inBlock);
      for (Value result : inBlock->getResults())
        exact.insert(result);
      llvm::append_range(worklist, inBlock->getOperands());
      llvm::append_range(worklist, capturedBy(inBlock));
    }
    // What the needed ops use that no rule reads is computed too, so that
    // the copies are well formed, from placeholders where it comes from
    // state that need not be exact.
    SmallVector<Operation *> ops(needed.begin(), needed.end());
    while (!ops.empty()) {
      Operation *op = ops.pop_back_val();
      SmallVector<Value> used(op->getOperands());
      llvm::append_range(used, capturedBy(op));
      for (Value value : used)
        if (Operation *producer = value.getDefiningOp())
          if (Operation *inBlock = block.findAncestorOpInBlock(*producer))
            if (needed.insert(inBlock).second)
              ops.push_back(inBlock);
    }
    return needed;
  }

  /// The ops of `block` cloned at `builder` (its terminator's operands
  /// mapped, not cloned); returns the clones.
  SmallVector<Operation *> cloneBody(Block &block, OpBuilder &builder,
                                     IRMapping &mapping) {
    SmallVector<Operation *> clones;
    for (Operation &op : block.without_terminator())
      clones.push_back(builder.clone(op, mapping));
    return clones;
  }

  LogicalResult reverseIf(IfOp ifOp, OpBuilder &builder, Adjoints &adjoints) {
    if (failed(requireNoEffects(ifOp)))
      return failure();
    SmallVector<Value> resultGradients;
    for (Value result : ifOp.getResults())
      resultGradients.push_back(isFloatTensor(result)
                                    ? adjointOrZeros(builder, adjoints, result)
                                    : Value());
    SmallVector<Value> captured;
    for (Value value : capturedBy(ifOp))
      if (isFloatTensor(value))
        captured.push_back(value);
    SmallVector<Type> types = llvm::map_to_vector(
        captured, [](Value value) { return value.getType(); });
    auto backward = IfOp::create(builder, ifOp.getLoc(), types, ifOp.getCond());
    for (auto [forward, region] :
         llvm::zip_equal(ifOp->getRegions(), backward->getRegions())) {
      OpBuilder inside = OpBuilder::atBlockBegin(&region.emplaceBlock());
      IRMapping mapping;
      Block &block = forward.front();
      SmallVector<Operation *> again = cloneBody(block, inside, mapping);
      Adjoints local;
      for (auto [yielded, gradient] : llvm::zip_equal(
               block.getTerminator()->getOperands(), resultGradients))
        accumulate(inside, local, mapping.lookupOrDefault(yielded), gradient);
      if (failed(reverse(again, inside, local)))
        return failure();
      SmallVector<Value> yielded =
          llvm::map_to_vector(captured, [&](Value value) {
            return adjointOrZeros(inside, local, value);
          });
      YieldOp::create(inside, ifOp.getLoc(), yielded);
    }
    for (auto [value, gradient] :
         llvm::zip_equal(captured, backward.getResults()))
      accumulate(builder, adjoints, value, gradient);
    return success();
  }

  DenseMap<Operation *, bool> inert;

  LogicalResult requireNoEffects(Operation *op) {
    WalkResult walk = op->walk([&](Operation *nested) {
      if (hasVariableEffects(nested)) {
        nested->emitError("cannot be differentiated: reverse mode runs "
                          "branches and loop bodies again, and this op has "
                          "effects on state");
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    return failure(walk.wasInterrupted());
  }

  LogicalResult reverseWhile(WhileOp loop, OpBuilder &builder,
                             Adjoints &adjoints) {
    if (failed(requireNoEffects(loop)))
      return failure();
    Location loc = loop.getLoc();
    unsigned numSlots = loop.getNumResults();
    Block &body = loop.getBody().front();
    Operation *yield = body.getTerminator();
    // A slot the body passes on unchanged is its initial value throughout.
    // What the backward pass runs again: the body's ops that gradients flow
    // through and what they are computed from; the state it needs is what
    // those ops read.
    llvm::SmallPtrSet<Value, 16> exact;
    llvm::SmallPtrSet<Operation *, 16> needed = neededForGradients(body, exact);
    // A slot is saved when its state must be exact; one only the gradients'
    // path uses runs on a placeholder (its adjoint, of its type), and one
    // of another type that such an op uses is saved after all.
    SmallVector<bool> invariant, saved;
    for (unsigned slot = 0; slot < numSlots; ++slot) {
      BlockArgument argument = body.getArgument(slot);
      invariant.push_back(yield->getOperand(slot) == argument);
      bool used = llvm::any_of(argument.getUsers(), [&](Operation *user) {
        return needed.contains(body.findAncestorOpInBlock(*user));
      });
      saved.push_back(!invariant.back() && used &&
                      (exact.contains(argument) || !isFloatTensor(argument)));
    }
    // The results' adjoints, read before the loop is replaced.
    SmallVector<Value> resultGradients;
    for (Value result : loop.getResults())
      resultGradients.push_back(isFloatTensor(result)
                                    ? adjointOrZeros(builder, adjoints, result)
                                    : Value());
    llvm::SetVector<Value> capturedSet = capturedBy(loop);
    SmallVector<Value> inits(loop.getInits());

    // The body as it is, to run again backwards: the needed ops of it.
    Region original;
    IRMapping copy;
    loop.getBody().cloneInto(&original, copy);
    llvm::SmallPtrSet<Operation *, 16> neededAgain;
    for (Operation *op : needed)
      neededAgain.insert(copy.lookup(op));

    // Forward: count the iterations; push each saved slot's state.
    OpBuilder before(loop);
    auto i32 = RankedTensorType::get({}, before.getI32Type());
    SmallVector<Value> extraInits{createI32Scalar(before, loc, 0)};
    SmallVector<RankedTensorType> listTypes;
    for (unsigned slot = 0; slot < numSlots; ++slot) {
      if (!saved[slot])
        continue;
      auto type = dyn_cast<RankedTensorType>(body.getArgument(slot).getType());
      if (!type || !type.hasStaticShape())
        return loop.emitError("cannot record loop-carried value ")
               << slot << " for the gradient: its type "
               << body.getArgument(slot).getType() << " has no static shape";
      listTypes.push_back(getListType(type));
      extraInits.push_back(ListReserveOp::create(
          before, loc, listTypes.back(), createI32Scalar(before, loc, 0),
          /*resizable=*/true));
    }
    WhileOp recording = appendLoopCarried(before, loop, extraInits);
    Block &recordingBody = recording.getBody().front();
    {
      OpBuilder inside(recordingBody.getTerminator());
      Value count = recordingBody.getArgument(numSlots);
      SmallVector<Value> yielded{AddOp::create(inside, loc, i32, count,
                                               createI32Scalar(inside, loc, 1),
                                               ActivationFunctionType::NONE)};
      unsigned list = 0;
      inside.setInsertionPointToStart(&recordingBody);
      for (unsigned slot = 0; slot < numSlots; ++slot) {
        if (!saved[slot])
          continue;
        yielded.push_back(createListPushBack(
            inside, loc, recordingBody.getArgument(numSlots + 1 + list),
            recordingBody.getArgument(slot), listTypes[list]));
        ++list;
      }
      appendYieldOperands(recordingBody.getTerminator(), yielded);
    }

    // Backward: as many iterations, the state popped, the body run again
    // and reversed.
    SmallVector<unsigned> adjointSlots;
    for (unsigned slot = 0; slot < numSlots; ++slot)
      if (!invariant[slot] && isFloatTensor(recording.getResult(slot)))
        adjointSlots.push_back(slot);
    // Invariant slots are captured values: their initial value.
    SmallVector<Value> captured;
    for (Value value : capturedSet)
      if (isFloatTensor(value))
        captured.push_back(value);
    for (unsigned slot = 0; slot < numSlots; ++slot)
      if (invariant[slot] && isFloatTensor(inits[slot]) &&
          !llvm::is_contained(captured, inits[slot]))
        captured.push_back(inits[slot]);

    SmallVector<Value> backInits{recording.getResult(numSlots)};
    for (unsigned slot : adjointSlots)
      backInits.push_back(resultGradients[slot]);
    for (Value value : captured)
      backInits.push_back(ZerosLikeOp::create(builder, loc, value));
    for (unsigned list = 0; list < listTypes.size(); ++list)
      backInits.push_back(recording.getResult(numSlots + 1 + list));
    SmallVector<Type> backTypes = llvm::map_to_vector(
        backInits, [](Value value) { return value.getType(); });
    auto backward = WhileOp::create(builder, loc, backTypes, backInits);
    for (Region *region : {&backward.getCond(), &backward.getBody()}) {
      Block &block = region->emplaceBlock();
      for (Value init : backInits)
        block.addArgument(init.getType(), loc);
    }
    {
      Block &cond = backward.getCond().front();
      OpBuilder inside = OpBuilder::atBlockBegin(&cond);
      Value more = GreaterOp::create(
          inside, loc, RankedTensorType::get({}, inside.getI1Type()),
          cond.getArgument(0), createI32Scalar(inside, loc, 0));
      YieldOp::create(inside, loc, ValueRange{more});
    }
    Block &back = backward.getBody().front();
    OpBuilder inside = OpBuilder::atBlockBegin(&back);
    unsigned firstCaptured = 1 + adjointSlots.size();
    unsigned firstList = firstCaptured + captured.size();
    Block &again = original.front();
    IRMapping mapping;
    SmallVector<Value> poppedLists;
    unsigned list = 0;
    for (auto [index, slot] : llvm::enumerate(adjointSlots))
      if (!saved[slot])
        mapping.map(again.getArgument(slot), back.getArgument(1 + index));
    for (unsigned slot = 0; slot < numSlots; ++slot) {
      if (invariant[slot]) {
        mapping.map(again.getArgument(slot), inits[slot]);
      } else if (saved[slot]) {
        auto [shorter, state] = createListPopBack(
            inside, loc, back.getArgument(firstList + list), listTypes[list],
            again.getArgument(slot).getType());
        mapping.map(again.getArgument(slot), state);
        poppedLists.push_back(shorter);
        ++list;
      }
    }
    SmallVector<Operation *> rerun;
    for (Operation &op : again.without_terminator())
      if (neededAgain.contains(&op))
        rerun.push_back(inside.clone(op, mapping));
    Adjoints local;
    for (auto [index, slot] : llvm::enumerate(adjointSlots))
      accumulate(
          inside, local,
          mapping.lookupOrDefault(again.getTerminator()->getOperand(slot)),
          back.getArgument(1 + index));
    if (failed(reverse(rerun, inside, local)))
      return failure();
    SmallVector<Value> yielded{SubOp::create(
        inside, loc, i32, back.getArgument(0), createI32Scalar(inside, loc, 1),
        ActivationFunctionType::NONE)};
    for (auto [index, slot] : llvm::enumerate(adjointSlots)) {
      // The gradient of the state the iteration started from; zeros when
      // the body did not read it.
      Value start = mapping.lookupOrNull(again.getArgument(slot));
      Value gradient = start ? local.lookup(start) : Value();
      yielded.push_back(
          gradient
              ? gradient
              : ZerosLikeOp::create(inside, loc, back.getArgument(1 + index)));
    }
    for (auto [index, value] : llvm::enumerate(captured)) {
      Value sum = back.getArgument(firstCaptured + index);
      if (Value gradient = local.lookup(value))
        sum = AddOp::create(inside, loc, value.getType(), sum, gradient,
                            ActivationFunctionType::NONE);
      yielded.push_back(sum);
    }
    llvm::append_range(yielded, poppedLists);
    YieldOp::create(inside, loc, yielded);

    // What flows back out of the loop.
    for (auto [index, slot] : llvm::enumerate(adjointSlots))
      accumulate(builder, adjoints, inits[slot], backward.getResult(1 + index));
    for (auto [index, value] : llvm::enumerate(captured))
      accumulate(builder, adjoints, value,
                 backward.getResult(firstCaptured + index));
    // An invariant slot's result is its initial value.
    for (unsigned slot = 0; slot < numSlots; ++slot)
      if (invariant[slot] && resultGradients[slot])
        accumulate(builder, adjoints, inits[slot], resultGradients[slot]);
    return success();
  }
};

struct LiteReverseModePass
    : impl::LiteReverseModePassBase<LiteReverseModePass> {
  using LiteReverseModePassBase::LiteReverseModePassBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto function = module.lookupSymbol<func::FuncOp>(functionName);
    if (!function || function.isExternal()) {
      module.emitError("-lite-reverse-mode: no function @") << functionName;
      return signalPassFailure();
    }
    if (!function.getBody().hasOneBlock()) {
      function.emitError("has more than one block: reverse mode needs "
                         "structured control flow (lite.if, lite.while)");
      return signalPassFailure();
    }
    SmallVector<unsigned> arguments(wrt.begin(), wrt.end());
    if (arguments.empty())
      for (BlockArgument argument : function.getArguments())
        if (isFloatTensor(argument))
          arguments.push_back(argument.getArgNumber());
    for (unsigned index : arguments) {
      if (index >= function.getNumArguments()) {
        function.emitError("has no argument ") << index
                                               << " to differentiate "
                                                  "with respect to";
        return signalPassFailure();
      }
      if (!isFloatTensor(function.getArgument(index))) {
        function.emitError("cannot differentiate with respect to argument ")
            << index << " of type " << function.getArgument(index).getType()
            << ": only float tensors have gradients";
        return signalPassFailure();
      }
    }

    // @F_grad: F's body, then seeds for its float results.
    OpBuilder builder(module.getContext());
    builder.setInsertionPointAfter(function);
    auto gradient = cast<func::FuncOp>(builder.clone(*function));
    std::string name = functionName + "_grad";
    gradient.setSymName(name);
    Block &entry = gradient.getBody().front();
    auto ret = cast<func::ReturnOp>(entry.getTerminator());
    Adjoints adjoints;
    builder.setInsertionPoint(ret);
    SmallVector<Type> inputs(gradient.getArgumentTypes());
    for (Value result : ret.getOperands()) {
      if (!isFloatTensor(result))
        continue;
      Value seed = entry.addArgument(result.getType(), result.getLoc());
      inputs.push_back(result.getType());
      accumulate(builder, adjoints, result, seed);
    }
    SmallVector<Operation *> ops = llvm::map_to_vector(
        entry.without_terminator(), [](Operation &op) { return &op; });
    if (failed(ReverseMode().reverse(ops, builder, adjoints))) {
      gradient.erase();
      return signalPassFailure();
    }
    SmallVector<Value> results(ret.getOperands());
    for (unsigned index : arguments)
      results.push_back(
          adjointOrZeros(builder, adjoints, entry.getArgument(index)));
    auto newReturn = func::ReturnOp::create(builder, ret.getLoc(), results);
    ret.erase();
    ret = newReturn;
    gradient.setType(
        builder.getFunctionType(inputs, ValueRange(results).getTypes()));
    // Names: the seeds and gradients after F's own ("d" + the name).
    auto nameOf = [&](DictionaryAttr attrs, StringRef fallback) {
      if (auto name =
              attrs ? attrs.getAs<StringAttr>("sluice.name") : StringAttr())
        return name.getValue().str();
      return fallback.str();
    };
    SmallVector<DictionaryAttr> argAttrs, resultAttrs;
    auto named = [&](const std::string &name) {
      return builder.getDictionaryAttr(
          builder.getNamedAttr("sluice.name", builder.getStringAttr(name)));
    };
    for (unsigned index = 0; index < function.getNumArguments(); ++index)
      argAttrs.push_back(function.getArgAttrDict(index));
    for (unsigned index = 0; index < function.getNumResults(); ++index) {
      resultAttrs.push_back(function.getResultAttrDict(index));
      if (isFloatTensor(ret.getOperand(index)))
        argAttrs.push_back(
            named("d" + nameOf(function.getResultAttrDict(index),
                               ("output" + Twine(index)).str())));
    }
    for (unsigned index : arguments)
      resultAttrs.push_back(named("d" + nameOf(function.getArgAttrDict(index),
                                               ("arg" + Twine(index)).str())));
    for (auto &attrs : argAttrs)
      if (!attrs)
        attrs = builder.getDictionaryAttr({});
    for (auto &attrs : resultAttrs)
      if (!attrs)
        attrs = builder.getDictionaryAttr({});
    gradient.setAllArgAttrs(argAttrs);
    gradient.setAllResultAttrs(resultAttrs);
  }
};

} // namespace
} // namespace sluice::lite
