//===- SliceEmitter.cpp - one frame iteration as structured lite ops ------===//
//
// Five steps over the slice:
//   1. collect the nodes the targets reach (data, control and capture edges)
//      and order them topologically;
//   2. compute every value's guard (deadness rules; switch predicates are
//      the variables, looked up through identity islands and loop_cond, and
//      fixed when known or constant);
//   3. choose the nodes to emit (data edges only: a control edge from a
//      side-effect-free node only carries its deadness, already in the guard)
//      and their region, the implied literals of their guard; in a slice
//      with side effects (variable reads and assigns), every node with an
//      effect is emitted and control edges order the emitted nodes too, so
//      that effects happen in the order TF's dataflow guarantees;
//   4. schedule them, preferring the region of the node emitted last, and
//      lay them out in a tree of lite.if instances (a node joins the last
//      lite.if of its region when that tests the same predicate);
//   5. find the values that leave each lite.if and create the ops.
//
//===----------------------------------------------------------------------===//

#include "SliceEmitter.h"
#include "sluice/Conversion/ExecutorToLite/Guards.h"

#include "sluice/Dialect/Executor/IR/ExecutorOps.h"
#include "sluice/Dialect/Lite/IR/LiteBuilders.h"
#include "sluice/Dialect/Lite/IR/LiteOps.h"
#include "sluice/Dialect/Lite/Transforms/InferShapes.h"
#include "sluice/Runtime/ResourceLimits.h"

#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"

#include <deque>
#include <map>
#include <memory>
#include <set>

using namespace mlir;
using namespace sluice;
using namespace sluice::executor;

Value sluice::executor::createPlaceholder(OpBuilder &builder, Location loc,
                                          Type type) {
  return ub::PoisonOp::create(builder, loc, type);
}

Value sluice::executor::createZeroValue(OpBuilder &builder, Location loc,
                                        Type type) {
  auto tensorType = cast<TensorType>(type);
  SmallVector<int64_t> shape;
  if (tensorType.hasRank())
    for (int64_t dim : tensorType.getShape())
      shape.push_back(ShapedType::isDynamic(dim) ? 0 : dim);
  auto valueType = RankedTensorType::get(shape, tensorType.getElementType());
  auto zero = DenseElementsAttr::get(
      valueType, builder.getZeroAttr(tensorType.getElementType()));
  return lite::ConstantOp::create(builder, loc, zero);
}

/// The lite.if result `use` yields, or null when `use` is no if's yield.
static Value getYieldedIfResult(OpOperand &use) {
  auto ifOp = dyn_cast<lite::IfOp>(use.getOwner()->getParentOp());
  if (!ifOp || !isa<lite::YieldOp>(use.getOwner()))
    return nullptr;
  return ifOp.getResult(use.getOperandNumber());
}

void sluice::executor::materializePlaceholders(func::FuncOp function) {
  SmallVector<ub::PoisonOp> placeholders;
  function.walk([&](ub::PoisonOp op) { placeholders.push_back(op); });
  if (placeholders.empty())
    return;
  // The types the lite.if results get from their computing branches are
  // read off a scratch copy refined by shape inference (which lets a yielded
  // placeholder constrain nothing); the function itself keeps its types.
  IRMapping mapping;
  OwningOpRef<ModuleOp> scratch = ModuleOp::create(function.getLoc());
  auto copy = cast<func::FuncOp>(function->clone(mapping));
  scratch->push_back(copy);
  bool refined = succeeded(lite::refineShapes(copy));
  OpBuilder builder(function.getContext());
  for (ub::PoisonOp placeholder : placeholders) {
    for (OpOperand &use : llvm::make_early_inc_range(placeholder->getUses())) {
      Value result = refined ? getYieldedIfResult(use) : Value();
      Type type =
          result ? mapping.lookup(result).getType() : placeholder.getType();
      builder.setInsertionPoint(use.getOwner());
      use.set(createZeroValue(builder, placeholder.getLoc(), type));
    }
    placeholder.erase();
  }
}

Value sluice::executor::castToPredicate(OpBuilder &builder, Location loc,
                                        Value predicate) {
  auto scalar = RankedTensorType::get({}, builder.getI1Type());
  if (predicate.getType() == scalar)
    return predicate;
  auto emptyShape = DenseElementsAttr::get(
      RankedTensorType::get({0}, builder.getI32Type()), ArrayRef<int32_t>{});
  Value shape = lite::ConstantOp::create(builder, loc, emptyShape);
  return lite::ReshapeOp::create(builder, loc, scalar, predicate, shape);
}

/// Names a node in diagnostics by its NameLoc, else by its op name.
static std::string describeNode(Operation *op) {
  Location loc = op->getLoc();
  if (auto fused = dyn_cast<FusedLoc>(loc))
    if (!fused.getLocations().empty())
      loc = fused.getLocations().front();
  if (auto name = dyn_cast<NameLoc>(loc))
    return ("'" + name.getName().getValue() + "'").str();
  return ("'" + op->getName().getStringRef() + "'").str();
}

namespace {

struct Instance;
struct Node;

/// Whether `op`, or a function it calls, reads or writes a variable.
static bool touchesVariables(Operation *op,
                             llvm::SmallPtrSetImpl<Operation *> &visited) {
  WalkResult result = op->walk([&](Operation *inner) {
    if (lite::hasVariableEffects(inner))
      return WalkResult::interrupt();
    if (auto call = dyn_cast<CallOpInterface>(inner))
      if (Operation *callee = call.resolveCallable())
        if (visited.insert(callee).second && touchesVariables(callee, visited))
          return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return result.wasInterrupted();
}

/// Whether the node does something besides computing its results: an island
/// that reads or writes a variable.
static bool hasSideEffects(Operation *node) {
  auto island = dyn_cast<IslandOp>(node);
  if (!island)
    return false;
  llvm::SmallPtrSet<Operation *, 4> visited;
  return touchesVariables(island, visited);
}

/// A region of the emitted code: the top level, or a branch of a lite.if.
struct RegionNode {
  Instance *owner = nullptr;
  unsigned depth = 0;
  /// Nodes and lite.if instances, in emission order.
  struct Entry {
    Node *node = nullptr;
    Instance *instance = nullptr;
  };
  SmallVector<Entry> entries;
};

/// One lite.if to create.
struct Instance {
  unsigned variable;
  RegionNode *parent;
  RegionNode thenRegion, elseRegion;
  /// The values computed inside and needed after it: its results.
  llvm::SetVector<Value> exports;
};

/// A node of the slice and what the emitter knows about it.
struct Node {
  Operation *op;
  unsigned topoIndex = 0;
  /// Data inputs (operands, or captures of an island) and control inputs.
  SmallVector<Value> inputs, controls;
  /// Guards of the node's inputs together, and of each result.
  Guard base = GuardManager::True;
  SmallVector<Guard> resultGuards;

  bool emitted = false;
  /// The guard the node's code is placed under; its implied literals (the
  /// lite.ifs around it); what remains (tested right at the node).
  Guard placement = GuardManager::True;
  SmallVector<Literal> path;
  Guard residual = GuardManager::True;
  RegionNode *region = nullptr;
  SmallVector<Node *> emitDeps, emitUsers;
  unsigned pendingDeps = 0;
};

/// A predicate tested by guards: a boolean value, or "index == caseIndex"
/// for an output of a _SwitchN.
struct Variable {
  Value source;
  int caseIndex;
};

/// The ready nodes by region path, so the scheduler finds quickly a node in
/// the current region, in a nested one, or in the closest enclosing one.
class ReadyTrie {
public:
  struct TrieNode {
    TrieNode *parent = nullptr;
    Literal literal = {0, false};
    unsigned ordinal = 0;
    std::map<uint64_t, TrieNode *> childByKey;
    SmallVector<TrieNode *> children;
    std::set<unsigned> activeChildren;
    std::deque<Node *> ready;
    unsigned subtreeReady = 0;
  };

  ReadyTrie() { root = create(nullptr, {0, false}); }

  TrieNode *getRoot() { return root; }

  TrieNode *lookup(ArrayRef<Literal> path) {
    TrieNode *node = root;
    for (Literal lit : path) {
      uint64_t key = uint64_t(lit.variable) * 2 + lit.polarity;
      auto [it, inserted] = node->childByKey.try_emplace(key, nullptr);
      if (inserted) {
        it->second = create(node, lit);
        it->second->ordinal = node->children.size();
        node->children.push_back(it->second);
      }
      node = it->second;
    }
    return node;
  }

  void push(TrieNode *node, Node *ready) {
    node->ready.push_back(ready);
    for (TrieNode *n = node; n; n = n->parent)
      if (++n->subtreeReady == 1 && n->parent)
        n->parent->activeChildren.insert(n->ordinal);
  }

  /// Pops a ready node, searching from `current`: its own, then nested
  /// regions, then the other branch of the same predicate, then outwards.
  std::pair<TrieNode *, Node *> pop(TrieNode *current) {
    TrieNode *node = current;
    while (true) {
      if (!node->ready.empty())
        break;
      if (node->subtreeReady) {
        node = node->children[*node->activeChildren.begin()];
        continue;
      }
      TrieNode *parent = node->parent;
      if (!parent)
        return {nullptr, nullptr};
      uint64_t siblingKey =
          uint64_t(node->literal.variable) * 2 + !node->literal.polarity;
      auto sibling = parent->childByKey.find(siblingKey);
      if (sibling != parent->childByKey.end() && sibling->second->subtreeReady)
        node = sibling->second;
      else
        node = parent;
    }
    Node *ready = node->ready.front();
    node->ready.pop_front();
    for (TrieNode *n = node; n; n = n->parent)
      if (--n->subtreeReady == 0 && n->parent)
        n->parent->activeChildren.erase(n->ordinal);
    return {node, ready};
  }

private:
  TrieNode *create(TrieNode *parent, Literal lit) {
    storage.push_back(std::make_unique<TrieNode>());
    storage.back()->parent = parent;
    storage.back()->literal = lit;
    return storage.back().get();
  }
  TrieNode *root;
  SmallVector<std::unique_ptr<TrieNode>> storage;
};

class SliceEmitter {
public:
  SliceEmitter(OpBuilder &builder, Location loc, const SliceSpec &spec)
      : builder(builder), loc(loc), spec(spec) {
    inSlice.insert(spec.nodes.begin(), spec.nodes.end());
  }

  FailureOr<SmallVector<Value>> run(ArrayRef<SliceTarget> targets);

private:
  // Analysis.
  Node *getNode(Operation *op) { return nodes.lookup(op); }
  Node *getDefiningNode(Value value);
  LogicalResult collect(ArrayRef<SliceTarget> targets);
  LogicalResult computeGuards();
  Guard guardOf(Value value);
  Guard conjoinGuards(ArrayRef<Value> values, Guard guard);
  Guard predicateGuard(Value predicate, int caseIndex);
  Value canonicalPredicate(Value predicate, std::optional<bool> &known,
                           DenseElementsAttr &constant);
  std::string describeFalsifying(Guard guard);

  // Layout.
  void chooseEmitted(ArrayRef<SliceTarget> targets);
  void addVariableDeps(Node *node, Guard guard);
  /// Fails when the layout would take more lite.if instances than
  /// kInstancesPerNode per emitted node (at least kMinInstanceBudget).
  mlir::LogicalResult schedule();
  void place(Node *node);
  void addUse(Value value, RegionNode *region);
  void addVariableUses(Guard guard, RegionNode *region);

  // Materialisation.
  Value lookup(Value value);
  Value getVariableValue(unsigned variable);
  Value evaluateGuard(Guard guard);
  void materializeRegion(RegionNode &region);
  void materializeNode(Node &node);
  void materializeInstance(Instance &instance);
  void materializeMerge(Node &node, MergeOp merge);
  std::pair<Value, Value>
  select(SmallVector<std::tuple<Guard, Value, int>> candidates, Type type,
         bool needIndex);
  bool isDefinedWithin(Value value, RegionNode *region);

  OpBuilder &builder;
  Location loc;
  const SliceSpec &spec;
  llvm::DenseSet<Operation *> inSlice;

  GuardManager guards;
  SmallVector<Variable> variables;
  DenseMap<std::pair<Value, int>, unsigned> variableIds;
  unsigned outsideLevels = 0;

  std::deque<Node> nodeStorage;
  DenseMap<Operation *, Node *> nodes;
  /// The collected nodes in topological order.
  SmallVector<Node *> order;
  SmallVector<Node *> emitted;

  RegionNode top;
  std::deque<Instance> instances;
  SmallVector<std::pair<Instance *, bool>> cursor;

  DenseMap<Value, Value> mapped;
  /// hasSideEffects of each node asked about (collect and chooseEmitted ask
  /// for the same ones).
  DenseMap<Operation *, bool> sideEffects;
  bool hasEffects(Operation *node) {
    auto [it, inserted] = sideEffects.try_emplace(node, false);
    if (inserted)
      it->second = hasSideEffects(node);
    return it->second;
  }
};

} // namespace

//===----------------------------------------------------------------------===//
// Analysis
//===----------------------------------------------------------------------===//

Node *SliceEmitter::getDefiningNode(Value value) {
  Operation *def = value.getDefiningOp();
  if (!def || spec.boundary.count(value) || spec.boundaryNodes.count(def))
    return nullptr;
  return nodes.lookup(def);
}

LogicalResult SliceEmitter::collect(ArrayRef<SliceTarget> targets) {
  // Nodes the targets reach through any edge.
  SmallVector<Operation *> worklist;
  auto visit = [&](Value value) {
    Operation *def = value.getDefiningOp();
    if (!def || !inSlice.count(def) || spec.boundary.count(value) ||
        spec.boundaryNodes.count(def) || nodes.count(def))
      return;
    nodeStorage.emplace_back();
    nodeStorage.back().op = def;
    nodes[def] = &nodeStorage.back();
    worklist.push_back(def);
  };
  for (const SliceTarget &target : targets)
    visit(target.value);
  if (spec.emitEffects)
    for (Operation *op : spec.nodes)
      if (hasEffects(op) && op->getNumResults())
        visit(op->getResults().back());
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    Node *node = nodes[op];
    if (auto island = dyn_cast<IslandOp>(op)) {
      llvm::SetVector<Value> captures;
      getUsedValuesDefinedAbove(island.getBody(), captures);
      node->inputs.assign(captures.begin(), captures.end());
      node->controls.assign(island.getControls().begin(),
                            island.getControls().end());
    } else {
      for (Value operand : op->getOperands())
        (isa<ControlType>(operand.getType()) ? node->controls : node->inputs)
            .push_back(operand);
    }
    for (Value input : node->inputs)
      visit(input);
    for (Value control : node->controls)
      visit(control);
  }

  // Kahn's algorithm over the collected nodes, in graph order among ready
  // nodes.
  DenseMap<Node *, unsigned> pending;
  DenseMap<Node *, SmallVector<Node *>> users;
  for (Node &node : nodeStorage) {
    llvm::SmallPtrSet<Node *, 8> deps;
    for (Value input : llvm::concat<Value>(node.inputs, node.controls))
      if (Node *dep = getDefiningNode(input))
        if (deps.insert(dep).second)
          users[dep].push_back(&node);
    pending[&node] = deps.size();
  }
  std::deque<Node *> ready;
  for (Node &node : nodeStorage)
    if (!pending[&node])
      ready.push_back(&node);
  while (!ready.empty()) {
    Node *node = ready.front();
    ready.pop_front();
    node->topoIndex = order.size();
    order.push_back(node);
    for (Node *user : users[node])
      if (--pending[user] == 0)
        ready.push_back(user);
  }
  if (order.size() == nodeStorage.size())
    return success();
  // Report the first node of the cycle in graph order.
  for (Operation *op : spec.nodes) {
    Node *node = nodes.lookup(op);
    if (!node || !pending[node])
      continue;
    op->emitError("is on a cycle that does not pass through "
                  "executor.next_iteration: it cannot be lifted");
    return failure();
  }
  return failure();
}

Value SliceEmitter::canonicalPredicate(Value predicate,
                                       std::optional<bool> &known,
                                       DenseElementsAttr &constant) {
  Value value = predicate;
  while (true) {
    if (auto it = spec.knownPredicates.find(value);
        it != spec.knownPredicates.end()) {
      known = it->second;
      return value;
    }
    if (spec.boundary.count(value))
      return value;
    Operation *def = value.getDefiningOp();
    if (!def || !inSlice.count(def))
      return value;
    if (auto loopCond = dyn_cast<LoopCondOp>(def)) {
      value = loopCond.getInput();
      continue;
    }
    auto island = dyn_cast<IslandOp>(def);
    if (!island)
      return value;
    Block &body = island.getBody().front();
    Value yielded =
        island.getYield().getOperand(cast<OpResult>(value).getResultNumber());
    if (yielded.getParentRegion() != &island.getBody()) {
      if (body.getOperations().size() != 1)
        return value;
      value = yielded;
      continue;
    }
    // A constant predicate or index.
    DenseElementsAttr attr;
    if (matchPattern(yielded, m_Constant(&attr)) && attr.isSplat())
      constant = attr;
    return value;
  }
}

Guard SliceEmitter::predicateGuard(Value predicate, int caseIndex) {
  std::optional<bool> known;
  DenseElementsAttr constant;
  Value source = canonicalPredicate(predicate, known, constant);
  if (constant && caseIndex < 0 && constant.getElementType().isInteger(1))
    known = constant.getSplatValue<bool>();
  if (constant && caseIndex >= 0 && constant.getElementType().isInteger(32))
    known = constant.getSplatValue<APInt>().getSExtValue() == caseIndex;
  if (known)
    return *known ? GuardManager::True : GuardManager::False;
  auto [it, inserted] =
      variableIds.try_emplace(std::make_pair(source, caseIndex), 0);
  if (inserted) {
    uint64_t level;
    if (Node *def = getDefiningNode(source))
      level = (uint64_t(def->topoIndex + 1) << 20) | uint64_t(caseIndex + 1);
    else
      level = outsideLevels++;
    it->second = guards.createVariable(level);
    variables.push_back({source, caseIndex});
  }
  return guards.literal(it->second, true);
}

Guard SliceEmitter::guardOf(Value value) {
  Node *def = getDefiningNode(value);
  if (!def)
    return GuardManager::True;
  return def->resultGuards[cast<OpResult>(value).getResultNumber()];
}

Guard SliceEmitter::conjoinGuards(ArrayRef<Value> values, Guard guard) {
  for (Value value : values)
    guard = guards.conjoin(guard, guardOf(value));
  return guard;
}

LogicalResult SliceEmitter::computeGuards() {
  for (Node *node : order) {
    Operation *op = node->op;
    unsigned numResults = op->getNumResults();
    Guard base = conjoinGuards(node->controls,
                               conjoinGuards(node->inputs, GuardManager::True));
    node->base = base;
    node->resultGuards.assign(numResults, base);
    if (isa<IslandOp, LoopCondOp>(op))
      continue;
    if (isa<ControlTriggerOp>(op)) {
      node->resultGuards.assign(numResults, GuardManager::True);
      continue;
    }
    if (auto switchOp = dyn_cast<SwitchOp>(op)) {
      Guard taken = predicateGuard(switchOp.getPredicate(), -1);
      node->resultGuards[0] =
          guards.conjoin(base, guards.negate(taken)); // false_output
      node->resultGuards[1] = guards.conjoin(base, taken);
      // Deeper nests would make guards (and the lift's work) grow without
      // bound; the lifted regions could not nest this deep anyway.
      if (guards.getSupport(node->resultGuards[1]).size() > kDefaultMaxNesting)
        return switchOp.emitError("cannot be lifted: it sits in more than ")
               << kDefaultMaxNesting << " nested conds";
      continue;
    }
    if (auto switchN = dyn_cast<SwitchNOp>(op)) {
      // Output k is live when the index is k and no earlier case matched;
      // the last output also takes every out-of-range index.
      Guard notEarlier = base;
      unsigned numOutputs = switchN.getOutputs().size();
      for (unsigned k = 0; k < numOutputs; ++k) {
        if (k + 1 == numOutputs) {
          node->resultGuards[k] = notEarlier;
          break;
        }
        Guard isK = predicateGuard(switchN.getIndex(), k);
        node->resultGuards[k] = guards.conjoin(notEarlier, isK);
        notEarlier = guards.conjoin(notEarlier, guards.negate(isK));
      }
      continue;
    }
    if (auto merge = dyn_cast<MergeOp>(op)) {
      // A merge's control inputs only order it; it is live when an input is.
      Guard any = GuardManager::False;
      for (auto [index, input] : llvm::enumerate(merge.getData())) {
        Guard guard = guardOf(input);
        if (guards.conjoin(any, guard) != GuardManager::False) {
          merge.emitError("cannot be lifted: its input #")
              << index << " can be live together with an earlier input"
              << describeFalsifying(guards.negate(guards.conjoin(any, guard)))
              << "; TensorFlow would forward whichever arrives first";
          return failure();
        }
        any = guards.disjoin(any, guard);
      }
      node->resultGuards.assign(numResults, any);
      continue;
    }
    op->emitError("cannot be lifted: '")
        << op->getName() << "' does not belong in this frame's iteration";
    return failure();
  }
  return success();
}

/// Describes an assignment of the predicates under which `guard` is false.
std::string SliceEmitter::describeFalsifying(Guard guard) {
  if (guard == GuardManager::False)
    return " (always)";
  if (guard == GuardManager::True)
    return "";
  std::string text = " (when";
  bool first = true;
  // In a reduced diagram every non-constant node can still reach FALSE:
  // follow the low edge unless it is TRUE.
  for (Guard g = guard; !guards.isConstant(g);) {
    bool value = guards.getLow(g) == GuardManager::True;
    const Variable &var = variables[guards.getVariable(g)];
    std::string name;
    if (Operation *def = var.source.getDefiningOp())
      name = "the predicate of " + describeNode(def);
    else
      name = "predicate argument #" +
             std::to_string(cast<BlockArgument>(var.source).getArgNumber());
    text += first ? " " : " and ";
    first = false;
    if (var.caseIndex >= 0)
      text += "the index of " + name + (value ? " is " : " is not ") +
              std::to_string(var.caseIndex);
    else
      text += name + (value ? " is true" : " is false");
    g = value ? guards.getHigh(g) : guards.getLow(g);
  }
  return text + ")";
}

//===----------------------------------------------------------------------===//
// Layout
//===----------------------------------------------------------------------===//

void SliceEmitter::addVariableDeps(Node *node, Guard guard) {
  for (unsigned variable : guards.getSupport(guard))
    if (Node *def = getDefiningNode(variables[variable].source))
      node->emitDeps.push_back(def);
}

void SliceEmitter::chooseEmitted(ArrayRef<SliceTarget> targets) {
  SmallVector<Node *> worklist;
  auto require = [&](Value value) {
    if (Node *node = getDefiningNode(value))
      worklist.push_back(node);
  };
  for (const SliceTarget &target : targets)
    require(target.value);
  // Effects happen even when no value of theirs is needed, and in order.
  bool ordered = false;
  for (Node *node : order)
    if (hasEffects(node->op)) {
      ordered = true;
      worklist.push_back(node);
    }
  while (!worklist.empty()) {
    Node *node = worklist.pop_back_val();
    if (node->emitted)
      continue;
    Operation *op = node->op;
    auto merge = dyn_cast<MergeOp>(op);
    node->placement = merge ? node->resultGuards.front() : node->base;
    if (node->placement == GuardManager::False)
      continue; // never runs; its users never run either
    node->emitted = true;
    emitted.push_back(node);
    node->path = guards.getImpliedLiterals(node->placement);
    // Merges and nodes that only forward values compute nothing, so they
    // may run under the cube around their guard; an island with ops tests
    // the rest of its guard itself.
    auto island = dyn_cast<IslandOp>(op);
    if (island && island.getBody().front().getOperations().size() > 1)
      node->residual = guards.restrict(node->placement, node->path);
    addVariableDeps(node, node->placement);
    if (merge) {
      for (Value input : merge.getData()) {
        Guard guard = guardOf(input);
        if (guard == GuardManager::False)
          continue;
        if (Node *def = getDefiningNode(input))
          node->emitDeps.push_back(def);
        addVariableDeps(node, guard);
      }
    } else if (isa<SwitchOp, SwitchNOp>(op)) {
      if (Node *def = getDefiningNode(op->getOperand(0)))
        node->emitDeps.push_back(def);
    } else {
      for (Value input : node->inputs)
        if (Node *def = getDefiningNode(input))
          node->emitDeps.push_back(def);
    }
    if (ordered)
      for (Value control : node->controls)
        if (Node *def = getDefiningNode(control))
          node->emitDeps.push_back(def);
    // By topological index, not address, so that the order the nodes are
    // reached in (and so the schedule) depends only on the graph.
    llvm::sort(node->emitDeps,
               [](Node *a, Node *b) { return a->topoIndex < b->topoIndex; });
    node->emitDeps.erase(
        std::unique(node->emitDeps.begin(), node->emitDeps.end()),
        node->emitDeps.end());
    for (Node *dep : node->emitDeps)
      worklist.push_back(dep);
  }
}

void SliceEmitter::addUse(Value value, RegionNode *use) {
  Node *def = getDefiningNode(value);
  if (!def || !def->region)
    return;
  RegionNode *a = def->region, *b = use;
  while (a->depth > b->depth) {
    a->owner->exports.insert(value);
    a = a->owner->parent;
  }
  while (b->depth > a->depth)
    b = b->owner->parent;
  while (a != b) {
    a->owner->exports.insert(value);
    a = a->owner->parent;
    b = b->owner->parent;
  }
}

void SliceEmitter::addVariableUses(Guard guard, RegionNode *region) {
  for (unsigned variable : guards.getSupport(guard))
    addUse(variables[variable].source, region);
}

/// Moves the cursor to the node's path, opening lite.ifs as needed, and
/// appends the node to the region reached.
void SliceEmitter::place(Node *node) {
  ArrayRef<Literal> path = node->path;
  unsigned common = 0;
  while (common < cursor.size() && common < path.size() &&
         cursor[common].first->variable == path[common].variable &&
         cursor[common].second == path[common].polarity)
    ++common;
  cursor.resize(common);
  auto current = [&]() -> RegionNode * {
    if (cursor.empty())
      return &top;
    auto [instance, branch] = cursor.back();
    return branch ? &instance->thenRegion : &instance->elseRegion;
  };
  for (Literal lit : path.drop_front(common)) {
    RegionNode *region = current();
    Instance *instance = nullptr;
    if (!region->entries.empty() && region->entries.back().instance &&
        region->entries.back().instance->variable == lit.variable) {
      instance = region->entries.back().instance;
    } else {
      instances.emplace_back();
      instance = &instances.back();
      instance->variable = lit.variable;
      instance->parent = region;
      for (RegionNode *branch :
           {&instance->thenRegion, &instance->elseRegion}) {
        branch->owner = instance;
        branch->depth = region->depth + 1;
      }
      region->entries.push_back({nullptr, instance});
      addUse(variables[lit.variable].source, region);
    }
    cursor.push_back({instance, lit.polarity});
  }
  RegionNode *region = current();
  region->entries.push_back({node, nullptr});
  node->region = region;

  // The values the node reads where it is placed.
  Operation *op = node->op;
  if (auto merge = dyn_cast<MergeOp>(op)) {
    for (Value input : merge.getData()) {
      Guard guard = guardOf(input);
      if (guard == GuardManager::False)
        continue;
      addUse(input, region);
      addVariableUses(guards.restrict(guard, node->path), region);
    }
  } else if (isa<SwitchOp, SwitchNOp>(op)) {
    addUse(op->getOperand(0), region);
  } else {
    for (Value input : node->inputs)
      addUse(input, region);
    addVariableUses(node->residual, region);
  }
}

/// The lite.if instances a slice may lay out: kInstancesPerNode per emitted
/// node, at least kMinInstanceBudget. Real conds need at most about one per
/// node; conds nested N deep whose predicates are computed outside them all
/// need some N^2 / 2, and lifting them and cleaning up after is cubic, so a
/// hostile graph would run for hours (a nest 300 deep already takes 70 s).
static constexpr size_t kInstancesPerNode = 16;
static constexpr size_t kMinInstanceBudget = size_t(1) << 14;

LogicalResult SliceEmitter::schedule() {
  size_t budget =
      std::max(kMinInstanceBudget, kInstancesPerNode * emitted.size());
  for (Node *node : emitted)
    for (Node *dep : node->emitDeps)
      dep->emitUsers.push_back(node);
  ReadyTrie trie;
  // Ready nodes in topological order, so that ties follow the graph.
  llvm::sort(emitted,
             [](Node *a, Node *b) { return a->topoIndex < b->topoIndex; });
  for (Node *node : emitted) {
    node->pendingDeps = node->emitDeps.size();
    if (!node->pendingDeps)
      trie.push(trie.lookup(node->path), node);
  }
  ReadyTrie::TrieNode *current = trie.getRoot();
  while (true) {
    auto [where, node] = trie.pop(current);
    if (!node)
      break;
    current = where;
    place(node);
    if (instances.size() > budget)
      return node->op->emitError("cannot be lifted: the conds around it "
                                 "would take more than ")
             << budget << " lite.if instances for " << emitted.size()
             << " nodes (it sits in " << node->path.size() << " nested conds)";
    for (Node *user : node->emitUsers)
      if (--user->pendingDeps == 0)
        trie.push(trie.lookup(user->path), user);
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Materialisation
//===----------------------------------------------------------------------===//

Value SliceEmitter::lookup(Value value) {
  if (auto it = spec.boundary.find(value); it != spec.boundary.end())
    return it->second;
  if (auto it = mapped.find(value); it != mapped.end())
    return it->second;
  assert(!getDefiningNode(value) && "a slice value used before emission");
  return value;
}

Value SliceEmitter::getVariableValue(unsigned variable) {
  const Variable &var = variables[variable];
  Value source = lookup(var.source);
  if (var.caseIndex < 0)
    return castToPredicate(builder, loc, source);
  auto indexType = cast<TensorType>(source.getType());
  Value caseValue = lite::ConstantOp::create(
      builder, loc,
      DenseElementsAttr::get(RankedTensorType::get({}, builder.getI32Type()),
                             ArrayRef<int32_t>{var.caseIndex}));
  Type resultType = indexType.hasRank()
                        ? Type(RankedTensorType::get(indexType.getShape(),
                                                     builder.getI1Type()))
                        : Type(UnrankedTensorType::get(builder.getI1Type()));
  Value equal =
      lite::EqualOp::create(builder, loc, resultType, source, caseValue);
  return castToPredicate(builder, loc, equal);
}

Value SliceEmitter::evaluateGuard(Guard guard) {
  auto scalar = RankedTensorType::get({}, builder.getI1Type());
  if (guards.isConstant(guard))
    return lite::ConstantOp::create(
        builder, loc,
        DenseElementsAttr::get(scalar, guard == GuardManager::True));
  auto ifOp = lite::IfOp::create(builder, loc, TypeRange{scalar},
                                 getVariableValue(guards.getVariable(guard)));
  OpBuilder::InsertionGuard insertion(builder);
  for (auto [region, branch] :
       {std::make_pair(&ifOp.getThenRegion(), guards.getHigh(guard)),
        std::make_pair(&ifOp.getElseRegion(), guards.getLow(guard))}) {
    builder.setInsertionPointToStart(&region->emplaceBlock());
    lite::YieldOp::create(builder, loc, ValueRange{evaluateGuard(branch)});
  }
  return ifOp.getResult(0);
}

bool SliceEmitter::isDefinedWithin(Value value, RegionNode *region) {
  Node *def = getDefiningNode(value);
  if (!def || !def->region)
    return false;
  RegionNode *at = def->region;
  while (at->depth > region->depth)
    at = at->owner->parent;
  return at == region;
}

void SliceEmitter::materializeRegion(RegionNode &region) {
  for (RegionNode::Entry &entry : region.entries) {
    if (entry.node)
      materializeNode(*entry.node);
    else
      materializeInstance(*entry.instance);
  }
}

void SliceEmitter::materializeInstance(Instance &instance) {
  SmallVector<Type> types;
  for (Value value : instance.exports)
    types.push_back(value.getType());
  auto ifOp = lite::IfOp::create(builder, loc, types,
                                 getVariableValue(instance.variable));
  {
    OpBuilder::InsertionGuard insertion(builder);
    for (auto [region, info] :
         {std::make_pair(&ifOp.getThenRegion(), &instance.thenRegion),
          std::make_pair(&ifOp.getElseRegion(), &instance.elseRegion)}) {
      builder.setInsertionPointToStart(&region->emplaceBlock());
      materializeRegion(*info);
      SmallVector<Value> yields;
      for (Value value : instance.exports)
        yields.push_back(
            isDefinedWithin(value, info)
                ? lookup(value)
                : createPlaceholder(builder, loc, value.getType()));
      lite::YieldOp::create(builder, loc, yields);
    }
  }
  for (auto [value, result] : llvm::zip(instance.exports, ifOp.getResults()))
    mapped[value] = result;
}

std::pair<Value, Value>
SliceEmitter::select(SmallVector<std::tuple<Guard, Value, int>> candidates,
                     Type type, bool needIndex) {
  auto indexType = RankedTensorType::get({}, builder.getI32Type());
  auto makeIndex = [&](int index) -> Value {
    if (!needIndex)
      return nullptr;
    return lite::ConstantOp::create(
        builder, loc,
        DenseElementsAttr::get(indexType, ArrayRef<int32_t>{index}));
  };
  llvm::erase_if(candidates, [](auto &candidate) {
    return std::get<0>(candidate) == GuardManager::False;
  });
  if (candidates.empty())
    return {createPlaceholder(builder, loc, type), makeIndex(-1)};
  for (auto &[guard, value, index] : candidates)
    if (guard == GuardManager::True)
      return {lookup(value), makeIndex(index)};
  // Split on the first predicate any candidate tests.
  unsigned variable = 0;
  uint64_t best = ~uint64_t(0);
  for (auto &candidate : candidates) {
    unsigned top = guards.getVariable(std::get<0>(candidate));
    if (guards.getLevel(top) < best) {
      best = guards.getLevel(top);
      variable = top;
    }
  }
  SmallVector<Type> types = {type};
  if (needIndex)
    types.push_back(indexType);
  auto ifOp =
      lite::IfOp::create(builder, loc, types, getVariableValue(variable));
  OpBuilder::InsertionGuard insertion(builder);
  for (auto [region, value] : {std::make_pair(&ifOp.getThenRegion(), true),
                               std::make_pair(&ifOp.getElseRegion(), false)}) {
    builder.setInsertionPointToStart(&region->emplaceBlock());
    SmallVector<std::tuple<Guard, Value, int>> restricted;
    for (auto &[guard, input, index] : candidates)
      restricted.push_back(
          {guards.restrict(guard, variable, value), input, index});
    auto [selected, selectedIndex] = select(restricted, type, needIndex);
    SmallVector<Value> yields = {selected};
    if (needIndex)
      yields.push_back(selectedIndex);
    lite::YieldOp::create(builder, loc, yields);
  }
  return {ifOp.getResult(0), needIndex ? ifOp.getResult(1) : Value()};
}

void SliceEmitter::materializeMerge(Node &node, MergeOp merge) {
  SmallVector<std::tuple<Guard, Value, int>> candidates;
  for (auto [index, input] : llvm::enumerate(merge.getData()))
    candidates.push_back(
        {guards.restrict(guardOf(input), node.path), input, int(index)});
  bool needIndex = !merge.getValueIndex().use_empty();
  Type type = merge.getOutput().getType();
  auto [output, index] = select(candidates, type, needIndex);
  // A single always-live input may be more precise than the merge: the
  // same value seen with the merge's type.
  mapped[merge.getOutput()] =
      output.getType() == type
          ? output
          : lite::createReshapeCopy(builder, loc, output, type);
  if (needIndex)
    mapped[merge.getValueIndex()] = index;
}

void SliceEmitter::materializeNode(Node &node) {
  Operation *op = node.op;
  if (auto merge = dyn_cast<MergeOp>(op))
    return materializeMerge(node, merge);
  if (auto switchOp = dyn_cast<SwitchOp>(op)) {
    Value data = lookup(switchOp.getData());
    mapped[switchOp.getFalseOutput()] = data;
    mapped[switchOp.getTrueOutput()] = data;
    return;
  }
  if (auto switchN = dyn_cast<SwitchNOp>(op)) {
    Value data = lookup(switchN.getData());
    for (Value output : switchN.getOutputs())
      mapped[output] = data;
    return;
  }
  if (auto loopCond = dyn_cast<LoopCondOp>(op)) {
    mapped[loopCond.getOutput()] = lookup(loopCond.getInput());
    return;
  }
  auto island = cast<IslandOp>(op);
  IRMapping mapping;
  for (Value input : node.inputs)
    mapping.map(input, lookup(input));
  auto emitBody = [&]() {
    for (Operation &inner : island.getBody().front().without_terminator())
      builder.clone(inner, mapping);
    SmallVector<Value> results;
    for (Value yielded : island.getYield().getOperands())
      results.push_back(mapping.lookupOrDefault(yielded));
    return results;
  };
  SmallVector<Value> results;
  if (node.residual == GuardManager::True) {
    results = emitBody();
  } else {
    auto ifOp = lite::IfOp::create(builder, loc, island.getOutputs().getTypes(),
                                   evaluateGuard(node.residual));
    OpBuilder::InsertionGuard insertion(builder);
    builder.setInsertionPointToStart(&ifOp.getThenRegion().emplaceBlock());
    lite::YieldOp::create(builder, loc, emitBody());
    builder.setInsertionPointToStart(&ifOp.getElseRegion().emplaceBlock());
    SmallVector<Value> placeholders;
    for (Type type : island.getOutputs().getTypes())
      placeholders.push_back(createPlaceholder(builder, loc, type));
    lite::YieldOp::create(builder, loc, placeholders);
    results.assign(ifOp.getResults().begin(), ifOp.getResults().end());
  }
  for (auto [output, result] : llvm::zip(island.getOutputs(), results))
    mapped[output] = result;
}

FailureOr<SmallVector<Value>> SliceEmitter::run(ArrayRef<SliceTarget> targets) {
  if (failed(collect(targets)) || failed(computeGuards()))
    return failure();
  for (const SliceTarget &target : targets) {
    Guard guard = guardOf(target.value);
    if (guard == GuardManager::True)
      continue;
    Operation *producer = target.value.getDefiningOp();
    if (isa<FetchOp>(target.consumer) && producer) {
      producer->emitError("cannot be lifted: it is fetched but is dead on "
                          "some paths")
          << describeFalsifying(guard);
      return failure();
    }
    target.consumer->emitError("cannot be lifted: it needs a value that is "
                               "dead on some paths")
        << describeFalsifying(guard);
    return failure();
  }
  chooseEmitted(targets);
  if (failed(schedule()))
    return failure();
  for (const SliceTarget &target : targets)
    addUse(target.value, &top);
  materializeRegion(top);
  SmallVector<Value> results;
  for (const SliceTarget &target : targets)
    results.push_back(lookup(target.value));
  return results;
}

FailureOr<SmallVector<Value>>
sluice::executor::emitSlice(OpBuilder &builder, Location loc,
                            const SliceSpec &spec,
                            ArrayRef<SliceTarget> targets) {
  SliceEmitter emitter(builder, loc, spec);
  return emitter.run(targets);
}
