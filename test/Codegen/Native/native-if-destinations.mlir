// RUN: sluice-opt %s -split-input-file -native-if-destinations | FileCheck %s

#id = affine_map<(d0) -> (d0)>

// A guard: the then branch computes the result into a tensor.empty of its
// own, the else branch yields a splat constant. Both now write one
// tensor.empty made before the if (the constant becomes a fill).
// CHECK-LABEL: func.func @guard
// CHECK: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[D:.*]] = tensor.empty() : tensor<4xf32>
// CHECK: scf.if
// CHECK-NOT: tensor.empty
// CHECK: linalg.generic {{.*}} outs(%[[D]] : tensor<4xf32>)
// CHECK: } else {
// CHECK-NEXT: %[[F:.*]] = linalg.fill ins(%[[Z]] : f32) outs(%[[D]] : tensor<4xf32>)
// CHECK-NEXT: scf.yield %[[F]]
func.func @guard(%x: tensor<4xf32>, %ok: i1) -> tensor<4xf32> {
  %r = scf.if %ok -> (tensor<4xf32>) {
    %e = tensor.empty() : tensor<4xf32>
    %g = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
    ^bb0(%a: f32, %o: f32):
      %t = math.tanh %a : f32
      linalg.yield %t : f32
    } -> tensor<4xf32>
    scf.yield %g : tensor<4xf32>
  } else {
    %z = arith.constant dense<0.0> : tensor<4xf32>
    scf.yield %z : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

#id = affine_map<(d0) -> (d0)>

// Both branches compute the result, the else branch through two ops (the
// destination is followed back to the first one's tensor.empty).
// CHECK-LABEL: func.func @both_compute
// CHECK: %[[D:.*]] = tensor.empty() : tensor<4xf32>
// CHECK: scf.if
// CHECK: linalg.generic {{.*}} outs(%[[D]] : tensor<4xf32>)
// CHECK: } else {
// CHECK: %[[U:.*]] = linalg.generic {{.*}} outs(%[[D]] : tensor<4xf32>)
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<4xf32>) outs(%[[U]] : tensor<4xf32>)
func.func @both_compute(%x: tensor<4xf32>, %ok: i1) -> tensor<4xf32> {
  %r = scf.if %ok -> (tensor<4xf32>) {
    %e = tensor.empty() : tensor<4xf32>
    %g = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
    ^bb0(%a: f32, %o: f32):
      %t = math.tanh %a : f32
      linalg.yield %t : f32
    } -> tensor<4xf32>
    scf.yield %g : tensor<4xf32>
  } else {
    %e = tensor.empty() : tensor<4xf32>
    %u = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
    ^bb0(%a: f32, %o: f32):
      %t = math.exp %a : f32
      linalg.yield %t : f32
    } -> tensor<4xf32>
    %v = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<4xf32>) outs(%u : tensor<4xf32>) {
    ^bb0(%a: f32, %o: f32):
      %t = arith.addf %a, %o : f32
      linalg.yield %t : f32
    } -> tensor<4xf32>
    scf.yield %v : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

#id = affine_map<(d0) -> (d0)>

// Left alone: a branch yielding a value from before the if (it has a buffer
// already), a result of dynamic shape, a constant that is not a splat, and
// two constants (nothing computed).
// CHECK-LABEL: func.func @left_alone
// CHECK-COUNT-3: tensor.empty
// CHECK-NOT: tensor.empty
// CHECK-NOT: linalg.fill
// CHECK: return
func.func @left_alone(%x: tensor<4xf32>, %d: tensor<?xf32>, %ok: i1) -> (tensor<4xf32>, tensor<?xf32>, tensor<4xf32>, tensor<4xf32>) {
  %r:4 = scf.if %ok -> (tensor<4xf32>, tensor<?xf32>, tensor<4xf32>, tensor<4xf32>) {
    %e = tensor.empty() : tensor<4xf32>
    %g = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
    ^bb0(%a: f32, %o: f32):
      %t = math.tanh %a : f32
      linalg.yield %t : f32
    } -> tensor<4xf32>
    %c0 = arith.constant 0 : index
    %n = tensor.dim %d, %c0 : tensor<?xf32>
    %de = tensor.empty(%n) : tensor<?xf32>
    %dg = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%d : tensor<?xf32>) outs(%de : tensor<?xf32>) {
    ^bb0(%a: f32, %o: f32):
      %t = math.tanh %a : f32
      linalg.yield %t : f32
    } -> tensor<?xf32>
    %e2 = tensor.empty() : tensor<4xf32>
    %g2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<4xf32>) outs(%e2 : tensor<4xf32>) {
    ^bb0(%a: f32, %o: f32):
      %t = math.exp %a : f32
      linalg.yield %t : f32
    } -> tensor<4xf32>
    %one = arith.constant dense<1.0> : tensor<4xf32>
    scf.yield %g, %dg, %g2, %one : tensor<4xf32>, tensor<?xf32>, tensor<4xf32>, tensor<4xf32>
  } else {
    %ramp = arith.constant dense<[0.0, 1.0, 2.0, 3.0]> : tensor<4xf32>
    %two = arith.constant dense<2.0> : tensor<4xf32>
    scf.yield %x, %d, %ramp, %two : tensor<4xf32>, tensor<?xf32>, tensor<4xf32>, tensor<4xf32>
  }
  return %r#0, %r#1, %r#2, %r#3 : tensor<4xf32>, tensor<?xf32>, tensor<4xf32>, tensor<4xf32>
}
