//===- OutlineRegions.cpp - lite.if/lite.while regions to functions -------===//
//
// Gives control-flow regions the shape of TFLite subgraphs:
//
//   %r = lite.while (%i = %c0) ... cond {          %r:2 = lite.while (%i = %c0,
//   %n2 = %n) ... cond {
//     %p = lite.less %i, %n                ==>        %p = func.call
//     @main_while0_cond(%i, %n2) lite.yield %p lite.yield %p
//   } body { ... uses %n ... }                      } body {
//                                                     %x:2 = func.call
//                                                     @main_while0_body(%i,
//                                                     %n2) lite.yield %x#0,
//                                                     %x#1 }
//
// A captured value (%n) becomes a loop-carried value the body passes through,
// because TFLite's WHILE gives its subgraphs only the loop-carried tensors;
// captured constants are cloned into the regions instead (a subgraph holds
// its own constant tensors).
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Lite/IR/LiteBuilders.h"
#include "sluice/Dialect/Lite/IR/LiteOps.h"
#include "sluice/Dialect/Lite/Transforms/Passes.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringMap.h"

namespace sluice::lite {
#define GEN_PASS_DEF_LITEOUTLINEREGIONSPASS
#include "sluice/Dialect/Lite/Transforms/Passes.h.inc"
} // namespace sluice::lite

using namespace mlir;
using namespace sluice::lite;

namespace {

class RegionOutliner {
public:
  explicit RegionOutliner(ModuleOp module) : module(module), symbols(module) {}

  void outline(func::FuncOp parent);

private:
  void outlineIf(IfOp op, StringRef prefix);
  void outlineWhile(WhileOp op, StringRef prefix);
  /// A private function computing `region` (whose block arguments come
  /// first) from explicit `captures`; with `passThrough`, it also returns
  /// the captures unchanged. A yielded value of another type than
  /// `resultTypes` (when given) is returned through a RESHAPE copy of that
  /// type. Returns an existing identical function if any.
  func::FuncOp createFunction(StringRef name, Region &region,
                              ArrayRef<Value> captures, bool passThrough,
                              const llvm::DenseSet<Operation *> &notShared,
                              TypeRange resultTypes = {});
  /// The functions `op`'s regions call, directly or through other calls.
  llvm::DenseSet<Operation *> getFunctionsCalledWithin(Operation *op);
  /// The text that identifies a function's body up to names and locations.
  std::string structuralKey(func::FuncOp function);

  ModuleOp module;
  SymbolTable symbols;
  llvm::StringMap<func::FuncOp> functionsByKey;
};

} // namespace

std::string RegionOutliner::structuralKey(func::FuncOp function) {
  StringAttr name = function.getSymNameAttr();
  function.setSymName("__outlined");
  std::string key;
  llvm::raw_string_ostream os(key);
  function->print(os, OpPrintingFlags().printGenericOpForm().useLocalScope());
  function.setSymNameAttr(name);
  return key;
}

llvm::DenseSet<Operation *>
RegionOutliner::getFunctionsCalledWithin(Operation *op) {
  llvm::DenseSet<Operation *> called;
  SmallVector<Operation *> worklist = {op};
  while (!worklist.empty()) {
    worklist.pop_back_val()->walk([&](func::CallOp call) {
      auto callee = symbols.lookup<func::FuncOp>(call.getCallee());
      if (callee && called.insert(callee).second)
        worklist.push_back(callee);
    });
  }
  return called;
}

func::FuncOp RegionOutliner::createFunction(
    StringRef name, Region &region, ArrayRef<Value> captures, bool passThrough,
    const llvm::DenseSet<Operation *> &notShared, TypeRange opResultTypes) {
  Block &block = region.front();
  auto yield = cast<YieldOp>(block.getTerminator());
  SmallVector<Type> argTypes(block.getArgumentTypes());
  SmallVector<Type> resultTypes(opResultTypes.empty()
                                    ? TypeRange(yield.getOperandTypes())
                                    : opResultTypes);
  for (Value capture : captures) {
    argTypes.push_back(capture.getType());
    if (passThrough)
      resultTypes.push_back(capture.getType());
  }

  OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
  Location loc = region.getParentOp()->getLoc();
  auto function = func::FuncOp::create(
      builder, loc, name, builder.getFunctionType(argTypes, resultTypes));
  function.setPrivate();
  Block *entry = function.addEntryBlock();
  IRMapping mapping;
  mapping.map(block.getArguments(),
              entry->getArguments().take_front(block.getNumArguments()));
  mapping.map(captures,
              entry->getArguments().drop_front(block.getNumArguments()));
  builder.setInsertionPointToStart(entry);
  for (Operation &op : block.without_terminator())
    builder.clone(op, mapping);
  SmallVector<Value> results;
  for (auto [operand, type] : llvm::zip(yield.getOperands(), resultTypes)) {
    Value result = mapping.lookupOrDefault(operand);
    if (result.getType() != type)
      result = createReshapeCopy(builder, yield.getLoc(), result, type);
    results.push_back(result);
  }
  if (passThrough)
    llvm::append_range(
        results, entry->getArguments().drop_front(block.getNumArguments()));
  func::ReturnOp::create(builder, yield.getLoc(), results);

  // An identical function is reused unless an op nested in this one
  // already calls it: TFLite cannot run one subgraph for an IF/WHILE while
  // the same subgraph is in use by an enclosing one (LiteRT fails to invoke
  // the outer WHILE).
  auto [it, inserted] =
      functionsByKey.try_emplace(structuralKey(function), function);
  if (!inserted && !notShared.count(it->second)) {
    function.erase();
    return it->second;
  }
  symbols.insert(function);
  return function;
}

/// Clones the constants `region` uses from above into it: a TFLite subgraph
/// holds its constant tensors itself rather than receiving them.
static void sinkConstants(Region &region) {
  llvm::SetVector<Value> captures;
  getUsedValuesDefinedAbove(region, captures);
  OpBuilder builder = OpBuilder::atBlockBegin(&region.front());
  for (Value capture : captures) {
    Operation *def = capture.getDefiningOp();
    if (!def || !def->hasTrait<OpTrait::ConstantLike>())
      continue;
    Value local = builder.clone(*def)->getResult(0);
    replaceAllUsesInRegionWith(capture, local, region);
  }
}

/// Replaces the contents of `region` by a call of `function` on the
/// region's arguments and `captures`, yielding the first `numYielded`
/// results.
static void replaceByCall(Region &region, func::FuncOp function,
                          ArrayRef<Value> captures, unsigned numYielded) {
  Block &block = region.front();
  Location loc = block.getTerminator()->getLoc();
  block.clear();
  OpBuilder builder = OpBuilder::atBlockEnd(&block);
  SmallVector<Value> operands(block.getArguments());
  llvm::append_range(operands, captures);
  auto call = func::CallOp::create(builder, loc, function, operands);
  YieldOp::create(builder, loc, call.getResults().take_front(numYielded));
}

void RegionOutliner::outlineIf(IfOp op, StringRef prefix) {
  for (Region &region : op->getRegions())
    sinkConstants(region);
  llvm::SetVector<Value> captures;
  getUsedValuesDefinedAbove(op->getRegions(), captures);
  llvm::DenseSet<Operation *> nested = getFunctionsCalledWithin(op);
  // Two branches yielding one result with different static shapes: TFLite's
  // IF sizes its output by the then subgraph's, so both return it as the
  // IF's (more general) type through a RESHAPE, sized when it runs. Where a
  // branch's output is already dynamic, IF resizes at run time anyway.
  SmallVector<Type> thenTypes(
      op.getThenRegion().front().getTerminator()->getOperandTypes());
  SmallVector<Type> elseTypes(
      op.getElseRegion().front().getTerminator()->getOperandTypes());
  for (auto [index, resultType] : llvm::enumerate(op.getResultTypes())) {
    auto thenType = dyn_cast<RankedTensorType>(thenTypes[index]);
    auto elseType = dyn_cast<RankedTensorType>(elseTypes[index]);
    if (thenType && elseType && thenType.hasStaticShape() &&
        elseType.hasStaticShape() && thenType != elseType)
      thenTypes[index] = elseTypes[index] = resultType;
  }
  func::FuncOp thenFn =
      createFunction((prefix + "_then").str(), op.getThenRegion(),
                     captures.getArrayRef(), false, nested, thenTypes);
  func::FuncOp elseFn =
      createFunction((prefix + "_else").str(), op.getElseRegion(),
                     captures.getArrayRef(), false, nested, elseTypes);
  replaceByCall(op.getThenRegion(), thenFn, captures.getArrayRef(),
                op.getNumResults());
  replaceByCall(op.getElseRegion(), elseFn, captures.getArrayRef(),
                op.getNumResults());
}

void RegionOutliner::outlineWhile(WhileOp op, StringRef prefix) {
  for (Region &region : op->getRegions())
    sinkConstants(region);
  llvm::SetVector<Value> captures;
  getUsedValuesDefinedAbove(op->getRegions(), captures);
  unsigned numCarried = op.getNumResults();

  // The captures join the loop-carried values.
  OpBuilder builder(op);
  SmallVector<Value> inits(op.getInits());
  llvm::append_range(inits, captures);
  SmallVector<Type> types(op.getResultTypes());
  for (Value capture : captures)
    types.push_back(capture.getType());
  auto loop = WhileOp::create(builder, op.getLoc(), types, inits);
  // Recorded decisions (lite.buffers) carry over to the original slots; a
  // capture's slot passes it through, read only.
  loop->setDiscardableAttrs(op->getDiscardableAttrDictionary());
  if (auto slots = op->getAttrOfType<ArrayAttr>(getBuffersAttrName())) {
    SmallVector<Attribute> grown(slots.begin(), slots.end());
    grown.append(captures.size(),
                 SlotAttr::get(op.getContext(), SlotCopies::none, -1));
    loop->setAttr(getBuffersAttrName(), ArrayAttr::get(op.getContext(), grown));
  }
  SmallVector<Location> locs(types.size(), op.getLoc());
  for (Region *region : {&loop.getCond(), &loop.getBody()}) {
    Block &block = region->emplaceBlock();
    block.addArguments(types, locs);
    OpBuilder blockBuilder = OpBuilder::atBlockEnd(&block);
    YieldOp::create(blockBuilder, op.getLoc(), ValueRange{});
  }

  llvm::DenseSet<Operation *> nested = getFunctionsCalledWithin(op);
  func::FuncOp condFn = createFunction((prefix + "_cond").str(), op.getCond(),
                                       captures.getArrayRef(), false, nested);
  func::FuncOp bodyFn = createFunction((prefix + "_body").str(), op.getBody(),
                                       captures.getArrayRef(), true, nested);
  replaceByCall(loop.getCond(), condFn, {}, 1);
  replaceByCall(loop.getBody(), bodyFn, {}, types.size());
  op.replaceAllUsesWith(loop.getResults().take_front(numCarried));
  op.erase();
}

void RegionOutliner::outline(func::FuncOp parent) {
  SmallVector<Operation *> ops;
  parent.walk<WalkOrder::PostOrder>([&](Operation *op) {
    if (isa<IfOp, WhileOp>(op))
      ops.push_back(op);
  });
  unsigned counter = 0;
  for (Operation *op : ops) {
    std::string prefix =
        (parent.getSymName() + "_" + (isa<IfOp>(op) ? "if" : "while") +
         std::to_string(counter++))
            .str();
    if (auto ifOp = dyn_cast<IfOp>(op))
      outlineIf(ifOp, prefix);
    else
      outlineWhile(cast<WhileOp>(op), prefix);
  }
}

namespace {
struct LiteOutlineRegionsPass
    : sluice::lite::impl::LiteOutlineRegionsPassBase<LiteOutlineRegionsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<func::FuncOp> functions(module.getOps<func::FuncOp>());
    RegionOutliner outliner(module);
    for (func::FuncOp function : functions)
      outliner.outline(function);
    // Constants only the outlined regions used are left unused.
    for (func::FuncOp function : functions)
      function.walk([](Operation *op) {
        if (op->hasTrait<OpTrait::ConstantLike>() && op->use_empty())
          op->erase();
      });
  }
};
} // namespace
