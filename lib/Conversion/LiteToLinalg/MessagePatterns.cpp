//===- MessagePatterns.cpp - lite.send / lite.recv to the mpi dialect -----===//
//
// A message of a partitioned program becomes MLIR's `mpi` dialect on
// MPI_COMM_WORLD, whose lowering (MPIToLLVM, the Open MPI ABI) makes it a
// call of MPI_Send / MPI_Recv: the process runs under mpirun and has called
// MPI_Init. MPI sends what a 1-D memref holds, so a tensor goes flat:
//
//   lite.send %t to 1 key ".." tag 7 : tensor<2x3xf32>
//     -> %flat = tensor.reshape %t([6])            : tensor<6xf32>
//        %buf  = bufferization.to_buffer %flat read_only
//        mpi.send(%buf, 7, 1, %world)
//   %t = lite.recv from 0 key ".." tag 7 : tensor<2x3xf32>
//     -> %buf = memref.alloc() : memref<6xf32>
//        mpi.recv(%buf, 7, 0, %world)
//        %t = tensor.reshape (bufferization.to_tensor %buf restrict writable)
//
// A message `with_shape` (the partition's decision, for a value whose type
// was not static) is preceded, under the same tag, by a message of its i64
// dimensions, which the receiver allocates from. MPI has
// no boolean type: i1 tensors cross as i8 (lite.cast on both sides).
//
//===----------------------------------------------------------------------===//

#include "sluice/Conversion/LiteToLinalg/LiteToLinalg.h"
#include "sluice/Dialect/Lite/IR/LiteOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MPI/IR/MPI.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;

namespace sluice::lite_to_native {
namespace {

/// The element type a message carries for `type`'s elements.
static Type getWireElementType(Type element) {
  return element.isInteger(1) ? IntegerType::get(element.getContext(), 8)
                              : element;
}

/// The dimensions of `value` as index values (constants where static).
static SmallVector<Value> getDims(OpBuilder &builder, Location loc,
                                  Value value) {
  return getValueOrCreateConstantIndexOp(
      builder, loc, tensor::getMixedSizes(builder, loc, value));
}

/// `tensor.reshape %value(shape)` to `type`, the shape given as index
/// values.
static Value reshape(OpBuilder &builder, Location loc, Value value,
                     ArrayRef<Value> shape, RankedTensorType type) {
  auto shapeType = RankedTensorType::get({static_cast<int64_t>(shape.size())},
                                         builder.getIndexType());
  Value shapeTensor =
      tensor::FromElementsOp::create(builder, loc, shapeType, shape);
  return tensor::ReshapeOp::create(builder, loc, type, value, shapeTensor);
}

static Value getNumElements(OpBuilder &builder, Location loc,
                            ArrayRef<Value> dims) {
  Value count = arith::ConstantIndexOp::create(builder, loc, 1);
  for (Value dim : dims)
    count = arith::MulIOp::create(builder, loc, count, dim);
  return count;
}

/// The flat type of a message of `type`: static when its shape is.
static RankedTensorType getFlatType(RankedTensorType type) {
  int64_t size =
      type.hasStaticShape() ? type.getNumElements() : ShapedType::kDynamic;
  return RankedTensorType::get({size},
                               getWireElementType(type.getElementType()));
}

/// Where a message goes or comes from, as the mpi ops take it: the
/// communicator (MPI_COMM_WORLD), the tag and the peer rank, as i32.
struct MessageAddress {
  Value world, tag, peer;
};

static MessageAddress getAddress(OpBuilder &builder, Location loc, int32_t tag,
                                 int64_t peer) {
  auto i32 = [&](int64_t value) -> Value {
    return arith::ConstantOp::create(builder, loc,
                                     builder.getI32IntegerAttr(value));
  };
  Value world = mpi::CommWorldOp::create(
      builder, loc, mpi::CommType::get(builder.getContext()));
  return {world, i32(tag), i32(peer)};
}

struct SendLowering : OpConversionPattern<lite::SendOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(lite::SendOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value value = adaptor.getValue();
    auto type = dyn_cast<RankedTensorType>(value.getType());
    if (!type)
      return op.emitError("the native back end sends ranked tensors only");
    Type wire = getWireElementType(type.getElementType());
    if (wire != type.getElementType())
      value = lite::CastOp::create(rewriter, loc, type.clone(wire), value);
    auto [world, tag, peer] =
        getAddress(rewriter, loc, op.getTag(), op.getPeer());
    SmallVector<Value> dims = getDims(rewriter, loc, value);
    if (op.getWithShape()) {
      // The shape first, for the receiver to allocate from.
      SmallVector<Value> sizes;
      for (Value dim : dims)
        sizes.push_back(arith::IndexCastOp::create(rewriter, loc,
                                                   rewriter.getI64Type(), dim));
      Value header = tensor::FromElementsOp::create(rewriter, loc, sizes);
      Value headerBuffer = bufferization::ToBufferOp::create(
          rewriter, loc,
          MemRefType::get({type.getRank()}, rewriter.getI64Type()), header,
          /*readOnly=*/true);
      mpi::SendOp::create(rewriter, loc, TypeRange{}, headerBuffer, tag, peer,
                          world);
    }
    RankedTensorType flatType = getFlatType(type);
    Value flat = reshape(rewriter, loc, value,
                         {getNumElements(rewriter, loc, dims)}, flatType);
    Value buffer = bufferization::ToBufferOp::create(
        rewriter, loc,
        MemRefType::get(flatType.getShape(), flatType.getElementType()), flat,
        /*readOnly=*/true);
    mpi::SendOp::create(rewriter, loc, TypeRange{}, buffer, tag, peer, world);
    rewriter.eraseOp(op);
    return success();
  }
};

struct RecvLowering : OpConversionPattern<lite::RecvOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(lite::RecvOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto type = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    if (!type)
      return op.emitError("the native back end receives ranked tensors only");
    // Checked before anything is created: a pattern that fails leaves the
    // IR as it was.
    if (!op.getWithShape() && !type.hasStaticShape())
      return op.emitError("receives a ")
             << type << " without its shape: native code needs the shape "
             << "in the type or in the message (with_shape)";
    Type wire = getWireElementType(type.getElementType());
    RankedTensorType wireType = type.clone(wire);
    auto [world, tag, peer] =
        getAddress(rewriter, loc, op.getTag(), op.getPeer());
    SmallVector<Value> dims;
    if (!op.getWithShape()) {
      for (int64_t size : type.getShape())
        dims.push_back(arith::ConstantIndexOp::create(rewriter, loc, size));
    } else {
      // Freed by the deallocation pipeline, which refuses explicit frees.
      auto headerType =
          MemRefType::get({type.getRank()}, rewriter.getI64Type());
      Value header = memref::AllocOp::create(rewriter, loc, headerType);
      mpi::RecvOp::create(rewriter, loc, TypeRange{}, header, tag, peer, world);
      for (int64_t dim = 0; dim < type.getRank(); ++dim) {
        Value index = arith::ConstantIndexOp::create(rewriter, loc, dim);
        Value size = memref::LoadOp::create(rewriter, loc, header, index);
        dims.push_back(arith::IndexCastOp::create(
            rewriter, loc, rewriter.getIndexType(), size));
      }
    }
    RankedTensorType flatType = getFlatType(type);
    auto bufferType =
        MemRefType::get(flatType.getShape(), flatType.getElementType());
    SmallVector<Value> dynamicSizes;
    if (!flatType.hasStaticShape())
      dynamicSizes.push_back(getNumElements(rewriter, loc, dims));
    Value buffer =
        memref::AllocOp::create(rewriter, loc, bufferType, dynamicSizes);
    mpi::RecvOp::create(rewriter, loc, TypeRange{}, buffer, tag, peer, world);
    Value flat = bufferization::ToTensorOp::create(
        rewriter, loc, flatType, buffer, /*restrict=*/true, /*writable=*/true);
    Value value = reshape(rewriter, loc, flat, dims, wireType);
    if (wire != type.getElementType())
      value = lite::CastOp::create(rewriter, loc, type, value);
    rewriter.replaceOp(op, value);
    return success();
  }
};

/// The messages as a resource: sends and receives stay in program order.
struct MPIMessageResource : SideEffects::Resource::Base<MPIMessageResource> {
  StringRef getName() final { return "<mpi.message>"; }
};

/// mpi.send reads its buffer, mpi.recv writes its own: what buffer
/// deallocation (which refuses ops with unknown effects) and bufferization
/// need to know about them. The mpi dialect declares no effects.
template <typename Op, bool writesBuffer>
struct MessageEffects
    : MemoryEffectOpInterface::ExternalModel<MessageEffects<Op, writesBuffer>,
                                             Op> {
  void
  getEffects(Operation *op,
             SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
                 &effects) const {
    OpOperand &buffer = op->getOpOperand(0);
    if (writesBuffer)
      effects.emplace_back(MemoryEffects::Write::get(), &buffer);
    else
      effects.emplace_back(MemoryEffects::Read::get(), &buffer);
    effects.emplace_back(MemoryEffects::Read::get(), MPIMessageResource::get());
    effects.emplace_back(MemoryEffects::Write::get(),
                         MPIMessageResource::get());
  }
};

} // namespace

void registerMessageEffects(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *context, mpi::MPIDialect *) {
    mpi::SendOp::attachInterface<MessageEffects<mpi::SendOp, false>>(*context);
    mpi::RecvOp::attachInterface<MessageEffects<mpi::RecvOp, true>>(*context);
  });
}

void populateMessagePatterns(const TypeConverter &converter,
                             RewritePatternSet &patterns) {
  patterns.add<SendLowering, RecvLowering>(converter, patterns.getContext());
}

} // namespace sluice::lite_to_native
