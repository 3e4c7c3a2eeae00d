//===- StackPatterns.cpp - TF1 stacks as growable global buffers ----------===//
//
// Native code keeps each stack variable (TF1's StackV2, what tf.gradients of
// a while loop saves forward values on) in a buffer of elements that grows
// geometrically, so that a push costs the element (and, amortised, a
// constant), not the stack:
//
//   lite.variable @s : tensor<*xf32>     memref.global @s
//     (elements tensor<3xf32>)             : memref<memref<?x3xf32>>
//                                        memref.global @s.size : memref<i64>
//                                        memref.global @s.created : memref<i1>
//                                        func.func private @s.reserve(i64)
//   lite.stack_reset @s                  @s.created = true; @s.size = 0
//   lite.stack_push @s, %x               check @s.created; call @s.reserve(
//                                          size + 1); @s[size] = %x;
//                                          @s.size = size + 1
//   %x = lite.stack_pop @s               check size > 0; %x = copy of
//                                          @s[size - 1]; @s.size = size - 1
//
// `@s.reserve(n)` makes the buffer hold at least n elements (doubling it,
// copying the elements and freeing the old one). Only its declaration is
// made here: its body allocates and frees a buffer the module owns across
// calls, which the buffer deallocation pipeline would free at the end of
// the call; -native-stack-storage writes it after that pipeline, with the
// `@s.capacity` global only it uses.
//
// Errors are TensorFlow's: a push onto a stack no StackV2 created
// (SLUICE_ERROR_FAILED_PRECONDITION), a pop from an empty one
// (SLUICE_ERROR_INVALID_ARGUMENT; TF: "Stack[...] is empty").
//
//===----------------------------------------------------------------------===//

#include "ShapeLowering.h"

#include "sluice/Conversion/LiteToLinalg/LiteToLinalg.h"
#include "sluice/Dialect/Lite/IR/LiteOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/MapVector.h"

using namespace mlir;

namespace sluice::lite_to_native {
namespace {

std::string stackGlobal(StringRef stack, StringRef what) {
  return (stack + "." + what).str();
}

MemRefType scalarType(Type element) { return MemRefType::get({}, element); }

Value getGlobal(OpBuilder &builder, Location loc, Operation *from,
                StringRef name) {
  auto global = SymbolTable::lookupNearestSymbolFrom<memref::GlobalOp>(
      from, StringAttr::get(from->getContext(), name));
  return memref::GetGlobalOp::create(builder, loc, global.getType(), name);
}

Value loadGlobal(OpBuilder &builder, Location loc, Operation *from,
                 StringRef name) {
  return memref::LoadOp::create(
      builder, loc, getGlobal(builder, loc, from, name), ValueRange{});
}

void storeGlobal(OpBuilder &builder, Location loc, Operation *from,
                 StringRef name, Value value) {
  memref::StoreOp::create(builder, loc, value,
                          getGlobal(builder, loc, from, name), ValueRange{});
}

/// The stack's element buffer (the memref @s holds) and element type.
struct StackBuffer {
  Value buffer;
  MemRefType elementType;
};

StackBuffer loadBuffer(OpBuilder &builder, Location loc, Operation *from,
                       StringRef stack) {
  Value buffer = loadGlobal(builder, loc, from, stack);
  auto type = cast<MemRefType>(buffer.getType());
  return {buffer,
          MemRefType::get(type.getShape().drop_front(), type.getElementType())};
}

/// The element at `index` of the buffer, a rank-reduced subview.
Value elementView(OpBuilder &builder, Location loc, const StackBuffer &stack,
                  Value index) {
  auto type = cast<MemRefType>(stack.buffer.getType());
  int64_t rank = type.getRank();
  SmallVector<OpFoldResult> offsets(rank, builder.getIndexAttr(0));
  offsets[0] = index;
  SmallVector<OpFoldResult> sizes{builder.getIndexAttr(1)};
  for (int64_t size : type.getShape().drop_front())
    sizes.push_back(builder.getIndexAttr(size));
  SmallVector<OpFoldResult> strides(rank, builder.getIndexAttr(1));
  auto viewType = memref::SubViewOp::inferRankReducedResultType(
      stack.elementType.getShape(), type, offsets, sizes, strides);
  return memref::SubViewOp::create(builder, loc, cast<MemRefType>(viewType),
                                   stack.buffer, offsets, sizes, strides);
}

/// Requires that a StackV2 created `stack` (TF's error otherwise:
/// SLUICE_ERROR_FAILED_PRECONDITION); `action` ("pushes onto", "pops from")
/// starts the message.
LogicalResult requireCreated(RuntimeChecks &checks, OpBuilder &builder,
                             Location loc, Operation *op, StringRef stack,
                             StringRef action) {
  Value created = loadGlobal(builder, loc, op, stackGlobal(stack, "created"));
  return checks.require(created, SLUICE_ERROR_FAILED_PRECONDITION,
                        action + " stack '" + stack +
                            "', which was never created");
}

Value i64Constant(OpBuilder &builder, Location loc, int64_t value) {
  return arith::ConstantOp::create(builder, loc,
                                   builder.getI64IntegerAttr(value));
}

struct StackResetLowering : OpConversionPattern<lite::StackResetOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(lite::StackResetOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    StringRef stack = op.getStack();
    storeGlobal(
        rewriter, loc, op, stackGlobal(stack, "created"),
        arith::ConstantOp::create(rewriter, loc, rewriter.getBoolAttr(true)));
    storeGlobal(rewriter, loc, op, stackGlobal(stack, "size"),
                i64Constant(rewriter, loc, 0));
    rewriter.eraseOp(op);
    return success();
  }
};

struct StackPushLowering : OpConversionPattern<lite::StackPushOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(lite::StackPushOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    StringRef stack = op.getStack();
    {
      RuntimeChecks checks(op, rewriter, loc);
      if (failed(
              requireCreated(checks, rewriter, loc, op, stack, "pushes onto")))
        return failure();
    }
    Value size = loadGlobal(rewriter, loc, op, stackGlobal(stack, "size"));
    Value grown = arith::AddIOp::create(rewriter, loc, size,
                                        i64Constant(rewriter, loc, 1));
    func::CallOp::create(rewriter, loc, stackGlobal(stack, "reserve"),
                         TypeRange{}, ValueRange{grown});
    StackBuffer buffer = loadBuffer(rewriter, loc, op, stack);
    Value index = arith::IndexCastOp::create(rewriter, loc,
                                             rewriter.getIndexType(), size);
    Value slot = elementView(rewriter, loc, buffer, index);
    bufferization::MaterializeInDestinationOp::create(
        rewriter, loc, adaptor.getElement(), slot)
        .setWritable(true);
    storeGlobal(rewriter, loc, op, stackGlobal(stack, "size"), grown);
    rewriter.eraseOp(op);
    return success();
  }
};

struct StackPopLowering : OpConversionPattern<lite::StackPopOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(lite::StackPopOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    StringRef stack = op.getStack();
    // The stack's element type (declareStacks made it static); the result
    // may be less static.
    auto holder = SymbolTable::lookupNearestSymbolFrom<memref::GlobalOp>(
        op, op.getStackAttr());
    if (!holder)
      return rewriter.notifyMatchFailure(op, "no buffer declared");
    auto buffer = cast<MemRefType>(holder.getType().getElementType());
    auto type = RankedTensorType::get(buffer.getShape().drop_front(),
                                      buffer.getElementType());
    RuntimeChecks checks(op, rewriter, loc);
    if (failed(requireCreated(checks, rewriter, loc, op, stack, "pops from")))
      return failure();
    Value size = loadGlobal(rewriter, loc, op, stackGlobal(stack, "size"));
    Value zero = i64Constant(rewriter, loc, 0);
    Value nonEmpty = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::sgt, size, zero);
    if (failed(
            checks.require(nonEmpty, SLUICE_ERROR_INVALID_ARGUMENT,
                           "pops from stack '" + stack + "', which is empty")))
      return failure();
    Value ok = checks.allHold();
    Value top = arith::SubIOp::create(rewriter, loc, size,
                                      i64Constant(rewriter, loc, 1));
    Value element = buildIfValid(
        rewriter, loc, ok, type, [&](OpBuilder &builder, Location nested) {
          StackBuffer buffer = loadBuffer(builder, nested, op, stack);
          Value index = arith::IndexCastOp::create(builder, nested,
                                                   builder.getIndexType(), top);
          Value slot = elementView(builder, nested, buffer, index);
          Value contents = bufferization::ToTensorOp::create(
              builder, nested, type, slot, /*restrict=*/true,
              /*writable=*/false);
          // A copy: a later push may overwrite the slot.
          return bufferization::AllocTensorOp::create(builder, nested, type,
                                                      ValueRange{}, contents)
              .getResult();
        });
    // An empty stack stays empty (the check above reported it).
    storeGlobal(rewriter, loc, op, stackGlobal(stack, "size"),
                arith::SelectOp::create(rewriter, loc, ok, top, size));
    return replaceWithResults(rewriter, op, element, *getTypeConverter());
  }
};

} // namespace

LogicalResult declareStacks(ModuleOp module,
                            SmallVectorImpl<lite::VariableOp> &stacks) {
  // The element type of each stack, from its pushes and pops.
  llvm::MapVector<StringRef, std::pair<Type, Operation *>> elements;
  WalkResult walk = module.walk([&](Operation *op) {
    StringRef name;
    Type element;
    if (auto reset = dyn_cast<lite::StackResetOp>(op)) {
      name = reset.getStack();
    } else if (auto push = dyn_cast<lite::StackPushOp>(op)) {
      name = push.getStack();
      element = push.getElement().getType();
    } else if (auto pop = dyn_cast<lite::StackPopOp>(op)) {
      name = pop.getStack();
      element = pop.getElement().getType();
    } else {
      return WalkResult::advance();
    }
    auto &entry = elements[name];
    if (!element)
      return WalkResult::advance();
    // The pushes and pops of one stack agree on the element type; the most
    // static of their types is the stack's (a pop's result may be less
    // static than the pushes shape inference refined).
    auto ranked = dyn_cast<RankedTensorType>(element);
    auto known = dyn_cast_or_null<RankedTensorType>(entry.first);
    if (!ranked)
      ranked = known;
    if (ranked && known) {
      if (ranked.getRank() != known.getRank() ||
          ranked.getElementType() != known.getElementType() ||
          failed(verifyCompatibleShape(ranked.getShape(), known.getShape()))) {
        op->emitError("stack '")
            << name << "' holds elements of type " << element << " and "
            << entry.first << ": native code needs them of one static shape";
        return WalkResult::interrupt();
      }
      SmallVector<int64_t> dims;
      for (auto [a, b] : llvm::zip(ranked.getShape(), known.getShape()))
        dims.push_back(ShapedType::isDynamic(a) ? b : a);
      ranked = RankedTensorType::get(dims, ranked.getElementType());
    }
    entry = {ranked ? Type(ranked) : element, entry.second ? entry.second : op};
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  for (auto &[name, entry] : elements) {
    auto ranked = dyn_cast_or_null<RankedTensorType>(entry.first);
    if (entry.first && (!ranked || !ranked.hasStaticShape()))
      return entry.second->emitError("stack '")
             << name << "' holds elements of type " << entry.first
             << ": native code needs them of one static shape";
  }

  MLIRContext *context = module.getContext();
  NativeTypeConverter converter;
  OpBuilder builder(context);
  Type i64 = builder.getI64Type(), i1 = builder.getI1Type();
  auto declare = [&](Location loc, StringRef name, MemRefType type,
                     Attribute initial) {
    memref::GlobalOp::create(builder, loc, name,
                             builder.getStringAttr("private"), type, initial,
                             /*constant=*/false, /*alignment=*/nullptr);
  };
  for (auto &[name, entry] : elements) {
    auto variable = SymbolTable::lookupNearestSymbolFrom<lite::VariableOp>(
        module, StringAttr::get(context, name));
    if (!variable)
      return module.emitError("no lite.variable @") << name;
    Location loc = variable.getLoc();
    stacks.push_back(variable);
    builder.setInsertionPoint(variable);
    declare(loc, stackGlobal(name, "size"), scalarType(i64),
            DenseElementsAttr::get(RankedTensorType::get({}, i64), int64_t(0)));
    declare(loc, stackGlobal(name, "created"), scalarType(i1),
            DenseElementsAttr::get(RankedTensorType::get({}, i1), false));
    // Reset but never pushed nor popped: no elements to keep.
    if (!entry.first)
      continue;
    auto element = cast<RankedTensorType>(converter.convertType(entry.first));
    SmallVector<int64_t> shape{ShapedType::kDynamic};
    llvm::append_range(shape, element.getShape());
    auto bufferType = MemRefType::get(shape, element.getElementType());
    declare(loc, name, scalarType(bufferType), builder.getUnitAttr());
    auto reserve =
        func::FuncOp::create(builder, loc, stackGlobal(name, "reserve"),
                             builder.getFunctionType({i64}, {}));
    reserve.setPrivate();
    reserve->setAttr(kStackReserveAttr, builder.getStringAttr(name));
  }
  return success();
}

void populateStackPatterns(const TypeConverter &converter,
                           RewritePatternSet &patterns) {
  patterns.add<StackResetLowering, StackPushLowering, StackPopLowering>(
      converter, patterns.getContext());
}

} // namespace sluice::lite_to_native
