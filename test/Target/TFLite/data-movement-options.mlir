// RUN: sluice-translate --mlir-to-tflite %s -o %t.tflite
// RUN: sluice-translate --tflite-to-mlir %t.tflite | FileCheck %s
// RUN: sluice-translate --tflite-to-mlir %t.tflite | sluice-translate --mlir-to-tflite -o %t.b.tflite
// RUN: cmp %t.tflite %t.b.tflite

// mirror_pad's mode travels in MirrorPadOptions, reverse_sequence's
// dimensions in ReverseSequenceOptions, one_hot's axis in OneHotOptions
// (written even when it is the schema's default 0).
// CHECK: lite.mirror_pad %arg0, %{{.*}} {mode = #lite.mirror_pad_mode<SYMMETRIC>} : (tensor<2x3xf32>, tensor<2x2xi32>) -> tensor<3x6xf32>
// CHECK: lite.mirror_pad %arg0, %{{.*}} {mode = #lite.mirror_pad_mode<REFLECT>} : (tensor<2x3xf32>, tensor<2x2xi32>) -> tensor<3x5xf32>
// CHECK: lite.reverse_sequence %arg0, %{{.*}} {batch_dim = 1 : i32, seq_dim = 0 : i32} : (tensor<2x3xf32>, tensor<3xi32>) -> tensor<2x3xf32>
// CHECK: lite.one_hot %arg1, %{{.*}}, %{{.*}}, %{{.*}} {axis = 0 : i32} : (tensor<2xi32>, tensor<i32>, tensor<f32>, tensor<f32>) -> tensor<4x2xf32>
// CHECK: lite.one_hot %arg1, %{{.*}}, %{{.*}}, %{{.*}} : (tensor<2xi32>, tensor<i32>, tensor<f32>, tensor<f32>) -> tensor<2x4xf32>
func.func @main(%x: tensor<2x3xf32>, %i: tensor<2xi32>) -> (tensor<3x6xf32>, tensor<3x5xf32>, tensor<2x3xf32>, tensor<4x2xf32>, tensor<2x4xf32>) {
  %p = lite.constant dense<[[1, 0], [1, 2]]> : tensor<2x2xi32>
  %s = lite.mirror_pad %x, %p {mode = #lite.mirror_pad_mode<SYMMETRIC>} : (tensor<2x3xf32>, tensor<2x2xi32>) -> tensor<3x6xf32>
  %q = lite.constant dense<[[1, 0], [1, 1]]> : tensor<2x2xi32>
  %r = lite.mirror_pad %x, %q {mode = #lite.mirror_pad_mode<REFLECT>} : (tensor<2x3xf32>, tensor<2x2xi32>) -> tensor<3x5xf32>
  %n = lite.constant dense<[1, 2, 0]> : tensor<3xi32>
  %v = lite.reverse_sequence %x, %n {seq_dim = 0 : i32, batch_dim = 1 : i32} : (tensor<2x3xf32>, tensor<3xi32>) -> tensor<2x3xf32>
  %d = lite.constant dense<4> : tensor<i32>
  %on = lite.constant dense<1.0> : tensor<f32>
  %off = lite.constant dense<0.0> : tensor<f32>
  %h = lite.one_hot %i, %d, %on, %off {axis = 0 : i32} : (tensor<2xi32>, tensor<i32>, tensor<f32>, tensor<f32>) -> tensor<4x2xf32>
  %g = lite.one_hot %i, %d, %on, %off : (tensor<2xi32>, tensor<i32>, tensor<f32>, tensor<f32>) -> tensor<2x4xf32>
  return %s, %r, %v, %h, %g : tensor<3x6xf32>, tensor<3x5xf32>, tensor<2x3xf32>, tensor<4x2xf32>, tensor<2x4xf32>
}
