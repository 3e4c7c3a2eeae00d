//===- SavedModelImport.cpp - a SavedModel directory, without TF ----------===//
//
// A SavedModel directory holds saved_model.pb (meta graphs, each with tags,
// a GraphDef with its function library, a saver and signatures) and the
// variables' checkpoint in variables/. One signature of one meta graph
// becomes an ordinary GraphDef import:
//
//   serving_default_x (Placeholder) -> renamed "x", a feed
//   StatefulPartitionedCall:0       -> Identity "h" (the output's key), a fetch
//   the saver's restore op          -> read, not run: for each variable it
//       assigns, the checkpoint's tensor under the key it restores, read
//       here (TensorBundle.h), as
//         Const -> AssignVariableOp(variable)   (Assign for VariableV2)
//       under one NoOp "sluice_restore", the import's init
//
// The restore op is a call of TF2's __inference__traced_restore function
// (its arguments are the variables) or TF1's save/restore_all (RestoreV2
// and Assign in the graph); in both, RestoreV2's output i, through
// Identities, is assigned to a variable, and its tensor_names Const gives
// the key of output i.
//
// Several signatures: each is imported so, as @main, and linked into one
// module as the function its key names (lite::linkEntryFunction); the
// variables and the restore they share are one.
//
//===----------------------------------------------------------------------===//

#include "GraphDefParser.h"
#include "GraphImporter.h"
#include "TensorBundle.h"

#include "sluice/Dialect/Lite/Transforms/LinkModules.h"
#include "sluice/Target/GraphDef/GraphDefImport.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <climits>

using namespace mlir;
using namespace sluice;
using namespace sluice::graphdef;

bool sluice::isSavedModelDirectory(StringRef path) {
  llvm::SmallString<256> file(path);
  llvm::sys::path::append(file, "saved_model.pb");
  return llvm::sys::fs::is_directory(path) && llvm::sys::fs::exists(file);
}

namespace {

/// A node's input, split: "^n" (control), "n", "n:3" (graphs) or
/// "n:tensors:3" (function bodies).
struct Edge {
  StringRef node;
  unsigned port = 0;
  bool control = false;
};

Edge parseEdge(StringRef input) {
  // A function body's "n:tensors:3" splits as node "n:tensors", port 3.
  TensorNameParts parts = splitTensorName(input);
  Edge edge{parts.node.split(':').first, 0, parts.control};
  if (!parts.port.empty())
    parts.port.getAsInteger(10, edge.port);
  return edge;
}

/// One variable the restore op assigns, and its checkpoint key.
struct Restore {
  std::string key;
  std::string variable; // a node of the top-level graph
};

/// The restores of one body: the top-level graph (`function` null) or the
/// restore function called by `call`.
class RestoreFinder {
public:
  /// `root`, in the top-level graph (TF1), is the restore op: only the
  /// assignments it reaches count (not those of another saver or of
  /// tf.train.init_from_checkpoint).
  RestoreFinder(const tf::GraphDef &graph, const tf::FunctionDef *function,
                const tf::NodeDef *call, const tf::NodeDef *root = nullptr)
      : graph(graph), function(function), call(call) {
    auto add = [&](const tf::NodeDef &node) { nodes[node.name()] = &node; };
    if (function)
      llvm::for_each(function->node_def(), add);
    else
      llvm::for_each(graph.node(), add);
    if (!root)
      return;
    reached.emplace();
    SmallVector<const tf::NodeDef *> worklist = {root};
    reached->insert(root->name());
    while (!worklist.empty()) {
      const tf::NodeDef *node = worklist.pop_back_val();
      for (const std::string &input : node->input()) {
        auto found = nodes.find(parseEdge(input).node);
        if (found != nodes.end() && reached->insert(found->first()).second)
          worklist.push_back(found->second);
      }
    }
  }

  LogicalResult find(std::vector<Restore> &restores, std::string &error) {
    for (const auto &[name, node] : nodes) {
      if (node->op() != "AssignVariableOp" && node->op() != "Assign")
        continue;
      if (reached && !reached->contains(name))
        continue;
      if (node->input_size() < 2)
        continue;
      std::optional<std::string> key = keyOf(node->input(1), error);
      if (!key) {
        if (!error.empty())
          return failure();
        continue; // not a restored value
      }
      std::optional<std::string> variable = variableOf(node->input(0));
      if (!variable) {
        error = "the restore op's '" + name.str() +
                "' assigns no variable of the graph";
        return failure();
      }
      restores.push_back({*key, *variable});
    }
    llvm::sort(restores, [](const Restore &a, const Restore &b) {
      return a.variable < b.variable;
    });
    return success();
  }

private:
  /// The checkpoint key of a value that is (through Identities) an output
  /// of RestoreV2; nullopt for any other value (error set if malformed).
  std::optional<std::string> keyOf(StringRef input, std::string &error) {
    for (unsigned hops = 0; hops < nodes.size() + 1; ++hops) {
      Edge edge = parseEdge(input);
      auto found = nodes.find(edge.node);
      if (found == nodes.end())
        return std::nullopt;
      const tf::NodeDef *node = found->second;
      if (node->op() == "Identity" && node->input_size() >= 1) {
        input = node->input(0);
        continue;
      }
      if (node->op() != "RestoreV2" || node->input_size() < 2)
        return std::nullopt;
      auto names = nodes.find(parseEdge(node->input(1)).node);
      if (names == nodes.end() || names->second->op() != "Const" ||
          !names->second->attr().count("value")) {
        error = "RestoreV2 '" + node->name() +
                "' takes its tensor names from no Const";
        return std::nullopt;
      }
      const tf::TensorProto &keys = names->second->attr().at("value").tensor();
      if (edge.port >= static_cast<unsigned>(keys.string_val_size())) {
        error = "RestoreV2 '" + node->name() + "' has no tensor name " +
                std::to_string(edge.port);
        return std::nullopt;
      }
      return keys.string_val(edge.port);
    }
    return std::nullopt;
  }

  /// The top-level variable node an assign's first input names.
  std::optional<std::string> variableOf(StringRef input) {
    Edge edge = parseEdge(input);
    if (!function)
      return edge.node.str();
    const auto &args = function->signature().input_arg();
    for (int i = 0, e = args.size(); i < e; ++i)
      if (args[i].name() == edge.node && i < call->input_size())
        return parseEdge(call->input(i)).node.str();
    return std::nullopt;
  }

  const tf::GraphDef &graph;
  const tf::FunctionDef *function;
  const tf::NodeDef *call;
  llvm::StringMap<const tf::NodeDef *> nodes;
  std::optional<llvm::StringSet<>> reached;
};

/// The variables the saver's restore op assigns, with their keys.
LogicalResult findRestores(const tf::MetaGraphDef &meta,
                           std::vector<Restore> &restores, std::string &error) {
  const tf::GraphDef &graph = meta.graph_def();
  StringRef restoreName = parseEdge(meta.saver_def().restore_op_name()).node;
  if (restoreName.empty())
    return success(); // no saver: no variables to restore
  const tf::NodeDef *restore = nullptr;
  for (const tf::NodeDef &node : graph.node())
    if (node.name() == restoreName)
      restore = &node;
  if (!restore) {
    error = "the saver's restore op '" + restoreName.str() +
            "' is not in the graph";
    return failure();
  }
  if (restore->op() == "StatefulPartitionedCall" ||
      restore->op() == "PartitionedCall") {
    auto f = restore->attr().find("f");
    StringRef callee =
        f == restore->attr().end() ? "" : StringRef(f->second.func().name());
    for (const tf::FunctionDef &function : graph.library().function())
      if (function.signature().name() == callee)
        return RestoreFinder(graph, &function, restore).find(restores, error);
    error = "the saver's restore op '" + restoreName.str() + "' calls '" +
            callee.str() + "', which the library lacks";
    return failure();
  }
  return RestoreFinder(graph, nullptr, nullptr, restore).find(restores, error);
}

/// Renames node `from` to `to` in `graph` (its references too).
void renameNode(tf::GraphDef &graph, StringRef from, StringRef to) {
  for (tf::NodeDef &node : *graph.mutable_node()) {
    if (node.name() == from)
      node.set_name(to.str());
    for (std::string &input : *node.mutable_input()) {
      Edge edge = parseEdge(input);
      if (edge.node != from)
        continue;
      StringRef rest = StringRef(input).drop_front(edge.control + from.size());
      input = ((edge.control ? "^" : "") + to + rest).str();
    }
  }
}

/// One signature of the meta graph, `graph` holding its restores: its
/// inputs and outputs named by the signature's keys, in key order, as @main.
OwningOpRef<ModuleOp>
importSignature(tf::GraphDef graph, const tf::SignatureDef &signature,
                StringRef signatureKey, GraphDefImportOptions importOptions,
                StringRef path, MLIRContext *context, TimingScope *timing) {
  Location loc = FileLineColLoc::get(context, path, 0, 0);
  llvm::StringSet<> names;
  for (const tf::NodeDef &node : graph.node())
    names.insert(node.name());
  auto sortedKeys = [](const auto &map) {
    std::vector<std::string> keys;
    for (const auto &[key, info] : map)
      keys.push_back(key);
    llvm::sort(keys);
    return keys;
  };
  llvm::StringMap<std::string> renamed; // input placeholder -> its key
  for (const std::string &key : sortedKeys(signature.inputs())) {
    const tf::TensorInfo &info = signature.inputs().at(key);
    Edge edge = parseEdge(info.name());
    if (info.name().empty()) {
      emitError(loc) << "signature '" << signatureKey << "': input '" << key
                     << "' is not a tensor (sparse and composite inputs "
                        "are not read)";
      return nullptr;
    }
    std::string feed = edge.node.str();
    if (!names.contains(key)) {
      renameNode(graph, feed, key);
      names.insert(key);
      renamed[feed] = key;
      feed = key;
    }
    importOptions.feeds.push_back(feed);
  }
  if (signature.outputs().empty()) {
    emitError(loc) << "signature '" << signatureKey << "' has no outputs";
    return nullptr;
  }
  for (const std::string &key : sortedKeys(signature.outputs())) {
    const tf::TensorInfo &info = signature.outputs().at(key);
    if (info.name().empty()) {
      emitError(loc) << "signature '" << signatureKey << "': output '" << key
                     << "' is not a tensor (sparse and composite outputs "
                        "are not read)";
      return nullptr;
    }
    // The output's tensor, under its node's new name if that was renamed.
    std::string tensor = info.name();
    Edge edge = parseEdge(tensor);
    auto newName = renamed.find(edge.node);
    if (newName != renamed.end())
      tensor = newName->second + tensor.substr(edge.node.size());
    if (names.contains(key)) {
      importOptions.fetches.push_back(tensor);
      continue;
    }
    tf::NodeDef *identity = graph.add_node();
    identity->set_name(key);
    identity->set_op("Identity");
    identity->add_input(tensor);
    (*identity->mutable_attr())["T"].set_type(info.dtype());
    names.insert(key);
    importOptions.fetches.push_back(key);
  }
  return importParsedGraphDef(std::move(graph), {}, path, context,
                              importOptions, timing);
}

} // namespace

OwningOpRef<ModuleOp>
sluice::importSavedModel(StringRef directory, MLIRContext *context,
                         const GraphDefImportOptions &options,
                         TimingScope *timing) {
  llvm::SmallString<256> path(directory);
  llvm::sys::path::append(path, "saved_model.pb");
  TimingScope readTiming = timing ? timing->nest("read") : TimingScope();
  auto file = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                          /*RequiresNullTerminator=*/false);
  if (!file) {
    emitError(FileLineColLoc::get(context, path, 0, 0))
        << file.getError().message();
    return nullptr;
  }
  readTiming.stop();
  return importSavedModelBytes((*file)->getBuffer(), directory, context,
                               options, timing);
}

OwningOpRef<ModuleOp> sluice::importSavedModelBytes(
    StringRef bytes, StringRef directory, MLIRContext *context,
    const GraphDefImportOptions &options, TimingScope *timing) {
  llvm::SmallString<256> path(directory);
  llvm::sys::path::append(path, "saved_model.pb");
  Location loc = FileLineColLoc::get(context, path, 0, 0);
  if (!options.feeds.empty() || !options.fetches.empty() || options.init) {
    emitError(loc) << "a SavedModel's signature names its inputs, outputs "
                      "and initialisation: --feeds, --fetches and --init "
                      "are for GraphDefs (choose a signature with "
                      "--signature)";
    return nullptr;
  }
  TimingScope readTiming = timing ? timing->nest("read") : TimingScope();
  tf::SavedModel savedModel;
  if (bytes.size() > static_cast<size_t>(INT_MAX) ||
      !savedModel.ParseFromArray(bytes.data(), bytes.size())) {
    emitError(loc) << "not a SavedModel (its protobuf does not parse)";
    return nullptr;
  }

  // The meta graph whose tags are exactly the ones asked for, as TF's
  // loader matches them.
  std::vector<std::string> tags =
      options.tags.empty() ? std::vector<std::string>{"serve"} : options.tags;
  llvm::sort(tags);
  const tf::MetaGraphDef *meta = nullptr;
  std::vector<std::string> tagSets;
  for (const tf::MetaGraphDef &candidate : savedModel.meta_graphs()) {
    std::vector<std::string> own(candidate.meta_info_def().tags().begin(),
                                 candidate.meta_info_def().tags().end());
    llvm::sort(own);
    if (own == tags)
      meta = &candidate;
    tagSets.push_back("'" + llvm::join(own, ",") + "'");
  }
  if (!meta) {
    emitError(loc) << "no meta graph tagged '" << llvm::join(tags, ",")
                   << "' (it has: "
                   << (tagSets.empty() ? "none" : llvm::join(tagSets, ", "))
                   << ")";
    return nullptr;
  }

  // Every signature asked for, checked before anything is read.
  std::vector<std::string> keys = options.signatures;
  if (keys.empty())
    keys.push_back("serving_default");
  for (auto [index, key] : llvm::enumerate(keys)) {
    if (llvm::is_contained(ArrayRef(keys).take_front(index), key)) {
      emitError(loc) << "signature '" << key << "' is asked for twice";
      return nullptr;
    }
    if (meta->signature_def().count(key) && key != "__saved_model_init_op")
      continue;
    std::vector<std::string> available;
    for (const auto &[name, signature] : meta->signature_def())
      if (name != "__saved_model_init_op")
        available.push_back("'" + name + "'");
    llvm::sort(available);
    emitError(loc) << "no signature '" << key << "' (it has: "
                   << (available.empty() ? "none" : llvm::join(available, ", "))
                   << ")";
    return nullptr;
  }
  tf::GraphDef graph = meta->graph_def();
  llvm::StringMap<const tf::NodeDef *> nodes; // the graph's own, by name
  for (const tf::NodeDef &node : graph.node())
    nodes[node.name()] = &node;

  // The variables' values, from the checkpoint, assigned by one NoOp.
  std::vector<Restore> restores;
  std::string error;
  if (failed(findRestores(*meta, restores, error))) {
    emitError(loc) << error;
    return nullptr;
  }
  GraphDefImportOptions importOptions = options;
  importOptions.init.emplace();
  if (!restores.empty()) {
    llvm::SmallString<256> prefix(directory);
    llvm::sys::path::append(prefix, "variables", "variables");
    auto bundle = TensorBundle::open(prefix);
    if (!bundle) {
      emitError(loc) << "its variables: " << llvm::toString(bundle.takeError());
      return nullptr;
    }
    tf::NodeDef restoreAll;
    restoreAll.set_name("sluice_restore");
    restoreAll.set_op("NoOp");
    for (auto [index, restore] : llvm::enumerate(restores)) {
      const tf::NodeDef *variable = nodes.lookup(restore.variable);
      if (!variable) {
        emitError(loc) << "the saver restores '" << restore.key << "' into '"
                       << restore.variable
                       << "', which is not a node of the graph";
        return nullptr;
      }
      bool isResource = variable->op() == "VarHandleOp";
      auto tensor = bundle->read(restore.key, context);
      if (!tensor) {
        emitError(loc) << "variable '" << restore.variable
                       << "': " << llvm::toString(tensor.takeError());
        return nullptr;
      }
      std::string name = "sluice_restore/" + std::to_string(index);
      tf::NodeDef *value = graph.add_node();
      value->set_name(name + "/value");
      value->set_op("Const");
      (*value->mutable_attr())["dtype"].set_type(tensor->dtype());
      *(*value->mutable_attr())["value"].mutable_tensor() = *tensor;
      tf::NodeDef *assign = graph.add_node();
      assign->set_name(name);
      assign->set_op(isResource ? "AssignVariableOp" : "Assign");
      assign->add_input(restore.variable);
      assign->add_input(value->name());
      (*assign->mutable_attr())[isResource ? "dtype" : "T"].set_type(
          tensor->dtype());
      restoreAll.add_input("^" + name);
    }
    *graph.add_node() = restoreAll;
    importOptions.init->push_back(restoreAll.name());
  }
  // TF2's own initialisation (tables and the like), when it does anything.
  auto initOp = meta->signature_def().find("__saved_model_init_op");
  if (initOp != meta->signature_def().end()) {
    for (const auto &[key, output] : initOp->second.outputs()) {
      const tf::NodeDef *node = nodes.lookup(parseEdge(output.name()).node);
      if (node && node->input_size() > 0)
        importOptions.init->push_back(node->name());
    }
  }
  readTiming.stop();

  if (keys.size() == 1)
    return importSignature(std::move(graph), meta->signature_def().at(keys[0]),
                           keys[0], std::move(importOptions), path, context,
                           timing);
  // Several: each imported as @main, then linked in as the function its
  // key names; the variables and the restore they share stay one.
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  for (const std::string &key : keys) {
    OwningOpRef<ModuleOp> imported =
        importSignature(graph, meta->signature_def().at(key), key,
                        importOptions, path, context, timing);
    if (!imported || failed(lite::linkEntryFunction(
                         *module, std::move(imported), "main", key)))
      return nullptr;
  }
  return module;
}
