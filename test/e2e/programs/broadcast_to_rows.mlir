// broadcast_to repeats a row and a column: its gradient sums the copies
// (reverse mode's unbroadcast). By hand: x = [1, 2, 3], c = [[10], [20]]:
// rows = [[1, 2, 3], [1, 2, 3]], cols = [[10, 10, 10], [20, 20, 20]],
// rows * cols = [[10, 20, 30], [20, 40, 60]].
// RUN: sluice-run %s --inputs=%S/broadcast_to_rows.in0.json | FileCheck %s
// CHECK: {"outputs":[{"data":[10,20,30,20,40,60],"dtype":"float32","name":"output0","shape":[2,3]}]}
func.func @main(%x: tensor<3xf32>, %c: tensor<2x1xf32>) -> tensor<2x3xf32> {
  %shape = lite.constant dense<[2, 3]> : tensor<2xi32>
  %rows = lite.broadcast_to %x, %shape : (tensor<3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  %cols = lite.broadcast_to %c, %shape : (tensor<2x1xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  %r = lite.mul %rows, %cols : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}
