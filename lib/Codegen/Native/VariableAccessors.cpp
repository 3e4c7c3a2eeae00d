//===- VariableAccessors.cpp - C functions to read and set variables ------===//
//
// A compiled model owns its variables (global buffers, see
// lib/Conversion/LiteToLinalg/VariablePatterns.cpp); its users read and set
// them through one public getter and one setter per variable, which the C
// interface then exports like any other function.
//
//===----------------------------------------------------------------------===//

#include "sluice/Codegen/Native/Passes.h"

#include "sluice/Dialect/Lite/IR/LiteOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"

namespace sluice {
#define GEN_PASS_DEF_NATIVEVARIABLEACCESSORSPASS
#include "sluice/Codegen/Native/Passes.h.inc"
} // namespace sluice

using namespace mlir;

namespace sluice {
namespace {

struct NativeVariableAccessorsPass
    : impl::NativeVariableAccessorsPassBase<NativeVariableAccessorsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
    auto valueName = builder.getStringAttr("value");
    for (auto variable : llvm::to_vector(module.getOps<lite::VariableOp>())) {
      Location loc = variable.getLoc();
      auto type = cast<TensorType>(variable.getType());
      // A variable of dynamic shape cannot be compiled (the lowering says
      // why): no C signature for it.
      if (!type.hasStaticShape())
        continue;
      auto symbol = FlatSymbolRefAttr::get(variable.getSymNameAttr());
      std::string getter = ("get_" + variable.getSymName()).str();
      std::string setter = ("set_" + variable.getSymName()).str();
      for (StringRef name : {StringRef(getter), StringRef(setter)})
        if (symbols.lookup(name)) {
          variable.emitError("cannot export accessors of variable '")
              << variable.getSymName() << "': the program has a @" << name
              << " already";
          return signalPassFailure();
        }

      auto get = func::FuncOp::create(builder, loc, getter,
                                      builder.getFunctionType({}, type));
      get.setResultAttr(0, "sluice.name", valueName);
      OpBuilder body = OpBuilder::atBlockEnd(get.addEntryBlock());
      Value read =
          lite::ReadVariableOp::create(body, loc, type, symbol, Value());
      func::ReturnOp::create(body, loc, read);

      auto set = func::FuncOp::create(builder, loc, setter,
                                      builder.getFunctionType(type, {}));
      set.setArgAttr(0, "sluice.name", valueName);
      body = OpBuilder::atBlockEnd(set.addEntryBlock());
      lite::AssignVariableOp::create(body, loc, symbol, set.getArgument(0),
                                     Value());
      func::ReturnOp::create(body, loc, ValueRange());
    }
  }
};

} // namespace
} // namespace sluice
