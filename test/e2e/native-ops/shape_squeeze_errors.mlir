// Shapes wrong only at run time for expand_dims and squeeze, one per inputs
// file (in0 is fine): a run-time expand_dims axis out of range (in1: 3 for
// a rank 2 input), a listed squeeze dimension whose size is not 1 (in2), a
// squeeze of every size-1 dimension that would remove a dynamic one the
// result type keeps (in3). The interpreter reports an error; native code
// records SLUICE_ERROR_INVALID_ARGUMENT or SLUICE_ERROR_SHAPE_MISMATCH.
func.func @main(%x: tensor<2x3xf32>, %axis: tensor<i32>, %d: tensor<?x3xf32>, %k: tensor<2x?xf32>) -> (tensor<?x?x?xf32>, tensor<3xf32>, tensor<2x?xf32>) {
  %a = lite.expand_dims %x, %axis : (tensor<2x3xf32>, tensor<i32>) -> tensor<?x?x?xf32>
  %b = lite.squeeze %d {squeeze_dims = array<i32: 0>} : (tensor<?x3xf32>) -> tensor<3xf32>
  %c = lite.squeeze %k : (tensor<2x?xf32>) -> tensor<2x?xf32>
  return %a, %b, %c : tensor<?x?x?xf32>, tensor<3xf32>, tensor<2x?xf32>
}
