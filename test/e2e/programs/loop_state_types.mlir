// One loop carrying state of each dtype TFLite export must handle: int32
// counter, float32 accumulator, bool flag toggled every step, int64 value
// beyond the int32 range.
// for i in [0, n): x = x * 0.5 + 1; b = !b; v = v * 2 + i
// By hand: n = 3, x = 8, b = false, v = 3000000000:
//   x: 8 -> 5 -> 3.5 -> 2.75; b: true, false, true;
//   v: 6000000000 -> 12000000001 -> 24000000004.
// n = 0: everything passes through.
// RUN: sluice-run %s --inputs=%S/loop_state_types.in0.json | FileCheck %s --check-prefix=IN0
// IN0: {"outputs":[{"data":[3],"dtype":"int32","name":"output0","shape":[]},{"data":[2.75],"dtype":"float32","name":"output1","shape":[]},{"data":[true],"dtype":"bool","name":"output2","shape":[]},{"data":[24000000004],"dtype":"int64","name":"output3","shape":[]}]}
// RUN: sluice-run %s --inputs=%S/loop_state_types.in1.json | FileCheck %s --check-prefix=IN1
// IN1: {"outputs":[{"data":[0],"dtype":"int32","name":"output0","shape":[]},{"data":[8],"dtype":"float32","name":"output1","shape":[]},{"data":[false],"dtype":"bool","name":"output2","shape":[]},{"data":[3000000000],"dtype":"int64","name":"output3","shape":[]}]}
func.func @main(%n: tensor<i32>, %x0: tensor<f32>, %b0: tensor<i1>, %v0: tensor<i64>) -> (tensor<i32>, tensor<f32>, tensor<i1>, tensor<i64>) {
  %c0 = lite.constant dense<0> : tensor<i32>
  %r:4 = lite.while (%i = %c0, %x = %x0, %b = %b0, %v = %v0) : (tensor<i32>, tensor<f32>, tensor<i1>, tensor<i64>) -> (tensor<i32>, tensor<f32>, tensor<i1>, tensor<i64>) cond {
    %p = lite.less %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %half = lite.constant dense<0.5> : tensor<f32>
    %onef = lite.constant dense<1.0> : tensor<f32>
    %xh = lite.mul %x, %half : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %x1 = lite.add %xh, %onef : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %b1 = lite.logical_not %b : tensor<i1>
    %two = lite.constant dense<2> : tensor<i64>
    %v2 = lite.mul %v, %two : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %i64 = lite.cast %i : tensor<i32> -> tensor<i64>
    %v1 = lite.add %v2, %i64 : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %one = lite.constant dense<1> : tensor<i32>
    %i1 = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    lite.yield %i1, %x1, %b1, %v1 : tensor<i32>, tensor<f32>, tensor<i1>, tensor<i64>
  }
  return %r#0, %r#1, %r#2, %r#3 : tensor<i32>, tensor<f32>, tensor<i1>, tensor<i64>
}
