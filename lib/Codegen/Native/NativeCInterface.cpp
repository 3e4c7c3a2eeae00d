//===- NativeCInterface.cpp - the -native-c-interface pass ----------------===//
//
// Wraps each public function of a lowered program in the plain C entry
// point of EntryPoints.h. The wrapper works at the tensor level, before
// bufferization, so that one-shot bufferization can compute results straight
// into the caller's output buffers:
//
//   C pointer --(llvm struct = memref descriptor, unrealized cast)--> memref
//     --bufferization.to_tensor restrict--> tensor --> program -->
//   tensor --materialize_in_destination--> memref over the output pointer
//
// The unrealized casts between an LLVM descriptor struct and a memref fold
// away when memrefs are lowered to LLVM (reconcile-unrealized-casts).
//
//===----------------------------------------------------------------------===//

#include "sluice/Codegen/Native/EntryPoints.h"
#include "sluice/Codegen/Native/Passes.h"
#include "sluice/Runtime/SluiceStatus.h"

#include "mlir/IR/SymbolTable.h"

namespace sluice {
#define GEN_PASS_DEF_NATIVECINTERFACEPASS
#include "sluice/Codegen/Native/Passes.h.inc"
} // namespace sluice

using namespace mlir;

namespace sluice {
namespace {

/// Builds the entry point's body; one instance per entry point.
class EntryPointBuilder {
public:
  EntryPointBuilder(OpBuilder &builder, Location loc)
      : builder(builder), loc(loc), i64(builder.getI64Type()),
        pointer(LLVM::LLVMPointerType::get(builder.getContext())) {}

  Value constant(int64_t value) {
    return arith::ConstantOp::create(builder, loc,
                                     builder.getI64IntegerAttr(value));
  }

  /// The sizes of `type`, dynamic ones loaded from `dims` (an int64_t[rank]).
  SmallVector<Value> loadSizes(RankedTensorType type, Value dims) {
    SmallVector<Value> sizes;
    for (auto [i, size] : llvm::enumerate(type.getShape())) {
      if (!ShapedType::isDynamic(size)) {
        sizes.push_back(constant(size));
        continue;
      }
      Value address = LLVM::GEPOp::create(builder, loc, pointer, i64, dims,
                                          ArrayRef<LLVM::GEPArg>{int32_t(i)});
      sizes.push_back(LLVM::LoadOp::create(builder, loc, i64, address));
    }
    return sizes;
  }

  /// A memref of `type`'s shape over the row-major buffer at `data`.
  Value memrefAt(Value data, RankedTensorType type, ArrayRef<Value> sizes) {
    int64_t rank = type.getRank();
    SmallVector<Type> fields = {pointer, pointer, i64};
    if (rank > 0) {
      fields.push_back(LLVM::LLVMArrayType::get(i64, rank));
      fields.push_back(LLVM::LLVMArrayType::get(i64, rank));
    }
    auto descriptorType =
        LLVM::LLVMStructType::getLiteral(builder.getContext(), fields);
    Value descriptor = LLVM::PoisonOp::create(builder, loc, descriptorType);
    auto insert = [&](Value value, ArrayRef<int64_t> position) {
      descriptor = LLVM::InsertValueOp::create(builder, loc, descriptor, value,
                                               position);
    };
    insert(data, {0});
    insert(data, {1});
    insert(constant(0), {2});
    Value stride = constant(1);
    for (int64_t i = rank - 1; i >= 0; --i) {
      insert(sizes[i], {3, i});
      insert(stride, {4, i});
      stride = arith::MulIOp::create(builder, loc, stride, sizes[i]);
    }
    auto memrefType = MemRefType::get(type.getShape(), type.getElementType());
    return UnrealizedConversionCastOp::create(builder, loc, memrefType,
                                              descriptor)
        .getResult(0);
  }

  /// The number of bytes of a tensor of `type` with `sizes`.
  Value byteSize(RankedTensorType type, ArrayRef<Value> sizes) {
    unsigned bits = type.getElementType().getIntOrFloatBitWidth();
    Value bytes = constant((bits + 7) / 8);
    for (Value size : sizes)
      bytes = arith::MulIOp::create(builder, loc, bytes, size);
    return bytes;
  }

  OpBuilder &builder;
  Location loc;
  Type i64;
  Type pointer;
};

struct NativeCInterfacePass
    : impl::NativeCInterfacePassBase<NativeCInterfacePass> {
  using Base::Base;
  void runOnOperation() override;
};

} // namespace

/// Declares `void *malloc(size_t)` once.
static LLVM::LLVMFuncOp getOrDeclareMalloc(ModuleOp module) {
  if (auto malloc = module.lookupSymbol<LLVM::LLVMFuncOp>("malloc"))
    return malloc;
  OpBuilder builder = OpBuilder::atBlockBegin(module.getBody());
  MLIRContext *context = module.getContext();
  auto type = LLVM::LLVMFunctionType::get(LLVM::LLVMPointerType::get(context),
                                          {IntegerType::get(context, 64)});
  return LLVM::LLVMFuncOp::create(builder, module.getLoc(), "malloc", type);
}

static LogicalResult buildEntryPoint(ModuleOp module, func::FuncOp function,
                                     const CEntryPoint &entry) {
  MLIRContext *context = module.getContext();
  if (module.lookupSymbol(entry.symbol))
    return function.emitError("cannot export @")
           << function.getSymName() << " as '" << entry.symbol
           << "': the module already has a symbol of that name";
  std::string inner = "__sluice_" + function.getSymName().str();
  if (failed(SymbolTable::replaceAllSymbolUses(
          function, StringAttr::get(context, inner), module)))
    return function.emitError("cannot rename @") << function.getSymName();
  function.setSymName(inner);
  function.setPrivate();

  // The C signature: pointers for data and dims, an int32_t status result.
  auto pointer = LLVM::LLVMPointerType::get(context);
  SmallVector<Type> parameterTypes;
  for (const CTensorParameter &input : entry.inputs)
    parameterTypes.append(input.hasDynamicShape() ? 2 : 1, pointer);
  for (const CTensorParameter &output : entry.outputs)
    parameterTypes.append(output.hasDynamicShape() ? 2 : 1, pointer);
  OpBuilder moduleBuilder(function);
  auto wrapper = func::FuncOp::create(
      moduleBuilder, function.getLoc(), entry.symbol,
      FunctionType::get(context, parameterTypes, moduleBuilder.getI32Type()));
  wrapper->setAttr("sluice.entry_point",
                   StringAttr::get(context, entry.functionName));
  Block *body = wrapper.addEntryBlock();
  OpBuilder builder = OpBuilder::atBlockBegin(body);
  Location loc = function.getLoc();
  EntryPointBuilder abi(builder, loc);

  auto statusType = MemRefType::get({}, builder.getI32Type());
  Value status = memref::AllocaOp::create(builder, loc, statusType);
  Value ok = arith::ConstantOp::create(builder, loc,
                                       builder.getI32IntegerAttr(SLUICE_OK));
  memref::StoreOp::create(builder, loc, ok, status, ValueRange{});

  unsigned argument = 0;
  SmallVector<Value> operands;
  for (const CTensorParameter &input : entry.inputs) {
    Value data = body->getArgument(argument++);
    Value dims =
        input.hasDynamicShape() ? body->getArgument(argument++) : Value();
    Value buffer =
        abi.memrefAt(data, input.type, abi.loadSizes(input.type, dims));
    operands.push_back(bufferization::ToTensorOp::create(
        builder, loc, input.type, buffer, /*restrict=*/true,
        /*writable=*/false));
  }
  operands.push_back(status);
  auto call = func::CallOp::create(builder, loc, function, operands);

  for (auto [output, result] :
       llvm::zip_equal(entry.outputs, call.getResults())) {
    Value data = body->getArgument(argument++);
    SmallVector<Value> sizes;
    for (auto [i, size] : llvm::enumerate(output.type.getShape()))
      sizes.push_back(ShapedType::isDynamic(size)
                          ? arith::IndexCastOp::create(
                                builder, loc, abi.i64,
                                tensor::DimOp::create(builder, loc, result, i))
                                .getResult()
                          : abi.constant(size));
    if (output.hasDynamicShape()) {
      // The model allocates the output and hands it over with its dims.
      Value dataOut = data;
      Value dimsOut = body->getArgument(argument++);
      for (auto [i, size] : llvm::enumerate(sizes)) {
        Value address =
            LLVM::GEPOp::create(builder, loc, pointer, abi.i64, dimsOut,
                                ArrayRef<LLVM::GEPArg>{int32_t(i)});
        LLVM::StoreOp::create(builder, loc, size, address);
      }
      // malloc(0) may return null; ask for at least one byte.
      Value bytes = abi.byteSize(output.type, sizes);
      bytes = arith::MaxSIOp::create(builder, loc, bytes, abi.constant(1));
      data = LLVM::CallOp::create(builder, loc, getOrDeclareMalloc(module),
                                  ValueRange{bytes})
                 .getResult();
      LLVM::StoreOp::create(builder, loc, data, dataOut);
    }
    Value buffer = abi.memrefAt(data, output.type, sizes);
    auto materialize = bufferization::MaterializeInDestinationOp::create(
        builder, loc, result, buffer);
    materialize.setRestrict(true);
    materialize.setWritable(true);
  }
  Value finalStatus =
      memref::LoadOp::create(builder, loc, status, ValueRange{});
  func::ReturnOp::create(builder, loc, finalStatus);
  return success();
}

void NativeCInterfacePass::runOnOperation() {
  ModuleOp module = getOperation();
  FailureOr<SmallVector<CEntryPoint>> entries =
      collectEntryPoints(module, prefix);
  if (failed(entries))
    return signalPassFailure();
  for (const CEntryPoint &entry : *entries) {
    auto function = module.lookupSymbol<func::FuncOp>(entry.functionName);
    if (failed(buildEntryPoint(module, function, entry)))
      return signalPassFailure();
  }
}

} // namespace sluice
