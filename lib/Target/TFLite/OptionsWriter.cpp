//===- OptionsWriter.cpp - BuiltinOptions of a lite op --------------------===//
//
// One case per options table with fields; tables without fields (the list
// utils/gen_lite_builtins.py takes from schema.fbs) are written empty, as
// TFLite's converter does.
//
//===----------------------------------------------------------------------===//

#include "OptionsWriter.h"
#include "TypeMapping.h"

#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace sluice;
namespace fb = sluice::tflite;

static fb::ActivationFunctionType getActivation(Operation *op) {
  auto attr = op->getAttrOfType<lite::ActivationFunctionTypeAttr>(
      "fused_activation_function");
  if (!attr)
    return fb::ActivationFunctionType::NONE;
  return static_cast<fb::ActivationFunctionType>(attr.getValue());
}

static int32_t getInt(Operation *op, StringRef name, int32_t otherwise = 0) {
  if (auto attr = op->getAttrOfType<IntegerAttr>(name))
    return static_cast<int32_t>(attr.getValue().getSExtValue());
  return otherwise;
}

/// The `padding` of a window op (SAME when it has none).
static fb::Padding getPadding(Operation *op) {
  auto attr = op->getAttrOfType<lite::PaddingAttr>("padding");
  return attr ? static_cast<fb::Padding>(attr.getValue()) : fb::Padding::SAME;
}

static bool getBool(Operation *op, StringRef name) {
  auto attr = op->getAttrOfType<BoolAttr>(name);
  return attr && attr.getValue();
}

static fb::TensorType getTensorTypeOf(Value value) {
  return tflite_support::getTensorType(getElementTypeOrSelf(value.getType()))
      .value_or(fb::TensorType::FLOAT32);
}

tflite_support::WrittenOptions
tflite_support::writeBuiltinOptions(flatbuffers::FlatBufferBuilder &fbb,
                                    Operation *op, lite::BuiltinOptions kind) {
  auto type = static_cast<fb::BuiltinOptions>(static_cast<uint8_t>(kind));
  auto written = [&](auto offset) {
    return WrittenOptions{type, offset.Union()};
  };
  switch (kind) {
  case lite::BuiltinOptions::NONE:
    return WrittenOptions{};
  case lite::BuiltinOptions::AddOptions:
    return written(fb::CreateAddOptions(fbb, getActivation(op)));
  case lite::BuiltinOptions::SubOptions:
    return written(fb::CreateSubOptions(fbb, getActivation(op)));
  case lite::BuiltinOptions::MulOptions:
    return written(fb::CreateMulOptions(fbb, getActivation(op)));
  case lite::BuiltinOptions::DivOptions:
    return written(fb::CreateDivOptions(fbb, getActivation(op)));
  case lite::BuiltinOptions::ConcatenationOptions:
    return written(fb::CreateConcatenationOptions(fbb, getInt(op, "axis"),
                                                  getActivation(op)));
  case lite::BuiltinOptions::FullyConnectedOptions: {
    auto format = fb::FullyConnectedOptionsWeightsFormat::DEFAULT;
    if (auto attr =
            op->getAttrOfType<lite::WeightsFormatAttr>("weights_format"))
      format =
          static_cast<fb::FullyConnectedOptionsWeightsFormat>(attr.getValue());
    return written(fb::CreateFullyConnectedOptions(
        fbb, getActivation(op), format, getBool(op, "keep_num_dims"),
        getBool(op, "asymmetric_quantize_inputs")));
  }
  case lite::BuiltinOptions::Conv2DOptions:
    return written(fb::CreateConv2DOptions(
        fbb, getPadding(op), getInt(op, "stride_w"), getInt(op, "stride_h"),
        getActivation(op), getInt(op, "dilation_w_factor", 1),
        getInt(op, "dilation_h_factor", 1)));
  case lite::BuiltinOptions::DepthwiseConv2DOptions:
    return written(fb::CreateDepthwiseConv2DOptions(
        fbb, getPadding(op), getInt(op, "stride_w"), getInt(op, "stride_h"),
        getInt(op, "depth_multiplier"), getActivation(op),
        getInt(op, "dilation_w_factor", 1),
        getInt(op, "dilation_h_factor", 1)));
  case lite::BuiltinOptions::Pool2DOptions:
    return written(fb::CreatePool2DOptions(
        fbb, getPadding(op), getInt(op, "stride_w"), getInt(op, "stride_h"),
        getInt(op, "filter_width"), getInt(op, "filter_height"),
        getActivation(op)));
  case lite::BuiltinOptions::MirrorPadOptions:
    return written(fb::CreateMirrorPadOptions(
        fbb,
        static_cast<fb::MirrorPadMode>(cast<lite::MirrorPadOp>(op).getMode())));
  case lite::BuiltinOptions::ReverseSequenceOptions:
    return written(fb::CreateReverseSequenceOptions(fbb, getInt(op, "seq_dim"),
                                                    getInt(op, "batch_dim")));
  case lite::BuiltinOptions::OneHotOptions:
    return written(
        fb::CreateOneHotOptions(fbb, cast<lite::OneHotOp>(op).getAxis()));
  case lite::BuiltinOptions::BatchMatMulOptions:
    return written(fb::CreateBatchMatMulOptions(
        fbb, getBool(op, "adj_x"), getBool(op, "adj_y"),
        getBool(op, "asymmetric_quantize_inputs")));
  case lite::BuiltinOptions::ReshapeOptions:
    // The new shape is the second input; TFLite reads it from there.
    return written(fb::CreateReshapeOptions(fbb));
  case lite::BuiltinOptions::SqueezeOptions: {
    std::vector<int32_t> dims;
    if (auto attr = op->getAttrOfType<DenseI32ArrayAttr>("squeeze_dims"))
      dims.assign(attr.asArrayRef().begin(), attr.asArrayRef().end());
    return written(fb::CreateSqueezeOptions(fbb, fbb.CreateVector(dims)));
  }
  case lite::BuiltinOptions::GatherOptions:
    return written(fb::CreateGatherOptions(fbb, getInt(op, "axis"),
                                           getInt(op, "batch_dims")));
  case lite::BuiltinOptions::StridedSliceOptions:
    return written(fb::CreateStridedSliceOptions(
        fbb, getInt(op, "begin_mask"), getInt(op, "end_mask"),
        getInt(op, "ellipsis_mask"), getInt(op, "new_axis_mask"),
        getInt(op, "shrink_axis_mask"), getBool(op, "offset")));
  case lite::BuiltinOptions::PackOptions:
    return written(
        fb::CreatePackOptions(fbb, op->getNumOperands(), getInt(op, "axis")));
  case lite::BuiltinOptions::SplitOptions:
    return written(fb::CreateSplitOptions(fbb, op->getNumResults()));
  case lite::BuiltinOptions::UnpackOptions:
    return written(
        fb::CreateUnpackOptions(fbb, op->getNumResults(), getInt(op, "axis")));
  case lite::BuiltinOptions::ReducerOptions:
    return written(fb::CreateReducerOptions(fbb, getBool(op, "keep_dims")));
  case lite::BuiltinOptions::CastOptions:
    return written(fb::CreateCastOptions(fbb,
                                         getTensorTypeOf(op->getOperand(0)),
                                         getTensorTypeOf(op->getResult(0))));
  case lite::BuiltinOptions::SoftmaxOptions:
    return written(fb::CreateSoftmaxOptions(
        fbb, cast<lite::SoftmaxOp>(op).getBeta().convertToFloat()));
  case lite::BuiltinOptions::CumsumOptions:
    return written(fb::CreateCumsumOptions(fbb, getBool(op, "exclusive"),
                                           getBool(op, "reverse")));
  case lite::BuiltinOptions::ArgMaxOptions:
    return written(
        fb::CreateArgMaxOptions(fbb, getTensorTypeOf(op->getResult(0))));
  case lite::BuiltinOptions::ArgMinOptions:
    return written(
        fb::CreateArgMinOptions(fbb, getTensorTypeOf(op->getResult(0))));
  case lite::BuiltinOptions::ShapeOptions:
    return written(
        fb::CreateShapeOptions(fbb, getTensorTypeOf(op->getResult(0))));
  case lite::BuiltinOptions::LeakyReluOptions:
    return written(fb::CreateLeakyReluOptions(
        fbb, cast<lite::LeakyReluOp>(op).getAlpha().convertToFloat()));
  case lite::BuiltinOptions::RandomOptions: {
    auto random = cast<lite::RandomUniformOp>(op);
    return written(
        fb::CreateRandomOptions(fbb, random.getSeed(), random.getSeed2()));
  }
#define SLUICE_EMPTY_OPTIONS(NAME)                                             \
  case lite::BuiltinOptions::NAME:                                             \
    return written(fb::Create##NAME(fbb));
#include "sluice/Dialect/Lite/IR/LiteEmptyOptions.inc"
#undef SLUICE_EMPTY_OPTIONS
  case lite::BuiltinOptions::IfOptions:
  case lite::BuiltinOptions::WhileOptions:
    llvm_unreachable("IfOptions/WhileOptions are written by the model writer");
  default:
    break;
  }
  // A table marked sluice_unmodelled in schema.fbs: the op naming it needs
  // its fields spelled out there and a case above.
  llvm::report_fatal_error(llvm::Twine("no writer for the options table ") +
                           lite::stringifyBuiltinOptions(kind));
}
