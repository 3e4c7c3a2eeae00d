// RUN: sluice-opt %s -split-input-file -test-lite-buffer-aliasing=target=native -verify-diagnostics -o /dev/null

// The native BufferModel: elementwise ops may write over what they read, and
// loop state is passed by pointer. buffer-aliasing-tflite.mlir: TFLite's.

// No copy: both slots are updated in place by elementwise ops.
func.func @in_place_elementwise(%a: tensor<4xf32>, %n: tensor<i32>) -> tensor<4xf32> {
  %i0 = lite.zeros_like %n : tensor<i32>
  %x0 = lite.neg %a : tensor<4xf32>
  // expected-remark @+1 {{lite.while: slot 0 in place; slot 1 in place}}
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

// No copy: a slot passed through unchanged (result unused) shares the
// function argument's buffer; it is only read.
func.func @pass_through(%a: tensor<4xf32>, %go: tensor<i1>) -> tensor<4xf32> {
  %x0 = lite.neg %a : tensor<4xf32>
  // expected-remark @+1 {{lite.while: slot 0 in place; slot 1 in place (passed through)}}
  %r:2 = lite.while (%x = %x0, %w = %a) : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) cond {
    lite.yield %go : tensor<i1>
  } body {
    %x1 = lite.add %x, %w : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    lite.yield %x1, %w : tensor<4xf32>, tensor<4xf32>
  }
  return %r#0 : tensor<4xf32>
}

// -----

// (a) The initial value is still used after the loop.
func.func @entry_used_after(%a: tensor<4xf32>, %go: tensor<i1>) -> tensor<4xf32> {
  %x0 = lite.neg %a : tensor<4xf32>
  // expected-remark @+1 {{lite.while: slot 0 copy at entry (the initial value is used after the loop)}}
  %r = lite.while (%x = %x0) : (tensor<4xf32>) -> tensor<4xf32> cond {
    lite.yield %go : tensor<i1>
  } body {
    %x1 = lite.exp %x : tensor<4xf32>
    lite.yield %x1 : tensor<4xf32>
  }
  %s = lite.add %r, %x0 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %s : tensor<4xf32>
}

// -----

// (a) The initial value is a function argument (a read-only input).
func.func @entry_argument(%a: tensor<4xf32>, %go: tensor<i1>) -> tensor<4xf32> {
  // expected-remark @+1 {{lite.while: slot 0 copy at entry (the initial value is a function argument)}}
  %r = lite.while (%x = %a) : (tensor<4xf32>) -> tensor<4xf32> cond {
    lite.yield %go : tensor<i1>
  } body {
    %x1 = lite.exp %x : tensor<4xf32>
    lite.yield %x1 : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// (a) The initial value is a constant.
func.func @entry_constant(%n: tensor<i32>) -> tensor<i32> {
  %c0 = lite.constant dense<0> : tensor<i32>
  // expected-remark @+1 {{lite.while: slot 0 copy at entry (the initial value is a constant)}}
  %r = lite.while (%i = %c0) : (tensor<i32>) -> tensor<i32> cond {
    %p = lite.less %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %one = lite.constant dense<1> : tensor<i32>
    %i1 = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    lite.yield %i1 : tensor<i32>
  }
  return %r : tensor<i32>
}

// -----

// (a) The same initial value for two slots: the first keeps the buffer.
func.func @entry_same_init(%a: tensor<4xf32>, %go: tensor<i1>) -> (tensor<4xf32>, tensor<4xf32>) {
  %v = lite.neg %a : tensor<4xf32>
  // expected-remark @+1 {{lite.while: slot 0 in place; slot 1 copy at entry (the initial value is also the initial value of slot 0)}}
  %r:2 = lite.while (%x = %v, %y = %v) : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) cond {
    lite.yield %go : tensor<i1>
  } body {
    %x1 = lite.exp %x : tensor<4xf32>
    %y1 = lite.abs %y : tensor<4xf32>
    lite.yield %x1, %y1 : tensor<4xf32>, tensor<4xf32>
  }
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// (a) The same initial value for two slots: the larger slot (dynamic here)
// keeps the buffer, the smaller one is copied.
func.func @entry_same_init_smaller_copies(%a: tensor<4xf32>, %go: tensor<i1>) -> (tensor<4xf32>, tensor<?xf32>) {
  %v = lite.neg %a : tensor<4xf32>
  // expected-remark @+1 {{lite.while: slot 0 copy at entry (the initial value is also the initial value of slot 1); slot 1 in place}}
  %r:2 = lite.while (%x = %v, %y = %v) : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<?xf32>) cond {
    lite.yield %go : tensor<i1>
  } body {
    %x1 = lite.exp %x : tensor<4xf32>
    %y1 = lite.abs %x1 : tensor<4xf32>
    lite.yield %x1, %y1 : tensor<4xf32>, tensor<4xf32>
  }
  return %r#0, %r#1 : tensor<4xf32>, tensor<?xf32>
}

// -----

// (a) The initial value is also read inside the loop (captured).
func.func @entry_captured(%a: tensor<4xf32>, %go: tensor<i1>) -> tensor<4xf32> {
  %v = lite.neg %a : tensor<4xf32>
  // expected-remark @+1 {{lite.while: slot 0 copy at entry (the initial value is also used inside the loop)}}
  %r = lite.while (%x = %v) : (tensor<4xf32>) -> tensor<4xf32> cond {
    lite.yield %go : tensor<i1>
  } body {
    %x1 = lite.add %x, %v : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    lite.yield %x1 : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// (b) The body yields a value defined outside the loop.
func.func @body_captured_yield(%a: tensor<4xf32>, %go: tensor<i1>) -> tensor<4xf32> {
  %x0 = lite.neg %a : tensor<4xf32>
  // expected-remark @+1 {{lite.while: slot 0 copy in the body (yields a value defined outside the loop)}}
  %r = lite.while (%x = %x0) : (tensor<4xf32>) -> tensor<4xf32> cond {
    lite.yield %go : tensor<i1>
  } body {
    lite.yield %a : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// (b) Two slots swapped every iteration.
func.func @body_swap(%a: tensor<4xf32>, %go: tensor<i1>) -> tensor<4xf32> {
  %x0 = lite.neg %a : tensor<4xf32>
  %y0 = lite.abs %a : tensor<4xf32>
  // expected-remark @+1 {{lite.while: slot 0 by pointer in the buffer of slot 1 (swapped with slot 1); slot 1 by pointer in the buffer of slot 0 (swapped with slot 0)}}
  %r:2 = lite.while (%x = %x0, %y = %y0) : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) cond {
    lite.yield %go : tensor<i1>
  } body {
    lite.yield %y, %x : tensor<4xf32>, tensor<4xf32>
  }
  return %r#0 : tensor<4xf32>
}

// -----

// (b) Three slots rotated every iteration.
func.func @body_rotate(%a: tensor<4xf32>, %go: tensor<i1>) -> tensor<4xf32> {
  %x0 = lite.neg %a : tensor<4xf32>
  %y0 = lite.abs %a : tensor<4xf32>
  %z0 = lite.exp %a : tensor<4xf32>
  // expected-remark @+1 {{lite.while: slot 0 by pointer in the buffer of slot 1 (rotated among slots 0, 1, 2); slot 1 by pointer in the buffer of slot 2 (rotated among slots 0, 1, 2); slot 2 by pointer in the buffer of slot 0 (rotated among slots 0, 1, 2)}}
  %r:3 = lite.while (%x = %x0, %y = %y0, %z = %z0) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) cond {
    lite.yield %go : tensor<i1>
  } body {
    lite.yield %y, %z, %x : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
  }
  return %r#0 : tensor<4xf32>
}

// -----

// (b) A shift register (a, b, c) -> (b, c, f(a, b, c)): c's buffer still
// holds slot 1's next value, so f is computed over a (slot 0 only forwards
// slot 1), and the three buffers rotate.
func.func @body_shift_register(%a: tensor<4xf32>, %go: tensor<i1>) -> tensor<4xf32> {
  %x0 = lite.neg %a : tensor<4xf32>
  %y0 = lite.abs %a : tensor<4xf32>
  %z0 = lite.exp %a : tensor<4xf32>
  // expected-remark @+1 {{lite.while: slot 0 by pointer in the buffer of slot 1 (yields the value of slot 1); slot 1 by pointer in the buffer of slot 2 (yields the value of slot 2); slot 2 by pointer in the buffer of slot 0 (computed into the buffer of slot 0, which only forwards slot 1)}}
  %r:3 = lite.while (%x = %x0, %y = %y0, %z = %z0) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) cond {
    lite.yield %go : tensor<i1>
  } body {
    %s = lite.add %x, %y : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %f = lite.add %s, %z : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    lite.yield %y, %z, %f : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
  }
  return %r#0 : tensor<4xf32>
}

// -----

// (b) The same value yielded for two slots: one of them copies.
func.func @body_same_value_twice(%a: tensor<4xf32>, %go: tensor<i1>) -> (tensor<4xf32>, tensor<4xf32>) {
  %x0 = lite.neg %a : tensor<4xf32>
  %y0 = lite.abs %a : tensor<4xf32>
  // expected-remark @+1 {{lite.while: slot 0 in place; slot 1 copy in the body (yields the same value as slot 0)}}
  %r:2 = lite.while (%x = %x0, %y = %y0) : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) cond {
    lite.yield %go : tensor<i1>
  } body {
    %x1 = lite.exp %x : tensor<4xf32>
    lite.yield %x1, %x1 : tensor<4xf32>, tensor<4xf32>
  }
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// (c) The old value of slot 0 is read after the op producing the new one
// could have overwritten it.
func.func @body_read_after_overwrite(%a: tensor<4xf32>, %go: tensor<i1>) -> (tensor<4xf32>, tensor<4xf32>) {
  %x0 = lite.neg %a : tensor<4xf32>
  %y0 = lite.abs %a : tensor<4xf32>
  // expected-remark @+1 {{lite.while: slot 0 two buffers (ping-pong: the old value is read by 'lite.mul' after 'lite.add' writes the new one); slot 1 in place}}
  %r:2 = lite.while (%x = %x0, %y = %y0) : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) cond {
    lite.yield %go : tensor<i1>
  } body {
    %x1 = lite.add %x, %x : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %y1 = lite.mul %y, %x : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    lite.yield %x1, %y1 : tensor<4xf32>, tensor<4xf32>
  }
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// (c) The old value is read inside the region of an op after the producer.
func.func @body_read_after_overwrite_nested(%a: tensor<4xf32>, %go: tensor<i1>) -> (tensor<4xf32>, tensor<4xf32>) {
  %x0 = lite.neg %a : tensor<4xf32>
  %y0 = lite.abs %a : tensor<4xf32>
  // expected-remark @+1 {{lite.while: slot 0 two buffers (ping-pong: the old value is read by 'lite.if' after 'lite.exp' writes the new one); slot 1 in place}}
  %r:2 = lite.while (%x = %x0, %y = %y0) : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) cond {
    lite.yield %go : tensor<i1>
  } body {
    %x1 = lite.exp %x : tensor<4xf32>
    // expected-remark @+1 {{lite.if: result 0 in place}}
    %s = lite.if %go -> (tensor<4xf32>) {
      %t = lite.neg %x : tensor<4xf32>
      lite.yield %t : tensor<4xf32>
    } else {
      %e = lite.abs %x1 : tensor<4xf32>
      lite.yield %e : tensor<4xf32>
    }
    lite.yield %x1, %s : tensor<4xf32>, tensor<4xf32>
  }
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// (c) A producer that is not elementwise reads the old value: it cannot
// write over it, so the slot needs a second buffer (ping-pong, no copy).
func.func @body_non_elementwise_producer(%w: tensor<8x8xf32>, %a: tensor<1x8xf32>, %go: tensor<i1>) -> tensor<1x8xf32> {
  %h0 = lite.neg %a : tensor<1x8xf32>
  // expected-remark @+1 {{lite.while: slot 0 two buffers (ping-pong: 'lite.fully_connected' reads the old value while writing the new one)}}
  %r = lite.while (%h = %h0) : (tensor<1x8xf32>) -> tensor<1x8xf32> cond {
    lite.yield %go : tensor<i1>
  } body {
    %h1 = lite.fully_connected %h, %w : (tensor<1x8xf32>, tensor<8x8xf32>) -> tensor<1x8xf32>
    lite.yield %h1 : tensor<1x8xf32>
  }
  return %r : tensor<1x8xf32>
}

// -----

// lite.if: a branch yields a value defined outside it.
func.func @if_captured_yield(%a: tensor<4xf32>, %p: tensor<i1>) -> tensor<4xf32> {
  // expected-remark @+1 {{lite.if: result 0 copy in the then branch (yields a value defined outside the branch)}}
  %r = lite.if %p -> (tensor<4xf32>) {
    lite.yield %a : tensor<4xf32>
  } else {
    %n = lite.neg %a : tensor<4xf32>
    lite.yield %n : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// lite.if: a branch yields the same value for two results; the larger result
// (dynamic) keeps the buffer, the smaller one copies.
func.func @if_same_value_twice(%a: tensor<4xf32>, %p: tensor<i1>) -> (tensor<4xf32>, tensor<?xf32>) {
  // expected-remark @+1 {{lite.if: result 0 copy in the then branch (yields the same value as result 1); result 1 in place}}
  %r:2 = lite.if %p -> (tensor<4xf32>, tensor<?xf32>) {
    %n = lite.neg %a : tensor<4xf32>
    lite.yield %n, %n : tensor<4xf32>, tensor<4xf32>
  } else {
    %x = lite.exp %a : tensor<4xf32>
    %y = lite.abs %a : tensor<4xf32>
    lite.yield %x, %y : tensor<4xf32>, tensor<4xf32>
  }
  return %r#0, %r#1 : tensor<4xf32>, tensor<?xf32>
}

// -----

// No copy: the loop state feeds an if in the body whose branches update it
// elementwise; the if in the condition only reads captured values.
func.func @state_feeds_if(%n: tensor<i32>, %a: tensor<f32>, %go: tensor<i1>) -> (tensor<f32>, tensor<i32>) {
  %i0 = lite.zeros_like %n : tensor<i32>
  %x0 = lite.neg %a : tensor<f32>
  // expected-remark @+1 {{lite.while: slot 0 in place; slot 1 in place}}
  %r:2 = lite.while (%i = %i0, %x = %x0) : (tensor<i32>, tensor<f32>) -> (tensor<i32>, tensor<f32>) cond {
    // expected-remark @+1 {{lite.if: result 0 in place}}
    %lim = lite.if %go -> (tensor<i32>) {
      %m = lite.abs %n : tensor<i32>
      lite.yield %m : tensor<i32>
    } else {
      %z = lite.constant dense<0> : tensor<i32>
      %z1 = lite.add %z, %z : (tensor<i32>, tensor<i32>) -> tensor<i32>
      lite.yield %z1 : tensor<i32>
    }
    %p = lite.less %i, %lim : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %two = lite.constant dense<2> : tensor<i32>
    %zero = lite.constant dense<0> : tensor<i32>
    %m = lite.floor_mod %i, %two : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %even = lite.equal %m, %zero : (tensor<i32>, tensor<i32>) -> tensor<i1>
    // expected-remark @+1 {{lite.if: result 0 in place}}
    %y = lite.if %even -> (tensor<f32>) {
      %f2 = lite.constant dense<2.0> : tensor<f32>
      %d = lite.mul %x, %f2 : (tensor<f32>, tensor<f32>) -> tensor<f32>
      lite.yield %d : tensor<f32>
    } else {
      %f1 = lite.constant dense<1.0> : tensor<f32>
      %s = lite.add %x, %f1 : (tensor<f32>, tensor<f32>) -> tensor<f32>
      lite.yield %s : tensor<f32>
    }
    %one = lite.constant dense<1> : tensor<i32>
    %i1 = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    lite.yield %i1, %y : tensor<i32>, tensor<f32>
  }
  return %r#1, %r#0 : tensor<f32>, tensor<i32>
}

// -----

// No copy: nested loops; the inner loop updates the outer loop's state in
// place (the inner counter starts from a fresh value in the outer body).
func.func @nested_loops(%a: tensor<4xf32>, %n: tensor<i32>) -> tensor<4xf32> {
  %i0 = lite.zeros_like %n : tensor<i32>
  %x0 = lite.neg %a : tensor<4xf32>
  // expected-remark @+1 {{lite.while: slot 0 in place; slot 1 in place}}
  %r:2 = lite.while (%i = %i0, %x = %x0) : (tensor<i32>, tensor<4xf32>) -> (tensor<i32>, tensor<4xf32>) cond {
    %p = lite.less %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %j0 = lite.zeros_like %i : tensor<i32>
    // expected-remark @+1 {{lite.while: slot 0 in place; slot 1 in place}}
    %q:2 = lite.while (%j = %j0, %y = %x) : (tensor<i32>, tensor<4xf32>) -> (tensor<i32>, tensor<4xf32>) cond {
      %p = lite.less %j, %i : (tensor<i32>, tensor<i32>) -> tensor<i1>
      lite.yield %p : tensor<i1>
    } body {
      %one = lite.constant dense<1> : tensor<i32>
      %j1 = lite.add %j, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
      %y1 = lite.mul %y, %y : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
      lite.yield %j1, %y1 : tensor<i32>, tensor<4xf32>
    }
    %one = lite.constant dense<1> : tensor<i32>
    %i1 = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    lite.yield %i1, %q#1 : tensor<i32>, tensor<4xf32>
  }
  return %r#1 : tensor<4xf32>
}

// -----

// Nested loops where the outer state is still needed after the inner loop:
// the inner loop copies at entry, the outer slot stays in place.
func.func @nested_loops_reread(%a: tensor<4xf32>, %go: tensor<i1>) -> tensor<4xf32> {
  %x0 = lite.neg %a : tensor<4xf32>
  // expected-remark @+1 {{lite.while: slot 0 in place}}
  %r = lite.while (%x = %x0) : (tensor<4xf32>) -> tensor<4xf32> cond {
    lite.yield %go : tensor<i1>
  } body {
    // expected-remark @+1 {{lite.while: slot 0 copy at entry (the initial value is used after the loop)}}
    %q = lite.while (%y = %x) : (tensor<4xf32>) -> tensor<4xf32> cond {
      lite.yield %go : tensor<i1>
    } body {
      %y1 = lite.exp %y : tensor<4xf32>
      lite.yield %y1 : tensor<4xf32>
    }
    %x1 = lite.add %q, %x : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    lite.yield %x1 : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// No copy: an RNN step, h = tanh(FC(x, Wx) + FC(h, Wh)). The old state is
// only read by the first fully_connected, before tanh writes the new state.
func.func @rnn_in_place(%xs: tensor<1x4xf32>, %wx: tensor<8x4xf32>, %wh: tensor<8x8xf32>, %a: tensor<1x8xf32>, %n: tensor<i32>) -> tensor<1x8xf32> {
  %t0 = lite.zeros_like %n : tensor<i32>
  %h0 = lite.neg %a : tensor<1x8xf32>
  // expected-remark @+1 {{lite.while: slot 0 in place; slot 1 in place}}
  %r:2 = lite.while (%t = %t0, %h = %h0) : (tensor<i32>, tensor<1x8xf32>) -> (tensor<i32>, tensor<1x8xf32>) cond {
    %p = lite.less %t, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %ux = lite.fully_connected %xs, %wx : (tensor<1x4xf32>, tensor<8x4xf32>) -> tensor<1x8xf32>
    %uh = lite.fully_connected %h, %wh : (tensor<1x8xf32>, tensor<8x8xf32>) -> tensor<1x8xf32>
    %s = lite.add %ux, %uh : (tensor<1x8xf32>, tensor<1x8xf32>) -> tensor<1x8xf32>
    %h1 = lite.tanh %s : tensor<1x8xf32>
    %one = lite.constant dense<1> : tensor<i32>
    %t1 = lite.add %t, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    lite.yield %t1, %h1 : tensor<i32>, tensor<1x8xf32>
  }
  return %r#1 : tensor<1x8xf32>
}

// -----

// The initial value is defined outside an enclosing loop: the inner loop
// would otherwise overwrite it for the outer loop's next iteration.
func.func @entry_outside_enclosing_loop(%a: tensor<4xf32>, %go: tensor<i1>) -> tensor<4xf32> {
  %v = lite.neg %a : tensor<4xf32>
  %x0 = lite.abs %a : tensor<4xf32>
  // expected-remark @+1 {{lite.while: slot 0 in place}}
  %r = lite.while (%x = %x0) : (tensor<4xf32>) -> tensor<4xf32> cond {
    lite.yield %go : tensor<i1>
  } body {
    // expected-remark @+1 {{lite.while: slot 0 copy at entry (the initial value is defined outside an enclosing loop)}}
    %q = lite.while (%y = %v) : (tensor<4xf32>) -> tensor<4xf32> cond {
      lite.yield %go : tensor<i1>
    } body {
      %y1 = lite.exp %y : tensor<4xf32>
      lite.yield %y1 : tensor<4xf32>
    }
    %x1 = lite.add %q, %x : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    lite.yield %x1 : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
