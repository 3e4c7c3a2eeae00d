//===- Guards.h - liveness conditions as reduced ordered BDDs ---*- C++ -*-===//
//
// A guard is the condition under which a value of an executor graph is live,
// as a boolean function of the graph's switch predicates: the seed's deadness
// rules make a switch output live when its predicate has the output's
// polarity, an ordinary node live when all its inputs are, and a merge live
// when any input is. Guards are kept as reduced ordered binary decision
// diagrams, so equal functions get equal handles and implication, exclusion
// and cofactors are cheap.
//
//           p                 guard of a merge of (p and q) with (not p):
//         /   \               the dashed edge is "variable false"
//        q     \
//      /  :     :
//   TRUE  FALSE TRUE
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_CONVERSION_EXECUTORTOLITE_GUARDS_H
#define SLUICE_CONVERSION_EXECUTORTOLITE_GUARDS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <tuple>

namespace sluice::executor {

/// A handle to a node of a `GuardManager`.
using Guard = unsigned;

/// A variable tested by guards, and the polarity it is tested for.
struct Literal {
  unsigned variable;
  bool polarity;
  bool operator==(const Literal &other) const {
    return variable == other.variable && polarity == other.polarity;
  }
};

/// Owns the nodes of the guards built over one set of variables. Variables
/// are ordered by the `level` they are created with (lower levels are tested
/// first); levels must be distinct.
class GuardManager {
public:
  static constexpr Guard False = 0;
  static constexpr Guard True = 1;

  GuardManager();

  /// Creates a variable tested before every variable of a higher level.
  unsigned createVariable(uint64_t level);
  unsigned getNumVariables() const { return levels.size(); }

  /// The guard "variable has `polarity`".
  Guard literal(unsigned variable, bool polarity);
  Guard literal(Literal lit) { return literal(lit.variable, lit.polarity); }

  Guard conjoin(Guard lhs, Guard rhs);
  Guard disjoin(Guard lhs, Guard rhs);
  Guard negate(Guard guard);
  /// The guard with `variable` fixed to `value` (a cofactor).
  Guard restrict(Guard guard, unsigned variable, bool value);
  Guard restrict(Guard guard, llvm::ArrayRef<Literal> literals);

  bool isConstant(Guard guard) const { return guard <= True; }
  /// The variable a non-constant guard tests first, and its two cofactors.
  unsigned getVariable(Guard guard) const { return nodes[guard].variable; }
  Guard getHigh(Guard guard) const { return nodes[guard].high; }
  Guard getLow(Guard guard) const { return nodes[guard].low; }
  uint64_t getLevel(unsigned variable) const { return levels[variable]; }

  /// The variables `guard` depends on, ordered by level.
  llvm::SmallVector<unsigned> getSupport(Guard guard) const;

  /// The literals every satisfying assignment of `guard` agrees on, ordered
  /// by level: `guard` is their conjunction when it is a cube.
  llvm::SmallVector<Literal> getImpliedLiterals(Guard guard);

private:
  struct Node {
    unsigned variable;
    Guard low, high;
  };
  enum class BinaryOp { And, Or };

  Guard makeNode(unsigned variable, Guard low, Guard high);
  Guard apply(BinaryOp op, Guard lhs, Guard rhs);
  uint64_t levelOf(Guard guard) const;

  llvm::SmallVector<uint64_t> levels;
  llvm::SmallVector<Node> nodes;
  llvm::DenseMap<std::tuple<unsigned, Guard, Guard>, Guard> unique;
  llvm::DenseMap<std::tuple<unsigned, Guard, Guard>, Guard> applyCache;
  llvm::DenseMap<Guard, Guard> negateCache;
  /// (guard, variable, value) -> the guard with the variable fixed.
  llvm::DenseMap<std::tuple<Guard, unsigned, unsigned>, Guard> restrictCache;
};

} // namespace sluice::executor

#endif // SLUICE_CONVERSION_EXECUTORTOLITE_GUARDS_H
