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

} // namespace sluice::lite::window

#endif // SLUICE_DIALECT_LITE_IR_WINDOWRULES_H
