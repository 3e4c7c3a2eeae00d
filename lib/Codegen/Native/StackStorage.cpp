//===- StackStorage.cpp - the bodies that grow the stacks' buffers --------===//
//
// Writes the body of each `@s.reserve(%n: i64)` that -convert-lite-to-linalg
// declared for a TF1 stack (StackPatterns.cpp):
//
//   %capacity = load @s.capacity
//   scf.if %n > %capacity {
//     %new = memref.alloc(max(%n, 2 * %capacity, 4))
//     scf.if %capacity > 0 {
//       copy the @s.size elements of load @s into %new
//       memref.dealloc (load @s)
//     }
//     store %new -> @s; store the new capacity -> @s.capacity
//   }
//
// and `@sluice.release_stacks`, which frees every stack's buffer when the
// module goes away (-native-module-destructors registers it in
// llvm.global_dtors once it is an llvm.func).
//
// The buffer outlives the call (the module owns it), so this runs after the
// buffer deallocation pipeline (see Passes.td); it also declares the
// `@s.capacity` global, which only this body uses (it would not survive the
// symbol DCE between the two passes).
//
//===----------------------------------------------------------------------===//

#include "sluice/Codegen/Native/Passes.h"
#include "sluice/Conversion/LiteToLinalg/LiteToLinalg.h"

#include "mlir/IR/BuiltinOps.h"

namespace sluice {
#define GEN_PASS_DEF_NATIVESTACKSTORAGEPASS
#define GEN_PASS_DEF_NATIVEMODULEDESTRUCTORSPASS
#include "sluice/Codegen/Native/Passes.h.inc"
} // namespace sluice

using namespace mlir;

namespace sluice {
namespace {

/// The smallest buffer a stack gets, in elements.
constexpr int64_t kMinimumCapacity = 4;

/// The function freeing the stacks' buffers, and the attribute that makes a
/// function a module destructor (-native-module-destructors).
constexpr StringLiteral kReleaseStacksName = "sluice.release_stacks";
constexpr StringLiteral kModuleDestructorAttr = "sluice.module_destructor";

/// The body of `reserve`, the reserve function of stack `stack`.
LogicalResult writeReserve(func::FuncOp reserve, StringRef stack) {
  Location loc = reserve.getLoc();
  MLIRContext *context = reserve.getContext();
  auto global = SymbolTable::lookupNearestSymbolFrom<memref::GlobalOp>(
      reserve, StringAttr::get(context, stack));
  if (!global)
    return reserve.emitError("no buffer global @") << stack;
  auto holder = global.getType();
  auto bufferType = dyn_cast<MemRefType>(holder.getElementType());
  if (!bufferType)
    return global.emitError("does not hold a buffer");
  Type i64 = IntegerType::get(context, 64);
  auto scalar = MemRefType::get({}, i64);
  auto name = [&](StringRef what) { return (stack + "." + what).str(); };

  // The capacity, which only this function reads and writes.
  OpBuilder declare(context);
  declare.setInsertionPoint(reserve);
  memref::GlobalOp::create(
      declare, loc, name("capacity"), declare.getStringAttr("private"), scalar,
      DenseElementsAttr::get(RankedTensorType::get({}, i64), int64_t(0)),
      /*constant=*/false, /*alignment=*/nullptr);

  Block *entry = reserve.addEntryBlock();
  reserve.setPrivate();
  auto builder = OpBuilder::atBlockBegin(entry);
  Value needed = entry->getArgument(0);
  auto load = [&](OpBuilder &b, MemRefType type, StringRef symbol) {
    Value ref = memref::GetGlobalOp::create(b, loc, type, symbol);
    return std::make_pair(
        ref, memref::LoadOp::create(b, loc, ref, ValueRange{}).getResult());
  };
  auto constant = [&](OpBuilder &b, int64_t value) -> Value {
    return arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(value));
  };
  auto [capacityRef, capacity] = load(builder, scalar, name("capacity"));
  Value grow = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::sgt,
                                     needed, capacity);
  auto ifGrow = scf::IfOp::create(builder, loc, TypeRange{}, grow,
                                  /*withElseRegion=*/false);
  {
    auto b = OpBuilder::atBlockBegin(ifGrow.thenBlock());
    Value doubled = arith::MulIOp::create(b, loc, capacity, constant(b, 2));
    Value newCapacity = arith::MaxSIOp::create(
        b, loc, needed,
        arith::MaxSIOp::create(b, loc, doubled, constant(b, kMinimumCapacity)));
    Value rows =
        arith::IndexCastOp::create(b, loc, b.getIndexType(), newCapacity);
    Value fresh = memref::AllocOp::create(b, loc, bufferType, ValueRange{rows});
    Value had = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt,
                                      capacity, constant(b, 0));
    auto ifHad = scf::IfOp::create(b, loc, TypeRange{}, had,
                                   /*withElseRegion=*/false);
    {
      auto c = OpBuilder::atBlockBegin(ifHad.thenBlock());
      Value old = load(c, holder, stack).second;
      Value size = arith::IndexCastOp::create(
          c, loc, c.getIndexType(), load(c, scalar, name("size")).second);
      int64_t rank = bufferType.getRank();
      SmallVector<OpFoldResult> offsets(rank, c.getIndexAttr(0));
      SmallVector<OpFoldResult> sizes{size};
      for (int64_t extent : bufferType.getShape().drop_front())
        sizes.push_back(c.getIndexAttr(extent));
      SmallVector<OpFoldResult> strides(rank, c.getIndexAttr(1));
      Value from =
          memref::SubViewOp::create(c, loc, old, offsets, sizes, strides);
      Value to =
          memref::SubViewOp::create(c, loc, fresh, offsets, sizes, strides);
      memref::CopyOp::create(c, loc, from, to);
      memref::DeallocOp::create(c, loc, old);
    }
    Value holderRef = memref::GetGlobalOp::create(b, loc, holder, stack);
    memref::StoreOp::create(b, loc, fresh, holderRef, ValueRange{});
    memref::StoreOp::create(b, loc, newCapacity, capacityRef, ValueRange{});
  }
  func::ReturnOp::create(builder, loc);
  return success();
}

/// A function that frees the buffer of every stack in `stacks` (and
/// forgets it), registered as a module destructor: the JIT runs it when the
/// program instance goes away, a loaded object at exit or dlclose.
void writeRelease(ModuleOp module, ArrayRef<std::string> stacks) {
  MLIRContext *context = module.getContext();
  Location loc = module.getLoc();
  auto builder = OpBuilder::atBlockEnd(module.getBody());
  auto release = func::FuncOp::create(builder, loc, kReleaseStacksName,
                                      builder.getFunctionType({}, {}));
  release.setPrivate();
  release->setAttr(kModuleDestructorAttr, UnitAttr::get(context));
  Block *entry = release.addEntryBlock();
  builder.setInsertionPointToStart(entry);
  auto scalar = MemRefType::get({}, builder.getI64Type());
  for (const std::string &stack : stacks) {
    auto global = SymbolTable::lookupNearestSymbolFrom<memref::GlobalOp>(
        module, StringAttr::get(context, stack));
    Value capacityRef =
        memref::GetGlobalOp::create(builder, loc, scalar, stack + ".capacity");
    Value capacity =
        memref::LoadOp::create(builder, loc, capacityRef, ValueRange{});
    Value zero =
        arith::ConstantOp::create(builder, loc, builder.getI64IntegerAttr(0));
    Value held = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::sgt,
                                       capacity, zero);
    auto ifHeld = scf::IfOp::create(builder, loc, TypeRange{}, held,
                                    /*withElseRegion=*/false);
    auto b = OpBuilder::atBlockBegin(ifHeld.thenBlock());
    Value holder = memref::GetGlobalOp::create(b, loc, global.getType(), stack);
    Value buffer = memref::LoadOp::create(b, loc, holder, ValueRange{});
    memref::DeallocOp::create(b, loc, buffer);
    memref::StoreOp::create(b, loc, zero, capacityRef, ValueRange{});
  }
  func::ReturnOp::create(builder, loc);
}

struct NativeStackStoragePass
    : impl::NativeStackStoragePassBase<NativeStackStoragePass> {
  void runOnOperation() override {
    SmallVector<std::string> stacks;
    for (auto function : getOperation().getOps<func::FuncOp>()) {
      auto stack = function->getAttrOfType<StringAttr>(
          lite_to_native::kStackReserveAttr);
      if (!stack || !function.isExternal())
        continue;
      if (failed(writeReserve(function, stack.getValue())))
        return signalPassFailure();
      stacks.push_back(stack.getValue().str());
    }
    if (!stacks.empty())
      writeRelease(getOperation(), stacks);
  }
};

/// Registers every llvm.func tagged kModuleDestructorAttr in
/// llvm.global_dtors, and gives private definitions internal linkage.
struct NativeModuleDestructorsPass
    : impl::NativeModuleDestructorsPassBase<NativeModuleDestructorsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<Attribute> destructors, priorities, data;
    auto builder = OpBuilder::atBlockEnd(module.getBody());
    for (auto function : module.getOps<LLVM::LLVMFuncOp>()) {
      // A private definition stays inside the object (two models linked
      // into one binary define `acc.reserve`, `dealloc_helper`, ...).
      if (function.isPrivate() && !function.isExternal())
        function.setLinkage(LLVM::Linkage::Internal);
      if (!function->hasAttr(kModuleDestructorAttr))
        continue;
      destructors.push_back(FlatSymbolRefAttr::get(function.getSymNameAttr()));
      priorities.push_back(builder.getI32IntegerAttr(0));
      data.push_back(LLVM::ZeroAttr::get(&getContext()));
    }
    if (destructors.empty())
      return;
    LLVM::GlobalDtorsOp::create(
        builder, module.getLoc(), builder.getArrayAttr(destructors),
        builder.getArrayAttr(priorities), builder.getArrayAttr(data));
  }
};

} // namespace
} // namespace sluice
