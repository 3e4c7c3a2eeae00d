// reshape with constant shapes (an inferred -1, to and from rank 0), with a
// dynamic input and a constant shape, and with shapes that are run-time
// values (the -1 anywhere). in0 and in1 differ in the dynamic row count.
func.func @main(%x: tensor<2x3xf32>, %rows: tensor<?x4xi32>, %shape: tensor<3xi32>, %one: tensor<1x1xi8>, %u: tensor<6xui8>) -> (tensor<3x2xf32>, tensor<6xf32>, tensor<?x2xi32>, tensor<?x?x?xi32>, tensor<i8>, tensor<1x1x1xi8>, tensor<2x3xui8>, tensor<?x?x?xf32>) {
  %s0 = lite.constant dense<[3, -1]> : tensor<2xi32>
  %a = lite.reshape %x, %s0 : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<3x2xf32>
  %s1 = lite.constant dense<[-1]> : tensor<1xi32>
  %b = lite.reshape %a, %s1 : (tensor<3x2xf32>, tensor<1xi32>) -> tensor<6xf32>
  %s2 = lite.constant dense<[-1, 2]> : tensor<2xi32>
  %c = lite.reshape %rows, %s2 : (tensor<?x4xi32>, tensor<2xi32>) -> tensor<?x2xi32>
  %d = lite.reshape %rows, %shape : (tensor<?x4xi32>, tensor<3xi32>) -> tensor<?x?x?xi32>
  %s3 = lite.constant dense<> : tensor<0xi32>
  %e = lite.reshape %one, %s3 : (tensor<1x1xi8>, tensor<0xi32>) -> tensor<i8>
  %s4 = lite.constant dense<[1, 1, 1]> : tensor<3xi32>
  %f = lite.reshape %e, %s4 : (tensor<i8>, tensor<3xi32>) -> tensor<1x1x1xi8>
  %s5 = lite.constant dense<[2, 3]> : tensor<2xi32>
  %g = lite.reshape %u, %s5 : (tensor<6xui8>, tensor<2xi32>) -> tensor<2x3xui8>
  %h = lite.reshape %x, %shape : (tensor<2x3xf32>, tensor<3xi32>) -> tensor<?x?x?xf32>
  return %a, %b, %c, %d, %e, %f, %g, %h : tensor<3x2xf32>, tensor<6xf32>, tensor<?x2xi32>, tensor<?x?x?xi32>, tensor<i8>, tensor<1x1x1xi8>, tensor<2x3xui8>, tensor<?x?x?xf32>
}
