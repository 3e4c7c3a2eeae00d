//===- DotWriter.cpp - DOT text: clusters, nodes, edges -------------------===//

#include "DotWriter.h"

#include "sluice/Dialect/Executor/IR/ExecutorOps.h"
#include "sluice/Dialect/Lite/IR/SignatureNames.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Types.h"

using namespace mlir;

namespace sluice::graphviz {

std::string quote(StringRef text) {
  std::string quoted = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\')
      quoted += '\\';
    if (c == '\n') {
      quoted += "\\n";
      continue;
    }
    quoted += c;
  }
  return quoted + "\"";
}

std::string getNodeName(Location loc) {
  if (auto name = dyn_cast<NameLoc>(loc))
    return name.getName().str();
  if (auto fused = dyn_cast<FusedLoc>(loc))
    for (Location part : fused.getLocations())
      if (std::string name = getNodeName(part); !name.empty())
        return name;
  return "";
}

std::string resultTypes(Operation *op, size_t limit) {
  std::string text;
  llvm::raw_string_ostream os(text);
  bool first = true;
  for (Type type : op->getResultTypes()) {
    if (isa<executor::ControlType>(type))
      continue;
    if (!first)
      os << ", ";
    first = false;
    type.print(os);
  }
  if (text.size() > limit)
    text = text.substr(0, limit - 3) + "...";
  return text;
}

DotWriter::DotWriter(raw_ostream &os, StringRef name) : os(os) {
  os << "digraph " << quote(name) << " {\n"
     << "  graph [compound=true, fontname=\"Helvetica\", fontsize=11, "
        "labeljust=l, newrank=true, nodesep=0.25, ranksep=0.35];\n"
     << "  node [fontname=\"Helvetica\", fontsize=10, shape=box, "
        "style=\"rounded,filled\", fillcolor=\"#ffffff\", height=0.3];\n"
     << "  edge [fontname=\"Helvetica\", fontsize=9, arrowsize=0.7];\n";
}

void DotWriter::indent() { os.indent(2 * depth); }

void DotWriter::writeAttributes(ArrayRef<DotAttr> attributes) {
  if (attributes.empty())
    return;
  os << " [";
  for (auto [index, attribute] : llvm::enumerate(attributes))
    os << (index ? ", " : "") << attribute.first << "="
       << quote(attribute.second);
  os << "]";
}

void DotWriter::beginCluster(StringRef id, ArrayRef<DotAttr> attributes) {
  indent();
  os << "subgraph " << quote(id) << " {\n";
  ++depth;
  for (const DotAttr &attr : attributes)
    attribute(attr);
}

void DotWriter::endCluster() {
  --depth;
  indent();
  os << "}\n";
}

void DotWriter::attribute(const DotAttr &attribute) {
  indent();
  os << attribute.first << "=" << quote(attribute.second) << ";\n";
}

void DotWriter::sameRank(ArrayRef<std::string> ids) {
  if (ids.size() < 2)
    return;
  indent();
  os << "{rank=same;";
  for (const std::string &id : ids)
    os << " " << quote(id) << ";";
  os << "}\n";
}

void DotWriter::node(StringRef id, ArrayRef<DotAttr> attributes) {
  lastNode = id.str();
  indent();
  os << quote(id);
  writeAttributes(attributes);
  os << ";\n";
}

void DotWriter::edge(StringRef from, StringRef to,
                     ArrayRef<DotAttr> attributes) {
  std::string text;
  llvm::raw_string_ostream line(text);
  line << quote(from) << " -> " << quote(to);
  if (!attributes.empty()) {
    line << " [";
    for (auto [index, attribute] : llvm::enumerate(attributes))
      line << (index ? ", " : "") << attribute.first << "="
           << quote(attribute.second);
    line << "]";
  }
  edges.push_back(std::move(text));
}

void DotWriter::finish() {
  for (const std::string &edge : edges)
    os << "  " << edge << ";\n";
  os << "}\n";
}

void beginFunction(DotWriter &dot, func::FuncOp function, unsigned index,
                   llvm::DenseMap<Value, std::string> &argumentIds) {
  std::string functionId = "f" + std::to_string(index);
  dot.beginCluster("cluster_" + functionId,
                   {{"label", ("@" + function.getSymName()).str()},
                    {"style", "rounded"},
                    {"color", "#333333"},
                    {"class", "function"}});
  for (BlockArgument argument : function.getArguments()) {
    std::string id =
        functionId + "_arg" + std::to_string(argument.getArgNumber());
    argumentIds[argument] = id;
    std::string type;
    llvm::raw_string_ostream os(type);
    argument.getType().print(os);
    dot.node(id, {{"label", getArgumentName(function, argument.getArgNumber()) +
                                "\n" + type},
                  {"shape", "ellipse"},
                  {"style", "filled"},
                  {"fillcolor", "#fff2cc"},
                  {"class", "argument"}});
  }
}

} // namespace sluice::graphviz
