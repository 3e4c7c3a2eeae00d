//===- ControlFlowPatterns.cpp - lite.if/lite.while to scf ----------------===//
//
// lite.constant becomes arith.constant; lite.if and lite.while become scf.if
// and scf.while with their regions moved over:
//
//   lite.while (%x = %init) cond {        scf.while (%x = %init) {
//     lite.yield %p : tensor<i1>     =>     scf.condition(extract %p) %x
//   } body {                               } do {
//     lite.yield %next                        scf.yield %next
//   }                                      }
//
// lite.if's predicate is a tensor<i1>, read with tensor.extract. Where lite
// lets a yield or an init be more precise than the op's type, a tensor.cast
// makes the types equal as scf requires.
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "sluice/Conversion/LiteToLinalg/LiteToLinalg.h"
#include "sluice/Dialect/Lite/IR/LiteOps.h"

using namespace mlir;

namespace sluice::lite_to_native {
namespace {

/// Casts each value to the matching type where the two differ (a static
/// shape to a dynamic one or back).
SmallVector<Value> castTo(OpBuilder &builder, Location loc, ValueRange values,
                          TypeRange types) {
  SmallVector<Value> cast;
  for (auto [value, type] : llvm::zip_equal(values, types))
    cast.push_back(
        value.getType() == type
            ? value
            : tensor::CastOp::create(builder, loc, type, value).getResult());
  return cast;
}

Value readPredicate(OpBuilder &builder, Location loc, Value predicate) {
  return tensor::ExtractOp::create(builder, loc, predicate, ValueRange{});
}

struct ConstantLowering : OpConversionPattern<lite::ConstantOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(lite::ConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    auto value = dyn_cast<DenseElementsAttr>(op.getValue());
    if (!type || !value)
      return rewriter.notifyMatchFailure(op, "needs a dense ranked constant");
    if (value.getType() != type)
      value = value.bitcast(type.getElementType());
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, type, value);
    return success();
  }
};

struct IfLowering : OpConversionPattern<lite::IfOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(lite::IfOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> types;
    if (failed(getTypeConverter()->convertTypes(op.getResultTypes(), types)))
      return failure();
    Location loc = op.getLoc();
    Value predicate = readPredicate(rewriter, loc, adaptor.getCond());
    auto ifOp = scf::IfOp::create(rewriter, loc, types, predicate,
                                  /*addThenBlock=*/false,
                                  /*addElseBlock=*/false);
    rewriter.inlineRegionBefore(op.getThenRegion(), ifOp.getThenRegion(),
                                ifOp.getThenRegion().end());
    rewriter.inlineRegionBefore(op.getElseRegion(), ifOp.getElseRegion(),
                                ifOp.getElseRegion().end());
    rewriter.replaceOp(op, ifOp.getResults());
    return success();
  }
};

struct WhileLowering : OpConversionPattern<lite::WhileOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(lite::WhileOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    const TypeConverter &converter = *getTypeConverter();
    SmallVector<Type> types;
    if (failed(converter.convertTypes(op.getResultTypes(), types)))
      return failure();
    Location loc = op.getLoc();
    SmallVector<Value> inits = castTo(rewriter, loc, adaptor.getInits(), types);
    auto loop = scf::WhileOp::create(rewriter, loc, types, inits);
    // Decisions recorded on the loop (-lite-plan-buffers) stay with it.
    loop->setDiscardableAttrs(op->getDiscardableAttrDictionary());
    for (auto [from, to] : {std::pair(&op.getCond(), &loop.getBefore()),
                            std::pair(&op.getBody(), &loop.getAfter())}) {
      rewriter.inlineRegionBefore(*from, *to, to->end());
      if (failed(rewriter.convertRegionTypes(to, converter)))
        return failure();
    }
    rewriter.replaceOp(op, loop.getResults());
    return success();
  }
};

struct YieldLowering : OpConversionPattern<lite::YieldOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(lite::YieldOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Operation *parent = op->getParentOp();
    Location loc = op.getLoc();
    if (auto ifOp = dyn_cast<scf::IfOp>(parent)) {
      rewriter.replaceOpWithNewOp<scf::YieldOp>(
          op,
          castTo(rewriter, loc, adaptor.getOperands(), ifOp.getResultTypes()));
      return success();
    }
    auto loop = dyn_cast<scf::WhileOp>(parent);
    if (!loop)
      return rewriter.notifyMatchFailure(op, "parent is not lowered yet");
    if (op->getParentRegion() == &loop.getBefore()) {
      if (adaptor.getOperands().size() != 1)
        return rewriter.notifyMatchFailure(op, "cond yields one predicate");
      Value predicate = readPredicate(rewriter, loc, adaptor.getOperands()[0]);
      rewriter.replaceOpWithNewOp<scf::ConditionOp>(
          op, predicate, op->getBlock()->getArguments());
      return success();
    }
    rewriter.replaceOpWithNewOp<scf::YieldOp>(
        op, castTo(rewriter, loc, adaptor.getOperands(),
                   loop.getBefore().getArgumentTypes()));
    return success();
  }
};

} // namespace

void populateControlFlowPatterns(const TypeConverter &converter,
                                 RewritePatternSet &patterns) {
  patterns.add<ConstantLowering, IfLowering, WhileLowering, YieldLowering>(
      converter, patterns.getContext());
}

} // namespace sluice::lite_to_native
