// mirror_pad, reverse_sequence and one_hot on operands known only at run
// time: the values TF gives, and its refusals, in the interpreter and in
// native code.
// RUN: echo '[[1, 2, 3], [[2, 1]]]' > %t.mirror.json
// RUN: sluice-run %s --function=mirror --inputs=%t.mirror.json | FileCheck %s --check-prefix=MIRROR
// RUN: sluice-run %s --function=mirror --inputs=%t.mirror.json --engine=native | FileCheck %s --check-prefix=MIRROR
// MIRROR: {"outputs":[{"data":[3,2,1,2,3,2],"dtype":"float32","name":"output0","shape":[6]},{"data":[1,1,2,3,3,2],"dtype":"float32","name":"output1","shape":[6]}]}
// REFLECT takes at most the size less one (3 - 1 = 2): 3 is refused.
// RUN: echo '[[1, 2, 3], [[3, 0]]]' > %t.mirror-bad.json
// RUN: not sluice-run %s --function=mirror --inputs=%t.mirror-bad.json 2>&1 | FileCheck %s --check-prefix=MIRROR-BAD
// MIRROR-BAD: error: paddings has 3 in row 0, more than 2 for a dimension of size 3
// RUN: not sluice-run %s --function=mirror --inputs=%t.mirror-bad.json --engine=native 2>&1 | FileCheck %s --check-prefix=INVALID
// INVALID: SLUICE_ERROR_INVALID_ARGUMENT
//
// RUN: echo '[[[1, 2, 3, 4], [5, 6, 7, 8]], [3, 0]]' > %t.reverse.json
// RUN: sluice-run %s --function=reverse --inputs=%t.reverse.json | FileCheck %s --check-prefix=REVERSE
// RUN: sluice-run %s --function=reverse --inputs=%t.reverse.json --engine=native | FileCheck %s --check-prefix=REVERSE
// REVERSE: {"outputs":[{"data":[3,2,1,4,5,6,7,8],"dtype":"float32","name":"output0","shape":[2,4]}]}
// RUN: echo '[[[1, 2, 3, 4], [5, 6, 7, 8]], [5, 0]]' > %t.reverse-long.json
// RUN: not sluice-run %s --function=reverse --inputs=%t.reverse-long.json 2>&1 | FileCheck %s --check-prefix=LONG
// LONG: error: seq_lengths has 5, outside [0, 4]
// RUN: not sluice-run %s --function=reverse --inputs=%t.reverse-long.json --engine=native 2>&1 | FileCheck %s --check-prefix=INVALID
// RUN: echo '[[[1, 2, 3, 4], [5, 6, 7, 8]], [1, 1, 1]]' > %t.reverse-batch.json
// RUN: not sluice-run %s --function=reverse --inputs=%t.reverse-batch.json 2>&1 | FileCheck %s --check-prefix=BATCH
// BATCH: error: seq_lengths has 3 entries for a batch of 2
// RUN: not sluice-run %s --function=reverse --inputs=%t.reverse-batch.json --engine=native 2>&1 | FileCheck %s --check-prefix=INVALID
//
// RUN: echo '[[0, 2, -1, 7], 3]' > %t.hot.json
// RUN: sluice-run %s --function=hot --inputs=%t.hot.json | FileCheck %s --check-prefix=HOT
// RUN: sluice-run %s --function=hot --inputs=%t.hot.json --engine=native | FileCheck %s --check-prefix=HOT
// HOT: {"outputs":[{"data":[1,0,0,0,0,1,0,0,0,0,0,0],"dtype":"int32","name":"output0","shape":[4,3]}]}
// RUN: echo '[[0, 2, 1, 1], -1]' > %t.hot-negative.json
// RUN: not sluice-run %s --function=hot --inputs=%t.hot-negative.json 2>&1 | FileCheck %s --check-prefix=DEPTH
// DEPTH: error: one_hot depth must be non-negative, got -1
// RUN: not sluice-run %s --function=hot --inputs=%t.hot-negative.json --engine=native 2>&1 | FileCheck %s --check-prefix=INVALID
func.func @mirror(%x: tensor<3xf32>, %p: tensor<1x2xi32>) -> (tensor<?xf32>, tensor<?xf32>) {
  %r = lite.mirror_pad %x, %p {mode = #lite.mirror_pad_mode<REFLECT>} : (tensor<3xf32>, tensor<1x2xi32>) -> tensor<?xf32>
  %one = lite.constant dense<[[1, 2]]> : tensor<1x2xi32>
  %s = lite.mirror_pad %x, %one {mode = #lite.mirror_pad_mode<SYMMETRIC>} : (tensor<3xf32>, tensor<1x2xi32>) -> tensor<?xf32>
  return %r, %s : tensor<?xf32>, tensor<?xf32>
}
func.func @reverse(%x: tensor<2x4xf32>, %n: tensor<?xi32>) -> tensor<2x4xf32> {
  %r = lite.reverse_sequence %x, %n {seq_dim = 1 : i32} : (tensor<2x4xf32>, tensor<?xi32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}
func.func @hot(%i: tensor<4xi32>, %d: tensor<i32>) -> tensor<4x?xi32> {
  %on = lite.constant dense<1> : tensor<i32>
  %off = lite.constant dense<0> : tensor<i32>
  %r = lite.one_hot %i, %d, %on, %off : (tensor<4xi32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<4x?xi32>
  return %r : tensor<4x?xi32>
}
