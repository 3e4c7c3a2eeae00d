//===- LiteToLinalg.cpp - the -convert-lite-to-linalg pass ---------------===//
//
// Drives the lowering of lite programs to upstream tensor-level dialects:
// a full dialect conversion with the per-family pattern sets, then the
// run-time status plumbing:
//
//   func.func @f(%x: tensor<4xi32>) -> ...        func.func @f(%x: ...,
//   %status: memref<i32>)
//     cf.assert %ok, "..." {sluice.status = 1}  =>   scf.if %bad {
//                                                      if status == 0: status =
//                                                      1
//                                                    }
//   scf.while cond: %p                          =>   cond: %p and status == 0
//
// Checks are `cf.assert`s while patterns run (see emitRuntimeCheck) because
// the status argument only exists once every function is converted.
//
//===----------------------------------------------------------------------===//

#include "sluice/Conversion/LiteToLinalg/LiteToLinalg.h"
#include "mlir/Dialect/Arith/Transforms/BufferDeallocationOpInterfaceImpl.h"
#include "mlir/Dialect/Arith/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Bufferization/Transforms/FuncBufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/ControlFlow/Transforms/BufferDeallocationOpInterfaceImpl.h"
#include "mlir/Dialect/ControlFlow/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/Linalg/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Linalg/Transforms/TilingInterfaceImpl.h"
#include "mlir/Dialect/MPI/IR/MPI.h"
#include "mlir/Dialect/MemRef/Transforms/AllocationOpInterfaceImpl.h"
#include "mlir/Dialect/MemRef/Transforms/BufferViewFlowOpInterfaceImpl.h"
#include "mlir/Dialect/SCF/Transforms/BufferDeallocationOpInterfaceImpl.h"
#include "mlir/Dialect/SCF/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Tensor/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Tensor/Transforms/SubsetInsertionOpInterfaceImpl.h"
#include "mlir/Dialect/Vector/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Vector/Transforms/SubsetOpInterfaceImpl.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "sluice/Conversion/Passes.h"
#include "sluice/Dialect/Lite/IR/LiteDialect.h"

namespace sluice {
#define GEN_PASS_DEF_CONVERTLITETOLINALGPASS
#include "sluice/Conversion/Passes.h.inc"
} // namespace sluice

using namespace mlir;

namespace sluice::lite_to_native {

static Type toSignless(Type element) {
  auto integer = dyn_cast<IntegerType>(element);
  if (!integer || integer.isSignless())
    return element;
  return IntegerType::get(element.getContext(), integer.getWidth());
}

NativeTypeConverter::NativeTypeConverter() {
  addConversion([](Type type) { return type; });
  addConversion([](IntegerType type) -> Type { return toSignless(type); });
  addConversion([](RankedTensorType type) -> Type {
    return type.clone(toSignless(type.getElementType()));
  });
  addConversion([](UnrankedTensorType type) -> Type {
    return UnrankedTensorType::get(toSignless(type.getElementType()));
  });
  // Unsigned and signless tensors share one bit layout: a cast between them
  // is a no-op that the caller's buffers already satisfy.
  auto cast = [](OpBuilder &builder, Type type, ValueRange inputs,
                 Location loc) -> Value {
    return UnrealizedConversionCastOp::create(builder, loc, type, inputs)
        .getResult(0);
  };
  addSourceMaterialization(cast);
  addTargetMaterialization(cast);
}

void registerNativeLoweringExtensions(DialectRegistry &registry) {
  registerMessageEffects(registry);
  arith::registerBufferizableOpInterfaceExternalModels(registry);
  arith::registerBufferDeallocationOpInterfaceExternalModels(registry);
  bufferization::func_ext::registerBufferizableOpInterfaceExternalModels(
      registry);
  cf::registerBufferizableOpInterfaceExternalModels(registry);
  cf::registerBufferDeallocationOpInterfaceExternalModels(registry);
  func::registerInlinerExtension(registry);
  linalg::registerBufferizableOpInterfaceExternalModels(registry);
  linalg::registerTilingInterfaceExternalModels(registry);
  memref::registerAllocationOpInterfaceExternalModels(registry);
  memref::registerBufferViewFlowOpInterfaceExternalModels(registry);
  scf::registerBufferizableOpInterfaceExternalModels(registry);
  scf::registerBufferDeallocationOpInterfaceExternalModels(registry);
  tensor::registerBufferizableOpInterfaceExternalModels(registry);
  tensor::registerSubsetOpInterfaceExternalModels(registry);
  vector::registerBufferizableOpInterfaceExternalModels(registry);
  vector::registerSubsetOpInterfaceExternalModels(registry);
}

void emitRuntimeCheck(OpBuilder &builder, Location loc, Value ok,
                      sluice_status code, StringRef message) {
  auto check = cf::AssertOp::create(builder, loc, ok, message);
  check->setAttr(kStatusCodeAttr, builder.getI32IntegerAttr(code));
}

namespace {

/// `cf.assert %ok {sluice.status = C}` in a function whose last argument is
/// the status buffer becomes "unless %ok, record C if nothing was recorded".
struct AssertToStatusStore : OpRewritePattern<cf::AssertOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(cf::AssertOp check,
                                PatternRewriter &rewriter) const override {
    auto code = check->getAttrOfType<IntegerAttr>(kStatusCodeAttr);
    auto function = check->getParentOfType<func::FuncOp>();
    if (!code || !function)
      return failure();
    Value status = function.getArguments().back();
    Location loc = check.getLoc();
    Value isTrue =
        arith::ConstantOp::create(rewriter, loc, rewriter.getBoolAttr(true));
    Value failed = arith::XOrIOp::create(rewriter, loc, check.getArg(), isTrue);
    scf::IfOp::create(rewriter, loc, failed, [&](OpBuilder &b, Location l) {
      Value previous = memref::LoadOp::create(b, l, status, ValueRange{});
      Value zero = arith::ConstantOp::create(b, l, b.getI32IntegerAttr(0));
      Value first =
          arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, previous, zero);
      Value codeValue = arith::ConstantOp::create(b, l, code);
      Value next = arith::SelectOp::create(b, l, first, codeValue, previous);
      memref::StoreOp::create(b, l, next, status, ValueRange{});
      scf::YieldOp::create(b, l);
    });
    rewriter.eraseOp(check);
    return success();
  }
};

struct ConvertLiteToLinalgPass
    : impl::ConvertLiteToLinalgPassBase<ConvertLiteToLinalgPass> {
  void getDependentDialects(DialectRegistry &registry) const override {
    ConvertLiteToLinalgPassBase::getDependentDialects(registry);
    registerNativeLoweringExtensions(registry);
  }
  void runOnOperation() override;
};

} // namespace

/// Appends the status buffer to every function and passes it on at every
/// call; the stacks' reserve functions (written later, by
/// -native-stack-storage) cannot fail and take none.
static LogicalResult addStatusArguments(ModuleOp module) {
  MLIRContext *context = module.getContext();
  auto statusType = MemRefType::get({}, IntegerType::get(context, 32));
  WalkResult result = module.walk([&](func::FuncOp function) {
    if (function->hasAttr(kStackReserveAttr))
      return WalkResult::advance();
    if (function.isExternal()) {
      function.emitError("the native back end cannot call the external "
                         "function @")
          << function.getSymName();
      return WalkResult::interrupt();
    }
    unsigned index = function.getNumArguments();
    if (failed(
            function.insertArgument(index, statusType, {}, function.getLoc())))
      return WalkResult::interrupt();
    function.setArgAttr(index, "sluice.status_buffer", UnitAttr::get(context));
    return WalkResult::advance();
  });
  if (result.wasInterrupted())
    return failure();
  module.walk([&](func::CallOp call) {
    auto callee =
        SymbolTable::lookupNearestSymbolFrom(call, call.getCalleeAttr());
    if (callee && callee->hasAttr(kStackReserveAttr))
      return;
    auto caller = call->getParentOfType<func::FuncOp>();
    call.getOperandsMutable().append(caller.getArguments().back());
  });
  return success();
}

/// Makes every loop of a function that can record an error stop once one
/// is recorded, so a loop whose condition reads a clamped value cannot spin
/// forever after the error.
static void stopLoopsOnError(func::FuncOp function) {
  bool checks = false;
  function.walk(
      [&](cf::AssertOp check) { checks |= check->hasAttr(kStatusCodeAttr); });
  if (!checks)
    return;
  Value status = function.getArguments().back();
  function.walk([&](scf::WhileOp loop) {
    auto condition = loop.getConditionOp();
    OpBuilder builder(condition);
    Location loc = condition.getLoc();
    Value current = memref::LoadOp::create(builder, loc, status, ValueRange{});
    Value zero =
        arith::ConstantOp::create(builder, loc, builder.getI32IntegerAttr(0));
    Value clean = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq,
                                        current, zero);
    Value go =
        arith::AndIOp::create(builder, loc, condition.getCondition(), clean);
    condition.getConditionMutable().assign(go);
  });
}

/// Native code needs every tensor's rank: an op with an unranked operand or
/// result is reported by name instead of failing to legalize.
static LogicalResult checkRanked(ModuleOp module) {
  WalkResult result = module.walk([](Operation *op) {
    auto unranked = [](Type type) { return isa<UnrankedTensorType>(type); };
    if (llvm::any_of(op->getOperandTypes(), unranked) ||
        llvm::any_of(op->getResultTypes(), unranked)) {
      op->emitError("the native back end needs ranked tensors; '")
          << op->getName() << "' has an unranked operand or result";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

void ConvertLiteToLinalgPass::runOnOperation() {
  ModuleOp module = getOperation();
  MLIRContext *context = &getContext();
  if (failed(checkRanked(module)) || failed(lowerVariableDeclarations(module)))
    return signalPassFailure();
  declareRandomGenerators(module);

  NativeTypeConverter converter;
  RewritePatternSet patterns(context);
  populateElementwisePatterns(converter, patterns);
  populateShapePatterns(converter, patterns);
  populateContractionPatterns(converter, patterns);
  populateControlFlowPatterns(converter, patterns);
  populateVariablePatterns(converter, patterns);
  populateRandomPatterns(converter, patterns);
  populateStackPatterns(converter, patterns);
  populateMessagePatterns(converter, patterns);
  populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                 converter);
  populateCallOpTypeConversionPattern(patterns, converter);
  populateReturnOpTypeConversionPattern(patterns, converter);

  ConversionTarget target(*context);
  target.addIllegalDialect<lite::LiteDialect>();
  target.addLegalDialect<
      arith::ArithDialect, bufferization::BufferizationDialect,
      cf::ControlFlowDialect, linalg::LinalgDialect, math::MathDialect,
      memref::MemRefDialect, mpi::MPIDialect, scf::SCFDialect,
      tensor::TensorDialect>();
  target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp function) {
    return converter.isSignatureLegal(function.getFunctionType()) &&
           converter.isLegal(&function.getBody());
  });
  target.addDynamicallyLegalOp<func::CallOp, func::ReturnOp>(
      [&](Operation *op) { return converter.isLegal(op); });
  // Ops of other dialects inside lowered regions must see legal types too.
  target.markUnknownOpDynamicallyLegal(
      [&](Operation *op) { return converter.isLegal(op); });

  if (failed(applyFullConversion(module, target, std::move(patterns))))
    return signalPassFailure();

  if (failed(addStatusArguments(module)))
    return signalPassFailure();
  module.walk([](func::FuncOp function) { stopLoopsOnError(function); });
  RewritePatternSet statusPatterns(context);
  statusPatterns.add<AssertToStatusStore>(context);
  populateScalarizeLoopStatePatterns(statusPatterns);
  tensor::ExtractOp::getCanonicalizationPatterns(statusPatterns, context);
  tensor::FromElementsOp::getCanonicalizationPatterns(statusPatterns, context);
  if (failed(applyPatternsGreedily(module, std::move(statusPatterns))))
    return signalPassFailure();
}

} // namespace sluice::lite_to_native
