// RUN: sluice-opt %s -split-input-file -verify-diagnostics

func.func @negative_peer(%x: tensor<f32>) {
  // expected-error@+1 {{'lite.send' op names rank -1, which is negative}}
  lite.send %x to -1 key "k" tag 1 : tensor<f32>
  return
}

// -----

func.func @no_key() -> tensor<f32> {
  // expected-error@+1 {{'lite.recv' op needs a key}}
  %r = lite.recv from 0 key "" tag 1 : tensor<f32>
  return %r : tensor<f32>
}

// -----

func.func @negative_tag(%x: tensor<f32>) {
  // expected-error@+1 {{'lite.send' op has tag -3, which is negative}}
  lite.send %x to 1 key "k" tag -3 : tensor<f32>
  return
}

// -----

func.func @own_rank() -> tensor<f32> attributes {sluice.rank = 1 : i64} {
  // expected-error@+1 {{'lite.recv' op names its own rank 1 as its peer}}
  %r = lite.recv from 1 key "k" tag 1 : tensor<f32>
  return %r : tensor<f32>
}
