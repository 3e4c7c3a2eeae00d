// Variables in the interpreter: lite.call_once runs its initializer once,
// assigns inside a loop are seen by later reads, and TensorFlow's run-time
// errors (a read before any assign, an assign of the wrong shape).
// RUN: echo '{"n": 3}' > %t.json
// RUN: sluice-run %s --inputs=%t.json | FileCheck %s
// RUN: not sluice-run %s --function=uninitialized 2>&1 | FileCheck %s --check-prefix=UNINIT
// RUN: not sluice-run %s --function=reshaped 2>&1 | FileCheck %s --check-prefix=SHAPE
// Stacks pop in the reverse order of their pushes; popping an empty stack,
// popping one never created and pushing an element of another shape are
// errors.
// RUN: sluice-run %s --function=stack | FileCheck %s --check-prefix=STACK
// RUN: not sluice-run %s --function=pop_empty 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: not sluice-run %s --function=pop_uncreated 2>&1 | FileCheck %s --check-prefix=UNCREATED
// RUN: not sluice-run %s --function=push_shape 2>&1 | FileCheck %s --check-prefix=PUSH-SHAPE
// STACK: {"outputs":[{"data":[3,4],"dtype":"float32","name":"output0","shape":[2]},{"data":[1,2],"dtype":"float32","name":"output1","shape":[2]}]}
// EMPTY: error: pops from stack 'acc', which is empty
// UNCREATED: error: pops from stack 'acc', which was never created
// PUSH-SHAPE: error: pushes an element of shape [3] onto stack 'acc' of elements of shape [2]

// 1 + 2 * 3 (the second call_once does not reset it).
// CHECK: {"outputs":[{"data":[7,14],"dtype":"float32","name":"v","shape":[2]}]}
// UNINIT: error: variable 'v' is read before it was assigned (an uninitialized variable: run its initializer first)
// SHAPE: error: assigns a value of shape [3] to variable 'v' of shape [2]
lite.variable @v : tensor<2xf32>
func.func @init() {
  %c = lite.constant dense<[1.0, 2.0]> : tensor<2xf32>
  lite.assign_variable @v, %c : tensor<2xf32>
  return
}
func.func @main(%n: tensor<i32> {sluice.name = "n"}) -> (tensor<2xf32> {sluice.name = "v"}) {
  lite.call_once @init
  %zero = lite.constant dense<0> : tensor<i32>
  %r = lite.while (%i = %zero) : (tensor<i32>) -> tensor<i32> cond {
    %p = lite.less %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    lite.call_once @init
    %one = lite.constant dense<1> : tensor<i32>
    %next = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %x = lite.read_variable @v : tensor<2xf32>
    %y = lite.constant dense<[2.0, 4.0]> : tensor<2xf32>
    %z = lite.add %x, %y : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    lite.assign_variable @v, %z : tensor<2xf32>
    lite.yield %next : tensor<i32>
  }
  %out = lite.read_variable @v : tensor<2xf32>
  return %out : tensor<2xf32>
}
func.func @uninitialized() -> tensor<2xf32> {
  %0 = lite.read_variable @v : tensor<2xf32>
  return %0 : tensor<2xf32>
}
func.func @reshaped() {
  %c = lite.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %s = lite.constant dense<[-1]> : tensor<1xi32>
  %d = lite.reshape %c, %s : (tensor<3xf32>, tensor<1xi32>) -> tensor<?xf32>
  lite.assign_variable @v, %d : tensor<?xf32>
  return
}
lite.variable @acc : tensor<*xf32>
func.func @stack() -> (tensor<2xf32>, tensor<2xf32>) {
  lite.stack_reset @acc
  %a = lite.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = lite.constant dense<[3.0, 4.0]> : tensor<2xf32>
  lite.stack_push @acc, %a : tensor<2xf32>
  lite.stack_push @acc, %b : tensor<2xf32>
  %0 = lite.stack_pop @acc : tensor<2xf32>
  %1 = lite.stack_pop @acc : tensor<2xf32>
  return %0, %1 : tensor<2xf32>, tensor<2xf32>
}
func.func @pop_empty() -> tensor<2xf32> {
  lite.stack_reset @acc
  %a = lite.constant dense<[1.0, 2.0]> : tensor<2xf32>
  lite.stack_push @acc, %a : tensor<2xf32>
  %0 = lite.stack_pop @acc : tensor<2xf32>
  %1 = lite.stack_pop @acc : tensor<2xf32>
  return %1 : tensor<2xf32>
}
func.func @pop_uncreated() -> tensor<2xf32> {
  %0 = lite.stack_pop @acc : tensor<2xf32>
  return %0 : tensor<2xf32>
}
func.func @push_shape() {
  lite.stack_reset @acc
  %a = lite.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = lite.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  lite.stack_push @acc, %a : tensor<2xf32>
  lite.stack_push @acc, %b : tensor<3xf32>
  return
}
