//===- LinalgKernels.cpp - linear algebra reference kernels ---------------===//
//
// fully_connected and batch_matmul with the semantics of TFLite's float
// reference kernels: every dot product starts from 0 and adds the products
// in order of increasing depth index, with no fused multiply-add; the bias
// is added after the dot product, then the fused activation is applied.
//
//  - float32, float64, int32 and int64 are supported; integer arithmetic
//    wraps around (two's complement). int8 and uint8 are rejected: TFLite's
//    kernels treat them as quantized, which the interpreter does not model;
//  - fully_connected without keep_num_dims flattens the input to
//    [n, depth] like TFLite, so only its element count must be a multiple
//    of depth; with keep_num_dims its last dimension must be depth. Only
//    the DEFAULT weights format is supported;
//  - batch_matmul broadcasts the batch dimensions like numpy;
//  - conv_2d and depthwise_conv_2d sum over each window in order of filter
//    row, column and channel, taps SAME padding places outside the input
//    reading zeros, as TF does (0 x Inf is NaN there; TFLite's reference
//    kernels skip those taps instead);
//    max_pool_2d and average_pool_2d fold each window's input elements in
//    row-major order. Where windows lie is WindowRules.h's.
//
//===----------------------------------------------------------------------===//

#include "KernelGroups.h"
#include "KernelUtils.h"

#include "sluice/Dialect/Lite/IR/LiteOps.h"
#include "sluice/Dialect/Lite/IR/WindowRules.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"

#include <algorithm>
#include <limits>
#include <type_traits>

// A reference must round every operation: no fused multiply-adds.
#pragma STDC FP_CONTRACT OFF

using namespace mlir;
using namespace sluice;
using namespace sluice::interp;
using namespace sluice::interp::detail;

/// Checks that the dtype is one the kernels compute with.
static LogicalResult checkDType(Operation *op, const Tensor &tensor,
                                StringRef what) {
  switch (tensor.getDType()) {
  case DType::Float32:
  case DType::Float64:
  case DType::Int32:
  case DType::Int64:
    return success();
  case DType::Int8:
  case DType::UInt8:
    return op->emitError()
           << what << " is " << describe(tensor)
           << ": TFLite computes with int8/uint8 as quantized values, which "
              "the interpreter does not model";
  case DType::Bool:
    break;
  }
  return op->emitError() << what << " is " << describe(tensor)
                         << ", expected float32, float64, int32 or int64";
}

/// acc + x * y, wrapping around for integers.
template <typename T> static T multiplyAdd(T acc, T x, T y) {
  if constexpr (std::is_floating_point_v<T>) {
    T product = x * y;
    return acc + product;
  } else {
    return wrapAdd(acc, wrapMul(x, y));
  }
}

//===----------------------------------------------------------------------===//
// fully_connected
//===----------------------------------------------------------------------===//

static LogicalResult evaluateFullyConnected(lite::FullyConnectedOp op,
                                            ArrayRef<Tensor> operands,
                                            SmallVectorImpl<Tensor> &results) {
  const Tensor &input = operands[0];
  const Tensor &filter = operands[1];
  const Tensor *bias = operands.size() > 2 ? &operands[2] : nullptr;
  if (op.getWeightsFormat() != lite::WeightsFormat::DEFAULT)
    return op.emitError("fully_connected weights format ")
           << lite::stringifyWeightsFormat(op.getWeightsFormat())
           << " is not supported (only DEFAULT)";
  if (failed(checkDType(op, input, "fully_connected input")))
    return failure();
  if (filter.getDType() != input.getDType() ||
      (bias && bias->getDType() != input.getDType()))
    return op.emitError("fully_connected operands must share a dtype, got ")
           << describe(input) << ", " << describe(filter)
           << (bias ? ", " + describe(*bias) : std::string());
  if (filter.getRank() != 2)
    return op.emitError("fully_connected filter must have rank 2 "
                        "([units, depth]), got ")
           << describe(filter);
  if (input.getRank() == 0)
    return op.emitError("fully_connected input must have rank >= 1, got ")
           << describe(input);
  int64_t units = filter.getShape()[0], depth = filter.getShape()[1];
  if (bias && (bias->getRank() != 1 || bias->getShape()[0] != units))
    return op.emitError("fully_connected bias must be [")
           << units << "] for filter " << describe(filter) << ", got "
           << describe(*bias);

  ArrayRef<int64_t> inShape = input.getShape();
  int64_t rows;
  SmallVector<int64_t> shape;
  if (op.getKeepNumDims() || depth == 0) {
    // With depth 0 the row count comes from the leading dimensions.
    if (inShape.back() != depth)
      return op.emitError("fully_connected input ")
             << describe(input) << " must have last dimension " << depth
             << " to match filter " << describe(filter);
    rows = getNumElements(inShape.drop_back());
  } else {
    if (input.getNumElements() % depth != 0)
      return op.emitError("fully_connected input ")
             << describe(input) << " cannot be flattened into rows of depth "
             << depth << " (filter " << describe(filter) << ")";
    rows = input.getNumElements() / depth;
  }
  if (op.getKeepNumDims()) {
    shape.assign(inShape.begin(), inShape.end());
    shape.back() = units;
  } else {
    shape = {rows, units};
  }
  if (failed(checkAllocation(op, input.getDType(), shape)))
    return failure();

  Tensor result = dispatchNumeric(input.getDType(), [&](auto tag) {
    using T = decltype(tag);
    Tensor out(input.getDType(), shape);
    const T *x = input.data<T>();
    const T *w = filter.data<T>();
    const T *b = bias ? bias->data<T>() : nullptr;
    T *y = out.mutableData<T>();
    for (int64_t row = 0; row < rows; ++row)
      for (int64_t unit = 0; unit < units; ++unit) {
        T total = T(0);
        for (int64_t d = 0; d < depth; ++d)
          total = multiplyAdd(total, x[row * depth + d], w[unit * depth + d]);
        y[row * units + unit] = wrapAdd(total, b ? b[unit] : T(0));
      }
    return out;
  });
  if (failed(interp::detail::applyFusedActivation(op, result)))
    return failure();
  results.push_back(std::move(result));
  return success();
}

//===----------------------------------------------------------------------===//
// batch_matmul
//===----------------------------------------------------------------------===//

static LogicalResult evaluateBatchMatMul(lite::BatchMatMulOp op,
                                         ArrayRef<Tensor> operands,
                                         SmallVectorImpl<Tensor> &results) {
  const Tensor &x = operands[0];
  const Tensor &y = operands[1];
  if (failed(checkDType(op, x, "batch_matmul x")))
    return failure();
  if (y.getDType() != x.getDType())
    return op.emitError("batch_matmul operands must share a dtype, got ")
           << describe(x) << " and " << describe(y);
  if (x.getRank() < 2 || y.getRank() < 2)
    return op.emitError("batch_matmul operands must have rank >= 2, got ")
           << describe(x) << " and " << describe(y);
  bool adjX = op.getAdjX(), adjY = op.getAdjY();
  ArrayRef<int64_t> xShape = x.getShape(), yShape = y.getShape();
  int64_t xRank = x.getRank(), yRank = y.getRank();
  int64_t rows = xShape[xRank - (adjX ? 1 : 2)];
  int64_t depth = xShape[xRank - (adjX ? 2 : 1)];
  int64_t yDepth = yShape[yRank - (adjY ? 1 : 2)];
  int64_t cols = yShape[yRank - (adjY ? 2 : 1)];
  if (depth != yDepth)
    return op.emitError("batch_matmul contraction dimensions differ: ")
           << depth << " in x " << describe(x) << (adjX ? " (adj_x)" : "")
           << " vs " << yDepth << " in y " << describe(y)
           << (adjY ? " (adj_y)" : "");

  // Broadcast the batch dimensions, aligned at the right.
  ArrayRef<int64_t> xBatch = xShape.drop_back(2), yBatch = yShape.drop_back(2);
  int64_t xBatchRank = xBatch.size(), yBatchRank = yBatch.size();
  int64_t batchRank = std::max(xBatchRank, yBatchRank);
  SmallVector<int64_t> batch(batchRank);
  for (int64_t i = 0; i < batchRank; ++i) {
    int64_t xi = i - (batchRank - xBatchRank);
    int64_t yi = i - (batchRank - yBatchRank);
    int64_t xs = xi >= 0 ? xBatch[xi] : 1, ys = yi >= 0 ? yBatch[yi] : 1;
    if (xs != ys && xs != 1 && ys != 1)
      return op.emitError("batch_matmul batch dimensions of ")
             << describe(x) << " and " << describe(y) << " do not broadcast";
    batch[i] = xs == 1 ? ys : xs;
  }
  SmallVector<int64_t> shape(batch);
  shape.push_back(rows);
  shape.push_back(cols);
  if (failed(checkAllocation(op, x.getDType(), shape)))
    return failure();

  // Element strides of each operand's batch dimensions as seen from the
  // broadcast batch shape (0 where an operand broadcasts).
  auto batchSteps = [&](ArrayRef<int64_t> opShape) {
    SmallVector<int64_t> strides = getStrides(opShape);
    int64_t opBatch = opShape.size() - 2;
    SmallVector<int64_t> steps(batchRank, 0);
    for (int64_t i = 0; i < opBatch; ++i) {
      int64_t target = i + (batchRank - opBatch);
      steps[target] = opShape[i] == 1 ? 0 : strides[i];
    }
    return steps;
  };
  SmallVector<int64_t> xSteps = batchSteps(xShape), ySteps = batchSteps(yShape);
  // Strides of the row/depth (x) and depth/col (y) indices.
  int64_t xRow = adjX ? 1 : depth, xDepth = adjX ? rows : 1;
  int64_t yDepthStep = adjY ? 1 : cols, yCol = adjY ? depth : 1;

  Tensor result = dispatchNumeric(x.getDType(), [&](auto tag) {
    using T = decltype(tag);
    Tensor out(x.getDType(), shape);
    T *z = out.mutableData<T>();
    int64_t batches = getNumElements(batch);
    SmallVector<int64_t> index(batchRank, 0);
    int64_t xBase = 0, yBase = 0;
    for (int64_t b = 0; b < batches; ++b) {
      const T *xm = x.data<T>() + xBase;
      const T *ym = y.data<T>() + yBase;
      T *zm = z + b * rows * cols;
      for (int64_t i = 0; i < rows; ++i)
        for (int64_t j = 0; j < cols; ++j) {
          T total = T(0);
          for (int64_t k = 0; k < depth; ++k)
            total = multiplyAdd(total, xm[i * xRow + k * xDepth],
                                ym[k * yDepthStep + j * yCol]);
          zm[i * cols + j] = total;
        }
      advanceIndex(index, batch, [&](int64_t dim, int64_t delta) {
        xBase += delta * xSteps[dim];
        yBase += delta * ySteps[dim];
      });
    }
    return out;
  });
  results.push_back(std::move(result));
  return success();
}

//===----------------------------------------------------------------------===//
// Entry point
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// Windows: conv_2d, depthwise_conv_2d, max_pool_2d, average_pool_2d
//===----------------------------------------------------------------------===//

namespace {
/// Where the windows of an op lie over an NHWC input, per spatial
/// dimension (0: rows, 1: columns).
struct WindowGeometry {
  int64_t batch, channels;
  int64_t inputSize[2], taps[2], stride[2], dilation[2];
  lite::window::Placement placed[2];

  /// The input index of tap `tap` of window `position` along `dim`, or -1
  /// when it falls in the padding.
  int64_t inputIndex(int dim, int64_t position, int64_t tap) const {
    int64_t index = position * stride[dim] - placed[dim].paddingBefore +
                    tap * dilation[dim];
    return index >= 0 && index < inputSize[dim] ? index : -1;
  }
};
} // namespace

/// The windows of `taps` over `input` ([batch, rows, columns, channels]),
/// or an error naming the op.
static FailureOr<WindowGeometry>
placeWindows(Operation *op, const Tensor &input, lite::Padding padding,
             std::array<int64_t, 2> taps, std::array<int64_t, 2> stride,
             std::array<int64_t, 2> dilation) {
  if (input.getRank() != 4)
    return op->emitError("input must be [batch, height, width, channels], "
                         "got ")
           << describe(input);
  WindowGeometry geometry;
  geometry.batch = input.getShape()[0];
  geometry.channels = input.getShape()[3];
  for (int dim = 0; dim < 2; ++dim) {
    geometry.inputSize[dim] = input.getShape()[1 + dim];
    geometry.taps[dim] = taps[dim];
    geometry.stride[dim] = stride[dim];
    geometry.dilation[dim] = dilation[dim];
    std::optional<lite::window::Placement> placed = lite::window::placeWindows(
        geometry.inputSize[dim], taps[dim], stride[dim], dilation[dim],
        padding == lite::Padding::SAME);
    if (!placed)
      return op->emitError("a VALID window of ")
             << lite::window::effectiveFilterSize(taps[dim], dilation[dim])
             << (dim == 0 ? " rows" : " columns") << " with stride "
             << stride[dim] << " gives a negative output size over the input "
             << describe(input);
    geometry.placed[dim] = *placed;
  }
  return geometry;
}

/// conv_2d (depthMultiplier 0, filter [out, h, w, channels]) and
/// depthwise_conv_2d (filter [1, h, w, channels * depthMultiplier]).
template <typename ConvOp>
static LogicalResult evaluateConvolution(ConvOp op, ArrayRef<Tensor> operands,
                                         int64_t depthMultiplier,
                                         SmallVectorImpl<Tensor> &results) {
  const Tensor &input = operands[0], &filter = operands[1];
  const Tensor *bias = operands.size() > 2 ? &operands[2] : nullptr;
  StringRef name = op->getName().stripDialect();
  if (failed(checkDType(op, input, (name + " input").str())))
    return failure();
  if (filter.getDType() != input.getDType() ||
      (bias && bias->getDType() != input.getDType()))
    return op.emitError(name)
           << " operands must share a dtype, got " << describe(input) << ", "
           << describe(filter) << (bias ? ", " + describe(*bias) : "");
  if (filter.getRank() != 4)
    return op.emitError(name)
           << " filter must have rank 4, got " << describe(filter);
  ArrayRef<int64_t> taps = filter.getShape();
  FailureOr<WindowGeometry> windows =
      placeWindows(op, input, op.getPadding(), {taps[1], taps[2]},
                   {op.getStrideH(), op.getStrideW()},
                   {op.getDilationHFactor(), op.getDilationWFactor()});
  if (failed(windows))
    return failure();
  int64_t channels = windows->channels;
  int64_t outChannels = depthMultiplier ? taps[3] : taps[0];
  if (depthMultiplier
          ? taps[0] != 1 || outChannels != channels * depthMultiplier
          : taps[3] != channels)
    return op.emitError(name) << " filter " << describe(filter)
                              << " does not fit the input " << describe(input);
  if (bias && (bias->getRank() != 1 || bias->getShape()[0] != outChannels))
    return op.emitError(name)
           << " bias must be [" << outChannels << "], got " << describe(*bias);
  SmallVector<int64_t> shape = {windows->batch, windows->placed[0].outputSize,
                                windows->placed[1].outputSize, outChannels};
  if (failed(checkAllocation(op, input.getDType(), shape)))
    return failure();
  // conv_2d's taps read `channels` consecutive input channels against
  // consecutive filter elements; depthwise_conv_2d's read one.
  int64_t depth = depthMultiplier ? 1 : channels;
  Tensor result = dispatchNumeric(input.getDType(), [&](auto tag) {
    using T = decltype(tag);
    Tensor out(input.getDType(), shape);
    const T *x = input.data<T>();
    const T *w = filter.data<T>();
    const T *b = bias ? bias->data<T>() : nullptr;
    T *y = out.mutableData<T>();
    const WindowGeometry &g = *windows;
    for (int64_t n = 0; n < g.batch; ++n)
      for (int64_t row = 0; row < shape[1]; ++row)
        for (int64_t column = 0; column < shape[2]; ++column)
          for (int64_t o = 0; o < outChannels; ++o) {
            T total = T(0);
            int64_t first = depthMultiplier ? o / depthMultiplier : 0;
            for (int64_t i = 0; i < g.taps[0]; ++i) {
              int64_t r = g.inputIndex(0, row, i);
              for (int64_t j = 0; j < g.taps[1]; ++j) {
                int64_t c = r < 0 ? -1 : g.inputIndex(1, column, j);
                // A tap in the padding reads zero.
                const T *pixel =
                    c < 0
                        ? nullptr
                        : x + ((n * g.inputSize[0] + r) * g.inputSize[1] + c) *
                                  channels;
                const T *tap =
                    depthMultiplier
                        ? w + (i * g.taps[1] + j) * outChannels + o
                        : w + ((o * g.taps[0] + i) * g.taps[1] + j) * depth;
                for (int64_t k = 0; k < depth; ++k)
                  total = multiplyAdd(total, pixel ? pixel[first + k] : T(0),
                                      tap[k]);
              }
            }
            y[((n * shape[1] + row) * shape[2] + column) * outChannels + o] =
                wrapAdd(total, b ? b[o] : T(0));
          }
    return out;
  });
  if (failed(interp::detail::applyFusedActivation(op, result)))
    return failure();
  results.push_back(std::move(result));
  return success();
}

/// max_pool_2d (`average` false) and average_pool_2d.
template <typename PoolOp>
static LogicalResult evaluatePool(PoolOp op, const Tensor &input, bool average,
                                  SmallVectorImpl<Tensor> &results) {
  if (input.getDType() == DType::Bool ||
      (average && !isFloat(input.getDType())))
    return op.emitError(op->getName().stripDialect())
           << " input must be " << (average ? "float" : "numeric") << ", got "
           << describe(input);
  FailureOr<WindowGeometry> windows = placeWindows(
      op, input, op.getPadding(), {op.getFilterHeight(), op.getFilterWidth()},
      {op.getStrideH(), op.getStrideW()}, {1, 1});
  if (failed(windows))
    return failure();
  const WindowGeometry &g = *windows;
  SmallVector<int64_t> shape = {g.batch, g.placed[0].outputSize,
                                g.placed[1].outputSize, g.channels};
  if (failed(checkAllocation(op, input.getDType(), shape)))
    return failure();
  Tensor result = dispatchNumeric(input.getDType(), [&](auto tag) {
    using T = decltype(tag);
    Tensor out(input.getDType(), shape);
    const T *x = input.data<T>();
    T *y = out.mutableData<T>();
    for (int64_t n = 0; n < g.batch; ++n)
      for (int64_t row = 0; row < shape[1]; ++row)
        for (int64_t column = 0; column < shape[2]; ++column)
          for (int64_t ch = 0; ch < g.channels; ++ch) {
            T folded = average ? T(0) : std::numeric_limits<T>::lowest();
            int64_t count = 0;
            for (int64_t i = 0; i < g.taps[0]; ++i) {
              int64_t r = g.inputIndex(0, row, i);
              for (int64_t j = 0; r >= 0 && j < g.taps[1]; ++j) {
                int64_t c = g.inputIndex(1, column, j);
                if (c < 0)
                  continue;
                T value = x[((n * g.inputSize[0] + r) * g.inputSize[1] + c) *
                                g.channels +
                            ch];
                if (average)
                  folded = folded + value;
                else if (folded < value)
                  folded = value;
                ++count;
              }
            }
            if (average)
              folded = folded / static_cast<T>(count);
            y[((n * shape[1] + row) * shape[2] + column) * g.channels + ch] =
                folded;
          }
    return out;
  });
  if (failed(interp::detail::applyFusedActivation(op, result)))
    return failure();
  results.push_back(std::move(result));
  return success();
}

std::optional<LogicalResult>
sluice::interp::detail::evaluateLinalgOp(Operation *op,
                                         ArrayRef<Tensor> operands,
                                         SmallVectorImpl<Tensor> &results) {
  using Result = std::optional<LogicalResult>;
  return llvm::TypeSwitch<Operation *, Result>(op)
      .Case([&](lite::FullyConnectedOp fc) {
        return evaluateFullyConnected(fc, operands, results);
      })
      .Case([&](lite::BatchMatMulOp matmul) {
        return evaluateBatchMatMul(matmul, operands, results);
      })
      .Case([&](lite::Conv2DOp conv) {
        return evaluateConvolution(conv, operands, 0, results);
      })
      .Case([&](lite::DepthwiseConv2DOp conv) {
        return evaluateConvolution(conv, operands, conv.getDepthMultiplier(),
                                   results);
      })
      .Case([&](lite::MaxPool2DOp pool) {
        return evaluatePool(pool, operands[0], /*average=*/false, results);
      })
      .Case([&](lite::AveragePool2DOp pool) {
        return evaluatePool(pool, operands[0], /*average=*/true, results);
      })
      .Default([](Operation *) { return std::nullopt; });
}
