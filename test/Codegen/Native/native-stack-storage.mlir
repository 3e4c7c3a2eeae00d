// RUN: sluice-opt %s -split-input-file -native-stack-storage -verify-diagnostics | FileCheck %s

// The reserve function of a stack gets its body and the capacity global:
// grow to max(n, 2 * capacity, 4) elements when n exceeds the capacity,
// copying the elements held (the size) and freeing the old buffer.
// CHECK: memref.global "private" @acc.capacity : memref<i64> = dense<0>
// CHECK-LABEL: func.func private @acc.reserve
// CHECK-SAME: (%[[N:.*]]: i64) attributes {sluice.stack_reserve = "acc"}
// CHECK: %[[CAPACITY:.*]] = memref.load %{{.*}}[] : memref<i64>
// CHECK: %[[GROW:.*]] = arith.cmpi sgt, %[[N]], %[[CAPACITY]] : i64
// CHECK: scf.if %[[GROW]] {
// CHECK:   %[[DOUBLED:.*]] = arith.muli %[[CAPACITY]], %c2_i64 : i64
// CHECK:   %[[AT_LEAST:.*]] = arith.maxsi %[[DOUBLED]], %c4_i64 : i64
// CHECK:   %[[NEW:.*]] = arith.maxsi %[[N]], %[[AT_LEAST]] : i64
// CHECK:   %[[FRESH:.*]] = memref.alloc(%{{.*}}) : memref<?x2xf32>
// CHECK:   scf.if %{{.*}} {
// CHECK:     %[[OLD:.*]] = memref.load %{{.*}}[] : memref<memref<?x2xf32>>
// CHECK:     memref.copy
// CHECK:     memref.dealloc %[[OLD]] : memref<?x2xf32>
// CHECK:   }
// CHECK:   memref.store %[[FRESH]], %{{.*}}[] : memref<memref<?x2xf32>>
// CHECK:   memref.store %[[NEW]], %{{.*}}[] : memref<i64>
// CHECK: }
// CHECK: return
// And the module destructor freeing every stack's buffer it holds.
// CHECK-LABEL: func.func private @sluice.release_stacks() attributes {sluice.module_destructor}
// CHECK: %[[HELD:.*]] = memref.load %{{.*}}[] : memref<i64>
// CHECK: scf.if
// CHECK:   %[[LAST:.*]] = memref.load %{{.*}}[] : memref<memref<?x2xf32>>
// CHECK:   memref.dealloc %[[LAST]] : memref<?x2xf32>
memref.global "private" @acc.size : memref<i64> = dense<0>
memref.global "private" @acc : memref<memref<?x2xf32>> = uninitialized
func.func private @acc.reserve(i64) attributes {sluice.stack_reserve = "acc"}

// -----

// A function without the attribute, or with a body, is left alone.
// CHECK-LABEL: func.func private @other(i64)
// CHECK-NOT: memref.global
// CHECK-NOT: release_stacks
func.func private @other(i64)

// -----

// expected-error@+1 {{no buffer global @lost}}
func.func private @lost.reserve(i64) attributes {sluice.stack_reserve = "lost"}
