// Strided slices with masks through every engine (and reverse mode, whose
// gradient writes each block back into zeros of the input's shape): rows 1
// and 2 of x (end_mask on the columns), and its last column (begin and end
// masks on the rows, the column index -1 shrunk away).
// By hand, x = [[1, 2, 3], [4, 5, 6], [7, 8, 9], [10, 11, 12]]: the rows
// times 2 are [[8, 10, 12], [14, 16, 18]]; the last column squared is
// [9, 36, 81, 144].
// RUN: sluice-run %s --inputs=%S/strided_rows.in0.json | FileCheck %s
// CHECK: {"outputs":[{"data":[8,10,12,14,16,18],"dtype":"float32","name":"output0","shape":[2,3]},{"data":[9,36,81,144],"dtype":"float32","name":"output1","shape":[4]}]}
func.func @main(%x: tensor<4x3xf32>) -> (tensor<2x3xf32>, tensor<4xf32>) {
  %b = lite.constant dense<[1, 0]> : tensor<2xi32>
  %e = lite.constant dense<[3, 0]> : tensor<2xi32>
  %s = lite.constant dense<1> : tensor<2xi32>
  %rows = lite.strided_slice %x, %b, %e, %s {end_mask = 2 : i32} : (tensor<4x3xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<2x3xf32>
  %two = lite.constant dense<2.0> : tensor<f32>
  %twice = lite.mul %rows, %two : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  %cb = lite.constant dense<[0, -1]> : tensor<2xi32>
  %ce = lite.constant dense<[0, 0]> : tensor<2xi32>
  %column = lite.strided_slice %x, %cb, %ce, %s {begin_mask = 1 : i32, end_mask = 1 : i32, shrink_axis_mask = 2 : i32} : (tensor<4x3xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<4xf32>
  %squared = lite.mul %column, %column : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %twice, %squared : tensor<2x3xf32>, tensor<4xf32>
}
