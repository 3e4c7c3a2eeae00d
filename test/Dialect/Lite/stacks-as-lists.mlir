// RUN: sluice-opt %s -split-input-file -lite-stacks-as-lists | FileCheck %s

// A gradient's stacks: the forward loop pushes (one stack in an if
// branch), the backward loop pops; each stack becomes a resizable list
// carried by both loops, and by the lite.if whose branch pushes.

// CHECK-LABEL: func.func @forward_backward
// CHECK-NOT: lite.variable
// CHECK: %[[A0:.*]] = lite.list_reserve %{{.*}} {resizable} : (tensor<i32>) -> tensor<?x2xf32>
// CHECK: %[[P0:.*]] = lite.list_reserve %{{.*}} {resizable} : (tensor<i32>) -> tensor<?xi1>
// CHECK: %[[F:.*]]:4 = lite.while (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %[[A:.*]] = %[[A0]], %[[P:.*]] = %[[P0]])
// CHECK: } body {
// CHECK:   %[[PN:.*]] = lite.list_length %[[P]]
// CHECK:   %[[P1:.*]] = lite.list_set_item %[[P]][%[[PN]]], %{{.*}} {resizable}
// CHECK:   %[[R:.*]]:2 = lite.if %{{.*}} -> (tensor<2xf32>, tensor<?x2xf32>) {
// CHECK:     %[[AN:.*]] = lite.list_length %[[A]]
// CHECK:     %[[A1:.*]] = lite.list_set_item %[[A]][%[[AN]]], %{{.*}} {resizable}
// CHECK:     lite.yield %{{.*}}, %[[A1]]
// CHECK:   } else {
// CHECK:     lite.yield %{{.*}}, %[[A]]
// CHECK:   }
// CHECK:   lite.yield %{{.*}}, %[[R]]#0, %[[R]]#1, %[[P1]]
// CHECK: %[[B:.*]]:4 = lite.while (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %[[BA:.*]] = %[[F]]#2, %[[BP:.*]] = %[[F]]#3)
// CHECK: } body {
// CHECK:   %[[N:.*]] = lite.list_length %[[BP]]
// CHECK:   %[[LAST:.*]] = lite.sub %[[N]], %{{.*}}
// CHECK:   %[[TAKEN:.*]] = lite.list_get_item %[[BP]][%[[LAST]]] : (tensor<?xi1>, tensor<i32>) -> tensor<i1>
// CHECK:   %[[SIZE:.*]] = lite.reshape %[[LAST]]
// CHECK:   %[[BP1:.*]] = lite.slice %[[BP]], %{{.*}}, %[[SIZE]]
// CHECK:   %[[S:.*]]:2 = lite.if %[[TAKEN]] -> (tensor<2xf32>, tensor<?x2xf32>) {
// CHECK:     lite.list_get_item %[[BA]]
// CHECK:     %[[SIZE2:.*]] = lite.concatenation
// CHECK:     %[[BA1:.*]] = lite.slice %[[BA]], %{{.*}}, %[[SIZE2]]
// CHECK:     lite.yield %{{.*}}, %[[BA1]]
// CHECK:   } else {
// CHECK:     lite.yield %{{.*}}, %[[BA]]
// CHECK:   }
// CHECK:   lite.yield %{{.*}}, %[[S]]#0, %[[S]]#1, %[[BP1]]
// CHECK-NOT: lite.stack_
lite.variable @acc : tensor<*xf32>
lite.variable @pred : tensor<*xi1>
func.func @forward_backward(%x: tensor<2xf32>, %n: tensor<i32>) -> tensor<2xf32> {
  %zero = lite.constant dense<0> : tensor<i32>
  %one = lite.constant dense<1> : tensor<i32>
  lite.stack_reset @acc
  lite.stack_reset @pred
  %f:2 = lite.while (%i = %zero, %h = %x) : (tensor<i32>, tensor<2xf32>) -> (tensor<i32>, tensor<2xf32>) cond {
    %c = lite.less %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %c : tensor<i1>
  } body {
    %odd = lite.floor_mod %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %p = lite.greater %odd, %zero : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.stack_push @pred, %p : tensor<i1>
    %r = lite.if %p -> (tensor<2xf32>) {
      lite.stack_push @acc, %h : tensor<2xf32>
      %m = lite.mul %h, %h : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
      lite.yield %m : tensor<2xf32>
    } else {
      lite.yield %h : tensor<2xf32>
    }
    %i1 = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    lite.yield %i1, %r : tensor<i32>, tensor<2xf32>
  }
  %b:2 = lite.while (%i = %f#0, %g = %x) : (tensor<i32>, tensor<2xf32>) -> (tensor<i32>, tensor<2xf32>) cond {
    %c = lite.greater %i, %zero : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %c : tensor<i1>
  } body {
    %taken = lite.stack_pop @pred : tensor<i1>
    %s = lite.if %taken -> (tensor<2xf32>) {
      %h = lite.stack_pop @acc : tensor<2xf32>
      %m = lite.mul %g, %h : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
      lite.yield %m : tensor<2xf32>
    } else {
      lite.yield %g : tensor<2xf32>
    }
    %i1 = lite.sub %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    lite.yield %i1, %s : tensor<i32>, tensor<2xf32>
  }
  return %b#1 : tensor<2xf32>
}

// -----

// Stacks that stay variables: used in two functions; pushed before the
// reset; pushed in a loop's condition; elements of two shapes.

// CHECK-LABEL: lite.variable @shared
// CHECK: lite.variable @early
// CHECK: lite.variable @in_cond
// CHECK: lite.variable @ragged
// CHECK: func.func @one
// CHECK: lite.stack_reset @shared
// CHECK: func.func @two
// CHECK: lite.stack_push @shared
// CHECK: lite.stack_push @early
// CHECK: lite.stack_reset @early
// CHECK: lite.stack_reset @in_cond
// CHECK: lite.stack_push @in_cond
// CHECK: lite.stack_reset @ragged
// CHECK: lite.stack_push @ragged
// CHECK: lite.stack_push @ragged
// CHECK-NOT: lite.list_
lite.variable @shared : tensor<*xf32>
lite.variable @early : tensor<*xf32>
lite.variable @in_cond : tensor<*xi32>
lite.variable @ragged : tensor<*xf32>
func.func @one() {
  lite.stack_reset @shared
  return
}
func.func @two(%x: tensor<2xf32>, %y: tensor<3xf32>, %n: tensor<i32>) {
  lite.stack_push @shared, %x : tensor<2xf32>
  lite.stack_push @early, %x : tensor<2xf32>
  lite.stack_reset @early
  lite.stack_reset @in_cond
  %r = lite.while (%i = %n) : (tensor<i32>) -> tensor<i32> cond {
    lite.stack_push @in_cond, %i : tensor<i32>
    %c = lite.less %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %c : tensor<i1>
  } body {
    lite.yield %i : tensor<i32>
  }
  lite.stack_reset @ragged
  lite.stack_push @ragged, %x : tensor<2xf32>
  lite.stack_push @ragged, %y : tensor<3xf32>
  return
}
