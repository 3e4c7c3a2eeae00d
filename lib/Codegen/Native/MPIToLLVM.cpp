//===- MPIToLLVM.cpp - the mpi dialect as calls of Open MPI ---------------===//
//
// -native-mpi-to-llvm: MLIR's MPIToLLVM patterns with the module marked for
// Open MPI, the MPI that Debian ships and sluice-run links.
//
//===----------------------------------------------------------------------===//

#include "sluice/Codegen/Native/Passes.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/MPIToLLVM/MPIToLLVM.h"
#include "mlir/Dialect/MPI/IR/MPI.h"
#include "mlir/Transforms/DialectConversion.h"

namespace sluice {
#define GEN_PASS_DEF_NATIVEMPITOLLVMPASS
#include "sluice/Codegen/Native/Passes.h.inc"
} // namespace sluice

using namespace mlir;

namespace sluice {
namespace {

struct NativeMPIToLLVMPass
    : impl::NativeMPIToLLVMPassBase<NativeMPIToLLVMPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    bool hasMPI = false;
    module.walk([&](Operation *op) {
      hasMPI |= isa_and_nonnull<mpi::MPIDialect>(op->getDialect());
      return hasMPI ? WalkResult::interrupt() : WalkResult::advance();
    });
    if (!hasMPI)
      return;
    Builder builder(context);
    auto entry =
        DataLayoutEntryAttr::get(builder.getStringAttr("MPI:Implementation"),
                                 builder.getStringAttr("OpenMPI"));
    module->setAttr("dlti.map", MapAttr::get(context, {entry}));

    LLVMTypeConverter converter(context);
    RewritePatternSet patterns(context);
    mpi::populateMPIToLLVMConversionPatterns(converter, patterns);
    ConversionTarget target(*context);
    target.addIllegalDialect<mpi::MPIDialect>();
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
} // namespace sluice
