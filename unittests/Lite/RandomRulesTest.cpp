//===- RandomRulesTest.cpp - TensorFlow's Philox random numbers -----------===//
//
// The rules of RandomRules.h against published and measured answers:
// Philox-4x32-10's known-answer vectors (Random123's kat_vectors), and the
// numbers TensorFlow 2.21's RandomUniform gave for the seeds below (first
// and second run of one op; 64-bit seeds), as float bits.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Lite/IR/RandomRules.h"

#include <gtest/gtest.h>

#include <cstring>
#include <vector>

using namespace sluice::lite::random;

namespace {

/// The bits of the floats TF's RandomUniform draws from `blockOffset`.
std::vector<uint32_t> drawBits(uint64_t seed, uint64_t seed2,
                               uint64_t blockOffset, size_t count) {
  std::vector<uint32_t> bits;
  for (size_t i = 0; i < count; ++i) {
    PhiloxBlock words = philox4x32(
        counterOf(blockOffset + i / kWordsPerBlock, seed2), keyOf(seed));
    float value = uniformFloatOfWord(words[i % kWordsPerBlock]);
    uint32_t word;
    std::memcpy(&word, &value, sizeof(word));
    bits.push_back(word);
  }
  return bits;
}

TEST(RandomRulesTest, PhiloxKnownAnswers) {
  EXPECT_EQ(philox4x32({0, 0, 0, 0}, {0, 0}),
            (PhiloxBlock{0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8}));
  EXPECT_EQ(philox4x32({0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff},
                       {0xffffffff, 0xffffffff}),
            (PhiloxBlock{0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd}));
  EXPECT_EQ(philox4x32({0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344},
                       {0xa4093822, 0x299f31d0}),
            (PhiloxBlock{0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1}));
}

TEST(RandomRulesTest, UniformFloatOfWord) {
  EXPECT_EQ(uniformFloatOfWord(0), 0.0f);
  // Only the 23 low bits count; all of them set is the float before 1.
  EXPECT_EQ(uniformFloatOfWord(0xff800000), 0.0f);
  EXPECT_EQ(uniformFloatOfWord(0x007fffff), 1.0f - 0x1p-23f);
  EXPECT_EQ(uniformFloatOfWord(0x00400000), 0.5f);
}

TEST(RandomRulesTest, TensorFlowFirstAndSecondRun) {
  // RandomUniform(shape=[2, 3], seed=1, seed2=7), run twice.
  EXPECT_EQ(drawBits(1, 7, 0, 6),
            (std::vector<uint32_t>{0x3f49b062, 0x3f334d46, 0x3f677974,
                                   0x3f2eb544, 0x3f194e28, 0x3ee25bc4}));
  EXPECT_EQ(drawBits(1, 7, 6 * kBlocksReservedPerNumber, 6),
            (std::vector<uint32_t>{0x3e0cb8c0, 0x3f0afb56, 0x3f07dfa6,
                                   0x3f0ad444, 0x3ef58810, 0x3f7f0932}));
}

TEST(RandomRulesTest, TensorFlowWideSeeds) {
  // seed=2^33+5, seed2=2^40+3: both halves of key and counter are used.
  EXPECT_EQ(drawBits((uint64_t(1) << 33) + 5, (uint64_t(1) << 40) + 3, 0, 5),
            (std::vector<uint32_t>{0x3f4c7206, 0x3ea797c8, 0x3f2b718a,
                                   0x3e2339e8, 0x3ec246e0}));
}

} // namespace
