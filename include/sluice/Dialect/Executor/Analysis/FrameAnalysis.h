//===- FrameAnalysis.h - frames (loops) of an executor graph ----*- C++ -*-===//
//
// The static counterpart of the executor's frames: assigns every node of an
// executor.graph to the frame it runs in and finds the parts of each loop.
//
//   a node runs in the frame of its inputs (data, control and island
//   captures); a node without inputs from other nodes runs in the root frame;
//   enter's results are in the child frame `frame_name` of the enter's frame;
//   exit's results are in the parent of the exit's frame;
//   next_iteration's results stay in its frame.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_EXECUTOR_ANALYSIS_FRAMEANALYSIS_H
#define SLUICE_DIALECT_EXECUTOR_ANALYSIS_FRAMEANALYSIS_H

#include "sluice/Dialect/Executor/IR/ExecutorOps.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"

#include <memory>

namespace sluice::executor {

/// The frames of one executor.graph. Construction runs the analysis and
/// reports malformed frames as errors on the offending nodes; `isValid()`
/// tells whether any was reported. Usable with `getAnalysis<FrameAnalysis,
/// GraphOp>()`.
class FrameAnalysis {
public:
  /// A frame: the root frame, or one loop entered through `enter`s naming it.
  struct Frame {
    /// The frame name of its enters; empty for the root frame.
    llvm::StringRef name;
    /// The frame its enters run in; null for the root frame.
    const Frame *parent = nullptr;
    /// The nodes that run in this frame, in graph order.
    llvm::SmallVector<mlir::Operation *> nodes;
    /// The enters into this frame, in graph order: loop-carried values
    /// (`enters`) and loop invariants (`constant`, `invariantEnters`).
    llvm::SmallVector<EnterOp> enters;
    llvm::SmallVector<EnterOp> invariantEnters;
    /// The loop's merges: merges of this frame fed by a next_iteration.
    llvm::SmallVector<MergeOp> merges;
    /// The loop's pivot; null when the frame has none.
    LoopCondOp loopCond;
    /// The switches whose predicate is `loopCond`.
    llvm::SmallVector<SwitchOp> switches;
    llvm::SmallVector<NextIterationOp> nextIterations;
    /// The exits leaving this frame (they run in it).
    llvm::SmallVector<ExitOp> exits;

    /// The position of this frame in `getFrames()`.
    unsigned id = 0;

    bool isRoot() const { return parent == nullptr; }
  };

  explicit FrameAnalysis(GraphOp graph);

  /// Whether the graph's frames are well formed (no error was reported).
  bool isValid() const { return mlir::succeeded(status); }
  mlir::LogicalResult getStatus() const { return status; }

  GraphOp getGraph() const { return graph; }

  /// Every frame, the root first, then in the order the analysis discovers
  /// them (a frame always after its parent).
  llvm::ArrayRef<std::unique_ptr<Frame>> getFrames() const { return frames; }
  const Frame &getRootFrame() const { return *frames.front(); }
  /// The frame called `name`, or null.
  const Frame *lookupFrame(llvm::StringRef name) const;

  /// The frame node `op` runs in; null when `op` is not a node of the graph
  /// or the analysis could not place it (an error was reported).
  const Frame *getFrame(mlir::Operation *op) const;
  /// The frame `value` is available in: the frame of its defining node, the
  /// child frame for an enter's results, the parent frame for an exit's.
  /// Null for values not defined by a node of the graph (graph captures are
  /// available in every frame) or on nodes the analysis could not place.
  const Frame *getFrame(mlir::Value value) const;

private:
  Frame *getOrCreateChildFrame(EnterOp enter, Frame *parent);
  void run();
  void classify();

  GraphOp graph;
  mlir::LogicalResult status = mlir::success();
  llvm::SmallVector<std::unique_ptr<Frame>> frames;
  llvm::StringMap<Frame *> framesByName;
  /// The frame each placed node runs in.
  llvm::DenseMap<mlir::Operation *, Frame *> nodeFrames;
  /// The frame each placed node's results are in, when not its own.
  llvm::DenseMap<mlir::Operation *, Frame *> resultFrames;
  /// The first enter into each frame, for diagnostics.
  llvm::DenseMap<const Frame *, EnterOp> firstEnters;
};

} // namespace sluice::executor

#endif // SLUICE_DIALECT_EXECUTOR_ANALYSIS_FRAMEANALYSIS_H
