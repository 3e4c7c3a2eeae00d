// RUN: sluice-opt %s -split-input-file -convert-lite-to-linalg -verify-diagnostics | FileCheck %s

// Variables as global buffers with an `assigned` flag; a read checks the
// flag (SLUICE_ERROR_FAILED_PRECONDITION, 5) and copies the buffer; an
// assign writes the value in place and sets the flag; call_once calls its
// initializer behind a flag of its own.
// CHECK: memref.global "private" @init.called : memref<i1> = dense<false>
// CHECK: memref.global "private" @v : memref<2xf32> = uninitialized {alignment = 64 : i64}
// CHECK: memref.global "private" @v.assigned : memref<i1> = dense<false>
// CHECK-LABEL: func.func @main
// CHECK:   %[[PRECONDITION:.*]] = arith.constant 5 : i32
// CHECK:   %[[CALLED:.*]] = memref.get_global @init.called : memref<i1>
// CHECK:   %[[DONE:.*]] = memref.load %[[CALLED]][]
// CHECK:   %[[FIRST:.*]] = arith.xori %[[DONE]], %{{.*}} : i1
// CHECK:   scf.if %[[FIRST]] {
// CHECK:     memref.store %{{.*}}, %[[CALLED]][]
// CHECK:     func.call @init(%{{.*}}) : (memref<i32>) -> ()
// CHECK:   %[[FLAG:.*]] = memref.get_global @v.assigned : memref<i1>
// CHECK:   memref.load %[[FLAG]][]
// CHECK:   arith.select %{{.*}}, %[[PRECONDITION]], %{{.*}} : i32
// CHECK:   %[[BUF:.*]] = memref.get_global @v : memref<2xf32>
// CHECK:   %[[T:.*]] = bufferization.to_tensor %[[BUF]] restrict
// CHECK:   bufferization.alloc_tensor() copy(%[[T]])
// CHECK:   %[[DEST:.*]] = memref.get_global @v : memref<2xf32>
// CHECK:   bufferization.materialize_in_destination %{{.*}} in writable %[[DEST]]
// CHECK:   %[[SET:.*]] = memref.get_global @v.assigned : memref<i1>
// CHECK:   memref.store %{{.*}}, %[[SET]][]
lite.variable @v : tensor<2xf32>
func.func private @init() {
  %c = lite.constant dense<1.0> : tensor<2xf32>
  lite.assign_variable @v, %c : tensor<2xf32>
  return
}
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  lite.call_once @init
  %0 = lite.read_variable @v : tensor<2xf32>
  %1 = lite.add %0, %x : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  lite.assign_variable @v, %1 : tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// expected-error@+1 {{variable 'd' of type 'tensor<?xf32>' cannot be compiled: native code keeps a variable in a buffer of static shape}}
lite.variable @d : tensor<?xf32>
func.func @main() -> tensor<?xf32> {
  %0 = lite.read_variable @d : tensor<?xf32>
  return %0 : tensor<?xf32>
}
