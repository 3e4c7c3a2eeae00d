// RUN: sluice-translate --mlir-to-tflite %s -o %t.tflite
// RUN: sluice-translate --tflite-to-mlir %t.tflite | FileCheck %s
// RUN: sluice-translate --tflite-to-mlir %t.tflite | sluice-translate --mlir-to-tflite -o %t.b.tflite
// RUN: cmp %t.tflite %t.b.tflite
// Native LiteRT runs it: rows 3 and 0 of [5, 2] get [1, 2] + [5, 6] and
// [3, 4].
// RUN: echo '{"u": [[1, 2], [3, 4], [5, 6]]}' > %t.json
// RUN: %venv_python %S/../../../python/sluice/engines/litert_native.py %t.tflite --inputs=%t.json | FileCheck %s --check-prefix=LITERT
// LITERT: "data":[3.0,4.0,0.0,0.0,0.0,0.0,6.0,8.0,0.0,0.0]
// Native LiteRT has no SCATTER_ND for int64 indices: export narrows them
// (clamped, then cast) and the shape, and LiteRT gives the same rows.
// RUN: sed 's/xi32>/xi64>/g; s/tensor<2xi64>) -> tensor<5x2xf32>/tensor<2xi64>) -> tensor<5x2xf32>/' %s > %t.i64.mlir
// RUN: sluice-translate --mlir-to-tflite %t.i64.mlir -o %t.i64.tflite
// RUN: sluice-translate --tflite-to-mlir %t.i64.tflite | FileCheck %s --check-prefix=I64
// RUN: %venv_python %S/../../../python/sluice/engines/litert_native.py %t.i64.tflite --inputs=%t.json | FileCheck %s --check-prefix=LITERT
// (Constant here: the narrowing folds.)
// I64: lite.scatter_nd %{{.*}}, %arg0, %{{.*}} : (tensor<3x1xi32>, tensor<3x2xf32>, tensor<2xi32>) -> tensor<5x2xf32>

// scatter_nd is SCATTER_ND (an options table with no fields).
// CHECK: lite.scatter_nd %{{.*}}, %arg0, %{{.*}} : (tensor<3x1xi32>, tensor<3x2xf32>, tensor<2xi32>) -> tensor<5x2xf32>
func.func @main(%u: tensor<3x2xf32> {sluice.name = "u"}) -> tensor<5x2xf32> {
  %i = lite.constant dense<[[3], [0], [3]]> : tensor<3x1xi32>
  %s = lite.constant dense<[5, 2]> : tensor<2xi32>
  %r = lite.scatter_nd %i, %u, %s : (tensor<3x1xi32>, tensor<3x2xf32>, tensor<2xi32>) -> tensor<5x2xf32>
  return %r : tensor<5x2xf32>
}
