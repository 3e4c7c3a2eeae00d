// sluice-run with several --inputs: the program is loaded (and compiled)
// once and run on each file in turn, one JSON line per run; every run starts
// from a fresh state (the variable's initializer runs again), in the
// interpreter and in native code. A run whose inputs are bad prints its
// error on its line, the others still run, and the exit status is 1.
// RUN: echo '{"n": 3}' > %t.three.json
// RUN: echo '{"n": 1}' > %t.one.json
// RUN: echo '{"n": ' > %t.bad.json
// RUN: sluice-run %s --inputs=%t.three.json --inputs=%t.one.json --inputs=%t.three.json | FileCheck %s
// RUN: sluice-run %s --inputs=%t.three.json --inputs=%t.one.json --inputs=%t.three.json --engine=native | FileCheck %s
// RUN: not sluice-run %s --inputs=%t.one.json --inputs=%t.bad.json --inputs=%t.three.json | FileCheck %s --check-prefix=BAD
// RUN: not sluice-run %s --inputs=%t.one.json --inputs=%t.three.json --compare 2>&1 | FileCheck %s --check-prefix=COMPARE
// RUN: not sluice-run %s --inputs=%t.one.json --inputs=%t.three.json --ranks=2 2>&1 | FileCheck %s --check-prefix=COMPARE
// RUN: not sluice-run %s --inputs=%t.one.json --random-inputs=1 2>&1 | FileCheck %s --check-prefix=RANDOM

// 1 + 2n, from the initializer's 1 every run (not 7 + 2, 9 + 6).
// CHECK:      {"outputs":[{"data":[7],"dtype":"float32","name":"v","shape":[1]}]}
// CHECK-NEXT: {"outputs":[{"data":[3],"dtype":"float32","name":"v","shape":[1]}]}
// CHECK-NEXT: {"outputs":[{"data":[7],"dtype":"float32","name":"v","shape":[1]}]}
// BAD:      {"outputs":[{"data":[3],"dtype":"float32","name":"v","shape":[1]}]}
// BAD-NEXT: {"error":"sluice-run: inputs are not valid JSON{{.*}}"}
// BAD-NEXT: {"outputs":[{"data":[7],"dtype":"float32","name":"v","shape":[1]}]}
// COMPARE: sluice-run: several --inputs run on one engine: not with --compare, --ranks or --distributed
// RANDOM: sluice-run: --inputs and --random-inputs exclude each other
lite.variable @v : tensor<1xf32>
func.func @init() {
  %c = lite.constant dense<1.0> : tensor<1xf32>
  lite.assign_variable @v, %c : tensor<1xf32>
  return
}
func.func @main(%n: tensor<i32> {sluice.name = "n"}) -> (tensor<1xf32> {sluice.name = "v"}) {
  lite.call_once @init
  %zero = lite.constant dense<0> : tensor<i32>
  %r = lite.while (%i = %zero) : (tensor<i32>) -> tensor<i32> cond {
    %p = lite.less %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %one = lite.constant dense<1> : tensor<i32>
    %next = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %x = lite.read_variable @v : tensor<1xf32>
    %y = lite.constant dense<2.0> : tensor<1xf32>
    %z = lite.add %x, %y : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
    lite.assign_variable @v, %z : tensor<1xf32>
    lite.yield %next : tensor<i32>
  }
  %out = lite.read_variable @v : tensor<1xf32>
  return %out : tensor<1xf32>
}
