// strided_slice with run-time begin and strides that are wrong, one error
// per inputs file (in0 is fine): a zero stride (in1), a shrunk index out of
// range (in2: 4 for 4 rows; in3: -5), a shrunk axis with a negative stride
// (in4) and a shrunk index into an empty dimension (in5). The interpreter
// reports an error; native code records SLUICE_ERROR_INVALID_ARGUMENT or
// SLUICE_ERROR_INDEX_OUT_OF_RANGE.
func.func @main(%x: tensor<4x2xf32>, %v: tensor<?xf32>, %begin: tensor<1xi32>, %strides: tensor<1xi32>) -> (tensor<2xf32>, tensor<f32>) {
  %end = lite.constant dense<0> : tensor<1xi32>
  %a = lite.strided_slice %x, %begin, %end, %strides {shrink_axis_mask = 1 : i32} : (tensor<4x2xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<2xf32>
  %b = lite.strided_slice %v, %begin, %end, %strides {shrink_axis_mask = 1 : i32} : (tensor<?xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<f32>
  return %a, %b : tensor<2xf32>, tensor<f32>
}
