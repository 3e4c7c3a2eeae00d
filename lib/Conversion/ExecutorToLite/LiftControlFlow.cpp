//===- LiftControlFlow.cpp - v1 control flow to lite.if / lite.while ------===//
//
// Lifts each executor.graph frame by frame, innermost loop first. A loop
//
//        enter(init) --> merge <-- next_iteration <-- body(switch.true)
//                          |                              ^
//                          +--> cond --> loop_cond --> switch --> exit
//
// becomes one island of its parent frame holding
//
//   %r = lite.while (%m = %init) cond { <cond slice>; lite.yield %p }
//                               body { <body slice, pivot true>; lite.yield }
//   <exit slice over %r, pivot false>
//
// where each slice is the frame's iteration emitted by `emitSlice` with the
// merges as boundaries (so switches, merges and nested loops, already
// islands, inside the body become lite.ifs). Finally the root frame is
// emitted the same way in place of the graph. This is a whole-graph
// transformation driven by the frame analysis rather than a set of local
// patterns: which nodes form a loop is a property of the frame, not of any
// one node.
//
//===----------------------------------------------------------------------===//

#include "SliceEmitter.h"

#include "sluice/Conversion/ExecutorToLite/Passes.h"
#include "sluice/Dialect/Executor/Analysis/FrameAnalysis.h"
#include "sluice/Dialect/Executor/IR/ExecutorOps.h"
#include "sluice/Dialect/Lite/IR/LiteDialect.h"
#include "sluice/Dialect/Lite/IR/LiteOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/SetVector.h"

namespace sluice::executor {
#define GEN_PASS_DEF_EXECUTORLIFTCONTROLFLOWPASS
#include "sluice/Conversion/ExecutorToLite/Passes.h.inc"
} // namespace sluice::executor

using namespace mlir;
using namespace sluice;
using namespace sluice::executor;

namespace {

/// Lifts one graph; frames are identified by their index in the analysis.
class GraphLifter {
public:
  explicit GraphLifter(GraphOp graph) : graph(graph), frames(graph) {}

  LogicalResult run();

private:
  LogicalResult liftFrame(const FrameAnalysis::Frame &frame);
  LogicalResult liftRoot();
  /// The frame's nodes that are still in the graph.
  SmallVector<Operation *> liveNodes(unsigned frameId);
  /// Takes lifted nodes out of every frame; `eraseDeadNodes` frees them.
  void eraseNodes(ArrayRef<Operation *> ops);
  void eraseDeadNodes();

  GraphOp graph;
  FrameAnalysis frames;
  /// The nodes of each frame, updated as loops become islands.
  SmallVector<SmallVector<Operation *>> frameNodes;
  llvm::DenseSet<Operation *> erased;
  SmallVector<Operation *> dead;
};

} // namespace

SmallVector<Operation *> GraphLifter::liveNodes(unsigned frameId) {
  SmallVector<Operation *> live;
  for (Operation *op : frameNodes[frameId])
    if (!erased.count(op))
      live.push_back(op);
  frameNodes[frameId] = live;
  return live;
}

void GraphLifter::eraseNodes(ArrayRef<Operation *> ops) {
  // Kept in the graph, unreachable, until the graph is done: freeing them
  // now would let a new island reuse an address still in a frame's list.
  for (Operation *op : ops)
    if (erased.insert(op).second)
      dead.push_back(op);
}

void GraphLifter::eraseDeadNodes() {
  for (Operation *op : dead)
    op->dropAllReferences();
  for (Operation *op : dead) {
    op->dropAllUses();
    op->erase();
  }
  dead.clear();
}

LogicalResult GraphLifter::run() {
  if (!frames.isValid())
    return failure();
  for (const auto &frame : frames.getFrames())
    frameNodes.emplace_back(frame->nodes.begin(), frame->nodes.end());
  // A frame comes after its parent: children first in reverse.
  for (const auto &frame : llvm::reverse(frames.getFrames())) {
    if (!frame->isRoot() && failed(liftFrame(*frame))) {
      eraseDeadNodes();
      return failure();
    }
  }
  LogicalResult result = liftRoot();
  if (failed(result))
    eraseDeadNodes();
  return result;
}

/// Checks that the loop's merges, enters and next_iterations have the shape
/// the seed's while_loop gives them, and pairs each merge with its enter and
/// next_iteration.
static LogicalResult
matchLoopVariables(const FrameAnalysis::Frame &frame,
                   SmallVectorImpl<std::pair<EnterOp, NextIterationOp>> &vars) {
  llvm::DenseSet<Operation *> loopMerges;
  for (MergeOp merge : frame.merges)
    loopMerges.insert(merge);
  for (MergeOp merge : frame.merges) {
    EnterOp enter;
    NextIterationOp next;
    for (Value input : merge.getData()) {
      if (auto e = input.getDefiningOp<EnterOp>(); e && !enter)
        enter = e;
      else if (auto n = input.getDefiningOp<NextIterationOp>(); n && !next)
        next = n;
      else
        enter = nullptr, next = nullptr;
    }
    if (merge.getData().size() != 2 || !enter || !next ||
        enter.getIsConstant() || enter.getFrameName() != frame.name)
      return merge.emitError("cannot be lifted: a loop merge must join one "
                             "executor.enter of frame '")
             << frame.name << "' and one executor.next_iteration";
    if (!merge.getValueIndex().use_empty())
      return merge.emitError("cannot be lifted: the value_index of a loop "
                             "merge is used");
    vars.push_back({enter, next});
  }
  for (EnterOp enter : frame.enters)
    for (Operation *user : enter.getOutput().getUsers())
      if (!loopMerges.count(user))
        return enter->getBlock()->findAncestorOpInBlock(*user)->emitError(
                   "cannot be lifted: it uses executor.enter ")
               << "of frame '" << frame.name
               << "' directly, not through the loop's merge";
  for (NextIterationOp next : frame.nextIterations)
    if (!next.getOutput().hasOneUse() ||
        !loopMerges.count(*next.getOutput().getUsers().begin()))
      return next.emitError("cannot be lifted: an executor.next_iteration "
                            "must feed exactly one loop merge");
  return success();
}

LogicalResult GraphLifter::liftFrame(const FrameAnalysis::Frame &frame) {
  SmallVector<std::pair<EnterOp, NextIterationOp>> vars;
  LoopCondOp loopCond = frame.loopCond;
  SmallVector<MergeOp> merges(frame.merges);
  SmallVector<ExitOp> exits(frame.exits);
  bool isLoop = loopCond || !merges.empty();
  if (isLoop && !loopCond)
    return merges.front().emitError("cannot be lifted: frame '")
           << frame.name << "' has no executor.loop_cond";
  if (failed(matchLoopVariables(frame, vars)))
    return failure();

  SmallVector<Operation *> nodes = liveNodes(frame.id);
  SmallVector<EnterOp> allEnters(frame.enters);
  allEnters.append(frame.invariantEnters.begin(), frame.invariantEnters.end());
  Operation *anchor = !exits.empty() ? exits.front().getOperation()
                                     : allEnters.front().getOperation();
  Location loc = loopCond ? loopCond.getLoc() : anchor->getLoc();

  // The island replacing the frame: gated by the enters' control inputs,
  // one result per exit.
  llvm::SetVector<Value> controls;
  for (EnterOp enter : allEnters)
    controls.insert(enter.getControls().begin(), enter.getControls().end());
  SmallVector<Type> exitTypes;
  for (ExitOp exit : exits)
    exitTypes.push_back(exit.getOutput().getType());
  OpBuilder builder(anchor);
  auto island = IslandOp::create(builder, loc, exitTypes,
                                 ControlType::get(builder.getContext()),
                                 controls.getArrayRef());
  builder.setInsertionPointToStart(&island.getBody().emplaceBlock());

  SliceSpec spec;
  spec.nodes = nodes;
  for (EnterOp enter : frame.invariantEnters)
    spec.boundary[enter.getOutput()] = enter.getData();

  auto fail = [&]() {
    island.erase();
    return failure();
  };

  if (!isLoop) {
    // Entered once and left: the frame's nodes run once.
    for (EnterOp enter : frame.enters)
      spec.boundary[enter.getOutput()] = enter.getData();
    spec.emitEffects = true;
  } else {
    SmallVector<Type> carriedTypes;
    SmallVector<Value> inits;
    for (auto [merge, var] : llvm::zip(merges, vars)) {
      carriedTypes.push_back(merge.getOutput().getType());
      inits.push_back(var.first.getData());
      spec.boundaryNodes.insert(merge);
    }
    auto whileOp = lite::WhileOp::create(builder, loc, carriedTypes, inits);
    SmallVector<Location> argLocs(carriedTypes.size(), loc);
    Block &condBlock = whileOp.getCond().emplaceBlock();
    condBlock.addArguments(carriedTypes, argLocs);
    Block &bodyBlock = whileOp.getBody().emplaceBlock();
    bodyBlock.addArguments(carriedTypes, argLocs);
    auto bindCarried = [&](ValueRange values) {
      for (auto [merge, value] : llvm::zip(merges, values))
        spec.boundary[merge.getOutput()] = value;
    };
    Value pivot = loopCond.getOutput();

    // cond: the loop_cond's input over the loop-carried values.
    {
      OpBuilder::InsertionGuard insertion(builder);
      builder.setInsertionPointToStart(&condBlock);
      bindCarried(condBlock.getArguments());
      FailureOr<SmallVector<Value>> cond =
          emitSlice(builder, loc, spec, {{loopCond.getInput(), loopCond}});
      if (failed(cond))
        return fail();
      lite::YieldOp::create(
          builder, loc,
          ValueRange{castToPredicate(builder, loc, cond->front())});
    }
    // body: the next_iteration inputs, the pivot being true.
    {
      OpBuilder::InsertionGuard insertion(builder);
      builder.setInsertionPointToStart(&bodyBlock);
      bindCarried(bodyBlock.getArguments());
      spec.knownPredicates[pivot] = true;
      spec.emitEffects = true;
      SmallVector<SliceTarget> targets;
      for (auto &var : vars)
        targets.push_back({var.second.getData(), var.second});
      FailureOr<SmallVector<Value>> next =
          emitSlice(builder, loc, spec, targets);
      if (failed(next))
        return fail();
      lite::YieldOp::create(builder, loc, *next);
    }
    // After the loop: the exits see the final values, the pivot false.
    bindCarried(whileOp.getResults());
    spec.knownPredicates[pivot] = false;
    spec.emitEffects = false;
  }
  SmallVector<SliceTarget> exitTargets;
  for (ExitOp exit : exits)
    exitTargets.push_back({exit.getData(), exit});
  FailureOr<SmallVector<Value>> exitValues =
      emitSlice(builder, loc, spec, exitTargets);
  if (failed(exitValues))
    return fail();
  YieldOp::create(builder, loc, *exitValues);

  // The island stands for the whole frame in its parent.
  for (auto [exit, output] : llvm::zip(exits, island.getOutputs())) {
    exit.getOutput().replaceAllUsesWith(output);
    exit.getControl().replaceAllUsesWith(island.getControl());
  }
  for (EnterOp enter : allEnters)
    enter.getControl().replaceAllUsesWith(island.getControl());
  SmallVector<Operation *> lifted(nodes);
  for (EnterOp enter : allEnters)
    lifted.push_back(enter);
  eraseNodes(lifted);
  frameNodes[frame.parent->id].push_back(island);
  return success();
}

LogicalResult GraphLifter::liftRoot() {
  SmallVector<Operation *> nodes = liveNodes(0);
  SliceSpec spec;
  spec.nodes = nodes;
  spec.emitEffects = true;
  FetchOp fetch = graph.getFetch();
  SmallVector<SliceTarget> targets;
  for (Value value : fetch.getData())
    targets.push_back({value, fetch});
  OpBuilder builder(graph);
  FailureOr<SmallVector<Value>> results =
      emitSlice(builder, graph.getLoc(), spec, targets);
  if (failed(results))
    return failure();
  graph.replaceAllUsesWith(*results);
  graph.erase();
  return success();
}

/// Out of the islands, the variable ops' `after` handles have done their
/// job: they made each frame's island capture the handles its variables
/// come from, so that a lifted loop runs after the node that creates (or
/// resets) them. Program order says it now.
static void dropVariableHandles(func::FuncOp function) {
  function.walk([](Operation *op) {
    if (op->getParentOfType<IslandOp>())
      return;
    if (auto read = dyn_cast<lite::ReadVariableOp>(op))
      read.getAfterMutable().clear();
    else if (auto assign = dyn_cast<lite::AssignVariableOp>(op))
      assign.getAfterMutable().clear();
    else if (auto reset = dyn_cast<lite::StackResetOp>(op))
      reset.getAfterMutable().clear();
    else if (auto push = dyn_cast<lite::StackPushOp>(op))
      push.getAfterMutable().clear();
    else if (auto pop = dyn_cast<lite::StackPopOp>(op))
      pop.getAfterMutable().clear();
  });
}

namespace {
struct ExecutorLiftControlFlowPass
    : sluice::executor::impl::ExecutorLiftControlFlowPassBase<
          ExecutorLiftControlFlowPass> {
  void runOnOperation() override {
    SmallVector<GraphOp> graphs;
    getOperation().walk([&](GraphOp graph) { graphs.push_back(graph); });
    bool failedAny = false;
    for (GraphOp graph : graphs)
      if (failed(GraphLifter(graph).run()))
        failedAny = true;
    dropVariableHandles(getOperation());
    materializePlaceholders(getOperation());
    if (failedAny)
      signalPassFailure();
  }
};
} // namespace
