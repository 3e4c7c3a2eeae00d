// Canonicalization of lite.if / lite.while keeps the results: the same
// inputs give the same outputs before and after.
// RUN: echo '[3]' > %t.pos.json
// RUN: echo '[-3]' > %t.neg.json
// RUN: sluice-opt %s -canonicalize > %t.canon.mlir
// RUN: sluice-run %s --function=lifted --inputs=%t.pos.json | FileCheck %s --check-prefix=POS
// RUN: sluice-run %t.canon.mlir --function=lifted --inputs=%t.pos.json | FileCheck %s --check-prefix=POS
// RUN: sluice-run %s --function=lifted --inputs=%t.neg.json | FileCheck %s --check-prefix=NEG
// RUN: sluice-run %t.canon.mlir --function=lifted --inputs=%t.neg.json | FileCheck %s --check-prefix=NEG
// RUN: sluice-run %s --function=loop --inputs=%t.pos.json | FileCheck %s --check-prefix=LOOP
// RUN: sluice-run %t.canon.mlir --function=loop --inputs=%t.pos.json | FileCheck %s --check-prefix=LOOP
// RUN: FileCheck %s --input-file=%t.canon.mlir --check-prefix=CANON

// What lifting a v1 cond produces: ifs on one predicate, placeholder zeros,
// a result that is the predicate, and an if on a constant predicate.
// x > 0 ? (2x * x, x + 1, true) : (-x, x, false).
// POS: {"outputs":[{"data":[18],"dtype":"int32","name":"output0","shape":[]},{"data":[4],"dtype":"int32","name":"output1","shape":[]},{"data":[true],"dtype":"bool","name":"output2","shape":[]}]}
// NEG: {"outputs":[{"data":[3],"dtype":"int32","name":"output0","shape":[]},{"data":[-3],"dtype":"int32","name":"output1","shape":[]},{"data":[false],"dtype":"bool","name":"output2","shape":[]}]}
// CANON-LABEL: func.func @lifted
// CANON-COUNT-1: lite.if
// CANON-NOT: lite.if
// CANON: return
func.func @lifted(%x: tensor<i32>) -> (tensor<i32>, tensor<i32>, tensor<i1>) {
  %zero = lite.constant dense<0> : tensor<i32>
  %one = lite.constant dense<1> : tensor<i32>
  %p = lite.greater %x, %zero : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %d = lite.if %p -> (tensor<i32>) {
    %s = lite.add %x, %x : (tensor<i32>, tensor<i32>) -> tensor<i32>
    lite.yield %s : tensor<i32>
  } else {
    %z = lite.constant dense<0> : tensor<i32>
    lite.yield %z : tensor<i32>
  }
  %m = lite.if %p -> (tensor<i32>) {
    %s = lite.mul %d, %x : (tensor<i32>, tensor<i32>) -> tensor<i32>
    lite.yield %s : tensor<i32>
  } else {
    %n = lite.neg %x : tensor<i32>
    lite.yield %n : tensor<i32>
  }
  %t = lite.constant dense<true> : tensor<i1>
  %k = lite.if %t -> (tensor<i32>) {
    lite.yield %one : tensor<i32>
  } else {
    lite.yield %zero : tensor<i32>
  }
  %c:2 = lite.if %p -> (tensor<i1>, tensor<i32>) {
    %yes = lite.constant dense<true> : tensor<i1>
    %a = lite.add %x, %k : (tensor<i32>, tensor<i32>) -> tensor<i32>
    lite.yield %yes, %a : tensor<i1>, tensor<i32>
  } else {
    %no = lite.constant dense<false> : tensor<i1>
    lite.yield %no, %x : tensor<i1>, tensor<i32>
  }
  return %m, %c#1, %c#0 : tensor<i32>, tensor<i32>, tensor<i1>
}

// sum(k for i in range(x)) with k carried unchanged and a product nobody
// reads: 6 for x = 3.
// LOOP: {"outputs":[{"data":[6],"dtype":"int32","name":"output0","shape":[]}]}
// CANON-LABEL: func.func @loop
// CANON: lite.while (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
func.func @loop(%x: tensor<i32>) -> tensor<i32> {
  %zero = lite.constant dense<0> : tensor<i32>
  %one = lite.constant dense<1> : tensor<i32>
  %two = lite.constant dense<2> : tensor<i32>
  %r:4 = lite.while (%i = %zero, %k = %two, %prod = %one, %sum = %zero) : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) cond {
    %c = lite.less %i, %x : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %c : tensor<i1>
  } body {
    %i1 = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %p1 = lite.mul %prod, %i1 : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %s1 = lite.add %sum, %k : (tensor<i32>, tensor<i32>) -> tensor<i32>
    lite.yield %i1, %k, %p1, %s1 : tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>
  }
  return %r#3 : tensor<i32>
}
