// RUN: sluice-opt %s -split-input-file -convert-lite-to-linalg -native-c-interface=prefix=model | FileCheck %s

// Each public function gets a C entry point over pointers: inputs become
// read-only tensors, static outputs are written into the caller's buffer,
// the status buffer is a stack slot whose value is returned. The program's
// own function becomes private (the inliner folds it into the entry point).
// CHECK-LABEL: func.func @model_main
// CHECK-SAME: (%[[X:.*]]: !llvm.ptr, %[[OUT:.*]]: !llvm.ptr) -> i32 attributes {sluice.entry_point = "main"}
// CHECK: %[[STATUS:.*]] = memref.alloca() : memref<i32>
// CHECK: memref.store %{{.*}}, %[[STATUS]][] : memref<i32>
// CHECK: llvm.insertvalue %[[X]], %{{.*}}[0]
// CHECK: %[[XM:.*]] = builtin.unrealized_conversion_cast %{{.*}} : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> to memref<4xf32>
// CHECK: %[[XT:.*]] = bufferization.to_tensor %[[XM]] restrict : memref<4xf32> to tensor<4xf32>
// CHECK: %[[R:.*]] = call @__sluice_main(%[[XT]], %[[STATUS]])
// CHECK: llvm.insertvalue %[[OUT]], %{{.*}}[0]
// CHECK: %[[OM:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<4xf32>
// CHECK: bufferization.materialize_in_destination %[[R]] in restrict writable %[[OM]]
// CHECK: %[[S:.*]] = memref.load %[[STATUS]][] : memref<i32>
// CHECK: return %[[S]] : i32
// CHECK: func.func private @__sluice_main
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}

// -----

// A dynamic input comes with a dims array the entry point reads; a dynamic
// output is allocated with malloc, its pointer and dims written back.
// CHECK-LABEL: llvm.func @malloc(i64) -> !llvm.ptr
// CHECK-LABEL: func.func @model_rows
// CHECK-SAME: (%[[X:.*]]: !llvm.ptr, %[[XDIMS:.*]]: !llvm.ptr, %[[OUT:.*]]: !llvm.ptr, %[[ODIMS:.*]]: !llvm.ptr) -> i32
// CHECK: %[[D0:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i64
// CHECK: bufferization.to_tensor %{{.*}} restrict : memref<?x3xi32> to tensor<?x3xi32>
// CHECK: %[[R:.*]] = call @__sluice_rows
// CHECK: %[[DIM:.*]] = tensor.dim %[[R]], %{{.*}} : tensor<?x3xi32>
// CHECK: llvm.store %{{.*}}, %{{.*}} : i64, !llvm.ptr
// CHECK: %[[P:.*]] = llvm.call @malloc(%{{.*}}) : (i64) -> !llvm.ptr
// CHECK: llvm.store %[[P]], %[[OUT]] : !llvm.ptr, !llvm.ptr
// CHECK: bufferization.materialize_in_destination %[[R]] in restrict writable %{{.*}} : (tensor<?x3xi32>, memref<?x3xi32>) -> ()
func.func @rows(%x: tensor<?x3xi32>) -> tensor<?x3xi32> {
  return %x : tensor<?x3xi32>
}

// -----

// Private functions are not exported; names come from sluice.name.
// CHECK-NOT: func.func @model_helper
// CHECK-LABEL: func.func @model_entry
// CHECK-SAME: sluice.entry_point = "entry"
func.func private @helper(%x: tensor<i1>) -> tensor<i1> {
  return %x : tensor<i1>
}
func.func @entry(%x: tensor<i1> {sluice.name = "flag"}) -> tensor<i1> {
  %r = func.call @helper(%x) : (tensor<i1>) -> tensor<i1>
  return %r : tensor<i1>
}
