// RUN: sluice-opt %s -split-input-file -verify-diagnostics

// A region of lite.if or lite.while ending in a terminator other than
// lite.yield is shown with ub.unreachable, a terminator valid in any region.
// Mismatches between what a region yields and where it goes are reported by
// the ops' own verifiers, naming the region, before the
// RegionBranchOpInterface verifier ("along control flow edge ...") sees them.

//===----------------------------------------------------------------------===//
// lite.if
//===----------------------------------------------------------------------===//

func.func @if_then_not_yield(%p: tensor<i1>) {
  // expected-error@+1 {{'lite.if' op expects the then region to end in 'lite.yield'}}
  lite.if %p {
    ub.unreachable
  } else {
    lite.yield
  }
  return
}

// -----

func.func @if_else_not_yield(%p: tensor<i1>, %a: tensor<f32>) -> tensor<f32> {
  // expected-error@+1 {{'lite.if' op expects the else region to end in 'lite.yield'}}
  %r = lite.if %p -> (tensor<f32>) {
    lite.yield %a : tensor<f32>
  } else {
    ub.unreachable
  }
  return %r : tensor<f32>
}

// -----

func.func @if_then_no_terminator(%p: tensor<i1>) {
  // expected-error@+1 {{'lite.if' op expects the then region to end in 'lite.yield'}}
  lite.if %p {
    %c = lite.constant dense<1> : tensor<i32>
  } else {
    lite.yield
  }
  return
}

// -----

func.func @if_then_empty(%p: tensor<i1>) {
  // expected-error@+1 {{'lite.if' op region #0 ('then_region') failed to verify constraint: region with 1 blocks}}
  lite.if %p {
  } else {
    lite.yield
  }
  return
}

// -----

func.func @if_without_else(%p: tensor<i1>) {
  lite.if %p {
    lite.yield
  }
  // expected-error@+1 {{expected 'else'}}
  return
}

// -----

func.func @if_then_yield_count(%p: tensor<i1>, %a: tensor<f32>) -> tensor<f32> {
  // expected-error@+1 {{'lite.if' op the then region yields 0 value(s) but the op has 1 result(s)}}
  %r = lite.if %p -> (tensor<f32>) {
    lite.yield
  } else {
    lite.yield %a : tensor<f32>
  }
  return %r : tensor<f32>
}

// -----

func.func @if_else_yield_count(%p: tensor<i1>, %a: tensor<f32>) -> tensor<f32> {
  // expected-error@+1 {{'lite.if' op the else region yields 2 value(s) but the op has 1 result(s)}}
  %r = lite.if %p -> (tensor<f32>) {
    lite.yield %a : tensor<f32>
  } else {
    lite.yield %a, %a : tensor<f32>, tensor<f32>
  }
  return %r : tensor<f32>
}

// -----

func.func @if_then_yield_type(%p: tensor<i1>, %a: tensor<f32>, %i: tensor<i32>) -> tensor<f32> {
  // expected-error@+1 {{'lite.if' op the then region yields 'tensor<i32>' for result #0 of type 'tensor<f32>'}}
  %r = lite.if %p -> (tensor<f32>) {
    lite.yield %i : tensor<i32>
  } else {
    lite.yield %a : tensor<f32>
  }
  return %r : tensor<f32>
}

// -----

// A branch may yield a more precise type, not an incompatible shape.
func.func @if_else_yield_shape(%p: tensor<i1>, %a: tensor<2xf32>, %b: tensor<3xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{'lite.if' op the else region yields 'tensor<3xf32>' for result #0 of type 'tensor<2xf32>'}}
  %r = lite.if %p -> (tensor<2xf32>) {
    lite.yield %a : tensor<2xf32>
  } else {
    lite.yield %b : tensor<3xf32>
  }
  return %r : tensor<2xf32>
}

// -----

func.func @if_vector_predicate(%p: tensor<2xi1>) {
  // expected-error@+1 {{'lite.if' op operand #0 must be 0D tensor of 1-bit signless integer values, but got 'tensor<2xi1>'}}
  "lite.if"(%p) ({
    lite.yield
  }, {
    lite.yield
  }) : (tensor<2xi1>) -> ()
  return
}

// -----

func.func @if_i32_predicate(%p: tensor<i32>) {
  // expected-error@+1 {{'lite.if' op operand #0 must be 0D tensor of 1-bit signless integer values, but got 'tensor<i32>'}}
  "lite.if"(%p) ({
    lite.yield
  }, {
    lite.yield
  }) : (tensor<i32>) -> ()
  return
}

// -----

// In the custom form the predicate's type is implied.
// expected-note@+1 {{prior use here}}
func.func @if_predicate_custom(%p: tensor<i32>) {
  // expected-error@+1 {{use of value '%p' expects different type than prior uses: 'tensor<i1>' vs 'tensor<i32>'}}
  lite.if %p {
    lite.yield
  } else {
    lite.yield
  }
  return
}

// -----

func.func @if_region_arguments(%p: tensor<i1>, %a: tensor<f32>) {
  // expected-error@+1 {{'lite.if' op region #0 should have no arguments}}
  "lite.if"(%p) ({
  ^bb0(%x: tensor<f32>):
    lite.yield
  }, {
    lite.yield
  }) : (tensor<i1>) -> ()
  return
}

// -----

func.func @if_else_region_arguments(%p: tensor<i1>, %a: tensor<f32>) {
  // expected-error@+1 {{'lite.if' op region #1 should have no arguments}}
  "lite.if"(%p) ({
    lite.yield
  }, {
  ^bb0(%x: tensor<i1>):
    lite.yield
  }) : (tensor<i1>) -> ()
  return
}

//===----------------------------------------------------------------------===//
// lite.while: header
//===----------------------------------------------------------------------===//

// -----

func.func @while_too_many_inputs(%a: tensor<i32>, %p: tensor<i1>) {
  // expected-error@+1 {{expects one input and one result type per loop-carried value (1)}}
  %r = lite.while (%i = %a) : (tensor<i32>, tensor<i32>) -> tensor<i32> cond {
    lite.yield %p : tensor<i1>
  } body {
    lite.yield %i : tensor<i32>
  }
  return
}

// -----

func.func @while_too_few_results(%a: tensor<i32>, %b: tensor<f32>, %p: tensor<i1>) {
  // expected-error@+1 {{expects one input and one result type per loop-carried value (2)}}
  %r = lite.while (%i = %a, %x = %b) : (tensor<i32>, tensor<f32>) -> tensor<i32> cond {
    lite.yield %p : tensor<i1>
  } body {
    lite.yield %i : tensor<i32>
  }
  return
}

// -----

func.func @while_no_types(%a: tensor<i32>, %p: tensor<i1>) {
  // expected-error@+1 {{expects one input and one result type per loop-carried value (1)}}
  lite.while (%i = %a) : () -> () cond {
    lite.yield %p : tensor<i1>
  } body {
    lite.yield
  }
  return
}

// -----

func.func @while_init_element_type(%a: tensor<f32>, %p: tensor<i1>) {
  // expected-error@+1 {{'lite.while' op initial value #0 of type 'tensor<f32>' is not compatible with the loop-carried type 'tensor<i32>'}}
  %r = lite.while (%i = %a) : (tensor<f32>) -> tensor<i32> cond {
    lite.yield %p : tensor<i1>
  } body {
    lite.yield %i : tensor<i32>
  }
  return
}

// -----

func.func @while_init_shape(%a: tensor<i32>, %b: tensor<2xf32>, %p: tensor<i1>) {
  // expected-error@+1 {{'lite.while' op initial value #1 of type 'tensor<2xf32>' is not compatible with the loop-carried type 'tensor<3xf32>'}}
  %r:2 = lite.while (%i = %a, %x = %b) : (tensor<i32>, tensor<2xf32>) -> (tensor<i32>, tensor<3xf32>) cond {
    lite.yield %p : tensor<i1>
  } body {
    lite.yield %i, %x : tensor<i32>, tensor<3xf32>
  }
  return
}

// -----

func.func @while_init_count(%a: tensor<i32>, %p: tensor<i1>) {
  // expected-error@+1 {{'lite.while' op has 1 initial value(s) but 0 result(s)}}
  "lite.while"(%a) ({
  ^bb0(%i: tensor<i32>):
    lite.yield %p : tensor<i1>
  }, {
  ^bb0(%i: tensor<i32>):
    lite.yield %i : tensor<i32>
  }) : (tensor<i32>) -> ()
  return
}

//===----------------------------------------------------------------------===//
// lite.while: region arguments (generic form only: the custom form writes
// them once, with the loop-carried types)
//===----------------------------------------------------------------------===//

// -----

// A cond argument type incompatible with its init breaks the parent -> cond
// edge.
func.func @while_cond_argument_incompatible(%a: tensor<i32>, %p: tensor<i1>) {
  // expected-error@+1 {{'lite.while' op the cond region takes ('tensor<f32>') but the loop carries ('tensor<i32>')}}
  %r = "lite.while"(%a) ({
  ^bb0(%i: tensor<f32>):
    lite.yield %p : tensor<i1>
  }, {
  ^bb0(%i: tensor<i32>):
    lite.yield %i : tensor<i32>
  }) : (tensor<i32>) -> tensor<i32>
  return
}

// -----

// A compatible one must still be the loop-carried type itself.
func.func @while_cond_argument_refined(%a: tensor<2xi32>, %p: tensor<i1>) {
  // expected-error@+1 {{'lite.while' op the cond region takes ('tensor<2xi32>') but the loop carries ('tensor<?xi32>')}}
  %r = "lite.while"(%a) ({
  ^bb0(%i: tensor<2xi32>):
    lite.yield %p : tensor<i1>
  }, {
  ^bb0(%i: tensor<?xi32>):
    lite.yield %i : tensor<?xi32>
  }) : (tensor<2xi32>) -> tensor<?xi32>
  return
}

// -----

func.func @while_cond_argument_count(%a: tensor<i32>, %p: tensor<i1>) {
  // expected-error@+1 {{'lite.while' op the cond region takes () but the loop carries ('tensor<i32>')}}
  %r = "lite.while"(%a) ({
    lite.yield %p : tensor<i1>
  }, {
  ^bb0(%i: tensor<i32>):
    lite.yield %i : tensor<i32>
  }) : (tensor<i32>) -> tensor<i32>
  return
}

// -----

func.func @while_body_argument_count(%a: tensor<i32>, %p: tensor<i1>) {
  // expected-error@+1 {{'lite.while' op the body region takes ('tensor<i32>', 'tensor<i32>') but the loop carries ('tensor<i32>')}}
  %r = "lite.while"(%a) ({
  ^bb0(%i: tensor<i32>):
    lite.yield %p : tensor<i1>
  }, {
  ^bb0(%i: tensor<i32>, %j: tensor<i32>):
    lite.yield %i : tensor<i32>
  }) : (tensor<i32>) -> tensor<i32>
  return
}

// -----

func.func @while_body_argument_type(%a: tensor<i32>, %p: tensor<i1>) {
  // expected-error@+1 {{'lite.while' op the body region takes ('tensor<*xi32>') but the loop carries ('tensor<i32>')}}
  %r = "lite.while"(%a) ({
  ^bb0(%i: tensor<i32>):
    lite.yield %p : tensor<i1>
  }, {
  ^bb0(%i: tensor<*xi32>):
    lite.yield %i : tensor<*xi32>
  }) : (tensor<i32>) -> tensor<i32>
  return
}

//===----------------------------------------------------------------------===//
// lite.while: cond region
//===----------------------------------------------------------------------===//

// -----

func.func @while_cond_not_yield(%a: tensor<i32>) {
  // expected-error@+1 {{'lite.while' op expects the cond region to end in 'lite.yield'}}
  %r = lite.while (%i = %a) : (tensor<i32>) -> tensor<i32> cond {
    ub.unreachable
  } body {
    lite.yield %i : tensor<i32>
  }
  return
}

// -----

func.func @while_cond_vector(%a: tensor<i32>, %p: tensor<2xi1>) {
  // expected-error@+1 {{'lite.while' op the cond region must yield a single tensor<i1>, got ('tensor<2xi1>')}}
  %r = lite.while (%i = %a) : (tensor<i32>) -> tensor<i32> cond {
    lite.yield %p : tensor<2xi1>
  } body {
    lite.yield %i : tensor<i32>
  }
  return
}

// -----

func.func @while_cond_i32(%a: tensor<i32>) {
  // expected-error@+1 {{'lite.while' op the cond region must yield a single tensor<i1>, got ('tensor<i32>')}}
  %r = lite.while (%i = %a) : (tensor<i32>) -> tensor<i32> cond {
    lite.yield %i : tensor<i32>
  } body {
    lite.yield %i : tensor<i32>
  }
  return
}

// -----

func.func @while_cond_unranked(%a: tensor<i32>, %p: tensor<*xi1>) {
  // expected-error@+1 {{'lite.while' op the cond region must yield a single tensor<i1>, got ('tensor<*xi1>')}}
  %r = lite.while (%i = %a) : (tensor<i32>) -> tensor<i32> cond {
    lite.yield %p : tensor<*xi1>
  } body {
    lite.yield %i : tensor<i32>
  }
  return
}

// -----

func.func @while_cond_two_values(%a: tensor<i32>, %p: tensor<i1>) {
  // expected-error@+1 {{'lite.while' op the cond region must yield a single tensor<i1>, got ('tensor<i1>', 'tensor<i32>')}}
  %r = lite.while (%i = %a) : (tensor<i32>) -> tensor<i32> cond {
    lite.yield %p, %i : tensor<i1>, tensor<i32>
  } body {
    lite.yield %i : tensor<i32>
  }
  return
}

// -----

func.func @while_cond_no_value(%a: tensor<i32>) {
  // expected-error@+1 {{'lite.while' op the cond region must yield a single tensor<i1>, got ()}}
  %r = lite.while (%i = %a) : (tensor<i32>) -> tensor<i32> cond {
    lite.yield
  } body {
    lite.yield %i : tensor<i32>
  }
  return
}

// -----

// The yield's own operand constraint is checked before the loop's regions.
func.func @while_cond_non_lite_type(%a: tensor<i32>, %p: tensor<i4>) {
  // expected-error@+1 {{'lite.while' op the cond region must yield a single tensor<i1>, got ('tensor<i4>')}}
  %r = lite.while (%i = %a) : (tensor<i32>) -> tensor<i32> cond {
    lite.yield %p : tensor<i4>
  } body {
    lite.yield %i : tensor<i32>
  }
  return
}

//===----------------------------------------------------------------------===//
// lite.while: body region
//===----------------------------------------------------------------------===//

// -----

func.func @while_body_not_yield(%a: tensor<i32>, %p: tensor<i1>) {
  // expected-error@+1 {{'lite.while' op expects the body region to end in 'lite.yield'}}
  %r = lite.while (%i = %a) : (tensor<i32>) -> tensor<i32> cond {
    lite.yield %p : tensor<i1>
  } body {
    ub.unreachable
  }
  return
}

// -----

func.func @while_body_yield_count(%a: tensor<i32>, %p: tensor<i1>) {
  // expected-error@+1 {{'lite.while' op the body region yields 0 value(s) but the op has 1 result(s)}}
  %r = lite.while (%i = %a) : (tensor<i32>) -> tensor<i32> cond {
    lite.yield %p : tensor<i1>
  } body {
    lite.yield
  }
  return
}

// -----

func.func @while_body_yield_type(%a: tensor<i32>, %p: tensor<i1>, %x: tensor<f32>) {
  // expected-error@+1 {{'lite.while' op the body region yields 'tensor<f32>' for result #0 of type 'tensor<i32>'}}
  %r = lite.while (%i = %a) : (tensor<i32>) -> tensor<i32> cond {
    lite.yield %p : tensor<i1>
  } body {
    lite.yield %x : tensor<f32>
  }
  return
}

// -----

func.func @while_body_yield_shape(%a: tensor<2xi32>, %p: tensor<i1>, %b: tensor<3xi32>) {
  // expected-error@+1 {{'lite.while' op the body region yields 'tensor<3xi32>' for result #1 of type 'tensor<2xi32>'}}
  %r:2 = lite.while (%i = %a, %j = %a) : (tensor<2xi32>, tensor<2xi32>) -> (tensor<?xi32>, tensor<2xi32>) cond {
    lite.yield %p : tensor<i1>
  } body {
    lite.yield %b, %b : tensor<3xi32>, tensor<3xi32>
  }
  return
}

//===----------------------------------------------------------------------===//
// lite.yield
//===----------------------------------------------------------------------===//

// -----

func.func @yield_in_func() {
  // expected-error@+1 {{'lite.yield' op expects parent op to be one of 'lite.if, lite.while'}}
  lite.yield
}
