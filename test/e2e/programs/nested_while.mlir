// A while nested in the body of a while: for i in [0, n): for j in [0, i):
// s += j. The inner loop's bound is the outer loop's carried value.
// By hand: n = 5 -> i = 0..4 add 0, 0, 1, 3, 6, so s = 10 (and i = 5);
// n = 0 runs neither loop: s = 0, i = 0; n = 1 runs the outer loop once and
// the inner loop not at all: s = 0, i = 1.
// RUN: sluice-run %s --inputs=%S/nested_while.in0.json | FileCheck %s --check-prefix=IN0
// IN0: {"outputs":[{"data":[10],"dtype":"int32","name":"output0","shape":[]},{"data":[5],"dtype":"int32","name":"output1","shape":[]}]}
// RUN: sluice-run %s --inputs=%S/nested_while.in1.json | FileCheck %s --check-prefix=IN1
// IN1: {"outputs":[{"data":[0],"dtype":"int32","name":"output0","shape":[]},{"data":[0],"dtype":"int32","name":"output1","shape":[]}]}
// RUN: sluice-run %s --inputs=%S/nested_while.in2.json | FileCheck %s --check-prefix=IN2
// IN2: {"outputs":[{"data":[0],"dtype":"int32","name":"output0","shape":[]},{"data":[1],"dtype":"int32","name":"output1","shape":[]}]}
func.func @main(%n: tensor<i32>) -> (tensor<i32>, tensor<i32>) {
  %c0 = lite.constant dense<0> : tensor<i32>
  %r:2 = lite.while (%i = %c0, %s = %c0) : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>) cond {
    %p = lite.less %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %zero = lite.constant dense<0> : tensor<i32>
    %in:2 = lite.while (%j = %zero, %t = %s) : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>) cond {
      %q = lite.less %j, %i : (tensor<i32>, tensor<i32>) -> tensor<i1>
      lite.yield %q : tensor<i1>
    } body {
      %one = lite.constant dense<1> : tensor<i32>
      %t1 = lite.add %t, %j : (tensor<i32>, tensor<i32>) -> tensor<i32>
      %j1 = lite.add %j, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
      lite.yield %j1, %t1 : tensor<i32>, tensor<i32>
    }
    %one = lite.constant dense<1> : tensor<i32>
    %i1 = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    lite.yield %i1, %in#1 : tensor<i32>, tensor<i32>
  }
  return %r#1, %r#0 : tensor<i32>, tensor<i32>
}
