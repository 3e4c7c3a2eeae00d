// RUN: sluice-opt %s -sluice-prepare-tflite -verify-diagnostics | FileCheck %s
// RUN: sluice-opt %s -sluice-prepare-tflite=plan-buffers=1 -verify-diagnostics | FileCheck %s --check-prefix=PLAN
// The exporter writes what sluice-prepare-tflite gives and nothing else: the
// model of the prepared module is the model of the module, byte for byte.
// RUN: sluice-translate --mlir-to-tflite %s -o %t.a.tflite 2>/dev/null
// RUN: sluice-opt %s -sluice-prepare-tflite 2>/dev/null | sluice-translate --mlir-to-tflite -o %t.b.tflite
// RUN: cmp %t.a.tflite %t.b.tflite

// The assertion is dropped with a warning, is_nan decomposed into a builtin,
// the if's branches outlined into subgraphs, and the entry output that is an
// input given a tensor of its own.
// CHECK-LABEL: func.func @main
// CHECK-NOT: lite.assert
// CHECK: %[[NAN:.*]] = lite.not_equal %arg0, %arg0
// CHECK: %[[R:.*]] = lite.if %arg1
// CHECK-NEXT: func.call @main_if0_then(%arg0)
// CHECK: func.call @main_if0_else(%arg0)
// CHECK: %[[COPY:.*]] = lite.reshape %arg0
// CHECK: return %[[NAN]], %[[R]], %[[COPY]]
// CHECK: func.func private @main_if0_then
// CHECK-NEXT: lite.exp
// CHECK: func.func private @main_if0_else

// With plan-buffers, BufferAliasing's decisions are recorded first.
// PLAN: lite.if %arg1
// PLAN: } {lite.buffers = [#lite.slot<else>]}
func.func @main(%x: tensor<4xf32>, %p: tensor<i1>)
    -> (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) {
  %n = lite.is_nan %x : tensor<4xf32> -> tensor<4xi1>
  // expected-warning@+1 {{TFLite has no assertion: the exported model does not check 'p must hold'}}
  lite.assert %p, "p must hold" : tensor<i1>
  %r = lite.if %p -> (tensor<4xf32>) {
    %y = lite.exp %x : tensor<4xf32>
    lite.yield %y : tensor<4xf32>
  } else {
    lite.yield %x : tensor<4xf32>
  }
  return %n, %r, %x : tensor<4xi1>, tensor<4xf32>, tensor<4xf32>
}
