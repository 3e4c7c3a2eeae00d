// RUN: sluice-opt %s -split-input-file -native-loop-state-in-place | FileCheck %s

#id = affine_map<(d0) -> (d0)>

// The next state is written into the current state's buffer: the state is
// last read before the op that produces the next one.
// CHECK-LABEL: func.func @in_place
// CHECK: ^bb0(%{{.*}}: i32, %[[H:.*]]: tensor<8xf32>):
// CHECK: %[[U:.*]] = linalg.generic {{.*}} ins(%[[H]] : tensor<8xf32>) outs(%{{.*}} : tensor<8xf32>)
// CHECK: %[[N:.*]] = linalg.generic {{.*}} ins(%[[U]] : tensor<8xf32>) outs(%[[H]] : tensor<8xf32>)
// CHECK: scf.yield %{{.*}}, %[[N]]
func.func @in_place(%x: tensor<8xf32>, %n: i32) -> tensor<8xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.while (%i = %c0, %h = %x) : (i32, tensor<8xf32>) -> (i32, tensor<8xf32>) {
    %p = arith.cmpi slt, %i, %n : i32
    scf.condition(%p) %i, %h : i32, tensor<8xf32>
  } do {
  ^bb0(%i: i32, %h: tensor<8xf32>):
    %i1 = arith.addi %i, %c1 : i32
    %e0 = tensor.empty() : tensor<8xf32>
    %u = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%h : tensor<8xf32>) outs(%e0 : tensor<8xf32>) {
    ^bb0(%a: f32, %o: f32):
      %s = arith.mulf %a, %a : f32
      linalg.yield %s : f32
    } -> tensor<8xf32>
    %e1 = tensor.empty() : tensor<8xf32>
    %next = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%u : tensor<8xf32>) outs(%e1 : tensor<8xf32>) {
    ^bb0(%a: f32, %o: f32):
      %t = math.tanh %a : f32
      linalg.yield %t : f32
    } -> tensor<8xf32>
    scf.yield %i1, %next : i32, tensor<8xf32>
  }
  return %r#1 : tensor<8xf32>
}

// -----

#id = affine_map<(d0) -> (d0)>

// Left alone: the state is read after the producer (by the producer itself
// here, and again after it), the state is dynamically shaped, and a value
// yielded for two slots.
// CHECK-LABEL: func.func @left_alone
// CHECK: %[[E0:.*]] = tensor.empty() : tensor<8xf32>
// CHECK: outs(%[[E0]] : tensor<8xf32>)
// CHECK: %[[E1:.*]] = tensor.empty(%{{.*}}) : tensor<?xf32>
// CHECK: outs(%[[E1]] : tensor<?xf32>)
// CHECK: %[[E2:.*]] = tensor.empty() : tensor<8xf32>
// CHECK: outs(%[[E2]] : tensor<8xf32>)
func.func @left_alone(%x: tensor<8xf32>, %d: tensor<?xf32>, %n: i1) -> (tensor<8xf32>, tensor<?xf32>, tensor<8xf32>, tensor<8xf32>) {
  %r:4 = scf.while (%h = %x, %g = %d, %a = %x, %b = %x) : (tensor<8xf32>, tensor<?xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<8xf32>, tensor<?xf32>, tensor<8xf32>, tensor<8xf32>) {
    scf.condition(%n) %h, %g, %a, %b : tensor<8xf32>, tensor<?xf32>, tensor<8xf32>, tensor<8xf32>
  } do {
  ^bb0(%h: tensor<8xf32>, %g: tensor<?xf32>, %a: tensor<8xf32>, %b: tensor<8xf32>):
    %empty = tensor.empty() : tensor<8xf32>
    %next = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%h : tensor<8xf32>) outs(%empty : tensor<8xf32>) {
    ^bb0(%v: f32, %o: f32):
      %t = math.tanh %v : f32
      linalg.yield %t : f32
    } -> tensor<8xf32>
    %c0 = arith.constant 0 : index
    %dim = tensor.dim %g, %c0 : tensor<?xf32>
    %dempty = tensor.empty(%dim) : tensor<?xf32>
    %gnext = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%g : tensor<?xf32>) outs(%dempty : tensor<?xf32>) {
    ^bb0(%v: f32, %o: f32):
      %t = math.tanh %v : f32
      linalg.yield %t : f32
    } -> tensor<?xf32>
    %empty2 = tensor.empty() : tensor<8xf32>
    %twice = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%empty2 : tensor<8xf32>) {
    ^bb0(%v: f32, %o: f32):
      %t = math.tanh %v : f32
      linalg.yield %t : f32
    } -> tensor<8xf32>
    scf.yield %next, %gnext, %twice, %twice : tensor<8xf32>, tensor<?xf32>, tensor<8xf32>, tensor<8xf32>
  }
  return %r#0, %r#1, %r#2, %r#3 : tensor<8xf32>, tensor<?xf32>, tensor<8xf32>, tensor<8xf32>
}

// -----

#id = affine_map<(d0) -> (d0)>

// Left alone: the condition forwards other values than its arguments.
// CHECK-LABEL: func.func @condition_forwards_other
// CHECK: %[[E:.*]] = tensor.empty() : tensor<8xf32>
// CHECK: outs(%[[E]] : tensor<8xf32>)
func.func @condition_forwards_other(%x: tensor<8xf32>, %y: tensor<8xf32>, %n: i1) -> tensor<8xf32> {
  %r = scf.while (%h = %x) : (tensor<8xf32>) -> tensor<8xf32> {
    scf.condition(%n) %y : tensor<8xf32>
  } do {
  ^bb0(%h: tensor<8xf32>):
    %empty = tensor.empty() : tensor<8xf32>
    %u = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%y : tensor<8xf32>) outs(%empty : tensor<8xf32>) {
    ^bb0(%v: f32, %o: f32):
      %t = math.tanh %v : f32
      linalg.yield %t : f32
    } -> tensor<8xf32>
    scf.yield %u : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}
