// logical_and / logical_or against a broadcast column, logical_not, and
// select_v2 with its three operands broadcast against each other (a column
// of conditions, a row of x, a scalar y) for float32, int32, uint8 and
// bool values.
// RUN: sluice-run %s --inputs=%S/elementwise_logical_select.in0.json | FileCheck %s --check-prefix=IN0
// IN0: {"outputs":[{"data":[true,false,true,false,false,false],"dtype":"bool","name":"output0","shape":[2,3]},{"data":[true,true,true,true,false,true],"dtype":"bool","name":"output1","shape":[2,3]},{"data":[false,true,false],"dtype":"bool","name":"output2","shape":[3]},{"data":[1.5,-2.5,3.5,-1,-1,-1],"dtype":"float32","name":"output3","shape":[2,3]},{"data":[1,-8,3,4,-8,6],"dtype":"int32","name":"output4","shape":[2,3]},{"data":[255,200,255,10,200,30],"dtype":"uint8","name":"output5","shape":[2,3]},{"data":[true,false,true,false,true,false],"dtype":"bool","name":"output6","shape":[2,3]}]}
func.func @main(%p: tensor<2x1xi1>, %q: tensor<3xi1>, %x: tensor<3xf32>, %y: tensor<f32>, %i: tensor<2x3xi32>, %k: tensor<3xi32>, %u: tensor<3xui8>, %w: tensor<ui8>) -> (tensor<2x3xi1>, tensor<2x3xi1>, tensor<3xi1>, tensor<2x3xf32>, tensor<2x3xi32>, tensor<2x3xui8>, tensor<2x3xi1>) {
  %and = lite.logical_and %p, %q : (tensor<2x1xi1>, tensor<3xi1>) -> tensor<2x3xi1>
  %or = lite.logical_or %q, %p : (tensor<3xi1>, tensor<2x1xi1>) -> tensor<2x3xi1>
  %not = lite.logical_not %q : tensor<3xi1>
  %sf = lite.select_v2 %p, %x, %y : (tensor<2x1xi1>, tensor<3xf32>, tensor<f32>) -> tensor<2x3xf32>
  %si = lite.select_v2 %q, %i, %k : (tensor<3xi1>, tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  %su = lite.select_v2 %and, %w, %u : (tensor<2x3xi1>, tensor<ui8>, tensor<3xui8>) -> tensor<2x3xui8>
  %sb = lite.select_v2 %p, %q, %not : (tensor<2x1xi1>, tensor<3xi1>, tensor<3xi1>) -> tensor<2x3xi1>
  return %and, %or, %not, %sf, %si, %su, %sb : tensor<2x3xi1>, tensor<2x3xi1>, tensor<3xi1>, tensor<2x3xf32>, tensor<2x3xi32>, tensor<2x3xui8>, tensor<2x3xi1>
}
