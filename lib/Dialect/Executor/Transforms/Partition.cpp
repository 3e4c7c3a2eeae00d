//===- Partition.cpp - one executor graph per rank ------------------------===//
//
// -executor-partition: splits every function whose body is an executor.graph
// into `@<name>_rank<r>`, one per rank, following the nodes' `sluice.rank`
// (TF's graph partitioning, seeds/tf-control-flow-implementation.txt). An
// edge between ranks becomes a send/recv pair with one key; a loop spread
// over ranks gets a control-loop state machine on every other rank it
// touches, driven by the loop_cond its owner broadcasts each iteration:
//
//   rank 0 (owns the loop_cond)          rank 1 (owns `op`)
//   enter -> merge <- next_iteration     z = island {0} -> enter -> merge <-.
//            |            ^              p = recv "lc:0->1" (%merge ctl)    |
//            v            |              switch(merge, loop_cond p) -> next-'
//         lc = loop_cond  |                         '--> exit
//   send lc "lc:0->1" ----+------------> (p)
//   switch(merge, lc) -> send "s:1->1" --> recv(%merge ctl) -> op
//                         recv "op:0->0" <-- send "op:0->0" <--'
//                         (%sm ctl, rank 0's own state machine)
//
// Nested loops stack: a machine's enter runs after the merge of the machine
// of the enclosing loop on the same rank. Enters and next_iterations whose
// results cross ranks are copied to the consumer's rank (their input is
// sent instead), so that a value keeps its iteration when it crosses.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Executor/Analysis/FrameAnalysis.h"
#include "sluice/Dialect/Executor/Transforms/Passes.h"
#include "sluice/Dialect/Lite/IR/LiteOps.h"
#include "sluice/Dialect/Lite/IR/NodeNames.h"
#include "sluice/Dialect/Lite/IR/RankFunctions.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringMap.h"

#include <set>

namespace sluice::executor {
#define GEN_PASS_DEF_EXECUTORPARTITIONPASS
#include "sluice/Dialect/Executor/Transforms/Passes.h.inc"
} // namespace sluice::executor

using namespace mlir;
using namespace sluice;
using namespace sluice::executor;

using Frame = FrameAnalysis::Frame;

namespace {

/// Whether `frame` is `outer` or nested in it.
bool isWithin(const Frame *frame, const Frame *outer) {
  for (; frame; frame = frame->parent)
    if (frame == outer)
      return true;
  return false;
}

/// What partitioning decides for one graph before building anything: where
/// each value must go, which nodes are copied, which machines are needed.
class GraphPartitioner {
public:
  GraphPartitioner(func::FuncOp func, GraphOp graph, int64_t ranks)
      : func(func), graph(graph), graphOp(graph.getOperation()), ranks(ranks),
        frames(graph) {}

  /// Builds the rank functions before `func` in the module.
  LogicalResult run();

private:
  struct RankState;

  LogicalResult readRanks();
  /// The node values `node` reads: operands, then its island's captures.
  SmallVector<Value> inputsOf(Operation *node) const;
  Operation *nodeOf(Value value) const;
  /// Records that rank `rank` uses `value`.
  void need(int64_t rank, Value value);
  LogicalResult planMachines();
  std::string keyOf(Value value, int64_t peer) const;
  StringRef nameOf(Operation *node) const;

  // Building one rank's function.
  LogicalResult buildRank(int64_t rank);
  void emitInputs(RankState &state, Operation *node);
  void emitReplica(RankState &state, Operation *node);
  void emitRecv(RankState &state, Value value);
  void emitSends(RankState &state, Operation *node);
  void ensureMachines(RankState &state, const Frame *frame);
  void emitMachine(RankState &state, const Frame *frame);
  Operation *cloneNode(RankState &state, Operation *node);

  func::FuncOp func;
  GraphOp graph;
  Operation *graphOp;
  int64_t ranks;
  FrameAnalysis frames;

  SmallVector<Operation *> nodes;
  DenseMap<Operation *, int64_t> rankOf;
  DenseMap<Operation *, std::string> names;
  /// The ranks other than its producer's that receive each value.
  DenseMap<Value, std::set<int64_t>> receivers;
  /// The ranks an enter or next_iteration is copied to.
  DenseMap<Operation *, std::set<int64_t>> replicas;
  /// Enters and next_iterations used only on other ranks: copied there and
  /// not kept on their own.
  DenseSet<Operation *> moved;
  /// The loop frames each rank runs a control-loop state machine for.
  SmallVector<DenseSet<const Frame *>> machines;
};

/// The state of building one rank's graph.
struct GraphPartitioner::RankState {
  RankState(int64_t rank, OpBuilder builder) : rank(rank), builder(builder) {}

  int64_t rank;
  OpBuilder builder;
  IRMapping mapping;
  DenseSet<Value> received;
  DenseSet<Operation *> copied;
  DenseMap<const Frame *, MergeOp> machineMerges;
};

Operation *GraphPartitioner::nodeOf(Value value) const {
  Operation *def = value.getDefiningOp();
  return def && def->getParentOp() == graphOp ? def : nullptr;
}

SmallVector<Value> GraphPartitioner::inputsOf(Operation *node) const {
  llvm::SetVector<Value> inputs;
  inputs.insert(node->operand_begin(), node->operand_end());
  if (auto island = dyn_cast<IslandOp>(node))
    getUsedValuesDefinedAbove(island.getBody(), inputs);
  SmallVector<Value> result;
  for (Value input : inputs)
    if (nodeOf(input))
      result.push_back(input);
  return result;
}

StringRef GraphPartitioner::nameOf(Operation *node) const {
  return names.find(node)->second;
}

std::string GraphPartitioner::keyOf(Value value, int64_t peer) const {
  Operation *def = value.getDefiningOp();
  auto result = cast<OpResult>(value);
  std::string port = isa<ControlType>(value.getType())
                         ? std::string("ctl")
                         : std::to_string(result.getResultNumber());
  return (nameOf(def) + ":" + port + "->" + std::to_string(peer)).str();
}

LogicalResult GraphPartitioner::readRanks() {
  llvm::StringMap<unsigned> counts;
  for (Operation &op : graph.getBody().front().without_terminator()) {
    nodes.push_back(&op);
    ++counts[getNodeName(&op)];
  }
  bool failed = false;
  for (auto [index, node] : llvm::enumerate(nodes)) {
    // Unique, readable names for the keys: the node's name, its position
    // appended when it has none or shares it.
    StringRef name = getNodeName(node);
    std::string unique = name.str();
    if (name.empty() || counts[name] > 1)
      unique = ((name.empty() ? node->getName().getStringRef() : name) + "#" +
                std::to_string(index))
                   .str();
    names[node] = unique;

    int64_t rank = 0;
    if (Attribute attr = node->getAttr("sluice.rank")) {
      auto integer = dyn_cast<IntegerAttr>(attr);
      if (!integer) {
        node->emitError("node '")
            << describeNode(node)
            << "' has a sluice.rank that is not an integer";
        failed = true;
        continue;
      }
      rank = integer.getInt();
    }
    if (rank < 0 || rank >= ranks) {
      node->emitError("node '") << describeNode(node) << "' is placed on rank "
                                << rank << ", but ranks is " << ranks;
      failed = true;
    }
    rankOf[node] = rank;
  }
  return failure(failed);
}

void GraphPartitioner::need(int64_t rank, Value value) {
  Operation *producer = nodeOf(value);
  if (!producer)
    return;
  if (rankOf.lookup(producer) == rank) {
    moved.erase(producer);
    return;
  }
  // A value leaving an enter or a next_iteration belongs to an iteration
  // the receiving rank would not know: copy the node, send its input.
  if (isa<EnterOp, NextIterationOp>(producer)) {
    if (replicas[producer].insert(rank).second)
      for (Value input : inputsOf(producer))
        need(rank, input);
    return;
  }
  receivers[value].insert(rank);
}

LogicalResult GraphPartitioner::planMachines() {
  machines.assign(ranks, {});
  // The frames each rank has nodes in, and those it receives values in.
  SmallVector<DenseSet<const Frame *>> present(ranks), receiving(ranks);
  for (Operation *node : nodes) {
    if (!moved.contains(node))
      present[rankOf.lookup(node)].insert(frames.getFrame(node));
    for (int64_t rank : replicas.lookup(node))
      present[rank].insert(frames.getFrame(node));
  }
  for (auto &[value, ranksOfValue] : receivers) {
    const Frame *frame = frames.getFrame(value);
    present[rankOf.lookup(nodeOf(value))].insert(frame);
    for (int64_t rank : ranksOfValue) {
      present[rank].insert(frame);
      receiving[rank].insert(frame);
    }
  }
  auto hasFrameWithin = [](const DenseSet<const Frame *> &set,
                           const Frame *outer) {
    return llvm::any_of(
        set, [&](const Frame *frame) { return isWithin(frame, outer); });
  };

  // Children before parents: a rank's machine for a loop needs the
  // machine of the enclosing loop on the same rank.
  ArrayRef<std::unique_ptr<Frame>> all = frames.getFrames();
  for (const std::unique_ptr<Frame> &frame : llvm::reverse(all)) {
    if (frame->isRoot())
      continue;
    bool distributed = llvm::any_of(receiving, [&](const auto &set) {
      return hasFrameWithin(set, frame.get());
    });
    if (!distributed)
      continue;
    if (!frame->loopCond) {
      Operation *first = frame->nodes.empty()
                             ? graph.getOperation()
                             : static_cast<Operation *>(frame->nodes.front());
      if (!frame->enters.empty())
        first = frame->enters.front();
      return first->emitError("frame '")
             << frame->name
             << "' is spread over several ranks but has no executor.loop_cond:"
                " its ranks cannot follow its iterations";
    }
    int64_t owner = rankOf.lookup(frame->loopCond);
    for (int64_t rank = 0; rank < ranks; ++rank) {
      bool needed;
      if (rank != owner) {
        needed = hasFrameWithin(present[rank], frame.get());
      } else {
        // The owner runs the real loop; it needs a machine only to run its
        // recvs once per iteration, or to stack a nested loop's machine.
        needed = receiving[rank].contains(frame.get()) ||
                 llvm::any_of(machines[rank], [&](const Frame *inner) {
                   return inner->parent == frame.get();
                 });
      }
      if (!needed)
        continue;
      machines[rank].insert(frame.get());
      if (rank != owner)
        receivers[LoopCondOp(frame->loopCond).getOutput()].insert(rank);
    }
  }
  return success();
}

Operation *GraphPartitioner::cloneNode(RankState &state, Operation *node) {
  Operation *clone = state.builder.clone(*node, state.mapping);
  // The placement is spent (on the node and, -executor-place, its ops).
  clone->walk([](Operation *op) { op->removeAttr("sluice.rank"); });
  return clone;
}

void GraphPartitioner::emitInputs(RankState &state, Operation *node) {
  for (Value input : inputsOf(node)) {
    Operation *producer = nodeOf(input);
    if (rankOf.lookup(producer) == state.rank)
      continue;
    if (isa<EnterOp, NextIterationOp>(producer))
      emitReplica(state, producer);
    else
      emitRecv(state, input);
  }
}

void GraphPartitioner::emitReplica(RankState &state, Operation *node) {
  if (!state.copied.insert(node).second)
    return;
  emitInputs(state, node);
  ensureMachines(state, frames.getFrame(node));
  cloneNode(state, node);
}

void GraphPartitioner::emitRecv(RankState &state, Value value) {
  if (state.received.contains(value))
    return;
  const Frame *frame = frames.getFrame(value);
  ensureMachines(state, frame);
  // The machine may have received it: the loop_cond's output.
  if (state.received.contains(value))
    return;
  state.received.insert(value);
  MLIRContext *context = graph.getContext();
  std::string key = keyOf(value, state.rank);
  SmallVector<Value> controls;
  if (!frame->isRoot()) {
    MergeOp machine = state.machineMerges.lookup(frame);
    assert(machine && "a recv in a loop frame has its rank's machine");
    controls.push_back(machine.getControl());
  }
  bool isControl = isa<ControlType>(value.getType());
  Type type = isControl
                  ? RankedTensorType::get({}, IntegerType::get(context, 1))
                  : value.getType();
  Operation *producer = nodeOf(value);
  auto recv = RecvOp::create(
      state.builder,
      NameLoc::get(StringAttr::get(context, key), producer->getLoc()), type,
      ControlType::get(context), key, rankOf.lookup(producer), controls);
  state.mapping.map(value, isControl ? Value(recv.getControl())
                                     : Value(recv.getOutput()));
}

void GraphPartitioner::emitSends(RankState &state, Operation *node) {
  MLIRContext *context = graph.getContext();
  for (Value result : node->getResults()) {
    auto it = receivers.find(result);
    if (it == receivers.end())
      continue;
    Value data = state.mapping.lookup(result);
    if (isa<ControlType>(result.getType())) {
      // A control edge: a boolean that is live when the node ran, dead when
      // it was dead.
      auto island = IslandOp::create(
          state.builder,
          NameLoc::get(StringAttr::get(context, nameOf(node) + "/ctl"),
                       node->getLoc()),
          TypeRange{RankedTensorType::get({}, IntegerType::get(context, 1))},
          ControlType::get(context), ValueRange{data});
      Block *body = new Block();
      island.getBody().push_back(body);
      OpBuilder inner = OpBuilder::atBlockEnd(body);
      auto type = RankedTensorType::get({}, inner.getI1Type());
      Value constant = lite::ConstantOp::create(
          inner, island.getLoc(), DenseElementsAttr::get(type, false));
      YieldOp::create(inner, island.getLoc(), ValueRange{constant});
      data = island.getOutputs().front();
    }
    for (int64_t peer : it->second) {
      std::string key = keyOf(result, peer);
      SendOp::create(
          state.builder,
          NameLoc::get(StringAttr::get(context, key), node->getLoc()),
          ControlType::get(context), data, key, peer, ValueRange{});
    }
  }
}

void GraphPartitioner::ensureMachines(RankState &state, const Frame *frame) {
  if (!frame || frame->isRoot())
    return;
  ensureMachines(state, frame->parent);
  if (machines[state.rank].contains(frame) && !state.machineMerges.count(frame))
    emitMachine(state, frame);
}

void GraphPartitioner::emitMachine(RankState &state, const Frame *frame) {
  MLIRContext *context = graph.getContext();
  OpBuilder &b = state.builder;
  // Named after the frame, located at its first enter.
  EnterOp firstEnter = !frame->enters.empty() ? frame->enters.front()
                       : !frame->invariantEnters.empty()
                           ? frame->invariantEnters.front()
                           : EnterOp();
  Location frameLoc = firstEnter ? firstEnter.getLoc() : graph.getLoc();
  auto loc = [&](StringRef part) -> Location {
    return NameLoc::get(
        StringAttr::get(context, frame->name + "/_cloop/" + part), frameLoc);
  };
  Type controlType = ControlType::get(context);
  auto counterType = RankedTensorType::get({}, b.getI32Type());

  // The counter's zero, once per iteration of the enclosing machine.
  SmallVector<Value> outer;
  if (!frame->parent->isRoot())
    outer.push_back(state.machineMerges.lookup(frame->parent).getControl());
  auto zero = IslandOp::create(b, loc("zero"), TypeRange{counterType},
                               controlType, outer);
  Block *body = new Block();
  zero.getBody().push_back(body);
  OpBuilder inner = OpBuilder::atBlockEnd(body);
  Value constant = lite::ConstantOp::create(
      inner, zero.getLoc(), DenseElementsAttr::get(counterType, int32_t(0)));
  YieldOp::create(inner, zero.getLoc(), ValueRange{constant});

  int64_t parallel = firstEnter ? firstEnter.getParallelIterations() : 10;
  auto enter = EnterOp::create(b, loc("enter"), counterType, controlType,
                               zero.getOutputs().front(), frame->name,
                               /*is_constant=*/false, parallel, ValueRange{});
  // The back edge is set once the next_iteration exists.
  Value entered = enter.getOutput();
  auto merge = MergeOp::create(
      b, loc("merge"), counterType, RankedTensorType::get({}, b.getI32Type()),
      controlType, ValueRange{entered, entered}, ValueRange{});
  state.machineMerges[frame] = merge;

  // The owner reads its loop_cond. The others receive it and mark it with
  // a loop_cond of their own (an identity), so that their graph's frame has
  // its pivot; the original value is mapped to either at the end.
  LoopCondOp loopCond = frame->loopCond;
  Value predicate = loopCond.getOutput();
  if (rankOf.lookup(loopCond) != state.rank) {
    emitRecv(state, predicate);
    Value received = state.mapping.lookup(predicate);
    auto pivot = LoopCondOp::create(b, loc("loop_cond"), received.getType(),
                                    controlType, received, ValueRange{});
    state.mapping.map(predicate, pivot.getOutput());
  }
  auto switchOp =
      SwitchOp::create(b, loc("switch"), counterType, counterType, controlType,
                       merge.getOutput(), predicate, ValueRange{});
  auto next = NextIterationOp::create(b, loc("next_iteration"), counterType,
                                      controlType, switchOp.getTrueOutput(),
                                      ValueRange{});
  merge->setOperand(1, next.getOutput());
  ExitOp::create(b, loc("exit"), counterType, controlType,
                 switchOp.getFalseOutput(), ValueRange{});
}

LogicalResult GraphPartitioner::buildRank(int64_t rank) {
  FetchOp fetch = graph.getFetch();
  auto returnOp = cast<func::ReturnOp>(func.getBody().front().getTerminator());
  FailureOr<func::FuncOp> created = createRankFunction(func, rank);
  if (failed(created))
    return failure();
  func::FuncOp rankFunc = *created;

  Block *entry = rankFunc.addEntryBlock();
  OpBuilder builder = OpBuilder::atBlockEnd(entry);
  TypeRange resultTypes;
  if (rank == 0)
    resultTypes = graph.getResultTypes();
  auto rankGraph = GraphOp::create(builder, graph.getLoc(), resultTypes);
  Block *graphBody = new Block();
  rankGraph.getBody().push_back(graphBody);

  RankState state(rank, OpBuilder::atBlockEnd(graphBody));
  for (auto [from, to] :
       llvm::zip(func.getArguments(), rankFunc.getArguments()))
    state.mapping.map(from, to);

  for (Operation *node : nodes) {
    if (rankOf.lookup(node) != rank || moved.contains(node))
      continue;
    emitInputs(state, node);
    ensureMachines(state, frames.getFrame(node));
    cloneNode(state, node);
    emitSends(state, node);
  }

  // The fetch: the data on rank 0, each rank the controls of its nodes.
  SmallVector<Value> data, controls;
  if (rank == 0)
    for (Value value : fetch.getData()) {
      if (Operation *producer = nodeOf(value);
          producer && rankOf.lookup(producer) != rank)
        emitRecv(state, value);
      data.push_back(value);
    }
  for (Value control : fetch.getControls())
    if (rankOf.lookup(nodeOf(control)) == rank)
      controls.push_back(control);
  FetchOp::create(state.builder, fetch.getLoc(), data, controls);

  // Forward references (a merge's back edge, island captures of later
  // nodes) still name the original graph's values.
  bool dangling = false;
  rankGraph.walk([&](Operation *op) {
    for (OpOperand &operand : op->getOpOperands()) {
      if (Value mapped = state.mapping.lookupOrNull(operand.get()))
        operand.set(mapped);
      else if (Operation *def = operand.get().getDefiningOp();
               def && !rankFunc->isAncestor(def))
        dangling = true;
    }
  });
  if (dangling)
    return graph.emitError("partitioning left a value of the original graph "
                           "unmapped on rank ")
           << rank;

  SmallVector<Value> returned;
  if (rank == 0)
    for (Value value : returnOp.getOperands()) {
      if (auto result = dyn_cast<OpResult>(value);
          result && result.getOwner() == graph.getOperation())
        returned.push_back(rankGraph.getResult(result.getResultNumber()));
      else
        returned.push_back(state.mapping.lookup(value));
    }
  func::ReturnOp::create(builder, returnOp.getLoc(), returned);
  return success();
}

LogicalResult GraphPartitioner::run() {
  if (!frames.isValid())
    return failure();
  if (failed(readRanks()))
    return failure();

  // Enters and next_iterations whose results are used only elsewhere are
  // moved rather than copied.
  DenseSet<Operation *> usedLocally;
  for (Operation *node : nodes)
    for (Value input : inputsOf(node))
      if (rankOf.lookup(nodeOf(input)) == rankOf.lookup(node))
        usedLocally.insert(nodeOf(input));
  FetchOp fetch = graph.getFetch();
  for (Value control : fetch.getControls())
    if (Operation *producer = nodeOf(control))
      usedLocally.insert(producer);
  for (Operation *node : nodes)
    if (isa<EnterOp, NextIterationOp>(node) && !usedLocally.contains(node) &&
        !node->use_empty())
      moved.insert(node);

  for (Operation *node : nodes)
    for (Value input : inputsOf(node))
      need(rankOf.lookup(node), input);
  for (Value value : fetch.getData())
    need(0, value);
  if (failed(planMachines()))
    return failure();

  for (int64_t rank = 0; rank < ranks; ++rank)
    if (failed(buildRank(rank)))
      return failure();
  return success();
}

/// Whether `func`'s body is one executor.graph and a return of its results
/// or of arguments; its graph, or null when it has no graph at all.
FailureOr<GraphOp> partitionableGraph(func::FuncOp func) {
  if (func.isExternal())
    return GraphOp();
  Block &body = func.getBody().front();
  GraphOp graph;
  bool other = false;
  for (Operation &op : body) {
    if (auto g = dyn_cast<GraphOp>(op); g && !graph)
      graph = g;
    else if (!isa<func::ReturnOp>(op))
      other = true;
  }
  if (!graph)
    return GraphOp();
  auto returnOp = dyn_cast<func::ReturnOp>(body.getTerminator());
  bool plainReturn =
      returnOp && llvm::all_of(returnOp.getOperands(), [&](Value value) {
        return isa<BlockArgument>(value) || value.getDefiningOp() == graph;
      });
  if (other || !func.getBody().hasOneBlock() || !plainReturn) {
    func.emitError("cannot partition function '")
        << func.getSymName()
        << "': its body must be one executor.graph and the return of its "
           "results";
    return failure();
  }
  return graph;
}

struct ExecutorPartitionPass
    : public sluice::executor::impl::ExecutorPartitionPassBase<
          ExecutorPartitionPass> {
  using ExecutorPartitionPassBase::ExecutorPartitionPassBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (ranks < 1) {
      module.emitError("-executor-partition expects ranks >= 1, got ")
          << static_cast<int64_t>(ranks);
      return signalPassFailure();
    }
    SmallVector<std::pair<func::FuncOp, GraphOp>> work;
    bool failed = false;
    for (auto func : module.getOps<func::FuncOp>()) {
      FailureOr<GraphOp> graph = partitionableGraph(func);
      if (mlir::failed(graph))
        failed = true;
      else if (*graph)
        work.emplace_back(func, *graph);
    }
    if (failed)
      return signalPassFailure();
    for (auto [func, graph] : work) {
      GraphPartitioner partitioner(func, graph, ranks);
      if (mlir::failed(partitioner.run()))
        return signalPassFailure();
    }
    for (auto [func, graph] : work)
      func.erase();
    setPartitionRanks(module, ranks);
  }
};

} // namespace
