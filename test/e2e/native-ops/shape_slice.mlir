// slice with constant begin and size (-1 to the end), of a dynamic input,
// with begin and size that are run-time values, an empty slice and a slice
// of int64 and bool tensors. in0 and in1 differ in the run-time values and
// the dynamic sizes.
func.func @main(%x: tensor<3x4xf32>, %d: tensor<?x?xi64>, %begin: tensor<2xi32>, %size: tensor<2xi64>, %flags: tensor<5xi1>) -> (tensor<2x2xf32>, tensor<?x?xi64>, tensor<?x?xf32>, tensor<0x4xf32>, tensor<2xi1>, tensor<?x?xf32>) {
  %b0 = lite.constant dense<[1, 2]> : tensor<2xi32>
  %s0 = lite.constant dense<[2, -1]> : tensor<2xi32>
  %a = lite.slice %x, %b0, %s0 : (tensor<3x4xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<2x2xf32>
  %b1 = lite.constant dense<[0, 1]> : tensor<2xi64>
  %s1 = lite.constant dense<[-1, -1]> : tensor<2xi64>
  %b = lite.slice %d, %b1, %s1 : (tensor<?x?xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xi64>
  %c = lite.slice %x, %begin, %size : (tensor<3x4xf32>, tensor<2xi32>, tensor<2xi64>) -> tensor<?x?xf32>
  %b2 = lite.constant dense<[3, 0]> : tensor<2xi32>
  %s2 = lite.constant dense<[0, 4]> : tensor<2xi32>
  %e = lite.slice %x, %b2, %s2 : (tensor<3x4xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<0x4xf32>
  %b3 = lite.constant dense<[3]> : tensor<1xi32>
  %s3 = lite.constant dense<[2]> : tensor<1xi32>
  %f = lite.slice %flags, %b3, %s3 : (tensor<5xi1>, tensor<1xi32>, tensor<1xi32>) -> tensor<2xi1>
  %g = lite.slice %c, %b1, %s1 : (tensor<?x?xf32>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xf32>
  return %a, %b, %c, %e, %f, %g : tensor<2x2xf32>, tensor<?x?xi64>, tensor<?x?xf32>, tensor<0x4xf32>, tensor<2xi1>, tensor<?x?xf32>
}
