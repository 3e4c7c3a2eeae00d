// RUN: sluice-opt %s | sluice-opt | FileCheck %s
// RUN: sluice-opt %s -mlir-print-op-generic | sluice-opt | FileCheck %s
// RUN: sluice-opt %s -canonicalize | FileCheck %s --check-prefix=CANON
// RUN: sluice-opt %s -sccp | FileCheck %s --check-prefix=SCCP

// Round trip of lite.if and lite.while. The CANON and SCCP checks, at the end
// of the file, look at how upstream passes see the ops' side effects and
// RegionBranchOpInterface.

//===----------------------------------------------------------------------===//
// lite.if
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @if_results
// CHECK-SAME: (%[[P:.*]]: tensor<i1>, %[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<2xi32>)
func.func @if_results(%p: tensor<i1>, %a: tensor<f32>, %b: tensor<2xi32>) -> (tensor<f32>, tensor<2xi32>) {
  // CHECK: %[[R:.*]]:2 = lite.if %[[P]] -> (tensor<f32>, tensor<2xi32>) {
  // CHECK-NEXT:   lite.yield %[[A]], %[[B]] : tensor<f32>, tensor<2xi32>
  // CHECK-NEXT: } else {
  // CHECK-NEXT:   %[[N:.*]] = lite.neg %[[A]] : tensor<f32>
  // CHECK-NEXT:   %[[Z:.*]] = lite.zeros_like %[[B]] : tensor<2xi32>
  // CHECK-NEXT:   lite.yield %[[N]], %[[Z]] : tensor<f32>, tensor<2xi32>
  // CHECK-NEXT: }
  %r:2 = lite.if %p -> (tensor<f32>, tensor<2xi32>) {
    lite.yield %a, %b : tensor<f32>, tensor<2xi32>
  } else {
    %n = lite.neg %a : tensor<f32>
    %z = lite.zeros_like %b : tensor<2xi32>
    lite.yield %n, %z : tensor<f32>, tensor<2xi32>
  }
  // CHECK-NEXT: return %[[R]]#0, %[[R]]#1
  return %r#0, %r#1 : tensor<f32>, tensor<2xi32>
}

// CHECK-LABEL: func.func @if_one_result
func.func @if_one_result(%p: tensor<i1>, %a: tensor<f32>) -> tensor<f32> {
  // CHECK: %[[R:.*]] = lite.if %{{.*}} -> (tensor<f32>) {
  %r = lite.if %p -> (tensor<f32>) {
    lite.yield %a : tensor<f32>
  } else {
    %n = lite.neg %a : tensor<f32>
    lite.yield %n : tensor<f32>
  }
  // CHECK: return %[[R]] : tensor<f32>
  return %r : tensor<f32>
}

// CHECK-LABEL: func.func @if_no_result
// CHECK-SAME: (%[[P:.*]]: tensor<i1>)
func.func @if_no_result(%p: tensor<i1>) {
  // CHECK: lite.if %[[P]] {
  // CHECK-NEXT:   lite.yield{{$}}
  // CHECK-NEXT: } else {
  // CHECK-NEXT:   lite.yield{{$}}
  // CHECK-NEXT: } {if.note = 1 : i32}
  lite.if %p {
    lite.yield
  } else {
    lite.yield
  } {if.note = 1 : i32}
  return
}

// Both regions use values defined above the op, including values defined
// in the same block just before it.
// CHECK-LABEL: func.func @if_captures
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
func.func @if_captures(%x: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: %[[ZERO:.*]] = lite.constant dense<0.000000e+00> : tensor<f32>
  // CHECK-NEXT: %[[S:.*]] = lite.square %[[X]] : tensor<4xf32>
  // CHECK-NEXT: %[[P:.*]] = lite.greater %[[ZERO]], %[[ZERO]] : (tensor<f32>, tensor<f32>) -> tensor<i1>
  %zero = lite.constant dense<0.0> : tensor<f32>
  %s = lite.square %x : tensor<4xf32>
  %p = lite.greater %zero, %zero : (tensor<f32>, tensor<f32>) -> tensor<i1>
  // CHECK-NEXT: %[[R:.*]] = lite.if %[[P]] -> (tensor<4xf32>) {
  // CHECK-NEXT:   %[[M:.*]] = lite.maximum %[[S]], %[[ZERO]] : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  // CHECK-NEXT:   lite.yield %[[M]] : tensor<4xf32>
  // CHECK-NEXT: } else {
  // CHECK-NEXT:   lite.yield %[[X]] : tensor<4xf32>
  // CHECK-NEXT: }
  %r = lite.if %p -> (tensor<4xf32>) {
    %m = lite.maximum %s, %zero : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
    lite.yield %m : tensor<4xf32>
  } else {
    lite.yield %x : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// A branch may yield a more precise type than the op's result.
// CHECK-LABEL: func.func @if_refined_yield
// CHECK-SAME: (%[[P:.*]]: tensor<i1>, %[[A:.*]]: tensor<2xf32>, %[[B:.*]]: tensor<?xf32>, %[[C:.*]]: tensor<3x2xi32>)
func.func @if_refined_yield(%p: tensor<i1>, %a: tensor<2xf32>, %b: tensor<?xf32>, %c: tensor<3x2xi32>) -> (tensor<?xf32>, tensor<*xi32>) {
  // CHECK: %[[R:.*]]:2 = lite.if %[[P]] -> (tensor<?xf32>, tensor<*xi32>) {
  // CHECK-NEXT:   lite.yield %[[A]], %[[C]] : tensor<2xf32>, tensor<3x2xi32>
  // CHECK-NEXT: } else {
  // CHECK-NEXT:   lite.yield %[[B]], %[[C]] : tensor<?xf32>, tensor<3x2xi32>
  // CHECK-NEXT: }
  %r:2 = lite.if %p -> (tensor<?xf32>, tensor<*xi32>) {
    lite.yield %a, %c : tensor<2xf32>, tensor<3x2xi32>
  } else {
    lite.yield %b, %c : tensor<?xf32>, tensor<3x2xi32>
  }
  return %r#0, %r#1 : tensor<?xf32>, tensor<*xi32>
}

// CHECK-LABEL: func.func @if_nested
// CHECK-SAME: (%[[P:.*]]: tensor<i1>, %[[Q:.*]]: tensor<i1>, %[[A:.*]]: tensor<i32>)
func.func @if_nested(%p: tensor<i1>, %q: tensor<i1>, %a: tensor<i32>) -> tensor<i32> {
  // CHECK: %[[R:.*]] = lite.if %[[P]] -> (tensor<i32>) {
  // CHECK-NEXT:   %[[I:.*]] = lite.if %[[Q]] -> (tensor<i32>) {
  // CHECK-NEXT:     lite.yield %[[A]] : tensor<i32>
  // CHECK-NEXT:   } else {
  // CHECK-NEXT:     %[[N:.*]] = lite.neg %[[A]] : tensor<i32>
  // CHECK-NEXT:     lite.yield %[[N]] : tensor<i32>
  // CHECK-NEXT:   }
  // CHECK-NEXT:   lite.yield %[[I]] : tensor<i32>
  // CHECK-NEXT: } else {
  // CHECK-NEXT:   lite.if %[[Q]] {
  // CHECK-NEXT:     lite.yield
  // CHECK-NEXT:   } else {
  // CHECK-NEXT:     lite.yield
  // CHECK-NEXT:   }
  // CHECK-NEXT:   lite.yield %[[A]] : tensor<i32>
  // CHECK-NEXT: }
  %r = lite.if %p -> (tensor<i32>) {
    %i = lite.if %q -> (tensor<i32>) {
      lite.yield %a : tensor<i32>
    } else {
      %n = lite.neg %a : tensor<i32>
      lite.yield %n : tensor<i32>
    }
    lite.yield %i : tensor<i32>
  } else {
    lite.if %q {
      lite.yield
    } else {
      lite.yield
    }
    lite.yield %a : tensor<i32>
  }
  // CHECK-NEXT: return %[[R]]
  return %r : tensor<i32>
}

//===----------------------------------------------------------------------===//
// lite.while
//===----------------------------------------------------------------------===//

// No loop-carried value: the condition can only use values from above.
// CHECK-LABEL: func.func @while_no_values
// CHECK-SAME: (%[[P:.*]]: tensor<i1>)
func.func @while_no_values(%p: tensor<i1>) {
  // CHECK: lite.while () : () -> () cond {
  // CHECK-NEXT:   lite.yield %[[P]] : tensor<i1>
  // CHECK-NEXT: } body {
  // CHECK-NEXT:   lite.yield{{$}}
  // CHECK-NEXT: } {while.note}
  lite.while () : () -> () cond {
    lite.yield %p : tensor<i1>
  } body {
    lite.yield
  } {while.note}
  return
}

// The example of ARCHITECTURE.md: one loop-carried value, constants inside
// the regions.
// CHECK-LABEL: func.func @while_one_value
func.func @while_one_value() -> tensor<i32> {
  // CHECK: %[[C0:.*]] = lite.constant dense<0> : tensor<i32>
  // CHECK-NEXT: %[[R:.*]] = lite.while (%[[I:.*]] = %[[C0]]) : (tensor<i32>) -> tensor<i32> cond {
  // CHECK-NEXT:   %[[LIM:.*]] = lite.constant dense<10> : tensor<i32>
  // CHECK-NEXT:   %[[P:.*]] = lite.less %[[I]], %[[LIM]] : (tensor<i32>, tensor<i32>) -> tensor<i1>
  // CHECK-NEXT:   lite.yield %[[P]] : tensor<i1>
  // CHECK-NEXT: } body {
  // CHECK-NEXT:   %[[ONE:.*]] = lite.constant dense<1> : tensor<i32>
  // CHECK-NEXT:   %[[N:.*]] = lite.add %[[I]], %[[ONE]] : (tensor<i32>, tensor<i32>) -> tensor<i32>
  // CHECK-NEXT:   lite.yield %[[N]] : tensor<i32>
  // CHECK-NEXT: }
  // CHECK-NEXT: return %[[R]] : tensor<i32>
  %c0 = lite.constant dense<0> : tensor<i32>
  %r = lite.while (%i = %c0) : (tensor<i32>) -> tensor<i32> cond {
    %lim = lite.constant dense<10> : tensor<i32>
    %p = lite.less %i, %lim : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %one = lite.constant dense<1> : tensor<i32>
    %n = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    lite.yield %n : tensor<i32>
  }
  return %r : tensor<i32>
}

// Several loop-carried values of different types; cond and body capture
// values from above.
// CHECK-LABEL: func.func @while_several_values
// CHECK-SAME: (%[[I0:.*]]: tensor<i32>, %[[X0:.*]]: tensor<4xf32>, %[[B0:.*]]: tensor<i1>, %[[LIM:.*]]: tensor<i32>, %[[STEP:.*]]: tensor<4xf32>)
func.func @while_several_values(%i0: tensor<i32>, %x0: tensor<4xf32>, %b0: tensor<i1>, %lim: tensor<i32>, %step: tensor<4xf32>) -> (tensor<i32>, tensor<4xf32>, tensor<i1>) {
  // CHECK: %[[R:.*]]:3 = lite.while (%[[I:.*]] = %[[I0]], %[[X:.*]] = %[[X0]], %[[B:.*]] = %[[B0]]) : (tensor<i32>, tensor<4xf32>, tensor<i1>) -> (tensor<i32>, tensor<4xf32>, tensor<i1>) cond {
  // CHECK-NEXT:   %[[LT:.*]] = lite.less %[[I]], %[[LIM]] : (tensor<i32>, tensor<i32>) -> tensor<i1>
  // CHECK-NEXT:   %[[GO:.*]] = lite.logical_and %[[LT]], %[[B]] : (tensor<i1>, tensor<i1>) -> tensor<i1>
  // CHECK-NEXT:   lite.yield %[[GO]] : tensor<i1>
  // CHECK-NEXT: } body {
  // CHECK-NEXT:   %[[X1:.*]] = lite.add %[[X]], %[[STEP]] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  // CHECK-NEXT:   %[[NB:.*]] = lite.logical_not %[[B]] : tensor<i1>
  // CHECK-NEXT:   lite.yield %[[I]], %[[X1]], %[[NB]] : tensor<i32>, tensor<4xf32>, tensor<i1>
  // CHECK-NEXT: }
  %r:3 = lite.while (%i = %i0, %x = %x0, %b = %b0) : (tensor<i32>, tensor<4xf32>, tensor<i1>) -> (tensor<i32>, tensor<4xf32>, tensor<i1>) cond {
    %lt = lite.less %i, %lim : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %go = lite.logical_and %lt, %b : (tensor<i1>, tensor<i1>) -> tensor<i1>
    lite.yield %go : tensor<i1>
  } body {
    %x1 = lite.add %x, %step : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %nb = lite.logical_not %b : tensor<i1>
    lite.yield %i, %x1, %nb : tensor<i32>, tensor<4xf32>, tensor<i1>
  }
  // CHECK-NEXT: return %[[R]]#0, %[[R]]#1, %[[R]]#2
  return %r#0, %r#1, %r#2 : tensor<i32>, tensor<4xf32>, tensor<i1>
}

// Inits and body results more precise than the loop-carried types; the same
// value may be passed as several inits.
// CHECK-LABEL: func.func @while_refined_inits
// CHECK-SAME: (%[[A:.*]]: tensor<2xf32>, %[[B:.*]]: tensor<3x4xi32>, %[[P:.*]]: tensor<i1>)
func.func @while_refined_inits(%a: tensor<2xf32>, %b: tensor<3x4xi32>, %p: tensor<i1>) -> (tensor<?xf32>, tensor<*xi32>, tensor<3x?xi32>) {
  // CHECK: %[[R:.*]]:3 = lite.while (%[[X:.*]] = %[[A]], %[[Y:.*]] = %[[B]], %[[Z:.*]] = %[[B]]) : (tensor<2xf32>, tensor<3x4xi32>, tensor<3x4xi32>) -> (tensor<?xf32>, tensor<*xi32>, tensor<3x?xi32>) cond {
  // CHECK-NEXT:   lite.yield %[[P]] : tensor<i1>
  // CHECK-NEXT: } body {
  // CHECK-NEXT:   lite.yield %[[A]], %[[B]], %[[Z]] : tensor<2xf32>, tensor<3x4xi32>, tensor<3x?xi32>
  // CHECK-NEXT: }
  %r:3 = lite.while (%x = %a, %y = %b, %z = %b) : (tensor<2xf32>, tensor<3x4xi32>, tensor<3x4xi32>) -> (tensor<?xf32>, tensor<*xi32>, tensor<3x?xi32>) cond {
    lite.yield %p : tensor<i1>
  } body {
    lite.yield %a, %b, %z : tensor<2xf32>, tensor<3x4xi32>, tensor<3x?xi32>
  }
  return %r#0, %r#1, %r#2 : tensor<?xf32>, tensor<*xi32>, tensor<3x?xi32>
}

// A while nested in the body of a while; the inner loop uses the outer
// loop's carried value and a value from outside both.
// CHECK-LABEL: func.func @while_nested
// CHECK-SAME: (%[[N0:.*]]: tensor<i32>, %[[LIM:.*]]: tensor<i32>)
func.func @while_nested(%n0: tensor<i32>, %lim: tensor<i32>) -> tensor<i32> {
  // CHECK: %[[R:.*]] = lite.while (%[[I:.*]] = %[[N0]]) : (tensor<i32>) -> tensor<i32> cond {
  // CHECK-NEXT:   %[[P:.*]] = lite.less %[[I]], %[[LIM]]
  // CHECK-NEXT:   lite.yield %[[P]] : tensor<i1>
  // CHECK-NEXT: } body {
  // CHECK-NEXT:   %[[IN:.*]] = lite.while (%[[J:.*]] = %[[I]]) : (tensor<i32>) -> tensor<i32> cond {
  // CHECK-NEXT:     %[[Q:.*]] = lite.less %[[J]], %[[I]]
  // CHECK-NEXT:     lite.yield %[[Q]] : tensor<i1>
  // CHECK-NEXT:   } body {
  // CHECK-NEXT:     %[[J1:.*]] = lite.add %[[J]], %[[LIM]]
  // CHECK-NEXT:     lite.yield %[[J1]] : tensor<i32>
  // CHECK-NEXT:   }
  // CHECK-NEXT:   lite.yield %[[IN]] : tensor<i32>
  // CHECK-NEXT: }
  %r = lite.while (%i = %n0) : (tensor<i32>) -> tensor<i32> cond {
    %p = lite.less %i, %lim : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %in = lite.while (%j = %i) : (tensor<i32>) -> tensor<i32> cond {
      %q = lite.less %j, %i : (tensor<i32>, tensor<i32>) -> tensor<i1>
      lite.yield %q : tensor<i1>
    } body {
      %j1 = lite.add %j, %lim : (tensor<i32>, tensor<i32>) -> tensor<i32>
      lite.yield %j1 : tensor<i32>
    }
    lite.yield %in : tensor<i32>
  }
  return %r : tensor<i32>
}

// An if in the body of a while, and an if in its condition.
// CHECK-LABEL: func.func @if_in_while
// CHECK-SAME: (%[[X0:.*]]: tensor<f32>, %[[P:.*]]: tensor<i1>)
func.func @if_in_while(%x0: tensor<f32>, %p: tensor<i1>) -> tensor<f32> {
  // CHECK: %[[R:.*]] = lite.while (%[[X:.*]] = %[[X0]]) : (tensor<f32>) -> tensor<f32> cond {
  // CHECK-NEXT:   %[[C:.*]] = lite.if %[[P]] -> (tensor<i1>) {
  // CHECK-NEXT:     lite.yield %[[P]] : tensor<i1>
  // CHECK-NEXT:   } else {
  // CHECK-NEXT:     %[[NP:.*]] = lite.logical_not %[[P]] : tensor<i1>
  // CHECK-NEXT:     lite.yield %[[NP]] : tensor<i1>
  // CHECK-NEXT:   }
  // CHECK-NEXT:   lite.yield %[[C]] : tensor<i1>
  // CHECK-NEXT: } body {
  // CHECK-NEXT:   %[[Y:.*]] = lite.if %[[P]] -> (tensor<f32>) {
  // CHECK-NEXT:     %[[N:.*]] = lite.neg %[[X]] : tensor<f32>
  // CHECK-NEXT:     lite.yield %[[N]] : tensor<f32>
  // CHECK-NEXT:   } else {
  // CHECK-NEXT:     lite.yield %[[X]] : tensor<f32>
  // CHECK-NEXT:   }
  // CHECK-NEXT:   lite.yield %[[Y]] : tensor<f32>
  // CHECK-NEXT: }
  %r = lite.while (%x = %x0) : (tensor<f32>) -> tensor<f32> cond {
    %c = lite.if %p -> (tensor<i1>) {
      lite.yield %p : tensor<i1>
    } else {
      %np = lite.logical_not %p : tensor<i1>
      lite.yield %np : tensor<i1>
    }
    lite.yield %c : tensor<i1>
  } body {
    %y = lite.if %p -> (tensor<f32>) {
      %n = lite.neg %x : tensor<f32>
      lite.yield %n : tensor<f32>
    } else {
      lite.yield %x : tensor<f32>
    }
    lite.yield %y : tensor<f32>
  }
  return %r : tensor<f32>
}

// A while in a branch of an if, carrying a value defined in the branch.
// CHECK-LABEL: func.func @while_in_if
// CHECK-SAME: (%[[P:.*]]: tensor<i1>, %[[A:.*]]: tensor<i32>)
func.func @while_in_if(%p: tensor<i1>, %a: tensor<i32>) -> tensor<i32> {
  // CHECK: %[[R:.*]] = lite.if %[[P]] -> (tensor<i32>) {
  // CHECK-NEXT:   %[[D:.*]] = lite.add %[[A]], %[[A]]
  // CHECK-NEXT:   %[[W:.*]] = lite.while (%[[I:.*]] = %[[D]]) : (tensor<i32>) -> tensor<i32> cond {
  // CHECK-NEXT:     lite.yield %[[P]] : tensor<i1>
  // CHECK-NEXT:   } body {
  // CHECK-NEXT:     %[[S:.*]] = lite.sub %[[I]], %[[A]]
  // CHECK-NEXT:     lite.yield %[[S]] : tensor<i32>
  // CHECK-NEXT:   }
  // CHECK-NEXT:   lite.yield %[[W]] : tensor<i32>
  // CHECK-NEXT: } else {
  // CHECK-NEXT:   lite.yield %[[A]] : tensor<i32>
  // CHECK-NEXT: }
  %r = lite.if %p -> (tensor<i32>) {
    %d = lite.add %a, %a : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %w = lite.while (%i = %d) : (tensor<i32>) -> tensor<i32> cond {
      lite.yield %p : tensor<i1>
    } body {
      %s = lite.sub %i, %a : (tensor<i32>, tensor<i32>) -> tensor<i32>
      lite.yield %s : tensor<i32>
    }
    lite.yield %w : tensor<i32>
  } else {
    lite.yield %a : tensor<i32>
  }
  return %r : tensor<i32>
}

//===----------------------------------------------------------------------===//
// Upstream passes
//===----------------------------------------------------------------------===//

// Constants are hoisted out of the regions (the regions may capture them) and
// an if or a while whose results are unused and whose regions have no side
// effect is erased. A while whose body has a side effect stays.

// CANON-LABEL: func.func @canon_hoist
// CANON-DAG: %[[C0:.*]] = lite.constant dense<0> : tensor<i32>
// CANON-DAG: %[[LIM:.*]] = lite.constant dense<10> : tensor<i32>
// CANON-DAG: %[[ONE:.*]] = lite.constant dense<1> : tensor<i32>
// CANON: %[[R:.*]] = lite.while (%[[I:.*]] = %[[C0]]) : (tensor<i32>) -> tensor<i32> cond {
// CANON-NEXT:   %[[P:.*]] = lite.less %[[I]], %[[LIM]]
// CANON-NEXT:   lite.yield %[[P]] : tensor<i1>
// CANON-NEXT: } body {
// CANON-NEXT:   %[[N:.*]] = lite.add %[[I]], %[[ONE]]
// CANON-NEXT:   lite.yield %[[N]] : tensor<i32>
// CANON-NEXT: }
// CANON-NEXT: return %[[R]]
func.func @canon_hoist() -> tensor<i32> {
  %c0 = lite.constant dense<0> : tensor<i32>
  %r = lite.while (%i = %c0) : (tensor<i32>) -> tensor<i32> cond {
    %lim = lite.constant dense<10> : tensor<i32>
    %p = lite.less %i, %lim : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %one = lite.constant dense<1> : tensor<i32>
    %n = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    lite.yield %n : tensor<i32>
  }
  return %r : tensor<i32>
}

// CANON-LABEL: func.func @canon_dead
// CANON-NEXT: return
func.func @canon_dead(%p: tensor<i1>, %x: tensor<f32>) {
  %r = lite.if %p -> (tensor<f32>) {
    %n = lite.neg %x : tensor<f32>
    lite.yield %n : tensor<f32>
  } else {
    lite.yield %x : tensor<f32>
  }
  %w = lite.while (%i = %x) : (tensor<f32>) -> tensor<f32> cond {
    lite.yield %p : tensor<i1>
  } body {
    %n = lite.neg %i : tensor<f32>
    lite.yield %n : tensor<f32>
  }
  return
}

func.func private @effect(tensor<f32>)

// CANON-LABEL: func.func @canon_side_effect
// CANON-NEXT: lite.while
// CANON-NEXT:   lite.yield
// CANON-NEXT: } body {
// CANON-NEXT:   func.call @effect
// CANON-NEXT:   lite.yield
// CANON-NEXT: }
// CANON-NEXT: lite.if
// CANON-NEXT:   lite.yield
// CANON-NEXT: } else {
// CANON-NEXT:   func.call @effect
// CANON-NEXT:   lite.yield
// CANON-NEXT: }
// CANON-NEXT: return
func.func @canon_side_effect(%p: tensor<i1>, %x: tensor<f32>) {
  %w = lite.while (%i = %x) : (tensor<f32>) -> tensor<f32> cond {
    lite.yield %p : tensor<i1>
  } body {
    func.call @effect(%i) : (tensor<f32>) -> ()
    lite.yield %i : tensor<f32>
  }
  %r = lite.if %p -> (tensor<f32>) {
    lite.yield %x : tensor<f32>
  } else {
    func.call @effect(%x) : (tensor<f32>) -> ()
    lite.yield %x : tensor<f32>
  }
  return
}

// SCCP follows only the branch a constant predicate selects
// (getEntrySuccessorRegions), and merges the values both branches yield.

// SCCP-LABEL: func.func @sccp_if_true
// SCCP: %[[ONE:.*]] = lite.constant dense<1> : tensor<i32>
// SCCP-NOT: lite.if
// SCCP: return %[[ONE]]
func.func @sccp_if_true() -> tensor<i32> {
  %t = lite.constant dense<true> : tensor<i1>
  %r = lite.if %t -> (tensor<i32>) {
    %a = lite.constant dense<1> : tensor<i32>
    lite.yield %a : tensor<i32>
  } else {
    %b = lite.constant dense<2> : tensor<i32>
    lite.yield %b : tensor<i32>
  }
  return %r : tensor<i32>
}

// SCCP-LABEL: func.func @sccp_if_false
// SCCP: %[[TWO:.*]] = lite.constant dense<2> : tensor<i32>
// SCCP-NOT: lite.if
// SCCP: return %[[TWO]]
func.func @sccp_if_false() -> tensor<i32> {
  %f = lite.constant dense<false> : tensor<i1>
  %r = lite.if %f -> (tensor<i32>) {
    %a = lite.constant dense<1> : tensor<i32>
    lite.yield %a : tensor<i32>
  } else {
    %b = lite.constant dense<2> : tensor<i32>
    lite.yield %b : tensor<i32>
  }
  return %r : tensor<i32>
}

// SCCP-LABEL: func.func @sccp_if_unknown
// SCCP: %[[R:.*]] = lite.if
// SCCP: return %[[R]]
func.func @sccp_if_unknown(%p: tensor<i1>) -> tensor<i32> {
  %r = lite.if %p -> (tensor<i32>) {
    %a = lite.constant dense<1> : tensor<i32>
    lite.yield %a : tensor<i32>
  } else {
    %b = lite.constant dense<2> : tensor<i32>
    lite.yield %b : tensor<i32>
  }
  return %r : tensor<i32>
}

// SCCP-LABEL: func.func @sccp_if_same
// SCCP: %[[SEVEN:.*]] = lite.constant dense<7> : tensor<i32>
// SCCP: return %[[SEVEN]]
func.func @sccp_if_same(%p: tensor<i1>) -> tensor<i32> {
  %r = lite.if %p -> (tensor<i32>) {
    %a = lite.constant dense<7> : tensor<i32>
    lite.yield %a : tensor<i32>
  } else {
    %b = lite.constant dense<7> : tensor<i32>
    lite.yield %b : tensor<i32>
  }
  return %r : tensor<i32>
}

// The results of a while are not its inits: the loop may run.
// SCCP-LABEL: func.func @sccp_while
// SCCP: %[[R:.*]] = lite.while
// SCCP: return %[[R]]
func.func @sccp_while(%p: tensor<i1>) -> tensor<i32> {
  %c0 = lite.constant dense<0> : tensor<i32>
  %r = lite.while (%i = %c0) : (tensor<i32>) -> tensor<i32> cond {
    lite.yield %p : tensor<i1>
  } body {
    %one = lite.constant dense<1> : tensor<i32>
    lite.yield %one : tensor<i32>
  }
  return %r : tensor<i32>
}
