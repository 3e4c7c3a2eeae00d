// RUN: sluice-opt %s -split-input-file -convert-lite-to-linalg | FileCheck %s

// lite.if becomes scf.if on the extracted predicate; a branch yielding a
// more precise type is cast to the op's type. Every function gets the
// status buffer.
// CHECK-LABEL: func.func @if_cast
// CHECK-SAME: (%[[P:.*]]: tensor<i1>, %[[A:.*]]: tensor<3xf32>, %[[B:.*]]: tensor<?xf32>, %{{.*}}: memref<i32> {sluice.status_buffer})
// CHECK: %[[C:.*]] = tensor.extract %[[P]][] : tensor<i1>
// CHECK: %[[R:.*]] = scf.if %[[C]] -> (tensor<?xf32>) {
// CHECK:   %[[CAST:.*]] = tensor.cast %[[A]] : tensor<3xf32> to tensor<?xf32>
// CHECK:   scf.yield %[[CAST]] : tensor<?xf32>
// CHECK: } else {
// CHECK:   scf.yield %[[B]] : tensor<?xf32>
// CHECK: return %[[R]]
func.func @if_cast(%p: tensor<i1>, %a: tensor<3xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %r = lite.if %p -> (tensor<?xf32>) {
    lite.yield %a : tensor<3xf32>
  } else {
    lite.yield %b : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

// -----

// lite.while becomes scf.while; rank-0 loop state is carried as scalars and
// the tensor is rebuilt only where a tensor is still needed.
// CHECK-LABEL: func.func @while_scalar_state
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>, %[[N:.*]]: tensor<i1>, %{{.*}}: memref<i32> {sluice.status_buffer})
// CHECK: %[[INIT:.*]] = tensor.extract %[[N]][] : tensor<i1>
// CHECK: %[[LOOP:.*]]:2 = scf.while (%[[S:.*]] = %[[X]], %[[B:.*]] = %[[INIT]]) : (tensor<4xf32>, i1) -> (tensor<4xf32>, i1) {
// CHECK:   scf.condition(%[[B]]) %[[S]], %[[B]] : tensor<4xf32>, i1
// CHECK: } do {
// CHECK: ^bb0(%[[S2:.*]]: tensor<4xf32>, %[[B2:.*]]: i1):
// CHECK:   scf.yield %[[S2]], %[[B2]] : tensor<4xf32>, i1
// CHECK: %[[OUT:.*]] = tensor.from_elements %[[LOOP]]#1 : tensor<i1>
// CHECK: return %[[LOOP]]#0, %[[OUT]]
func.func @while_scalar_state(%x: tensor<4xf32>, %n: tensor<i1>) -> (tensor<4xf32>, tensor<i1>) {
  %r:2 = lite.while (%s = %x, %b = %n) : (tensor<4xf32>, tensor<i1>) -> (tensor<4xf32>, tensor<i1>) cond {
    lite.yield %b : tensor<i1>
  } body {
    lite.yield %s, %b : tensor<4xf32>, tensor<i1>
  }
  return %r#0, %r#1 : tensor<4xf32>, tensor<i1>
}

// -----

// An init more precise than the loop's type is cast on the way in.
// CHECK-LABEL: func.func @while_cast_init
// CHECK: %[[CAST:.*]] = tensor.cast %{{.*}} : tensor<2xf32> to tensor<?xf32>
// CHECK: scf.while (%{{.*}} = %[[CAST]]) : (tensor<?xf32>) -> tensor<?xf32>
func.func @while_cast_init(%x: tensor<2xf32>, %p: tensor<i1>) -> tensor<?xf32> {
  %r = lite.while (%s = %x) : (tensor<2xf32>) -> tensor<?xf32> cond {
    lite.yield %p : tensor<i1>
  } body {
    lite.yield %s : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

// -----

// Unsigned constants keep their bits under a signless type, and signatures
// lose their signedness.
// CHECK-LABEL: func.func @unsigned(%{{.*}}: tensor<2xi8>, %{{.*}}: memref<i32> {sluice.status_buffer}) -> tensor<2xi8>
// CHECK: arith.constant dense<[-1, 7]> : tensor<2xi8>
func.func @unsigned(%x: tensor<2xui8>) -> tensor<2xui8> {
  %c = lite.constant dense<[255, 7]> : tensor<2xui8>
  return %c : tensor<2xui8>
}

// -----

// A run-time check (a cf.assert tagged with its status code, as the op
// lowerings emit it) becomes "record the code unless an error was recorded
// first", and loops of a function with checks stop once the status is set.
// Calls pass the status buffer on.
// CHECK-LABEL: func.func private @callee
// CHECK-SAME: (%[[OK:.*]]: i1, %{{.*}}: tensor<i1>, %[[STATUS:.*]]: memref<i32> {sluice.status_buffer})
// CHECK-NOT: cf.assert
// CHECK: %[[TRUE:.*]] = arith.constant true
// CHECK: %[[BAD:.*]] = arith.xori %[[OK]], %[[TRUE]] : i1
// CHECK: scf.if %[[BAD]] {
// CHECK:   %[[PREV:.*]] = memref.load %[[STATUS]][] : memref<i32>
// CHECK:   %[[FIRST:.*]] = arith.cmpi eq, %[[PREV]], %{{.*}} : i32
// CHECK:   %[[NEXT:.*]] = arith.select %[[FIRST]], %c3_i32, %[[PREV]] : i32
// CHECK:   memref.store %[[NEXT]], %[[STATUS]][] : memref<i32>
// CHECK: scf.while
// CHECK:   %[[NOW:.*]] = memref.load %[[STATUS]][] : memref<i32>
// CHECK:   %[[CLEAN:.*]] = arith.cmpi eq, %[[NOW]], %{{.*}} : i32
// CHECK:   %[[GO:.*]] = arith.andi %{{.*}}, %[[CLEAN]] : i1
// CHECK:   scf.condition(%[[GO]])
func.func private @callee(%ok: i1, %p: tensor<i1>) -> tensor<i1> {
  cf.assert %ok, "integer division by zero" {sluice.status = 3 : i32}
  %r = lite.while (%b = %p) : (tensor<i1>) -> tensor<i1> cond {
    lite.yield %b : tensor<i1>
  } body {
    lite.yield %b : tensor<i1>
  }
  return %r : tensor<i1>
}
// CHECK-LABEL: func.func @caller
// CHECK-SAME: (%[[OK2:.*]]: i1, %[[P2:.*]]: tensor<i1>, %[[STATUS2:.*]]: memref<i32> {sluice.status_buffer})
// CHECK: call @callee(%[[OK2]], %[[P2]], %[[STATUS2]]) : (i1, tensor<i1>, memref<i32>) -> tensor<i1>
func.func @caller(%ok: i1, %p: tensor<i1>) -> tensor<i1> {
  %r = func.call @callee(%ok, %p) : (i1, tensor<i1>) -> tensor<i1>
  return %r : tensor<i1>
}

// -----

// A rank-0 result of lite.if is yielded as a scalar.
// CHECK-LABEL: func.func @if_scalar
// CHECK-SAME: (%[[P:.*]]: tensor<i1>, %[[A:.*]]: tensor<i32>, %[[B:.*]]: tensor<i32>, %{{.*}}: memref<i32> {sluice.status_buffer})
// CHECK: %[[R:.*]] = scf.if %{{.*}} -> (i32) {
// CHECK:   %[[X:.*]] = tensor.extract %[[A]][] : tensor<i32>
// CHECK:   scf.yield %[[X]] : i32
// CHECK: } else {
// CHECK:   %[[Y:.*]] = tensor.extract %[[B]][] : tensor<i32>
// CHECK:   scf.yield %[[Y]] : i32
// CHECK: %[[T:.*]] = tensor.from_elements %[[R]] : tensor<i32>
// CHECK: return %[[T]]
func.func @if_scalar(%p: tensor<i1>, %a: tensor<i32>, %b: tensor<i32>) -> tensor<i32> {
  %r = lite.if %p -> (tensor<i32>) {
    lite.yield %a : tensor<i32>
  } else {
    lite.yield %b : tensor<i32>
  }
  return %r : tensor<i32>
}
