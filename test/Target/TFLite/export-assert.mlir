// TFLite has no assertion operator: export drops each lite.assert with a
// warning (as TF's converter drops Assert), with the ops only its condition
// used (here a condition comparing a value with itself, so its definition
// is found twice) and the lite.if that only held it. The model computes
// what the program computes where the assertions hold, in native LiteRT.
// RUN: sluice-translate --mlir-to-tflite %s -o %t.tflite 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: sluice-translate --tflite-to-mlir %t.tflite | FileCheck %s
// RUN: echo '{"x": 2.0}' > %t.json
// RUN: sluice-run %s --inputs=%t.json > %t.expected.json
// RUN: %venv_python %S/../../../python/sluice/engines/litert_native.py %t.tflite --inputs=%t.json > %t.native.json
// RUN: %python -c "import json,sys; a=json.load(open(sys.argv[1])); b=json.load(open(sys.argv[2])); sys.exit(0 if a == b else 1)" %t.expected.json %t.native.json
// WARN: warning: TFLite has no assertion: the exported model does not check '[x is finite]' (TensorFlow's converter drops Assert too)
// WARN: warning: TFLite has no assertion: the exported model does not check '[x must be positive]' (TensorFlow's converter drops Assert too)
// CHECK-LABEL: func.func @main
// CHECK-NOT: lite.if
// CHECK-NOT: lite.equal
// CHECK-NOT: lite.greater
// CHECK: lite.mul
// CHECK-NEXT: return

func.func @main(%x: tensor<f32> {sluice.name = "x"}) -> (tensor<f32> {sluice.name = "y"}) {
  %zero = lite.constant dense<0.0> : tensor<f32>
  %square = lite.mul %x, %x : (tensor<f32>, tensor<f32>) -> tensor<f32>
  %finite = lite.equal %square, %square : (tensor<f32>, tensor<f32>) -> tensor<i1>
  lite.assert %finite, "[x is finite]" : tensor<i1>
  %positive = lite.greater %x, %zero : (tensor<f32>, tensor<f32>) -> tensor<i1>
  lite.if %positive {
    lite.yield
  } else {
    lite.assert %positive, "[x must be positive]" : tensor<i1>
    lite.yield
  }
  %two = lite.constant dense<2.0> : tensor<f32>
  %y = lite.mul %x, %two : (tensor<f32>, tensor<f32>) -> tensor<f32>
  return %y : tensor<f32>
}
