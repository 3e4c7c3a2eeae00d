// lite.tile whose multiples are an input: the exported model's output is a
// copy of the TILE's (whose shape LiteRT only knows at run time), so that
// LiteRT.js, which does not resize buffers, reads it right.
// By hand: [[1, 2, 3], [4, 5, 6]] tiled [2, 1] stacks it twice.
// RUN: sluice-run %s --inputs=%S/tile_runtime_multiples.in0.json | FileCheck %s
// CHECK: {"outputs":[{"data":[1,2,3,4,5,6,1,2,3,4,5,6],"dtype":"float32","name":"output0","shape":[4,3]}]}
func.func @main(%x: tensor<2x3xf32>, %m: tensor<2xi32>) -> tensor<4x3xf32> {
  %r = lite.tile %x, %m : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}
