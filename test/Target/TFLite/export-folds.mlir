// Export folds constant arithmetic (-lite-fold-constants, the rule set the
// native path uses) and infers shapes first. LiteRT.js leaves a model output
// computed only from constants unfilled: an int32 5 * 5 reached through an
// inlined call came back as memory never written instead of 25.
// RUN: sluice-translate --mlir-to-tflite %s -o %t.tflite
// RUN: sluice-translate --tflite-to-mlir %t.tflite | FileCheck %s --check-prefix=IR
// RUN: echo '[1, [[1, 2], [3, 4]]]' > %t.json
// RUN: sluice-run %s --inputs=%t.json > %t.expected.json
// RUN: FileCheck %s --check-prefix=OUT < %t.expected.json
// RUN: %litert %t.tflite --inputs=%t.json > %t.litertjs.json
// RUN: diff %t.expected.json %t.litertjs.json
// RUN: %venv_python %S/../../../python/sluice/engines/litert_native.py %t.tflite --inputs=%t.json > %t.native.json
// RUN: %python -c "import json,sys; a=json.load(open(sys.argv[1])); b=json.load(open(sys.argv[2])); sys.exit(0 if [o['data'] for o in a['outputs']] == [o['data'] for o in b['outputs']] and [o['shape'] for o in a['outputs']] == [o['shape'] for o in b['outputs']] else 1)" %t.expected.json %t.native.json

// The product is a constant tensor; no MUL is left.
// IR-LABEL: func.func @main
// IR-NOT: lite.mul
// IR: lite.constant dense<25> : tensor<i32>
// A loop over an unranked state exports its result with the inferred shape
// (LiteRT would read a shapeless tensor as a scalar).
// IR: lite.while
// IR-SAME: -> (tensor<i32>, tensor<2x2xf32>, tensor<i32>)
// IR: return {{.*}} : tensor<i32>, tensor<i32>, tensor<2x2xf32>
// OUT: "data":[25]
// OUT: "data":[26]
// OUT: "data":[2,4,6,8],"dtype":"float32","name":"output2","shape":[2,2]

func.func private @square_of_five() -> tensor<i32> {
  %a = lite.constant dense<5> : tensor<i32>
  %b = lite.constant dense<5> : tensor<i32>
  %m = lite.mul %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i32>
  return %m : tensor<i32>
}

func.func @main(%x: tensor<i32>, %y: tensor<2x2xf32>) -> (tensor<i32>, tensor<i32>, tensor<*xf32>) {
  %r = func.call @square_of_five() : () -> tensor<i32>
  %s = lite.add %x, %r : (tensor<i32>, tensor<i32>) -> tensor<i32>
  %c0 = lite.constant dense<0> : tensor<i32>
  %y1 = lite.cast %y : tensor<2x2xf32> -> tensor<*xf32>
  %w:2 = lite.while (%i = %c0, %a = %y1) : (tensor<i32>, tensor<*xf32>) -> (tensor<i32>, tensor<*xf32>) cond {
    %p = lite.less %i, %x : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %one = lite.constant dense<1> : tensor<i32>
    %i1 = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %a1 = lite.add %a, %a : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
    lite.yield %i1, %a1 : tensor<i32>, tensor<*xf32>
  }
  return %r, %s, %w#1 : tensor<i32>, tensor<i32>, tensor<*xf32>
}
