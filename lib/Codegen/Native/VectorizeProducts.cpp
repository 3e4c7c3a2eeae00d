//===- VectorizeProducts.cpp - register accumulators for small products ---===//
//
//   for k:                                  %c0 = read C            (vector)
//     for n: C[m,n] += A[m,k] * B[k,n]  =>  %c = for k iter_args(%c0):
//                                              %c + broadcast(A[m,k]) * B[k,:]
//                                           write %c into C
//
// Tiling the product by one along k gives the loop; vectorising the tiled
// op gives the vector body, and hoisting the loop-invariant read/write pair
// of C (hoistLoopInvariantSubsets) turns it into the loop's iteration value.
// Each C[m, n] still adds its products in k order; the multiply and add may
// fuse into an FMA.
//
// Convolutions the same way, a tile of output columns x channels at a time
// (static shapes, float elements):
//
//   conv_2d_nhwc_fhwc            conv_2d_nhwc_hwcf (filter transposed once)
//   out[n, oh, ow, f] +=    =>   for n, oh, ow by OW, f by F:   (parallel)
//     in[..] * w[f, kh, kw, c]     acc = read out tile [OW x F]  (vector)
//                                  for kh, kw:                   (reduction)
//                                    acc += conv_1d(in row slice, w[kh, kw])
//                                  write acc
//
// The tiled 2-D convolution, one output row and one filter tap high, is a
// 1-D one (linalg's decomposition), which linalg vectorises into outer
// products over the input channels; depthwise_conv_2d_nhwc_hwc likewise
// with channels in place of filters.
//
//===----------------------------------------------------------------------===//

#include "sluice/Codegen/Native/Passes.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

namespace sluice {
#define GEN_PASS_DEF_NATIVEVECTORIZEPRODUCTSPASS
#include "sluice/Codegen/Native/Passes.h.inc"
} // namespace sluice

using namespace mlir;

namespace sluice {
namespace {

/// Marks the k loops between tiling and hoisting.
constexpr llvm::StringLiteral kProductLoopAttr = "sluice.product_loop";

/// The largest divisor of `size` no greater than `most`.
int64_t largestDivisor(int64_t size, int64_t most) {
  for (int64_t d = std::min(size, most); d > 1; --d)
    if (size % d == 0)
      return d;
  return 1;
}

/// A product over (m, k, n) with maps (m, k), (k, n), (m, n), static shapes
/// and float elements: the width of the column blocks of C that fit in
/// `budget` elements (n itself when the whole C fits), or nullopt.
std::optional<int64_t> getColumnBlock(linalg::GenericOp op, int64_t budget) {
  if (op.getNumLoops() != 3 || op.getNumDpsInputs() != 2 ||
      op.getNumDpsInits() != 1 || !op.hasPureTensorSemantics())
    return std::nullopt;
  auto iterators = op.getIteratorTypesArray();
  if (iterators[0] != utils::IteratorType::parallel ||
      iterators[1] != utils::IteratorType::reduction ||
      iterators[2] != utils::IteratorType::parallel)
    return std::nullopt;
  MLIRContext *context = op.getContext();
  AffineExpr m, k, n;
  bindDims(context, m, k, n);
  SmallVector<AffineMap> expected = {AffineMap::get(3, 0, {m, k}, context),
                                     AffineMap::get(3, 0, {k, n}, context),
                                     AffineMap::get(3, 0, {m, n}, context)};
  if (op.getIndexingMapsArray() != expected)
    return std::nullopt;
  auto result = dyn_cast<RankedTensorType>(op.getResultTypes()[0]);
  SmallVector<int64_t> bounds = op.getStaticLoopRanges();
  if (!result || !isa<FloatType>(result.getElementType()) ||
      llvm::any_of(bounds, ShapedType::isDynamic))
    return std::nullopt;
  // The widest divisor of n whose block of C fits: blocks of equal width
  // keep every vector static. Blocks narrower than a vector are no gain.
  int64_t rows = bounds[0], columns = bounds[2];
  int64_t width = largestDivisor(columns, rows ? budget / rows : columns);
  if (width < std::min<int64_t>(columns, 8) || rows * width > budget)
    return std::nullopt;
  return width;
}

/// Lets LLVM fuse the loop body's multiply and add into one FMA (a single
/// rounding instead of two, as TFLite's kernels compute).
void allowContraction(scf::ForOp loop) {
  auto contract = arith::FastMathFlagsAttr::get(loop.getContext(),
                                                arith::FastMathFlags::contract);
  loop.getBody()->walk([&](Operation *inner) {
    if (isa<arith::MulFOp, arith::AddFOp>(inner))
      inner->setAttr(
          cast<arith::ArithFastMathInterface>(inner).getFastMathAttrName(),
          contract);
  });
}

LogicalResult vectorizeProduct(RewriterBase &rewriter, linalg::GenericOp op,
                               int64_t columnBlock) {
  rewriter.setInsertionPoint(op);
  bool blocked = columnBlock != op.getStaticLoopRanges()[2];
  // Column blocks outside, k inside: each block's accumulators live through
  // the whole k loop.
  scf::SCFTilingOptions options;
  options.setTileSizes({rewriter.getIndexAttr(0), rewriter.getIndexAttr(1),
                        rewriter.getIndexAttr(blocked ? columnBlock : 0)});
  if (blocked)
    options.setInterchange({0, 2, 1});
  FailureOr<scf::SCFTilingResult> tiled = scf::tileUsingSCF(
      rewriter, cast<TilingInterface>(op.getOperation()), options);
  if (failed(tiled) || tiled->loops.size() != (blocked ? 2u : 1u) ||
      tiled->tiledOps.size() != 1)
    return failure();
  rewriter.replaceOp(op, tiled->replacements);
  Operation *body = tiled->tiledOps.front();
  rewriter.setInsertionPoint(body);
  FailureOr<linalg::VectorizationResult> vectorized =
      linalg::vectorize(rewriter, body);
  if (failed(vectorized))
    return failure();
  rewriter.replaceOp(body, vectorized->replacements);
  tiled->loops.back()->setAttr(kProductLoopAttr, rewriter.getUnitAttr());
  return success();
}

/// The output tile of a convolution, (columns, channels), whose
/// accumulators fit `budget` elements: up to 32 channels (two AVX-512
/// registers) and 8 columns, each dividing its dimension (static vectors).
std::pair<int64_t, int64_t> convolutionTile(int64_t columns, int64_t channels,
                                            int64_t budget) {
  int64_t width =
      largestDivisor(channels, std::clamp<int64_t>(budget / 4, 1, 32));
  return {largestDivisor(columns, std::clamp<int64_t>(budget / width, 1, 8)),
          width};
}

/// Whether `op` computes on float tensors of static shapes.
bool isStaticFloat(linalg::LinalgOp op) {
  if (!op.hasPureTensorSemantics())
    return false;
  for (Value operand : op->getOperands()) {
    auto type = dyn_cast<RankedTensorType>(operand.getType());
    if (!type || !type.hasStaticShape() ||
        !isa<FloatType>(type.getElementType()))
      return false;
  }
  return true;
}

/// Tiles a 2-D NHWC convolution whose loops are (n, oh, ow, channel, kh,
/// kw[, c]) into output tiles of `columns` x `channels`, one row and one
/// filter tap at a time, then decomposes the tile to 1-D with `Downscale`
/// and vectorises it. Marks the kw loop, whose accumulator the caller
/// hoists.
template <typename Conv2D, typename Downscale>
LogicalResult vectorizeConvolution(RewriterBase &rewriter, linalg::LinalgOp op,
                                   int64_t columns, int64_t channels) {
  rewriter.setInsertionPoint(op);
  SmallVector<OpFoldResult> sizes = {
      rewriter.getIndexAttr(1),       rewriter.getIndexAttr(1),
      rewriter.getIndexAttr(columns), rewriter.getIndexAttr(channels),
      rewriter.getIndexAttr(1),       rewriter.getIndexAttr(1)};
  if (op.getNumLoops() == 7)
    sizes.push_back(rewriter.getIndexAttr(1));
  scf::SCFTilingOptions options;
  options.setTileSizes(sizes);
  FailureOr<scf::SCFTilingResult> tiled = scf::tileUsingSCF(
      rewriter, cast<TilingInterface>(op.getOperation()), options);
  if (failed(tiled) || tiled->tiledOps.size() != 1 || tiled->loops.empty())
    return failure();
  rewriter.replaceOp(op, tiled->replacements);
  auto tile = cast<Conv2D>(tiled->tiledOps.front());
  // The decomposition is a rewrite pattern: it takes a PatternRewriter.
  PatternRewriter patternRewriter(rewriter.getContext());
  patternRewriter.setInsertionPoint(tile);
  auto decomposed = Downscale(rewriter.getContext())
                        .returningMatchAndRewrite(tile, patternRewriter);
  if (failed(decomposed))
    return failure();
  rewriter.setInsertionPoint(*decomposed);
  FailureOr<linalg::VectorizationResult> vectorized =
      linalg::vectorize(rewriter, *decomposed);
  if (failed(vectorized))
    return failure();
  rewriter.replaceOp(*decomposed, vectorized->replacements);
  for (LoopLikeOpInterface loop : tiled->loops)
    loop->setAttr(kProductLoopAttr, rewriter.getUnitAttr());
  return success();
}

/// conv_2d_nhwc_fhwc: the filter transposed to HWCF (folded when constant),
/// then tiles of convolutionTile's output columns x filters.
LogicalResult vectorizeConv2D(RewriterBase &rewriter,
                              linalg::Conv2DNhwcFhwcOp op, int64_t budget) {
  rewriter.setInsertionPoint(op);
  FailureOr<Operation *> transposed = linalg::transposeConv2D(rewriter, op);
  if (failed(transposed))
    return failure();
  auto conv = cast<linalg::Conv2DNhwcHwcfOp>(*transposed);
  ArrayRef<int64_t> out =
      cast<RankedTensorType>(conv.getOutputs()[0].getType()).getShape();
  using Downscale =
      linalg::DownscaleSizeOneWindowed2DConvolution<linalg::Conv2DNhwcHwcfOp,
                                                    linalg::Conv1DNwcWcfOp>;
  auto [columns, filters] = convolutionTile(out[2], out[3], budget);
  return vectorizeConvolution<linalg::Conv2DNhwcHwcfOp, Downscale>(
      rewriter, conv, columns, filters);
}

/// depthwise_conv_2d_nhwc_hwc: tiles of convolutionTile's output columns
/// x channels.
LogicalResult vectorizeDepthwise(RewriterBase &rewriter,
                                 linalg::DepthwiseConv2DNhwcHwcOp op,
                                 int64_t budget) {
  ArrayRef<int64_t> out =
      cast<RankedTensorType>(op.getOutputs()[0].getType()).getShape();
  auto [columns, channels] = convolutionTile(out[2], out[3], budget);
  return vectorizeConvolution<linalg::DepthwiseConv2DNhwcHwcOp,
                              linalg::DownscaleDepthwiseConv2DNhwcHwcOp>(
      rewriter, op, columns, channels);
}

/// Every op's canonicalization patterns, as -canonicalize uses them, but
/// scf.while's and scf.if's: those drop results (an invariant or unused
/// loop slot) and keep the `lite.buffers` decisions that
/// -native-loop-state-in-place has yet to apply, which then no longer match
/// the results.
FrozenRewritePatternSet canonicalizationPatterns(MLIRContext *context) {
  RewritePatternSet patterns(context);
  for (Dialect *dialect : context->getLoadedDialects())
    dialect->getCanonicalizationPatterns(patterns);
  for (RegisteredOperationName op : context->getRegisteredOperations())
    if (op.getStringRef() != scf::WhileOp::getOperationName() &&
        op.getStringRef() != scf::IfOp::getOperationName())
      op.getCanonicalizationPatterns(patterns, context);
  return std::move(patterns);
}

struct NativeVectorizeProductsPass
    : impl::NativeVectorizeProductsPassBase<NativeVectorizeProductsPass> {
  using Base::Base;
  void runOnOperation() override {
    SmallVector<std::pair<linalg::GenericOp, int64_t>> products;
    SmallVector<linalg::LinalgOp> convolutions;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (auto generic = dyn_cast<linalg::GenericOp>(op.getOperation())) {
        if (std::optional<int64_t> block =
                getColumnBlock(generic, maxAccumulatorElements))
          products.push_back({generic, *block});
      } else if (isa<linalg::Conv2DNhwcFhwcOp,
                     linalg::DepthwiseConv2DNhwcHwcOp>(op.getOperation()) &&
                 isStaticFloat(op)) {
        convolutions.push_back(op);
      }
    });
    if (products.empty() && convolutions.empty())
      return;
    IRRewriter rewriter(&getContext());
    for (auto [op, block] : products)
      (void)vectorizeProduct(rewriter, op, block);
    for (linalg::LinalgOp op : convolutions) {
      if (auto conv = dyn_cast<linalg::Conv2DNhwcFhwcOp>(op.getOperation()))
        (void)vectorizeConv2D(rewriter, conv, maxAccumulatorElements);
      else
        (void)vectorizeDepthwise(
            rewriter, cast<linalg::DepthwiseConv2DNhwcHwcOp>(op.getOperation()),
            maxAccumulatorElements);
    }
    // The tiled op reads and writes C through full slices of the loop's
    // iteration value; folding those lets the read/write pair be hoisted.
    (void)applyPatternsGreedily(getOperation(),
                                canonicalizationPatterns(&getContext()));
    getOperation().walk([&](scf::ForOp loop) {
      if (!loop->removeAttr(kProductLoopAttr))
        return;
      allowContraction(loop);
      hoistLoopInvariantSubsets(rewriter, loop);
    });
    if (convolutions.empty())
      return;
    // A vectorised convolution tile is a vector.contract of one input
    // channel: outer products, each an FMA per row of the tile (the default
    // lowering would compute every output element as a dot product).
    RewritePatternSet lowering(&getContext());
    vector::populateVectorContractLoweringPatterns(
        lowering, vector::VectorContractLowering::OuterProduct);
    (void)applyPatternsGreedily(getOperation(), std::move(lowering));
  }
};

} // namespace
} // namespace sluice
