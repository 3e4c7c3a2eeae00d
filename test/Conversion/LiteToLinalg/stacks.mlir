// RUN: sluice-opt %s -split-input-file -convert-lite-to-linalg -verify-diagnostics | FileCheck %s

// A stack variable becomes a global holding its element buffer, a size and
// a `created` flag, and the declaration of its reserve function (written
// by -native-stack-storage). stack_reset creates it empty; a push checks it
// was created (SLUICE_ERROR_FAILED_PRECONDITION, 5), reserves size + 1
// elements and writes the element in place; a pop checks it is not empty
// (SLUICE_ERROR_INVALID_ARGUMENT, 4) and copies the top element out.
// CHECK: memref.global "private" @acc.size : memref<i64> = dense<0>
// CHECK: memref.global "private" @acc.created : memref<i1> = dense<false>
// CHECK: memref.global "private" @acc : memref<memref<?x2xf32>> = uninitialized
// CHECK: func.func private @acc.reserve(i64) attributes {sluice.stack_reserve = "acc"}
// CHECK-LABEL: func.func @stack
// CHECK: memref.get_global @acc.created
// CHECK: memref.store %true, %{{.*}}[] : memref<i1>
// CHECK: %[[SIZE:.*]] = memref.load %{{.*}}[] : memref<i64>
// CHECK: %[[GROWN:.*]] = arith.addi %[[SIZE]], %c1_i64 : i64
// CHECK: call @acc.reserve(%[[GROWN]]) : (i64) -> ()
// CHECK: %[[BUFFER:.*]] = memref.load %{{.*}}[] : memref<memref<?x2xf32>>
// CHECK: %[[SLOT:.*]] = memref.subview %[[BUFFER]]
// CHECK: bufferization.materialize_in_destination %{{.*}} in writable %[[SLOT]]
// CHECK: memref.store %[[GROWN]], %{{.*}}[] : memref<i64>
// CHECK: arith.cmpi sgt, %{{.*}}, %c0_i64 : i64
// CHECK: scf.if
// CHECK: bufferization.to_tensor
// CHECK: bufferization.alloc_tensor() copy(
lite.variable @acc : tensor<*xf32>
func.func @stack(%x: tensor<2xf32>) -> tensor<2xf32> {
  lite.stack_reset @acc
  lite.stack_push @acc, %x : tensor<2xf32>
  %0 = lite.stack_pop @acc : tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// A stack only reset needs no buffer.
// CHECK: memref.global "private" @idle.size
// CHECK: memref.global "private" @idle.created
// CHECK-NOT: @idle.reserve
lite.variable @idle : tensor<*xf32>
func.func @reset_only() {
  lite.stack_reset @idle
  return
}

// -----

lite.variable @mixed : tensor<*xf32>
func.func @push_mixed(%x: tensor<2xf32>, %y: tensor<3xf32>) {
  lite.stack_reset @mixed
  lite.stack_push @mixed, %x : tensor<2xf32>
  // expected-error@+1 {{stack 'mixed' holds elements of type 'tensor<3xf32>' and 'tensor<2xf32>': native code needs them of one static shape}}
  lite.stack_push @mixed, %y : tensor<3xf32>
  return
}

// -----

lite.variable @dynamic : tensor<*xf32>
func.func @push_dynamic(%x: tensor<?xf32>) {
  lite.stack_reset @dynamic
  // expected-error@+1 {{stack 'dynamic' holds elements of type 'tensor<?xf32>': native code needs them of one static shape}}
  lite.stack_push @dynamic, %x : tensor<?xf32>
  return
}

// -----

// A pop less static than the pushes (shape inference refines pushed values,
// not pops): the stack keeps the pushes' static element type and the pop's
// result is cast to its own type.
// CHECK: memref.global "private" @refined : memref<memref<?x2x3xf32>> = uninitialized
// CHECK-LABEL: func.func @pop_less_static
// CHECK: tensor.cast %{{.*}} : tensor<2x3xf32> to tensor<2x?xf32>
lite.variable @refined : tensor<*xf32>
func.func @pop_less_static(%x: tensor<2x3xf32>) -> tensor<2x?xf32> {
  lite.stack_reset @refined
  lite.stack_push @refined, %x : tensor<2x3xf32>
  %0 = lite.stack_pop @refined : tensor<2x?xf32>
  return %0 : tensor<2x?xf32>
}
