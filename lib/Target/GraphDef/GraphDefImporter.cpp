//===- GraphDefImporter.cpp - TensorFlow GraphDef to MLIR -----------------===//
//
// Imports a GraphDef as
//
//   func.func @main(<feeds>) -> (<fetches>) {
//     %r = executor.graph { <one executor op per node> executor.fetch ... }
//     return %r
//   }
//
// Control-flow nodes become executor primitives, every other node an island
// around the lite ops of the TF->lite table (OpTable.cpp); `^name` inputs
// become control operands. Nodes may refer to nodes defined after them (loop
// back edges): every node output first gets a forward reference, replaced
// once all nodes exist. Result types are inferred to a fixpoint over the
// graph, loops included (a merge's type joins those of its inputs).
//
//===----------------------------------------------------------------------===//

#include "sluice/Target/GraphDef/GraphDefImport.h"

#include "GraphDefParser.h"
#include "OpTable.h"
#include "TensorImport.h"

#include "sluice/Dialect/Executor/IR/ExecutorOps.h"
#include "sluice/Dialect/Lite/IR/LiteOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/SourceMgr.h"

#include <set>

using namespace mlir;
using namespace sluice;
using namespace sluice::graphdef;

namespace {

/// A node's input: node index and output port, or a control edge.
struct InputRef {
  int node;
  int port; // -1 for a control edge
};

enum class NodeKind {
  Placeholder, // becomes a function argument
  Arg,         // _Arg: a function argument by index
  Retval,      // _Retval: a fetch by index
  Const,
  Identity,
  NoOp,
  Switch,
  Merge,
  Enter,
  Exit,
  NextIteration,
  LoopCond,
  ControlTrigger,
  Compute,
};

std::optional<NodeKind> classify(StringRef op) {
  return llvm::StringSwitch<std::optional<NodeKind>>(op)
      .Case("Placeholder", NodeKind::Placeholder)
      .Case("_Arg", NodeKind::Arg)
      .Case("_Retval", NodeKind::Retval)
      .Case("Const", NodeKind::Const)
      .Cases({"Identity", "Snapshot", "StopGradient"}, NodeKind::Identity)
      .Case("NoOp", NodeKind::NoOp)
      .Cases({"Switch", "RefSwitch"}, NodeKind::Switch)
      .Cases({"Merge", "RefMerge"}, NodeKind::Merge)
      .Cases({"Enter", "RefEnter"}, NodeKind::Enter)
      .Cases({"Exit", "RefExit"}, NodeKind::Exit)
      .Cases({"NextIteration", "RefNextIteration"}, NodeKind::NextIteration)
      .Case("LoopCond", NodeKind::LoopCond)
      .Case("ControlTrigger", NodeKind::ControlTrigger)
      .Default(isComputeOp(op) ? std::optional(NodeKind::Compute)
                               : std::nullopt);
}

/// Why an op TensorFlow has is not imported (yet).
std::string whyUnsupported(StringRef op) {
  static const llvm::StringSet<> stateful = {
      "VarHandleOp",        "ReadVariableOp",     "AssignVariableOp",
      "VarIsInitializedOp", "VariableV2",         "Variable",
      "Assign",             "AssignAdd",          "AssignSub",
      "FIFOQueueV2",        "FIFOQueue",          "QueueEnqueueV2",
      "QueueDequeueV2",     "QueueEnqueue",       "QueueDequeue",
      "QueueCloseV2",       "QueueSizeV2",        "RandomShuffleQueueV2",
      "PaddingFIFOQueueV2", "QueueEnqueueManyV2", "QueueDequeueManyV2"};
  static const llvm::StringSet<> functional = {
      "If",      "StatelessIf",       "While",
      "StatelessWhile", "Case",       "StatelessCase",
      "PartitionedCall", "StatefulPartitionedCall"};
  if (stateful.contains(op))
    return "uses the stateful op '" + op.str() +
           "': queues and resource variables are not supported";
  if (functional.contains(op))
    return "uses the functional control-flow op '" + op.str() +
           "', which the importer does not handle yet";
  if (op == "_SwitchN")
    return "uses '_SwitchN', which the importer does not handle yet";
  return "uses the unknown op '" + op.str() + "'";
}

/// Joins two types met by one value: equal types stay, ranked ones of one
/// rank keep their common dims, anything else becomes unranked. A null type
/// is "not known yet".
Type join(Type a, Type b) {
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

class GraphImporter {
public:
  GraphImporter(const tensorflow::GraphDef &graph, MLIRContext *context,
                const GraphDefImportOptions &options, StringRef filename,
                ArrayRef<std::pair<int, int>> nodeLocations)
      : graph(graph), context(context), options(options), filename(filename),
        nodeLocations(nodeLocations) {}

  OwningOpRef<ModuleOp> run();

private:
  const tensorflow::NodeDef &node(int index) const {
    return graph.node(index);
  }
  /// The node's name at its place in a text GraphDef (line 0 in a binary
  /// one).
  Location loc(int index) const {
    auto [line, column] = index < static_cast<int>(nodeLocations.size())
                              ? nodeLocations[index]
                              : std::pair<int, int>(0, 0);
    return NameLoc::get(StringAttr::get(context, node(index).name()),
                        FileLineColLoc::get(context, filename, line, column));
  }
  Location fileLoc() const {
    return FileLineColLoc::get(context, filename, 0, 0);
  }
  InFlightDiagnostic error(int index) const {
    return emitError(loc(index)) << "node '" << node(index).name() << "' ("
                                 << node(index).op() << "): ";
  }

  LogicalResult indexNodes();
  LogicalResult parseInputs();
  LogicalResult checkCycles();
  FailureOr<InputRef> parseTensorName(StringRef name, std::string &why);
  /// A feed or fetch `name`; diagnoses a malformed or unknown one.
  FailureOr<InputRef> parseFeedOrFetch(StringRef name, StringRef what);
  LogicalResult selectFeedsAndFetches();
  LogicalResult inferTypes();
  FailureOr<SmallVector<Type>> transfer(int index);
  /// While set, compute nodes with an input of unknown type stay unknown
  /// (so that node order does not decide how precise types are).
  bool waitForInputs = true;
  Type elementTypeOf(int index, std::string &why);
  LogicalResult build(ModuleOp module);
  LogicalResult buildNode(int index, OpBuilder &builder);
  DenseElementsAttr constantOf(int index);
  /// The constant value of data input `i` of node `index`, if a Const.
  DenseElementsAttr constantInputOf(int index, unsigned i);

  const tensorflow::GraphDef &graph;
  MLIRContext *context;
  const GraphDefImportOptions &options;
  StringRef filename;
  ArrayRef<std::pair<int, int>> nodeLocations;

  llvm::StringMap<int> indexOf;
  std::vector<NodeKind> kinds;
  std::vector<SmallVector<InputRef, 2>> inputs;
  std::vector<SmallVector<Type, 1>> types; // data outputs
  /// Fed tensors in argument order, and fetched ones in result order.
  SmallVector<InputRef> feeds, fetches;
  SmallVector<std::string> feedNames, fetchNames;
  SmallVector<int> controlFetches;

  /// Values of node outputs and control tokens while building.
  DenseMap<std::pair<int, int>, Value> values;
  DenseMap<int, Value> controls;
  DenseMap<std::pair<int, int>, Value> arguments;
};

} // namespace

LogicalResult GraphImporter::indexNodes() {
  for (int i = 0, e = graph.node_size(); i < e; ++i) {
    if (node(i).name().empty())
      return emitError(loc(i))
             << "node #" << i << " (" << node(i).op() << ") has no name";
    if (!indexOf.try_emplace(node(i).name(), i).second)
      return error(i) << "a node of this name is already defined";
    std::optional<NodeKind> kind = classify(node(i).op());
    if (!kind)
      return error(i) << whyUnsupported(node(i).op());
    kinds.push_back(*kind);
  }
  return success();
}

FailureOr<InputRef> GraphImporter::parseTensorName(StringRef name,
                                                   std::string &why) {
  bool control = name.consume_front("^");
  int port = 0;
  StringRef nodeName = name;
  size_t colon = name.rfind(':');
  if (!control && colon != StringRef::npos) {
    if (name.substr(colon + 1).getAsInteger(10, port) || port < 0) {
      why = "has a malformed output port";
      return failure();
    }
    nodeName = name.take_front(colon);
  }
  auto it = indexOf.find(nodeName);
  if (it == indexOf.end()) {
    why = "names no node of the graph";
    return failure();
  }
  return InputRef{it->second, control ? -1 : port};
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
        << node(ref->node).name() << "' (" << node(ref->node).op()
        << ") has " << outputs << " output(s)";
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
        return error(producer)
               << "is on a cycle that does not pass through a "
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
  const tensorflow::NodeDef &n = node(index);
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
  const tensorflow::NodeDef &n = node(index);
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

  switch (kinds[index]) {
  case NodeKind::Const: {
    auto it = n.attr().find("value");
    if (it == n.attr().end() ||
        it->second.value_case() != tensorflow::AttrValue::kTensor) {
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
    Type element = elementTypeOf(index, why);
    if (!element)
      return fail();
    auto shapeIt = n.attr().find("shape");
    if (shapeIt != n.attr().end() &&
        shapeIt->second.value_case() == tensorflow::AttrValue::kShape)
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
  case NodeKind::Identity:
  case NodeKind::Enter:
  case NodeKind::Exit:
  case NodeKind::NextIteration:
  case NodeKind::Switch: {
    if (in.size() != (kinds[index] == NodeKind::Switch ? 2u : 1u)) {
      why = "expects " +
            std::to_string(kinds[index] == NodeKind::Switch ? 2 : 1) +
            " data input(s), has " + std::to_string(in.size());
      return fail();
    }
    Type element = elementTypeOf(index, why);
    if (!element)
      return fail();
    FailureOr<Type> type = checked(element, first());
    if (failed(type))
      return failure();
    if (kinds[index] == NodeKind::Switch)
      return SmallVector<Type>{*type, *type};
    return SmallVector<Type>{*type};
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
    Type element = elementTypeOf(index, why);
    if (!element)
      return fail();
    Type joined;
    for (Type type : in) {
      if (failed(checked(element, type)))
        return failure();
      joined = join(joined, type);
    }
    return SmallVector<Type>{
        joined, RankedTensorType::get({}, IntegerType::get(context, 32))};
  }
  case NodeKind::Compute: {
    auto constantInput = [&](unsigned i) { return constantInputOf(index, i); };
    SmallVector<Type> declared;
    auto declaredIt = n.attr().find("_output_shapes");
    std::string ignored;
    Type element = n.attr().count("T") ? getTypeAttr(n, "T", context, ignored)
                                       : Type();
    if (declaredIt != n.attr().end() && element)
      for (const auto &shape : declaredIt->second.list().shape())
        declared.push_back(convertShape(shape, element));
    // Wait until every input's type is known: a guess from unknown inputs
    // (unranked) could not be refined later, the join only generalizes.
    if (waitForInputs && llvm::is_contained(in, Type()))
      return SmallVector<Type>(types[index].size(), Type());
    ComputeNode compute{n, in, constantInput, declared};
    FailureOr<SmallVector<Type>> result =
        inferComputeTypes(compute, context, why);
    if (failed(result))
      return fail();
    return result;
  }
  }
  llvm_unreachable("unknown node kind");
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
      break;
    case NodeKind::Switch:
    case NodeKind::Merge:
      types[i].assign(2, Type());
      break;
    case NodeKind::Compute:
      types[i].assign(node(i).op() == "Unpack"
                          ? std::max<int64_t>(
                                1, node(i).attr().count("num")
                                       ? node(i).attr().at("num").i()
                                       : 1)
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
    for (int pass = 0; pass < kMaxPasses; ++pass) {
      bool changed = false;
      for (int i = 0; i < count; ++i) {
        FailureOr<SmallVector<Type>> next = transfer(i);
        if (failed(next))
          return failure();
        if (next->size() != types[i].size())
          return error(i) << "produces " << next->size()
                          << " outputs where " << types[i].size()
                          << " were expected";
        for (auto [old, now] : llvm::zip(types[i], *next)) {
          Type joined = join(old, now);
          if (joined != old) {
            old = joined;
            changed = true;
          }
        }
      }
      if (!changed)
        break;
    }
  }
  // Whatever is still unknown (nodes only reachable through a cycle) gets
  // an unranked type of its dtype.
  for (int i = 0; i < count; ++i)
    for (Type &type : types[i])
      if (!type) {
        std::string why;
        Type element = elementTypeOf(i, why);
        if (!element)
          return error(i) << "cannot determine its type: " << why;
        type = UnrankedTensorType::get(element);
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
        return emitError(loc(ref->node)) << "feed '" << name
                                         << "' cannot be a control input";
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

LogicalResult GraphImporter::buildNode(int index, OpBuilder &builder) {
  const tensorflow::NodeDef &n = node(index);
  Location location = loc(index);
  SmallVector<Value> data, ctls;
  for (InputRef ref : inputs[index]) {
    if (ref.port < 0) {
      // Arguments are always available: a control edge from one is moot.
      if (Value control = controls.lookup(ref.node))
        ctls.push_back(control);
      continue;
    }
    if (Value argument = arguments.lookup({ref.node, ref.port}))
      data.push_back(argument);
    else
      data.push_back(values.lookup({ref.node, ref.port}));
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
    int64_t iterations =
        parallel == n.attr().end() ? 10 : parallel->second.i();
    if (iterations < 1)
      return error(index) << "has parallel_iterations " << iterations
                          << ", expected >= 1";
    bind(executor::EnterOp::create(
        builder, location, types[index][0], controlType, data[0],
        frame->second.s(),
        constant != n.attr().end() && constant->second.b(), iterations,
        ctls));
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
  case NodeKind::Const:
  case NodeKind::Identity:
  case NodeKind::NoOp:
  case NodeKind::Compute:
    break;
  }

  // Everything else is an island around its lite ops.
  auto island = executor::IslandOp::create(builder, location, types[index],
                                           controlType, ctls);
  Block *body = new Block();
  island.getBody().push_back(body);
  OpBuilder inner = OpBuilder::atBlockEnd(body);
  SmallVector<Value> results;
  if (kinds[index] == NodeKind::Const) {
    results.push_back(
        lite::ConstantOp::create(inner, location, types[index][0],
                                 cast<ElementsAttr>(constantOf(index))));
  } else if (kinds[index] == NodeKind::Identity) {
    results.push_back(data[0]);
  } else if (kinds[index] == NodeKind::Compute) {
    auto constantInput = [&](unsigned i) { return constantInputOf(index, i); };
    SmallVector<Type> dataTypes;
    for (Value v : data)
      dataTypes.push_back(v.getType());
    ComputeNode compute{n, dataTypes, constantInput, {}};
    std::string why;
    FailureOr<SmallVector<Value>> built =
        buildComputeOp(compute, inner, location, data, types[index], why);
    if (failed(built))
      return error(index) << why;
    results = std::move(*built);
  }
  executor::YieldOp::create(inner, location, results);
  bind(island);
  return success();
}

LogicalResult GraphImporter::build(ModuleOp module) {
  OpBuilder builder(module.getBodyRegion());
  SmallVector<Type> argTypes, resultTypes;
  for (InputRef feed : feeds)
    argTypes.push_back(types[feed.node][feed.port]);
  for (InputRef fetch : fetches)
    resultTypes.push_back(types[fetch.node][fetch.port]);
  auto function = func::FuncOp::create(
      builder, FileLineColLoc::get(context, filename, 0, 0), "main",
      builder.getFunctionType(argTypes, resultTypes));
  Block *entry = function.addEntryBlock();
  for (auto [index, feed] : llvm::enumerate(feeds)) {
    arguments[{feed.node, feed.port}] = entry->getArgument(index);
    function.setArgAttr(index, "sluice.name",
                        builder.getStringAttr(feedNames[index]));
  }
  for (auto [index, name] : llvm::enumerate(fetchNames))
    function.setResultAttr(index, "sluice.name", builder.getStringAttr(name));
  for (int i = 0, e = graph.node_size(); i < e; ++i)
    if (kinds[i] == NodeKind::Placeholder &&
        !arguments.count({i, 0}))
      return error(i) << "is not fed: name it in the feeds or remove it";

  builder.setInsertionPointToStart(entry);
  auto graphOp = executor::GraphOp::create(builder, function.getLoc(),
                                           resultTypes);
  Block *body = new Block();
  graphOp.getBody().push_back(body);
  OpBuilder inner = OpBuilder::atBlockEnd(body);

  // Forward references for every output and control token, replaced as the
  // nodes are built.
  SmallVector<UnrealizedConversionCastOp> forward;
  auto forwardRef = [&](Type type) {
    auto cast = UnrealizedConversionCastOp::create(
        inner, function.getLoc(), TypeRange{type}, ValueRange{});
    forward.push_back(cast);
    return cast.getResult(0);
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
    if (failed(buildNode(i, inner)))
      return failure();

  SmallVector<Value> fetched, fetchedControls;
  for (InputRef fetch : fetches) {
    Value argument = arguments.lookup({fetch.node, fetch.port});
    fetched.push_back(argument ? argument
                               : values.lookup({fetch.node, fetch.port}));
  }
  for (int i : controlFetches)
    if (Value control = controls.lookup(i))
      fetchedControls.push_back(control);
  executor::FetchOp::create(inner, function.getLoc(), fetched,
                            fetchedControls);
  for (UnrealizedConversionCastOp op : forward) {
    assert(op->use_empty() && "every node replaced its forward references");
    op->erase();
  }
  builder.setInsertionPointToEnd(entry);
  func::ReturnOp::create(builder, function.getLoc(), graphOp.getResults());
  return success();
}

OwningOpRef<ModuleOp> GraphImporter::run() {
  if (failed(indexNodes()) || failed(parseInputs()) || failed(checkCycles()) ||
      failed(inferTypes()) ||
      failed(selectFeedsAndFetches()))
    return nullptr;
  OwningOpRef<ModuleOp> module =
      ModuleOp::create(FileLineColLoc::get(context, filename, 0, 0));
  if (failed(build(*module)))
    return nullptr;
  // What the importer does not check itself (a compute node's arity or
  // operand types, say) surfaces in the verifier: report the first error
  // against the node whose op it is.
  std::string invalid;
  int invalidNode = -1;
  LogicalResult verified = success();
  {
    ScopedDiagnosticHandler capture(context, [&](Diagnostic &diag) {
      if (!invalid.empty() || diag.getSeverity() != DiagnosticSeverity::Error)
        return success();
      invalid = diag.str();
      if (auto name = dyn_cast<NameLoc>(diag.getLocation())) {
        auto it = indexOf.find(name.getName().getValue());
        if (it != indexOf.end())
          invalidNode = it->second;
      }
      return success();
    });
    verified = verify(*module);
  }
  if (failed(verified)) {
    if (invalidNode >= 0)
      error(invalidNode) << "imports as an invalid op: " << invalid;
    else
      emitError(fileLoc()) << "the imported graph is invalid: " << invalid;
    return nullptr;
  }
  return module;
}

OwningOpRef<ModuleOp>
sluice::importGraphDef(StringRef bytes, StringRef filename,
                       MLIRContext *context,
                       const GraphDefImportOptions &options) {
  context->loadDialect<func::FuncDialect, executor::ExecutorDialect,
                       lite::LiteDialect>();
  tensorflow::GraphDef graph;
  std::vector<std::pair<int, int>> nodeLocations;
  if (failed(parseGraphDef(bytes, filename, context, graph, &nodeLocations)))
    return nullptr;
  if (graph.library().function_size() > 0)
    for (int i = 0, e = graph.node_size(); i < e; ++i)
      for (const auto &function : graph.library().function())
        if (graph.node(i).op() == function.signature().name()) {
          auto [line, column] = i < static_cast<int>(nodeLocations.size())
                                    ? nodeLocations[i]
                                    : std::pair<int, int>(0, 0);
          emitError(NameLoc::get(
              StringAttr::get(context, graph.node(i).name()),
              FileLineColLoc::get(context, filename, line, column)))
              << "node '" << graph.node(i).name() << "' calls the library "
              << "function '" << function.signature().name()
              << "', which the importer does not handle yet";
          return nullptr;
        }
  GraphImporter importer(graph, context, options, filename, nodeLocations);
  return importer.run();
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
