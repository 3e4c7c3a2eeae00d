// RUN: sluice-opt %s -split-input-file -lite-reverse-mode=wrt=1 -verify-diagnostics
// RUN: not sluice-opt %s -lite-reverse-mode=function=f 2>&1 | FileCheck %s --check-prefix=NOFUNCTION

// Gradients exist with respect to float tensors only.
// expected-error@+1 {{cannot differentiate with respect to argument 1 of type 'tensor<i32>': only float tensors have gradients}}
func.func @main(%x: tensor<f32>, %n: tensor<i32>) -> tensor<f32> {
  return %x : tensor<f32>
}

// NOFUNCTION: error: -lite-reverse-mode: no function @f
