// fill and range with run-time operands the interpreter rejects, one per
// inputs file (in0 is fine): a negative fill dimension (in1), a fill of more
// than 2^31 - 1 elements (in2), a range with delta 0 (in3), a range whose
// delta leads away from the limit (in4: 0 to 10 by -1), a float range with a
// NaN operand (in5) and a range of more than 2^31 - 1 elements (in6). The
// interpreter reports an error; native code records
// SLUICE_ERROR_INVALID_ARGUMENT.
func.func @main(%dims: tensor<2xi64>, %start: tensor<i64>, %limit: tensor<i64>, %delta: tensor<i64>, %fdelta: tensor<f32>) -> (tensor<?x?xi8>, tensor<?xi64>, tensor<?xf32>) {
  %v = lite.constant dense<7> : tensor<i8>
  %a = lite.fill %dims, %v : (tensor<2xi64>, tensor<i8>) -> tensor<?x?xi8>
  %b = lite.range %start, %limit, %delta : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<?xi64>
  %fs = lite.constant dense<0.0> : tensor<f32>
  %fl = lite.constant dense<1.0> : tensor<f32>
  %c = lite.range %fs, %fl, %fdelta : (tensor<f32>, tensor<f32>, tensor<f32>) -> tensor<?xf32>
  return %a, %b, %c : tensor<?x?xi8>, tensor<?xi64>, tensor<?xf32>
}
