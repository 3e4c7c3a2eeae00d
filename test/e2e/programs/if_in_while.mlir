// An if in the body of a while, and one in its condition: for i in [0, n):
// x = (i even) ? x * 2 : x + 1, float32 state; the condition's if picks
// the bound (n when go, else 0) so that go = false makes a zero-trip loop.
// By hand: n = 5, x = 1, go = true: i = 0..4 give 2, 3, 6, 7, 14;
// go = false: no iteration, x = 1.5 and i = 0.
// RUN: sluice-run %s --inputs=%S/if_in_while.in0.json | FileCheck %s --check-prefix=IN0
// IN0: {"outputs":[{"data":[14],"dtype":"float32","name":"output0","shape":[]},{"data":[5],"dtype":"int32","name":"output1","shape":[]}]}
// RUN: sluice-run %s --inputs=%S/if_in_while.in1.json | FileCheck %s --check-prefix=IN1
// IN1: {"outputs":[{"data":[1.5],"dtype":"float32","name":"output0","shape":[]},{"data":[0],"dtype":"int32","name":"output1","shape":[]}]}
func.func @main(%n: tensor<i32>, %x0: tensor<f32>, %go: tensor<i1>) -> (tensor<f32>, tensor<i32>) {
  %c0 = lite.constant dense<0> : tensor<i32>
  %r:2 = lite.while (%i = %c0, %x = %x0) : (tensor<i32>, tensor<f32>) -> (tensor<i32>, tensor<f32>) cond {
    %lim = lite.if %go -> (tensor<i32>) {
      lite.yield %n : tensor<i32>
    } else {
      %z = lite.constant dense<0> : tensor<i32>
      lite.yield %z : tensor<i32>
    }
    %p = lite.less %i, %lim : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %two = lite.constant dense<2> : tensor<i32>
    %zero = lite.constant dense<0> : tensor<i32>
    %m = lite.floor_mod %i, %two : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %even = lite.equal %m, %zero : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %y = lite.if %even -> (tensor<f32>) {
      %f2 = lite.constant dense<2.0> : tensor<f32>
      %d = lite.mul %x, %f2 : (tensor<f32>, tensor<f32>) -> tensor<f32>
      lite.yield %d : tensor<f32>
    } else {
      %f1 = lite.constant dense<1.0> : tensor<f32>
      %a = lite.add %x, %f1 : (tensor<f32>, tensor<f32>) -> tensor<f32>
      lite.yield %a : tensor<f32>
    }
    %one = lite.constant dense<1> : tensor<i32>
    %i1 = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    lite.yield %i1, %y : tensor<i32>, tensor<f32>
  }
  return %r#1, %r#0 : tensor<f32>, tensor<i32>
}
