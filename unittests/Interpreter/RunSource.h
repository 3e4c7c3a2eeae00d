//===- RunSource.h - run a snippet of MLIR in the interpreter ---*- C++ -*-===//
//
// Test helpers: parses MLIR source, runs its @main with the reference
// interpreter and returns the results, or the diagnostics it produced; on
// top of that, tensor builders, the expectations the interpreter tests share
// and a builder for one-op MLIR functions.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_UNITTESTS_INTERPRETER_RUNSOURCE_H
#define SLUICE_UNITTESTS_INTERPRETER_RUNSOURCE_H

#include "sluice/Interpreter/Interpreter.h"

#include "gtest/gtest.h"

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

/// Same dtype, shape and values; NaN matches NaN.
::testing::AssertionResult sameTensor(const Tensor &actual,
                                      const Tensor &expected);

/// Runs `source` on `args`; expects success with exactly `expected`.
void expectResults(llvm::StringRef source, llvm::ArrayRef<Tensor> args,
                   llvm::ArrayRef<Tensor> expected);
/// Runs `source` on `args`; expects success with `expected` as its only
/// result.
void expectResult(llvm::StringRef source, llvm::ArrayRef<Tensor> args,
                  const Tensor &expected);

/// Runs `source` on `args`; expects failure with a diagnostic containing
/// `message`.
void expectError(llvm::StringRef source, llvm::ArrayRef<Tensor> args,
                 llvm::StringRef message);

/// A function @main(%a: lhs, %b: rhs) -> result returning
/// `%0 = lite.<op> %a, %b {attrs} : (lhs, rhs) -> result`.
std::string binary(llvm::StringRef op, llvm::StringRef lhs, llvm::StringRef rhs,
                   llvm::StringRef result, llvm::StringRef attrs = "");

} // namespace sluice::interp::test

#endif // SLUICE_UNITTESTS_INTERPRETER_RUNSOURCE_H
