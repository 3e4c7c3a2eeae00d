// RUN: sluice-opt %s -split-input-file -convert-lite-to-linalg | FileCheck %s

// lite.send / lite.recv become mpi.send / mpi.recv on MPI_COMM_WORLD: the
// tensor flat (tensor.reshape to 1-D), as a read-only buffer; a receive
// into a new buffer that becomes the tensor (restrict writable).
// CHECK-LABEL: func.func @send_matrix
// CHECK-DAG:     %[[SHAPE:.*]] = arith.constant dense<6> : tensor<1xindex>
// CHECK-DAG:     %[[PEER:.*]] = arith.constant 1 : i32
// CHECK-DAG:     %[[TAG:.*]] = arith.constant 7 : i32
// CHECK-DAG:     %[[WORLD:.*]] = mpi.comm_world : !mpi.comm
// CHECK:         %[[FLAT:.*]] = tensor.reshape %arg0(%[[SHAPE]]) : (tensor<2x3xf32>, tensor<1xindex>) -> tensor<6xf32>
// CHECK-NEXT:    %[[BUF:.*]] = bufferization.to_buffer %[[FLAT]] read_only : tensor<6xf32> to memref<6xf32>
// CHECK-NEXT:    mpi.send(%[[BUF]], %[[TAG]], %[[PEER]], %[[WORLD]]) : memref<6xf32>, i32, i32
func.func @send_matrix(%x: tensor<2x3xf32>) {
  lite.send %x to 1 key "x:0->1" tag 7 : tensor<2x3xf32>
  return
}

// -----

// MPI has no boolean: an i1 crosses as an i8.
// CHECK-LABEL: func.func @recv_bool
// CHECK:         %[[BUF:.*]] = memref.alloc() : memref<1xi8>
// CHECK-NEXT:    mpi.recv(%[[BUF]], %{{.*}}, %{{.*}}, %{{.*}}) : memref<1xi8>, i32, i32
// CHECK-NEXT:    %[[T:.*]] = bufferization.to_tensor %[[BUF]] restrict writable : memref<1xi8> to tensor<1xi8>
// CHECK:         arith.cmpi ne, %{{.*}}, %{{.*}} : i8
func.func @recv_bool() -> tensor<i1> {
  %p = lite.recv from 0 key "p:0->1" tag 2 : tensor<i1>
  return %p : tensor<i1>
}

// -----

// with_shape: the dimensions first (i64), under the same tag.
// CHECK-LABEL: func.func @send_dynamic
// CHECK:         %[[DIM:.*]] = tensor.dim %arg0
// CHECK-NEXT:    %[[D64:.*]] = arith.index_cast %[[DIM]] : index to i64
// CHECK-NEXT:    %[[HDR:.*]] = tensor.from_elements %[[D64]] : tensor<1xi64>
// CHECK-NEXT:    %[[HBUF:.*]] = bufferization.to_buffer %[[HDR]] read_only
// CHECK-NEXT:    mpi.send(%[[HBUF]], %[[TAG:.*]], %[[PEER:.*]], %{{.*}}) : memref<1xi64>, i32, i32
// CHECK:         mpi.send(%{{.*}}, %[[TAG]], %[[PEER]], %{{.*}}) : memref<?xi32>, i32, i32
func.func @send_dynamic(%x: tensor<?xi32>) {
  lite.send %x to 2 key "d:0->2" tag 9 with_shape : tensor<?xi32>
  return
}

// -----

// CHECK-LABEL: func.func @recv_dynamic
// CHECK:         %[[HDR:.*]] = memref.alloc() : memref<2xi64>
// CHECK-NEXT:    mpi.recv(%[[HDR]], %{{.*}}) : memref<2xi64>, i32, i32
// CHECK:         %[[N:.*]] = arith.muli
// CHECK-NEXT:    %[[BUF:.*]] = memref.alloc(%[[N]]) : memref<?xf32>
// CHECK-NEXT:    mpi.recv(%[[BUF]], %{{.*}}) : memref<?xf32>, i32, i32
// CHECK:         tensor.reshape %{{.*}} : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x4xf32>
func.func @recv_dynamic() -> tensor<?x4xf32> {
  %r = lite.recv from 1 key "d:1->0" tag 3 with_shape : tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}
