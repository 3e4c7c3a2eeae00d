//===- TestFrameAnalysis.cpp - print the frames of executor graphs --------===//
//
// Test pass for FrameAnalysis: prints, for every executor.graph, each frame
// with its parent, nodes and loop parts, one line per field:
//
//   graph 0 in @main
//   frame <root>
//     nodes: c0 e x
//   frame "while/ctx" parent <root>
//     nodes: m lim p lc s b n x
//     enters: e
//     ...
//
// Nodes are named by their NameLoc (`loc("name")`), else by op name and
// position in the graph (`executor.merge#3`).
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Executor/Analysis/FrameAnalysis.h"
#include "TestPasses.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/Support/raw_ostream.h"

namespace sluice::test {
#define GEN_PASS_DEF_TESTEXECUTORFRAMESPASS
#include "TestPasses.h.inc"
} // namespace sluice::test

using namespace mlir;
using namespace sluice::executor;

namespace {

/// Names the nodes of one graph stably: NameLoc or op name and position.
class NodeNamer {
public:
  explicit NodeNamer(GraphOp graph) {
    for (auto [index, op] : llvm::enumerate(graph.getBody().front()))
      positions[&op] = index;
  }

  void print(llvm::raw_ostream &os, Operation *op) const {
    Location loc = op->getLoc();
    if (auto fused = dyn_cast<FusedLoc>(loc);
        fused && !fused.getLocations().empty())
      loc = fused.getLocations().front();
    if (auto name = dyn_cast<NameLoc>(loc)) {
      os << name.getName().getValue();
      return;
    }
    os << op->getName() << "#" << positions.lookup(op);
  }

private:
  DenseMap<Operation *, unsigned> positions;
};

void printFrameName(llvm::raw_ostream &os, const FrameAnalysis::Frame &frame) {
  if (frame.isRoot())
    os << "<root>";
  else
    os << '"' << frame.name << '"';
}

template <typename Range>
void printNodes(llvm::raw_ostream &os, const NodeNamer &namer, StringRef field,
                Range &&ops) {
  os << "  " << field << ":";
  bool empty = true;
  for (auto op : ops) {
    os << ' ';
    namer.print(os, op.getOperation());
    empty = false;
  }
  if (empty)
    os << " -";
  os << "\n";
}

void printAnalysis(llvm::raw_ostream &os, const FrameAnalysis &analysis) {
  NodeNamer namer(analysis.getGraph());
  for (const std::unique_ptr<FrameAnalysis::Frame> &frame :
       analysis.getFrames()) {
    os << "frame ";
    printFrameName(os, *frame);
    if (!frame->isRoot()) {
      os << " parent ";
      printFrameName(os, *frame->parent);
    }
    os << "\n  nodes:";
    for (Operation *op : frame->nodes) {
      os << ' ';
      namer.print(os, op);
    }
    if (frame->nodes.empty())
      os << " -";
    os << "\n";
    if (frame->isRoot())
      continue;
    printNodes(os, namer, "enters", frame->enters);
    printNodes(os, namer, "invariants", frame->invariantEnters);
    printNodes(os, namer, "merges", frame->merges);
    os << "  loop_cond: ";
    if (frame->loopCond)
      namer.print(os, frame->loopCond);
    else
      os << "-";
    os << "\n";
    printNodes(os, namer, "switches", frame->switches);
    printNodes(os, namer, "next_iterations", frame->nextIterations);
    printNodes(os, namer, "exits", frame->exits);
  }
}

struct TestExecutorFramesPass
    : public sluice::test::impl::TestExecutorFramesPassBase<
          TestExecutorFramesPass> {
  void runOnOperation() override {
    unsigned index = 0;
    bool failed = false;
    getOperation()->walk([&](GraphOp graph) {
      FrameAnalysis analysis(graph);
      unsigned graphIndex = index++;
      if (!analysis.isValid()) {
        failed = true;
        return;
      }
      llvm::raw_ostream &os = llvm::outs();
      os << "graph " << graphIndex;
      if (auto symbol = graph->getParentOfType<SymbolOpInterface>())
        os << " in @" << symbol.getName();
      os << "\n";
      printAnalysis(os, analysis);
    });
    if (failed)
      signalPassFailure();
  }
};

} // namespace
