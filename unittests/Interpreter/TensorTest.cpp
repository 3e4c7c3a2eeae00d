//===- TensorTest.cpp - interpreter tensors and their JSON form -----------===//

#include "RunSource.h"
#include "sluice/Kernels/TensorIO.h"

#include "gtest/gtest.h"

using namespace sluice::interp;
using namespace sluice::interp::test;

TEST(Tensor, ZeroFilledAndShaped) {
  Tensor t(DType::Int32, {2, 3});
  EXPECT_EQ(t.getNumElements(), 6);
  EXPECT_EQ(t.getRank(), 2);
  for (int32_t v : t.values<int32_t>())
    EXPECT_EQ(v, 0);
  Tensor empty(DType::Float32, {0, 4});
  EXPECT_EQ(empty.getNumElements(), 0);
}

TEST(Tensor, StridesAreRowMajor) {
  EXPECT_EQ(getStrides({2, 3, 4}), (llvm::SmallVector<int64_t, 4>{12, 4, 1}));
  EXPECT_TRUE(getStrides({}).empty());
}

TEST(TensorJSON, RoundTripsEveryDType) {
  std::vector<Tensor> tensors = {boolean({2}, {true, false}),
                                 i8({2}, {-128, 127}),
                                 u8({2}, {0, 255}),
                                 i32({2, 1}, {-5, 7}),
                                 i64({1}, {int64_t(1) << 40}),
                                 f32({}, {1.5f}),
                                 f64({3}, {0.1, -2, 1e300})};
  for (const Tensor &t : tensors) {
    llvm::json::Value json(tensorToJSON(t));
    std::string error;
    auto back = tensorFromJSON(json, t.getDType(), t.getShape(), error);
    ASSERT_TRUE(mlir::succeeded(back)) << error;
    EXPECT_TRUE(*back == t) << toString(t) << " vs " << toString(*back);
  }
}

TEST(TensorJSON, NonFiniteFloatsAreStrings) {
  Tensor t = f32({3}, {NAN, INFINITY, -INFINITY});
  std::string text;
  llvm::raw_string_ostream(text) << llvm::json::Value(tensorToJSON(t));
  EXPECT_NE(text.find("\"nan\""), std::string::npos) << text;
  EXPECT_NE(text.find("\"-inf\""), std::string::npos) << text;
}

TEST(TensorJSON, PlainNestedArraysTakeTheirShape) {
  auto json = llvm::json::parse("[[1, 2, 3], [4, 5, 6]]");
  ASSERT_TRUE(bool(json));
  std::string error;
  auto t = tensorFromJSON(*json, DType::Int32, std::nullopt, error);
  ASSERT_TRUE(mlir::succeeded(t)) << error;
  EXPECT_EQ(t->getShape(), llvm::ArrayRef<int64_t>({2, 3}));
  EXPECT_EQ(t->values<int32_t>()[5], 6);
}

TEST(TensorJSON, MismatchesAreReported) {
  std::string error;
  auto ragged = llvm::json::parse("[[1, 2], [3]]");
  EXPECT_TRUE(
      mlir::failed(tensorFromJSON(*ragged, DType::Int32, std::nullopt, error)));
  EXPECT_NE(error.find("ragged"), std::string::npos);

  auto wrongDType =
      llvm::json::parse(R"({"dtype": "float32", "shape": [1], "data": [1]})");
  EXPECT_TRUE(mlir::failed(
      tensorFromJSON(*wrongDType, DType::Int32, std::nullopt, error)));
  EXPECT_NE(error.find("float32"), std::string::npos);

  auto count = llvm::json::parse(R"({"shape": [2, 2], "data": [1, 2, 3]})");
  EXPECT_TRUE(
      mlir::failed(tensorFromJSON(*count, DType::Int32, std::nullopt, error)));
  EXPECT_NE(error.find("3 values"), std::string::npos) << error;

  auto fraction = llvm::json::parse("[1.5]");
  EXPECT_TRUE(mlir::failed(
      tensorFromJSON(*fraction, DType::Int32, std::nullopt, error)));

  int64_t expected[] = {3};
  auto shape = llvm::json::parse("[1, 2]");
  EXPECT_TRUE(mlir::failed(
      tensorFromJSON(*shape, DType::Int32, llvm::ArrayRef(expected), error)));
  EXPECT_NE(error.find("expects [3]"), std::string::npos) << error;
}
