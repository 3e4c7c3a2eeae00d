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
//===----------------------------------------------------------------------===//

#include "sluice/Codegen/Native/Passes.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
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
  for (int64_t width = columns; width >= std::min<int64_t>(columns, 8); --width)
    if (columns % width == 0 && rows * width <= budget)
      return width;
  return std::nullopt;
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
    getOperation().walk([&](linalg::GenericOp op) {
      if (std::optional<int64_t> block =
              getColumnBlock(op, maxAccumulatorElements))
        products.push_back({op, *block});
    });
    if (products.empty())
      return;
    IRRewriter rewriter(&getContext());
    for (auto [op, block] : products)
      (void)vectorizeProduct(rewriter, op, block);
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
  }
};

} // namespace
} // namespace sluice
