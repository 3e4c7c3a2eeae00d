//===- ShapePatterns.cpp - lowering of lite shape ops ------------------===//
//
// TODO(helper): lowering patterns.
//
//===----------------------------------------------------------------------===//

#include "sluice/Conversion/LiteToNative/LiteToNative.h"

using namespace mlir;

namespace sluice::lite_to_native {

void populateShapePatterns(const TypeConverter &converter, RewritePatternSet &patterns) {}

} // namespace sluice::lite_to_native
