// slice with run-time begin and size that do not fit the input, one error
// per inputs file (in0 is fine): a begin past the end (in1: 5 for 4
// columns), a negative begin (in2), a negative size other than -1 (in3), a
// size that runs past the end (in4: 3 from 2 of 4) and a slice the declared
// result type tensor<2x?xf32> does not fit (in5: 1 row). The interpreter
// reports an error; native code records SLUICE_ERROR_INDEX_OUT_OF_RANGE,
// SLUICE_ERROR_INVALID_ARGUMENT or SLUICE_ERROR_SHAPE_MISMATCH.
func.func @main(%x: tensor<3x4xf32>, %begin: tensor<2xi32>, %size: tensor<2xi32>) -> tensor<2x?xf32> {
  %a = lite.slice %x, %begin, %size : (tensor<3x4xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<2x?xf32>
  return %a : tensor<2x?xf32>
}
