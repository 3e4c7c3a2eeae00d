// RUN: sluice-opt %s -split-input-file -native-contraction-layout | FileCheck %s

// A fully_connected as -convert-lite-to-linalg emits it: a linalg.matmul
// reading constant [out, in] weights transposed. The matmul is generalised,
// the weights are transposed at compile time (a new [in, out] constant) and
// the product, now reading B as [k, n], runs in the loop order (m, k, n).
// CHECK-DAG: #[[$MK:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #[[$KN:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[$MN:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-LABEL: func.func @constant_weights
// CHECK-SAME: (%[[A:.*]]: tensor<4x3xf32>, %[[C:.*]]: tensor<4x2xf32>)
// CHECK: %[[WT:.*]] = arith.constant dense<{{\[}}[1.000000e+00, 4.000000e+00], [2.000000e+00, 5.000000e+00], [3.000000e+00, 6.000000e+00]]> : tensor<3x2xf32>
// CHECK-NOT: linalg.matmul
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[$MK]], #[[$KN]], #[[$MN]]], iterator_types = ["parallel", "reduction", "parallel"]}
// CHECK-SAME: ins(%[[A]], %[[WT]] : tensor<4x3xf32>, tensor<3x2xf32>) outs(%[[C]] : tensor<4x2xf32>)
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: return %[[R]]
func.func @constant_weights(%a: tensor<4x3xf32>, %c: tensor<4x2xf32>) -> tensor<4x2xf32> {
  %w = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
         ins(%a, %w : tensor<4x3xf32>, tensor<2x3xf32>) outs(%c : tensor<4x2xf32>) -> tensor<4x2xf32>
  return %r : tensor<4x2xf32>
}

// -----

// The same on a linalg.generic over (m, n, k) with integer weights: the
// [2, 3] constant becomes its [3, 2] transpose.
// CHECK-DAG: #[[$MK:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #[[$KN:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[$MN:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-LABEL: func.func @constant_weights_generic
// CHECK: %[[WT:.*]] = arith.constant dense<{{\[}}[1, 4], [2, 5], [3, 6]]> : tensor<3x2xi32>
// CHECK: linalg.generic {indexing_maps = [#[[$MK]], #[[$KN]], #[[$MN]]], iterator_types = ["parallel", "reduction", "parallel"]}
// CHECK-SAME: ins(%{{.*}}, %[[WT]] : tensor<1x3xi32>, tensor<3x2xi32>)
#mk = affine_map<(m, n, k) -> (m, k)>
#nk = affine_map<(m, n, k) -> (n, k)>
#mn = affine_map<(m, n, k) -> (m, n)>
func.func @constant_weights_generic(%a: tensor<1x3xi32>, %c: tensor<1x2xi32>) -> tensor<1x2xi32> {
  %w = arith.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %r = linalg.generic {indexing_maps = [#mk, #nk, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
         ins(%a, %w : tensor<1x3xi32>, tensor<2x3xi32>) outs(%c : tensor<1x2xi32>) {
  ^bb0(%x: i32, %y: i32, %acc: i32):
    %p = arith.muli %x, %y : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  } -> tensor<1x2xi32>
  return %r : tensor<1x2xi32>
}

// -----

// Weights that are not a constant cannot be transposed at compile time: the
// product keeps reading B as [n, k] in the loop order (m, n, k), and no
// constant appears.
// CHECK-DAG: #[[$MK:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[$NK:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[$MN:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @variable_weights
// CHECK-SAME: (%[[A:.*]]: tensor<4x3xf32>, %[[W:.*]]: tensor<2x3xf32>, %[[C:.*]]: tensor<4x2xf32>)
// CHECK-NOT: arith.constant
// CHECK: linalg.generic {indexing_maps = [#[[$MK]], #[[$NK]], #[[$MN]]], iterator_types = ["parallel", "parallel", "reduction"]}
// CHECK-SAME: ins(%[[A]], %[[W]] : tensor<4x3xf32>, tensor<2x3xf32>) outs(%[[C]] : tensor<4x2xf32>)
#mk = affine_map<(m, n, k) -> (m, k)>
#nk = affine_map<(m, n, k) -> (n, k)>
#mn = affine_map<(m, n, k) -> (m, n)>
func.func @variable_weights(%a: tensor<4x3xf32>, %w: tensor<2x3xf32>, %c: tensor<4x2xf32>) -> tensor<4x2xf32> {
  %r = linalg.generic {indexing_maps = [#mk, #nk, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
         ins(%a, %w : tensor<4x3xf32>, tensor<2x3xf32>) outs(%c : tensor<4x2xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<4x2xf32>
  return %r : tensor<4x2xf32>
}

// -----

// A product reading B as [k, n] (a batch_matmul or matmul operand that is
// not a constant) is interchanged from (m, n, k) to (m, k, n); B is not
// copied.
// CHECK-DAG: #[[$MK:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #[[$KN:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[$MN:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-LABEL: func.func @interchange
// CHECK-SAME: (%[[A:.*]]: tensor<4x3xf32>, %[[B:.*]]: tensor<3x2xf32>, %[[C:.*]]: tensor<4x2xf32>)
// CHECK: linalg.generic {indexing_maps = [#[[$MK]], #[[$KN]], #[[$MN]]], iterator_types = ["parallel", "reduction", "parallel"]}
// CHECK-SAME: ins(%[[A]], %[[B]] : tensor<4x3xf32>, tensor<3x2xf32>) outs(%[[C]] : tensor<4x2xf32>)
func.func @interchange(%a: tensor<4x3xf32>, %b: tensor<3x2xf32>, %c: tensor<4x2xf32>) -> tensor<4x2xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<4x3xf32>, tensor<3x2xf32>) outs(%c : tensor<4x2xf32>) -> tensor<4x2xf32>
  return %r : tensor<4x2xf32>
}

// -----

// Left alone: a product already in the order (m, k, n) (running the pass
// twice changes nothing), a product reading A transposed (not one of the
// two forms), and an elementwise generic. Their maps and iterators are
// printed as written.
// CHECK-DAG: #[[$D01:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #[[$D12:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[$D02:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[$D20:.*]] = affine_map<(d0, d1, d2) -> (d2, d0)>
// CHECK-DAG: #[[$D21:.*]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG: #[[$ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @untouched
// CHECK-SAME: (%[[A:.*]]: tensor<4x3xf32>, %[[AT:.*]]: tensor<3x4xf32>, %[[C:.*]]: tensor<4x2xf32>)
// CHECK-NOT: arith.constant dense<{{.*}}> : tensor<2x3xf32>
// CHECK: linalg.generic {indexing_maps = [#[[$D01]], #[[$D12]], #[[$D02]]], iterator_types = ["parallel", "reduction", "parallel"]}
// CHECK-SAME: ins(%[[A]], %{{.*}} : tensor<4x3xf32>, tensor<3x2xf32>)
// CHECK-NOT: arith.constant dense<{{.*}}> : tensor<2x3xf32>
// CHECK: linalg.generic {indexing_maps = [#[[$D20]], #[[$D21]], #[[$D01]]], iterator_types = ["parallel", "parallel", "reduction"]}
// CHECK-SAME: ins(%[[AT]], %{{.*}} : tensor<3x4xf32>, tensor<3x2xf32>)
// CHECK: linalg.generic {indexing_maps = [#[[$ID]], #[[$ID]]], iterator_types = ["parallel", "parallel"]}
#mk = affine_map<(m, k, n) -> (m, k)>
#kn = affine_map<(m, k, n) -> (k, n)>
#mn = affine_map<(m, k, n) -> (m, n)>
#t_km = affine_map<(m, n, k) -> (k, m)>
#t_kn = affine_map<(m, n, k) -> (k, n)>
#t_mn = affine_map<(m, n, k) -> (m, n)>
#id = affine_map<(i, j) -> (i, j)>
func.func @untouched(%a: tensor<4x3xf32>, %at: tensor<3x4xf32>, %c: tensor<4x2xf32>) -> (tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xf32>) {
  %b = arith.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %r0 = linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "reduction", "parallel"]}
          ins(%a, %b : tensor<4x3xf32>, tensor<3x2xf32>) outs(%c : tensor<4x2xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<4x2xf32>
  %r1 = linalg.generic {indexing_maps = [#t_km, #t_kn, #t_mn], iterator_types = ["parallel", "parallel", "reduction"]}
          ins(%at, %b : tensor<3x4xf32>, tensor<3x2xf32>) outs(%c : tensor<4x2xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<4x2xf32>
  %r2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
          ins(%r0 : tensor<4x2xf32>) outs(%c : tensor<4x2xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x : f32
    linalg.yield %s : f32
  } -> tensor<4x2xf32>
  return %r0, %r1, %r2 : tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xf32>
}
