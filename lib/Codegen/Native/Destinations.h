//===- Destinations.h - which tensor an op wrote its result over -*- C++
//-*-===//
//
// Internal to lib/Codegen/Native. Before one-shot bufferization, a
// tensor result that an op computes "into" another tensor (its destination)
// ends up in that tensor's buffer. The passes that choose buffers for loop
// state and branch results (LoopStateInPlace, IfDestinations) follow results
// back to the destination they were written over.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_CONVERSION_LITETONATIVE_DESTINATIONS_H
#define SLUICE_LIB_CONVERSION_LITETONATIVE_DESTINATIONS_H

#include "mlir/IR/Value.h"

namespace sluice::lite_to_native {

/// The operand holding the tensor `value`'s defining op wrote it over: the
/// tied init of a destination-style op with tensor semantics, or the init
/// of an scf.for result its body carries unchanged (a vectorised product:
/// fill, then a k-loop, then a transfer_write). Null for any other value.
mlir::OpOperand *getOverwrittenOperand(mlir::Value value);

/// Whether `destination` holds a tensor.empty of type `type` that nothing
/// else uses: whatever writes it may write any buffer of that type.
bool isFreshDestination(mlir::OpOperand &destination, mlir::Type type);

/// Follows `value` back through getOverwrittenOperand, staying within
/// `scope`, to the tensor.empty it was first written into: that
/// tensor.empty's use, when it has type `type` and no other use. Null when
/// the chain ends otherwise.
mlir::OpOperand *getFreshDestination(mlir::Value value, mlir::Region &scope,
                                     mlir::Type type);

} // namespace sluice::lite_to_native

#endif // SLUICE_LIB_CONVERSION_LITETONATIVE_DESTINATIONS_H
