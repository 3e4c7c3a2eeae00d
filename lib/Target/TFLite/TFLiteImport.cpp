//===- TFLiteImport.cpp - TFLite FlatBuffers to lite programs -------------===//
//
// The model importer, the inverse of TFLiteExport.cpp. The FlatBuffer is
// verified first; every index it holds is then checked before it is used.
// Subgraph 0 becomes func.func @main; when the SignatureDefs run several
// subgraphs, each signature's becomes a function named by its key (what the
// exporter writes for several entries). Operators are imported in order, each
// as the lite op whose TFLiteBuiltinOpInterface reports its builtin code
// (the table is built from the registered ops, not written out), created
// generically and verified on the spot so that a verifier failure names the
// operator. Constant tensors (a buffer with data) become lite.constant in
// tensor order, interleaved with the operators as the exporter wrote them,
// so that export -> import -> export reproduces the bytes. IF and WHILE
// become lite.if / lite.while with the subgraphs they name imported again
// into their regions:
//
//   IF(cond, x, y) then 1 else 2     %r = lite.if %cond {
//                                      <subgraph 1 on (%x, %y)> lite.yield
//                                    } else { <subgraph 2 on (%x, %y)> ... }
//   WHILE(a, b) cond 1 body 2        %r:2 = lite.while (%i = %a, %j = %b)
//                                      cond { <subgraph 1 on (%i, %j)> }
//                                      body { <subgraph 2 on (%i, %j)> }
//
// A subgraph that reaches itself through IF/WHILE is a cycle, reported on
// the operator that closes it.
//
//===----------------------------------------------------------------------===//

#include "sluice/Target/TFLite/TFLiteImport.h"

#include "OptionsReader.h"
#include "TypeMapping.h"

#include "sluice/Dialect/Lite/IR/LiteDialect.h"
#include "sluice/Dialect/Lite/IR/LiteOps.h"
#include "sluice/Dialect/Lite/IR/SignatureNames.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/InterleavedRange.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <limits>

using namespace mlir;
using namespace sluice;
namespace fb = sluice::tflite;

namespace {

/// Bounds on what inlining may build: IF/WHILE nesting (maxNesting), and
/// operations in all. A subgraph named by many IFs is imported once per IF, so
/// a small file can describe an exponentially large program: a 4 KB chain of
/// IFs whose branches both name the next subgraph asks for millions. The
/// operations may number one per byte of the file, at least
/// kMinOperationBudget and at most kMaxOperations. A model that imports
/// every subgraph once stays well below that: each operation needs a
/// FlatBuffer operator (or constant tensor) entry of its own, 4 bytes at
/// the very least and some 50 in practice.
constexpr size_t kMinOperationBudget = size_t(1) << 12;
constexpr size_t kMaxOperations = size_t(1) << 20;

/// The code of an operator whose opcode_index is out of range.
constexpr int32_t kNoCode = std::numeric_limits<int32_t>::min();

/// The name of a builtin code, or its number.
std::string getBuiltinName(int32_t code) {
  StringRef name =
      fb::EnumNameBuiltinOperator(static_cast<fb::BuiltinOperator>(code));
  if (name.empty())
    return "builtin " + std::to_string(code);
  return name.str();
}

/// The code of an OperatorCode: the larger of its two fields, as TFLite
/// reads it (old models only set the byte, new ones both).
int32_t getBuiltinCode(const fb::OperatorCode &code) {
  return std::max(static_cast<int32_t>(code.deprecated_builtin_code()),
                  static_cast<int32_t>(code.builtin_code()));
}

template <typename T> unsigned sizeOf(const flatbuffers::Vector<T> *vector) {
  return vector ? vector->size() : 0;
}

/// Types that may meet where a subgraph is called: same element type,
/// shapes that can agree at run time.
bool areCompatible(Type a, Type b) {
  return getElementTypeOrSelf(a) == getElementTypeOrSelf(b) &&
         succeeded(verifyCompatibleShape(a, b));
}

/// One subgraph being imported into one block.
struct Scope {
  unsigned index;
  const fb::SubGraph *subgraph;
  unsigned numTensors;
  std::string name;
  /// The value of each tensor once known.
  std::vector<Value> values;
  /// Whether an input or an operator output writes the tensor.
  std::vector<bool> produced;
  /// The builtin code of each operator.
  std::vector<int32_t> codes;
  /// Constant tensors in index order, and the next one not yet created.
  SmallVector<unsigned> constants;
  std::vector<bool> isConstant;
  /// Whether subgraph 0 (the entry) returns the tensor.
  std::vector<bool> isEntryOutput;
  unsigned nextConstant = 0;
  /// Resource tensors a VAR_HANDLE produced, by the variable they name.
  DenseMap<unsigned, std::string> varHandles;
};

class ModelImporter {
public:
  ModelImporter(const fb::Model &model, StringRef bytes, StringRef filename,
                MLIRContext *context, unsigned maxNesting);

  OwningOpRef<ModuleOp> importModel();
  /// Subgraph `index` as the public function `name`, its inputs and
  /// outputs named by `signature` (if any).
  LogicalResult importEntry(unsigned index, StringRef name,
                            const fb::SignatureDef *signature);

private:
  /// Imports subgraph `index` at `builder`'s insertion point with `inputs`
  /// as the values of its input tensors; returns its outputs.
  /// `inputVariables` names, by input, the variable a resource input is
  /// (the input's value is then null); `outputVariables`, when given,
  /// receives the same for the outputs (their values are null).
  FailureOr<SmallVector<Value>>
  importSubgraph(unsigned index, OpBuilder &builder, ValueRange inputs,
                 ArrayRef<std::string> inputVariables = {},
                 SmallVectorImpl<std::string> *outputVariables = nullptr);
  LogicalResult indexOperators(Scope &scope);
  LogicalResult findConstants(Scope &scope);
  LogicalResult importOperator(Scope &scope, unsigned opIndex,
                               OpBuilder &builder);
  LogicalResult importBuiltin(Scope &scope, unsigned opIndex,
                              OperationName name, ValueRange operands,
                              OpBuilder &builder);
  LogicalResult importIf(Scope &scope, unsigned opIndex, ValueRange operands,
                         OpBuilder &builder);
  /// `resources` names, by input, the variable a resource input is (empty:
  /// a loop-carried value, in `operands`).
  LogicalResult importWhile(Scope &scope, unsigned opIndex, ValueRange operands,
                            ArrayRef<std::string> resources,
                            OpBuilder &builder);
  /// VAR_HANDLE, READ_VARIABLE, ASSIGN_VARIABLE and CALL_ONCE: variables as
  /// the module's lite.variables, an initializer subgraph as a private
  /// function run by lite.call_once.
  LogicalResult importVariableOperator(Scope &scope, unsigned opIndex,
                                       int32_t code, OpBuilder &builder);
  /// The variable a READ_VARIABLE/ASSIGN_VARIABLE's input #0 names.
  FailureOr<std::string> getVariable(Scope &scope, unsigned opIndex);
  /// Declares (or generalizes) lite.variable @name to hold `type`.
  LogicalResult declareVariable(Scope &scope, unsigned opIndex, StringRef name,
                                TensorType type);
  /// Fails if subgraph `index`, which operator `opIndex` names as its `role`
  /// subgraph, is being imported already (a cycle).
  LogicalResult checkNoCycle(Scope &scope, unsigned opIndex, unsigned index,
                             StringRef role);
  /// Imports a subgraph an IF/WHILE names into `block`, ending it with
  /// lite.yield of its outputs (the first converted to a scalar predicate
  /// when `isCondition`).
  LogicalResult importRegion(Scope &scope, unsigned opIndex, unsigned index,
                             StringRef role, Block &block, ValueRange inputs,
                             bool isCondition,
                             ArrayRef<std::string> inputVariables = {});

  /// The value of tensor `tensor` as operand of an operator; constants
  /// used before their turn are created on the spot.
  FailureOr<Value> getOperand(Scope &scope, unsigned opIndex, unsigned tensor,
                              OpBuilder &builder);
  /// Creates the constant tensors numbered below `limit` not created yet.
  LogicalResult createConstantsBefore(Scope &scope, unsigned limit,
                                      OpBuilder &builder);
  LogicalResult createConstant(Scope &scope, unsigned tensor,
                               OpBuilder &builder);
  FailureOr<TensorType> getTensorType(Scope &scope, unsigned tensor,
                                      bool isConstant = false);
  /// The bytes of buffer `index`, or none when it holds no data.
  FailureOr<std::optional<ArrayRef<uint8_t>>> getBufferData(Scope &scope,
                                                            unsigned tensor);
  /// Converts a one-element boolean to the tensor<i1> lite.if and the
  /// condition of lite.while take.
  FailureOr<Value> toPredicate(Scope &scope, unsigned opIndex, Value value,
                               StringRef what, OpBuilder &builder);
  /// The result types of operator `opIndex`.
  FailureOr<SmallVector<Type>> getResultTypes(Scope &scope, unsigned opIndex);
  /// Records the results of operator `opIndex` as its output tensors.
  void setOutputs(Scope &scope, unsigned opIndex, ValueRange results);
  /// Counts an operation against operationBudget.
  LogicalResult countOperation(Scope &scope);
  /// Verifies `op` alone, reporting a failure on operator `opIndex`.
  LogicalResult verifyOperation(Scope &scope, unsigned opIndex, Operation *op);

  /// The location of an operation producing `tensors`: their name when the
  /// exporter did not make it up, else the file.
  Location getLocation(Scope &scope, ArrayRef<int32_t> tensors);
  std::string getTensorName(Scope &scope, unsigned tensor);
  std::string describeOperator(Scope &scope, unsigned opIndex);

  /// An error at the file with "<where>: " and the IF/WHILE chain that led
  /// there as notes.
  InFlightDiagnostic error(const Twine &where);
  InFlightDiagnostic opError(Scope &scope, unsigned opIndex) {
    return error(describeOperator(scope, opIndex));
  }
  InFlightDiagnostic tensorError(Scope &scope, unsigned tensor) {
    return error("subgraph " + Twine(scope.index) + " tensor " + Twine(tensor) +
                 " ('" + getTensorName(scope, tensor) + "')");
  }

  const fb::Model &model;
  StringRef bytes;
  MLIRContext *context;
  Location fileLoc;
  ModuleOp module;
  /// CALL_ONCE initializer subgraphs imported as functions, by index.
  DenseMap<unsigned, func::FuncOp> initializers;
  /// The subgraphs that are functions of the module (their outputs keep the
  /// program's names).
  llvm::SmallDenseSet<unsigned, 4> entrySubgraphs;
  /// Lite ops by builtin code, from their TFLiteBuiltinOpInterface.
  DenseMap<int32_t, std::pair<OperationName, lite::BuiltinOptions>> opsByCode;
  /// Subgraphs being imported (outermost first) and the operator that
  /// inlines each of the inner ones, for cycles and notes.
  SmallVector<unsigned> activeSubgraphs;
  SmallVector<std::string> callSites;
  size_t numOperations = 0;
  /// How many operations the file may make (see kMaxOperations).
  size_t operationBudget;
  /// How deep IF/WHILE subgraphs may nest (--max-nesting).
  unsigned maxNesting;
};

} // namespace

ModelImporter::ModelImporter(const fb::Model &model, StringRef bytes,
                             StringRef filename, MLIRContext *context,
                             unsigned maxNesting)
    : model(model), bytes(bytes), context(context),
      fileLoc(FileLineColLoc::get(context, filename, 0, 0)),
      operationBudget(std::min(kMaxOperations,
                               std::max(kMinOperationBudget, bytes.size()))),
      maxNesting(maxNesting) {
  for (RegisteredOperationName name : context->getRegisteredOperations()) {
    auto *builtin = name.getInterface<lite::TFLiteBuiltinOpInterface>();
    if (!builtin)
      continue;
    auto code = static_cast<int32_t>(builtin->getBuiltinOperator());
    [[maybe_unused]] bool inserted =
        opsByCode
            .try_emplace(code, OperationName(name),
                         builtin->getBuiltinOptions())
            .second;
    assert(inserted && "two lite ops claim one TFLite builtin code");
  }
}

InFlightDiagnostic ModelImporter::error(const Twine &where) {
  InFlightDiagnostic diag = emitError(fileLoc);
  diag << where << ": ";
  for (const std::string &site : llvm::reverse(callSites))
    diag.attachNote(fileLoc) << site;
  return diag;
}

std::string ModelImporter::getTensorName(Scope &scope, unsigned tensor) {
  const fb::Tensor *t = scope.subgraph->tensors()->Get(tensor);
  return t->name() ? t->name()->str() : std::string();
}

std::string ModelImporter::describeOperator(Scope &scope, unsigned opIndex) {
  std::string text = "subgraph " + std::to_string(scope.index) + " operator " +
                     std::to_string(opIndex);
  if (opIndex < scope.codes.size() && scope.codes[opIndex] != kNoCode) {
    int32_t code = scope.codes[opIndex];
    text += " (" + getBuiltinName(code);
    if (code == static_cast<int32_t>(fb::BuiltinOperator::CUSTOM)) {
      const fb::Operator *op = scope.subgraph->operators()->Get(opIndex);
      const fb::OperatorCode *opcode =
          model.operator_codes()->Get(op->opcode_index());
      if (opcode->custom_code())
        text += " '" + opcode->custom_code()->str() + "'";
    }
    text += ")";
  }
  return text;
}

Location ModelImporter::getLocation(Scope &scope, ArrayRef<int32_t> tensors) {
  // The exporter names a tensor "<subgraph>/t<index>" when the program does
  // not, and "<name>:<i>" for result i of a multi-result op named <name>;
  // the outputs of subgraph 0 take the program's result names instead.
  auto isMadeUp = [&](unsigned tensor, StringRef name) {
    return name == scope.name + "/t" + std::to_string(tensor);
  };
  std::optional<std::string> common;
  for (auto [i, tensor] : llvm::enumerate(tensors)) {
    if (tensors.size() > 1 && scope.isEntryOutput[tensor])
      continue;
    std::string name = getTensorName(scope, tensor);
    if (name.empty() || isMadeUp(tensor, name))
      return fileLoc;
    if (tensors.size() == 1)
      return NameLoc::get(StringAttr::get(context, name), fileLoc);
    StringRef base = name;
    std::string suffix = ":" + std::to_string(i);
    if (!base.consume_back(suffix) || (common && *common != base))
      return fileLoc;
    common = base.str();
  }
  if (!common)
    return fileLoc;
  return NameLoc::get(StringAttr::get(context, *common), fileLoc);
}

LogicalResult ModelImporter::countOperation(Scope &scope) {
  if (++numOperations <= operationBudget)
    return success();
  return error("subgraph " + Twine(scope.index))
         << "inlining the model's IF/WHILE subgraphs makes more than "
         << operationBudget << " operations, the most a " << bytes.size()
         << "-byte model may make";
}

FailureOr<TensorType>
ModelImporter::getTensorType(Scope &scope, unsigned tensor, bool isConstant) {
  const fb::Tensor *t = scope.subgraph->tensors()->Get(tensor);
  Type elementType = tflite_support::getElementType(t->type(), context);
  if (!elementType) {
    StringRef typeName = fb::EnumNameTensorType(t->type());
    InFlightDiagnostic diag = tensorError(scope, tensor) << "has type ";
    if (typeName.empty())
      diag << static_cast<int>(t->type());
    else
      diag << typeName;
    return diag << ", which lite does not model";
  }
  if (const fb::QuantizationParameters *q = t->quantization())
    if (sizeOf(q->scale()) || sizeOf(q->zero_point()) || q->details())
      return tensorError(scope, tensor)
             << "is quantized; quantized tensors are not supported";
  if (t->sparsity())
    return tensorError(scope, tensor)
           << "is sparse; sparse tensors are not supported";

  // A constant's shape is its data's; otherwise shape_signature, where
  // present, marks dimensions unknown at conversion time with -1.
  const flatbuffers::Vector<int32_t> *dims = t->shape();
  if (!isConstant && sizeOf(t->shape_signature()))
    dims = t->shape_signature();
  if (!sizeOf(dims) && !isConstant && !t->has_rank())
    return TensorType(UnrankedTensorType::get(elementType));
  SmallVector<int64_t> shape;
  for (int32_t dim : dims ? llvm::to_vector(*dims) : SmallVector<int32_t>()) {
    if (dim < -1 || (dim == -1 && isConstant))
      return tensorError(scope, tensor)
             << "has the invalid dimension " << dim << " in its shape";
    shape.push_back(dim == -1 ? ShapedType::kDynamic : dim);
  }
  return TensorType(RankedTensorType::get(shape, elementType));
}

FailureOr<std::optional<ArrayRef<uint8_t>>>
ModelImporter::getBufferData(Scope &scope, unsigned tensor) {
  unsigned index = scope.subgraph->tensors()->Get(tensor)->buffer();
  unsigned numBuffers = sizeOf(model.buffers());
  // Buffer 0 is the empty buffer by convention, even where a model leaves
  // the list out.
  if (index == 0 && numBuffers == 0)
    return std::optional<ArrayRef<uint8_t>>();
  if (index >= numBuffers)
    return tensorError(scope, tensor)
           << "refers to buffer " << index << " but the model has "
           << numBuffers << " buffer(s)";
  const fb::Buffer *buffer = model.buffers()->Get(index);
  // Models over 2 GB keep the bytes after the FlatBuffer.
  if (buffer->offset() > 1) {
    uint64_t offset = buffer->offset(), size = buffer->size();
    if (offset > bytes.size() || size > bytes.size() - offset)
      return tensorError(scope, tensor)
             << "refers to buffer " << index << ", whose bytes [" << offset
             << ", " << offset << " + " << size << ") lie outside the "
             << bytes.size() << "-byte file";
    return std::optional<ArrayRef<uint8_t>>(ArrayRef<uint8_t>(
        reinterpret_cast<const uint8_t *>(bytes.data()) + offset, size));
  }
  if (!buffer->data())
    return std::optional<ArrayRef<uint8_t>>();
  return std::optional<ArrayRef<uint8_t>>(
      ArrayRef<uint8_t>(buffer->data()->data(), buffer->data()->size()));
}

LogicalResult ModelImporter::indexOperators(Scope &scope) {
  const auto *operators = scope.subgraph->operators();
  unsigned numCodes = sizeOf(model.operator_codes());
  for (unsigned k = 0, e = sizeOf(operators); k < e; ++k) {
    const fb::Operator *op = operators->Get(k);
    if (op->opcode_index() >= numCodes) {
      scope.codes.push_back(kNoCode);
      return opError(scope, k)
             << "opcode_index " << op->opcode_index() << " is out of range ("
             << numCodes << " operator code(s))";
    }
    scope.codes.push_back(
        getBuiltinCode(*model.operator_codes()->Get(op->opcode_index())));
  }
  for (unsigned k = 0, e = sizeOf(operators); k < e; ++k) {
    const fb::Operator *op = operators->Get(k);
    for (auto [kind, list] :
         {std::pair<StringRef, decltype(op->inputs())>("input", op->inputs()),
          {"output", op->outputs()}}) {
      for (unsigned i = 0, n = sizeOf(list); i < n; ++i) {
        int32_t tensor = list->Get(i);
        bool omitted = tensor == -1 && kind == "input";
        if (!omitted &&
            (tensor < 0 || static_cast<unsigned>(tensor) >= scope.numTensors))
          return opError(scope, k)
                 << kind << " #" << i << " is tensor " << tensor
                 << ", out of range (the subgraph has " << scope.numTensors
                 << " tensor(s))";
      }
    }
    for (unsigned i = 0, n = sizeOf(op->outputs()); i < n; ++i) {
      int32_t tensor = op->outputs()->Get(i);
      if (scope.produced[tensor])
        return opError(scope, k)
               << "writes tensor " << tensor << " ('"
               << getTensorName(scope, tensor)
               << "'), which a subgraph input or an earlier operator "
                  "already holds";
      scope.produced[tensor] = true;
    }
  }
  return success();
}

LogicalResult ModelImporter::findConstants(Scope &scope) {
  for (unsigned t = 0; t < scope.numTensors; ++t) {
    FailureOr<std::optional<ArrayRef<uint8_t>>> data = getBufferData(scope, t);
    if (failed(data))
      return failure();
    if (!scope.produced[t] && data->has_value() &&
        !scope.subgraph->tensors()->Get(t)->is_variable()) {
      scope.constants.push_back(t);
      scope.isConstant[t] = true;
    }
  }
  return success();
}

LogicalResult ModelImporter::createConstant(Scope &scope, unsigned tensor,
                                            OpBuilder &builder) {
  FailureOr<TensorType> type =
      getTensorType(scope, tensor, /*isConstant=*/true);
  if (failed(type))
    return failure();
  auto ranked = cast<RankedTensorType>(*type);
  FailureOr<std::optional<ArrayRef<uint8_t>>> data =
      getBufferData(scope, tensor);
  if (failed(data))
    return failure();
  ArrayRef<uint8_t> bytes = data->value_or(ArrayRef<uint8_t>());
  int64_t expected =
      tflite_support::getElementByteWidth(ranked.getElementType());
  for (int64_t dim : ranked.getShape())
    if (llvm::MulOverflow(expected, dim, expected))
      return tensorError(scope, tensor)
             << "has a shape too large to hold: " << ranked;
  if (static_cast<int64_t>(bytes.size()) != expected)
    return tensorError(scope, tensor)
           << "is a constant of type " << ranked << " (" << expected
           << " bytes) but its buffer "
           << scope.subgraph->tensors()->Get(tensor)->buffer() << " holds "
           << bytes.size() << " bytes";
  if (failed(countOperation(scope)))
    return failure();
  int32_t self = tensor;
  scope.values[tensor] = lite::ConstantOp::create(
      builder, getLocation(scope, ArrayRef<int32_t>(self)),
      tflite_support::deserializeElements(bytes, ranked));
  return success();
}

LogicalResult ModelImporter::createConstantsBefore(Scope &scope, unsigned limit,
                                                   OpBuilder &builder) {
  for (; scope.nextConstant < scope.constants.size() &&
         scope.constants[scope.nextConstant] < limit;
       ++scope.nextConstant) {
    unsigned tensor = scope.constants[scope.nextConstant];
    if (!scope.values[tensor] && failed(createConstant(scope, tensor, builder)))
      return failure();
  }
  return success();
}

FailureOr<Value> ModelImporter::getOperand(Scope &scope, unsigned opIndex,
                                           unsigned tensor,
                                           OpBuilder &builder) {
  if (Value value = scope.values[tensor])
    return value;
  if (scope.isConstant[tensor]) {
    if (failed(createConstant(scope, tensor, builder)))
      return failure();
    return scope.values[tensor];
  }
  const fb::Tensor *t = scope.subgraph->tensors()->Get(tensor);
  InFlightDiagnostic diag = opError(scope, opIndex);
  diag << "reads tensor " << tensor << " ('" << getTensorName(scope, tensor)
       << "'), ";
  if (t->is_variable())
    return diag << "a variable tensor; variables are not supported";
  if (scope.produced[tensor])
    return diag << "which only a later operator writes";
  return diag << "which is no subgraph input, constant or operator output";
}

FailureOr<SmallVector<Type>> ModelImporter::getResultTypes(Scope &scope,
                                                           unsigned opIndex) {
  const fb::Operator *op = scope.subgraph->operators()->Get(opIndex);
  SmallVector<Type> types;
  for (unsigned i = 0, e = sizeOf(op->outputs()); i < e; ++i) {
    FailureOr<TensorType> type = getTensorType(scope, op->outputs()->Get(i));
    if (failed(type))
      return failure();
    types.push_back(*type);
  }
  return types;
}

void ModelImporter::setOutputs(Scope &scope, unsigned opIndex,
                               ValueRange results) {
  const fb::Operator *op = scope.subgraph->operators()->Get(opIndex);
  for (auto [i, result] : llvm::enumerate(results))
    scope.values[op->outputs()->Get(i)] = result;
}

LogicalResult ModelImporter::verifyOperation(Scope &scope, unsigned opIndex,
                                             Operation *op) {
  std::string message;
  LogicalResult verified = success();
  {
    ScopedDiagnosticHandler capture(context, [&](Diagnostic &diag) {
      if (message.empty() && diag.getSeverity() == DiagnosticSeverity::Error)
        message = diag.str();
      return success();
    });
    verified = verify(op, /*verifyRecursively=*/false);
  }
  if (succeeded(verified))
    return success();
  return opError(scope, opIndex)
         << "imports as an invalid '" << op->getName() << "': " << message;
}

FailureOr<Value> ModelImporter::toPredicate(Scope &scope, unsigned opIndex,
                                            Value value, StringRef what,
                                            OpBuilder &builder) {
  auto type = cast<TensorType>(value.getType());
  auto scalar = RankedTensorType::get({}, builder.getI1Type());
  if (type == scalar)
    return value;
  if (!type.getElementType().isInteger(1))
    return opError(scope, opIndex)
           << what << " has type " << type << "; it must be a bool tensor";
  if (type.hasStaticShape() && type.getNumElements() != 1)
    return opError(scope, opIndex)
           << what << " has type " << type << "; it must hold exactly one bool";
  // TFLite reads the first element of a one-element condition; lite takes a
  // scalar.
  if (failed(countOperation(scope)) || failed(countOperation(scope)))
    return failure();
  Value shape = lite::ConstantOp::create(
      builder, value.getLoc(),
      DenseElementsAttr::get(RankedTensorType::get({0}, builder.getI32Type()),
                             ArrayRef<int32_t>()));
  return lite::ReshapeOp::create(builder, value.getLoc(), scalar, value, shape)
      .getResult();
}

LogicalResult ModelImporter::importBuiltin(Scope &scope, unsigned opIndex,
                                           OperationName name,
                                           ValueRange operands,
                                           OpBuilder &builder) {
  const fb::Operator *op = scope.subgraph->operators()->Get(opIndex);
  FailureOr<SmallVector<Type>> types = getResultTypes(scope, opIndex);
  if (failed(types))
    return failure();
  SmallVector<Value> allOperands(operands);
  // RESHAPE may give its new shape as an option instead of an input.
  if (scope.codes[opIndex] ==
          static_cast<int32_t>(fb::BuiltinOperator::RESHAPE) &&
      allOperands.size() == 1) {
    const fb::ReshapeOptions *options = op->builtin_options_as_ReshapeOptions();
    if (options && options->new_shape()) {
      SmallVector<int32_t> shape = llvm::to_vector(*options->new_shape());
      if (failed(countOperation(scope)))
        return failure();
      allOperands.push_back(lite::ConstantOp::create(
          builder, fileLoc,
          DenseElementsAttr::get(
              RankedTensorType::get({static_cast<int64_t>(shape.size())},
                                    builder.getI32Type()),
              ArrayRef<int32_t>(shape))));
    }
  }

  Location loc = getLocation(
      scope, op->outputs() ? ArrayRef<int32_t>(op->outputs()->data(),
                                               op->outputs()->size())
                           : ArrayRef<int32_t>());
  OperationState state(loc, name);
  state.addOperands(allOperands);
  state.addTypes(*types);
  NamedAttrList attributes;
  if (failed(tflite_support::readBuiltinOptions(
          *op, opsByCode.at(scope.codes[opIndex]).second, operands.size(),
          types->size(), builder, attributes,
          [&] { return opError(scope, opIndex); })))
    return failure();
  state.addAttributes(attributes);
  if (failed(countOperation(scope)))
    return failure();
  Operation *created = builder.create(state);
  if (failed(verifyOperation(scope, opIndex, created)))
    return failure();
  setOutputs(scope, opIndex, created->getResults());
  return success();
}

LogicalResult ModelImporter::checkNoCycle(Scope &scope, unsigned opIndex,
                                          unsigned index, StringRef role) {
  if (!llvm::is_contained(activeSubgraphs, index))
    return success();
  return opError(scope, opIndex)
         << "its " << role << " subgraph " << index
         << " is being imported already: the subgraphs form a cycle ("
         << llvm::interleaved(activeSubgraphs, " -> ") << " -> " << index
         << ")";
}

LogicalResult
ModelImporter::importRegion(Scope &scope, unsigned opIndex, unsigned index,
                            StringRef role, Block &block, ValueRange inputs,
                            bool isCondition,
                            ArrayRef<std::string> inputVariables) {
  if (failed(checkNoCycle(scope, opIndex, index, role)))
    return failure();
  // The entry subgraph is the function body: maxNesting IF/WHILE may nest
  // in it, as lite.if in a func.func (sluice::checkNestingDepth).
  if (activeSubgraphs.size() > maxNesting)
    return opError(scope, opIndex)
           << "IF/WHILE nest deeper than " << maxNesting
           << " levels (raise --max-nesting if they should)";
  callSites.push_back("in subgraph " + std::to_string(index) + ", the " +
                      role.str() + " subgraph of " +
                      describeOperator(scope, opIndex));
  OpBuilder builder = OpBuilder::atBlockEnd(&block);
  SmallVector<std::string> outputVariables;
  FailureOr<SmallVector<Value>> outputs =
      importSubgraph(index, builder, inputs, inputVariables, &outputVariables);
  callSites.pop_back();
  if (failed(outputs))
    return failure();
  // A resource loop variable comes back as the same variable; it is no
  // value of the region.
  if (!isCondition && !inputVariables.empty()) {
    SmallVector<Value> values;
    for (auto [k, value] : llvm::enumerate(*outputs)) {
      StringRef in =
          k < inputVariables.size() ? StringRef(inputVariables[k]) : StringRef();
      StringRef out = outputVariables[k];
      if (in != out)
        return opError(scope, opIndex)
               << "its " << role << " subgraph " << index << " returns "
               << (out.empty() ? "a value" : "variable '" + out.str() + "'")
               << " as output #" << k << " for "
               << (in.empty() ? "a value" : "variable '" + in.str() + "'");
      if (in.empty())
        values.push_back(value);
    }
    *outputs = std::move(values);
  }
  if (isCondition) {
    FailureOr<Value> predicate = toPredicate(
        scope, opIndex, outputs->front(),
        ("the output of cond subgraph " + Twine(index)).str(), builder);
    if (failed(predicate))
      return failure();
    outputs->front() = *predicate;
  }
  lite::YieldOp::create(builder, fileLoc, *outputs);
  return success();
}

/// Checks that subgraph `index`'s input/output counts are `numInputs` and
/// `numOutputs`.
static bool hasArity(const fb::Model &model, unsigned index, unsigned numInputs,
                     unsigned numOutputs) {
  const fb::SubGraph *subgraph = model.subgraphs()->Get(index);
  return sizeOf(subgraph->inputs()) == numInputs &&
         sizeOf(subgraph->outputs()) == numOutputs;
}

LogicalResult ModelImporter::importIf(Scope &scope, unsigned opIndex,
                                      ValueRange operands, OpBuilder &builder) {
  const fb::Operator *op = scope.subgraph->operators()->Get(opIndex);
  const fb::IfOptions *options = op->builtin_options_as_IfOptions();
  if (!options)
    return opError(scope, opIndex) << "has no IfOptions";
  unsigned numSubgraphs = sizeOf(model.subgraphs());
  int32_t branches[] = {options->then_subgraph_index(),
                        options->else_subgraph_index()};
  const char *roles[] = {"then", "else"};
  for (auto [role, index] : llvm::zip(roles, branches))
    if (index < 0 || static_cast<unsigned>(index) >= numSubgraphs)
      return opError(scope, opIndex)
             << "IfOptions." << role << "_subgraph_index is " << index
             << ", out of range (the model has " << numSubgraphs
             << " subgraph(s))";
  for (auto [role, index] : llvm::zip(roles, branches))
    if (failed(checkNoCycle(scope, opIndex, index, role)))
      return failure();
  if (operands.empty() || sizeOf(op->inputs()) != operands.size())
    return opError(scope, opIndex)
           << "needs a condition and no omitted (-1) inputs";
  FailureOr<SmallVector<Type>> types = getResultTypes(scope, opIndex);
  if (failed(types))
    return failure();

  // Both branches take the inputs after the condition and return the IF's
  // outputs; their tensors must agree with each other and with those.
  ValueRange passed = operands.drop_front();
  for (auto [role, index] : llvm::zip(roles, branches))
    if (!hasArity(model, index, passed.size(), types->size()))
      return opError(scope, opIndex)
             << "mismatched branch signatures: the " << role << " subgraph "
             << index << " takes "
             << sizeOf(model.subgraphs()->Get(index)->inputs())
             << " input(s) and returns "
             << sizeOf(model.subgraphs()->Get(index)->outputs())
             << " output(s), but the IF passes " << passed.size()
             << " input(s) and has " << types->size() << " output(s)";
  {
    Scope thenScope, elseScope;
    for (auto [branchScope, index] :
         llvm::zip(std::array<Scope *, 2>{&thenScope, &elseScope}, branches)) {
      branchScope->index = index;
      branchScope->subgraph = model.subgraphs()->Get(index);
      branchScope->numTensors = sizeOf(branchScope->subgraph->tensors());
    }
    for (auto [list, what] :
         {std::pair<StringRef, StringRef>("inputs", "input"),
          {"outputs", "output"}}) {
      bool isInputs = list == "inputs";
      auto tensorsOf = [&](Scope &s) {
        return isInputs ? s.subgraph->inputs() : s.subgraph->outputs();
      };
      for (unsigned i = 0, e = isInputs ? passed.size() : types->size(); i < e;
           ++i) {
        int32_t thenTensor = tensorsOf(thenScope)->Get(i);
        int32_t elseTensor = tensorsOf(elseScope)->Get(i);
        if (thenTensor < 0 ||
            static_cast<unsigned>(thenTensor) >= thenScope.numTensors ||
            elseTensor < 0 ||
            static_cast<unsigned>(elseTensor) >= elseScope.numTensors)
          continue; // Reported when the branch is imported.
        FailureOr<TensorType> thenType = getTensorType(thenScope, thenTensor);
        FailureOr<TensorType> elseType = getTensorType(elseScope, elseTensor);
        if (failed(thenType) || failed(elseType))
          return failure();
        if (!areCompatible(*thenType, *elseType))
          return opError(scope, opIndex)
                 << "mismatched branch signatures: " << what << " #" << i
                 << " is " << *thenType << " in the then subgraph "
                 << branches[0] << " but " << *elseType
                 << " in the else subgraph " << branches[1];
        Type outer = isInputs ? passed[i].getType() : (*types)[i];
        if (!areCompatible(*thenType, outer))
          return opError(scope, opIndex)
                 << "the branches' " << what << " #" << i << " is " << *thenType
                 << " but the IF's is " << outer;
      }
    }
  }

  FailureOr<Value> cond =
      toPredicate(scope, opIndex, operands.front(), "the condition", builder);
  if (failed(cond) || failed(countOperation(scope)))
    return failure();
  Location loc = getLocation(
      scope, op->outputs() ? ArrayRef<int32_t>(op->outputs()->data(),
                                               op->outputs()->size())
                           : ArrayRef<int32_t>());
  auto ifOp = lite::IfOp::create(builder, loc, *types, *cond);
  if (failed(importRegion(scope, opIndex, branches[0], "then",
                          ifOp.getThenRegion().emplaceBlock(), passed,
                          /*isCondition=*/false)) ||
      failed(importRegion(scope, opIndex, branches[1], "else",
                          ifOp.getElseRegion().emplaceBlock(), passed,
                          /*isCondition=*/false)) ||
      failed(verifyOperation(scope, opIndex, ifOp)))
    return failure();
  setOutputs(scope, opIndex, ifOp.getResults());
  return success();
}

LogicalResult ModelImporter::importWhile(Scope &scope, unsigned opIndex,
                                         ValueRange operands,
                                         ArrayRef<std::string> resources,
                                         OpBuilder &builder) {
  const fb::Operator *op = scope.subgraph->operators()->Get(opIndex);
  const fb::WhileOptions *options = op->builtin_options_as_WhileOptions();
  if (!options)
    return opError(scope, opIndex) << "has no WhileOptions";
  unsigned numSubgraphs = sizeOf(model.subgraphs());
  int32_t condIndex = options->cond_subgraph_index();
  int32_t bodyIndex = options->body_subgraph_index();
  const char *roles[] = {"cond", "body"};
  int32_t indices[] = {condIndex, bodyIndex};
  for (auto [role, index] : llvm::zip(roles, indices))
    if (index < 0 || static_cast<unsigned>(index) >= numSubgraphs)
      return opError(scope, opIndex)
             << "WhileOptions." << role << "_subgraph_index is " << index
             << ", out of range (the model has " << numSubgraphs
             << " subgraph(s))";
  for (auto [role, index] : llvm::zip(roles, indices))
    if (failed(checkNoCycle(scope, opIndex, index, role)))
      return failure();
  if (sizeOf(op->inputs()) != resources.size())
    return opError(scope, opIndex) << "has omitted (-1) inputs";
  // Loop variables that are variables (the converter passes their
  // resources) stay variables; the others are carried.
  unsigned numInputs = resources.size();
  if (sizeOf(op->outputs()) != numInputs)
    return opError(scope, opIndex)
           << "has " << numInputs << " input(s) but " << sizeOf(op->outputs())
           << " output(s); the loop-carried values are both";
  SmallVector<Type> types;
  for (unsigned k = 0; k < numInputs; ++k) {
    if (!resources[k].empty())
      continue;
    FailureOr<TensorType> type = getTensorType(scope, op->outputs()->Get(k));
    if (failed(type))
      return failure();
    types.push_back(*type);
  }
  unsigned numCarried = operands.size();
  if (!hasArity(model, condIndex, numInputs, 1))
    return opError(scope, opIndex)
           << "the cond subgraph " << condIndex << " takes "
           << sizeOf(model.subgraphs()->Get(condIndex)->inputs())
           << " input(s) and returns "
           << sizeOf(model.subgraphs()->Get(condIndex)->outputs())
           << " output(s); it must take the " << numInputs
           << " loop-carried value(s) and return one bool";
  if (!hasArity(model, bodyIndex, numInputs, numInputs))
    return opError(scope, opIndex)
           << "the body subgraph " << bodyIndex << " takes "
           << sizeOf(model.subgraphs()->Get(bodyIndex)->inputs())
           << " input(s) and returns "
           << sizeOf(model.subgraphs()->Get(bodyIndex)->outputs())
           << " output(s); it must take and return the " << numInputs
           << " loop-carried value(s)";

  if (failed(countOperation(scope)))
    return failure();
  Location loc = getLocation(
      scope, op->outputs() ? ArrayRef<int32_t>(op->outputs()->data(),
                                               op->outputs()->size())
                           : ArrayRef<int32_t>());
  auto whileOp = lite::WhileOp::create(builder, loc, types, operands);
  SmallVector<Location> locs(numCarried, fileLoc);
  Block &cond = whileOp.getCond().emplaceBlock();
  cond.addArguments(types, locs);
  Block &body = whileOp.getBody().emplaceBlock();
  body.addArguments(types, locs);
  // The subgraphs' inputs: the block arguments, nothing for a variable.
  auto subgraphInputs = [&](Block &block) {
    SmallVector<Value> inputs;
    unsigned next = 0;
    for (const std::string &resource : resources)
      inputs.push_back(resource.empty() ? block.getArgument(next++) : Value());
    return inputs;
  };
  if (failed(importRegion(scope, opIndex, condIndex, "cond", cond,
                          subgraphInputs(cond), /*isCondition=*/true,
                          resources)) ||
      failed(importRegion(scope, opIndex, bodyIndex, "body", body,
                          subgraphInputs(body), /*isCondition=*/false,
                          resources)) ||
      failed(verifyOperation(scope, opIndex, whileOp)))
    return failure();
  unsigned next = 0;
  for (auto [k, resource] : llvm::enumerate(resources)) {
    unsigned tensor = op->outputs()->Get(k);
    if (!resource.empty()) {
      scope.varHandles[tensor] = resource;
      continue;
    }
    scope.values[tensor] = whileOp.getResult(next++);
  }
  return success();
}

FailureOr<std::string> ModelImporter::getVariable(Scope &scope,
                                                  unsigned opIndex) {
  const fb::Operator *op = scope.subgraph->operators()->Get(opIndex);
  if (!sizeOf(op->inputs()))
    return opError(scope, opIndex) << "has no resource input";
  int32_t tensor = op->inputs()->Get(0);
  auto it = scope.varHandles.find(static_cast<unsigned>(tensor));
  if (tensor < 0 || it == scope.varHandles.end())
    return opError(scope, opIndex)
           << "input #0 (tensor " << tensor
           << ") is not a resource a VAR_HANDLE of this subgraph produces "
              "before it";
  return it->second;
}

LogicalResult ModelImporter::declareVariable(Scope &scope, unsigned opIndex,
                                             StringRef name, TensorType type) {
  if (auto existing = module.lookupSymbol<lite::VariableOp>(name)) {
    auto known = cast<TensorType>(existing.getType());
    if (known.getElementType() != type.getElementType())
      return opError(scope, opIndex)
             << "uses variable '" << name << "' as " << type
             << ", but it is also used as " << known;
    // Every access must fit the declaration: keep what they agree on.
    if (known != type) {
      TensorType joined = UnrankedTensorType::get(type.getElementType());
      if (known.hasRank() && type.hasRank() &&
          known.getRank() == type.getRank()) {
        SmallVector<int64_t> shape;
        for (auto [a, b] : llvm::zip(known.getShape(), type.getShape()))
          shape.push_back(a == b ? a : ShapedType::kDynamic);
        joined = RankedTensorType::get(shape, type.getElementType());
      }
      existing.setType(joined);
    }
    return success();
  }
  if (module.lookupSymbol(name))
    return opError(scope, opIndex)
           << "names variable '" << name << "' like a function of the model";
  OpBuilder atTop = OpBuilder::atBlockBegin(module.getBody());
  lite::VariableOp::create(atTop, fileLoc, atTop.getStringAttr(name),
                           TypeAttr::get(type));
  return success();
}

LogicalResult ModelImporter::importVariableOperator(Scope &scope,
                                                    unsigned opIndex,
                                                    int32_t code,
                                                    OpBuilder &builder) {
  const fb::Operator *op = scope.subgraph->operators()->Get(opIndex);
  auto builtin = static_cast<fb::BuiltinOperator>(code);
  unsigned numOutputs = sizeOf(op->outputs());
  Location loc = getLocation(
      scope, numOutputs ? ArrayRef<int32_t>(op->outputs()->data(), numOutputs)
                        : ArrayRef<int32_t>());
  if (failed(countOperation(scope)))
    return failure();
  if (builtin == fb::BuiltinOperator::VAR_HANDLE) {
    const fb::VarHandleOptions *options =
        op->builtin_options_as_VarHandleOptions();
    if (!options || !options->shared_name() ||
        options->shared_name()->size() == 0)
      return opError(scope, opIndex) << "has no shared_name: TFLite names a "
                                        "variable by it";
    if (numOutputs != 1 || op->outputs()->Get(0) < 0 ||
        static_cast<unsigned>(op->outputs()->Get(0)) >= scope.numTensors)
      return opError(scope, opIndex) << "must have one resource output";
    unsigned tensor = op->outputs()->Get(0);
    // The container is ignored: a model has one resource map.
    scope.varHandles[tensor] = options->shared_name()->str();
    scope.produced[tensor] = true;
    return success();
  }
  if (builtin == fb::BuiltinOperator::CALL_ONCE) {
    const fb::CallOnceOptions *options =
        op->builtin_options_as_CallOnceOptions();
    int32_t index = options ? options->init_subgraph_index() : -1;
    if (index < 0 || static_cast<unsigned>(index) >= sizeOf(model.subgraphs()))
      return opError(scope, opIndex)
             << "names init subgraph " << index << ", out of range";
    if (!hasArity(model, index, 0, 0))
      return opError(scope, opIndex)
             << "its init subgraph " << index
             << " must take no inputs and return no outputs";
    func::FuncOp init = initializers.lookup(index);
    if (!init) {
      if (failed(checkNoCycle(scope, opIndex, index, "init")))
        return failure();
      const fb::SubGraph *subgraph = model.subgraphs()->Get(index);
      std::string name = subgraph->name() && subgraph->name()->size()
                             ? subgraph->name()->str()
                             : "init" + std::to_string(index);
      OpBuilder atEnd = OpBuilder::atBlockEnd(module.getBody());
      init = func::FuncOp::create(atEnd, fileLoc, name,
                                  atEnd.getFunctionType({}, {}));
      init.setPrivate();
      SymbolTable(module).insert(init);
      initializers[index] = init;
      OpBuilder body = OpBuilder::atBlockEnd(init.addEntryBlock());
      callSites.push_back("in subgraph " + std::to_string(index) +
                          ", the init subgraph of " +
                          describeOperator(scope, opIndex));
      FailureOr<SmallVector<Value>> outputs =
          importSubgraph(index, body, ValueRange());
      callSites.pop_back();
      if (failed(outputs))
        return failure();
      func::ReturnOp::create(body, fileLoc, ValueRange());
    }
    lite::CallOnceOp::create(builder, loc, FlatSymbolRefAttr::get(init));
    return success();
  }

  FailureOr<std::string> variable = getVariable(scope, opIndex);
  if (failed(variable))
    return failure();
  auto symbol = FlatSymbolRefAttr::get(context, *variable);
  if (builtin == fb::BuiltinOperator::READ_VARIABLE) {
    if (numOutputs != 1 || sizeOf(op->inputs()) != 1)
      return opError(scope, opIndex) << "must have one input and one output";
    FailureOr<SmallVector<Type>> types = getResultTypes(scope, opIndex);
    if (failed(types) ||
        failed(createConstantsBefore(scope, op->outputs()->Get(0), builder)))
      return failure();
    auto type = cast<TensorType>(types->front());
    if (failed(declareVariable(scope, opIndex, *variable, type)))
      return failure();
    auto read =
        lite::ReadVariableOp::create(builder, loc, type, symbol, Value());
    setOutputs(scope, opIndex, read->getResults());
    return success();
  }
  if (numOutputs != 0 || sizeOf(op->inputs()) != 2)
    return opError(scope, opIndex) << "must have two inputs and no output";
  FailureOr<Value> value =
      getOperand(scope, opIndex, op->inputs()->Get(1), builder);
  if (failed(value))
    return failure();
  auto type = cast<TensorType>(value->getType());
  if (failed(declareVariable(scope, opIndex, *variable, type)))
    return failure();
  lite::AssignVariableOp::create(builder, loc, symbol, *value, Value());
  return success();
}

LogicalResult ModelImporter::importOperator(Scope &scope, unsigned opIndex,
                                            OpBuilder &builder) {
  const fb::Operator *op = scope.subgraph->operators()->Get(opIndex);
  int32_t code = scope.codes[opIndex];
  if (code == static_cast<int32_t>(fb::BuiltinOperator::CUSTOM))
    return opError(scope, opIndex) << "custom operators are not supported";
  bool isIf = code == static_cast<int32_t>(fb::BuiltinOperator::IF);
  bool isWhile = code == static_cast<int32_t>(fb::BuiltinOperator::WHILE);
  switch (static_cast<fb::BuiltinOperator>(code)) {
  case fb::BuiltinOperator::VAR_HANDLE:
  case fb::BuiltinOperator::READ_VARIABLE:
  case fb::BuiltinOperator::ASSIGN_VARIABLE:
  case fb::BuiltinOperator::CALL_ONCE:
    return importVariableOperator(scope, opIndex, code, builder);
  default:
    break;
  }
  auto it = opsByCode.find(code);
  if (!isIf && !isWhile && it == opsByCode.end())
    return opError(scope, opIndex)
           << "the builtin operator is not supported (the lite dialect has no "
              "op for it)";

  // Constants come in tensor order, up to the operator's first output.
  unsigned firstOutput = scope.numTensors;
  for (unsigned i = 0, e = sizeOf(op->outputs()); i < e; ++i)
    firstOutput =
        std::min(firstOutput, static_cast<unsigned>(op->outputs()->Get(i)));
  if (!sizeOf(op->outputs()))
    firstOutput = 0;
  if (failed(createConstantsBefore(scope, firstOutput, builder)))
    return failure();

  SmallVector<Value> operands;
  // Resource inputs (variables passed to a WHILE's subgraphs) are no values.
  SmallVector<std::string> resources;
  for (unsigned i = 0, e = sizeOf(op->inputs()); i < e; ++i) {
    int32_t tensor = op->inputs()->Get(i);
    if (tensor == -1)
      continue;
    auto resource = scope.varHandles.find(static_cast<unsigned>(tensor));
    resources.push_back(resource == scope.varHandles.end() ? std::string()
                                                           : resource->second);
    if (!resources.back().empty()) {
      if (!isWhile)
        return opError(scope, opIndex)
               << "takes variable '" << resources.back() << "' as input #" << i
               << ": only WHILE may pass a variable to its subgraphs";
      continue;
    }
    FailureOr<Value> operand = getOperand(scope, opIndex, tensor, builder);
    if (failed(operand))
      return failure();
    operands.push_back(*operand);
  }
  if (isIf)
    return importIf(scope, opIndex, operands, builder);
  if (isWhile)
    return importWhile(scope, opIndex, operands, resources, builder);
  return importBuiltin(scope, opIndex, it->second.first, operands, builder);
}

FailureOr<SmallVector<Value>>
ModelImporter::importSubgraph(unsigned index, OpBuilder &builder,
                              ValueRange inputs,
                              ArrayRef<std::string> inputVariables,
                              SmallVectorImpl<std::string> *outputVariables) {
  Scope scope;
  scope.index = index;
  scope.subgraph = model.subgraphs()->Get(index);
  scope.numTensors = sizeOf(scope.subgraph->tensors());
  if (scope.subgraph->name())
    scope.name = scope.subgraph->name()->str();
  scope.values.resize(scope.numTensors);
  scope.produced.resize(scope.numTensors);
  scope.isConstant.resize(scope.numTensors);
  scope.isEntryOutput.resize(scope.numTensors);
  std::string where = "subgraph " + std::to_string(index);

  const auto *subgraphInputs = scope.subgraph->inputs();
  assert(sizeOf(subgraphInputs) == inputs.size() &&
         "the caller checks the input count");
  for (auto [i, input] : llvm::enumerate(inputs)) {
    int32_t tensor = subgraphInputs->Get(i);
    if (tensor < 0 || static_cast<unsigned>(tensor) >= scope.numTensors)
      return error(where) << "input #" << i << " is tensor " << tensor
                          << ", out of range (the subgraph has "
                          << scope.numTensors << " tensor(s))";
    if (scope.produced[tensor])
      return error(where) << "lists tensor " << tensor << " as an input twice";
    if (i < inputVariables.size() && !inputVariables[i].empty()) {
      scope.varHandles[tensor] = inputVariables[i];
      scope.produced[tensor] = true;
      continue;
    }
    FailureOr<TensorType> type = getTensorType(scope, tensor);
    if (failed(type))
      return failure();
    if (!areCompatible(*type, input.getType()))
      return error(where) << "input #" << i << " is " << *type
                          << " but is given " << input.getType();
    scope.values[tensor] = input;
    scope.produced[tensor] = true;
  }
  const auto *subgraphOutputs = scope.subgraph->outputs();
  if (entrySubgraphs.contains(index))
    for (unsigned i = 0, e = sizeOf(subgraphOutputs); i < e; ++i)
      if (int32_t tensor = subgraphOutputs->Get(i);
          tensor >= 0 && static_cast<unsigned>(tensor) < scope.numTensors)
        scope.isEntryOutput[tensor] = true;
  activeSubgraphs.push_back(index);
  llvm::scope_exit popActive([&] { activeSubgraphs.pop_back(); });
  if (failed(indexOperators(scope)) || failed(findConstants(scope)))
    return failure();
  for (unsigned k = 0, e = scope.codes.size(); k < e; ++k)
    if (failed(importOperator(scope, k, builder)))
      return failure();
  if (failed(createConstantsBefore(scope, scope.numTensors, builder)))
    return failure();

  SmallVector<Value> outputs;
  if (outputVariables)
    outputVariables->assign(sizeOf(subgraphOutputs), "");
  for (unsigned i = 0, e = sizeOf(subgraphOutputs); i < e; ++i) {
    int32_t tensor = subgraphOutputs->Get(i);
    if (tensor < 0 || static_cast<unsigned>(tensor) >= scope.numTensors)
      return error(where) << "output #" << i << " is tensor " << tensor
                          << ", out of range (the subgraph has "
                          << scope.numTensors << " tensor(s))";
    if (auto it = scope.varHandles.find(tensor);
        outputVariables && it != scope.varHandles.end()) {
      (*outputVariables)[i] = it->second;
      outputs.push_back(Value());
      continue;
    }
    if (!scope.values[tensor])
      return error(where) << "output #" << i << " is tensor " << tensor << " ('"
                          << getTensorName(scope, tensor)
                          << "'), which no input, constant or operator "
                             "provides";
    outputs.push_back(scope.values[tensor]);
  }
  return outputs;
}

LogicalResult ModelImporter::importEntry(unsigned index, StringRef functionName,
                                         const fb::SignatureDef *signature) {
  const fb::SubGraph *entry = model.subgraphs()->Get(index);
  unsigned numTensors = sizeOf(entry->tensors());
  std::string where = "subgraph " + std::to_string(index);

  // The signature names the subgraph's inputs and outputs.
  DenseMap<unsigned, StringRef> inputNames, outputNames;
  if (signature) {
    for (auto [names, maps] : {std::pair(&inputNames, signature->inputs()),
                               {&outputNames, signature->outputs()}})
      for (unsigned i = 0, e = sizeOf(maps); i < e; ++i) {
        // Only the subgraph's tensors can be named. Other indices are left
        // out: among them are ~0U and ~0U - 1, DenseMap's reserved keys.
        const fb::TensorMap *map = maps->Get(i);
        if (map->tensor_index() >= numTensors)
          continue;
        if (const flatbuffers::String *name = map->name())
          names->try_emplace(map->tensor_index(),
                             StringRef(name->c_str(), name->size()));
      }
  }
  auto nameOf = [&](DenseMap<unsigned, StringRef> &names,
                    int32_t tensor) -> StringRef {
    if (auto it = names.find(tensor); it != names.end())
      return it->second;
    if (tensor < 0 || static_cast<unsigned>(tensor) >= numTensors)
      return {};
    const flatbuffers::String *name = entry->tensors()->Get(tensor)->name();
    return name ? StringRef(name->c_str(), name->size()) : StringRef();
  };

  Scope entryScope;
  entryScope.index = index;
  entryScope.subgraph = entry;
  entryScope.numTensors = numTensors;
  SmallVector<Type> argTypes;
  for (unsigned i = 0, e = sizeOf(entry->inputs()); i < e; ++i) {
    int32_t tensor = entry->inputs()->Get(i);
    if (tensor < 0 || static_cast<unsigned>(tensor) >= numTensors) {
      error(where) << "input #" << i << " is tensor " << tensor
                   << ", out of range (the subgraph has " << numTensors
                   << " tensor(s))";
      return failure();
    }
    FailureOr<TensorType> type = getTensorType(entryScope, tensor);
    if (failed(type))
      return failure();
    argTypes.push_back(*type);
  }

  if (module.lookupSymbol(functionName))
    return error(where) << "is signature '" << functionName
                        << "', a name the model gives another subgraph";
  OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
  auto function = func::FuncOp::create(builder, fileLoc, functionName,
                                       builder.getFunctionType(argTypes, {}));
  Block *body = function.addEntryBlock();
  builder.setInsertionPointToEnd(body);
  FailureOr<SmallVector<Value>> outputs =
      importSubgraph(index, builder, body->getArguments());
  if (failed(outputs))
    return failure();
  func::ReturnOp::create(builder, fileLoc, *outputs);
  function.setFunctionType(
      builder.getFunctionType(argTypes, ValueRange(*outputs).getTypes()));
  for (unsigned i = 0, e = argTypes.size(); i < e; ++i)
    if (StringRef name = nameOf(inputNames, entry->inputs()->Get(i));
        !name.empty())
      function.setArgAttr(i, kNameAttr, builder.getStringAttr(name));
  for (unsigned i = 0, e = outputs->size(); i < e; ++i)
    if (StringRef name = nameOf(outputNames, entry->outputs()->Get(i));
        !name.empty())
      function.setResultAttr(i, kNameAttr, builder.getStringAttr(name));
  return success();
}

OwningOpRef<ModuleOp> ModelImporter::importModel() {
  if (model.version() != 3) {
    emitError(fileLoc) << "the model has schema version " << model.version()
                       << "; only version 3 is supported";
    return nullptr;
  }
  if (!sizeOf(model.subgraphs())) {
    emitError(fileLoc) << "the model has no subgraphs";
    return nullptr;
  }
  // The entries: one function per SignatureDef when the signatures run
  // several subgraphs (a model with several signatures, named by their
  // keys); else subgraph 0 as @main, named by its serving signature.
  struct Entry {
    unsigned index;
    std::string name;
    const fb::SignatureDef *signature;
  };
  SmallVector<Entry> entries;
  const fb::SignatureDef *serving = nullptr;
  for (unsigned i = 0, e = sizeOf(model.signature_defs()); i < e; ++i) {
    const fb::SignatureDef *candidate = model.signature_defs()->Get(i);
    unsigned index = candidate->subgraph_index();
    const flatbuffers::String *key = candidate->signature_key();
    if (index == 0 && (!serving || (key && key->str() == "serving_default")))
      serving = candidate;
    if (index < sizeOf(model.subgraphs()) && key && key->size() &&
        llvm::none_of(
            entries,
            [&](const Entry &entry) {
              return entry.index == index || entry.name == key->str();
            }))
      entries.push_back({index, key->str(), candidate});
  }
  if (entries.size() < 2)
    entries = {{0, "main", serving}};
  for (const Entry &entry : entries)
    entrySubgraphs.insert(entry.index);

  OwningOpRef<ModuleOp> module = ModuleOp::create(fileLoc);
  this->module = *module;
  for (const Entry &entry : entries)
    if (failed(importEntry(entry.index, entry.name, entry.signature)))
      return nullptr;

  // Every op was verified as it was made; what is left is our own bugs.
  if (failed(verify(*module)))
    return nullptr;
  return module;
}

OwningOpRef<ModuleOp> sluice::importTFLite(StringRef bytes, StringRef filename,
                                           MLIRContext *context,
                                           unsigned maxNesting) {
  context->loadDialect<func::FuncDialect, lite::LiteDialect>();
  Location fileLoc = FileLineColLoc::get(context, filename, 0, 0);
  // FlatBuffers reads scalars in place: give it aligned memory.
  std::unique_ptr<llvm::WritableMemoryBuffer> copy;
  if (reinterpret_cast<uintptr_t>(bytes.data()) % 16 != 0) {
    copy = llvm::WritableMemoryBuffer::getNewUninitMemBuffer(
        bytes.size(), filename, llvm::Align(16));
    if (!copy) {
      emitError(fileLoc) << "cannot allocate " << bytes.size() << " bytes";
      return nullptr;
    }
    llvm::copy(bytes, copy->getBufferStart());
    bytes = StringRef(copy->getBufferStart(), copy->getBufferSize());
  }
  const auto *data = reinterpret_cast<const uint8_t *>(bytes.data());
  if (bytes.size() < 8 ||
      !flatbuffers::BufferHasIdentifier(data, fb::ModelIdentifier())) {
    InFlightDiagnostic diag = emitError(fileLoc);
    diag << "not a TFLite model: ";
    if (bytes.size() < 8)
      diag << "the file is " << bytes.size()
           << " bytes long, too short for a FlatBuffer";
    else {
      std::string identifier;
      llvm::raw_string_ostream os(identifier);
      llvm::printEscapedString(bytes.substr(4, 4), os);
      diag << "the file identifier is '" << identifier << "', not '"
           << fb::ModelIdentifier() << "'";
    }
    return nullptr;
  }
  flatbuffers::Verifier verifier(data, bytes.size());
  if (!fb::VerifyModelBuffer(verifier)) {
    emitError(fileLoc) << "malformed TFLite model: the FlatBuffer does not "
                          "verify against the schema (truncated or corrupt)";
    return nullptr;
  }
  return ModelImporter(*fb::GetModel(data), bytes, filename, context,
                       maxNesting)
      .importModel();
}

void sluice::registerTFLiteToMLIRTranslation() {
  static TranslateToMLIRRegistration registration(
      "tflite-to-mlir", "import a TFLite FlatBuffer (.tflite)",
      [](llvm::SourceMgr &sourceMgr,
         MLIRContext *context) -> OwningOpRef<Operation *> {
        const llvm::MemoryBuffer *buffer =
            sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
        return importTFLite(buffer->getBuffer(), buffer->getBufferIdentifier(),
                            context);
      },
      [](DialectRegistry &registry) {
        registry.insert<func::FuncDialect, lite::LiteDialect>();
      },
      llvm::Align(16));
}
