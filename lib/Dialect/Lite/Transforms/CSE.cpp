//===- CSE.cpp - the -lite-cse pass ---------------------------------------===//
//
// MLIR's CSE without its quadratic case. CSE keys its table on an op's name,
// attributes, result types and operands, not on its regions: ops with
// regions and equal operands (the loops of many copies of one program, all
// starting from the same constants) land on one key, and each new one is
// compared, region by region, with every one before it. Tagging each such op
// with a hash of its regions first gives them keys of their own; the hash
// covers only what OperationEquivalence compares, so equivalent ops still
// share a key and CSE's decisions are unchanged.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Lite/Transforms/Passes.h"

#include "mlir/IR/Dominance.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/CSE.h"
#include "llvm/ADT/Hashing.h"

namespace sluice::lite {
#define GEN_PASS_DEF_LITECSEPASS
#include "sluice/Dialect/Lite/Transforms/Passes.h.inc"
} // namespace sluice::lite

using namespace mlir;

namespace sluice::lite {
namespace {

/// The discardable attribute holding an op's region hash while CSE runs.
constexpr llvm::StringLiteral kRegionHashAttrName = "lite.cse_region_hash";

/// A hash of what OperationEquivalence::isEquivalentTo (locations ignored)
/// compares in the regions of `op`: the nested ops in order, each with its
/// name, discardable attributes, properties, result types, numbers of
/// operands, regions and successors, and the operands defined outside
/// `outermost` (an ancestor of `op`, or `op`). Values defined inside
/// `outermost` are matched up by the comparison, so only their count
/// matters; a commutative op's operands are hashed in any order.
static llvm::hash_code hashRegions(Operation *op, Operation *outermost) {
  llvm::hash_code hash = llvm::hash_value(op->getNumRegions());
  op->walk<WalkOrder::PreOrder>([&](Operation *nested) {
    if (nested == op)
      return;
    hash =
        llvm::hash_combine(hash, nested->getName().getAsOpaquePointer(),
                           nested->getRawDictionaryAttrs().getAsOpaquePointer(),
                           nested->hashProperties(), nested->getNumOperands(),
                           nested->getNumRegions(), nested->getNumSuccessors());
    for (Type type : nested->getResultTypes())
      hash = llvm::hash_combine(hash, type.getAsOpaquePointer());
    // Outside values by identity; their sum does not depend on the order.
    size_t outside = 0;
    for (Value operand : nested->getOperands()) {
      Operation *owner = operand.getParentRegion()->getParentOp();
      if (!outermost->isAncestor(owner))
        outside += llvm::hash_value(operand.getAsOpaquePointer());
    }
    hash = llvm::hash_combine(hash, outside);
  });
  return hash;
}

struct LiteCSEPass : impl::LiteCSEPassBase<LiteCSEPass> {
  void runOnOperation() override {
    Operation *root = getOperation();
    MLIRContext *context = &getContext();
    auto name = StringAttr::get(context, kRegionHashAttrName);
    // Hashes first, of the untagged IR, then the tags.
    SmallVector<std::pair<Operation *, llvm::hash_code>> hashes;
    for (Region &region : root->getRegions()) {
      for (Operation &top : region.getOps()) {
        top.walk([&](Operation *op) {
          if (op->getNumRegions() != 0)
            hashes.push_back({op, hashRegions(op, &top)});
        });
      }
    }
    auto i64 = IntegerType::get(context, 64);
    for (auto [op, hash] : hashes)
      op->setDiscardableAttr(
          name, IntegerAttr::get(i64, static_cast<int64_t>(size_t(hash))));

    IRRewriter rewriter(context);
    DominanceInfo &dominance = getAnalysis<DominanceInfo>();
    bool changed = false;
    eliminateCommonSubExpressions(rewriter, dominance, root, &changed);

    root->walk([&](Operation *op) {
      if (op->getNumRegions() != 0)
        op->removeDiscardableAttr(name);
    });
    if (!changed)
      markAllAnalysesPreserved();
  }
};

} // namespace
} // namespace sluice::lite
