// reshape with a run-time shape, wrong only at run time, one error per
// inputs file (in0 is fine): an element count that -1 cannot divide (in1:
// 6 elements into [4, -1]), two -1 entries (in2), a negative entry (in3), a
// -1 next to a 0 (in4), a shape the declared result type tensor<2x?xf32>
// does not fit (in5: [3, 2]) and a count mismatch without -1 (in6). The
// interpreter reports an error; native code records
// SLUICE_ERROR_SHAPE_MISMATCH or SLUICE_ERROR_INVALID_ARGUMENT.
func.func @main(%x: tensor<?xf32>, %shape: tensor<2xi32>) -> (tensor<?x?xf32>, tensor<2x?xf32>) {
  %a = lite.reshape %x, %shape : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  %b = lite.reshape %x, %shape : (tensor<?xf32>, tensor<2xi32>) -> tensor<2x?xf32>
  return %a, %b : tensor<?x?xf32>, tensor<2x?xf32>
}
