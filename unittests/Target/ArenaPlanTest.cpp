//===- ArenaPlanTest.cpp - the whole-model arena plan's aliasing rules ----===//
//
// Tests of lib/Target/TFLite/ArenaPlan on hand-built subgraphs: how the plan
// applies the sharing BufferAliasing decided (ArenaSlot) to a WHILE's
// callees and operands, subgraphs called from several WHILEs (only offsets
// all call sites agree on), and the OfflineMemoryAllocation words.
//
//===----------------------------------------------------------------------===//

#include "sluice/Target/TFLite/ArenaPlan.h"

#include "gtest/gtest.h"

using namespace sluice::tflite_support;

namespace {

constexpr int64_t kState = 16;

/// cond(in) -> pred: one op.
ArenaSubgraph makeCond() {
  ArenaSubgraph cond;
  cond.sizes = {kState, 1};
  cond.inputs = {0};
  cond.outputs = {1};
  cond.operators = {{{0}, {1}, {}, ArenaControlFlow::None, {}}};
  return cond;
}

/// body(in) -> out, computed by `chain` ops (1: the op writing out reads in).
ArenaSubgraph makeBody(int chain) {
  ArenaSubgraph body;
  body.inputs = {0};
  body.sizes.assign(chain + 1, kState);
  for (int op = 0; op < chain; ++op)
    body.operators.push_back({{op}, {op + 1}, {}, ArenaControlFlow::None, {}});
  body.outputs = {chain};
  return body;
}

/// A slot in place, as BufferAliasing decides when nothing else reads the
/// state: operand, body input and body output all at the result.
ArenaSlot inPlace() {
  ArenaSlot slot;
  slot.operandShared = slot.bodyOutputShared = true;
  return slot;
}

ArenaOperator makeWhile(int32_t operand, int32_t result, unsigned cond,
                        unsigned body, ArenaSlot slot = inPlace()) {
  return {{operand}, {result}, {cond, body}, ArenaControlFlow::While, {slot}};
}

/// main(a): x = f(a); r1 = WHILE(x); r2 = WHILE(`secondOperand`), both
/// WHILEs calling subgraphs 1 (cond) and 2 (body); returns `outputs`.
ArenaSubgraph makeMain(int32_t secondOperand, std::vector<int32_t> outputs) {
  ArenaSubgraph main;
  main.sizes = {kState, kState, kState, kState};
  main.inputs = {0};
  main.outputs = std::move(outputs);
  main.operators = {{{0}, {1}, {}, ArenaControlFlow::None, {}},
                    makeWhile(1, 2, 1, 2),
                    makeWhile(secondOperand, 3, 1, 2)};
  return main;
}

/// main(a): x = f(a); r = WHILE(x) calling subgraphs 1 and 2 with the
/// decision `slot`; returns r.
ArenaSubgraph makeSingleLoopMain(ArenaSlot slot = inPlace()) {
  ArenaSubgraph main;
  main.sizes = {kState, kState, kState};
  main.inputs = {0};
  main.outputs = {2};
  main.operators = {{{0}, {1}, {}, ArenaControlFlow::None, {}},
                    makeWhile(1, 2, 1, 2, slot)};
  return main;
}

TEST(ArenaPlanTest, LoopStateSharesTheResultsOffset) {
  // body: t = g(in); out = h(t), in place: cond.in, body.in and body.out
  // all sit at r's offset, and x (no entry copy) shares it too.
  ArenaPlan plan = planArena({makeSingleLoopMain(), makeCond(), makeBody(2)});
  int32_t result = plan.offsets[0][2];
  ASSERT_GE(result, 0);
  EXPECT_EQ(plan.offsets[0][1], result);
  EXPECT_EQ(plan.offsets[1][0], result);
  EXPECT_EQ(plan.offsets[2][0], result);
  EXPECT_EQ(plan.offsets[2][2], result);
  EXPECT_NE(plan.offsets[2][1], result);
  EXPECT_EQ(plan.globalPeak % 16, 0);
}

TEST(ArenaPlanTest, OutputStaysApartWhereTheSlotIsNotInPlace) {
  // body: out = g(in), which a TFLite kernel cannot write over in (the
  // analysis's ping_pong): body.in at r, body.out elsewhere.
  ArenaSlot pingPong = inPlace();
  pingPong.bodyOutputShared = false;
  ArenaPlan plan =
      planArena({makeSingleLoopMain(pingPong), makeCond(), makeBody(1)});
  EXPECT_EQ(plan.offsets[2][0], plan.offsets[0][2]);
  EXPECT_NE(plan.offsets[2][1], plan.offsets[0][2]);
}

TEST(ArenaPlanTest, EntryCopyKeepsTheOperandApart) {
  ArenaSlot entryCopy = inPlace();
  entryCopy.operandShared = false;
  ArenaPlan plan =
      planArena({makeSingleLoopMain(entryCopy), makeCond(), makeBody(2)});
  EXPECT_NE(plan.offsets[0][1], plan.offsets[0][2]);
  EXPECT_EQ(plan.offsets[2][0], plan.offsets[0][2]);
}

TEST(ArenaPlanTest, NoDecisionNoSharingOfTheState) {
  // A WHILE without ArenaSlots: the plan decides no sharing on its own.
  // The operand and the body's output stay apart; the callees' inputs,
  // which WHILE only copies into and they only read, still sit at r.
  ArenaSubgraph main = makeSingleLoopMain();
  main.operators[1].slots.clear();
  ArenaPlan plan = planArena({main, makeCond(), makeBody(2)});
  int32_t result = plan.offsets[0][2];
  EXPECT_NE(plan.offsets[0][1], result);
  EXPECT_NE(plan.offsets[2][2], result);
  EXPECT_EQ(plan.offsets[1][0], result);
  EXPECT_EQ(plan.offsets[2][0], result);
}

TEST(ArenaPlanTest, SharedCalleeWhereCallSitesAgree) {
  // r2 = WHILE(r1): r1 dies at the second WHILE and shares r2's offset, so
  // both call sites put the shared cond's and body's state there.
  ArenaPlan plan =
      planArena({makeMain(/*secondOperand=*/2, {3}), makeCond(), makeBody(2)});
  int32_t result = plan.offsets[0][2];
  ASSERT_GE(result, 0);
  EXPECT_EQ(plan.offsets[0][3], result);
  EXPECT_EQ(plan.offsets[1][0], result);
  EXPECT_EQ(plan.offsets[2][0], result);
  EXPECT_EQ(plan.offsets[2][2], result);
}

TEST(ArenaPlanTest, SharedCalleeWhereCallSitesDisagree) {
  // Both WHILEs run on x (the first copies it at entry: x is used after
  // it) and both results are returned: they live at two offsets, and the
  // shared callees' tensors take neither.
  ArenaSubgraph main = makeMain(/*secondOperand=*/1, {2, 3});
  main.operators[1].slots[0].operandShared = false;
  ArenaPlan plan = planArena({main, makeCond(), makeBody(2)});
  int32_t first = plan.offsets[0][2], second = plan.offsets[0][3];
  ASSERT_GE(first, 0);
  ASSERT_GE(second, 0);
  EXPECT_NE(first, second);
  for (auto [subgraph, tensor] : {std::pair{1, 0}, {2, 0}, {2, 2}}) {
    EXPECT_NE(plan.offsets[subgraph][tensor], first);
    EXPECT_NE(plan.offsets[subgraph][tensor], second);
  }
}

TEST(ArenaPlanTest, SwappedBodyInputsKeepTheirOwnBuffers) {
  // body(in0, in1) -> (in1, in0): each input is the other slot's output,
  // which the copies into r would overwrite before it is read.
  ArenaSlot copied = inPlace();
  copied.bodyOutputShared = false;
  ArenaSubgraph main;
  main.sizes = {kState, kState, kState, kState};
  main.inputs = {0, 1};
  main.outputs = {2, 3};
  main.operators = {
      {{0, 1}, {2, 3}, {1, 2}, ArenaControlFlow::While, {copied, copied}}};
  ArenaSubgraph cond;
  cond.sizes = {kState, kState, 1};
  cond.inputs = {0, 1};
  cond.outputs = {2};
  cond.operators = {{{0, 1}, {2}, {}, ArenaControlFlow::None, {}}};
  ArenaSubgraph body;
  body.sizes = {kState, kState};
  body.inputs = {0, 1};
  body.outputs = {1, 0};
  ArenaPlan plan = planArena({main, cond, body});
  EXPECT_EQ(plan.offsets[1][0], plan.offsets[0][2]);
  EXPECT_NE(plan.offsets[2][0], plan.offsets[0][2]);
  EXPECT_NE(plan.offsets[2][1], plan.offsets[0][3]);
}

TEST(ArenaPlanTest, OfflinePlanWords) {
  ArenaPlan plan;
  plan.offsets = {{}, {32, -1}};
  std::vector<uint8_t> bytes = serializeOfflinePlan(plan, 1);
  ASSERT_EQ(bytes.size(), 5u * 4u);
  auto word = [&](size_t index) {
    uint32_t value = 0;
    for (int byte = 3; byte >= 0; --byte)
      value = value << 8 | bytes[index * 4 + byte];
    return static_cast<int32_t>(value);
  };
  EXPECT_EQ(word(0), 1);  // version
  EXPECT_EQ(word(1), 1);  // subgraph
  EXPECT_EQ(word(2), 2);  // tensors
  EXPECT_EQ(word(3), 32); // offset
  EXPECT_EQ(word(4), -1); // left to the runtime
}

} // namespace
