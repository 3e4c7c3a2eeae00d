// bool loop state alone, driving the loop: a bool vector shifted left one
// place per iteration (the last slot filled with false) until no element is
// true; the number of steps is the index of the last true element plus one.
// By hand: [false, true, false, true, false] -> 4 steps, all false.
// RUN: sluice-run %s --inputs=%S/loop_bool.in0.json | FileCheck %s
// CHECK: {"outputs":[{"data":[false,false,false,false,false],"dtype":"bool","name":"output0","shape":[5]},{"data":[4],"dtype":"int32","name":"output1","shape":[]}]}
func.func @main(%m0: tensor<5xi1>) -> (tensor<5xi1>, tensor<i32>) {
  %c0 = lite.constant dense<0> : tensor<i32>
  %r:2 = lite.while (%m = %m0, %k = %c0) : (tensor<5xi1>, tensor<i32>) -> (tensor<5xi1>, tensor<i32>) cond {
    %mi = lite.cast %m : tensor<5xi1> -> tensor<5xi32>
    %axes = lite.constant dense<0> : tensor<1xi32>
    %any = lite.reduce_max %mi, %axes : (tensor<5xi32>, tensor<1xi32>) -> tensor<i32>
    %zero = lite.constant dense<0> : tensor<i32>
    %p = lite.greater %any, %zero : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %b = lite.constant dense<1> : tensor<1xi32>
    %s = lite.constant dense<4> : tensor<1xi32>
    %tail = lite.slice %m, %b, %s : (tensor<5xi1>, tensor<1xi32>, tensor<1xi32>) -> tensor<4xi1>
    %f = lite.constant dense<false> : tensor<1xi1>
    %m1 = lite.concatenation %tail, %f {axis = 0 : i32} : (tensor<4xi1>, tensor<1xi1>) -> tensor<5xi1>
    %one = lite.constant dense<1> : tensor<i32>
    %k1 = lite.add %k, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    lite.yield %m1, %k1 : tensor<5xi1>, tensor<i32>
  }
  return %r#0, %r#1 : tensor<5xi1>, tensor<i32>
}
