//===- InferShapes.cpp - refine lite result types to inferred shapes ------===//
//
// -lite-infer-shapes and refineShapes(): gives every lite op the most precise
// result type its rule (TypeInference.cpp) derives from its operands and the
// shape vectors' contents propagated here (ShapeValues), met with the
// declared type, function by function, callees first.
//
// Within a function one walk in program order reaches the fixpoint: every
// operand is defined before its user, so its type is final when the user is
// visited. The exception is lite.while, whose carried types depend on its
// body: its regions are refined round after round, each from the types they
// were declared with, the carried types widening (join) with what the body
// yields until they are stable. lite.if results are the join of what the
// branches yield.
//
// Some uses need a value's exact type: func.call operands, operands of ops
// of other dialects, returned values of a function whose type must stay,
// and the operand of an op whose operand and result types must be equal
// (lite.neg, ...) when its result is pinned. Such values are pinned up
// front and keep their declared types.
//
// When a refined function does not verify (a refined type contradicts the
// declared type of an op that uses it, which only a program failing at run
// time has), the operands of the ops that fail are pinned too and the
// function is refined again; if that does not help, it is restored to its
// declared types.
//
//===----------------------------------------------------------------------===//

#include "ShapeInference.h"

#include "sluice/Dialect/Lite/IR/LiteOps.h"
#include "sluice/Dialect/Lite/Transforms/InferShapes.h"
#include "sluice/Dialect/Lite/Transforms/Passes.h"

#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/DenseSet.h"

#include <deque>

namespace sluice::lite {
#define GEN_PASS_DEF_LITEINFERSHAPESPASS
#include "sluice/Dialect/Lite/Transforms/Passes.h.inc"
} // namespace sluice::lite

using namespace mlir;
using namespace sluice::lite;
using namespace sluice::lite::shapes;

namespace {

//===----------------------------------------------------------------------===//
// TypeSnapshot
//===----------------------------------------------------------------------===//

/// The types of the values defined inside some ops (and the types of some
/// functions), to put back.
class TypeSnapshot {
public:
  /// Records the types of every block argument and op result inside `op`'s
  /// regions.
  void recordRegions(Operation *op) {
    op->walk([&](Block *block) {
      for (BlockArgument argument : block->getArguments())
        values.emplace_back(argument, argument.getType());
    });
    op->walk([&](Operation *nested) {
      if (nested == op)
        return;
      for (OpResult result : nested->getResults())
        values.emplace_back(result, result.getType());
    });
  }

  /// Records `function`'s type and the types of the values in its body.
  void recordFunction(func::FuncOp function) {
    recordRegions(function);
    functions.emplace_back(function, function.getFunctionType());
  }

  void restore() const {
    for (auto [value, type] : values)
      value.setType(type);
    for (auto [function, type] : functions)
      function.setFunctionType(type);
  }

private:
  SmallVector<std::pair<Value, Type>> values;
  SmallVector<std::pair<func::FuncOp, FunctionType>> functions;
};

//===----------------------------------------------------------------------===//
// PinnedValues
//===----------------------------------------------------------------------===//

/// The values whose types must stay as declared because a use needs that
/// exact type.
class PinnedValues {
public:
  explicit PinnedValues(SymbolTableCollection &symbols) : symbols(symbols) {}

  /// Pins the operands of `function`'s calls and non-lite ops, and its
  /// returned values unless `resultsMayChange`, with everything that must
  /// keep its type for them to keep theirs.
  void addFunction(func::FuncOp function, bool resultsMayChange);

  /// Pins the operands of `ops` and of the terminators of their regions;
  /// returns whether that pinned anything new.
  bool pinOperandsOf(ArrayRef<Operation *> ops);

  bool contains(Value value) const { return pinned.contains(value); }

  /// Whether loop-carried value #index of `loop` is pinned.
  bool isCarriedPinned(WhileOp loop, unsigned index) const {
    return contains(loop.getResult(index));
  }

private:
  void pin(Value value) {
    if (pinned.insert(value).second)
      worklist.push_back(value);
  }
  void pinCarried(WhileOp loop, unsigned index) {
    pin(loop.getResult(index));
    pin(loop.getCond().getArgument(index));
    pin(loop.getBody().getArgument(index));
  }
  void pinDefinition(OpResult result);
  void propagate();

  SymbolTableCollection &symbols;
  llvm::DenseSet<Value> pinned;
  SmallVector<Value> worklist;
};

void PinnedValues::addFunction(func::FuncOp function, bool resultsMayChange) {
  function.walk([&](Operation *op) {
    if (isa_and_nonnull<LiteDialect>(op->getDialect()))
      return;
    if (isa<func::ReturnOp>(op) && resultsMayChange)
      return;
    for (Value operand : op->getOperands())
      pin(operand);
  });
  propagate();
}

bool PinnedValues::pinOperandsOf(ArrayRef<Operation *> ops) {
  size_t before = pinned.size();
  for (Operation *op : ops) {
    for (Value operand : op->getOperands())
      pin(operand);
    for (Region &region : op->getRegions())
      for (Block &block : region)
        if (!block.empty())
          for (Value operand : block.back().getOperands())
            pin(operand);
  }
  propagate();
  return pinned.size() != before;
}

/// Pins what the op defining a pinned `result` needs to keep it unchanged.
void PinnedValues::pinDefinition(OpResult result) {
  Operation *op = result.getOwner();
  if (op->hasTrait<OpTrait::SameOperandsAndResultType>()) {
    for (Value operand : op->getOperands())
      pin(operand);
  } else if (auto loop = dyn_cast<WhileOp>(op)) {
    pinCarried(loop, result.getResultNumber());
  } else if (auto call = dyn_cast<func::CallOp>(op)) {
    // The callee's result type, so the value it returns, must stay.
    auto callee = symbols.lookupNearestSymbolFrom<func::FuncOp>(
        call, call.getCalleeAttr());
    if (!callee || callee.isExternal())
      return;
    callee.walk([&](func::ReturnOp ret) {
      if (result.getResultNumber() < ret.getNumOperands())
        pin(ret.getOperand(result.getResultNumber()));
    });
  }
}

void PinnedValues::propagate() {
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    if (auto result = dyn_cast<OpResult>(value)) {
      pinDefinition(result);
      continue;
    }
    // The argument of a while region is the carried value itself.
    auto argument = cast<BlockArgument>(value);
    if (auto loop =
            dyn_cast_or_null<WhileOp>(argument.getOwner()->getParentOp()))
      pinCarried(loop, argument.getArgNumber());
  }
}

//===----------------------------------------------------------------------===//
// FunctionRefiner
//===----------------------------------------------------------------------===//

/// Refines the types in one function body.
class FunctionRefiner {
public:
  explicit FunctionRefiner(const PinnedValues &pinned) : pinned(pinned) {}

  /// Refines `function`'s body and, with `updateResultTypes`, makes its
  /// result types those of the returned values. Functions of more than one
  /// block are left alone.
  void refine(func::FuncOp function, bool updateResultTypes);

private:
  void refineBlock(Block &block);
  void refineOp(Operation *op);
  void refineIf(IfOp op);
  void refineWhile(WhileOp op);
  /// Refines the regions of `loop`, starting from the types in `declared`,
  /// for the carried types `carried`; returns the types the body yields.
  SmallVector<Type> runLoopRound(WhileOp loop, const TypeSnapshot &declared,
                                 ArrayRef<Type> carried);
  /// The carried types after a round that started with `carried` and
  /// yielded `yielded`: their join, met with the declared types.
  SmallVector<Type> widenCarried(WhileOp loop, ArrayRef<Type> declared,
                                 ArrayRef<Type> carried,
                                 ArrayRef<Type> yielded) const;
  /// Makes `value`'s type its meet with `inferred`, unless it is pinned or
  /// they contradict each other.
  void refineValue(Value value, Type inferred);

  const PinnedValues &pinned;
  ShapeValues values;
};

void FunctionRefiner::refine(func::FuncOp function, bool updateResultTypes) {
  if (function.isExternal() || !function.getBody().hasOneBlock())
    return;
  Block &body = function.front();
  refineBlock(body);
  auto ret = dyn_cast<func::ReturnOp>(body.getTerminator());
  if (!updateResultTypes || !ret)
    return;
  FunctionType type = function.getFunctionType();
  SmallVector<Type> results(ret.getOperandTypes());
  if (ArrayRef<Type>(results) != type.getResults())
    function.setFunctionType(
        FunctionType::get(function.getContext(), type.getInputs(), results));
}

void FunctionRefiner::refineBlock(Block &block) {
  for (Operation &op : block)
    refineOp(&op);
}

void FunctionRefiner::refineOp(Operation *op) {
  if (auto ifOp = dyn_cast<IfOp>(op))
    return refineIf(ifOp);
  if (auto loop = dyn_cast<WhileOp>(op))
    return refineWhile(loop);
  // The rules read what ShapeValues knows of shape vectors as ShapeAdaptors
  // over components that live until the rule returns.
  std::deque<ShapedTypeComponents> contents;
  auto contentsOf = [&](Value value) -> ShapeAdaptor {
    std::optional<SmallVector<int64_t>> known = values.lookup(value);
    if (!known)
      return nullptr;
    return contents.emplace_back(*known);
  };
  if (ShapeKnowledge shape = inferResultShape(op, contentsOf))
    for (Value result : op->getResults())
      refineValue(result,
                  getTensorType(shape, getElementTypeOrSelf(result.getType())));
  values.evaluate(op);
}

void FunctionRefiner::refineValue(Value value, Type inferred) {
  if (!inferred || pinned.contains(value))
    return;
  Type refined = meetTypes(value.getType(), inferred);
  if (refined && refined != value.getType())
    value.setType(refined);
}

/// The lite.yield ending the single block of `region`, or null.
static YieldOp getYield(Region &region) {
  if (region.empty() || region.front().empty())
    return nullptr;
  return dyn_cast<YieldOp>(region.front().back());
}

void FunctionRefiner::refineIf(IfOp op) {
  refineBlock(op.getThenRegion().front());
  refineBlock(op.getElseRegion().front());
  values.evaluate(op);
  YieldOp thenYield = getYield(op.getThenRegion());
  YieldOp elseYield = getYield(op.getElseRegion());
  if (!thenYield || !elseYield ||
      thenYield.getNumOperands() != op.getNumResults() ||
      elseYield.getNumOperands() != op.getNumResults())
    return;
  for (auto [result, thenValue, elseValue] : llvm::zip_equal(
           op.getResults(), thenYield.getOperands(), elseYield.getOperands())) {
    // A branch that yields a placeholder (ub.poison: the result is never
    // read after that branch) leaves the result to the other branch.
    Type thenType = thenValue.getType(), elseType = elseValue.getType();
    if (thenValue.getDefiningOp<ub::PoisonOp>())
      thenType = elseType;
    else if (elseValue.getDefiningOp<ub::PoisonOp>())
      elseType = thenType;
    Type joined = joinTypes(thenType, elseType);
    Type refined = joined ? meetTypes(result.getType(), joined) : Type();
    // Both branches must still yield something compatible with the result.
    if (refined && meetTypes(thenValue.getType(), refined) &&
        meetTypes(elseValue.getType(), refined))
      refineValue(result, refined);
  }
}

SmallVector<Type> FunctionRefiner::runLoopRound(WhileOp loop,
                                                const TypeSnapshot &declared,
                                                ArrayRef<Type> carried) {
  declared.restore();
  for (Region *region : {&loop.getCond(), &loop.getBody()})
    for (auto [argument, type] :
         llvm::zip_equal(region->getArguments(), carried))
      argument.setType(type);
  refineBlock(loop.getCond().front());
  refineBlock(loop.getBody().front());
  YieldOp yield = getYield(loop.getBody());
  if (!yield || yield.getNumOperands() != carried.size())
    return SmallVector<Type>(carried);
  return SmallVector<Type>(yield.getOperandTypes());
}

SmallVector<Type> FunctionRefiner::widenCarried(WhileOp loop,
                                                ArrayRef<Type> declared,
                                                ArrayRef<Type> carried,
                                                ArrayRef<Type> yielded) const {
  SmallVector<Type> next;
  for (auto [index, types] :
       llvm::enumerate(llvm::zip_equal(declared, carried, yielded))) {
    auto [declaredType, carriedType, yieldedType] = types;
    Type joined = joinTypes(carriedType, yieldedType);
    Type widened = joined ? meetTypes(declaredType, joined) : Type();
    bool keepDeclared = pinned.isCarriedPinned(loop, index) || !widened;
    next.push_back(keepDeclared ? declaredType : widened);
  }
  return next;
}

/// An upper bound on the rounds a loop needs: each round that does not end
/// the iteration makes some carried type less precise, which can happen once
/// per dimension and once per rank.
static int64_t getMaxLoopRounds(ArrayRef<Type> carried) {
  int64_t rounds = 2;
  for (Type type : carried) {
    auto ranked = dyn_cast<RankedTensorType>(type);
    rounds += (ranked ? ranked.getRank() : 0) + 2;
  }
  return rounds;
}

void FunctionRefiner::refineWhile(WhileOp loop) {
  TypeSnapshot regionTypes;
  regionTypes.recordRegions(loop);
  SmallVector<Type> declared(loop.getResultTypes());
  if (loop.getInits().size() != declared.size())
    return;
  // Start from the inits (as precise as the declared types allow).
  SmallVector<Type> carried;
  for (auto [index, pair] :
       llvm::enumerate(llvm::zip_equal(declared, loop.getInits()))) {
    auto [declaredType, init] = pair;
    Type start = meetTypes(declaredType, init.getType());
    bool keepDeclared = pinned.isCarriedPinned(loop, index) || !start;
    carried.push_back(keepDeclared ? declaredType : start);
  }
  bool stable = false;
  SmallVector<Type> yielded;
  for (int64_t round = 0, e = getMaxLoopRounds(carried); round < e && !stable;
       ++round) {
    yielded = runLoopRound(loop, regionTypes, carried);
    SmallVector<Type> next = widenCarried(loop, declared, carried, yielded);
    stable = next == carried;
    carried = std::move(next);
  }
  bool yieldsFit =
      llvm::all_of(llvm::zip_equal(yielded, carried), [](auto pair) {
        return bool(meetTypes(std::get<0>(pair), std::get<1>(pair)));
      });
  if (!stable || !yieldsFit) {
    carried = declared;
    runLoopRound(loop, regionTypes, carried);
  }
  for (auto [result, type] : llvm::zip_equal(loop.getResults(), carried))
    result.setType(type);
  values.evaluate(loop);
}

//===----------------------------------------------------------------------===//
// Functions and calls
//===----------------------------------------------------------------------===//

/// Whether `op` verifies (with the calls inside it checked against their
/// callees), reporting nothing.
static bool verifiesQuietly(Operation *op, SymbolTableCollection &symbols) {
  ScopedDiagnosticHandler quiet(op->getContext(),
                                [](Diagnostic &) { return success(); });
  if (failed(verify(op)))
    return false;
  WalkResult walk = op->walk([&](func::CallOp call) {
    return failed(call.verifySymbolUses(symbols)) ? WalkResult::interrupt()
                                                  : WalkResult::advance();
  });
  return !walk.wasInterrupted();
}

/// The ops nested in `function` that do not verify on their own, reporting
/// nothing.
static SmallVector<Operation *> findInvalidOps(func::FuncOp function) {
  ScopedDiagnosticHandler quiet(function.getContext(),
                                [](Diagnostic &) { return success(); });
  SmallVector<Operation *> invalid;
  function.walk([&](Operation *op) {
    if (op != function && failed(verify(op, /*verifyRecursively=*/false)))
      invalid.push_back(op);
  });
  return invalid;
}

/// How often refineFunction retries with more values pinned.
static constexpr int kMaxRefineAttempts = 8;

/// Refines `function`. When the result does not verify (a refined operand
/// contradicts the declared type of some op that uses it), tries again with
/// the operands of the ops that fail pinned; restores `function` and fails
/// if that does not help.
static LogicalResult refineFunction(func::FuncOp function, PinnedValues &pinned,
                                    bool updateResultTypes,
                                    SymbolTableCollection &symbols) {
  TypeSnapshot declared;
  declared.recordFunction(function);
  for (int attempt = 0; attempt < kMaxRefineAttempts; ++attempt) {
    FunctionRefiner(pinned).refine(function, updateResultTypes);
    if (verifiesQuietly(function, symbols))
      return success();
    SmallVector<Operation *> invalid = findInvalidOps(function);
    declared.restore();
    if (!pinned.pinOperandsOf(invalid))
      break;
  }
  return failure();
}

/// The functions of a module with their call sites, in an order that visits
/// callees before their callers.
class CallGraphInfo {
public:
  explicit CallGraphInfo(ModuleOp module, SymbolTableCollection &symbols);

  ArrayRef<func::FuncOp> getCalleesFirst() const { return order; }

  /// Whether the result types of `function` may follow its body: only when
  /// every reference to it is a call in this module, it has a body, and it
  /// is not part of a recursion.
  bool resultsMayChange(func::FuncOp function) const {
    return !fixedResults.contains(function);
  }

  ArrayRef<func::CallOp> getCallSites(func::FuncOp function) const {
    auto it = callSites.find(function);
    return it == callSites.end() ? ArrayRef<func::CallOp>() : it->second;
  }

private:
  bool isRecursive(func::FuncOp function) const;
  void visitCalleesFirst(func::FuncOp function,
                         llvm::DenseSet<Operation *> &visited);

  llvm::DenseMap<Operation *, SmallVector<func::CallOp>> callSites;
  llvm::DenseMap<Operation *, SmallVector<func::FuncOp>> callees;
  llvm::DenseSet<Operation *> fixedResults;
  SmallVector<func::FuncOp> order;
};

CallGraphInfo::CallGraphInfo(ModuleOp module, SymbolTableCollection &symbols) {
  SmallVector<func::FuncOp> functions(module.getOps<func::FuncOp>());
  for (func::FuncOp function : functions) {
    function.walk([&](func::CallOp call) {
      auto callee = symbols.lookupNearestSymbolFrom<func::FuncOp>(
          call, call.getCalleeAttr());
      if (!callee)
        return;
      callSites[callee].push_back(call);
      callees[function].push_back(callee);
    });
  }
  for (func::FuncOp function : functions) {
    std::optional<SymbolTable::UseRange> uses =
        SymbolTable::getSymbolUses(function, module);
    bool onlyCalled =
        uses && llvm::all_of(*uses, [](const SymbolTable::SymbolUse &use) {
          return isa<func::CallOp>(use.getUser());
        });
    if (function.isExternal() || !onlyCalled || isRecursive(function))
      fixedResults.insert(function);
  }
  llvm::DenseSet<Operation *> visited;
  for (func::FuncOp function : functions)
    visitCalleesFirst(function, visited);
}

bool CallGraphInfo::isRecursive(func::FuncOp function) const {
  llvm::DenseSet<Operation *> seen;
  SmallVector<func::FuncOp> worklist = {function};
  while (!worklist.empty()) {
    func::FuncOp next = worklist.pop_back_val();
    auto it = callees.find(next);
    if (it == callees.end())
      continue;
    for (func::FuncOp callee : it->second) {
      if (callee == function)
        return true;
      if (seen.insert(callee).second)
        worklist.push_back(callee);
    }
  }
  return false;
}

void CallGraphInfo::visitCalleesFirst(func::FuncOp function,
                                      llvm::DenseSet<Operation *> &visited) {
  if (!visited.insert(function).second)
    return;
  if (auto it = callees.find(function); it != callees.end())
    for (func::FuncOp callee : SmallVector<func::FuncOp>(it->second))
      visitCalleesFirst(callee, visited);
  order.push_back(function);
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

struct LiteInferShapesPass
    : public sluice::lite::impl::LiteInferShapesPassBase<LiteInferShapesPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTableCollection symbols;
    CallGraphInfo calls(module, symbols);
    PinnedValues pinned(symbols);
    TypeSnapshot declared;
    for (func::FuncOp function : calls.getCalleesFirst()) {
      pinned.addFunction(function, calls.resultsMayChange(function));
      declared.recordFunction(function);
    }
    for (func::FuncOp function : calls.getCalleesFirst()) {
      bool updateResultTypes = calls.resultsMayChange(function);
      if (failed(
              refineFunction(function, pinned, updateResultTypes, symbols)) ||
          !updateResultTypes)
        continue;
      for (func::CallOp call : calls.getCallSites(function))
        for (auto [result, type] :
             llvm::zip_equal(call.getResults(), function.getResultTypes()))
          result.setType(type);
    }
    // A caller restored after its callees' call sites were updated could be
    // left inconsistent: then nothing changes at all.
    if (!verifiesQuietly(module, symbols))
      declared.restore();
  }
};

} // namespace

LogicalResult sluice::lite::refineShapes(func::FuncOp function) {
  SymbolTableCollection symbols;
  Operation *parent = function->getParentOp();
  Operation *symbolTable =
      parent ? SymbolTable::getNearestSymbolTable(parent) : nullptr;
  bool resultsMayChange =
      !symbolTable || SymbolTable::symbolKnownUseEmpty(function, symbolTable);
  PinnedValues pinned(symbols);
  pinned.addFunction(function, resultsMayChange);
  return refineFunction(function, pinned, resultsMayChange, symbols);
}
