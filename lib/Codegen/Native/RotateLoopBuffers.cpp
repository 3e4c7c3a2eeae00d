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
// It also removes the copies of slots whose body yields either the slot's
// own buffer or a fresh allocation replacing it (a list that grows
// geometrically: written in place, now and then reallocated larger), on
// the same grounds: the loop owns every buffer the slot holds.
//
//===----------------------------------------------------------------------===//

#include "sluice/Codegen/Native/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/SetVector.h"

namespace sluice {
#define GEN_PASS_DEF_NATIVEROTATELOOPBUFFERSPASS
#include "sluice/Codegen/Native/Passes.h.inc"
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

/// One cycle of the permutation a loop's body applies to its slots' buffers:
/// slot `slots[j]` yields the buffer of slot `slots[j + 1]` (cyclically),
/// so after t iterations it holds `buffers[(j + t) mod L]`. The loop
/// carries t mod L (the phase) instead of the buffers: an i1 flag for a
/// swap, an index otherwise.
struct Rotation {
  SmallVector<unsigned> slots;
  /// The buffers the slots start with, in the order of `slots`.
  SmallVector<Value> buffers;

  bool isSwap() const { return slots.size() == 2; }

  Type phaseType(OpBuilder &b) const {
    return isSwap() ? Type(b.getI1Type()) : Type(b.getIndexType());
  }

  Value initialPhase(OpBuilder &b, Location loc) const {
    if (isSwap())
      return arith::ConstantIntOp::create(b, loc, 0, 1);
    return arith::ConstantIndexOp::create(b, loc, 0);
  }

  /// The buffer each slot holds at `phase`, in the order of `slots`: slot
  /// j picks buffer j + k for the shift k = 1 .. L-1 that `phase` equals
  /// (a swap's flag is its own test), else buffer j.
  SmallVector<Value> getHeldBuffers(OpBuilder &b, Location loc,
                                    Value phase) const {
    SmallVector<Value> shiftTests;
    if (isSwap())
      shiftTests.push_back(phase);
    else
      for (unsigned shift = 1; shift < slots.size(); ++shift)
        shiftTests.push_back(arith::CmpIOp::create(
            b, loc, arith::CmpIPredicate::eq, phase,
            arith::ConstantIndexOp::create(b, loc, shift)));
    SmallVector<Value> held(buffers);
    for (auto [position, buffer] : llvm::enumerate(held))
      for (auto [index, test] : llvm::enumerate(shiftTests))
        buffer = arith::SelectOp::create(
            b, loc, test, buffers[(position + index + 1) % slots.size()],
            buffer);
    return held;
  }

  /// The phase of the next iteration.
  Value advance(OpBuilder &b, Location loc, Value phase) const {
    if (isSwap())
      return arith::XOrIOp::create(b, loc, phase,
                                   arith::ConstantIntOp::create(b, loc, 1, 1));
    Value next = arith::AddIOp::create(
        b, loc, phase, arith::ConstantIndexOp::create(b, loc, 1));
    Value wraps = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::eq, next,
        arith::ConstantIndexOp::create(b, loc, slots.size()));
    return arith::SelectOp::create(
        b, loc, wraps, arith::ConstantIndexOp::create(b, loc, 0), next);
  }
};

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

  // The permutation's cycles; each gets the buffers its slots start with.
  OpBuilder builder(loop);
  Location loc = loop.getLoc();
  SmallVector<Rotation> rotations;
  llvm::SmallDenseSet<unsigned> inCycle;
  for (unsigned start : slots) {
    if (inCycle.contains(start))
      continue;
    Rotation rotation;
    for (unsigned slot = start; inCycle.insert(slot).second;
         slot = sourceOf(slot))
      rotation.slots.push_back(slot);
    rotations.push_back(std::move(rotation));
  }
  // Buffers the loop owns: the initial ones when they are fresh, else one
  // copy each before the loop (nothing is rewritten unless all can be).
  auto isOwned = [&](Value initial) {
    return isOwnedBy(initial, loop) &&
           llvm::count(loop.getInits(), initial) == 1;
  };
  for (unsigned slot : slots) {
    Value initial = loop.getInits()[slot];
    auto type = dyn_cast<MemRefType>(initial.getType());
    if (!type || (!isOwned(initial) &&
                  (!type.hasStaticShape() || !type.getLayout().isIdentity())))
      return;
  }
  for (Rotation &rotation : rotations)
    for (unsigned slot : rotation.slots) {
      Value initial = loop.getInits()[slot];
      if (isOwned(initial)) {
        rotation.buffers.push_back(initial);
        continue;
      }
      auto fresh = memref::AllocOp::create(builder, loc,
                                           cast<MemRefType>(initial.getType()));
      memref::CopyOp::create(builder, loc, initial, fresh);
      rotation.buffers.push_back(fresh);
    }
  for (unsigned slot : slots) {
    memref::CopyOp copy = getConditionCopy(loop, slot);
    Operation *alloc = copy.getTarget().getDefiningOp();
    loop.getConditionOp()->setOperand(slot + 1, copy.getSource());
    copy.erase();
    alloc->erase();
  }

  // The new loop: the rotated slots replaced by one phase per cycle.
  SmallVector<Value> inits;
  SmallVector<unsigned> kept;
  for (unsigned i = 0; i < numSlots; ++i)
    if (!slots.contains(i)) {
      inits.push_back(loop.getInits()[i]);
      kept.push_back(i);
    }
  for (const Rotation &rotation : rotations)
    inits.push_back(rotation.initialPhase(builder, loc));
  auto rotated =
      scf::WhileOp::create(builder, loc, TypeRange(ValueRange(inits)), inits);
  rotated.getBefore().takeBody(loop.getBefore());
  rotated.getAfter().takeBody(loop.getAfter());
  for (Region *region : {&rotated.getBefore(), &rotated.getAfter()}) {
    Block &block = region->front();
    OpBuilder b = OpBuilder::atBlockBegin(&block);
    for (const Rotation &rotation : rotations) {
      Value phase = block.addArgument(rotation.phaseType(b), loc);
      for (auto [slot, buffer] : llvm::zip_equal(
               rotation.slots, rotation.getHeldBuffers(b, loc, phase)))
        block.getArgument(slot).replaceAllUsesWith(buffer);
    }
    block.eraseArguments([&](BlockArgument argument) {
      return argument.getArgNumber() < numSlots &&
             slots.contains(argument.getArgNumber());
    });
  }
  // The condition forwards the phases; the body advances them.
  unsigned numPhases = rotations.size();
  scf::ConditionOp condition = rotated.getConditionOp();
  SmallVector<Value> forwarded;
  for (unsigned i : kept)
    forwarded.push_back(condition.getArgs()[i]);
  llvm::append_range(
      forwarded,
      rotated.getBefore().front().getArguments().take_back(numPhases));
  condition.getArgsMutable().assign(forwarded);
  scf::YieldOp newYield = rotated.getYieldOp();
  OpBuilder b(newYield);
  SmallVector<Value> yielded;
  for (unsigned i : kept)
    yielded.push_back(newYield.getResults()[i]);
  ValueRange phases =
      rotated.getAfter().front().getArguments().take_back(numPhases);
  for (auto [rotation, phase] : llvm::zip_equal(rotations, phases))
    yielded.push_back(rotation.advance(b, loc, phase));
  newYield.getResultsMutable().assign(yielded);

  // After the loop, the slots' results are what the final phases select.
  builder.setInsertionPointAfter(rotated);
  for (auto [index, slot] : llvm::enumerate(kept))
    loop.getResult(slot).replaceAllUsesWith(rotated.getResult(index));
  ValueRange finalPhases = rotated.getResults().take_back(numPhases);
  for (auto [rotation, phase] : llvm::zip_equal(rotations, finalPhases))
    for (auto [slot, buffer] : llvm::zip_equal(
             rotation.slots, rotation.getHeldBuffers(builder, loc, phase)))
      loop.getResult(slot).replaceAllUsesWith(buffer);
  loop.erase();
}

/// The values slot `index`'s yield may be: the after-argument itself (the
/// buffer updated in place), a fresh allocation of the body (the buffer
/// grown: a copy of the old one and more), or an scf.if choosing between
/// such, through casts. Adds them to `sources`; false if the yield may be
/// anything else.
bool collectOwnOrFresh(Value value, BlockArgument argument,
                       llvm::SmallPtrSetImpl<Value> &sources) {
  sources.insert(value);
  if (value == argument)
    return true;
  Operation *producer = value.getDefiningOp();
  if (!producer || !argument.getOwner()->getParent()->isAncestor(
                       producer->getParentRegion()))
    return false;
  if (isa<memref::AllocOp>(producer))
    return true;
  if (auto cast = dyn_cast<memref::CastOp>(producer))
    return collectOwnOrFresh(cast.getSource(), argument, sources);
  if (auto ifOp = dyn_cast<scf::IfOp>(producer)) {
    unsigned result = cast<OpResult>(value).getResultNumber();
    return !ifOp.getElseRegion().empty() &&
           collectOwnOrFresh(ifOp.thenYield().getOperand(result), argument,
                             sources) &&
           collectOwnOrFresh(ifOp.elseYield().getOperand(result), argument,
                             sources);
  }
  return false;
}

/// Whether `initial` is a buffer the loop may take over: a fresh allocation
/// (or a cast of one) in the loop's block, used before the loop by nothing
/// that returns a view of it, and by nothing after.
bool isOwnedInitial(Value initial, scf::WhileOp loop) {
  if (llvm::count(loop.getInits(), initial) != 1)
    return false;
  auto cast = initial.getDefiningOp<memref::CastOp>();
  if (!cast)
    return isOwnedBy(initial, loop);
  if (!cast->hasOneUse() || cast->getBlock() != loop->getBlock())
    return false;
  auto alloc = cast.getSource().getDefiningOp<memref::AllocOp>();
  if (!alloc || alloc->getBlock() != loop->getBlock())
    return false;
  for (Operation *user : alloc->getUsers())
    if (user != cast &&
        (user->getBlock() != loop->getBlock() || !user->isBeforeInBlock(loop) ||
         llvm::any_of(user->getResultTypes(), llvm::IsaPred<BaseMemRefType>)))
      return false;
  return true;
}

/// Removes the condition copies of slots whose body yields the slot's own
/// buffer or a fresh one that replaces it (a list that grows: its buffer is
/// written in place, or reallocated larger, the old one copied in and then
/// dead). The loop owns every buffer the slot holds: the initial one (a
/// fresh allocation, else one copy before the loop) and each one the body
/// allocates; nothing else views them, so the copy protected nothing.
void forwardGrownSlots(scf::WhileOp loop) {
  scf::YieldOp yield = loop.getYieldOp();
  scf::ConditionOp condition = loop.getConditionOp();
  Block &before = loop.getBefore().front(), &after = loop.getAfter().front();
  unsigned numSlots = condition.getArgs().size();
  if (after.getNumArguments() != numSlots ||
      before.getNumArguments() != numSlots ||
      yield.getResults().size() != numSlots || mayWriteBeforeArguments(loop))
    return;
  for (unsigned slot = 0; slot < numSlots; ++slot) {
    memref::CopyOp copy = getConditionCopy(loop, slot);
    if (!copy)
      continue;
    auto type = dyn_cast<MemRefType>(copy.getSource().getType());
    if (!type || !type.getLayout().isIdentity())
      continue;
    llvm::SmallPtrSet<Value, 8> sources;
    if (!collectOwnOrFresh(yield.getResults()[slot], after.getArgument(slot),
                           sources))
      continue;
    // No other slot may see these buffers.
    bool shared = false;
    for (unsigned other = 0; other < numSlots; ++other) {
      if (other == slot)
        continue;
      shared |= sources.contains(getViewedBuffer(yield.getResults()[other]));
      shared |= getViewedBuffer(condition.getArgs()[other]) ==
                before.getArgument(slot);
    }
    if (shared)
      continue;
    Value initial = loop.getInits()[slot];
    if (!isOwnedInitial(initial, loop)) {
      if (initial.getType() != type)
        continue;
      OpBuilder builder(loop);
      SmallVector<Value> sizes;
      for (auto [dim, size] : llvm::enumerate(type.getShape()))
        if (ShapedType::isDynamic(size))
          sizes.push_back(
              memref::DimOp::create(builder, loop.getLoc(), initial, dim));
      Value owned =
          memref::AllocOp::create(builder, loop.getLoc(), type, sizes);
      memref::CopyOp::create(builder, loop.getLoc(), initial, owned);
      loop->setOperand(slot, owned);
    }
    Operation *alloc = copy.getTarget().getDefiningOp();
    condition->setOperand(slot + 1, copy.getSource());
    copy.erase();
    alloc->erase();
  }
}

struct NativeRotateLoopBuffersPass
    : impl::NativeRotateLoopBuffersPassBase<NativeRotateLoopBuffersPass> {
  void runOnOperation() override {
    SmallVector<scf::WhileOp> loops;
    getOperation().walk([&](scf::WhileOp loop) { loops.push_back(loop); });
    for (scf::WhileOp loop : loops)
      rotate(loop);
    loops.clear();
    getOperation().walk([&](scf::WhileOp loop) { loops.push_back(loop); });
    for (scf::WhileOp loop : loops)
      forwardGrownSlots(loop);
  }
};

} // namespace
} // namespace sluice
