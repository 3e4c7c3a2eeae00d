//===- MemoryReport.h - a program's memory, loop by loop --------*- C++ -*-===//
//
// What a program's loops cost in memory on each back end (sluicec --report,
// Program::memoryReport), measured on what the back ends make of it:
//
//   per function, per lite.while (nested ones too, by a path of indices:
//   "0", "0.1" = the second loop directly inside loop 0):
//     state      the loop-carried slots' static bytes (dynamic ones counted
//                apart), and BufferAliasing's decision for each slot on both
//                targets, as -lite-plan-buffers records it (#lite.slot)
//     native     memref.copy/linalg.copy ops, their static bytes, and
//                memref.alloc ops in the loop's body after sluice-bufferize:
//                what bench/buffers/bench.py counts (count_in_loops), each op
//                attributed to its innermost lite.while
//     LiteRT     the copies LiteRT's WHILE kernel makes per iteration
//                (tensorflow/lite/kernels/while.cc): a body of static shapes
//                runs Eval_static, which copies the body's outputs to its
//                inputs (every slot) and to the condition's inputs (the
//                slots the condition reads); otherwise Eval_dynamic also
//                copies the outputs back to the WHILE's outputs
//     arena      the moves of the exported WHILE (captures included) over
//                the --plan-buffers arena per iteration, as TFLite Micro
//                makes them and test/Target/TFLite/check_arena_plan.py
//                simulates them (body.in := r, r := body.out, cond.in := r
//                for every slot): copied, or elided where both tensors are
//                at one offset
//   per program:
//     the arena plan's peak (plan.py's `global`: the end of the highest
//     planned tensor, rounded up to 16) against the sum of the planned
//     subgraphs' peaks alone (`sum`), and the largest tensors live at the
//     peak (the highest tensor's subgraph at its fullest operator, with the
//     tensors its callers keep live at the calling operators).
//
// Copies inside a loop's body that other ops make (a lite.if's branches, a
// nested loop) are not the loop's: each op is counted once, at its
// innermost loop.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_API_MEMORYREPORT_H
#define SLUICE_API_MEMORYREPORT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sluice {

/// Copies, their bytes (static shapes only) and allocations.
struct CopyCounts {
  int64_t copies = 0, bytes = 0, allocs = 0;

  CopyCounts &operator+=(const CopyCounts &other) {
    copies += other.copies;
    bytes += other.bytes;
    allocs += other.allocs;
    return *this;
  }
  bool operator==(const CopyCounts &other) const {
    return copies == other.copies && bytes == other.bytes &&
           allocs == other.allocs;
  }
};

/// One loop-carried slot of a lite.while.
struct LoopSlotReport {
  /// The tensor type, as MLIR prints it.
  std::string type;
  /// Static bytes, or -1 when the shape is dynamic.
  int64_t bytes = -1;
  /// BufferAliasing's decision for TFLite and for native code, as the
  /// #lite.slot prints it ("none", "body, buffer = 2", "ping_pong"); empty
  /// when that target's pipeline left no decision on the loop.
  std::string tflite, native;
};

/// The WHILE operator a lite.while became in the exported model.
struct TFLiteLoopReport {
  /// Where it is: operator `op` of subgraph `subgraph`.
  unsigned subgraph = 0, op = 0;
  /// WHILE operators made from this loop (a function inlined twice).
  unsigned instances = 1;
  /// The WHILE's slots: the loop's, then the values the outlined regions
  /// capture.
  unsigned slots = 0;
  /// LiteRT's path: Eval_dynamic when a body tensor has a dynamic shape.
  bool dynamicBody = false;
  /// LiteRT's copies per iteration (no allocations).
  CopyCounts litert;
  /// The planned arena's moves per iteration: copied, and elided (between
  /// tensors at one offset).
  CopyCounts arenaCopied, arenaElided;
};

struct LoopReport {
  /// "0", "0.1": the loop's index among the loops directly in its function
  /// or loop body, after its parents' indices.
  std::string path;
  /// Nesting depth (0: directly in the function, or in a lite.if there).
  unsigned depth = 0;
  /// The lite.while's location ("file:line:col", or a name).
  std::string location;
  std::vector<LoopSlotReport> slots;
  /// The static slots' bytes, and how many slots are dynamic.
  int64_t stateBytes = 0;
  unsigned dynamicSlots = 0;
  /// Native code, per iteration (ops in the loop's body, nested loops'
  /// apart).
  CopyCounts native;
  /// None when the loop is not in the exported model (its function is not
  /// the entry and the entry does not call it).
  std::optional<TFLiteLoopReport> tflite;
};

struct FunctionReport {
  std::string name;
  /// Pre-order: a loop before the loops nested in it.
  std::vector<LoopReport> loops;
  /// Native: what the function's loops count together, and the part of it
  /// in loops that are no lite.while (scf.for loops the lowering of an op
  /// makes outside any lite.while).
  CopyCounts native, nativeOutsideWhile;
};

/// A tensor of the arena plan.
struct ArenaTensorReport {
  std::string subgraph, name, location;
  int64_t bytes = 0, offset = 0;
};

struct MemoryReport {
  /// The function the TFLite model is made of.
  std::string entry;
  std::vector<FunctionReport> functions;
  /// Native, in every loop of the bufferized program: bench.py's
  /// copies/bytes/allocs.
  CopyCounts native;
  /// The model's subgraphs, and those with planned tensors.
  unsigned subgraphs = 0, plannedSubgraphs = 0;
  /// plan.py's `global` and `sum`.
  int64_t globalPeak = 0, sumOfPeaks = 0;
  /// The largest tensors live at the peak, largest first (at most
  /// `MemoryReportOptions::peakTensors`).
  std::vector<ArenaTensorReport> liveAtPeak;

  /// The report as JSON: {"entry", "native": {copies, bytes, allocs},
  /// "arena": {subgraphs, planned_subgraphs, global, sum, live_at_peak:
  /// [{subgraph, name, location, bytes, offset}]}, "functions": [{name,
  /// native, native_outside_while, loops: [{path, depth, location,
  /// state_bytes, dynamic_slots, slots: [{type, bytes (null: dynamic),
  /// tflite, native}], native, tflite: null | {subgraph, op, instances,
  /// slots, path: "static"|"dynamic", litert: {copies, bytes},
  /// arena: {copies, bytes, elided, elided_bytes}}}]}]}.
  llvm::json::Value toJSON() const;
  /// As text, for people (docs/usage.md shows it).
  void print(llvm::raw_ostream &os) const;
};

struct MemoryReportOptions {
  /// The function the TFLite model is made of (its subgraph 0).
  std::string entry = "main";
  /// How many of the tensors live at the peak to list.
  unsigned peakTensors = 5;
};

} // namespace sluice

#endif // SLUICE_API_MEMORYREPORT_H
