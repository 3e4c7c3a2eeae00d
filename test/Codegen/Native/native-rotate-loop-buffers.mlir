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
// own), the same buffer for two slots.
// CHECK-LABEL: func.func @left_alone
// CHECK-COUNT-2: memref.copy
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

// -----

// Three slots rotating (x, y, z) -> (y, z, x): the loop carries the phase
// t mod 3, slot j holds buffer (j + t) mod 3, chosen by two selects.
// CHECK-LABEL: func.func @rotation_of_three
// CHECK: %[[A:.*]] = memref.alloc() : memref<4xf32>
// CHECK: %[[B:.*]] = memref.alloc() : memref<4xf32>
// CHECK: %[[C:.*]] = memref.alloc() : memref<4xf32>
// CHECK: %[[ZERO:.*]] = arith.constant 0 : index
// CHECK: %[[R:.*]] = scf.while (%{{.*}} = %[[ZERO]]) : (index) -> index
// CHECK-NOT: memref.copy
// CHECK: } do {
// CHECK: ^bb0(%[[T:.*]]: index):
// CHECK: %[[IS1:.*]] = arith.cmpi eq, %[[T]], %{{.*}} : index
// CHECK: %[[IS2:.*]] = arith.cmpi eq, %[[T]], %{{.*}} : index
// CHECK: %[[X1:.*]] = arith.select %[[IS1]], %[[B]], %[[A]]
// CHECK: %[[X:.*]] = arith.select %[[IS2]], %[[C]], %[[X1]]
// CHECK: %[[Y1:.*]] = arith.select %[[IS1]], %[[C]], %[[B]]
// CHECK: %[[Y:.*]] = arith.select %[[IS2]], %[[A]], %[[Y1]]
// CHECK: %[[Z1:.*]] = arith.select %[[IS1]], %[[A]], %[[C]]
// CHECK: %[[Z:.*]] = arith.select %[[IS2]], %[[B]], %[[Z1]]
// CHECK: memref.load %[[X]]
// CHECK: memref.store %{{.*}}, %[[Z]]
// CHECK: %[[NEXT:.*]] = arith.addi %[[T]], %{{.*}} : index
// CHECK: %[[WRAPS:.*]] = arith.cmpi eq, %[[NEXT]], %{{.*}} : index
// CHECK: %[[PHASE:.*]] = arith.select %[[WRAPS]], %{{.*}}, %[[NEXT]] : index
// CHECK: scf.yield %[[PHASE]] : index
// CHECK: arith.cmpi eq, %[[R]], %{{.*}} : index
// CHECK-NOT: memref.copy
// CHECK: return
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
    %i0 = arith.constant 0 : index
    %v = memref.load %x[%i0] : memref<4xf32>
    memref.store %v, %z[%i0] : memref<4xf32>
    scf.yield %y, %z, %x : memref<4xf32>, memref<4xf32>, memref<4xf32>
  }
  return %r#0 : memref<4xf32>
}

// -----

// A swap (x, y) and a 3-cycle (p, q, r) in one loop: one phase each, an i1
// flag for the swap, an index for the cycle; the counter slot stays.
// CHECK-LABEL: func.func @two_cycles
// CHECK: scf.while (%{{.*}} = %{{.*}}, %{{.*}} = %false, %{{.*}} = %{{.*}}) : (i32, i1, index) -> (i32, i1, index)
// CHECK-NOT: memref.copy
// CHECK: scf.yield %{{.*}}, %{{.*}}, %{{.*}} : i32, i1, index
func.func @two_cycles(%n: i32) -> memref<4xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %x0 = memref.alloc() : memref<4xf32>
  %y0 = memref.alloc() : memref<4xf32>
  %p0 = memref.alloc() : memref<4xf32>
  %q0 = memref.alloc() : memref<4xf32>
  %r0 = memref.alloc() : memref<4xf32>
  %res:6 = scf.while (%i = %c0, %x = %x0, %p = %p0, %y = %y0, %q = %q0, %r = %r0) : (i32, memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>) -> (i32, memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>) {
    %go = arith.cmpi slt, %i, %n : i32
    %cx = memref.alloc() : memref<4xf32>
    memref.copy %x, %cx : memref<4xf32> to memref<4xf32>
    %cp = memref.alloc() : memref<4xf32>
    memref.copy %p, %cp : memref<4xf32> to memref<4xf32>
    %cy = memref.alloc() : memref<4xf32>
    memref.copy %y, %cy : memref<4xf32> to memref<4xf32>
    %cq = memref.alloc() : memref<4xf32>
    memref.copy %q, %cq : memref<4xf32> to memref<4xf32>
    %cr = memref.alloc() : memref<4xf32>
    memref.copy %r, %cr : memref<4xf32> to memref<4xf32>
    scf.condition(%go) %i, %cx, %cp, %cy, %cq, %cr : i32, memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>
  } do {
  ^bb0(%i: i32, %x: memref<4xf32>, %p: memref<4xf32>, %y: memref<4xf32>, %q: memref<4xf32>, %r: memref<4xf32>):
    %i1 = arith.addi %i, %c1 : i32
    scf.yield %i1, %y, %q, %x, %r, %p : i32, memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>
  }
  return %res#2 : memref<4xf32>
}

// -----

// A list that grows: the body writes the slot's buffer in place, and when
// it is full first reallocates it larger (the old contents copied in). The
// slot holds only buffers the loop owns, so the condition's copy goes and
// the condition forwards the argument.
// CHECK-LABEL: func.func @grown
// CHECK: scf.while (%{{.*}} = %{{.*}}, %[[L:.*]] = %{{.*}}) : (index, memref<?xf32>)
// CHECK-NOT: memref.copy
// CHECK: scf.condition(%{{.*}}) %{{.*}}, %[[L]] : index, memref<?xf32>
// CHECK: } do {
// CHECK: scf.if
// CHECK: memref.alloc
// CHECK: memref.copy
func.func @grown(%n: index) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one = arith.constant 1.0 : f32
  %a = memref.alloc(%c1) : memref<?xf32>
  %r:2 = scf.while (%i = %c0, %l = %a) : (index, memref<?xf32>) -> (index, memref<?xf32>) {
    %p = arith.cmpi slt, %i, %n : index
    %d = memref.dim %l, %c0 : memref<?xf32>
    %copy = memref.alloc(%d) : memref<?xf32>
    memref.copy %l, %copy : memref<?xf32> to memref<?xf32>
    scf.condition(%p) %i, %copy : index, memref<?xf32>
  } do {
  ^bb0(%i: index, %l: memref<?xf32>):
    %d = memref.dim %l, %c0 : memref<?xf32>
    %full = arith.cmpi sge, %i, %d : index
    %g = scf.if %full -> (memref<?xf32>) {
      %twice = arith.muli %d, %c2 : index
      %bigger = memref.alloc(%twice) : memref<?xf32>
      %head = memref.subview %bigger[0] [%d] [1] : memref<?xf32> to memref<?xf32, strided<[1]>>
      memref.copy %l, %head : memref<?xf32> to memref<?xf32, strided<[1]>>
      scf.yield %bigger : memref<?xf32>
    } else {
      scf.yield %l : memref<?xf32>
    }
    memref.store %one, %g[%i] : memref<?xf32>
    %i1 = arith.addi %i, %c1 : index
    scf.yield %i1, %g : index, memref<?xf32>
  }
  return %r#1 : memref<?xf32>
}

// -----

// The same loop yielding the grown buffer in a second slot too: the two
// slots would share it, so the copies stay.
// CHECK-LABEL: func.func @grown_shared
// CHECK: memref.copy
// CHECK: scf.condition
func.func @grown_shared(%n: index) -> (memref<?xf32>, memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc(%c1) : memref<?xf32>
  %b = memref.alloc(%c1) : memref<?xf32>
  %r:3 = scf.while (%i = %c0, %l = %a, %m = %b) : (index, memref<?xf32>, memref<?xf32>) -> (index, memref<?xf32>, memref<?xf32>) {
    %p = arith.cmpi slt, %i, %n : index
    %d = memref.dim %l, %c0 : memref<?xf32>
    %copy = memref.alloc(%d) : memref<?xf32>
    memref.copy %l, %copy : memref<?xf32> to memref<?xf32>
    scf.condition(%p) %i, %copy, %m : index, memref<?xf32>, memref<?xf32>
  } do {
  ^bb0(%i: index, %l: memref<?xf32>, %m: memref<?xf32>):
    %bigger = memref.alloc(%i) : memref<?xf32>
    %i1 = arith.addi %i, %c1 : index
    scf.yield %i1, %bigger, %bigger : index, memref<?xf32>, memref<?xf32>
  }
  return %r#1, %r#2 : memref<?xf32>, memref<?xf32>
}

// -----

// A growing slot whose initial buffer is not the loop's (an argument): one
// copy before the loop, of the argument's size, instead of one per
// iteration.
// CHECK-LABEL: func.func @grown_from_argument
// CHECK-SAME: (%[[ARG:.*]]: memref<?xf32>
// CHECK: %[[D:.*]] = memref.dim %[[ARG]], %{{.*}}
// CHECK: %[[OWN:.*]] = memref.alloc(%[[D]]) : memref<?xf32>
// CHECK: memref.copy %[[ARG]], %[[OWN]]
// CHECK: scf.while (%{{.*}} = %{{.*}}, %[[L:.*]] = %[[OWN]])
// CHECK-NOT: memref.copy
// CHECK: scf.condition(%{{.*}}) %{{.*}}, %[[L]]
func.func @grown_from_argument(%a: memref<?xf32>, %n: index) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.while (%i = %c0, %l = %a) : (index, memref<?xf32>) -> (index, memref<?xf32>) {
    %p = arith.cmpi slt, %i, %n : index
    %d = memref.dim %l, %c0 : memref<?xf32>
    %copy = memref.alloc(%d) : memref<?xf32>
    memref.copy %l, %copy : memref<?xf32> to memref<?xf32>
    scf.condition(%p) %i, %copy : index, memref<?xf32>
  } do {
  ^bb0(%i: index, %l: memref<?xf32>):
    %bigger = memref.alloc(%i) : memref<?xf32>
    %i1 = arith.addi %i, %c1 : index
    scf.yield %i1, %bigger : index, memref<?xf32>
  }
  return %r#1 : memref<?xf32>
}
