//===- Guards.cpp - liveness conditions as reduced ordered BDDs -----------===//
//
// The textbook ROBDD: hash-consed nodes, memoised apply for and/or,
// restriction by recursion on the top variable.
//
//===----------------------------------------------------------------------===//

#include "sluice/Conversion/ExecutorToLite/Guards.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"

#include <cassert>

#include <limits>

using namespace sluice::executor;

GuardManager::GuardManager() {
  // The two terminals; their variable is never read.
  nodes.push_back({~0u, False, False});
  nodes.push_back({~0u, True, True});
}

unsigned GuardManager::createVariable(uint64_t level) {
  assert(llvm::find(levels, level) == levels.end() && "levels must differ");
  levels.push_back(level);
  return levels.size() - 1;
}

uint64_t GuardManager::levelOf(Guard guard) const {
  if (isConstant(guard))
    return std::numeric_limits<uint64_t>::max();
  return levels[nodes[guard].variable];
}

Guard GuardManager::makeNode(unsigned variable, Guard low, Guard high) {
  if (low == high)
    return low;
  auto [it, inserted] =
      unique.try_emplace(std::make_tuple(variable, low, high), 0);
  if (inserted) {
    it->second = nodes.size();
    nodes.push_back({variable, low, high});
  }
  return it->second;
}

Guard GuardManager::literal(unsigned variable, bool polarity) {
  return polarity ? makeNode(variable, False, True)
                  : makeNode(variable, True, False);
}

Guard GuardManager::apply(BinaryOp op, Guard lhs, Guard rhs) {
  if (op == BinaryOp::And) {
    if (lhs == False || rhs == False)
      return False;
    if (lhs == True)
      return rhs;
    if (rhs == True || lhs == rhs)
      return lhs;
  } else {
    if (lhs == True || rhs == True)
      return True;
    if (lhs == False)
      return rhs;
    if (rhs == False || lhs == rhs)
      return lhs;
  }
  if (lhs > rhs)
    std::swap(lhs, rhs);
  auto key = std::make_tuple(static_cast<unsigned>(op), lhs, rhs);
  if (auto it = applyCache.find(key); it != applyCache.end())
    return it->second;

  uint64_t lhsLevel = levelOf(lhs), rhsLevel = levelOf(rhs);
  unsigned variable =
      lhsLevel <= rhsLevel ? nodes[lhs].variable : nodes[rhs].variable;
  Guard lhsLow = lhsLevel <= rhsLevel ? nodes[lhs].low : lhs;
  Guard lhsHigh = lhsLevel <= rhsLevel ? nodes[lhs].high : lhs;
  Guard rhsLow = rhsLevel <= lhsLevel ? nodes[rhs].low : rhs;
  Guard rhsHigh = rhsLevel <= lhsLevel ? nodes[rhs].high : rhs;
  Guard low = apply(op, lhsLow, rhsLow);
  Guard high = apply(op, lhsHigh, rhsHigh);
  Guard result = makeNode(variable, low, high);
  applyCache[key] = result;
  return result;
}

Guard GuardManager::conjoin(Guard lhs, Guard rhs) {
  return apply(BinaryOp::And, lhs, rhs);
}

Guard GuardManager::disjoin(Guard lhs, Guard rhs) {
  return apply(BinaryOp::Or, lhs, rhs);
}

Guard GuardManager::negate(Guard guard) {
  if (guard == False)
    return True;
  if (guard == True)
    return False;
  if (auto it = negateCache.find(guard); it != negateCache.end())
    return it->second;
  Node node = nodes[guard];
  Guard result = makeNode(node.variable, negate(node.low), negate(node.high));
  negateCache[guard] = result;
  return result;
}

Guard GuardManager::restrict(Guard guard, unsigned variable, bool value) {
  if (isConstant(guard) || levelOf(guard) > levels[variable])
    return guard;
  Node node = nodes[guard];
  if (node.variable == variable)
    return value ? node.high : node.low;
  auto key = std::make_tuple(guard, variable, unsigned(value));
  if (auto it = restrictCache.find(key); it != restrictCache.end())
    return it->second;
  Guard result = makeNode(node.variable, restrict(node.low, variable, value),
                          restrict(node.high, variable, value));
  restrictCache[key] = result;
  return result;
}

Guard GuardManager::restrict(Guard guard, llvm::ArrayRef<Literal> literals) {
  for (Literal lit : literals)
    guard = restrict(guard, lit.variable, lit.polarity);
  return guard;
}

llvm::SmallVector<unsigned> GuardManager::getSupport(Guard guard) const {
  llvm::SmallVector<unsigned> support;
  llvm::SmallVector<Guard> stack = {guard};
  llvm::DenseSet<Guard> seen;
  llvm::DenseSet<unsigned> inSupport;
  while (!stack.empty()) {
    Guard g = stack.pop_back_val();
    if (isConstant(g) || !seen.insert(g).second)
      continue;
    if (inSupport.insert(nodes[g].variable).second)
      support.push_back(nodes[g].variable);
    stack.push_back(nodes[g].low);
    stack.push_back(nodes[g].high);
  }
  llvm::sort(support,
             [&](unsigned a, unsigned b) { return levels[a] < levels[b]; });
  return support;
}

llvm::SmallVector<Literal> GuardManager::getImpliedLiterals(Guard guard) {
  // A variable is implied when fixing it the other way leaves nothing.
  llvm::SmallVector<Literal> implied;
  for (unsigned variable : getSupport(guard)) {
    if (restrict(guard, variable, false) == False)
      implied.push_back({variable, true});
    else if (restrict(guard, variable, true) == False)
      implied.push_back({variable, false});
  }
  return implied;
}
