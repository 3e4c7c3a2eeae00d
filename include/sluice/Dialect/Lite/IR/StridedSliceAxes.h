//===- StridedSliceAxes.h - a strided_slice's entries as axes ---*- C++ -*-===//
//
// How the begin/end/strides entries of a lite.strided_slice map to the
// dimensions it produces, once the ellipsis (explicit, or implicit at the
// end) is expanded into whole dimensions and new-axis entries into size-1
// ones, as TensorFlow and TFLite do. Shared by the reference kernel, shape
// inference and the native lowering, which then read the entries' values
// their own way (constants, possibly unknown values, run-time values).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_LITE_IR_STRIDEDSLICEAXES_H
#define SLUICE_DIALECT_LITE_IR_STRIDEDSLICEAXES_H

#include "sluice/Dialect/Lite/IR/LiteOps.h"

namespace sluice::lite {

/// One dimension of a strided slice: a new size-1 dimension of the result,
/// or one of the input, read by entry `entry` of begin/end/strides with the
/// mask bits of that entry, or whole (`entry` -1: covered by an ellipsis).
struct StridedSliceAxis {
  bool newAxis = false;
  int64_t entry = -1;
  bool beginMask = true, endMask = true, shrink = false;
};

/// The entries of `op` (of `count`, the length of begin/end/strides) that
/// are ellipses, and those that index a dimension of the input (neither an
/// ellipsis nor a new axis). Mask bits beyond the entries are ignored.
struct StridedSliceEntryCounts {
  int64_t ellipses = 0;
  int64_t indexed = 0;
};
StridedSliceEntryCounts countStridedSliceEntries(StridedSliceOpAdaptor op,
                                                 int64_t count);

/// The axes of `op` over an input of rank `rank`; needs at most one
/// ellipsis and at most `rank` indexed entries (countStridedSliceEntries),
/// which callers check with their own diagnostics. An ellipsis may cover no
/// dimension.
llvm::SmallVector<StridedSliceAxis>
expandStridedSliceAxes(StridedSliceOpAdaptor op, int64_t count, int64_t rank);

} // namespace sluice::lite

#endif // SLUICE_DIALECT_LITE_IR_STRIDEDSLICEAXES_H
