// The list ops through native code (-lite-legalize-lists{checked-writes}):
// a list reserved, written in place, read back, gathered and measured.
// in0 is fine; in1 writes element 4 of a list of 4 and in2 element -1: the
// interpreter reports an error, native code records
// SLUICE_ERROR_INDEX_OUT_OF_RANGE (DYNAMIC_UPDATE_SLICE would clamp).
func.func @main(%x: tensor<3xf32>, %i: tensor<i32>) -> (tensor<4x3xf32>, tensor<3xf32>, tensor<2x3xf32>, tensor<i32>) {
  %n = lite.constant dense<4> : tensor<i32>
  %l = lite.list_reserve %n : (tensor<i32>) -> tensor<*xf32>
  %l1 = lite.list_set_item %l[%i], %x : (tensor<*xf32>, tensor<i32>, tensor<3xf32>) -> tensor<*xf32>
  %y = lite.list_get_item %l1[%i] : (tensor<*xf32>, tensor<i32>) -> tensor<3xf32>
  %is = lite.constant dense<[3, 1]> : tensor<2xi32>
  %g = lite.list_gather %l1[%is] : (tensor<*xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  %len = lite.list_length %l1 : (tensor<*xf32>) -> tensor<i32>
  %shape = lite.constant dense<[4, 3]> : tensor<2xi32>
  %r = lite.reshape %l1, %shape : (tensor<*xf32>, tensor<2xi32>) -> tensor<4x3xf32>
  return %r, %y, %g, %len : tensor<4x3xf32>, tensor<3xf32>, tensor<2x3xf32>, tensor<i32>
}
