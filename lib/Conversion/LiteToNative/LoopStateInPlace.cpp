//===- LoopStateInPlace.cpp - next loop state into the current buffer -----===//
//
// One-shot bufferization updates an scf.while's state in place only when
// the body yields a value equivalent to its block argument; a body that
// builds the next state in a fresh tensor (a matrix product, then an
// activation into tensor.empty) costs an allocation and a copy per
// iteration. When the current state is dead by the time the last op writes
// the next one, that op can write into the current state's buffer instead:
//
//   ^bb0(%h):  %u = f(%h)   %n = g(%u) outs(tensor.empty)   yield %n
//   ^bb0(%h):  %u = f(%h)   %n = g(%u) outs(%h)             yield %n
//
//===----------------------------------------------------------------------===//

#include "sluice/Conversion/Passes.h"

#include "mlir/Interfaces/DestinationStyleOpInterface.h"

namespace sluice {
#define GEN_PASS_DEF_NATIVELOOPSTATEINPLACEPASS
#include "sluice/Conversion/Passes.h.inc"
} // namespace sluice

using namespace mlir;

namespace sluice {
namespace {

/// Whether every use of `value` is in an op (of `block`) before `op`.
bool isDeadFrom(Value value, Operation *op) {
  Block *block = op->getBlock();
  for (Operation *user : value.getUsers()) {
    Operation *ancestor = block->findAncestorOpInBlock(*user);
    if (!ancestor || ancestor == op || !ancestor->isBeforeInBlock(op))
      return false;
  }
  return true;
}

/// Redirects slot `index` of `loop` into its block argument when legal.
bool computeSlotInPlace(scf::WhileOp loop, unsigned index) {
  Block &body = loop.getAfter().front();
  BlockArgument state = body.getArgument(index);
  auto type = dyn_cast<RankedTensorType>(state.getType());
  if (!type || !type.hasStaticShape())
    return false;
  Value next = loop.getYieldOp().getResults()[index];
  // Yielded for this slot only, produced in the body itself.
  if (llvm::count(loop.getYieldOp().getResults(), next) != 1)
    return false;
  auto producer = next.getDefiningOp<DestinationStyleOpInterface>();
  if (!producer || producer->getBlock() != &body ||
      !producer.hasPureTensorSemantics())
    return false;
  OpOperand *init = producer.getTiedOpOperand(cast<OpResult>(next));
  if (!init || !init->get().getDefiningOp<tensor::EmptyOp>() ||
      init->get().getType() != type)
    return false;
  if (!isDeadFrom(state, producer))
    return false;
  init->set(state);
  return true;
}

struct NativeLoopStateInPlacePass
    : impl::NativeLoopStateInPlacePassBase<NativeLoopStateInPlacePass> {
  void runOnOperation() override {
    getOperation().walk([](scf::WhileOp loop) {
      // The block arguments of the body are what the condition forwards:
      // only loops whose condition forwards its own arguments unchanged
      // keep a slot's buffer from one iteration to the next.
      scf::ConditionOp condition = loop.getConditionOp();
      if (condition.getArgs() !=
          ValueRange(loop.getBefore().front().getArguments()))
        return;
      for (unsigned i = 0, e = loop.getAfter().getNumArguments(); i < e; ++i)
        computeSlotInPlace(loop, i);
    });
  }
};

} // namespace
} // namespace sluice
