// RUN: sluice-opt %s -split-input-file -lite-reverse-mode -verify-diagnostics | FileCheck %s

// Straight-line code: @main_grad takes a seed per float result (named d +
// the result's name) and returns the results and the gradients (d + the
// argument's name); each op's rule comes from its GradientOpInterface.
// CHECK-LABEL: func.func @main_grad
// CHECK-SAME: (%[[X:.*]]: tensor<2xf32> {sluice.name = "x"}, %[[W:.*]]: tensor<f32> {sluice.name = "w"}, %[[DY:.*]]: tensor<2xf32> {sluice.name = "dy"})
// CHECK-SAME: -> (tensor<2xf32> {sluice.name = "y"}, tensor<2xf32> {sluice.name = "dx"}, tensor<f32> {sluice.name = "dw"})
// CHECK: %[[M:.*]] = lite.mul %[[X]], %[[W]]
// CHECK: %[[Y:.*]] = lite.tanh %[[M]]
// tanh: dy (1 - y^2)
// CHECK: %[[YY:.*]] = lite.mul %[[Y]], %[[Y]]
// CHECK: %[[SLOPE:.*]] = lite.sub %{{.*}}, %[[YY]]
// CHECK: %[[DM:.*]] = lite.mul %[[DY]], %[[SLOPE]]
// mul: dx = dm w; dw = sum(dm x), the broadcast summed away
// CHECK: %[[DX:.*]] = lite.mul %[[DM]], %[[W]]
// CHECK: %[[DWX:.*]] = lite.mul %[[DM]], %[[X]]
// CHECK: %[[DWS:.*]] = lite.sum %[[DWX]], %{{.*}} : (tensor<2xf32>, tensor<1xi32>) -> tensor<f32>
// CHECK: %[[DW:.*]] = lite.reshape %[[DWS]]
// CHECK: return %[[Y]], %[[DX]], %[[DW]]
func.func @main(%x: tensor<2xf32> {sluice.name = "x"}, %w: tensor<f32> {sluice.name = "w"}) -> (tensor<2xf32> {sluice.name = "y"}) {
  %m = lite.mul %x, %w : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
  %y = lite.tanh %m : tensor<2xf32>
  return %y : tensor<2xf32>
}

// -----

// A lite.if: the backward pass is a lite.if on the same predicate whose
// branches run the forward branch again and reverse it, yielding the
// gradients of the values the branches take from outside.
// CHECK-LABEL: func.func @main_grad
// CHECK-SAME: (%[[X:.*]]: tensor<f32>, %[[P:.*]]: tensor<i1>, %[[DR:.*]]: tensor<f32> {sluice.name = "doutput0"})
// CHECK-SAME: -> (tensor<f32>, tensor<f32> {sluice.name = "darg0"})
// CHECK: lite.if %[[P]] -> (tensor<f32>)
// CHECK: %[[B:.*]] = lite.if %[[P]] -> (tensor<f32>) {
// CHECK:   %[[SQ:.*]] = lite.mul %[[X]], %[[X]]
// CHECK:   %[[A:.*]] = lite.mul %[[DR]], %[[X]]
// CHECK:   %[[C:.*]] = lite.mul %[[DR]], %[[X]]
// CHECK:   %[[S:.*]] = lite.add %[[A]], %[[C]]
// CHECK:   lite.yield %[[S]]
// CHECK: } else {
// CHECK:   lite.yield %[[DR]]
// CHECK: }
// CHECK: return %{{.*}}, %[[B]]
func.func @main(%x: tensor<f32>, %p: tensor<i1>) -> tensor<f32> {
  %r = lite.if %p -> (tensor<f32>) {
    %sq = lite.mul %x, %x : (tensor<f32>, tensor<f32>) -> tensor<f32>
    lite.yield %sq : tensor<f32>
  } else {
    lite.yield %x : tensor<f32>
  }
  return %r : tensor<f32>
}

// -----

// A lite.while: the forward loop also counts its iterations and pushes the
// state each iteration starts from (only the slot the body reads and
// changes: not the counter's constant bound, not the invariant weight);
// the backward loop runs as often, pops that state, runs the body again
// and reverses it, and sums the gradient of the invariant weight.
// CHECK-LABEL: func.func @main_grad
// CHECK: %[[EMPTY:.*]] = lite.list_reserve %{{.*}} {resizable} : (tensor<i32>) -> tensor<?x2xf32>
// CHECK: %[[F:.*]]:6 = lite.while (%{{.*}} = %{{.*}}, %[[H:.*]] = %{{.*}}, %{{.*}} = %{{.*}}, %[[W:.*]] = %{{.*}}, %[[K:.*]] = %{{.*}}, %[[SAVED:.*]] = %[[EMPTY]])
// CHECK: } body {
// CHECK:   %[[N:.*]] = lite.list_length %[[SAVED]]
// CHECK:   %[[PUSHED:.*]] = lite.list_set_item %[[SAVED]][%[[N]]], %[[H]] {resizable}
// CHECK:   %[[K1:.*]] = lite.add %[[K]], %{{.*}}
// CHECK:   lite.yield %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[K1]], %[[PUSHED]]
// CHECK: %[[B:.*]]:4 = lite.while (%[[BK:.*]] = %[[F]]#4, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %[[BL:.*]] = %[[F]]#5)
// CHECK:   lite.greater %[[BK]]
// CHECK: } body {
// CHECK:   %[[STATE:.*]] = lite.list_get_item %[[BL]]
// CHECK:   lite.slice %[[BL]]
// CHECK:   lite.mul %[[STATE]]
// CHECK:   lite.tanh
// CHECK:   lite.sub %[[BK]]
// CHECK: return
func.func @main(%x: tensor<2xf32>, %w: tensor<f32>, %n: tensor<i32>) -> tensor<2xf32> {
  %zero = lite.constant dense<0> : tensor<i32>
  %one = lite.constant dense<1> : tensor<i32>
  %r:4 = lite.while (%i = %zero, %h = %x, %bound = %n, %v = %w) : (tensor<i32>, tensor<2xf32>, tensor<i32>, tensor<f32>) -> (tensor<i32>, tensor<2xf32>, tensor<i32>, tensor<f32>) cond {
    %c = lite.less %i, %bound : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %c : tensor<i1>
  } body {
    %m = lite.mul %h, %v : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
    %t = lite.tanh %m : tensor<2xf32>
    %i1 = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    lite.yield %i1, %t, %bound, %v : tensor<i32>, tensor<2xf32>, tensor<i32>, tensor<f32>
  }
  return %r#1 : tensor<2xf32>
}

// -----

func.func @main(%x: tensor<f32>) -> tensor<f32> {
  // expected-error@+1 {{'lite.sqrt' has no gradient rule, and the results depend on it (LiteGradients.cpp holds the rules)}}
  %y = lite.sqrt %x : tensor<f32>
  return %y : tensor<f32>
}

// -----

func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{has no gradient with a fused activation RELU}}
  %y = lite.add %x, %x {fused_activation_function = #lite.activation<RELU>} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %y : tensor<2xf32>
}

// -----

// State of dynamic shape cannot be pushed onto a list per iteration.
func.func @main(%x: tensor<?xf32>, %n: tensor<i32>) -> tensor<?xf32> {
  %zero = lite.constant dense<0> : tensor<i32>
  %one = lite.constant dense<1> : tensor<i32>
  // expected-error@+1 {{cannot record loop-carried value 1 for the gradient: its type 'tensor<?xf32>' has no static shape}}
  %r:2 = lite.while (%i = %zero, %h = %x) : (tensor<i32>, tensor<?xf32>) -> (tensor<i32>, tensor<?xf32>) cond {
    %c = lite.less %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %c : tensor<i1>
  } body {
    %t = lite.tanh %h : tensor<?xf32>
    %i1 = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    lite.yield %i1, %t : tensor<i32>, tensor<?xf32>
  }
  return %r#1 : tensor<?xf32>
}

// -----

// A loop with effects on state cannot run again backwards.
lite.variable @acc : tensor<*xf32>
func.func @main(%x: tensor<2xf32>, %n: tensor<i32>) -> tensor<2xf32> {
  %zero = lite.constant dense<0> : tensor<i32>
  %one = lite.constant dense<1> : tensor<i32>
  lite.stack_reset @acc
  %r:2 = lite.while (%i = %zero, %h = %x) : (tensor<i32>, tensor<2xf32>) -> (tensor<i32>, tensor<2xf32>) cond {
    %c = lite.less %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %c : tensor<i1>
  } body {
    // expected-error@+1 {{cannot be differentiated: reverse mode runs branches and loop bodies again, and this op has effects on state}}
    lite.stack_push @acc, %h : tensor<2xf32>
    %t = lite.tanh %h : tensor<2xf32>
    %i1 = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    lite.yield %i1, %t : tensor<i32>, tensor<2xf32>
  }
  return %r#1 : tensor<2xf32>
}

// -----

// A value read from a variable is not a constant: no gradient flows
// through the variable, so the read is an error, not a silent zero.
lite.variable @v : tensor<2xf32>
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  lite.assign_variable @v, %x : tensor<2xf32>
  // expected-error@+1 {{'lite.read_variable' has no gradient rule, and the results depend on it}}
  %r = lite.read_variable @v : tensor<2xf32>
  %y = lite.mul %r, %x : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %y : tensor<2xf32>
}

// -----

// Lists in a loop (a TensorArray read and one written, as dynamic_rnn has
// them): the rules move an element's gradient between the list's and the
// item's. The written list is not recorded per iteration: list_set_item's
// rule reads only its index; the loop saves the counter (the index) and h.
// CHECK-LABEL: func.func @main_grad
// CHECK: %[[IDX:.*]] = lite.list_reserve %{{.*}} {resizable} : (tensor<i32>) -> tensor<?xi32>
// CHECK: %[[HS:.*]] = lite.list_reserve %{{.*}} {resizable} : (tensor<i32>) -> tensor<?x3xf32>
// CHECK-NOT: tensor<?x4x3xf32>
// CHECK: lite.while
// CHECK: lite.while
// CHECK:   lite.list_get_item %{{.*}} : (tensor<4x3xf32>, tensor<i32>) -> tensor<3xf32>
// CHECK:   lite.list_set_item %{{.*}} : (tensor<4x3xf32>, tensor<i32>, tensor<3xf32>) -> tensor<4x3xf32>
func.func @main(%xs: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %zero = lite.constant dense<0> : tensor<i32>
  %one = lite.constant dense<1> : tensor<i32>
  %four = lite.constant dense<4> : tensor<i32>
  %every = lite.constant dense<[0, 1, 2, 3]> : tensor<4xi32>
  %h0 = lite.constant dense<0.0> : tensor<3xf32>
  %empty = lite.list_reserve %four : (tensor<i32>) -> tensor<4x3xf32>
  %in = lite.list_scatter %empty[%every], %xs : (tensor<4x3xf32>, tensor<4xi32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  %r:3 = lite.while (%i = %zero, %h = %h0, %out = %empty) : (tensor<i32>, tensor<3xf32>, tensor<4x3xf32>) -> (tensor<i32>, tensor<3xf32>, tensor<4x3xf32>) cond {
    %c = lite.less %i, %four : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %c : tensor<i1>
  } body {
    %x = lite.list_get_item %in[%i] : (tensor<4x3xf32>, tensor<i32>) -> tensor<3xf32>
    %hx = lite.mul %h, %x : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
    %a = lite.add %hx, %x : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
    %t = lite.tanh %a : tensor<3xf32>
    %w = lite.list_set_item %out[%i], %t : (tensor<4x3xf32>, tensor<i32>, tensor<3xf32>) -> tensor<4x3xf32>
    %i1 = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    lite.yield %i1, %t, %w : tensor<i32>, tensor<3xf32>, tensor<4x3xf32>
  }
  %stacked = lite.list_gather %r#2[%every] : (tensor<4x3xf32>, tensor<4xi32>) -> tensor<4x3xf32>
  return %stacked : tensor<4x3xf32>
}

// -----

func.func @main(%xs: tensor<4x3xf32>, %is: tensor<2xi32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{has a gradient only for a gather of every element in order (a stack) of a list of static length}}
  %g = lite.list_gather %xs[%is] : (tensor<4x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  return %g : tensor<2x3xf32>
}

// -----

func.func @main(%x: tensor<6xf32>) -> tensor<3xf32> {
  %b = lite.constant dense<0> : tensor<1xi32>
  %e = lite.constant dense<6> : tensor<1xi32>
  %s = lite.constant dense<2> : tensor<1xi32>
  // expected-error@+1 {{has a gradient only for an input of static shape and constant begin, end and strides of 1}}
  %y = lite.strided_slice %x, %b, %e, %s : (tensor<6xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xf32>
  return %y : tensor<3xf32>
}
