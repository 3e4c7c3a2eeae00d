//===- LiftedGraph.cpp - the picture of lifted (lite) programs ------------===//
//
// One cluster per function, one node per op, data edges from each value's
// node to its users. A lite.while is a cluster holding one node per slot
// (the slot's buffer: its cond and body argument and its result) and the
// clusters of its cond and body; a lite.if holds its decision node, the
// clusters of its branches and one node per result:
//
//   +-- lite.while ------------------------------+
//   |  [slot 0: in place]   [slot 1: copied (..)] |<-- init (entry copy?)
//   |  +-- cond --+  +-- body ----------------+   |
//   |  | less ... |  | add ... -- next ------>|---+--> back to its slot
//   |  +----------+  +------------------------+   |
//   +--------------------------------------------+
//
// Where BufferAliasing requires a copy (or a second buffer) the slot or
// result says which, and so does the edge it happens on: the init edge
// (entry copy), the body's next-value edge (copy, ping-pong, rotation) or a
// branch's yield edge (branch copy). The reasons are the nodes' tooltips.
//
//===----------------------------------------------------------------------===//

#include "DotWriter.h"

#include "sluice/Dialect/Lite/IR/LiteOps.h"
#include "sluice/Target/Graphviz/GraphvizExport.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace sluice;
using namespace sluice::graphviz;

namespace {

/// Fill colours of nested region clusters, by depth.
constexpr const char *regionColours[] = {"#eaf1fb", "#fdf3e7", "#eef7ea",
                                         "#f6ecf7"};
constexpr const char *inPlaceColour = "#d9ead3";
constexpr const char *copiedColour = "#f4cccc";
constexpr const char *copyEdgeColour = "#cc0000";

class LiftedPicture {
public:
  LiftedPicture(raw_ostream &os, const BufferAliasing &aliasing)
      : dot(os, "lifted"), aliasing(aliasing) {}

  void write(ModuleOp module);

private:
  /// Draws the ops of `block`; returns the id of the first node drawn (a
  /// block that only yields gets a node for its yield).
  std::string drawBlock(Block &block, unsigned depth);
  /// Draws `op`; returns the id of its (first) node, or "".
  std::string drawOp(Operation &op, unsigned depth);
  std::string drawWhile(lite::WhileOp loop, unsigned depth);
  std::string drawIf(lite::IfOp branch, unsigned depth);
  /// A slot of a lite.while or a result of a lite.if: its node, marked.
  void drawSlot(Operation *regionOp, unsigned index, StringRef id,
                StringRef what, Type type);
  /// The edges into `to` from `values` (each once).
  void addOperandEdges(ValueRange values, StringRef to);
  std::string newId() { return "n" + std::to_string(nextId++); }

  struct PendingEdge {
    Value from;
    std::string to;
    SmallVector<DotAttr> attributes;
  };

  DotWriter dot;
  const BufferAliasing &aliasing;
  /// The node each drawn value comes from.
  llvm::DenseMap<Value, std::string> sources;
  /// The last node of the lite.while each of its results comes from.
  llvm::DenseMap<Value, std::string> bottoms;
  /// Edges, resolved once every value has its node.
  SmallVector<PendingEdge> edges;
  unsigned nextId = 0;
};

} // namespace

/// A short text for a constant of one element (or a splat), else "".
static std::string constantText(Operation *op) {
  auto constant = dyn_cast<lite::ConstantOp>(op);
  if (!constant)
    return "";
  auto elements = dyn_cast<DenseElementsAttr>(constant.getValue());
  if (!elements || !elements.isSplat())
    return "";
  Attribute value = elements.getSplatValue<Attribute>();
  std::string text;
  if (auto integer = dyn_cast<IntegerAttr>(value)) {
    if (integer.getType().isInteger(1))
      text = integer.getValue().isZero() ? "false" : "true";
    else
      text = std::to_string(integer.getValue().getSExtValue());
  } else if (auto real = dyn_cast<FloatAttr>(value)) {
    text = llvm::formatv("{0}", real.getValueAsDouble()).str();
  } else {
    return "";
  }
  return elements.getNumElements() == 1 ? text : "splat " + text;
}

/// How a requirement kind reads in a label.
static StringRef kindName(CopyRequirement::Kind kind) {
  switch (kind) {
  case CopyRequirement::Kind::EntryCopy:
    return "entry copy";
  case CopyRequirement::Kind::BodyCopy:
    return "copy each iteration";
  case CopyRequirement::Kind::PingPong:
    return "ping-pong";
  case CopyRequirement::Kind::Rotate:
    return "rotated";
  case CopyRequirement::Kind::BranchCopy:
    return "branch copy";
  }
  llvm_unreachable("unknown copy kind");
}

void LiftedPicture::addOperandEdges(ValueRange values, StringRef to) {
  llvm::SetVector<Value> unique(values.begin(), values.end());
  for (Value value : unique)
    edges.push_back({value, to.str(), {}});
}

void LiftedPicture::drawSlot(Operation *regionOp, unsigned index, StringRef id,
                             StringRef what, Type type) {
  std::string typeText;
  llvm::raw_string_ostream os(typeText);
  type.print(os);
  std::string status, reasons;
  bool copied = false;
  if (aliasing.isInPlace(regionOp, index)) {
    status = "in place";
  } else {
    SmallVector<std::string> kinds;
    for (const CopyRequirement &copy : aliasing.getCopies(regionOp)) {
      if (copy.index != index)
        continue;
      copied |= copy.kind == CopyRequirement::Kind::EntryCopy ||
                copy.kind == CopyRequirement::Kind::BodyCopy ||
                copy.kind == CopyRequirement::Kind::BranchCopy;
      std::string kind = kindName(copy.kind).str();
      if (copy.kind == CopyRequirement::Kind::BranchCopy)
        kind += copy.branch == 0 ? " (then)" : " (else)";
      if (!llvm::is_contained(kinds, kind))
        kinds.push_back(kind);
      reasons += (reasons.empty() ? "" : "; ") + kind + ": " + copy.reason;
    }
    status = (copied ? "copied: " : "not in place: ") + llvm::join(kinds, ", ");
  }
  SmallVector<DotAttr> attributes = {
      {"label",
       (what + " " + Twine(index) + ": " + typeText + "\n" + status).str()},
      {"shape", "box"},
      {"style", "filled"},
      {"fillcolor", status == "in place" ? inPlaceColour : copiedColour},
      {"class", what.str() + (status == "in place" ? " in-place"
                              : copied             ? " copied"
                                                   : " not-in-place")}};
  if (!reasons.empty())
    attributes.push_back({"tooltip", reasons});
  dot.node(id, attributes);
}

std::string LiftedPicture::drawWhile(lite::WhileOp loop, unsigned depth) {
  std::string id = newId();
  dot.beginCluster(
      "cluster_" + id,
      {{"label", "lite.while"},
       {"style", "rounded,filled"},
       {"color", "#6d9eeb"},
       {"fillcolor", regionColours[depth % std::size(regionColours)]},
       {"class", "while"}});
  Block &cond = loop.getCond().front();
  Block &body = loop.getBody().front();
  ArrayRef<CopyRequirement> copies = aliasing.getCopies(loop);
  auto hasCopy = [&](unsigned index, CopyRequirement::Kind kind) {
    return llvm::any_of(copies, [&](const CopyRequirement &copy) {
      return copy.index == index && copy.kind == kind;
    });
  };
  for (auto [index, init] : llvm::enumerate(loop.getInits())) {
    std::string slot = id + "_s" + std::to_string(index);
    drawSlot(loop, index, slot, "slot", loop.getResult(index).getType());
    sources[cond.getArgument(index)] = slot;
    sources[body.getArgument(index)] = slot;
    sources[loop.getResult(index)] = slot;
    if (hasCopy(index, CopyRequirement::Kind::EntryCopy))
      edges.push_back({init,
                       slot,
                       {{"label", "init: copy"},
                        {"color", copyEdgeColour},
                        {"fontcolor", copyEdgeColour},
                        {"class", "init copy"}}});
    else
      edges.push_back({init, slot, {{"label", "init"}, {"class", "init"}}});
  }
  SmallVector<std::string> slots;
  for (unsigned index = 0, e = loop.getInits().size(); index < e; ++index)
    slots.push_back(id + "_s" + std::to_string(index));
  dot.sameRank(slots);
  std::string first = slots.empty() ? "" : slots.front();
  for (auto [region, name] : {std::make_pair(&loop.getCond(), "cond"),
                              std::make_pair(&loop.getBody(), "body")}) {
    dot.beginCluster(
        "cluster_" + id + "_" + name,
        {{"label", name},
         {"style", "rounded,filled"},
         {"color", "#999999"},
         {"fillcolor", regionColours[(depth + 1) % std::size(regionColours)]},
         {"class", name}});
    std::string regionFirst = drawBlock(region->front(), depth + 2);
    if (first.empty())
      first = regionFirst;
    dot.endCluster();
  }
  // The next value of each slot, from the body's yield.
  Operation *yield = body.getTerminator();
  for (auto [index, next] : llvm::enumerate(yield->getOperands())) {
    std::string label = "next";
    std::string classes = "next";
    for (auto kind :
         {CopyRequirement::Kind::BodyCopy, CopyRequirement::Kind::PingPong,
          CopyRequirement::Kind::Rotate})
      if (hasCopy(index, kind)) {
        label += ": " + kindName(kind).str();
        classes +=
            kind == CopyRequirement::Kind::BodyCopy ? " copy" : " buffer";
      }
    SmallVector<DotAttr> attributes = {
        {"label", label}, {"constraint", "false"}, {"class", classes}};
    if (label != "next") {
      attributes.push_back({"color", copyEdgeColour});
      attributes.push_back({"fontcolor", copyEdgeColour});
    }
    edges.push_back({next, id + "_s" + std::to_string(index), attributes});
  }
  // The loop's results are drawn from its slots, at the top of the
  // cluster: their users are ranked below its last node all the same.
  for (OpResult result : loop->getResults())
    bottoms[result] = dot.getLastNode().str();
  dot.endCluster();
  return first;
}

std::string LiftedPicture::drawIf(lite::IfOp branch, unsigned depth) {
  std::string id = newId();
  dot.beginCluster(
      "cluster_" + id,
      {{"label", "lite.if"},
       {"style", "rounded,filled"},
       {"color", "#e69138"},
       {"fillcolor", regionColours[depth % std::size(regionColours)]},
       {"class", "if"}});
  dot.node(id, {{"label", "lite.if"},
                {"shape", "diamond"},
                {"style", "filled"},
                {"fillcolor", "#f8cb9c"},
                {"class", "if-condition"}});
  addOperandEdges(branch->getOperands(), id);
  ArrayRef<CopyRequirement> copies = aliasing.getCopies(branch);
  Region *regions[] = {&branch.getThenRegion(), &branch.getElseRegion()};
  for (auto [index, region] : llvm::enumerate(regions)) {
    StringRef name = index == 0 ? "then" : "else";
    std::string clusterId = ("cluster_" + id + "_" + name).str();
    dot.beginCluster(
        clusterId,
        {{"label", name.str()},
         {"style", "rounded,filled"},
         {"color", "#999999"},
         {"fillcolor", regionColours[(depth + 1) % std::size(regionColours)]},
         {"class", name.str()}});
    std::string first = drawBlock(region->front(), depth + 2);
    dot.endCluster();
    dot.edge(id, first,
             {{"label", index == 0 ? "true" : "false"},
              {"lhead", clusterId},
              {"style", "dashed"},
              {"class", "branch"}});
    Operation *yield = region->front().getTerminator();
    for (OpOperand &yielded : yield->getOpOperands()) {
      unsigned result = yielded.getOperandNumber();
      unsigned branchIndex = index;
      bool copy = llvm::any_of(copies, [&](const CopyRequirement &c) {
        return c.index == result && c.branch == branchIndex &&
               c.kind == CopyRequirement::Kind::BranchCopy;
      });
      SmallVector<DotAttr> attributes = {
          {"label", (name + (copy ? ": copy" : "")).str()},
          {"class", copy ? "yield copy" : "yield"}};
      if (copy) {
        attributes.push_back({"color", copyEdgeColour});
        attributes.push_back({"fontcolor", copyEdgeColour});
      }
      edges.push_back(
          {yielded.get(), id + "_r" + std::to_string(result), attributes});
    }
  }
  for (OpResult result : branch->getResults()) {
    std::string resultId = id + "_r" + std::to_string(result.getResultNumber());
    drawSlot(branch, result.getResultNumber(), resultId, "result",
             result.getType());
    sources[result] = resultId;
  }
  dot.endCluster();
  return id;
}

std::string LiftedPicture::drawOp(Operation &op, unsigned depth) {
  if (auto loop = dyn_cast<lite::WhileOp>(op))
    return drawWhile(loop, depth);
  if (auto branch = dyn_cast<lite::IfOp>(op))
    return drawIf(branch, depth);
  Operation *parent = op.getParentOp();
  bool isYield = isa<lite::YieldOp>(op);
  // A body's or a branch's yield is drawn as the edges to the slots or
  // results it feeds (drawWhile, drawIf).
  if (isYield &&
      (isa<lite::IfOp>(parent) ||
       op.getParentRegion() == &cast<lite::WhileOp>(parent).getBody()))
    return "";
  std::string id = newId();
  std::string label = op.getName().getStringRef().str();
  SmallVector<DotAttr> attributes;
  if (isYield) {
    label = "continue?";
    attributes = {
        {"shape", "diamond"}, {"fillcolor", "#ffe599"}, {"class", "condition"}};
  } else if (isa<func::ReturnOp>(op)) {
    attributes = {{"fillcolor", "#d9d9d9"}, {"class", "return"}};
  } else {
    if (std::string value = constantText(&op); !value.empty())
      label += " " + value;
    if (std::string types = resultTypes(&op); !types.empty())
      label += "\n" + types;
    attributes = {{"class", "op"}};
  }
  if (std::string name = getNodeName(op.getLoc()); !name.empty())
    attributes.push_back({"tooltip", name});
  attributes.insert(attributes.begin(), {"label", label});
  dot.node(id, attributes);
  for (OpResult result : op.getResults())
    sources[result] = id;
  addOperandEdges(op.getOperands(), id);
  // Other ops with regions: their regions as clusters below the op.
  for (auto [index, region] : llvm::enumerate(op.getRegions())) {
    if (region.empty())
      continue;
    dot.beginCluster(
        "cluster_" + id + "_region" + std::to_string(index),
        {{"label", label + " region " + std::to_string(index)},
         {"style", "rounded,filled"},
         {"color", "#999999"},
         {"fillcolor", regionColours[depth % std::size(regionColours)]}});
    for (Block &block : region)
      drawBlock(block, depth + 1);
    dot.endCluster();
  }
  return id;
}

std::string LiftedPicture::drawBlock(Block &block, unsigned depth) {
  std::string first;
  for (Operation &op : block) {
    std::string id = drawOp(op, depth);
    if (first.empty())
      first = id;
  }
  if (first.empty()) {
    // Only a yield: a node for it keeps the region's cluster visible.
    first = newId();
    dot.node(first, {{"label", "lite.yield"},
                     {"shape", "plaintext"},
                     {"style", ""},
                     {"class", "yield"}});
  }
  return first;
}

void LiftedPicture::write(ModuleOp module) {
  unsigned index = 0;
  for (auto function : module.getOps<func::FuncOp>()) {
    if (function.isExternal())
      continue;
    beginFunction(dot, function, index++, sources);
    drawBlock(function.getBody().front(), 0);
    dot.endCluster();
  }
  llvm::StringSet<> ranked;
  for (const PendingEdge &edge : edges) {
    std::string from = sources.lookup(edge.from);
    if (from.empty())
      continue;
    dot.edge(from, edge.to, edge.attributes);
    bool ranks =
        !llvm::is_contained(edge.attributes, DotAttr("constraint", "false"));
    if (std::string bottom = bottoms.lookup(edge.from);
        ranks && !bottom.empty() &&
        ranked.insert(bottom + "->" + edge.to).second)
      dot.edge(bottom, edge.to, {{"style", "invis"}});
  }
  dot.finish();
}

void sluice::writeLiftedGraphviz(ModuleOp module, raw_ostream &os,
                                 const BufferModel &model) {
  BufferAliasing aliasing(module, model);
  LiftedPicture(os, aliasing).write(module);
}
