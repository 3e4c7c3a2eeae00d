// A module without a single lite op still exports: the exporter loads the
// lite dialect itself for the copy it writes (a model output that is an
// input gets a tensor of its own), and the model runs.
// RUN: sluice-translate --mlir-to-tflite %s -o %t.tflite
// RUN: echo '[2.5]' > %t.json
// RUN: sluice-run %t.tflite --inputs=%t.json | FileCheck %s
// RUN: sluice-translate --tflite-to-mlir %t.tflite | FileCheck %s --check-prefix=IR
// CHECK: {"outputs":[{"data":[2.5],"dtype":"float32","name":"output0","shape":[]}]}
// IR: %[[C:.*]] = lite.reshape %arg0, %{{.*}} : (tensor<f32>, tensor<0xi32>) -> tensor<f32>
// IR: return %[[C]]
func.func @main(%a: tensor<f32>) -> tensor<f32> {
  return %a : tensor<f32>
}
