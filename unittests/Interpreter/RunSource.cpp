//===- RunSource.cpp - run a snippet of MLIR in the interpreter -----------===//
//
// The helpers RunSource.h declares for the interpreter tests.
//
//===----------------------------------------------------------------------===//

#include "RunSource.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Parser/Parser.h"
#include "sluice/Dialect/Executor/IR/ExecutorDialect.h"
#include "sluice/Dialect/Lite/IR/LiteDialect.h"

#include <cmath>

using namespace mlir;
using namespace sluice::interp;

test::RunResult test::runSource(StringRef source, ArrayRef<Tensor> args,
                                const InterpreterOptions &options) {
  MLIRContext context;
  context.loadDialect<func::FuncDialect, sluice::lite::LiteDialect,
                      sluice::executor::ExecutorDialect>();
  RunResult result;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    result.diagnostics += diag.str() + "\n";
    return success();
  });
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(source, &context);
  if (!module)
    return result;
  auto main = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
      *module, StringAttr::get(&context, "main"));
  if (!main) {
    result.diagnostics += "no @main\n";
    return result;
  }
  FailureOr<SmallVector<Tensor>> outputs = runFunction(main, args, options);
  if (failed(outputs))
    return result;
  result.ok = true;
  result.results = std::move(*outputs);
  return result;
}

Tensor test::f32(ArrayRef<int64_t> shape, ArrayRef<float> values) {
  return Tensor::fromValues(DType::Float32, shape, values);
}
Tensor test::f64(ArrayRef<int64_t> shape, ArrayRef<double> values) {
  return Tensor::fromValues(DType::Float64, shape, values);
}
Tensor test::i32(ArrayRef<int64_t> shape, ArrayRef<int32_t> values) {
  return Tensor::fromValues(DType::Int32, shape, values);
}
Tensor test::i64(ArrayRef<int64_t> shape, ArrayRef<int64_t> values) {
  return Tensor::fromValues(DType::Int64, shape, values);
}
Tensor test::i8(ArrayRef<int64_t> shape, ArrayRef<int8_t> values) {
  return Tensor::fromValues(DType::Int8, shape, values);
}
Tensor test::u8(ArrayRef<int64_t> shape, ArrayRef<uint8_t> values) {
  return Tensor::fromValues(DType::UInt8, shape, values);
}
Tensor test::boolean(ArrayRef<int64_t> shape, ArrayRef<bool> values) {
  return Tensor::fromValues(DType::Bool, shape, values);
}

std::string test::toString(const Tensor &tensor) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << describe(tensor) << "{";
  for (int64_t i = 0, e = tensor.getNumElements(); i < e; ++i) {
    if (i)
      os << ", ";
    if (isFloat(tensor.getDType()))
      os << tensor.getAsDouble(i);
    else
      os << tensor.getAsInt(i);
  }
  os << "}";
  return s;
}

::testing::AssertionResult test::sameTensor(const Tensor &actual,
                                            const Tensor &expected) {
  bool same = actual.getDType() == expected.getDType() &&
              actual.getShape() == expected.getShape();
  for (int64_t i = 0; same && i < actual.getNumElements(); ++i) {
    if (isFloat(actual.getDType())) {
      double a = actual.getAsDouble(i), e = expected.getAsDouble(i);
      same = (std::isnan(a) && std::isnan(e)) || a == e;
    } else {
      same = actual.getAsInt(i) == expected.getAsInt(i);
    }
  }
  if (same)
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << "got " << toString(actual) << ", expected " << toString(expected);
}

void test::expectResults(StringRef source, ArrayRef<Tensor> args,
                         ArrayRef<Tensor> expected) {
  RunResult run = runSource(source, args);
  ASSERT_TRUE(run.ok) << run.diagnostics << "in\n" << source.str();
  ASSERT_EQ(run.results.size(), expected.size());
  for (size_t i = 0; i < expected.size(); ++i)
    EXPECT_TRUE(sameTensor(run.results[i], expected[i]))
        << "result #" << i << " in\n"
        << source.str();
}

void test::expectResult(StringRef source, ArrayRef<Tensor> args,
                        const Tensor &expected) {
  expectResults(source, args, {expected});
}

void test::expectError(StringRef source, ArrayRef<Tensor> args,
                       StringRef message) {
  RunResult run = runSource(source, args);
  EXPECT_FALSE(run.ok) << "in\n" << source.str();
  EXPECT_NE(run.diagnostics.find(message.str()), std::string::npos)
      << "diagnostics:\n"
      << run.diagnostics << "expected to contain: " << message.str();
}

std::string test::binary(StringRef op, StringRef lhs, StringRef rhs,
                         StringRef result, StringRef attrs) {
  std::string signature =
      "(" + lhs.str() + ", " + rhs.str() + ") -> " + result.str();
  return "func.func @main(%a: " + lhs.str() + ", %b: " + rhs.str() + ") -> " +
         result.str() + " {\n  %0 = lite." + op.str() + " %a, %b " +
         attrs.str() + " : " + signature + "\n  return %0 : " + result.str() +
         "\n}\n";
}
