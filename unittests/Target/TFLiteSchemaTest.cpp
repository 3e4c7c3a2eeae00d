//===- TFLiteSchemaTest.cpp - Sluice's TFLite schema against real models --===//
//
// Tests of lib/Target/TFLite/schema.fbs through its flatc-generated API: the
// corpus' TFLite models (written by TensorFlow's converter) pass the
// FlatBuffers verifier and read back with the operators, options, tensors and
// signatures they hold; the schema's enums agree with the lite dialect's; and
// a model built with the generated builders round-trips.
//
// The corpus is external (../shared/corpus beside the repository, or the
// directory the environment variable SLUICE_CORPUS names): without it the
// tests that read it are skipped, saying so.
//
//===----------------------------------------------------------------------===//

#include "schema_generated.h"

#include "sluice/Dialect/Lite/IR/LiteDialect.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace tfl = sluice::tflite;

namespace {

/// A corpus model file held in memory.
struct LoadedModel {
  std::unique_ptr<llvm::MemoryBuffer> file;

  const uint8_t *data() const {
    return reinterpret_cast<const uint8_t *>(file->getBufferStart());
  }
  size_t size() const { return file->getBufferSize(); }
  bool verify() const {
    flatbuffers::Verifier verifier(data(), size());
    return tfl::VerifyModelBuffer(verifier);
  }
  const tfl::Model *model() const { return tfl::GetModel(data()); }
};

/// The corpus directory: $SLUICE_CORPUS if set, else the build's
/// SLUICE_CORPUS_DIR (shared/corpus beside the repository).
std::string corpusDir() {
  const char *dir = std::getenv("SLUICE_CORPUS");
  return dir && *dir ? dir : SLUICE_CORPUS_DIR;
}

/// Whether the external corpus is there (the tests that read it skip if not).
bool haveCorpus() { return llvm::sys::fs::is_directory(corpusDir()); }

/// Skips the current test when the external corpus is absent.
#define SKIP_WITHOUT_CORPUS()                                                  \
  do {                                                                         \
    if (!haveCorpus())                                                         \
      GTEST_SKIP() << "external corpus " << corpusDir()                        \
                   << " absent (../shared/corpus; set SLUICE_CORPUS)";         \
  } while (false)

/// Reads <corpus>/tflite/<name>; fails the test if it is missing.
LoadedModel loadCorpusModel(const std::string &name) {
  std::string path = corpusDir() + "/tflite/" + name;
  auto file = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                          /*RequiresNullTerminator=*/false);
  EXPECT_TRUE(static_cast<bool>(file)) << "cannot read " << path;
  if (!file)
    return {};
  return {std::move(*file)};
}

/// The elements of a FlatBuffers vector (an absent vector reads as empty).
template <typename T>
std::vector<T> elements(const flatbuffers::Vector<T> *vector) {
  if (!vector)
    return {};
  return std::vector<T>(vector->begin(), vector->end());
}

std::string str(const flatbuffers::String *s) { return s ? s->str() : ""; }

/// The builtin operator of `op` in `model`, read as TFLite readers do: the
/// larger of the one-byte legacy code and the int32 code.
tfl::BuiltinOperator builtinOf(const tfl::Model *model,
                               const tfl::Operator *op) {
  const tfl::OperatorCode *code =
      model->operator_codes()->Get(op->opcode_index());
  int32_t legacy = code->deprecated_builtin_code();
  int32_t extended = static_cast<int32_t>(code->builtin_code());
  return static_cast<tfl::BuiltinOperator>(std::max(legacy, extended));
}

const char *const kCorpusModels[] = {
    "tf_converter_while_op.tflite", "tf_converter_if_op.tflite",
    "hello_world_float.tflite", "trained_lstm.tflite"};

//===----------------------------------------------------------------------===//
// The corpus
//===----------------------------------------------------------------------===//

TEST(TFLiteSchemaTest, CorpusModelsVerify) {
  SKIP_WITHOUT_CORPUS();
  for (const char *name : kCorpusModels) {
    SCOPED_TRACE(name);
    LoadedModel loaded = loadCorpusModel(name);
    ASSERT_TRUE(loaded.file);
    EXPECT_TRUE(tfl::ModelBufferHasIdentifier(loaded.data()));
    EXPECT_EQ(std::memcmp(loaded.data() + 4, "TFL3", 4), 0);
    ASSERT_TRUE(loaded.verify());
    EXPECT_EQ(loaded.model()->version(), 3u);
    EXPECT_EQ(str(loaded.model()->description()), "MLIR Converted.");
    // Buffer 0 is the empty sentinel.
    const tfl::Buffer *sentinel = loaded.model()->buffers()->Get(0);
    EXPECT_TRUE(!sentinel->data() || sentinel->data()->size() == 0);
  }
}

TEST(TFLiteSchemaTest, VerifierRejectsTruncatedModel) {
  SKIP_WITHOUT_CORPUS();
  LoadedModel loaded = loadCorpusModel("tf_converter_while_op.tflite");
  ASSERT_TRUE(loaded.file);
  for (size_t size : {size_t(0), size_t(8), loaded.size() / 2}) {
    flatbuffers::Verifier verifier(loaded.data(), size);
    EXPECT_FALSE(tfl::VerifyModelBuffer(verifier)) << "size " << size;
  }
}

TEST(TFLiteSchemaTest, WhileModel) {
  SKIP_WITHOUT_CORPUS();
  LoadedModel loaded = loadCorpusModel("tf_converter_while_op.tflite");
  ASSERT_TRUE(loaded.file && loaded.verify());
  const tfl::Model *model = loaded.model();
  ASSERT_EQ(model->subgraphs()->size(), 3u);
  EXPECT_EQ(str(model->subgraphs()->Get(0)->name()), "main");
  EXPECT_EQ(str(model->subgraphs()->Get(1)->name()), "cond");
  EXPECT_EQ(str(model->subgraphs()->Get(2)->name()), "body");

  // main: one WHILE over (int32 scalar, float32[1]).
  const tfl::SubGraph *main = model->subgraphs()->Get(0);
  EXPECT_EQ(elements(main->inputs()), (std::vector<int32_t>{0, 1}));
  EXPECT_EQ(elements(main->outputs()), (std::vector<int32_t>{3}));
  ASSERT_EQ(main->tensors()->size(), 4u);
  const tfl::Tensor *arg0 = main->tensors()->Get(0);
  EXPECT_EQ(str(arg0->name()), "arg0");
  EXPECT_EQ(arg0->type(), tfl::TensorType::INT32);
  EXPECT_EQ(elements(arg0->shape()), std::vector<int32_t>{});
  const tfl::Tensor *arg1 = main->tensors()->Get(1);
  EXPECT_EQ(str(arg1->name()), "arg1");
  EXPECT_EQ(arg1->type(), tfl::TensorType::FLOAT32);
  EXPECT_EQ(elements(arg1->shape()), std::vector<int32_t>{1});
  EXPECT_EQ(str(main->tensors()->Get(3)->name()), "tfl.while:1");

  ASSERT_EQ(main->operators()->size(), 1u);
  const tfl::Operator *loop = main->operators()->Get(0);
  const tfl::OperatorCode *code =
      model->operator_codes()->Get(loop->opcode_index());
  EXPECT_EQ(code->builtin_code(), tfl::BuiltinOperator::WHILE);
  EXPECT_EQ(static_cast<int32_t>(code->builtin_code()), 119);
  EXPECT_EQ(code->deprecated_builtin_code(), 119);
  EXPECT_EQ(code->version(), 1);
  EXPECT_EQ(elements(loop->inputs()), (std::vector<int32_t>{0, 1}));
  EXPECT_EQ(elements(loop->outputs()), (std::vector<int32_t>{2, 3}));
  ASSERT_EQ(loop->builtin_options_type(), tfl::BuiltinOptions::WhileOptions);
  const tfl::WhileOptions *options = loop->builtin_options_as_WhileOptions();
  ASSERT_TRUE(options);
  EXPECT_EQ(options->cond_subgraph_index(), 1);
  EXPECT_EQ(options->body_subgraph_index(), 2);
  EXPECT_LT(static_cast<uint32_t>(options->cond_subgraph_index()),
            model->subgraphs()->size());
  EXPECT_LT(static_cast<uint32_t>(options->body_subgraph_index()),
            model->subgraphs()->size());

  // cond: GREATER(arg0, Const) -> bool scalar.
  const tfl::SubGraph *cond = model->subgraphs()->Get(1);
  ASSERT_EQ(cond->operators()->size(), 1u);
  EXPECT_EQ(builtinOf(model, cond->operators()->Get(0)),
            tfl::BuiltinOperator::GREATER);
  EXPECT_EQ(cond->tensors()->Get(3)->type(), tfl::TensorType::BOOL);
  // The comparison constant 0 lives in its buffer.
  const tfl::Tensor *zero = cond->tensors()->Get(2);
  EXPECT_EQ(str(zero->name()), "Const");
  EXPECT_EQ(elements(model->buffers()->Get(zero->buffer())->data()),
            (std::vector<uint8_t>{0, 0, 0, 0}));

  // body: SUB then ADD; the converter wrote ADD's code with no field at all,
  // which reads as ADD = 0, and AddOptions with no field: the defaults.
  const tfl::SubGraph *body = model->subgraphs()->Get(2);
  ASSERT_EQ(body->operators()->size(), 2u);
  const tfl::Operator *sub = body->operators()->Get(0);
  const tfl::Operator *add = body->operators()->Get(1);
  EXPECT_EQ(builtinOf(model, sub), tfl::BuiltinOperator::SUB);
  EXPECT_EQ(builtinOf(model, add), tfl::BuiltinOperator::ADD);
  EXPECT_EQ(model->operator_codes()->Get(add->opcode_index())->version(), 1);
  ASSERT_TRUE(sub->builtin_options_as_SubOptions());
  const tfl::AddOptions *addOptions = add->builtin_options_as_AddOptions();
  ASSERT_TRUE(addOptions);
  EXPECT_EQ(addOptions->fused_activation_function(),
            tfl::ActivationFunctionType::NONE);
  EXPECT_TRUE(addOptions->pot_scale_int16());
  const tfl::Tensor *one = body->tensors()->Get(2);
  EXPECT_EQ(elements(model->buffers()->Get(one->buffer())->data()),
            (std::vector<uint8_t>{1, 0, 0, 0}));

  ASSERT_TRUE(model->metadata() && model->metadata()->size() == 1);
  EXPECT_EQ(str(model->metadata()->Get(0)->name()), "min_runtime_version");
  ASSERT_TRUE(model->signature_defs());
  EXPECT_EQ(model->signature_defs()->size(), 0u);
}

TEST(TFLiteSchemaTest, IfModel) {
  SKIP_WITHOUT_CORPUS();
  LoadedModel loaded = loadCorpusModel("tf_converter_if_op.tflite");
  ASSERT_TRUE(loaded.file && loaded.verify());
  const tfl::Model *model = loaded.model();
  ASSERT_EQ(model->subgraphs()->size(), 3u);
  EXPECT_EQ(str(model->subgraphs()->Get(1)->name()), "cond_true");
  EXPECT_EQ(str(model->subgraphs()->Get(2)->name()), "cond_false");

  // main: LESS(arg0, arg1) -> bool[1], then IF(pred, arg0, arg1).
  const tfl::SubGraph *main = model->subgraphs()->Get(0);
  ASSERT_EQ(main->operators()->size(), 2u);
  EXPECT_EQ(builtinOf(model, main->operators()->Get(0)),
            tfl::BuiltinOperator::LESS);
  const tfl::Tensor *pred = main->tensors()->Get(2);
  EXPECT_EQ(str(pred->name()), "tfl.less");
  EXPECT_EQ(pred->type(), tfl::TensorType::BOOL);
  EXPECT_EQ(elements(pred->shape()), std::vector<int32_t>{1});

  const tfl::Operator *branch = main->operators()->Get(1);
  const tfl::OperatorCode *code =
      model->operator_codes()->Get(branch->opcode_index());
  EXPECT_EQ(code->builtin_code(), tfl::BuiltinOperator::IF);
  EXPECT_EQ(static_cast<int32_t>(code->builtin_code()), 118);
  EXPECT_EQ(code->deprecated_builtin_code(), 118);
  EXPECT_EQ(elements(branch->inputs()), (std::vector<int32_t>{2, 0, 1}));
  const tfl::IfOptions *options = branch->builtin_options_as_IfOptions();
  ASSERT_TRUE(options);
  EXPECT_EQ(options->then_subgraph_index(), 1);
  EXPECT_EQ(options->else_subgraph_index(), 2);

  // The branches: ADD and MUL over float tensors written with shape [].
  const tfl::SubGraph *thenGraph = model->subgraphs()->Get(1);
  const tfl::SubGraph *elseGraph = model->subgraphs()->Get(2);
  EXPECT_EQ(builtinOf(model, thenGraph->operators()->Get(0)),
            tfl::BuiltinOperator::ADD);
  EXPECT_EQ(builtinOf(model, elseGraph->operators()->Get(0)),
            tfl::BuiltinOperator::MUL);
  EXPECT_TRUE(elseGraph->operators()->Get(0)->builtin_options_as_MulOptions());
  for (const tfl::Tensor *tensor : *thenGraph->tensors()) {
    EXPECT_EQ(tensor->type(), tfl::TensorType::FLOAT32);
    EXPECT_EQ(elements(tensor->shape()), std::vector<int32_t>{});
  }
}

TEST(TFLiteSchemaTest, HelloWorldModel) {
  SKIP_WITHOUT_CORPUS();
  LoadedModel loaded = loadCorpusModel("hello_world_float.tflite");
  ASSERT_TRUE(loaded.file && loaded.verify());
  const tfl::Model *model = loaded.model();
  ASSERT_EQ(model->subgraphs()->size(), 1u);
  const tfl::SubGraph *main = model->subgraphs()->Get(0);

  // A dynamic batch: shape [1, 1], shape_signature [-1, 1].
  const tfl::Tensor *input = main->tensors()->Get(main->inputs()->Get(0));
  EXPECT_EQ(str(input->name()), "serving_default_dense_input:0");
  EXPECT_EQ(input->type(), tfl::TensorType::FLOAT32);
  EXPECT_EQ(elements(input->shape()), (std::vector<int32_t>{1, 1}));
  EXPECT_EQ(elements(input->shape_signature()), (std::vector<int32_t>{-1, 1}));
  EXPECT_TRUE(input->has_rank());
  EXPECT_FALSE(input->is_variable());

  // Three FULLY_CONNECTED layers, the first two with a fused RELU.
  ASSERT_EQ(main->operators()->size(), 3u);
  std::vector<tfl::ActivationFunctionType> activations;
  for (const tfl::Operator *op : *main->operators()) {
    EXPECT_EQ(builtinOf(model, op), tfl::BuiltinOperator::FULLY_CONNECTED);
    const tfl::FullyConnectedOptions *options =
        op->builtin_options_as_FullyConnectedOptions();
    ASSERT_TRUE(options);
    EXPECT_EQ(options->weights_format(),
              tfl::FullyConnectedOptionsWeightsFormat::DEFAULT);
    EXPECT_FALSE(options->keep_num_dims());
    activations.push_back(options->fused_activation_function());
  }
  EXPECT_EQ(activations, (std::vector<tfl::ActivationFunctionType>{
                             tfl::ActivationFunctionType::RELU,
                             tfl::ActivationFunctionType::RELU,
                             tfl::ActivationFunctionType::NONE}));

  // The 16x16 weights: 1024 bytes of float32 in their buffer.
  const tfl::Tensor *weights = main->tensors()->Get(5);
  EXPECT_EQ(str(weights->name()), "sequential/dense_1/MatMul");
  EXPECT_EQ(elements(weights->shape()), (std::vector<int32_t>{16, 16}));
  EXPECT_EQ(model->buffers()->Get(weights->buffer())->data()->size(), 1024u);

  ASSERT_TRUE(model->signature_defs() && model->signature_defs()->size() == 1);
  const tfl::SignatureDef *signature = model->signature_defs()->Get(0);
  EXPECT_EQ(str(signature->signature_key()), "serving_default");
  EXPECT_EQ(signature->subgraph_index(), 0u);
  ASSERT_EQ(signature->inputs()->size(), 1u);
  EXPECT_EQ(str(signature->inputs()->Get(0)->name()), "dense_input");
  EXPECT_EQ(signature->inputs()->Get(0)->tensor_index(), 0u);
  ASSERT_EQ(signature->outputs()->size(), 1u);
  EXPECT_EQ(str(signature->outputs()->Get(0)->name()), "dense_2");
  EXPECT_EQ(signature->outputs()->Get(0)->tensor_index(), 9u);
}

TEST(TFLiteSchemaTest, LSTMModel) {
  SKIP_WITHOUT_CORPUS();
  LoadedModel loaded = loadCorpusModel("trained_lstm.tflite");
  ASSERT_TRUE(loaded.file && loaded.verify());
  const tfl::Model *model = loaded.model();
  ASSERT_EQ(model->subgraphs()->size(), 1u);
  const tfl::SubGraph *main = model->subgraphs()->Get(0);

  std::vector<tfl::BuiltinOperator> ops;
  for (const tfl::Operator *op : *main->operators())
    ops.push_back(builtinOf(model, op));
  EXPECT_EQ(ops, (std::vector<tfl::BuiltinOperator>{
                     tfl::BuiltinOperator::UNIDIRECTIONAL_SEQUENCE_LSTM,
                     tfl::BuiltinOperator::RESHAPE,
                     tfl::BuiltinOperator::FULLY_CONNECTED,
                     tfl::BuiltinOperator::SOFTMAX}));
  // An operator outside the lite dialect still has a name for diagnostics.
  EXPECT_STREQ(tfl::EnumNameBuiltinOperator(ops[0]),
               "UNIDIRECTIONAL_SEQUENCE_LSTM");

  const tfl::Operator *lstm = main->operators()->Get(0);
  const tfl::UnidirectionalSequenceLSTMOptions *lstmOptions =
      lstm->builtin_options_as_UnidirectionalSequenceLSTMOptions();
  ASSERT_TRUE(lstmOptions);
  EXPECT_EQ(lstmOptions->fused_activation_function(),
            tfl::ActivationFunctionType::TANH);
  EXPECT_EQ(lstmOptions->cell_clip(), 10.0f);
  // 24 inputs, the omitted ones written as -1.
  ASSERT_EQ(lstm->inputs()->size(), 24u);
  EXPECT_EQ(lstm->inputs()->Get(9), -1);
  // The LSTM state tensors are variables.
  int variables = 0;
  for (const tfl::Tensor *tensor : *main->tensors())
    variables += tensor->is_variable();
  EXPECT_EQ(variables, 2);

  // RESHAPE carries no options; SOFTMAX has beta 1.
  EXPECT_EQ(main->operators()->Get(1)->builtin_options_type(),
            tfl::BuiltinOptions::NONE);
  const tfl::SoftmaxOptions *softmax =
      main->operators()->Get(3)->builtin_options_as_SoftmaxOptions();
  ASSERT_TRUE(softmax);
  EXPECT_EQ(softmax->beta(), 1.0f);

  const tfl::Tensor *input = main->tensors()->Get(main->inputs()->Get(0));
  EXPECT_EQ(elements(input->shape()), (std::vector<int32_t>{1, 28, 28}));
}

//===----------------------------------------------------------------------===//
// Agreement with the lite dialect's enums
//===----------------------------------------------------------------------===//

// Every case of the dialect's TFLite enums has the same name at the same
// value in the schema: the ODS records and schema.fbs were written apart.
TEST(TFLiteSchemaTest, DialectEnumsMatchSchema) {
  namespace lite = sluice::lite;
  int checked = 0;
  for (uint32_t v = 0; v <= lite::getMaxEnumValForBuiltinOperator(); ++v) {
    if (auto op = lite::symbolizeBuiltinOperator(v)) {
      EXPECT_EQ(
          lite::stringifyBuiltinOperator(*op).str(),
          tfl::EnumNameBuiltinOperator(static_cast<tfl::BuiltinOperator>(v)))
          << "BuiltinOperator " << v;
      ++checked;
    }
  }
  EXPECT_GT(checked, 0);
  EXPECT_EQ(static_cast<int32_t>(lite::BuiltinOperator::WHILE),
            static_cast<int32_t>(tfl::BuiltinOperator::WHILE));
  for (uint32_t v = 0; v <= lite::getMaxEnumValForBuiltinOptions(); ++v) {
    if (auto options = lite::symbolizeBuiltinOptions(v))
      EXPECT_EQ(
          lite::stringifyBuiltinOptions(*options).str(),
          tfl::EnumNameBuiltinOptions(static_cast<tfl::BuiltinOptions>(v)))
          << "BuiltinOptions " << v;
  }
  for (uint32_t v = 0; v <= lite::getMaxEnumValForActivationFunctionType();
       ++v) {
    if (auto activation = lite::symbolizeActivationFunctionType(v))
      EXPECT_EQ(lite::stringifyActivationFunctionType(*activation).str(),
                tfl::EnumNameActivationFunctionType(
                    static_cast<tfl::ActivationFunctionType>(v)))
          << "ActivationFunctionType " << v;
  }
  for (uint32_t v = 0; v <= lite::getMaxEnumValForWeightsFormat(); ++v) {
    if (auto format = lite::symbolizeWeightsFormat(v))
      EXPECT_EQ(lite::stringifyWeightsFormat(*format).str(),
                tfl::EnumNameFullyConnectedOptionsWeightsFormat(
                    static_cast<tfl::FullyConnectedOptionsWeightsFormat>(v)))
          << "WeightsFormat " << v;
  }
}

//===----------------------------------------------------------------------===//
// Round trip through the generated builders
//===----------------------------------------------------------------------===//

/// Little-endian bytes of an int32 constant.
std::vector<uint8_t> int32Bytes(int32_t value) {
  std::vector<uint8_t> bytes(4);
  std::memcpy(bytes.data(), &value, 4);
  return bytes;
}

/// ARCHITECTURE.md's loop, exported: `while (i < 10) i = i + 1` from i = 0,
/// as subgraph 0 with one WHILE and subgraphs 1 (cond) and 2 (body).
flatbuffers::DetachedBuffer buildWhileModel() {
  flatbuffers::FlatBufferBuilder fbb;
  std::vector<int32_t> scalar;
  auto i32 = tfl::TensorType::INT32;

  std::vector<flatbuffers::Offset<tfl::OperatorCode>> codes = {
      tfl::CreateOperatorCode(fbb, 119, 0, 1, tfl::BuiltinOperator::WHILE),
      tfl::CreateOperatorCode(fbb, 58, 0, 1, tfl::BuiltinOperator::LESS),
      tfl::CreateOperatorCode(fbb, 0, 0, 1, tfl::BuiltinOperator::ADD)};

  // Buffers: 0 the sentinel, 1 the start value, 2 the limit, 3 the step.
  std::vector<uint8_t> zero = int32Bytes(0), ten = int32Bytes(10),
                       one = int32Bytes(1);
  std::vector<flatbuffers::Offset<tfl::Buffer>> buffers = {
      tfl::CreateBuffer(fbb), tfl::CreateBufferDirect(fbb, &zero),
      tfl::CreateBufferDirect(fbb, &ten), tfl::CreateBufferDirect(fbb, &one)};

  std::vector<int32_t> in0 = {0}, out1 = {1}, in01 = {0, 1}, out2 = {2};
  std::vector<int32_t> loopInputs = {0}, loopOutputs = {1};

  // main: %r = while(%c0).
  std::vector<flatbuffers::Offset<tfl::Tensor>> mainTensors = {
      tfl::CreateTensorDirect(fbb, &scalar, i32, 1, "c0", 0, false, 0, nullptr,
                              true),
      tfl::CreateTensorDirect(fbb, &scalar, i32, 0, "r", 0, false, 0, nullptr,
                              true)};
  auto whileOptions = tfl::CreateWhileOptions(fbb, 1, 2);
  std::vector<flatbuffers::Offset<tfl::Operator>> mainOps = {
      tfl::CreateOperatorDirect(fbb, 0, &loopInputs, &loopOutputs,
                                tfl::BuiltinOptions::WhileOptions,
                                whileOptions.Union())};
  std::vector<int32_t> none;
  auto main = tfl::CreateSubGraphDirect(fbb, &mainTensors, &none, &out1,
                                        &mainOps, "main");

  // cond: less(%i, 10).
  std::vector<flatbuffers::Offset<tfl::Tensor>> condTensors = {
      tfl::CreateTensorDirect(fbb, &scalar, i32, 0, "i"),
      tfl::CreateTensorDirect(fbb, &scalar, i32, 2, "lim"),
      tfl::CreateTensorDirect(fbb, &scalar, tfl::TensorType::BOOL, 0, "p")};
  auto lessOptions = tfl::CreateLessOptions(fbb);
  std::vector<flatbuffers::Offset<tfl::Operator>> condOps = {
      tfl::CreateOperatorDirect(fbb, 1, &in01, &out2,
                                tfl::BuiltinOptions::LessOptions,
                                lessOptions.Union())};
  auto cond = tfl::CreateSubGraphDirect(fbb, &condTensors, &in0, &out2,
                                        &condOps, "cond");

  // body: add(%i, 1) with a fused RELU.
  std::vector<flatbuffers::Offset<tfl::Tensor>> bodyTensors = {
      tfl::CreateTensorDirect(fbb, &scalar, i32, 0, "i"),
      tfl::CreateTensorDirect(fbb, &scalar, i32, 3, "one"),
      tfl::CreateTensorDirect(fbb, &scalar, i32, 0, "n")};
  auto addOptions =
      tfl::CreateAddOptions(fbb, tfl::ActivationFunctionType::RELU);
  std::vector<flatbuffers::Offset<tfl::Operator>> bodyOps = {
      tfl::CreateOperatorDirect(fbb, 2, &in01, &out2,
                                tfl::BuiltinOptions::AddOptions,
                                addOptions.Union())};
  auto body = tfl::CreateSubGraphDirect(fbb, &bodyTensors, &in0, &out2,
                                        &bodyOps, "body");

  std::vector<flatbuffers::Offset<tfl::SubGraph>> subgraphs = {main, cond,
                                                               body};
  std::vector<flatbuffers::Offset<tfl::TensorMap>> sigOutputs = {
      tfl::CreateTensorMapDirect(fbb, "r", 1)};
  std::vector<flatbuffers::Offset<tfl::TensorMap>> sigInputs;
  std::vector<flatbuffers::Offset<tfl::SignatureDef>> signatures = {
      tfl::CreateSignatureDefDirect(fbb, &sigInputs, &sigOutputs,
                                    "serving_default", 0)};
  auto model = tfl::CreateModelDirect(fbb, 3, &codes, &subgraphs, "sluice",
                                      &buffers, nullptr, nullptr, &signatures);
  tfl::FinishModelBuffer(fbb, model);
  return fbb.Release();
}

TEST(TFLiteSchemaTest, BuiltWhileModelRoundTrips) {
  flatbuffers::DetachedBuffer buffer = buildWhileModel();
  ASSERT_TRUE(tfl::ModelBufferHasIdentifier(buffer.data()));
  EXPECT_EQ(std::memcmp(buffer.data() + 4, "TFL3", 4), 0);
  flatbuffers::Verifier verifier(buffer.data(), buffer.size());
  ASSERT_TRUE(tfl::VerifyModelBuffer(verifier));

  const tfl::Model *model = tfl::GetModel(buffer.data());
  EXPECT_EQ(model->version(), 3u);
  EXPECT_EQ(str(model->description()), "sluice");
  ASSERT_EQ(model->subgraphs()->size(), 3u);

  const tfl::SubGraph *main = model->subgraphs()->Get(0);
  EXPECT_EQ(str(main->name()), "main");
  EXPECT_EQ(elements(main->outputs()), std::vector<int32_t>{1});
  ASSERT_EQ(main->operators()->size(), 1u);
  const tfl::Operator *loop = main->operators()->Get(0);
  EXPECT_EQ(builtinOf(model, loop), tfl::BuiltinOperator::WHILE);
  const tfl::WhileOptions *options = loop->builtin_options_as_WhileOptions();
  ASSERT_TRUE(options);
  EXPECT_EQ(
      str(model->subgraphs()->Get(options->cond_subgraph_index())->name()),
      "cond");
  EXPECT_EQ(
      str(model->subgraphs()->Get(options->body_subgraph_index())->name()),
      "body");
  const tfl::Tensor *start = main->tensors()->Get(loop->inputs()->Get(0));
  EXPECT_TRUE(start->has_rank());
  EXPECT_EQ(elements(model->buffers()->Get(start->buffer())->data()),
            int32Bytes(0));

  const tfl::SubGraph *cond = model->subgraphs()->Get(1);
  EXPECT_EQ(builtinOf(model, cond->operators()->Get(0)),
            tfl::BuiltinOperator::LESS);
  EXPECT_EQ(cond->tensors()->Get(2)->type(), tfl::TensorType::BOOL);
  EXPECT_EQ(
      elements(
          model->buffers()->Get(cond->tensors()->Get(1)->buffer())->data()),
      int32Bytes(10));

  const tfl::SubGraph *body = model->subgraphs()->Get(2);
  const tfl::Operator *add = body->operators()->Get(0);
  EXPECT_EQ(builtinOf(model, add), tfl::BuiltinOperator::ADD);
  ASSERT_TRUE(add->builtin_options_as_AddOptions());
  EXPECT_EQ(add->builtin_options_as_AddOptions()->fused_activation_function(),
            tfl::ActivationFunctionType::RELU);
  EXPECT_TRUE(add->builtin_options_as_AddOptions()->pot_scale_int16());
  EXPECT_FALSE(add->builtin_options_as_WhileOptions());

  // Constant data sits at 16-byte aligned file offsets (Buffer.data's
  // force_align), so a mapped model can be read in place.
  for (const tfl::Buffer *b : *model->buffers())
    if (b->data() && b->data()->size())
      EXPECT_EQ((b->data()->data() - buffer.data()) % 16, 0);

  const tfl::SignatureDef *signature = model->signature_defs()->Get(0);
  EXPECT_EQ(str(signature->signature_key()), "serving_default");
  EXPECT_EQ(signature->outputs()->Get(0)->tensor_index(), 1u);
}

} // namespace
