// A float input of -0.0 keeps its sign (JSON's -0.0 is not the integer 0):
// its negation is +0, its reciprocal square root -inf, as in TensorFlow.
// RUN: echo '{"x": {"dtype": "float32", "shape": [3], "data": [-0.0, 0.0, 4]}}' > %t.json
// RUN: sluice-run %s --inputs=%t.json | FileCheck %s
// RUN: sluice-run %s --inputs=%t.json --engine=native | FileCheck %s
// CHECK: {"outputs":[{"data":[0,-0,-4],"dtype":"float32","name":"neg","shape":[3]},{"data":["-inf","inf",0.5],"dtype":"float32","name":"rsqrt","shape":[3]}]}
func.func @main(%x: tensor<3xf32> {sluice.name = "x"})
    -> (tensor<3xf32> {sluice.name = "neg"}, tensor<3xf32> {sluice.name = "rsqrt"}) {
  %n = lite.neg %x : tensor<3xf32>
  %r = lite.rsqrt %x : tensor<3xf32>
  return %n, %r : tensor<3xf32>, tensor<3xf32>
}
