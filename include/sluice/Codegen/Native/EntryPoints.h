//===- EntryPoints.h - the C ABI of a natively compiled model ---*- C++ -*-===//
//
// Describes the plain C function a compiled model exports for each public
// function of the program, shared by the pass that builds those functions
// (-native-c-interface), the header writer and the JIT runner:
//
//   int32_t <prefix>_<function>(
//       const T *in, [const int64_t *in_dims,]   per input (dims if dynamic)
//       T *out,                                  per static output
//       T **out, int64_t *out_dims,              per dynamic output: the model
//       ...);                                    mallocs *out, the caller frees
//
// returning a sluice_status (0 = SLUICE_OK). Inputs are read, never written.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_CODEGEN_NATIVE_ENTRYPOINTS_H
#define SLUICE_CODEGEN_NATIVE_ENTRYPOINTS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"

#include <string>

namespace sluice {

/// One tensor crossing the C boundary.
struct CTensorParameter {
  /// The program's name for it (sluice.name, arg<i>, output<i>).
  std::string name;
  /// A C identifier made from `name`, unique within its entry point.
  std::string identifier;
  mlir::RankedTensorType type;
  /// Whether the C function takes (input) or returns (output) a dims array.
  bool hasDynamicShape() const { return !type.hasStaticShape(); }
};

/// One exported C function.
struct CEntryPoint {
  /// The program's function (`main`).
  std::string functionName;
  /// The C symbol (`<prefix>_main`).
  std::string symbol;
  llvm::SmallVector<CTensorParameter> inputs;
  llvm::SmallVector<CTensorParameter> outputs;
};

/// The attribute marking the status-buffer argument -convert-lite-to-linalg
/// appends to every function; entry points do not expose it.
inline constexpr llvm::StringLiteral kStatusBufferAttr = "sluice.status_buffer";

/// The entry points of `module`: one per public function with a body, in
/// module order. Works on the lite program and on its lowered form alike
/// (the status buffer is skipped). Emits an error naming the function and
/// returns failure when a signature cannot cross the C boundary (unranked
/// tensors, non-tensor values, element types C has no type for).
mlir::FailureOr<llvm::SmallVector<CEntryPoint>>
collectEntryPoints(mlir::ModuleOp module, llvm::StringRef prefix);

/// A valid C identifier made from `name` (other characters become '_').
std::string makeCIdentifier(llvm::StringRef name);

/// The C type of an element (`float`, `int32_t`, `bool`, ...), or empty when
/// C has none.
llvm::StringRef getCElementType(mlir::Type elementType);

} // namespace sluice

#endif // SLUICE_CODEGEN_NATIVE_ENTRYPOINTS_H
