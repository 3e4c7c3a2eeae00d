//===- LoopStateInPlace.cpp - next loop state into a loop-owned buffer ----===//
//
// One-shot bufferization updates an scf.while's state in place only when
// the body yields a value equivalent to its block argument; a body that
// builds the next state in a fresh tensor (a matrix product, then an
// activation into tensor.empty) costs an allocation and a copy per
// iteration. The op producing the next state writes it into a buffer the
// loop owns, as BufferAliasing decided for the lite.while the loop was
// lowered from (`lite.buffers`, recorded by -lite-plan-buffers{target=native}
// and carried by the lowering; a loop without it is left to one-shot):
//
//   in place (#lite.slot<none>): the current state is dead from that op on,
//   or that op only reads it elementwise (same index as it writes):
//
//     ^bb0(%h):  %n = g(%h) outs(tensor.empty)   yield %n
//     ^bb0(%h):  %n = g(%h) outs(%h)             yield %n
//
//   The next state may be computed in both branches of an scf.if; each
//   branch writes over the buffer's value before the if (see
//   collectDestinations).
//
//   over another slot's buffer (#lite.slot<none, buffer = k>): slot k only
//   forwards another slot's state, so its buffer is free once read (a shift
//   register (a, b, c) -> (b, c, f(a, b, c)) computes f over a; the
//   buffers then rotate);
//
//   ping-pong (#lite.slot<ping_pong>): the op reads the current state
//   otherwise (h' = FC(h)), or the state is read after it: a second slot
//   %spare carries the other buffer, the op writes into it and the two swap
//   every iteration (-native-rotate-loop-buffers then removes one-shot's
//   copies):
//
//     ^bb0(%h, %spare):  %n = FC(%h) outs(%spare)   yield %n, %h
//
//===----------------------------------------------------------------------===//

#include "sluice/Codegen/Native/Passes.h"

#include "Destinations.h"

#include "sluice/Dialect/Lite/IR/LiteDialect.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace sluice {
#define GEN_PASS_DEF_NATIVELOOPSTATEINPLACEPASS
#include "sluice/Codegen/Native/Passes.h.inc"
} // namespace sluice

using namespace mlir;

namespace sluice {
namespace {

/// A fresh tensor (tensor.empty of the slot's type, used once) that a DPS
/// op writes part of the slot's next value into, and `version`: the value
/// that holds the slot's buffer just before that op (the state itself, or
/// a value already computed into it).
struct Destination {
  OpOperand *init;
  Value version;
};

/// Collects the destinations `value` is computed through, in the loop
/// body `body`, so that it ends in the buffer that holds `version`.
/// Destinations are followed back through DPS ops and scf.for results that
/// carry their destination unchanged (a vectorised product: fill, then a
/// k-loop, then a transfer_write), and into both branches of an scf.if.
/// A branch yielding a value from before the if (x, or x computed into
/// the buffer) makes that value the version the other branch writes over:
///
///   %x1 = f(%x) outs(%x)                 // written over the state
///   %y = scf.if { g(%x1) outs(%x1) }     // written over %x1
///        else { yield %x1 }
///   yield %y
LogicalResult collectDestinations(Value value, Value version, Block &body,
                                  RankedTensorType type,
                                  SmallVectorImpl<Destination> &found);

LogicalResult collectThroughIf(scf::IfOp ifOp, unsigned index, Value version,
                               Block &body, RankedTensorType type,
                               SmallVectorImpl<Destination> &found) {
  if (ifOp.getElseRegion().empty())
    return failure();
  Value outer;
  SmallVector<Value, 2> inner;
  for (scf::YieldOp yield : {ifOp.thenYield(), ifOp.elseYield()}) {
    Value yielded = yield.getResults()[index];
    if (ifOp->isAncestor(yielded.getParentRegion()->getParentOp()))
      inner.push_back(yielded);
    else if (outer && outer != yielded)
      return failure();
    else
      outer = yielded;
  }
  if (outer) {
    if (failed(collectDestinations(outer, version, body, type, found)))
      return failure();
    version = outer;
  }
  for (Value yielded : inner)
    if (failed(collectDestinations(yielded, version, body, type, found)))
      return failure();
  return success();
}

LogicalResult collectDestinations(Value value, Value version, Block &body,
                                  RankedTensorType type,
                                  SmallVectorImpl<Destination> &found) {
  while (value != version) {
    Operation *def = value.getDefiningOp();
    if (!def || !body.findAncestorOpInBlock(*def))
      return failure();
    if (auto ifOp = dyn_cast<scf::IfOp>(def))
      return collectThroughIf(ifOp, cast<OpResult>(value).getResultNumber(),
                              version, body, type, found);
    OpOperand *init = lite_to_native::getOverwrittenOperand(value);
    if (!init)
      return failure();
    if (lite_to_native::isFreshDestination(*init, type)) {
      found.push_back({init, version});
      return success();
    }
    value = init->get();
  }
  return success();
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
    // The decisions -lite-plan-buffers{target=native} recorded; applied
    // here, so the attribute goes (the loop may grow a spare slot).
    auto slots = loop->getAttrOfType<ArrayAttr>(lite::getBuffersAttrName());
    loop->removeAttr(lite::getBuffersAttrName());
    if (!slots || slots.size() != loop.getNumResults() ||
        !llvm::all_of(slots, llvm::IsaPred<lite::SlotAttr>))
      return;
    // The block arguments of the body are what the condition forwards:
    // only loops whose condition forwards its own arguments unchanged
    // keep a slot's buffer from one iteration to the next.
    scf::ConditionOp condition = loop.getConditionOp();
    if (condition.getArgs() !=
        ValueRange(loop.getBefore().front().getArguments()))
      return;
    Block &body = loop.getAfter().front();
    llvm::SmallDenseSet<unsigned> claimed;
    SmallVector<unsigned> pingPongs;
    for (auto [slot, attr] :
         llvm::enumerate(slots.getAsRange<lite::SlotAttr>())) {
      if (attr.has(lite::SlotCopies::body) || !isComputedSlot(loop, slot))
        continue;
      if (attr.has(lite::SlotCopies::ping_pong)) {
        pingPongs.push_back(slot);
        continue;
      }
      // Its own buffer, or (by pointer) the buffer of a slot that only
      // forwards another slot's state.
      unsigned buffer = attr.getBufferSlot().value_or(slot);
      if (claimed.contains(buffer))
        continue;
      auto type = cast<RankedTensorType>(body.getArgument(slot).getType());
      SmallVector<Destination> destinations;
      if (failed(collectDestinations(loop.getYieldOp().getResults()[slot],
                                     body.getArgument(buffer), body, type,
                                     destinations)) ||
          destinations.empty())
        continue;
      for (const Destination &destination : destinations)
        destination.init->set(destination.version);
      claimed.insert(buffer);
    }
    for (unsigned slot : pingPongs)
      if (!claimed.contains(slot))
        loop = pingPong(loop, slot);
  }

  /// Whether slot `slot` is statically shaped and yields a value of its own
  /// (no other slot yields it), which may be placed in a buffer.
  static bool isComputedSlot(scf::WhileOp loop, unsigned slot) {
    auto type = dyn_cast<RankedTensorType>(
        loop.getAfter().front().getArgument(slot).getType());
    Value next = loop.getYieldOp().getResults()[slot];
    return type && type.hasStaticShape() &&
           llvm::count(loop.getYieldOp().getResults(), next) == 1;
  }

  /// Ping-pong, for one op of the body (not of a branch) writing slot
  /// `slot`'s next state: the old state stays readable while the op writes
  /// the new one into a spare slot's buffer; the two swap at the yield.
  /// Returns the loop (a new one when a slot was added).
  static scf::WhileOp pingPong(scf::WhileOp loop, unsigned slot) {
    Block &body = loop.getAfter().front();
    BlockArgument state = body.getArgument(slot);
    auto type = cast<RankedTensorType>(state.getType());
    SmallVector<Destination> destinations;
    if (failed(collectDestinations(loop.getYieldOp().getResults()[slot], state,
                                   body, type, destinations)) ||
        destinations.size() != 1 || destinations.front().version != state)
      return loop;
    Operation *producer = destinations.front().init->getOwner();
    if (producer->getBlock() != &body)
      return loop;
    unsigned producerOperand = destinations.front().init->getOperandNumber();
    loop = addSpareSlot(loop, type);
    BlockArgument spare = loop.getAfter().front().getArguments().back();
    producer->setOperand(producerOperand, spare);
    loop.getYieldOp().getResultsMutable().append(
        loop.getAfter().getArgument(slot));
    return loop;
  }
};

} // namespace
} // namespace sluice
