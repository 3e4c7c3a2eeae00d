// RUN: sluice-translate --mlir-to-tflite %s -o %t.tflite
// RUN: sluice-translate --tflite-to-mlir %t.tflite | FileCheck %s

// leaky_relu's alpha travels in its LeakyReluOptions table.
// CHECK: lite.leaky_relu %arg0 {alpha = 3.750000e-01 : f32} : tensor<4xf32>
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = lite.leaky_relu %x {alpha = 0.375 : f32} : tensor<4xf32>
  return %r : tensor<4xf32>
}
