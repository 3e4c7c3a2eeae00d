// batch_matmul's gradient for batched operands (one rank, the same static
// batch dimensions), with and without adj_x/adj_y, in the interpreter and
// native code; the values are TF's (tf.GradientTape of
// reduce_sum(matmul(x, y, adjoint_a, adjoint_b) * w) on these inputs).
// RUN: sed 's/@plain/@main/' %s | sluicec - --grad=0,1 --emit=mlir -o %t.plain.mlir
// RUN: echo '[[[[1, 2], [3, 4]], [[0, 1], [2, -1]]], [[[1, 0, 2], [1, 1, 0]], [[2, 1, 1], [0, 3, 1]]], [[[1, 2, 3], [4, 5, 6]], [[-1, 0, 1], [2, 2, 2]]], 1]' > %t.plain.json
// RUN: sluice-run %t.plain.mlir --function=main_grad --inputs=%t.plain.json | FileCheck %s --check-prefix=PLAIN
// RUN: sluice-run %t.plain.mlir --function=main_grad --inputs=%t.plain.json --engine=native | FileCheck %s --check-prefix=PLAIN
// PLAIN: "data":[7,3,16,9,-1,1,8,8]
// PLAIN-SAME: "data":[13,17,21,18,24,30,4,4,4,-3,-2,-1]
// RUN: sed 's/@adjoint/@main/' %s | sluicec - --grad=0,1 --emit=mlir -o %t.adjoint.mlir
// RUN: echo '[[[[1, 2], [3, 4]], [[0, 1], [2, -1]]], [[[1, 1], [0, 1], [2, 0]], [[2, 0], [1, 3], [1, 1]]], [[[1, 2, 3], [4, 5, 6]], [[-1, 0, 1], [2, 2, 2]]], 1]' > %t.adjoint.json
// RUN: sluice-run %t.adjoint.mlir --function=main_grad --inputs=%t.adjoint.json | FileCheck %s --check-prefix=ADJOINT
// RUN: sluice-run %t.adjoint.mlir --function=main_grad --inputs=%t.adjoint.json --engine=native | FileCheck %s --check-prefix=ADJOINT
// ADJOINT: "data":[7,16,3,9,-1,8,1,8]
// ADJOINT-SAME: "data":[9,19,12,26,15,33,2,-4,2,-2,2,0]
// Broadcast batch dimensions (their gradient would be summed) are refused.
// RUN: sed 's/@broadcast/@main/' %s | not sluicec - --grad=0 --emit=mlir 2>&1 | FileCheck %s --check-prefix=BROADCAST
// BROADCAST: has a gradient only for float operands of one rank with the same static batch dimensions

func.func @plain(%x: tensor<2x2x2xf32>, %y: tensor<2x2x3xf32>, %w: tensor<2x2x3xf32>) -> tensor<f32> {
  %z = lite.batch_matmul %x, %y : (tensor<2x2x2xf32>, tensor<2x2x3xf32>) -> tensor<2x2x3xf32>
  %p = lite.mul %z, %w : (tensor<2x2x3xf32>, tensor<2x2x3xf32>) -> tensor<2x2x3xf32>
  %axes = lite.constant dense<[0, 1, 2]> : tensor<3xi32>
  %l = lite.sum %p, %axes : (tensor<2x2x3xf32>, tensor<3xi32>) -> tensor<f32>
  return %l : tensor<f32>
}

func.func @adjoint(%x: tensor<2x2x2xf32>, %y: tensor<2x3x2xf32>, %w: tensor<2x2x3xf32>) -> tensor<f32> {
  %z = lite.batch_matmul %x, %y {adj_x = true, adj_y = true} : (tensor<2x2x2xf32>, tensor<2x3x2xf32>) -> tensor<2x2x3xf32>
  %p = lite.mul %z, %w : (tensor<2x2x3xf32>, tensor<2x2x3xf32>) -> tensor<2x2x3xf32>
  %axes = lite.constant dense<[0, 1, 2]> : tensor<3xi32>
  %l = lite.sum %p, %axes : (tensor<2x2x3xf32>, tensor<3xi32>) -> tensor<f32>
  return %l : tensor<f32>
}

func.func @broadcast(%x: tensor<2x2x2xf32>, %y: tensor<1x2x3xf32>) -> tensor<2x2x3xf32> {
  %z = lite.batch_matmul %x, %y : (tensor<2x2x2xf32>, tensor<1x2x3xf32>) -> tensor<2x2x3xf32>
  return %z : tensor<2x2x3xf32>
}
