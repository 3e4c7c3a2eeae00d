// RUN: sluice-opt %s -split-input-file -convert-lite-to-linalg -verify-diagnostics

// expected-error @+1 {{the native back end cannot call the external function @external}}
func.func private @external(tensor<f32>) -> tensor<f32>

// -----

func.func @unranked(%x: tensor<*xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{the native back end needs ranked tensors; 'lite.neg' has an unranked operand or result}}
  %y = "lite.neg"(%x) : (tensor<*xf32>) -> tensor<*xf32>
  return %y : tensor<*xf32>
}
