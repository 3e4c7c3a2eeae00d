//===- GrowableLists.cpp - resizable lists as storage and length ----------===//
//
// Part of -lite-legalize-lists. A resizable list (a TensorArray with
// dynamic_size; the TF2 TensorLists that gradients of loops push their
// forward values onto) has no bound for a static tensor, and a tensor that
// grows by one element per write would be copied whole at every write. Each
// of its values becomes two: a storage list of some capacity, whose first
// `length` elements are the list, and the length, a tensor<i32> carried
// wherever the list goes. A write past the end grows the storage to twice
// its capacity (or to the index written, if that is more), so n writes copy
// O(n) elements in all:
//
//   %l = list_reserve %n {resizable}     %s = list_reserve %n    (length %n)
//
//   %w = list_set_item %l[%i], %x        %need = %i + 1
//          {resizable}                   %g = lite.if (%need > capacity(%s))
//                                               { concatenation(%s,
//                                                   list_reserve(max(%need,
//                                                     2 capacity) - capacity))
//                                                     }
//                                             else { %s }
//                                        %t = list_set_item %g[%i], %x
//                                        (length: max(length(%l), %need))
//
//   list_length %w                  ->   the length
//   list_get_item %w[%j]            ->   list_get_item %t[%j < length ? %j :
//   -1] list_gather %w[%js]             ->   likewise, elementwise lite.while
//   (.., %w, ..)         ->   lite.while (.., %t, .., length) lite.if yielding
//   %w             ->   lite.if yielding %t, .., length %p = slice(%w, 0,
//   [length - 1, element shape...])   (TensorListPopBack)
//                                   ->   %t, with length max(length - 1, 0)
//   any other use of %w             ->   slice(%t, 0, [length, ...])
//
// Reads see only the first `length` elements: an index past the length
// becomes -1, out of the storage's range too, so the read's own check
// reports the error TensorFlow reports instead of reading spare capacity. A
// list the rewrite did not produce (a function argument; a fixed-size list
// joined with a resizable one by a lite.if) is its own storage, exactly as
// long.
//
// A list is rewritten when the values it flows through are lists of one
// element type and static element shape (of any length), and it is written only
// by resizable list_set_items (no scatter, no write that TensorFlow
// bounds-checks).
//
//===----------------------------------------------------------------------===//

#include "GrowableLists.h"

#include "sluice/Dialect/Lite/IR/LiteBuilders.h"
#include "sluice/Dialect/Lite/IR/LiteOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;

namespace sluice::lite {

void joinListValues(Operation *op, llvm::EquivalenceClasses<Value> &lists) {
  auto join = [&](Value a, Value b) { lists.unionSets(a, b); };
  if (auto set = dyn_cast<ListSetItemOp>(op)) {
    join(set.getList(), set.getResult());
  } else if (auto scatter = dyn_cast<ListScatterOp>(op)) {
    join(scatter.getList(), scatter.getResult());
  } else if (auto loop = dyn_cast<WhileOp>(op)) {
    Block &cond = loop.getCond().front(), &body = loop.getBody().front();
    Operation *yield = body.getTerminator();
    for (auto [i, init] : llvm::enumerate(loop.getInits())) {
      join(init, loop.getResult(i));
      join(init, cond.getArgument(i));
      join(init, body.getArgument(i));
      join(init, yield->getOperand(i));
    }
  } else if (auto ifOp = dyn_cast<IfOp>(op)) {
    for (Region *region : {&ifOp.getThenRegion(), &ifOp.getElseRegion()})
      for (auto [result, yielded] :
           llvm::zip(ifOp.getResults(),
                     region->front().getTerminator()->getOperands()))
        join(result, yielded);
  }
}

namespace {

/// A list value after the rewrite: the tensor holding its elements (the
/// first `length` of them) and its length.
struct StoredList {
  Value storage;
  Value length;
  /// The storage holds exactly `length` elements.
  bool exact = false;
};

RankedTensorType scalarOf(Type element) {
  return RankedTensorType::get({}, element);
}

/// A scalar index or count as a tensor<i32>.
Value asI32(OpBuilder &builder, Location loc, Value scalar) {
  auto type = cast<TensorType>(scalar.getType());
  if (type.getElementType().isInteger(32))
    return scalar;
  return CastOp::create(builder, loc, scalarOf(builder.getI32Type()), scalar);
}

/// Whether `value` is the constant `expected` (every element of it).
bool isConstant(Value value, ArrayRef<int64_t> expected) {
  DenseIntElementsAttr attr;
  if (!matchPattern(value, m_Constant(&attr)) ||
      attr.getNumElements() != static_cast<int64_t>(expected.size()))
    return false;
  return llvm::equal(
      attr.getValues<APInt>(), expected,
      [](const APInt &a, int64_t b) { return a.getSExtValue() == b; });
}

class ListRewriter {
public:
  explicit ListRewriter(DenseSet<Value> members)
      : members(std::move(members)) {}

  /// Rewrites the ops of `block` and of the regions nested in them.
  void rewriteBlock(Block &block) {
    SmallVector<Operation *> ops =
        llvm::map_to_vector(block, [](Operation &op) { return &op; });
    for (Operation *op : ops)
      rewriteOp(op);
  }

  /// Erases the ops whose results the rewrite replaced, and what computed
  /// their operands alone (a popped list's size).
  void eraseReplaced() {
    SmallVector<Operation *> dead(replaced); // the last replaced first
    while (!dead.empty()) {
      Operation *op = dead.pop_back_val();
      if (!op->use_empty())
        continue;
      SmallVector<Operation *> producers;
      for (Value operand : op->getOperands())
        if (Operation *producer = operand.getDefiningOp())
          producers.push_back(producer);
      op->erase();
      for (Operation *producer : producers)
        if (isOpTriviallyDead(producer))
          dead.push_back(producer);
    }
  }

private:
  void rewriteOp(Operation *op) {
    if (auto reserve = dyn_cast<ListReserveOp>(op))
      return rewriteReserve(reserve);
    if (auto set = dyn_cast<ListSetItemOp>(op);
        set && set.getResizable() && members.contains(set.getResult()))
      return rewriteSetItem(set);
    if (auto length = dyn_cast<ListLengthOp>(op);
        length && members.contains(length.getList())) {
      length.getLength().replaceAllUsesWith(stored(length.getList()).length);
      replaced.push_back(op);
      return;
    }
    if (auto slice = dyn_cast<SliceOp>(op); slice && rewritePop(slice))
      return;
    if (auto get = dyn_cast<ListGetItemOp>(op);
        get && members.contains(get.getList()))
      return rewriteRead(op, get.getIndexMutable());
    if (auto gather = dyn_cast<ListGatherOp>(op);
        gather && members.contains(gather.getList()))
      return rewriteRead(op, gather.getIndicesMutable());
    if (auto loop = dyn_cast<WhileOp>(op))
      return rewriteWhile(loop);
    if (auto ifOp = dyn_cast<IfOp>(op))
      return rewriteIf(ifOp);
    if (auto yield = dyn_cast<YieldOp>(op); yield && rewriteYield(yield))
      return;
    for (Region &region : op->getRegions())
      for (Block &block : region)
        rewriteBlock(block);
    // Everything else (a read, a return, an op that takes the list as a
    // tensor) sees the list itself.
    for (OpOperand &operand : op->getOpOperands())
      if (members.contains(operand.get())) {
        OpBuilder builder(op);
        operand.set(logical(builder, op->getLoc(), operand.get()));
      }
  }

  /// The list as it is held; a list the rewrite did not produce is its own
  /// storage, as long as it is.
  StoredList stored(Value list) {
    if (auto it = lists.find(list); it != lists.end())
      return it->second;
    OpBuilder builder(list.getContext());
    if (auto argument = dyn_cast<BlockArgument>(list))
      builder.setInsertionPointToStart(argument.getOwner());
    else
      builder.setInsertionPointAfter(list.getDefiningOp());
    Value length = ListLengthOp::create(builder, list.getLoc(),
                                        scalarOf(builder.getI32Type()), list);
    StoredList held{list, length, /*exact=*/true};
    lists[list] = held;
    return held;
  }

  /// The list's elements alone (the first `length` of its storage), typed
  /// as `list` is.
  Value logical(OpBuilder &builder, Location loc, Value list) {
    StoredList held = stored(list);
    if (held.exact)
      return held.storage;
    Value elements = createListPrefix(
        builder, loc, held.storage, held.length,
        withDynamicLength(cast<RankedTensorType>(held.storage.getType())));
    if (elements.getType() != list.getType())
      elements = createReshapeCopy(builder, loc, elements, list.getType());
    return elements;
  }

  void rewriteReserve(ListReserveOp reserve) {
    if (!reserve.getResizable() || !members.contains(reserve.getList()))
      return;
    OpBuilder builder(reserve);
    Value length = asI32(builder, reserve.getLoc(), reserve.getNumElements());
    reserve.setResizable(false);
    lists[reserve.getList()] = {reserve.getList(), length, /*exact=*/true};
  }

  /// The storage, grown geometrically when `need` elements do not fit; a
  /// list of any length.
  Value growToHold(OpBuilder &builder, Location loc, Value storage,
                   Value need) {
    RankedTensorType type =
        withDynamicLength(cast<RankedTensorType>(storage.getType()));
    if (storage.getType() != type)
      storage = createReshapeCopy(builder, loc, storage, type);
    auto i32 = scalarOf(builder.getI32Type());
    Value capacity = ListLengthOp::create(builder, loc, i32, storage);
    Value full = GreaterOp::create(builder, loc, scalarOf(builder.getI1Type()),
                                   need, capacity);
    auto grow = IfOp::create(builder, loc, TypeRange{type}, full);
    OpBuilder::InsertionGuard guard(builder);
    builder.createBlock(&grow.getThenRegion());
    Value doubled = MulOp::create(builder, loc, i32, capacity,
                                  createI32Scalar(builder, loc, 2),
                                  ActivationFunctionType::NONE);
    Value grown = MaximumOp::create(builder, loc, i32, need, doubled);
    Value extra = SubOp::create(builder, loc, i32, grown, capacity,
                                ActivationFunctionType::NONE);
    Value spare = ListReserveOp::create(builder, loc, type, extra);
    Value joined =
        ConcatenationOp::create(builder, loc, type, ValueRange{storage, spare},
                                /*axis=*/0, ActivationFunctionType::NONE);
    YieldOp::create(builder, loc, joined);
    builder.createBlock(&grow.getElseRegion());
    YieldOp::create(builder, loc, storage);
    return grow.getResult(0);
  }

  void rewriteSetItem(ListSetItemOp set) {
    StoredList list = stored(set.getList());
    OpBuilder builder(set);
    Location loc = set.getLoc();
    auto i32 = scalarOf(builder.getI32Type());
    Value index = asI32(builder, loc, set.getIndex());
    Value need = AddOp::create(builder, loc, i32, index,
                               createI32Scalar(builder, loc, 1),
                               ActivationFunctionType::NONE);
    Value storage = growToHold(builder, loc, list.storage, need);
    Value written =
        ListSetItemOp::create(builder, loc, storage.getType(), storage,
                              set.getIndex(), set.getItem());
    Value length = MaximumOp::create(builder, loc, i32, list.length, need);
    lists[set.getResult()] = {written, length, /*exact=*/false};
    replaced.push_back(set);
  }

  /// A read of the storage at indices that are out of its range where they
  /// are out of the list's: an index at or past the length becomes -1, so
  /// that the read's own check reports it (the native lowering's
  /// SLUICE_ERROR_INDEX_OUT_OF_RANGE, GATHER's error in LiteRT).
  void rewriteRead(Operation *read, OpOperand &indices) {
    StoredList held = stored(read->getOperand(0));
    read->setOperand(0, held.storage);
    if (held.exact)
      return;
    OpBuilder builder(read);
    Location loc = read->getLoc();
    Value index = indices.get();
    auto type = cast<RankedTensorType>(index.getType());
    Value length = held.length;
    if (!type.getElementType().isInteger(32))
      length =
          CastOp::create(builder, loc, scalarOf(type.getElementType()), length);
    Value inList = LessOp::create(builder, loc, type.clone(builder.getI1Type()),
                                  index, length);
    auto scalar = scalarOf(type.getElementType());
    Value outside = ConstantOp::create(
        builder, loc,
        DenseElementsAttr::get(
            scalar, builder.getIntegerAttr(type.getElementType(), -1)));
    indices.set(SelectV2Op::create(builder, loc, type, inList, index, outside));
  }

  /// TensorListPopBack's shorter list, `slice(l, 0, [length(l) - 1,
  /// element shape...])` (createListPopBack's form), as the same storage
  /// with a length one less.
  bool rewritePop(SliceOp slice) {
    Value list = slice.getInput();
    if (!members.contains(list) || !members.contains(slice.getOutput()))
      return false;
    auto type = cast<RankedTensorType>(list.getType());
    SmallVector<int64_t> zeros(type.getRank(), 0);
    SmallVector<int64_t> elementShape(type.getShape().drop_front());
    if (!isConstant(slice.getBegin(), zeros))
      return false;
    Value size = slice.getSize();
    if (!elementShape.empty()) {
      auto concat = size.getDefiningOp<ConcatenationOp>();
      if (!concat || concat.getValues().size() != 2 ||
          !isConstant(concat.getValues()[1], elementShape))
        return false;
      size = concat.getValues()[0];
    }
    auto asVector = size.getDefiningOp<ReshapeOp>();
    auto shorter =
        asVector ? asVector.getInput().getDefiningOp<SubOp>() : SubOp();
    StoredList held = stored(list);
    if (!shorter || shorter.getLhs() != held.length ||
        !isConstant(shorter.getRhs(), {1}))
      return false;
    OpBuilder builder(slice);
    Value length =
        MaximumOp::create(builder, slice.getLoc(), held.length.getType(),
                          shorter, createI32Scalar(builder, slice.getLoc(), 0));
    lists[slice.getOutput()] = {held.storage, length, /*exact=*/false};
    replaced.push_back(slice);
    return true;
  }

  /// Replaces each list among `values` (operands of `op`) by its storage;
  /// returns the lengths of those lists, in order.
  SmallVector<Value> useStorage(Operation *op, unsigned firstOperand,
                                ArrayRef<bool> isList) {
    SmallVector<Value> lengths;
    for (auto [index, list] : llvm::enumerate(isList)) {
      if (!list)
        continue;
      StoredList held = stored(op->getOperand(firstOperand + index));
      op->setOperand(firstOperand + index, held.storage);
      lengths.push_back(held.length);
    }
    return lengths;
  }

  SmallVector<bool> listResults(Operation *op) {
    return llvm::map_to_vector(op->getResults(), [&](Value result) {
      return members.contains(result);
    });
  }

  /// Records the storage and length of each list among the first values of
  /// `values`, whose lengths follow them all (at `values[isList.size()]`
  /// on).
  void recordLists(ValueRange values, ArrayRef<bool> isList) {
    unsigned nextLength = isList.size();
    for (auto [index, list] : llvm::enumerate(isList)) {
      if (!list)
        continue;
      Value storage = values[index];
      members.insert(storage);
      lists[storage] = {storage, values[nextLength++], /*exact=*/false};
    }
  }

  void rewriteWhile(WhileOp loop) {
    SmallVector<bool> isList = listResults(loop);
    if (llvm::none_of(isList, [](bool list) { return list; })) {
      rewriteBlock(loop.getCond().front());
      rewriteBlock(loop.getBody().front());
      return;
    }
    OpBuilder builder(loop);
    SmallVector<Value> lengths = useStorage(loop, 0, isList);
    WhileOp grown = appendLoopCarried(builder, loop, lengths);
    recordLists(grown.getCond().front().getArguments(), isList);
    recordLists(grown.getBody().front().getArguments(), isList);
    recordLists(grown.getResults(), isList);
    listSlots[grown] = std::move(isList);
    rewriteBlock(grown.getCond().front());
    rewriteBlock(grown.getBody().front());
  }

  void rewriteIf(IfOp ifOp) {
    SmallVector<bool> isList = listResults(ifOp);
    if (llvm::none_of(isList, [](bool list) { return list; })) {
      rewriteBlock(ifOp.getThenRegion().front());
      rewriteBlock(ifOp.getElseRegion().front());
      return;
    }
    OpBuilder builder(ifOp);
    SmallVector<Type> lengthTypes(llvm::count(isList, true),
                                  scalarOf(builder.getI32Type()));
    IfOp grown = appendIfResults(builder, ifOp, lengthTypes);
    recordLists(grown.getResults(), isList);
    listSlots[grown] = std::move(isList);
    rewriteBlock(grown.getThenRegion().front());
    rewriteBlock(grown.getElseRegion().front());
  }

  /// A yield of a rewritten loop body or lite.if yields the lists' storage,
  /// and their lengths after everything else.
  bool rewriteYield(YieldOp yield) {
    Operation *parent = yield->getParentOp();
    auto slots = listSlots.find(parent);
    if (slots == listSlots.end())
      return false;
    if (auto loop = dyn_cast<WhileOp>(parent);
        loop && yield->getParentRegion() != &loop.getBody())
      return false;
    SmallVector<Value> lengths = useStorage(yield, 0, slots->second);
    appendYieldOperands(yield, lengths);
    return true;
  }

  DenseSet<Value> members;
  DenseMap<Value, StoredList> lists;
  DenseMap<Operation *, SmallVector<bool>> listSlots;
  SmallVector<Operation *> replaced;
};

/// Whether every value of a list class can be held as storage and length:
/// lists (of any length) of one element type and static element shape.
bool isRewritable(ArrayRef<Value> members) {
  auto first = dyn_cast<RankedTensorType>(members.front().getType());
  if (!first || first.getRank() == 0 ||
      llvm::any_of(first.getShape().drop_front(), ShapedType::isDynamic))
    return false;
  return llvm::all_of(members, [&](Value member) {
    auto type = dyn_cast<RankedTensorType>(member.getType());
    return type && withDynamicLength(type) == withDynamicLength(first);
  });
}

} // namespace

void growResizableLists(ModuleOp module) {
  llvm::EquivalenceClasses<Value> classes;
  module.walk([&](Operation *op) { joinListValues(op, classes); });
  DenseSet<Value> resizable, refused;
  module.walk([&](Operation *op) {
    if (auto reserve = dyn_cast<ListReserveOp>(op)) {
      if (reserve.getResizable())
        resizable.insert(classes.getOrInsertLeaderValue(reserve.getList()));
    } else if (auto set = dyn_cast<ListSetItemOp>(op)) {
      Value leader = classes.getLeaderValue(set.getResult());
      (set.getResizable() ? resizable : refused).insert(leader);
    } else if (auto scatter = dyn_cast<ListScatterOp>(op)) {
      refused.insert(classes.getLeaderValue(scatter.getResult()));
    }
  });
  DenseSet<Value> members;
  for (Value leader : resizable) {
    if (refused.contains(leader))
      continue;
    SmallVector<Value> values(classes.members(leader));
    if (isRewritable(values))
      members.insert(values.begin(), values.end());
  }
  if (members.empty())
    return;
  ListRewriter rewriter(std::move(members));
  for (auto function : module.getOps<func::FuncOp>())
    for (Block &block : function.getBody())
      rewriter.rewriteBlock(block);
  rewriter.eraseReplaced();
}

} // namespace sluice::lite
