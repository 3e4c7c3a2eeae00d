//===- FunctionImport.h - Library functions and functional ops --*- C++ -*-===//
//
// Internal to lib/Target/GraphDef: the FunctionDefLibrary of a GraphDef and
// the functional ops that use it. If/While/Case (and their Stateless forms)
// become lite.if/lite.while with the branch, cond and body functions inlined
// into their regions; PartitionedCall/StatefulPartitionedCall and nodes whose
// op is a library function become func.call of a private func.func, imported
// on demand, once per argument signature.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_TARGET_GRAPHDEF_FUNCTIONIMPORT_H
#define SLUICE_LIB_TARGET_GRAPHDEF_FUNCTIONIMPORT_H

#include "sluice_graph.pb.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringMap.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace sluice::graphdef {

/// Emits the "node 'x' (Op): " prefix of a diagnostic about the node being
/// imported.
using NodeError = llvm::function_ref<mlir::InFlightDiagnostic()>;

class FunctionLibrary {
public:
  /// Functions may inline or call one another `maxNesting` deep.
  FunctionLibrary(const tf::FunctionDefLibrary &library, mlir::ModuleOp module,
                  llvm::StringRef filename, unsigned maxNesting);
  ~FunctionLibrary();

  /// The module functions (and variables) are imported into.
  mlir::ModuleOp getModule() const { return module; }

  /// If/While/Case, their Stateless forms and the call ops.
  static bool isFunctionalOp(llvm::StringRef op);
  /// Whether the library defines a function named `name`.
  bool defines(llvm::StringRef name) const { return functions.count(name); }

  /// The number of data outputs of a functional node.
  mlir::FailureOr<unsigned> numOutputs(const tf::NodeDef &node,
                                       std::string &why) const;

  /// Builds a functional node at `builder` on its data inputs.
  /// `inputVariables` names, by input, the variable whose handle the input
  /// is (empty: not a handle); the functions' resource arguments then name
  /// the same variables.
  mlir::FailureOr<llvm::SmallVector<mlir::Value>>
  build(const tf::NodeDef &node, mlir::OpBuilder &builder, mlir::Location loc,
        mlir::ValueRange inputs, NodeError error,
        llvm::ArrayRef<std::string> inputVariables = {});

  /// The result types of a functional node on inputs of `inputTypes`: those
  /// of the op `build` makes.
  mlir::FailureOr<llvm::SmallVector<mlir::Type>>
  inferTypes(const tf::NodeDef &node, mlir::Location loc,
             llvm::ArrayRef<mlir::Type> inputTypes, NodeError error,
             llvm::ArrayRef<std::string> inputVariables = {});

private:
  /// The body of function `name` in graph syntax (see FunctionImport.cpp),
  /// or null with a diagnostic.
  const tf::GraphDef *bodyOf(llvm::StringRef name, NodeError error);
  /// Imports the body of `name` at `builder` on `args`: its results.
  mlir::FailureOr<llvm::SmallVector<mlir::Value>>
  inlineFunction(llvm::StringRef name, mlir::OpBuilder &builder,
                 mlir::Location loc, mlir::ValueRange args, NodeError error,
                 llvm::ArrayRef<std::string> argVariables = {});
  /// Inlines `name` into a new detached block with a lite.yield of its
  /// results; the block takes arguments of `blockArgTypes` (passed to the
  /// function in place of `args` when not empty).
  mlir::FailureOr<mlir::Block *>
  inlineIntoBlock(llvm::StringRef name, mlir::Location loc,
                  mlir::ValueRange args,
                  llvm::ArrayRef<mlir::Type> blockArgTypes, NodeError error,
                  llvm::ArrayRef<std::string> argVariables = {});
  /// The private func.func of `name` for arguments of `argTypes`.
  mlir::FailureOr<mlir::func::FuncOp>
  getOrImport(llvm::StringRef name, mlir::TypeRange argTypes,
              mlir::Location loc, NodeError error,
              llvm::ArrayRef<std::string> argVariables = {});
  /// `value` as the 0-D tensor<i1> TensorFlow's If/While read it as.
  mlir::FailureOr<mlir::Value>
  toPredicate(mlir::Value value, mlir::OpBuilder &builder, mlir::Location loc,
              llvm::StringRef what, NodeError error);
  mlir::FailureOr<llvm::SmallVector<mlir::Value>>
  buildIf(const tf::NodeDef &node, mlir::OpBuilder &builder, mlir::Location loc,
          mlir::ValueRange inputs, NodeError error,
          llvm::ArrayRef<std::string> inputVariables);
  mlir::FailureOr<llvm::SmallVector<mlir::Value>>
  buildWhile(const tf::NodeDef &node, mlir::OpBuilder &builder,
             mlir::Location loc, mlir::ValueRange inputs, NodeError error,
             llvm::ArrayRef<std::string> inputVariables);
  mlir::FailureOr<llvm::SmallVector<mlir::Value>>
  buildCase(const tf::NodeDef &node, mlir::OpBuilder &builder,
            mlir::Location loc, mlir::ValueRange inputs, NodeError error,
            llvm::ArrayRef<std::string> inputVariables);
  /// A lite.if choosing between the detached blocks `thenBlock` and
  /// `elseBlock` (each ending in lite.yield); takes ownership of them.
  mlir::FailureOr<llvm::SmallVector<mlir::Value>>
  makeIf(mlir::OpBuilder &builder, mlir::Location loc, mlir::Value cond,
         mlir::Block *thenBlock, mlir::Block *elseBlock, NodeError error);
  /// Checks the count and element types of arguments for function `name`.
  mlir::LogicalResult checkArguments(llvm::StringRef name,
                                     mlir::TypeRange argTypes, NodeError error);
  /// Whether `name` is being imported, and if so diagnoses the recursion.
  mlir::LogicalResult checkRecursion(llvm::StringRef name, NodeError error);

  mlir::ModuleOp module;
  mlir::MLIRContext *context;
  std::string filename;
  llvm::StringMap<const tf::FunctionDef *> functions;
  llvm::StringMap<std::unique_ptr<tf::GraphDef>> bodies;
  /// Imported func.funcs by library name, one per argument signature.
  llvm::StringMap<std::vector<mlir::func::FuncOp>> imported;
  /// The functions being imported, outermost first.
  llvm::SmallVector<std::string> stack;
  unsigned maxNesting;
  /// inferTypes' answers, by node, input types and input variables.
  llvm::StringMap<llvm::SmallVector<mlir::Type>> inferredTypes;
};

/// A builder at the end of `block`, which may be detached (a block where a
/// node is built to learn its types, then discardBlock'ed).
mlir::OpBuilder atEnd(mlir::Block *block, mlir::MLIRContext *context);

/// Frees a detached block whose ops may use values from elsewhere.
void discardBlock(mlir::Block *block);

} // namespace sluice::graphdef

#endif // SLUICE_LIB_TARGET_GRAPHDEF_FUNCTIONIMPORT_H
