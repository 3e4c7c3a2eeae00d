// A branch that yields one constant for two results gets a constant tensor
// per output, not a RESHAPE copy of the constant: LiteRT computes a RESHAPE
// of constants when it prepares the model, and its IF kernel (LiteRT 2.3)
// then points that tensor at the IF's output buffer, which the interpreter's
// destructor frees as its own ("free(): invalid pointer" as the program
// ends, after correct outputs).
// RUN: sluice-translate --mlir-to-tflite %s -o %t.tflite
// RUN: sluice-translate --tflite-to-mlir %t.tflite | FileCheck %s --check-prefix=IR
// RUN: echo '[true, [1, 2]]' > %t.true.json
// RUN: echo '[false, [1, 2]]' > %t.false.json
// RUN: sluice-run %t.tflite --inputs=%t.true.json | FileCheck %s --check-prefix=TRUE
// RUN: sluice-run %t.tflite --inputs=%t.false.json | FileCheck %s --check-prefix=FALSE
// Native LiteRT runs it and releases it without aborting.
// RUN: %venv_python %S/../../../python/sluice/engines/litert_native.py %t.tflite --inputs=%t.true.json | FileCheck %s --check-prefix=TRUE
// RUN: %venv_python %S/../../../python/sluice/engines/litert_native.py %t.tflite --inputs=%t.false.json | FileCheck %s --check-prefix=FALSE

// The import turns the branch subgraphs back into regions.
// IR: lite.if
// IR-NEXT: %[[A:.*]] = lite.constant dense<[7, 8]>
// IR-NEXT: %[[B:.*]] = lite.constant dense<[7, 8]>
// IR-NEXT: lite.yield %[[A]], %[[B]]
// TRUE: {"outputs":[{"data":[7,8],"dtype":"int32","name":"output0","shape":[2]},{"data":[7,8],"dtype":"int32","name":"output1","shape":[2]}]}
// FALSE: {"outputs":[{"data":[1,2],"dtype":"int32","name":"output0","shape":[2]},{"data":[2,4],"dtype":"int32","name":"output1","shape":[2]}]}
func.func @main(%p: tensor<i1>, %x: tensor<2xi32>) -> (tensor<2xi32>, tensor<2xi32>) {
  %r:2 = lite.if %p -> (tensor<2xi32>, tensor<2xi32>) {
    %c = lite.constant dense<[7, 8]> : tensor<2xi32>
    lite.yield %c, %c : tensor<2xi32>, tensor<2xi32>
  } else {
    %d = lite.add %x, %x : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
    lite.yield %x, %d : tensor<2xi32>, tensor<2xi32>
  }
  return %r#0, %r#1 : tensor<2xi32>, tensor<2xi32>
}
