//===- driver.cpp - times Sluice-compiled models against hand-written C++ -===//
//
// Built by bench/native/bench.py with the models sluicec compiled (their
// headers and objects in the bench's work directory) and the weights it
// generated (rnn_weights.h). For each benchmark: the compiled model's entry
// point and a hand-written C++ equivalent, each run --repeat times; prints
// the best time of each and their results, one JSON line per benchmark.
// The loop bounds come from the command line so that nothing is computed at
// compile time.
//
//===----------------------------------------------------------------------===//

#include "counting.h"
#include "nested_if.h"
#include "rnn.h"
#include "rnn_weights.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

/// Keeps the compiler from moving work across it or computing it once for
/// all repetitions: every call below reads and writes memory.
inline void clobberMemory() { asm volatile("" ::: "memory"); }

template <typename F> double best(int repeat, F &&run) {
  double fastest = 1e30;
  for (int r = 0; r < repeat; ++r) {
    clobberMemory();
    auto start = std::chrono::steady_clock::now();
    run();
    clobberMemory();
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
    fastest = seconds < fastest ? seconds : fastest;
  }
  return fastest;
}

// (a) i counts to n; acc = acc * 1664525 + i (wrapping, as TFLite's int32).
__attribute__((noinline)) void countingCpp(const int32_t *n, int32_t *out) {
  uint32_t i = 0, acc = 0;
  while ((int32_t)i < *n) {
    i = i + 1;
    acc = acc * 1664525u + i;
  }
  *out = (int32_t)acc;
}

// (b) h = tanh(W h + b), 100 steps of a [1, 128] state; W is [out, in].
__attribute__((noinline)) void rnnCpp(const float *h0, float *out) {
  float h[kRnnSize], next[kRnnSize];
  std::memcpy(h, h0, sizeof h);
  for (int step = 0; step < kRnnSteps; ++step) {
    for (int j = 0; j < kRnnSize; ++j) {
      float sum = 0.0f;
      for (int k = 0; k < kRnnSize; ++k)
        sum += h[k] * kRnnWeights[j][k];
      next[j] = std::tanh(sum + kRnnBias[j]);
    }
    std::memcpy(h, next, sizeof h);
  }
  std::memcpy(out, h, sizeof h);
}

// (c) for i < n, j < m: acc += i * j where (i + j) mod 3 == 0, else acc -= 1.
__attribute__((noinline)) void nestedIfCpp(const int32_t *n, const int32_t *m,
                                           int32_t *out) {
  uint32_t acc = 0;
  for (int32_t i = 0; i < *n; ++i)
    for (int32_t j = 0; j < *m; ++j) {
      if ((i + j) % 3 == 0)
        acc = acc + (uint32_t)i * (uint32_t)j;
      else
        acc = acc - 1;
    }
  *out = (int32_t)acc;
}

void report(const char *name, double native, double cpp, const char *agree,
            int32_t status) {
  std::printf("{\"benchmark\": \"%s\", \"native_seconds\": %.9g, "
              "\"cpp_seconds\": %.9g, \"agree\": %s, \"status\": %d}\n",
              name, native, cpp, agree, (int)status);
}

} // namespace

int main(int argc, char **argv) {
  int repeat = argc > 1 ? std::atoi(argv[1]) : 5;
  int32_t countTo = argc > 2 ? std::atoi(argv[2]) : 1000000;
  int32_t outer = argc > 3 ? std::atoi(argv[3]) : 1000;
  int32_t inner = argc > 4 ? std::atoi(argv[4]) : 1000;

  int32_t nativeAcc = 0, cppAcc = 0, status = 0;
  double native =
      best(repeat, [&] { status = counting_main(&countTo, &nativeAcc); });
  double cpp = best(repeat, [&] { countingCpp(&countTo, &cppAcc); });
  report("counting", native, cpp, nativeAcc == cppAcc ? "true" : "false",
         status);

  float h0[kRnnSize], nativeH[kRnnSize], cppH[kRnnSize];
  for (int k = 0; k < kRnnSize; ++k)
    h0[k] = kRnnInitial[k];
  native = best(repeat, [&] { status = rnn_main(h0, nativeH); });
  cpp = best(repeat, [&] { rnnCpp(h0, cppH); });
  bool close = true;
  for (int k = 0; k < kRnnSize; ++k)
    close &=
        std::fabs(nativeH[k] - cppH[k]) <= 1e-5f * std::fabs(cppH[k]) + 1e-6f;
  report("rnn", native, cpp, close ? "true" : "false", status);

  native = best(repeat,
                [&] { status = nested_if_main(&outer, &inner, &nativeAcc); });
  cpp = best(repeat, [&] { nestedIfCpp(&outer, &inner, &cppAcc); });
  report("nested_if", native, cpp, nativeAcc == cppAcc ? "true" : "false",
         status);
  return 0;
}
