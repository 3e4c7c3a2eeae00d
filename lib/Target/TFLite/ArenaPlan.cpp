//===- ArenaPlan.cpp - one static arena plan for a whole TFLite model -----===//
//
// Subgraphs are planned callers first (Kahn's order over the call graph).
// A subgraph's own tensors are placed first-fit by decreasing size above its
// base, the highest point its callers have live at a calling op; the
// tensors a control-flow operator copies to or from are fixed at the
// caller's offsets beforehand (aliasing, see ArenaPlan.h).
//
//===----------------------------------------------------------------------===//

#include "sluice/Target/TFLite/ArenaPlan.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <limits>
#include <map>

using namespace sluice::tflite_support;

static int64_t alignUp(int64_t value, int64_t alignment) {
  return (value + alignment - 1) / alignment * alignment;
}

namespace {
/// Where each tensor of one subgraph is live, in operator positions: inputs
/// from -1 (entry), outputs to the operator count (exit); empty (start >
/// end) for a tensor nothing defines or uses.
struct Lifetimes {
  std::vector<int64_t> start, end;
  /// The operator defining each tensor (-1: none).
  std::vector<int64_t> definedAt;

  explicit Lifetimes(const ArenaSubgraph &subgraph) {
    size_t numTensors = subgraph.sizes.size();
    start.assign(numTensors, std::numeric_limits<int64_t>::max());
    end.assign(numTensors, std::numeric_limits<int64_t>::min());
    definedAt.assign(numTensors, -1);
    for (int32_t tensor : subgraph.inputs)
      live(tensor, -1);
    for (auto [position, op] : llvm::enumerate(subgraph.operators)) {
      auto at = static_cast<int64_t>(position);
      for (int32_t tensor : op.inputs)
        live(tensor, at);
      for (int32_t tensor : op.outputs)
        if (live(tensor, at) && definedAt[tensor] < 0)
          definedAt[tensor] = at;
    }
    for (int32_t tensor : subgraph.outputs)
      live(tensor, static_cast<int64_t>(subgraph.operators.size()));
  }

  bool isLiveAt(size_t tensor, int64_t position) const {
    return start[tensor] <= position && position <= end[tensor];
  }

private:
  bool live(int32_t tensor, int64_t position) {
    if (tensor < 0 || static_cast<size_t>(tensor) >= start.size())
      return false;
    start[tensor] = std::min(start[tensor], position);
    end[tensor] = std::max(end[tensor], position);
    return true;
  }
};

/// Offsets fixed before a subgraph is planned: tensor -> global offset.
using FixedOffsets = std::map<int32_t, int64_t>;
} // namespace

/// Whether `tensor` is a plannable tensor of `subgraph`.
static bool isPlanned(const ArenaSubgraph &subgraph, int32_t tensor) {
  return tensor >= 0 && static_cast<size_t>(tensor) < subgraph.sizes.size() &&
         subgraph.sizes[tensor] > 0;
}

/// The WHILE operands that share their result's offset in `subgraph`: the
/// slot has no entry copy (ArenaSlot::operandShared), the operand is defined
/// by an operator here (not a subgraph input or constant), the two are of
/// one size and neither is fixed. Returns (operand, result) pairs.
static std::vector<std::pair<int32_t, int32_t>>
findMergeableLoopState(const ArenaSubgraph &subgraph, const Lifetimes &life,
                       const FixedOffsets &fixed) {
  std::vector<std::pair<int32_t, int32_t>> pairs;
  for (const ArenaOperator &op : subgraph.operators) {
    if (op.kind != ArenaControlFlow::While)
      continue;
    for (size_t slot = 0; slot < op.inputs.size() && slot < op.outputs.size();
         ++slot) {
      int32_t operand = op.inputs[slot], result = op.outputs[slot];
      if (!op.getSlot(slot).operandShared || !isPlanned(subgraph, operand) ||
          !isPlanned(subgraph, result) || fixed.count(operand) ||
          fixed.count(result) ||
          subgraph.sizes[operand] != subgraph.sizes[result] ||
          life.definedAt[operand] < 0)
        continue;
      pairs.emplace_back(operand, result);
    }
  }
  return pairs;
}

/// First-fit by decreasing size of the tensors of `subgraph` not in
/// `fixed`; a WHILE's operand and result that can share
/// (findMergeableLoopState) are placed as one interval. Returns offsets
/// relative to the subgraph's base, -1 for fixed and unplanned tensors.
static std::vector<int64_t> planSubgraph(const ArenaSubgraph &subgraph,
                                         const Lifetimes &life,
                                         const FixedOffsets &fixed,
                                         int64_t alignment) {
  size_t numTensors = subgraph.sizes.size();
  std::vector<int64_t> offsets(numTensors, -1);

  // Groups of tensors taking one offset: a lifetime and the largest size.
  struct Group {
    std::vector<size_t> tensors;
    int64_t start, end, size;
  };
  std::vector<int64_t> groupOf(numTensors, -1);
  std::vector<Group> groups;
  for (size_t tensor = 0; tensor < numTensors; ++tensor) {
    if (subgraph.sizes[tensor] <= 0 || fixed.count(tensor) ||
        life.start[tensor] > life.end[tensor])
      continue;
    groupOf[tensor] = groups.size();
    groups.push_back({{tensor},
                      life.start[tensor],
                      life.end[tensor],
                      subgraph.sizes[tensor]});
  }
  for (auto [operand, result] : findMergeableLoopState(subgraph, life, fixed)) {
    Group &into = groups[groupOf[operand]];
    Group &from = groups[groupOf[result]];
    if (&into == &from || from.tensors.size() != 1)
      continue;
    into.tensors.push_back(result);
    into.start = std::min(into.start, from.start);
    into.end = std::max(into.end, from.end);
    into.size = std::max(into.size, from.size);
    from.tensors.clear();
    groupOf[result] = groupOf[operand];
  }

  std::vector<size_t> order;
  for (size_t index = 0; index < groups.size(); ++index)
    if (!groups[index].tensors.empty())
      order.push_back(index);
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    if (groups[a].size != groups[b].size)
      return groups[a].size > groups[b].size;
    return a < b;
  });
  std::vector<std::pair<size_t, int64_t>> placed; // group, offset
  for (size_t index : order) {
    const Group &group = groups[index];
    // The placed groups live at the same time, by offset; take the lowest
    // aligned gap that holds this one.
    std::vector<std::pair<int64_t, int64_t>> busy;
    for (auto [other, offset] : placed)
      if (groups[other].start <= group.end && group.start <= groups[other].end)
        busy.emplace_back(offset, offset + groups[other].size);
    std::sort(busy.begin(), busy.end());
    int64_t offset = 0;
    for (auto [begin, end] : busy) {
      if (offset + group.size <= begin)
        break;
      offset = std::max(offset, alignUp(end, alignment));
    }
    for (size_t tensor : group.tensors)
      offsets[tensor] = offset;
    placed.emplace_back(index, offset);
  }
  return offsets;
}

namespace {
/// Fixes the offsets of a control-flow operator's callees (ArenaPlan.h).
/// Each call site proposes offsets for its callees' tensors; a callee
/// called from several sites keeps the proposals all its sites agree on
/// (the same offset: the sites' tensors there share it, each live while
/// its own call runs).
class CalleeAliasing {
public:
  CalleeAliasing(const std::vector<ArenaSubgraph> &subgraphs,
                 const std::vector<Lifetimes> &lifetimes)
      : subgraphs(subgraphs), lifetimes(lifetimes), agreed(subgraphs.size()),
        sitesSeen(subgraphs.size(), 0) {}

  /// `op` of `caller`, whose tensors are at `offsets` (global, -1: none).
  void alias(const ArenaSubgraph &caller, const std::vector<int64_t> &offsets,
             const ArenaOperator &op) {
    proposed.clear();
    if (op.kind == ArenaControlFlow::While && op.callees.size() == 2)
      aliasWhile(caller, offsets, op);
    if (op.kind == ArenaControlFlow::If)
      for (unsigned branch : op.callees)
        aliasBranch(caller, offsets, op, branch);
    for (unsigned callee : op.callees) {
      if (callee >= subgraphs.size())
        continue;
      FixedOffsets &kept = agreed[callee];
      const FixedOffsets &site = proposed[callee];
      if (sitesSeen[callee]++ == 0) {
        kept = site;
        continue;
      }
      for (auto it = kept.begin(); it != kept.end();) {
        auto other = site.find(it->first);
        it = other != site.end() && other->second == it->second
                 ? std::next(it)
                 : kept.erase(it);
      }
    }
  }

  /// The offsets fixed for `callee`'s tensors, once all its call sites
  /// have been seen.
  const FixedOffsets &fixedOffsets(unsigned callee) const {
    return agreed[callee];
  }

private:
  /// Proposes `tensor` of `callee` at `offset` when it is planned, fits and
  /// is not claimed yet at this call site.
  bool fix(unsigned callee, int32_t tensor, int64_t offset, int64_t bytes) {
    const ArenaSubgraph &subgraph = subgraphs[callee];
    if (offset < 0 || !isPlanned(subgraph, tensor) ||
        subgraph.sizes[tensor] > bytes || proposed[callee].count(tensor))
      return false;
    proposed[callee][tensor] = offset;
    return true;
  }

  void aliasWhile(const ArenaSubgraph &caller,
                  const std::vector<int64_t> &offsets,
                  const ArenaOperator &op) {
    unsigned cond = op.callees[0], body = op.callees[1];
    const ArenaSubgraph &bodyGraph = subgraphs[body];
    const Lifetimes &bodyLife = lifetimes[body];
    for (size_t slot = 0; slot < op.outputs.size(); ++slot) {
      int32_t result = op.outputs[slot];
      if (!isPlanned(caller, result))
        continue;
      int64_t offset = offsets[result], bytes = caller.sizes[result];
      if (slot < subgraphs[cond].inputs.size())
        fix(cond, subgraphs[cond].inputs[slot], offset, bytes);
      if (slot >= bodyGraph.inputs.size() || slot >= bodyGraph.outputs.size())
        continue;
      int32_t in = bodyGraph.inputs[slot], out = bodyGraph.outputs[slot];
      ArenaSlot decision = op.getSlot(slot);
      // Another slot's output: the copies into the results would overwrite
      // it before that slot's copy reads it.
      bool yieldedElsewhere = false;
      for (auto [other, yielded] : llvm::enumerate(bodyGraph.outputs))
        yieldedElsewhere |= other != slot && yielded == in;
      bool inPlaced = !yieldedElsewhere && fix(body, in, offset, bytes);
      if (out == in || out < 0 || bodyLife.definedAt[out] < 0)
        continue;
      // Over the input's offset only where the slot is in place.
      if (inPlaced && !decision.bodyOutputShared)
        continue;
      fix(body, out, offset, bytes);
    }
  }

  void aliasBranch(const ArenaSubgraph &caller,
                   const std::vector<int64_t> &offsets, const ArenaOperator &op,
                   unsigned branch) {
    const ArenaSubgraph &graph = subgraphs[branch];
    // Branches only read their inputs, which the IF keeps live.
    for (auto [index, in] : llvm::enumerate(graph.inputs)) {
      if (index + 1 >= op.inputs.size())
        break;
      int32_t operand = op.inputs[index + 1];
      if (isPlanned(caller, operand))
        fix(branch, in, offsets[operand], caller.sizes[operand]);
    }
    for (auto [index, out] : llvm::enumerate(graph.outputs)) {
      if (index >= op.outputs.size())
        break;
      int32_t result = op.outputs[index];
      if (out >= 0 && lifetimes[branch].definedAt[out] >= 0 &&
          isPlanned(caller, result))
        fix(branch, out, offsets[result], caller.sizes[result]);
    }
  }

  const std::vector<ArenaSubgraph> &subgraphs;
  const std::vector<Lifetimes> &lifetimes;
  /// Per callee: what the call sites seen so far agree on, and how many.
  std::vector<FixedOffsets> agreed;
  std::vector<unsigned> sitesSeen;
  /// The current call site's proposals, per callee.
  std::map<unsigned, FixedOffsets> proposed;
};
} // namespace

bool ArenaPlan::hasPlannedTensors(unsigned subgraph) const {
  return llvm::any_of(offsets[subgraph], [](int32_t o) { return o >= 0; });
}

ArenaPlan
sluice::tflite_support::planArena(const std::vector<ArenaSubgraph> &subgraphs,
                                  int64_t alignment) {
  size_t count = subgraphs.size();
  std::vector<Lifetimes> lifetimes;
  for (const ArenaSubgraph &subgraph : subgraphs)
    lifetimes.emplace_back(subgraph);
  ArenaPlan plan;

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

  CalleeAliasing aliasing(subgraphs, lifetimes);
  std::vector<std::vector<int64_t>> offsets(count);
  plan.bases.assign(count, 0);
  while (!ready.empty()) {
    unsigned index = ready.back();
    ready.pop_back();
    const ArenaSubgraph &subgraph = subgraphs[index];
    const Lifetimes &life = lifetimes[index];
    const FixedOffsets &fixed = aliasing.fixedOffsets(index);
    std::vector<int64_t> local = planSubgraph(subgraph, life, fixed, alignment);
    std::vector<int64_t> &global = offsets[index];
    global.assign(subgraph.sizes.size(), -1);
    for (size_t tensor = 0; tensor < global.size(); ++tensor)
      if (local[tensor] >= 0)
        global[tensor] = plan.bases[index] + local[tensor];
    for (auto [tensor, offset] : fixed)
      global[tensor] = offset;

    for (auto [position, op] : llvm::enumerate(subgraph.operators)) {
      if (op.callees.empty())
        continue;
      // The top of what the caller has live while op `position` runs.
      int64_t top = plan.bases[index];
      for (size_t tensor = 0; tensor < global.size(); ++tensor)
        if (global[tensor] >= 0 &&
            life.isLiveAt(tensor, static_cast<int64_t>(position)))
          top = std::max(top, global[tensor] + subgraph.sizes[tensor]);
      aliasing.alias(subgraph, global, op);
      for (unsigned callee : op.callees) {
        if (callee >= count)
          continue;
        plan.bases[callee] =
            std::max(plan.bases[callee], alignUp(top, alignment));
        if (--callers[callee] == 0)
          ready.push_back(callee);
      }
    }
  }

  plan.offsets.resize(count);
  for (unsigned index = 0; index < count; ++index) {
    std::vector<int32_t> &words = plan.offsets[index];
    words.assign(subgraphs[index].sizes.size(), -1);
    for (size_t tensor = 0; tensor < words.size(); ++tensor) {
      int64_t offset =
          tensor < offsets[index].size() ? offsets[index][tensor] : -1;
      if (offset < 0)
        continue;
      // Beyond what the metadata's int32 words hold: the runtime plans it.
      if (offset + subgraphs[index].sizes[tensor] >
          std::numeric_limits<int32_t>::max())
        continue;
      words[tensor] = static_cast<int32_t>(offset);
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
