//===- DecomposeForTFLite.cpp - the -lite-decompose-for-tflite pass -------===//
//
// Replaces each elementwise op that has no TFLite builtin by its record's
// `tfliteDecomposition` (LiteOps.td), an expression over ops that have one,
// and broadcasts the operands of builtins whose LiteRT kernel does not
// (`tfliteSameShapes`). The rewrite patterns are generated from the records
// by sluice-tblgen (LiteTFLiteDecompositions.inc); this file holds the pass,
// the check each decomposition ends with, the broadcasting pattern and the
// rewrites of structured ops for LiteRT's kernels (reverse_v2 one axis at a
// time, a zero bias for convolutions without one, int32 indices for
// scatter_nd, integer relu/relu6/square through maximum/minimum/mul,
// reverse_sequence of bool, int8 and float16 widened).
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Lite/IR/IndexRules.h"
#include "sluice/Dialect/Lite/IR/LiteBuilders.h"
#include "sluice/Dialect/Lite/IR/LiteExprBuilder.h"
#include "sluice/Dialect/Lite/IR/LiteOps.h"
#include "sluice/Dialect/Lite/Transforms/Passes.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace sluice::lite {
#define GEN_PASS_DEF_LITEDECOMPOSEFORTFLITEPASS
#include "sluice/Dialect/Lite/Transforms/Passes.h.inc"
} // namespace sluice::lite

using namespace mlir;

namespace sluice::lite {
namespace {

/// Replaces `op` by `value`, built from its operands, when their types
/// agree (an unranked operand gives an unranked decomposition, which the
/// op's static result type would not accept).
LogicalResult replaceWithDecomposition(PatternRewriter &rewriter, Operation *op,
                                       Value value) {
  if (value.getType() != op->getResult(0).getType())
    return rewriter.notifyMatchFailure(op, [&](Diagnostic &diag) {
      diag << "the decomposition has type " << value.getType();
    });
  rewriter.replaceOp(op, value);
  return success();
}

/// Whether `a` and `b` are known to have one shape.
bool haveOneStaticShape(Value a, Value b) {
  auto x = dyn_cast<RankedTensorType>(a.getType());
  auto y = dyn_cast<RankedTensorType>(b.getType());
  return x && y && x.hasStaticShape() && x.getShape() == y.getShape();
}

/// A binary builtin whose LiteRT kernel does not broadcast (the record's
/// `tfliteSameShapes`) gets operands broadcast to the result's shape first:
/// x * (zeros_like(y) + 1), which is x bit for bit (NaN, -0 and Inf
/// included) repeated along y's dimensions.
///
///   r = op(x, y)   =>   ones_x = zeros_like(x) + 1, ones_y = zeros_like(y) + 1
///                       r = op(x * ones_y, y * ones_x)
template <typename OpTy>
struct BroadcastOperandsForTFLite : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    Value x = op->getOperand(0), y = op->getOperand(1);
    if (haveOneStaticShape(x, y))
      return rewriter.notifyMatchFailure(op, "operands of one shape");
    ExprBuilder e(rewriter, op->getLoc(), getElementTypeOrSelf(x.getType()));
    auto broadcast = [&](Value value, Value other) {
      Value ones =
          e.binaryActivation<AddOp>(e.unary<ZerosLikeOp>(other), e.constant(1));
      return e.binaryActivation<MulOp>(value, ones);
    };
    Value broadcastX = broadcast(x, y);
    Value broadcastY = broadcast(y, x);
    rewriter.modifyOpInPlace(
        op, [&] { op->setOperands({broadcastX, broadcastY}); });
    return success();
  }
};

/// LiteRT's REVERSE_V2 reverses along one axis or several contiguous ones
/// in increasing order ("Non-contiguous `axes` not supported"), and crashes
/// on none: reverse_v2 with constant axes becomes one reverse_v2 per axis
/// in increasing order, or its input for no axes.
///
///   r = reverse_v2(x, [2, 0])   =>   t = reverse_v2(x, [0])
///                                    r = reverse_v2(t, [2])
struct ReverseOneAxisAtATime : OpRewritePattern<ReverseV2Op> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ReverseV2Op op,
                                PatternRewriter &rewriter) const override {
    DenseIntElementsAttr axes;
    if (!matchPattern(op.getAxes(), m_Constant(&axes)))
      return rewriter.notifyMatchFailure(op, "axes not constant");
    if (axes.getNumElements() == 1)
      return rewriter.notifyMatchFailure(op, "one axis");
    auto input = dyn_cast<RankedTensorType>(op.getInput().getType());
    SmallVector<int32_t> dims;
    for (const APInt &axis : axes.getValues<APInt>()) {
      int64_t dim = axis.getSExtValue();
      if (input) {
        FailureOr<int64_t> normalized = normalizeAxis(dim, input.getRank());
        if (failed(normalized))
          return rewriter.notifyMatchFailure(op, "axis out of range");
        dim = *normalized;
      } else if (dim < 0) {
        return rewriter.notifyMatchFailure(op, "negative axis, rank unknown");
      }
      dims.push_back(static_cast<int32_t>(dim));
    }
    llvm::sort(dims);
    Value result = op.getInput();
    if (dims.empty() && result.getType() != op.getType())
      return rewriter.notifyMatchFailure(op, "input and result types differ");
    for (int32_t dim : dims)
      result = ReverseV2Op::create(rewriter, op.getLoc(), op.getType(), result,
                                   createI32Vector(rewriter, op.getLoc(), dim));
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// LiteRT's CONV_2D and DEPTHWISE_CONV_2D kernels need a bias operand: a
/// convolution without one gets zeros (adding +0 leaves every sum as it
/// is, -0 aside, which a sum from +0 never gives), a constant when the
/// output channels are known, else a fill of the filter's output channels
/// (dimension 0 of CONV_2D's filter, 3 of DEPTHWISE_CONV_2D's).
///
///   y = conv_2d(x, w)   =>   y = conv_2d(x, w, zeros[out_channels])
template <typename ConvOp> struct ZeroBiasForLiteRT : OpRewritePattern<ConvOp> {
  using OpRewritePattern<ConvOp>::OpRewritePattern;
  LogicalResult matchAndRewrite(ConvOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getBias())
      return rewriter.notifyMatchFailure(op, "has a bias");
    auto result = dyn_cast<RankedTensorType>(op.getType());
    if (!result || result.getRank() != 4)
      return rewriter.notifyMatchFailure(op, "output of unknown rank");
    Location loc = op.getLoc();
    Type element = result.getElementType();
    Value zeros;
    if (!result.isDynamicDim(3)) {
      zeros = ConstantOp::create(
          rewriter, loc,
          DenseElementsAttr::get(
              RankedTensorType::get({result.getDimSize(3)}, element),
              rewriter.getZeroAttr(element)));
    } else {
      Type i32 = rewriter.getI32Type();
      int32_t channelDim = std::is_same_v<ConvOp, DepthwiseConv2DOp> ? 3 : 0;
      Value channels = shapes::createInferred<SliceOp>(
          rewriter, loc, i32,
          shapes::createInferred<ShapeOp>(rewriter, loc, i32, op.getFilter()),
          createI32Vector(rewriter, loc, {channelDim}),
          createI32Vector(rewriter, loc, {1}));
      zeros = shapes::createInferred<FillOp>(
          rewriter, loc, element, channels,
          createZeroScalar(rewriter, loc, element));
    }
    rewriter.modifyOpInPlace(op, [&] { op.getBiasMutable().assign(zeros); });
    return success();
  }
};

/// LiteRT's SCATTER_ND takes int32 indices and shape only: int64 ones are
/// narrowed. The indices are first clamped to [-1, INT32_MAX] in int64, so
/// that one outside int32 stays outside every dimension (LiteRT refuses it
/// at run time) instead of wrapping into range; the shape's sizes fit in
/// int32 in any tensor LiteRT holds.
///
///   scatter_nd(i, u, s)  =>  scatter_nd(cast<i32>(min(max(i, -1), 2^31-1)),
///                                       u, cast<i32>(s))
struct Int32ScatterIndices : OpRewritePattern<ScatterNdOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ScatterNdOp op,
                                PatternRewriter &rewriter) const override {
    auto indices = cast<TensorType>(op.getIndices().getType());
    if (!indices.getElementType().isInteger(64))
      return rewriter.notifyMatchFailure(op, "has int32 indices");
    Location loc = op.getLoc();
    Type i64 = indices.getElementType(), i32 = rewriter.getI32Type();
    auto scalar = [&](int64_t value) {
      return createScalar(rewriter, loc, rewriter.getIntegerAttr(i64, value));
    };
    Value clamped = shapes::createInferred<MinimumOp>(
        rewriter, loc, i64,
        shapes::createInferred<MaximumOp>(rewriter, loc, i64, op.getIndices(),
                                          scalar(-1)),
        scalar(std::numeric_limits<int32_t>::max()));
    Value narrowIndices =
        shapes::createInferred<CastOp>(rewriter, loc, i32, clamped);
    Value narrowShape =
        shapes::createInferred<CastOp>(rewriter, loc, i32, op.getShape());
    rewriter.modifyOpInPlace(op, [&] {
      op.getIndicesMutable().assign(narrowIndices);
      op.getShapeMutable().assign(narrowShape);
    });
    return success();
  }
};

/// LiteRT's RELU and RELU6 take no 32- or 64-bit integers and its SQUARE
/// no integers at all; MAXIMUM, MINIMUM and MUL do, with the same values
/// (MUL wraps as SQUARE's definition does):
///
///   relu(x)  => maximum(x, 0)        relu6(x) => minimum(maximum(x, 0), 6)
///   square(x) => mul(x, x)
template <typename OpTy>
struct IntegerActivationsForLiteRT : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    Type element = getElementTypeOrSelf(op.getType());
    auto integer = dyn_cast<IntegerType>(element);
    bool square = std::is_same_v<OpTy, SquareOp>;
    if (!integer || integer.getWidth() == 1 ||
        (!square && integer.getWidth() < 32))
      return rewriter.notifyMatchFailure(op, "LiteRT has a kernel for it");
    Location loc = op.getLoc();
    Value x = op.getInput();
    if (square) {
      rewriter.replaceOp(op, MulOp::create(rewriter, loc, op.getType(), x, x,
                                           ActivationFunctionType::NONE));
      return success();
    }
    auto scalar = [&](int64_t value) {
      return createScalar(rewriter, loc,
                          rewriter.getIntegerAttr(element, value));
    };
    Value result = MaximumOp::create(rewriter, loc, op.getType(), x, scalar(0));
    if (std::is_same_v<OpTy, Relu6Op>)
      result =
          MinimumOp::create(rewriter, loc, op.getType(), result, scalar(6));
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// LiteRT's REVERSE_SEQUENCE takes no bool, int8 or float16: such a tensor
/// is reversed as int32 (float32 for float16), whose values hold it
/// exactly, and cast back.
///
///   reverse_sequence(x)  =>  cast<T>(reverse_sequence(cast<i32>(x)))
struct WidenReverseSequence : OpRewritePattern<ReverseSequenceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ReverseSequenceOp op,
                                PatternRewriter &rewriter) const override {
    Type element = getElementTypeOrSelf(op.getType());
    Type wide;
    if (element.isInteger(1) || element.isInteger(8))
      wide = rewriter.getI32Type();
    else if (element.isF16())
      wide = rewriter.getF32Type();
    else
      return rewriter.notifyMatchFailure(op, "LiteRT has a kernel for it");
    Location loc = op.getLoc();
    Value widened =
        shapes::createInferred<CastOp>(rewriter, loc, wide, op.getInput());
    Value reversed = shapes::createInferred<ReverseSequenceOp>(
        rewriter, loc, wide, widened, op.getSeqLengths(), op.getSeqDim(),
        op.getBatchDim());
    rewriter.replaceOp(op,
                       CastOp::create(rewriter, loc, op.getType(), reversed));
    return success();
  }
};

#include "sluice/Dialect/Lite/IR/LiteTFLiteDecompositions.inc"

struct LiteDecomposeForTFLitePass
    : impl::LiteDecomposeForTFLitePassBase<LiteDecomposeForTFLitePass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateTFLiteDecompositions(patterns);
    patterns.add<ReverseOneAxisAtATime, ZeroBiasForLiteRT<Conv2DOp>,
                 ZeroBiasForLiteRT<DepthwiseConv2DOp>, Int32ScatterIndices,
                 IntegerActivationsForLiteRT<ReluOp>,
                 IntegerActivationsForLiteRT<Relu6Op>,
                 IntegerActivationsForLiteRT<SquareOp>, WidenReverseSequence>(
        &getContext());
    // One walk, no folding and no dead-code elimination: the program is
    // otherwise exported as written (export -> import -> export gives the
    // same bytes), and no decomposition yields an op with one.
    walkAndApplyPatterns(getOperation(), std::move(patterns));
  }
};

} // namespace
} // namespace sluice::lite
