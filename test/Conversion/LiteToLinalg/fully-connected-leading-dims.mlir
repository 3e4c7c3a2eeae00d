// fully_connected with keep_num_dims over two leading dimensions of unknown
// size: the product is restored to them by a tensor.reshape, because MLIR
// 22's -expand-strided-metadata crashes on an expand_shape splitting one
// dimension into several of unknown size (sluice-opt -sluice-lower-to-llvm
// used to crash here); one unknown leading dimension keeps the
// expand_shape. Native code agrees with the interpreter.
// RUN: sluice-opt %s -convert-lite-to-linalg | FileCheck %s
// CHECK-LABEL: func.func @main
// CHECK: tensor.reshape %{{.*}}(%{{.*}}) : (tensor<?x2xf32>, tensor<3xindex>) -> tensor<?x?x2xf32>
// CHECK-LABEL: func.func @one_unknown
// CHECK: tensor.expand_shape
// RUN: sluice-opt %s -sluice-lower-to-llvm > /dev/null
// RUN: echo '[[[[1, 2, 3]], [[4, 5, 6]]]]' > %t.json
// RUN: sluice-run %s --inputs=%t.json | FileCheck %s --check-prefix=VALUES
// RUN: sluice-run %s --inputs=%t.json --engine=native | FileCheck %s --check-prefix=VALUES
// VALUES: {"outputs":[{"data":[1,-1,4,-1],"dtype":"float32","name":"output0","shape":[2,1,2]}]}
func.func @main(%x: tensor<?x?x3xf32>) -> tensor<?x?x2xf32> {
  %w = lite.constant dense<[[1.0, 0.0, 0.0], [0.0, 1.0, -1.0]]> : tensor<2x3xf32>
  %y = lite.fully_connected %x, %w {keep_num_dims = true} : (tensor<?x?x3xf32>, tensor<2x3xf32>) -> tensor<?x?x2xf32>
  return %y : tensor<?x?x2xf32>
}
func.func @one_unknown(%x: tensor<?x2x3xf32>) -> tensor<?x2x2xf32> {
  %w = lite.constant dense<[[1.0, 0.0, 0.0], [0.0, 1.0, -1.0]]> : tensor<2x3xf32>
  %y = lite.fully_connected %x, %w {keep_num_dims = true} : (tensor<?x2x3xf32>, tensor<2x3xf32>) -> tensor<?x2x2xf32>
  return %y : tensor<?x2x2xf32>
}
