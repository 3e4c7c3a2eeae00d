// RUN: sluice-opt %s -split-input-file -native-lower-strided-copies | FileCheck %s

// A copy out of a subview with dynamic offset and strides (a slice of a
// dynamically shaped buffer) would call runner-utils' memrefCopy: it becomes
// a linalg.copy.
// CHECK-LABEL: func.func @strided_source
// CHECK-SAME: (%[[S:.*]]: memref<?x?xf32>, %[[T:.*]]: memref<2x?xf32>
// CHECK: %[[V:.*]] = memref.subview %[[S]]
// CHECK-NOT: memref.copy
// CHECK: linalg.copy ins(%[[V]] : memref<2x?xf32, strided<[?, 1], offset: ?>>) outs(%[[T]] : memref<2x?xf32>)
// CHECK-NOT: memref.copy
func.func @strided_source(%s: memref<?x?xf32>, %t: memref<2x?xf32>, %i: index, %n: index) {
  %v = memref.subview %s[%i, 0] [2, %n] [1, 1] : memref<?x?xf32> to memref<2x?xf32, strided<[?, 1], offset: ?>>
  memref.copy %v, %t : memref<2x?xf32, strided<[?, 1], offset: ?>> to memref<2x?xf32>
  return
}

// -----

// The same when only the target is strided.
// CHECK-LABEL: func.func @strided_target
// CHECK-SAME: (%[[S:.*]]: memref<2x3xf32>, %[[T:.*]]: memref<2x3xf32, strided<[?, 1], offset: ?>>)
// CHECK-NOT: memref.copy
// CHECK: linalg.copy ins(%[[S]] : memref<2x3xf32>) outs(%[[T]] : memref<2x3xf32, strided<[?, 1], offset: ?>>)
// CHECK-NOT: memref.copy
func.func @strided_target(%s: memref<2x3xf32>, %t: memref<2x3xf32, strided<[?, 1], offset: ?>>) {
  memref.copy %s, %t : memref<2x3xf32> to memref<2x3xf32, strided<[?, 1], offset: ?>>
  return
}

// -----

// Static strides are not enough: rows 6 apart with 3 elements each leave
// gaps, so this is no memcpy either.
// CHECK-LABEL: func.func @static_gaps
// CHECK-NOT: memref.copy
// CHECK: linalg.copy ins(%{{.*}} : memref<2x3xf32, strided<[6, 1]>>) outs(%{{.*}} : memref<2x3xf32>)
func.func @static_gaps(%s: memref<2x3xf32, strided<[6, 1]>>, %t: memref<2x3xf32>) {
  memref.copy %s, %t : memref<2x3xf32, strided<[6, 1]>> to memref<2x3xf32>
  return
}

// -----

// Contiguous strides with a dynamic shape are not known contiguous to the
// LLVM lowering (it asks for a static shape): linalg.copy.
// CHECK-LABEL: func.func @dynamic_strided
// CHECK-NOT: memref.copy
// CHECK: linalg.copy ins(%{{.*}} : memref<?x3xf32, strided<[3, 1]>>) outs(%{{.*}} : memref<?x3xf32>)
func.func @dynamic_strided(%s: memref<?x3xf32, strided<[3, 1]>>, %t: memref<?x3xf32>) {
  memref.copy %s, %t : memref<?x3xf32, strided<[3, 1]>> to memref<?x3xf32>
  return
}

// -----

// Identity layouts, static or dynamic, stay memref.copy (a memcpy).
// CHECK-LABEL: func.func @identity
// CHECK-SAME: (%[[S:.*]]: memref<2x3xf32>, %[[T:.*]]: memref<2x3xf32>, %[[DS:.*]]: memref<?x3xi32>, %[[DT:.*]]: memref<?x3xi32>)
// CHECK-NOT: linalg.copy
// CHECK: memref.copy %[[S]], %[[T]] : memref<2x3xf32> to memref<2x3xf32>
// CHECK-NOT: linalg.copy
// CHECK: memref.copy %[[DS]], %[[DT]] : memref<?x3xi32> to memref<?x3xi32>
// CHECK-NOT: linalg.copy
func.func @identity(%s: memref<2x3xf32>, %t: memref<2x3xf32>, %ds: memref<?x3xi32>, %dt: memref<?x3xi32>) {
  memref.copy %s, %t : memref<2x3xf32> to memref<2x3xf32>
  memref.copy %ds, %dt : memref<?x3xi32> to memref<?x3xi32>
  return
}

// -----

// A static shape with row-major contiguous strides stays memref.copy whatever
// the offset (a subview of whole rows), on either side; so does a unit
// dimension, whose stride does not matter.
// CHECK-LABEL: func.func @static_contiguous
// CHECK-NOT: linalg.copy
// CHECK: memref.copy %{{.*}}, %{{.*}} : memref<2x3xf32, strided<[3, 1], offset: ?>> to memref<2x3xf32>
// CHECK-NOT: linalg.copy
// CHECK: memref.copy %{{.*}}, %{{.*}} : memref<2x3xf32> to memref<2x3xf32, strided<[3, 1], offset: 6>>
// CHECK-NOT: linalg.copy
// CHECK: memref.copy %{{.*}}, %{{.*}} : memref<1x3xf32, strided<[6, 1], offset: 3>> to memref<1x3xf32>
// CHECK-NOT: linalg.copy
func.func @static_contiguous(%s: memref<2x3xf32, strided<[3, 1], offset: ?>>, %t: memref<2x3xf32>,
                             %u: memref<2x3xf32, strided<[3, 1], offset: 6>>,
                             %r: memref<1x3xf32, strided<[6, 1], offset: 3>>, %q: memref<1x3xf32>) {
  memref.copy %s, %t : memref<2x3xf32, strided<[3, 1], offset: ?>> to memref<2x3xf32>
  memref.copy %t, %u : memref<2x3xf32> to memref<2x3xf32, strided<[3, 1], offset: 6>>
  memref.copy %r, %q : memref<1x3xf32, strided<[6, 1], offset: 3>> to memref<1x3xf32>
  return
}
