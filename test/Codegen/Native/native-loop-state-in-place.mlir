// RUN: sluice-opt %s -split-input-file -native-loop-state-in-place | FileCheck %s

// The pass applies the decisions BufferAliasing made for the lite.while
// each loop was lowered from (`lite.buffers`, written here by hand as
// -lite-plan-buffers{target=native} writes them; the lowering carries them to
// the scf.while) and drops the attribute. loop-state-decisions.mlir runs the
// analysis, the lowering and this pass together.

#id = affine_map<(d0) -> (d0)>

// The next state is written into the current state's buffer: the state is
// last read before the op that produces the next one.
// CHECK-LABEL: func.func @in_place
// CHECK: ^bb0(%{{.*}}: i32, %[[H:.*]]: tensor<8xf32>):
// CHECK: %[[U:.*]] = linalg.generic {{.*}} ins(%[[H]] : tensor<8xf32>) outs(%{{.*}} : tensor<8xf32>)
// CHECK: %[[N:.*]] = linalg.generic {{.*}} ins(%[[U]] : tensor<8xf32>) outs(%[[H]] : tensor<8xf32>)
// CHECK: scf.yield %{{.*}}, %[[N]]
// CHECK-NOT: lite.buffers
// CHECK: return
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
  } attributes {lite.buffers = [#lite.slot<none>, #lite.slot<none>]}
  return %r#1 : tensor<8xf32>
}

// -----

#id = affine_map<(d0) -> (d0)>

// In place as well: the producer reads the state elementwise (at the index
// it writes). Left alone: the dynamically shaped state, and a value yielded
// for two slots.
// CHECK-LABEL: func.func @left_alone
// CHECK: ^bb0(%[[H:.*]]: tensor<8xf32>, %{{.*}}: tensor<?xf32>, %{{.*}}: tensor<8xf32>, %{{.*}}: tensor<8xf32>):
// CHECK: ins(%[[H]] : tensor<8xf32>) outs(%[[H]] : tensor<8xf32>)
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
  } attributes {lite.buffers = [#lite.slot<none>, #lite.slot<none>, #lite.slot<none>, #lite.slot<body>]}
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
  } attributes {lite.buffers = [#lite.slot<none>]}
  return %r : tensor<8xf32>
}

// -----

#id = affine_map<(d0) -> (d0)>
#row = affine_map<(d0) -> (0)>

// Ping-pong: the producer reads the state at other indices (a reduction
// into every element), so it cannot write over it; a spare slot carries a
// second buffer the producer writes, and the two swap at the yield.
// CHECK-LABEL: func.func @ping_pong
// CHECK: %[[SPARE0:.*]] = tensor.empty() : tensor<4xf32>
// CHECK: scf.while (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %[[SPARE0]]) : (i32, tensor<4xf32>, tensor<4xf32>) -> (i32, tensor<4xf32>, tensor<4xf32>)
// CHECK: scf.condition(%{{.*}}) %{{.*}}, %{{.*}}, %{{.*}} : i32, tensor<4xf32>, tensor<4xf32>
// CHECK: ^bb0(%{{.*}}: i32, %[[H:.*]]: tensor<4xf32>, %[[SPARE:.*]]: tensor<4xf32>):
// CHECK: %[[N:.*]] = linalg.generic {{.*}} ins(%[[H]] : tensor<4xf32>) outs(%[[SPARE]] : tensor<4xf32>)
// CHECK: scf.yield %{{.*}}, %[[N]], %[[H]] : i32, tensor<4xf32>, tensor<4xf32>
func.func @ping_pong(%x: tensor<4xf32>, %n: i32) -> tensor<4xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.while (%i = %c0, %h = %x) : (i32, tensor<4xf32>) -> (i32, tensor<4xf32>) {
    %p = arith.cmpi slt, %i, %n : i32
    scf.condition(%p) %i, %h : i32, tensor<4xf32>
  } do {
  ^bb0(%i: i32, %h: tensor<4xf32>):
    %i1 = arith.addi %i, %c1 : i32
    %e = tensor.empty() : tensor<4xf32>
    %next = linalg.generic {indexing_maps = [#row, #id], iterator_types = ["parallel"]} ins(%h : tensor<4xf32>) outs(%e : tensor<4xf32>) {
    ^bb0(%a: f32, %o: f32):
      linalg.yield %a : f32
    } -> tensor<4xf32>
    scf.yield %i1, %next : i32, tensor<4xf32>
  } attributes {lite.buffers = [#lite.slot<none>, #lite.slot<ping_pong>]}
  return %r#1 : tensor<4xf32>
}

// -----

#id = affine_map<(d0) -> (d0)>

// Ping-pong too: the old state is read again after the first op writing
// the next one (the destination is followed back through insert_slice).
// CHECK-LABEL: func.func @read_after
// CHECK: ^bb0(%[[H:.*]]: tensor<4xf32>, %[[SPARE:.*]]: tensor<4xf32>):
// CHECK: %[[N:.*]] = linalg.generic {{.*}} ins(%[[H]] : tensor<4xf32>) outs(%[[SPARE]] : tensor<4xf32>)
// CHECK: %[[S:.*]] = tensor.extract_slice %[[H]]
// CHECK: %[[B:.*]] = tensor.insert_slice %[[S]] into %[[N]]
// CHECK: scf.yield %[[B]], %[[H]] : tensor<4xf32>, tensor<4xf32>
func.func @read_after(%x: tensor<4xf32>, %go: i1) -> (tensor<4xf32>, tensor<4xf32>) {
  %r = scf.while (%h = %x) : (tensor<4xf32>) -> tensor<4xf32> {
    scf.condition(%go) %h : tensor<4xf32>
  } do {
  ^bb0(%h: tensor<4xf32>):
    %e = tensor.empty() : tensor<4xf32>
    %next = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%h : tensor<4xf32>) outs(%e : tensor<4xf32>) {
    ^bb0(%a: f32, %o: f32):
      %t = math.tanh %a : f32
      linalg.yield %t : f32
    } -> tensor<4xf32>
    %s = tensor.extract_slice %h[0] [2] [1] : tensor<4xf32> to tensor<2xf32>
    %back = tensor.insert_slice %s into %next[2] [2] [1] : tensor<2xf32> into tensor<4xf32>
    scf.yield %back : tensor<4xf32>
  } attributes {lite.buffers = [#lite.slot<ping_pong>]}
  return %r, %x : tensor<4xf32>, tensor<4xf32>
}

// -----

#id = affine_map<(d0) -> (d0)>

// Through an scf.if (loop_captures: x = x * s; if (last) x = x - d): the
// else branch yields %u, which is written over the state, and the then
// branch writes over %u (it reads %u only elementwise, and the else
// branch's use of %u is in the other branch).
// CHECK-LABEL: func.func @through_if
// CHECK: ^bb0(%[[H:.*]]: tensor<4xf32>):
// CHECK: %[[U:.*]] = linalg.generic {{.*}} ins(%[[H]] : tensor<4xf32>) outs(%[[H]] : tensor<4xf32>)
// CHECK: scf.if
// CHECK: linalg.generic {{.*}} ins(%[[U]] : tensor<4xf32>) outs(%[[U]] : tensor<4xf32>)
// CHECK: } else {
// CHECK-NEXT: scf.yield %[[U]]
func.func @through_if(%x: tensor<4xf32>, %go: i1, %last: i1) -> tensor<4xf32> {
  %r = scf.while (%h = %x) : (tensor<4xf32>) -> tensor<4xf32> {
    scf.condition(%go) %h : tensor<4xf32>
  } do {
  ^bb0(%h: tensor<4xf32>):
    %e = tensor.empty() : tensor<4xf32>
    %u = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%h : tensor<4xf32>) outs(%e : tensor<4xf32>) {
    ^bb0(%a: f32, %o: f32):
      %t = arith.mulf %a, %a : f32
      linalg.yield %t : f32
    } -> tensor<4xf32>
    %y = scf.if %last -> (tensor<4xf32>) {
      %e2 = tensor.empty() : tensor<4xf32>
      %d = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%u : tensor<4xf32>) outs(%e2 : tensor<4xf32>) {
      ^bb0(%a: f32, %o: f32):
        %t = arith.subf %a, %a : f32
        linalg.yield %t : f32
      } -> tensor<4xf32>
      scf.yield %d : tensor<4xf32>
    } else {
      scf.yield %u : tensor<4xf32>
    }
    scf.yield %y : tensor<4xf32>
  } attributes {lite.buffers = [#lite.slot<none>]}
  return %r : tensor<4xf32>
}

// -----

#id = affine_map<(d0) -> (d0)>

// Both branches compute the next state (each over the state, they never
// run in the same iteration); an unchanged state in one branch is in place
// already.
// CHECK-LABEL: func.func @both_branches
// CHECK: ^bb0(%[[H:.*]]: tensor<4xf32>, %[[G:.*]]: tensor<4xf32>):
// CHECK: scf.if
// CHECK: linalg.generic {{.*}} ins(%[[H]] : tensor<4xf32>) outs(%[[H]] : tensor<4xf32>)
// CHECK: } else {
// CHECK: linalg.generic {{.*}} ins(%[[H]] : tensor<4xf32>) outs(%[[H]] : tensor<4xf32>)
// CHECK: scf.if
// CHECK: linalg.generic {{.*}} ins(%[[G]] : tensor<4xf32>) outs(%[[G]] : tensor<4xf32>)
// CHECK: } else {
// CHECK-NEXT: scf.yield %[[G]]
func.func @both_branches(%x: tensor<4xf32>, %go: i1, %c: i1) -> (tensor<4xf32>, tensor<4xf32>) {
  %r:2 = scf.while (%h = %x, %g = %x) : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
    scf.condition(%go) %h, %g : tensor<4xf32>, tensor<4xf32>
  } do {
  ^bb0(%h: tensor<4xf32>, %g: tensor<4xf32>):
    %y = scf.if %c -> (tensor<4xf32>) {
      %e = tensor.empty() : tensor<4xf32>
      %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%h : tensor<4xf32>) outs(%e : tensor<4xf32>) {
      ^bb0(%v: f32, %o: f32):
        %t = math.tanh %v : f32
        linalg.yield %t : f32
      } -> tensor<4xf32>
      scf.yield %a : tensor<4xf32>
    } else {
      %e = tensor.empty() : tensor<4xf32>
      %b = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%h : tensor<4xf32>) outs(%e : tensor<4xf32>) {
      ^bb0(%v: f32, %o: f32):
        %t = math.exp %v : f32
        linalg.yield %t : f32
      } -> tensor<4xf32>
      scf.yield %b : tensor<4xf32>
    }
    %z = scf.if %c -> (tensor<4xf32>) {
      %e = tensor.empty() : tensor<4xf32>
      %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%g : tensor<4xf32>) outs(%e : tensor<4xf32>) {
      ^bb0(%v: f32, %o: f32):
        %t = math.tanh %v : f32
        linalg.yield %t : f32
      } -> tensor<4xf32>
      scf.yield %a : tensor<4xf32>
    } else {
      scf.yield %g : tensor<4xf32>
    }
    scf.yield %y, %z : tensor<4xf32>, tensor<4xf32>
  } attributes {lite.buffers = [#lite.slot<none>, #lite.slot<none>]}
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}

// -----

#id = affine_map<(d0) -> (d0)>

// Left alone: %u is read after the if, so the then branch may not write
// over it; and no ping-pong for a producer in a branch.
// CHECK-LABEL: func.func @read_after_if
// CHECK: ^bb0(%[[H:.*]]: tensor<4xf32>):
// CHECK: %[[E:.*]] = tensor.empty() : tensor<4xf32>
// CHECK: %[[U:.*]] = linalg.generic {{.*}} outs(%[[E]] : tensor<4xf32>)
// CHECK: %[[E2:.*]] = tensor.empty() : tensor<4xf32>
// CHECK: linalg.generic {{.*}} ins(%[[U]] : tensor<4xf32>) outs(%[[E2]] : tensor<4xf32>)
// CHECK: scf.yield %{{.*}}, %{{.*}} : tensor<4xf32>, tensor<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @read_after_if(%x: tensor<4xf32>, %go: i1, %last: i1) -> (tensor<4xf32>, tensor<4xf32>) {
  %r:2 = scf.while (%h = %x, %s = %x) : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
    scf.condition(%go) %h, %s : tensor<4xf32>, tensor<4xf32>
  } do {
  ^bb0(%h: tensor<4xf32>, %s: tensor<4xf32>):
    %e = tensor.empty() : tensor<4xf32>
    %u = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%h : tensor<4xf32>) outs(%e : tensor<4xf32>) {
    ^bb0(%a: f32, %o: f32):
      %t = arith.mulf %a, %a : f32
      linalg.yield %t : f32
    } -> tensor<4xf32>
    %y = scf.if %last -> (tensor<4xf32>) {
      %e2 = tensor.empty() : tensor<4xf32>
      %d = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%u : tensor<4xf32>) outs(%e2 : tensor<4xf32>) {
      ^bb0(%a: f32, %o: f32):
        %t = arith.subf %a, %a : f32
        linalg.yield %t : f32
      } -> tensor<4xf32>
      scf.yield %d : tensor<4xf32>
    } else {
      scf.yield %u : tensor<4xf32>
    }
    %sum = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%u : tensor<4xf32>) outs(%s : tensor<4xf32>) {
    ^bb0(%a: f32, %o: f32):
      %t = arith.addf %a, %o : f32
      linalg.yield %t : f32
    } -> tensor<4xf32>
    scf.yield %y, %sum : tensor<4xf32>, tensor<4xf32>
  } attributes {lite.buffers = [#lite.slot<ping_pong>, #lite.slot<none>]}
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}

// -----

#id = affine_map<(d0) -> (d0)>

// A shift register (a, b, c) -> (b, c, f(a, b, c)): c is yielded in another
// slot, so f cannot write over it; a is yielded nowhere and f reads it only
// elementwise, so f writes over a (the loop then rotates three buffers, no
// spare slot).
// CHECK-LABEL: func.func @shift_register
// CHECK: ^bb0(%[[A:.*]]: tensor<4xf32>, %[[B:.*]]: tensor<4xf32>, %[[C:.*]]: tensor<4xf32>):
// CHECK: %[[N:.*]] = linalg.generic {{.*}} ins(%[[A]], %[[B]], %[[C]] : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) outs(%[[A]] : tensor<4xf32>)
// CHECK: scf.yield %[[B]], %[[C]], %[[N]] : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
func.func @shift_register(%x: tensor<4xf32>, %go: i1) -> tensor<4xf32> {
  %r:3 = scf.while (%a = %x, %b = %x, %c = %x) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
    scf.condition(%go) %a, %b, %c : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
  } do {
  ^bb0(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<4xf32>):
    %e = tensor.empty() : tensor<4xf32>
    %n = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel"]} ins(%a, %b, %c : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) {
    ^bb0(%u: f32, %v: f32, %w: f32, %o: f32):
      %m = arith.mulf %v, %w : f32
      %s = arith.addf %u, %m : f32
      linalg.yield %s : f32
    } -> tensor<4xf32>
    scf.yield %b, %c, %n : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
  } attributes {lite.buffers = [#lite.slot<none, buffer = 1>, #lite.slot<none, buffer = 2>, #lite.slot<none, buffer = 0>]}
  return %r#2 : tensor<4xf32>
}

// -----

#id = affine_map<(d0) -> (d0)>
#row = affine_map<(d0) -> (0)>

// b's buffer is free when a's next value is computed, but b needs it for its
// own next value: a ping-pongs (spare slot) instead of taking it.
// CHECK-LABEL: func.func @no_stealing
// CHECK: ^bb0(%[[A:.*]]: tensor<4xf32>, %[[B:.*]]: tensor<4xf32>, %[[SPARE:.*]]: tensor<4xf32>):
// CHECK: %[[NB:.*]] = linalg.generic {{.*}} ins(%[[B]] : tensor<4xf32>) outs(%[[B]] : tensor<4xf32>)
// CHECK: %[[NA:.*]] = linalg.generic {{.*}} ins(%[[A]] : tensor<4xf32>) outs(%[[SPARE]] : tensor<4xf32>)
// CHECK: scf.yield %[[NA]], %[[NB]], %[[A]] : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
func.func @no_stealing(%x: tensor<4xf32>, %go: i1) -> (tensor<4xf32>, tensor<4xf32>) {
  %r:2 = scf.while (%a = %x, %b = %x) : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
    scf.condition(%go) %a, %b : tensor<4xf32>, tensor<4xf32>
  } do {
  ^bb0(%a: tensor<4xf32>, %b: tensor<4xf32>):
    %e1 = tensor.empty() : tensor<4xf32>
    %nb = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%b : tensor<4xf32>) outs(%e1 : tensor<4xf32>) {
    ^bb0(%v: f32, %o: f32):
      %t = math.tanh %v : f32
      linalg.yield %t : f32
    } -> tensor<4xf32>
    %e0 = tensor.empty() : tensor<4xf32>
    %na = linalg.generic {indexing_maps = [#row, #id], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%e0 : tensor<4xf32>) {
    ^bb0(%v: f32, %o: f32):
      linalg.yield %v : f32
    } -> tensor<4xf32>
    scf.yield %na, %nb : tensor<4xf32>, tensor<4xf32>
  } attributes {lite.buffers = [#lite.slot<ping_pong>, #lite.slot<none>]}
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}

// -----

#id = affine_map<(d0) -> (d0)>

// No decision recorded (a loop the analysis never saw): left to one-shot
// bufferization.
// CHECK-LABEL: func.func @no_decision
// CHECK: %[[E:.*]] = tensor.empty() : tensor<8xf32>
// CHECK: outs(%[[E]] : tensor<8xf32>)
func.func @no_decision(%x: tensor<8xf32>, %go: i1) -> tensor<8xf32> {
  %r = scf.while (%h = %x) : (tensor<8xf32>) -> tensor<8xf32> {
    scf.condition(%go) %h : tensor<8xf32>
  } do {
  ^bb0(%h: tensor<8xf32>):
    %e = tensor.empty() : tensor<8xf32>
    %next = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%h : tensor<8xf32>) outs(%e : tensor<8xf32>) {
    ^bb0(%a: f32, %o: f32):
      %t = math.tanh %a : f32
      linalg.yield %t : f32
    } -> tensor<8xf32>
    scf.yield %next : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}
