// Ifs whose predicates fold to constants: a constant true, and a
// comparison of two constants (2 < 1, false); the export sees whatever
// canonicalization leaves. A third if's predicate is constant only after
// the first if is folded (it compares that if's result).
// By hand: x = [1, -2]: first -> x + 1 = [2, -1]; second -> else: x * 3 =
// [3, -6]; third: sum([2, -1]) = 1 > 0 -> neg of second = [-3, 6].
// RUN: sluice-run %s --inputs=%S/const_pred_if.in0.json | FileCheck %s
// CHECK: {"outputs":[{"data":[2,-1],"dtype":"float32","name":"output0","shape":[2]},{"data":[3,-6],"dtype":"float32","name":"output1","shape":[2]},{"data":[-3,6],"dtype":"float32","name":"output2","shape":[2]}]}
func.func @main(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
  %t = lite.constant dense<true> : tensor<i1>
  %a = lite.if %t -> (tensor<2xf32>) {
    %one = lite.constant dense<1.0> : tensor<f32>
    %y = lite.add %x, %one : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
    lite.yield %y : tensor<2xf32>
  } else {
    lite.yield %x : tensor<2xf32>
  }
  %c1 = lite.constant dense<1> : tensor<i32>
  %c2 = lite.constant dense<2> : tensor<i32>
  %q = lite.less %c2, %c1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %b = lite.if %q -> (tensor<2xf32>) {
    lite.yield %x : tensor<2xf32>
  } else {
    %three = lite.constant dense<3.0> : tensor<f32>
    %y = lite.mul %x, %three : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
    lite.yield %y : tensor<2xf32>
  }
  %axes = lite.constant dense<0> : tensor<1xi32>
  %s = lite.sum %a, %axes : (tensor<2xf32>, tensor<1xi32>) -> tensor<f32>
  %zero = lite.constant dense<0.0> : tensor<f32>
  %r = lite.greater %s, %zero : (tensor<f32>, tensor<f32>) -> tensor<i1>
  %c = lite.if %r -> (tensor<2xf32>) {
    %n = lite.neg %b : tensor<2xf32>
    lite.yield %n : tensor<2xf32>
  } else {
    lite.yield %b : tensor<2xf32>
  }
  return %a, %b, %c : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
}
