//===- RandomRules.h - TensorFlow's Philox random numbers -------*- C++ -*-===//
//
// What lite.random_uniform draws, defined once: TensorFlow's PhiloxRandom
// (Philox-4x32-10, Salmon et al., "Parallel random numbers: as easy as 1,
// 2, 3"), its word-to-float rule and how far a run moves a generator. The
// reference kernel computes with these functions; the native lowering emits
// the same arithmetic from these constants.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_LITE_IR_RANDOMRULES_H
#define SLUICE_DIALECT_LITE_IR_RANDOMRULES_H

#include <array>
#include <cstdint>
#include <cstring>

namespace sluice::lite::random {

/// One Philox-4x32 block: four 32-bit words (a counter, or the numbers it
/// gives).
using PhiloxBlock = std::array<uint32_t, 4>;

/// Philox-4x32-10's constants, as TensorFlow's PhiloxRandom has them.
inline constexpr uint32_t kMultiplier0 = 0xD2511F53;
inline constexpr uint32_t kMultiplier1 = 0xCD9E8D57;
inline constexpr uint32_t kKeyStep0 = 0x9E3779B9;
inline constexpr uint32_t kKeyStep1 = 0xBB67AE85;
inline constexpr int kRounds = 10;

/// The words of a float in [1, 2) keep a word's low 23 bits as mantissa.
inline constexpr uint32_t kMantissaMask = 0x7fffffu;
inline constexpr uint32_t kExponentOfOne = 127u << 23;

/// The block Philox-4x32-10 gives for `counter` under `key`. Each round
/// multiplies words 0 and 2, mixes the high halves with words 1 and 3 and
/// the key, and steps the key.
inline PhiloxBlock philox4x32(PhiloxBlock counter,
                              std::array<uint32_t, 2> key) {
  for (int round = 0; round < kRounds; ++round) {
    uint64_t product0 = uint64_t(kMultiplier0) * counter[0];
    uint64_t product1 = uint64_t(kMultiplier1) * counter[2];
    counter = {
        uint32_t(product1 >> 32) ^ counter[1] ^ key[0], uint32_t(product1),
        uint32_t(product0 >> 32) ^ counter[3] ^ key[1], uint32_t(product0)};
    key[0] += kKeyStep0;
    key[1] += kKeyStep1;
  }
  return counter;
}

/// The counter of block `block` of a generator seeded with seed2: the block
/// number in the low 64 bits (TF starts them at 0; 2^64 blocks are never
/// drawn, so nothing carries into seed2's half).
inline PhiloxBlock counterOf(uint64_t block, uint64_t seed2) {
  return {uint32_t(block), uint32_t(block >> 32), uint32_t(seed2),
          uint32_t(seed2 >> 32)};
}

/// The key of a generator seeded with seed.
inline std::array<uint32_t, 2> keyOf(uint64_t seed) {
  return {uint32_t(seed), uint32_t(seed >> 32)};
}

/// A word's 23 low bits as a float in [0, 1) (TF's Uint32ToFloat).
inline float uniformFloatOfWord(uint32_t word) {
  uint32_t bits = kExponentOfOne | (word & kMantissaMask);
  float value;
  std::memcpy(&value, &bits, sizeof(value));
  return value - 1.0f;
}

/// Element i of a run draws word i mod 4 of block offset + i / 4.
inline constexpr unsigned kWordsPerBlock = 4;

/// How far a run drawing `count` numbers moves its generator: TF reserves
/// 256 blocks per number (GuardedPhiloxRandom::ReserveRandomOutputs).
inline constexpr uint64_t kBlocksReservedPerNumber = 256;

} // namespace sluice::lite::random

#endif // SLUICE_DIALECT_LITE_IR_RANDOMRULES_H
