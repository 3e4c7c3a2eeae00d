//===- sluice-fuzz-inputs.cpp - libFuzzer target for JSON run inputs ------===//
//
// Feeds arbitrary bytes to the reader of run inputs (sluice-run --inputs,
// Python's JSON path): interp::parseInputs against a function whose
// arguments cover every dtype, static, dynamic and unranked shapes, and no
// arguments at all. Bad input must only ever be an error message; inputs
// that are accepted must have the arguments' dtypes and fitting shapes.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Lite/IR/LiteDialect.h"
#include "sluice/Interpreter/ProgramIO.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>

// Argument names come from sluice.name where given, else arg<i>.
static const char *const signatures = R"mlir(
func.func @every_dtype(%f: tensor<2x3xf32> {sluice.name = "f"},
                       %d: tensor<?xf64>, %i: tensor<*xi32>,
                       %l: tensor<i64>, %b: tensor<2xi1>,
                       %h: tensor<1x?xi8>, %u: tensor<3xui8>,
                       %e: tensor<0xf32>) {
  return
}
func.func @one(%x: tensor<?x2xf32> {sluice.name = "x"}) {
  return
}
func.func @nothing() {
  return
}
)mlir";

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static mlir::MLIRContext *context = [] {
    auto *ctx = new mlir::MLIRContext(mlir::MLIRContext::Threading::DISABLED);
    ctx->loadDialect<mlir::func::FuncDialect, sluice::lite::LiteDialect>();
    return ctx;
  }();
  static mlir::ModuleOp module = [] {
    mlir::OwningOpRef<mlir::ModuleOp> parsed =
        mlir::parseSourceString<mlir::ModuleOp>(signatures, context);
    if (!parsed)
      std::abort();
    return parsed.release();
  }();
  llvm::StringRef json(reinterpret_cast<const char *>(data), size);
  for (auto function : module.getOps<mlir::func::FuncOp>()) {
    std::string error;
    auto inputs = sluice::interp::parseInputs(function, json, error);
    if (mlir::failed(inputs)) {
      if (error.empty()) {
        llvm::errs() << "parseInputs failed without a message\n";
        std::abort();
      }
      continue;
    }
    // What is accepted fits the signature.
    mlir::FunctionType type = function.getFunctionType();
    if (inputs->size() != type.getNumInputs()) {
      llvm::errs() << "parseInputs returned " << inputs->size()
                   << " tensors for " << type.getNumInputs() << " arguments\n";
      std::abort();
    }
    for (auto [tensor, argType] : llvm::zip(*inputs, type.getInputs())) {
      auto ranked = llvm::dyn_cast<mlir::RankedTensorType>(argType);
      if (!ranked)
        continue;
      if (tensor.getShape().size() != size_t(ranked.getRank())) {
        llvm::errs() << "an accepted input has the wrong rank\n";
        std::abort();
      }
      for (auto [dim, expected] :
           llvm::zip(tensor.getShape(), ranked.getShape()))
        if (!mlir::ShapedType::isDynamic(expected) && dim != expected) {
          llvm::errs() << "an accepted input has the wrong shape\n";
          std::abort();
        }
    }
    (void)sluice::interp::formatOutputs(function, {});
  }
  return 0;
}
