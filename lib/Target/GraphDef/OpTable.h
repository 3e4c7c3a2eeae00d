//===- OpTable.h - TensorFlow ops to lite ops -------------------*- C++ -*-===//
//
// Internal to lib/Target/GraphDef: the one table mapping every TensorFlow
// compute op Sluice imports to the lite op(s) it becomes, with where its
// result element type comes from; result shapes are the lite ops' rules'.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_TARGET_GRAPHDEF_OPTABLE_H
#define SLUICE_LIB_TARGET_GRAPHDEF_OPTABLE_H

#include "sluice_graph.pb.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Support/LLVM.h"

#include <string>

namespace sluice::graphdef {

/// What the importer knows about a node while translating it.
struct ComputeNode {
  const tf::NodeDef &node;
  /// Types of its data inputs (null while unknown during inference).
  llvm::ArrayRef<mlir::Type> inputTypes;
  /// The constant value of data input i, if it is a Const node.
  llvm::function_ref<mlir::DenseElementsAttr(unsigned)> constantInput;
};

/// Whether `op` is a compute op of the table.
bool isComputeOp(llvm::StringRef op);

/// The attribute naming a compute node's result element type: "T", or
/// "dtype" where T types an input (RandomUniform's shape).
llvm::StringRef resultElementTypeAttr(const tf::NodeDef &node);

/// How many data outputs a compute node has (Unpack's num, Split's
/// num_split, one per output arg where the op has several: TopKV2's two,
/// else 1).
unsigned numComputeOutputs(const tf::NodeDef &node);

/// The first port of output arg `outputArg` of a compute op with several
/// (TopKV2's indices: 1); 0 for any other.
unsigned computeOutputArgBase(llvm::StringRef op, llvm::StringRef outputArg);

/// The element type of output `port` of a compute node whose results have
/// element type `element`: `element`, except for an output arg of its own
/// type (TopKV2's indices: index_type, int32 by default).
mlir::Type outputElementType(const tf::NodeDef &node, unsigned port,
                             mlir::Type element, mlir::MLIRContext *context);

/// The element type of a compute node's results (null when it has none, or
/// while the input it follows is unknown: `inputTypes` may hold nulls).
/// Fails with `error` set when the node is malformed (missing attribute,
/// unsupported dtype, ...).
mlir::FailureOr<mlir::Type>
resultElementType(const tf::NodeDef &node,
                  llvm::ArrayRef<mlir::Type> inputTypes,
                  mlir::MLIRContext *context, std::string &error);

/// Builds the lite ops of a compute node at `builder`'s insertion point on
/// `inputs`, each typed by its shape rule: the node's result types are those
/// of the values returned. Fails with `error` set.
mlir::FailureOr<llvm::SmallVector<mlir::Value>>
buildComputeOp(const ComputeNode &node, mlir::OpBuilder &builder,
               mlir::Location loc, mlir::ValueRange inputs, std::string &error);

/// The element type named by attribute `name` of `node` (a DataType).
mlir::Type getTypeAttr(const tf::NodeDef &node, llvm::StringRef name,
                       mlir::MLIRContext *context, std::string &error);

/// The attribute normalizeAssertions gives an Assert node: its message.
inline constexpr llvm::StringLiteral kAssertMessageAttr = "_sluice_message";

/// Rewrites every Assert node of `graph` (a graph, or a function body with
/// its inputs as "node:port") to take its condition alone, its data (what TF
/// prints when it fails) summarised in kAssertMessageAttr: the strings of
/// the string constants, the names of the other tensors. String constants
/// nothing reads any more become NoOps, keeping the node indices.
void normalizeAssertions(tf::GraphDef &graph);

} // namespace sluice::graphdef

#endif // SLUICE_LIB_TARGET_GRAPHDEF_OPTABLE_H
