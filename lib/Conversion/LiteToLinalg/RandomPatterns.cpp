//===- RandomPatterns.cpp - TF's random numbers in native code ------------===//
//
// lite.random_uniform becomes a linalg.generic whose body computes the
// Philox-4x32-10 block of its element (the constants and the word-to-float
// rule of sluice/Dialect/Lite/IR/RandomRules.h, in arith ops), and a
// global counter per op (declared by lowerVariableDeclarations) says where
// the op's generator stands:
//
//   %r = lite.random_uniform %shape      %offset = load @random_uniform.K
//          {seed = s, seed2 = s2}        %r[i] = float(word i mod 4 of
//                                            philox(offset + i / 4, s2; s))
//                                        store @random_uniform.K =
//                                            %offset + 256 * size(%r)
//
// Each element computes its whole block (four times the work of sharing
// it): random numbers are drawn by initializers, once.
//
//===----------------------------------------------------------------------===//

#include "ShapeLowering.h"

#include "sluice/Conversion/LiteToLinalg/LiteToLinalg.h"
#include "sluice/Dialect/Lite/IR/LiteOps.h"
#include "sluice/Dialect/Lite/IR/RandomRules.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;

namespace sluice::lite_to_native {
namespace {

/// The attribute lowerVariableDeclarations puts on each lite.random_uniform:
/// the name of the global holding its generator's offset.
constexpr StringLiteral kOffsetGlobalAttr = "lite_to_native.random_offset";

MemRefType offsetType(MLIRContext *context) {
  return MemRefType::get({}, IntegerType::get(context, 64));
}

/// Philox-4x32-10 and TF's word-to-float rule, on i32/i64 values.
class PhiloxBuilder {
public:
  PhiloxBuilder(OpBuilder &builder, Location loc)
      : builder(builder), loc(loc), i32(builder.getI32Type()),
        i64(builder.getI64Type()) {}

  Value constant32(uint32_t value) {
    return arith::ConstantOp::create(
        builder, loc, builder.getIntegerAttr(i32, static_cast<int32_t>(value)));
  }
  Value constant64(uint64_t value) {
    return arith::ConstantOp::create(
        builder, loc, builder.getIntegerAttr(i64, static_cast<int64_t>(value)));
  }

  /// The four words of the block at counter (block, seed2) under key seed.
  std::array<Value, 4> block(Value block, uint64_t seed, uint64_t seed2) {
    std::array<Value, 4> counter = {
        low32(block),
        low32(arith::ShRUIOp::create(builder, loc, block, constant64(32))),
        constant32(uint32_t(seed2)), constant32(uint32_t(seed2 >> 32))};
    uint32_t key0 = uint32_t(seed), key1 = uint32_t(seed >> 32);
    for (int round = 0; round < lite::random::kRounds; ++round) {
      auto product0 = arith::MulUIExtendedOp::create(
          builder, loc, constant32(lite::random::kMultiplier0), counter[0]);
      auto product1 = arith::MulUIExtendedOp::create(
          builder, loc, constant32(lite::random::kMultiplier1), counter[2]);
      counter = {xor3(product1.getHigh(), counter[1], key0), product1.getLow(),
                 xor3(product0.getHigh(), counter[3], key1), product0.getLow()};
      key0 += lite::random::kKeyStep0;
      key1 += lite::random::kKeyStep1;
    }
    return counter;
  }

  /// The word's 23 low bits as a float in [0, 1).
  Value uniformFloat(Value word) {
    Value mantissa = arith::AndIOp::create(
        builder, loc, word, constant32(lite::random::kMantissaMask));
    Value bits = arith::OrIOp::create(builder, loc, mantissa,
                                      constant32(lite::random::kExponentOfOne));
    Value inOneTwo =
        arith::BitcastOp::create(builder, loc, builder.getF32Type(), bits);
    Value one =
        arith::ConstantOp::create(builder, loc, builder.getF32FloatAttr(1.0f));
    return arith::SubFOp::create(builder, loc, inOneTwo, one);
  }

private:
  Value low32(Value value) {
    return arith::TruncIOp::create(builder, loc, i32, value);
  }
  Value xor3(Value a, Value b, uint32_t key) {
    Value ab = arith::XOrIOp::create(builder, loc, a, b);
    return arith::XOrIOp::create(builder, loc, ab, constant32(key));
  }

  OpBuilder &builder;
  Location loc;
  Type i32, i64;
};

struct RandomUniformLowering : OpConversionPattern<lite::RandomUniformOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(lite::RandomUniformOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto global = op->getAttrOfType<StringAttr>(kOffsetGlobalAttr);
    if (!global)
      return rewriter.notifyMatchFailure(op, "no generator offset declared");
    int64_t rank = cast<RankedTensorType>(op.getType()).getRank();
    IndexArith arith(rewriter, loc);
    RuntimeChecks checks(op, rewriter, loc);
    FailureOr<SmallVector<Value>> sizes =
        readShapeVector(arith, checks, op, adaptor.getShape(), rank,
                        getElementTypeOrSelf(op.getType()), "random_uniform");
    if (failed(sizes))
      return failure();

    Value offsetBuffer = memref::GetGlobalOp::create(
        rewriter, loc, offsetType(getContext()), global.getValue());
    Value offset =
        memref::LoadOp::create(rewriter, loc, offsetBuffer, ValueRange{});
    uint64_t seed = op.getSeed(), seed2 = op.getSeed2();
    Type f32 = rewriter.getF32Type();
    Value numbers = buildIfValid(
        rewriter, loc, checks.allHold(), tensorTypeOfSizes(*sizes, f32),
        [&](OpBuilder &builder, Location nested) {
          return generateTensor(
              builder, nested, *sizes, f32, ValueRange{}, {},
              [&](OpBuilder &b, Location l, ValueRange indices, ValueRange) {
                // The row-major position of the element, then its block and
                // word.
                IndexArith index(b, l);
                Value linear = index.constant(0);
                for (auto [i, size] : llvm::zip(indices, *sizes))
                  linear = index.add(index.mul(linear, size), i);
                Value position =
                    arith::IndexCastUIOp::create(b, l, b.getI64Type(), linear);
                PhiloxBuilder philox(b, l);
                Value wordsPerBlock =
                    philox.constant64(lite::random::kWordsPerBlock);
                Value block = arith::AddIOp::create(
                    b, l, offset,
                    arith::DivUIOp::create(b, l, position, wordsPerBlock));
                std::array<Value, 4> words = philox.block(block, seed, seed2);
                Value which =
                    arith::RemUIOp::create(b, l, position, wordsPerBlock);
                Value word = words[3];
                static_assert(lite::random::kWordsPerBlock == 4);
                for (int w = 2; w >= 0; --w) {
                  Value isW =
                      arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq,
                                            which, philox.constant64(w));
                  word = arith::SelectOp::create(b, l, isW, words[w], word);
                }
                return philox.uniformFloat(word);
              });
        });

    // The next run starts kBlocksReservedPerNumber blocks per number
    // further on (TF's reservation).
    Value count = arith.constant(1);
    for (Value size : *sizes)
      count = arith.mul(count, size);
    Value reserved = arith::MulIOp::create(
        rewriter, loc,
        arith::IndexCastUIOp::create(rewriter, loc, rewriter.getI64Type(),
                                     count),
        arith::ConstantOp::create(rewriter, loc,
                                  rewriter.getI64IntegerAttr(
                                      lite::random::kBlocksReservedPerNumber)));
    Value next = arith::AddIOp::create(rewriter, loc, offset, reserved);
    memref::StoreOp::create(rewriter, loc, next, offsetBuffer, ValueRange{});
    return replaceWithResults(rewriter, op, numbers, *getTypeConverter());
  }
};

} // namespace

void declareRandomGenerators(ModuleOp module) {
  OpBuilder builder(module.getContext());
  builder.setInsertionPointToStart(module.getBody());
  auto scalar = RankedTensorType::get({}, builder.getI64Type());
  unsigned count = 0;
  module.walk([&](lite::RandomUniformOp op) {
    std::string name = "random_uniform." + std::to_string(count++);
    memref::GlobalOp::create(builder, op.getLoc(), name,
                             builder.getStringAttr("private"),
                             offsetType(module.getContext()),
                             DenseElementsAttr::get(scalar, int64_t(0)),
                             /*constant=*/false, /*alignment=*/nullptr);
    op->setAttr(kOffsetGlobalAttr, builder.getStringAttr(name));
  });
}

void populateRandomPatterns(const TypeConverter &converter,
                            RewritePatternSet &patterns) {
  patterns.add<RandomUniformLowering>(converter, patterns.getContext());
}

} // namespace sluice::lite_to_native
