// RUN: sluice-opt %s -split-input-file -verify-diagnostics

// Every error of lite.assert's verifier (lib/Dialect/Lite/IR/LiteVariableOps.cpp)
// and of its operand's type constraint.

func.func @vector(%b: tensor<2xi1>) {
  // expected-error@+1 {{'lite.assert' op takes one boolean, not a condition of type 'tensor<2xi1>'}}
  lite.assert %b, "two" : tensor<2xi1>
  return
}

// -----

func.func @not_bool(%x: tensor<f32>) {
  // expected-error@+1 {{operand #0 must be tensor of 1-bit signless integer values}}
  lite.assert %x, "float" : tensor<f32>
  return
}
