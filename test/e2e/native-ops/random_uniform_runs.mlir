// lite.random_uniform is a generator with state: each run of the op draws
// on from where the last one stopped, 256 blocks per number further on, as
// TensorFlow's RandomUniform does. The loop runs the op `n` times and
// returns the last draw. n = 1 and n = 2 give TF's first and second run of
// RandomUniform(shape=[2, 3], seed=1, seed2=7) (TF 2.21: float bits
// 0x3f49b062 ... and 0x3e0cb8c0 ...; unittests/Lite/RandomRulesTest.cpp).
// A negative entry in the shape is an error (INVALID_ARGUMENT natively).
// RUN: sluice-run %s --inputs=%S/random_uniform_runs.in0.json | FileCheck %s --check-prefix=FIRST
// RUN: sluice-run %s --engine=native --inputs=%S/random_uniform_runs.in0.json | FileCheck %s --check-prefix=FIRST
// RUN: sluice-run %s --inputs=%S/random_uniform_runs.in1.json | FileCheck %s --check-prefix=SECOND
// RUN: sluice-run %s --engine=native --inputs=%S/random_uniform_runs.in1.json | FileCheck %s --check-prefix=SECOND
// RUN: not sluice-run %s --inputs=%S/random_uniform_runs.in2.json 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// RUN: not sluice-run %s --engine=native --inputs=%S/random_uniform_runs.in2.json 2>&1 | FileCheck %s --check-prefix=NEGATIVE-NATIVE
// FIRST: {"outputs":[{"data":[0.78784763813018799,0.70039784908294678,0.90419697761535645,0.68245339393615723,0.59884881973266602,0.44210636615753174],"dtype":"float32","name":"output0","shape":[2,3]}]}
// SECOND: {"outputs":[{"data":[0.13742351531982422,0.54289758205413818,0.53075635433197021,0.54230141639709473,0.4795536994934082,0.99623405933380127],"dtype":"float32","name":"output0","shape":[2,3]}]}
// NEGATIVE: error: random_uniform shape [2, -3] has a negative entry -3
// NEGATIVE-NATIVE: SLUICE_ERROR_INVALID_ARGUMENT (4)
func.func @main(%n: tensor<i32>, %shape: tensor<2xi32>) -> tensor<?x?xf32> {
  %zero = lite.constant dense<0> : tensor<i32>
  %empty = lite.constant dense<0.0> : tensor<1x1xf32>
  %start = lite.cast %empty : tensor<1x1xf32> -> tensor<?x?xf32>
  %r:2 = lite.while (%i = %zero, %last = %start) : (tensor<i32>, tensor<?x?xf32>) -> (tensor<i32>, tensor<?x?xf32>) cond {
    %p = lite.less %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %one = lite.constant dense<1> : tensor<i32>
    %next = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %draw = lite.random_uniform %shape {seed = 1 : i64, seed2 = 7 : i64} : (tensor<2xi32>) -> tensor<?x?xf32>
    lite.yield %next, %draw : tensor<i32>, tensor<?x?xf32>
  }
  return %r#1 : tensor<?x?xf32>
}
