// A padded sequence summed over sliding windows of 3: pad with 1 before
// and after, then add the three shifted slices; the gradient slices the
// padding off again. By hand: x = [1, 2, 3], padded [v, 1, 2, 3, v] with
// v = 0.5: windows [3.5, 6, 5.5].
// RUN: sluice-run %s --inputs=%S/pad_window.in0.json | FileCheck %s
// CHECK: {"outputs":[{"data":[3.5,6,5.5],"dtype":"float32","name":"output0","shape":[3]}]}
func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {
  %p = lite.constant dense<[[1, 1]]> : tensor<1x2xi32>
  %v = lite.constant dense<0.5> : tensor<f32>
  %padded = lite.pad %x, %p, %v : (tensor<3xf32>, tensor<1x2xi32>, tensor<f32>) -> tensor<5xf32>
  %size = lite.constant dense<3> : tensor<1xi32>
  %b0 = lite.constant dense<0> : tensor<1xi32>
  %b1 = lite.constant dense<1> : tensor<1xi32>
  %b2 = lite.constant dense<2> : tensor<1xi32>
  %s0 = lite.slice %padded, %b0, %size : (tensor<5xf32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xf32>
  %s1 = lite.slice %padded, %b1, %size : (tensor<5xf32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xf32>
  %s2 = lite.slice %padded, %b2, %size : (tensor<5xf32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xf32>
  %a = lite.add %s0, %s1 : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %r = lite.add %a, %s2 : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %r : tensor<3xf32>
}
