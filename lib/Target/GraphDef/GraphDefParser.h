//===- GraphDefParser.h - bytes to tensorflow::GraphDef ---------*- C++ -*-===//
//
// Internal to lib/Target/GraphDef: parses the binary or text protobuf form of
// a GraphDef with Debian's libprotobuf, reporting errors as MLIR diagnostics.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_TARGET_GRAPHDEF_GRAPHDEFPARSER_H
#define SLUICE_LIB_TARGET_GRAPHDEF_GRAPHDEFPARSER_H

#include "graph.pb.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/LLVM.h"

namespace sluice::graphdef {

mlir::LogicalResult parseGraphDef(llvm::StringRef bytes,
                                  llvm::StringRef filename,
                                  mlir::MLIRContext *context,
                                  tensorflow::GraphDef &graph);

} // namespace sluice::graphdef

#endif // SLUICE_LIB_TARGET_GRAPHDEF_GRAPHDEFPARSER_H
