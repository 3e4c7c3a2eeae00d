// sum, mean, reduce_max and reduce_min of a float32 [2, 3, 4] tensor over
// constant axes: one axis, a negative scalar axis with keep_dims, two
// axes, duplicate axes (1 and -2 name the same dimension) with keep_dims,
// no axes at all (the identity) and every axis.
// RUN: sluice-run %s --inputs=%S/contraction_reduce_float.in0.json | FileCheck %s --check-prefix=IN0
// RUN: sluice-run %s --engine=native --inputs=%S/contraction_reduce_float.in0.json | FileCheck %s --check-prefix=IN0
// IN0: {"outputs":[{"data":[-5.25,-4.5,-3.75,-3,3.75,4.5,5.25,6],"dtype":"float32","name":"output0","shape":[2,4]},{"data":[-2.375,-1.375,-0.375,0.625,1.625,2.625],"dtype":"float32","name":"output1","shape":[2,3,1]},{"data":[1,2,3],"dtype":"float32","name":"output2","shape":[3]},{"data":[-2.75,-2.5,-2.25,-2],"dtype":"float32","name":"output3","shape":[1,1,4]},{"data":[-2.75,-2.5,-2.25,-2,-1.75,-1.5,-1.25,-1,-0.75,-0.5,-0.25,0,0.25,0.5,0.75,1,1.25,1.5,1.75,2,2.25,2.5,2.75,3],"dtype":"float32","name":"output4","shape":[2,3,4]},{"data":[0.125],"dtype":"float32","name":"output5","shape":[]},{"data":[-2.375,-1.375,-0.375,0.625,1.625,2.625],"dtype":"float32","name":"output6","shape":[2,3]}]}
// RUN: sluice-run %s --inputs=%S/contraction_reduce_float.in1.json | FileCheck %s --check-prefix=IN1
// RUN: sluice-run %s --engine=native --inputs=%S/contraction_reduce_float.in1.json | FileCheck %s --check-prefix=IN1
// IN1: {"outputs":[{"data":[-1.00000{{[0-9]*}}e+30,-3.5,1.75,1.00000{{[0-9]*}}e+30,4.625,3.375,7.5,-4],"dtype":"float32","name":"output0","shape":[2,4]},{"data":[2.50000{{[0-9]*}}e+29,-2.50000{{[0-9]*}}e+29,1.17499{{[0-9]*}},1.625,0,1.25],"dtype":"float32","name":"output1","shape":[2,3,1]},{"data":[1.00000{{[0-9]*}}e+30,9,4],"dtype":"float32","name":"output2","shape":[3]},{"data":[-1.00000{{[0-9]*}}e+30,-7.5,-4,-9],"dtype":"float32","name":"output3","shape":[1,1,4]},{"data":[0.10000{{[0-9]*}},-7.5,3.25,1.00000{{[0-9]*}}e+30,-1.00000{{[0-9]*}}e+30,0,2.5,-0.30000{{[0-9]*}},4,4,-4,0.69999{{[0-9]*}},1.5,2.5,-3.5,6,0.125,-0.125,9,-9,3,1,2,-1],"dtype":"float32","name":"output4","shape":[2,3,4]},{"data":[0.76666{{[0-9]*}}],"dtype":"float32","name":"output5","shape":[]},{"data":[2.50000{{[0-9]*}}e+29,-2.50000{{[0-9]*}}e+29,1.17499{{[0-9]*}},1.625,0,1.25],"dtype":"float32","name":"output6","shape":[2,3]}]}
func.func @main(%x: tensor<2x3x4xf32>) -> (tensor<2x4xf32>, tensor<2x3x1xf32>, tensor<3xf32>, tensor<1x1x4xf32>, tensor<2x3x4xf32>, tensor<f32>, tensor<2x3xf32>) {
  %a1 = lite.constant dense<1> : tensor<1xi32>
  %sum = lite.sum %x, %a1 : (tensor<2x3x4xf32>, tensor<1xi32>) -> tensor<2x4xf32>
  %last = lite.constant dense<-1> : tensor<i32>
  %mean = lite.mean %x, %last {keep_dims = true} : (tensor<2x3x4xf32>, tensor<i32>) -> tensor<2x3x1xf32>
  %a02 = lite.constant dense<[0, 2]> : tensor<2xi32>
  %max = lite.reduce_max %x, %a02 : (tensor<2x3x4xf32>, tensor<2xi32>) -> tensor<3xf32>
  %dup = lite.constant dense<[1, -2, 0]> : tensor<3xi32>
  %min = lite.reduce_min %x, %dup {keep_dims = true} : (tensor<2x3x4xf32>, tensor<3xi32>) -> tensor<1x1x4xf32>
  %none = lite.constant dense<> : tensor<0xi32>
  %same = lite.reduce_max %x, %none : (tensor<2x3x4xf32>, tensor<0xi32>) -> tensor<2x3x4xf32>
  %all = lite.constant dense<[2, 1, 0]> : tensor<3xi64>
  %total = lite.mean %x, %all : (tensor<2x3x4xf32>, tensor<3xi64>) -> tensor<f32>
  %rowmean = lite.mean %x, %last : (tensor<2x3x4xf32>, tensor<i32>) -> tensor<2x3xf32>
  return %sum, %mean, %max, %min, %same, %total, %rowmean : tensor<2x4xf32>, tensor<2x3x1xf32>, tensor<3xf32>, tensor<1x1x4xf32>, tensor<2x3x4xf32>, tensor<f32>, tensor<2x3xf32>
}
