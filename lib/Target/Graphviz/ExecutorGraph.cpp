//===- ExecutorGraph.cpp - the picture of executor graphs -----------------===//
//
// One cluster per function, one per executor.graph (its root frame) and one
// per loop frame, nested as FrameAnalysis nests them. Every node of a graph
// is one DOT node, classed (the SVG `class` attribute) by its kind:
//
//   island          rounded box      its TF node name, then its ops
//   switch/switch_n orange diamond   outputs labelled F/T (switch_n: 0..N-1)
//   merge           blue inverted trapezium
//   enter           green inverted house (into the frame it starts)
//   exit            red house (out of its frame)
//   next_iteration  purple, the loop's back edge
//   loop_cond       yellow octagon (the pivot)
//
// Data edges are solid, control edges dashed. Given a run's NodeLiveness,
// graph nodes that were never live are greyed ("dead": executed with dead
// inputs only; "unreached": never executed, dashed outline).
//
//===----------------------------------------------------------------------===//

#include "DotWriter.h"

#include "sluice/Dialect/Executor/Analysis/FrameAnalysis.h"
#include "sluice/Dialect/Executor/IR/ExecutorOps.h"
#include "sluice/Target/Graphviz/GraphvizExport.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace sluice;
using namespace sluice::executor;
using namespace sluice::graphviz;

namespace {

/// Fill colours of nested frames, by depth (the graph's root frame first).
constexpr const char *frameColours[] = {"#f7f7f7", "#eaf1fb", "#fdf3e7",
                                        "#eef7ea", "#f6ecf7"};

class ExecutorPicture {
public:
  ExecutorPicture(raw_ostream &os, const interp::NodeLiveness *liveness)
      : dot(os, "executor"), liveness(liveness) {}

  LogicalResult write(ModuleOp module);

private:
  LogicalResult drawGraph(GraphOp graph);
  void drawFrame(const FrameAnalysis &frames, const FrameAnalysis::Frame &frame,
                 unsigned depth, llvm::StringRef graphId);
  void drawNode(Operation *op, bool inGraph);
  /// The edges into `op`: operands and, for ops with regions, the values
  /// their regions use from above.
  void addEdges(Operation *op);
  std::string idOf(Operation *op) const { return ids.lookup(op); }
  /// The DOT node a value comes from, or "" when it is not drawn.
  std::string sourceOf(Value value) const;

  DotWriter dot;
  const interp::NodeLiveness *liveness;
  llvm::DenseMap<Operation *, std::string> ids;
  llvm::DenseMap<Value, std::string> argumentIds;
  /// Each graph's fetch node, which its results come from.
  llvm::DenseMap<Operation *, std::string> fetchIds;
  unsigned nextId = 0;
};

} // namespace

/// The shape, fill colour and class of an executor node.
static std::tuple<StringRef, StringRef, StringRef> nodeStyle(Operation *op) {
  return llvm::TypeSwitch<Operation *,
                          std::tuple<StringRef, StringRef, StringRef>>(op)
      .Case([](SwitchOp) {
        return std::make_tuple("diamond", "#f8cb9c", "switch");
      })
      .Case([](SwitchNOp) {
        return std::make_tuple("diamond", "#f8cb9c", "switch_n");
      })
      .Case([](MergeOp) {
        return std::make_tuple("invtrapezium", "#9fc5f8", "merge");
      })
      .Case([](EnterOp) {
        return std::make_tuple("invhouse", "#b6d7a8", "enter");
      })
      .Case([](ExitOp) { return std::make_tuple("house", "#ea9999", "exit"); })
      .Case([](NextIterationOp) {
        return std::make_tuple("cds", "#d5a6f0", "next_iteration");
      })
      .Case([](LoopCondOp) {
        return std::make_tuple("octagon", "#ffe599", "loop_cond");
      })
      .Case([](ControlTriggerOp) {
        return std::make_tuple("circle", "#ffffff", "control_trigger");
      })
      .Case([](FetchOp) { return std::make_tuple("box", "#d9d9d9", "fetch"); })
      .Case(
          [](IslandOp) { return std::make_tuple("box", "#ffffff", "island"); })
      .Default(
          [](Operation *) { return std::make_tuple("box", "#ffffff", "op"); });
}

/// What a node does, under its TF name: an island's ops, an enter's
/// `constant`, else the op's name without the dialect.
static std::string nodeKind(Operation *op) {
  if (auto island = dyn_cast<IslandOp>(op)) {
    std::string kinds;
    unsigned count = 0;
    for (Operation &inner : island.getBody().front().without_terminator()) {
      if (count++ == 3) {
        kinds += "\n...";
        break;
      }
      kinds +=
          (kinds.empty() ? "" : "\n") + inner.getName().getStringRef().str();
    }
    return kinds.empty() ? "identity" : kinds;
  }
  std::string kind = op->getName().getStringRef().str();
  if (auto enter = dyn_cast<EnterOp>(op); enter && enter.getIsConstant())
    kind += " constant";
  return kind;
}

std::string ExecutorPicture::sourceOf(Value value) const {
  if (auto it = argumentIds.find(value); it != argumentIds.end())
    return it->second;
  Operation *def = value.getDefiningOp();
  if (auto graph = dyn_cast_or_null<GraphOp>(def))
    return fetchIds.lookup(graph);
  for (; def; def = def->getParentOp())
    if (auto it = ids.find(def); it != ids.end())
      return it->second;
  return "";
}

void ExecutorPicture::drawNode(Operation *op, bool inGraph) {
  std::string id = "n" + std::to_string(nextId++);
  ids[op] = id;
  auto [shape, fill, kind] = nodeStyle(op);
  std::string name = getNodeName(op->getLoc());
  std::string label = nodeKind(op);
  if (!name.empty())
    label = name + "\n" + label;
  std::string classes = kind.str();
  std::string fillColour = fill.str();
  SmallVector<DotAttr> attributes = {{"label", label}, {"shape", shape.str()}};
  if (liveness && inGraph && !isa<FetchOp>(op) &&
      !liveness->live.contains(op)) {
    bool executed = liveness->executed.contains(op);
    classes += executed ? " dead" : " unreached";
    fillColour = "#e6e6e6";
    attributes.push_back({"color", "#b3b3b3"});
    attributes.push_back({"fontcolor", "#8c8c8c"});
    attributes.push_back(
        {"style", executed ? "rounded,filled" : "rounded,filled,dashed"});
  }
  attributes.push_back({"fillcolor", fillColour});
  attributes.push_back({"class", classes});
  dot.node(id, attributes);
}

void ExecutorPicture::addEdges(Operation *op) {
  llvm::SetVector<Value> inputs(op->operand_begin(), op->operand_end());
  for (Region &region : op->getRegions())
    getUsedValuesDefinedAbove(region, inputs);
  std::string to = idOf(op);
  llvm::StringSet<> drawn;
  for (Value value : inputs) {
    std::string from = sourceOf(value);
    if (from.empty())
      continue;
    SmallVector<DotAttr> attributes;
    // A loop's back edge does not rank its merge below the body.
    if (isa_and_nonnull<NextIterationOp>(value.getDefiningOp()))
      attributes.push_back({"constraint", "false"});
    if (isa<ControlType>(value.getType())) {
      attributes.push_back({"style", "dashed"});
      attributes.push_back({"class", "control"});
    } else {
      Operation *def = value.getDefiningOp();
      if (auto switchOp = dyn_cast_or_null<SwitchOp>(def))
        attributes.push_back(
            {"label", value == switchOp.getTrueOutput() ? "T" : "F"});
      else if (auto switchN = dyn_cast_or_null<SwitchNOp>(def))
        attributes.push_back(
            {"label", std::to_string(cast<OpResult>(value).getResultNumber())});
      else if (auto merge = dyn_cast_or_null<MergeOp>(def);
               merge && value == merge.getValueIndex())
        attributes.push_back({"label", "index"});
    }
    // One edge per source and kind (a graph's results all come from its
    // fetch).
    std::string key = from;
    for (const DotAttr &attribute : attributes)
      key += "|" + attribute.second;
    if (drawn.insert(key).second)
      dot.edge(from, to, attributes);
  }
}

void ExecutorPicture::drawFrame(const FrameAnalysis &frames,
                                const FrameAnalysis::Frame &frame,
                                unsigned depth, StringRef graphId) {
  if (!frame.isRoot())
    dot.beginCluster(
        ("cluster_" + graphId + "_frame" + Twine(frame.id)).str(),
        {{"label", ("frame " + frame.name).str()},
         {"style", "rounded,filled"},
         {"color", "#999999"},
         {"fillcolor", frameColours[depth % std::size(frameColours)]},
         {"class", "frame"}});
  for (Operation *node : frame.nodes)
    drawNode(node, /*inGraph=*/true);
  for (const std::unique_ptr<FrameAnalysis::Frame> &child : frames.getFrames())
    if (child->parent == &frame)
      drawFrame(frames, *child, depth + 1, graphId);
  if (!frame.isRoot())
    dot.endCluster();
}

LogicalResult ExecutorPicture::drawGraph(GraphOp graph) {
  FrameAnalysis frames(graph);
  if (!frames.isValid())
    return failure();
  std::string graphId = "g" + std::to_string(nextId++);
  dot.beginCluster("cluster_" + graphId, {{"label", "executor.graph"},
                                          {"style", "rounded,filled"},
                                          {"color", "#666666"},
                                          {"fillcolor", frameColours[0]},
                                          {"class", "graph"}});
  drawFrame(frames, frames.getRootFrame(), 0, graphId);
  // Nodes the analysis placed nowhere (none in a valid graph) stay in the
  // root frame, drawn all the same.
  for (Operation &node : graph.getBody().front().without_terminator())
    if (!ids.count(&node))
      drawNode(&node, /*inGraph=*/true);
  FetchOp fetch = graph.getFetch();
  drawNode(fetch, /*inGraph=*/true);
  fetchIds[graph] = idOf(fetch);
  dot.endCluster();
  for (Operation &node : graph.getBody().front())
    addEdges(&node);
  return success();
}

LogicalResult ExecutorPicture::write(ModuleOp module) {
  unsigned index = 0;
  for (auto function : module.getOps<func::FuncOp>()) {
    if (function.isExternal())
      continue;
    beginFunction(dot, function, index++, argumentIds);
    SmallVector<Operation *> plain;
    for (Operation &op : function.getBody().front()) {
      if (auto graph = dyn_cast<GraphOp>(op)) {
        if (failed(drawGraph(graph)))
          return failure();
        continue;
      }
      drawNode(&op, /*inGraph=*/false);
      plain.push_back(&op);
    }
    dot.endCluster();
    for (Operation *op : plain)
      addEdges(op);
  }
  if (liveness)
    dot.attribute({"label", "grey: dead in the run (dashed: never reached)"});
  dot.finish();
  return success();
}

LogicalResult
sluice::writeExecutorGraphviz(ModuleOp module, raw_ostream &os,
                              const interp::NodeLiveness *liveness) {
  // Written to a string first: a failure leaves `os` untouched.
  std::string text;
  llvm::raw_string_ostream buffer(text);
  ExecutorPicture picture(buffer, liveness);
  if (failed(picture.write(module)))
    return failure();
  os << text;
  return success();
}
