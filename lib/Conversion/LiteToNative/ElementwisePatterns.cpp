//===- ElementwisePatterns.cpp - lowering of lite elementwise ops ------------------===//
//
// TODO(helper): lowering patterns.
//
//===----------------------------------------------------------------------===//

#include "sluice/Conversion/LiteToNative/LiteToNative.h"

using namespace mlir;

namespace sluice::lite_to_native {

void populateElementwisePatterns(const TypeConverter &converter, RewritePatternSet &patterns) {}

} // namespace sluice::lite_to_native
