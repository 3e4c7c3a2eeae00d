// RUN: sluice-opt %s -split-input-file -finalize-memref-to-llvm -native-mpi-to-llvm | FileCheck %s

// mpi.send / mpi.recv become MPI_Send / MPI_Recv with Open MPI's ABI: the
// module is marked for Open MPI, MPI_COMM_WORLD and the datatype are Open
// MPI's external globals, and a receive ignores its status (null).
// CHECK: module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "OpenMPI">}
// CHECK-DAG: llvm.func @MPI_Send(!llvm.ptr, i32, !llvm.ptr, i32, i32, !llvm.ptr) -> i32
// CHECK-DAG: llvm.func @MPI_Recv(!llvm.ptr, i32, !llvm.ptr, i32, i32, !llvm.ptr, !llvm.ptr) -> i32
// CHECK-DAG: llvm.mlir.global external @ompi_mpi_float()
// CHECK-DAG: llvm.mlir.global external @ompi_mpi_comm_world()
// CHECK-LABEL: func.func @exchange
// CHECK:       %[[WORLD:.*]] = llvm.mlir.addressof @ompi_mpi_comm_world
// CHECK:       llvm.call @MPI_Send(%{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %[[PEER:[a-z0-9_]+]], %[[TAG:[a-z0-9_]+]], %{{[0-9]+}})
// CHECK:       %[[ZERO:.*]] = llvm.mlir.constant(0 : i64) : i64
// CHECK-NEXT:  %[[NULL:.*]] = llvm.inttoptr %[[ZERO]] : i64 to !llvm.ptr
// CHECK-NEXT:  llvm.call @MPI_Recv(%{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %[[PEER]], %[[TAG]], %{{[0-9]+}}, %[[NULL]])
func.func @exchange(%m: memref<6xf32>) {
  %tag = arith.constant 7 : i32
  %peer = arith.constant 1 : i32
  %world = mpi.comm_world : !mpi.comm
  mpi.send(%m, %tag, %peer, %world) : memref<6xf32>, i32, i32
  mpi.recv(%m, %tag, %peer, %world) : memref<6xf32>, i32, i32
  return
}

// -----

// Without mpi ops the module is left as it is.
// CHECK-LABEL: module {
// CHECK-NOT:   dlti
// CHECK:       func.func @quiet
func.func @quiet() {
  return
}
