//===- ArenaPlan.h - one static arena plan for a whole TFLite model -*- C++
//-*-===//
//
// Plans every non-constant, statically shaped tensor of every subgraph of a
// model into one arena, as TFLite Micro's offline planner reads it (the
// "OfflineMemoryAllocation" metadata). Within a subgraph a tensor lives from
// the operator defining it (subgraph entry for inputs) to its last use
// (subgraph exit for outputs); tensors are placed first-fit by decreasing
// size. Across subgraphs a stack discipline: the subgraphs an IF/WHILE at
// position k of subgraph S calls run only during op k, so their arenas start
// above what S has live at op k; the branches of one IF, and the cond and
// body of one WHILE, never run at the same time and share that base. A
// subgraph called from several ops takes the highest base (one offset per
// tensor).
//
// Aliasing hook: the plan gives every tensor its own space. The next step
// (issue 8) gives the tensors of one alias class of
// sluice/Analysis/BufferAliasing.h one offset: ArenaSubgraph::aliasOf below
// is where the exporter will say so, and planArena's first-fit then places
// one interval per class (the union of its members' lifetimes) instead of
// one per tensor. Until then the exporter leaves aliasOf empty.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_TARGET_TFLITE_ARENAPLAN_H
#define SLUICE_LIB_TARGET_TFLITE_ARENAPLAN_H

#include <cstdint>
#include <vector>

namespace sluice::tflite_support {

/// One operator of a subgraph, as far as the plan cares.
struct ArenaOperator {
  std::vector<int32_t> inputs, outputs; // tensor indices; -1 = omitted
  std::vector<unsigned> callees;        // subgraphs it runs (IF, WHILE)
};

/// One subgraph: its tensors' sizes and its operators in execution order.
struct ArenaSubgraph {
  /// Bytes of each tensor; -1 = not planned (constant, dynamic shape).
  std::vector<int64_t> sizes;
  std::vector<int32_t> inputs, outputs;
  std::vector<ArenaOperator> operators;
  /// Reserved for buffer aliasing (see the file comment): empty, or one
  /// entry per tensor naming the tensor whose offset it takes (itself when
  /// it has its own). Not read yet.
  std::vector<int32_t> aliasOf;
};

struct ArenaPlan {
  /// Per subgraph, per tensor: the arena offset in bytes, -1 = not planned.
  std::vector<std::vector<int32_t>> offsets;
  /// Per subgraph: where its arena starts in the global plan.
  std::vector<int64_t> bases;
  /// Per subgraph: its peak bytes when planned alone.
  std::vector<int64_t> localPeaks;
  /// The whole model's peak bytes (the arena size the plan needs).
  int64_t globalPeak = 0;
  /// Whether any tensor of the subgraph is planned.
  bool hasPlannedTensors(unsigned subgraph) const;
};

/// Plans `subgraphs` (subgraph 0 is the entry; the call graph must be
/// acyclic, as in TFLite) with offsets aligned to `alignment` bytes.
ArenaPlan planArena(const std::vector<ArenaSubgraph> &subgraphs,
                    int64_t alignment = 16);

/// The "OfflineMemoryAllocation" words of one subgraph: version 1, the
/// subgraph index, the tensor count, one offset per tensor; little endian.
std::vector<uint8_t> serializeOfflinePlan(const ArenaPlan &plan,
                                          unsigned subgraph);

} // namespace sluice::tflite_support

#endif // SLUICE_LIB_TARGET_TFLITE_ARENAPLAN_H
