//===- ExecutorInterpreter.cpp - v1 dataflow by frames, tags, deadness ----===//
//
// Runs an executor.graph the way
// shared/seeds/tf-control-flow-implementation.txt
// ("Implementation") specifies. Every value in flight is a token
// (value, is_dead) delivered under a tag (frame instance, iteration):
//
//   switch(d, p)      -> false: (d, p || dead(d)), true: (d, !p || dead(d))
//   switch_n(d, i)    -> output i: d, every other output dead
//   merge(d1..dn)     -> the first live input (with its index); dead when
//                        every input arrived dead
//   enter(d, F)       -> d in child frame tag/F/0; `constant`: in every
//                        iteration of tag/F
//   exit(d)           -> d in the parent frame tag1 where tag = tag1/F/n
//   next_iteration(d) -> d in tag1/F/(n+1)
//   any other node    -> computed when every input is live, else all dead
//
// A node instance (node, tag) runs when all of its inputs for that tag have
// arrived (merge: when all control inputs and one live data input have, or
// every input has). Control edges are inputs like any other and carry
// deadness, except into a merge, which they only order (as in TensorFlow's
// executor). Ready instances run in FIFO order.
//
// Two refinements follow TensorFlow's executor where the seed is silent:
//  * a dead value reaching next_iteration is dropped (it would only start a
//    dead iteration), and a dead value reaching exit is held until the frame
//    has nothing left to run: only then, if that exit never produced a live
//    value, does the parent frame receive it dead;
//  * when nothing is ready, a merge that has received only dead inputs and
//    can receive no more (a loop whose entering values were dead) fires dead.
// parallel_iterations bounds how far iteration n+1 may start ahead of the
// oldest iteration that still has nodes ready to run.
//
// A partitioned graph (one rank's part, -executor-partition) exchanges
// tokens with the other ranks through InterpreterOptions::transport:
//   send(d) key k to r  -> the token d goes to rank r under "k|<tag>"
//   recv key k from r   -> the token rank r sent under "k|<tag>", the tag
//                          the recv runs in (its control operand's)
// A recv whose message has not arrived yet is posted (a message that comes
// before its recv runs is kept). The two refinements above assume the whole
// run is quiet, which one rank cannot see: when nothing is ready, a rank
// takes the messages that have arrived, and with none, joins a round
// (Transport::startRound) carrying its messages sent and received and what
// refinement it could apply, and goes on taking messages until the round
// completes. Two rounds running with the same counts and as many messages
// received as sent are global quiescence: the lowest rank with a stalled
// merge fires it, else the rank with the deepest frame of dead exits
// flushes it (the single-process order); when no rank can, the run is over.
//
//===----------------------------------------------------------------------===//

#include "Evaluator.h"

#include "sluice/Interpreter/Transport.h"

#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/FormatVariadic.h"

#include <chrono>
#include <deque>
#include <map>
#include <optional>
#include <set>

using namespace mlir;
using namespace sluice;
using namespace sluice::executor;
using namespace sluice::interp;
using namespace sluice::interp::detail;

namespace {

struct Token {
  Tensor value;
  bool dead = false;
};

struct FrameInstance;

/// Where a token lives: a frame instance and an iteration of it.
struct Tag {
  FrameInstance *frame;
  int64_t iteration;
};

/// The inputs of one node at one tag collected so far.
struct NodeInstance {
  SmallVector<std::optional<Token>, 4> inputs;
  unsigned arrived = 0;
};

struct Iteration {
  /// Node-based, so that memory follows the instances still waiting (a
  /// DenseMap keeps its buckets after the erase of every entry).
  std::map<Operation *, NodeInstance> pending;
  /// Merges that already fired in this iteration: later inputs are ignored.
  llvm::SmallPtrSet<Operation *, 4> firedMerges;
  /// Node instances of this iteration queued to run.
  int64_t outstanding = 0;
};

/// One execution of a frame (a loop): created by the first enter into frame
/// `name` from a given parent tag.
struct FrameInstance {
  FrameInstance *parent = nullptr;
  int64_t parentIteration = 0;
  /// Frame names from the root, joined by ';' ("" for the root).
  std::string path;
  int depth = 0;
  int64_t parallelIterations = 1;
  std::map<int64_t, Iteration> iterations;
  /// The iterations whose `pending` is not empty: what a wait for stalled
  /// merges visits (the iterations that are over stay in `iterations`, so
  /// walking those would cost every wait the whole history of the loop).
  std::set<int64_t> waitingIterations;
  /// The iteration getIteration found last (most tokens go to the one just
  /// used; a std::map's entries stay where they are).
  int64_t lastIndex = -1;
  Iteration *lastIteration = nullptr;
  /// The entry of `oldestActive` in `iterations`, once looked up (its
  /// successor is the next entry: no lookup per release).
  std::optional<std::map<int64_t, Iteration>::iterator> oldestEntry;
  /// Outputs of constant enters, delivered to every iteration.
  SmallVector<std::pair<EnterOp, Token>> invariants;
  int64_t oldestActive = 0;
  /// next_iteration outputs waiting for parallel_iterations to allow them.
  std::deque<std::tuple<NextIterationOp, Token, int64_t>> deferred;
  llvm::SetVector<Operation *> deadExits;
  llvm::DenseSet<Operation *> liveExits;
  bool deadExitsFlushed = false;
  std::map<std::pair<int64_t, std::string>, std::unique_ptr<FrameInstance>>
      children;
};

/// What a node reads: its operands and, for an island, the graph values its
/// body captures. Values defined outside the graph are not slots: they are
/// read from the enclosing environment and are always live.
struct NodeInfo {
  SmallVector<Value, 4> slots;
  unsigned numDataSlots = 0; // merge: data inputs come first
  /// Island only: values from outside the graph its body uses.
  SmallVector<Value, 2> externals;
};

class GraphExecutor {
public:
  GraphExecutor(GraphOp graph, Environment &env, Evaluator &evaluator)
      : graph(graph), graphOp(graph), env(env), evaluator(evaluator),
        liveness(evaluator.getStats().nodeLiveness) {}

  FailureOr<SmallVector<Tensor>> run();

private:
  void analyze();
  bool isNodeValue(Value value) const {
    Operation *def = value.getDefiningOp();
    return def && def->getParentOp() == graphOp;
  }
  Iteration &getIteration(FrameInstance *frame, int64_t index);
  FrameInstance *getChildFrame(Tag tag, EnterOp enter);

  void emit(Value result, const Token &token, Tag tag);
  void deliver(Operation *consumer, unsigned slot, const Token &token, Tag tag);
  void enqueue(Operation *node, Tag tag, NodeInstance inputs);
  LogicalResult execute(Operation *node, Tag tag, NodeInstance &inputs);
  LogicalResult executeIsland(IslandOp island, Tag tag, NodeInstance &inputs);
  void releaseIterations(FrameInstance *frame);

  /// The refinements; with `dryRun`, only whether they would apply (the
  /// depth of the frame whose dead exits would go, for flushDeadExits).
  bool fireStalledMerges(bool dryRun = false);
  bool flushDeadExits();
  int64_t deepestDeadExitFrame();
  void reportDeadlock(unsigned missingSlot);

  /// The rendezvous tag of `tag`: each enclosing frame instance (its name
  /// and the parent iteration it was entered from) and the iteration, e.g.
  /// "while@0/inner@3#5"; "#0" in the root frame.
  static std::string getTagKey(Tag tag);
  /// "<edge key>|<tag key>": what a send and its recv meet under.
  static std::string getRendezvousKey(StringRef key, Tag tag);
  /// A send or recv of a run that has no transport is an error naming it.
  LogicalResult requireTransport(Operation *node, StringRef verb, int64_t peer);
  LogicalResult executeSend(SendOp send, Tag tag, NodeInstance &inputs,
                            bool anyDead);
  LogicalResult executeRecv(RecvOp recv, Tag tag, bool anyDead);
  /// Delivers a received token to its posted recv.
  void completeRecv(RecvOp recv, Tag tag, bool dead,
                    const interp::TransportMessage &message);
  /// Hands a message to its posted recv, or keeps it for a recv not
  /// posted yet.
  void acceptMessage(interp::TransportMessage message);
  /// A distributed rank with nothing ready: takes what has arrived, else
  /// meets the others in a quiescence round. Sets `over` when the run has
  /// ended everywhere.
  LogicalResult idleStep(bool &over);
  /// The error of a rank whose wait failed: what it waited for.
  void reportWaitFailure(const std::string &why);

  /// The token an operand carries: its slot's (nullopt if it has not
  /// arrived), or a live external value.
  std::optional<Token> arrivedToken(Operation *node, Value operand,
                                    const NodeInstance &inputs);
  Token operandToken(Operation *node, Value operand,
                     const NodeInstance &inputs) {
    return *arrivedToken(node, operand, inputs);
  }

  GraphOp graph;
  Operation *graphOp;
  Environment &env;
  Evaluator &evaluator;
  /// The values of the island being run (executeIsland).
  Environment islandEnvironment;
  /// Where the run records its nodes' liveness, when asked (stats).
  NodeLiveness *liveness;

  llvm::DenseMap<Operation *, NodeInfo> nodes;
  llvm::DenseMap<Value, SmallVector<std::pair<Operation *, unsigned>, 2>>
      consumers;
  /// The frame path each node first received an input in.
  llvm::DenseMap<Operation *, std::string> nodeFrames;

  FrameInstance root;
  std::deque<std::tuple<Operation *, Tag, NodeInstance>> ready;
  SmallVector<std::optional<Token>> fetched;
  /// Set once an error has been emitted: stops the run.
  bool failedRun = false;

  /// Recvs waiting for their message, and messages that arrived before
  /// their recv ran, by (peer, rendezvous key).
  struct PostedRecv {
    RecvOp recv;
    Tag tag;
    bool dead;
  };
  std::map<std::pair<int64_t, std::string>, PostedRecv> posted;
  std::map<std::pair<int64_t, std::string>, interp::TransportMessage>
      arrivedEarly;
  /// The quiescence rounds: whether this rank's part of one is pending, the
  /// counts of the last one completed, since when this rank has waited.
  bool roundPending = false;
  std::vector<int64_t> previousCounts;
  std::optional<std::chrono::steady_clock::time_point> idleSince;
};

} // namespace

void GraphExecutor::analyze() {
  for (Operation &op : graph.getBody().front()) {
    NodeInfo info;
    if (auto merge = dyn_cast<MergeOp>(op))
      info.numDataSlots = merge.getData().size();
    for (Value operand : op.getOperands())
      if (isNodeValue(operand))
        info.slots.push_back(operand);
    if (auto island = dyn_cast<IslandOp>(op)) {
      llvm::SetVector<Value> captured;
      getUsedValuesDefinedAbove(island.getBody(), captured);
      for (Value value : captured) {
        if (isNodeValue(value))
          info.slots.push_back(value);
        else
          info.externals.push_back(value);
      }
    }
    for (auto [index, slot] : llvm::enumerate(info.slots))
      consumers[slot].push_back({&op, static_cast<unsigned>(index)});
    nodes[&op] = std::move(info);
  }
}

Iteration &GraphExecutor::getIteration(FrameInstance *frame, int64_t index) {
  if (index == frame->lastIndex)
    return *frame->lastIteration;
  auto [it, inserted] = frame->iterations.try_emplace(index);
  frame->lastIndex = index;
  frame->lastIteration = &it->second;
  if (inserted)
    for (auto &[enter, token] : frame->invariants) {
      emit(enter.getOutput(), token, Tag{frame, index});
      emit(enter.getControl(), Token{Tensor(), token.dead}, Tag{frame, index});
    }
  return it->second;
}

FrameInstance *GraphExecutor::getChildFrame(Tag tag, EnterOp enter) {
  std::unique_ptr<FrameInstance> &child =
      tag.frame->children[{tag.iteration, enter.getFrameName().str()}];
  if (!child) {
    child = std::make_unique<FrameInstance>();
    child->parent = tag.frame;
    child->parentIteration = tag.iteration;
    child->path = tag.frame->path.empty()
                      ? enter.getFrameName().str()
                      : tag.frame->path + ";" + enter.getFrameName().str();
    child->depth = tag.frame->depth + 1;
    child->parallelIterations = enter.getParallelIterations();
    getIteration(child.get(), 0);
  }
  return child.get();
}

void GraphExecutor::emit(Value result, const Token &token, Tag tag) {
  if (liveness && !token.dead)
    liveness->live.insert(result.getDefiningOp());
  auto it = consumers.find(result);
  if (it == consumers.end())
    return;
  // Copy: delivering may add consumers' entries to nothing, but keep the
  // iteration independent of the map's storage.
  SmallVector<std::pair<Operation *, unsigned>, 2> targets = it->second;
  for (auto [consumer, slot] : targets)
    deliver(consumer, slot, token, tag);
}

void GraphExecutor::deliver(Operation *consumer, unsigned slot,
                            const Token &token, Tag tag) {
  if (failedRun)
    return;
  if (isa<FetchOp>(consumer)) {
    if (tag.frame != &root) {
      consumer->emitError("fetched value #")
          << slot << " arrives from inside frame '" << tag.frame->path
          << "': a loop value must leave its frame through executor.exit";
      failedRun = true;
      return;
    }
    if (!fetched[slot])
      fetched[slot] = token;
    return;
  }

  auto [frameIt, firstInput] =
      nodeFrames.try_emplace(consumer, tag.frame->path);
  if (!firstInput && frameIt->second != tag.frame->path) {
    consumer->emitError("receives inputs from two frames, '")
        << frameIt->second << "' and '" << tag.frame->path
        << "' ('' is the root frame): its inputs must come through the same "
           "enter/exit nesting";
    failedRun = true;
    return;
  }

  Iteration &iteration = getIteration(tag.frame, tag.iteration);
  auto merge = dyn_cast<MergeOp>(consumer);
  if (merge && iteration.firedMerges.contains(consumer))
    return;
  const NodeInfo &info = nodes[consumer];
  NodeInstance &instance = iteration.pending[consumer];
  if (instance.inputs.empty()) {
    instance.inputs.resize(info.slots.size());
    tag.frame->waitingIterations.insert(tag.iteration);
  }
  if (instance.inputs[slot])
    return;
  instance.inputs[slot] = token;
  ++instance.arrived;

  if (merge) {
    bool controlsArrived = true, anyLive = false, allData = true;
    for (unsigned i = 0, e = instance.inputs.size(); i < e; ++i) {
      bool isData = i < info.numDataSlots;
      const std::optional<Token> &input = instance.inputs[i];
      if (!isData && !input)
        controlsArrived = false;
      if (isData && !input)
        allData = false;
      if (isData && input && !input->dead)
        anyLive = true;
    }
    if (!controlsArrived || (!anyLive && !allData))
      return;
    iteration.firedMerges.insert(consumer);
  } else if (instance.arrived != instance.inputs.size()) {
    return;
  }
  NodeInstance inputs = std::move(instance);
  iteration.pending.erase(consumer);
  if (iteration.pending.empty())
    tag.frame->waitingIterations.erase(tag.iteration);
  enqueue(consumer, tag, std::move(inputs));
}

void GraphExecutor::enqueue(Operation *node, Tag tag, NodeInstance inputs) {
  ++getIteration(tag.frame, tag.iteration).outstanding;
  ready.emplace_back(node, tag, std::move(inputs));
}

std::optional<Token> GraphExecutor::arrivedToken(Operation *node, Value operand,
                                                 const NodeInstance &inputs) {
  if (!isNodeValue(operand))
    return Token{env.lookup(operand), /*dead=*/false};
  const NodeInfo &info = nodes[node];
  for (auto [index, slot] : llvm::enumerate(info.slots))
    if (slot == operand && inputs.inputs[index])
      return *inputs.inputs[index];
  return std::nullopt;
}

LogicalResult GraphExecutor::executeIsland(IslandOp island, Tag tag,
                                           NodeInstance &inputs) {
  // One environment for every island this executor runs (they run one at a
  // time): its buckets are allocated once, not per execution.
  Environment &local = islandEnvironment;
  local.clear();
  const NodeInfo &info = nodes[island];
  for (auto [index, slot] : llvm::enumerate(info.slots))
    if (!isa<ControlType>(slot.getType()))
      local[slot] = inputs.inputs[index]->value;
  for (Value value : info.externals)
    local[value] = env.lookup(value);
  FailureOr<SmallVector<Tensor>> results =
      evaluator.runBlock(island.getBody().front(), local);
  if (failed(results))
    return failure();
  for (auto [result, value] : llvm::zip(island.getOutputs(), *results))
    emit(result, Token{value, false}, tag);
  emit(island.getControl(), Token{Tensor(), false}, tag);
  return success();
}

LogicalResult GraphExecutor::execute(Operation *node, Tag tag,
                                     NodeInstance &inputs) {
  ++evaluator.getStats().nodeExecutions;
  if (liveness)
    liveness->executed.insert(node);
  bool anyDead = llvm::any_of(inputs.inputs, [](const std::optional<Token> &t) {
    return t && t->dead;
  });
  Token deadToken{Tensor(), true};
  Token liveControl{Tensor(), false};

  if (auto merge = dyn_cast<MergeOp>(node)) {
    // Control inputs only order a merge: as in TensorFlow's executor, their
    // deadness does not make it dead.
    for (auto [index, operand] : llvm::enumerate(merge.getData())) {
      std::optional<Token> arrived = arrivedToken(node, operand, inputs);
      if (!arrived || arrived->dead)
        continue;
      emit(merge.getOutput(), *arrived, tag);
      emit(merge.getValueIndex(),
           Token{Tensor::scalar<int32_t>(DType::Int32, index), false}, tag);
      emit(merge.getControl(), liveControl, tag);
      return success();
    }
    emit(merge.getOutput(), deadToken, tag);
    emit(merge.getValueIndex(), deadToken, tag);
    emit(merge.getControl(), deadToken, tag);
    return success();
  }

  if (auto trigger = dyn_cast<ControlTriggerOp>(node)) {
    emit(trigger.getControl(), liveControl, tag);
    return success();
  }

  if (auto island = dyn_cast<IslandOp>(node)) {
    if (!anyDead)
      return executeIsland(island, tag, inputs);
    for (Value result : island.getResults())
      emit(result, deadToken, tag);
    return success();
  }

  if (auto switchOp = dyn_cast<SwitchOp>(node)) {
    Token data = operandToken(node, switchOp.getData(), inputs);
    Token predicate = operandToken(node, switchOp.getPredicate(), inputs);
    bool p = !predicate.dead && predicate.value.getAsInt(0) != 0;
    emit(switchOp.getFalseOutput(), Token{data.value, anyDead || p}, tag);
    emit(switchOp.getTrueOutput(), Token{data.value, anyDead || !p}, tag);
    emit(switchOp.getControl(), Token{Tensor(), anyDead}, tag);
    return success();
  }

  if (auto switchN = dyn_cast<SwitchNOp>(node)) {
    Token data = operandToken(node, switchN.getData(), inputs);
    Token index = operandToken(node, switchN.getIndex(), inputs);
    int64_t count = switchN.getOutputs().size();
    int64_t taken = anyDead ? -1 : index.value.getAsInt(0);
    if (!anyDead && (taken < 0 || taken >= count))
      taken = count - 1; // TensorFlow's _SwitchN: out of range -> last
    for (auto [i, output] : llvm::enumerate(switchN.getOutputs()))
      emit(output, Token{data.value, static_cast<int64_t>(i) != taken}, tag);
    emit(switchN.getControl(), Token{Tensor(), anyDead}, tag);
    return success();
  }

  if (auto enter = dyn_cast<EnterOp>(node)) {
    FrameInstance *child = getChildFrame(tag, enter);
    Token token = operandToken(node, enter.getData(), inputs);
    token.dead |= anyDead;
    Token control{Tensor(), token.dead};
    if (enter.getIsConstant()) {
      child->invariants.push_back({enter, token});
      SmallVector<int64_t> existing;
      for (auto &[index, iteration] : child->iterations)
        existing.push_back(index);
      for (int64_t index : existing) {
        emit(enter.getOutput(), token, Tag{child, index});
        emit(enter.getControl(), control, Tag{child, index});
      }
    } else {
      emit(enter.getOutput(), token, Tag{child, 0});
      emit(enter.getControl(), control, Tag{child, 0});
    }
    return success();
  }

  if (auto exit = dyn_cast<ExitOp>(node)) {
    FrameInstance *frame = tag.frame;
    if (!frame->parent)
      return exit.emitError("runs in the root frame: there is no frame to "
                            "exit (missing executor.enter?)");
    Token token = operandToken(node, exit.getData(), inputs);
    token.dead |= anyDead;
    if (token.dead) {
      frame->deadExits.insert(exit);
      return success();
    }
    frame->liveExits.insert(exit);
    Tag parent{frame->parent, frame->parentIteration};
    emit(exit.getOutput(), token, parent);
    emit(exit.getControl(), liveControl, parent);
    return success();
  }

  if (auto next = dyn_cast<NextIterationOp>(node)) {
    FrameInstance *frame = tag.frame;
    if (!frame->parent)
      return next.emitError("runs in the root frame: next_iteration needs a "
                            "loop frame (missing executor.enter?)");
    Token token = operandToken(node, next.getData(), inputs);
    if (token.dead || anyDead)
      return success();
    int64_t target = tag.iteration + 1;
    if (target > evaluator.getOptions().maxIterations)
      return next.emitError("frame '")
             << frame->path << "' did not finish within "
             << evaluator.getOptions().maxIterations
             << " iterations (raise --max-iterations if it should)";
    if (target >= frame->oldestActive + frame->parallelIterations) {
      frame->deferred.emplace_back(next, token, target);
      return success();
    }
    emit(next.getOutput(), token, Tag{frame, target});
    emit(next.getControl(), liveControl, Tag{frame, target});
    return success();
  }

  if (auto loopCond = dyn_cast<LoopCondOp>(node)) {
    Token token = operandToken(node, loopCond.getInput(), inputs);
    token.dead |= anyDead;
    emit(loopCond.getOutput(), token, tag);
    emit(loopCond.getControl(), Token{Tensor(), token.dead}, tag);
    return success();
  }

  if (auto send = dyn_cast<SendOp>(node))
    return executeSend(send, tag, inputs, anyDead);
  if (auto recv = dyn_cast<RecvOp>(node))
    return executeRecv(recv, tag, anyDead);

  return node->emitError("the executor cannot run '") << node->getName() << "'";
}

std::string GraphExecutor::getTagKey(Tag tag) {
  SmallVector<const FrameInstance *> chain;
  for (const FrameInstance *frame = tag.frame; frame->parent;
       frame = frame->parent)
    chain.push_back(frame);
  std::string key;
  for (const FrameInstance *frame : llvm::reverse(chain)) {
    StringRef path = frame->path;
    key += path.rsplit(';').second.empty() ? path.str()
                                           : path.rsplit(';').second.str();
    key += "@" + std::to_string(frame->parentIteration) + "/";
  }
  return key + "#" + std::to_string(tag.iteration);
}

std::string GraphExecutor::getRendezvousKey(StringRef key, Tag tag) {
  return (key + "|" + getTagKey(tag)).str();
}

LogicalResult GraphExecutor::requireTransport(Operation *node, StringRef verb,
                                              int64_t peer) {
  if (evaluator.getOptions().transport)
    return success();
  return node->emitError() << verb << " rank " << peer
                           << ", but the run is not distributed (a partitioned "
                              "graph runs with sluice-run --ranks=K or "
                              "--distributed under mpirun)";
}

LogicalResult GraphExecutor::executeSend(SendOp send, Tag tag,
                                         NodeInstance &inputs, bool anyDead) {
  if (failed(requireTransport(send, "sends to", send.getPeer())))
    return failure();
  interp::Transport *transport = evaluator.getOptions().transport;
  Token token = operandToken(send, send.getData(), inputs);
  bool dead = token.dead || anyDead;
  std::string error;
  std::string key = getRendezvousKey(send.getKey(), tag);
  if (failed(transport->send(send.getPeer(), key, dead ? Tensor() : token.value,
                             dead, error)))
    return send.emitError("cannot send '")
           << send.getKey() << "' to rank " << send.getPeer() << ": " << error;
  emit(send.getControl(), Token{Tensor(), dead}, tag);
  return success();
}

LogicalResult GraphExecutor::executeRecv(RecvOp recv, Tag tag, bool anyDead) {
  if (failed(requireTransport(recv, "receives from", recv.getPeer())))
    return failure();
  std::pair<int64_t, std::string> address = {
      recv.getPeer(), getRendezvousKey(recv.getKey(), tag)};
  auto early = arrivedEarly.find(address);
  if (early != arrivedEarly.end()) {
    interp::TransportMessage message = std::move(early->second);
    arrivedEarly.erase(early);
    completeRecv(recv, tag, anyDead, message);
    return success();
  }
  // Keeps its iteration outstanding until the message comes.
  ++getIteration(tag.frame, tag.iteration).outstanding;
  posted.emplace(address, PostedRecv{recv, tag, anyDead});
  return success();
}

void GraphExecutor::completeRecv(RecvOp recv, Tag tag, bool dead,
                                 const interp::TransportMessage &message) {
  Token token{message.value, message.dead || dead};
  emit(recv.getOutput(), token, tag);
  emit(recv.getControl(), Token{Tensor(), token.dead}, tag);
}

void GraphExecutor::acceptMessage(interp::TransportMessage message) {
  std::pair<int64_t, std::string> address = {message.source, message.key};
  auto it = posted.find(address);
  if (it == posted.end()) {
    arrivedEarly.emplace(address, std::move(message));
    return;
  }
  PostedRecv waiting = it->second;
  posted.erase(it);
  completeRecv(waiting.recv, waiting.tag, waiting.dead, message);
  --getIteration(waiting.tag.frame, waiting.tag.iteration).outstanding;
  if (waiting.tag.frame != &root)
    releaseIterations(waiting.tag.frame);
}

void GraphExecutor::reportWaitFailure(const std::string &why) {
  interp::Transport &transport = *evaluator.getOptions().transport;
  if (posted.empty()) {
    graph.emitError("rank ") << transport.getRank() << " stopped: " << why;
    return;
  }
  auto &[address, waiting] = *posted.begin();
  InFlightDiagnostic diag = waiting.recv.emitError("rank ")
                            << transport.getRank() << " waited for '"
                            << address.second << "' from rank " << address.first
                            << ": " << why;
  if (posted.size() > 1)
    diag << " (" << posted.size() - 1 << " other receive"
         << (posted.size() > 2 ? "s" : "") << " pending)";
}

LogicalResult GraphExecutor::idleStep(bool &over) {
  interp::Transport &transport = *evaluator.getOptions().transport;
  double timeout = evaluator.getOptions().receiveTimeoutSeconds;
  auto now = std::chrono::steady_clock::now();
  std::string error;
  bool received = false;
  while (true) {
    FailureOr<std::optional<interp::TransportMessage>> message =
        transport.tryReceive(error);
    if (failed(message)) {
      reportWaitFailure(error);
      return failure();
    }
    if (!*message)
      break;
    acceptMessage(std::move(**message));
    received = true;
  }
  if (received) {
    idleSince.reset();
    return success();
  }

  // Idle: take part in a round, [sent, received, a stalled merge?, the
  // deepest frame of dead exits], and go on taking messages meanwhile.
  if (!roundPending) {
    const interp::TransportStats &stats = transport.getStats();
    int64_t local[] = {stats.messagesSent, stats.messagesReceived,
                       fireStalledMerges(/*dryRun=*/true) ? 1 : 0,
                       deepestDeadExitFrame()};
    if (failed(transport.startRound(local, error))) {
      reportWaitFailure(error);
      return failure();
    }
    roundPending = true;
  }
  FailureOr<std::optional<std::vector<int64_t>>> round =
      transport.testRound(error);
  if (failed(round)) {
    reportWaitFailure(error);
    return failure();
  }
  if (!*round) {
    if (!idleSince)
      idleSince = now;
    if (std::chrono::duration<double>(now - *idleSince).count() > timeout) {
      reportWaitFailure(
          llvm::formatv("no message and no round for {0} s: a rank failed or "
                        "is stuck (raise --receive-timeout for long runs)",
                        timeout)
              .str());
      return failure();
    }
    transport.waitForEvent(0.01);
    return success();
  }
  roundPending = false;
  idleSince.reset();
  const std::vector<int64_t> &all = **round;

  // Quiescence: the same counts in two rounds running, none in flight.
  int64_t numRanks = transport.getNumRanks(), sent = 0, taken = 0;
  std::vector<int64_t> counts;
  for (int64_t rank = 0; rank < numRanks; ++rank) {
    sent += all[4 * rank];
    taken += all[4 * rank + 1];
    counts.push_back(all[4 * rank]);
    counts.push_back(all[4 * rank + 1]);
  }
  bool unchanged = counts == previousCounts;
  previousCounts = std::move(counts);
  if (sent != taken || !unchanged)
    return success();
  int64_t merger = -1, flusher = -1, deepest = -1;
  for (int64_t rank = 0; rank < numRanks; ++rank) {
    if (merger < 0 && all[4 * rank + 2])
      merger = rank;
    if (all[4 * rank + 3] > deepest) {
      deepest = all[4 * rank + 3];
      flusher = rank;
    }
  }
  int64_t actor = merger >= 0 ? merger : flusher;
  if (actor < 0) {
    over = true;
    return success();
  }
  if (actor == transport.getRank()) {
    if (merger >= 0)
      fireStalledMerges();
    else
      flushDeadExits();
  }
  return success();
}

void GraphExecutor::releaseIterations(FrameInstance *frame) {
  while (true) {
    if (!frame->oldestEntry ||
        (*frame->oldestEntry)->first != frame->oldestActive)
      frame->oldestEntry =
          frame->iterations.try_emplace(frame->oldestActive).first;
    Iteration &oldest = (*frame->oldestEntry)->second;
    // The oldest iteration is over once nothing of it is left to run and its
    // successor exists.
    auto successor = std::next(*frame->oldestEntry);
    if (oldest.outstanding == 0 && successor != frame->iterations.end() &&
        successor->first == frame->oldestActive + 1) {
      ++frame->oldestActive;
      frame->oldestEntry = successor;
      continue;
    }
    if (frame->deferred.empty())
      return;
    auto [next, token, target] = frame->deferred.front();
    bool allowed =
        target < frame->oldestActive + frame->parallelIterations ||
        (oldest.outstanding == 0 && target == frame->oldestActive + 1);
    if (!allowed)
      return;
    frame->deferred.pop_front();
    emit(next.getOutput(), token, Tag{frame, target});
    emit(next.getControl(), Token{Tensor(), false}, Tag{frame, target});
  }
}

/// Visits every frame instance below (and including) `frame`.
static void forEachFrame(FrameInstance *frame,
                         llvm::function_ref<void(FrameInstance *)> fn) {
  fn(frame);
  for (auto &[key, child] : frame->children)
    forEachFrame(child.get(), fn);
}

bool GraphExecutor::fireStalledMerges(bool dryRun) {
  bool fired = false;
  forEachFrame(&root, [&](FrameInstance *frame) {
    for (int64_t index : llvm::to_vector(frame->waitingIterations)) {
      Iteration &iteration = frame->iterations.find(index)->second;
      SmallVector<Operation *> stalled;
      for (auto &[node, instance] : iteration.pending) {
        if (!isa<MergeOp>(node))
          continue;
        const NodeInfo &info = nodes[node];
        bool controlsArrived = true, anyDeadData = false;
        for (unsigned i = 0, e = instance.inputs.size(); i < e; ++i) {
          if (i >= info.numDataSlots && !instance.inputs[i])
            controlsArrived = false;
          if (i < info.numDataSlots && instance.inputs[i])
            anyDeadData = true; // a live one would have fired already
        }
        if (controlsArrived && anyDeadData)
          stalled.push_back(node);
      }
      if (dryRun) {
        fired |= !stalled.empty();
        continue;
      }
      for (Operation *node : stalled) {
        NodeInstance inputs = std::move(iteration.pending[node]);
        iteration.pending.erase(node);
        iteration.firedMerges.insert(node);
        // Missing data inputs will never come: treat them as dead.
        for (std::optional<Token> &input : inputs.inputs)
          if (!input)
            input = Token{Tensor(), true};
        enqueue(node, Tag{frame, index}, std::move(inputs));
        fired = true;
      }
      if (iteration.pending.empty())
        frame->waitingIterations.erase(index);
    }
  });
  return fired;
}

int64_t GraphExecutor::deepestDeadExitFrame() {
  int64_t depth = -1;
  forEachFrame(&root, [&](FrameInstance *frame) {
    if (!frame->deadExitsFlushed && !frame->deadExits.empty())
      depth = std::max<int64_t>(depth, frame->depth);
  });
  return depth;
}

bool GraphExecutor::flushDeadExits() {
  FrameInstance *deepest = nullptr;
  forEachFrame(&root, [&](FrameInstance *frame) {
    if (frame->deadExitsFlushed || frame->deadExits.empty())
      return;
    if (!deepest || frame->depth > deepest->depth)
      deepest = frame;
  });
  if (!deepest)
    return false;
  deepest->deadExitsFlushed = true;
  Tag parent{deepest->parent, deepest->parentIteration};
  for (Operation *node : deepest->deadExits) {
    if (deepest->liveExits.contains(node))
      continue;
    auto exit = cast<ExitOp>(node);
    emit(exit.getOutput(), Token{Tensor(), true}, parent);
    emit(exit.getControl(), Token{Tensor(), true}, parent);
  }
  return true;
}

void GraphExecutor::reportDeadlock(unsigned missingSlot) {
  InFlightDiagnostic diag = graph.getFetch().emitError("fetched value #")
                            << missingSlot
                            << " never arrived: the graph deadlocked";
  int shown = 0;
  forEachFrame(&root, [&](FrameInstance *frame) {
    for (auto &[index, iteration] : frame->iterations)
      for (auto &[node, instance] : iteration.pending) {
        if (shown++ >= 5)
          return;
        diag.attachNote(node->getLoc())
            << "'" << node->getName() << "' is waiting with "
            << instance.arrived << " of " << instance.inputs.size()
            << " inputs in frame '" << frame->path << "' iteration " << index;
      }
  });
}

FailureOr<SmallVector<Tensor>> GraphExecutor::run() {
  analyze();
  FetchOp fetch = graph.getFetch();
  for (Value operand : fetch.getOperands()) {
    if (isNodeValue(operand)) {
      consumers[operand].push_back(
          {fetch, static_cast<unsigned>(fetched.size())});
      fetched.emplace_back();
    } else {
      fetched.emplace_back(Token{env.lookup(operand), false});
    }
  }

  root.parallelIterations = 1;
  getIteration(&root, 0);
  // Nodes with no inputs from other nodes start in the root frame.
  for (Operation &op : graph.getBody().front().without_terminator())
    if (nodes[&op].slots.empty())
      enqueue(&op, Tag{&root, 0}, NodeInstance());

  while (!failedRun) {
    while (!ready.empty() && !failedRun) {
      auto [node, tag, inputs] = std::move(ready.front());
      ready.pop_front();
      if (failed(execute(node, tag, inputs))) {
        failedRun = true;
        break;
      }
      --getIteration(tag.frame, tag.iteration).outstanding;
      if (tag.frame != &root)
        releaseIterations(tag.frame);
    }
    if (failedRun)
      break;
    if (evaluator.getOptions().transport) {
      bool over = false;
      if (failed(idleStep(over)))
        failedRun = true;
      if (over)
        break;
      continue;
    }
    if (fireStalledMerges() || flushDeadExits())
      continue;
    break;
  }
  if (!failedRun && !posted.empty()) {
    reportWaitFailure("the run ended everywhere without it");
    return failure();
  }
  if (failedRun)
    return failure();

  SmallVector<Tensor> results;
  unsigned numData = fetch.getData().size();
  for (auto [index, token] : llvm::enumerate(fetched)) {
    if (!token) {
      reportDeadlock(index);
      return failure();
    }
    if (index < numData && token->dead)
      return fetch.emitError("fetched value #")
             << index << " is dead: it was only computed on an untaken branch";
    if (index < numData)
      results.push_back(token->value);
  }
  return results;
}

FailureOr<SmallVector<Tensor>>
sluice::interp::detail::runExecutorGraph(GraphOp graph, Environment &env,
                                         Evaluator &evaluator) {
  GraphExecutor executor(graph, env, evaluator);
  return executor.run();
}
