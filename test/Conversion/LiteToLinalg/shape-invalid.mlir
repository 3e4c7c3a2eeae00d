// RUN: sluice-opt %s -split-input-file -convert-lite-to-linalg -verify-diagnostics

// Errors the interpreter would report at run time whatever the inputs
// (constant operands it rejects), and what the native back end cannot lower.

// 6 elements do not divide into rows of 4.
func.func @reshape_count_mismatch(%x: tensor<6xf32>) -> tensor<?x?xf32> {
  %s = lite.constant dense<[4, -1]> : tensor<2xi32>
  // expected-error @+2 {{reshape shape does not match the element count of the input}}
  // expected-error @+1 {{failed to legalize operation 'lite.reshape'}}
  %r = lite.reshape %x, %s : (tensor<6xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

func.func @reshape_infer_from_zero(%x: tensor<0xf32>) -> tensor<?x?xf32> {
  %s = lite.constant dense<[0, -1]> : tensor<2xi32>
  // expected-error @+2 {{reshape cannot infer the -1 entry: the other entries multiply to 0}}
  // expected-error @+1 {{failed to legalize operation 'lite.reshape'}}
  %r = lite.reshape %x, %s : (tensor<0xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

func.func @expand_dims_dynamic_axis(%x: tensor<2xf32>, %a: tensor<?xi32>) -> tensor<?x?xf32> {
  // expected-error @+2 {{the native back end needs expand_dims' axis to have a static shape of one element, got 'tensor<?xi32>'}}
  // expected-error @+1 {{failed to legalize operation 'lite.expand_dims'}}
  %r = lite.expand_dims %x, %a : (tensor<2xf32>, tensor<?xi32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// Which of the two dynamic dimensions have size 1 is only known at run
// time, and the result keeps one of them.
func.func @squeeze_ambiguous(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  // expected-error @+2 {{the native back end cannot tell which dynamic dimensions of 'tensor<?x?xf32>' squeeze removes (result type 'tensor<?xf32>')}}
  // expected-error @+1 {{failed to legalize operation 'lite.squeeze'}}
  %r = lite.squeeze %x : (tensor<?x?xf32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

func.func @concatenation_sign_bit(%a: tensor<2xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{fused activation SIGN_BIT is not supported (no TFLite kernel implements it)}}
  // expected-error @+1 {{failed to legalize operation 'lite.concatenation'}}
  %r = lite.concatenation %a, %a {axis = 0 : i32, fused_activation_function = #lite.activation<SIGN_BIT>} : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @concatenation_tanh_int(%a: tensor<2xi32>) -> tensor<4xi32> {
  // expected-error @+2 {{fused activation TANH needs a float tensor, got 'i32'}}
  // expected-error @+1 {{failed to legalize operation 'lite.concatenation'}}
  %r = lite.concatenation %a, %a {axis = 0 : i32, fused_activation_function = #lite.activation<TANH>} : (tensor<2xi32>, tensor<2xi32>) -> tensor<4xi32>
  return %r : tensor<4xi32>
}

// -----

func.func @concatenation_relu_bool(%a: tensor<2xi1>) -> tensor<4xi1> {
  // expected-error @+2 {{fused activation RELU does not apply to bool tensors}}
  // expected-error @+1 {{failed to legalize operation 'lite.concatenation'}}
  %r = lite.concatenation %a, %a {axis = 0 : i32, fused_activation_function = #lite.activation<RELU>} : (tensor<2xi1>, tensor<2xi1>) -> tensor<4xi1>
  return %r : tensor<4xi1>
}

// -----

func.func @slice_begin_out_of_range(%x: tensor<4xf32>) -> tensor<?xf32> {
  %b = lite.constant dense<5> : tensor<1xi32>
  %s = lite.constant dense<-1> : tensor<1xi32>
  // expected-error @+2 {{slice begin is out of range for dimension 0}}
  // expected-error @+1 {{failed to legalize operation 'lite.slice'}}
  %r = lite.slice %x, %b, %s : (tensor<4xf32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----


// The number of begin entries decides how masks expand.
func.func @strided_slice_dynamic_length(%x: tensor<4xf32>, %b: tensor<?xi32>) -> tensor<?xf32> {
  // expected-error @+2 {{the native back end needs strided_slice's begin to have a static length, got 'tensor<?xi32>'}}
  // expected-error @+1 {{failed to legalize operation 'lite.strided_slice'}}
  %r = lite.strided_slice %x, %b, %b, %b : (tensor<4xf32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

func.func @strided_slice_too_many_entries(%x: tensor<4xf32>) -> tensor<?x?xf32> {
  %c = lite.constant dense<0> : tensor<2xi32>
  %s = lite.constant dense<1> : tensor<2xi32>
  // expected-error @+2 {{strided_slice indexes 2 dimensions but the input has only 1}}
  // expected-error @+1 {{failed to legalize operation 'lite.strided_slice'}}
  %r = lite.strided_slice %x, %c, %c, %s : (tensor<4xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

func.func @strided_slice_shrink_out_of_range(%x: tensor<4xf32>) -> tensor<f32> {
  %b = lite.constant dense<4> : tensor<1xi32>
  %e = lite.constant dense<0> : tensor<1xi32>
  %s = lite.constant dense<1> : tensor<1xi32>
  // expected-error @+2 {{strided_slice entry #0 is an index out of range}}
  // expected-error @+1 {{failed to legalize operation 'lite.strided_slice'}}
  %r = lite.strided_slice %x, %b, %e, %s {shrink_axis_mask = 1 : i32} : (tensor<4xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<f32>
  return %r : tensor<f32>
}

// -----

func.func @strided_slice_shrink_negative_stride(%x: tensor<4xf32>) -> tensor<f32> {
  %b = lite.constant dense<1> : tensor<1xi32>
  %s = lite.constant dense<-1> : tensor<1xi32>
  // expected-error @+2 {{strided_slice entry #0 shrinks an axis and needs a positive stride}}
  // expected-error @+1 {{failed to legalize operation 'lite.strided_slice'}}
  %r = lite.strided_slice %x, %b, %b, %s {shrink_axis_mask = 1 : i32} : (tensor<4xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<f32>
  return %r : tensor<f32>
}

// -----

func.func @gather_constant_index_out_of_range(%p: tensor<4x2xf32>) -> tensor<2x2xf32> {
  %i = lite.constant dense<[0, 4]> : tensor<2xi32>
  // expected-error @+2 {{gather index out of range}}
  // expected-error @+1 {{failed to legalize operation 'lite.gather'}}
  %r = lite.gather %p, %i {axis = 0 : i32} : (tensor<4x2xf32>, tensor<2xi32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

// -----

func.func @fill_negative_dim(%v: tensor<f32>) -> tensor<2x?xf32> {
  %d = lite.constant dense<[2, -1]> : tensor<2xi32>
  // expected-error @+2 {{fill dims has a negative entry #1}}
  // expected-error @+1 {{failed to legalize operation 'lite.fill'}}
  %r = lite.fill %d, %v : (tensor<2xi32>, tensor<f32>) -> tensor<2x?xf32>
  return %r : tensor<2x?xf32>
}

// -----

func.func @range_zero_delta() -> tensor<?xi32> {
  %s = lite.constant dense<0> : tensor<i32>
  %l = lite.constant dense<4> : tensor<i32>
  // expected-error @+2 {{range requires delta != 0}}
  // expected-error @+1 {{failed to legalize operation 'lite.range'}}
  %r = lite.range %s, %l, %s : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<?xi32>
  return %r : tensor<?xi32>
}

// -----

func.func @range_wrong_direction() -> tensor<?xf32> {
  %s = lite.constant dense<0.0> : tensor<f32>
  %l = lite.constant dense<4.0> : tensor<f32>
  %d = lite.constant dense<-1.0> : tensor<f32>
  // expected-error @+2 {{range requires start >= limit when delta < 0}}
  // expected-error @+1 {{failed to legalize operation 'lite.range'}}
  %r = lite.range %s, %l, %d : (tensor<f32>, tensor<f32>, tensor<f32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// reverse_v2's axes must be constant natively.
func.func @reverse_runtime_axes(%x: tensor<2x3xf32>, %axes: tensor<1xi32>) -> tensor<2x3xf32> {
  // expected-error @+2 {{native code needs constant reverse axes}}
  // expected-error @+1 {{failed to legalize operation 'lite.reverse_v2'}}
  %r = lite.reverse_v2 %x, %axes : (tensor<2x3xf32>, tensor<1xi32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

// arg_max's axis must be constant natively.
func.func @arg_max_runtime_axis(%x: tensor<2x3xf32>, %axis: tensor<i32>) -> tensor<?xi64> {
  // expected-error @+2 {{native code needs a constant axis for lite.arg_max}}
  // expected-error @+1 {{failed to legalize operation 'lite.arg_max'}}
  %r = lite.arg_max %x, %axis : (tensor<2x3xf32>, tensor<i32>) -> tensor<?xi64>
  return %r : tensor<?xi64>
}

// -----

// cumsum's axis must be constant natively.
func.func @cumsum_runtime_axis(%x: tensor<2x3xf32>, %axis: tensor<i32>) -> tensor<2x3xf32> {
  // expected-error @+2 {{native code needs a constant axis for lite.cumsum}}
  // expected-error @+1 {{failed to legalize operation 'lite.cumsum'}}
  %r = lite.cumsum %x, %axis : (tensor<2x3xf32>, tensor<i32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}
