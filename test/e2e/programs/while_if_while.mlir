// Three levels: a while whose body holds an if whose then branch holds a
// while, each level capturing values from every level above it.
// for i in [0, n):
//   if (i < k): t = 0; for j in [0, i]: t += j * w   (w captured from main)
//               acc += t
//   else:       acc -= i
// By hand: n = 4, k = 2, w = 3: i = 0: t = 0; i = 1: t = 0 + 3 = 3;
//   i = 2: else, -2; i = 3: else, -3. acc = 0 + 3 - 2 - 3 = -2.
// n = 3, k = 5, w = 1: t = 0, 1, 3 -> acc = 4.
// RUN: sluice-run %s --inputs=%S/while_if_while.in0.json | FileCheck %s --check-prefix=IN0
// IN0: {"outputs":[{"data":[-2],"dtype":"int32","name":"output0","shape":[]}]}
// RUN: sluice-run %s --inputs=%S/while_if_while.in1.json | FileCheck %s --check-prefix=IN1
// IN1: {"outputs":[{"data":[4],"dtype":"int32","name":"output0","shape":[]}]}
func.func @main(%n: tensor<i32>, %k: tensor<i32>, %w: tensor<i32>) -> tensor<i32> {
  %c0 = lite.constant dense<0> : tensor<i32>
  %one = lite.constant dense<1> : tensor<i32>
  %r:2 = lite.while (%i = %c0, %acc = %c0) : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>) cond {
    %p = lite.less %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %small = lite.less %i, %k : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %acc1 = lite.if %small -> (tensor<i32>) {
      %in:2 = lite.while (%j = %c0, %t = %c0) : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>) cond {
        %q = lite.less_equal %j, %i : (tensor<i32>, tensor<i32>) -> tensor<i1>
        lite.yield %q : tensor<i1>
      } body {
        %jw = lite.mul %j, %w : (tensor<i32>, tensor<i32>) -> tensor<i32>
        %t1 = lite.add %t, %jw : (tensor<i32>, tensor<i32>) -> tensor<i32>
        %j1 = lite.add %j, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
        lite.yield %j1, %t1 : tensor<i32>, tensor<i32>
      }
      %a = lite.add %acc, %in#1 : (tensor<i32>, tensor<i32>) -> tensor<i32>
      lite.yield %a : tensor<i32>
    } else {
      %s = lite.sub %acc, %i : (tensor<i32>, tensor<i32>) -> tensor<i32>
      lite.yield %s : tensor<i32>
    }
    %i1 = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    lite.yield %i1, %acc1 : tensor<i32>, tensor<i32>
  }
  return %r#1 : tensor<i32>
}
