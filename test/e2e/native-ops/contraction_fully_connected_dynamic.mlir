// fully_connected with shapes known at run time: a dynamic batch of rows
// (with bias and RELU6), keep_num_dims over a dynamic leading dimension,
// and an input whose last dimension is dynamic and (in in1) differs from
// the filter depth, which TFLite flattens into rows of the depth: [2, 6]
// becomes [3, 4].
// RUN: sluice-run %s --inputs=%S/contraction_fully_connected_dynamic.in0.json | FileCheck %s --check-prefix=IN0
// RUN: sluice-run %s --engine=native --inputs=%S/contraction_fully_connected_dynamic.in0.json | FileCheck %s --check-prefix=IN0
// IN0: {"outputs":[{"data":[6,3.5,1.5],"dtype":"float32","name":"output0","shape":[1,3]},{"data":[4.25,-2.75,2.25,0.875,0.5,0.5625],"dtype":"float32","name":"output1","shape":[1,2,3]},{"data":[7.75,3.5,1.5,-0.75,-1.9375,2.03125],"dtype":"float32","name":"output2","shape":[2,3]}]}
// RUN: sluice-run %s --inputs=%S/contraction_fully_connected_dynamic.in1.json | FileCheck %s --check-prefix=IN1
// RUN: sluice-run %s --engine=native --inputs=%S/contraction_fully_connected_dynamic.in1.json | FileCheck %s --check-prefix=IN1
// IN1: {"outputs":[{"data":[6,3.5,1.5,0,0,2.03125,0.5,0,1],"dtype":"float32","name":"output0","shape":[3,3]},{"data":[4.25,-2.75,2.25,0.875,0.5,0.5625,-5.75,5.125,0.9375,6.5,-4,0.125,1.5,1.25,5.125,-1.75,-1,-1.125],"dtype":"float32","name":"output1","shape":[3,2,3]},{"data":[7.75,3.5,1.5,-0.75,-1.9375,2.03125,2,1,6.125],"dtype":"float32","name":"output2","shape":[3,3]}]}
func.func @main(%x: tensor<?x4xf32>, %x3: tensor<?x2x4xf32>, %f: tensor<?x?xf32>) -> (tensor<?x3xf32>, tensor<?x2x3xf32>, tensor<?x3xf32>) {
  %w = lite.constant dense<[[0.5, -1.0, 0.25, 2.0], [-0.75, 0.5, 1.5, -0.25], [1.0, 1.0, -1.0, 0.125]]> : tensor<3x4xf32>
  %b = lite.constant dense<[0.5, -0.25, 1.0]> : tensor<3xf32>
  %rows = lite.fully_connected %x, %w, %b {fused_activation_function = #lite.activation<RELU6>} : (tensor<?x4xf32>, tensor<3x4xf32>, tensor<3xf32>) -> tensor<?x3xf32>
  %keep = lite.fully_connected %x3, %w {keep_num_dims = true} : (tensor<?x2x4xf32>, tensor<3x4xf32>) -> tensor<?x2x3xf32>
  %flat = lite.fully_connected %f, %w, %b : (tensor<?x?xf32>, tensor<3x4xf32>, tensor<3xf32>) -> tensor<?x3xf32>
  return %rows, %keep, %flat : tensor<?x3xf32>, tensor<?x2x3xf32>, tensor<?x3xf32>
}
