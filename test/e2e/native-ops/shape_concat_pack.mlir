// concatenation along the first, last (negative) and a middle axis, of
// static and dynamic values, with fused activations on floats (RELU, TANH),
// ints (RELU_N1_TO_1) and uint8 (RELU6: 200 becomes 6), one value alone;
// pack along axis 0 and -1 (bool values too); unpack along 0 and a
// negative axis. in0 and in1 differ in the dynamic sizes.
func.func @main(%a: tensor<2x3xf32>, %b: tensor<?x3xf32>, %i: tensor<2x2xi32>, %u: tensor<4xui8>, %p: tensor<?xi1>, %q: tensor<?xi1>) -> (tensor<?x3xf32>, tensor<2x6xf32>, tensor<2x4xi32>, tensor<8xui8>, tensor<2x3xf32>, tensor<2x2x3xf32>, tensor<?x2xi1>, tensor<3xf32>, tensor<3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<4x2xf32>) {
  %c0 = lite.concatenation %a, %b {axis = 0 : i32, fused_activation_function = #lite.activation<RELU>} : (tensor<2x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  %c1 = lite.concatenation %a, %a {axis = -1 : i32, fused_activation_function = #lite.activation<TANH>} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x6xf32>
  %c2 = lite.concatenation %i, %i {axis = 1 : i32, fused_activation_function = #lite.activation<RELU_N1_TO_1>} : (tensor<2x2xi32>, tensor<2x2xi32>) -> tensor<2x4xi32>
  %c3 = lite.concatenation %u, %u {axis = 0 : i32, fused_activation_function = #lite.activation<RELU6>} : (tensor<4xui8>, tensor<4xui8>) -> tensor<8xui8>
  %c4 = lite.concatenation %a {axis = 0 : i32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %k0 = lite.pack %a, %a {axis = 0 : i32} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x2x3xf32>
  %k1 = lite.pack %p, %q {axis = -1 : i32} : (tensor<?xi1>, tensor<?xi1>) -> tensor<?x2xi1>
  %u0:2 = lite.unpack %a {axis = 0 : i32} : (tensor<2x3xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  %u1:3 = lite.unpack %a {axis = -1 : i32} : (tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
  %k2 = lite.pack %u1#2, %u1#0, %u1#1, %u1#0 {axis = 0 : i32} : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<4x2xf32>
  return %c0, %c1, %c2, %c3, %c4, %k0, %k1, %u0#0, %u0#1, %u1#0, %u1#1, %u1#2, %k2 : tensor<?x3xf32>, tensor<2x6xf32>, tensor<2x4xi32>, tensor<8xui8>, tensor<2x3xf32>, tensor<2x2x3xf32>, tensor<?x2xi1>, tensor<3xf32>, tensor<3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<4x2xf32>
}
