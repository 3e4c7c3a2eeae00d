//===- BufferAliasing.cpp - buffers shared across lite regions ------------===//
//
// The rules, per lite.while slot i (x_i init, c_i/b_i cond/body arguments,
// y_i body yield, r_i result) and per lite.if result k (t_k/e_k yields).
// Region ops are analysed innermost first, so the alias classes of the
// values a region op sees already include what nested ops decided. "The
// class of v" is the set of values sharing v's buffer so far.
//
// lite.while, entry (x_i -> B_i). A slot whose body passes b_i through
// unchanged (y_i == b_i) and whose result is unused never writes its buffer:
// it shares x_i's buffer unconditionally. Any other slot needs an entry copy
// when a value in the class of x_i
//   - is a function argument (a read-only input) or a constant;
//   - is defined outside a lite.while that encloses this loop (the next
//     iteration of that loop reads it again);
//   - is used inside this loop (captured: read after the body wrote B_i);
//   - is used by an op that executes after the loop (later in an enclosing
//     block, or in the other region of an enclosing lite.while);
//   - or when x_i is also the initial value of another slot j: a read-only
//     slot keeps the buffer, otherwise the slot of the largest type (then the
//     lowest index) keeps it and the others copy.
//
// lite.while, body (y_i -> B_i):
//   - y_i == b_i: in place (passed through);
//   - y_i == b_j, j != i: a copy every iteration (swap, rotation);
//   - y_i (or a value in its class) defined outside the body: a copy;
//   - y_i's class holds b_j, j != i (slot j's buffer): a copy;
//   - the same value (class) yielded for several slots: the largest slot
//     (then the lowest index) keeps it, the others copy;
//   - otherwise let P be the first op of the body block that writes the
//     class of y_i. The old contents of B_i (b_i and the values of its class
//     defined before P) must not be read after P: a use by an op after P
//     (including the yield, or inside a region of a later op) is a copy
//     ("read after overwritten"). A use by P itself is fine when P is
//     elementwise (lite BroadcastCompatible or unary SameOperandsAndResultType
//     op, one result in y's class, operand type == result type, static: each
//     element is read before it is written), when P is a lite.while that
//     updates this very buffer in place through the slot the use feeds, when
//     the use is a lite.if's predicate, or when P is a lite.if and the same
//     rule holds inside each branch for the value it yields for y. Otherwise
//     P cannot write in place: two buffers (ping-pong), not a copy.
//
// lite.if, result k, per branch (t_k -> R_k):
//   - t_k (or a value in its class) defined outside the branch: a copy;
//   - the same value (class) yielded for several results: the largest
//     result (then the lowest index) keeps it, the others copy.
//
//===----------------------------------------------------------------------===//

#include "sluice/Analysis/BufferAliasing.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "sluice/Dialect/Lite/IR/LiteDialect.h"
#include "sluice/Dialect/Lite/IR/LiteOps.h"
#include "llvm/ADT/STLExtras.h"

#include <limits>
#include <optional>
#include <tuple>

using namespace mlir;
using namespace sluice;
using namespace sluice::lite;

namespace {

/// Union-find over values, with the members of each class.
class ValueClasses {
public:
  unsigned find(Value v) {
    unsigned i = id(v);
    while (parent[i] != i)
      i = parent[i] = parent[parent[i]];
    return i;
  }
  bool same(Value a, Value b) { return find(a) == find(b); }
  void unite(Value a, Value b) {
    unsigned ra = find(a), rb = find(b);
    if (ra == rb)
      return;
    if (members[ra].size() < members[rb].size())
      std::swap(ra, rb);
    parent[rb] = ra;
    members[ra].append(members[rb]);
    members[rb].clear();
  }
  SmallVector<Value> classOf(Value v) {
    const SmallVector<Value, 2> &m = members[find(v)];
    return SmallVector<Value>(m.begin(), m.end());
  }
  /// Every value seen, in the order first seen.
  ArrayRef<Value> values() const { return order; }

private:
  unsigned id(Value v) {
    auto [it, inserted] = index.try_emplace(v, parent.size());
    if (inserted) {
      parent.push_back(it->second);
      members.push_back({v});
      order.push_back(v);
    }
    return it->second;
  }
  DenseMap<Value, unsigned> index;
  SmallVector<unsigned> parent;
  SmallVector<SmallVector<Value, 2>> members;
  SmallVector<Value> order;
};

/// The op that defines `v`: its defining op, or the op holding the block of
/// a block argument.
Operation *definer(Value v) {
  if (Operation *op = v.getDefiningOp())
    return op;
  return cast<BlockArgument>(v).getOwner()->getParentOp();
}

/// The ancestor of the definition of `v` in `block`, or null when `v` is a
/// block argument of `block` or defined outside it.
Operation *definedIn(Block &block, Value v) {
  if (auto arg = dyn_cast<BlockArgument>(v); arg && arg.getOwner() == &block)
    return nullptr;
  Operation *def = definer(v);
  return def ? block.findAncestorOpInBlock(*def) : nullptr;
}

bool isInside(Block &block, Value v) {
  if (auto arg = dyn_cast<BlockArgument>(v); arg && arg.getOwner() == &block)
    return true;
  return definedIn(block, v) != nullptr;
}

/// The cost of copying a value of `type`: its static size, else "large".
int64_t copyCost(Type type) {
  int64_t bytes = BufferAliasing::getByteSize(type);
  return bytes < 0 ? std::numeric_limits<int64_t>::max() : bytes;
}

/// Whether `op` reads element e of each non-broadcast operand only to write
/// element e of its single result.
bool isElementwise(Operation *op) {
  if (!isa<LiteDialect>(op->getDialect()) || op->getNumResults() != 1 ||
      op->getNumRegions() != 0)
    return false;
  return op->hasTrait<BroadcastCompatible>() ||
         (op->getNumOperands() == 1 &&
          op->hasTrait<OpTrait::SameOperandsAndResultType>());
}

/// Whether `op` (outside `loop`) executes after `loop` has run.
bool executesAfter(Operation *op, Operation *loop) {
  for (Operation *a = loop; a; a = a->getParentOp()) {
    Block *block = a->getBlock();
    if (!block)
      return false;
    Operation *ancestor = block->findAncestorOpInBlock(*op);
    if (!ancestor)
      continue;
    // `op` is in another region of `a`: the other region of a loop runs
    // again after this one; the other branch of an if never does.
    if (ancestor == a)
      return isa<WhileOp>(a);
    return a->isBeforeInBlock(ancestor);
  }
  return false;
}

std::string opName(Operation *op) {
  return ("'" + op->getName().getStringRef() + "'").str();
}

/// Orders requirements by slot/result, then kind, then branch.
bool byPlace(const CopyRequirement &a, const CopyRequirement &b) {
  return std::make_tuple(a.index, a.kind, a.branch) <
         std::make_tuple(b.index, b.kind, b.branch);
}

/// Why writing the class of a yielded value in place of a slot's old value
/// fails.
struct Conflict {
  enum Kind { None, ReadAfter, ProducerReads } kind = None;
  Operation *writer = nullptr;
  Operation *reader = nullptr;
};

class Analyzer {
public:
  Analyzer(ValueClasses &classes,
           DenseMap<Operation *, SmallVector<CopyRequirement, 2>> &copies,
           BufferModel model)
      : classes(classes), copies(copies), model(model) {}

  void analyzeWhile(WhileOp loop);
  void analyzeIf(IfOp op);

private:
  std::optional<std::string> entryConflict(WhileOp loop, Value init);
  Conflict checkWrite(Block &block, Value yielded, Value old);
  bool producerMayRead(Operation *producer, OpOperand &use, Value yielded,
                       Value old);
  std::string permutationReason(ArrayRef<std::optional<unsigned>> next,
                                unsigned slot);

  ValueClasses &classes;
  DenseMap<Operation *, SmallVector<CopyRequirement, 2>> &copies;
  BufferModel model;
};

std::optional<std::string> Analyzer::entryConflict(WhileOp loop, Value init) {
  SmallVector<Value> members = classes.classOf(init);
  for (Value m : members) {
    if (auto arg = dyn_cast<BlockArgument>(m))
      if (isa<FunctionOpInterface>(arg.getOwner()->getParentOp()))
        return std::string("the initial value is a function argument");
    if (Operation *def = m.getDefiningOp())
      if (def->hasTrait<OpTrait::ConstantLike>())
        return std::string("the initial value is a constant");
  }
  for (Value m : members) {
    Region *defRegion = m.getParentRegion();
    if (!defRegion->isAncestor(loop->getParentRegion()))
      continue;
    for (Region *r = loop->getParentRegion(); r != defRegion;
         r = r->getParentOp()->getParentRegion())
      if (isa<WhileOp>(r->getParentOp()))
        return std::string(
            "the initial value is defined outside an enclosing loop");
  }
  for (Value m : members) {
    for (OpOperand &use : m.getUses()) {
      Operation *user = use.getOwner();
      if (user == loop.getOperation())
        continue;
      if (loop->isProperAncestor(user))
        return std::string("the initial value is also used inside the loop");
      if (executesAfter(user, loop))
        return std::string("the initial value is used after the loop");
    }
  }
  return std::nullopt;
}

Conflict Analyzer::checkWrite(Block &block, Value yielded, Value old) {
  // The first op of `block` that writes the buffer of `yielded`.
  Operation *writer = nullptr;
  for (Value m : classes.classOf(yielded))
    if (Operation *a = definedIn(block, m))
      if (!writer || a->isBeforeInBlock(writer))
        writer = a;
  if (!writer)
    return {};
  for (Value m : classes.classOf(old)) {
    // Values of the class defined at or after the writer hold new contents.
    if (Operation *a = definedIn(block, m); a && !a->isBeforeInBlock(writer))
      continue;
    for (OpOperand &use : m.getUses()) {
      Operation *a = block.findAncestorOpInBlock(*use.getOwner());
      if (!a || a->isBeforeInBlock(writer))
        continue;
      if (a != writer)
        return {Conflict::ReadAfter, writer, a};
      if (!producerMayRead(writer, use, yielded, old))
        return {Conflict::ProducerReads, writer, use.getOwner()};
    }
  }
  return {};
}

bool Analyzer::producerMayRead(Operation *producer, OpOperand &use,
                               Value yielded, Value old) {
  Operation *user = use.getOwner();
  if (user == producer) {
    if (isa<IfOp>(producer))
      return true; // the predicate is read before a branch runs
    if (auto loop = dyn_cast<WhileOp>(producer))
      return classes.same(loop.getResult(use.getOperandNumber()), old) &&
             classes.same(old, yielded);
    auto type = dyn_cast<RankedTensorType>(use.get().getType());
    return model.elementwiseInPlace && isElementwise(producer) &&
           classes.same(producer->getResult(0), yielded) && type &&
           type.hasStaticShape() && type == producer->getResult(0).getType();
  }
  // A use inside a region of the producer.
  auto ifOp = dyn_cast<IfOp>(producer);
  if (!ifOp)
    return false;
  for (Region *region : {&ifOp.getThenRegion(), &ifOp.getElseRegion()}) {
    Block &branch = region->front();
    if (checkWrite(branch, yielded, old).kind != Conflict::None)
      return false;
  }
  return true;
}

std::string Analyzer::permutationReason(ArrayRef<std::optional<unsigned>> next,
                                        unsigned slot) {
  SmallVector<unsigned> cycle = {slot};
  std::optional<unsigned> cur = next[slot];
  while (cur && *cur != slot && cycle.size() <= next.size()) {
    cycle.push_back(*cur);
    cur = next[*cur];
  }
  if (cur && *cur == slot) {
    if (cycle.size() == 2)
      return "swapped with slot " + std::to_string(cycle[1]);
    llvm::sort(cycle);
    std::string s = "rotated among slots ";
    llvm::interleave(
        cycle, [&](unsigned i) { s += std::to_string(i); }, [&] { s += ", "; });
    return s;
  }
  return "yields the value of slot " + std::to_string(*next[slot]);
}

void Analyzer::analyzeWhile(WhileOp loop) {
  Block &cond = loop.getCond().front();
  Block &body = loop.getBody().front();
  Operation *yield = body.getTerminator();
  unsigned n = loop.getInits().size();
  SmallVector<CopyRequirement, 2> reqs;
  auto require = [&](CopyRequirement::Kind kind, unsigned i, std::string reason,
                     std::optional<unsigned> buffer = std::nullopt) {
    reqs.push_back({kind, i, 0, std::move(reason), buffer});
  };
  auto cost = [&](unsigned i) { return copyCost(loop.getResult(i).getType()); };

  // Entry.
  SmallVector<bool> readOnly(n), entryCopy(n);
  for (unsigned i = 0; i < n; ++i)
    readOnly[i] = yield->getOperand(i) == body.getArgument(i) &&
                  loop.getResult(i).use_empty();
  for (unsigned i = 0; i < n; ++i) {
    if (readOnly[i])
      continue;
    if (auto reason = entryConflict(loop, loop.getInits()[i])) {
      entryCopy[i] = true;
      require(CopyRequirement::Kind::EntryCopy, i, *reason);
    }
  }
  for (unsigned i = 0; i < n; ++i) {
    if (readOnly[i] || entryCopy[i])
      continue;
    Value init = loop.getInits()[i];
    // The keeper among the slots sharing this buffer at entry.
    std::optional<unsigned> keeper;
    for (unsigned j = 0; j < n; ++j) {
      if (!classes.same(loop.getInits()[j], init))
        continue;
      if (readOnly[j]) {
        keeper = j;
        break;
      }
      if (!keeper || cost(j) > cost(*keeper))
        keeper = j;
    }
    if (*keeper != i) {
      entryCopy[i] = true;
      require(CopyRequirement::Kind::EntryCopy, i,
              "the initial value is also the initial value of slot " +
                  std::to_string(*keeper));
    }
  }

  // Body.
  SmallVector<std::optional<unsigned>> next(n);
  for (unsigned i = 0; i < n; ++i)
    if (auto arg = dyn_cast<BlockArgument>(yield->getOperand(i));
        arg && arg.getOwner() == &body)
      next[i] = arg.getArgNumber();
  SmallVector<bool> bodyShared(n); // y_i joins B_i
  SmallVector<unsigned> candidates;
  for (unsigned i = 0; i < n; ++i) {
    Value y = yield->getOperand(i);
    if (next[i] && *next[i] == i) {
      bodyShared[i] = true;
      continue;
    }
    if (next[i]) {
      // By pointer, slot i simply takes slot next[i]'s buffer.
      require(model.stateByPointer ? CopyRequirement::Kind::Rotate
                                   : CopyRequirement::Kind::BodyCopy,
              i, permutationReason(next, i), next[i]);
      continue;
    }
    if (!isInside(body, y)) {
      require(CopyRequirement::Kind::BodyCopy, i,
              "yields a value defined outside the loop");
      continue;
    }
    std::optional<std::string> reason;
    for (Value m : classes.classOf(y)) {
      if (auto arg = dyn_cast<BlockArgument>(m);
          arg && arg.getOwner() == &body && arg.getArgNumber() != i) {
        reason = "yields the buffer of slot " +
                 std::to_string(arg.getArgNumber()) + ", updated in place";
        break;
      }
      if (!isInside(body, m)) {
        reason = "yields a buffer defined outside the loop";
        break;
      }
    }
    if (reason) {
      require(CopyRequirement::Kind::BodyCopy, i, *reason);
      continue;
    }
    candidates.push_back(i);
  }
  // Each computed slot first tries its own buffer; `claimed` are the
  // buffers that then hold a next value.
  llvm::SmallDenseSet<unsigned> claimed;
  SmallVector<std::pair<unsigned, Conflict>> conflicted;
  for (unsigned i : candidates) {
    Value y = yield->getOperand(i);
    std::optional<unsigned> keeper;
    for (unsigned j : candidates)
      if (classes.same(yield->getOperand(j), y) &&
          (!keeper || cost(j) > cost(*keeper)))
        keeper = j;
    if (*keeper != i) {
      require(CopyRequirement::Kind::BodyCopy, i,
              "yields the same value as slot " + std::to_string(*keeper));
      continue;
    }
    Conflict c = checkWrite(body, y, body.getArgument(i));
    if (c.kind != Conflict::None) {
      conflicted.push_back({i, c});
      continue;
    }
    bodyShared[i] = true;
    claimed.insert(i);
  }
  // By pointer, a slot that cannot write over its own state may write over
  // the state of a slot k that only forwards another slot's state (k's own
  // state is not yielded: its buffer is free once read). A shift register
  // (a, b, c) -> (b, c, f(a, b, c)) computes f over a: the three buffers
  // rotate.
  SmallVector<std::optional<unsigned>> computedInto(n);
  for (auto &[i, c] : conflicted) {
    Value y = yield->getOperand(i);
    for (unsigned k = 0; k < n && model.stateByPointer; ++k) {
      if (k == i || claimed.contains(k) || !next[k] || *next[k] == k ||
          body.getArgument(k).getType() != body.getArgument(i).getType() ||
          llvm::is_contained(next, std::optional<unsigned>(k)) ||
          checkWrite(body, y, body.getArgument(k)).kind != Conflict::None)
        continue;
      claimed.insert(k);
      computedInto[i] = k;
      require(CopyRequirement::Kind::Rotate, i,
              "computed into the buffer of slot " + std::to_string(k) +
                  ", which only forwards slot " + std::to_string(*next[k]),
              k);
      break;
    }
  }
  for (auto &[i, c] : conflicted) {
    if (computedInto[i])
      continue;
    if (c.kind == Conflict::ReadAfter && !model.stateByPointer) {
      require(CopyRequirement::Kind::BodyCopy, i,
              "the old value is read by " + opName(c.reader) + " after " +
                  opName(c.writer) + " overwrote it");
    } else if (claimed.contains(i) ||
               llvm::is_contained(next, std::optional<unsigned>(i))) {
      require(CopyRequirement::Kind::BodyCopy, i,
              "its buffer holds the next value of another slot");
    } else if (c.kind == Conflict::ReadAfter) {
      require(CopyRequirement::Kind::PingPong, i,
              "the old value is read by " + opName(c.reader) + " after " +
                  opName(c.writer) + " writes the new one");
    } else {
      require(CopyRequirement::Kind::PingPong, i,
              opName(c.writer) +
                  " reads the old value while writing the new one");
    }
  }

  // Alias classes.
  for (unsigned i = 0; i < n; ++i) {
    classes.unite(cond.getArgument(i), body.getArgument(i));
    classes.unite(body.getArgument(i), loop.getResult(i));
    if (!entryCopy[i])
      classes.unite(loop.getInits()[i], body.getArgument(i));
    if (bodyShared[i])
      classes.unite(yield->getOperand(i), body.getArgument(i));
    // By pointer, the buffers of a rotation are one pool.
    if (computedInto[i])
      classes.unite(yield->getOperand(i), body.getArgument(*computedInto[i]));
    if (model.stateByPointer && next[i])
      classes.unite(body.getArgument(i), body.getArgument(*next[i]));
  }
  llvm::sort(reqs, byPlace);
  if (!reqs.empty())
    copies[loop] = std::move(reqs);
}

void Analyzer::analyzeIf(IfOp op) {
  SmallVector<CopyRequirement, 2> reqs;
  SmallVector<std::pair<Value, Value>> unions;
  auto cost = [&](unsigned k) { return copyCost(op.getResult(k).getType()); };
  for (auto [b, region] : llvm::enumerate(
           std::array<Region *, 2>{&op.getThenRegion(), &op.getElseRegion()})) {
    unsigned branch = b;
    Block &block = region->front();
    Operation *yield = block.getTerminator();
    auto require = [&](unsigned k, std::string reason) {
      reqs.push_back({CopyRequirement::Kind::BranchCopy, k, branch,
                      std::move(reason), std::nullopt});
    };
    SmallVector<unsigned> candidates;
    for (unsigned k = 0; k < op.getNumResults(); ++k) {
      Value t = yield->getOperand(k);
      if (!isInside(block, t)) {
        require(k, "yields a value defined outside the branch");
        continue;
      }
      if (llvm::any_of(classes.classOf(t),
                       [&](Value m) { return !isInside(block, m); })) {
        require(k, "yields a buffer defined outside the branch");
        continue;
      }
      candidates.push_back(k);
    }
    for (unsigned k : candidates) {
      Value t = yield->getOperand(k);
      std::optional<unsigned> keeper;
      for (unsigned j : candidates)
        if (classes.same(yield->getOperand(j), t) &&
            (!keeper || cost(j) > cost(*keeper)))
          keeper = j;
      if (*keeper != k) {
        require(k,
                "yields the same value as result " + std::to_string(*keeper));
        continue;
      }
      unions.push_back({t, op.getResult(k)});
    }
  }
  for (auto [a, b] : unions)
    classes.unite(a, b);
  for (Value r : op.getResults())
    classes.unite(r, r);
  llvm::sort(reqs, byPlace);
  if (!reqs.empty())
    copies[op] = std::move(reqs);
}

} // namespace

BufferAliasing::BufferAliasing(Operation *root, BufferModel model) {
  ValueClasses classes;
  Analyzer analyzer(classes, copies, model);
  // Post-order: nested region ops first.
  root->walk([&](Operation *op) {
    if (auto loop = dyn_cast<WhileOp>(op))
      analyzer.analyzeWhile(loop);
    else if (auto ifOp = dyn_cast<IfOp>(op))
      analyzer.analyzeIf(ifOp);
  });
  DenseMap<unsigned, int64_t> dense;
  for (Value v : classes.values()) {
    auto [it, inserted] = dense.try_emplace(classes.find(v), dense.size());
    classIds[v] = it->second;
  }
}

BufferAliasing::~BufferAliasing() = default;
BufferAliasing::BufferAliasing(BufferAliasing &&) noexcept = default;
BufferAliasing &BufferAliasing::operator=(BufferAliasing &&) noexcept = default;

ArrayRef<CopyRequirement> BufferAliasing::getCopies(Operation *regionOp) const {
  auto it = copies.find(regionOp);
  if (it == copies.end())
    return {};
  return it->second;
}

bool BufferAliasing::isInPlace(Operation *regionOp, unsigned index) const {
  return llvm::none_of(getCopies(regionOp), [&](const CopyRequirement &c) {
    return c.index == index;
  });
}

int64_t BufferAliasing::getAliasClass(Value value) const {
  auto it = classIds.find(value);
  return it == classIds.end() ? -1 : it->second;
}

int64_t BufferAliasing::getByteSize(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || !tensor.hasStaticShape() ||
      !tensor.getElementType().isIntOrFloat())
    return -1;
  unsigned bits = tensor.getElementType().getIntOrFloatBitWidth();
  return tensor.getNumElements() * static_cast<int64_t>((bits + 7) / 8);
}
