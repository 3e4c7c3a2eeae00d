// dynamic_update_slice with operands that do not fit, one error per inputs
// file (in0 is fine): an update larger than the operand (in1: 4 rows for
// 3) and start_indices with an entry per dimension too many (in2). The
// interpreter reports an error; native code records
// SLUICE_ERROR_SHAPE_MISMATCH or SLUICE_ERROR_INVALID_ARGUMENT.
func.func @main(%x: tensor<3x4xf32>, %u: tensor<?x?xf32>, %i: tensor<?xi32>) -> tensor<3x4xf32> {
  %a = lite.dynamic_update_slice %x, %u, %i : (tensor<3x4xf32>, tensor<?x?xf32>, tensor<?xi32>) -> tensor<3x4xf32>
  return %a : tensor<3x4xf32>
}
