// TF1 stacks in native code: a loop pushes n elements (the buffer grows
// past its first 4 elements and doubles), a second loop pops them all and
// sums them weighted by pop order, so that both the values and the order
// show; the stack persists between the two loops as TF's does.
// In0: n = 10, elements [i, -i]: pops 9, 8, ..., 0 weighted 1, 2, ..., 10:
// sum_i i * (10 - i) = 165 (and -165). In1: n = 0 pushes nothing.
// Popping one more than was pushed is an error (TF: "Stack is empty"):
// INVALID_ARGUMENT natively, a diagnostic in the interpreter.
// RUN: sluice-run %s --inputs=%S/stack_push_pop.in0.json | FileCheck %s --check-prefix=TEN
// RUN: sluice-run %s --engine=native --inputs=%S/stack_push_pop.in0.json | FileCheck %s --check-prefix=TEN
// TEN: {"outputs":[{"data":[165,-165],"dtype":"float32","name":"output0","shape":[2]}]}
// RUN: sluice-run %s --inputs=%S/stack_push_pop.in1.json | FileCheck %s --check-prefix=NONE
// RUN: sluice-run %s --engine=native --inputs=%S/stack_push_pop.in1.json | FileCheck %s --check-prefix=NONE
// NONE: {"outputs":[{"data":[0,0],"dtype":"float32","name":"output0","shape":[2]}]}
// RUN: not sluice-run %s --function=pop_too_many --inputs=%S/stack_push_pop.in2.json 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: not sluice-run %s --engine=native --function=pop_too_many --inputs=%S/stack_push_pop.in2.json 2>&1 | FileCheck %s --check-prefix=EMPTY-NATIVE
// EMPTY: error: pops from stack 'acc', which is empty
// EMPTY-NATIVE: SLUICE_ERROR_INVALID_ARGUMENT (4)
// RUN: not sluice-run %s --function=push_uncreated 2>&1 | FileCheck %s --check-prefix=UNCREATED
// RUN: not sluice-run %s --engine=native --function=push_uncreated 2>&1 | FileCheck %s --check-prefix=UNCREATED-NATIVE
// UNCREATED: error: pushes onto stack 'fresh', which was never created
// UNCREATED-NATIVE: SLUICE_ERROR_FAILED_PRECONDITION (5)
lite.variable @acc : tensor<*xf32>
lite.variable @fresh : tensor<*xf32>
func.func @main(%n: tensor<i32>) -> tensor<2xf32> {
  lite.stack_reset @acc
  %zero = lite.constant dense<0> : tensor<i32>
  %pushed = lite.while (%i = %zero) : (tensor<i32>) -> tensor<i32> cond {
    %p = lite.less %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %one = lite.constant dense<1> : tensor<i32>
    %f = lite.cast %i : tensor<i32> -> tensor<f32>
    %neg = lite.neg %f : tensor<f32>
    %e = lite.pack %f, %neg {axis = 0 : i32} : (tensor<f32>, tensor<f32>) -> tensor<2xf32>
    lite.stack_push @acc, %e : tensor<2xf32>
    %next = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    lite.yield %next : tensor<i32>
  }
  %empty = lite.constant dense<0.0> : tensor<2xf32>
  %r:2 = lite.while (%k = %zero, %sum = %empty) : (tensor<i32>, tensor<2xf32>) -> (tensor<i32>, tensor<2xf32>) cond {
    %p = lite.less %k, %pushed : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %one = lite.constant dense<1> : tensor<i32>
    %next = lite.add %k, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %w = lite.cast %next : tensor<i32> -> tensor<f32>
    %e = lite.stack_pop @acc : tensor<2xf32>
    %we = lite.mul %e, %w : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
    %s = lite.add %sum, %we : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    lite.yield %next, %s : tensor<i32>, tensor<2xf32>
  }
  return %r#1 : tensor<2xf32>
}
func.func @pop_too_many(%n: tensor<i32>) -> tensor<2xf32> {
  lite.stack_reset @acc
  %x = lite.constant dense<[1.0, 2.0]> : tensor<2xf32>
  lite.stack_push @acc, %x : tensor<2xf32>
  %a = lite.stack_pop @acc : tensor<2xf32>
  %b = lite.stack_pop @acc : tensor<2xf32>
  %s = lite.add %a, %b : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %s : tensor<2xf32>
}
func.func @push_uncreated() -> tensor<2xf32> {
  %x = lite.constant dense<[1.0, 2.0]> : tensor<2xf32>
  lite.stack_push @fresh, %x : tensor<2xf32>
  return %x : tensor<2xf32>
}
