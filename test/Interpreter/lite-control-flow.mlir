// lite.if and lite.while executed structurally.
// RUN: echo '[0]' > %t.n0.json
// RUN: echo '[1]' > %t.n1.json
// RUN: echo '{"arg0": {"dtype": "int32", "shape": [], "data": [5]}}' > %t.n5.json
// RUN: sluice-run %s --function=sum --inputs=%t.n0.json | FileCheck %s --check-prefix=ZERO
// RUN: sluice-run %s --function=sum --inputs=%t.n1.json | FileCheck %s --check-prefix=ONE
// RUN: sluice-run %s --function=sum --inputs=%t.n5.json | FileCheck %s --check-prefix=MANY
// RUN: not sluice-run %s --function=sum --inputs=%t.n5.json --max-iterations=4 2>&1 | FileCheck %s --check-prefix=RUNAWAY
// RUN: sluice-run %s --function=nested --inputs=%t.n5.json | FileCheck %s --check-prefix=NESTED
// RUN: sluice-run %s --function=if_in_while --inputs=%t.n5.json | FileCheck %s --check-prefix=IFWHILE
// RUN: sluice-run %s --function=while_in_if --inputs=%t.n5.json | FileCheck %s --check-prefix=WHILEIF
// RUN: sluice-run %s --function=call --inputs=%t.n5.json | FileCheck %s --check-prefix=MANY

// sum(3 * i for i in range(n)) and the final i.
// ZERO: {"outputs":[{"data":[0],"dtype":"int32","name":"output0","shape":[]},{"data":[0],"dtype":"int32","name":"output1","shape":[]}]}
// ONE: {"outputs":[{"data":[1],"dtype":"int32","name":"output0","shape":[]},{"data":[0],"dtype":"int32","name":"output1","shape":[]}]}
// MANY: {"outputs":[{"data":[5],"dtype":"int32","name":"output0","shape":[]},{"data":[30],"dtype":"int32","name":"output1","shape":[]}]}
// RUNAWAY: error: loop did not finish within 4 iterations
func.func @sum(%n: tensor<i32>) -> (tensor<i32>, tensor<i32>) {
  %zero = lite.constant dense<0> : tensor<i32>
  %k = lite.constant dense<3> : tensor<i32>
  %r:2 = lite.while (%i = %zero, %acc = %zero) : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>) cond {
    %p = lite.less %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %one = lite.constant dense<1> : tensor<i32>
    %next = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %t = lite.mul %i, %k : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %a = lite.add %acc, %t : (tensor<i32>, tensor<i32>) -> tensor<i32>
    lite.yield %next, %a : tensor<i32>, tensor<i32>
  }
  return %r#0, %r#1 : tensor<i32>, tensor<i32>
}

// for i in range(n): for j in range(i): acc += 2  ->  20 for n = 5.
// NESTED: {"outputs":[{"data":[20],"dtype":"int32","name":"output0","shape":[]}]}
func.func @nested(%n: tensor<i32>) -> tensor<i32> {
  %zero = lite.constant dense<0> : tensor<i32>
  %one = lite.constant dense<1> : tensor<i32>
  %two = lite.constant dense<2> : tensor<i32>
  %r:2 = lite.while (%i = %zero, %acc = %zero) : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>) cond {
    %p = lite.less %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %in:2 = lite.while (%j = %zero, %a = %acc) : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>) cond {
      %q = lite.less %j, %i : (tensor<i32>, tensor<i32>) -> tensor<i1>
      lite.yield %q : tensor<i1>
    } body {
      %j1 = lite.add %j, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
      %a1 = lite.add %a, %two : (tensor<i32>, tensor<i32>) -> tensor<i32>
      lite.yield %j1, %a1 : tensor<i32>, tensor<i32>
    }
    %i1 = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    lite.yield %i1, %in#1 : tensor<i32>, tensor<i32>
  }
  return %r#1 : tensor<i32>
}

// acc += i if i is even else -1  ->  4 for n = 5.
// IFWHILE: {"outputs":[{"data":[4],"dtype":"int32","name":"output0","shape":[]}]}
func.func @if_in_while(%n: tensor<i32>) -> tensor<i32> {
  %zero = lite.constant dense<0> : tensor<i32>
  %one = lite.constant dense<1> : tensor<i32>
  %two = lite.constant dense<2> : tensor<i32>
  %r:2 = lite.while (%i = %zero, %acc = %zero) : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>) cond {
    %p = lite.less %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %m = lite.floor_mod %i, %two : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %even = lite.equal %m, %zero : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %a = lite.if %even -> (tensor<i32>) {
      %s = lite.add %acc, %i : (tensor<i32>, tensor<i32>) -> tensor<i32>
      lite.yield %s : tensor<i32>
    } else {
      %s = lite.sub %acc, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
      lite.yield %s : tensor<i32>
    }
    %i1 = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    lite.yield %i1, %a : tensor<i32>, tensor<i32>
  }
  return %r#1 : tensor<i32>
}

// n > 3 ? 2^n by a loop : -1  ->  32 for n = 5.
// WHILEIF: {"outputs":[{"data":[32],"dtype":"int32","name":"output0","shape":[]}]}
func.func @while_in_if(%n: tensor<i32>) -> tensor<i32> {
  %three = lite.constant dense<3> : tensor<i32>
  %p = lite.greater %n, %three : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %r = lite.if %p -> (tensor<i32>) {
    %zero = lite.constant dense<0> : tensor<i32>
    %one = lite.constant dense<1> : tensor<i32>
    %w:2 = lite.while (%i = %zero, %x = %one) : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>) cond {
      %q = lite.less %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
      lite.yield %q : tensor<i1>
    } body {
      %i1 = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
      %x2 = lite.add %x, %x : (tensor<i32>, tensor<i32>) -> tensor<i32>
      lite.yield %i1, %x2 : tensor<i32>, tensor<i32>
    }
    lite.yield %w#1 : tensor<i32>
  } else {
    %m = lite.constant dense<-1> : tensor<i32>
    lite.yield %m : tensor<i32>
  }
  return %r : tensor<i32>
}

// func.call runs the callee.
func.func @call(%n: tensor<i32>) -> (tensor<i32>, tensor<i32>) {
  %r:2 = func.call @sum(%n) : (tensor<i32>) -> (tensor<i32>, tensor<i32>)
  return %r#0, %r#1 : tensor<i32>, tensor<i32>
}
