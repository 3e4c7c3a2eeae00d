// RUN: sluice-opt %s -split-input-file -lite-outline-regions | FileCheck %s
// RUN: echo '[5]' > %t.in.json
// RUN: sluice-run %s --function=nested --inputs=%t.in.json | FileCheck %s --check-prefix=OUT
// RUN: sluice-opt %s -lite-outline-regions | sluice-run - --function=nested --inputs=%t.in.json | FileCheck %s --check-prefix=OUT
// RUN: echo '[3]' > %t.n.json
// RUN: sluice-opt %s -lite-outline-regions | sluice-run - --function=while_captures --inputs=%t.n.json | FileCheck %s --check-prefix=WHILE

// OUT: {"outputs":[{"data":[17],"dtype":"int32","name":"output0","shape":[]}]}
// WHILE: {"outputs":[{"data":[3],"dtype":"int32","name":"output0","shape":[]}]}

// Both branch functions take what either branch uses, in one order.
// CHECK-LABEL: func.func @if_captures
// CHECK-SAME:    (%[[P:.*]]: tensor<i1>, %[[X:.*]]: tensor<f32>, %[[Y:.*]]: tensor<f32>)
// CHECK:         lite.if %[[P]] -> (tensor<f32>) {
// CHECK-NEXT:      %[[T:.*]] = func.call @if_captures_if0_then(%[[X]], %[[Y]]) : (tensor<f32>, tensor<f32>) -> tensor<f32>
// CHECK-NEXT:      lite.yield %[[T]]
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[E:.*]] = func.call @if_captures_if0_else(%[[X]], %[[Y]])
// CHECK-NEXT:      lite.yield %[[E]]
// CHECK:       func.func private @if_captures_if0_then(%[[A:.*]]: tensor<f32>, %{{.*}}: tensor<f32>) -> tensor<f32>
// CHECK-NEXT:    %[[N:.*]] = lite.neg %[[A]]
// CHECK-NEXT:    return %[[N]]
// CHECK:       func.func private @if_captures_if0_else(%{{.*}}: tensor<f32>, %[[B:.*]]: tensor<f32>) -> tensor<f32>
// CHECK-NEXT:    %[[C:.*]] = lite.constant dense<2.000000e+00>
// CHECK-NEXT:    %[[M:.*]] = lite.mul %[[B]], %[[C]]
// CHECK-NEXT:    return %[[M]]
func.func @if_captures(%p: tensor<i1>, %x: tensor<f32>, %y: tensor<f32>) -> tensor<f32> {
  %two = lite.constant dense<2.0> : tensor<f32>
  %r = lite.if %p -> (tensor<f32>) {
    %n = lite.neg %x : tensor<f32>
    lite.yield %n : tensor<f32>
  } else {
    %m = lite.mul %y, %two : (tensor<f32>, tensor<f32>) -> tensor<f32>
    lite.yield %m : tensor<f32>
  }
  return %r : tensor<f32>
}

// -----

// A captured value becomes a loop-carried value the body passes through;
// a captured constant is cloned into the functions.
// CHECK-LABEL: func.func @while_captures
// CHECK-SAME:    (%[[N:.*]]: tensor<i32>)
// CHECK:         %[[R:.*]]:2 = lite.while (%[[I:.*]] = %{{.*}}, %[[N2:.*]] = %[[N]]) : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>) cond {
// CHECK-NEXT:      %[[P:.*]] = func.call @while_captures_while0_cond(%[[I]], %[[N2]]) : (tensor<i32>, tensor<i32>) -> tensor<i1>
// CHECK-NEXT:      lite.yield %[[P]] : tensor<i1>
// CHECK-NEXT:    } body {
// CHECK-NEXT:      %[[B:.*]]:2 = func.call @while_captures_while0_body(%[[I]], %[[N2]]) : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
// CHECK-NEXT:      lite.yield %[[B]]#0, %[[B]]#1
// CHECK:         return %[[R]]#0 : tensor<i32>
// CHECK:       func.func private @while_captures_while0_cond(%[[CI:.*]]: tensor<i32>, %[[CN:.*]]: tensor<i32>) -> tensor<i1>
// CHECK-NEXT:    %[[L:.*]] = lite.less %[[CI]], %[[CN]]
// CHECK-NEXT:    return %[[L]]
// CHECK:       func.func private @while_captures_while0_body(%[[BI:.*]]: tensor<i32>, %[[BN:.*]]: tensor<i32>) -> (tensor<i32>, tensor<i32>)
// CHECK-NEXT:    %[[ONE:.*]] = lite.constant dense<1>
// CHECK-NEXT:    %[[NEXT:.*]] = lite.add %[[BI]], %[[ONE]]
// CHECK-NEXT:    return %[[NEXT]], %[[BN]]
func.func @while_captures(%n: tensor<i32>) -> tensor<i32> {
  %c0 = lite.constant dense<0> : tensor<i32>
  %one = lite.constant dense<1> : tensor<i32>
  %r = lite.while (%i = %c0) : (tensor<i32>) -> tensor<i32> cond {
    %p = lite.less %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %next = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    lite.yield %next : tensor<i32>
  }
  return %r : tensor<i32>
}

// -----

// Innermost first: the if inside the body is outlined before the body, whose
// function calls the branch functions. Two identical ifs share functions.
// CHECK-LABEL: func.func @nested
// CHECK:         func.call @nested_while2_cond
// CHECK:         func.call @nested_while2_body
// CHECK:       func.func private @nested_if0_then(
// CHECK:       func.func private @nested_if0_else(
// CHECK-NOT:   func.func private @nested_if1_then
// CHECK:       func.func private @nested_while2_cond(
// CHECK:       func.func private @nested_while2_body(
// CHECK:         lite.if
// CHECK-NEXT:      func.call @nested_if0_then(
// CHECK:         lite.if
// CHECK-NEXT:      func.call @nested_if0_then(
func.func @nested(%x: tensor<i32>) -> tensor<i32> {
  %c0 = lite.constant dense<0> : tensor<i32>
  %r:2 = lite.while (%i = %c0, %acc = %x) : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>) cond {
    %lim = lite.constant dense<4> : tensor<i32>
    %p = lite.less %i, %lim : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %one = lite.constant dense<1> : tensor<i32>
    %next = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %odd = lite.floor_mod %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %q = lite.equal %odd, %c0 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %a = lite.if %q -> (tensor<i32>) {
      %s = lite.add %acc, %i : (tensor<i32>, tensor<i32>) -> tensor<i32>
      lite.yield %s : tensor<i32>
    } else {
      lite.yield %acc : tensor<i32>
    }
    %b = lite.if %q -> (tensor<i32>) {
      %s = lite.add %a, %i : (tensor<i32>, tensor<i32>) -> tensor<i32>
      lite.yield %s : tensor<i32>
    } else {
      lite.yield %a : tensor<i32>
    }
    lite.yield %next, %b : tensor<i32>, tensor<i32>
  }
  return %r#1 : tensor<i32>
}

// -----

// The inner and outer conds are identical (i < bound), but the inner loop
// runs while the outer one is using its cond subgraph: TFLite cannot share
// it, so each loop gets its own function.
// CHECK-LABEL: func.func @nested_identical_conds
// CHECK:       func.func private @nested_identical_conds_while0_cond(
// CHECK:       func.func private @nested_identical_conds_while1_cond(
func.func @nested_identical_conds(%n: tensor<i32>) -> tensor<i32> {
  %c0 = lite.constant dense<0> : tensor<i32>
  %r:2 = lite.while (%i = %c0, %s = %c0) : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>) cond {
    %p = lite.less %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %in:2 = lite.while (%j = %c0, %t = %s) : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>) cond {
      %q = lite.less %j, %i : (tensor<i32>, tensor<i32>) -> tensor<i1>
      lite.yield %q : tensor<i1>
    } body {
      %one = lite.constant dense<1> : tensor<i32>
      %j1 = lite.add %j, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
      lite.yield %j1, %t : tensor<i32>, tensor<i32>
    }
    %one = lite.constant dense<1> : tensor<i32>
    %i1 = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    lite.yield %i1, %in#1 : tensor<i32>, tensor<i32>
  }
  return %r#1 : tensor<i32>
}

// -----

// The branches yield one result with different static shapes: TFLite's IF
// would size its output by the then subgraph's, so both branches return the
// IF's own type through a RESHAPE (sized when it runs). A result whose
// branches agree keeps its static type.
// CHECK-LABEL: func.func @conflicting_branch_shapes
// CHECK: lite.if
// CHECK: func.func private @conflicting_branch_shapes_if0_then(%{{.*}}: tensor<2x1xf32>) -> (tensor<?x?xf32>, tensor<2x1xf32>)
// CHECK: %[[SHAPE:.*]] = lite.shape %{{.*}} : (tensor<2x1xf32>) -> tensor<2xi32>
// CHECK: %[[COPY:.*]] = lite.reshape %{{.*}}, %[[SHAPE]] : (tensor<2x1xf32>, tensor<2xi32>) -> tensor<?x?xf32>
// CHECK: return %[[COPY]], %{{.*}} : tensor<?x?xf32>, tensor<2x1xf32>
// CHECK: func.func private @conflicting_branch_shapes_if0_else(%{{.*}}: tensor<2x1xf32>) -> (tensor<?x?xf32>, tensor<2x1xf32>)
// CHECK: lite.reshape {{.*}} -> tensor<?x?xf32>
func.func @conflicting_branch_shapes(%p: tensor<i1>, %a: tensor<2x1xf32>) -> (tensor<?x?xf32>, tensor<2x1xf32>) {
  %r:2 = lite.if %p -> (tensor<?x?xf32>, tensor<2x1xf32>) {
    %t = lite.neg %a : tensor<2x1xf32>
    lite.yield %t, %t : tensor<2x1xf32>, tensor<2x1xf32>
  } else {
    %s = lite.constant dense<[1, 2]> : tensor<2xi32>
    %e = lite.reshape %a, %s : (tensor<2x1xf32>, tensor<2xi32>) -> tensor<1x2xf32>
    %f = lite.abs %a : tensor<2x1xf32>
    lite.yield %e, %f : tensor<1x2xf32>, tensor<2x1xf32>
  }
  return %r#0, %r#1 : tensor<?x?xf32>, tensor<2x1xf32>
}
