//===- ContractionLayout.cpp - matrix products that vectorise -------------===//
//
//   for m, n: for k: C[m,n] += A[m,k] * W[n,k]     (W constant, [out, in])
//     => W' = transpose(W) at compile time
//   for m: for k: for n: C[m,n] += A[m,k] * W'[k,n]  (contiguous in n)
//
// The inner loop of the second form is a vector multiply-add over a row of C;
// the first needs a horizontal sum per output. Each C[m,n] still adds its
// products in k order, so results are unchanged.
//
//===----------------------------------------------------------------------===//

#include "sluice/Codegen/Native/Passes.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

namespace sluice {
#define GEN_PASS_DEF_NATIVECONTRACTIONLAYOUTPASS
#include "sluice/Codegen/Native/Passes.h.inc"
} // namespace sluice

using namespace mlir;

namespace sluice {
namespace {

/// The maps of a product over (d0, d1, d2) = (m, n, k) with `B` indexed
/// (n, k) when `transposed`, else (k, n).
bool isProduct(linalg::GenericOp op, bool transposed) {
  if (op.getNumLoops() != 3 || op.getNumDpsInputs() != 2 ||
      op.getNumDpsInits() != 1)
    return false;
  auto iterators = op.getIteratorTypesArray();
  if (iterators[0] != utils::IteratorType::parallel ||
      iterators[1] != utils::IteratorType::parallel ||
      iterators[2] != utils::IteratorType::reduction)
    return false;
  MLIRContext *context = op.getContext();
  AffineExpr m, n, k;
  bindDims(context, m, n, k);
  SmallVector<AffineMap> expected = {
      AffineMap::get(3, 0, {m, k}, context),
      transposed ? AffineMap::get(3, 0, {n, k}, context)
                 : AffineMap::get(3, 0, {k, n}, context),
      AffineMap::get(3, 0, {m, n}, context)};
  return op.getIndexingMapsArray() == expected;
}

/// C += A * transpose(W) with W a constant: W transposed at compile time.
LogicalResult transposeConstantWeights(RewriterBase &rewriter,
                                       linalg::GenericOp op) {
  if (!isProduct(op, /*transposed=*/true))
    return failure();
  OpOperand *weights = op.getDpsInputOperand(1);
  DenseElementsAttr value;
  if (!matchPattern(weights->get(), m_Constant(&value)))
    return failure();
  auto type = cast<RankedTensorType>(value.getType());
  int64_t rows = type.getDimSize(0), columns = type.getDimSize(1);
  auto transposedType =
      RankedTensorType::get({columns, rows}, type.getElementType());
  SmallVector<Attribute> elements(value.getValues<Attribute>());
  SmallVector<Attribute> transposed(elements.size());
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < columns; ++c)
      transposed[c * rows + r] = elements[r * columns + c];
  rewriter.setInsertionPoint(op);
  Value constant = arith::ConstantOp::create(
      rewriter, weights->get().getLoc(),
      DenseElementsAttr::get(transposedType, transposed));
  MLIRContext *context = op.getContext();
  AffineExpr n, k;
  bindDims(context, std::ignore, n, k);
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  maps[1] = AffineMap::get(3, 0, {k, n}, context);
  rewriter.modifyOpInPlace(op, [&] {
    weights->set(constant);
    op.setIndexingMapsAttr(rewriter.getAffineMapArrayAttr(maps));
  });
  return success();
}

struct NativeContractionLayoutPass
    : impl::NativeContractionLayoutPassBase<NativeContractionLayoutPass> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    SmallVector<linalg::LinalgOp> products;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (isa<linalg::MatmulOp>(op))
        products.push_back(op);
    });
    for (linalg::LinalgOp op : products) {
      rewriter.setInsertionPoint(op);
      (void)linalg::generalizeNamedOp(rewriter, op);
    }
    SmallVector<linalg::GenericOp> generics;
    getOperation().walk([&](linalg::GenericOp op) { generics.push_back(op); });
    for (linalg::GenericOp op : generics) {
      (void)transposeConstantWeights(rewriter, op);
      if (isProduct(op, /*transposed=*/false))
        (void)linalg::interchangeGenericOp(rewriter, op, {0, 2, 1});
    }
  }
};

} // namespace
} // namespace sluice
