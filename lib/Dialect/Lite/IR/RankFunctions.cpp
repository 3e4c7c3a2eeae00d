//===- RankFunctions.cpp - the functions of a partitioned program ---------===//

#include "sluice/Dialect/Lite/IR/RankFunctions.h"

#include "mlir/IR/BuiltinOps.h"

using namespace mlir;

namespace sluice {

/// The module attribute saying over how many ranks it is partitioned.
static constexpr llvm::StringLiteral kRanksAttrName = "sluice.ranks";

void setPartitionRanks(ModuleOp module, int64_t ranks) {
  module->setAttr(kRanksAttrName,
                  Builder(module.getContext()).getI64IntegerAttr(ranks));
}

std::optional<int64_t> getPartitionRanks(ModuleOp module) {
  if (auto ranks = module->getAttrOfType<IntegerAttr>(kRanksAttrName))
    return ranks.getInt();
  return std::nullopt;
}

std::string getRankFunctionName(StringRef function, int64_t rank) {
  return (function + "_rank" + Twine(rank)).str();
}

FailureOr<func::FuncOp> createRankFunction(func::FuncOp func, int64_t rank) {
  std::string name = getRankFunctionName(func.getSymName(), rank);
  auto module = func->getParentOfType<ModuleOp>();
  if (module && module.lookupSymbol(name))
    return func.emitError("cannot partition @")
           << func.getSymName() << ": a symbol named '" << name
           << "' already exists";
  FunctionType type = func.getFunctionType();
  if (rank != 0)
    type = FunctionType::get(func.getContext(), type.getInputs(), {});
  OpBuilder builder(func);
  auto rankFunc = func::FuncOp::create(builder, func.getLoc(), name, type);
  for (NamedAttribute attr : func->getAttrs()) {
    StringRef attrName = attr.getName().getValue();
    if (attrName == func.getSymNameAttrName() ||
        attrName == func.getFunctionTypeAttrName() ||
        attrName == func.getArgAttrsAttrName() ||
        attrName == func.getResAttrsAttrName())
      continue;
    rankFunc->setAttr(attr.getName(), attr.getValue());
  }
  rankFunc->setAttr("sluice.rank", builder.getI64IntegerAttr(rank));
  if (ArrayAttr argAttrs = func.getAllArgAttrs())
    rankFunc.setAllArgAttrs(argAttrs);
  if (rank == 0)
    if (ArrayAttr resAttrs = func.getAllResultAttrs())
      rankFunc.setAllResultAttrs(resAttrs);
  return rankFunc;
}

} // namespace sluice
