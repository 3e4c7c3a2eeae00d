//===- FrameAnalysis.cpp - frames (loops) of an executor graph ------------===//
//
// Places every node of an executor.graph in a frame by propagating frames
// along the graph's edges, breadth first from the nodes without node inputs
// (which run in the root frame), then finds each frame's loop parts. This is
// the static counterpart of the frame instances of the executor interpreter.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Executor/Analysis/FrameAnalysis.h"

#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"

#include <deque>

using namespace mlir;
using namespace sluice::executor;

/// Names a frame in diagnostics.
static std::string describe(const FrameAnalysis::Frame *frame) {
  if (frame->isRoot())
    return "the root frame";
  return ("frame '" + frame->name + "'").str();
}

FrameAnalysis::FrameAnalysis(GraphOp graph) : graph(graph) {
  frames.push_back(std::make_unique<Frame>());
  run();
  classify();
}

const FrameAnalysis::Frame *FrameAnalysis::lookupFrame(StringRef name) const {
  return framesByName.lookup(name);
}

const FrameAnalysis::Frame *FrameAnalysis::getFrame(Operation *op) const {
  return nodeFrames.lookup(op);
}

const FrameAnalysis::Frame *FrameAnalysis::getFrame(Value value) const {
  Operation *def = value.getDefiningOp();
  if (!def)
    return nullptr;
  if (Frame *frame = resultFrames.lookup(def))
    return frame;
  // An enter or exit without a result frame could not be placed.
  if (isa<EnterOp, ExitOp>(def))
    return nullptr;
  return nodeFrames.lookup(def);
}

FrameAnalysis::Frame *FrameAnalysis::getOrCreateChildFrame(EnterOp enter,
                                                           Frame *parent) {
  StringRef name = enter.getFrameName();
  auto [it, inserted] = framesByName.try_emplace(name, nullptr);
  if (!inserted) {
    Frame *child = it->second;
    if (child->parent == parent)
      return child;
    InFlightDiagnostic diag = enter.emitError("enters frame '")
                              << name << "' from " << describe(parent)
                              << ", but it is also entered from "
                              << describe(child->parent);
    diag.attachNote(firstEnters.lookup(child).getLoc())
        << "frame '" << name << "' is first entered here";
    status = failure();
    return nullptr;
  }
  auto frame = std::make_unique<Frame>();
  frame->name = name;
  frame->parent = parent;
  frame->id = frames.size();
  it->second = frame.get();
  firstEnters[frame.get()] = enter;
  frames.push_back(std::move(frame));
  return it->second;
}

void FrameAnalysis::run() {
  Block &body = graph.getBody().front();
  Frame *root = frames.front().get();
  auto isNodeValue = [&](Value value) {
    Operation *def = value.getDefiningOp();
    return def && def->getBlock() == &body;
  };

  // The edges of the graph: every node a node's results reach, through its
  // operands or the values its island body captures.
  SmallVector<Operation *> nodes;
  DenseMap<Operation *, llvm::SetVector<Operation *>> consumers;
  SmallVector<Operation *> sources;
  for (Operation &op : body.without_terminator()) {
    nodes.push_back(&op);
    llvm::SetVector<Value> inputs;
    inputs.insert(op.operand_begin(), op.operand_end());
    if (auto island = dyn_cast<IslandOp>(op))
      getUsedValuesDefinedAbove(island.getBody(), inputs);
    bool hasNodeInput = false;
    for (Value input : inputs) {
      if (!isNodeValue(input))
        continue;
      hasNodeInput = true;
      consumers[input.getDefiningOp()].insert(&op);
    }
    if (!hasNodeInput)
      sources.push_back(&op);
  }

  std::deque<Operation *> worklist;
  for (Operation *source : sources) {
    nodeFrames[source] = root;
    worklist.push_back(source);
  }
  // Nodes already reported for receiving inputs from two frames.
  llvm::SmallPtrSet<Operation *, 4> conflicting;
  while (!worklist.empty()) {
    Operation *op = worklist.front();
    worklist.pop_front();
    Frame *frame = nodeFrames.lookup(op);

    Frame *resultFrame = frame;
    if (auto enter = dyn_cast<EnterOp>(op)) {
      resultFrame = getOrCreateChildFrame(enter, frame);
    } else if (auto exit = dyn_cast<ExitOp>(op)) {
      if (frame->isRoot()) {
        exit.emitError("leaves the root frame: no executor.enter matches "
                       "this executor.exit");
        status = failure();
        resultFrame = nullptr;
      } else {
        resultFrame = frames[frame->parent->id].get();
      }
    }
    if (!resultFrame)
      continue;
    if (resultFrame != frame)
      resultFrames[op] = resultFrame;

    for (Operation *consumer : consumers.lookup(op)) {
      auto [it, inserted] = nodeFrames.try_emplace(consumer, resultFrame);
      if (inserted) {
        worklist.push_back(consumer);
        continue;
      }
      if (it->second == resultFrame || !conflicting.insert(consumer).second)
        continue;
      InFlightDiagnostic diag =
          consumer->emitError("has inputs from two frames, ")
          << describe(it->second) << " and " << describe(resultFrame)
          << ": its inputs must reach it through the same enters and exits";
      diag.attachNote(op->getLoc())
          << "input from " << describe(resultFrame) << " defined here";
      status = failure();
    }
  }

  // Nodes no frame reaches: cycles with no edge from outside.
  for (Operation *op : nodes) {
    if (nodeFrames.count(op))
      continue;
    op->emitError("is in no frame: its inputs form a cycle that no node "
                  "outside it feeds");
    status = failure();
    break;
  }

  // The graph's results must be back in the root frame.
  FetchOp fetch = graph.getFetch();
  for (Value operand : fetch->getOperands()) {
    const Frame *frame = isNodeValue(operand) ? getFrame(operand) : nullptr;
    if (!frame || frame->isRoot())
      continue;
    fetch.emitError("fetches a value from ")
        << describe(frame)
        << ": a loop value must leave its frame through executor.exit";
    status = failure();
    break;
  }
}

void FrameAnalysis::classify() {
  Block &body = graph.getBody().front();
  for (Operation &op : body.without_terminator()) {
    Frame *frame = nodeFrames.lookup(&op);
    if (!frame)
      continue;
    frame->nodes.push_back(&op);
    if (auto enter = dyn_cast<EnterOp>(op)) {
      if (Frame *child = resultFrames.lookup(&op)) {
        if (enter.getIsConstant())
          child->invariantEnters.push_back(enter);
        else
          child->enters.push_back(enter);
      }
    } else if (auto exit = dyn_cast<ExitOp>(op)) {
      if (!frame->isRoot())
        frame->exits.push_back(exit);
    } else if (auto next = dyn_cast<NextIterationOp>(op)) {
      if (frame->isRoot()) {
        next.emitError("runs in the root frame: executor.next_iteration needs "
                       "a loop frame (missing executor.enter?)");
        status = failure();
      } else {
        frame->nextIterations.push_back(next);
      }
    } else if (auto loopCond = dyn_cast<LoopCondOp>(op)) {
      if (frame->loopCond) {
        InFlightDiagnostic diag =
            loopCond.emitError("is a second executor.loop_cond of ")
            << describe(frame) << ": a loop has one pivot";
        diag.attachNote(frame->loopCond.getLoc()) << "the first one";
        status = failure();
      } else {
        frame->loopCond = loopCond;
      }
    } else if (auto merge = dyn_cast<MergeOp>(op)) {
      if (llvm::any_of(merge.getData(), [](Value input) {
            return input.getDefiningOp<NextIterationOp>();
          }))
        frame->merges.push_back(merge);
    }
  }

  for (const std::unique_ptr<Frame> &frame : frames) {
    for (Operation *op : frame->nodes) {
      auto switchOp = dyn_cast<SwitchOp>(op);
      if (switchOp && frame->loopCond &&
          switchOp.getPredicate().getDefiningOp() == frame->loopCond)
        frame->switches.push_back(switchOp);
    }
    if (frame->isRoot() || frame->loopCond)
      continue;
    auto *loopNode = llvm::find_if(frame->nodes, [](Operation *op) {
      return isa<MergeOp, NextIterationOp>(op);
    });
    if (loopNode == frame->nodes.end())
      continue;
    (*loopNode)->emitError("is in ")
        << describe(frame.get())
        << ", which has merges or next_iterations but no executor.loop_cond";
    status = failure();
  }
}
