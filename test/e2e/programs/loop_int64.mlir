// int64 loop state alone, including the counter and the condition:
// while v < limit: v = v * 3, c = c + 1 (both int64).
// By hand: v = 1, limit = 10000000000 (1e10): 3^21 = 10460353203 is the
// first power of 3 at or above 1e10, so c = 21.
// RUN: sluice-run %s --inputs=%S/loop_int64.in0.json | FileCheck %s
// CHECK: {"outputs":[{"data":[10460353203],"dtype":"int64","name":"output0","shape":[]},{"data":[21],"dtype":"int64","name":"output1","shape":[]}]}
func.func @main(%v0: tensor<i64>, %limit: tensor<i64>) -> (tensor<i64>, tensor<i64>) {
  %c0 = lite.constant dense<0> : tensor<i64>
  %r:2 = lite.while (%v = %v0, %c = %c0) : (tensor<i64>, tensor<i64>) -> (tensor<i64>, tensor<i64>) cond {
    %p = lite.less %v, %limit : (tensor<i64>, tensor<i64>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %three = lite.constant dense<3> : tensor<i64>
    %one = lite.constant dense<1> : tensor<i64>
    %v1 = lite.mul %v, %three : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %c1 = lite.add %c, %one : (tensor<i64>, tensor<i64>) -> tensor<i64>
    lite.yield %v1, %c1 : tensor<i64>, tensor<i64>
  }
  return %r#0, %r#1 : tensor<i64>, tensor<i64>
}
