// strided_slice with constant operands: positive strides (an extract_slice),
// negative strides with and without begin/end masks (a reversing gather),
// shrunk axes (a negative index too), an ellipsis with a new axis, an
// ellipsis covering no dimension, a leading new axis, offset = true and
// out-of-range begin/end that clamp; then with begin, end and strides that
// are run-time values, on a dynamic int input. in0 and in1 differ in the
// run-time values and the dynamic sizes.
func.func @main(%x: tensor<4x5xf32>, %v: tensor<?xi32>, %begin: tensor<1xi32>, %end: tensor<1xi32>, %strides: tensor<1xi32>, %m: tensor<?x?xi64>, %begin2: tensor<2xi64>) -> (tensor<2x3xf32>, tensor<?xi32>, tensor<5xf32>, tensor<4x1x2xf32>, tensor<4x3xf32>, tensor<2x5xf32>, tensor<?xi32>, tensor<5xf32>, tensor<1x5xf32>, tensor<4x5xf32>, tensor<f32>, tensor<?x?xi64>, tensor<?xi64>) {
  %b0 = lite.constant dense<[1, 0]> : tensor<2xi32>
  %e0 = lite.constant dense<[3, 5]> : tensor<2xi32>
  %s0 = lite.constant dense<[1, 2]> : tensor<2xi32>
  %a = lite.strided_slice %x, %b0, %e0, %s0 : (tensor<4x5xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<2x3xf32>
  %bm1 = lite.constant dense<-1> : tensor<1xi32>
  %z1 = lite.constant dense<0> : tensor<1xi32>
  %one1 = lite.constant dense<1> : tensor<1xi32>
  %b = lite.strided_slice %v, %bm1, %z1, %bm1 {end_mask = 1 : i32} : (tensor<?xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xi32>
  %c = lite.strided_slice %x, %one1, %z1, %one1 {shrink_axis_mask = 1 : i32} : (tensor<4x5xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<5xf32>
  %b3 = lite.constant dense<[0, 0, 1]> : tensor<3xi32>
  %e3 = lite.constant dense<[0, 0, 3]> : tensor<3xi32>
  %s3 = lite.constant dense<[1, 1, 1]> : tensor<3xi32>
  %d = lite.strided_slice %x, %b3, %e3, %s3 {ellipsis_mask = 1 : i32, new_axis_mask = 2 : i32} : (tensor<4x5xf32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>) -> tensor<4x1x2xf32>
  %z2 = lite.constant dense<0> : tensor<2xi32>
  %s4 = lite.constant dense<[1, -2]> : tensor<2xi32>
  %e = lite.strided_slice %x, %z2, %z2, %s4 {begin_mask = 3 : i32, end_mask = 3 : i32} : (tensor<4x5xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<4x3xf32>
  %two1 = lite.constant dense<2> : tensor<1xi32>
  %f = lite.strided_slice %x, %one1, %two1, %one1 {offset = true} : (tensor<4x5xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<2x5xf32>
  %g = lite.strided_slice %v, %begin, %end, %strides : (tensor<?xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xi32>
  %h = lite.strided_slice %x, %bm1, %z1, %one1 {shrink_axis_mask = 1 : i32} : (tensor<4x5xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<5xf32>
  %b5 = lite.constant dense<[0, 2]> : tensor<2xi32>
  %e5 = lite.constant dense<[0, 3]> : tensor<2xi32>
  %one2 = lite.constant dense<1> : tensor<2xi32>
  %i = lite.strided_slice %x, %b5, %e5, %one2 {new_axis_mask = 1 : i32, shrink_axis_mask = 2 : i32} : (tensor<4x5xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<1x5xf32>
  %b6 = lite.constant dense<[-10, -100]> : tensor<2xi32>
  %e6 = lite.constant dense<[10, 100]> : tensor<2xi32>
  %j = lite.strided_slice %x, %b6, %e6, %one2 : (tensor<4x5xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<4x5xf32>
  %b7 = lite.constant dense<[1, 0, 2]> : tensor<3xi32>
  %e7 = lite.constant dense<[2, 0, 3]> : tensor<3xi32>
  %k = lite.strided_slice %x, %b7, %e7, %s3 {ellipsis_mask = 2 : i32, shrink_axis_mask = 5 : i32} : (tensor<4x5xf32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>) -> tensor<f32>
  %e8 = lite.constant dense<[100, -100]> : tensor<2xi64>
  %s8 = lite.constant dense<[1, -1]> : tensor<2xi64>
  %l = lite.strided_slice %m, %begin2, %e8, %s8 : (tensor<?x?xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xi64>
  %e9 = lite.constant dense<[0, 0]> : tensor<2xi64>
  %s9 = lite.constant dense<[1, 1]> : tensor<2xi64>
  %n = lite.strided_slice %m, %begin2, %e9, %s9 {shrink_axis_mask = 1 : i32, end_mask = 2 : i32} : (tensor<?x?xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?xi64>
  return %a, %b, %c, %d, %e, %f, %g, %h, %i, %j, %k, %l, %n : tensor<2x3xf32>, tensor<?xi32>, tensor<5xf32>, tensor<4x1x2xf32>, tensor<4x3xf32>, tensor<2x5xf32>, tensor<?xi32>, tensor<5xf32>, tensor<1x5xf32>, tensor<4x5xf32>, tensor<f32>, tensor<?x?xi64>, tensor<?xi64>
}
