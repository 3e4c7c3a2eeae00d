//===- PlanBuffers.cpp - ask the TFLite exporter for an arena plan --------===//
//
// -lite-plan-buffers marks the module with `lite.plan_buffers`; the TFLite
// exporter, where subgraphs and tensor indices exist, computes the plan
// (sluice/Target/TFLite/ArenaPlan.h).
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Lite/Transforms/Passes.h"

namespace sluice::lite {
#define GEN_PASS_DEF_LITEPLANBUFFERSPASS
#include "sluice/Dialect/Lite/Transforms/Passes.h.inc"
} // namespace sluice::lite

using namespace mlir;

namespace {
struct LitePlanBuffersPass
    : sluice::lite::impl::LitePlanBuffersPassBase<LitePlanBuffersPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    module->setAttr(sluice::lite::getPlanBuffersAttrName(),
                    UnitAttr::get(module.getContext()));
  }
};
} // namespace
