// RUN: sluice-opt %s -split-input-file -convert-lite-to-linalg | sluice-opt -split-input-file -one-shot-bufferize="bufferize-function-boundaries test-analysis-only" | FileCheck %s --check-prefix=ANALYSIS
// RUN: sluice-opt %s -split-input-file --pass-pipeline="builtin.module(sluice-bufferize)" | FileCheck %s --check-prefix=NATIVE

// lite.dynamic_update_slice lowers to a tensor.insert_slice into its
// operand, which one-shot bufferization writes over the operand's buffer
// when the operand is dead afterwards: the write costs the update, not a
// copy of the operand.

// The operand is dead after the op: the insert is in place (its source and
// destination operands both "true") and the result is the operand's buffer.
// ANALYSIS-LABEL: func.func @dead_operand
// ANALYSIS: tensor.insert_slice %{{.*}} into %{{.*}}[%{{.*}}] [1] [1] {__inplace_operands_attr__ = ["true", "true", "none"]}
// ANALYSIS: return {__equivalent_func_args__ = [0], __inplace_operands_attr__ = ["true"]}
func.func @dead_operand(%x: tensor<1024xf32>, %u: tensor<1xf32>, %i: tensor<1xi32>) -> tensor<1024xf32> {
  %r = lite.dynamic_update_slice %x, %u, %i : (tensor<1024xf32>, tensor<1xf32>, tensor<1xi32>) -> tensor<1024xf32>
  return %r : tensor<1024xf32>
}

// -----

// The operand is read after the op: the insert cannot overwrite it.
// ANALYSIS-LABEL: func.func @live_operand
// ANALYSIS: tensor.insert_slice %{{.*}} into %{{.*}}[%{{.*}}] [1] [1] {__inplace_operands_attr__ = ["true", "false", "none"]}
func.func @live_operand(%x: tensor<1024xf32>, %u: tensor<1xf32>, %i: tensor<1xi32>) -> (tensor<1024xf32>, tensor<1024xf32>) {
  %r = lite.dynamic_update_slice %x, %u, %i : (tensor<1024xf32>, tensor<1xf32>, tensor<1xi32>) -> tensor<1024xf32>
  %s = lite.add %r, %x : (tensor<1024xf32>, tensor<1024xf32>) -> tensor<1024xf32>
  return %r, %s : tensor<1024xf32>, tensor<1024xf32>
}

// -----

// Dynamic shapes: the insert runs in the scf.if of the op's run-time
// checks, still in place.
// ANALYSIS-LABEL: func.func @dynamic_dead_operand
// ANALYSIS: scf.if
// ANALYSIS: tensor.insert_slice %{{.*}} into %{{.*}}[%{{.*}}, %{{.*}}] [%{{.*}}, %{{.*}}] [1, 1] {__inplace_operands_attr__ = ["true", "true", "none", "none", "none", "none"]}
func.func @dynamic_dead_operand(%x: tensor<?x4xf32>, %u: tensor<?x?xf32>, %i: tensor<?xi64>) -> tensor<?x4xf32> {
  %r = lite.dynamic_update_slice %x, %u, %i : (tensor<?x4xf32>, tensor<?x?xf32>, tensor<?xi64>) -> tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}

// -----

// One element of a loop-carried array written per iteration:
// arr[i] = i * i. In the body the insert is in place over the loop's
// argument and the yield is equivalent to it. Through Sluice's whole
// bufferization pipeline the array leaves the loop state: its buffer is
// allocated once (from the constant, before the loop) and each iteration
// copies the 1-element update into a 1-element subview of it; nothing of
// the array's size is allocated or copied inside the loop.
// ANALYSIS-LABEL: func.func @loop_carried_array
// ANALYSIS: scf.while
// ANALYSIS: } do {
// ANALYSIS: tensor.insert_slice %{{.*}} into %{{.*}}[%{{.*}}] [1] [1] {__inplace_operands_attr__ = ["true", "true", "none"]} : tensor<1xi32> into tensor<1024xi32>
// ANALYSIS: scf.yield {__inplace_operands_attr__ = ["none", "true"]}
// NATIVE-LABEL: func.func @sluice_loop_carried_array
// NATIVE: %[[ARRAY:.*]] = memref.alloc() {{.*}} : memref<1024xi32>
// NATIVE: memref.copy %{{.*}}, %[[ARRAY]] : memref<1024xi32> to memref<1024xi32>
// NATIVE: %[[UPDATE:.*]] = memref.alloc() {{.*}} : memref<1xi32>
// NATIVE: scf.while ({{.*}}) : (i32) -> i32 {
// NATIVE-NOT: memref.alloc
// NATIVE-NOT: memref<1024xi32> to memref<1024xi32>
// NATIVE: %[[AT:.*]] = memref.subview %[[ARRAY]][%{{.*}}] [1] [1] : memref<1024xi32> to memref<1xi32, strided<[1], offset: ?>>
// NATIVE-NEXT: memref.copy %[[UPDATE]], %[[AT]] : memref<1xi32> to memref<1xi32, strided<[1], offset: ?>>
// NATIVE-NOT: memref.alloc
// NATIVE-NOT: memref<1024xi32> to memref<1024xi32>
// NATIVE: scf.yield %{{.*}} : i32
// NATIVE-NEXT: }
func.func @loop_carried_array(%n: tensor<i32>) -> tensor<1024xi32> {
  %zeros = lite.constant dense<0> : tensor<1024xi32>
  %c0 = lite.constant dense<0> : tensor<i32>
  %c1 = lite.constant dense<1> : tensor<i32>
  %one = lite.constant dense<[1]> : tensor<1xi32>
  %r:2 = lite.while (%i = %c0, %arr = %zeros) : (tensor<i32>, tensor<1024xi32>) -> (tensor<i32>, tensor<1024xi32>) cond {
    %p = lite.less %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %sq = lite.mul %i, %i : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %value = lite.reshape %sq, %one : (tensor<i32>, tensor<1xi32>) -> tensor<1xi32>
    %index = lite.reshape %i, %one : (tensor<i32>, tensor<1xi32>) -> tensor<1xi32>
    %next = lite.dynamic_update_slice %arr, %value, %index : (tensor<1024xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<1024xi32>
    %i1 = lite.add %i, %c1 : (tensor<i32>, tensor<i32>) -> tensor<i32>
    lite.yield %i1, %next : tensor<i32>, tensor<1024xi32>
  }
  return %r#1 : tensor<1024xi32>
}
