//===- NativeEmitter.cpp - LLVM dialect to object, assembly, IR -----------===//

#include "sluice/Target/Native/NativeEmitter.h"
#include "sluice/Codegen/Native/Pipeline.h"
#include "sluice/Target/Native/CHeader.h"

#include "mlir/Pass/PassManager.h"

#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/SubtargetFeature.h"

#include <mutex>

using namespace mlir;

namespace sluice {

/// A scope nested under `parent` named `name`, or none without timing.
static TimingScope nestTiming(TimingScope *parent, StringRef name) {
  return parent ? parent->nest(name) : TimingScope();
}

void registerNativeTranslations(MLIRContext &context) {
  registerBuiltinDialectTranslation(context);
  registerLLVMDialectTranslation(context);
}

std::unique_ptr<llvm::TargetMachine>
createTargetMachine(const NativeTargetOptions &options, std::string &error) {
  // Every target this LLVM was built with: code for other machines.
  static std::once_flag initialized;
  std::call_once(initialized, [] {
    llvm::InitializeAllTargetInfos();
    llvm::InitializeAllTargets();
    llvm::InitializeAllTargetMCs();
    llvm::InitializeAllAsmPrinters();
  });
  bool host = options.triple.empty();
  llvm::Triple triple(host ? llvm::sys::getDefaultTargetTriple()
                           : llvm::Triple::normalize(options.triple));
  std::string lookupError;
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, lookupError);
  if (!target) {
    error =
        "unknown target triple '" + triple.str() + "' (" + lookupError + ")";
    return nullptr;
  }
  std::string cpu = options.cpu;
  std::string features;
  if (cpu == "native" && !host) {
    error = "CPU 'native' is this machine's: give a CPU of " + triple.str() +
            " or 'generic'";
    return nullptr;
  }
  if (cpu == "native") {
    cpu = llvm::sys::getHostCPUName().str();
    llvm::SubtargetFeatures subtarget;
    for (const auto &feature : llvm::sys::getHostCPUFeatures())
      subtarget.AddFeature(feature.first(), feature.second);
    features = subtarget.getString();
  }
  // Asked of a generic subtarget: one made for an unknown CPU would warn on
  // stderr before we report the error.
  std::unique_ptr<llvm::MCSubtargetInfo> subtargetInfo(
      target->createMCSubtargetInfo(triple, "generic", ""));
  if (cpu != "generic" && !subtargetInfo->isCPUStringValid(cpu)) {
    error = "unknown CPU '" + options.cpu + "' for " + triple.str();
    return nullptr;
  }
  // RISC-V Linux is RV64GC/RV32GC with the FP registers in the calling
  // convention (lp64d, ilp32d), as its C compilers and libraries are; LLVM's
  // own default for a bare triple is soft-float, which they cannot link.
  llvm::TargetOptions targetOptions;
  if (triple.isRISCV() && triple.isOSLinux()) {
    targetOptions.MCOptions.ABIName = triple.isRISCV64() ? "lp64d" : "ilp32d";
    features = "+m,+a,+f,+d,+c";
  }
  auto level =
      static_cast<llvm::CodeGenOptLevel>(std::min(options.optLevel, 3u));
  // Position-independent where there is an operating system to load it;
  // a bare-metal image is linked where it runs.
  llvm::Reloc::Model relocation = triple.getOS() == llvm::Triple::UnknownOS
                                      ? llvm::Reloc::Static
                                      : llvm::Reloc::PIC_;
  return std::unique_ptr<llvm::TargetMachine>(target->createTargetMachine(
      triple, cpu, features, targetOptions, relocation, std::nullopt, level));
}

LogicalResult emitNative(ModuleOp module, NativeOutputKind kind,
                         const NativeTargetOptions &options,
                         llvm::raw_ostream &os, TimingScope *timing) {
  std::string error;
  std::unique_ptr<llvm::TargetMachine> machine =
      createTargetMachine(options, error);
  if (!machine)
    return module.emitError() << error;

  llvm::LLVMContext llvmContext;
  TimingScope translateTiming = nestTiming(timing, "translate");
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(module, llvmContext);
  if (!llvmModule)
    return module.emitError("cannot translate the module to LLVM IR");
  llvmModule->setTargetTriple(machine->getTargetTriple());
  llvmModule->setDataLayout(machine->createDataLayout());
  translateTiming.stop();
  TimingScope optimizeTiming = nestTiming(timing, "optimize");
  auto optimize = makeOptimizingTransformer(options.optLevel, /*sizeLevel=*/0,
                                            machine.get());
  if (llvm::Error failure = optimize(llvmModule.get()))
    return module.emitError("LLVM optimisation failed: ")
           << llvm::toString(std::move(failure));
  optimizeTiming.stop();
  TimingScope codegenTiming = nestTiming(timing, "codegen");

  if (kind == NativeOutputKind::LLVMIR) {
    llvmModule->print(os, nullptr);
    return success();
  }
  llvm::SmallVector<char, 0> buffer;
  llvm::raw_svector_ostream stream(buffer);
  llvm::legacy::PassManager codegen;
  auto fileType = kind == NativeOutputKind::Object
                      ? llvm::CodeGenFileType::ObjectFile
                      : llvm::CodeGenFileType::AssemblyFile;
  if (machine->addPassesToEmitFile(codegen, stream, nullptr, fileType))
    return module.emitError("the target cannot emit this file type");
  codegen.run(*llvmModule);
  os.write(buffer.data(), buffer.size());
  return success();
}

int64_t getVectorRegisterElements(const NativeTargetOptions &options) {
  std::string error;
  std::unique_ptr<llvm::TargetMachine> machine =
      createTargetMachine(options, error);
  if (!machine || !machine->getTargetTriple().isX86())
    return 32;
  const llvm::MCSubtargetInfo *subtarget = machine->getMCSubtargetInfo();
  // Half the register file: the other half holds the rows of B and the
  // broadcast elements of A.
  if (subtarget->checkFeatures("+avx512f"))
    return 256;
  if (subtarget->checkFeatures("+avx"))
    return 64;
  return 32;
}

OwningOpRef<ModuleOp> lowerToNative(ModuleOp module, StringRef prefix,
                                    const NativeTargetOptions &options,
                                    SmallVectorImpl<CEntryPoint> &entries,
                                    TimingScope *timing) {
  MLIRContext *context = module.getContext();
  TimingScope cloneTiming = nestTiming(timing, "clone");
  OwningOpRef<ModuleOp> lowered(cast<ModuleOp>(module->clone()));
  cloneTiming.stop();
  registerNativeTranslations(*context);
  PassManager prepare(context);
  buildNativePreparationPipeline(prepare);
  if (timing && *timing)
    prepare.enableTiming(*timing);
  if (failed(prepare.run(*lowered)))
    return nullptr;
  // The C interface describes the program's own types (uint8_t stays
  // unsigned) with the shapes inferred, so it is computed between the two
  // halves.
  TimingScope entriesTiming = nestTiming(timing, "entry points");
  FailureOr<SmallVector<CEntryPoint>> collected =
      collectEntryPoints(*lowered, prefix);
  if (failed(collected))
    return nullptr;
  entries = std::move(*collected);
  entriesTiming.stop();
  PassManager pm(context);
  NativePipelineOptions pipeline;
  pipeline.prefix = prefix.str();
  pipeline.maxAccumulatorElements = getVectorRegisterElements(options);
  buildNativeLoweringPipeline(pm, pipeline);
  if (timing && *timing)
    pm.enableTiming(*timing);
  if (failed(pm.run(*lowered)))
    return nullptr;
  return lowered;
}

LogicalResult compileNative(ModuleOp module, NativeOutputKind kind,
                            StringRef prefix,
                            const NativeTargetOptions &options,
                            llvm::raw_ostream &os, llvm::raw_ostream *header,
                            StringRef guard, TimingScope *timing) {
  SmallVector<CEntryPoint> entries;
  TimingScope loweringTiming = nestTiming(timing, "lowering");
  OwningOpRef<ModuleOp> lowered =
      lowerToNative(module, prefix, options, entries, &loweringTiming);
  if (!lowered)
    return failure();
  loweringTiming.stop();
  TimingScope llvmTiming = nestTiming(timing, "LLVM");
  if (failed(emitNative(*lowered, kind, options, os, &llvmTiming)))
    return failure();
  llvmTiming.stop();
  if (header) {
    TimingScope headerTiming = nestTiming(timing, "header");
    writeCHeader(entries, guard.empty() ? prefix : guard, *header);
  }
  return success();
}

} // namespace sluice
