// RUN: sluice-opt %s -split-input-file -canonicalize | FileCheck %s

// Canonicalization of lite.if and lite.while (LiteCanonicalize.cpp). Constants
// that canonicalization hoists out of the regions land at the top of the
// function, hence the CHECK-DAGs.

//===----------------------------------------------------------------------===//
// lite.if: known predicate
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @static_true
// CHECK-SAME: (%[[A:.*]]: tensor<f32>)
// CHECK-NEXT: %[[N:.*]] = lite.neg %[[A]] : tensor<f32>
// CHECK-NEXT: return %[[N]]
func.func @static_true(%a: tensor<f32>) -> tensor<f32> {
  %t = lite.constant dense<true> : tensor<i1>
  %r = lite.if %t -> (tensor<f32>) {
    %n = lite.neg %a : tensor<f32>
    lite.yield %n : tensor<f32>
  } else {
    %e = lite.exp %a : tensor<f32>
    lite.yield %e : tensor<f32>
  }
  return %r : tensor<f32>
}

// -----

// CHECK-LABEL: func.func @static_false
// CHECK-SAME: (%[[A:.*]]: tensor<f32>)
// CHECK-NEXT: %[[E:.*]] = lite.exp %[[A]] : tensor<f32>
// CHECK-NEXT: return %[[E]]
func.func @static_false(%a: tensor<f32>) -> tensor<f32> {
  %f = lite.constant dense<false> : tensor<i1>
  %r = lite.if %f -> (tensor<f32>) {
    %n = lite.neg %a : tensor<f32>
    lite.yield %n : tensor<f32>
  } else {
    %e = lite.exp %a : tensor<f32>
    lite.yield %e : tensor<f32>
  }
  return %r : tensor<f32>
}

// -----

// An if in a branch of an if on the same predicate knows the predicate.

// CHECK-LABEL: func.func @static_nested
// CHECK-SAME: (%[[P:.*]]: tensor<i1>, %[[A:.*]]: tensor<f32>)
// CHECK-NEXT: %[[R:.*]] = lite.if %[[P]] -> (tensor<f32>) {
// CHECK-NEXT:   %[[N:.*]] = lite.neg %[[A]]
// CHECK-NEXT:   lite.yield %[[N]]
// CHECK-NEXT: } else {
// CHECK-NEXT:   %[[E:.*]] = lite.exp %[[A]]
// CHECK-NEXT:   lite.yield %[[E]]
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]]
func.func @static_nested(%p: tensor<i1>, %a: tensor<f32>) -> tensor<f32> {
  %r = lite.if %p -> (tensor<f32>) {
    %i = lite.if %p -> (tensor<f32>) {
      %n = lite.neg %a : tensor<f32>
      lite.yield %n : tensor<f32>
    } else {
      %s = lite.sqrt %a : tensor<f32>
      lite.yield %s : tensor<f32>
    }
    lite.yield %i : tensor<f32>
  } else {
    %i = lite.if %p -> (tensor<f32>) {
      %s = lite.sqrt %a : tensor<f32>
      lite.yield %s : tensor<f32>
    } else {
      %e = lite.exp %a : tensor<f32>
      lite.yield %e : tensor<f32>
    }
    lite.yield %i : tensor<f32>
  }
  return %r : tensor<f32>
}

// -----

// The branch yields a more precise type than the result, which the function
// returns: the value reaches it through a reshape to the result's type.

// CHECK-LABEL: func.func @static_other_type
// CHECK-SAME: (%[[A:.*]]: tensor<2xf32>)
// CHECK-NOT: lite.if
// CHECK: %[[SHAPE:.*]] = lite.shape %[[A]] : (tensor<2xf32>) -> tensor<1xi32>
// CHECK: %[[R:.*]] = lite.reshape %[[A]], %[[SHAPE]] : (tensor<2xf32>, tensor<1xi32>) -> tensor<?xf32>
// CHECK: return %[[R]]
func.func @static_other_type(%a: tensor<2xf32>) -> tensor<?xf32> {
  %t = lite.constant dense<true> : tensor<i1>
  %r = lite.if %t -> (tensor<?xf32>) {
    lite.yield %a : tensor<2xf32>
  } else {
    %n = lite.neg %a : tensor<2xf32>
    lite.yield %n : tensor<2xf32>
  }
  return %r : tensor<?xf32>
}

//===----------------------------------------------------------------------===//
// lite.if: results
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func.func @unused_result
// CHECK-SAME: (%[[P:.*]]: tensor<i1>, %[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<i32>)
// CHECK-NEXT: %[[R:.*]] = lite.if %[[P]] -> (tensor<i32>) {
// CHECK-NEXT:   %[[N:.*]] = lite.neg %[[B]]
// CHECK-NEXT:   lite.yield %[[N]] : tensor<i32>
// CHECK-NEXT: } else {
// CHECK-NEXT:   %[[S:.*]] = lite.abs %[[B]]
// CHECK-NEXT:   lite.yield %[[S]] : tensor<i32>
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]]
func.func @unused_result(%p: tensor<i1>, %a: tensor<f32>, %b: tensor<i32>) -> tensor<i32> {
  %r:2 = lite.if %p -> (tensor<f32>, tensor<i32>) {
    %x = lite.exp %a : tensor<f32>
    %n = lite.neg %b : tensor<i32>
    lite.yield %x, %n : tensor<f32>, tensor<i32>
  } else {
    %s = lite.abs %b : tensor<i32>
    lite.yield %a, %s : tensor<f32>, tensor<i32>
  }
  return %r#1 : tensor<i32>
}

// -----

// CHECK-LABEL: func.func @used_results_kept
// CHECK-NEXT: %[[R:.*]]:2 = lite.if %{{.*}} -> (tensor<f32>, tensor<i32>) {
// CHECK: return %[[R]]#0, %[[R]]#1
func.func @used_results_kept(%p: tensor<i1>, %a: tensor<f32>, %b: tensor<i32>) -> (tensor<f32>, tensor<i32>) {
  %r:2 = lite.if %p -> (tensor<f32>, tensor<i32>) {
    %x = lite.exp %a : tensor<f32>
    %n = lite.neg %b : tensor<i32>
    lite.yield %x, %n : tensor<f32>, tensor<i32>
  } else {
    %s = lite.abs %b : tensor<i32>
    lite.yield %a, %s : tensor<f32>, tensor<i32>
  }
  return %r#0, %r#1 : tensor<f32>, tensor<i32>
}

// -----

// A result both branches yield from above is that value; the constants the
// branches yield are hoisted, so equal placeholders become one value too.

// CHECK-LABEL: func.func @same_value
// CHECK-SAME: (%[[P:.*]]: tensor<i1>, %[[A:.*]]: tensor<f32>)
// CHECK-NEXT: %[[Z:.*]] = lite.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT: %[[R:.*]] = lite.if %[[P]] -> (tensor<f32>) {
// CHECK-NEXT:   %[[N:.*]] = lite.neg %[[A]]
// CHECK-NEXT:   lite.yield %[[N]] : tensor<f32>
// CHECK-NEXT: } else {
// CHECK-NEXT:   lite.yield %[[A]] : tensor<f32>
// CHECK-NEXT: }
// CHECK-NEXT: return %[[A]], %[[R]], %[[Z]]
func.func @same_value(%p: tensor<i1>, %a: tensor<f32>) -> (tensor<f32>, tensor<f32>, tensor<f32>) {
  %r:3 = lite.if %p -> (tensor<f32>, tensor<f32>, tensor<f32>) {
    %n = lite.neg %a : tensor<f32>
    %z = lite.constant dense<0.0> : tensor<f32>
    lite.yield %a, %n, %z : tensor<f32>, tensor<f32>, tensor<f32>
  } else {
    %z = lite.constant dense<0.0> : tensor<f32>
    lite.yield %a, %a, %z : tensor<f32>, tensor<f32>, tensor<f32>
  }
  return %r#0, %r#1, %r#2 : tensor<f32>, tensor<f32>, tensor<f32>
}

// -----

// Results that are the predicate or its negation.

// CHECK-LABEL: func.func @predicate_result
// CHECK-SAME: (%[[P:.*]]: tensor<i1>)
// CHECK-NEXT: %[[NOT:.*]] = lite.logical_not %[[P]] : tensor<i1>
// CHECK-NEXT: return %[[P]], %[[NOT]]
func.func @predicate_result(%p: tensor<i1>) -> (tensor<i1>, tensor<i1>) {
  %r:2 = lite.if %p -> (tensor<i1>, tensor<i1>) {
    %t = lite.constant dense<true> : tensor<i1>
    %f = lite.constant dense<false> : tensor<i1>
    lite.yield %t, %f : tensor<i1>, tensor<i1>
  } else {
    %t = lite.constant dense<true> : tensor<i1>
    %f = lite.constant dense<false> : tensor<i1>
    lite.yield %f, %t : tensor<i1>, tensor<i1>
  }
  return %r#0, %r#1 : tensor<i1>, tensor<i1>
}

// -----

// An if without results and without side effects is erased, whatever its
// branches compute; so is one whose results are all unused.

// CHECK-LABEL: func.func @dead_ifs
// CHECK-NEXT: return
func.func @dead_ifs(%p: tensor<i1>, %a: tensor<f32>) {
  lite.if %p {
    lite.yield
  } else {
    lite.yield
  }
  lite.if %p {
    %n = lite.neg %a : tensor<f32>
    lite.yield
  } else {
    lite.yield
  }
  %r = lite.if %p -> (tensor<f32>) {
    %n = lite.neg %a : tensor<f32>
    lite.yield %n : tensor<f32>
  } else {
    lite.yield %a : tensor<f32>
  }
  return
}

//===----------------------------------------------------------------------===//
// lite.if: combining ifs on one predicate
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func.func @combine_adjacent
// CHECK-SAME: (%[[P:.*]]: tensor<i1>, %[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<i32>)
// CHECK-NEXT: %[[R:.*]]:2 = lite.if %[[P]] -> (tensor<f32>, tensor<i32>) {
// CHECK-NEXT:   %[[N:.*]] = lite.neg %[[A]]
// CHECK-NEXT:   %[[M:.*]] = lite.neg %[[B]]
// CHECK-NEXT:   lite.yield %[[N]], %[[M]] : tensor<f32>, tensor<i32>
// CHECK-NEXT: } else {
// CHECK-NEXT:   %[[E:.*]] = lite.exp %[[A]]
// CHECK-NEXT:   %[[S:.*]] = lite.abs %[[B]]
// CHECK-NEXT:   lite.yield %[[E]], %[[S]] : tensor<f32>, tensor<i32>
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]]#0, %[[R]]#1
func.func @combine_adjacent(%p: tensor<i1>, %a: tensor<f32>, %b: tensor<i32>) -> (tensor<f32>, tensor<i32>) {
  %r = lite.if %p -> (tensor<f32>) {
    %n = lite.neg %a : tensor<f32>
    lite.yield %n : tensor<f32>
  } else {
    %e = lite.exp %a : tensor<f32>
    lite.yield %e : tensor<f32>
  }
  %s = lite.if %p -> (tensor<i32>) {
    %m = lite.neg %b : tensor<i32>
    lite.yield %m : tensor<i32>
  } else {
    %t = lite.abs %b : tensor<i32>
    lite.yield %t : tensor<i32>
  }
  return %r, %s : tensor<f32>, tensor<i32>
}

// -----

// The shape lifting produces: the first if computes %x on the true side and
// yields a placeholder zero on the false side; the second if reads %x only
// on the true side. Combined, the read takes %x from the then branch and
// the placeholder result, now unused, disappears.

// CHECK-LABEL: func.func @combine_placeholder
// CHECK-SAME: (%[[P:.*]]: tensor<i1>, %[[A:.*]]: tensor<f32>)
// CHECK-NEXT: %[[R:.*]] = lite.if %[[P]] -> (tensor<f32>) {
// CHECK-NEXT:   %[[X:.*]] = lite.neg %[[A]]
// CHECK-NEXT:   %[[Y:.*]] = lite.exp %[[X]]
// CHECK-NEXT:   lite.yield %[[Y]] : tensor<f32>
// CHECK-NEXT: } else {
// CHECK-NEXT:   lite.yield %[[A]] : tensor<f32>
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]]
func.func @combine_placeholder(%p: tensor<i1>, %a: tensor<f32>) -> tensor<f32> {
  %x = lite.if %p -> (tensor<f32>) {
    %n = lite.neg %a : tensor<f32>
    lite.yield %n : tensor<f32>
  } else {
    %z = lite.constant dense<0.0> : tensor<f32>
    lite.yield %z : tensor<f32>
  }
  %y = lite.if %p -> (tensor<f32>) {
    %e = lite.exp %x : tensor<f32>
    lite.yield %e : tensor<f32>
  } else {
    lite.yield %a : tensor<f32>
  }
  return %y : tensor<f32>
}

// -----

// Three ifs with an independent op between them become one; the op moves
// above.

// CHECK-LABEL: func.func @combine_across_independent_op
// CHECK-SAME: (%[[P:.*]]: tensor<i1>, %[[A:.*]]: tensor<f32>)
// CHECK-NEXT: %[[S:.*]] = lite.sqrt %[[A]]
// CHECK-NEXT: %[[R:.*]]:2 = lite.if %[[P]] -> (tensor<f32>, tensor<f32>) {
// CHECK-NEXT:   %[[N:.*]] = lite.neg %[[A]]
// CHECK-NEXT:   %[[E:.*]] = lite.exp %[[S]]
// CHECK-NEXT:   %[[T:.*]] = lite.tanh %[[N]]
// CHECK-NEXT:   lite.yield %[[E]], %[[T]] : tensor<f32>, tensor<f32>
// CHECK-NEXT: } else {
// CHECK-NEXT:   lite.yield %[[A]], %[[S]] : tensor<f32>, tensor<f32>
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]]#0, %[[R]]#1
func.func @combine_across_independent_op(%p: tensor<i1>, %a: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
  %x = lite.if %p -> (tensor<f32>) {
    %n = lite.neg %a : tensor<f32>
    lite.yield %n : tensor<f32>
  } else {
    lite.yield %a : tensor<f32>
  }
  %s = lite.sqrt %a : tensor<f32>
  %y = lite.if %p -> (tensor<f32>) {
    %e = lite.exp %s : tensor<f32>
    lite.yield %e : tensor<f32>
  } else {
    lite.yield %a : tensor<f32>
  }
  %z = lite.if %p -> (tensor<f32>) {
    %t = lite.tanh %x : tensor<f32>
    lite.yield %t : tensor<f32>
  } else {
    lite.yield %s : tensor<f32>
  }
  return %y, %z : tensor<f32>, tensor<f32>
}

// -----

// CHECK-LABEL: func.func @no_combine_different_predicates
// CHECK: lite.if %{{.*}} -> (tensor<f32>)
// CHECK: lite.if %{{.*}} -> (tensor<f32>)
// CHECK: return
func.func @no_combine_different_predicates(%p: tensor<i1>, %q: tensor<i1>, %a: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
  %x = lite.if %p -> (tensor<f32>) {
    %n = lite.neg %a : tensor<f32>
    lite.yield %n : tensor<f32>
  } else {
    lite.yield %a : tensor<f32>
  }
  %y = lite.if %q -> (tensor<f32>) {
    %e = lite.exp %a : tensor<f32>
    lite.yield %e : tensor<f32>
  } else {
    lite.yield %a : tensor<f32>
  }
  return %x, %y : tensor<f32>, tensor<f32>
}

// -----

// The op between the ifs reads the first one, and the second reads it.

// CHECK-LABEL: func.func @no_combine_dependent_op_between
// CHECK: %[[X:.*]] = lite.if
// CHECK: %[[S:.*]] = lite.sqrt %[[X]]
// CHECK: lite.if
// CHECK: lite.exp %[[S]]
// CHECK: return
func.func @no_combine_dependent_op_between(%p: tensor<i1>, %a: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
  %x = lite.if %p -> (tensor<f32>) {
    %n = lite.neg %a : tensor<f32>
    lite.yield %n : tensor<f32>
  } else {
    lite.yield %a : tensor<f32>
  }
  %s = lite.sqrt %x : tensor<f32>
  %y = lite.if %p -> (tensor<f32>) {
    %e = lite.exp %s : tensor<f32>
    lite.yield %e : tensor<f32>
  } else {
    lite.yield %a : tensor<f32>
  }
  return %s, %y : tensor<f32>, tensor<f32>
}

// -----

// A side effect between two ifs with side effects keeps them apart.

func.func private @effect(tensor<f32>)

// CHECK-LABEL: func.func @no_combine_across_side_effect
// CHECK: lite.if
// CHECK: call @effect
// CHECK: lite.if
// CHECK: return
func.func @no_combine_across_side_effect(%p: tensor<i1>, %a: tensor<f32>) {
  lite.if %p {
    func.call @effect(%a) : (tensor<f32>) -> ()
    lite.yield
  } else {
    lite.yield
  }
  func.call @effect(%a) : (tensor<f32>) -> ()
  lite.if %p {
    func.call @effect(%a) : (tensor<f32>) -> ()
    lite.yield
  } else {
    lite.yield
  }
  return
}

// -----

// The first if's then branch yields a more precise type than its result,
// which the second if reads: they stay apart.

// CHECK-LABEL: func.func @no_combine_other_type
// CHECK: lite.if
// CHECK: lite.if
// CHECK: return
func.func @no_combine_other_type(%p: tensor<i1>, %a: tensor<2xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %x = lite.if %p -> (tensor<?xf32>) {
    lite.yield %a : tensor<2xf32>
  } else {
    lite.yield %b : tensor<?xf32>
  }
  %y = lite.if %p -> (tensor<?xf32>) {
    %n = lite.neg %x : tensor<?xf32>
    lite.yield %n : tensor<?xf32>
  } else {
    lite.yield %b : tensor<?xf32>
  }
  return %y : tensor<?xf32>
}

//===----------------------------------------------------------------------===//
// lite.while
//===----------------------------------------------------------------------===//

// -----

// %k is carried unchanged: it becomes its initial value.

// CHECK-LABEL: func.func @while_invariant
// CHECK-SAME: (%[[N:.*]]: tensor<i32>, %[[K:.*]]: tensor<i32>)
// CHECK: %[[R:.*]] = lite.while (%[[I:.*]] = %{{.*}}) : (tensor<i32>) -> tensor<i32> cond {
// CHECK-NEXT:   lite.less %[[I]], %[[N]]
// CHECK-NEXT:   lite.yield
// CHECK-NEXT: } body {
// CHECK-NEXT:   %[[NEXT:.*]] = lite.add %[[I]], %[[K]]
// CHECK-NEXT:   lite.yield %[[NEXT]] : tensor<i32>
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]], %[[K]]
func.func @while_invariant(%n: tensor<i32>, %k: tensor<i32>) -> (tensor<i32>, tensor<i32>) {
  %zero = lite.constant dense<0> : tensor<i32>
  %r:2 = lite.while (%i = %zero, %s = %k) : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>) cond {
    %p = lite.less %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %next = lite.add %i, %s : (tensor<i32>, tensor<i32>) -> tensor<i32>
    lite.yield %next, %s : tensor<i32>, tensor<i32>
  }
  return %r#0, %r#1 : tensor<i32>, tensor<i32>
}

// -----

// %acc is only passed on: it and what computes it go.

// CHECK-LABEL: func.func @while_dead
// CHECK: %[[R:.*]] = lite.while (%[[I:.*]] = %{{.*}}) : (tensor<i32>) -> tensor<i32> cond {
// CHECK: } body {
// CHECK-NEXT:   %[[NEXT:.*]] = lite.add %[[I]]
// CHECK-NEXT:   lite.yield %[[NEXT]] : tensor<i32>
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]]
func.func @while_dead(%n: tensor<i32>) -> tensor<i32> {
  %zero = lite.constant dense<0> : tensor<i32>
  %one = lite.constant dense<1> : tensor<i32>
  %r:2 = lite.while (%i = %zero, %acc = %zero) : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>) cond {
    %p = lite.less %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %next = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %a = lite.mul %acc, %i : (tensor<i32>, tensor<i32>) -> tensor<i32>
    lite.yield %next, %a : tensor<i32>, tensor<i32>
  }
  return %r#0 : tensor<i32>
}

// -----

// Values read by the condition, by the body, or after the loop stay; a
// value carried unchanged but with a more precise initial value stays too.

// CHECK-LABEL: func.func @while_kept
// CHECK: lite.while (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) : (tensor<i32>, tensor<i32>, tensor<2xf32>) -> (tensor<i32>, tensor<i32>, tensor<?xf32>)
func.func @while_kept(%n: tensor<i32>, %v: tensor<2xf32>) -> (tensor<i32>, tensor<?xf32>) {
  %zero = lite.constant dense<0> : tensor<i32>
  %one = lite.constant dense<1> : tensor<i32>
  %r:3 = lite.while (%i = %zero, %lim = %n, %x = %v) : (tensor<i32>, tensor<i32>, tensor<2xf32>) -> (tensor<i32>, tensor<i32>, tensor<?xf32>) cond {
    %p = lite.less %i, %lim : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %next = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %l = lite.sub %lim, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    lite.yield %next, %l, %x : tensor<i32>, tensor<i32>, tensor<?xf32>
  }
  return %r#0, %r#2 : tensor<i32>, tensor<?xf32>
}

// -----

// Comparisons of constants fold (splats, and constants of one shape; NaN
// compares unordered), and with them an if on the result.
// CHECK-LABEL: func.func @fold_comparisons
// CHECK-DAG: %[[T:.*]] = lite.constant dense<true> : tensor<i1>
// CHECK-DAG: %[[F:.*]] = lite.constant dense<false> : tensor<i1>
// CHECK-DAG: %[[V:.*]] = lite.constant dense<[true, false, false]> : tensor<3xi1>
// CHECK-DAG: %[[U:.*]] = lite.constant dense<[false, true]> : tensor<2xi1>
// CHECK-DAG: %[[B:.*]] = lite.constant dense<2.000000e+00> : tensor<f32>
// CHECK-NOT: lite.less
// CHECK-NOT: lite.if
// CHECK: return %[[T]], %[[F]], %[[V]], %[[U]], %[[T]], %[[B]]
func.func @fold_comparisons() -> (tensor<i1>, tensor<i1>, tensor<3xi1>, tensor<2xi1>, tensor<i1>, tensor<f32>) {
  %a = lite.constant dense<7> : tensor<i32>
  %b = lite.constant dense<5> : tensor<i32>
  %lt = lite.less %b, %a : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %ge = lite.greater_equal %b, %a : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %x = lite.constant dense<[1.0, 2.0, 0x7FC00000]> : tensor<3xf32>
  %y = lite.constant dense<[2.0, 2.0, 1.0]> : tensor<3xf32>
  %v = lite.less %x, %y : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
  %u8a = lite.constant dense<[1, 255]> : tensor<2xui8>
  %u8b = lite.constant dense<[1, 3]> : tensor<2xui8>
  %u = lite.greater %u8a, %u8b : (tensor<2xui8>, tensor<2xui8>) -> tensor<2xi1>
  %nan = lite.constant dense<0x7FC00000> : tensor<f32>
  %ne = lite.not_equal %nan, %nan : (tensor<f32>, tensor<f32>) -> tensor<i1>
  %one = lite.constant dense<1.0> : tensor<f32>
  %two = lite.constant dense<2.0> : tensor<f32>
  %r = lite.if %ge -> (tensor<f32>) {
    lite.yield %one : tensor<f32>
  } else {
    lite.yield %two : tensor<f32>
  }
  return %lt, %ge, %v, %u, %ne, %r : tensor<i1>, tensor<i1>, tensor<3xi1>, tensor<2xi1>, tensor<i1>, tensor<f32>
}
