//===- Place.cpp - placement of executor nodes on ranks -------------------===//
//
// -executor-place: gives every node of every executor.graph an i64
// `sluice.rank`, the process it runs on once -executor-partition has split
// the graph. One function per strategy (device, spec, auto, random); each
// returns a rank per node, in graph order, checked against `ranks` here.
//
//   island {...} {sluice.device = "/job:w/task:1/device:CPU:0"}
//     --(strategy=device)-->  island {...} {sluice.device = ..., sluice.rank =
//     1}
//
// The ops inside an island get the island's `sluice.rank` too, so that the
// placement survives the lift (-lite-partition reads it on lifted ops).
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Executor/IR/DeviceRank.h"
#include "sluice/Dialect/Executor/IR/ExecutorOps.h"
#include "sluice/Dialect/Executor/Transforms/Passes.h"
#include "sluice/Dialect/Lite/IR/NodeNames.h"

#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"

#include <random>

namespace sluice::executor {
#define GEN_PASS_DEF_EXECUTORPLACEPASS
#include "sluice/Dialect/Executor/Transforms/Passes.h.inc"
} // namespace sluice::executor

using namespace mlir;
using namespace sluice::executor;
using namespace sluice;

namespace {

/// The nodes of a graph: every op of its block but the fetch.
SmallVector<Operation *> nodesOf(GraphOp graph) {
  SmallVector<Operation *> nodes;
  for (Operation &op : graph.getBody().front().without_terminator())
    nodes.push_back(&op);
  return nodes;
}

struct ExecutorPlacePass
    : public sluice::executor::impl::ExecutorPlacePassBase<ExecutorPlacePass> {
  using ExecutorPlacePassBase::ExecutorPlacePassBase;

  void runOnOperation() override;

private:
  /// Ranks from `sluice.device`; devices without an index are numbered in
  /// order of first appearance, shared by every graph of the module.
  void placeByDevice(ArrayRef<Operation *> nodes,
                     SmallVectorImpl<int64_t> &result);
  void placeBySpec(ArrayRef<Operation *> nodes,
                   SmallVectorImpl<int64_t> &result);
  void placeAuto(ArrayRef<Operation *> nodes, SmallVectorImpl<int64_t> &result);
  void placeRandom(ArrayRef<Operation *> nodes,
                   SmallVectorImpl<int64_t> &result);

  llvm::StringMap<int64_t> unindexedDevices;
  SmallVector<std::pair<std::string, int64_t>> scopes;
  std::mt19937_64 generator;
};

} // namespace

void ExecutorPlacePass::placeByDevice(ArrayRef<Operation *> nodes,
                                      SmallVectorImpl<int64_t> &result) {
  for (Operation *node : nodes) {
    auto device = node->getAttrOfType<StringAttr>("sluice.device");
    if (!device || device.getValue().empty()) {
      result.push_back(0);
      continue;
    }
    int64_t rank = rankOfDevice(device.getValue());
    if (rank < 0)
      rank = unindexedDevices
                 .try_emplace(device.getValue(), unindexedDevices.size())
                 .first->second;
    result.push_back(rank);
  }
}

void ExecutorPlacePass::placeBySpec(ArrayRef<Operation *> nodes,
                                    SmallVectorImpl<int64_t> &result) {
  for (Operation *node : nodes) {
    StringRef name = getNodeName(node);
    int64_t rank = 0;
    size_t longest = 0;
    bool matched = false;
    for (const auto &[scope, scopeRank] : scopes) {
      StringRef s = scope;
      bool matches = name == s || (name.starts_with(s) &&
                                   name.drop_front(s.size()).starts_with("/"));
      if (matches && (!matched || s.size() > longest)) {
        matched = true;
        longest = s.size();
        rank = scopeRank;
      }
    }
    result.push_back(rank);
  }
}

void ExecutorPlacePass::placeAuto(ArrayRef<Operation *> nodes,
                                  SmallVectorImpl<int64_t> &result) {
  // A node's work: the ops of its island body, 1 for other nodes.
  SmallVector<int64_t> work;
  int64_t total = 0;
  for (Operation *node : nodes) {
    int64_t w = 1;
    if (auto island = dyn_cast<IslandOp>(node)) {
      w = 0;
      island.getBody().walk([&](Operation *op) {
        if (!isa<YieldOp>(op))
          ++w;
      });
      w = std::max<int64_t>(w, 1);
    }
    work.push_back(w);
    total += w;
  }
  double cap = static_cast<double>(total) / ranks * 1.25;
  SmallVector<int64_t> load(ranks, 0);
  DenseMap<Operation *, int64_t> placed;
  auto leastLoaded = [&]() {
    return static_cast<int64_t>(llvm::min_element(load) - load.begin());
  };
  for (auto [node, w] : llvm::zip(nodes, work)) {
    // The ranks of the node's producers placed so far.
    SmallVector<int64_t> votes(ranks, 0);
    bool any = false;
    auto vote = [&](Value value) {
      if (Operation *def = value.getDefiningOp()) {
        auto it = placed.find(def);
        if (it != placed.end()) {
          ++votes[it->second];
          any = true;
        }
      }
    };
    llvm::SetVector<Value> inputs;
    inputs.insert(node->operand_begin(), node->operand_end());
    if (auto island = dyn_cast<IslandOp>(node))
      getUsedValuesDefinedAbove(island.getBody(), inputs);
    for (Value input : inputs)
      vote(input);
    int64_t rank = leastLoaded();
    if (any) {
      int64_t best = llvm::max_element(votes) - votes.begin();
      if (static_cast<double>(load[best] + w) <= cap)
        rank = best;
    }
    load[rank] += w;
    placed[node] = rank;
    result.push_back(rank);
  }
}

void ExecutorPlacePass::placeRandom(ArrayRef<Operation *> nodes,
                                    SmallVectorImpl<int64_t> &result) {
  // `generator() % ranks` rather than a std distribution: the same ranks on
  // every standard library.
  for (size_t i = 0; i < nodes.size(); ++i)
    result.push_back(
        static_cast<int64_t>(generator() % static_cast<uint64_t>(ranks)));
}

/// Nodes that use the same module state -- a variable, a stack, a list
/// held in a variable: any symbol their ops refer to -- run on one rank,
/// the rank of the first of them: the state lives where its ops run (as
/// TensorFlow colocates the ops of one resource with it).
static void colocateState(ArrayRef<Operation *> nodes,
                          MutableArrayRef<int64_t> placed) {
  llvm::EquivalenceClasses<unsigned> sharing;
  llvm::StringMap<unsigned> firstUser;
  for (auto [index, node] : llvm::enumerate(nodes)) {
    sharing.insert(index);
    node->walk([&](Operation *op) {
      for (NamedAttribute attribute : op->getAttrs()) {
        auto symbol = dyn_cast<FlatSymbolRefAttr>(attribute.getValue());
        if (!symbol)
          continue;
        auto [it, inserted] = firstUser.try_emplace(symbol.getValue(), index);
        if (!inserted)
          sharing.unionSets(it->second, index);
      }
    });
  }
  for (auto [index, node] : llvm::enumerate(nodes)) {
    // The members of a class iterate from its leader, the lowest index.
    unsigned leader = *sharing.findLeader(index);
    unsigned first = leader;
    for (auto member = sharing.findLeader(index);
         member != sharing.member_end(); ++member)
      first = std::min(first, *member);
    placed[index] = placed[first];
  }
}

void ExecutorPlacePass::runOnOperation() {
  ModuleOp module = getOperation();
  if (ranks < 1) {
    module.emitError("-executor-place expects ranks >= 1, got ")
        << static_cast<int64_t>(ranks);
    return signalPassFailure();
  }
  if (strategy != "device" && strategy != "spec" && strategy != "auto" &&
      strategy != "random") {
    module.emitError("-executor-place: unknown strategy '")
        << strategy << "' (expected device, spec, auto or random)";
    return signalPassFailure();
  }
  if (strategy == "spec") {
    // "scope=rank,scope=rank"
    SmallVector<StringRef> entries;
    StringRef(placement).split(entries, ',', /*MaxSplit=*/-1,
                               /*KeepEmpty=*/false);
    for (StringRef entry : entries) {
      auto [scope, rankText] = entry.trim().rsplit('=');
      int64_t rank;
      if (scope.trim().empty() || rankText.trim().getAsInteger(10, rank) ||
          rank < 0) {
        module.emitError("-executor-place: malformed placement entry '")
            << entry.trim() << "' (expected scope=rank)";
        return signalPassFailure();
      }
      if (rank >= ranks) {
        module.emitError("-executor-place: placement entry '")
            << entry.trim() << "' names rank " << rank << ", but ranks is "
            << static_cast<int64_t>(ranks);
        return signalPassFailure();
      }
      scopes.emplace_back(scope.trim().str(), rank);
    }
  }
  generator.seed(seed);

  bool failed = false;
  auto placeNodes = [&](ArrayRef<Operation *> nodes) {
    SmallVector<int64_t> placed;
    if (strategy == "device")
      placeByDevice(nodes, placed);
    else if (strategy == "spec")
      placeBySpec(nodes, placed);
    else if (strategy == "auto")
      placeAuto(nodes, placed);
    else
      placeRandom(nodes, placed);
    colocateState(nodes, placed);
    // A send or recv already in the graph (a TF partition graph's _Send,
    // _Recv) runs where its device says, whatever the strategy: its peer
    // expects it there.
    for (auto [node, rank] : llvm::zip(nodes, placed))
      if (isa<SendOp, RecvOp>(node))
        if (auto device = node->getAttrOfType<StringAttr>("sluice.device"))
          if (int64_t own = rankOfDevice(device.getValue()); own >= 0)
            rank = own;
    Builder builder(module.getContext());
    for (auto [node, rank] : llvm::zip(nodes, placed)) {
      if (rank >= ranks) {
        InFlightDiagnostic diag =
            node->emitError("node '")
            << describeNode(node) << "' is placed on rank " << rank
            << ", but ranks is " << static_cast<int64_t>(ranks);
        if (auto device = node->getAttrOfType<StringAttr>("sluice.device"))
          diag << " (device '" << device.getValue() << "')";
        failed = true;
        continue;
      }
      IntegerAttr rankAttr = builder.getI64IntegerAttr(rank);
      node->setAttr("sluice.rank", rankAttr);
      // The ops of an island carry it too: the lift dissolves islands and
      // -lite-partition places the lifted ops by it.
      if (auto island = dyn_cast<IslandOp>(node))
        for (Operation &op : island.getBody().front().without_terminator())
          op.setAttr("sluice.rank", rankAttr);
    }
  };
  module.walk([&](GraphOp graph) { placeNodes(nodesOf(graph)); });
  // A function of lite ops (lifted, or TF2's functional control flow): its
  // nodes are its ops, nested ones included, but lite.if / lite.while,
  // which -lite-partition runs on every rank that takes part, constants,
  // which it copies, and terminators.
  for (auto function : module.getOps<func::FuncOp>()) {
    if (function.isExternal() ||
        function.walk([](GraphOp) { return WalkResult::interrupt(); })
            .wasInterrupted())
      continue;
    SmallVector<Operation *> nodes;
    function.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (op != function.getOperation() && op->getNumRegions() == 0 &&
          !op->hasTrait<OpTrait::ConstantLike>() &&
          !op->hasTrait<OpTrait::IsTerminator>())
        nodes.push_back(op);
    });
    placeNodes(nodes);
  }
  if (failed)
    signalPassFailure();
}
