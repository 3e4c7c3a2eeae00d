//===- VariablePatterns.cpp - variables as global buffers -----------------===//
//
// Native code keeps each variable in a buffer the compiled module owns, next
// to a flag saying whether it was ever assigned:
//
//   lite.variable @v : tensor<2xf32>   memref.global "private" @v :
//   memref<2xf32>
//                                      memref.global "private" @v.assigned
//                                        : memref<i1> = dense<false>
//   %x = lite.read_variable @v         check @v.assigned (else status
//                                        SLUICE_ERROR_FAILED_PRECONDITION);
//                                      %x = a copy of @v's buffer
//   lite.assign_variable @v, %y        %y written into @v's buffer in place;
//                                      @v.assigned = true
//   lite.call_once @init               if !@init.called:
//                                        @init.called = true; call @init
//   lite.assert %ok, "msg"             check %ok (else status
//                                        SLUICE_ERROR_INVALID_ARGUMENT)
//
// The globals replace the declarations before the conversion
// (lowerVariableDeclarations), so that the patterns find them by name.
// A read is a copy: the value read must not change when the variable is
// assigned later. An assign writes the new value into the global buffer
// (bufferization may compute it there directly).
//
//===----------------------------------------------------------------------===//

#include "ShapeLowering.h"

#include "sluice/Conversion/LiteToLinalg/LiteToLinalg.h"
#include "sluice/Dialect/Lite/IR/LiteOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;

namespace sluice::lite_to_native {
namespace {

/// The global flag that tells whether variable `name` was assigned, or
/// whether initializer `name` was called.
std::string flagName(StringRef name, StringRef what) {
  return (name + "." + what).str();
}

MemRefType flagType(MLIRContext *context) {
  return MemRefType::get({}, IntegerType::get(context, 1));
}

Value getFlag(OpBuilder &builder, Location loc, StringRef name) {
  return memref::GetGlobalOp::create(builder, loc,
                                     flagType(builder.getContext()), name);
}

void setFlag(OpBuilder &builder, Location loc, Value flag) {
  Value yes =
      arith::ConstantOp::create(builder, loc, builder.getBoolAttr(true));
  memref::StoreOp::create(builder, loc, yes, flag, ValueRange{});
}

/// A false i1 flag as a module global.
void declareFlag(OpBuilder &builder, Location loc, StringRef name) {
  MLIRContext *context = builder.getContext();
  auto scalar = RankedTensorType::get({}, IntegerType::get(context, 1));
  memref::GlobalOp::create(builder, loc, name, builder.getStringAttr("private"),
                           flagType(context),
                           DenseElementsAttr::get(scalar, false),
                           /*constant=*/false, /*alignment=*/nullptr);
}

/// The global buffer of the variable `op` names.
Value getVariableBuffer(OpBuilder &builder, Operation *op, StringRef name) {
  auto global = SymbolTable::lookupNearestSymbolFrom<memref::GlobalOp>(
      op, StringAttr::get(op->getContext(), name));
  return memref::GetGlobalOp::create(builder, op->getLoc(), global.getType(),
                                     name);
}

struct ReadVariableLowering : OpConversionPattern<lite::ReadVariableOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(lite::ReadVariableOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    StringRef name = op.getVariable();
    {
      RuntimeChecks checks(op, rewriter, loc);
      Value assigned = memref::LoadOp::create(
          rewriter, loc, getFlag(rewriter, loc, flagName(name, "assigned")),
          ValueRange{});
      if (failed(checks.require(assigned, SLUICE_ERROR_FAILED_PRECONDITION,
                                "variable '" + name +
                                    "' is read before it was assigned")))
        return failure();
    }
    Value buffer = getVariableBuffer(rewriter, op, name);
    Value contents = bufferization::ToTensorOp::create(
        rewriter, loc, memref::getTensorTypeFromMemRefType(buffer.getType()),
        buffer, /*restrict=*/true, /*writable=*/false);
    // A snapshot: later assigns do not change what was read.
    auto copy = bufferization::AllocTensorOp::create(
        rewriter, loc, cast<RankedTensorType>(contents.getType()), ValueRange{},
        contents);
    return replaceWithResults(rewriter, op, copy.getResult(),
                              *getTypeConverter());
  }
};

struct AssignVariableLowering : OpConversionPattern<lite::AssignVariableOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(lite::AssignVariableOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    StringRef name = op.getVariable();
    Value buffer = getVariableBuffer(rewriter, op, name);
    Value value = adaptor.getValue();
    auto bufferType = cast<MemRefType>(buffer.getType());
    auto valueType = cast<RankedTensorType>(value.getType());
    if (valueType.getShape() != bufferType.getShape()) {
      // A dynamic value: TF's validate_shape, then a cast to the static
      // shape.
      IndexArith arith(rewriter, loc);
      RuntimeChecks checks(op, rewriter, loc);
      for (auto [d, size] : llvm::enumerate(bufferType.getShape()))
        if (failed(checks.require(
                arith.eq(arith.dim(value, d), arith.constant(size)),
                SLUICE_ERROR_SHAPE_MISMATCH,
                "assigns a value of another shape to variable '" + name + "'")))
          return failure();
      checks.emit();
      value = tensor::CastOp::create(
          rewriter, loc, memref::getTensorTypeFromMemRefType(bufferType),
          value);
    }
    bufferization::MaterializeInDestinationOp::create(rewriter, loc, value,
                                                      buffer)
        .setWritable(true);
    setFlag(rewriter, loc, getFlag(rewriter, loc, flagName(name, "assigned")));
    rewriter.eraseOp(op);
    return success();
  }
};

struct CallOnceLowering : OpConversionPattern<lite::CallOnceOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(lite::CallOnceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    std::string flag = flagName(op.getInit(), "called");
    Value called = getFlag(rewriter, loc, flag);
    Value done = memref::LoadOp::create(rewriter, loc, called, ValueRange{});
    Value yes =
        arith::ConstantOp::create(rewriter, loc, rewriter.getBoolAttr(true));
    Value first = arith::XOrIOp::create(rewriter, loc, done, yes);
    auto ifOp = scf::IfOp::create(rewriter, loc, TypeRange{}, first,
                                  /*withElseRegion=*/false);
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(ifOp.thenBlock());
      setFlag(rewriter, loc, called);
      func::CallOp::create(rewriter, loc, op.getInitAttr(), TypeRange{},
                           ValueRange{});
    }
    rewriter.eraseOp(op);
    return success();
  }
};

/// lite.assert: a run-time check with TensorFlow's status for a failed
/// assertion (InvalidArgument). Never decided at compile time: a condition
/// that folds to false (the branch of TF's AssertGuard that only runs when
/// the assertion fails) must fail only when that code runs.
struct AssertLowering : OpConversionPattern<lite::AssertOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(lite::AssertOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto type = dyn_cast<RankedTensorType>(adaptor.getCondition().getType());
    if (!type)
      return op.emitError("asserts a condition of unknown rank");
    // Every dimension is 1 (the verifier checked the static ones).
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
    for (int64_t dim = 0; dim < type.getRank(); ++dim) {
      if (!type.isDynamicDim(dim))
        continue;
      Value size =
          tensor::DimOp::create(rewriter, loc, adaptor.getCondition(), dim);
      emitRuntimeCheck(rewriter, loc,
                       arith::CmpIOp::create(
                           rewriter, loc, arith::CmpIPredicate::eq, size, one),
                       SLUICE_ERROR_INVALID_ARGUMENT,
                       "the condition of an assertion is not one boolean");
    }
    SmallVector<Value> indices(type.getRank(), zero);
    Value holds = tensor::ExtractOp::create(rewriter, loc,
                                            adaptor.getCondition(), indices);
    emitRuntimeCheck(rewriter, loc, holds, SLUICE_ERROR_INVALID_ARGUMENT,
                     ("assertion failed: " + op.getMessage()).str());
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

LogicalResult lowerVariableDeclarations(ModuleOp module) {
  SmallVector<lite::VariableOp> variables;
  llvm::SetVector<StringRef> initializers;
  module.walk([&](Operation *op) {
    if (auto variable = dyn_cast<lite::VariableOp>(op))
      variables.push_back(variable);
    else if (auto once = dyn_cast<lite::CallOnceOp>(op))
      initializers.insert(once.getInit());
  });
  SmallVector<lite::VariableOp> stacks;
  if (failed(declareStacks(module, stacks)))
    return failure();
  llvm::erase_if(variables, [&](lite::VariableOp variable) {
    return llvm::is_contained(stacks, variable);
  });
  for (lite::VariableOp stack : stacks)
    stack.erase();
  for (lite::VariableOp variable : variables) {
    auto type = dyn_cast<RankedTensorType>(variable.getType());
    if (!type || !type.hasStaticShape())
      return variable.emitError("variable '")
             << variable.getSymName() << "' of type " << variable.getType()
             << " cannot be compiled: native code keeps a variable in a "
                "buffer of static shape";
  }
  OpBuilder builder(module.getContext());
  builder.setInsertionPointToStart(module.getBody());
  for (StringRef init : initializers)
    declareFlag(builder, module.getLoc(), flagName(init, "called"));
  for (lite::VariableOp variable : variables) {
    auto type = cast<RankedTensorType>(variable.getType());
    Location loc = variable.getLoc();
    builder.setInsertionPoint(variable);
    memref::GlobalOp::create(
        builder, loc, variable.getSymName(), builder.getStringAttr("private"),
        MemRefType::get(type.getShape(), type.getElementType()),
        builder.getUnitAttr(), /*constant=*/false,
        /*alignment=*/builder.getI64IntegerAttr(64));
    declareFlag(builder, loc, flagName(variable.getSymName(), "assigned"));
    variable.erase();
  }
  return success();
}

void populateVariablePatterns(const TypeConverter &converter,
                              RewritePatternSet &patterns) {
  patterns.add<ReadVariableLowering, AssignVariableLowering, CallOnceLowering,
               AssertLowering>(converter, patterns.getContext());
}

} // namespace sluice::lite_to_native
