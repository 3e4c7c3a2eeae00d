// RUN: sluice-opt %s -split-input-file -native-approximate-math | FileCheck %s

// f32 tanh becomes MLIR's polynomial approximation: the input clamped to
// +-7.99881172, a rational polynomial (a division), and the input itself
// where |x| < 4e-4. No math.tanh is left for libm.
// CHECK-LABEL: func.func @tanh_f32
// CHECK-SAME: (%[[X:.*]]: f32)
// CHECK-NOT: math.tanh
// CHECK-DAG: arith.constant 7.99881172 : f32
// CHECK-DAG: arith.constant 4.000000e-04 : f32
// CHECK: %[[Q:.*]] = arith.divf %{{.*}}, %{{.*}} : f32
// CHECK: %[[R:.*]] = arith.select %{{.*}}, %{{.*}}, %[[Q]] : f32
// CHECK-NOT: math.tanh
// CHECK: return %[[R]] : f32
func.func @tanh_f32(%x: f32) -> f32 {
  %r = math.tanh %x : f32
  return %r : f32
}

// -----

// As the pass sees it in the pipeline: the tanh of a fused activation in
// the body of a linalg.generic on buffers.
// CHECK-LABEL: func.func @tanh_in_generic
// CHECK: linalg.generic
// CHECK-NOT: math.tanh
// CHECK: %[[Q:.*]] = arith.divf %{{.*}}, %{{.*}} : f32
// CHECK: %[[R:.*]] = arith.select %{{.*}}, %{{.*}}, %[[Q]] : f32
// CHECK: linalg.yield %[[R]] : f32
#id = affine_map<(i) -> (i)>
func.func @tanh_in_generic(%x: memref<16xf32>, %y: memref<16xf32>) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : memref<16xf32>) outs(%y : memref<16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %t = math.tanh %in : f32
    linalg.yield %t : f32
  }
  return
}

// -----

// Vectors of f32 (a vectorised activation) are approximated lane-wise.
// CHECK-LABEL: func.func @tanh_vector
// CHECK: %[[V:.*]] = vector.load
// CHECK-NOT: math.tanh
// CHECK: %[[Q:.*]] = arith.divf %{{.*}}, %{{.*}} : vector<8xf32>
// CHECK: %[[R:.*]] = arith.select %{{.*}}, %{{.*}}, %[[Q]] : vector<8xi1>, vector<8xf32>
// CHECK: vector.store %[[R]]
func.func @tanh_vector(%x: memref<8xf32>, %y: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %v = vector.load %x[%c0] : memref<8xf32>, vector<8xf32>
  %t = math.tanh %v : vector<8xf32>
  vector.store %t, %y[%c0] : memref<8xf32>, vector<8xf32>
  return
}

// -----

// Other float types keep their libm call.
// CHECK-LABEL: func.func @tanh_other_types
// CHECK-SAME: (%[[D:.*]]: f64, %[[H:.*]]: f16)
// CHECK-NOT: arith.divf
// CHECK: %[[TD:.*]] = math.tanh %[[D]] : f64
// CHECK: %[[TH:.*]] = math.tanh %[[H]] : f16
// CHECK-NOT: arith.divf
// CHECK: return %[[TD]], %[[TH]]
func.func @tanh_other_types(%d: f64, %h: f16) -> (f64, f16) {
  %a = math.tanh %d : f64
  %b = math.tanh %h : f16
  return %a, %b : f64, f16
}

// -----

// Other f32 functions keep their libm calls too (MLIR has approximations
// of exp, log and erf, not used here).
// CHECK-LABEL: func.func @other_functions
// CHECK-SAME: (%[[X:.*]]: f32)
// CHECK: %[[E:.*]] = math.exp %[[X]] : f32
// CHECK: %[[L:.*]] = math.log %[[X]] : f32
// CHECK: %[[F:.*]] = math.erf %[[X]] : f32
// CHECK: return %[[E]], %[[L]], %[[F]]
func.func @other_functions(%x: f32) -> (f32, f32, f32) {
  %e = math.exp %x : f32
  %l = math.log %x : f32
  %f = math.erf %x : f32
  return %e, %l, %f : f32, f32, f32
}
