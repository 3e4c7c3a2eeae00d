// fully_connected with filter [units = 3, depth = 4] as TFLite stores it:
// with and without bias, each fused activation (NONE, RELU, RELU6,
// RELU_N1_TO_1, TANH), keep_num_dims on a rank-3 input, a rank-3 input
// flattened to rows, a vector input with and without keep_num_dims, and
// int32 (with RELU).
// RUN: sluice-run %s --inputs=%S/contraction_fully_connected.in0.json | FileCheck %s --check-prefix=IN0
// RUN: sluice-run %s --engine=native --inputs=%S/contraction_fully_connected.in0.json | FileCheck %s --check-prefix=IN0
// IN0: {"outputs":[{"data":[7.75,3.5,1.5,-0.75,-1.9375,2.03125],"dtype":"float32","name":"output0","shape":[2,3]},{"data":[7.25,3.75,0.5,0,0,1.03125],"dtype":"float32","name":"output1","shape":[2,3]},{"data":[6,3.5,1.5,0,0,2.03125],"dtype":"float32","name":"output2","shape":[2,3]},{"data":[1,1,1,-0.75,-1,1],"dtype":"float32","name":"output3","shape":[2,3]},{"data":[0.99999{{[0-9]*}},0.99817{{[0-9]*}},0.90514{{[0-9]*}},-0.63514{{[0-9]*}},-0.95933{{[0-9]*}},0.96617{{[0-9]*}}],"dtype":"float32","name":"output4","shape":[2,3]},{"data":[4.75,-3,3.25,1.375,0.25,1.5625,-5.25,4.875,1.9375,7,-4.25,1.125],"dtype":"float32","name":"output5","shape":[2,2,3]},{"data":[4.25,-2.75,2.25,0.875,0.5,0.5625,-5.75,5.125,0.9375,6.5,-4,0.125],"dtype":"float32","name":"output6","shape":[4,3]},{"data":[5.375,0.3125,0],"dtype":"float32","name":"output7","shape":[1,3]},{"data":[4.875,0.5625,-1],"dtype":"float32","name":"output8","shape":[3]},{"data":[16,4,2,0,88,26],"dtype":"int32","name":"output9","shape":[2,3]}]}
// RUN: sluice-run %s --inputs=%S/contraction_fully_connected.in1.json | FileCheck %s --check-prefix=IN1
// RUN: sluice-run %s --engine=native --inputs=%S/contraction_fully_connected.in1.json | FileCheck %s --check-prefix=IN1
// IN1: {"outputs":[{"data":[0.5,-0.25,1,-2.8125,-0.875,1.125],"dtype":"float32","name":"output0","shape":[2,3]},{"data":[0,0,0,0,0,0.125],"dtype":"float32","name":"output1","shape":[2,3]},{"data":[0.5,0,1,0,0,1.125],"dtype":"float32","name":"output2","shape":[2,3]},{"data":[0.5,-0.25,1,-1,-0.875,1],"dtype":"float32","name":"output3","shape":[2,3]},{"data":[0.46211{{[0-9]*}},-0.24491{{[0-9]*}},0.76159{{[0-9]*}},-0.99281{{[0-9]*}},-0.70390{{[0-9]*}},0.80930{{[0-9]*}}],"dtype":"float32","name":"output4","shape":[2,3]},{"data":[2,1,6.125,-1.25,-1.25,-0.125,-13.5,13.625,-7.625,7.75,3.5,1.5],"dtype":"float32","name":"output5","shape":[2,2,3]},{"data":[1.5,1.25,5.125,-1.75,-1,-1.125,-14,13.875,-8.625,7.25,3.75,0.5],"dtype":"float32","name":"output6","shape":[4,3]},{"data":[-1.125,2.78125,-2.515625],"dtype":"float32","name":"output7","shape":[1,3]},{"data":[-1.625,3.03125,-3.515625],"dtype":"float32","name":"output8","shape":[3]},{"data":[0,0,0,3019,0,0],"dtype":"int32","name":"output9","shape":[2,3]}]}
func.func @main(%x: tensor<2x4xf32>, %x3: tensor<2x2x4xf32>, %v: tensor<4xf32>, %xi: tensor<2x4xi32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x2x3xf32>, tensor<4x3xf32>, tensor<1x3xf32>, tensor<3xf32>, tensor<2x3xi32>) {
  %w = lite.constant dense<[[0.5, -1.0, 0.25, 2.0], [-0.75, 0.5, 1.5, -0.25], [1.0, 1.0, -1.0, 0.125]]> : tensor<3x4xf32>
  %b = lite.constant dense<[0.5, -0.25, 1.0]> : tensor<3xf32>
  %wi = lite.constant dense<[[1, -2, 3, 0], [4, 5, -6, 7], [-1, 1, -1, 1]]> : tensor<3x4xi32>
  %bi = lite.constant dense<[10, -20, 0]> : tensor<3xi32>
  %none = lite.fully_connected %x, %w, %b : (tensor<2x4xf32>, tensor<3x4xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %relu = lite.fully_connected %x, %w {fused_activation_function = #lite.activation<RELU>} : (tensor<2x4xf32>, tensor<3x4xf32>) -> tensor<2x3xf32>
  %relu6 = lite.fully_connected %x, %w, %b {fused_activation_function = #lite.activation<RELU6>} : (tensor<2x4xf32>, tensor<3x4xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %relu1 = lite.fully_connected %x, %w, %b {fused_activation_function = #lite.activation<RELU_N1_TO_1>} : (tensor<2x4xf32>, tensor<3x4xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %tanh = lite.fully_connected %x, %w, %b {fused_activation_function = #lite.activation<TANH>} : (tensor<2x4xf32>, tensor<3x4xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %keep = lite.fully_connected %x3, %w, %b {keep_num_dims = true} : (tensor<2x2x4xf32>, tensor<3x4xf32>, tensor<3xf32>) -> tensor<2x2x3xf32>
  %flat = lite.fully_connected %x3, %w : (tensor<2x2x4xf32>, tensor<3x4xf32>) -> tensor<4x3xf32>
  %row = lite.fully_connected %v, %w, %b : (tensor<4xf32>, tensor<3x4xf32>, tensor<3xf32>) -> tensor<1x3xf32>
  %vec = lite.fully_connected %v, %w {keep_num_dims = true} : (tensor<4xf32>, tensor<3x4xf32>) -> tensor<3xf32>
  %int = lite.fully_connected %xi, %wi, %bi {fused_activation_function = #lite.activation<RELU>} : (tensor<2x4xi32>, tensor<3x4xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  return %none, %relu, %relu6, %relu1, %tanh, %keep, %flat, %row, %vec, %int : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x2x3xf32>, tensor<4x3xf32>, tensor<1x3xf32>, tensor<3xf32>, tensor<2x3xi32>
}
