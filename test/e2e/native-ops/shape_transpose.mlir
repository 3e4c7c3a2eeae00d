// transpose with constant permutations (2-D, 3-D, identity, of a dynamic
// input, of ui8 and bool) and with a permutation that is a run-time value.
// in0 and in1 differ in the run-time permutation and the dynamic sizes.
func.func @main(%x: tensor<2x3xf32>, %y: tensor<2x3x2xi32>, %d: tensor<?x?xi64>, %perm: tensor<3xi32>, %u: tensor<1x3xui8>, %b: tensor<2x1xi1>) -> (tensor<3x2xf32>, tensor<2x2x3xi32>, tensor<2x3xf32>, tensor<?x?xi64>, tensor<?x?x?xi32>, tensor<3x1xui8>, tensor<1x2xi1>) {
  %p0 = lite.constant dense<[1, 0]> : tensor<2xi32>
  %a = lite.transpose %x, %p0 : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<3x2xf32>
  %p1 = lite.constant dense<[2, 0, 1]> : tensor<3xi64>
  %c = lite.transpose %y, %p1 : (tensor<2x3x2xi32>, tensor<3xi64>) -> tensor<2x2x3xi32>
  %p2 = lite.constant dense<[0, 1]> : tensor<2xi32>
  %e = lite.transpose %x, %p2 : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  %f = lite.transpose %d, %p0 : (tensor<?x?xi64>, tensor<2xi32>) -> tensor<?x?xi64>
  %g = lite.transpose %y, %perm : (tensor<2x3x2xi32>, tensor<3xi32>) -> tensor<?x?x?xi32>
  %h = lite.transpose %u, %p0 : (tensor<1x3xui8>, tensor<2xi32>) -> tensor<3x1xui8>
  %i = lite.transpose %b, %p0 : (tensor<2x1xi1>, tensor<2xi32>) -> tensor<1x2xi1>
  return %a, %c, %e, %f, %g, %h, %i : tensor<3x2xf32>, tensor<2x2x3xi32>, tensor<2x3xf32>, tensor<?x?xi64>, tensor<?x?x?xi32>, tensor<3x1xui8>, tensor<1x2xi1>
}
