//===- WindowRules.h - where convolution and pooling windows lie -*- C++
//-*-===//
//
// The arithmetic of 2-D windows (lite.conv_2d, depthwise_conv_2d,
// max_pool_2d, average_pool_2d), defined once as TF and TFLite define it:
//
//   effective filter  f' = (f - 1) * dilation + 1
//   VALID             out = (in - f' + stride) / stride (C's division,
//                     toward zero), no padding; out < 0 is an error (TF:
//                     "Computed output size would be negative"), so a window
//                     up to stride - 1 larger than the input gives no output
//   SAME              out = ceil(in / stride); the padding needed,
//                     max((out - 1) * stride + f' - in, 0), is split with
//                     the smaller half before:
//
//        before                in                   after
//       |0 0 0|x x x x x x x x x x x x x x x x x x|0 0 0 0|
//       window k reads padded positions [k * stride, k * stride + f')
//
// The shape rules, the reference kernels and the TFLite importer compute
// with these functions; the native lowering emits the same arithmetic on
// index values (lib/Conversion/LiteToLinalg/WindowPatterns.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_LITE_IR_WINDOWRULES_H
#define SLUICE_DIALECT_LITE_IR_WINDOWRULES_H

#include <algorithm>
#include <cstdint>
#include <optional>

namespace sluice::lite::window {

/// Where the windows along one dimension lie.
struct Placement {
  /// The number of window positions (output size).
  int64_t outputSize;
  /// The padding before the input (SAME only; VALID's is 0).
  int64_t paddingBefore;
};

/// The extent a filter of `filterSize` taps covers with `dilation`.
inline int64_t effectiveFilterSize(int64_t filterSize, int64_t dilation) {
  return (filterSize - 1) * dilation + 1;
}

/// The windows over `inputSize` elements; none (an error) when VALID gives
/// a negative output size. All arguments but `inputSize` are positive.
inline std::optional<Placement> placeWindows(int64_t inputSize,
                                             int64_t filterSize, int64_t stride,
                                             int64_t dilation, bool same) {
  int64_t extent = effectiveFilterSize(filterSize, dilation);
  if (!same) {
    int64_t outputSize = (inputSize - extent + stride) / stride;
    if (outputSize < 0)
      return std::nullopt;
    return Placement{outputSize, 0};
  }
  int64_t outputSize = (inputSize + stride - 1) / stride;
  int64_t padding =
      std::max<int64_t>((outputSize - 1) * stride + extent - inputSize, 0);
  return Placement{outputSize, padding / 2};
}

/// One spatial dimension of a convolution with its padding on both sides:
/// what its gradients (the transposed convolution, the filter's gradient)
/// need.
struct PaddedDimension {
  int64_t inputSize, filterSize, outputSize;
  int32_t stride, dilation;
  int64_t paddingBefore, paddingAfter;
};

/// `placeWindows` with SAME's padding after the input too (the rest of
/// the padding needed; VALID pads nothing).
inline std::optional<PaddedDimension>
padDimension(int64_t inputSize, int64_t filterSize, int32_t stride,
             int32_t dilation, bool same) {
  std::optional<Placement> placed =
      placeWindows(inputSize, filterSize, stride, dilation, same);
  if (!placed)
    return std::nullopt;
  int64_t after = 0;
  if (same)
    after = std::max<int64_t>((placed->outputSize - 1) * stride +
                                  effectiveFilterSize(filterSize, dilation) -
                                  inputSize,
                              0) -
            placed->paddingBefore;
  return PaddedDimension{inputSize, filterSize, placed->outputSize,
                         stride,    dilation,   placed->paddingBefore,
                         after};
}

/// The dimension with explicit padding (TF's EXPLICIT): VALID windows over
/// the padded input; none when the output size would be negative.
inline std::optional<PaddedDimension>
padDimensionExplicitly(int64_t inputSize, int64_t filterSize, int32_t stride,
                       int32_t dilation, int64_t before, int64_t after) {
  std::optional<Placement> placed = placeWindows(
      inputSize + before + after, filterSize, stride, dilation, false);
  if (!placed)
    return std::nullopt;
  return PaddedDimension{inputSize, filterSize, placed->outputSize,
                         stride,    dilation,   before,
                         after};
}

} // namespace sluice::lite::window

#endif // SLUICE_DIALECT_LITE_IR_WINDOWRULES_H
