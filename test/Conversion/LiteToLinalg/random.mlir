// RUN: sluice-opt %s -split-input-file -convert-lite-to-linalg | FileCheck %s

// lite.random_uniform: a global offset per op (where its generator stands),
// a linalg.generic computing each element's Philox-4x32-10 block (ten
// rounds of two 32x32->64 products; the first round's second product is of
// constants, seed2 and a multiplier, and folds), and the offset moved on by
// 256 blocks per number drawn (6 * 256 = 1536).
// CHECK: memref.global "private" @random_uniform.0 : memref<i64> = dense<0>
// CHECK-LABEL: func.func @main
// CHECK-DAG: %[[RESERVED:.*]] = arith.constant 1536 : i64
// CHECK: %[[GLOBAL:.*]] = memref.get_global @random_uniform.0 : memref<i64>
// CHECK: %[[OFFSET:.*]] = memref.load %[[GLOBAL]][] : memref<i64>
// CHECK: linalg.generic
// CHECK-COUNT-19: arith.mului_extended
// CHECK-NOT: arith.mului_extended
// CHECK: arith.bitcast %{{.*}} : i32 to f32
// CHECK: linalg.yield
// CHECK: %[[NEXT:.*]] = arith.addi %[[OFFSET]], %[[RESERVED]] : i64
// CHECK: memref.store %[[NEXT]], %[[GLOBAL]][] : memref<i64>
func.func @main() -> tensor<2x3xf32> {
  %s = lite.constant dense<[2, 3]> : tensor<2xi32>
  %r = lite.random_uniform %s {seed = 1 : i64, seed2 = 7 : i64} : (tensor<2xi32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

// Two ops: two generators.
// CHECK: memref.global "private" @random_uniform.0 : memref<i64> = dense<0>
// CHECK: memref.global "private" @random_uniform.1 : memref<i64> = dense<0>
// CHECK-LABEL: func.func @two
// CHECK: memref.get_global @random_uniform.0
// CHECK: memref.get_global @random_uniform.1
func.func @two(%s: tensor<1xi32>) -> (tensor<?xf32>, tensor<?xf32>) {
  %a = lite.random_uniform %s {seed = 1 : i64, seed2 = 7 : i64} : (tensor<1xi32>) -> tensor<?xf32>
  %b = lite.random_uniform %s {seed = 1 : i64, seed2 = 8 : i64} : (tensor<1xi32>) -> tensor<?xf32>
  return %a, %b : tensor<?xf32>, tensor<?xf32>
}
