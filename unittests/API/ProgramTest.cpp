//===- ProgramTest.cpp - the C++ API (sluice::Program) --------------------===//
//
// The API's error channel (text and structured diagnostics with severity and
// location) and its threading contract: Programs loaded separately run on
// different threads at once and each computes its own result.
//
//===----------------------------------------------------------------------===//

#include "sluice/API/Program.h"

#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <vector>

using namespace sluice;

namespace {

const std::string kExamples = std::string(SLUICE_SOURCE_DIR) + "/examples";
const std::string kInputs =
    std::string(SLUICE_SOURCE_DIR) + "/test/Target/GraphDef/Inputs";

TEST(ProgramTest, ErrorsCarryStructuredDiagnostics) {
  ProgramError error;
  // Every node is imported without fetches: `bad` uses an unknown op.
  mlir::FailureOr<Program> program =
      Program::load(kInputs + "/prune.pbtxt", {}, error);
  ASSERT_TRUE(mlir::failed(program));
  ASSERT_EQ(error.entries.size(), 1u);
  const ProgramDiagnostic &entry = error.entries.front();
  EXPECT_EQ(entry.severity, ProgramDiagnostic::Severity::Error);
  EXPECT_EQ(ProgramDiagnostic::getSeverityName(entry.severity), "error");
  EXPECT_EQ(entry.file, kInputs + "/prune.pbtxt");
  EXPECT_EQ(entry.line, 5u);
  EXPECT_GT(entry.column, 0u);
  EXPECT_EQ(entry.message,
            "node 'bad' (NoSuchOp): uses the unknown op 'NoSuchOp'");
  // The text is what the tools print: location, severity, message.
  EXPECT_NE(error.diagnostics.find("prune.pbtxt:5:"), std::string::npos);
  EXPECT_NE(error.diagnostics.find("error: " + entry.message),
            std::string::npos);
}

TEST(ProgramTest, ClearForgetsEntries) {
  ProgramError error;
  (void)Program::load(kInputs + "/prune.pbtxt", {}, error);
  ASSERT_FALSE(error.entries.empty());
  error.clear();
  EXPECT_TRUE(error.entries.empty());
  EXPECT_TRUE(error.diagnostics.empty());
}

TEST(ProgramTest, MissingFileIsAMessageNotADiagnostic) {
  ProgramError error;
  ASSERT_TRUE(
      mlir::failed(Program::load(kInputs + "/no-such-file.pbtxt", {}, error)));
  EXPECT_FALSE(error.getText().empty());
}

/// examples/while_cond.pbtxt on n: (while/Exit, while/Exit_1).
std::vector<int64_t> runWhileCond(Program &program, int32_t n, Engine engine) {
  ProgramError error;
  RunOptions options;
  options.engine = engine;
  interp::Tensor input = interp::Tensor::scalar(interp::DType::Int32, n);
  mlir::FailureOr<llvm::SmallVector<interp::Tensor>> outputs =
      program.run({input}, options, error);
  if (mlir::failed(outputs))
    return {-1, -1};
  std::vector<int64_t> values;
  for (const interp::Tensor &output : *outputs)
    values.push_back(output.getAsInt(0));
  return values;
}

TEST(ProgramTest, SeparatelyLoadedProgramsRunOnTwoThreads) {
  constexpr int kThreads = 2, kRuns = 20;
  // What each run must give, computed first on this thread alone.
  std::vector<std::vector<int64_t>> expected;
  {
    ProgramError error;
    mlir::FailureOr<Program> program =
        Program::load(kExamples + "/while_cond.pbtxt", {}, error);
    ASSERT_TRUE(mlir::succeeded(program)) << error.getText();
    for (int n = 3; n < 3 + kThreads * kRuns; ++n)
      expected.push_back(runWhileCond(*program, n, Engine::Interpreter));
    ASSERT_EQ(expected[7 - 3], (std::vector<int64_t>{7, 9})); // Quickstart.
  }
  std::vector<std::vector<std::vector<int64_t>>> results(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      ProgramError error;
      mlir::FailureOr<Program> program =
          Program::load(kExamples + "/while_cond.pbtxt", {}, error);
      if (mlir::failed(program))
        return;
      for (int i = 0; i < kRuns; ++i)
        results[t].push_back(
            runWhileCond(*program, 3 + t * kRuns + i,
                         i % 2 ? Engine::Native : Engine::Interpreter));
    });
  for (std::thread &thread : threads)
    thread.join();
  for (int t = 0; t < kThreads; ++t) {
    ASSERT_EQ(results[t].size(), static_cast<size_t>(kRuns));
    for (int i = 0; i < kRuns; ++i) {
      EXPECT_EQ(results[t][i], expected[t * kRuns + i])
          << "thread " << t << " run " << i;
    }
  }
}
} // namespace

namespace {

/// examples/while_cond.pbtxt partitioned over `ranks` with `placement`
/// (lifted or not) and run on n with the ranks as threads.
std::vector<int64_t> runWhileCondOnRanks(int64_t ranks,
                                         const std::string &placement,
                                         uint64_t seed, bool lifted, int32_t n,
                                         std::string &mlir) {
  ProgramError error;
  mlir::FailureOr<Program> program =
      Program::load(kExamples + "/while_cond.pbtxt", {}, error);
  if (mlir::failed(program))
    return {-1};
  PartitionOptions partition;
  partition.numRanks = ranks;
  partition.placement = placement;
  partition.seed = seed;
  partition.lifted = lifted;
  if (mlir::failed(program->partition(partition, error)))
    return {-2};
  mlir = program->getMLIR();
  interp::Tensor input = interp::Tensor::scalar(interp::DType::Int32, n);
  RunOptions options;
  mlir::FailureOr<llvm::SmallVector<interp::Tensor>> outputs =
      program->runRanks({input}, options, ranks, error);
  if (mlir::failed(outputs))
    return {-3};
  std::vector<int64_t> values;
  for (const interp::Tensor &output : *outputs)
    values.push_back(output.getAsInt(0));
  return values;
}

} // namespace

// Program::partition, lifted (-lite-partition) or as executor graphs, and
// Program::runRanks give the single-process results for every placement.
TEST(ProgramTest, PartitionedRunsAgree) {
  ProgramError error;
  mlir::FailureOr<Program> program =
      Program::load(kExamples + "/while_cond.pbtxt", {}, error);
  ASSERT_TRUE(mlir::succeeded(program)) << error.getText();
  for (int32_t n : {0, 1, 7}) {
    std::vector<int64_t> expected =
        runWhileCond(*program, n, Engine::Interpreter);
    for (int64_t ranks : {2, 3})
      for (uint64_t seed : {1, 2, 3})
        for (bool lifted : {false, true}) {
          std::string mlir;
          EXPECT_EQ(runWhileCondOnRanks(ranks, "random", seed, lifted, n, mlir),
                    expected)
              << "n=" << n << " ranks=" << ranks << " seed=" << seed
              << (lifted ? " lifted" : " executor");
          // The lifted partition's messages are lite ops; the executor's
          // are executor ops.
          EXPECT_NE(mlir.find(lifted ? "lite.while" : "executor.graph"),
                    std::string::npos);
        }
  }
}

// Native code sends with MPI: runRanks (threads) refuses it.
TEST(ProgramTest, RunRanksRefusesNativeCode) {
  ProgramError error;
  mlir::FailureOr<Program> program =
      Program::load(kExamples + "/while_cond.pbtxt", {}, error);
  ASSERT_TRUE(mlir::succeeded(program)) << error.getText();
  PartitionOptions partition;
  partition.lifted = true;
  ASSERT_TRUE(mlir::succeeded(program->partition(partition, error)))
      << error.getText();
  RunOptions options;
  options.engine = Engine::Native;
  interp::Tensor input = interp::Tensor::scalar(interp::DType::Int32, 3);
  EXPECT_TRUE(mlir::failed(program->runRanks({input}, options, 2, error)));
  EXPECT_NE(error.getText().find("native code sends with MPI"),
            std::string::npos)
      << error.getText();
}
