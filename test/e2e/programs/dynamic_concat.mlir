// Loop state whose shape changes every iteration, inside a model with
// static entry shapes: acc starts as x (2 elements) and each iteration
// appends x * (i + 1), so after n iterations it has 2 (n + 1) elements.
// The entry returns static views of it: the sum, the first 4 elements
// (a slice of fixed size), the last 2 (strided_slice from the end) and its
// shape, reduced to a scalar element count.
// By hand: x = [1, 2], n = 3: acc = [1,2, 1,2, 2,4, 3,6], sum = 21,
// head = [1, 2, 1, 2], tail = [3, 6], length 8.
// n = 1: acc = [1,2,1,2], sum 6, head [1,2,1,2], tail [1,2], length 4.
// RUN: sluice-run %s --inputs=%S/dynamic_concat.in0.json | FileCheck %s --check-prefix=IN0
// IN0: {"outputs":[{"data":[21],"dtype":"float32","name":"output0","shape":[]},{"data":[1,2,1,2],"dtype":"float32","name":"output1","shape":[4]},{"data":[3,6],"dtype":"float32","name":"output2","shape":[2]},{"data":[8],"dtype":"int32","name":"output3","shape":[]}]}
// RUN: sluice-run %s --inputs=%S/dynamic_concat.in1.json | FileCheck %s --check-prefix=IN1
// IN1: {"outputs":[{"data":[6],"dtype":"float32","name":"output0","shape":[]},{"data":[1,2,1,2],"dtype":"float32","name":"output1","shape":[4]},{"data":[1,2],"dtype":"float32","name":"output2","shape":[2]},{"data":[4],"dtype":"int32","name":"output3","shape":[]}]}
func.func @main(%x: tensor<2xf32>, %n: tensor<i32>) -> (tensor<f32>, tensor<4xf32>, tensor<2xf32>, tensor<i32>) {
  %c0 = lite.constant dense<0> : tensor<i32>
  %r:2 = lite.while (%i = %c0, %acc = %x) : (tensor<i32>, tensor<2xf32>) -> (tensor<i32>, tensor<?xf32>) cond {
    %p = lite.less %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %one = lite.constant dense<1> : tensor<i32>
    %i1 = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %f = lite.cast %i1 : tensor<i32> -> tensor<f32>
    %row = lite.mul %x, %f : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
    %acc1 = lite.concatenation %acc, %row {axis = 0 : i32} : (tensor<?xf32>, tensor<2xf32>) -> tensor<?xf32>
    lite.yield %i1, %acc1 : tensor<i32>, tensor<?xf32>
  }
  %axes = lite.constant dense<0> : tensor<1xi32>
  %sum = lite.sum %r#1, %axes : (tensor<?xf32>, tensor<1xi32>) -> tensor<f32>
  %b0 = lite.constant dense<0> : tensor<1xi32>
  %s4 = lite.constant dense<4> : tensor<1xi32>
  %head = lite.slice %r#1, %b0, %s4 : (tensor<?xf32>, tensor<1xi32>, tensor<1xi32>) -> tensor<4xf32>
  %bm2 = lite.constant dense<-2> : tensor<1xi32>
  %e0 = lite.constant dense<0> : tensor<1xi32>
  %st = lite.constant dense<1> : tensor<1xi32>
  %tail = lite.strided_slice %r#1, %bm2, %e0, %st {end_mask = 1 : i32} : (tensor<?xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<2xf32>
  %shape = lite.shape %r#1 : (tensor<?xf32>) -> tensor<1xi32>
  %len = lite.sum %shape, %axes : (tensor<1xi32>, tensor<1xi32>) -> tensor<i32>
  return %sum, %head, %tail, %len : tensor<f32>, tensor<4xf32>, tensor<2xf32>, tensor<i32>
}
