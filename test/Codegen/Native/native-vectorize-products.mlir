// RUN: sluice-opt %s -split-input-file -native-vectorize-products | FileCheck %s

// A small static float product in the order (m, k, n), as
// -native-contraction-layout leaves it: C is read into a vector once, an
// scf.for over k carries it, each step adds a broadcast column of A times a
// row of B (multiply and add may contract into an FMA), and C is written
// once after the loop.
// CHECK-LABEL: func.func @small
// CHECK-SAME: (%[[A:.*]]: tensor<2x3xf32>, %[[B:.*]]: tensor<3x4xf32>, %[[C:.*]]: tensor<2x4xf32>)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK: %[[INIT:.*]] = vector.transfer_read %[[C]][%[[C0]], %[[C0]]], %{{.*}} {in_bounds = [true, true]} : tensor<2x4xf32>, vector<2x4xf32>
// CHECK: %[[LOOP:.*]]:2 = scf.for %[[K:.*]] = %[[C0]] to %[[C3]] step %[[C1]] iter_args(%[[T:.*]] = %[[C]], %[[ACC:.*]] = %[[INIT]]) -> (tensor<2x4xf32>, vector<2x4xf32>)
// CHECK-NOT: vector.transfer_read %[[C]]
// CHECK-NOT: vector.transfer_read %[[T]]
// CHECK: tensor.extract_slice %[[A]][0, %[[K]]] [2, 1] [1, 1]
// CHECK: tensor.extract_slice %[[B]][%[[K]], 0] [1, 4] [1, 1]
// CHECK: %[[PRODUCT:.*]] = arith.mulf %{{.*}}, %{{.*}} fastmath<contract> : vector<2x1x4xf32>
// CHECK: %[[ROW:.*]] = vector.shape_cast %[[PRODUCT]] : vector<2x1x4xf32> to vector<2x4xf32>
// CHECK: %[[SUM:.*]] = arith.addf %[[ACC]], %[[ROW]] fastmath<contract> : vector<2x4xf32>
// CHECK-NOT: vector.transfer_write
// CHECK: scf.yield %[[T]], %[[SUM]] : tensor<2x4xf32>, vector<2x4xf32>
// CHECK: %[[R:.*]] = vector.transfer_write %[[LOOP]]#1, %[[LOOP]]#0[%[[C0]], %[[C0]]] {in_bounds = [true, true]} : vector<2x4xf32>, tensor<2x4xf32>
// CHECK-NOT: linalg.generic
// CHECK: return %[[R]]
#mk = affine_map<(m, k, n) -> (m, k)>
#kn = affine_map<(m, k, n) -> (k, n)>
#mn = affine_map<(m, k, n) -> (m, n)>
func.func @small(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>, %c: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %r = linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "reduction", "parallel"]}
         ins(%a, %b : tensor<2x3xf32>, tensor<3x4xf32>) outs(%c : tensor<2x4xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----

// At the limit: a C of 512 elements still lives in registers.
// CHECK-LABEL: func.func @at_limit
// CHECK-NOT: linalg.generic
// CHECK: scf.for {{.*}} -> (tensor<1x512xf32>, vector<1x512xf32>)
// CHECK: arith.addf %{{.*}}, %{{.*}} fastmath<contract> : vector<1x512xf32>
#mk = affine_map<(m, k, n) -> (m, k)>
#kn = affine_map<(m, k, n) -> (k, n)>
#mn = affine_map<(m, k, n) -> (m, n)>
func.func @at_limit(%a: tensor<1x2xf32>, %b: tensor<2x512xf32>, %c: tensor<1x512xf32>) -> tensor<1x512xf32> {
  %r = linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "reduction", "parallel"]}
         ins(%a, %b : tensor<1x2xf32>, tensor<2x512xf32>) outs(%c : tensor<1x512xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<1x512xf32>
  return %r : tensor<1x512xf32>
}

// -----

// A C of more than 512 elements is split into column blocks that fit: the
// widest divisor of 513 within the budget is 171, three blocks in an outer
// loop, each carried through its own k loop.
// CHECK-LABEL: func.func @blocked
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[BLOCK:.*]] iter_args
// CHECK: vector.transfer_read {{.*}} vector<1x171xf32>
// CHECK: scf.for {{.*}} -> ({{.*}}vector<1x171xf32>)
// CHECK: vector.transfer_write {{.*}} : vector<1x171xf32>, tensor<1x171xf32>
// CHECK: tensor.insert_slice
#mk = affine_map<(m, k, n) -> (m, k)>
#kn = affine_map<(m, k, n) -> (k, n)>
#mn = affine_map<(m, k, n) -> (m, n)>
func.func @blocked(%a: tensor<1x2xf32>, %b: tensor<2x513xf32>, %c: tensor<1x513xf32>) -> tensor<1x513xf32> {
  %r = linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "reduction", "parallel"]}
         ins(%a, %b : tensor<1x2xf32>, tensor<2x513xf32>) outs(%c : tensor<1x513xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<1x513xf32>
  return %r : tensor<1x513xf32>
}

// -----

// 600 rows do not fit even in blocks of a vector's width (8): left as it is.
// CHECK-LABEL: func.func @too_many_rows
// CHECK-NOT: scf.for
// CHECK-NOT: vector.
// CHECK: linalg.generic
// CHECK-SAME: ins(%{{.*}}, %{{.*}} : tensor<600x2xf32>, tensor<2x8xf32>) outs(%{{.*}} : tensor<600x8xf32>)
#mk = affine_map<(m, k, n) -> (m, k)>
#kn = affine_map<(m, k, n) -> (k, n)>
#mn = affine_map<(m, k, n) -> (m, n)>
func.func @too_many_rows(%a: tensor<600x2xf32>, %b: tensor<2x8xf32>, %c: tensor<600x8xf32>) -> tensor<600x8xf32> {
  %r = linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "reduction", "parallel"]}
         ins(%a, %b : tensor<600x2xf32>, tensor<2x8xf32>) outs(%c : tensor<600x8xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<600x8xf32>
  return %r : tensor<600x8xf32>
}

// -----

// Dynamic shapes (here the rows of A and C, a dynamic batch) have no static
// vector type: left as it is.
// CHECK-LABEL: func.func @dynamic
// CHECK-NOT: scf.for
// CHECK-NOT: vector.
// CHECK: linalg.generic
// CHECK-SAME: outs(%{{.*}} : tensor<?x4xf32>)
#mk = affine_map<(m, k, n) -> (m, k)>
#kn = affine_map<(m, k, n) -> (k, n)>
#mn = affine_map<(m, k, n) -> (m, n)>
func.func @dynamic(%a: tensor<?x3xf32>, %b: tensor<3x4xf32>, %c: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %r = linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "reduction", "parallel"]}
         ins(%a, %b : tensor<?x3xf32>, tensor<3x4xf32>) outs(%c : tensor<?x4xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}

// -----

// A dynamic reduction dimension alone (static A rows, B columns, C) also
// disqualifies the product.
// CHECK-LABEL: func.func @dynamic_k
// CHECK-NOT: scf.for
// CHECK-NOT: vector.
// CHECK: linalg.generic
// CHECK-SAME: ins(%{{.*}}, %{{.*}} : tensor<2x?xf32>, tensor<?x4xf32>)
#mk = affine_map<(m, k, n) -> (m, k)>
#kn = affine_map<(m, k, n) -> (k, n)>
#mn = affine_map<(m, k, n) -> (m, n)>
func.func @dynamic_k(%a: tensor<2x?xf32>, %b: tensor<?x4xf32>, %c: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %r = linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "reduction", "parallel"]}
         ins(%a, %b : tensor<2x?xf32>, tensor<?x4xf32>) outs(%c : tensor<2x4xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----

// Integer products are left as they are.
// CHECK-LABEL: func.func @integer
// CHECK-NOT: scf.for
// CHECK-NOT: vector.
// CHECK: linalg.generic
// CHECK-SAME: outs(%{{.*}} : tensor<2x4xi32>)
// CHECK: arith.muli %{{.*}}, %{{.*}} : i32
#mk = affine_map<(m, k, n) -> (m, k)>
#kn = affine_map<(m, k, n) -> (k, n)>
#mn = affine_map<(m, k, n) -> (m, n)>
func.func @integer(%a: tensor<2x3xi32>, %b: tensor<3x4xi32>, %c: tensor<2x4xi32>) -> tensor<2x4xi32> {
  %r = linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "reduction", "parallel"]}
         ins(%a, %b : tensor<2x3xi32>, tensor<3x4xi32>) outs(%c : tensor<2x4xi32>) {
  ^bb0(%x: i32, %y: i32, %acc: i32):
    %p = arith.muli %x, %y : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  } -> tensor<2x4xi32>
  return %r : tensor<2x4xi32>
}

// -----

// A product still in the order (m, n, k) (B not [k, n], as when
// -native-contraction-layout could not transpose it) is not this pass's
// business.
// CHECK-LABEL: func.func @not_interchanged
// CHECK-NOT: scf.for
// CHECK-NOT: vector.
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel", "reduction"]
#mk = affine_map<(m, n, k) -> (m, k)>
#nk = affine_map<(m, n, k) -> (n, k)>
#mn = affine_map<(m, n, k) -> (m, n)>
func.func @not_interchanged(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>, %c: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %r = linalg.generic {indexing_maps = [#mk, #nk, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
         ins(%a, %b : tensor<2x3xf32>, tensor<4x3xf32>) outs(%c : tensor<2x4xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----

// Nor is a product over (m, k, n) reading A transposed ([k, m]): the
// iterators match but the maps do not.
// CHECK-LABEL: func.func @transposed_a
// CHECK-NOT: scf.for
// CHECK-NOT: vector.
// CHECK: linalg.generic
// CHECK-SAME: ins(%{{.*}}, %{{.*}} : tensor<3x2xf32>, tensor<3x4xf32>)
#km = affine_map<(m, k, n) -> (k, m)>
#kn = affine_map<(m, k, n) -> (k, n)>
#mn = affine_map<(m, k, n) -> (m, n)>
func.func @transposed_a(%a: tensor<3x2xf32>, %b: tensor<3x4xf32>, %c: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %r = linalg.generic {indexing_maps = [#km, #kn, #mn], iterator_types = ["parallel", "reduction", "parallel"]}
         ins(%a, %b : tensor<3x2xf32>, tensor<3x4xf32>) outs(%c : tensor<2x4xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----

// A product on buffers (after bufferization) is left as it is.
// CHECK-LABEL: func.func @buffers
// CHECK-NOT: scf.for
// CHECK-NOT: vector.
// CHECK: linalg.generic
// CHECK-SAME: outs(%{{.*}} : memref<2x4xf32>)
#mk = affine_map<(m, k, n) -> (m, k)>
#kn = affine_map<(m, k, n) -> (k, n)>
#mn = affine_map<(m, k, n) -> (m, n)>
func.func @buffers(%a: memref<2x3xf32>, %b: memref<3x4xf32>, %c: memref<2x4xf32>) {
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

// The clean-up after vectorizing leaves scf.while alone: its
// canonicalization would drop the invariant slot %v and keep the
// lite.buffers decisions (one per slot) that -native-loop-state-in-place
// has yet to apply.
// CHECK-LABEL: func.func @loop_beside
// CHECK: scf.while (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) : (i32, tensor<2x4xf32>) -> (i32, tensor<2x4xf32>)
// CHECK: } attributes {lite.buffers = [#lite.slot<none>, #lite.slot<none>]}
#mk2 = affine_map<(m, k, n) -> (m, k)>
#kn2 = affine_map<(m, k, n) -> (k, n)>
#mn2 = affine_map<(m, k, n) -> (m, n)>
func.func @loop_beside(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>, %c: tensor<2x4xf32>, %n: i32) -> (tensor<2x4xf32>, i32) {
  %r = linalg.generic {indexing_maps = [#mk2, #kn2, #mn2], iterator_types = ["parallel", "reduction", "parallel"]}
         ins(%a, %b : tensor<2x3xf32>, tensor<3x4xf32>) outs(%c : tensor<2x4xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x4xf32>
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %w:2 = scf.while (%i = %zero, %v = %r) : (i32, tensor<2x4xf32>) -> (i32, tensor<2x4xf32>) {
    %p = arith.cmpi slt, %i, %n : i32
    scf.condition(%p) %i, %v : i32, tensor<2x4xf32>
  } do {
  ^bb0(%i: i32, %v: tensor<2x4xf32>):
    %i1 = arith.addi %i, %one : i32
    scf.yield %i1, %v : i32, tensor<2x4xf32>
  } attributes {lite.buffers = [#lite.slot<none>, #lite.slot<none>]}
  return %w#1, %w#0 : tensor<2x4xf32>, i32
}

// -----

// A static float conv_2d_nhwc_fhwc: the filter transposed to HWCF, then per
// output row a tile of 8 columns x 32 filters (AVX-512's budget of 256
// accumulators) read once, carried through the loops over the filter's
// rows, columns and input channels, one FMA of a broadcast input element
// times a filter row per column, and written once.
// RUN: sluice-opt %s -split-input-file -native-vectorize-products=max-accumulator-elements=256 | FileCheck %s --check-prefix=CONV
// CONV-LABEL: func.func @conv
// CONV: %[[HWCF:.*]] = linalg.transpose ins(%{{.*}} : tensor<32x3x3x4xf32>) outs(%{{.*}} : tensor<3x3x4x32xf32>) permutation = [1, 2, 3, 0]
// CONV: scf.for
// CONV: %[[TILE:.*]] = vector.transfer_read {{.*}} : tensor<1x8x32xf32>, vector<1x8x32xf32>
// CONV: scf.for {{.*}} iter_args({{.*}}, %{{.*}} = %[[TILE]]) -> ({{.*}}, vector<1x8x32xf32>)
// CONV: scf.for {{.*}} -> ({{.*}}, vector<1x8x32xf32>)
// CONV: scf.for {{.*}} -> ({{.*}}, vector<1x8x32xf32>)
// CONV: tensor.extract_slice %[[HWCF]]
// CONV-COUNT-8: vector.fma %{{.*}}, %{{.*}}, %{{.*}} : vector<32xf32>
// CONV-NOT: vector.contract
// CONV: vector.transfer_write {{.*}} : vector<1x8x32xf32>, tensor<1x8x32xf32>
// CONV-NOT: linalg.conv
// With SSE's budget of 32 accumulators the tile is 4 columns x 8 filters.
// RUN: sluice-opt %s -split-input-file -native-vectorize-products=max-accumulator-elements=32 | FileCheck %s --check-prefix=SSE
// SSE-LABEL: func.func @conv
// SSE: vector.transfer_read {{.*}} : tensor<1x4x8xf32>, vector<1x4x8xf32>
// SSE-COUNT-4: vector.fma %{{.*}}, %{{.*}}, %{{.*}} : vector<8xf32>
func.func @conv(%x: tensor<1x6x10x4xf32>, %w: tensor<32x3x3x4xf32>, %init: tensor<1x4x8x32xf32>) -> tensor<1x4x8x32xf32> {
  %r = linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x6x10x4xf32>, tensor<32x3x3x4xf32>) outs(%init : tensor<1x4x8x32xf32>) -> tensor<1x4x8x32xf32>
  return %r : tensor<1x4x8x32xf32>
}

// -----

// A depthwise convolution: each tile of 8 columns x 16 channels is an FMA of
// the input row slice and the filter tap broadcast along the columns.
// CONV-LABEL: func.func @depthwise
// CONV: %[[TILE:.*]] = vector.transfer_read {{.*}} : tensor<1x8x16xf32>, vector<1x8x16xf32>
// CONV: scf.for {{.*}} -> ({{.*}}, vector<1x8x16xf32>)
// CONV: scf.for {{.*}} -> ({{.*}}, vector<1x8x16xf32>)
// CONV: vector.fma %{{.*}}, %{{.*}}, %{{.*}} : vector<1x8x16xf32>
// CONV-NOT: linalg.depthwise
func.func @depthwise(%x: tensor<1x6x10x16xf32>, %w: tensor<3x3x16xf32>, %init: tensor<1x4x8x16xf32>) -> tensor<1x4x8x16xf32> {
  %r = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x6x10x16xf32>, tensor<3x3x16xf32>) outs(%init : tensor<1x4x8x16xf32>) -> tensor<1x4x8x16xf32>
  return %r : tensor<1x4x8x16xf32>
}

// -----

// Dynamic sizes (static vectors cannot cover them) and integers are left to
// the loops.
// CONV-LABEL: func.func @left
// CONV: linalg.conv_2d_nhwc_fhwc {{.*}} tensor<?x6x10x4xf32>
// CONV: linalg.conv_2d_nhwc_fhwc {{.*}} tensor<1x6x10x4xi32>
func.func @left(%x: tensor<?x6x10x4xf32>, %w: tensor<32x3x3x4xf32>, %init: tensor<?x4x8x32xf32>, %i: tensor<1x6x10x4xi32>, %v: tensor<32x3x3x4xi32>, %o: tensor<1x4x8x32xi32>) -> (tensor<?x4x8x32xf32>, tensor<1x4x8x32xi32>) {
  %r = linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<?x6x10x4xf32>, tensor<32x3x3x4xf32>) outs(%init : tensor<?x4x8x32xf32>) -> tensor<?x4x8x32xf32>
  %s = linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%i, %v : tensor<1x6x10x4xi32>, tensor<32x3x3x4xi32>) outs(%o : tensor<1x4x8x32xi32>) -> tensor<1x4x8x32xi32>
  return %r, %s : tensor<?x4x8x32xf32>, tensor<1x4x8x32xi32>
}
