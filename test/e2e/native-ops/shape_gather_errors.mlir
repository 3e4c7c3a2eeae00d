// gather with indices out of range at run time, one error per inputs file
// (in0 is fine): an index past the end (in1: 4 for 4 rows), a negative
// index (in2), an index into an empty axis (in3: params of shape [2, 0]),
// and a batch dimension of the indices that differs from params' (in4).
// in5 gathers from an empty outer dimension, where any index is accepted.
// The interpreter reports an error; native code records
// SLUICE_ERROR_INDEX_OUT_OF_RANGE or SLUICE_ERROR_SHAPE_MISMATCH.
func.func @main(%p: tensor<?x?xf32>, %i: tensor<?xi64>, %b: tensor<?x?xi32>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %a = lite.gather %p, %i {axis = 1 : i32} : (tensor<?x?xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  %c = lite.gather %p, %b {axis = 1 : i32, batch_dims = 1 : i32} : (tensor<?x?xf32>, tensor<?x?xi32>) -> tensor<?x?xf32>
  return %a, %c : tensor<?x?xf32>, tensor<?x?xf32>
}
