// expand_dims with constant axes (negative ones counting from the end of the
// result, rank 0 input) and a run-time axis; squeeze of listed dimensions
// (negative too), of every size-1 dimension, and of dynamic dimensions.
// in0 and in1 differ in the run-time axis and the dynamic sizes.
func.func @main(%x: tensor<2x3xf32>, %axis: tensor<i32>, %d: tensor<?x1x?xi32>, %s: tensor<i64>) -> (tensor<2x3x1xf32>, tensor<1x2x3xf32>, tensor<?x?x?xf32>, tensor<1xi64>, tensor<?x?xi32>, tensor<2x3xf32>, tensor<?x1x?xi32>, tensor<i64>, tensor<3xf32>) {
  %am1 = lite.constant dense<-1> : tensor<i32>
  %a = lite.expand_dims %x, %am1 : (tensor<2x3xf32>, tensor<i32>) -> tensor<2x3x1xf32>
  %a0 = lite.constant dense<[0]> : tensor<1xi64>
  %b = lite.expand_dims %x, %a0 : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<1x2x3xf32>
  %c = lite.expand_dims %x, %axis : (tensor<2x3xf32>, tensor<i32>) -> tensor<?x?x?xf32>
  %e = lite.expand_dims %s, %am1 : (tensor<i64>, tensor<i32>) -> tensor<1xi64>
  %f = lite.squeeze %d {squeeze_dims = array<i32: -2>} : (tensor<?x1x?xi32>) -> tensor<?x?xi32>
  %g = lite.squeeze %a : (tensor<2x3x1xf32>) -> tensor<2x3xf32>
  %a1 = lite.constant dense<1> : tensor<i32>
  %h = lite.expand_dims %f, %a1 : (tensor<?x?xi32>, tensor<i32>) -> tensor<?x1x?xi32>
  %i = lite.squeeze %e {squeeze_dims = array<i32: 0>} : (tensor<1xi64>) -> tensor<i64>
  %r = lite.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %r1 = lite.expand_dims %r, %a1 : (tensor<3xf32>, tensor<i32>) -> tensor<3x1xf32>
  %j = lite.squeeze %r1 : (tensor<3x1xf32>) -> tensor<3xf32>
  return %a, %b, %c, %e, %f, %g, %h, %i, %j : tensor<2x3x1xf32>, tensor<1x2x3xf32>, tensor<?x?x?xf32>, tensor<1xi64>, tensor<?x?xi32>, tensor<2x3xf32>, tensor<?x1x?xi32>, tensor<i64>, tensor<3xf32>
}
