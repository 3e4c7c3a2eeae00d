// TF1 stacks as a loop's gradient uses them, through every engine: the
// forward loop pushes its predicate every iteration and, in the odd ones,
// its state; the backward loop pops the predicate and, where it was true,
// the state. The interpreter and native code run the stack variables; an
// exported model carries them as lists (-lite-stacks-as-lists).
// By hand, x = [1, 2], n = 4: forward h = x, x, x^2, x^2 -> x^4, pushing x
// (i = 1) and x^2 (i = 3); backward g = x * x^2 * x = x^4 = [1, 16].
// RUN: sluice-run %s --inputs=%S/stack_gradient.in0.json | FileCheck %s
// CHECK: {"outputs":[{"data":[1,16],"dtype":"float32","name":"output0","shape":[2]}]}
lite.variable @acc : tensor<*xf32>
lite.variable @pred : tensor<*xi1>
func.func @main(%x: tensor<2xf32>, %n: tensor<i32>) -> tensor<2xf32> {
  %zero = lite.constant dense<0> : tensor<i32>
  %one = lite.constant dense<1> : tensor<i32>
  %two = lite.constant dense<2> : tensor<i32>
  lite.stack_reset @acc
  lite.stack_reset @pred
  %f:2 = lite.while (%i = %zero, %h = %x) : (tensor<i32>, tensor<2xf32>) -> (tensor<i32>, tensor<2xf32>) cond {
    %c = lite.less %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %c : tensor<i1>
  } body {
    %odd = lite.floor_mod %i, %two : (tensor<i32>, tensor<i32>) -> tensor<i32>
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
