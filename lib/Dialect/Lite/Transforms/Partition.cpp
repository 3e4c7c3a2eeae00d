//===- Partition.cpp - the -lite-partition pass ---------------------------===//
//
// Splits a lifted function whose ops carry `sluice.rank` into one function
// per rank. Control flow is replicated on the ranks that take part in it,
// data crosses as lite.send / lite.recv at the point where it is defined:
//
//   @f (placed)                     @f_rank0              @f_rank1
//   %a = A      {rank 0}            %a = A                %a = recv 0
//                                   send %a to 1
//   %w = while (%s = %a)            %w = while (%s = %a)  while ()
//     cond { %p = P %s {rank 0}       cond { %p = P %s      cond {
//                                            send %p to 1     %p = recv 0
//            yield %p }                      yield %p }       yield %p }
//     body { %t = T %s {rank 1}       body { %t = recv 1    body {
//                                                              %t = T %a
//                                                              send %t to 0
//            yield %t }                      yield %t }       yield }
//
// (here %a is also used inside the loop on rank 1: a value defined outside a
// region is sent once, where it is defined.) Three decisions, in order:
//   1. every op gets a rank (its `sluice.rank`, else its first placed
//      operand's producer's, else 0; constants are copied wherever used);
//   2. every loop slot and if result gets its owners and every if/while its
//      participants (post-order, inner ops first);
//   3. every value used on a rank that does not own it gets a transfer:
//      the first owner sends it, each user rank receives it, where the value
//      is defined.
// Because every rank runs the same control decisions and places its sends
// and receives where the single program defines the values, any two ranks
// see their messages in the same order: no deadlock, whatever the buffering.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Lite/IR/LiteOps.h"
#include "sluice/Dialect/Lite/IR/NodeNames.h"
#include "sluice/Dialect/Lite/IR/RankFunctions.h"
#include "sluice/Dialect/Lite/Transforms/Passes.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/ADT/StringMap.h"

namespace sluice::lite {
#define GEN_PASS_DEF_LITEPARTITIONPASS
#include "sluice/Dialect/Lite/Transforms/Passes.h.inc"
} // namespace sluice::lite

using namespace mlir;

namespace sluice::lite {
namespace {

/// A set of ranks; all bits set means "available everywhere" (a function
/// argument, a constant).
using RankSet = llvm::BitVector;

/// The largest MPI tag every implementation accepts is 32767.
constexpr int32_t kMaxTag = 32767;

static bool isControlOp(Operation *op) { return isa<IfOp, WhileOp>(op); }

static bool isConstant(Operation *op) {
  return op->hasTrait<OpTrait::ConstantLike>();
}

/// One value's journey: from `source` to each of `destinations`.
struct Transfer {
  int64_t source = 0;
  SmallVector<int64_t> destinations;
  SmallVector<int32_t> tags;
  std::string name;
};

class FunctionPartitioner {
public:
  FunctionPartitioner(func::FuncOp func, int64_t ranks, int32_t &nextTag)
      : func(func), ranks(ranks), nextTag(nextTag) {}

  /// Decides everything (diagnostics on failure).
  LogicalResult plan();
  /// Builds `@<f>_rank<rank>` before the function.
  LogicalResult buildRank(int64_t rank);

private:
  LogicalResult placeOps();
  void colocateLists();
  void planControlOp(Operation *op);
  void planTransfers();

  RankSet none() const { return RankSet(ranks); }
  RankSet only(int64_t rank) const {
    RankSet set(ranks);
    set.set(rank);
    return set;
  }
  RankSet everywhere() const { return RankSet(ranks, true); }
  RankSet ownersOf(Value value) const;
  /// What is planned for a control op so far (none before it is planned).
  RankSet slotOwnersOf(Operation *op, unsigned index) const;
  RankSet participantsOf(Operation *op) const;
  RankSet usersOf(OpOperand &use) const;
  RankSet usersOf(Value value, OpOperand *skip = nullptr) const;
  /// The rank owning `value` alone, if one does.
  std::optional<int64_t> soleOwnerOf(Value value) const;
  std::string nameOf(Value value) const;

  void emitOps(Block &source, OpBuilder &builder, int64_t rank,
               IRMapping &mapping);
  void emitTransfer(Value value, OpBuilder &builder, int64_t rank,
                    IRMapping &mapping);
  void emitWhile(WhileOp loop, OpBuilder &builder, int64_t rank,
                 IRMapping &mapping);
  void emitIf(IfOp ifOp, OpBuilder &builder, int64_t rank, IRMapping &mapping);

  func::FuncOp func;
  int64_t ranks;
  int32_t &nextTag;
  /// The rank of every op that is neither a control op nor a constant.
  DenseMap<Operation *, int64_t> opRanks;
  /// Per control op: the owners of each loop slot (while) or result (if).
  DenseMap<Operation *, SmallVector<RankSet>> slotOwners;
  /// Per control op: the ranks that run it.
  DenseMap<Operation *, RankSet> participants;
  DenseMap<Value, Transfer> transfers;
  /// How many transfers' values had each name so far.
  llvm::StringMap<unsigned> nameUses;
};

RankSet FunctionPartitioner::ownersOf(Value value) const {
  if (auto argument = dyn_cast<BlockArgument>(value)) {
    Operation *parent = argument.getOwner()->getParentOp();
    if (isa<WhileOp>(parent))
      return slotOwnersOf(parent, argument.getArgNumber());
    return everywhere(); // the function's arguments
  }
  Operation *def = value.getDefiningOp();
  if (isConstant(def))
    return everywhere();
  if (isControlOp(def))
    return slotOwnersOf(def, cast<OpResult>(value).getResultNumber());
  return only(opRanks.lookup(def));
}

RankSet FunctionPartitioner::slotOwnersOf(Operation *op, unsigned index) const {
  auto found = slotOwners.find(op);
  if (found == slotOwners.end() || index >= found->second.size())
    return none(); // an enclosing op, not planned yet
  return found->second[index];
}

RankSet FunctionPartitioner::participantsOf(Operation *op) const {
  auto found = participants.find(op);
  return found == participants.end() ? none() : found->second;
}

std::optional<int64_t> FunctionPartitioner::soleOwnerOf(Value value) const {
  RankSet owners = ownersOf(value);
  if (owners.count() != 1)
    return std::nullopt;
  return owners.find_first();
}

RankSet FunctionPartitioner::usersOf(OpOperand &use) const {
  Operation *user = use.getOwner();
  unsigned index = use.getOperandNumber();
  if (isa<YieldOp>(user)) {
    Operation *parent = user->getParentOp();
    if (auto loop = dyn_cast<WhileOp>(parent);
        loop && user->getParentRegion() == &loop.getCond())
      return participantsOf(parent); // the predicate
    return slotOwnersOf(parent, index);
  }
  if (isa<IfOp>(user))
    return participantsOf(user); // the predicate
  if (isa<WhileOp>(user))
    return slotOwnersOf(user, index);
  if (isa<func::ReturnOp>(user))
    return only(0);
  return only(opRanks.lookup(user));
}

RankSet FunctionPartitioner::usersOf(Value value, OpOperand *skip) const {
  RankSet users = none();
  for (OpOperand &use : value.getUses())
    if (&use != skip)
      users |= usersOf(use);
  return users;
}

std::string FunctionPartitioner::nameOf(Value value) const {
  if (auto argument = dyn_cast<BlockArgument>(value)) {
    auto loop = cast<WhileOp>(argument.getOwner()->getParentOp());
    bool inCond = argument.getOwner()->getParent() == &loop.getCond();
    return (describeNode(loop) + (inCond ? "/cond:" : "/body:") +
            Twine(argument.getArgNumber()))
        .str();
  }
  auto result = cast<OpResult>(value);
  return (describeNode(result.getOwner()) + ":" +
          Twine(result.getResultNumber()))
      .str();
}

LogicalResult FunctionPartitioner::placeOps() {
  bool failed = false;
  // Ops naming the same module state (a variable): the first one's rank.
  llvm::StringMap<Operation *> stateUsers;
  func.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op == func.getOperation() || isControlOp(op) || isConstant(op) ||
        op->hasTrait<OpTrait::IsTerminator>())
      return WalkResult::advance();
    if (isa<CallOpInterface>(op) || isa<CallOnceOp>(op)) {
      op->emitError("cannot partition @")
          << func.getSymName() << ": '" << describeNode(op)
          << "' calls another function (inline calls first; initializers "
             "are not partitioned)";
      failed = true;
      return WalkResult::skip();
    }
    if (op->getNumRegions()) {
      op->emitError("cannot partition @")
          << func.getSymName() << ": '" << describeNode(op)
          << "' has regions and is neither lite.if nor lite.while";
      failed = true;
      return WalkResult::skip();
    }
    int64_t rank = -1;
    if (Attribute attr = op->getAttr("sluice.rank")) {
      auto integer = dyn_cast<IntegerAttr>(attr);
      if (!integer || integer.getInt() < 0 || integer.getInt() >= ranks) {
        op->emitError("'") << describeNode(op) << "' has sluice.rank " << attr
                           << ", not a rank below " << ranks;
        failed = true;
        return WalkResult::advance();
      }
      rank = integer.getInt();
    }
    // Unplaced (made by the lift): with the producer of its first placed
    // operand.
    for (Value operand : op->getOperands()) {
      if (rank >= 0)
        break;
      if (Operation *def = operand.getDefiningOp())
        if (auto found = opRanks.find(def); found != opRanks.end())
          rank = found->second;
    }
    rank = std::max<int64_t>(rank, 0);
    opRanks[op] = rank;
    // State lives where its ops run: all ops naming one symbol on one rank.
    for (NamedAttribute attr : op->getAttrs()) {
      auto symbol = dyn_cast<FlatSymbolRefAttr>(attr.getValue());
      if (!symbol)
        continue;
      auto [first, inserted] = stateUsers.try_emplace(symbol.getValue(), op);
      if (!inserted && opRanks.lookup(first->second) != rank) {
        op->emitError("'") << describeNode(op) << "' on rank " << rank
                           << " and '" << describeNode(first->second)
                           << "' on rank " << opRanks.lookup(first->second)
                           << " both use " << symbol
                           << ": ops on the same state must be on one rank";
        failed = true;
      }
    }
    return WalkResult::advance();
  });
  if (!failed)
    colocateLists();
  return failure(failed);
}

/// The list ops whose lists flow into `list`, through loop slots and if
/// results.
static void collectListSources(Value list, SmallVectorImpl<Operation *> &found,
                               DenseSet<Value> &visited) {
  SmallVector<Value> work{list};
  while (!work.empty()) {
    Value value = work.pop_back_val();
    if (!visited.insert(value).second)
      continue;
    if (auto argument = dyn_cast<BlockArgument>(value)) {
      if (auto loop = dyn_cast<WhileOp>(argument.getOwner()->getParentOp())) {
        unsigned i = argument.getArgNumber();
        work.push_back(loop.getInits()[i]);
        work.push_back(loop.getBody().front().getTerminator()->getOperand(i));
      }
      continue;
    }
    Operation *def = value.getDefiningOp();
    unsigned i = cast<OpResult>(value).getResultNumber();
    if (auto loop = dyn_cast<WhileOp>(def)) {
      work.push_back(loop.getInits()[i]);
      work.push_back(loop.getBody().front().getTerminator()->getOperand(i));
    } else if (auto ifOp = dyn_cast<IfOp>(def)) {
      for (Region *region : {&ifOp.getThenRegion(), &ifOp.getElseRegion()})
        work.push_back(region->front().getTerminator()->getOperand(i));
    } else if (isa<ListReserveOp, ListSetItemOp, ListScatterOp>(def)) {
      found.push_back(def);
    }
  }
}

void FunctionPartitioner::colocateLists() {
  // A list (TensorArray, TensorList) lives where its ops run, as a variable
  // does: the ops on one list -- connected by the list values they pass,
  // through loop slots and if results -- go to the rank of the first.
  llvm::EquivalenceClasses<Operation *> lists;
  SmallVector<Operation *> order;
  func.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (!isa<ListReserveOp, ListSetItemOp, ListGetItemOp, ListGatherOp,
             ListScatterOp, ListLengthOp>(op))
      return;
    order.push_back(op);
    lists.insert(op);
    if (isa<ListReserveOp>(op))
      return;
    SmallVector<Operation *> sources;
    DenseSet<Value> visited;
    collectListSources(op->getOperand(0), sources, visited);
    for (Operation *source : sources)
      lists.unionSets(op, source);
  });
  DenseMap<Operation *, int64_t> classRank;
  for (Operation *op : order) {
    Operation *leader = lists.getLeaderValue(op);
    auto [it, inserted] = classRank.try_emplace(leader, opRanks.lookup(op));
    opRanks[op] = it->second;
  }
}

void FunctionPartitioner::planControlOp(Operation *op) {
  // The ranks of what runs inside (nested control ops are planned already).
  RankSet base = none();
  for (Region &region : op->getRegions())
    for (Operation &nested : region.front()) {
      if (isControlOp(&nested))
        base |= participantsOf(&nested);
      else if (auto found = opRanks.find(&nested); found != opRanks.end())
        base |= only(found->second);
    }
  auto firstOf = [&](const RankSet &set) -> int64_t {
    int first = set.find_first();
    return first < 0 ? 0 : first;
  };

  if (auto ifOp = dyn_cast<IfOp>(op)) {
    SmallVector<RankSet> owners;
    Operation *thenYield = ifOp.getThenRegion().front().getTerminator();
    Operation *elseYield = ifOp.getElseRegion().front().getTerminator();
    for (unsigned i = 0; i < ifOp.getNumResults(); ++i) {
      std::optional<int64_t> owner = soleOwnerOf(thenYield->getOperand(i));
      if (!owner)
        owner = soleOwnerOf(elseYield->getOperand(i));
      owners.push_back(only(owner ? *owner : firstOf(base)));
      base |= owners.back();
    }
    slotOwners[op] = std::move(owners);
    participants[op] = base;
    return;
  }

  auto loop = cast<WhileOp>(op);
  Block &cond = loop.getCond().front(), &body = loop.getBody().front();
  Operation *yield = body.getTerminator();
  unsigned numSlots = loop.getNumResults();
  SmallVector<RankSet> &owners = slotOwners[op];
  owners.assign(numSlots, none());
  SmallVector<bool> passThrough(numSlots);
  // A slot lives where its next value is computed.
  for (unsigned i = 0; i < numSlots; ++i) {
    Value next = yield->getOperand(i);
    passThrough[i] = next == body.getArgument(i);
    if (passThrough[i])
      continue;
    std::optional<int64_t> owner;
    if (Operation *def = next.getDefiningOp();
        def && loop->isProperAncestor(def))
      owner = soleOwnerOf(next);
    if (!owner) {
      RankSet readers = usersOf(body.getArgument(i));
      readers |= usersOf(cond.getArgument(i));
      if (readers.any())
        owner = readers.find_first();
      else if (std::optional<int64_t> initOwner =
                   soleOwnerOf(loop.getInits()[i]))
        owner = initOwner;
      else
        owner = firstOf(base);
    }
    owners[i] = only(*owner);
    base |= owners[i];
  }
  participants[op] = base;
  // A loop invariant: kept by every rank that reads it.
  for (unsigned i = 0; i < numSlots; ++i) {
    if (!passThrough[i])
      continue;
    RankSet readers = usersOf(body.getArgument(i), &yield->getOpOperand(i));
    readers |= usersOf(cond.getArgument(i));
    if (readers.none()) {
      std::optional<int64_t> initOwner = soleOwnerOf(loop.getInits()[i]);
      readers =
          only(initOwner && base.test(*initOwner) ? *initOwner : firstOf(base));
    }
    owners[i] = readers;
    base |= readers;
  }
  if (base.none())
    base = only(0);
  participants[op] = base;
}

void FunctionPartitioner::planTransfers() {
  auto consider = [&](Value value) {
    RankSet owners = ownersOf(value);
    if (owners.all())
      return;
    RankSet needed = usersOf(value);
    needed.reset(owners);
    if (needed.none())
      return;
    Transfer &transfer = transfers[value];
    transfer.source = owners.find_first();
    // Keys name one value each: a second value of the same name (ops
    // without a NameLoc are named by their op) gets "@<n>".
    std::string name = nameOf(value);
    unsigned uses = nameUses[name]++;
    transfer.name = uses ? name + "@" + std::to_string(uses) : name;
    for (int destination : needed.set_bits()) {
      transfer.destinations.push_back(destination);
      transfer.tags.push_back(nextTag);
      nextTag = nextTag == kMaxTag ? 1 : nextTag + 1;
    }
  };
  func.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (auto loop = dyn_cast<WhileOp>(op))
      for (Region *region : {&loop.getCond(), &loop.getBody()})
        for (BlockArgument argument : region->getArguments())
          consider(argument);
    if (op != func.getOperation())
      for (Value result : op->getResults())
        consider(result);
  });
}

LogicalResult FunctionPartitioner::plan() {
  if (failed(placeOps()))
    return failure();
  // Post-order: the control ops inside a region before the op holding it.
  func.walk([&](Operation *op) {
    if (isControlOp(op))
      planControlOp(op);
  });
  planTransfers();
  return success();
}

void FunctionPartitioner::emitTransfer(Value value, OpBuilder &builder,
                                       int64_t rank, IRMapping &mapping) {
  auto found = transfers.find(value);
  if (found == transfers.end())
    return;
  const Transfer &transfer = found->second;
  Location loc = value.getLoc();
  for (auto [destination, tag] :
       llvm::zip(transfer.destinations, transfer.tags)) {
    std::string key = transfer.name + "->" + std::to_string(destination);
    // Decided here, for both ends: shape inference may refine the sent
    // value's type later, not the received one's.
    auto type = dyn_cast<RankedTensorType>(value.getType());
    bool withShape = !type || !type.hasStaticShape();
    if (rank == transfer.source)
      SendOp::create(builder, loc, mapping.lookup(value), destination, key, tag,
                     withShape);
    else if (rank == destination)
      mapping.map(value, RecvOp::create(builder, loc, value.getType(),
                                        transfer.source, key, tag, withShape)
                             .getValue());
  }
}

void FunctionPartitioner::emitOps(Block &source, OpBuilder &builder,
                                  int64_t rank, IRMapping &mapping) {
  for (Operation &op : source.without_terminator()) {
    if (auto loop = dyn_cast<WhileOp>(op)) {
      if (participantsOf(&op).test(rank))
        emitWhile(loop, builder, rank, mapping);
    } else if (auto ifOp = dyn_cast<IfOp>(op)) {
      if (participantsOf(&op).test(rank))
        emitIf(ifOp, builder, rank, mapping);
    } else if (isConstant(&op) || opRanks.lookup(&op) == rank) {
      Operation *clone = builder.clone(op, mapping);
      clone->removeAttr("sluice.rank");
    }
    for (Value result : op.getResults())
      emitTransfer(result, builder, rank, mapping);
  }
}

void FunctionPartitioner::emitWhile(WhileOp loop, OpBuilder &builder,
                                    int64_t rank, IRMapping &mapping) {
  const SmallVector<RankSet> &owners = slotOwners[loop];
  SmallVector<unsigned> kept;
  SmallVector<Value> inits;
  SmallVector<Type> types;
  for (unsigned i = 0; i < loop.getNumResults(); ++i)
    if (owners[i].test(rank)) {
      kept.push_back(i);
      inits.push_back(mapping.lookup(loop.getInits()[i]));
      types.push_back(loop.getResult(i).getType());
    }
  auto replica = WhileOp::create(builder, loop.getLoc(), types, inits);
  for (NamedAttribute attr : loop->getDiscardableAttrs())
    replica->setAttr(attr.getName(), attr.getValue());

  auto emitRegion = [&](Region &source, Region &target, bool isCond) {
    Block &sourceBlock = source.front();
    SmallVector<Type> argTypes;
    SmallVector<Location> argLocs;
    for (unsigned i : kept) {
      argTypes.push_back(sourceBlock.getArgument(i).getType());
      argLocs.push_back(sourceBlock.getArgument(i).getLoc());
    }
    OpBuilder::InsertionGuard guard(builder);
    Block *block = builder.createBlock(&target, {}, argTypes, argLocs);
    for (auto [index, i] : llvm::enumerate(kept))
      mapping.map(sourceBlock.getArgument(i), block->getArgument(index));
    for (BlockArgument argument : sourceBlock.getArguments())
      emitTransfer(argument, builder, rank, mapping);
    emitOps(sourceBlock, builder, rank, mapping);
    Operation *yield = sourceBlock.getTerminator();
    SmallVector<Value> operands;
    if (isCond)
      operands.push_back(mapping.lookup(yield->getOperand(0)));
    else
      for (unsigned i : kept)
        operands.push_back(mapping.lookup(yield->getOperand(i)));
    YieldOp::create(builder, yield->getLoc(), operands);
  };
  emitRegion(loop.getCond(), replica.getCond(), /*isCond=*/true);
  emitRegion(loop.getBody(), replica.getBody(), /*isCond=*/false);
  for (auto [index, i] : llvm::enumerate(kept))
    mapping.map(loop.getResult(i), replica.getResult(index));
}

void FunctionPartitioner::emitIf(IfOp ifOp, OpBuilder &builder, int64_t rank,
                                 IRMapping &mapping) {
  const SmallVector<RankSet> &owners = slotOwners[ifOp];
  SmallVector<unsigned> kept;
  SmallVector<Type> types;
  for (unsigned i = 0; i < ifOp.getNumResults(); ++i)
    if (owners[i].test(rank)) {
      kept.push_back(i);
      types.push_back(ifOp.getResult(i).getType());
    }
  auto replica = IfOp::create(builder, ifOp.getLoc(), types,
                              mapping.lookup(ifOp.getCond()));
  for (NamedAttribute attr : ifOp->getDiscardableAttrs())
    replica->setAttr(attr.getName(), attr.getValue());
  for (auto [source, target] :
       {std::pair{&ifOp.getThenRegion(), &replica.getThenRegion()},
        std::pair{&ifOp.getElseRegion(), &replica.getElseRegion()}}) {
    OpBuilder::InsertionGuard guard(builder);
    builder.createBlock(target);
    emitOps(source->front(), builder, rank, mapping);
    Operation *yield = source->front().getTerminator();
    SmallVector<Value> operands;
    for (unsigned i : kept)
      operands.push_back(mapping.lookup(yield->getOperand(i)));
    YieldOp::create(builder, yield->getLoc(), operands);
  }
  for (auto [index, i] : llvm::enumerate(kept))
    mapping.map(ifOp.getResult(i), replica.getResult(index));
}

LogicalResult FunctionPartitioner::buildRank(int64_t rank) {
  FailureOr<func::FuncOp> created = createRankFunction(func, rank);
  if (failed(created))
    return failure();
  func::FuncOp rankFunc = *created;
  Block &source = func.getBody().front();
  Block *entry = rankFunc.addEntryBlock();
  IRMapping mapping;
  mapping.map(source.getArguments(), entry->getArguments());
  OpBuilder builder = OpBuilder::atBlockEnd(entry);
  emitOps(source, builder, rank, mapping);
  auto returnOp = cast<func::ReturnOp>(source.getTerminator());
  SmallVector<Value> results;
  if (rank == 0)
    for (Value value : returnOp.getOperands())
      results.push_back(mapping.lookup(value));
  func::ReturnOp::create(builder, returnOp.getLoc(), results);

  // Constants were copied everywhere; keep those this rank uses.
  SmallVector<Operation *> unused;
  rankFunc.walk([&](Operation *op) {
    if (isConstant(op) && op->use_empty())
      unused.push_back(op);
  });
  for (Operation *op : unused)
    op->erase();
  return success();
}

struct LitePartitionPass
    : public impl::LitePartitionPassBase<LitePartitionPass> {
  using LitePartitionPassBase::LitePartitionPassBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (ranks < 1) {
      module.emitError("-lite-partition expects ranks >= 1, got ")
          << static_cast<int64_t>(ranks);
      return signalPassFailure();
    }
    if (getPartitionRanks(module)) {
      module.emitError("the module is partitioned already");
      return signalPassFailure();
    }
    SmallVector<func::FuncOp> work;
    for (auto func : module.getOps<func::FuncOp>()) {
      if (func.isExternal() || func.isPrivate())
        continue;
      if (!func.getBody().hasOneBlock()) {
        func.emitError("cannot partition @")
            << func.getSymName() << ": its body has more than one block";
        return signalPassFailure();
      }
      Operation *foreign = nullptr;
      func.walk<WalkOrder::PreOrder>([&](Operation *op) {
        Dialect *dialect = op->getDialect();
        if (dialect && !isa<LiteDialect, func::FuncDialect>(dialect)) {
          foreign = op;
          return WalkResult::interrupt();
        }
        return WalkResult::advance();
      });
      if (foreign) {
        foreign->emitError("cannot partition @")
            << func.getSymName() << ": '" << foreign->getName()
            << "' is not a lite op (lift executor graphs first)";
        return signalPassFailure();
      }
      work.push_back(func);
    }
    int32_t nextTag = 1;
    for (func::FuncOp func : work) {
      FunctionPartitioner partitioner(func, ranks, nextTag);
      if (failed(partitioner.plan()))
        return signalPassFailure();
      for (int64_t rank = 0; rank < ranks; ++rank)
        if (failed(partitioner.buildRank(rank)))
          return signalPassFailure();
    }
    for (func::FuncOp func : work)
      func.erase();
    setPartitionRanks(module, ranks);
  }
};

} // namespace
} // namespace sluice::lite
