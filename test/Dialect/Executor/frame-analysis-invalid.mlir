// RUN: sluice-opt %s -split-input-file -test-executor-frames -verify-diagnostics -o /dev/null

// Malformed frames: each error is reported on the offending node.

func.func @exit_in_root(%x: tensor<f32>) {
  executor.graph {
    // expected-error@+1 {{leaves the root frame: no executor.enter matches this executor.exit}}
    %o, %k = executor.exit %x : tensor<f32>
    executor.fetch
  }
  return
}

// -----

func.func @inputs_from_two_frames(%x: tensor<f32>) {
  executor.graph {
    %c, %kc = executor.island {
      %0 = lite.neg %x : tensor<f32>
      executor.yield %0 : tensor<f32>
    }
    // expected-note@+1 {{input from frame 'loop' defined here}}
    %e, %ke = executor.enter %c frame "loop" : tensor<f32>
    // expected-error@+1 {{has inputs from two frames, the root frame and frame 'loop'}}
    %s, %ks = executor.island {
      %1 = lite.add %c, %e : (tensor<f32>, tensor<f32>) -> tensor<f32>
      executor.yield %1 : tensor<f32>
    }
    executor.fetch
  }
  return
}

// -----

// A control edge counts as an input too.
func.func @control_from_other_frame(%x: tensor<f32>) {
  executor.graph {
    %k0 = executor.control_trigger
    // expected-note@+1 {{input from frame 'loop' defined here}}
    %e, %ke = executor.enter(%k0) %x frame "loop" : tensor<f32>
    // expected-error@+1 {{has inputs from two frames, the root frame and frame 'loop'}}
    %k1 = executor.control_trigger(%k0, %ke)
    executor.fetch
  }
  return
}

// -----

func.func @merge_without_loop_cond(%x: tensor<f32>) {
  executor.graph {
    %e, %ke = executor.enter %x frame "loop" : tensor<f32>
    // expected-error@+1 {{is in frame 'loop', which has merges or next_iterations but no executor.loop_cond}}
    %m, %i, %km = executor.merge %e, %n : tensor<f32>
    %n, %kn = executor.next_iteration %m : tensor<f32>
    executor.fetch
  }
  return
}

// -----

func.func @same_frame_from_two_parents(%x: tensor<f32>, %p: tensor<i1>) {
  executor.graph {
    // expected-note@+1 {{frame 'inner' is first entered here}}
    %a, %ka = executor.enter %x frame "inner" constant : tensor<f32>
    %o, %ko = executor.enter %x frame "outer" : tensor<f32>
    // expected-error@+1 {{enters frame 'inner' from frame 'outer', but it is also entered from the root frame}}
    %b, %kb = executor.enter %o frame "inner" : tensor<f32>
    executor.fetch
  }
  return
}

// -----

func.func @next_iteration_in_root(%x: tensor<f32>) {
  executor.graph {
    // expected-error@+1 {{runs in the root frame: executor.next_iteration needs a loop frame}}
    %n, %kn = executor.next_iteration %x : tensor<f32>
    executor.fetch
  }
  return
}

// -----

func.func @two_loop_conds(%x: tensor<f32>, %p: tensor<i1>) {
  executor.graph {
    %e, %ke = executor.enter %x frame "loop" : tensor<f32>
    // expected-note@+1 {{the first one}}
    %a, %ka = executor.loop_cond(%ke) %p
    // expected-error@+1 {{is a second executor.loop_cond of frame 'loop'}}
    %b, %kb = executor.loop_cond(%ke) %p
    executor.fetch
  }
  return
}

// -----

func.func @fetch_from_loop(%x: tensor<f32>) -> tensor<f32> {
  %r = executor.graph {
    %e, %ke = executor.enter %x frame "loop" : tensor<f32>
    // expected-error@+1 {{fetches a value from frame 'loop': a loop value must leave its frame through executor.exit}}
    executor.fetch %e : tensor<f32>
  }
  return %r : tensor<f32>
}

// -----

func.func @unreachable_cycle() {
  executor.graph {
    // expected-error@+1 {{is in no frame: its inputs form a cycle that no node outside it feeds}}
    %m, %i, %km = executor.merge %n : tensor<f32>
    %n, %kn = executor.next_iteration %m : tensor<f32>
    executor.fetch
  }
  return
}
