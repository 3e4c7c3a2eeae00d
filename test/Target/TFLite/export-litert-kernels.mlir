// An op native LiteRT has no kernel for at its element type (the table
// utils/gen_litert_kernels.py measured, LiteRTKernels.inc) is refused by
// default, naming the op, the type and the subgraph: no model LiteRT would
// reject is written. --require-litert-kernels=false writes it with a
// warning (for another TFLite runtime). A float64 SUM: LiteRT fails to
// prepare it (issue 23, item 2).
// RUN: not sluice-translate --mlir-to-tflite %s -o %t.strict.tflite 2>&1 | FileCheck %s --check-prefix=STRICT
// RUN: not sluicec %s --emit=tflite -o %t.sluicec.tflite 2>&1 | FileCheck %s --check-prefix=STRICT
// RUN: sluice-translate --mlir-to-tflite %s -o %t.tflite --require-litert-kernels=false 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: sluicec %s --emit=tflite -o %t.sluicec.tflite --require-litert-kernels=false 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: not %venv_python %S/../../../python/sluice/engines/litert_native.py %t.tflite --inputs=%S/Inputs/sum64.json 2>&1 | FileCheck %s --check-prefix=LITERT
// An int32 SUM, which LiteRT runs, exports silently.
// RUN: sed 's/f64/i32/g' %s > %t.i32.mlir
// RUN: sluice-translate --mlir-to-tflite %t.i32.mlir -o %t.i32.tflite 2>&1 | FileCheck %s --allow-empty --check-prefix=QUIET

// WARN: warning: native LiteRT has no 'SUM' kernel for f64 (in subgraph 'main'): fails to prepare
// LITERT: SUM
// STRICT: error: cannot be exported: native LiteRT has no 'SUM' kernel for f64 (in subgraph 'main'): fails to prepare
// QUIET-NOT: LiteRT

func.func @main(%x: tensor<2x3xf64>) -> tensor<2xf64> {
  %axes = lite.constant dense<[1]> : tensor<1xi32>
  %r = lite.sum %x, %axes : (tensor<2x3xf64>, tensor<1xi32>) -> tensor<2xf64>
  return %r : tensor<2xf64>
}
