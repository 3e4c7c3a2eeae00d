//===- LinkModulesTest.cpp - several imported programs as one module ------===//
//
// linkEntryFunction (LinkModules.h): symbols two imports share stay one,
// symbols that only share a name are renamed apart (with their uses, and
// with the functions calling them), a variable declared two ways is refused.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Lite/Transforms/LinkModules.h"

#include "sluice/Dialect/Lite/IR/LiteDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

using namespace mlir;

namespace {

class LinkModulesTest : public ::testing::Test {
protected:
  LinkModulesTest() {
    context.loadDialect<func::FuncDialect, sluice::lite::LiteDialect>();
  }

  OwningOpRef<ModuleOp> parse(StringRef text) {
    return parseSourceString<ModuleOp>(text, &context);
  }

  /// The module printed without locations.
  static std::string print(ModuleOp module) {
    std::string text;
    llvm::raw_string_ostream os(text);
    module.print(os);
    return text;
  }

  MLIRContext context;
};

constexpr StringLiteral kFirst = R"mlir(
  lite.variable @v : tensor<2xf32>
  func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
    lite.call_once @init
    %0 = call @helper(%x) : (tensor<2xf32>) -> tensor<2xf32>
    return %0 : tensor<2xf32>
  }
  func.func private @init() {
    %0 = lite.constant dense<1.0> : tensor<2xf32>
    lite.assign_variable @v, %0 : tensor<2xf32>
    return
  }
  func.func private @helper(%x: tensor<2xf32>) -> tensor<2xf32> {
    %0 = lite.read_variable @v : tensor<2xf32>
    %1 = lite.add %x, %0 : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    return %1 : tensor<2xf32>
  }
)mlir";

TEST_F(LinkModulesTest, SharesWhatIsTheSameRenamesWhatIsNot) {
  OwningOpRef<ModuleOp> into = parse("module {}");
  ASSERT_TRUE(succeeded(
      sluice::lite::linkEntryFunction(*into, parse(kFirst), "main", "first")));
  // The same @v and @init; a @helper that multiplies, and an @outer that
  // calls it: both renamed, the call following the rename.
  constexpr StringLiteral second = R"mlir(
    lite.variable @v : tensor<2xf32>
    func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
      lite.call_once @init
      %0 = call @outer(%x) : (tensor<2xf32>) -> tensor<2xf32>
      return %0 : tensor<2xf32>
    }
    func.func private @init() {
      %0 = lite.constant dense<1.0> : tensor<2xf32>
      lite.assign_variable @v, %0 : tensor<2xf32>
      return
    }
    func.func private @outer(%x: tensor<2xf32>) -> tensor<2xf32> {
      %0 = call @helper(%x) : (tensor<2xf32>) -> tensor<2xf32>
      return %0 : tensor<2xf32>
    }
    func.func private @helper(%x: tensor<2xf32>) -> tensor<2xf32> {
      %0 = lite.read_variable @v : tensor<2xf32>
      %1 = lite.mul %x, %0 : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
      return %1 : tensor<2xf32>
    }
  )mlir";
  ASSERT_TRUE(succeeded(
      sluice::lite::linkEntryFunction(*into, parse(second), "main", "second")));
  ASSERT_TRUE(succeeded(verify(*into)));
  std::string text = print(*into);
  auto count = [&](StringRef needle) {
    size_t n = 0;
    for (size_t at = text.find(needle); at != std::string::npos;
         at = text.find(needle, at + 1))
      ++n;
    return n;
  };
  EXPECT_EQ(count("lite.variable @v"), 1u) << text;
  EXPECT_EQ(count("func.func private @init"), 1u) << text;
  EXPECT_EQ(count("func.func @first"), 1u) << text;
  EXPECT_EQ(count("func.func @second"), 1u) << text;
  EXPECT_EQ(count("func.func @main"), 0u) << text;
  // Two helpers: first's (add) and second's (mul), called by outer.
  ModuleOp linked = *into;
  auto helper = linked.lookupSymbol<func::FuncOp>("helper");
  ASSERT_TRUE(helper);
  EXPECT_EQ(count("func.func private @helper"), 2u) << text; // helper, helper_0
  EXPECT_EQ(count("func.func private @outer"), 1u) << text;
  auto outer = linked.lookupSymbol<func::FuncOp>("outer");
  ASSERT_TRUE(outer);
  auto call = cast<func::CallOp>(outer.getBody().front().front());
  auto callee = linked.lookupSymbol<func::FuncOp>(call.getCallee());
  ASSERT_TRUE(callee);
  EXPECT_NE(callee, helper);
  bool multiplies = false;
  callee.walk([&](Operation *op) {
    multiplies |= op->getName().getStringRef() == "lite.mul";
  });
  EXPECT_TRUE(multiplies) << text;
}

TEST_F(LinkModulesTest, RefusesAVariableDeclaredTwoWays) {
  OwningOpRef<ModuleOp> into = parse("module {}");
  ASSERT_TRUE(succeeded(
      sluice::lite::linkEntryFunction(*into, parse(kFirst), "main", "first")));
  std::string before = print(*into), message;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diagnostic) {
    message = diagnostic.str();
    return success();
  });
  EXPECT_TRUE(failed(sluice::lite::linkEntryFunction(*into, parse(R"mlir(
    lite.variable @v : tensor<3xf32>
    func.func @main() -> tensor<3xf32> {
      %0 = lite.read_variable @v : tensor<3xf32>
      return %0 : tensor<3xf32>
    }
  )mlir"),
                                                     "main", "second")));
  EXPECT_EQ(message, "declares @v unlike the program it is linked into: one "
                     "symbol of the model, declared two ways");
  EXPECT_EQ(print(*into), before);
}

TEST_F(LinkModulesTest, RefusesAMissingEntryAndATakenName) {
  OwningOpRef<ModuleOp> into = parse("module {}");
  std::string message;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diagnostic) {
    message = diagnostic.str();
    return success();
  });
  EXPECT_TRUE(failed(
      sluice::lite::linkEntryFunction(*into, parse(kFirst), "nope", "first")));
  EXPECT_EQ(message, "has no function @nope to link");
  ASSERT_TRUE(succeeded(
      sluice::lite::linkEntryFunction(*into, parse(kFirst), "main", "first")));
  EXPECT_TRUE(failed(
      sluice::lite::linkEntryFunction(*into, parse(kFirst), "main", "first")));
  EXPECT_EQ(message, "the program has a symbol @first already: a second entry "
                     "of that name is not linked");
  // The entry's name may be one `from` uses for another symbol: that one
  // moves aside.
  OwningOpRef<ModuleOp> fresh = parse("module {}");
  ASSERT_TRUE(succeeded(sluice::lite::linkEntryFunction(*fresh, parse(kFirst),
                                                        "main", "helper")));
  EXPECT_TRUE(succeeded(verify(*fresh)));
  auto entry = fresh->lookupSymbol<func::FuncOp>("helper");
  ASSERT_TRUE(entry);
  EXPECT_TRUE(entry.isPublic());
  EXPECT_EQ(entry.getNumArguments(), 1u);
}

} // namespace
