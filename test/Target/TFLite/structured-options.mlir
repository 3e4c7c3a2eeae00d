// RUN: sluice-translate --mlir-to-tflite %s -o %t.tflite
// RUN: sluice-translate --tflite-to-mlir %t.tflite | FileCheck %s
// RUN: sluice-translate --tflite-to-mlir %t.tflite | sluice-translate --mlir-to-tflite -o %t.b.tflite
// RUN: cmp %t.tflite %t.b.tflite

// arg_max's and arg_min's index type travels as their options' output_type
// (and in the result tensor's type); reverse_v2 writes ReverseV2Options;
// cumsum's exclusive and reverse travel in CumsumOptions, softmax's beta in
// SoftmaxOptions; log_softmax writes LogSoftmaxOptions, pad PadV2Options.
// CHECK: lite.arg_max %arg0, %{{.*}} : (tensor<2x3xf32>, tensor<i32>) -> tensor<2xi32>
// CHECK: lite.arg_min %arg0, %{{.*}} : (tensor<2x3xf32>, tensor<i32>) -> tensor<3xi64>
// CHECK: lite.reverse_v2 %arg0, %{{.*}} : (tensor<2x3xf32>, tensor<1xi32>) -> tensor<2x3xf32>
// CHECK: lite.softmax %arg0 {beta = 5.000000e-01 : f32} : tensor<2x3xf32>
// CHECK: lite.log_softmax %arg0 : tensor<2x3xf32>
// CHECK: lite.pad %arg0, %{{.*}}, %{{.*}} : (tensor<2x3xf32>, tensor<2x2xi32>, tensor<f32>) -> tensor<3x5xf32>
// CHECK: lite.cumsum %arg0, %{{.*}} {exclusive = true, reverse = true} : (tensor<2x3xf32>, tensor<i32>) -> tensor<2x3xf32>
func.func @main(%x: tensor<2x3xf32>) -> (tensor<2xi32>, tensor<3xi64>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<3x5xf32>) {
  %last = lite.constant dense<-1> : tensor<i32>
  %first = lite.constant dense<0> : tensor<i32>
  %i = lite.arg_max %x, %last : (tensor<2x3xf32>, tensor<i32>) -> tensor<2xi32>
  %j = lite.arg_min %x, %first : (tensor<2x3xf32>, tensor<i32>) -> tensor<3xi64>
  %axes = lite.constant dense<1> : tensor<1xi32>
  %r = lite.reverse_v2 %x, %axes : (tensor<2x3xf32>, tensor<1xi32>) -> tensor<2x3xf32>
  %sm = lite.softmax %x {beta = 0.5 : f32} : tensor<2x3xf32>
  %lsm = lite.log_softmax %x : tensor<2x3xf32>
  %pads = lite.constant dense<[[1, 0], [1, 1]]> : tensor<2x2xi32>
  %zero = lite.constant dense<0.0> : tensor<f32>
  %pd = lite.pad %x, %pads, %zero : (tensor<2x3xf32>, tensor<2x2xi32>, tensor<f32>) -> tensor<3x5xf32>
  %c = lite.cumsum %x, %last {exclusive = true, reverse = true} : (tensor<2x3xf32>, tensor<i32>) -> tensor<2x3xf32>
  return %i, %j, %r, %c, %sm, %lsm, %pd : tensor<2xi32>, tensor<3xi64>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<3x5xf32>
}
