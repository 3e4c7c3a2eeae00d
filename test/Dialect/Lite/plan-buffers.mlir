// RUN: sluice-opt %s -split-input-file -lite-plan-buffers | FileCheck %s
// RUN: sluice-opt %s -split-input-file -lite-plan-buffers=target=native | FileCheck %s --check-prefix=NATIVE
// RUN: sluice-opt %s -split-input-file -lite-plan-buffers -lite-outline-regions | FileCheck %s --check-prefix=OUTLINED
// RUN: not sluice-opt %s -split-input-file -lite-plan-buffers=target=gpu 2>&1 | FileCheck %s --check-prefix=BAD

// -lite-plan-buffers records BufferAliasing's answer per slot (the exporter's
// arena plan reads it under --plan-buffers; nothing marks the module).

// CHECK-NOT: lite.plan_buffers
// BAD: error: -lite-plan-buffers: unknown target 'gpu' (expected tflite or native)
// CHECK-LABEL: func.func @swap_and_count
// CHECK: lite.while
// CHECK: } {lite.buffers = [#lite.slot<ping_pong>, #lite.slot<body, buffer = 2>, #lite.slot<body, buffer = 1>, #lite.slot<none>]
// NATIVE-LABEL: func.func @swap_and_count
// NATIVE: lite.while
// NATIVE: } {lite.buffers = [#lite.slot<none>, #lite.slot<none, buffer = 2>, #lite.slot<none, buffer = 1>, #lite.slot<none>]
// A capture (%n) becomes a read-only slot: it shares nothing it was not
// given.
// OUTLINED: lite.while
// OUTLINED: } {lite.buffers = [#lite.slot<ping_pong>, #lite.slot<body, buffer = 2>, #lite.slot<body, buffer = 1>, #lite.slot<none>, #lite.slot<none>]
func.func @swap_and_count(%a: tensor<4xf32>, %n: tensor<i32>) -> (tensor<i32>, tensor<4xf32>, tensor<4xf32>) {
  %i0 = lite.zeros_like %n : tensor<i32>
  %x0 = lite.neg %a : tensor<4xf32>
  %y0 = lite.abs %a : tensor<4xf32>
  %r:4 = lite.while (%i = %i0, %x = %x0, %y = %y0, %w = %a) : (tensor<i32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<i32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) cond {
    %p = lite.less %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %one = lite.constant dense<1> : tensor<i32>
    %i1 = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    lite.yield %i1, %y, %x, %w : tensor<i32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
  }
  return %r#0, %r#1, %r#2 : tensor<i32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @branches
// CHECK: lite.if
// CHECK: } {lite.buffers = [#lite.slot<then>, #lite.slot<none>]
func.func @branches(%p: tensor<i1>, %a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %r:2 = lite.if %p -> (tensor<4xf32>, tensor<4xf32>) {
    %t = lite.neg %a : tensor<4xf32>
    lite.yield %a, %t : tensor<4xf32>, tensor<4xf32>
  } else {
    %e = lite.abs %a : tensor<4xf32>
    %f = lite.exp %a : tensor<4xf32>
    lite.yield %e, %f : tensor<4xf32>, tensor<4xf32>
  }
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}
