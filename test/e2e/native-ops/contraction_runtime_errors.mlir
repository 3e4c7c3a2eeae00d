// Shapes and axes that are wrong only at run time, one per inputs file
// (in0 is fine): a fully_connected input that does not flatten into rows
// of the depth (in1: 10 elements, depth 4), batch dimensions that do not
// broadcast (in2: 2 vs 3), contraction dimensions that differ (in3: 4 vs
// 5), a reduction axis out of range (in4: 2 for rank 2) and run-time axes
// that reduce fewer dimensions than the result type has room for (in5:
// duplicates). The interpreter reports an error; native code records
// SLUICE_ERROR_SHAPE_MISMATCH or SLUICE_ERROR_INVALID_ARGUMENT.
// RUN: sluice-run %s --inputs=%S/contraction_runtime_errors.in0.json | FileCheck %s --check-prefix=IN0
// RUN: sluice-run %s --engine=native --inputs=%S/contraction_runtime_errors.in0.json | FileCheck %s --check-prefix=IN0
// IN0: {"outputs":[{"data":[-2.25,2.75,-2.875,0,-0.375,2.34375,-1.8125,3,-2.59375],"dtype":"float32","name":"output0","shape":[3,3]},{"data":[2.3125,-0.125,-0.9375,0.75,-1.875,2.8125,2.4375,-0.375,-0.75,-2.375,1.125,2.1875],"dtype":"float32","name":"output1","shape":[2,2,3]},{"data":[-0.25],"dtype":"float32","name":"output2","shape":[]}]}
// RUN: not sluice-run %s --inputs=%S/contraction_runtime_errors.in1.json 2>&1 | FileCheck %s --check-prefix=ERR1
// RUN: not sluice-run %s --engine=native --inputs=%S/contraction_runtime_errors.in1.json 2>&1 | FileCheck %s --check-prefix=NATIVE1
// ERR1: error: fully_connected input float32[2, 5] cannot be flattened into rows of depth 4 (filter float32[3, 4])
// NATIVE1: returned SLUICE_ERROR_SHAPE_MISMATCH (2)
// RUN: not sluice-run %s --inputs=%S/contraction_runtime_errors.in2.json 2>&1 | FileCheck %s --check-prefix=ERR2
// RUN: not sluice-run %s --engine=native --inputs=%S/contraction_runtime_errors.in2.json 2>&1 | FileCheck %s --check-prefix=NATIVE2
// ERR2: error: batch_matmul batch dimensions of float32[2, 2, 4] and float32[3, 4, 3] do not broadcast
// NATIVE2: returned SLUICE_ERROR_SHAPE_MISMATCH (2)
// RUN: not sluice-run %s --inputs=%S/contraction_runtime_errors.in3.json 2>&1 | FileCheck %s --check-prefix=ERR3
// RUN: not sluice-run %s --engine=native --inputs=%S/contraction_runtime_errors.in3.json 2>&1 | FileCheck %s --check-prefix=NATIVE3
// ERR3: error: batch_matmul contraction dimensions differ: 4 in x float32[2, 2, 4] vs 5 in y float32[2, 5, 3]
// NATIVE3: returned SLUICE_ERROR_SHAPE_MISMATCH (2)
// RUN: not sluice-run %s --inputs=%S/contraction_runtime_errors.in4.json 2>&1 | FileCheck %s --check-prefix=ERR4
// RUN: not sluice-run %s --engine=native --inputs=%S/contraction_runtime_errors.in4.json 2>&1 | FileCheck %s --check-prefix=NATIVE4
// ERR4: error: axis 2 is out of range for float32[2, 3] (expected in [-2, 2))
// NATIVE4: returned SLUICE_ERROR_INVALID_ARGUMENT (4)
// RUN: not sluice-run %s --inputs=%S/contraction_runtime_errors.in5.json 2>&1 | FileCheck %s --check-prefix=ERR5
// RUN: not sluice-run %s --engine=native --inputs=%S/contraction_runtime_errors.in5.json 2>&1 | FileCheck %s --check-prefix=NATIVE5
// ERR5: error: result #0 has shape [2] at run time, which does not fit its declared type 'tensor<f32>'
// NATIVE5: returned SLUICE_ERROR_SHAPE_MISMATCH (2)
func.func @main(%f: tensor<?x?xf32>, %x: tensor<?x2x?xf32>, %y: tensor<?x?x3xf32>, %r: tensor<2x3xf32>, %axes: tensor<?xi32>) -> (tensor<?x3xf32>, tensor<?x2x3xf32>, tensor<f32>) {
  %w = lite.constant dense<[[0.5, -1.0, 0.25, 2.0], [-0.75, 0.5, 1.5, -0.25], [1.0, 1.0, -1.0, 0.125]]> : tensor<3x4xf32>
  %fc = lite.fully_connected %f, %w : (tensor<?x?xf32>, tensor<3x4xf32>) -> tensor<?x3xf32>
  %mm = lite.batch_matmul %x, %y : (tensor<?x2x?xf32>, tensor<?x?x3xf32>) -> tensor<?x2x3xf32>
  %s = lite.sum %r, %axes : (tensor<2x3xf32>, tensor<?xi32>) -> tensor<f32>
  return %fc, %mm, %s : tensor<?x3xf32>, tensor<?x2x3xf32>, tensor<f32>
}
