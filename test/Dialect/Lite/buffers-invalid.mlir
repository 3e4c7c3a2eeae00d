// RUN: sluice-opt %s -split-input-file -verify-diagnostics

// lite.buffers (-lite-plan-buffers' record) is checked where it is written.

func.func @count(%x: tensor<4xf32>, %p: tensor<i1>) -> tensor<4xf32> {
  // expected-error @+1 {{'lite.buffers' has 2 entries for 1 slots}}
  %r = lite.while (%s = %x) : (tensor<4xf32>) -> tensor<4xf32> cond {
    lite.yield %p : tensor<i1>
  } body {
    lite.yield %s : tensor<4xf32>
  } {lite.buffers = [#lite.slot<none>, #lite.slot<body>]}
  return %r : tensor<4xf32>
}

// -----

func.func @buffer_out_of_range(%x: tensor<4xf32>, %p: tensor<i1>) -> tensor<4xf32> {
  // expected-error @+1 {{'lite.buffers' entry 0 names buffer 3, not a slot of this op}}
  %r = lite.while (%s = %x) : (tensor<4xf32>) -> tensor<4xf32> cond {
    lite.yield %p : tensor<i1>
  } body {
    lite.yield %s : tensor<4xf32>
  } {lite.buffers = [#lite.slot<none, buffer = 3>]}
  return %r : tensor<4xf32>
}

// -----

func.func @not_slots(%x: tensor<4xf32>, %p: tensor<i1>) -> tensor<4xf32> {
  // expected-error @+1 {{'lite.buffers' must be an array of #lite.slot}}
  %r = lite.while (%s = %x) : (tensor<4xf32>) -> tensor<4xf32> cond {
    lite.yield %p : tensor<i1>
  } body {
    lite.yield %s : tensor<4xf32>
  } {lite.buffers = [1]}
  return %r : tensor<4xf32>
}

// -----

func.func @not_a_region_op(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'lite.buffers' is only valid on lite.while and lite.if}}
  %r = lite.neg %x {lite.buffers = []} : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// expected-error @+1 {{unknown lite attribute 'lite.frobnicate'}}
func.func @unknown() attributes {lite.frobnicate} {
  return
}

// -----

// expected-error @+2 {{expected ::sluice::lite::SlotCopies to be one of: none, entry, body, ping_pong, then, else}}
// expected-error @+1 {{failed to parse Lite_SlotAttr parameter 'copies'}}
func.func @bad_copies() attributes {x = #lite.slot<sideways>} {
  return
}
