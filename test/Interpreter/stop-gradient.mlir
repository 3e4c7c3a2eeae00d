// stop_gradient and prevent_gradient (TF's StopGradient, PreventGradient)
// pass their operand on in every engine; reverse mode stops at the first
// (d/dx of x * stop_gradient(x) is stop_gradient(x), TF's answer) and
// refuses the second, as TF's gradient raises.
// RUN: sed 's/@stop/@main/' %s | sluicec - --grad=0 --emit=mlir -o %t.stop.mlir
// RUN: echo '[[1, 2, -3], [1, 1, 1]]' > %t.stop.json
// RUN: sluice-run %t.stop.mlir --function=main_grad --inputs=%t.stop.json | FileCheck %s --check-prefix=STOP
// RUN: sluice-run %t.stop.mlir --function=main_grad --inputs=%t.stop.json --engine=native | FileCheck %s --check-prefix=STOP
// STOP: "data":[1,4,9]
// STOP-SAME: "data":[1,2,-3]
// RUN: sed 's/@stop/@main/' %s | sluicec - --emit=tflite -o %t.tflite
// RUN: echo '[[1, 2, -3]]' > %t.forward.json
// RUN: sluice-run %t.tflite --inputs=%t.forward.json | FileCheck %s --check-prefix=FORWARD
// RUN: sluice-translate --tflite-to-mlir %t.tflite | FileCheck %s --check-prefix=TFLITE
// FORWARD: "data":[1,4,9]
// TFLITE-NOT: gradient
// TFLITE: lite.mul %arg0, %arg0
// RUN: sed 's/@prevent/@main/' %s | not sluicec - --grad=0 --emit=mlir 2>&1 | FileCheck %s --check-prefix=PREVENT
// PREVENT: error: the results depend on a value whose gradient is explicitly disabled (TF's PreventGradient)
// Nothing before a stop_gradient is differentiated, not even an op that
// has no gradient (prevent_gradient here), as in TF.
// RUN: sed 's/@stopped_prevent/@main/' %s | sluicec - --grad=0 --emit=mlir -o %t.stopped.mlir
// RUN: sluice-run %t.stopped.mlir --function=main_grad --inputs=%t.stop.json | FileCheck %s --check-prefix=STOPPED
// STOPPED: "data":[1,4,9]
// STOPPED-SAME: "data":[1,2,-3]
// RUN: echo '[[true, false]]' > %t.bool.json
// RUN: sed 's/@flags/@main/' %s | sluice-run - --inputs=%t.bool.json | FileCheck %s --check-prefix=FLAGS
// RUN: sed 's/@flags/@main/' %s | sluice-run - --inputs=%t.bool.json --engine=native | FileCheck %s --check-prefix=FLAGS
// FLAGS: "data":[true,false]

func.func @stop(%x: tensor<3xf32>) -> tensor<3xf32> {
  %s = lite.stop_gradient %x : tensor<3xf32>
  %y = lite.mul %x, %s : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %y : tensor<3xf32>
}

func.func @prevent(%x: tensor<3xf32>) -> tensor<3xf32> {
  %s = lite.prevent_gradient %x : tensor<3xf32>
  %y = lite.mul %x, %s : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %y : tensor<3xf32>
}

func.func @stopped_prevent(%x: tensor<3xf32>) -> tensor<3xf32> {
  %p = lite.prevent_gradient %x : tensor<3xf32>
  %s = lite.stop_gradient %p : tensor<3xf32>
  %y = lite.mul %x, %s : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %y : tensor<3xf32>
}

func.func @flags(%x: tensor<2xi1>) -> tensor<2xi1> {
  %s = lite.stop_gradient %x : tensor<2xi1>
  %p = lite.prevent_gradient %s : tensor<2xi1>
  return %p : tensor<2xi1>
}
