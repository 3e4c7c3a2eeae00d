// Loops whose condition is false on entry. The first is zero-trip for every
// input (its bound is a constant below the start); the second depends on
// the input. A zero-trip loop returns its inits unchanged, including a
// dynamically shaped one.
// By hand: x = [1, 2, 3], n = 0: (x, 0) from both loops; n = 2: the second
// loop adds 10 twice: [21, 22, 23], 2.
// RUN: sluice-run %s --inputs=%S/zero_trip.in0.json | FileCheck %s --check-prefix=IN0
// IN0: {"outputs":[{"data":[1,2,3],"dtype":"float32","name":"output0","shape":[3]},{"data":[7],"dtype":"int32","name":"output1","shape":[]},{"data":[1,2,3],"dtype":"float32","name":"output2","shape":[3]},{"data":[0],"dtype":"int32","name":"output3","shape":[]}]}
// RUN: sluice-run %s --inputs=%S/zero_trip.in1.json | FileCheck %s --check-prefix=IN1
// IN1: {"outputs":[{"data":[1,2,3],"dtype":"float32","name":"output0","shape":[3]},{"data":[7],"dtype":"int32","name":"output1","shape":[]},{"data":[21,22,23],"dtype":"float32","name":"output2","shape":[3]},{"data":[2],"dtype":"int32","name":"output3","shape":[]}]}
func.func @main(%x: tensor<3xf32>, %n: tensor<i32>) -> (tensor<3xf32>, tensor<i32>, tensor<3xf32>, tensor<i32>) {
  %c7 = lite.constant dense<7> : tensor<i32>
  %a:2 = lite.while (%v = %x, %i = %c7) : (tensor<3xf32>, tensor<i32>) -> (tensor<?xf32>, tensor<i32>) cond {
    %lim = lite.constant dense<3> : tensor<i32>
    %p = lite.less %i, %lim : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %c = lite.concatenation %v, %v {axis = 0 : i32} : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    %one = lite.constant dense<1> : tensor<i32>
    %i1 = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    lite.yield %c, %i1 : tensor<?xf32>, tensor<i32>
  }
  %b0 = lite.constant dense<0> : tensor<1xi32>
  %s3 = lite.constant dense<3> : tensor<1xi32>
  %a3 = lite.slice %a#0, %b0, %s3 : (tensor<?xf32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xf32>
  %c0 = lite.constant dense<0> : tensor<i32>
  %b:2 = lite.while (%v = %x, %i = %c0) : (tensor<3xf32>, tensor<i32>) -> (tensor<3xf32>, tensor<i32>) cond {
    %p = lite.less %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %ten = lite.constant dense<10.0> : tensor<f32>
    %v1 = lite.add %v, %ten : (tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
    %one = lite.constant dense<1> : tensor<i32>
    %i1 = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    lite.yield %v1, %i1 : tensor<3xf32>, tensor<i32>
  }
  return %a3, %a#1, %b#0, %b#1 : tensor<3xf32>, tensor<i32>, tensor<3xf32>, tensor<i32>
}
