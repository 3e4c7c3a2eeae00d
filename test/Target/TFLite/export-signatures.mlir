// The model's entries and their SignatureDefs: @main alone by default (key
// serving_default); in a module without @main, every public function (a
// SavedModel imported with several signatures), each a subgraph and a
// signature named by the function; --entry-functions chooses. Import reads
// several signatures back as functions named by their keys.

// RUN: sluice-translate %s --mlir-to-tflite -o %t.default.tflite
// RUN: sluice-translate %t.default.tflite --tflite-to-mlir | FileCheck %s --check-prefix=DEFAULT
// DEFAULT: func.func @main(%arg0: tensor<2xf32> {sluice.name = "x"}) -> (tensor<2xf32> {sluice.name = "y"})
// DEFAULT-NOT: func.func @

// RUN: sluice-translate %s --mlir-to-tflite --entry-functions=step,main -o %t.both.tflite
// RUN: sluice-translate %t.both.tflite --tflite-to-mlir | FileCheck %s --check-prefix=BOTH
// BOTH: lite.variable @v : tensor<2xf32>
// BOTH: func.func @step(%arg0: tensor<2xf32> {sluice.name = "h"}) -> (tensor<2xf32> {sluice.name = "next"})
// BOTH-NEXT: lite.call_once @init
// BOTH: func.func private @init()
// BOTH: func.func @serving_default(%arg0: tensor<2xf32> {sluice.name = "x"}) -> (tensor<2xf32> {sluice.name = "y"})
// BOTH-NEXT: lite.call_once @init
// BOTH-NOT: func.func

// Without @main: every public function, in module order.
// RUN: sed -e 's/@main/@decode/' %s | sluice-translate --mlir-to-tflite -o %t.public.tflite
// RUN: sluice-translate %t.public.tflite --tflite-to-mlir | FileCheck %s --check-prefix=PUBLIC
// PUBLIC: func.func @decode(
// PUBLIC: func.func @step(
// PUBLIC-NOT: func.func @

// Entries refused, each naming the function.
// RUN: not sluice-translate %s --mlir-to-tflite --entry-functions=main,nope -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOPE
// NOPE: error: cannot be exported: no function @nope
// RUN: not sluice-translate %s --mlir-to-tflite --entry-functions=main,main -o /dev/null 2>&1 | FileCheck %s --check-prefix=TWICE
// TWICE: error: cannot be exported: @main is listed twice as an entry
// RUN: sed -e 's/@step/@serving_default/' %s | not sluice-translate --mlir-to-tflite --entry-functions=main,serving_default -o /dev/null 2>&1 | FileCheck %s --check-prefix=KEY
// KEY: error: cannot be exported: its signature key 'serving_default' is @main's too
// RUN: not sluice-translate %s --mlir-to-tflite --entry-functions=init -o /dev/null 2>&1 | FileCheck %s --check-prefix=PRIVATE
// PRIVATE: error: cannot be exported: @init is private (an entry is a public function)

// A model whose initializer subgraph (named first, by CALL_ONCE) has the name
// of a later signature: the import names the clash.
// RUN: sluice-translate %s --mlir-to-tflite --entry-functions=main,step -o %t.clash.tflite
// RUN: %python -c "import sys; b = open(sys.argv[1], 'rb').read(); open(sys.argv[1], 'wb').write(b.replace(b'init', b'step'))" %t.clash.tflite
// RUN: not sluice-translate %t.clash.tflite --tflite-to-mlir 2>&1 | FileCheck %s --check-prefix=CLASH
// CLASH: error: subgraph 1: is signature 'step', a name the model gives another subgraph

lite.variable @v : tensor<2xf32>
func.func @main(%x: tensor<2xf32> {sluice.name = "x"}) -> (tensor<2xf32> {sluice.name = "y"}) {
  lite.call_once @init
  %v = lite.read_variable @v : tensor<2xf32>
  %y = lite.add %x, %v : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %y : tensor<2xf32>
}
func.func @step(%h: tensor<2xf32> {sluice.name = "h"}) -> (tensor<2xf32> {sluice.name = "next"}) {
  lite.call_once @init
  %v = lite.read_variable @v : tensor<2xf32>
  %n = lite.mul %h, %v : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  lite.assign_variable @v, %n : tensor<2xf32>
  return %n : tensor<2xf32>
}
func.func private @init() {
  %c = lite.constant dense<[1.0, 2.0]> : tensor<2xf32>
  lite.assign_variable @v, %c : tensor<2xf32>
  return
}
