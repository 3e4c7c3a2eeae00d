//===- OptionsReader.cpp - attributes of a lite op from BuiltinOptions ----===//
//
// One case per options table with fields, mirroring OptionsWriter.cpp;
// tables without fields (and ReshapeOptions, whose new_shape the importer
// turns into an operand) add nothing.
//
//===----------------------------------------------------------------------===//

#include "OptionsReader.h"

#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace sluice;
namespace fb = sluice::tflite;

/// The schema's name of an options member, or its number.
static std::string getOptionsName(fb::BuiltinOptions type) {
  StringRef name = fb::EnumNameBuiltinOptions(type);
  if (name.empty())
    return "options member " + std::to_string(static_cast<int>(type));
  return name.str();
}

namespace {

/// Appends the attributes of one op, leaving out default values.
class AttributeReader {
public:
  AttributeReader(Builder &builder, NamedAttrList &attributes,
                  llvm::function_ref<InFlightDiagnostic()> emitError)
      : builder(builder), attributes(attributes), emitError(emitError) {}

  LogicalResult activation(fb::ActivationFunctionType value) {
    std::optional<lite::ActivationFunctionType> activation =
        lite::symbolizeActivationFunctionType(static_cast<uint32_t>(value));
    if (!activation)
      return emitError() << "has the unknown fused activation function "
                         << static_cast<int>(value);
    if (*activation != lite::ActivationFunctionType::NONE)
      attributes.append("fused_activation_function",
                        lite::ActivationFunctionTypeAttr::get(
                            builder.getContext(), *activation));
    return success();
  }

  void integer(StringRef name, int32_t value, bool always = false) {
    if (value != 0 || always)
      attributes.append(name, builder.getI32IntegerAttr(value));
  }

  void boolean(StringRef name, bool value) {
    if (value)
      attributes.append(name, builder.getBoolAttr(true));
  }

  LogicalResult weightsFormat(fb::FullyConnectedOptionsWeightsFormat value) {
    std::optional<lite::WeightsFormat> format =
        lite::symbolizeWeightsFormat(static_cast<uint32_t>(value));
    if (!format)
      return emitError() << "has the unknown weights format "
                         << static_cast<int>(value);
    if (*format != lite::WeightsFormat::DEFAULT)
      attributes.append("weights_format", lite::WeightsFormatAttr::get(
                                              builder.getContext(), *format));
    return success();
  }

  LogicalResult padding(fb::Padding value) {
    std::optional<lite::Padding> padding =
        lite::symbolizePadding(static_cast<uint32_t>(value));
    if (!padding)
      return emitError() << "has the unknown padding "
                         << static_cast<int>(value);
    attributes.append("padding",
                      lite::PaddingAttr::get(builder.getContext(), *padding));
    return success();
  }

  /// The fields every 2-D window's options have (Conv2DOptions,
  /// DepthwiseConv2DOptions, Pool2DOptions): strides, padding, activation.
  template <typename Options> LogicalResult window(const Options &options) {
    integer("stride_w", options.stride_w(), /*always=*/true);
    integer("stride_h", options.stride_h(), /*always=*/true);
    return success(succeeded(padding(options.padding())) &&
                   succeeded(activation(options.fused_activation_function())));
  }

  /// A field whose default is 1 (dilations): written when it differs.
  void factor(StringRef name, int32_t value) {
    if (value != 1)
      attributes.append(name, builder.getI32IntegerAttr(value));
  }

  /// Checks an options field TFLite derives from the operand count.
  LogicalResult count(StringRef field, int32_t value, unsigned actual,
                      StringRef what) {
    if (value == static_cast<int32_t>(actual))
      return success();
    return emitError() << field << " is " << value << " but the operator has "
                       << actual << " " << what;
  }

private:
  Builder &builder;
  NamedAttrList &attributes;
  llvm::function_ref<InFlightDiagnostic()> emitError;
};

} // namespace

LogicalResult tflite_support::readBuiltinOptions(
    const fb::Operator &op, lite::BuiltinOptions kind, unsigned numInputs,
    unsigned numOutputs, Builder &builder, NamedAttrList &attributes,
    llvm::function_ref<InFlightDiagnostic()> emitError) {
  auto expected = static_cast<fb::BuiltinOptions>(static_cast<uint8_t>(kind));
  fb::BuiltinOptions type = op.builtin_options_type();
  // An operator may leave its options out; the defaults then apply.
  if (type != fb::BuiltinOptions::NONE && type != expected) {
    InFlightDiagnostic diag = emitError();
    diag << "carries " << getOptionsName(type) << " but the operator takes ";
    if (expected == fb::BuiltinOptions::NONE)
      diag << "no options";
    else
      diag << getOptionsName(expected);
    return diag;
  }
  AttributeReader read(builder, attributes, emitError);

  switch (kind) {
  case lite::BuiltinOptions::AddOptions:
    if (auto *options = op.builtin_options_as_AddOptions())
      return read.activation(options->fused_activation_function());
    return success();
  case lite::BuiltinOptions::SubOptions:
    if (auto *options = op.builtin_options_as_SubOptions())
      return read.activation(options->fused_activation_function());
    return success();
  case lite::BuiltinOptions::MulOptions:
    if (auto *options = op.builtin_options_as_MulOptions())
      return read.activation(options->fused_activation_function());
    return success();
  case lite::BuiltinOptions::DivOptions:
    if (auto *options = op.builtin_options_as_DivOptions())
      return read.activation(options->fused_activation_function());
    return success();
  case lite::BuiltinOptions::ConcatenationOptions: {
    auto *options = op.builtin_options_as_ConcatenationOptions();
    // The axis is not optional on the lite op: write it even when 0.
    read.integer("axis", options ? options->axis() : 0, /*always=*/true);
    return options ? read.activation(options->fused_activation_function())
                   : success();
  }
  case lite::BuiltinOptions::FullyConnectedOptions: {
    auto *options = op.builtin_options_as_FullyConnectedOptions();
    if (!options)
      return success();
    read.boolean("keep_num_dims", options->keep_num_dims());
    read.boolean("asymmetric_quantize_inputs",
                 options->asymmetric_quantize_inputs());
    return success(
        succeeded(read.activation(options->fused_activation_function())) &&
        succeeded(read.weightsFormat(options->weights_format())));
  }
  case lite::BuiltinOptions::Conv2DOptions: {
    auto *options = op.builtin_options_as_Conv2DOptions();
    if (!options)
      return success();
    read.factor("dilation_w_factor", options->dilation_w_factor());
    read.factor("dilation_h_factor", options->dilation_h_factor());
    return read.window(*options);
  }
  case lite::BuiltinOptions::DepthwiseConv2DOptions: {
    auto *options = op.builtin_options_as_DepthwiseConv2DOptions();
    if (!options)
      return success();
    read.integer("depth_multiplier", options->depth_multiplier(),
                 /*always=*/true);
    read.factor("dilation_w_factor", options->dilation_w_factor());
    read.factor("dilation_h_factor", options->dilation_h_factor());
    return read.window(*options);
  }
  case lite::BuiltinOptions::Pool2DOptions: {
    auto *options = op.builtin_options_as_Pool2DOptions();
    if (!options)
      return success();
    read.integer("filter_width", options->filter_width(), /*always=*/true);
    read.integer("filter_height", options->filter_height(), /*always=*/true);
    return read.window(*options);
  }
  case lite::BuiltinOptions::MirrorPadOptions: {
    // Without options LiteRT's kernel pads SYMMETRIC (its mode is unknown,
    // and only REFLECT is told apart).
    auto *options = op.builtin_options_as_MirrorPadOptions();
    std::optional<lite::MirrorPadMode> mode =
        lite::symbolizeMirrorPadMode(static_cast<uint32_t>(
            options ? options->mode() : fb::MirrorPadMode::SYMMETRIC));
    if (!mode)
      return emitError() << "has the unknown mirror padding mode "
                         << static_cast<int>(options->mode());
    attributes.append(
        "mode", lite::MirrorPadModeAttr::get(builder.getContext(), *mode));
    return success();
  }
  case lite::BuiltinOptions::ReverseSequenceOptions: {
    auto *options = op.builtin_options_as_ReverseSequenceOptions();
    // seq_dim is not optional on the lite op: write it even when 0.
    read.integer("seq_dim", options ? options->seq_dim() : 0, /*always=*/true);
    read.integer("batch_dim", options ? options->batch_dim() : 0);
    return success();
  }
  case lite::BuiltinOptions::OneHotOptions: {
    auto *options = op.builtin_options_as_OneHotOptions();
    // The schema's default axis is 0; the lite op's is -1 (last).
    read.integer("axis", options ? options->axis() : 0, /*always=*/true);
    return success();
  }
  case lite::BuiltinOptions::BatchMatMulOptions:
    if (auto *options = op.builtin_options_as_BatchMatMulOptions()) {
      read.boolean("adj_x", options->adj_x());
      read.boolean("adj_y", options->adj_y());
      read.boolean("asymmetric_quantize_inputs",
                   options->asymmetric_quantize_inputs());
    }
    return success();
  case lite::BuiltinOptions::SqueezeOptions:
    if (auto *options = op.builtin_options_as_SqueezeOptions())
      if (auto *dims = options->squeeze_dims(); dims && dims->size())
        attributes.append("squeeze_dims",
                          builder.getDenseI32ArrayAttr(llvm::to_vector(*dims)));
    return success();
  case lite::BuiltinOptions::GatherOptions:
    if (auto *options = op.builtin_options_as_GatherOptions()) {
      read.integer("axis", options->axis());
      read.integer("batch_dims", options->batch_dims());
    }
    return success();
  case lite::BuiltinOptions::StridedSliceOptions:
    if (auto *options = op.builtin_options_as_StridedSliceOptions()) {
      read.integer("begin_mask", options->begin_mask());
      read.integer("end_mask", options->end_mask());
      read.integer("ellipsis_mask", options->ellipsis_mask());
      read.integer("new_axis_mask", options->new_axis_mask());
      read.integer("shrink_axis_mask", options->shrink_axis_mask());
      read.boolean("offset", options->offset());
    }
    return success();
  case lite::BuiltinOptions::PackOptions:
    if (auto *options = op.builtin_options_as_PackOptions()) {
      read.integer("axis", options->axis());
      return read.count("PackOptions.values_count", options->values_count(),
                        numInputs, "inputs");
    }
    return success();
  case lite::BuiltinOptions::SplitOptions:
    if (auto *options = op.builtin_options_as_SplitOptions())
      return read.count("SplitOptions.num_splits", options->num_splits(),
                        numOutputs, "outputs");
    return success();
  case lite::BuiltinOptions::UnpackOptions:
    if (auto *options = op.builtin_options_as_UnpackOptions()) {
      read.integer("axis", options->axis());
      return read.count("UnpackOptions.num", options->num(), numOutputs,
                        "outputs");
    }
    return success();
  case lite::BuiltinOptions::SoftmaxOptions:
    // Without the table LiteRT's beta is 0 (zero-initialised parameters).
    attributes.append("beta",
                      builder.getF32FloatAttr(
                          op.builtin_options_as_SoftmaxOptions()
                              ? op.builtin_options_as_SoftmaxOptions()->beta()
                              : 0.0f));
    return success();
  case lite::BuiltinOptions::CumsumOptions:
    if (auto *options = op.builtin_options_as_CumsumOptions()) {
      read.boolean("exclusive", options->exclusive());
      read.boolean("reverse", options->reverse());
    }
    return success();
  case lite::BuiltinOptions::ReducerOptions:
    if (auto *options = op.builtin_options_as_ReducerOptions())
      read.boolean("keep_dims", options->keep_dims());
    return success();
  case lite::BuiltinOptions::LeakyReluOptions: {
    // alpha is an attribute the lite op requires (TFLite's default: 0).
    auto *options = op.builtin_options_as_LeakyReluOptions();
    attributes.append("alpha",
                      builder.getF32FloatAttr(options ? options->alpha() : 0));
    return success();
  }
  case lite::BuiltinOptions::RandomOptions: {
    // Both seeds are attributes the lite op requires.
    auto *options = op.builtin_options_as_RandomOptions();
    attributes.append("seed",
                      builder.getI64IntegerAttr(options ? options->seed() : 0));
    attributes.append(
        "seed2", builder.getI64IntegerAttr(options ? options->seed2() : 0));
    return success();
  }
  case lite::BuiltinOptions::IfOptions:
  case lite::BuiltinOptions::WhileOptions:
    llvm_unreachable("IfOptions/WhileOptions are read by the model importer");
  default:
    // Tables without fields, CastOptions, ShapeOptions, ArgMaxOptions and
    // ArgMinOptions (the tensor types say the same), ReshapeOptions (new_shape
    // becomes an operand).
    return success();
  }
}
