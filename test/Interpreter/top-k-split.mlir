// top_k and split on operands known only at run time, in the interpreter
// and in native code: TF's order (greater first, ties by index, NaN above
// every number here), k = 0, k outside [0, n] refused; split along a
// dimension known at run time, one the results do not divide refused.
// RUN: echo '[[[1, 3, 2, 3, 0], ["nan", -1, 5, "nan", "-inf"]], 3]' > %t.topk.json
// RUN: sluice-run %s --function=top_k --inputs=%t.topk.json | FileCheck %s --check-prefix=TOPK
// RUN: sluice-run %s --function=top_k --inputs=%t.topk.json --engine=native | FileCheck %s --check-prefix=TOPK
// TOPK: {"outputs":[{"data":[3,3,2,"nan","nan",5],"dtype":"float32","name":"output0","shape":[2,3]},{"data":[1,3,2,0,3,2],"dtype":"int32","name":"output1","shape":[2,3]}]}
// RUN: echo '[[[1, 3, 2, 3, 0], [1, 1, 1, 1, 1]], 0]' > %t.none.json
// RUN: sluice-run %s --function=top_k --inputs=%t.none.json | FileCheck %s --check-prefix=NONE
// RUN: sluice-run %s --function=top_k --inputs=%t.none.json --engine=native | FileCheck %s --check-prefix=NONE
// NONE: {"outputs":[{"data":[],"dtype":"float32","name":"output0","shape":[2,0]},{"data":[],"dtype":"int32","name":"output1","shape":[2,0]}]}
// RUN: echo '[[[1, 3, 2, 3, 0], [1, 1, 1, 1, 1]], 6]' > %t.past.json
// RUN: not sluice-run %s --function=top_k --inputs=%t.past.json 2>&1 | FileCheck %s --check-prefix=PAST
// PAST: error: top_k: k = 6 is more than the 5 elements of a row
// RUN: not sluice-run %s --function=top_k --inputs=%t.past.json --engine=native 2>&1 | FileCheck %s --check-prefix=INVALID
// RUN: echo '[[[1, 3, 2, 3, 0], [1, 1, 1, 1, 1]], -2]' > %t.negative.json
// RUN: not sluice-run %s --function=top_k --inputs=%t.negative.json 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// NEGATIVE: error: top_k: k = -2 is negative
// RUN: not sluice-run %s --function=top_k --inputs=%t.negative.json --engine=native 2>&1 | FileCheck %s --check-prefix=INVALID
// INVALID: SLUICE_ERROR_INVALID_ARGUMENT
//
// Rows along the last of three dimensions, ints (the lowest value too).
// RUN: echo '[[[[7, -2147483648, 7]], [[0, 2147483647, -1]]]]' > %t.rank3.json
// RUN: sluice-run %s --function=top_k_rank3 --inputs=%t.rank3.json | FileCheck %s --check-prefix=RANK3
// RUN: sluice-run %s --function=top_k_rank3 --inputs=%t.rank3.json --engine=native | FileCheck %s --check-prefix=RANK3
// RANK3: {"outputs":[{"data":[7,7,-2147483648,2147483647,0,-1],"dtype":"int32","name":"output0","shape":[2,1,3]},{"data":[0,2,1,1,0,2],"dtype":"int32","name":"output1","shape":[2,1,3]}]}
//
// RUN: echo '[[[1, 2, 3, 4], [5, 6, 7, 8]]]' > %t.split.json
// RUN: sluice-run %s --function=split --inputs=%t.split.json | FileCheck %s --check-prefix=SPLIT
// RUN: sluice-run %s --function=split --inputs=%t.split.json --engine=native | FileCheck %s --check-prefix=SPLIT
// SPLIT: {"outputs":[{"data":[1,2,5,6],"dtype":"float32","name":"output0","shape":[2,2]},{"data":[3,4,7,8],"dtype":"float32","name":"output1","shape":[2,2]}]}
// RUN: echo '[[[1, 2, 3], [5, 6, 7]]]' > %t.odd.json
// RUN: not sluice-run %s --function=split --inputs=%t.odd.json 2>&1 | FileCheck %s --check-prefix=ODD
// ODD: error: split of float32[2, 3] along axis 1 into 2 equal parts: 2 does not divide 3
// RUN: not sluice-run %s --function=split --inputs=%t.odd.json --engine=native 2>&1 | FileCheck %s --check-prefix=MISMATCH
// MISMATCH: SLUICE_ERROR_SHAPE_MISMATCH

func.func @top_k(%x: tensor<2x5xf32>, %k: tensor<i32>) -> (tensor<2x?xf32>, tensor<2x?xi32>) {
  %v, %i = lite.top_k %x, %k : (tensor<2x5xf32>, tensor<i32>) -> (tensor<2x?xf32>, tensor<2x?xi32>)
  return %v, %i : tensor<2x?xf32>, tensor<2x?xi32>
}
func.func @top_k_rank3(%x: tensor<?x?x?xi32>) -> (tensor<?x?x3xi32>, tensor<?x?x3xi32>) {
  %k = lite.constant dense<3> : tensor<i32>
  %v, %i = lite.top_k %x, %k : (tensor<?x?x?xi32>, tensor<i32>) -> (tensor<?x?x3xi32>, tensor<?x?x3xi32>)
  return %v, %i : tensor<?x?x3xi32>, tensor<?x?x3xi32>
}
func.func @split(%x: tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %a = lite.constant dense<-1> : tensor<i32>
  %p:2 = lite.split %a, %x : (tensor<i32>, tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>)
  return %p#0, %p#1 : tensor<?x?xf32>, tensor<?x?xf32>
}
