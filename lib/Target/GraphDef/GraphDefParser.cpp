//===- GraphDefParser.cpp - bytes to tensorflow::GraphDef -----------------===//

#include "GraphDefParser.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"

#include <google/protobuf/io/tokenizer.h>
#include <google/protobuf/text_format.h>

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

bool parseBinary(StringRef bytes, tensorflow::GraphDef &graph) {
  if (bytes.size() > static_cast<size_t>(INT32_MAX))
    return false;
  return graph.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()));
}

LogicalResult parseText(StringRef bytes, StringRef filename,
                        MLIRContext *context, tensorflow::GraphDef &graph) {
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
  return success();
}
} // namespace

LogicalResult sluice::graphdef::parseGraphDef(StringRef bytes,
                                              StringRef filename,
                                              MLIRContext *context,
                                              tensorflow::GraphDef &graph) {
  bool text = filename.ends_with(".pbtxt") || filename.ends_with(".txt");
  bool binary = filename.ends_with(".pb");
  if (text)
    return parseText(bytes, filename, context, graph);
  if (parseBinary(bytes, graph))
    return success();
  if (binary) {
    emitError(FileLineColLoc::get(context, filename, 0, 0))
        << "invalid GraphDef: not a binary protobuf (truncated or corrupt?)";
    return failure();
  }
  graph.Clear();
  return parseText(bytes, filename, context, graph);
}
