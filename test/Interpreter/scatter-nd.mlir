// scatter_nd in the interpreter and in native code: repeated tuples add up
// (in order), slices of rows, a tuple outside the shape refused; its
// gradient (a gather of the seed at the tuples) and gather's (a scatter_nd
// of the seed) against hand-computed values.
// RUN: echo '[[[1, 2], [0, 0], [1, 2]], [1.5, -2, 4]]' > %t.elements.json
// RUN: sluice-run %s --function=elements --inputs=%t.elements.json | FileCheck %s --check-prefix=ELEMENTS
// RUN: sluice-run %s --function=elements --inputs=%t.elements.json --engine=native | FileCheck %s --check-prefix=ELEMENTS
// ELEMENTS: {"outputs":[{"data":[-2,0,0,0,0,5.5],"dtype":"float32","name":"output0","shape":[2,3]}]}
// RUN: echo '[[[3], [0], [3]], [[1, 2], [3, 4], [5, 6]], [5, 2]]' > %t.rows.json
// RUN: sluice-run %s --function=rows --inputs=%t.rows.json | FileCheck %s --check-prefix=ROWS
// RUN: sluice-run %s --function=rows --inputs=%t.rows.json --engine=native | FileCheck %s --check-prefix=ROWS
// ROWS: {"outputs":[{"data":[3,4,0,0,0,0,6,8,0,0],"dtype":"int32","name":"output0","shape":[5,2]}]}
// RUN: echo '[[[5], [0], [3]], [[1, 2], [3, 4], [5, 6]], [5, 2]]' > %t.outside.json
// RUN: not sluice-run %s --function=rows --inputs=%t.outside.json 2>&1 | FileCheck %s --check-prefix=OUTSIDE
// RUN: not sluice-run %s --function=rows --inputs=%t.outside.json --engine=native 2>&1 | FileCheck %s --check-prefix=OUTSIDE-NATIVE
// OUTSIDE: error: scatter_nd index 5 (entry 0 of tuple #0) is out of range [0, 5)
// OUTSIDE-NATIVE: SLUICE_ERROR_INDEX_OUT_OF_RANGE
// The updates' shape must be the tuples' and the slices'.
// RUN: echo '[[[3], [0], [3]], [[1, 2], [3, 4], [5, 6]], [5, 3]]' > %t.slices.json
// RUN: not sluice-run %s --function=rows --inputs=%t.slices.json 2>&1 | FileCheck %s --check-prefix=SLICES
// RUN: not sluice-run %s --function=rows --inputs=%t.slices.json --engine=native 2>&1 | FileCheck %s --check-prefix=SLICES-NATIVE
// SLICES: error: scatter_nd updates int32[3, 2] do not have the shape [3, 3]
// SLICES-NATIVE: SLUICE_ERROR_SHAPE_MISMATCH
//
// Gradients: of sum(scatter_nd(i, u) * w) with respect to u is w at the
// tuples; of sum(gather(p, i) * v) with respect to p, v added at each index.
// RUN: sed 's/@weighted/@main/' %s | sluicec - --grad=1 --emit=mlir -o %t.weighted.mlir
// RUN: FileCheck %s --check-prefix=GRAD-IR < %t.weighted.mlir
// GRAD-IR: func.func @main_grad
// GRAD-IR: lite.gather
// RUN: echo '[[[1], [0], [1]], [[1, 1], [1, 1], [1, 1]], [[10, 20], [30, 40]], 1]' > %t.weighted.json
// RUN: sluice-run %t.weighted.mlir --function=main_grad --inputs=%t.weighted.json | FileCheck %s --check-prefix=GRAD
// RUN: sluice-run %t.weighted.mlir --function=main_grad --inputs=%t.weighted.json --engine=native | FileCheck %s --check-prefix=GRAD
// GRAD: "data":[30,40,10,20,30,40]
// RUN: sed 's/@gathered/@main/' %s | sluicec - --grad=0 --emit=mlir -o %t.gathered.mlir
// RUN: echo '[[[1, 2], [3, 4], [5, 6]], [2, 0, 2], [[1, 1], [2, 2], [3, 3]], 1]' > %t.gathered.json
// RUN: sluice-run %t.gathered.mlir --function=main_grad --inputs=%t.gathered.json | FileCheck %s --check-prefix=GATHER-GRAD
// RUN: sluice-run %t.gathered.mlir --function=main_grad --inputs=%t.gathered.json --engine=native | FileCheck %s --check-prefix=GATHER-GRAD
// GATHER-GRAD: "data":[2,2,0,0,4,4]

func.func @elements(%i: tensor<3x2xi32>, %u: tensor<3xf32>) -> tensor<2x3xf32> {
  %s = lite.constant dense<[2, 3]> : tensor<2xi32>
  %r = lite.scatter_nd %i, %u, %s : (tensor<3x2xi32>, tensor<3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

func.func @rows(%i: tensor<3x1xi64>, %u: tensor<3x2xi32>, %s: tensor<2xi64>) -> tensor<?x?xi32> {
  %r = lite.scatter_nd %i, %u, %s : (tensor<3x1xi64>, tensor<3x2xi32>, tensor<2xi64>) -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}

func.func @weighted(%i: tensor<3x1xi32>, %u: tensor<3x2xf32>, %w: tensor<2x2xf32>) -> tensor<f32> {
  %s = lite.constant dense<[2, 2]> : tensor<2xi32>
  %r = lite.scatter_nd %i, %u, %s : (tensor<3x1xi32>, tensor<3x2xf32>, tensor<2xi32>) -> tensor<2x2xf32>
  %p = lite.mul %r, %w : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  %axes = lite.constant dense<[0, 1]> : tensor<2xi32>
  %l = lite.sum %p, %axes : (tensor<2x2xf32>, tensor<2xi32>) -> tensor<f32>
  return %l : tensor<f32>
}

func.func @gathered(%p: tensor<3x2xf32>, %i: tensor<3xi32>, %v: tensor<3x2xf32>) -> tensor<f32> {
  %g = lite.gather %p, %i : (tensor<3x2xf32>, tensor<3xi32>) -> tensor<3x2xf32>
  %m = lite.mul %g, %v : (tensor<3x2xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  %axes = lite.constant dense<[0, 1]> : tensor<2xi32>
  %l = lite.sum %m, %axes : (tensor<3x2xf32>, tensor<2xi32>) -> tensor<f32>
  return %l : tensor<f32>
}
