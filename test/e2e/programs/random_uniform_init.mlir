// Weights drawn by an initializer, as TF1 graphs initialise their variables
// (glorot_uniform: RandomUniform scaled and shifted), then used on every
// run: every engine, LiteRT included (CALL_ONCE runs RANDOM_UNIFORM once,
// where LiteRT's numbers are TensorFlow's).
// The weights are TF's RandomUniform(shape=[3, 5], seed=1, seed2=7)
// (unittests/Lite/RandomRulesTest.cpp has its first six as float bits),
// times 2 minus 1; the output is them times x = [1, 2, 3, 4, 5] by column.
// RUN: sluice-run %s --inputs=%S/random_uniform_init.in0.json | FileCheck %s
// CHECK: {"outputs":[{"data":[0.57569527626037598,0.80159139633178711,2.4251818656921387,1.4596271514892578,0.98848819732666016,-0.11578726768493652,1.5116162300109863,-0.46010684967041016,-2.6961021423339844,-3.0969119071960449,0.091764450073242188,1.1934680938720703,2.7797477245330811,3.3906345367431641,-4.4983615875244141],"dtype":"float32","name":"output0","shape":[3,5]}]}
lite.variable @w : tensor<3x5xf32>
func.func private @init() {
  %s = lite.constant dense<[3, 5]> : tensor<2xi32>
  %r = lite.random_uniform %s {seed = 1 : i64, seed2 = 7 : i64} : (tensor<2xi32>) -> tensor<3x5xf32>
  %two = lite.constant dense<2.0> : tensor<f32>
  %one = lite.constant dense<1.0> : tensor<f32>
  %scaled = lite.mul %r, %two : (tensor<3x5xf32>, tensor<f32>) -> tensor<3x5xf32>
  %shifted = lite.sub %scaled, %one : (tensor<3x5xf32>, tensor<f32>) -> tensor<3x5xf32>
  lite.assign_variable @w, %shifted : tensor<3x5xf32>
  return
}
func.func @main(%x: tensor<5xf32>) -> tensor<3x5xf32> {
  lite.call_once @init
  %w = lite.read_variable @w : tensor<3x5xf32>
  %y = lite.mul %w, %x : (tensor<3x5xf32>, tensor<5xf32>) -> tensor<3x5xf32>
  return %y : tensor<3x5xf32>
}
