// lite.tile on every engine (TF's Tile; what the gradient of a reduction
// uses), with constant multiples (LiteRT then knows the result's shape when
// it prepares the model; tile_runtime_multiples in native-ops has them at
// run time).
// By hand: [[1, 2, 3], [4, 5, 6]] tiled [2, 1] stacks it twice; [1, 2]
// repeats each row.
// RUN: sluice-run %s --inputs=%S/tile.in0.json | FileCheck %s
// CHECK: {"outputs":[{"data":[1,2,3,4,5,6,1,2,3,4,5,6],"dtype":"float32","name":"output0","shape":[4,3]},{"data":[1,2,3,1,2,3,4,5,6,4,5,6],"dtype":"int32","name":"output1","shape":[2,6]}]}
func.func @main(%x: tensor<2x3xf32>) -> (tensor<4x3xf32>, tensor<2x6xi32>) {
  %m = lite.constant dense<[2, 1]> : tensor<2xi32>
  %a = lite.tile %x, %m : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<4x3xf32>
  %i = lite.cast %x : tensor<2x3xf32> -> tensor<2x3xi32>
  %n = lite.constant dense<[1, 2]> : tensor<2xi32>
  %b = lite.tile %i, %n : (tensor<2x3xi32>, tensor<2xi32>) -> tensor<2x6xi32>
  return %a, %b : tensor<4x3xf32>, tensor<2x6xi32>
}
