//===- GuardsTest.cpp - the ROBDD behind control-flow lifting guards ------===//
//
// Tests of `GuardManager` (sluice/Conversion/ExecutorToLite/Guards.h): that
// equal boolean functions get equal handles, that cofactors, supports and
// implied literals are right, that variables are ordered by level rather than
// by creation, and a seeded brute-force comparison of random formulas over
// five variables against their truth tables.
//
//===----------------------------------------------------------------------===//

#include "sluice/Conversion/ExecutorToLite/Guards.h"

#include "llvm/ADT/DenseSet.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <map>
#include <memory>
#include <ostream>
#include <random>
#include <set>
#include <tuple>
#include <vector>

using namespace sluice::executor;

namespace sluice::executor {
/// Readable failure messages for vectors of literals.
static void PrintTo(const Literal &lit, std::ostream *os) {
  *os << (lit.polarity ? "" : "!") << "v" << lit.variable;
}
} // namespace sluice::executor

namespace {

using Literals = llvm::SmallVector<Literal>;
using Variables = llvm::SmallVector<unsigned>;

/// Three variables created so that creation order differs from level order:
/// `y` (level 10) is tested first, then `z` (20), then `x` (30).
class GuardsTest : public ::testing::Test {
protected:
  GuardManager m;
  unsigned xv = m.createVariable(30);
  unsigned yv = m.createVariable(10);
  unsigned zv = m.createVariable(20);
  Guard x = m.literal(xv, true), nx = m.literal(xv, false);
  Guard y = m.literal(yv, true), ny = m.literal(yv, false);
  Guard z = m.literal(zv, true), nz = m.literal(zv, false);

  Guard conj(Guard a, Guard b) { return m.conjoin(a, b); }
  Guard disj(Guard a, Guard b) { return m.disjoin(a, b); }
  Guard neg(Guard a) { return m.negate(a); }
};

TEST_F(GuardsTest, Terminals) {
  EXPECT_EQ(GuardManager::False, 0u);
  EXPECT_EQ(GuardManager::True, 1u);
  EXPECT_TRUE(m.isConstant(GuardManager::False));
  EXPECT_TRUE(m.isConstant(GuardManager::True));
  EXPECT_FALSE(m.isConstant(x));
  EXPECT_EQ(neg(GuardManager::True), GuardManager::False);
  EXPECT_EQ(neg(GuardManager::False), GuardManager::True);
  EXPECT_EQ(m.getNumVariables(), 3u);
  EXPECT_EQ(m.getLevel(xv), 30u);
  EXPECT_EQ(m.getLevel(yv), 10u);
  EXPECT_EQ(m.getLevel(zv), 20u);
}

TEST_F(GuardsTest, LiteralAccessors) {
  EXPECT_EQ(m.getVariable(x), xv);
  EXPECT_EQ(m.getHigh(x), GuardManager::True);
  EXPECT_EQ(m.getLow(x), GuardManager::False);
  EXPECT_EQ(m.getVariable(nx), xv);
  EXPECT_EQ(m.getHigh(nx), GuardManager::False);
  EXPECT_EQ(m.getLow(nx), GuardManager::True);
  EXPECT_NE(x, nx);
  // Literals are hash-consed, whichever overload builds them.
  EXPECT_EQ(m.literal(xv, true), x);
  EXPECT_EQ(m.literal(Literal{xv, true}), x);
  EXPECT_EQ(m.literal(Literal{xv, false}), nx);
  EXPECT_EQ(neg(x), nx);
  EXPECT_EQ(neg(nx), x);
}

TEST_F(GuardsTest, ConstantIdentities) {
  const Guard T = GuardManager::True, F = GuardManager::False;
  EXPECT_EQ(conj(x, T), x);
  EXPECT_EQ(conj(T, x), x);
  EXPECT_EQ(conj(x, F), F);
  EXPECT_EQ(conj(F, x), F);
  EXPECT_EQ(disj(x, F), x);
  EXPECT_EQ(disj(F, x), x);
  EXPECT_EQ(disj(x, T), T);
  EXPECT_EQ(disj(T, x), T);
  EXPECT_EQ(conj(x, x), x);
  EXPECT_EQ(disj(x, x), x);
}

TEST_F(GuardsTest, ExcludedMiddleAndContradiction) {
  EXPECT_EQ(disj(x, nx), GuardManager::True);
  EXPECT_EQ(conj(x, nx), GuardManager::False);
  Guard f = disj(conj(x, y), nz);
  EXPECT_EQ(disj(f, neg(f)), GuardManager::True);
  EXPECT_EQ(conj(neg(f), f), GuardManager::False);
}

TEST_F(GuardsTest, Commutativity) {
  EXPECT_EQ(conj(x, y), conj(y, x));
  EXPECT_EQ(disj(x, y), disj(y, x));
  Guard f = disj(x, nz), g = conj(ny, z);
  EXPECT_EQ(conj(f, g), conj(g, f));
  EXPECT_EQ(disj(f, g), disj(g, f));
}

TEST_F(GuardsTest, Associativity) {
  EXPECT_EQ(conj(conj(x, y), z), conj(x, conj(y, z)));
  EXPECT_EQ(conj(conj(x, y), z), conj(conj(z, x), y));
  EXPECT_EQ(disj(disj(x, y), z), disj(x, disj(y, z)));
  EXPECT_EQ(disj(disj(nx, y), nz), disj(nz, disj(y, nx)));
}

TEST_F(GuardsTest, DeMorgan) {
  EXPECT_EQ(neg(conj(x, y)), disj(nx, ny));
  EXPECT_EQ(neg(disj(x, y)), conj(nx, ny));
  Guard f = disj(x, nz), g = conj(y, z);
  EXPECT_EQ(neg(conj(f, g)), disj(neg(f), neg(g)));
  EXPECT_EQ(neg(disj(f, g)), conj(neg(f), neg(g)));
}

TEST_F(GuardsTest, Absorption) {
  EXPECT_EQ(disj(x, conj(x, y)), x);
  EXPECT_EQ(conj(x, disj(x, y)), x);
  EXPECT_EQ(disj(conj(y, z), conj(conj(x, y), z)), conj(y, z));
  // x | (!x & y) == x | y.
  EXPECT_EQ(disj(x, conj(nx, y)), disj(x, y));
}

TEST_F(GuardsTest, Distributivity) {
  EXPECT_EQ(conj(x, disj(y, z)), disj(conj(x, y), conj(x, z)));
  EXPECT_EQ(disj(x, conj(y, z)), conj(disj(x, y), disj(x, z)));
}

TEST_F(GuardsTest, XorBuiltTwoWays) {
  Guard a = disj(conj(x, ny), conj(nx, y));
  Guard b = conj(disj(x, y), neg(conj(x, y)));
  EXPECT_EQ(a, b);
  EXPECT_EQ(neg(a), disj(conj(x, y), conj(nx, ny)));
}

TEST_F(GuardsTest, NegateIsAnInvolution) {
  for (Guard f : {GuardManager::False, GuardManager::True, x, ny, conj(x, y),
                  disj(nx, z), disj(conj(x, y), conj(ny, nz))})
    EXPECT_EQ(neg(neg(f)), f);
}

TEST_F(GuardsTest, TopVariableIsLowestLevel) {
  // x was created first but has the highest level, so it is tested last.
  Guard xy = conj(x, y);
  EXPECT_EQ(m.getVariable(xy), yv);
  EXPECT_EQ(m.getLow(xy), GuardManager::False);
  EXPECT_EQ(m.getHigh(xy), x);
  EXPECT_EQ(m.getVariable(conj(x, z)), zv);
  EXPECT_EQ(m.getVariable(disj(x, z)), zv);

  // x & y & z is the chain y -> z -> x along high edges.
  Guard all = conj(conj(x, y), z);
  EXPECT_EQ(m.getVariable(all), yv);
  EXPECT_EQ(m.getLow(all), GuardManager::False);
  Guard next = m.getHigh(all);
  EXPECT_EQ(m.getVariable(next), zv);
  EXPECT_EQ(m.getLow(next), GuardManager::False);
  EXPECT_EQ(m.getHigh(next), x);
}

TEST_F(GuardsTest, VariableCreatedLaterWithLowerLevelIsTestedFirst) {
  Guard xy = conj(x, y);
  unsigned wv = m.createVariable(5);
  Guard w = m.literal(wv, true);
  Guard f = conj(xy, w);
  EXPECT_EQ(m.getVariable(f), wv);
  EXPECT_EQ(m.getHigh(f), xy);
  EXPECT_EQ(m.getLow(f), GuardManager::False);
  EXPECT_EQ(f, conj(w, xy));
  EXPECT_EQ(m.getSupport(f), (Variables{wv, yv, xv}));
}

TEST_F(GuardsTest, RestrictCofactors) {
  // (x & y) | (!x & z): a multiplexer on x, which is tested last.
  Guard f = disj(conj(x, y), conj(nx, z));
  EXPECT_EQ(m.restrict(f, xv, true), y);
  EXPECT_EQ(m.restrict(f, xv, false), z);
  EXPECT_EQ(m.restrict(f, yv, true), disj(x, z));
  EXPECT_EQ(m.restrict(f, yv, false), conj(nx, z));
  EXPECT_EQ(m.restrict(f, zv, true), disj(y, nx));
  EXPECT_EQ(m.restrict(f, zv, false), conj(x, y));
  // Shannon expansion rebuilds the function.
  for (unsigned v : {xv, yv, zv}) {
    Guard lit = m.literal(v, true);
    EXPECT_EQ(disj(conj(lit, m.restrict(f, v, true)),
                   conj(neg(lit), m.restrict(f, v, false))),
              f);
  }
}

TEST_F(GuardsTest, RestrictLiteralsAndConstants) {
  EXPECT_EQ(m.restrict(x, xv, true), GuardManager::True);
  EXPECT_EQ(m.restrict(x, xv, false), GuardManager::False);
  EXPECT_EQ(m.restrict(nx, xv, true), GuardManager::False);
  EXPECT_EQ(m.restrict(nx, xv, false), GuardManager::True);
  for (bool value : {false, true}) {
    EXPECT_EQ(m.restrict(GuardManager::True, xv, value), GuardManager::True);
    EXPECT_EQ(m.restrict(GuardManager::False, xv, value), GuardManager::False);
  }
}

TEST_F(GuardsTest, RestrictVariableNotInGuard) {
  // y has a lower level than x and z, x a higher one than y and z.
  Guard xz = conj(x, nz);
  Guard yz = disj(y, z);
  for (bool value : {false, true}) {
    EXPECT_EQ(m.restrict(xz, yv, value), xz);
    EXPECT_EQ(m.restrict(yz, xv, value), yz);
    EXPECT_EQ(m.restrict(x, zv, value), x);
  }
  // A variable the function does not depend on, from a new top level.
  unsigned wv = m.createVariable(0);
  EXPECT_EQ(m.restrict(xz, wv, true), xz);
}

TEST_F(GuardsTest, RestrictByLiterals) {
  Guard f = disj(conj(x, y), conj(nx, z));
  EXPECT_EQ(m.restrict(f, Literals{}), f);
  EXPECT_EQ(m.restrict(f, Literals{{xv, true}}), y);
  EXPECT_EQ(m.restrict(f, Literals{{xv, true}, {yv, true}}),
            GuardManager::True);
  EXPECT_EQ(m.restrict(f, Literals{{xv, true}, {yv, false}}),
            GuardManager::False);
  EXPECT_EQ(m.restrict(f, Literals{{xv, false}, {yv, true}}), z);
  // The order of the literals does not matter.
  EXPECT_EQ(m.restrict(f, Literals{{zv, false}, {yv, true}}),
            m.restrict(f, Literals{{yv, true}, {zv, false}}));
  EXPECT_EQ(m.restrict(f, Literals{{zv, false}, {yv, true}}), x);
}

TEST_F(GuardsTest, Support) {
  EXPECT_TRUE(m.getSupport(GuardManager::True).empty());
  EXPECT_TRUE(m.getSupport(GuardManager::False).empty());
  EXPECT_EQ(m.getSupport(x), (Variables{xv}));
  EXPECT_EQ(m.getSupport(nz), (Variables{zv}));
  // Ordered by level (y, z, x), not by creation (x, y, z).
  EXPECT_EQ(m.getSupport(conj(conj(x, y), z)), (Variables{yv, zv, xv}));
  EXPECT_EQ(m.getSupport(disj(x, nz)), (Variables{zv, xv}));
  // Only the variables the function depends on.
  EXPECT_EQ(m.getSupport(disj(conj(x, y), conj(x, ny))), (Variables{xv}));
  EXPECT_EQ(m.getSupport(disj(conj(x, z), conj(nx, z))), (Variables{zv}));
  EXPECT_TRUE(m.getSupport(disj(conj(x, y), disj(nx, ny))).empty());
}

TEST_F(GuardsTest, ImpliedLiteralsOfACube) {
  Guard cube = conj(conj(x, ny), z);
  // In level order: y (10), z (20), x (30).
  EXPECT_EQ(m.getImpliedLiterals(cube),
            (Literals{{yv, false}, {zv, true}, {xv, true}}));
  EXPECT_EQ(m.getImpliedLiterals(nx), (Literals{{xv, false}}));
  EXPECT_EQ(m.getImpliedLiterals(y), (Literals{{yv, true}}));
  // The cube is the conjunction of its implied literals.
  Guard rebuilt = GuardManager::True;
  for (Literal lit : m.getImpliedLiterals(cube))
    rebuilt = conj(rebuilt, m.literal(lit));
  EXPECT_EQ(rebuilt, cube);
}

TEST_F(GuardsTest, ImpliedLiteralsOfNonCubes) {
  // (x & y) | (x & z) implies x only.
  EXPECT_EQ(m.getImpliedLiterals(disj(conj(x, y), conj(x, z))),
            (Literals{{xv, true}}));
  EXPECT_EQ(m.getImpliedLiterals(conj(nz, disj(x, y))),
            (Literals{{zv, false}}));
  // A disjunction of literals implies nothing.
  EXPECT_TRUE(m.getImpliedLiterals(disj(x, y)).empty());
  EXPECT_TRUE(m.getImpliedLiterals(disj(nx, disj(y, z))).empty());
  // Nor does a function of which some variable is irrelevant in neither
  // direction: x xor y.
  EXPECT_TRUE(m.getImpliedLiterals(disj(conj(x, ny), conj(nx, y))).empty());
}

TEST_F(GuardsTest, ImpliedLiteralsOfConstants) {
  // True implies no literal.
  EXPECT_TRUE(m.getImpliedLiterals(GuardManager::True).empty());
  // False vacuously implies every literal, but the implementation only
  // looks at the support, which is empty, so it reports none. Callers must
  // not read "no implied literals" as "satisfiable".
  EXPECT_TRUE(m.getImpliedLiterals(GuardManager::False).empty());
}

//===----------------------------------------------------------------------===//
// Brute-force property test over five variables.
//===----------------------------------------------------------------------===//

constexpr unsigned kNumVars = 5;
constexpr unsigned kNumAssignments = 1u << kNumVars;

/// A boolean formula tree; `Var` leaves hold an index into the variables.
struct Formula {
  enum Kind { Var, Not, And, Or, Const } kind;
  unsigned var = 0;
  bool value = false;
  std::unique_ptr<Formula> lhs, rhs;

  /// Direct evaluation; bit i of `assignment` is the value of variable i.
  bool eval(unsigned assignment) const {
    switch (kind) {
    case Var:
      return (assignment >> var) & 1;
    case Not:
      return !lhs->eval(assignment);
    case And:
      return lhs->eval(assignment) && rhs->eval(assignment);
    case Or:
      return lhs->eval(assignment) || rhs->eval(assignment);
    case Const:
      return value;
    }
    return false;
  }
};

std::unique_ptr<Formula> randomFormula(std::mt19937 &rng, unsigned depth) {
  auto f = std::make_unique<Formula>();
  unsigned pick = std::uniform_int_distribution<unsigned>(0, 9)(rng);
  if (depth == 0 || pick < 2) {
    if (std::uniform_int_distribution<unsigned>(0, 19)(rng) == 0) {
      f->kind = Formula::Const;
      f->value = rng() & 1;
    } else {
      f->kind = Formula::Var;
      f->var = std::uniform_int_distribution<unsigned>(0, kNumVars - 1)(rng);
    }
    return f;
  }
  if (pick < 4) {
    f->kind = Formula::Not;
    f->lhs = randomFormula(rng, depth - 1);
    return f;
  }
  f->kind = pick < 7 ? Formula::And : Formula::Or;
  f->lhs = randomFormula(rng, depth - 1);
  f->rhs = randomFormula(rng, depth - 1);
  return f;
}

class GuardsPropertyTest : public ::testing::Test {
protected:
  GuardManager m;
  unsigned vars[kNumVars];

  GuardsPropertyTest() {
    // Levels deliberately not in creation order: 2, 0, 4, 1, 3 by rank.
    const uint64_t levels[kNumVars] = {300, 100, 500, 200, 400};
    for (unsigned i = 0; i < kNumVars; ++i)
      vars[i] = m.createVariable(levels[i]);
  }

  Guard build(const Formula &f) {
    switch (f.kind) {
    case Formula::Var:
      return m.literal(vars[f.var], true);
    case Formula::Not:
      return m.negate(build(*f.lhs));
    case Formula::And:
      return m.conjoin(build(*f.lhs), build(*f.rhs));
    case Formula::Or:
      return m.disjoin(build(*f.lhs), build(*f.rhs));
    case Formula::Const:
      return f.value ? GuardManager::True : GuardManager::False;
    }
    return GuardManager::False;
  }

  /// Index into the formula variables of a manager variable.
  unsigned indexOf(unsigned variable) const {
    for (unsigned i = 0; i < kNumVars; ++i)
      if (vars[i] == variable)
        return i;
    ADD_FAILURE() << "unknown variable " << variable;
    return 0;
  }

  /// Evaluates a guard by walking the diagram, checking on the way that the
  /// levels strictly increase along the path.
  bool evalGuard(Guard g, unsigned assignment) {
    uint64_t lastLevel = 0;
    bool first = true;
    while (!m.isConstant(g)) {
      uint64_t level = m.getLevel(m.getVariable(g));
      EXPECT_TRUE(first || level > lastLevel) << "diagram is not ordered";
      first = false;
      lastLevel = level;
      bool value = (assignment >> indexOf(m.getVariable(g))) & 1;
      g = value ? m.getHigh(g) : m.getLow(g);
    }
    return g == GuardManager::True;
  }

  uint32_t truthTableOfGuard(Guard g) {
    uint32_t table = 0;
    for (unsigned a = 0; a < kNumAssignments; ++a)
      if (evalGuard(g, a))
        table |= 1u << a;
    return table;
  }

  /// The sum of minterms of a truth table, built with the manager: a
  /// construction unrelated to the formula's shape.
  Guard fromTruthTable(uint32_t table) {
    Guard result = GuardManager::False;
    for (unsigned a = 0; a < kNumAssignments; ++a) {
      if (!((table >> a) & 1))
        continue;
      Guard minterm = GuardManager::True;
      for (unsigned i = 0; i < kNumVars; ++i)
        minterm = m.conjoin(minterm, m.literal(vars[i], (a >> i) & 1));
      result = m.disjoin(minterm, result);
    }
    return result;
  }

  /// Checks reduction and uniqueness over every node reachable from `g`.
  void checkReducedAndUnique(
      Guard g, llvm::DenseSet<Guard> &seen,
      std::map<std::tuple<unsigned, Guard, Guard>, Guard> &triples) {
    if (m.isConstant(g) || !seen.insert(g).second)
      return;
    EXPECT_NE(m.getLow(g), m.getHigh(g)) << "node " << g << " is redundant";
    auto [it, inserted] = triples.try_emplace(
        std::make_tuple(m.getVariable(g), m.getLow(g), m.getHigh(g)), g);
    EXPECT_TRUE(inserted) << "nodes " << it->second << " and " << g
                          << " are duplicates";
    checkReducedAndUnique(m.getLow(g), seen, triples);
    checkReducedAndUnique(m.getHigh(g), seen, triples);
  }
};

TEST_F(GuardsPropertyTest, RandomFormulasMatchTheirTruthTables) {
  std::mt19937 rng(20240917);
  std::map<uint32_t, Guard> handleOfTable;
  std::map<uint32_t, unsigned> formulasPerTable;
  llvm::DenseSet<Guard> seen;
  std::map<std::tuple<unsigned, Guard, Guard>, Guard> triples;
  constexpr unsigned kNumFormulas = 400;

  for (unsigned n = 0; n < kNumFormulas; ++n) {
    std::unique_ptr<Formula> f = randomFormula(rng, 1 + n % 6);
    Guard g = build(*f);
    SCOPED_TRACE("formula " + std::to_string(n));

    uint32_t table = 0;
    for (unsigned a = 0; a < kNumAssignments; ++a)
      if (f->eval(a))
        table |= 1u << a;

    // The diagram computes the formula.
    ASSERT_EQ(truthTableOfGuard(g), table);
    checkReducedAndUnique(g, seen, triples);

    // Constants are exactly the constant functions.
    EXPECT_EQ(g == GuardManager::False, table == 0);
    EXPECT_EQ(g == GuardManager::True, table == ~0u);

    // Equal functions, equal handles: across formulas and against the
    // sum of minterms.
    auto [it, inserted] = handleOfTable.try_emplace(table, g);
    EXPECT_EQ(it->second, g)
        << "two formulas with table " << table << " got different handles";
    ++formulasPerTable[table];
    EXPECT_EQ(fromTruthTable(table), g);

    // Negation.
    EXPECT_EQ(truthTableOfGuard(m.negate(g)), ~table);
    EXPECT_EQ(m.negate(m.negate(g)), g);

    // Support: exactly the variables that change the value, by level.
    Variables expectedSupport;
    for (unsigned v : {1u, 3u, 0u, 4u, 2u}) { // Level order.
      bool depends = false;
      for (unsigned a = 0; a < kNumAssignments; ++a)
        depends |= f->eval(a) != f->eval(a ^ (1u << v));
      if (depends)
        expectedSupport.push_back(vars[v]);
    }
    EXPECT_EQ(m.getSupport(g), expectedSupport);

    // Cofactors of every variable.
    for (unsigned v = 0; v < kNumVars; ++v) {
      for (bool value : {false, true}) {
        uint32_t expected = 0;
        for (unsigned a = 0; a < kNumAssignments; ++a) {
          unsigned fixed = value ? a | (1u << v) : a & ~(1u << v);
          if (f->eval(fixed))
            expected |= 1u << a;
        }
        Guard cofactor = m.restrict(g, vars[v], value);
        EXPECT_EQ(truthTableOfGuard(cofactor), expected);
        EXPECT_EQ(cofactor, fromTruthTable(expected));
      }
    }

    // Implied literals: those every satisfying assignment agrees on, in
    // level order (none for the unsatisfiable function).
    Literals expectedImplied;
    if (table != 0) {
      for (unsigned v : {1u, 3u, 0u, 4u, 2u}) {
        bool allTrue = true, allFalse = true;
        for (unsigned a = 0; a < kNumAssignments; ++a) {
          if (!((table >> a) & 1))
            continue;
          bool bit = (a >> v) & 1;
          allTrue &= bit;
          allFalse &= !bit;
        }
        if (allTrue)
          expectedImplied.push_back({vars[v], true});
        else if (allFalse)
          expectedImplied.push_back({vars[v], false});
      }
    }
    EXPECT_EQ(m.getImpliedLiterals(g), expectedImplied);
  }

  // Make sure the test exercised sharing of non-trivial functions.
  unsigned nonTrivialRepeats = 0;
  for (auto [table, count] : formulasPerTable)
    if (count > 1 && handleOfTable[table] > GuardManager::True &&
        m.getSupport(handleOfTable[table]).size() > 1)
      ++nonTrivialRepeats;
  EXPECT_GT(nonTrivialRepeats, 0u);
  EXPECT_GT(handleOfTable.size(), kNumFormulas / 4);
}

TEST_F(GuardsPropertyTest, RandomPairsOfFormulas) {
  // Binary operations on independently built guards agree with the truth
  // tables, whatever order the operands come in.
  std::mt19937 rng(7);
  for (unsigned n = 0; n < 200; ++n) {
    SCOPED_TRACE("pair " + std::to_string(n));
    std::unique_ptr<Formula> f = randomFormula(rng, 4);
    std::unique_ptr<Formula> h = randomFormula(rng, 4);
    Guard gf = build(*f), gh = build(*h);
    uint32_t tf = truthTableOfGuard(gf), th = truthTableOfGuard(gh);
    Guard both = m.conjoin(gf, gh), either = m.disjoin(gf, gh);
    EXPECT_EQ(both, m.conjoin(gh, gf));
    EXPECT_EQ(either, m.disjoin(gh, gf));
    EXPECT_EQ(truthTableOfGuard(both), tf & th);
    EXPECT_EQ(truthTableOfGuard(either), tf | th);
    EXPECT_EQ(m.negate(both), m.disjoin(m.negate(gf), m.negate(gh)));
    // Restricting by the implied literals of a satisfiable guard, then
    // conjoining them back, gives the guard again.
    if (both != GuardManager::False) {
      Literals implied = m.getImpliedLiterals(both);
      Guard rest = m.restrict(both, implied);
      for (Literal lit : implied)
        rest = m.conjoin(rest, m.literal(lit));
      EXPECT_EQ(rest, both);
    }
  }
}

} // namespace
