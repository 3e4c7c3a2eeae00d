//===- TestPasses.h - Sluice's test passes ----------------------*- C++ -*-===//
//
// Declares the test passes of test/lib (TestPasses.td) and their
// registration, for sluice-opt.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_TEST_LIB_TESTPASSES_H
#define SLUICE_TEST_LIB_TESTPASSES_H

#include "sluice/Dialect/Executor/IR/ExecutorDialect.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace sluice::test {

#define GEN_PASS_DECL
#include "TestPasses.h.inc"

#define GEN_PASS_REGISTRATION
#include "TestPasses.h.inc"

} // namespace sluice::test

#endif // SLUICE_TEST_LIB_TESTPASSES_H
