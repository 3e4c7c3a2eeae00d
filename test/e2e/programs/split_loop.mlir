// A loop that cuts its state in two along the columns (TF's Split, TFLite's
// SPLIT) and puts the halves back swapped, the right one scaled by x
// (the gradient of split is the concatenation of its results').
// By hand: s = [[1, 2, 3, 4]], x = [[2, 3]], k = 2:
// s1 = [3 * 2, 4 * 3, 1, 2] = [6, 12, 1, 2];
// s2 = [1 * 2, 2 * 3, 6, 12] = [2, 6, 6, 12].
// RUN: sluice-run %s --inputs=%S/split_loop.in0.json | FileCheck %s
// RUN: sluice-run %s --inputs=%S/split_loop.in0.json --engine=native | FileCheck %s
// CHECK: {"outputs":[{"data":[2,6,6,12],"dtype":"float32","name":"output0","shape":[1,4]}]}
func.func @main(%s0: tensor<1x4xf32>, %x: tensor<1x2xf32>, %k: tensor<i32>) -> tensor<1x4xf32> {
  %c0 = lite.constant dense<0> : tensor<i32>
  %axis = lite.constant dense<1> : tensor<i32>
  %r:2 = lite.while (%i = %c0, %s = %s0) : (tensor<i32>, tensor<1x4xf32>) -> (tensor<i32>, tensor<1x4xf32>) cond {
    %p = lite.less %i, %k : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %one = lite.constant dense<1> : tensor<i32>
    %i1 = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %halves:2 = lite.split %axis, %s : (tensor<i32>, tensor<1x4xf32>) -> (tensor<1x2xf32>, tensor<1x2xf32>)
    %scaled = lite.mul %halves#1, %x : (tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<1x2xf32>
    %s1 = lite.concatenation %scaled, %halves#0 {axis = 1 : i32} : (tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<1x4xf32>
    lite.yield %i1, %s1 : tensor<i32>, tensor<1x4xf32>
  }
  return %r#1 : tensor<1x4xf32>
}
