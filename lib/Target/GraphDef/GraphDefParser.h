//===- GraphDefParser.h - bytes to tf::GraphDef ---------*- C++ -*-===//
//
// Internal to lib/Target/GraphDef: parses the binary or text protobuf form of
// a GraphDef with Debian's libprotobuf, reporting errors as MLIR diagnostics.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_TARGET_GRAPHDEF_GRAPHDEFPARSER_H
#define SLUICE_LIB_TARGET_GRAPHDEF_GRAPHDEFPARSER_H

#include "sluice_graph.pb.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/LLVM.h"

#include <utility>
#include <vector>

namespace sluice::graphdef {

/// Parses `bytes` into `graph`. For the text form, `nodeLocations` (if
/// given) receives, in node order, the 1-based line and column of each
/// node's `name:` field (of its `node {` if it has none); it is left empty
/// for the binary form.
mlir::LogicalResult
parseGraphDef(llvm::StringRef bytes, llvm::StringRef filename,
              mlir::MLIRContext *context, tf::GraphDef &graph,
              std::vector<std::pair<int, int>> *nodeLocations = nullptr);

} // namespace sluice::graphdef

#endif // SLUICE_LIB_TARGET_GRAPHDEF_GRAPHDEFPARSER_H
