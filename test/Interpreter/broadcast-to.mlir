// broadcast_to with a shape known only at run time: the kernel checks that
// each input size is 1 or the shape's, as TF does.
// RUN: echo '[[1, 2, 3], [2, 3]]' > %t.ok.json
// RUN: sluice-run %s --inputs=%t.ok.json | FileCheck %s
// RUN: sluice-run %s --inputs=%t.ok.json --engine=native | FileCheck %s
// CHECK: {"outputs":[{"data":[1,2,3,1,2,3],"dtype":"float32","name":"output0","shape":[2,3]}]}
// RUN: echo '[[1, 2, 3], [2, 4]]' > %t.bad.json
// RUN: not sluice-run %s --inputs=%t.bad.json 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: cannot broadcast float32[3] to shape [2, 4]
// RUN: not sluice-run %s --inputs=%t.bad.json --engine=native 2>&1 | FileCheck %s --check-prefix=BAD-NATIVE
// BAD-NATIVE: SLUICE_ERROR_INVALID_ARGUMENT
func.func @main(%x: tensor<3xf32>, %s: tensor<2xi32>) -> tensor<?x?xf32> {
  %r = lite.broadcast_to %x, %s : (tensor<3xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
