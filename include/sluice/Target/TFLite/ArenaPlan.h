//===- ArenaPlan.h - one static arena plan for a whole TFLite model -------===//
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
// Aliasing: the tensors the control-flow kernels copy between get one offset
// where the copy then moves nothing. Which may share is not decided here:
// BufferAliasing (sluice/Analysis/BufferAliasing.h) decides it for TFLite's
// BufferModel, -lite-plan-buffers records it on the lite.while/lite.if
// (`lite.buffers`) and the exporter passes it in as each operator's
// ArenaSlots. The plan applies it where the tensors allow (planned, same
// size, not claimed twice, every call site agreeing). The runtime's moves are,
// per slot in order (a copy between equal addresses is no copy):
//
//   WHILE x -> r, cond C, body B      IF (c, a...) -> r, branches T/E
//     C.in  := x;  run C                T.in := a;  run T
//     r     := x                        r    := T.out
//     while C.out:
//       B.in  := r;  run B
//       r     := B.out
//       C.in  := r;  run C
//
// Slot i of a WHILE puts C.in[i], B.in[i] and B.out[i] at r[i]'s offset,
// and an IF puts a branch's inputs at the IF's inputs and its outputs at
// r's (a callee with several call sites: where all of them agree on the
// offset), unless the decision says otherwise:
//   - x[i] and r[i] share one offset in the caller only without an entry
//     copy (ArenaSlot::operandShared);
//   - B.out[i] stays apart when B.in[i] is at r[i] and the slot is not in
//     place (ArenaSlot::bodyOutputShared: a copy at the yield or ping-pong);
// and where the tensors do not allow it:
//   - B.in[i] stays apart when it is another slot's body output tensor (a
//     swap or rotation: WHILE copies the outputs into r one slot after
//     another, so the copies would overwrite it before it is read);
//   - an output that is a subgraph input or constant, or that another slot
//     already claimed, stays apart.
// An IF branch's computed output is at the result's offset whether the
// branch computes it there or, where the analysis requires a copy, the
// exporter's copy op writes it there.
// test/Target/TFLite/check_arena_plan.py checks plans by running these
// moves over the arena, independently of this file.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_TARGET_TFLITE_ARENAPLAN_H
#define SLUICE_TARGET_TFLITE_ARENAPLAN_H

#include <cstddef>
#include <cstdint>
#include <vector>

namespace sluice::tflite_support {

/// The control-flow operators whose callees the plan aliases.
enum class ArenaControlFlow { None, If, While };

/// BufferAliasing's decision for one slot of a WHILE (its #lite.slot), in
/// the plan's terms. The defaults share nothing.
struct ArenaSlot {
  /// The operand and the result may share an offset (no entry copy).
  bool operandShared = false;
  /// The body's output may be at the result's offset while the body's input
  /// is there too (the slot is in place).
  bool bodyOutputShared = false;
};

/// One operator of a subgraph, as far as the plan cares.
struct ArenaOperator {
  std::vector<int32_t> inputs, outputs; // tensor indices; -1 = omitted
  /// Subgraphs it runs: {then, else} of an IF, {cond, body} of a WHILE.
  std::vector<unsigned> callees;
  ArenaControlFlow kind = ArenaControlFlow::None;
  /// WHILE: one per slot; a missing one shares nothing.
  std::vector<ArenaSlot> slots;

  /// The decision for slot or result `index`.
  ArenaSlot getSlot(std::size_t index) const {
    return index < slots.size() ? slots[index] : ArenaSlot();
  }
};

/// One subgraph: its tensors' sizes and its operators in execution order.
struct ArenaSubgraph {
  /// Bytes of each tensor; -1 = not planned (constant, dynamic shape).
  std::vector<int64_t> sizes;
  std::vector<int32_t> inputs, outputs;
  std::vector<ArenaOperator> operators;
};

struct ArenaPlan {
  /// Per subgraph, per tensor: the arena offset in bytes, -1 = not planned.
  std::vector<std::vector<int32_t>> offsets;
  /// Per subgraph: where its own tensors start in the global plan.
  std::vector<int64_t> bases;
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

#endif // SLUICE_TARGET_TFLITE_ARENAPLAN_H
