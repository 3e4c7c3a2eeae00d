//===- StridedSliceAxes.cpp - a strided_slice's entries as axes -----------===//

#include "sluice/Dialect/Lite/IR/StridedSliceAxes.h"

using namespace mlir;

namespace sluice::lite {

/// Bit `i` of a mask; bits beyond 31 are clear.
static bool maskBit(int32_t mask, int64_t i) {
  return i < 32 && ((static_cast<uint32_t>(mask) >> i) & 1u);
}

StridedSliceEntryCounts countStridedSliceEntries(StridedSliceOpAdaptor op,
                                                 int64_t count) {
  StridedSliceEntryCounts counts;
  for (int64_t i = 0; i < count; ++i) {
    if (maskBit(op.getEllipsisMask(), i))
      ++counts.ellipses;
    else if (!maskBit(op.getNewAxisMask(), i))
      ++counts.indexed;
  }
  return counts;
}

SmallVector<StridedSliceAxis>
expandStridedSliceAxes(StridedSliceOpAdaptor op, int64_t count, int64_t rank) {
  StridedSliceEntryCounts counts = countStridedSliceEntries(op, count);
  assert(counts.ellipses <= 1 && counts.indexed <= rank &&
         "callers check the entries first");
  int64_t covered = rank - counts.indexed;
  SmallVector<StridedSliceAxis> axes;
  for (int64_t i = 0; i < count; ++i) {
    if (maskBit(op.getEllipsisMask(), i)) {
      axes.append(covered, StridedSliceAxis());
      continue;
    }
    StridedSliceAxis axis;
    axis.entry = i;
    axis.newAxis = maskBit(op.getNewAxisMask(), i);
    axis.beginMask = maskBit(op.getBeginMask(), i);
    axis.endMask = maskBit(op.getEndMask(), i);
    axis.shrink = maskBit(op.getShrinkAxisMask(), i);
    axes.push_back(axis);
  }
  if (counts.ellipses == 0)
    axes.append(covered, StridedSliceAxis());
  return axes;
}

} // namespace sluice::lite
