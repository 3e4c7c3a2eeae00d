// RUN: sluice-opt %s -split-input-file -convert-lite-to-linalg -verify-diagnostics

// Native code allocates a received tensor from its type or its message.
func.func @recv_unknown_shape() -> tensor<?xf32> {
  // expected-error@+2 {{receives a 'tensor<?xf32>' without its shape: native code needs the shape in the type or in the message (with_shape)}}
  // expected-error@+1 {{failed to legalize operation 'lite.recv'}}
  %r = lite.recv from 1 key "r:1->0" tag 1 : tensor<?xf32>
  return %r : tensor<?xf32>
}
