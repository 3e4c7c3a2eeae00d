// Integer reductions: int32 sums and means (means truncate toward zero,
// accumulating in int64), max/min with keep_dims; int8 sums wrap around
// and compare signed; uint8 compares unsigned, its sum wraps and its mean
// is taken over the unsigned values; int64 sums.
// RUN: sluice-run %s --inputs=%S/contraction_reduce_int.in0.json | FileCheck %s --check-prefix=IN0
// RUN: sluice-run %s --engine=native --inputs=%S/contraction_reduce_int.in0.json | FileCheck %s --check-prefix=IN0
// IN0: {"outputs":[{"data":[6,-2,2147483645],"dtype":"int32","name":"output0","shape":[3]},{"data":[-1,715827884],"dtype":"int32","name":"output1","shape":[2]},{"data":[357913941],"dtype":"int32","name":"output2","shape":[]},{"data":[-1,2147483647],"dtype":"int32","name":"output3","shape":[2,1]},{"data":[-1,-2,-2],"dtype":"int32","name":"output4","shape":[1,3]},{"data":[77],"dtype":"int8","name":"output5","shape":[]},{"data":[19],"dtype":"int8","name":"output6","shape":[]},{"data":[100],"dtype":"int8","name":"output7","shape":[]},{"data":[-128],"dtype":"int8","name":"output8","shape":[]},{"data":[41],"dtype":"uint8","name":"output9","shape":[]},{"data":[138],"dtype":"uint8","name":"output10","shape":[]},{"data":[250],"dtype":"uint8","name":"output11","shape":[]},{"data":[3],"dtype":"uint8","name":"output12","shape":[]},{"data":[-9223372036854775808,-11],"dtype":"int64","name":"output13","shape":[2]},{"data":[2305843009213693949],"dtype":"int64","name":"output14","shape":[]}]}
// RUN: sluice-run %s --inputs=%S/contraction_reduce_int.in1.json | FileCheck %s --check-prefix=IN1
// RUN: sluice-run %s --engine=native --inputs=%S/contraction_reduce_int.in1.json | FileCheck %s --check-prefix=IN1
// IN1: {"outputs":[{"data":[2,-12,12],"dtype":"int32","name":"output0","shape":[3]},{"data":[0,0],"dtype":"int32","name":"output1","shape":[2]},{"data":[0],"dtype":"int32","name":"output2","shape":[]},{"data":[5,8],"dtype":"int32","name":"output3","shape":[2,1]},{"data":[-3,-9,4],"dtype":"int32","name":"output4","shape":[1,3]},{"data":[-10],"dtype":"int8","name":"output5","shape":[]},{"data":[-2],"dtype":"int8","name":"output6","shape":[]},{"data":[-1],"dtype":"int8","name":"output7","shape":[]},{"data":[-4],"dtype":"int8","name":"output8","shape":[]},{"data":[254],"dtype":"uint8","name":"output9","shape":[]},{"data":[127],"dtype":"uint8","name":"output10","shape":[]},{"data":[255],"dtype":"uint8","name":"output11","shape":[]},{"data":[0],"dtype":"uint8","name":"output12","shape":[]},{"data":[-4,4],"dtype":"int64","name":"output13","shape":[2]},{"data":[0],"dtype":"int64","name":"output14","shape":[]}]}
func.func @main(%i: tensor<2x3xi32>, %b: tensor<4xi8>, %u: tensor<4xui8>, %l: tensor<2x2xi64>) -> (tensor<3xi32>, tensor<2xi32>, tensor<i32>, tensor<2x1xi32>, tensor<1x3xi32>, tensor<i8>, tensor<i8>, tensor<i8>, tensor<i8>, tensor<ui8>, tensor<ui8>, tensor<ui8>, tensor<ui8>, tensor<2xi64>, tensor<i64>) {
  %a0 = lite.constant dense<0> : tensor<1xi32>
  %a1 = lite.constant dense<1> : tensor<1xi32>
  %am1 = lite.constant dense<-1> : tensor<1xi64>
  %both = lite.constant dense<[0, 1]> : tensor<2xi32>
  %isum = lite.sum %i, %a0 : (tensor<2x3xi32>, tensor<1xi32>) -> tensor<3xi32>
  %imean = lite.mean %i, %a1 : (tensor<2x3xi32>, tensor<1xi32>) -> tensor<2xi32>
  %iall = lite.mean %i, %both : (tensor<2x3xi32>, tensor<2xi32>) -> tensor<i32>
  %imax = lite.reduce_max %i, %am1 {keep_dims = true} : (tensor<2x3xi32>, tensor<1xi64>) -> tensor<2x1xi32>
  %imin = lite.reduce_min %i, %a0 {keep_dims = true} : (tensor<2x3xi32>, tensor<1xi32>) -> tensor<1x3xi32>
  %bsum = lite.sum %b, %a0 : (tensor<4xi8>, tensor<1xi32>) -> tensor<i8>
  %bmean = lite.mean %b, %a0 : (tensor<4xi8>, tensor<1xi32>) -> tensor<i8>
  %bmax = lite.reduce_max %b, %a0 : (tensor<4xi8>, tensor<1xi32>) -> tensor<i8>
  %bmin = lite.reduce_min %b, %a0 : (tensor<4xi8>, tensor<1xi32>) -> tensor<i8>
  %usum = lite.sum %u, %a0 : (tensor<4xui8>, tensor<1xi32>) -> tensor<ui8>
  %umean = lite.mean %u, %a0 : (tensor<4xui8>, tensor<1xi32>) -> tensor<ui8>
  %umax = lite.reduce_max %u, %a0 : (tensor<4xui8>, tensor<1xi32>) -> tensor<ui8>
  %umin = lite.reduce_min %u, %a0 : (tensor<4xui8>, tensor<1xi32>) -> tensor<ui8>
  %lsum = lite.sum %l, %a1 : (tensor<2x2xi64>, tensor<1xi32>) -> tensor<2xi64>
  %lmean = lite.mean %l, %both : (tensor<2x2xi64>, tensor<2xi32>) -> tensor<i64>
  return %isum, %imean, %iall, %imax, %imin, %bsum, %bmean, %bmax, %bmin, %usum, %umean, %umax, %umin, %lsum, %lmean : tensor<3xi32>, tensor<2xi32>, tensor<i32>, tensor<2x1xi32>, tensor<1x3xi32>, tensor<i8>, tensor<i8>, tensor<i8>, tensor<i8>, tensor<ui8>, tensor<ui8>, tensor<ui8>, tensor<ui8>, tensor<2xi64>, tensor<i64>
}
