// RUN: sluice-opt %s -split-input-file -test-lite-buffer-aliasing=target=tflite -verify-diagnostics -o /dev/null
// RUN: not sluice-opt %s -split-input-file -test-lite-buffer-aliasing=target=gpu 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: unknown target 'gpu' (expected tflite or native)

// The TFLite BufferModel: kernels never write over their inputs, and WHILE
// copies its slots (no state passed by pointer). buffer-aliasing.mlir has
// the native model's rules; here, where TFLite's differ.

// An elementwise op that reads the state cannot write the next one over it.
func.func @elementwise_reads_state(%a: tensor<4xf32>, %n: tensor<i32>) -> tensor<4xf32> {
  %i0 = lite.zeros_like %n : tensor<i32>
  %x0 = lite.neg %a : tensor<4xf32>
  // expected-remark @+1 {{lite.while: slot 0 two buffers (ping-pong: 'lite.add' reads the old value while writing the new one); slot 1 two buffers (ping-pong: 'lite.mul' reads the old value while writing the new one)}}
  %r:2 = lite.while (%i = %i0, %x = %x0) : (tensor<i32>, tensor<4xf32>) -> (tensor<i32>, tensor<4xf32>) cond {
    %p = lite.less %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %one = lite.constant dense<1> : tensor<i32>
    %i1 = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %x1 = lite.mul %x, %x : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    lite.yield %i1, %x1 : tensor<i32>, tensor<4xf32>
  }
  return %r#1 : tensor<4xf32>
}

// -----

// The state read for the last time before the op writing the next one: in
// place.
func.func @read_before_write(%a: tensor<4xf32>, %go: tensor<i1>) -> tensor<4xf32> {
  %x0 = lite.neg %a : tensor<4xf32>
  // expected-remark @+1 {{lite.while: slot 0 in place}}
  %r = lite.while (%x = %x0) : (tensor<4xf32>) -> tensor<4xf32> cond {
    lite.yield %go : tensor<i1>
  } body {
    %t = lite.exp %x : tensor<4xf32>
    %x1 = lite.neg %t : tensor<4xf32>
    lite.yield %x1 : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// A swap is two copies: the slots cannot trade buffers.
func.func @swap(%a: tensor<4xf32>, %go: tensor<i1>) -> (tensor<4xf32>, tensor<4xf32>) {
  %x0 = lite.neg %a : tensor<4xf32>
  %y0 = lite.abs %a : tensor<4xf32>
  // expected-remark @+1 {{lite.while: slot 0 copy in the body (swapped with slot 1); slot 1 copy in the body (swapped with slot 0)}}
  %r:2 = lite.while (%x = %x0, %y = %y0) : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) cond {
    lite.yield %go : tensor<i1>
  } body {
    lite.yield %y, %x : tensor<4xf32>, tensor<4xf32>
  }
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// The old value read after the next one is written: a copy at the yield
// (the native model uses a second buffer instead).
func.func @read_after_overwrite(%a: tensor<4xf32>, %go: tensor<i1>) -> (tensor<4xf32>, tensor<4xf32>) {
  %x0 = lite.neg %a : tensor<4xf32>
  %y0 = lite.abs %a : tensor<4xf32>
  // expected-remark @+1 {{lite.while: slot 0 copy in the body (the old value is read by 'lite.exp' after 'lite.neg' overwrote it); slot 1 in place}}
  %r:2 = lite.while (%x = %x0, %y = %y0) : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) cond {
    lite.yield %go : tensor<i1>
  } body {
    %x1 = lite.neg %y : tensor<4xf32>
    %y1 = lite.exp %x : tensor<4xf32>
    lite.yield %x1, %y1 : tensor<4xf32>, tensor<4xf32>
  }
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// A shift register: every slot copies (slot 2 is computed while its old
// value is still slot 1's next one).
func.func @shift_register(%a: tensor<4xf32>, %go: tensor<i1>) -> tensor<4xf32> {
  %x0 = lite.neg %a : tensor<4xf32>
  %y0 = lite.abs %a : tensor<4xf32>
  %z0 = lite.exp %a : tensor<4xf32>
  // expected-remark @+1 {{lite.while: slot 0 copy in the body (yields the value of slot 1); slot 1 copy in the body (yields the value of slot 2); slot 2 copy in the body (the old value is read by 'lite.yield' after 'lite.add' overwrote it)}}
  %r:3 = lite.while (%x = %x0, %y = %y0, %z = %z0) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) cond {
    lite.yield %go : tensor<i1>
  } body {
    %s = lite.add %x, %y : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %f = lite.add %s, %z : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    lite.yield %y, %z, %f : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
  }
  return %r#0 : tensor<4xf32>
}
