// A while in each branch of an if, each carrying a value defined in the
// branch: p ? n! (int32 loop) : -(sum of 1..n) (another loop).
// By hand: p = true, n = 5 -> 120; p = false, n = 4 -> -(1+2+3+4) = -10.
// RUN: sluice-run %s --inputs=%S/while_in_if.in0.json | FileCheck %s --check-prefix=IN0
// IN0: {"outputs":[{"data":[120],"dtype":"int32","name":"output0","shape":[]}]}
// RUN: sluice-run %s --inputs=%S/while_in_if.in1.json | FileCheck %s --check-prefix=IN1
// IN1: {"outputs":[{"data":[-10],"dtype":"int32","name":"output0","shape":[]}]}
func.func @main(%p: tensor<i1>, %n: tensor<i32>) -> tensor<i32> {
  %r = lite.if %p -> (tensor<i32>) {
    %one = lite.constant dense<1> : tensor<i32>
    %w:2 = lite.while (%k = %one, %f = %one) : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>) cond {
      %c = lite.less_equal %k, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
      lite.yield %c : tensor<i1>
    } body {
      %f1 = lite.mul %f, %k : (tensor<i32>, tensor<i32>) -> tensor<i32>
      %k1 = lite.add %k, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
      lite.yield %k1, %f1 : tensor<i32>, tensor<i32>
    }
    lite.yield %w#1 : tensor<i32>
  } else {
    %zero = lite.constant dense<0> : tensor<i32>
    %w:2 = lite.while (%k = %n, %s = %zero) : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>) cond {
      %c = lite.greater %k, %zero : (tensor<i32>, tensor<i32>) -> tensor<i1>
      lite.yield %c : tensor<i1>
    } body {
      %one = lite.constant dense<1> : tensor<i32>
      %s1 = lite.sub %s, %k : (tensor<i32>, tensor<i32>) -> tensor<i32>
      %k1 = lite.sub %k, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
      lite.yield %k1, %s1 : tensor<i32>, tensor<i32>
    }
    lite.yield %w#1 : tensor<i32>
  }
  return %r : tensor<i32>
}
