//===- ExecutorDialect.cpp - executor dialect registration ----------------===//
//
// Registers the executor dialect's ops and types.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Executor/IR/ExecutorDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "sluice/Dialect/Executor/IR/ExecutorOps.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace sluice::executor;

#include "sluice/Dialect/Executor/IR/ExecutorDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "sluice/Dialect/Executor/IR/ExecutorTypes.cpp.inc"

void ExecutorDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "sluice/Dialect/Executor/IR/ExecutorTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "sluice/Dialect/Executor/IR/ExecutorOps.cpp.inc"
      >();
}
