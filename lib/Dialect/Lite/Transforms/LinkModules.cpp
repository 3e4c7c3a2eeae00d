//===- LinkModules.cpp - several imported programs as one module ----------===//
//
// linkEntryFunction (LinkModules.h): one imported module moved into another,
// its entry renamed, the symbols both hold shared when they are the same and
// renamed apart when they are not.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Lite/Transforms/LinkModules.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;

LogicalResult sluice::lite::linkEntryFunction(ModuleOp into,
                                              OwningOpRef<ModuleOp> fromRef,
                                              StringRef entry, StringRef name) {
  ModuleOp from = *fromRef;
  SymbolTable intoTable(into), fromTable(from);
  auto function = fromTable.lookup<func::FuncOp>(entry);
  if (!function)
    return from.emitError("has no function @") << entry << " to link";
  if (Operation *existing = intoTable.lookup(name))
    return existing->emitError("the program has a symbol @")
           << name << " already: a second entry of that name is not linked";

  // The entry's new name, freed in `from` first.
  if (name != entry) {
    if (Operation *other = fromTable.lookup(name))
      if (failed(fromTable.renameToUnique(other, {&intoTable})))
        return failure();
    if (failed(fromTable.rename(function, name)))
      return failure();
  }

  // A symbol of `from` that `into` holds too is shared when the two are
  // equivalent. Renaming one function changes the bodies that call it, so
  // the judgement is repeated until no rename happens.
  llvm::SmallPtrSet<Operation *, 16> shared;
  for (bool renamed = true; renamed;) {
    renamed = false;
    shared.clear();
    for (Operation &op : from.getBody()->getOperations()) {
      auto symbol = dyn_cast<SymbolOpInterface>(op);
      if (!symbol || &op == function.getOperation())
        continue;
      Operation *existing = intoTable.lookup(symbol.getNameAttr());
      if (!existing)
        continue;
      if (OperationEquivalence::isEquivalentTo(
              existing, &op, OperationEquivalence::IgnoreLocations)) {
        shared.insert(&op);
        continue;
      }
      if (!isa<FunctionOpInterface>(op))
        return op.emitError("declares @")
               << symbol.getName()
               << " unlike the program it is linked into: one symbol of the "
                  "model, declared two ways";
      if (failed(fromTable.renameToUnique(&op, {&intoTable})))
        return failure();
      renamed = true;
    }
  }

  for (Operation &op :
       llvm::make_early_inc_range(from.getBody()->getOperations())) {
    if (shared.contains(&op)) {
      op.erase();
      continue;
    }
    op.moveBefore(into.getBody(), into.getBody()->end());
    if (isa<SymbolOpInterface>(op))
      intoTable.insert(&op, into.getBody()->end());
  }
  return success();
}
