// RUN: sluice-opt %s -split-input-file -executor-lift-control-flow -verify-diagnostics

// Graphs that cannot be lifted get an error on the offending node and are
// left as they were (still executable by sluice-run).

// A merge of two inputs that are both live: TensorFlow forwards whichever
// arrives first, which no lite.if can express.
func.func @merge_both_live(%x: tensor<i32>, %y: tensor<i32>) -> tensor<i32> {
  %r = executor.graph {
    // expected-error@+1 {{cannot be lifted: its input #1 can be live together with an earlier input (always)}}
    %m, %i, %km = executor.merge %x, %y : tensor<i32>
    executor.fetch %m : tensor<i32>
  }
  return %r : tensor<i32>
}

// -----

// Two inputs live together when p is true: the first is under p, the
// second is always live.
func.func @merge_overlap(%x: tensor<i32>, %p: tensor<i1>) -> tensor<i32> {
  %r = executor.graph {
    %f, %t, %k = executor.switch %x, %p : tensor<i32>
    // expected-error@+1 {{its input #1 can be live together with an earlier input (when predicate argument #1 is true)}}
    %m, %i, %km = executor.merge %t, %x : tensor<i32>
    executor.fetch %m : tensor<i32>
  }
  return %r : tensor<i32>
}

// -----

// A fetched value only computed on one branch.
func.func @dead_fetch(%x: tensor<i32>, %p: tensor<i1>) -> tensor<i32> {
  %r = executor.graph {
    %f, %t, %k = executor.switch %x, %p : tensor<i32>
    // expected-error@+1 {{cannot be lifted: it is fetched but is dead on some paths (when predicate argument #1 is false)}}
    %n, %kn = executor.island {
      %0 = lite.neg %t : tensor<i32>
      executor.yield %0 : tensor<i32>
    }
    executor.fetch %n : tensor<i32>
  }
  return %r : tensor<i32>
}

// -----

// The loop's condition is only computed under a predicate of the loop's
// iteration.
func.func @conditional_loop_cond(%x: tensor<i32>, %q: tensor<i1>) -> tensor<i32> {
  %r = executor.graph {
    %e, %ke = executor.enter %x frame "L" : tensor<i32>
    %eq, %keq = executor.enter %q frame "L" constant : tensor<i1>
    %m, %mi, %km = executor.merge %e, %n : tensor<i32>
    %mf, %mt, %ks0 = executor.switch %m, %eq : tensor<i32>
    %p, %kp = executor.island {
      %c = lite.constant dense<3> : tensor<i32>
      %0 = lite.less %mt, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
      executor.yield %0 : tensor<i1>
    }
    // expected-error@+1 {{cannot be lifted: it needs a value that is dead on some paths}}
    %lc, %klc = executor.loop_cond %p
    %f, %t, %ks = executor.switch %m, %lc : tensor<i32>
    %b, %kb = executor.island {
      %0 = lite.neg %t : tensor<i32>
      executor.yield %0 : tensor<i32>
    }
    %n, %kn = executor.next_iteration %b : tensor<i32>
    %xx, %kx = executor.exit %f : tensor<i32>
    executor.fetch %xx : tensor<i32>
  }
  return %r : tensor<i32>
}

// -----

// A loop merge must join one enter and one next_iteration.
func.func @merge_of_two_enters(%x: tensor<i32>) -> tensor<i32> {
  %r = executor.graph {
    %e, %ke = executor.enter %x frame "L" : tensor<i32>
    %e2, %ke2 = executor.enter %x frame "L" : tensor<i32>
    // expected-error@+1 {{cannot be lifted: a loop merge must join one executor.enter of frame 'L' and one executor.next_iteration}}
    %m, %mi, %km = executor.merge %e, %e2, %n : tensor<i32>
    %p, %kp = executor.island {
      %c = lite.constant dense<3> : tensor<i32>
      %0 = lite.less %m, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
      executor.yield %0 : tensor<i1>
    }
    %lc, %klc = executor.loop_cond %p
    %f, %t, %ks = executor.switch %m, %lc : tensor<i32>
    %n, %kn = executor.next_iteration %t : tensor<i32>
    %xx, %kx = executor.exit %f : tensor<i32>
    executor.fetch %xx : tensor<i32>
  }
  return %r : tensor<i32>
}

// -----

// An enter used directly by the loop body is only there in iteration 0.
func.func @enter_used_in_body(%x: tensor<i32>) -> tensor<i32> {
  %r = executor.graph {
    %e, %ke = executor.enter %x frame "L" : tensor<i32>
    %m, %mi, %km = executor.merge %e, %n : tensor<i32>
    %p, %kp = executor.island {
      %c = lite.constant dense<3> : tensor<i32>
      %0 = lite.less %m, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
      executor.yield %0 : tensor<i1>
    }
    %lc, %klc = executor.loop_cond %p
    %f, %t, %ks = executor.switch %m, %lc : tensor<i32>
    // expected-error@+1 {{cannot be lifted: it uses executor.enter of frame 'L' directly, not through the loop's merge}}
    %b, %kb = executor.island {
      %0 = lite.add %t, %e : (tensor<i32>, tensor<i32>) -> tensor<i32>
      executor.yield %0 : tensor<i32>
    }
    %n, %kn = executor.next_iteration %b : tensor<i32>
    %xx, %kx = executor.exit %f : tensor<i32>
    executor.fetch %xx : tensor<i32>
  }
  return %r : tensor<i32>
}

// -----

// A next_iteration that feeds no merge.
func.func @next_iteration_nowhere(%x: tensor<i32>) -> tensor<i32> {
  %r = executor.graph {
    %e, %ke = executor.enter %x frame "L" : tensor<i32>
    %m, %mi, %km = executor.merge %e, %n : tensor<i32>
    %p, %kp = executor.island {
      %c = lite.constant dense<3> : tensor<i32>
      %0 = lite.less %m, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
      executor.yield %0 : tensor<i1>
    }
    %lc, %klc = executor.loop_cond %p
    %f, %t, %ks = executor.switch %m, %lc : tensor<i32>
    %n, %kn = executor.next_iteration %t : tensor<i32>
    // expected-error@+1 {{cannot be lifted: an executor.next_iteration must feed exactly one loop merge}}
    %n2, %kn2 = executor.next_iteration %t : tensor<i32>
    %xx, %kx = executor.exit %f : tensor<i32>
    executor.fetch %xx : tensor<i32>
  }
  return %r : tensor<i32>
}

// -----

// A cycle that does not go through a next_iteration.
func.func @cycle() -> tensor<i32> {
  %r = executor.graph {
    %x, %kx = executor.island {
      %0 = lite.constant dense<1> : tensor<i32>
      executor.yield %0 : tensor<i32>
    }
    // expected-error@+1 {{is on a cycle that does not pass through executor.next_iteration: it cannot be lifted}}
    %m, %i, %km = executor.merge %x, %y : tensor<i32>
    %y, %ky = executor.island {
      %0 = lite.neg %m : tensor<i32>
      executor.yield %0 : tensor<i32>
    }
    executor.fetch %y : tensor<i32>
  }
  return %r : tensor<i32>
}

// -----

// Malformed frames are reported by the frame analysis.
func.func @exit_without_enter(%x: tensor<i32>) -> tensor<i32> {
  %r = executor.graph {
    // expected-error@+1 {{leaves the root frame: no executor.enter matches this executor.exit}}
    %xx, %kx = executor.exit %x : tensor<i32>
    executor.fetch %xx : tensor<i32>
  }
  return %r : tensor<i32>
}
