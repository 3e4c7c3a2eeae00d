// gather along axis 0, 1 and -1 with int32 and int64 indices of rank 0, 1
// and 2, with batch_dims (1 and -1), of float, int8 and bool params, with
// constant indices, on dynamic params and indices. in0 and in1 differ in
// the indices and the dynamic sizes.
func.func @main(%p: tensor<4x3xf32>, %i: tensor<2xi32>, %j: tensor<2x2xi64>, %q: tensor<?x?xi8>, %k: tensor<?xi32>, %b: tensor<2x3xi1>, %s: tensor<i32>) -> (tensor<2x3xf32>, tensor<4x2x2xf32>, tensor<?x?xi8>, tensor<2x2xi1>, tensor<3xf32>, tensor<2x2xf32>, tensor<4xf32>) {
  %a = lite.gather %p, %i {axis = 0 : i32} : (tensor<4x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  %c = lite.gather %p, %j {axis = 1 : i32} : (tensor<4x3xf32>, tensor<2x2xi64>) -> tensor<4x2x2xf32>
  %d = lite.gather %q, %k {axis = -1 : i32} : (tensor<?x?xi8>, tensor<?xi32>) -> tensor<?x?xi8>
  %bi = lite.constant dense<[[2, 0], [1, 1]]> : tensor<2x2xi32>
  %e = lite.gather %b, %bi {axis = 1 : i32, batch_dims = 1 : i32} : (tensor<2x3xi1>, tensor<2x2xi32>) -> tensor<2x2xi1>
  %f = lite.gather %p, %s {axis = 0 : i32} : (tensor<4x3xf32>, tensor<i32>) -> tensor<3xf32>
  %pi = lite.constant dense<[[0, 2], [1, 0]]> : tensor<2x2xi64>
  %p2 = lite.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %g = lite.gather %p2, %pi {axis = 1 : i32, batch_dims = -1 : i32} : (tensor<2x3xf32>, tensor<2x2xi64>) -> tensor<2x2xf32>
  %one = lite.constant dense<1> : tensor<i64>
  %h = lite.gather %p, %one {axis = 1 : i32} : (tensor<4x3xf32>, tensor<i64>) -> tensor<4xf32>
  return %a, %c, %d, %e, %f, %g, %h : tensor<2x3xf32>, tensor<4x2x2xf32>, tensor<?x?xi8>, tensor<2x2xi1>, tensor<3xf32>, tensor<2x2xf32>, tensor<4xf32>
}
