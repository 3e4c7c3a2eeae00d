// float64 and int64: fully_connected in float64 with RELU and in int64
// (wrapping), batch_matmul in int64 with adj_x and in float64 with a
// broadcast batch, mean of float64 and of int64 (truncating), reduce_min
// of int64 and reduce_max of float64 over negative axes.
// RUN: sluice-run %s --inputs=%S/contraction_wide_types.in0.json | FileCheck %s --check-prefix=IN0
// RUN: sluice-run %s --engine=native --inputs=%S/contraction_wide_types.in0.json | FileCheck %s --check-prefix=IN0
// IN0: {"outputs":[{"data":[0.59999{{[0-9]*}},0,0,0],"dtype":"float64","name":"output0","shape":[2,2]},{"data":[0,9223372036854775805,-9,71],"dtype":"int64","name":"output1","shape":[2,2]},{"data":[5,9223372036854775779,-28,-1,22,20,-17,41,44],"dtype":"int64","name":"output2","shape":[3,3]},{"data":[-5,-5,8,12,-2.125,9.25,-2,-1.5],"dtype":"float64","name":"output3","shape":[2,2,2]},{"data":[0.06666{{[0-9]*}},0.16666{{[0-9]*}}],"dtype":"float64","name":"output4","shape":[2]},{"data":[4611686018427387900,3,4],"dtype":"int64","name":"output5","shape":[3]},{"data":[-1,1,0],"dtype":"int64","name":"output6","shape":[1,3]},{"data":[0.29999{{[0-9]*}},2.5],"dtype":"float64","name":"output7","shape":[2,1]}]}
func.func @main(%x: tensor<2x3xf64>, %w: tensor<2x3xf64>, %l: tensor<2x3xi64>, %v: tensor<2x3xi64>, %b: tensor<1x2x3xf64>, %c: tensor<2x3x2xf64>) -> (tensor<2x2xf64>, tensor<2x2xi64>, tensor<3x3xi64>, tensor<2x2x2xf64>, tensor<2xf64>, tensor<3xi64>, tensor<1x3xi64>, tensor<2x1xf64>) {
  %fc = lite.fully_connected %x, %w {fused_activation_function = #lite.activation<RELU>} : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x2xf64>
  %fci = lite.fully_connected %l, %v : (tensor<2x3xi64>, tensor<2x3xi64>) -> tensor<2x2xi64>
  %mm = lite.batch_matmul %l, %v {adj_x = true} : (tensor<2x3xi64>, tensor<2x3xi64>) -> tensor<3x3xi64>
  %bm = lite.batch_matmul %b, %c : (tensor<1x2x3xf64>, tensor<2x3x2xf64>) -> tensor<2x2x2xf64>
  %a1 = lite.constant dense<-1> : tensor<1xi32>
  %a0 = lite.constant dense<-2> : tensor<1xi64>
  %mean = lite.mean %x, %a1 : (tensor<2x3xf64>, tensor<1xi32>) -> tensor<2xf64>
  %imean = lite.mean %l, %a0 : (tensor<2x3xi64>, tensor<1xi64>) -> tensor<3xi64>
  %imin = lite.reduce_min %v, %a0 {keep_dims = true} : (tensor<2x3xi64>, tensor<1xi64>) -> tensor<1x3xi64>
  %fmax = lite.reduce_max %x, %a1 {keep_dims = true} : (tensor<2x3xf64>, tensor<1xi32>) -> tensor<2x1xf64>
  return %fc, %fci, %mm, %bm, %mean, %imean, %imin, %fmax : tensor<2x2xf64>, tensor<2x2xi64>, tensor<3x3xi64>, tensor<2x2x2xf64>, tensor<2xf64>, tensor<3xi64>, tensor<1x3xi64>, tensor<2x1xf64>
}
