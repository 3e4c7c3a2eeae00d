//===- GraphDefImporter.cpp - TensorFlow GraphDef to MLIR -----------------===//
//
// Imports a GraphDef as func.func @main(<feeds>) -> (<fetches>). A graph
// body (the main graph, or a library function's, see FunctionImport.cpp)
// with v1 control flow becomes
//
//   %r = executor.graph { <one executor op per node> executor.fetch ... }
//
// where control-flow nodes are executor primitives (TF's _Send/_Recv between
// devices executor.send/executor.recv), every other node an
// island around the lite ops of the TF->lite table (OpTable.cpp) and `^name`
// inputs control operands. Nodes may refer to nodes defined after them (loop
// back edges): every node output first gets a forward reference, replaced
// once all nodes exist. A body without v1 control flow becomes plain lite
// ops in topological order (control edges dropped, Identity/NoOp gone).
// Result types are inferred to a fixpoint over the graph, loops included (a
// merge's type joins those of its inputs).
//
//===----------------------------------------------------------------------===//

#include "sluice/Target/GraphDef/GraphDefImport.h"

#include "FunctionImport.h"
#include "GraphDefParser.h"
#include "GraphImporter.h"
#include "OpTable.h"
#include "TensorImport.h"

#include "sluice/Dialect/Executor/IR/DeviceRank.h"
#include "sluice/Dialect/Executor/IR/ExecutorOps.h"
#include "sluice/Dialect/Lite/IR/LiteOps.h"
#include "sluice/Dialect/Lite/IR/TypeInference.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/SourceMgr.h"

#include <set>

using namespace mlir;
using namespace sluice;
using namespace sluice::graphdef;

namespace {

std::optional<NodeKind> classify(StringRef op, const FunctionLibrary &library) {
  if (FunctionLibrary::isFunctionalOp(op) || library.defines(op))
    return NodeKind::Functional;
  return llvm::StringSwitch<std::optional<NodeKind>>(op)
      .Case("Placeholder", NodeKind::Placeholder)
      .Case("_Arg", NodeKind::Arg)
      .Case("_Retval", NodeKind::Retval)
      .Case("Const", NodeKind::Const)
      .Cases({"Identity", "RefIdentity", "Snapshot"}, NodeKind::Identity)
      .Case("NoOp", NodeKind::NoOp)
      .Cases({"Switch", "RefSwitch"}, NodeKind::Switch)
      .Case("_SwitchN", NodeKind::SwitchN)
      .Cases({"Merge", "RefMerge"}, NodeKind::Merge)
      .Cases({"Enter", "RefEnter"}, NodeKind::Enter)
      .Cases({"Exit", "RefExit"}, NodeKind::Exit)
      .Cases({"NextIteration", "RefNextIteration"}, NodeKind::NextIteration)
      .Case("LoopCond", NodeKind::LoopCond)
      .Case("ControlTrigger", NodeKind::ControlTrigger)
      .Cases({"_Send", "_HostSend"}, NodeKind::Send)
      .Cases({"_Recv", "_HostRecv"}, NodeKind::Recv)
      .Default(isComputeOp(op)       ? std::optional(NodeKind::Compute)
               : isTensorArrayOp(op) ? std::optional(NodeKind::TensorArray)
               : isVariableOp(op)    ? std::optional(NodeKind::Variable)
                                     : std::nullopt);
}

/// Why an op TensorFlow has is not imported (yet).
std::string whyUnsupported(StringRef op) {
  static const llvm::StringSet<> queues = {
      "FIFOQueueV2",        "FIFOQueue",          "QueueEnqueueV2",
      "QueueDequeueV2",     "QueueEnqueue",       "QueueDequeue",
      "QueueCloseV2",       "QueueSizeV2",        "RandomShuffleQueueV2",
      "PaddingFIFOQueueV2", "QueueEnqueueManyV2", "QueueDequeueManyV2"};
  if (queues.contains(op))
    return "uses the stateful op '" + op.str() + "': queues are not supported";
  static const llvm::StringSet<> complexOps = {
      "ComplexAbs", "Imag", "Real",  "RFFT",    "RFFT2D",
      "FFT",        "IFFT", "IRFFT", "Complex", "Angle"};
  if (complexOps.contains(op))
    return "uses '" + op.str() +
           "': complex tensors are not supported (Sluice's element types are "
           "real)";
  static const llvm::StringSet<> quantizationOps = {
      "FakeQuantWithMinMaxArgs", "FakeQuantWithMinMaxVars",
      "QuantizeAndDequantizeV2", "QuantizeAndDequantizeV3",
      "QuantizeAndDequantizeV4"};
  if (quantizationOps.contains(op))
    return "uses '" + op.str() +
           "': quantization is not supported (Sluice computes in the float "
           "types TF's graph has; TF's converter quantizes the model instead)";
  if (op == "Conv3D" || op == "Conv3DBackpropInputV2" ||
      op == "Conv3DBackpropInput" || op == "MaxPool3D" || op == "AvgPool3D")
    return "uses '" + op.str() +
           "': 3-D windows are not supported yet (Sluice's window ops are "
           "2-D)";
  if (op == "Bitcast")
    return "uses 'Bitcast': reinterpreting a tensor's bytes as another type "
           "is not supported";
  if (op == "Lgamma" || op == "Digamma" || op == "Igamma" || op == "Igammac" ||
      op == "Betainc")
    return "uses '" + op.str() +
           "': the gamma family of special functions is not imported yet";
  static const llvm::StringSet<> statefulRandomOps = {
      "RandomStandardNormal", "Multinomial",   "RandomUniformInt",
      "TruncatedNormal",      "RandomShuffle", "RandomGamma",
      "RandomPoisson"};
  if (statefulRandomOps.contains(op))
    return "uses the stateful random op '" + op.str() +
           "': of TF's stateful generators only a seeded RandomUniform is "
           "imported";
  if (op == "VarIsInitializedOp" || op == "IsVariableInitialized")
    return "uses '" + op.str() +
           "': asking whether a variable is initialized is not supported "
           "(fetch what the program computes instead)";
  return "uses the unknown op '" + op.str() + "'";
}

/// Whether the node's `T` is DT_VARIANT (TensorLists flowing through
/// control flow, which import as the tensors of their elements).
bool hasVariantType(const tf::NodeDef &node) {
  auto it = node.attr().find("T");
  return it != node.attr().end() &&
         it->second.value_case() == tf::AttrValue::kType &&
         it->second.type() == tf::DT_VARIANT;
}

/// No feeds or fetches: what function bodies are imported with.
const GraphDefImportOptions kNoOptions;

} // namespace

Type sluice::graphdef::joinTypes(Type a, Type b) {
  if (!a)
    return b;
  if (!b || a == b)
    return a;
  auto ra = dyn_cast<RankedTensorType>(a);
  auto rb = dyn_cast<RankedTensorType>(b);
  Type element = cast<TensorType>(a).getElementType();
  if (!ra || !rb || ra.getRank() != rb.getRank())
    return UnrankedTensorType::get(element);
  SmallVector<int64_t> dims;
  for (auto [x, y] : llvm::zip(ra.getShape(), rb.getShape()))
    dims.push_back(x == y ? x : ShapedType::kDynamic);
  return RankedTensorType::get(dims, element);
}

GraphImporter::GraphImporter(const tf::GraphDef &graph, MLIRContext *context,
                             const GraphDefImportOptions &options,
                             StringRef filename,
                             ArrayRef<std::pair<int, int>> nodeLocations,
                             FunctionLibrary &library, StringRef functionName)
    : graph(graph), context(context), options(options), filename(filename),
      nodeLocations(nodeLocations), library(library),
      functionName(functionName.str()), isFunction(!functionName.empty()) {}

Location GraphImporter::loc(int index) const {
  auto [line, column] = index < static_cast<int>(nodeLocations.size())
                            ? nodeLocations[index]
                            : std::pair<int, int>(0, 0);
  return NameLoc::get(StringAttr::get(context, node(index).name()),
                      FileLineColLoc::get(context, filename, line, column));
}

Location GraphImporter::fileLoc() const {
  return FileLineColLoc::get(context, filename, 0, 0);
}

InFlightDiagnostic GraphImporter::error(int index) const {
  InFlightDiagnostic diag = emitError(loc(index));
  diag << "node '" << node(index).name() << "' (" << node(index).op() << ")";
  if (isFunction)
    diag << " in function '" << functionName << "'";
  diag << ": ";
  return diag;
}

LogicalResult GraphImporter::indexNodes() {
  for (int i = 0, e = graph.node_size(); i < e; ++i) {
    if (node(i).name().empty())
      return emitError(loc(i))
             << "node #" << i << " (" << node(i).op() << ") has no name";
    if (!indexOf.try_emplace(node(i).name(), i).second)
      return error(i) << "a node of this name is already defined";
    std::optional<NodeKind> kind = classify(node(i).op(), library);
    if (!kind)
      return error(i) << whyUnsupported(node(i).op());
    kinds.push_back(*kind);
  }
  return success();
}

TensorNameParts sluice::graphdef::splitTensorName(StringRef name) {
  bool control = name.consume_front("^");
  size_t colon = name.rfind(':');
  if (control || colon == StringRef::npos)
    return {name, StringRef(), control};
  return {name.take_front(colon), name.substr(colon + 1), false};
}

FailureOr<InputRef> GraphImporter::parseTensorName(StringRef name,
                                                   std::string &why) {
  TensorNameParts parts = splitTensorName(name);
  int port = 0;
  if (!parts.control && name.contains(':') &&
      (parts.port.getAsInteger(10, port) || port < 0)) {
    why = "has a malformed output port";
    return failure();
  }
  auto it = indexOf.find(parts.node);
  if (it == indexOf.end()) {
    why = "names no node of the graph";
    return failure();
  }
  return InputRef{it->second, parts.control ? -1 : port};
}

FailureOr<InputRef> GraphImporter::parseFeedOrFetch(StringRef name,
                                                    StringRef what) {
  std::string why;
  FailureOr<InputRef> ref = parseTensorName(name, why);
  if (failed(ref)) {
    emitError(fileLoc()) << what << " '" << name << "' " << why;
    return failure();
  }
  int outputs = types[ref->node].size();
  if (ref->port >= outputs) {
    emitError(loc(ref->node))
        << what << " '" << name << "' is out of range: node '"
        << node(ref->node).name() << "' (" << node(ref->node).op() << ") has "
        << outputs << " output(s)";
    return failure();
  }
  return ref;
}

LogicalResult GraphImporter::parseInputs() {
  inputs.resize(graph.node_size());
  for (int i = 0, e = graph.node_size(); i < e; ++i) {
    bool seenControl = false;
    for (const std::string &input : node(i).input()) {
      std::string why;
      FailureOr<InputRef> ref = parseTensorName(input, why);
      if (failed(ref))
        return error(i) << "input '" << input << "' " << why;
      if (ref->port >= 0 && seenControl)
        return error(i) << "data input '" << input
                        << "' follows a control input";
      seenControl |= ref->port < 0;
      inputs[i].push_back(*ref);
    }
  }
  return success();
}

/// A cycle must pass through a NextIteration (a loop's back edge); any other
/// cycle could never run.
LogicalResult GraphImporter::checkCycles() {
  enum State { Unvisited, Active, Done };
  std::vector<State> state(graph.node_size(), Unvisited);
  // Iterative DFS over input edges, ignoring edges out of NextIteration.
  for (int root = 0, e = graph.node_size(); root < e; ++root) {
    if (state[root] != Unvisited)
      continue;
    SmallVector<std::pair<int, unsigned>> stack = {{root, 0}};
    state[root] = Active;
    while (!stack.empty()) {
      auto &[current, next] = stack.back();
      if (next == inputs[current].size()) {
        state[current] = Done;
        stack.pop_back();
        continue;
      }
      int producer = inputs[current][next++].node;
      if (kinds[producer] == NodeKind::NextIteration)
        continue;
      if (state[producer] == Active)
        return error(producer) << "is on a cycle that does not pass through a "
                                  "NextIteration: the graph could never run";
      if (state[producer] == Unvisited) {
        state[producer] = Active;
        stack.push_back({producer, 0});
      }
    }
  }
  return success();
}

Type GraphImporter::elementTypeOf(int index, std::string &why) {
  const tf::NodeDef &n = node(index);
  // TensorArray handles flow as dummy int32 scalars, flows as the arrays.
  if (index < static_cast<int>(carriesHandle.size()) && carriesHandle[index])
    return IntegerType::get(context, 32);
  if (index < static_cast<int>(tensorArrayOf.size()) &&
      tensorArrayOf[index] >= 0)
    return arrayElementType(tensorArrayOf[index], why);
  for (StringRef attr : {"T", "dtype"})
    if (n.attr().count(attr.str()))
      return getTypeAttr(n, attr, context, why);
  why = "has no T or dtype attribute";
  return nullptr;
}

DenseElementsAttr GraphImporter::constantInputOf(int index, unsigned i) {
  unsigned seen = 0;
  for (InputRef ref : inputs[index])
    if (ref.port >= 0 && seen++ == i)
      return constantOf(ref.node);
  return nullptr;
}

DenseElementsAttr GraphImporter::constantOf(int index) {
  if (kinds[index] != NodeKind::Const)
    return nullptr;
  auto it = node(index).attr().find("value");
  if (it == node(index).attr().end())
    return nullptr;
  std::string why;
  FailureOr<DenseElementsAttr> value =
      convertTensor(it->second.tensor(), context, why);
  return succeeded(value) ? *value : nullptr;
}

/// The data output types of node `index` given the current types of its
/// inputs (null entries: not known yet).
FailureOr<SmallVector<Type>> GraphImporter::transfer(int index) {
  const tf::NodeDef &n = node(index);
  SmallVector<Type> in;
  for (InputRef ref : inputs[index]) {
    if (ref.port < 0)
      continue;
    if (ref.port >= static_cast<int>(types[ref.node].size())) {
      error(index) << "input '" << node(ref.node).name() << ":" << ref.port
                   << "' is out of range: that node has "
                   << types[ref.node].size() << " output(s)";
      return failure();
    }
    // A TensorArray flow as plain data is TF's flow value, a float scalar.
    if (flowTokens.count({index, static_cast<unsigned>(in.size())})) {
      in.push_back(RankedTensorType::get({}, Float32Type::get(context)));
      continue;
    }
    // A ref read as a value is the variable's value, not its handle.
    auto read = implicitReads.find({index, static_cast<unsigned>(in.size())});
    if (read != implicitReads.end()) {
      FailureOr<TensorType> type = variableType(read->second);
      if (failed(type))
        return failure();
      in.push_back(*type);
      continue;
    }
    in.push_back(types[ref.node][ref.port]);
  }
  std::string why;
  auto fail = [&]() -> FailureOr<SmallVector<Type>> {
    error(index) << why;
    return failure();
  };
  auto first = [&]() -> Type { return in.empty() ? Type() : in.front(); };
  // Checks that the input's element type matches the node's dtype attribute.
  auto checked = [&](Type element, Type value) -> FailureOr<Type> {
    if (value && cast<TensorType>(value).getElementType() != element) {
      error(index) << "dtype mismatch: the node's type is " << element
                   << " but its input is " << value;
      return failure();
    }
    return value;
  };

  // A gradient's flow accumulator starts from zeros of the array.
  if (accumulatorZeros.count(index))
    return SmallVector<Type>{first()};
  switch (kinds[index]) {
  case NodeKind::Const: {
    auto it = n.attr().find("value");
    if (it == n.attr().end() ||
        it->second.value_case() != tf::AttrValue::kTensor) {
      why = "has no tensor 'value' attribute";
      return fail();
    }
    FailureOr<DenseElementsAttr> value =
        convertTensor(it->second.tensor(), context, why);
    if (failed(value))
      return fail();
    return SmallVector<Type>{value->getType()};
  }
  case NodeKind::Placeholder:
  case NodeKind::Arg: {
    if (isFunction && kinds[index] == NodeKind::Arg) {
      auto it = n.attr().find("index");
      int64_t position = it == n.attr().end() ? 0 : it->second.i();
      if (position < 0 || position >= static_cast<int64_t>(argTypes.size())) {
        why =
            "has argument index " + std::to_string(position) + ", out of range";
        return fail();
      }
      return SmallVector<Type>{argTypes[position]};
    }
    Type element = elementTypeOf(index, why);
    if (!element)
      return fail();
    auto shapeIt = n.attr().find("shape");
    if (shapeIt != n.attr().end() &&
        shapeIt->second.value_case() == tf::AttrValue::kShape)
      return SmallVector<Type>{convertShape(shapeIt->second.shape(), element)};
    auto declared = n.attr().find("_output_shapes");
    if (declared != n.attr().end() && declared->second.list().shape_size())
      return SmallVector<Type>{
          convertShape(declared->second.list().shape(0), element)};
    return SmallVector<Type>{UnrankedTensorType::get(element)};
  }
  case NodeKind::Retval:
  case NodeKind::NoOp:
  case NodeKind::ControlTrigger:
    return SmallVector<Type>{};
  case NodeKind::Send: {
    if (in.size() != 1) {
      why = "expects 1 data input, has " + std::to_string(in.size());
      return fail();
    }
    Type element = elementTypeOf(index, why);
    if (!element)
      return fail();
    if (failed(checked(element, first())))
      return failure();
    return SmallVector<Type>{};
  }
  case NodeKind::Recv: {
    if (!in.empty()) {
      why = "expects no data input, has " + std::to_string(in.size());
      return fail();
    }
    Type element = getTypeAttr(n, "tensor_type", context, why);
    if (!element)
      return fail();
    auto declared = n.attr().find("_output_shapes");
    if (declared != n.attr().end() && declared->second.list().shape_size())
      return SmallVector<Type>{
          convertShape(declared->second.list().shape(0), element)};
    return SmallVector<Type>{UnrankedTensorType::get(element)};
  }
  case NodeKind::Identity:
  case NodeKind::Enter:
  case NodeKind::Exit:
  case NodeKind::NextIteration:
  case NodeKind::Switch:
  case NodeKind::SwitchN: {
    // Pass-through nodes: every output has the type of the data input.
    unsigned expected =
        kinds[index] == NodeKind::Switch || kinds[index] == NodeKind::SwitchN
            ? 2
            : 1;
    if (in.size() != expected) {
      why = "expects " + std::to_string(expected) + " data input(s), has " +
            std::to_string(in.size());
      return fail();
    }
    // A DT_VARIANT value (a TensorList) is whatever tensor its input is.
    if (hasVariantType(n))
      return SmallVector<Type>(types[index].size(), first());
    Type element = elementTypeOf(index, why);
    if (!element)
      return fail();
    FailureOr<Type> type = checked(element, first());
    if (failed(type))
      return failure();
    return SmallVector<Type>(types[index].size(), *type);
  }
  case NodeKind::LoopCond:
    if (in.size() != 1) {
      why = "expects 1 data input";
      return fail();
    }
    return SmallVector<Type>{first()};
  case NodeKind::Merge: {
    if (in.empty()) {
      why = "has no data input";
      return fail();
    }
    if (hasVariantType(n)) {
      Type joined;
      for (Type type : in)
        joined = joinTypes(joined, type);
      return SmallVector<Type>{
          joined, RankedTensorType::get({}, IntegerType::get(context, 32))};
    }
    Type element = elementTypeOf(index, why);
    if (!element)
      return fail();
    Type joined;
    for (Type type : in) {
      if (failed(checked(element, type)))
        return failure();
      joined = joinTypes(joined, type);
    }
    return SmallVector<Type>{
        joined, RankedTensorType::get({}, IntegerType::get(context, 32))};
  }
  case NodeKind::Functional: {
    // Known once every input is: the types of the op as built.
    if (llvm::is_contained(in, Type()))
      return SmallVector<Type>(types[index].size(), Type());
    std::pair<int, std::vector<const void *>> key{index, {}};
    for (Type type : in)
      key.second.push_back(type.getAsOpaquePointer());
    auto cached = functionalTypes.find(key);
    if (cached != functionalTypes.end())
      return cached->second;
    FailureOr<SmallVector<Type>> result = library.inferTypes(
        n, loc(index), in, [&]() { return error(index); },
        inputVariablesOf(index));
    if (failed(result))
      return failure();
    functionalTypes[key] = *result;
    return result;
  }
  case NodeKind::TensorArray:
    return transferTensorArray(index, in);
  case NodeKind::Variable:
    return transferVariable(index, in);
  case NodeKind::Compute: {
    // Wait until every input's type is known: a guess from unknown inputs
    // (unranked) could not be refined later, the join only generalizes.
    if (waitForInputs && llvm::is_contained(in, Type()))
      return SmallVector<Type>(types[index].size(), Type());
    SmallVector<Type> declared;
    auto declaredIt = n.attr().find("_output_shapes");
    std::string ignored;
    StringRef elementAttr = resultElementTypeAttr(n);
    Type declaredElement = n.attr().count(elementAttr.str())
                               ? getTypeAttr(n, elementAttr, context, ignored)
                               : Type();
    if (declaredIt != n.attr().end() && declaredElement)
      for (auto [port, shape] :
           llvm::enumerate(declaredIt->second.list().shape()))
        declared.push_back(convertShape(
            shape, isComputeOp(n.op())
                       ? outputElementType(n, port, declaredElement, context)
                       : declaredElement));
    SmallVector<Type> result;
    if (llvm::is_contained(in, Type())) {
      // Inputs only known through a cycle: unranked of the element type.
      FailureOr<Type> element = resultElementType(n, in, context, why);
      if (failed(element))
        return fail();
      for (unsigned port = 0, e = types[index].size(); port < e; ++port)
        result.push_back(*element ? UnrankedTensorType::get(outputElementType(
                                        n, port, *element, context))
                                  : Type());
    } else {
      FailureOr<SmallVector<Type>> built = computeTypes(index, in, why);
      if (failed(built))
        return fail();
      result = std::move(*built);
    }
    // What the graph declares, where it agrees.
    for (auto [type, declaredType] : llvm::zip(result, declared))
      if (type)
        if (Type met = lite::shapes::meetTypes(type, declaredType))
          type = met;
    return result;
  }
  }
  llvm_unreachable("unknown node kind");
}

FailureOr<SmallVector<Type>>
GraphImporter::computeTypes(int index, ArrayRef<Type> in, std::string &why) {
  std::pair<int, std::vector<const void *>> key{index, {}};
  for (Type type : in)
    key.second.push_back(type.getAsOpaquePointer());
  auto cached = computedTypes.find(key);
  if (cached != computedTypes.end())
    return cached->second;
  // The node's ops built in a block of their own, on arguments of the input
  // types and on its constant inputs (the rules read shape vectors and
  // axes): their types are the node's.
  Block *scratch = new Block();
  OpBuilder builder = atEnd(scratch, context);
  SmallVector<Value> operands;
  for (auto [i, type] : llvm::enumerate(in)) {
    DenseElementsAttr constant = constantInputOf(index, i);
    operands.push_back(constant ? Value(lite::ConstantOp::create(
                                      builder, fileLoc(), constant.getType(),
                                      cast<ElementsAttr>(constant)))
                                : Value(scratch->addArgument(type, fileLoc())));
  }
  auto constantInput = [&](unsigned i) { return constantInputOf(index, i); };
  ComputeNode compute{node(index), in, constantInput};
  FailureOr<SmallVector<Value>> built =
      buildComputeOp(compute, builder, fileLoc(), operands, why);
  FailureOr<SmallVector<Type>> result = failure();
  if (succeeded(built))
    result = SmallVector<Type>(ValueRange(*built).getTypes());
  discardBlock(scratch);
  if (succeeded(result))
    computedTypes[key] = *result;
  return result;
}

LogicalResult GraphImporter::inferTypes() {
  int count = graph.node_size();
  types.assign(count, {});
  // Output counts first (ports are checked against them), then types to a
  // fixpoint: each pass joins what the inputs now say with what was known.
  for (int i = 0; i < count; ++i) {
    switch (kinds[i]) {
    case NodeKind::Retval:
    case NodeKind::NoOp:
    case NodeKind::ControlTrigger:
    case NodeKind::Send:
      break;
    case NodeKind::Switch:
    case NodeKind::Merge:
      types[i].assign(2, Type());
      break;
    case NodeKind::SwitchN: {
      auto num = node(i).attr().find("num_outs");
      int64_t outputs = num == node(i).attr().end() ? 0 : num->second.i();
      if (outputs < 1 || outputs > 1024)
        return error(i) << "has num_outs " << outputs << ", expected 1 to 1024";
      types[i].assign(outputs, Type());
      break;
    }
    case NodeKind::Functional: {
      std::string why;
      FailureOr<unsigned> outputs = library.numOutputs(node(i), why);
      if (failed(outputs))
        return error(i) << why;
      types[i].assign(*outputs, Type());
      break;
    }
    case NodeKind::TensorArray:
      types[i].assign(numTensorArrayOutputs(node(i).op()), Type());
      break;
    case NodeKind::Compute:
      types[i].assign(numComputeOutputs(node(i)), Type());
      break;
    case NodeKind::Variable:
      // Everything but a resource variable's assigns and StackCloseV2 has
      // one output (a handle, a value, or a ref Assign's ref).
      types[i].assign((StringRef(node(i).op()).ends_with("VariableOp") &&
                       node(i).op() != "ReadVariableOp") ||
                              node(i).op() == "StackCloseV2"
                          ? 0
                          : 1,
                      Type());
      break;
    default:
      types[i].assign(1, Type());
    }
  }
  constexpr int kMaxPasses = 16;
  // First with compute nodes waiting for all of their input types, then,
  // for what is left (inputs only known through a cycle), guessing from the
  // inputs known so far.
  for (bool wait : {true, false}) {
    waitForInputs = wait;
    if (!wait && llvm::all_of(types, [](const SmallVector<Type, 1> &outputs) {
          return llvm::all_of(outputs, [](Type type) { return bool(type); });
        }))
      break;
    for (int pass = 0;; ++pass) {
      bool changed = false;
      // Outputs whose known type generalized in this pass.
      SmallVector<std::pair<int, unsigned>> grown;
      for (int i = 0; i < count; ++i) {
        FailureOr<SmallVector<Type>> next = transfer(i);
        if (failed(next))
          return failure();
        if (next->size() != types[i].size())
          return error(i) << "produces " << next->size() << " outputs where "
                          << types[i].size() << " were expected";
        for (auto [port, pair] : llvm::enumerate(llvm::zip(types[i], *next))) {
          auto &[old, now] = pair;
          Type joined = joinTypes(old, now);
          if (joined != old) {
            if (old)
              grown.push_back({i, static_cast<unsigned>(port)});
            old = joined;
            changed = true;
          }
        }
      }
      if (!changed)
        break;
      // Not settled after kMaxPasses (a long cycle listed against its
      // order): what still generalizes goes to the top of the lattice,
      // unranked, where no join moves it again. Every value is first known
      // once and widened at most once, so this ends, with types that hold
      // for every iteration.
      if (pass + 1 >= kMaxPasses)
        for (auto [i, port] : grown)
          types[i][port] = UnrankedTensorType::get(
              cast<TensorType>(types[i][port]).getElementType());
    }
  }
  // Whatever is still unknown (nodes only reachable through a cycle) gets
  // an unranked type of its dtype.
  for (int i = 0; i < count; ++i)
    for (auto [port, type] : llvm::enumerate(types[i]))
      if (!type) {
        std::string why;
        Type element = elementTypeOf(i, why);
        if (!element)
          return error(i) << "cannot determine its type: " << why;
        type = UnrankedTensorType::get(
            isComputeOp(node(i).op())
                ? outputElementType(node(i), port, element, context)
                : element);
      }
  return success();
}

LogicalResult GraphImporter::selectFeedsAndFetches() {
  // Feeds.
  if (options.feeds.empty()) {
    SmallVector<std::pair<int64_t, int>> args;
    for (int i = 0, e = graph.node_size(); i < e; ++i) {
      if (kinds[i] == NodeKind::Placeholder) {
        feeds.push_back({i, 0});
        feedNames.push_back(node(i).name());
      } else if (kinds[i] == NodeKind::Arg) {
        auto it = node(i).attr().find("index");
        args.push_back({it == node(i).attr().end() ? 0 : it->second.i(), i});
      }
    }
    llvm::sort(args);
    for (auto [index, i] : args) {
      feeds.push_back({i, 0});
      feedNames.push_back(node(i).name());
    }
  } else {
    for (const std::string &name : options.feeds) {
      FailureOr<InputRef> ref = parseFeedOrFetch(name, "feed");
      if (failed(ref))
        return failure();
      if (ref->port < 0)
        return emitError(loc(ref->node))
               << "feed '" << name << "' cannot be a control input";
      for (auto [fed, fedName] : llvm::zip(feeds, feedNames))
        if (fed.node == ref->node && fed.port == ref->port)
          return emitError(loc(ref->node))
                 << "feed '" << name << "' names the same tensor as feed '"
                 << fedName << "'";
      feeds.push_back(*ref);
      feedNames.push_back(name);
    }
  }
  // Fetches.
  if (!options.fetches.empty()) {
    for (const std::string &name : options.fetches) {
      FailureOr<InputRef> ref = parseFeedOrFetch(name, "fetch");
      if (failed(ref))
        return failure();
      if (ref->port < 0) {
        controlFetches.push_back(ref->node);
        continue;
      }
      fetches.push_back(*ref);
      fetchNames.push_back(name);
    }
    return success();
  }
  SmallVector<std::pair<int64_t, int>> retvals;
  for (int i = 0, e = graph.node_size(); i < e; ++i)
    if (kinds[i] == NodeKind::Retval) {
      auto it = node(i).attr().find("index");
      retvals.push_back({it == node(i).attr().end() ? 0 : it->second.i(), i});
    }
  if (!retvals.empty()) {
    llvm::sort(retvals);
    for (auto [index, i] : retvals) {
      if (inputs[i].empty() || inputs[i].front().port < 0)
        return error(i) << "has no data input";
      fetches.push_back(inputs[i].front());
      fetchNames.push_back(node(i).name());
    }
    return success();
  }
  // Every data output no node consumes, except those of nodes that serve as
  // control inputs (a cond's switch_t/switch_f pivots) and the untaken-side
  // outputs of switches: both exist for their control, not their value.
  std::set<std::pair<int, int>> consumed;
  llvm::DenseSet<int> controlOnly;
  for (const auto &nodeInputs : inputs)
    for (InputRef ref : nodeInputs) {
      if (ref.port >= 0)
        consumed.insert({ref.node, ref.port});
      else
        controlOnly.insert(ref.node);
    }
  for (int i = 0, e = graph.node_size(); i < e; ++i) {
    if (kinds[i] == NodeKind::Placeholder || kinds[i] == NodeKind::Arg ||
        kinds[i] == NodeKind::Switch || controlOnly.contains(i))
      continue;
    for (int port = 0, n = types[i].size(); port < n; ++port) {
      if (consumed.count({i, port}))
        continue;
      // A merge's value_index is a by-product, not a result.
      if (kinds[i] == NodeKind::Merge && port == 1)
        continue;
      fetches.push_back({i, port});
      fetchNames.push_back(port ? node(i).name() + ":" + std::to_string(port)
                                : node(i).name());
    }
  }
  return success();
}

std::map<std::pair<int, int>, SmallVector<std::pair<int, unsigned>, 2>>
GraphImporter::dataConsumers() const {
  std::map<std::pair<int, int>, SmallVector<std::pair<int, unsigned>, 2>>
      consumers;
  for (int i = 0, e = graph.node_size(); i < e; ++i) {
    unsigned position = 0;
    for (InputRef ref : inputs[i])
      if (ref.port >= 0)
        consumers[{ref.node, ref.port}].push_back({i, position++});
  }
  return consumers;
}

SmallVector<Value> GraphImporter::dataInputs(int index) {
  SmallVector<Value> data;
  for (InputRef ref : inputs[index]) {
    if (ref.port < 0)
      continue;
    if (Value argument = arguments.lookup({ref.node, ref.port}))
      data.push_back(argument);
    else
      data.push_back(values.lookup({ref.node, ref.port}));
  }
  return data;
}

FailureOr<SmallVector<Value>>
GraphImporter::buildOps(int index, OpBuilder &builder, ValueRange dataIn) {
  const tf::NodeDef &n = node(index);
  Location location = loc(index);
  SmallVector<Value> data(dataIn);
  for (unsigned position = 0; position < data.size(); ++position) {
    data[position] = readImplicitly(index, position, builder, data[position]);
    if (!data[position])
      return failure();
    if (flowTokens.count({index, position}))
      data[position] = flowToken(builder, location, data[position]);
  }
  if (accumulatorZeros.count(index))
    return SmallVector<Value>{
        lite::ZerosLikeOp::create(builder, location, data[0])};
  switch (kinds[index]) {
  case NodeKind::Const:
    return SmallVector<Value>{
        lite::ConstantOp::create(builder, location, types[index][0],
                                 cast<ElementsAttr>(constantOf(index)))};
  case NodeKind::Identity:
    return SmallVector<Value>{data[0]};
  case NodeKind::NoOp:
    return SmallVector<Value>{};
  case NodeKind::Functional: {
    FailureOr<SmallVector<Value>> built = library.build(
        n, builder, location, data, [&]() { return error(index); },
        inputVariablesOf(index));
    if (failed(built))
      return failure();
    for (auto [value, type] : llvm::zip(*built, types[index]))
      if (value.getType() != type)
        return error(index) << "builds a result of type " << value.getType()
                            << " where " << type << " was inferred";
    return built;
  }
  case NodeKind::Compute: {
    auto constantInput = [&](unsigned i) { return constantInputOf(index, i); };
    SmallVector<Type> dataTypes;
    for (Value v : data)
      dataTypes.push_back(v.getType());
    ComputeNode compute{n, dataTypes, constantInput};
    std::string why;
    FailureOr<SmallVector<Value>> built =
        buildComputeOp(compute, builder, location, data, why);
    if (failed(built))
      return error(index) << why;
    // The types inference settled on: the rules' on these inputs, met with
    // `_output_shapes`, or wider where a cycle widened them. A value the
    // node passes through (AddN of one input) keeps its producer's.
    for (auto [value, type] : llvm::zip(*built, types[index]))
      if (value.getType() != type && !llvm::is_contained(data, value))
        value.setType(type);
    return built;
  }
  case NodeKind::TensorArray:
    return buildTensorArray(index, builder, data);
  case NodeKind::Variable:
    return buildVariable(index, builder, data);
  default:
    llvm_unreachable("not a node of lite ops");
  }
}

/// The two ends of a TF transfer agree on (send_device, recv_device,
/// tensor_name): the rendezvous key, less the device incarnation, which
/// names a process of TF's.
std::string sluice::graphdef::rendezvousKey(StringRef sendDevice,
                                            StringRef recvDevice,
                                            StringRef tensorName) {
  return (sendDevice + ";" + recvDevice + ";" + tensorName).str();
}

FailureOr<GraphImporter::Rendezvous> GraphImporter::rendezvousOf(int index) {
  const tf::NodeDef &n = node(index);
  if (isFunction)
    return error(index) << "transfers between devices are only supported in "
                           "the main graph, not in a function body";
  auto attr = [&](StringRef name) -> const tf::AttrValue * {
    auto it = n.attr().find(name.str());
    return it == n.attr().end() ? nullptr : &it->second;
  };
  const tf::AttrValue *client = attr("client_terminated");
  if (client && client->b())
    return error(index) << "is client_terminated (a feed or fetch through "
                           "the client, not a transfer between devices): not "
                           "supported; feed and fetch the graph's tensors "
                           "instead";
  SmallVector<StringRef, 3> fields;
  for (StringRef name : {"send_device", "recv_device", "tensor_name"}) {
    const tf::AttrValue *value = attr(name);
    if (!value || value->s().empty())
      return error(index) << "has no " << name;
    fields.push_back(value->s());
  }
  bool isSend = kinds[index] == NodeKind::Send;
  StringRef peerDevice = isSend ? fields[1] : fields[0];
  int64_t peer = executor::rankOfDevice(peerDevice);
  if (peer < 0)
    return error(index) << "has " << (isSend ? "recv_device" : "send_device")
                        << " '" << peerDevice
                        << "', which names no rank (no task or device index)";
  return Rendezvous{rendezvousKey(fields[0], fields[1], fields[2]), peer};
}

LogicalResult GraphImporter::buildNode(int index, OpBuilder &builder) {
  const tf::NodeDef &n = node(index);
  Location location = loc(index);
  SmallVector<Value> data = dataInputs(index), ctls;
  for (InputRef ref : inputs[index]) {
    // Arguments are always available: a control edge from one is moot.
    if (ref.port < 0)
      if (Value control = controls.lookup(ref.node))
        ctls.push_back(control);
  }
  Type controlType = executor::ControlType::get(context);
  // Replaces the node's forward references by its results.
  auto bind = [&](Operation *op) {
    for (unsigned port = 0, e = types[index].size(); port < e; ++port) {
      Value &value = values[{index, static_cast<int>(port)}];
      value.replaceAllUsesWith(op->getResult(port));
      value = op->getResult(port);
    }
    Value &control = controls[index];
    control.replaceAllUsesWith(op->getResults().back());
    control = op->getResults().back();
    // Where TF would run the node: -executor-place's `device` strategy.
    if (!n.device().empty())
      op->setAttr("sluice.device", StringAttr::get(context, n.device()));
  };

  switch (kinds[index]) {
  case NodeKind::Placeholder:
  case NodeKind::Arg:
  case NodeKind::Retval:
    return success();
  case NodeKind::Switch:
    bind(executor::SwitchOp::create(builder, location, types[index][0],
                                    types[index][1], controlType, data[0],
                                    data[1], ctls));
    return success();
  case NodeKind::SwitchN:
    bind(executor::SwitchNOp::create(builder, location, types[index],
                                     controlType, data[0], data[1], ctls));
    return success();
  case NodeKind::Merge:
    bind(executor::MergeOp::create(builder, location, types[index][0],
                                   types[index][1], controlType, data, ctls));
    return success();
  case NodeKind::Enter: {
    auto frame = n.attr().find("frame_name");
    if (frame == n.attr().end() || frame->second.s().empty())
      return error(index) << "has no frame_name";
    auto constant = n.attr().find("is_constant");
    auto parallel = n.attr().find("parallel_iterations");
    int64_t iterations = parallel == n.attr().end() ? 10 : parallel->second.i();
    if (iterations < 1)
      return error(index) << "has parallel_iterations " << iterations
                          << ", expected >= 1";
    bind(executor::EnterOp::create(
        builder, location, types[index][0], controlType, data[0],
        frame->second.s(), constant != n.attr().end() && constant->second.b(),
        iterations, ctls));
    return success();
  }
  case NodeKind::Exit:
    bind(executor::ExitOp::create(builder, location, types[index][0],
                                  controlType, data[0], ctls));
    return success();
  case NodeKind::NextIteration:
    bind(executor::NextIterationOp::create(builder, location, types[index][0],
                                           controlType, data[0], ctls));
    return success();
  case NodeKind::LoopCond:
    bind(executor::LoopCondOp::create(builder, location, types[index][0],
                                      controlType, data[0], ctls));
    return success();
  case NodeKind::ControlTrigger:
    bind(executor::ControlTriggerOp::create(builder, location, controlType,
                                            ctls));
    return success();
  case NodeKind::Send:
  case NodeKind::Recv: {
    FailureOr<Rendezvous> rendezvous = rendezvousOf(index);
    if (failed(rendezvous))
      return failure();
    if (kinds[index] == NodeKind::Send)
      bind(executor::SendOp::create(builder, location, controlType, data[0],
                                    rendezvous->key, rendezvous->peer, ctls));
    else
      bind(executor::RecvOp::create(builder, location, types[index][0],
                                    controlType, rendezvous->key,
                                    rendezvous->peer, ctls));
    return success();
  }
  case NodeKind::Const:
  case NodeKind::Identity:
  case NodeKind::NoOp:
  case NodeKind::Compute:
  case NodeKind::Functional:
  case NodeKind::TensorArray:
  case NodeKind::Variable:
    break;
  }

  // Everything else is an island around its lite ops.
  auto island = executor::IslandOp::create(builder, location, types[index],
                                           controlType, ctls);
  Block *body = new Block();
  island.getBody().push_back(body);
  OpBuilder inner = OpBuilder::atBlockEnd(body);
  buildingIsland = true;
  FailureOr<SmallVector<Value>> results = buildOps(index, inner, data);
  buildingIsland = false;
  if (failed(results))
    return failure();
  executor::YieldOp::create(inner, location, *results);
  bind(island);
  return success();
}

bool GraphImporter::hasV1ControlFlow() const {
  return llvm::any_of(kinds, [](NodeKind kind) {
    switch (kind) {
    case NodeKind::Switch:
    case NodeKind::SwitchN:
    case NodeKind::Merge:
    case NodeKind::Enter:
    case NodeKind::Exit:
    case NodeKind::NextIteration:
    case NodeKind::LoopCond:
    case NodeKind::ControlTrigger:
    // Sends and recvs exist only in executor graphs.
    case NodeKind::Send:
    case NodeKind::Recv:
      return true;
    default:
      return false;
    }
  });
}

FailureOr<SmallVector<Value>> GraphImporter::emitBody(OpBuilder &builder,
                                                      Location loc) {
  return hasV1ControlFlow() ? emitGraph(builder, loc) : emitFlat(builder, loc);
}

/// Without v1 control flow every node runs once its inputs are there: the
/// nodes become plain lite ops in topological order. Control edges only
/// order side-effect-free ops, so they are dropped.
FailureOr<SmallVector<Value>> GraphImporter::emitFlat(OpBuilder &builder,
                                                      Location loc) {
  int count = graph.node_size();
  // Post-order DFS over data and control inputs (checkCycles rejected
  // cycles: without NextIteration there is none).
  std::vector<char> done(count, 0);
  SmallVector<int> order;
  for (int root = 0; root < count; ++root) {
    if (done[root])
      continue;
    SmallVector<std::pair<int, unsigned>> stack = {{root, 0}};
    done[root] = 1;
    while (!stack.empty()) {
      auto &[current, next] = stack.back();
      if (next == inputs[current].size()) {
        order.push_back(current);
        stack.pop_back();
        continue;
      }
      int producer = inputs[current][next++].node;
      if (!done[producer]) {
        done[producer] = 1;
        stack.push_back({producer, 0});
      }
    }
  }
  for (int i : order) {
    switch (kinds[i]) {
    case NodeKind::Placeholder:
    case NodeKind::Arg:
    case NodeKind::Retval:
      continue;
    default:
      break;
    }
    FailureOr<SmallVector<Value>> results = buildOps(i, builder, dataInputs(i));
    if (failed(results))
      return failure();
    for (auto [port, value] : llvm::enumerate(*results))
      values[{i, static_cast<int>(port)}] = value;
  }
  SmallVector<Value> fetched;
  for (InputRef fetch : fetches) {
    Value argument = arguments.lookup({fetch.node, fetch.port});
    fetched.push_back(argument ? argument
                               : values.lookup({fetch.node, fetch.port}));
  }
  return fetched;
}

FailureOr<SmallVector<Value>> GraphImporter::emitGraph(OpBuilder &builder,
                                                       Location location) {
  SmallVector<Type> resultTypes = this->resultTypes();
  auto graphOp = executor::GraphOp::create(builder, location, resultTypes);
  Block *body = new Block();
  graphOp.getBody().push_back(body);
  OpBuilder inner = OpBuilder::atBlockEnd(body);

  // Forward references for every output and control token, replaced as the
  // nodes are built.
  SmallVector<UnrealizedConversionCastOp> forward;
  auto forwardRef = [&](Type type) {
    auto cast = UnrealizedConversionCastOp::create(
        inner, location, TypeRange{type}, ValueRange{});
    forward.push_back(cast);
    return cast.getResult(0);
  };
  auto eraseForward = [&]() {
    for (UnrealizedConversionCastOp op : forward) {
      op->dropAllUses();
      op->erase();
    }
  };
  Type controlType = executor::ControlType::get(context);
  for (int i = 0, e = graph.node_size(); i < e; ++i) {
    if (kinds[i] == NodeKind::Placeholder || kinds[i] == NodeKind::Arg ||
        kinds[i] == NodeKind::Retval)
      continue;
    for (int port = 0, n = types[i].size(); port < n; ++port)
      values[{i, port}] = forwardRef(types[i][port]);
    controls[i] = forwardRef(controlType);
  }
  for (int i = 0, e = graph.node_size(); i < e; ++i)
    if (failed(buildNode(i, inner))) {
      eraseForward();
      return failure();
    }

  SmallVector<Value> fetched, fetchedControls;
  for (InputRef fetch : fetches) {
    Value argument = arguments.lookup({fetch.node, fetch.port});
    fetched.push_back(argument ? argument
                               : values.lookup({fetch.node, fetch.port}));
  }
  for (int i : controlFetches)
    if (Value control = controls.lookup(i))
      fetchedControls.push_back(control);
  executor::FetchOp::create(inner, location, fetched, fetchedControls);
  for (UnrealizedConversionCastOp op : forward) {
    assert(op->use_empty() && "every node replaced its forward references");
    op->erase();
  }
  return SmallVector<Value>(graphOp.getResults());
}

SmallVector<Type> GraphImporter::resultTypes() const {
  SmallVector<Type> result;
  for (InputRef fetch : fetches)
    result.push_back(types[fetch.node][fetch.port]);
  return result;
}

LogicalResult GraphImporter::analyze(ArrayRef<Type> argTypes) {
  this->argTypes.assign(argTypes.begin(), argTypes.end());
  return success(succeeded(indexNodes()) && succeeded(parseInputs()) &&
                 succeeded(checkCycles()) && succeeded(resolveTensorArrays()) &&
                 succeeded(resolveVariables()) && succeeded(inferTypes()) &&
                 succeeded(selectFeedsAndFetches()));
}

FailureOr<SmallVector<Value>>
GraphImporter::emit(OpBuilder &builder, Location loc, ValueRange args) {
  if (args.size() != feeds.size())
    return emitError(loc) << "function '" << functionName << "' takes "
                          << feeds.size() << " argument(s), given "
                          << args.size();
  for (auto [feed, arg] : llvm::zip(feeds, args))
    arguments[{feed.node, feed.port}] = arg;
  return emitBody(builder, loc);
}

LogicalResult GraphImporter::importMain(ModuleOp module, StringRef name) {
  if (failed(analyze({})))
    return failure();
  OpBuilder builder = OpBuilder::atBlockBegin(module.getBody());
  SmallVector<Type> argTypes;
  for (InputRef feed : feeds)
    argTypes.push_back(types[feed.node][feed.port]);
  auto function =
      func::FuncOp::create(builder, fileLoc(), name,
                           builder.getFunctionType(argTypes, resultTypes()));
  Block *entry = function.addEntryBlock();
  for (auto [index, feed] : llvm::enumerate(feeds)) {
    arguments[{feed.node, feed.port}] = entry->getArgument(index);
    function.setArgAttr(index, "sluice.name",
                        builder.getStringAttr(feedNames[index]));
  }
  for (auto [index, name] : llvm::enumerate(fetchNames))
    function.setResultAttr(index, "sluice.name", builder.getStringAttr(name));
  for (int i = 0, e = graph.node_size(); i < e; ++i)
    if (kinds[i] == NodeKind::Placeholder && !arguments.count({i, 0}))
      return error(i) << "is not fed: name it in the feeds or remove it";

  builder.setInsertionPointToStart(entry);
  FailureOr<SmallVector<Value>> results = emitBody(builder, function.getLoc());
  if (failed(results))
    return failure();
  func::ReturnOp::create(builder, function.getLoc(), *results);
  return success();
}

/// TensorFlow runs only the nodes its fetches need: with explicit fetches the
/// graph keeps the backward closure, over data and control inputs, of the
/// fetched nodes and of the fed ones (and of every Placeholder when the feeds
/// are the default), in graph order; `locations` follows the nodes. An
/// unknown fetch or feed keeps the graph whole, for the importer to report.
/// With `reportPruned`, a remark at `graphLoc` names what was left out.
static void pruneToFetches(tf::GraphDef &graph,
                           std::vector<std::pair<int, int>> &locations,
                           const GraphDefImportOptions &options,
                           Location graphLoc, bool keepPlaceholders = true) {
  if (options.fetches.empty())
    return;
  llvm::StringMap<int> indexOf;
  for (int i = 0, e = graph.node_size(); i < e; ++i)
    indexOf.try_emplace(graph.node(i).name(), i);
  SmallVector<int> worklist;
  auto seed = [&](StringRef reference) {
    auto it = indexOf.find(splitTensorName(reference).node);
    if (it == indexOf.end())
      return false;
    worklist.push_back(it->second);
    return true;
  };
  for (const std::string &fetch : options.fetches)
    if (!seed(fetch))
      return;
  for (const std::string &feed : options.feeds)
    if (!seed(feed))
      return;
  if (options.feeds.empty() && keepPlaceholders)
    for (int i = 0, e = graph.node_size(); i < e; ++i)
      if (graph.node(i).op() == "Placeholder")
        worklist.push_back(i);
  // A _Recv needs the _Sends of its key (partition graphs merged into one:
  // TF runs every node of a partition).
  auto transferKey = [](const tf::NodeDef &n) {
    auto field = [&](const char *name) -> StringRef {
      auto it = n.attr().find(name);
      return it == n.attr().end() ? StringRef() : StringRef(it->second.s());
    };
    return rendezvousKey(field("send_device"), field("recv_device"),
                         field("tensor_name"));
  };
  llvm::StringMap<SmallVector<int, 1>> sendsOf;
  for (int i = 0, e = graph.node_size(); i < e; ++i)
    if (graph.node(i).op() == "_Send" || graph.node(i).op() == "_HostSend")
      sendsOf[transferKey(graph.node(i))].push_back(i);
  llvm::BitVector needed(graph.node_size());
  while (!worklist.empty()) {
    int i = worklist.pop_back_val();
    if (needed.test(i))
      continue;
    needed.set(i);
    for (const std::string &input : graph.node(i).input())
      seed(input);
    if (!sendsOf.empty() &&
        (graph.node(i).op() == "_Recv" || graph.node(i).op() == "_HostRecv")) {
      auto it = sendsOf.find(transferKey(graph.node(i)));
      if (it != sendsOf.end())
        worklist.append(it->second.begin(), it->second.end());
    }
  }
  if (needed.all())
    return;
  if (options.reportPruned) {
    constexpr unsigned kNamed = 20;
    SmallVector<std::string> names;
    for (int i = 0, e = graph.node_size(); i < e; ++i)
      if (!needed.test(i))
        names.push_back("'" + graph.node(i).name() + "' (" +
                        graph.node(i).op() + ")");
    size_t count = names.size();
    if (count > kNamed)
      names.resize(kNamed);
    InFlightDiagnostic remark =
        emitRemark(graphLoc)
        << "pruned " << count << " of " << graph.node_size()
        << " nodes no fetch needs: " << llvm::join(names, ", ");
    if (count > kNamed)
      remark << ", and " << (count - kNamed) << " more";
  }
  tf::GraphDef pruned;
  pruned.mutable_versions()->CopyFrom(graph.versions());
  pruned.mutable_library()->Swap(graph.mutable_library());
  bool located = locations.size() == static_cast<size_t>(graph.node_size());
  std::vector<std::pair<int, int>> prunedLocations;
  for (int i : needed.set_bits()) {
    pruned.add_node()->Swap(graph.mutable_node(i));
    if (located)
      prunedLocations.push_back(locations[i]);
  }
  graph.Swap(&pruned);
  locations.swap(prunedLocations);
}

OwningOpRef<ModuleOp> sluice::importGraphDef(
    StringRef bytes, StringRef filename, MLIRContext *context,
    const GraphDefImportOptions &options, TimingScope *timing) {
  tf::GraphDef graph;
  std::vector<std::pair<int, int>> nodeLocations;
  TimingScope parseTiming = timing ? timing->nest("parse") : TimingScope();
  if (failed(parseGraphDef(bytes, filename, context, graph, &nodeLocations)))
    return nullptr;
  parseTiming.stop();
  return importParsedGraphDef(std::move(graph), std::move(nodeLocations),
                              filename, context, options, timing);
}

OwningOpRef<ModuleOp> sluice::graphdef::importParsedGraphDef(
    tf::GraphDef graph, std::vector<std::pair<int, int>> nodeLocations,
    StringRef filename, MLIRContext *context,
    const GraphDefImportOptions &options, TimingScope *timing) {
  auto nestTiming = [&](StringRef name) {
    return timing ? timing->nest(name) : TimingScope();
  };
  context->loadDialect<func::FuncDialect, executor::ExecutorDialect,
                       lite::LiteDialect>();
  normalizeAssertions(graph);
  TimingScope buildTiming = nestTiming("build IR");
  Location graphLoc = FileLineColLoc::get(context, filename, 0, 0);
  std::vector<std::string> initTargets;
  if (options.init) {
    initTargets = *options.init;
    if (!initTargets.empty() && options.fetches.empty()) {
      emitError(graphLoc) << "--init needs explicit --fetches: the default "
                             "fetches would run the initializer too";
      return nullptr;
    }
  } else if (!options.fetches.empty()) {
    // TF1's global_variables_initializer() is the NoOp 'init', in a graph
    // with variables.
    bool hasVariables = false, hasInit = false;
    for (const tf::NodeDef &n : graph.node()) {
      hasVariables |= n.op() == "VarHandleOp" || n.op() == "VariableV2" ||
                      n.op() == "Variable";
      hasInit |= n.name() == "init" && n.op() == "NoOp";
    }
    if (hasVariables && hasInit)
      initTargets.push_back("init");
  }
  // The initializer's own closure, pruned from the whole graph.
  tf::GraphDef initGraph;
  std::vector<std::pair<int, int>> initLocations;
  GraphDefImportOptions initOptions;
  if (!initTargets.empty()) {
    initGraph = graph;
    initLocations = nodeLocations;
    for (const std::string &target : initTargets)
      initOptions.fetches.push_back(
          StringRef(target).starts_with("^") ? target : "^" + target);
    pruneToFetches(initGraph, initLocations, initOptions, graphLoc,
                   /*keepPlaceholders=*/false);
    initGraph.clear_library();
  }
  pruneToFetches(graph, nodeLocations, options, graphLoc);
  OwningOpRef<ModuleOp> module = ModuleOp::create(graphLoc);
  FunctionLibrary library(graph.library(), *module, filename,
                          options.maxNesting);
  GraphImporter importer(graph, context, options, filename, nodeLocations,
                         library);
  if (failed(importer.importMain(*module)))
    return nullptr;
  if (!initTargets.empty()) {
    GraphImporter initImporter(initGraph, context, initOptions, filename,
                               initLocations, library);
    if (failed(initImporter.importMain(*module, "init")))
      return nullptr;
    auto init = module->lookupSymbol<func::FuncOp>("init");
    init.setPrivate();
    init->moveAfter(&module->getBody()->back());
    auto main = module->lookupSymbol<func::FuncOp>("main");
    OpBuilder builder = OpBuilder::atBlockBegin(&main.getBody().front());
    lite::CallOnceOp::create(builder, main.getLoc(),
                             FlatSymbolRefAttr::get(init));
  }
  // Variables first, in the order they were declared.
  SmallVector<lite::VariableOp> variables(module->getOps<lite::VariableOp>());
  for (lite::VariableOp variable : llvm::reverse(variables))
    variable->moveBefore(&module->getBody()->front());
  buildTiming.stop();
  // What the importer does not check itself (a compute node's arity or
  // operand types, say) surfaces in the verifier: report the first error
  // against the node whose op it is.
  TimingScope verifyTiming = nestTiming("verify");
  std::string invalid;
  int invalidNode = -1;
  LogicalResult verified = success();
  {
    ScopedDiagnosticHandler capture(context, [&](Diagnostic &diag) {
      if (!invalid.empty() || diag.getSeverity() != DiagnosticSeverity::Error)
        return success();
      invalid = diag.str();
      if (auto name = dyn_cast<NameLoc>(diag.getLocation()))
        invalidNode = importer.lookup(name.getName().getValue());
      return success();
    });
    verified = verify(*module);
  }
  if (failed(verified)) {
    if (invalidNode >= 0)
      importer.error(invalidNode) << "imports as an invalid op: " << invalid;
    else
      emitError(FileLineColLoc::get(context, filename, 0, 0))
          << "the imported graph is invalid: " << invalid;
    return nullptr;
  }
  return module;
}

std::vector<std::string> sluice::splitTensorList(StringRef list) {
  std::vector<std::string> names;
  SmallVector<StringRef> parts;
  list.split(parts, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  for (StringRef part : parts)
    names.push_back(part.trim().str());
  return names;
}

void sluice::registerGraphDefToMLIRTranslation(
    const GraphDefImportOptions &options) {
  static TranslateToMLIRRegistration registration(
      "graphdef-to-mlir", "import a TensorFlow GraphDef (.pb or .pbtxt)",
      [&options](llvm::SourceMgr &sourceMgr,
                 MLIRContext *context) -> OwningOpRef<Operation *> {
        const llvm::MemoryBuffer *buffer =
            sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
        return importGraphDef(buffer->getBuffer(),
                              buffer->getBufferIdentifier(), context, options);
      });
}
