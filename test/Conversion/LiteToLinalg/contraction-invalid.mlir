// RUN: sluice-opt %s -split-input-file -convert-lite-to-linalg -verify-diagnostics

// TFLite's int8/uint8 products are quantized, which the back end (like the
// interpreter) does not model.
func.func @fully_connected_int8(%x: tensor<1x4xi8>, %w: tensor<3x4xi8>) -> tensor<1x3xi8> {
  // expected-error @+2 {{int8/uint8 lite.fully_connected is quantized in TFLite, which the native back end does not model}}
  // expected-error @+1 {{failed to legalize operation 'lite.fully_connected'}}
  %r = lite.fully_connected %x, %w : (tensor<1x4xi8>, tensor<3x4xi8>) -> tensor<1x3xi8>
  return %r : tensor<1x3xi8>
}

// -----

func.func @batch_matmul_uint8(%x: tensor<2x4xui8>, %y: tensor<4x3xui8>) -> tensor<2x3xui8> {
  // expected-error @+2 {{int8/uint8 lite.batch_matmul is quantized in TFLite, which the native back end does not model}}
  // expected-error @+1 {{failed to legalize operation 'lite.batch_matmul'}}
  %r = lite.batch_matmul %x, %y : (tensor<2x4xui8>, tensor<4x3xui8>) -> tensor<2x3xui8>
  return %r : tensor<2x3xui8>
}

// -----

func.func @fully_connected_bool(%x: tensor<1x4xi1>, %w: tensor<3x4xi1>) -> tensor<1x3xi1> {
  // expected-error @+2 {{lite.fully_connected does not apply to bool}}
  // expected-error @+1 {{failed to legalize operation 'lite.fully_connected'}}
  %r = lite.fully_connected %x, %w : (tensor<1x4xi1>, tensor<3x4xi1>) -> tensor<1x3xi1>
  return %r : tensor<1x3xi1>
}

// -----

func.func @fully_connected_mixed_types(%x: tensor<1x4xf32>, %w: tensor<3x4xf64>) -> tensor<1x3xf32> {
  // expected-error @+2 {{fully_connected operands must share an element type}}
  // expected-error @+1 {{failed to legalize operation 'lite.fully_connected'}}
  %r = lite.fully_connected %x, %w : (tensor<1x4xf32>, tensor<3x4xf64>) -> tensor<1x3xf32>
  return %r : tensor<1x3xf32>
}

// -----

func.func @fully_connected_sign_bit(%x: tensor<1x4xf32>, %w: tensor<3x4xf32>) -> tensor<1x3xf32> {
  // expected-error @+2 {{fused activation SIGN_BIT is not supported (no TFLite kernel implements it)}}
  // expected-error @+1 {{failed to legalize operation 'lite.fully_connected'}}
  %r = lite.fully_connected %x, %w {fused_activation_function = #lite.activation<SIGN_BIT>} : (tensor<1x4xf32>, tensor<3x4xf32>) -> tensor<1x3xf32>
  return %r : tensor<1x3xf32>
}

// -----

func.func @fully_connected_int_tanh(%x: tensor<1x4xi32>, %w: tensor<3x4xi32>) -> tensor<1x3xi32> {
  // expected-error @+2 {{fused activation TANH needs a float tensor, got 'i32'}}
  // expected-error @+1 {{failed to legalize operation 'lite.fully_connected'}}
  %r = lite.fully_connected %x, %w {fused_activation_function = #lite.activation<TANH>} : (tensor<1x4xi32>, tensor<3x4xi32>) -> tensor<1x3xi32>
  return %r : tensor<1x3xi32>
}

// -----

func.func @fully_connected_shuffled_weights(%x: tensor<1x4xf32>, %w: tensor<3x4xf32>) -> tensor<1x3xf32> {
  // expected-error @+2 {{fully_connected weights format SHUFFLED4x16INT8 is not supported (only DEFAULT)}}
  // expected-error @+1 {{failed to legalize operation 'lite.fully_connected'}}
  %r = lite.fully_connected %x, %w {weights_format = #lite.weights_format<SHUFFLED4x16INT8>} : (tensor<1x4xf32>, tensor<3x4xf32>) -> tensor<1x3xf32>
  return %r : tensor<1x3xf32>
}
