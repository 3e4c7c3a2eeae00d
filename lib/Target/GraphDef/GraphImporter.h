//===- GraphImporter.h - One graph body to MLIR -----------------*- C++ -*-===//
//
// Internal to lib/Target/GraphDef: imports one "graph body", the node list of
// the main GraphDef or of a library FunctionDef (rewritten into graph syntax
// by FunctionImport.cpp, with _Arg/_Retval nodes for its signature). A body
// with v1 control-flow nodes becomes an executor.graph; any other one plain
// lite ops in topological order.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_TARGET_GRAPHDEF_GRAPHIMPORTER_H
#define SLUICE_LIB_TARGET_GRAPHDEF_GRAPHIMPORTER_H

#include "sluice_graph.pb.h"

#include "sluice/Target/GraphDef/GraphDefImport.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace sluice::graphdef {

class FunctionLibrary;

/// A tensor name ("node", "node:port") or a control reference ("^node"),
/// split: the node's name, the port's text (empty for none), and whether it
/// is a control reference (which has no port).
struct TensorNameParts {
  llvm::StringRef node;
  llvm::StringRef port;
  bool control;
};
TensorNameParts splitTensorName(llvm::StringRef name);

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
  SwitchN, // _SwitchN: a lowered Case
  Merge,
  Enter,
  Exit,
  NextIteration,
  LoopCond,
  ControlTrigger,
  Compute,
  Functional,  // If/While/Case/calls: see FunctionImport.cpp
  TensorArray, // TensorArrays and TensorLists: see TensorArrayImport.cpp
  Variable,    // resource and ref variables: see VariableImport.cpp
  Send,        // _Send, _HostSend: executor.send to the recv_device's rank
  Recv,        // _Recv, _HostRecv: executor.recv from the send_device's rank
};

/// Nodes that pass their data input on unchanged (Identity and the v1
/// control-flow primitives): what TensorArray flows and variable handles
/// travel through.
inline bool isPassThrough(NodeKind kind) {
  switch (kind) {
  case NodeKind::Identity:
  case NodeKind::Enter:
  case NodeKind::Exit:
  case NodeKind::NextIteration:
  case NodeKind::Switch:
  case NodeKind::Merge:
    return true;
  default:
    return false;
  }
}

/// The key of the executor.send/executor.recv a TF _Send/_Recv imports as:
/// "<send_device>;<recv_device>;<tensor_name>", the same at both ends.
std::string rendezvousKey(llvm::StringRef sendDevice,
                          llvm::StringRef recvDevice,
                          llvm::StringRef tensorName);

/// Whether `op` is TensorArrayV3, an op on a TensorArray or a TensorList op
/// that Sluice imports (TensorArrayImport.cpp).
bool isTensorArrayOp(llvm::StringRef op);
/// How many data outputs a TensorArray/TensorList op has (TensorArrayV3 and
/// TensorArrayGradV3: the handle and the flow).
unsigned numTensorArrayOutputs(llvm::StringRef op);
/// The first port of output arg `outputArg` of a TensorArray/TensorList op
/// (in function bodies, inputs name output args): 1 for the second of
/// TensorArrayV3's, TensorArrayGradV3's and TensorListPopBack's two, else 0.
int tensorArrayOutputBase(llvm::StringRef op, llvm::StringRef outputArg);

/// Whether `op` creates, reads or assigns a variable (VariableImport.cpp).
bool isVariableOp(llvm::StringRef op);

/// Joins two types met by one value: equal types stay, ranked ones of one
/// rank keep their common dims, anything else becomes unranked. A null type
/// is "not known yet".
mlir::Type joinTypes(mlir::Type a, mlir::Type b);

class GraphImporter {
public:
  /// `functionName` is empty for the main graph, else the library function
  /// whose body `graph` is.
  GraphImporter(const tf::GraphDef &graph, mlir::MLIRContext *context,
                const GraphDefImportOptions &options, llvm::StringRef filename,
                llvm::ArrayRef<std::pair<int, int>> nodeLocations,
                FunctionLibrary &library, llvm::StringRef functionName = "");

  /// Imports the main graph as func @`name` into `module`.
  mlir::LogicalResult importMain(mlir::ModuleOp module,
                                 llvm::StringRef name = "main");

  /// Function bodies: the variables whose handles the caller passes, by
  /// _Arg index (empty: not a handle). Call before analyze.
  void bindArgumentVariables(llvm::ArrayRef<std::string> variables) {
    argumentVariables.assign(variables.begin(), variables.end());
  }

  /// Function bodies: analyzes the body for arguments of `argTypes` (the
  /// _Arg nodes by index), then emits it at `builder` on `args`.
  mlir::LogicalResult analyze(llvm::ArrayRef<mlir::Type> argTypes);
  llvm::SmallVector<mlir::Type> resultTypes() const;
  mlir::FailureOr<llvm::SmallVector<mlir::Value>>
  emit(mlir::OpBuilder &builder, mlir::Location loc, mlir::ValueRange args);

  /// The node named `name` in the body, for diagnostics, or -1.
  int lookup(llvm::StringRef name) const {
    auto it = indexOf.find(name);
    return it == indexOf.end() ? -1 : it->second;
  }
  mlir::InFlightDiagnostic error(int index) const;

private:
  const tf::NodeDef &node(int index) const { return graph.node(index); }
  /// The node's name at its place in a text GraphDef (line 0 in a binary
  /// one or in a function body).
  mlir::Location loc(int index) const;
  mlir::Location fileLoc() const;

  mlir::LogicalResult indexNodes();
  mlir::LogicalResult parseInputs();
  mlir::LogicalResult checkCycles();
  mlir::FailureOr<InputRef> parseTensorName(llvm::StringRef name,
                                            std::string &why);
  /// A feed or fetch `name`; diagnoses a malformed or unknown one.
  mlir::FailureOr<InputRef> parseFeedOrFetch(llvm::StringRef name,
                                             llvm::StringRef what);
  mlir::LogicalResult selectFeedsAndFetches();
  mlir::LogicalResult inferTypes();
  mlir::FailureOr<llvm::SmallVector<mlir::Type>> transfer(int index);
  /// The result types of compute node `index` on inputs of types `in`: the
  /// types its lite ops get from their shape rules as the node is built
  /// (buildComputeOp, in a block of its own, once per input signature).
  mlir::FailureOr<llvm::SmallVector<mlir::Type>>
  computeTypes(int index, llvm::ArrayRef<mlir::Type> in, std::string &why);
  /// While set, compute nodes with an input of unknown type stay unknown
  /// (so that node order does not decide how precise types are).
  bool waitForInputs = true;
  mlir::Type elementTypeOf(int index, std::string &why);

  /// Every output's consumers, by (consumer, data input position).
  std::map<std::pair<int, int>, llvm::SmallVector<std::pair<int, unsigned>, 2>>
  dataConsumers() const;
  /// TensorArrays (TensorArrayImport.cpp): finds the array every flow
  /// carrier and TensorArray op works on, and every handle carrier.
  mlir::LogicalResult resolveTensorArrays();
  /// Whether node `add` is the backprop accumulator of a gradient's flow
  /// that arrives at its data input `position`, from `producer`: then it
  /// records it (flowAccumulators, accumulatorZeros) and returns true.
  bool recordFlowAccumulator(int add, unsigned position, InputRef producer);
  /// The element type of the TensorArrayV3 node `array`.
  mlir::Type arrayElementType(int array, std::string &why);
  mlir::FailureOr<llvm::SmallVector<mlir::Type>>
  transferTensorArray(int index, llvm::ArrayRef<mlir::Type> in);
  mlir::FailureOr<llvm::SmallVector<mlir::Value>>
  buildTensorArray(int index, mlir::OpBuilder &builder, mlir::ValueRange data);
  mlir::FailureOr<llvm::SmallVector<mlir::Type>>
  transferTensorList(int index, llvm::ArrayRef<mlir::Type> in);
  mlir::FailureOr<llvm::SmallVector<mlir::Value>>
  buildTensorList(int index, mlir::OpBuilder &builder, mlir::ValueRange data);
  /// Variables (VariableImport.cpp): finds the variable every handle carrier
  /// and variable op works on, and the ref inputs read as values.
  mlir::LogicalResult resolveVariables();
  /// The variable's symbol: its shared_name, else the node's name.
  std::string variableName(int creator) const;
  /// The type the VarHandleOp/VariableV2 node `creator` declares.
  mlir::FailureOr<mlir::TensorType> variableType(int creator);
  /// Adds the module's lite.variable for `creator` unless it has one.
  mlir::LogicalResult declareVariable(int creator);
  mlir::FailureOr<llvm::SmallVector<mlir::Type>>
  transferVariable(int index, llvm::ArrayRef<mlir::Type> in);
  mlir::FailureOr<llvm::SmallVector<mlir::Value>>
  buildVariable(int index, mlir::OpBuilder &builder, mlir::ValueRange data);
  /// Data input `position` of node `index` as the node sees it: a read of
  /// the variable when it is a ref the node reads as a value, else
  /// `handle` unchanged (null on error).
  /// TF's value of a TensorArray flow, a float 0, computed from the array
  /// `flow` carries (so that its user still waits for it).
  mlir::Value flowToken(mlir::OpBuilder &builder, mlir::Location loc,
                        mlir::Value flow);
  mlir::Value readImplicitly(int index, unsigned position,
                             mlir::OpBuilder &builder, mlir::Value handle);
  /// Whether the body has v1 control-flow nodes (and so needs an
  /// executor.graph).
  bool hasV1ControlFlow() const;
  /// Emits the body at `builder`: the values of the fetches.
  mlir::FailureOr<llvm::SmallVector<mlir::Value>>
  emitBody(mlir::OpBuilder &builder, mlir::Location loc);
  mlir::FailureOr<llvm::SmallVector<mlir::Value>>
  emitGraph(mlir::OpBuilder &builder, mlir::Location loc);
  mlir::FailureOr<llvm::SmallVector<mlir::Value>>
  emitFlat(mlir::OpBuilder &builder, mlir::Location loc);
  mlir::LogicalResult buildNode(int index, mlir::OpBuilder &builder);
  /// The key and peer rank of a _Send/_Recv node.
  struct Rendezvous {
    std::string key;
    int64_t peer;
  };
  mlir::FailureOr<Rendezvous> rendezvousOf(int index);
  /// The lite ops of a Const, Identity, NoOp, compute or functional node on
  /// its data inputs `data`.
  mlir::FailureOr<llvm::SmallVector<mlir::Value>>
  buildOps(int index, mlir::OpBuilder &builder, mlir::ValueRange data);
  /// The data inputs of a node, from `values` and `arguments`.
  llvm::SmallVector<mlir::Value> dataInputs(int index);
  mlir::DenseElementsAttr constantOf(int index);
  /// The constant value of data input `i` of node `index`, if a Const.
  mlir::DenseElementsAttr constantInputOf(int index, unsigned i);

  const tf::GraphDef &graph;
  mlir::MLIRContext *context;
  const GraphDefImportOptions &options;
  llvm::StringRef filename;
  llvm::ArrayRef<std::pair<int, int>> nodeLocations;
  FunctionLibrary &library;
  std::string functionName;
  /// Function bodies: the types of the arguments, by _Arg index.
  llvm::SmallVector<mlir::Type> argTypes;
  bool isFunction = false;

  llvm::StringMap<int> indexOf;
  std::vector<NodeKind> kinds;
  std::vector<llvm::SmallVector<InputRef, 2>> inputs;
  std::vector<llvm::SmallVector<mlir::Type, 1>> types; // data outputs
  /// Per node: the TensorArrayV3 node whose array it works on or whose flow
  /// it carries, or -1; whether it carries a TensorArray handle.
  std::vector<int> tensorArrayOf;
  std::vector<bool> carriesHandle;
  /// Per TensorArray op: whether its handle is the array's gradient's (from
  /// a TensorArrayGradV3), and whether its flow carries the gradient's
  /// contents (else the forward array's: a first access of the gradient,
  /// which starts from zeros).
  std::vector<bool> onGradient;
  std::vector<bool> flowOfGradient;
  /// The (node, data input) pairs that take a TensorArray's flow as plain
  /// data (tf.gradients pushes forward flows on stacks, for their order):
  /// they get TF's flow value, a float 0, computed from the array so that
  /// they still wait for it.
  std::set<std::pair<int, unsigned>> flowTokens;
  /// The backprop accumulators of a gradient's flow (the AddV2 nodes that
  /// sum, over the iterations of a gradient loop, the flows of the writes to
  /// an array's gradient): they add the gradient's contents. Their initial
  /// zero (a Const) becomes zeros of the array, from the forward flow that
  /// is its extra data input.
  std::set<int> flowAccumulators;
  std::set<int> accumulatorZeros;
  /// Per node: the VarHandleOp/VariableV2 node whose variable it works on or
  /// whose handle it carries, or -1; and the (node, data input) pairs that
  /// read a ref variable as a value, with the variable's node.
  std::vector<int> variableOf;
  std::map<std::pair<int, unsigned>, int> implicitReads;
  /// Function bodies: the variable each _Arg's handle names (by index).
  std::vector<std::string> argumentVariables;
  /// Functional nodes: the variables whose handles they take, by data input.
  std::map<int, std::vector<std::string>> functionalVariables;
  /// The variable names of node `index`'s data inputs, for FunctionLibrary.
  llvm::ArrayRef<std::string> inputVariablesOf(int index) const {
    auto it = functionalVariables.find(index);
    if (it == functionalVariables.end())
      return {};
    return it->second;
  }
  /// Whether buildOps is building an island's body (not flat code).
  bool buildingIsland = false;
  /// Fed tensors in argument order, and fetched ones in result order.
  llvm::SmallVector<InputRef> feeds, fetches;
  llvm::SmallVector<std::string> feedNames, fetchNames;
  llvm::SmallVector<int> controlFetches;
  /// Functional nodes: result types by input types, so that type inference
  /// builds each only once per input signature.
  std::map<std::pair<int, std::vector<const void *>>,
           llvm::SmallVector<mlir::Type>>
      functionalTypes;
  /// Compute nodes: result types by input types (computeTypes).
  std::map<std::pair<int, std::vector<const void *>>,
           llvm::SmallVector<mlir::Type>>
      computedTypes;

  /// Values of node outputs and control tokens while building.
  llvm::DenseMap<std::pair<int, int>, mlir::Value> values;
  llvm::DenseMap<int, mlir::Value> controls;
  llvm::DenseMap<std::pair<int, int>, mlir::Value> arguments;
};

/// importGraphDef after the parse: imports `graph` (`nodeLocations`: the
/// text form's line and column per node, or empty), pruned to the options'
/// fetches, with `filename` naming it in diagnostics. The SavedModel import
/// calls it on the graph it assembles.
mlir::OwningOpRef<mlir::ModuleOp> importParsedGraphDef(
    tf::GraphDef graph, std::vector<std::pair<int, int>> nodeLocations,
    llvm::StringRef filename, mlir::MLIRContext *context,
    const GraphDefImportOptions &options, mlir::TimingScope *timing);

} // namespace sluice::graphdef

#endif // SLUICE_LIB_TARGET_GRAPHDEF_GRAPHIMPORTER_H
