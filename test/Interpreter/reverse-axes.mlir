// reverse_v2 with axes known only at run time: the kernel checks them as
// TF does (each in [-rank, rank), none twice).
// RUN: echo '[[[1, 2, 3], [4, 5, 6]], [-1]]' > %t.ok.json
// RUN: sluice-run %s --inputs=%t.ok.json | FileCheck %s
// CHECK: {"outputs":[{"data":[3,2,1,6,5,4],"dtype":"float32","name":"output0","shape":[2,3]}]}
// RUN: echo '[[[1, 2, 3], [4, 5, 6]], [1]]' > %t.twice.json
// RUN: not sluice-run %s --function=twice --inputs=%t.twice.json 2>&1 | FileCheck %s --check-prefix=TWICE
// TWICE: error: reverse axis -1 (1) is listed more than once
// RUN: echo '[[[1, 2, 3], [4, 5, 6]], [2]]' > %t.range.json
// RUN: not sluice-run %s --inputs=%t.range.json 2>&1 | FileCheck %s --check-prefix=RANGE
// RANGE: error: reverse axis 2 is out of range for
func.func @main(%x: tensor<2x3xf32>, %axes: tensor<1xi32>) -> tensor<2x3xf32> {
  %r = lite.reverse_v2 %x, %axes : (tensor<2x3xf32>, tensor<1xi32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}
func.func @twice(%x: tensor<2x3xf32>, %axis: tensor<1xi32>) -> tensor<2x3xf32> {
  %minus1 = lite.constant dense<-1> : tensor<1xi32>
  %axes = lite.concatenation %axis, %minus1 {axis = 0 : i32} : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %r = lite.reverse_v2 %x, %axes : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}
