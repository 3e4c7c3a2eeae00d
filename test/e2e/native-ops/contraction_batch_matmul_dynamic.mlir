// batch_matmul with shapes known at run time: batch dimensions that may be
// equal (in0) or 1 on either side (in1, in2), which broadcasts; matrices
// of unknown sizes with adj_y; an int32 batch against a shared matrix.
// RUN: sluice-run %s --inputs=%S/contraction_batch_matmul_dynamic.in0.json | FileCheck %s --check-prefix=IN0
// RUN: sluice-run %s --engine=native --inputs=%S/contraction_batch_matmul_dynamic.in0.json | FileCheck %s --check-prefix=IN0
// IN0: {"outputs":[{"data":[1.875,-2.75,1.625,0.875,2.1875,-2.8125,1.875,2.375,1.75,-2.8125,1.625,2.5625],"dtype":"float32","name":"output0","shape":[2,3,2]},{"data":[2,1.75,-0.9375,-1.1875,2.125,2.625,-0.9375,-2.0625],"dtype":"float32","name":"output1","shape":[2,4]},{"data":[-5,7,-14,-2,-14,7],"dtype":"int32","name":"output2","shape":[1,2,3]}]}
// RUN: sluice-run %s --inputs=%S/contraction_batch_matmul_dynamic.in1.json | FileCheck %s --check-prefix=IN1
// RUN: sluice-run %s --engine=native --inputs=%S/contraction_batch_matmul_dynamic.in1.json | FileCheck %s --check-prefix=IN1
// IN1: {"outputs":[{"data":[1.875,-2.75,1.625,0.875,2.1875,-2.8125,-2.9375,2.4375,2.5,-2.875,-2.625,2.375],"dtype":"float32","name":"output0","shape":[2,3,2]},{"data":[3.875,-1.3125],"dtype":"float32","name":"output1","shape":[1,2]},{"data":[-11,-17,10,4,-13,14],"dtype":"int32","name":"output2","shape":[3,2,1]}]}
// RUN: sluice-run %s --inputs=%S/contraction_batch_matmul_dynamic.in2.json | FileCheck %s --check-prefix=IN2
// RUN: sluice-run %s --engine=native --inputs=%S/contraction_batch_matmul_dynamic.in2.json | FileCheck %s --check-prefix=IN2
// IN2: {"outputs":[{"data":[1.875,-2.75,1.625,0.875,2.1875,-2.8125,2.25,-3.1875,-2.75,1.375,2,-3,1.8125,-0.375,-2.25,-0.5625,1.8125,-0.75],"dtype":"float32","name":"output0","shape":[3,3,2]},{"data":[0.75,-1.25,0],"dtype":"float32","name":"output1","shape":[3,1]},{"data":[3,15,18,6,-11,-3,4,-12],"dtype":"int32","name":"output2","shape":[2,2,2]}]}
func.func @main(%x: tensor<?x3x4xf32>, %y: tensor<?x4x2xf32>, %p: tensor<?x?xf32>, %q: tensor<?x?xf32>, %i: tensor<?x2x2xi32>, %j: tensor<2x?xi32>) -> (tensor<?x3x2xf32>, tensor<?x?xf32>, tensor<?x2x?xi32>) {
  %a = lite.batch_matmul %x, %y : (tensor<?x3x4xf32>, tensor<?x4x2xf32>) -> tensor<?x3x2xf32>
  %b = lite.batch_matmul %p, %q {adj_y = true} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %c = lite.batch_matmul %i, %j : (tensor<?x2x2xi32>, tensor<2x?xi32>) -> tensor<?x2x?xi32>
  return %a, %b, %c : tensor<?x3x2xf32>, tensor<?x?xf32>, tensor<?x2x?xi32>
}
