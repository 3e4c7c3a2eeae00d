//===- DotWriter.h - DOT text: clusters, nodes, edges -----------*- C++ -*-===//
//
// The DOT syntax both pictures share: quoted ids, escaped labels, clusters
// nested by indentation, and edges kept until the end (written at the top
// level, so that an edge never places a node in a cluster). Private to
// lib/Target/Graphviz.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_TARGET_GRAPHVIZ_DOTWRITER_H
#define SLUICE_LIB_TARGET_GRAPHVIZ_DOTWRITER_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <utility>

namespace sluice::graphviz {

/// An attribute: name and (unescaped) value.
using DotAttr = std::pair<llvm::StringRef, std::string>;

/// `text` as a DOT quoted string, with its quotes: backslashes and quotes
/// escaped, line breaks as \n.
std::string quote(llvm::StringRef text);

/// The TensorFlow node name a location carries (the GraphDef importer's
/// NameLoc, possibly fused), or "".
std::string getNodeName(mlir::Location loc);

/// "t1, t2": the types of `op`'s results that are not executor control
/// tokens, shortened to `limit` characters.
std::string resultTypes(mlir::Operation *op, size_t limit = 48);

class DotWriter {
public:
  /// Begins `digraph "<name>"` with the pictures' shared defaults.
  DotWriter(llvm::raw_ostream &os, llvm::StringRef name);

  void beginCluster(llvm::StringRef id, llvm::ArrayRef<DotAttr> attributes);
  void endCluster();
  void node(llvm::StringRef id, llvm::ArrayRef<DotAttr> attributes);
  /// Places the nodes `ids` (drawn before) on one rank.
  void sameRank(llvm::ArrayRef<std::string> ids);
  /// The last node drawn.
  llvm::StringRef getLastNode() const { return lastNode; }
  /// An edge, written by finish().
  void edge(llvm::StringRef from, llvm::StringRef to,
            llvm::ArrayRef<DotAttr> attributes = {});
  /// A graph attribute at the current level (a cluster's or the graph's).
  void attribute(const DotAttr &attribute);
  /// Writes the edges and closes the graph.
  void finish();

private:
  void writeAttributes(llvm::ArrayRef<DotAttr> attributes);
  void indent();

  llvm::raw_ostream &os;
  unsigned depth = 1;
  std::string lastNode;
  llvm::SmallVector<std::string> edges;
};

/// Opens the cluster of `function`, "cluster_f<index>", and draws a node
/// per argument (its name and type), recording its id in `argumentIds`. The
/// caller draws the body and closes the cluster.
void beginFunction(DotWriter &dot, mlir::func::FuncOp function, unsigned index,
                   llvm::DenseMap<mlir::Value, std::string> &argumentIds);

} // namespace sluice::graphviz

#endif // SLUICE_LIB_TARGET_GRAPHVIZ_DOTWRITER_H
