//===- GraphDefParser.cpp - bytes to tf::GraphDef -----------------===//

#include "GraphDefParser.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/StringExtras.h"

#include <google/protobuf/io/tokenizer.h>
#include <google/protobuf/stubs/logging.h>
#include <google/protobuf/text_format.h>

#include <optional>

using namespace mlir;

namespace {
/// Turns text-format parse errors into diagnostics at file:line:col.
class DiagnosticErrorCollector : public google::protobuf::io::ErrorCollector {
public:
  DiagnosticErrorCollector(MLIRContext *context, StringRef filename)
      : context(context), filename(filename) {}

  void AddError(int line, google::protobuf::io::ColumnNumber column,
                const std::string &message) override {
    emitError(FileLineColLoc::get(context, filename, line + 1, column + 1))
        << "invalid GraphDef text: " << message;
    ++errors;
  }
  void AddWarning(int, google::protobuf::io::ColumnNumber,
                  const std::string &) override {}

  int errors = 0;

private:
  MLIRContext *context;
  StringRef filename;
};

/// Where each top-level `node` of a text GraphDef that parsed is named: its
/// `name:` field (so that a diagnostic's quoted source line names the node),
/// else its `node` (the `{` of an element of a `node: [...]` list). A light
/// scan of the text that already parsed (the parser's own ParseInfoTree
/// records every field of every attribute and costs about as much as the
/// parse); if it does not find `count` nodes, no locations are given.
void scanNodeLocations(StringRef text, int count,
                       std::vector<std::pair<int, int>> &locations) {
  int line = 1;
  size_t lineStart = 0;
  auto at = [&](size_t offset) {
    return std::pair<int, int>(line, static_cast<int>(offset - lineStart) + 1);
  };
  auto isIdentifier = [](char c) { return llvm::isAlnum(c) || c == '_'; };
  int depth = 0;
  bool nodeField = false; // after a top-level `node`
  bool nodeList = false;  // inside a top-level `node: [...]`
  std::pair<int, int> nodeFieldAt;
  int nodeDepth = -1; // depth of the current node's fields
  bool named = false;
  std::optional<std::pair<int, int>> pendingName; // `name` awaiting `:`
  for (size_t i = 0, e = text.size(); i < e;) {
    char c = text[i];
    if (c == '\n') {
      ++line;
      lineStart = ++i;
      continue;
    }
    if (c == '#') { // a comment, to the end of the line
      while (i < e && text[i] != '\n')
        ++i;
      continue;
    }
    if (c == '"' || c == '\'') { // a string, with escapes
      if (pendingName) {
        locations.back() = *pendingName;
        named = true;
        pendingName.reset();
      }
      for (++i; i < e && text[i] != c && text[i] != '\n'; ++i)
        if (text[i] == '\\')
          ++i;
      ++i;
      continue;
    }
    if (isIdentifier(c)) {
      size_t begin = i;
      while (i < e && (isIdentifier(text[i]) || text[i] == '.'))
        ++i;
      StringRef word = text.slice(begin, i);
      pendingName.reset();
      if (depth == 0) {
        nodeField = word == "node";
        nodeFieldAt = at(begin);
      } else if (depth == nodeDepth && !named && word == "name") {
        pendingName = at(begin);
      }
      continue;
    }
    if (c == '{' || c == '<' || c == '[') {
      bool opensNode =
          c != '[' && ((depth == 0 && nodeField) || (depth == 1 && nodeList));
      if (depth == 0 && nodeField && c == '[')
        nodeList = true;
      ++depth;
      if (opensNode) {
        locations.push_back(nodeList ? at(i) : nodeFieldAt);
        nodeDepth = depth;
        named = false;
      }
    } else if (c == '}' || c == '>' || c == ']') {
      if (depth == nodeDepth)
        nodeDepth = -1;
      if (--depth == 0)
        nodeField = nodeList = false;
    } else if (c != ':' && !llvm::isSpace(c)) {
      pendingName.reset();
    }
    ++i;
  }
  if (locations.size() != static_cast<size_t>(count))
    locations.clear();
}

bool parseBinary(StringRef bytes, sluice::tf::GraphDef &graph) {
  if (bytes.size() > static_cast<size_t>(INT32_MAX))
    return false;
  // libprotobuf logs malformed strings to stderr; the importer reports the
  // failure itself.
  google::protobuf::LogSilencer silencer;
  return graph.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()));
}

LogicalResult parseText(StringRef bytes, StringRef filename,
                        MLIRContext *context, sluice::tf::GraphDef &graph,
                        std::vector<std::pair<int, int>> *nodeLocations) {
  DiagnosticErrorCollector errors(context, filename);
  google::protobuf::TextFormat::Parser parser;
  parser.RecordErrorsTo(&errors);
  // TensorFlow writes fields this subset does not declare (full type
  // information, debug info, ...): skip them rather than reject the graph.
  parser.AllowUnknownField(true);
  google::protobuf::io::ArrayInputStream input(bytes.data(),
                                               static_cast<int>(bytes.size()));
  if (!parser.Parse(&input, &graph) || errors.errors)
    return failure();
  if (nodeLocations)
    scanNodeLocations(bytes, graph.node_size(), *nodeLocations);
  return success();
}
} // namespace

LogicalResult sluice::graphdef::parseGraphDef(
    StringRef bytes, StringRef filename, MLIRContext *context,
    tf::GraphDef &graph, std::vector<std::pair<int, int>> *nodeLocations) {
  if (nodeLocations)
    nodeLocations->clear();
  bool text = filename.ends_with(".pbtxt") || filename.ends_with(".txt");
  bool binary = filename.ends_with(".pb");
  if (text)
    return parseText(bytes, filename, context, graph, nodeLocations);
  if (parseBinary(bytes, graph))
    return success();
  if (binary) {
    emitError(FileLineColLoc::get(context, filename, 0, 0))
        << "invalid GraphDef: not a binary protobuf (truncated or corrupt?)";
    return failure();
  }
  graph.Clear();
  return parseText(bytes, filename, context, graph, nodeLocations);
}
