//===- ReductionKernels.cpp - reduction reference kernels -----------------===//
//
// sum, mean, reduce_max and reduce_min over a list of axes, with the semantics
// of TFLite's reference kernels (reference_ops::ReduceGeneric and Mean): the
// input is visited in row-major order and each element folded into its
// output slot, so float results round exactly as TFLite's do.
//
//  - axes is a scalar or a vector of int32/int64; negative axes count from
//    the end; duplicates are allowed; an empty list reduces nothing;
//  - sum accumulates in the element type; integer sums wrap around (two's
//    complement) where TFLite overflows (UB);
//  - mean accumulates floats in their own type and integers in int64 (as
//    TFLite's int32 kernel does), then divides by the number of reduced
//    elements with C++ division: integer means truncate toward zero. int8
//    and uint8 are treated as plain integers (TFLite would requantize). The
//    mean of an empty reduction is 0, as TFLite leaves it;
//  - reduce_max starts from numeric_limits::lowest() (so an empty reduction
//    gives lowest(), -FLT_MAX for float32) and keeps `in > max ? in : max`,
//    so NaN inputs are skipped as in TFLite; reduce_min mirrors it from
//    numeric_limits::max() with `in < min ? in : min`;
//  - top_k stably sorts each row along the last dimension, greater first
//    and NaN above every number, and keeps the first k (TF's TopKV2);
//  - non_max_suppression_v4 selects boxes greedily in that order of their
//    scores, as TF's NonMaxSuppressionV4 does.
//
//===----------------------------------------------------------------------===//

#include "KernelGroups.h"
#include "KernelUtils.h"

#include "sluice/Dialect/Lite/IR/LiteOps.h"

#include "llvm/ADT/TypeSwitch.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <queue>
#include <type_traits>
#include <vector>

// A reference must round every operation: no fused multiply-adds.
#pragma STDC FP_CONTRACT OFF

using namespace mlir;
using namespace sluice;
using namespace sluice::interp;
using namespace sluice::interp::detail;

namespace {
enum class Reduction { Sum, Mean, Max, Min, Prod };
} // namespace

/// The type mean accumulates T in.
template <typename T>
using MeanAccumulator =
    std::conditional_t<std::is_floating_point_v<T>, T, int64_t>;

/// Folds every element of `input` into the output slot it reduces to, in
/// row-major order. `outSteps[d]` is the output stride of input dimension d
/// (0 for a reduced dimension).
template <typename T, typename Acc, typename Fn>
static void foldRowMajor(const Tensor &input, ArrayRef<int64_t> outSteps,
                         Acc *acc, Fn &&fn) {
  ArrayRef<int64_t> shape = input.getShape();
  int64_t rank = input.getRank();
  const T *data = input.data<T>();
  SmallVector<int64_t, 6> index(rank, 0);
  int64_t out = 0;
  for (int64_t i = 0, e = input.getNumElements(); i < e; ++i) {
    acc[out] = fn(acc[out], data[i]);
    advanceIndex(index, shape, [&](int64_t dim, int64_t delta) {
      out += delta * outSteps[dim];
    });
  }
}

template <typename T>
static Tensor reduce(Reduction kind, const Tensor &input,
                     ArrayRef<int64_t> outSteps, ArrayRef<int64_t> shape,
                     int64_t reducedCount) {
  Tensor result(input.getDType(), shape);
  T *out = result.mutableData<T>();
  int64_t count = result.getNumElements();
  switch (kind) {
  case Reduction::Sum:
    foldRowMajor<T>(input, outSteps, out,
                    [](T acc, T x) { return wrapAdd(acc, x); });
    break;
  case Reduction::Prod:
    for (int64_t i = 0; i < count; ++i)
      out[i] = T(1);
    foldRowMajor<T>(input, outSteps, out,
                    [](T acc, T x) { return wrapMul(acc, x); });
    break;
  case Reduction::Max:
    for (int64_t i = 0; i < count; ++i)
      out[i] = std::numeric_limits<T>::lowest();
    foldRowMajor<T>(input, outSteps, out,
                    [](T acc, T x) { return x > acc ? x : acc; });
    break;
  case Reduction::Min:
    for (int64_t i = 0; i < count; ++i)
      out[i] = std::numeric_limits<T>::max();
    foldRowMajor<T>(input, outSteps, out,
                    [](T acc, T x) { return x < acc ? x : acc; });
    break;
  case Reduction::Mean: {
    using Acc = MeanAccumulator<T>;
    SmallVector<Acc> sums(count, Acc(0));
    foldRowMajor<T>(input, outSteps, sums.data(), [](Acc acc, T x) {
      return wrapAdd(acc, static_cast<Acc>(x));
    });
    if (reducedCount > 0)
      for (int64_t i = 0; i < count; ++i)
        out[i] = static_cast<T>(sums[i] / static_cast<Acc>(reducedCount));
    break;
  }
  }
  return result;
}

static LogicalResult evaluateReduction(Operation *op, Reduction kind,
                                       ArrayRef<Tensor> operands, bool keepDims,
                                       SmallVectorImpl<Tensor> &results) {
  const Tensor &input = operands[0];
  if (input.getDType() == DType::Bool)
    return op->emitError("cannot reduce a bool tensor");
  FailureOr<SmallVector<int64_t>> axes =
      readIndices(op, operands[1], "axes", /*allowScalar=*/true);
  if (failed(axes))
    return failure();
  int64_t rank = input.getRank();
  SmallVector<bool> reduced(rank, false);
  for (int64_t axis : *axes) {
    FailureOr<int64_t> dim = normalizeAxis(op, axis, input, "axis");
    if (failed(dim))
      return failure();
    reduced[*dim] = true;
  }

  ArrayRef<int64_t> inShape = input.getShape();
  SmallVector<int64_t> shape, keptShape;
  int64_t reducedCount = 1;
  for (int64_t dim = 0; dim < rank; ++dim) {
    if (reduced[dim]) {
      reducedCount *= inShape[dim];
      keptShape.push_back(1);
      if (keepDims)
        shape.push_back(1);
    } else {
      keptShape.push_back(inShape[dim]);
      shape.push_back(inShape[dim]);
    }
  }
  SmallVector<int64_t> outSteps = getStrides(keptShape);
  for (int64_t dim = 0; dim < rank; ++dim)
    if (reduced[dim])
      outSteps[dim] = 0;

  results.push_back(dispatchNumeric(input.getDType(), [&](auto tag) {
    return reduce<decltype(tag)>(kind, input, outSteps, shape, reducedCount);
  }));
  return success();
}

/// A shape seen as [outer, size, inner] around `axis`: element (o, k, i) of
/// the line (o, i) along the axis is at (o * size + k) * inner + i.
struct Lines {
  int64_t outer, size, inner;
};
static Lines linesAlong(ArrayRef<int64_t> shape, int64_t axis) {
  Lines lines{1, shape[axis], 1};
  for (int64_t d = 0; d < axis; ++d)
    lines.outer *= shape[d];
  for (int64_t d = axis + 1, e = shape.size(); d < e; ++d)
    lines.inner *= shape[d];
  return lines;
}

/// TF's ArgMax / ArgMin: the first index along the axis whose element is
/// strictly beyond the best so far, the best starting at the type's lowest
/// (greatest for the minimum) value at index 0, so NaN never wins.
template <typename T, typename Index>
static void argReduce(bool isMax, const Tensor &input, int64_t axis,
                      Tensor &result) {
  auto [outer, size, inner] = linesAlong(input.getShape(), axis);
  const T *data = input.data<T>();
  Index *out = result.mutableData<Index>();
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t i = 0; i < inner; ++i) {
      T best = isMax ? std::numeric_limits<T>::lowest()
                     : std::numeric_limits<T>::max();
      Index at = 0;
      for (int64_t k = 0; k < size; ++k) {
        T x = data[(o * size + k) * inner + i];
        if (isMax ? x > best : x < best) {
          best = x;
          at = static_cast<Index>(k);
        }
      }
      out[o * inner + i] = at;
    }
}

static LogicalResult evaluateArgReduction(Operation *op, bool isMax,
                                          ArrayRef<Tensor> operands,
                                          SmallVectorImpl<Tensor> &results) {
  const Tensor &input = operands[0];
  if (input.getDType() == DType::Bool)
    return op->emitError("cannot take the arg max or min of a bool tensor");
  FailureOr<SmallVector<int64_t>> axes =
      readIndices(op, operands[1], "axis", /*allowScalar=*/true);
  if (failed(axes))
    return failure();
  if (axes->size() != 1)
    return op->emitError("axis has ") << axes->size() << " entries, expected 1";
  FailureOr<int64_t> axis = normalizeAxis(op, axes->front(), input, "axis");
  if (failed(axis))
    return failure();
  if (input.getShape()[*axis] == 0)
    return op->emitError("reduction axis ")
           << *axis << " is empty in shape " << shapeString(input.getShape());
  SmallVector<int64_t> shape(input.getShape());
  shape.erase(shape.begin() + *axis);
  std::optional<DType> indexType =
      getDType(cast<ShapedType>(op->getResult(0).getType()).getElementType());
  Tensor result(*indexType, shape);
  dispatchNumeric(input.getDType(), [&](auto tag) {
    using T = decltype(tag);
    if (*indexType == DType::Int32)
      argReduce<T, int32_t>(isMax, input, *axis, result);
    else
      argReduce<T, int64_t>(isMax, input, *axis, result);
  });
  results.push_back(std::move(result));
  return success();
}

/// Whether `a` comes before `b` in top_k's order: greater first, NaN above
/// every number (NaNs are equal: the caller's stable sort keeps them by
/// position).
template <typename T> static bool ranksAbove(T a, T b) {
  if constexpr (std::is_floating_point_v<T>)
    if (std::isnan(a) || std::isnan(b))
      return std::isnan(a) && !std::isnan(b);
  return a > b;
}

/// TF's TopKV2 (sorted): per row along the last dimension, the k first
/// elements of the row stably sorted by ranksAbove, and their indices.
static LogicalResult evaluateTopK(Operation *op, ArrayRef<Tensor> operands,
                                  SmallVectorImpl<Tensor> &results) {
  const Tensor &input = operands[0];
  if (input.getRank() == 0)
    return op->emitError("top_k needs an input of rank >= 1");
  int64_t k = operands[1].getAsInt(0);
  int64_t columns = input.getShape().back();
  if (k < 0)
    return op->emitError("top_k: k = ") << k << " is negative";
  if (k > columns)
    return op->emitError("top_k: k = ")
           << k << " is more than the " << columns << " elements of a row";
  SmallVector<int64_t> shape(input.getShape());
  shape.back() = k;
  Tensor values(input.getDType(), shape), indices(DType::Int32, shape);
  int64_t rows = columns ? input.getNumElements() / columns : 0;
  int32_t *index = indices.mutableData<int32_t>();
  SmallVector<int32_t> order(columns);
  dispatchNumeric(input.getDType(), [&](auto tag) {
    using T = decltype(tag);
    const T *in = input.data<T>();
    T *out = values.mutableData<T>();
    for (int64_t r = 0; r < rows; ++r) {
      const T *row = in + r * columns;
      std::iota(order.begin(), order.end(), 0);
      std::stable_sort(order.begin(), order.end(), [&](int32_t a, int32_t b) {
        return ranksAbove(row[a], row[b]);
      });
      for (int64_t j = 0; j < k; ++j) {
        index[r * k + j] = order[j];
        out[r * k + j] = row[order[j]];
      }
    }
  });
  results.push_back(std::move(values));
  results.push_back(std::move(indices));
  return success();
}

/// TF's intersection over union of boxes a and b (rows of four corners in
/// either order), in float as TF computes it: 0 when either has no area.
static float intersectionOverUnion(const float *a, const float *b) {
  auto lo = [](float x, float y) { return y < x ? y : x; };
  auto hi = [](float x, float y) { return x < y ? y : x; };
  float yminA = lo(a[0], a[2]), xminA = lo(a[1], a[3]);
  float ymaxA = hi(a[0], a[2]), xmaxA = hi(a[1], a[3]);
  float yminB = lo(b[0], b[2]), xminB = lo(b[1], b[3]);
  float ymaxB = hi(b[0], b[2]), xmaxB = hi(b[1], b[3]);
  float areaA = (ymaxA - yminA) * (xmaxA - xminA);
  float areaB = (ymaxB - yminB) * (xmaxB - xminB);
  if (areaA <= 0 || areaB <= 0)
    return 0.0f;
  float intersection = hi(lo(ymaxA, ymaxB) - hi(yminA, yminB), 0.0f) *
                       hi(lo(xmaxA, xmaxB) - hi(xminA, xminB), 0.0f);
  return intersection / (areaA + areaB - intersection);
}

/// TF's NonMaxSuppressionV4 (hard suppression), padded: the boxes above the
/// score threshold in order of score (ties by index), each selected unless
/// a box selected before overlaps it by more than the IoU threshold; TF's
/// queue exactly, with its re-queue of a score an IoU of NaN zeroed.
static LogicalResult
evaluateNonMaxSuppression(Operation *op, ArrayRef<Tensor> operands,
                          SmallVectorImpl<Tensor> &results) {
  const Tensor &boxes = operands[0], &scores = operands[1];
  if (boxes.getRank() != 2 || boxes.getShape()[1] != 4)
    return op->emitError("non_max_suppression: boxes must be [num_boxes, 4], "
                         "not ")
           << shapeString(boxes.getShape());
  int64_t count = boxes.getShape()[0];
  if (scores.getRank() != 1 || scores.getShape()[0] != count)
    return op->emitError("non_max_suppression: scores ")
           << shapeString(scores.getShape()) << " are not one per box of "
           << count;
  int64_t maxOutputs = operands[2].getAsInt(0);
  if (maxOutputs < 0)
    return op->emitError("non_max_suppression: max_output_size ")
           << maxOutputs << " is negative";
  float iouThreshold = operands[3].data<float>()[0];
  float scoreThreshold = operands[4].data<float>()[0];
  if (!(iouThreshold >= 0 && iouThreshold <= 1))
    return op->emitError("non_max_suppression: iou_threshold ")
           << iouThreshold << " is outside [0, 1]";
  FailureOr<int64_t> size =
      checkAllocation(op, DType::Int32, ArrayRef<int64_t>{maxOutputs});
  if (failed(size))
    return failure();
  const float *box = boxes.data<float>();
  const float *score = scores.data<float>();
  // TF's queue: the greatest score first, ties by the lower index. A
  // candidate popped is compared with the boxes selected since it was
  // last pushed: an IoU above the threshold suppresses it, one that is
  // not at most the threshold either (NaN) zeroes its score, and a score
  // that changed goes back into the queue if it is still above the score
  // threshold.
  struct Candidate {
    int32_t index;
    float score;
    int64_t comparedUpTo;
  };
  auto later = [](const Candidate &a, const Candidate &b) {
    return (a.score == b.score && a.index > b.index) || a.score < b.score;
  };
  std::priority_queue<Candidate, std::vector<Candidate>, decltype(later)> queue(
      later);
  for (int64_t i = 0; i < count; ++i)
    if (score[i] > scoreThreshold)
      queue.push({static_cast<int32_t>(i), score[i], 0});
  Tensor selected(DType::Int32, {maxOutputs});
  int32_t *out = selected.mutableData<int32_t>();
  int64_t valid = 0;
  while (valid < maxOutputs && !queue.empty()) {
    Candidate next = queue.top();
    queue.pop();
    float original = next.score;
    bool suppressed = false;
    for (int64_t j = valid - 1; j >= next.comparedUpTo; --j) {
      float iou = intersectionOverUnion(box + 4 * next.index, box + 4 * out[j]);
      next.score *= iou <= iouThreshold ? 1.0f : 0.0f;
      if (iou > iouThreshold) {
        suppressed = true;
        break;
      }
      if (next.score <= scoreThreshold)
        break;
    }
    next.comparedUpTo = valid;
    if (suppressed)
      continue;
    if (next.score == original)
      out[valid++] = next.index;
    else if (next.score > scoreThreshold)
      queue.push(next);
  }
  results.push_back(std::move(selected));
  results.push_back(Tensor(DType::Int32, {}));
  results.back().mutableData<int32_t>()[0] = static_cast<int32_t>(valid);
  return success();
}

/// TF's Cumsum / Cumprod: each line along the axis folded in order from its
/// start (its end with `reverse`); `exclusive` writes the fold before the
/// element instead of after it.
static LogicalResult evaluateScan(Operation *op, bool isProduct, bool exclusive,
                                  bool reverse, ArrayRef<Tensor> operands,
                                  SmallVectorImpl<Tensor> &results) {
  const Tensor &input = operands[0];
  if (input.getDType() == DType::Bool)
    return op->emitError("cannot scan a bool tensor");
  if (operands[1].getRank() != 0)
    return op->emitError("scan axis must be a scalar");
  FailureOr<SmallVector<int64_t>> axes =
      readIndices(op, operands[1], "axis", /*allowScalar=*/true);
  if (failed(axes))
    return failure();
  FailureOr<int64_t> axis =
      normalizeAxis(op, axes->front(), input, "scan axis");
  if (failed(axis))
    return failure();
  auto [outer, size, inner] = linesAlong(input.getShape(), *axis);
  Tensor result(input.getDType(), input.getShape());
  dispatchNumeric(input.getDType(), [&](auto tag) {
    using T = decltype(tag);
    const T *in = input.data<T>();
    T *out = result.mutableData<T>();
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t i = 0; i < inner; ++i) {
        T acc = isProduct ? T(1) : T(0);
        for (int64_t step = 0; step < size; ++step) {
          int64_t k = reverse ? size - 1 - step : step;
          int64_t at = (o * size + k) * inner + i;
          T next = isProduct ? wrapMul(acc, in[at]) : wrapAdd(acc, in[at]);
          out[at] = exclusive ? acc : next;
          acc = next;
        }
      }
  });
  results.push_back(std::move(result));
  return success();
}

/// softmax / log_softmax along the last dimension: m = max (NaN skipped, as
/// reduce_max), e = exp(beta (x - m)), s = sum(e); e / s or
/// beta (x - m) - log(s).
static LogicalResult evaluateSoftmax(Operation *op, bool isLog, double beta,
                                     ArrayRef<Tensor> operands,
                                     SmallVectorImpl<Tensor> &results) {
  const Tensor &input = operands[0];
  if (input.getRank() == 0)
    return op->emitError("softmax needs an input of at least one dimension");
  int64_t size = input.getShape().back();
  int64_t rows = size == 0 ? 0 : input.getNumElements() / size;
  Tensor result(input.getDType(), input.getShape());
  dispatchFloat(input.getDType(), [&](auto tag) {
    using T = decltype(tag);
    const T *in = input.data<T>();
    T *out = result.mutableData<T>();
    for (int64_t r = 0; r < rows; ++r) {
      const T *x = in + r * size;
      T *y = out + r * size;
      T m = std::numeric_limits<T>::lowest();
      for (int64_t k = 0; k < size; ++k)
        m = x[k] > m ? x[k] : m;
      T s = 0;
      for (int64_t k = 0; k < size; ++k) {
        y[k] = std::exp(T(beta) * (x[k] - m));
        s += y[k];
      }
      for (int64_t k = 0; k < size; ++k)
        y[k] = isLog ? T(beta) * (x[k] - m) - std::log(s) : y[k] / s;
    }
  });
  results.push_back(std::move(result));
  return success();
}

std::optional<LogicalResult>
sluice::interp::detail::evaluateReductionOp(Operation *op,
                                            ArrayRef<Tensor> operands,
                                            SmallVectorImpl<Tensor> &results) {
  using Result = std::optional<LogicalResult>;
  return llvm::TypeSwitch<Operation *, Result>(op)
      .Case([&](lite::SumOp sum) {
        return evaluateReduction(op, Reduction::Sum, operands,
                                 sum.getKeepDims(), results);
      })
      .Case([&](lite::MeanOp mean) {
        return evaluateReduction(op, Reduction::Mean, operands,
                                 mean.getKeepDims(), results);
      })
      .Case([&](lite::ReduceMaxOp max) {
        return evaluateReduction(op, Reduction::Max, operands,
                                 max.getKeepDims(), results);
      })
      .Case([&](lite::ReduceMinOp min) {
        return evaluateReduction(op, Reduction::Min, operands,
                                 min.getKeepDims(), results);
      })
      .Case([&](lite::ReduceProdOp prod) {
        return evaluateReduction(op, Reduction::Prod, operands,
                                 prod.getKeepDims(), results);
      })
      .Case([&](lite::SoftmaxOp softmax) {
        return evaluateSoftmax(op, /*isLog=*/false,
                               softmax.getBeta().convertToDouble(), operands,
                               results);
      })
      .Case([&](lite::LogSoftmaxOp) {
        return evaluateSoftmax(op, /*isLog=*/true, 1.0, operands, results);
      })
      .Case([&](lite::CumsumOp scan) {
        return evaluateScan(op, /*isProduct=*/false, scan.getExclusive(),
                            scan.getReverse(), operands, results);
      })
      .Case([&](lite::CumprodOp scan) {
        return evaluateScan(op, /*isProduct=*/true, scan.getExclusive(),
                            scan.getReverse(), operands, results);
      })
      .Case([&](lite::ArgMaxOp) {
        return evaluateArgReduction(op, /*isMax=*/true, operands, results);
      })
      .Case([&](lite::ArgMinOp) {
        return evaluateArgReduction(op, /*isMax=*/false, operands, results);
      })
      .Case([&](lite::TopKOp) { return evaluateTopK(op, operands, results); })
      .Case([&](lite::NonMaxSuppressionV4Op) {
        return evaluateNonMaxSuppression(op, operands, results);
      })
      .Default([](Operation *) { return std::nullopt; });
}
