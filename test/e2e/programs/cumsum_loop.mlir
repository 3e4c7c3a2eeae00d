// A loop that replaces its state by the running sums of state * x, forward
// and (exclusive, reversed) backward; its gradient is the running sum in
// the other direction. By hand: x = [1, 2, 3], n = 1: s * x = [1, 2, 3],
// forward [1, 3, 6], backward exclusive [5, 3, 0], sum [6, 6, 6].
// RUN: sluice-run %s --inputs=%S/cumsum_loop.in0.json | FileCheck %s
// CHECK: {"outputs":[{"data":[6,6,6],"dtype":"float32","name":"output0","shape":[3]}]}
func.func @main(%x: tensor<3xf32>, %n: tensor<i32>) -> tensor<3xf32> {
  %c0 = lite.constant dense<0> : tensor<i32>
  %ones = lite.constant dense<1.0> : tensor<3xf32>
  %r:2 = lite.while (%i = %c0, %s = %ones) : (tensor<i32>, tensor<3xf32>) -> (tensor<i32>, tensor<3xf32>) cond {
    %p = lite.less %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %one = lite.constant dense<1> : tensor<i32>
    %i1 = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %axis = lite.constant dense<0> : tensor<i32>
    %sx = lite.mul %s, %x : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
    %f = lite.cumsum %sx, %axis : (tensor<3xf32>, tensor<i32>) -> tensor<3xf32>
    %b = lite.cumsum %sx, %axis {exclusive = true, reverse = true} : (tensor<3xf32>, tensor<i32>) -> tensor<3xf32>
    %s1 = lite.add %f, %b : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
    lite.yield %i1, %s1 : tensor<i32>, tensor<3xf32>
  }
  return %r#1 : tensor<3xf32>
}
