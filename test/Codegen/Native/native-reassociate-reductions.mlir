// RUN: sluice-opt %s -split-input-file -native-reassociate-reductions | FileCheck %s

// A product on buffers (a fully_connected after bufferization): the multiply
// and the add of its body may be reassociated and contracted.
// CHECK-LABEL: func.func @generic_product
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "reduction", "parallel"]
// CHECK: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK: %[[P:.*]] = arith.mulf %[[X]], %[[Y]] fastmath<reassoc,contract> : f32
// CHECK: %[[S:.*]] = arith.addf %[[ACC]], %[[P]] fastmath<reassoc,contract> : f32
// CHECK: linalg.yield %[[S]] : f32
#mk = affine_map<(m, k, n) -> (m, k)>
#kn = affine_map<(m, k, n) -> (k, n)>
#mn = affine_map<(m, k, n) -> (m, n)>
func.func @generic_product(%a: memref<2x3xf32>, %b: memref<3x4xf32>, %c: memref<2x4xf32>) {
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a, %b : memref<2x3xf32>, memref<3x4xf32>) outs(%c : memref<2x4xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A named linalg.matmul has no explicit body: it is generalised first, then
// marked.
// CHECK-LABEL: func.func @named_matmul
// CHECK-SAME: (%[[A:.*]]: memref<2x3xf32>, %[[B:.*]]: memref<3x4xf32>, %[[C:.*]]: memref<2x4xf32>)
// CHECK-NOT: linalg.matmul
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel", "reduction"]
// CHECK-SAME: ins(%[[A]], %[[B]] : memref<2x3xf32>, memref<3x4xf32>) outs(%[[C]] : memref<2x4xf32>)
// CHECK: arith.mulf %{{.*}}, %{{.*}} fastmath<reassoc,contract> : f32
// CHECK: arith.addf %{{.*}}, %{{.*}} fastmath<reassoc,contract> : f32
// CHECK-NOT: linalg.matmul
func.func @named_matmul(%a: memref<2x3xf32>, %b: memref<3x4xf32>, %c: memref<2x4xf32>) {
  linalg.matmul ins(%a, %b : memref<2x3xf32>, memref<3x4xf32>) outs(%c : memref<2x4xf32>)
  return
}

// -----

// So is a linalg.reduce (a lite.sum or lite.mean).
// CHECK-LABEL: func.func @named_reduce
// CHECK-NOT: linalg.reduce
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "reduction"]
// CHECK: arith.addf %{{.*}}, %{{.*}} fastmath<reassoc,contract> : f32
// CHECK-NOT: linalg.reduce
func.func @named_reduce(%x: memref<2x3xf32>, %s: memref<2xf32>) {
  linalg.reduce { arith.addf } ins(%x : memref<2x3xf32>) outs(%s : memref<2xf32>) dimensions = [1]
  return
}

// -----

// Without a reduction iterator nothing is summed in a different order:
// elementwise generics and named elementwise ops keep their arithmetic as it
// is (and named ones stay named), and so does arithmetic outside linalg, even
// next to a reduction that is marked.
// CHECK-LABEL: func.func @elementwise
// CHECK-SAME: %[[X:[^:]*]]: f32, %[[Y:[^:]*]]: f32) -> f32
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel"]
// CHECK-NEXT: ^bb0(%[[U:.*]]: f32, %[[V:.*]]: f32, %[[W:.*]]: f32):
// CHECK-NEXT: %[[P:.*]] = arith.mulf %[[U]], %[[V]] : f32
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[W]], %[[P]] : f32
// CHECK-NEXT: linalg.yield %[[S]] : f32
// CHECK: linalg.add ins(%{{.*}}, %{{.*}} : memref<2x3xf32>, memref<2x3xf32>) outs(%{{.*}} : memref<2x3xf32>)
// CHECK-NEXT: %[[M:.*]] = arith.mulf %[[X]], %[[Y]] : f32
// CHECK-NEXT: %[[R:.*]] = arith.addf %[[M]], %[[X]] : f32
// CHECK-NEXT: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "reduction"]
// CHECK: arith.addf %{{.*}}, %{{.*}} fastmath<reassoc,contract> : f32
// CHECK: return %[[R]] : f32
#id = affine_map<(i, j) -> (i, j)>
func.func @elementwise(%a: memref<2x3xf32>, %b: memref<2x3xf32>, %c: memref<2x3xf32>, %sums: memref<2xf32>, %x: f32, %y: f32) -> f32 {
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : memref<2x3xf32>, memref<2x3xf32>) outs(%c : memref<2x3xf32>) {
  ^bb0(%u: f32, %v: f32, %w: f32):
    %p = arith.mulf %u, %v : f32
    %s = arith.addf %w, %p : f32
    linalg.yield %s : f32
  }
  linalg.add ins(%a, %b : memref<2x3xf32>, memref<2x3xf32>) outs(%c : memref<2x3xf32>)
  %m = arith.mulf %x, %y : f32
  %r = arith.addf %m, %x : f32
  linalg.reduce { arith.addf } ins(%a : memref<2x3xf32>) outs(%sums : memref<2xf32>) dimensions = [1]
  return %r : f32
}
