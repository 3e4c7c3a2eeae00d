//===- PlanBuffers.cpp - record BufferAliasing's decisions on region ops --===//
//
// -lite-plan-buffers runs BufferAliasing for one target's BufferModel and
// writes its answer on every lite.while and lite.if as `lite.buffers`, so
// that the passes and the exporter that apply it (after the regions are
// outlined or lowered, when the analysis could no longer see them) read one
// decision instead of making their own. For the TFLite target the exporter,
// where subgraphs and tensor indices exist, computes the arena plan from
// these decisions (sluice/Target/TFLite/ArenaPlan.h) when asked to: the
// `plan-buffers` option of sluice-prepare-tflite, which runs this pass.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Lite/Transforms/Passes.h"

#include "sluice/Analysis/BufferAliasing.h"
#include "sluice/Dialect/Lite/IR/LiteOps.h"

namespace sluice::lite {
#define GEN_PASS_DEF_LITEPLANBUFFERSPASS
#include "sluice/Dialect/Lite/Transforms/Passes.h.inc"
} // namespace sluice::lite

using namespace mlir;
using namespace sluice;
using namespace sluice::lite;

namespace {

/// The #lite.slot of slot or result `index` from the analysis's
/// requirements for it.
SlotAttr getSlot(MLIRContext *context, ArrayRef<CopyRequirement> copies,
                 unsigned index) {
  SlotCopies kinds = SlotCopies::none;
  int64_t buffer = -1;
  for (const CopyRequirement &copy : copies) {
    if (copy.index != index)
      continue;
    switch (copy.kind) {
    case CopyRequirement::Kind::EntryCopy:
      kinds = kinds | SlotCopies::entry;
      break;
    case CopyRequirement::Kind::BodyCopy:
      kinds = kinds | SlotCopies::body;
      break;
    case CopyRequirement::Kind::PingPong:
      kinds = kinds | SlotCopies::ping_pong;
      break;
    case CopyRequirement::Kind::Rotate:
      break;
    case CopyRequirement::Kind::BranchCopy:
      kinds = kinds | (copy.branch == 0 ? SlotCopies::then_branch
                                        : SlotCopies::else_branch);
      break;
    }
    if (copy.buffer)
      buffer = *copy.buffer;
  }
  return SlotAttr::get(context, kinds, buffer);
}

struct LitePlanBuffersPass
    : sluice::lite::impl::LitePlanBuffersPassBase<LitePlanBuffersPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    std::optional<BufferModel> model = BufferModel::forTarget(target);
    if (!model) {
      module.emitError("-lite-plan-buffers: unknown target '")
          << target << "' (expected tflite or native)";
      return signalPassFailure();
    }
    BufferAliasing aliasing(module, *model);
    MLIRContext *context = module.getContext();
    module.walk([&](Operation *op) {
      if (!isa<WhileOp, IfOp>(op))
        return;
      SmallVector<Attribute> slots;
      for (unsigned index = 0; index < op->getNumResults(); ++index)
        slots.push_back(getSlot(context, aliasing.getCopies(op), index));
      op->setAttr(getBuffersAttrName(), ArrayAttr::get(context, slots));
    });
  }
};

} // namespace
