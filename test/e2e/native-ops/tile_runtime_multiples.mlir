// tile with multiples known only at run time, and a negative multiple
// (INVALID_ARGUMENT natively, the kernel's error in the interpreter).
// RUN: sluice-run %s --inputs=%S/tile_runtime_multiples.in0.json | FileCheck %s --check-prefix=IN0
// RUN: sluice-run %s --engine=native --inputs=%S/tile_runtime_multiples.in0.json | FileCheck %s --check-prefix=IN0
// IN0: {"outputs":[{"data":[1,2,3,1,2,3,4,5,6,4,5,6,1,2,3,1,2,3,4,5,6,4,5,6],"dtype":"float32","name":"output0","shape":[4,6]}]}
// RUN: not sluice-run %s --inputs=%S/tile_runtime_multiples.in1.json 2>&1 | FileCheck %s --check-prefix=IN1
// RUN: not sluice-run %s --engine=native --inputs=%S/tile_runtime_multiples.in1.json 2>&1 | FileCheck %s --check-prefix=IN1-NATIVE
// IN1: error: tile multiples [1, -2] has a negative entry -2
// IN1-NATIVE: SLUICE_ERROR_INVALID_ARGUMENT (4)
func.func @main(%x: tensor<2x3xf32>, %m: tensor<2xi32>) -> tensor<?x?xf32> {
  %r = lite.tile %x, %m : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
