//===- RunSource.h - run a snippet of MLIR in the interpreter ---*- C++ -*-===//
//
// Test helper: parses MLIR source, runs its @main with the reference
// interpreter and returns the results, or the diagnostics it produced.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_UNITTESTS_INTERPRETER_RUNSOURCE_H
#define SLUICE_UNITTESTS_INTERPRETER_RUNSOURCE_H

#include "sluice/Interpreter/Interpreter.h"

#include <string>
#include <vector>

namespace sluice::interp::test {

struct RunResult {
  bool ok = false;
  llvm::SmallVector<Tensor> results;
  /// Every diagnostic emitted (parse, verify or run), one per line.
  std::string diagnostics;
};

/// Parses `source`, verifies it and runs its function `@main` on `args`.
RunResult runSource(llvm::StringRef source, llvm::ArrayRef<Tensor> args = {},
                    const InterpreterOptions &options = {});

/// Shorthand tensor builders.
Tensor f32(llvm::ArrayRef<int64_t> shape, llvm::ArrayRef<float> values);
Tensor f64(llvm::ArrayRef<int64_t> shape, llvm::ArrayRef<double> values);
Tensor i32(llvm::ArrayRef<int64_t> shape, llvm::ArrayRef<int32_t> values);
Tensor i64(llvm::ArrayRef<int64_t> shape, llvm::ArrayRef<int64_t> values);
Tensor i8(llvm::ArrayRef<int64_t> shape, llvm::ArrayRef<int8_t> values);
Tensor u8(llvm::ArrayRef<int64_t> shape, llvm::ArrayRef<uint8_t> values);
Tensor boolean(llvm::ArrayRef<int64_t> shape, llvm::ArrayRef<bool> values);

/// "float32[2, 2]{1, 2, 3, 4}": for readable test failure messages.
std::string toString(const Tensor &tensor);

} // namespace sluice::interp::test

#endif // SLUICE_UNITTESTS_INTERPRETER_RUNSOURCE_H
