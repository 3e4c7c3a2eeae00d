// lite.assert in the interpreter and in native code: a true condition lets
// the run go on, a false one stops it with the message (native code: TF's
// InvalidArgument as SLUICE_ERROR_INVALID_ARGUMENT), also from a loop body
// and from the branch of a lite.if where the condition is known false
// (which must fail only when that branch runs).
// RUN: echo '{"x": 2.0, "n": 3}' > %t.ok.json
// RUN: echo '{"x": -1.0, "n": 3}' > %t.negative.json
// RUN: echo '{"x": 2.0, "n": 7}' > %t.long.json
// RUN: sluice-run %s --inputs=%t.ok.json | FileCheck %s
// RUN: sluice-run %s --inputs=%t.ok.json --engine=native | FileCheck %s
// RUN: not sluice-run %s --inputs=%t.negative.json 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// RUN: not sluice-run %s --inputs=%t.negative.json --engine=native 2>&1 | FileCheck %s --check-prefix=NATIVE
// RUN: not sluice-run %s --inputs=%t.long.json 2>&1 | FileCheck %s --check-prefix=LOOP
// RUN: not sluice-run %s --inputs=%t.long.json --engine=native 2>&1 | FileCheck %s --check-prefix=NATIVE
// A condition whose shape is only known at run time must hold one boolean.
// RUN: echo '{"b": [true]}' > %t.one.json
// RUN: echo '{"b": [true, true]}' > %t.two.json
// RUN: sluice-run %s --function=dynamic --inputs=%t.one.json | FileCheck %s --check-prefix=ONE
// RUN: sluice-run %s --function=dynamic --inputs=%t.one.json --engine=native | FileCheck %s --check-prefix=ONE
// RUN: not sluice-run %s --function=dynamic --inputs=%t.two.json 2>&1 | FileCheck %s --check-prefix=TWO
// RUN: not sluice-run %s --function=dynamic --inputs=%t.two.json --engine=native 2>&1 | FileCheck %s --check-prefix=NATIVE
// ONE: {"outputs":[]}
// TWO: error: asserts a condition of shape [2], not one boolean
// CHECK: {"outputs":[{"data":[16],"dtype":"float32","name":"y","shape":[]}]}
// NEGATIVE: error: assertion failed: [x must be positive]
// LOOP: error: assertion failed: [at most 5 iterations]
// NATIVE: SLUICE_ERROR_INVALID_ARGUMENT

func.func @main(%x: tensor<f32> {sluice.name = "x"}, %n: tensor<i32> {sluice.name = "n"})
    -> (tensor<f32> {sluice.name = "y"}) {
  %zero = lite.constant dense<0.0> : tensor<f32>
  %positive = lite.greater %x, %zero : (tensor<f32>, tensor<f32>) -> tensor<i1>
  // TF's AssertGuard: no-op when the condition holds, the assertion (whose
  // condition is then false) when it does not.
  lite.if %positive {
    lite.yield
  } else {
    lite.assert %positive, "[x must be positive]" : tensor<i1>
    lite.yield
  }
  %c0 = lite.constant dense<0> : tensor<i32>
  %c1 = lite.constant dense<1> : tensor<i32>
  %c5 = lite.constant dense<5> : tensor<i32>
  %r:2 = lite.while (%i = %c0, %acc = %x) : (tensor<i32>, tensor<f32>) -> (tensor<i32>, tensor<f32>) cond {
    %p = lite.less %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %ok = lite.less %i, %c5 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.assert %ok, "[at most 5 iterations]" : tensor<i1>
    %i1 = lite.add %i, %c1 : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %two = lite.constant dense<2.0> : tensor<f32>
    %acc1 = lite.mul %acc, %two : (tensor<f32>, tensor<f32>) -> tensor<f32>
    lite.yield %i1, %acc1 : tensor<i32>, tensor<f32>
  }
  return %r#1 : tensor<f32>
}

func.func @dynamic(%b: tensor<?xi1> {sluice.name = "b"}) {
  lite.assert %b, "[dynamic]" : tensor<?xi1>
  return
}
