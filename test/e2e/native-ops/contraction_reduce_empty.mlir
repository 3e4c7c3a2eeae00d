// Reductions over an empty set: a sum or mean is 0, reduce_max gives the
// type's lowest value (-FLT_MAX, INT32_MIN) and reduce_min its largest. The
// shapes come from the inputs: zero-size dimensions fed at run time.
// RUN: sluice-run %s --inputs=%S/contraction_reduce_empty.in0.json | FileCheck %s --check-prefix=IN0
// RUN: sluice-run %s --engine=native --inputs=%S/contraction_reduce_empty.in0.json | FileCheck %s --check-prefix=IN0
// IN0: {"outputs":[{"data":[0,0],"dtype":"float32","name":"output0","shape":[2]},{"data":[0,0],"dtype":"float32","name":"output1","shape":[2]},{"data":[-3.40282{{[0-9]*}}e+38,-3.40282{{[0-9]*}}e+38],"dtype":"float32","name":"output2","shape":[2]},{"data":[3.40282{{[0-9]*}}e+38,3.40282{{[0-9]*}}e+38],"dtype":"float32","name":"output3","shape":[2]},{"data":[0,0,0],"dtype":"int32","name":"output4","shape":[3]},{"data":[0,0,0],"dtype":"int32","name":"output5","shape":[3]},{"data":[-2147483648,-2147483648,-2147483648],"dtype":"int32","name":"output6","shape":[3]},{"data":[2147483647,2147483647,2147483647],"dtype":"int32","name":"output7","shape":[1,3]}]}
// RUN: sluice-run %s --inputs=%S/contraction_reduce_empty.in1.json | FileCheck %s --check-prefix=IN1
// RUN: sluice-run %s --engine=native --inputs=%S/contraction_reduce_empty.in1.json | FileCheck %s --check-prefix=IN1
// IN1: {"outputs":[{"data":[-0.5,4.25,-2],"dtype":"float32","name":"output0","shape":[3]},{"data":[-0.25,2.125,-1],"dtype":"float32","name":"output1","shape":[3]},{"data":[1.5,4,-1],"dtype":"float32","name":"output2","shape":[3]},{"data":[-2,0.25,-1],"dtype":"float32","name":"output3","shape":[3]},{"data":[5,-1,7],"dtype":"int32","name":"output4","shape":[3]},{"data":[2,0,3],"dtype":"int32","name":"output5","shape":[3]},{"data":[4,4,9],"dtype":"int32","name":"output6","shape":[3]},{"data":[1,-5,-2],"dtype":"int32","name":"output7","shape":[1,3]}]}
func.func @main(%x: tensor<?x?xf32>, %i: tensor<?x3xi32>) -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>, tensor<1x3xi32>) {
  %a0 = lite.constant dense<0> : tensor<1xi32>
  %a1 = lite.constant dense<1> : tensor<1xi32>
  %sum = lite.sum %x, %a1 : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?xf32>
  %mean = lite.mean %x, %a1 : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?xf32>
  %max = lite.reduce_max %x, %a1 : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?xf32>
  %min = lite.reduce_min %x, %a1 : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<?xf32>
  %isum = lite.sum %i, %a0 : (tensor<?x3xi32>, tensor<1xi32>) -> tensor<3xi32>
  %imean = lite.mean %i, %a0 : (tensor<?x3xi32>, tensor<1xi32>) -> tensor<3xi32>
  %imax = lite.reduce_max %i, %a0 : (tensor<?x3xi32>, tensor<1xi32>) -> tensor<3xi32>
  %imin = lite.reduce_min %i, %a0 {keep_dims = true} : (tensor<?x3xi32>, tensor<1xi32>) -> tensor<1x3xi32>
  return %sum, %mean, %max, %min, %isum, %imean, %imax, %imin : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>, tensor<1x3xi32>
}
