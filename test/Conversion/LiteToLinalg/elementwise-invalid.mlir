// RUN: sluice-opt %s -split-input-file -convert-lite-to-linalg -verify-diagnostics

// SIGN_BIT is an activation no TFLite kernel implements (the interpreter
// rejects it too).
func.func @sign_bit(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{fused activation SIGN_BIT is not supported (no TFLite kernel implements it)}}
  // expected-error @+1 {{failed to legalize operation 'lite.add'}}
  %r = lite.add %a, %b {fused_activation_function = #lite.activation<SIGN_BIT>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @tanh_on_integers(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+2 {{fused activation TANH needs a float tensor, got 'i32'}}
  // expected-error @+1 {{failed to legalize operation 'lite.mul'}}
  %r = lite.mul %a, %b {fused_activation_function = #lite.activation<TANH>} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %r : tensor<4xi32>
}
