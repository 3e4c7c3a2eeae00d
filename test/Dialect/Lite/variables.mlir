// RUN: sluice-opt %s -split-input-file | sluice-opt -split-input-file | FileCheck %s
// RUN: sluice-opt %s -split-input-file -canonicalize | FileCheck %s --check-prefix=CANON

// The variable ops round-trip; canonicalization keeps assigns (they write
// the module's state) and the reads before them, and drops an unused read.

// CHECK-LABEL: lite.variable @v : tensor<2xf32>
// CHECK: lite.variable @"rnn/kernel" : tensor<?x4xf32>
// CHECK-LABEL: func.func @init
// CHECK: lite.assign_variable @v, %{{.*}} : tensor<2xf32>
// CHECK-LABEL: func.func @main
// CHECK: lite.call_once @init
// CHECK: %[[R:.*]] = lite.read_variable @v : tensor<2xf32>
// CHECK: lite.assign_variable @v, %{{.*}} : tensor<2xf32>
// CHECK: lite.read_variable @"rnn/kernel" : tensor<3x4xf32>

// CANON-LABEL: func.func @main
// CANON: lite.call_once @init
// CANON-NEXT: lite.read_variable @v
// CANON-NEXT: lite.add
// CANON-NEXT: lite.assign_variable @v
// CANON-NEXT: lite.read_variable @v
// CANON-NEXT: return
lite.variable @v : tensor<2xf32>
lite.variable @"rnn/kernel" : tensor<?x4xf32>
func.func @init() {
  %c = lite.constant dense<[1.0, 2.0]> : tensor<2xf32>
  lite.assign_variable @v, %c : tensor<2xf32>
  return
}
func.func @main() -> tensor<2xf32> {
  lite.call_once @init
  %0 = lite.read_variable @v : tensor<2xf32>
  %1 = lite.add %0, %0 : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  lite.assign_variable @v, %1 : tensor<2xf32>
  %unused = lite.read_variable @"rnn/kernel" : tensor<3x4xf32>
  %2 = lite.read_variable @v : tensor<2xf32>
  return %2 : tensor<2xf32>
}

// -----

// Stacks: a variable holding the elements along dimension 0.
// CHECK-LABEL: lite.variable @acc : tensor<*xf32>
// CHECK: lite.stack_reset @acc
// CHECK: lite.stack_push @acc, %{{.*}} : tensor<2xf32>
// CHECK: lite.stack_pop @acc : tensor<2xf32>
lite.variable @acc : tensor<*xf32>
func.func @stack(%x: tensor<2xf32>) -> tensor<2xf32> {
  lite.stack_reset @acc
  lite.stack_push @acc, %x : tensor<2xf32>
  %0 = lite.stack_pop @acc : tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// A random generator: canonicalization and CSE keep both draws (each run
// draws new numbers) even when one is unused.
// CHECK-LABEL: func.func @draws
// CHECK: lite.random_uniform %{{.*}} {seed = 1 : i64, seed2 = 7 : i64} : (tensor<2xi32>) -> tensor<3x4xf32>
// CHECK: lite.random_uniform %{{.*}} {seed = 1 : i64, seed2 = 7 : i64} : (tensor<2xi32>) -> tensor<?x?xf32>
// CANON-LABEL: func.func @draws
// CANON-COUNT-2: lite.random_uniform
func.func @draws(%shape: tensor<2xi32>) -> tensor<3x4xf32> {
  %0 = lite.random_uniform %shape {seed = 1 : i64, seed2 = 7 : i64} : (tensor<2xi32>) -> tensor<3x4xf32>
  %1 = lite.random_uniform %shape {seed = 1 : i64, seed2 = 7 : i64} : (tensor<2xi32>) -> tensor<?x?xf32>
  return %0 : tensor<3x4xf32>
}
