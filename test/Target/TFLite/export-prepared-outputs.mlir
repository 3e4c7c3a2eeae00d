// LiteRT computes some tensors when it prepares the model: a SHAPE, and a
// MUL, RESHAPE, GATHER, TILE, ... of such tensors and constants, as
// read-only tensors that running the model does not write again. Such a
// tensor cannot be a subgraph's output: LiteRT's IF points its branch's
// outputs at its own output buffers before running the branch, so an IF
// returning one is never written (LiteRT.js read garbage, native LiteRT
// zeros, and for the SHAPE, a freed buffer and "double free or corruption"
// as the interpreter is destroyed); LiteRT.js reads an entry output that is
// one as memory never written (the SHAPE as 0). Export replaces each by the
// constant, at any size (-lite-fold-constants stops at 4096 elements), and
// gives a constant the entry returns twice a constant tensor per output
// (a RESHAPE copy of it read as zeros in LiteRT.js).
// RUN: sluice-translate --mlir-to-tflite %s -o %t.tflite
// RUN: sluice-translate --tflite-to-mlir %t.tflite | FileCheck %s --check-prefix=IR
// RUN: echo '[true, [1, 2, 3]]' > %t.true.json
// RUN: echo '[false, [1, 2, 3]]' > %t.false.json
// RUN: sluice-run %s --inputs=%t.true.json > %t.true.expected.json
// RUN: sluice-run %s --inputs=%t.false.json > %t.false.expected.json
// RUN: FileCheck %s --check-prefix=TRUE < %t.true.expected.json
// RUN: FileCheck %s --check-prefix=FALSE < %t.false.expected.json
// RUN: %litert %t.tflite --inputs=%t.true.json > %t.true.litertjs.json
// RUN: %litert %t.tflite --inputs=%t.false.json > %t.false.litertjs.json
// RUN: diff %t.true.expected.json %t.true.litertjs.json
// RUN: diff %t.false.expected.json %t.false.litertjs.json
// RUN: %venv_python %S/../../../python/sluice/engines/litert_native.py %t.tflite --inputs=%t.true.json > %t.true.native.json
// RUN: %venv_python %S/../../../python/sluice/engines/litert_native.py %t.tflite --inputs=%t.false.json > %t.false.native.json
// RUN: %python -c "import json,sys; a=json.load(open(sys.argv[1])); b=json.load(open(sys.argv[2])); sys.exit(0 if a == b else 1)" %t.true.expected.json %t.true.native.json
// RUN: %python -c "import json,sys; a=json.load(open(sys.argv[1])); b=json.load(open(sys.argv[2])); sys.exit(0 if a == b else 1)" %t.false.expected.json %t.false.native.json

// IR-LABEL: func.func @main
// IR-NOT:   lite.mul
// IR-NOT:   lite.shape
// IR:       lite.if %arg0
// IR-NEXT:    lite.constant dense<15> : tensor<4100xi32>
// IR-NEXT:    lite.constant dense<3> : tensor<1xi32>
// IR-NEXT:    lite.yield
// IR:       lite.constant dense<[7, 8]> : tensor<2xi32>
// IR-NEXT:  lite.constant dense<6> : tensor<4100xi32>
// IR-NEXT:  lite.constant dense<3> : tensor<1xi32>
// IR-NEXT:  lite.constant dense<[7, 8]> : tensor<2xi32>
// IR-NEXT:  return
// TRUE:  {"outputs":[{"data":[15,15,{{(15,)+}}15],"dtype":"int32","name":"output0","shape":[4100]},{"data":[3],"dtype":"int32","name":"output1","shape":[1]},{"data":[6,6,{{(6,)+}}6],"dtype":"int32","name":"output2","shape":[4100]},{"data":[3],"dtype":"int32","name":"output3","shape":[1]},{"data":[7,8],"dtype":"int32","name":"output4","shape":[2]},{"data":[7,8],"dtype":"int32","name":"output5","shape":[2]}]}
// FALSE: {"outputs":[{"data":[7,7,{{(7,)+}}7],"dtype":"int32","name":"output0","shape":[4100]},{"data":[1],"dtype":"int32","name":"output1","shape":[1]},{"data":[6,6,{{(6,)+}}6],"dtype":"int32","name":"output2","shape":[4100]},{"data":[3],"dtype":"int32","name":"output3","shape":[1]},{"data":[7,8],"dtype":"int32","name":"output4","shape":[2]},{"data":[7,8],"dtype":"int32","name":"output5","shape":[2]}]}

func.func @main(%p: tensor<i1>, %x: tensor<3xf32>)
    -> (tensor<4100xi32>, tensor<1xi32>, tensor<4100xi32>, tensor<1xi32>,
        tensor<2xi32>, tensor<2xi32>) {
  %r:2 = lite.if %p -> (tensor<4100xi32>, tensor<1xi32>) {
    %a = lite.constant dense<5> : tensor<4100xi32>
    %b = lite.constant dense<3> : tensor<4100xi32>
    %m = lite.mul %a, %b : (tensor<4100xi32>, tensor<4100xi32>) -> tensor<4100xi32>
    %s = lite.shape %x : (tensor<3xf32>) -> tensor<1xi32>
    lite.yield %m, %s : tensor<4100xi32>, tensor<1xi32>
  } else {
    %z = lite.constant dense<7> : tensor<4100xi32>
    %k = lite.constant dense<1> : tensor<1xi32>
    lite.yield %z, %k : tensor<4100xi32>, tensor<1xi32>
  }
  %c = lite.constant dense<2> : tensor<4100xi32>
  %d = lite.constant dense<3> : tensor<4100xi32>
  %e = lite.mul %c, %d : (tensor<4100xi32>, tensor<4100xi32>) -> tensor<4100xi32>
  %s = lite.shape %x : (tensor<3xf32>) -> tensor<1xi32>
  %k = lite.constant dense<[7, 8]> : tensor<2xi32>
  return %r#0, %r#1, %e, %s, %k, %k : tensor<4100xi32>, tensor<1xi32>,
      tensor<4100xi32>, tensor<1xi32>, tensor<2xi32>, tensor<2xi32>
}
