//===- RotateLoopBuffers.cpp - loop state passed by pointer ---------------===//
//
// After one-shot bufferization: removes the per-iteration copies of
// scf.while slots whose body yields a permutation of their own buffers
// (swaps, rotations, ping-pong); see Passes.td for the shape. Why it is
// sound: the slots' buffers are the loop's own allocations (fresh, used by
// nothing but the loop; others get one copy before the loop), so no value
// outside the loop lives in them; each iteration the body yields the same
// set of buffers, only permuted, so they stay distinct; one-shot decided
// every in-place write in the body for a buffer that holds exactly the
// argument's value, which still holds.
//
//===----------------------------------------------------------------------===//

#include "sluice/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/SetVector.h"

namespace sluice {
#define GEN_PASS_DEF_NATIVEROTATELOOPBUFFERSPASS
#include "sluice/Conversion/Passes.h.inc"
} // namespace sluice

using namespace mlir;

namespace sluice {
namespace {

/// The copy one-shot bufferization made of before-argument `index` for the
/// condition: `%m = memref.alloc(); memref.copy %arg, %m` with %m used by
/// nothing else. Null when the slot is forwarded otherwise.
memref::CopyOp getConditionCopy(scf::WhileOp loop, unsigned index) {
  Value forwarded = loop.getConditionOp().getArgs()[index];
  auto alloc = forwarded.getDefiningOp<memref::AllocOp>();
  if (!alloc || !alloc.getResult().hasNUses(2) ||
      alloc->getBlock() != &loop.getBefore().front())
    return nullptr;
  for (Operation *user : alloc->getUsers())
    if (auto copy = dyn_cast<memref::CopyOp>(user))
      if (copy.getTarget() == forwarded &&
          copy.getSource() == loop.getBefore().getArgument(index))
        return copy;
  return nullptr;
}

/// The buffer `value` is a view of (through view-like ops), or itself.
Value getViewedBuffer(Value value) {
  while (auto view = value.getDefiningOp<ViewLikeOpInterface>())
    value = view.getViewSource();
  return value;
}

/// Whether an op of the before region may write into one of its arguments
/// or a view of one (then the condition's copy is a real snapshot).
/// Conservatively, a write into any block argument (a nested loop's may
/// carry one of them) or a view of one counts.
bool mayWriteBeforeArguments(scf::WhileOp loop) {
  bool writes = false;
  loop.getBefore().walk([&](Operation *op) {
    if (isa<scf::ConditionOp>(op))
      return;
    auto effects = dyn_cast<MemoryEffectOpInterface>(op);
    if (!effects) {
      writes |= !op->hasTrait<OpTrait::HasRecursiveMemoryEffects>();
      return;
    }
    SmallVector<MemoryEffects::EffectInstance> instances;
    effects.getEffects(instances);
    for (auto &effect : instances) {
      if (!isa<MemoryEffects::Write>(effect.getEffect()))
        continue;
      writes |= !effect.getValue() ||
                isa<BlockArgument>(getViewedBuffer(effect.getValue()));
    }
  });
  return writes;
}

/// Whether `buffer` (an initial value) is the loop's own: a fresh
/// allocation in the loop's block that nothing uses after the loop, and
/// that nothing before it aliases (no op taking it returns a memref).
bool isOwnedBy(Value buffer, scf::WhileOp loop) {
  auto alloc = buffer.getDefiningOp<memref::AllocOp>();
  if (!alloc || alloc->getBlock() != loop->getBlock())
    return false;
  for (Operation *user : alloc->getUsers()) {
    if (user == loop)
      continue;
    if (user->getBlock() != loop->getBlock() || !user->isBeforeInBlock(loop) ||
        llvm::any_of(user->getResultTypes(), llvm::IsaPred<BaseMemRefType>))
      return false;
  }
  return true;
}

void rotate(scf::WhileOp loop) {
  // The slots with a condition copy whose yields are exactly their own
  // after-arguments, permuted.
  scf::YieldOp yield = loop.getYieldOp();
  Block &after = loop.getAfter().front();
  unsigned numSlots = loop.getConditionOp().getArgs().size();
  if (after.getNumArguments() != numSlots ||
      yield.getResults().size() != numSlots || mayWriteBeforeArguments(loop))
    return;
  llvm::SetVector<unsigned> slots;
  for (unsigned i = 0; i < numSlots; ++i) {
    auto argument = dyn_cast<BlockArgument>(yield.getResults()[i]);
    if (getConditionCopy(loop, i) && argument &&
        argument.getOwner() == &after && argument.getArgNumber() != i)
      slots.insert(i);
  }
  // Keep the largest subset the yield permutes: drop slots whose source
  // argument is not in the set or is yielded twice, until nothing changes.
  auto sourceOf = [&](unsigned slot) {
    return cast<BlockArgument>(yield.getResults()[slot]).getArgNumber();
  };
  bool changed = true;
  while (changed) {
    llvm::SmallDenseMap<unsigned, unsigned> uses;
    for (unsigned slot : slots)
      ++uses[sourceOf(slot)];
    llvm::SetVector<unsigned> kept;
    for (unsigned slot : slots)
      if (slots.contains(sourceOf(slot)) && uses.lookup(sourceOf(slot)) == 1)
        kept.insert(slot);
    changed = kept.size() != slots.size();
    slots = std::move(kept);
  }
  if (slots.empty())
    return;

  // Two slots swapping their buffers (a swap, or ping-pong): the loop then
  // carries a flag saying which of the two buffers each holds, not the
  // buffers, so that deallocation sees buffers defined before the loop
  // (owned outside it) instead of loop-carried ones whose ownership it
  // would have to track at run time every iteration.
  if (slots.size() != 2)
    return;
  unsigned first = slots[0], second = slots[1];
  OpBuilder builder(loop);
  Location loc = loop.getLoc();
  SmallVector<Value> buffers;
  for (unsigned slot : {first, second}) {
    Value initial = loop.getInits()[slot];
    auto type = dyn_cast<MemRefType>(initial.getType());
    if (!type)
      return;
    if (isOwnedBy(initial, loop) &&
        llvm::count(loop.getInits(), initial) == 1) {
      buffers.push_back(initial);
      continue;
    }
    // Not the loop's own: one copy before the loop.
    if (!type.hasStaticShape() || !type.getLayout().isIdentity())
      return;
    auto fresh = memref::AllocOp::create(builder, loc, type);
    memref::CopyOp::create(builder, loc, initial, fresh);
    buffers.push_back(fresh);
  }
  for (unsigned slot : {first, second}) {
    memref::CopyOp copy = getConditionCopy(loop, slot);
    Operation *alloc = copy.getTarget().getDefiningOp();
    loop.getConditionOp()->setOperand(slot + 1, copy.getSource());
    copy.erase();
    alloc->erase();
  }

  // The new loop: the two slots replaced by the flag (false: each slot
  // holds its own initial buffer; true: the other one).
  SmallVector<Value> inits;
  SmallVector<unsigned> kept;
  for (unsigned i = 0; i < numSlots; ++i)
    if (i != first && i != second) {
      inits.push_back(loop.getInits()[i]);
      kept.push_back(i);
    }
  inits.push_back(arith::ConstantIntOp::create(builder, loc, 0, 1));
  auto rotated =
      scf::WhileOp::create(builder, loc, TypeRange(ValueRange(inits)), inits);
  rotated.getBefore().takeBody(loop.getBefore());
  rotated.getAfter().takeBody(loop.getAfter());
  Type flagType = builder.getI1Type();
  // In `block`, with flag `flag`: what slot `slot` holds.
  auto holding = [&](OpBuilder &b, Value flag, unsigned slot) -> Value {
    Value own = buffers[slot == first ? 0 : 1];
    Value other = buffers[slot == first ? 1 : 0];
    return arith::SelectOp::create(b, loc, flag, other, own);
  };
  for (Region *region : {&rotated.getBefore(), &rotated.getAfter()}) {
    Block &block = region->front();
    Value flag = block.addArgument(flagType, loc);
    OpBuilder b = OpBuilder::atBlockBegin(&block);
    for (unsigned slot : {first, second})
      block.getArgument(slot).replaceAllUsesWith(holding(b, flag, slot));
    block.eraseArguments([&](BlockArgument argument) {
      return argument.getArgNumber() == first ||
             argument.getArgNumber() == second;
    });
  }
  // The condition forwards the flag; the body flips it.
  scf::ConditionOp condition = rotated.getConditionOp();
  Value beforeFlag = rotated.getBefore().front().getArguments().back();
  SmallVector<Value> forwarded;
  for (unsigned i : kept)
    forwarded.push_back(condition.getArgs()[i]);
  forwarded.push_back(beforeFlag);
  condition.getArgsMutable().assign(forwarded);
  scf::YieldOp newYield = rotated.getYieldOp();
  OpBuilder b(newYield);
  Value afterFlag = rotated.getAfter().front().getArguments().back();
  Value one = arith::ConstantIntOp::create(b, loc, 1, 1);
  SmallVector<Value> yielded;
  for (unsigned i : kept)
    yielded.push_back(newYield.getResults()[i]);
  yielded.push_back(arith::XOrIOp::create(b, loc, afterFlag, one));
  newYield.getResultsMutable().assign(yielded);

  // After the loop, the slots' results are what the final flag selects.
  builder.setInsertionPointAfter(rotated);
  Value finalFlag = rotated.getResults().back();
  for (auto [index, slot] : llvm::enumerate(kept))
    loop.getResult(slot).replaceAllUsesWith(rotated.getResult(index));
  for (unsigned slot : {first, second})
    loop.getResult(slot).replaceAllUsesWith(holding(builder, finalFlag, slot));
  loop.erase();
}

struct NativeRotateLoopBuffersPass
    : impl::NativeRotateLoopBuffersPassBase<NativeRotateLoopBuffersPass> {
  void runOnOperation() override {
    SmallVector<scf::WhileOp> loops;
    getOperation().walk([&](scf::WhileOp loop) { loops.push_back(loop); });
    for (scf::WhileOp loop : loops)
      rotate(loop);
  }
};

} // namespace
} // namespace sluice
