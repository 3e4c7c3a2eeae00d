//===- EntryPointsTest.cpp - the C ABI of natively compiled models --------===//
//
// Tests of sluice/Codegen/Native/EntryPoints.h and
// sluice/Target/Native/CHeader.h: the C identifiers made from the program's
// names, the C types of element types, the entry points collected from a
// module (names, unique identifiers, the status buffer and private functions
// skipped, the signatures rejected with a diagnostic) and the header that
// declares them.
//
//===----------------------------------------------------------------------===//

#include "sluice/Codegen/Native/EntryPoints.h"
#include "sluice/Target/Native/CHeader.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <string>

using namespace mlir;
using namespace sluice;

namespace {

/// Parses MLIR source and collects its entry points, keeping the
/// diagnostics emitted on the way.
class EntryPointsTest : public ::testing::Test {
protected:
  EntryPointsTest() {
    context.loadDialect<func::FuncDialect>();
    // Results are produced by "test.op"s.
    context.allowUnregisteredDialects();
  }

  /// Parses `source`; fails the test (and returns null) if it does not parse.
  ModuleOp parse(llvm::StringRef source) {
    module = parseSourceString<ModuleOp>(source, &context);
    EXPECT_TRUE(module) << "does not parse:\n" << source.str();
    return module ? *module : nullptr;
  }

  /// collectEntryPoints on `source` with `prefix`, diagnostics in
  /// `diagnostics`.
  FailureOr<llvm::SmallVector<CEntryPoint>>
  collect(llvm::StringRef source, llvm::StringRef prefix = "model") {
    ModuleOp parsed = parse(source);
    if (!parsed)
      return failure();
    ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
      diagnostics += diag.str() + "\n";
      return success();
    });
    return collectEntryPoints(parsed, prefix);
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
  std::string diagnostics;
};

/// The number of times `needle` occurs in `text`.
size_t countOccurrences(llvm::StringRef text, llvm::StringRef needle) {
  size_t count = 0;
  for (size_t at = text.find(needle); at != llvm::StringRef::npos;
       at = text.find(needle, at + needle.size()))
    ++count;
  return count;
}

//===----------------------------------------------------------------------===//
// makeCIdentifier
//===----------------------------------------------------------------------===//

TEST(MakeCIdentifierTest, KeepsIdentifiers) {
  EXPECT_EQ(makeCIdentifier("x"), "x");
  EXPECT_EQ(makeCIdentifier("input_1"), "input_1");
  EXPECT_EQ(makeCIdentifier("_Tmp9"), "_Tmp9");
}

TEST(MakeCIdentifierTest, ReplacesPunctuation) {
  // TensorFlow tensor names: "op:output", scopes with '/'.
  EXPECT_EQ(makeCIdentifier("input:0"), "input_0");
  EXPECT_EQ(makeCIdentifier("while/body/add-1.x"), "while_body_add_1_x");
  EXPECT_EQ(makeCIdentifier("a b"), "a_b");
  // Every byte of a non-ASCII character.
  EXPECT_EQ(makeCIdentifier("t\xC3\xA9"), "t__");
}

TEST(MakeCIdentifierTest, LeadingDigit) {
  EXPECT_EQ(makeCIdentifier("0"), "_0");
  EXPECT_EQ(makeCIdentifier("3d_conv"), "_3d_conv");
  // Punctuation first is replaced, not prefixed.
  EXPECT_EQ(makeCIdentifier(":0"), "_0");
}

TEST(MakeCIdentifierTest, Empty) { EXPECT_EQ(makeCIdentifier(""), "_"); }

//===----------------------------------------------------------------------===//
// getCElementType
//===----------------------------------------------------------------------===//

TEST(GetCElementTypeTest, Types) {
  MLIRContext context;
  Builder b(&context);
  EXPECT_EQ(getCElementType(b.getI1Type()).str(), "bool");
  EXPECT_EQ(getCElementType(b.getIntegerType(8, /*isSigned=*/false)).str(),
            "uint8_t");
  EXPECT_EQ(getCElementType(b.getI8Type()).str(), "int8_t");
  EXPECT_EQ(getCElementType(b.getI16Type()).str(), "int16_t");
  EXPECT_EQ(getCElementType(b.getI32Type()).str(), "int32_t");
  EXPECT_EQ(getCElementType(b.getIntegerType(32, /*isSigned=*/true)).str(),
            "int32_t");
  EXPECT_EQ(getCElementType(b.getIntegerType(32, /*isSigned=*/false)).str(),
            "uint32_t");
  EXPECT_EQ(getCElementType(b.getI64Type()).str(), "int64_t");
  EXPECT_EQ(getCElementType(b.getIntegerType(64, /*isSigned=*/false)).str(),
            "uint64_t");
  EXPECT_EQ(getCElementType(b.getF32Type()).str(), "float");
  EXPECT_EQ(getCElementType(b.getF64Type()).str(), "double");
}

TEST(GetCElementTypeTest, NoCType) {
  MLIRContext context;
  Builder b(&context);
  EXPECT_EQ(getCElementType(b.getF16Type()).str(), "");
  EXPECT_EQ(getCElementType(b.getBF16Type()).str(), "");
  EXPECT_EQ(getCElementType(b.getIntegerType(4)).str(), "");
  EXPECT_EQ(getCElementType(b.getIndexType()).str(), "");
}

//===----------------------------------------------------------------------===//
// collectEntryPoints
//===----------------------------------------------------------------------===//

TEST_F(EntryPointsTest, NamesAndShapes) {
  auto entries = collect(R"mlir(
    func.func @main(%x: tensor<4xf32> {sluice.name = "input:0"},
                    %n: tensor<?x3xi32>)
        -> (tensor<2xf32> {sluice.name = "out/sum"}, tensor<i1>) {
      %0 = "test.op"() : () -> tensor<2xf32>
      %1 = "test.op"() : () -> tensor<i1>
      return %0, %1 : tensor<2xf32>, tensor<i1>
    }
  )mlir");
  ASSERT_TRUE(succeeded(entries)) << diagnostics;
  ASSERT_EQ(entries->size(), 1u);
  const CEntryPoint &entry = entries->front();
  EXPECT_EQ(entry.functionName, "main");
  EXPECT_EQ(entry.symbol, "model_main");
  ASSERT_EQ(entry.inputs.size(), 2u);
  EXPECT_EQ(entry.inputs[0].name, "input:0");
  EXPECT_EQ(entry.inputs[0].identifier, "input_0");
  EXPECT_FALSE(entry.inputs[0].hasDynamicShape());
  EXPECT_TRUE(entry.inputs[0].type ==
              RankedTensorType::get({4}, Float32Type::get(&context)));
  // Without sluice.name, arguments are arg<i> and results output<i>.
  EXPECT_EQ(entry.inputs[1].name, "arg1");
  EXPECT_EQ(entry.inputs[1].identifier, "arg1");
  EXPECT_TRUE(entry.inputs[1].hasDynamicShape());
  EXPECT_TRUE(entry.inputs[1].type.getElementType().isInteger(32));
  ASSERT_EQ(entry.outputs.size(), 2u);
  EXPECT_EQ(entry.outputs[0].name, "out/sum");
  EXPECT_EQ(entry.outputs[0].identifier, "out_sum");
  EXPECT_EQ(entry.outputs[1].name, "output1");
  EXPECT_EQ(entry.outputs[1].identifier, "output1");
  EXPECT_EQ(entry.outputs[1].type.getRank(), 0);
}

TEST_F(EntryPointsTest, SymbolFromPrefix) {
  auto entries = collect(R"mlir(
    func.func @main() { return }
  )mlir",
                         "my-model.v2");
  ASSERT_TRUE(succeeded(entries)) << diagnostics;
  ASSERT_EQ(entries->size(), 1u);
  EXPECT_EQ(entries->front().symbol, "my_model_v2_main");
  EXPECT_TRUE(entries->front().inputs.empty());
  EXPECT_TRUE(entries->front().outputs.empty());
}

TEST_F(EntryPointsTest, UniqueIdentifiers) {
  // Three names that make the same C identifier, across inputs and outputs,
  // and one that happens to be the suffixed form already taken.
  auto entries = collect(R"mlir(
    func.func @f(%a: tensor<2xf32> {sluice.name = "a.b"},
                 %b: tensor<2xf32> {sluice.name = "a:b"},
                 %c: tensor<2xf32> {sluice.name = "a_b_1"})
        -> (tensor<2xf32> {sluice.name = "a/b"}) {
      return %a : tensor<2xf32>
    }
  )mlir");
  ASSERT_TRUE(succeeded(entries)) << diagnostics;
  ASSERT_EQ(entries->size(), 1u);
  const CEntryPoint &entry = entries->front();
  ASSERT_EQ(entry.inputs.size(), 3u);
  ASSERT_EQ(entry.outputs.size(), 1u);
  // The program's names are kept; only identifiers are made unique.
  EXPECT_EQ(entry.inputs[0].name, "a.b");
  EXPECT_EQ(entry.inputs[1].name, "a:b");
  EXPECT_EQ(entry.outputs[0].name, "a/b");
  EXPECT_EQ(entry.inputs[0].identifier, "a_b");
  EXPECT_EQ(entry.inputs[1].identifier, "a_b_1");
  EXPECT_EQ(entry.inputs[2].identifier, "a_b_1_1");
  EXPECT_EQ(entry.outputs[0].identifier, "a_b_2");
}

TEST_F(EntryPointsTest, DimsCompanionsAndKeywordsReserved) {
  // A dynamic input `x` takes `x_dims` too: a later `x_dims` moves aside, and
  // an earlier `y_dims` moves the dynamic `y` aside. C keywords are never
  // identifiers.
  auto entries = collect(R"mlir(
    func.func @f(%x: tensor<?xf32> {sluice.name = "x"},
                 %a: tensor<2xf32> {sluice.name = "x_dims"},
                 %b: tensor<2xf32> {sluice.name = "y_dims"},
                 %y: tensor<?xf32> {sluice.name = "y"})
        -> (tensor<2xf32> {sluice.name = "int"}) {
      return %a : tensor<2xf32>
    }
  )mlir");
  ASSERT_TRUE(succeeded(entries)) << diagnostics;
  const CEntryPoint &entry = entries->front();
  ASSERT_EQ(entry.inputs.size(), 4u);
  EXPECT_EQ(entry.inputs[0].identifier, "x");
  EXPECT_EQ(entry.inputs[1].identifier, "x_dims_1");
  EXPECT_EQ(entry.inputs[2].identifier, "y_dims");
  EXPECT_EQ(entry.inputs[3].identifier, "y_1");
  EXPECT_EQ(entry.outputs[0].identifier, "int_1");
}

TEST_F(EntryPointsTest, IdentifiersUniquePerEntryPoint) {
  // Two functions may use the same names: each entry point is its own scope.
  auto entries = collect(R"mlir(
    func.func @f(%x: tensor<2xf32> {sluice.name = "x"}) { return }
    func.func @g(%x: tensor<2xf32> {sluice.name = "x"}) { return }
  )mlir");
  ASSERT_TRUE(succeeded(entries)) << diagnostics;
  ASSERT_EQ(entries->size(), 2u);
  EXPECT_EQ((*entries)[0].inputs[0].identifier, "x");
  EXPECT_EQ((*entries)[1].inputs[0].identifier, "x");
}

TEST_F(EntryPointsTest, StatusBufferSkipped) {
  // The lowered form: -convert-lite-to-linalg appends the status buffer.
  auto entries = collect(R"mlir(
    func.func @main(%x: tensor<4xf32> {sluice.name = "x"},
                    %status: memref<i32> {sluice.status_buffer})
        -> tensor<4xf32> {
      return %x : tensor<4xf32>
    }
  )mlir");
  ASSERT_TRUE(succeeded(entries)) << diagnostics;
  ASSERT_EQ(entries->size(), 1u);
  ASSERT_EQ(entries->front().inputs.size(), 1u);
  EXPECT_EQ(entries->front().inputs[0].name, "x");
  EXPECT_EQ(entries->front().outputs.size(), 1u);
  EXPECT_EQ(diagnostics, "");
}

TEST_F(EntryPointsTest, PrivateAndExternalFunctionsSkipped) {
  auto entries = collect(R"mlir(
    func.func private @helper(%x: tensor<*xf32>) -> tensor<*xf32> {
      return %x : tensor<*xf32>
    }
    func.func @second(%x: tensor<3xi64>) -> tensor<3xi64> {
      return %x : tensor<3xi64>
    }
    func.func private @declared(tensor<2xf32>) -> tensor<2xf32>
    func.func @first(%x: tensor<2xf64>) -> tensor<2xf64> {
      return %x : tensor<2xf64>
    }
  )mlir");
  ASSERT_TRUE(succeeded(entries)) << diagnostics;
  // Public functions with a body, in module order.
  ASSERT_EQ(entries->size(), 2u);
  EXPECT_EQ((*entries)[0].functionName, "second");
  EXPECT_EQ((*entries)[0].symbol, "model_second");
  EXPECT_EQ((*entries)[1].functionName, "first");
  EXPECT_EQ((*entries)[1].symbol, "model_first");
  EXPECT_EQ(diagnostics, "");
}

TEST_F(EntryPointsTest, UnrankedArgumentRejected) {
  auto entries = collect(R"mlir(
    func.func @main(%x: tensor<*xf32> {sluice.name = "images"}) {
      return
    }
  )mlir");
  EXPECT_TRUE(failed(entries));
  EXPECT_NE(diagnostics.find("needs ranked tensors at the boundary of @main"),
            std::string::npos)
      << diagnostics;
  EXPECT_NE(diagnostics.find("'images' is 'tensor<*xf32>'"), std::string::npos)
      << diagnostics;
}

TEST_F(EntryPointsTest, UnrankedResultRejected) {
  auto entries = collect(R"mlir(
    func.func @main(%x: tensor<2xf32>) -> tensor<*xf32> {
      %0 = "test.op"() : () -> tensor<*xf32>
      return %0 : tensor<*xf32>
    }
  )mlir");
  EXPECT_TRUE(failed(entries));
  EXPECT_NE(diagnostics.find("'output0' is 'tensor<*xf32>'"), std::string::npos)
      << diagnostics;
}

TEST_F(EntryPointsTest, NonTensorRejected) {
  auto entries = collect(R"mlir(
    func.func @main(%x: i32) { return }
  )mlir");
  EXPECT_TRUE(failed(entries));
  EXPECT_NE(diagnostics.find("'arg0' is 'i32'"), std::string::npos)
      << diagnostics;
}

TEST_F(EntryPointsTest, ElementTypeWithoutCTypeRejected) {
  auto entries = collect(R"mlir(
    func.func @half(%x: tensor<2xf16>) { return }
  )mlir");
  EXPECT_TRUE(failed(entries));
  EXPECT_NE(diagnostics.find("'arg0' of @half has element type 'f16', which C "
                             "has no type for"),
            std::string::npos)
      << diagnostics;
}

TEST_F(EntryPointsTest, NoPublicFunction) {
  auto entries = collect(R"mlir(
    func.func private @helper(%x: tensor<2xf32>) -> tensor<2xf32> {
      return %x : tensor<2xf32>
    }
    func.func private @declared(tensor<2xf32>) -> tensor<2xf32>
  )mlir");
  EXPECT_TRUE(failed(entries));
  EXPECT_NE(diagnostics.find("the module has no public function to export"),
            std::string::npos)
      << diagnostics;
}

TEST_F(EntryPointsTest, EmptyModule) {
  auto entries = collect("");
  EXPECT_TRUE(failed(entries));
  EXPECT_NE(diagnostics.find("no public function"), std::string::npos)
      << diagnostics;
}

//===----------------------------------------------------------------------===//
// writeCHeader
//===----------------------------------------------------------------------===//

TEST_F(EntryPointsTest, HeaderDeclaresEntryPoint) {
  auto entries = collect(R"mlir(
    func.func @main(%n: tensor<i32> {sluice.name = "n"},
                    %x: tensor<?x4xf32> {sluice.name = "x"},
                    %status: memref<i32> {sluice.status_buffer})
        -> (tensor<2xi32> {sluice.name = "out"},
            tensor<?xf32> {sluice.name = "rows"}) {
      %0 = "test.op"() : () -> tensor<2xi32>
      %1 = "test.op"() : () -> tensor<?xf32>
      return %0, %1 : tensor<2xi32>, tensor<?xf32>
    }
  )mlir");
  ASSERT_TRUE(succeeded(entries)) << diagnostics;
  std::string text;
  llvm::raw_string_ostream os(text);
  writeCHeader(*entries, "my-model.v2", os);
  llvm::StringRef header(text);

  // The include guard: the guard made a C identifier, upper case, _H.
  EXPECT_NE(header.find("#ifndef MY_MODEL_V2_H\n#define MY_MODEL_V2_H\n"),
            llvm::StringRef::npos)
      << text;
  EXPECT_TRUE(header.ends_with("#endif /* MY_MODEL_V2_H */\n")) << text;
  // Self-contained: the status codes and C++ linkage.
  EXPECT_NE(header.find("#include <stdint.h>"), llvm::StringRef::npos);
  EXPECT_NE(header.find("#include <stdbool.h>"), llvm::StringRef::npos);
  EXPECT_NE(header.find("SLUICE_OK = 0"), llvm::StringRef::npos);
  EXPECT_NE(header.find("extern \"C\" {"), llvm::StringRef::npos);

  // One declaration: a static input by pointer, a dynamic one with its dims,
  // a static output into the caller's buffer, a dynamic one allocated by
  // the model (pointer to pointer) with its dims written back.
  EXPECT_EQ(countOccurrences(header, "model_main("), 1u) << text;
  EXPECT_NE(header.find("int32_t model_main(const int32_t *n,\n"
                        "    const float *x,\n"
                        "    const int64_t *x_dims,\n"
                        "    int32_t *out,\n"
                        "    float **rows,\n"
                        "    int64_t *rows_dims);\n"),
            llvm::StringRef::npos)
      << text;
  // The static ones have no dims.
  EXPECT_EQ(header.find("n_dims"), llvm::StringRef::npos);
  EXPECT_EQ(header.find("out_dims"), llvm::StringRef::npos);
  // The comment describes each tensor.
  EXPECT_NE(header.find("/* @main\n"), llvm::StringRef::npos) << text;
  EXPECT_NE(header.find(" *   input  x: float [?, 4]\n"), llvm::StringRef::npos)
      << text;
  EXPECT_NE(header.find(" *   output rows: float [?] (allocated with malloc"),
            llvm::StringRef::npos)
      << text;
}

TEST_F(EntryPointsTest, HeaderOneDeclarationPerEntryPoint) {
  auto entries = collect(R"mlir(
    func.func @f(%x: tensor<2xi1> {sluice.name = "x"}) -> tensor<2xi1> {
      return %x : tensor<2xi1>
    }
    func.func private @hidden() { return }
    func.func @g() { return }
  )mlir");
  ASSERT_TRUE(succeeded(entries)) << diagnostics;
  std::string text;
  llvm::raw_string_ostream os(text);
  writeCHeader(*entries, "model", os);
  llvm::StringRef header(text);
  EXPECT_NE(header.find("#ifndef MODEL_H\n#define MODEL_H\n"),
            llvm::StringRef::npos)
      << text;
  EXPECT_EQ(countOccurrences(header, "int32_t model_f("), 1u) << text;
  EXPECT_NE(header.find("int32_t model_f(const bool *x,\n    bool *output0);"),
            llvm::StringRef::npos)
      << text;
  // No parameters: (void), as C wants.
  EXPECT_EQ(countOccurrences(header, "int32_t model_g(void);"), 1u) << text;
  EXPECT_EQ(header.find("hidden"), llvm::StringRef::npos) << text;
}

} // namespace
