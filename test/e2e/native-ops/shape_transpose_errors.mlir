// transpose with a run-time permutation that is not one, one per inputs
// file (in0 is fine): a repeated dimension (in1) and a dimension out of
// range (in2: 2 for rank 2; in3: -1). The interpreter reports an error;
// native code records SLUICE_ERROR_INVALID_ARGUMENT.
func.func @main(%x: tensor<2x3xf32>, %perm: tensor<2xi64>) -> tensor<?x?xf32> {
  %a = lite.transpose %x, %perm : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %a : tensor<?x?xf32>
}
