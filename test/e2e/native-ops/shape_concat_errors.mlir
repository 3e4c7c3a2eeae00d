// Dynamic shapes that do not join, one per inputs file (in0 is fine):
// concatenation values that differ in a dimension other than the axis
// (in1: 3 vs 2 columns), pack values of different shapes (in2) and an
// unpack whose axis has a size other than the number of results (in3: 3
// rows for 2 results). The interpreter reports an error; native code
// records SLUICE_ERROR_SHAPE_MISMATCH.
func.func @main(%a: tensor<?x?xf32>, %b: tensor<?x3xf32>, %p: tensor<?xi32>, %q: tensor<?xi32>, %r: tensor<?x2xi64>) -> (tensor<?x?xf32>, tensor<2x?xi32>, tensor<2xi64>, tensor<2xi64>) {
  %c = lite.concatenation %a, %b {axis = 0 : i32} : (tensor<?x?xf32>, tensor<?x3xf32>) -> tensor<?x?xf32>
  %k = lite.pack %p, %q {axis = 0 : i32} : (tensor<?xi32>, tensor<?xi32>) -> tensor<2x?xi32>
  %u:2 = lite.unpack %r {axis = 0 : i32} : (tensor<?x2xi64>) -> (tensor<2xi64>, tensor<2xi64>)
  return %c, %k, %u#0, %u#1 : tensor<?x?xf32>, tensor<2x?xi32>, tensor<2xi64>, tensor<2xi64>
}
