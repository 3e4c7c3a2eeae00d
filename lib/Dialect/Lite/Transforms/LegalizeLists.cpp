//===- LegalizeLists.cpp - list ops to TFLite builtins --------------------===//
//
// -lite-legalize-lists: the list ops are not TFLite builtins; this rewrites
// each into builtins on the tensor that holds the list, for TFLite export and
// native code (with `checked-writes`, what the native pipeline runs,
// list_set_item stays: its lowering writes the element in place behind TF's
// index check):
//
//   list_reserve n           -> fill([n, element shape...], 0)
//   list_set_item l[i], x    -> dynamic_update_slice(l, reshape(x, [1, ...]),
//                                                    [i, 0, ...])
//   list_get_item l[i]       -> gather(l, i)            (axis 0, scalar index)
//   list_gather l[is]        -> gather(l, is)
//   list_scatter l[is], xs   -> xs when is = 0, 1, ..., length - 1 (unstack)
//   list_length l            -> the constant length, or shape(l)[0]
//
// A list written in a loop then is a loop-carried tensor of which each
// iteration writes one element: in place in native code; an exported model's
// WHILE carries one tensor (and LiteRT copies it each iteration).
//
// A list reserved without an element shape (an unranked list_reserve: the
// interpreter learns the shape from its first write) first gets the shape
// its writes and reads say: the values one list flows through -- its
// updates, its loop-carried slots in lite.while, lite.if results -- form one
// class (llvm::EquivalenceClasses), and the ranked types in the class give
// the element shape.
//
// A resizable list (a TensorArray with dynamic_size, a TF2 TensorList that
// is pushed back onto) has no bound for a static tensor: it first becomes a
// storage list that grows geometrically and a length carried beside it
// (GrowableLists.cpp).
//
// What does not legalize is reported, naming the op and its node: a
// resizable list that cannot be held so, a scatter to other than every
// index in order, a list whose element shape nothing gives, writes whose
// shapes contradict each other.
//
// One difference from the interpreter in exported models: DYNAMIC_UPDATE_
// SLICE clamps an index outside the list where the interpreter (and
// TensorFlow, and native code) report an error; gather reports one.
//
//===----------------------------------------------------------------------===//

#include "GrowableLists.h"
#include "ShapeInference.h"

#include "sluice/Dialect/Lite/IR/LiteBuilders.h"
#include "sluice/Dialect/Lite/IR/LiteOps.h"
#include "sluice/Dialect/Lite/Transforms/InferShapes.h"
#include "sluice/Dialect/Lite/Transforms/Passes.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/EquivalenceClasses.h"

namespace sluice::lite {
#define GEN_PASS_DEF_LITELEGALIZELISTSPASS
#include "sluice/Dialect/Lite/Transforms/Passes.h.inc"
} // namespace sluice::lite

using namespace mlir;

namespace sluice::lite {
namespace {
RankedTensorType i32Vector(MLIRContext *context, int64_t size) {
  return RankedTensorType::get({size}, IntegerType::get(context, 32));
}


/// A scalar index as an int32 vector of one element.
Value indexAsVector(PatternRewriter &rewriter, Location loc, Value index) {
  auto type = cast<TensorType>(index.getType());
  if (!type.getElementType().isInteger(32))
    index =
        CastOp::create(rewriter, loc, type.clone(rewriter.getI32Type()), index);
  return ReshapeOp::create(rewriter, loc, i32Vector(rewriter.getContext(), 1),
                           index, createI32Vector(rewriter, loc, {1}));
}

/// The element shape of a list type with static element dimensions.
std::optional<SmallVector<int32_t>> staticElementShape(Value list) {
  auto type = dyn_cast<RankedTensorType>(list.getType());
  if (!type)
    return std::nullopt;
  SmallVector<int32_t> shape;
  for (int64_t size : type.getShape().drop_front()) {
    if (ShapedType::isDynamic(size))
      return std::nullopt;
    shape.push_back(size);
  }
  return shape;
}

struct LegalizeReserve : OpRewritePattern<ListReserveOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ListReserveOp op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getList().getType());
    std::optional<SmallVector<int32_t>> element =
        staticElementShape(op.getList());
    if (!type || !element)
      return failure();
    Location loc = op.getLoc();
    Value dims;
    if (!type.isDynamicDim(0)) {
      SmallVector<int32_t> shape{static_cast<int32_t>(type.getDimSize(0))};
      llvm::append_range(shape, *element);
      dims = createI32Vector(rewriter, loc, shape);
    } else {
      SmallVector<Value> parts{
          indexAsVector(rewriter, loc, op.getNumElements())};
      if (!element->empty())
        parts.push_back(createI32Vector(rewriter, loc, *element));
      dims = parts.size() == 1
                 ? parts[0]
                 : ConcatenationOp::create(
                       rewriter, loc, i32Vector(getContext(), type.getRank()),
                       parts,
                       /*axis=*/0, ActivationFunctionType::NONE);
    }
    auto scalar = RankedTensorType::get({}, type.getElementType());
    Value zero = ConstantOp::create(
        rewriter, loc,
        DenseElementsAttr::get(scalar,
                               rewriter.getZeroAttr(type.getElementType())));
    rewriter.replaceOpWithNewOp<FillOp>(op, type, dims, zero);
    return success();
  }
};

struct LegalizeSetItem : OpRewritePattern<ListSetItemOp> {
  LegalizeSetItem(MLIRContext *context, bool checkedWrites)
      : OpRewritePattern(context), checkedWrites(checkedWrites) {}
  bool checkedWrites;
  LogicalResult matchAndRewrite(ListSetItemOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<SmallVector<int32_t>> element =
        staticElementShape(op.getList());
    if (checkedWrites || op.getResizable() || !element)
      return failure();
    Location loc = op.getLoc();
    auto listType = cast<RankedTensorType>(op.getList().getType());
    SmallVector<int32_t> rowShape{1};
    llvm::append_range(rowShape, *element);
    SmallVector<int64_t> rowShape64(rowShape.begin(), rowShape.end());
    Value row = ReshapeOp::create(
        rewriter, loc,
        RankedTensorType::get(rowShape64, listType.getElementType()),
        op.getItem(), createI32Vector(rewriter, loc, rowShape));
    Value start = indexAsVector(rewriter, loc, op.getIndex());
    if (!element->empty())
      start = ConcatenationOp::create(
          rewriter, loc, i32Vector(getContext(), listType.getRank()),
          ValueRange{start,
                     createI32Vector(rewriter, loc,
                                     SmallVector<int32_t>(element->size(), 0))},
          /*axis=*/0, ActivationFunctionType::NONE);
    rewriter.replaceOpWithNewOp<DynamicUpdateSliceOp>(
        op, op.getResult().getType(), op.getList(), row, start);
    return success();
  }
};

/// list_get_item and list_gather: a gather along the list's dimension 0 (a
/// scalar index gives one element, a vector of indices stacked elements).
template <typename ReadOp> struct LegalizeRead : OpRewritePattern<ReadOp> {
  using OpRewritePattern<ReadOp>::OpRewritePattern;
  LogicalResult matchAndRewrite(ReadOp op,
                                PatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<GatherOp>(op, op->getResult(0).getType(),
                                          op.getList(), op->getOperand(1),
                                          /*axis=*/0, /*batch_dims=*/0);
    return success();
  }
};

/// Whether `indices` is the constant 0, 1, ..., length - 1.
bool isEveryIndexInOrder(Value indices, int64_t length) {
  DenseIntElementsAttr values;
  if (!matchPattern(indices, m_Constant(&values)) ||
      values.getNumElements() != length)
    return false;
  int64_t expected = 0;
  for (const APInt &value : values.getValues<APInt>())
    if (value.getSExtValue() != expected++)
      return false;
  return true;
}

struct LegalizeScatter : OpRewritePattern<ListScatterOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ListScatterOp op,
                                PatternRewriter &rewriter) const override {
    auto list = dyn_cast<RankedTensorType>(op.getList().getType());
    if (op.getResizable() || !list || !list.hasStaticShape() ||
        op.getItems().getType() != list ||
        !isEveryIndexInOrder(op.getIndices(), list.getDimSize(0)))
      return failure();
    rewriter.replaceOp(op, op.getItems());
    return success();
  }
};

struct LegalizeLength : OpRewritePattern<ListLengthOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ListLengthOp op,
                                PatternRewriter &rewriter) const override {
    auto list = dyn_cast<RankedTensorType>(op.getList().getType());
    if (!list)
      return failure();
    Location loc = op.getLoc();
    auto scalar = RankedTensorType::get({}, rewriter.getI32Type());
    if (!list.isDynamicDim(0)) {
      rewriter.replaceOpWithNewOp<ConstantOp>(
          op, scalar,
          DenseElementsAttr::get(
              scalar, rewriter.getI32IntegerAttr(list.getDimSize(0))));
      return success();
    }
    Value shape = ShapeOp::create(
        rewriter, loc, i32Vector(getContext(), list.getRank()), op.getList());
    Value zero = ConstantOp::create(
        rewriter, loc,
        DenseElementsAttr::get(scalar, rewriter.getI32IntegerAttr(0)));
    rewriter.replaceOpWithNewOp<GatherOp>(op, scalar, shape, zero,
                                          /*axis=*/0, /*batch_dims=*/0);
    return success();
  }
};

/// The element shape one value of a list class says, if it is ranked.
std::optional<SmallVector<int64_t>> elementShapeOf(Type listType) {
  auto ranked = dyn_cast<RankedTensorType>(listType);
  if (!ranked || ranked.getRank() == 0)
    return std::nullopt;
  return SmallVector<int64_t>(ranked.getShape().drop_front());
}

/// Gives each unranked list_reserve the element shape the rest of its list
/// class has; returns whether any changed.
LogicalResult resolveElementShapes(ModuleOp module, bool &changed) {
  llvm::EquivalenceClasses<Value> lists;
  // Element shapes that reads and writes give, by any value of their list.
  SmallVector<std::pair<Value, SmallVector<int64_t>>> evidence;
  auto rows = [](Type type) -> std::optional<SmallVector<int64_t>> {
    return elementShapeOf(type);
  };
  module.walk([&](Operation *op) {
    joinListValues(op, lists);
    if (auto set = dyn_cast<ListSetItemOp>(op)) {
      if (auto item = dyn_cast<RankedTensorType>(set.getItem().getType()))
        evidence.push_back(
            {set.getList(), SmallVector<int64_t>(item.getShape())});
    } else if (auto scatter = dyn_cast<ListScatterOp>(op)) {
      if (auto items = rows(scatter.getItems().getType()))
        evidence.push_back({scatter.getList(), *items});
    } else if (auto get = dyn_cast<ListGetItemOp>(op)) {
      if (auto item = dyn_cast<RankedTensorType>(get.getItem().getType()))
        evidence.push_back(
            {get.getList(), SmallVector<int64_t>(item.getShape())});
    } else if (auto gather = dyn_cast<ListGatherOp>(op)) {
      if (auto items = rows(gather.getItems().getType()))
        evidence.push_back({gather.getList(), *items});
    }
  });
  bool conflict = false;
  module.walk([&](ListReserveOp reserve) {
    auto type = cast<TensorType>(reserve.getList().getType());
    if (type.hasRank() || !lists.contains(reserve.getList()))
      return;
    Value leader = lists.getLeaderValue(reserve.getList());
    shapes::ShapeKnowledge shape;
    auto consider = [&](Value member, ArrayRef<int64_t> element) {
      FailureOr<shapes::ShapeKnowledge> met = shapes::meetShapes(
          shape, shapes::ShapeKnowledge(SmallVector<int64_t>(element)));
      if (failed(met)) {
        reserve.emitError("the list's elements are written or read with "
                          "shapes that contradict each other: [")
            << *shape << "] and [" << element << "] (at " << member.getLoc()
            << ")";
        conflict = true;
        return;
      }
      shape = *met;
    };
    for (Value member : lists.members(leader))
      if (std::optional<SmallVector<int64_t>> element =
              elementShapeOf(member.getType()))
        consider(member, *element);
    for (auto &[value, element] : evidence)
      if (lists.isEquivalent(value, leader))
        consider(value, element);
    if (!shape || llvm::any_of(*shape, ShapedType::isDynamic))
      return;
    // The length is the shape rules' to tell (a constant count, unless the
    // list is resizable).
    reserve.getList().setType(
        getListType(RankedTensorType::get(*shape, type.getElementType())));
    changed = true;
  });
  return failure(conflict);
}

/// Whether `op` is a write to a resizable list.
bool isResizableWrite(Operation *op) {
  if (auto set = dyn_cast<ListSetItemOp>(op))
    return set.getResizable();
  if (auto scatter = dyn_cast<ListScatterOp>(op))
    return scatter.getResizable();
  return false;
}

/// Why a list op that is left after the rewrite could not be legalized.
void reportUnlegalized(Operation *op) {
  InFlightDiagnostic diag = op->emitError() << "'" << op->getName() << "'";
  if (auto node = dyn_cast<NameLoc>(op->getLoc()))
    diag << " (node '" << node.getName().getValue() << "')";
  diag << " cannot be compiled (TFLite export, native code): ";
  if (isResizableWrite(op))
    diag << "the list grows at run time (a TensorArray with dynamic_size, "
            "or a TF2 TensorList pushed back, as gradients of loops "
            "accumulate) and cannot be held as a storage of some capacity "
            "and a length: its values do not all have one type with a "
            "static element shape, or it is also written by a scatter or "
            "a bounds-checked write; give the TensorArray a fixed size";
  else if (isa<ListScatterOp>(op))
    diag << "only a scatter to every index of a list of static shape, in "
            "order (an unstack), is supported";
  else if (auto reserve = dyn_cast<ListReserveOp>(op);
           reserve && !isa<RankedTensorType>(reserve.getList().getType()))
    diag << "the shape of the list's elements is unknown: no value written "
            "to or read from it has a static shape";
  else
    diag << "the list's element shape is not static";
}

struct LiteLegalizeListsPass
    : impl::LiteLegalizeListsPassBase<LiteLegalizeListsPass> {
  using LiteLegalizeListsPassBase::LiteLegalizeListsPassBase;
  void runOnOperation() override {
    bool resolved = false;
    if (failed(resolveElementShapes(getOperation(), resolved)))
      return signalPassFailure();
    // The resolved types flow on through the program.
    if (resolved)
      for (auto function : getOperation().getOps<func::FuncOp>())
        if (failed(refineShapes(function))) {
          function.emitError("the element shapes the lists' writes give do "
                             "not fit the program (a list passed to or "
                             "returned from a call?)");
          return signalPassFailure();
        }
    bool hasLists = false;
    getOperation()->walk([&](Operation *op) {
      hasLists |= isa<ListReserveOp, ListSetItemOp, ListGetItemOp, ListGatherOp,
                      ListScatterOp, ListLengthOp>(op);
    });
    if (!hasLists)
      return;
    // Resizable lists become a storage list and a length beside it.
    growResizableLists(getOperation());
    RewritePatternSet patterns(&getContext());
    patterns.add<LegalizeReserve, LegalizeRead<ListGetItemOp>,
                 LegalizeRead<ListGatherOp>, LegalizeScatter, LegalizeLength>(
        &getContext());
    patterns.add<LegalizeSetItem>(&getContext(), checkedWrites);
    // Only the list ops change: no folding, no constants merged or hoisted
    // (the exported model keeps the program's constants where they are).
    GreedyRewriteConfig config;
    config.enableFolding(false);
    config.enableConstantCSE(false);
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns),
                                     config))) {
      getOperation()->emitError("list legalization did not converge");
      return signalPassFailure();
    }
    // A list of unknown element shape is reported once, at its reserve, not
    // at every op on it.
    SmallVector<Operation *> left;
    bool unknownShape = false;
    getOperation()->walk([&](Operation *op) {
      if (!isa<ListReserveOp, ListSetItemOp, ListGetItemOp, ListGatherOp,
               ListScatterOp, ListLengthOp>(op))
        return;
      // Kept on purpose: the native lowering writes it, checked.
      if (auto set = dyn_cast<ListSetItemOp>(op);
          set && checkedWrites && !set.getResizable() &&
          staticElementShape(set.getList()))
        return;
      left.push_back(op);
      if (auto reserve = dyn_cast<ListReserveOp>(op))
        unknownShape |= !isa<RankedTensorType>(reserve.getList().getType());
    });
    for (Operation *op : left) {
      bool shapeless = !isa<ListReserveOp>(op) && !isResizableWrite(op) &&
                       !isa<RankedTensorType>(op->getOperand(0).getType());
      if (!(unknownShape && shapeless))
        reportUnlegalized(op);
    }
    if (!left.empty())
      signalPassFailure();
  }
};
} // namespace
} // namespace sluice::lite
