//===- RandomKernels.cpp - TensorFlow's Philox random numbers -------------===//
//
// The numbers TensorFlow's stateful RandomUniform draws, bit for bit, by
// the rules of sluice/Dialect/Lite/IR/RandomRules.h: Philox-4x32-10 keyed by
// the graph seed, its 128-bit counter starting at the op seed in the high
// half, each 32-bit word turned into a float in [0, 1) through its 23 low
// bits. The interpreter owns where each op's counter stands.
//
//===----------------------------------------------------------------------===//

#include "KernelUtils.h"

#include "sluice/Dialect/Lite/IR/LiteOps.h"
#include "sluice/Dialect/Lite/IR/RandomRules.h"
#include "sluice/Kernels/Kernels.h"

using namespace mlir;
using namespace sluice;
using namespace sluice::interp;
using namespace sluice::interp::detail;

void sluice::interp::fillRandomUniform(uint64_t seed, uint64_t seed2,
                                       uint64_t blockOffset,
                                       llvm::MutableArrayRef<float> output) {
  using namespace lite::random;
  for (size_t i = 0; i < output.size(); i += kWordsPerBlock) {
    PhiloxBlock words = philox4x32(
        counterOf(blockOffset + i / kWordsPerBlock, seed2), keyOf(seed));
    for (size_t j = 0; j < kWordsPerBlock && i + j < output.size(); ++j)
      output[i + j] = uniformFloatOfWord(words[j]);
  }
}

LogicalResult
sluice::interp::evaluateRandomUniform(Operation *op, const Tensor &shape,
                                      uint64_t blockOffset,
                                      SmallVectorImpl<Tensor> &results) {
  auto random = cast<lite::RandomUniformOp>(op);
  FailureOr<SmallVector<int64_t>> dims =
      readShape(op, shape, "random_uniform shape");
  if (failed(dims) || failed(checkAllocation(op, DType::Float32, *dims)))
    return failure();
  Tensor result(DType::Float32, *dims);
  fillRandomUniform(random.getSeed(), random.getSeed2(), blockOffset,
                    {result.mutableData<float>(),
                     static_cast<size_t>(result.getNumElements())});
  results.push_back(std::move(result));
  return success();
}
