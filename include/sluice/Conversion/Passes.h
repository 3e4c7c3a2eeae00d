//===- Passes.h - conversions out of the lite dialect -----------*- C++ -*-===//
//
// Declares the lowering passes from lite to upstream dialects and their
// registration.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_CONVERSION_PASSES_H
#define SLUICE_CONVERSION_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MPI/IR/MPI.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace sluice {

#define GEN_PASS_DECL
#include "sluice/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "sluice/Conversion/Passes.h.inc"

} // namespace sluice

#endif // SLUICE_CONVERSION_PASSES_H
