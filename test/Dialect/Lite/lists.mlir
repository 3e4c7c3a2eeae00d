// RUN: sluice-opt %s | sluice-opt | FileCheck %s
// RUN: sluice-opt %s -mlir-print-op-generic | sluice-opt | FileCheck %s

// Round trip of the list ops (lists are tensors whose dimension 0 indexes
// the elements).

// CHECK-LABEL: func.func @lists
func.func @lists(%n: tensor<i32>, %i: tensor<i32>, %is: tensor<2xi32>,
                 %x: tensor<3xf32>, %xs: tensor<2x3xf32>)
    -> (tensor<3xf32>, tensor<2x3xf32>, tensor<i32>, tensor<?x3xf32>) {
  // CHECK: %[[L:.*]] = lite.list_reserve %{{.*}} : (tensor<i32>) -> tensor<?x3xf32>
  %l = lite.list_reserve %n : (tensor<i32>) -> tensor<?x3xf32>
  // CHECK: lite.list_reserve %{{.*}} : (tensor<i32>) -> tensor<*xf32>
  %pending = lite.list_reserve %n : (tensor<i32>) -> tensor<*xf32>
  // CHECK: lite.list_reserve %{{.*}} {resizable} : (tensor<i32>) -> tensor<?x3xf32>
  %growing = lite.list_reserve %n {resizable} : (tensor<i32>) -> tensor<?x3xf32>
  // CHECK: %[[L1:.*]] = lite.list_set_item %[[L]][%{{.*}}], %{{.*}} : (tensor<?x3xf32>, tensor<i32>, tensor<3xf32>) -> tensor<?x3xf32>
  %l1 = lite.list_set_item %l[%i], %x : (tensor<?x3xf32>, tensor<i32>, tensor<3xf32>) -> tensor<?x3xf32>
  // CHECK: lite.list_get_item %[[L1]][%{{.*}}] : (tensor<?x3xf32>, tensor<i32>) -> tensor<3xf32>
  %x1 = lite.list_get_item %l1[%i] : (tensor<?x3xf32>, tensor<i32>) -> tensor<3xf32>
  // CHECK: %[[L2:.*]] = lite.list_scatter %[[L1]][%{{.*}}], %{{.*}} {resizable} : (tensor<?x3xf32>, tensor<2xi32>, tensor<2x3xf32>) -> tensor<?x3xf32>
  %l2 = lite.list_scatter %l1[%is], %xs {resizable} : (tensor<?x3xf32>, tensor<2xi32>, tensor<2x3xf32>) -> tensor<?x3xf32>
  // CHECK: lite.list_gather %[[L2]][%{{.*}}] : (tensor<?x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  %g = lite.list_gather %l2[%is] : (tensor<?x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  // CHECK: lite.list_length %[[L2]] : (tensor<?x3xf32>) -> tensor<i32>
  %len = lite.list_length %l2 : (tensor<?x3xf32>) -> tensor<i32>
  return %x1, %g, %len, %l2 : tensor<3xf32>, tensor<2x3xf32>, tensor<i32>, tensor<?x3xf32>
}
