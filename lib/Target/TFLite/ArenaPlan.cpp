//===- ArenaPlan.cpp - one static arena plan for a whole TFLite model -----===//
//
// Each subgraph is planned alone first (first-fit by decreasing size over
// the tensors' lifetimes, offsets relative to the subgraph's base); then the
// bases follow the call graph from the entry: a callee starts above what its
// caller has live at the calling op, the highest such point over all its
// callers.
//
//===----------------------------------------------------------------------===//

#include "ArenaPlan.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <limits>
#include <numeric>

using namespace sluice::tflite_support;

static int64_t alignUp(int64_t value, int64_t alignment) {
  return (value + alignment - 1) / alignment * alignment;
}

namespace {
/// A subgraph planned alone: offsets relative to its base.
struct LocalPlan {
  std::vector<int64_t> offsets; // -1: not planned
  std::vector<int64_t> start, end;
  int64_t peak = 0;
};
} // namespace

static LocalPlan planSubgraph(const ArenaSubgraph &subgraph,
                              int64_t alignment) {
  size_t numTensors = subgraph.sizes.size();
  int64_t numOps = subgraph.operators.size();
  LocalPlan plan;
  plan.offsets.assign(numTensors, -1);
  // Lifetimes in operator positions: inputs from -1 (entry), outputs to
  // numOps (exit); a tensor nothing defines or uses stays empty.
  plan.start.assign(numTensors, std::numeric_limits<int64_t>::max());
  plan.end.assign(numTensors, std::numeric_limits<int64_t>::min());
  auto live = [&](int32_t tensor, int64_t position) {
    if (tensor < 0 || static_cast<size_t>(tensor) >= numTensors)
      return;
    plan.start[tensor] = std::min(plan.start[tensor], position);
    plan.end[tensor] = std::max(plan.end[tensor], position);
  };
  for (int32_t tensor : subgraph.inputs)
    live(tensor, -1);
  for (auto [position, op] : llvm::enumerate(subgraph.operators)) {
    for (int32_t tensor : op.inputs)
      live(tensor, static_cast<int64_t>(position));
    for (int32_t tensor : op.outputs)
      live(tensor, static_cast<int64_t>(position));
  }
  for (int32_t tensor : subgraph.outputs)
    live(tensor, numOps);

  std::vector<size_t> order;
  for (size_t tensor = 0; tensor < numTensors; ++tensor)
    if (subgraph.sizes[tensor] > 0 && plan.start[tensor] <= plan.end[tensor])
      order.push_back(tensor);
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    if (subgraph.sizes[a] != subgraph.sizes[b])
      return subgraph.sizes[a] > subgraph.sizes[b];
    return a < b;
  });
  std::vector<size_t> placed;
  for (size_t tensor : order) {
    // The placed tensors live at the same time, by offset; take the lowest
    // aligned gap that holds this one.
    std::vector<std::pair<int64_t, int64_t>> busy;
    for (size_t other : placed)
      if (plan.start[other] <= plan.end[tensor] &&
          plan.start[tensor] <= plan.end[other])
        busy.emplace_back(plan.offsets[other],
                          plan.offsets[other] + subgraph.sizes[other]);
    std::sort(busy.begin(), busy.end());
    int64_t offset = 0;
    for (auto [begin, end] : busy) {
      if (offset + subgraph.sizes[tensor] <= begin)
        break;
      offset = std::max(offset, alignUp(end, alignment));
    }
    plan.offsets[tensor] = offset;
    plan.peak = std::max(plan.peak, offset + subgraph.sizes[tensor]);
    placed.push_back(tensor);
  }
  return plan;
}

bool ArenaPlan::hasPlannedTensors(unsigned subgraph) const {
  return llvm::any_of(offsets[subgraph], [](int32_t o) { return o >= 0; });
}

ArenaPlan
sluice::tflite_support::planArena(const std::vector<ArenaSubgraph> &subgraphs,
                                  int64_t alignment) {
  size_t count = subgraphs.size();
  std::vector<LocalPlan> locals;
  for (const ArenaSubgraph &subgraph : subgraphs)
    locals.push_back(planSubgraph(subgraph, alignment));

  // Callers before callees (Kahn's order over the acyclic call graph).
  std::vector<unsigned> callers(count, 0);
  for (const ArenaSubgraph &subgraph : subgraphs)
    for (const ArenaOperator &op : subgraph.operators)
      for (unsigned callee : op.callees)
        if (callee < count)
          ++callers[callee];
  std::vector<unsigned> ready;
  for (unsigned index = 0; index < count; ++index)
    if (callers[index] == 0)
      ready.push_back(index);
  ArenaPlan plan;
  plan.bases.assign(count, 0);
  while (!ready.empty()) {
    unsigned caller = ready.back();
    ready.pop_back();
    const LocalPlan &local = locals[caller];
    for (auto [position, op] : llvm::enumerate(subgraphs[caller].operators)) {
      if (op.callees.empty())
        continue;
      // The top of what the caller has live while op `position` runs.
      int64_t top = 0;
      for (size_t tensor = 0; tensor < local.offsets.size(); ++tensor)
        if (local.offsets[tensor] >= 0 &&
            local.start[tensor] <= static_cast<int64_t>(position) &&
            static_cast<int64_t>(position) <= local.end[tensor])
          top = std::max(top, local.offsets[tensor] +
                                  subgraphs[caller].sizes[tensor]);
      int64_t base = plan.bases[caller] + alignUp(top, alignment);
      for (unsigned callee : op.callees) {
        if (callee >= count)
          continue;
        plan.bases[callee] = std::max(plan.bases[callee], base);
        if (--callers[callee] == 0)
          ready.push_back(callee);
      }
    }
  }

  plan.offsets.resize(count);
  for (unsigned index = 0; index < count; ++index) {
    const LocalPlan &local = locals[index];
    plan.localPeaks.push_back(local.peak);
    std::vector<int32_t> &offsets = plan.offsets[index];
    offsets.assign(local.offsets.size(), -1);
    for (size_t tensor = 0; tensor < offsets.size(); ++tensor) {
      if (local.offsets[tensor] < 0)
        continue;
      int64_t offset = plan.bases[index] + local.offsets[tensor];
      // Beyond what the metadata's int32 words hold: the runtime plans it.
      if (offset + subgraphs[index].sizes[tensor] >
          std::numeric_limits<int32_t>::max())
        continue;
      offsets[tensor] = static_cast<int32_t>(offset);
      plan.globalPeak =
          std::max(plan.globalPeak, offset + subgraphs[index].sizes[tensor]);
    }
  }
  return plan;
}

std::vector<uint8_t>
sluice::tflite_support::serializeOfflinePlan(const ArenaPlan &plan,
                                             unsigned subgraph) {
  std::vector<int32_t> words = {
      1, static_cast<int32_t>(subgraph),
      static_cast<int32_t>(plan.offsets[subgraph].size())};
  words.insert(words.end(), plan.offsets[subgraph].begin(),
               plan.offsets[subgraph].end());
  std::vector<uint8_t> bytes;
  for (int32_t word : words) {
    auto bits = static_cast<uint32_t>(word);
    for (int shift = 0; shift < 32; shift += 8)
      bytes.push_back(static_cast<uint8_t>(bits >> shift));
  }
  return bytes;
}
