// pad with paddings known only at run time: negative paddings are refused,
// as TF refuses them, by the kernel and by native code.
// RUN: echo '[[1, 2], [[1, 2]]]' > %t.ok.json
// RUN: sluice-run %s --inputs=%t.ok.json | FileCheck %s
// RUN: sluice-run %s --inputs=%t.ok.json --engine=native | FileCheck %s
// CHECK: {"outputs":[{"data":[0,1,2,0,0],"dtype":"float32","name":"output0","shape":[5]}]}
// RUN: echo '[[1, 2], [[0, -1]]]' > %t.bad.json
// RUN: not sluice-run %s --inputs=%t.bad.json 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: paddings has a negative entry in row 0
// RUN: not sluice-run %s --inputs=%t.bad.json --engine=native 2>&1 | FileCheck %s --check-prefix=BAD-NATIVE
// BAD-NATIVE: SLUICE_ERROR_INVALID_ARGUMENT
// Paddings of unknown shape must be [rank, 2] when they arrive.
// RUN: echo '[[[1, 2]], [[1, 1]]]' > %t.rows.json
// RUN: not sluice-run %s --function=rows --inputs=%t.rows.json 2>&1 | FileCheck %s --check-prefix=ROWS
// ROWS: error: paddings must be [2, 2] for the input
// RUN: not sluice-run %s --function=rows --inputs=%t.rows.json --engine=native 2>&1 | FileCheck %s --check-prefix=BAD-NATIVE
// Paddings whose sum would wrap around int64 are refused, not wrapped.
// RUN: echo '[[1, 2], [[4611686018427387904, 4611686018427387904]]]' > %t.huge.json
// RUN: not sluice-run %s --function=huge --inputs=%t.huge.json 2>&1 | FileCheck %s --check-prefix=HUGE
// HUGE: error: pad result is too large
// RUN: not sluice-run %s --function=huge --inputs=%t.huge.json --engine=native 2>&1 | FileCheck %s --check-prefix=BAD-NATIVE
func.func @huge(%x: tensor<2xf32>, %p: tensor<1x2xi64>) -> tensor<?xf32> {
  %zero = lite.constant dense<0.0> : tensor<f32>
  %r = lite.pad %x, %p, %zero : (tensor<2xf32>, tensor<1x2xi64>, tensor<f32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func @main(%x: tensor<2xf32>, %p: tensor<1x2xi32>) -> tensor<?xf32> {
  %zero = lite.constant dense<0.0> : tensor<f32>
  %r = lite.pad %x, %p, %zero : (tensor<2xf32>, tensor<1x2xi32>, tensor<f32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func @rows(%x: tensor<1x2xf32>, %p: tensor<?x2xi32>) -> tensor<?x?xf32> {
  %zero = lite.constant dense<0.0> : tensor<f32>
  %r = lite.pad %x, %p, %zero : (tensor<1x2xf32>, tensor<?x2xi32>, tensor<f32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
