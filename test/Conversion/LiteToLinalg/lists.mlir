// RUN: sluice-opt %s -split-input-file -convert-lite-to-linalg | FileCheck %s

// list_set_item (kept by -lite-legalize-lists{checked-writes}): the item
// inserted over its element when the index is in range, the list as it is
// otherwise (the call returns SLUICE_ERROR_INDEX_OUT_OF_RANGE). Both
// branches yield the list, so bufferization writes the element in place.
// CHECK-LABEL: func.func @set_item
// CHECK-SAME: (%[[L:[a-z0-9]+]]: tensor<4x3xf32>, %[[I:[a-z0-9]+]]: tensor<i32>, %[[X:[a-z0-9]+]]: tensor<3xf32>, %[[STATUS:[a-z0-9]+]]: memref<i32> {sluice.status_buffer})
// CHECK: %[[INDEX:.*]] = arith.index_cast
// CHECK: %[[LOW:.*]] = arith.cmpi sge, %[[INDEX]], %c0
// CHECK: %[[HIGH:.*]] = arith.cmpi slt, %[[INDEX]], %c4
// CHECK: %[[OK:.*]] = arith.andi %[[LOW]], %[[HIGH]]
// CHECK: memref.store %{{.*}}, %[[STATUS]]
// CHECK: %[[R:.*]] = scf.if %[[OK]] -> (tensor<4x3xf32>) {
// CHECK:   %[[W:.*]] = tensor.insert_slice %[[X]] into %[[L]][%[[INDEX]], 0] [1, 3] [1, 1] : tensor<3xf32> into tensor<4x3xf32>
// CHECK:   scf.yield %[[W]]
// CHECK: } else {
// CHECK:   scf.yield %[[L]]
// CHECK: }
// CHECK: return %[[R]]
func.func @set_item(%l: tensor<4x3xf32>, %i: tensor<i32>, %x: tensor<3xf32>) -> tensor<4x3xf32> {
  %r = lite.list_set_item %l[%i], %x : (tensor<4x3xf32>, tensor<i32>, tensor<3xf32>) -> tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}
