// Rank-0 elementwise ops as loop state (the scalar lowering, no linalg):
// the Collatz sequence of %n counted with floor_mod, floor_div, equal and
// select_v2, while a float accumulator takes x = x / 2 + steps and the
// running maximum of the sequence is kept with maximum. The steps are
// also cast to float64 and uint8.
// By hand, n = 6: 6 3 10 5 16 8 4 2 1, 8 steps, peak 16.
// RUN: sluice-run %s --inputs=%S/elementwise_scalar_loop.in0.json | FileCheck %s --check-prefix=IN0
// IN0: {"outputs":[{"data":[8],"dtype":"int32","name":"output0","shape":[]},{"data":[16],"dtype":"int64","name":"output1","shape":[]},{"data":[14.01171875],"dtype":"float32","name":"output2","shape":[]},{"data":[8],"dtype":"float64","name":"output3","shape":[]},{"data":[8],"dtype":"uint8","name":"output4","shape":[]}]}
// RUN: sluice-run %s --inputs=%S/elementwise_scalar_loop.in1.json | FileCheck %s --check-prefix=IN1
// IN1: {"outputs":[{"data":[111],"dtype":"int32","name":"output0","shape":[]},{"data":[9232],"dtype":"int64","name":"output1","shape":[]},{"data":[220],"dtype":"float32","name":"output2","shape":[]},{"data":[111],"dtype":"float64","name":"output3","shape":[]},{"data":[111],"dtype":"uint8","name":"output4","shape":[]}]}
// RUN: sluice-run %s --inputs=%S/elementwise_scalar_loop.in2.json | FileCheck %s --check-prefix=IN2
// IN2: {"outputs":[{"data":[0],"dtype":"int32","name":"output0","shape":[]},{"data":[1],"dtype":"int64","name":"output1","shape":[]},{"data":[0.25],"dtype":"float32","name":"output2","shape":[]},{"data":[0],"dtype":"float64","name":"output3","shape":[]},{"data":[0],"dtype":"uint8","name":"output4","shape":[]}]}
func.func @main(%n: tensor<i64>, %x0: tensor<f32>) -> (tensor<i32>, tensor<i64>, tensor<f32>, tensor<f64>, tensor<ui8>) {
  %c0 = lite.constant dense<0> : tensor<i32>
  %r:4 = lite.while (%v = %n, %steps = %c0, %peak = %n, %x = %x0) : (tensor<i64>, tensor<i32>, tensor<i64>, tensor<f32>) -> (tensor<i64>, tensor<i32>, tensor<i64>, tensor<f32>) cond {
    %one = lite.constant dense<1> : tensor<i64>
    %p = lite.greater %v, %one : (tensor<i64>, tensor<i64>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %one = lite.constant dense<1> : tensor<i64>
    %two = lite.constant dense<2> : tensor<i64>
    %three = lite.constant dense<3> : tensor<i64>
    %parity = lite.floor_mod %v, %two : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %zero = lite.constant dense<0> : tensor<i64>
    %even = lite.equal %parity, %zero : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %half = lite.floor_div %v, %two : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %triple = lite.mul %v, %three : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %up = lite.add %triple, %one : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %next = lite.select_v2 %even, %half, %up : (tensor<i1>, tensor<i64>, tensor<i64>) -> tensor<i64>
    %peak1 = lite.maximum %peak, %next : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %i1 = lite.constant dense<1> : tensor<i32>
    %steps1 = lite.add %steps, %i1 : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %halff = lite.constant dense<2.0> : tensor<f32>
    %xh = lite.div %x, %halff : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %sf = lite.cast %steps1 : tensor<i32> -> tensor<f32>
    %x1 = lite.add %xh, %sf : (tensor<f32>, tensor<f32>) -> tensor<f32>
    lite.yield %next, %steps1, %peak1, %x1 : tensor<i64>, tensor<i32>, tensor<i64>, tensor<f32>
  }
  %d = lite.cast %r#1 : tensor<i32> -> tensor<f64>
  %u = lite.cast %r#1 : tensor<i32> -> tensor<ui8>
  return %r#1, %r#2, %r#3, %d, %u : tensor<i32>, tensor<i64>, tensor<f32>, tensor<f64>, tensor<ui8>
}
