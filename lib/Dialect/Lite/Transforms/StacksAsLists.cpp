//===- StacksAsLists.cpp - stack variables as lists carried by value ------===//
//
// -lite-stacks-as-lists: a TF1 stack (what tf.gradients of a while loop
// saves forward values on) is a variable that stack_reset/push/pop update
// in place. TFLite has no stacks, and a variable that grows inside a WHILE
// body is read back with its old shape by LiteRT 2.3. As a value the stack
// is a resizable list that the program carries where it is used: the
// forward loop carries it out, the backward loop carries it down, a lite.if
// whose branches touch it yields it (-lite-legalize-lists then holds it as
// a storage that doubles when full and a length):
//
//   lite.stack_reset @s                  %s0 = list_reserve 0 {resizable}
//   lite.while (...) body {              lite.while (..., %s = %s0) body {
//     lite.stack_push @s, %x               %n = list_length %s
//     ...                          ->      %s1 = list_set_item %s[%n], %x
//   }                                        {resizable}
//                                          lite.yield ..., %s1 }
//   %y = lite.stack_pop @s               %n = list_length %w#k
//                                        %y = list_get_item %w#k[%n - 1]
//                                        %s2 = slice(%w#k, 0, [%n - 1, ...])
//
// (the pop is TensorListPopBack's form, which -lite-legalize-lists keeps
// on the same storage). Popping an empty stack reads index -1: an error,
// as in TF.
//
// A stack is rewritten when it is used in one function only, by stack ops
// only; its elements have one static shape; none of its ops sits in a
// loop's condition or in a region other than a lite.while body or a lite.if
// branch; and a stack_reset of it in the function's entry block comes
// before anything else that uses it (so no push or pop can find it never
// created, which the variable form reports at run time). Other stacks stay.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Lite/IR/LiteBuilders.h"
#include "sluice/Dialect/Lite/IR/LiteOps.h"
#include "sluice/Dialect/Lite/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

namespace sluice::lite {
#define GEN_PASS_DEF_LITESTACKSASLISTSPASS
#include "sluice/Dialect/Lite/Transforms/Passes.h.inc"
} // namespace sluice::lite

using namespace mlir;

namespace sluice::lite {
namespace {

bool isStackOp(Operation *op) {
  return isa<StackResetOp, StackPushOp, StackPopOp>(op);
}

StringAttr stackOf(Operation *op) {
  return cast<FlatSymbolRefAttr>(op->getAttr("stack")).getAttr();
}

/// The element type of a stack: the push and pop types, which must agree
/// on one static shape.
RankedTensorType elementTypeOf(ArrayRef<Operation *> ops) {
  RankedTensorType element;
  for (Operation *op : ops) {
    Type type;
    if (auto push = dyn_cast<StackPushOp>(op))
      type = push.getElement().getType();
    else if (auto pop = dyn_cast<StackPopOp>(op))
      type = pop.getElement().getType();
    else
      continue;
    auto ranked = dyn_cast<RankedTensorType>(type);
    if (!ranked || !ranked.hasStaticShape())
      continue;
    if (element && element != ranked)
      return nullptr;
    element = ranked;
  }
  return element;
}

/// Whether the first op of `function`'s entry block that uses `stack`
/// (itself or nested) is a stack_reset of it.
bool isResetFirst(func::FuncOp function, StringAttr stack) {
  for (Operation &op : function.getBody().front()) {
    if (auto reset = dyn_cast<StackResetOp>(op);
        reset && stackOf(reset) == stack)
      return true;
    bool uses = false;
    op.walk([&](Operation *nested) {
      uses |= isStackOp(nested) && stackOf(nested) == stack;
    });
    if (uses)
      return false;
  }
  return false;
}

/// Whether every op of the stack sits where the list can be carried to it:
/// the function body, lite.while bodies, lite.if branches.
bool isCarriable(ArrayRef<Operation *> ops, func::FuncOp function) {
  return llvm::all_of(ops, [&](Operation *op) {
    for (Operation *parent = op->getParentOp(); parent != function;
         parent = parent->getParentOp()) {
      Region *region = op->getParentRegion();
      while (region->getParentOp() != parent)
        region = region->getParentOp()->getParentRegion();
      if (auto loop = dyn_cast<WhileOp>(parent)) {
        if (region != &loop.getBody())
          return false;
      } else if (!isa<IfOp>(parent)) {
        return false;
      }
    }
    return true;
  });
}

/// The stacks' current lists, by stack.
using CurrentLists = llvm::MapVector<StringAttr, Value>;

class StackThreader {
public:
  StackThreader(DenseMap<StringAttr, RankedTensorType> listTypes,
                DenseMap<Operation *, llvm::SetVector<StringAttr>> touched)
      : listTypes(std::move(listTypes)), touched(std::move(touched)) {}

  void threadBlock(Block &block, CurrentLists &current) {
    SmallVector<Operation *> ops =
        llvm::map_to_vector(block, [](Operation &op) { return &op; });
    for (Operation *op : ops) {
      if (isStackOp(op)) {
        if (listTypes.contains(stackOf(op)))
          threadStackOp(op, current);
      } else if (auto loop = dyn_cast<WhileOp>(op)) {
        threadWhile(loop, current);
      } else if (auto ifOp = dyn_cast<IfOp>(op)) {
        threadIf(ifOp, current);
      }
    }
  }

private:
  void threadStackOp(Operation *op, CurrentLists &current) {
    StringAttr stack = stackOf(op);
    RankedTensorType listType = listTypes.lookup(stack);
    OpBuilder builder(op);
    Location loc = op->getLoc();
    if (isa<StackResetOp>(op)) {
      current[stack] = ListReserveOp::create(builder, loc, listType,
                                             createI32Scalar(builder, loc, 0),
                                             /*resizable=*/true);
    } else if (auto push = dyn_cast<StackPushOp>(op)) {
      current[stack] = createListPushBack(builder, loc, current.lookup(stack),
                                          push.getElement(), listType);
    } else {
      auto pop = cast<StackPopOp>(op);
      auto [shorter, element] =
          createListPopBack(builder, loc, current.lookup(stack), listType,
                            pop.getElement().getType());
      pop.getElement().replaceAllUsesWith(element);
      current[stack] = shorter;
    }
    op->erase();
  }

  /// The current lists of `stacks`, in that order.
  static SmallVector<Value> currentOf(CurrentLists &current,
                                      ArrayRef<StringAttr> stacks) {
    return llvm::map_to_vector(
        stacks, [&](StringAttr stack) { return current.lookup(stack); });
  }

  /// The stacks `op`'s regions use that are rewritten, in a fixed order.
  SmallVector<StringAttr> stacksIn(Operation *op) {
    SmallVector<StringAttr> stacks;
    auto it = touched.find(op);
    if (it != touched.end())
      for (StringAttr stack : it->second)
        if (listTypes.contains(stack))
          stacks.push_back(stack);
    return stacks;
  }

  void threadWhile(WhileOp loop, CurrentLists &current) {
    SmallVector<StringAttr> stacks = stacksIn(loop);
    if (stacks.empty())
      return;
    unsigned numCarried = loop.getNumResults();
    OpBuilder builder(loop);
    WhileOp grown =
        appendLoopCarried(builder, loop, currentOf(current, stacks));
    Block &body = grown.getBody().front();
    CurrentLists inside = current;
    for (auto [index, stack] : llvm::enumerate(stacks))
      inside[stack] = body.getArgument(numCarried + index);
    threadBlock(body, inside);
    appendYieldOperands(body.getTerminator(), currentOf(inside, stacks));
    for (auto [index, stack] : llvm::enumerate(stacks))
      current[stack] = grown.getResult(numCarried + index);
  }

  void threadIf(IfOp ifOp, CurrentLists &current) {
    SmallVector<StringAttr> stacks = stacksIn(ifOp);
    if (stacks.empty())
      return;
    unsigned numResults = ifOp.getNumResults();
    SmallVector<Type> types =
        llvm::map_to_vector(stacks, [&](StringAttr stack) -> Type {
          return listTypes.lookup(stack);
        });
    OpBuilder builder(ifOp);
    IfOp grown = appendIfResults(builder, ifOp, types);
    for (Region *region : {&grown.getThenRegion(), &grown.getElseRegion()}) {
      CurrentLists inside = current;
      threadBlock(region->front(), inside);
      appendYieldOperands(region->front().getTerminator(),
                          currentOf(inside, stacks));
    }
    for (auto [index, stack] : llvm::enumerate(stacks))
      current[stack] = grown.getResult(numResults + index);
  }

  DenseMap<StringAttr, RankedTensorType> listTypes;
  DenseMap<Operation *, llvm::SetVector<StringAttr>> touched;
};

struct LiteStacksAsListsPass
    : impl::LiteStacksAsListsPassBase<LiteStacksAsListsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Each stack's ops, and the function they are in (null: several, or a
    // use that is not a stack op).
    llvm::MapVector<StringAttr, SmallVector<Operation *>> opsOf;
    DenseMap<StringAttr, func::FuncOp> functionOf;
    DenseSet<StringAttr> refused;
    module.walk([&](Operation *op) {
      if (isStackOp(op)) {
        StringAttr stack = stackOf(op);
        auto function = op->getParentOfType<func::FuncOp>();
        auto [it, inserted] = functionOf.try_emplace(stack, function);
        if (!inserted && it->second != function)
          refused.insert(stack);
        opsOf[stack].push_back(op);
        return;
      }
      // Any other use of a stack's symbol keeps it a variable.
      for (NamedAttribute attribute : op->getAttrs())
        if (auto symbol = dyn_cast<FlatSymbolRefAttr>(attribute.getValue()))
          refused.insert(symbol.getAttr());
    });
    DenseMap<StringAttr, RankedTensorType> listTypes;
    for (auto &[stack, ops] : opsOf) {
      func::FuncOp function = functionOf.lookup(stack);
      if (refused.contains(stack) || !function ||
          !isResetFirst(function, stack) || !isCarriable(ops, function))
        continue;
      RankedTensorType element = elementTypeOf(ops);
      if (!element)
        continue;
      listTypes[stack] = getListType(element);
    }
    if (listTypes.empty())
      return;
    // The stacks each region op uses, in the order they are first met.
    DenseMap<Operation *, llvm::SetVector<StringAttr>> touched;
    for (auto &[stack, ops] : opsOf)
      if (listTypes.contains(stack))
        for (Operation *op : ops)
          for (Operation *parent = op->getParentOp();
               !isa<func::FuncOp>(parent); parent = parent->getParentOp())
            touched[parent].insert(stack);
    StackThreader threader(listTypes, std::move(touched));
    for (auto function : module.getOps<func::FuncOp>()) {
      if (function.isExternal())
        continue;
      CurrentLists current;
      threader.threadBlock(function.getBody().front(), current);
    }
    // The variables that held them are gone.
    for (auto variable :
         llvm::make_early_inc_range(module.getOps<VariableOp>()))
      if (listTypes.contains(variable.getSymNameAttr()))
        variable.erase();
  }
};

} // namespace
} // namespace sluice::lite
