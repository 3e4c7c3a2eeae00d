//===- Destinations.cpp - which tensor an op wrote its result over --------===//

#include "Destinations.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"

using namespace mlir;

namespace sluice::lite_to_native {

OpOperand *getOverwrittenOperand(Value value) {
  auto result = dyn_cast<OpResult>(value);
  if (!result)
    return nullptr;
  Operation *def = result.getOwner();
  if (auto forOp = dyn_cast<scf::ForOp>(def)) {
    unsigned index = result.getResultNumber();
    if (forOp.getYieldedValues()[index] != forOp.getRegionIterArgs()[index])
      return nullptr;
    return &forOp.getInitsMutable()[index];
  }
  auto producer = dyn_cast<DestinationStyleOpInterface>(def);
  if (!producer || !producer.hasPureTensorSemantics())
    return nullptr;
  return producer.getTiedOpOperand(result);
}

bool isFreshDestination(OpOperand &destination, Type type) {
  auto empty = destination.get().getDefiningOp<tensor::EmptyOp>();
  return empty && empty.getType() == type && empty->hasOneUse();
}

OpOperand *getFreshDestination(Value value, Region &scope, Type type) {
  while (Operation *def = value.getDefiningOp()) {
    if (!scope.isAncestor(def->getParentRegion()))
      return nullptr;
    OpOperand *written = getOverwrittenOperand(value);
    if (!written)
      return nullptr;
    if (isFreshDestination(*written, type))
      return scope.isAncestor(written->get().getParentRegion()) ? written
                                                                : nullptr;
    value = written->get();
  }
  return nullptr;
}

} // namespace sluice::lite_to_native
