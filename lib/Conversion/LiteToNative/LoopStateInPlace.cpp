//===- LoopStateInPlace.cpp - next loop state into a loop-owned buffer ----===//
//
// One-shot bufferization updates an scf.while's state in place only when
// the body yields a value equivalent to its block argument; a body that
// builds the next state in a fresh tensor (a matrix product, then an
// activation into tensor.empty) costs an allocation and a copy per
// iteration. Following BufferAliasing's rules, the op producing the next
// state writes it into a buffer the loop owns:
//
//   in place: the current state is dead from that op on, or that op only
//   reads it elementwise (same index as it writes):
//
//     ^bb0(%h):  %n = g(%h) outs(tensor.empty)   yield %n
//     ^bb0(%h):  %n = g(%h) outs(%h)             yield %n
//
//   ping-pong: the op reads the current state otherwise (h' = FC(h)), or
//   the state is read after it: a second slot %spare carries the other
//   buffer, the op writes into it and the two swap every iteration
//   (-native-rotate-loop-buffers then removes one-shot's copies):
//
//     ^bb0(%h, %spare):  %n = FC(%h) outs(%spare)   yield %n, %h
//
//===----------------------------------------------------------------------===//

#include "sluice/Conversion/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace sluice {
#define GEN_PASS_DEF_NATIVELOOPSTATEINPLACEPASS
#include "sluice/Conversion/Passes.h.inc"
} // namespace sluice

using namespace mlir;

namespace sluice {
namespace {

/// Whether every use of `value` is in an op of `op`'s block before `op`
/// (or `op` itself, with `includingOp`).
bool isUsedOnlyUpTo(Value value, Operation *op, bool includingOp) {
  Block *block = op->getBlock();
  for (Operation *user : value.getUsers()) {
    Operation *ancestor = block->findAncestorOpInBlock(*user);
    if (!ancestor || (ancestor == op && !includingOp) ||
        (ancestor != op && !ancestor->isBeforeInBlock(op)))
      return false;
  }
  return true;
}

/// Whether every use of `value` is in an op (of `block`) before `op`.
bool isDeadFrom(Value value, Operation *op) {
  return isUsedOnlyUpTo(value, op, /*includingOp=*/false);
}

/// Whether `producer` reads `value` only elementwise for `result`: an
/// all-parallel linalg.generic whose inputs holding `value` are indexed as
/// the result is, and no use of `value` follows it.
bool isReadElementwiseLast(Value value, Operation *producer, OpResult result) {
  auto generic = dyn_cast<linalg::GenericOp>(producer);
  if (!generic || generic.getNumParallelLoops() != generic.getNumLoops())
    return false;
  OpOperand *init = generic.getDpsInitOperand(result.getResultNumber());
  AffineMap written = generic.getMatchingIndexingMap(init);
  for (OpOperand &input : generic->getOpOperands())
    if (input.get() == value &&
        (generic.isDpsInit(&input) ||
         generic.getMatchingIndexingMap(&input) != written))
      return false;
  return isUsedOnlyUpTo(value, producer, /*includingOp=*/true);
}

/// The use of a fresh tensor (tensor.empty of the slot's type, used once)
/// as the destination that slot `index`'s next value is written into in
/// the body, following destinations back through DPS ops and scf.for
/// results that carry their destination unchanged (a vectorised product:
/// fill, then a k-loop, then a transfer_write). Null when there is none.
OpOperand *getFreshDestination(scf::WhileOp loop, unsigned index) {
  Block &body = loop.getAfter().front();
  auto type = dyn_cast<RankedTensorType>(body.getArgument(index).getType());
  if (!type || !type.hasStaticShape())
    return nullptr;
  Value next = loop.getYieldOp().getResults()[index];
  // Yielded for this slot only, produced in the body itself.
  if (llvm::count(loop.getYieldOp().getResults(), next) != 1)
    return nullptr;
  Value destination = next;
  while (Operation *def = destination.getDefiningOp()) {
    if (def->getBlock() != &body)
      return nullptr;
    if (auto forOp = dyn_cast<scf::ForOp>(def)) {
      unsigned k = cast<OpResult>(destination).getResultNumber();
      if (forOp.getYieldedValues()[k] != forOp.getRegionIterArgs()[k])
        return nullptr;
      destination = forOp.getInits()[k];
      continue;
    }
    auto producer = dyn_cast<DestinationStyleOpInterface>(def);
    if (!producer || !producer.hasPureTensorSemantics())
      return nullptr;
    OpOperand *init = producer.getTiedOpOperand(cast<OpResult>(destination));
    if (!init)
      return nullptr;
    auto empty = init->get().getDefiningOp<tensor::EmptyOp>();
    if (!empty) {
      destination = init->get();
      continue;
    }
    if (empty.getType() != type || !empty->hasOneUse())
      return nullptr;
    return init;
  }
  return nullptr;
}

/// Adds a slot to `loop` whose initial value is a fresh tensor of `type`
/// and that the condition forwards unchanged; returns the new loop (the
/// old one is replaced and erased).
scf::WhileOp addSpareSlot(scf::WhileOp loop, RankedTensorType type) {
  OpBuilder builder(loop);
  Location loc = loop.getLoc();
  SmallVector<Value> inits(loop.getInits());
  inits.push_back(tensor::EmptyOp::create(builder, loc, type.getShape(),
                                          type.getElementType()));
  SmallVector<Type> types(loop.getResultTypes());
  types.push_back(type);
  auto grown = scf::WhileOp::create(builder, loc, types, inits);
  grown.getBefore().takeBody(loop.getBefore());
  grown.getAfter().takeBody(loop.getAfter());
  BlockArgument before = grown.getBefore().front().addArgument(type, loc);
  grown.getAfter().front().addArgument(type, loc);
  scf::ConditionOp condition = grown.getConditionOp();
  condition.getArgsMutable().append(before);
  loop.replaceAllUsesWith(grown.getResults().drop_back());
  loop.erase();
  return grown;
}

struct NativeLoopStateInPlacePass
    : impl::NativeLoopStateInPlacePassBase<NativeLoopStateInPlacePass> {
  void runOnOperation() override {
    // A concatenation becomes inserts into one destination (what one-shot
    // bufferization makes of it anyway), which the next state can then be
    // written through.
    RewritePatternSet patterns(&getContext());
    tensor::populateDecomposeTensorConcatPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
    SmallVector<scf::WhileOp> loops;
    getOperation().walk([&](scf::WhileOp loop) { loops.push_back(loop); });
    for (scf::WhileOp loop : loops)
      rewriteLoop(loop);
  }

  void rewriteLoop(scf::WhileOp loop) {
    // The block arguments of the body are what the condition forwards:
    // only loops whose condition forwards its own arguments unchanged
    // keep a slot's buffer from one iteration to the next.
    scf::ConditionOp condition = loop.getConditionOp();
    if (condition.getArgs() !=
        ValueRange(loop.getBefore().front().getArguments()))
      return;
    unsigned numSlots = loop.getAfter().getNumArguments();
    for (unsigned i = 0; i < numSlots; ++i) {
      OpOperand *init = getFreshDestination(loop, i);
      if (!init)
        continue;
      BlockArgument state = loop.getAfter().getArgument(i);
      // The first op writing the destination.
      Operation *producer = init->getOwner();
      Value next = loop.getYieldOp().getResults()[i];
      if (isDeadFrom(state, producer) ||
          (next.getDefiningOp() == producer &&
           isReadElementwiseLast(state, producer, cast<OpResult>(next)))) {
        init->set(state);
        continue;
      }
      // Ping-pong: the old state stays readable while the op writes the
      // new one into the spare buffer; the two swap at the yield.
      unsigned producerOperand = init->getOperandNumber();
      loop = addSpareSlot(loop, cast<RankedTensorType>(state.getType()));
      Block &body = loop.getAfter().front();
      BlockArgument spare = body.getArguments().back();
      producer->setOperand(producerOperand, spare);
      loop.getYieldOp().getResultsMutable().append(body.getArgument(i));
    }
  }
};

} // namespace
} // namespace sluice
