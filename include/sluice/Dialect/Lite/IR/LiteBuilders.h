//===- LiteBuilders.h - small lite IR idioms shared by passes ---*- C++ -*-===//
//
// IR that several transformations build the same way.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_LITE_IR_LITEBUILDERS_H
#define SLUICE_DIALECT_LITE_IR_LITEBUILDERS_H

#include "sluice/Dialect/Lite/IR/WindowRules.h"

#include "mlir/IR/Builders.h"

namespace sluice::lite {
class IfOp;
class WhileOp;

/// A RESHAPE of `value` to its own shape, typed `resultType` (which must be
/// compatible with `value`'s type): a copy with a tensor of its own, or the
/// same value seen with a less precise type. The shape is a constant when
/// `resultType` is static, else `lite.shape` of `value`.
mlir::Value createReshapeCopy(mlir::OpBuilder &builder, mlir::Location loc,
                              mlir::Value value, mlir::Type resultType);

/// The type of a list of any length whose elements have type `element`.
mlir::RankedTensorType getListType(mlir::RankedTensorType element);

/// `list`'s type with its length (dimension 0) dynamic: the type of the
/// list once it may grow or shrink.
mlir::RankedTensorType withDynamicLength(mlir::RankedTensorType list);

/// A lite.constant of the int32 `values`: a vector (tensor<Nxi32>).
mlir::Value createI32Vector(mlir::OpBuilder &builder, mlir::Location loc,
                            llvm::ArrayRef<int32_t> values);

/// A lite.constant int32 scalar (tensor<i32>).
mlir::Value createI32Scalar(mlir::OpBuilder &builder, mlir::Location loc,
                            int32_t value);

/// The row-major offsets into `params` (of known rank) of the index
/// tuples `indices` (int32 or int64, the length K of its last dimension
/// known): Horner's rule over params' first K sizes, in the indices' type,
/// of the indices' shape without its last dimension. Components outside
/// their dimension are not checked.
mlir::Value createRowMajorOffsets(mlir::OpBuilder &builder, mlir::Location loc,
                                  mlir::Value params, mlir::Value indices);

/// `value` (of known rank) as rows: its first `leading` dimensions merged
/// into one, [product of shape[:leading]] + shape[leading:] (params as [P,
/// rest...] for GatherNd, updates as [M, rest...]).
mlir::Value createRowsView(mlir::OpBuilder &builder, mlir::Location loc,
                           mlir::Value value, int64_t leading);

/// A scalar lite.constant of `value`'s type: a zero, a limit, an index.
mlir::Value createScalar(mlir::OpBuilder &builder, mlir::Location loc,
                         mlir::TypedAttr value);

/// A scalar lite.constant zero of `element`.
mlir::Value createZeroScalar(mlir::OpBuilder &builder, mlir::Location loc,
                             mlir::Type element);

/// TF's GatherNd of `params` (of known rank) at `indices` (int32 or int64,
/// the length K of its last dimension known): params seen as [P, rest...],
/// P the product of its first K dimensions, gathered along that first
/// dimension at the row-major offsets of the index tuples (Horner's rule
/// over the K sizes, in the indices' type). Index components outside their
/// dimension are not checked here. The GraphDef importer's GatherNd and
/// scatter_nd's gradient.
mlir::Value createGatherNd(mlir::OpBuilder &builder, mlir::Location loc,
                           mlir::Value params, mlir::Value indices);

/// The gradient of a 2-D convolution (NHWC) with respect to its input: TF's
/// Conv2DBackpropInput, the transposed convolution. `outputGradient`
/// [N, OH, OW, out] gets stride - 1 zeros between its rows and columns and
/// (f - 1) * dilation - before zeros before, input + before - (OH - 1) *
/// stride - 1 after, and is convolved (stride 1, the dilation) with `filter`
/// (TFLite's [out, h, w, in]) flipped in h and w as [in, h, w, out]:
///
///   dy  [a b]      dilated, padded      conv with the flipped filter
///       [c d]  ->  0 0 0 0 0            -> dx [N, H, W, in]
///  (stride 2)      0 a 0 b 0 ...
///
/// `rows` and `columns` are its window placement (WindowRules.h); their
/// padding before must be at most (f - 1) * dilation and the output size
/// at least 1.
mlir::Value createConv2DInputGradient(mlir::OpBuilder &builder,
                                      mlir::Location loc,
                                      mlir::Value outputGradient,
                                      mlir::Value filter,
                                      const window::PaddedDimension &rows,
                                      const window::PaddedDimension &columns);

/// The gradient of a 2-D convolution (NHWC) with respect to its filter, as
/// [in, h, w, out]: TF's Conv2DBackpropFilter is its transpose [h, w, in,
/// out], TFLite's filter layout [out, h, w, in]. The padded `input` as
/// [in, H, W, N] convolved with `outputGradient` as [out, OH, OW, N] (the
/// batch summed as channels), the convolution's dilation as the stride and
/// its stride as the dilation, cut to the filter's h and w.
mlir::Value createConv2DFilterGradient(mlir::OpBuilder &builder,
                                       mlir::Location loc, mlir::Value input,
                                       mlir::Value outputGradient,
                                       const window::PaddedDimension &rows,
                                       const window::PaddedDimension &columns);

/// The gradients of depthwise_conv_2d (NHWC, TFLite's filter [1, h, w,
/// C * M], depth multiplier M) with respect to its input (TF's
/// DepthwiseConv2dNativeBackpropInput: the transposed convolution of each
/// of the C * M channels with its own flipped taps, the M of each input
/// channel summed) and its filter (DepthwiseConv2dNativeBackpropFilter: the
/// input's channels repeated M times and the batch folded into the
/// channels of it and of the gradient, one depthwise convolution with the
/// stride and dilation swapped, summed over the batch), as [1, h, w, C *
/// M].
mlir::Value createDepthwiseConv2DInputGradient(
    mlir::OpBuilder &builder, mlir::Location loc, mlir::Value outputGradient,
    mlir::Value filter, int32_t multiplier, const window::PaddedDimension &rows,
    const window::PaddedDimension &columns);
mlir::Value createDepthwiseConv2DFilterGradient(
    mlir::OpBuilder &builder, mlir::Location loc, mlir::Value input,
    mlir::Value outputGradient, int32_t multiplier,
    const window::PaddedDimension &rows,
    const window::PaddedDimension &columns);

/// The gradient of average_pool_2d (NHWC) with respect to its input: TF's
/// AvgPoolGrad. Each window's gradient divided by the number of input
/// positions it averaged (SAME's padding not counted) and added to each of
/// them: per tap, the shares placed where it reads, summed, cut to the
/// input.
mlir::Value createAveragePool2DGradient(mlir::OpBuilder &builder,
                                        mlir::Location loc,
                                        mlir::Value outputGradient,
                                        const window::PaddedDimension &rows,
                                        const window::PaddedDimension &columns);

/// The gradient of max_pool_2d (NHWC) with respect to its input: TF's
/// MaxPoolGrad. Each window's gradient goes to the position TF's kernel
/// picks: the window's first element (row-major, inside the input)
/// replaced only by a strictly greater one; ties go to the first.
mlir::Value createMaxPool2DGradient(mlir::OpBuilder &builder,
                                    mlir::Location loc, mlir::Value input,
                                    mlir::Value outputGradient,
                                    const window::PaddedDimension &rows,
                                    const window::PaddedDimension &columns);

/// Appends `values` to the operands of `yield` (a region's terminator),
/// after appendLoopCarried or appendIfResults gave its op more results.
void appendYieldOperands(mlir::Operation *yield, mlir::ValueRange values);

/// The first `length` (a tensor<i32>) elements of `list`, whose element
/// shape must be static: `slice(list, 0, [length, element shape...])`,
/// typed `resultType`.
mlir::Value createListPrefix(mlir::OpBuilder &builder, mlir::Location loc,
                             mlir::Value list, mlir::Value length,
                             mlir::Type resultType);

/// TF2's TensorListPushBack, and a stack's push: `list` with `element`
/// written at its length by a resizable list_set_item, typed `resultType`.
mlir::Value createListPushBack(mlir::OpBuilder &builder, mlir::Location loc,
                               mlir::Value list, mlir::Value element,
                               mlir::Type resultType);

/// TF2's TensorListPopBack, and a stack's pop: the list without its last
/// element (`createListPrefix` of length - 1, typed `resultType`) and that
/// element (list_get_item at length - 1, an error on an empty list, typed
/// `elementType`). -lite-legalize-lists recognises the prefix as a pop and
/// keeps the storage (GrowableLists.cpp).
std::pair<mlir::Value, mlir::Value> createListPopBack(mlir::OpBuilder &builder,
                                                      mlir::Location loc,
                                                      mlir::Value list,
                                                      mlir::Type resultType,
                                                      mlir::Type elementType);

/// Replaces `loop` by a lite.while that also carries `extraInits`, after
/// its own values: its cond and body blocks (moved over) get an argument
/// more for each, of the init's type, and its first results replace
/// `loop`'s. The body's yield is left for the caller to extend.
WhileOp appendLoopCarried(mlir::OpBuilder &builder, WhileOp loop,
                          mlir::ValueRange extraInits);

/// Replaces `ifOp` by a lite.if with results of `extraTypes` after its own
/// (its regions moved over; their yields are left for the caller to
/// extend).
IfOp appendIfResults(mlir::OpBuilder &builder, IfOp ifOp,
                     mlir::TypeRange extraTypes);

} // namespace sluice::lite

#endif // SLUICE_DIALECT_LITE_IR_LITEBUILDERS_H
