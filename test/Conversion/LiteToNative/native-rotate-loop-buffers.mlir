// RUN: sluice-opt %s -split-input-file -native-rotate-loop-buffers | FileCheck %s

// Two slots swapping their buffers every iteration: one-shot's copies in
// the condition region go, and the loop carries a flag choosing which of
// the two buffers (allocated before the loop, the loop's own) each slot
// holds.
// CHECK-LABEL: func.func @swap
// CHECK: %[[A:.*]] = memref.alloc() : memref<4xf32>
// CHECK: %[[B:.*]] = memref.alloc() : memref<4xf32>
// CHECK: %[[FALSE:.*]] = arith.constant false
// CHECK: %[[R:.*]]:2 = scf.while (%{{.*}} = %{{.*}}, %[[F:.*]] = %[[FALSE]]) : (i32, i1) -> (i32, i1)
// CHECK-NOT: memref.copy
// CHECK: arith.select %[[F]], %[[B]], %[[A]]
// CHECK: scf.condition
// CHECK: ^bb0(%{{.*}}: i32, %[[G:.*]]: i1):
// CHECK: %[[X:.*]] = arith.select %[[G]], %[[B]], %[[A]]
// CHECK: memref.load %[[X]]
// CHECK: %[[FLIP:.*]] = arith.xori %[[G]], %{{.*}} : i1
// CHECK: scf.yield %{{.*}}, %[[FLIP]] : i32, i1
// CHECK: %[[FIRST:.*]] = arith.select %[[R]]#1, %[[B]], %[[A]]
// CHECK: %[[SECOND:.*]] = arith.select %[[R]]#1, %[[A]], %[[B]]
// CHECK: return %[[FIRST]], %[[SECOND]]
func.func @swap(%n: i32) -> (memref<4xf32>, memref<4xf32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %i0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %r:3 = scf.while (%i = %c0, %x = %a, %y = %b) : (i32, memref<4xf32>, memref<4xf32>) -> (i32, memref<4xf32>, memref<4xf32>) {
    %p = arith.cmpi slt, %i, %n : i32
    %cx = memref.alloc() : memref<4xf32>
    memref.copy %x, %cx : memref<4xf32> to memref<4xf32>
    %cy = memref.alloc() : memref<4xf32>
    memref.copy %y, %cy : memref<4xf32> to memref<4xf32>
    scf.condition(%p) %i, %cx, %cy : i32, memref<4xf32>, memref<4xf32>
  } do {
  ^bb0(%i: i32, %x: memref<4xf32>, %y: memref<4xf32>):
    %v = memref.load %x[%i0] : memref<4xf32>
    memref.store %v, %x[%i0] : memref<4xf32>
    %i1 = arith.addi %i, %c1 : i32
    scf.yield %i1, %y, %x : i32, memref<4xf32>, memref<4xf32>
  }
  return %r#1, %r#2 : memref<4xf32>, memref<4xf32>
}

// -----

// An initial buffer the loop does not own (a function argument) is copied
// once before the loop instead.
// CHECK-LABEL: func.func @not_owned
// CHECK-SAME: (%[[ARG:.*]]: memref<4xf32>,
// CHECK: %[[FRESH:.*]] = memref.alloc() : memref<4xf32>
// CHECK: memref.copy %[[ARG]], %[[FRESH]]
// CHECK: scf.while
// CHECK-NOT: memref.copy
// CHECK: return
func.func @not_owned(%arg: memref<4xf32>, %go: i1) -> memref<4xf32> {
  %b = memref.alloc() : memref<4xf32>
  %r:2 = scf.while (%x = %arg, %y = %b) : (memref<4xf32>, memref<4xf32>) -> (memref<4xf32>, memref<4xf32>) {
    %cx = memref.alloc() : memref<4xf32>
    memref.copy %x, %cx : memref<4xf32> to memref<4xf32>
    %cy = memref.alloc() : memref<4xf32>
    memref.copy %y, %cy : memref<4xf32> to memref<4xf32>
    scf.condition(%go) %cx, %cy : memref<4xf32>, memref<4xf32>
  } do {
  ^bb0(%x: memref<4xf32>, %y: memref<4xf32>):
    scf.yield %y, %x : memref<4xf32>, memref<4xf32>
  }
  return %r#0 : memref<4xf32>
}

// -----

// Left alone: the body yields a fresh buffer (not a permutation of its
// own), the same buffer for two slots, and a rotation of three slots.
// CHECK-LABEL: func.func @left_alone
// CHECK-COUNT-2: memref.copy
// CHECK: } do {
// CHECK-LABEL: func.func @rotation_of_three
// CHECK-COUNT-3: memref.copy
// CHECK: } do {
func.func @left_alone(%go: i1) -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %r:2 = scf.while (%x = %a, %y = %b) : (memref<4xf32>, memref<4xf32>) -> (memref<4xf32>, memref<4xf32>) {
    %cx = memref.alloc() : memref<4xf32>
    memref.copy %x, %cx : memref<4xf32> to memref<4xf32>
    %cy = memref.alloc() : memref<4xf32>
    memref.copy %y, %cy : memref<4xf32> to memref<4xf32>
    scf.condition(%go) %cx, %cy : memref<4xf32>, memref<4xf32>
  } do {
  ^bb0(%x: memref<4xf32>, %y: memref<4xf32>):
    %fresh = memref.alloc() : memref<4xf32>
    scf.yield %fresh, %fresh : memref<4xf32>, memref<4xf32>
  }
  return %r#0 : memref<4xf32>
}

func.func @rotation_of_three(%go: i1) -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %c = memref.alloc() : memref<4xf32>
  %r:3 = scf.while (%x = %a, %y = %b, %z = %c) : (memref<4xf32>, memref<4xf32>, memref<4xf32>) -> (memref<4xf32>, memref<4xf32>, memref<4xf32>) {
    %cx = memref.alloc() : memref<4xf32>
    memref.copy %x, %cx : memref<4xf32> to memref<4xf32>
    %cy = memref.alloc() : memref<4xf32>
    memref.copy %y, %cy : memref<4xf32> to memref<4xf32>
    %cz = memref.alloc() : memref<4xf32>
    memref.copy %z, %cz : memref<4xf32> to memref<4xf32>
    scf.condition(%go) %cx, %cy, %cz : memref<4xf32>, memref<4xf32>, memref<4xf32>
  } do {
  ^bb0(%x: memref<4xf32>, %y: memref<4xf32>, %z: memref<4xf32>):
    scf.yield %y, %z, %x : memref<4xf32>, memref<4xf32>, memref<4xf32>
  }
  return %r#0 : memref<4xf32>
}
