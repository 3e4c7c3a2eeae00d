// Reductions whose axes are arguments, known only at run time: a float
// sum without keep_dims (the result type fixes that two axes are reduced),
// a float reduce_max with keep_dims, an int32 mean over a scalar axis and
// an int8 reduce_min over a vector of axes with keep_dims. in1 names the
// same dimensions with negative axes, in2 with duplicates where keep_dims
// allows any number of reduced dimensions.
// RUN: sluice-run %s --inputs=%S/contraction_reduce_runtime_axes.in0.json | FileCheck %s --check-prefix=IN0
// RUN: sluice-run %s --engine=native --inputs=%S/contraction_reduce_runtime_axes.in0.json | FileCheck %s --check-prefix=IN0
// IN0: {"outputs":[{"data":[-7,1,9],"dtype":"float32","name":"output0","shape":[3]},{"data":[1,2,3],"dtype":"float32","name":"output1","shape":[1,3,1]},{"data":[-1,4],"dtype":"int32","name":"output2","shape":[2]},{"data":[-4,-100],"dtype":"int8","name":"output3","shape":[2,1]}]}
// RUN: sluice-run %s --inputs=%S/contraction_reduce_runtime_axes.in1.json | FileCheck %s --check-prefix=IN1
// RUN: sluice-run %s --engine=native --inputs=%S/contraction_reduce_runtime_axes.in1.json | FileCheck %s --check-prefix=IN1
// IN1: {"outputs":[{"data":[-7,1,9],"dtype":"float32","name":"output0","shape":[3]},{"data":[1,2,3],"dtype":"float32","name":"output1","shape":[1,3,1]},{"data":[3,-1,1],"dtype":"int32","name":"output2","shape":[3]},{"data":[-100],"dtype":"int8","name":"output3","shape":[1,1]}]}
// RUN: sluice-run %s --inputs=%S/contraction_reduce_runtime_axes.in2.json | FileCheck %s --check-prefix=IN2
// RUN: sluice-run %s --engine=native --inputs=%S/contraction_reduce_runtime_axes.in2.json | FileCheck %s --check-prefix=IN2
// IN2: {"outputs":[{"data":[-16.5,19.5],"dtype":"float32","name":"output0","shape":[2]},{"data":[0,3],"dtype":"float32","name":"output1","shape":[2,1,1]},{"data":[1,-6,6],"dtype":"int32","name":"output2","shape":[3]},{"data":[3,-4,-100,7],"dtype":"int8","name":"output3","shape":[2,2]}]}
func.func @main(%x: tensor<2x3x4xf32>, %axes: tensor<2xi32>, %i: tensor<2x3xi32>, %axis: tensor<i32>, %b: tensor<2x2xi8>, %baxes: tensor<?xi64>) -> (tensor<?xf32>, tensor<?x?x?xf32>, tensor<?xi32>, tensor<?x?xi8>) {
  %sum = lite.sum %x, %axes : (tensor<2x3x4xf32>, tensor<2xi32>) -> tensor<?xf32>
  %max = lite.reduce_max %x, %axes {keep_dims = true} : (tensor<2x3x4xf32>, tensor<2xi32>) -> tensor<?x?x?xf32>
  %mean = lite.mean %i, %axis : (tensor<2x3xi32>, tensor<i32>) -> tensor<?xi32>
  %min = lite.reduce_min %b, %baxes {keep_dims = true} : (tensor<2x2xi8>, tensor<?xi64>) -> tensor<?x?xi8>
  return %sum, %max, %mean, %min : tensor<?xf32>, tensor<?x?x?xf32>, tensor<?xi32>, tensor<?x?xi8>
}
