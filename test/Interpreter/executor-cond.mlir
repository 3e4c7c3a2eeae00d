// The seed's conditional rules: switch makes one output dead, merge forwards
// the live one, other nodes propagate deadness without computing.
// RUN: sluice-run %s --function=cond_true | FileCheck %s --check-prefix=TRUE
// RUN: sluice-run %s --function=cond_false | FileCheck %s --check-prefix=FALSE
// RUN: sluice-run %s --function=nested | FileCheck %s --check-prefix=NESTED
// RUN: sluice-run %s --function=merge_index | FileCheck %s --check-prefix=INDEX
// RUN: not sluice-run %s --function=dead_fetch 2>&1 | FileCheck %s --check-prefix=DEAD
// RUN: not sluice-run %s --function=deadlock 2>&1 | FileCheck %s --check-prefix=DEADLOCK
// RUN: echo '[1]' > %t.i1.json
// RUN: echo '[7]' > %t.i7.json
// RUN: echo '[-1]' > %t.im1.json
// RUN: sluice-run %s --function=switch_n --inputs=%t.i1.json | FileCheck %s --check-prefix=SWITCHN1
// RUN: sluice-run %s --function=switch_n --inputs=%t.i7.json | FileCheck %s --check-prefix=SWITCHNLAST
// RUN: sluice-run %s --function=switch_n --inputs=%t.im1.json | FileCheck %s --check-prefix=SWITCHNLAST
// RUN: sluice-run %s --function=dead_branch_no_compute | FileCheck %s --check-prefix=NOCOMPUTE

// tf.cond(x < y, lambda: x + z, lambda: y * y) with x=1, y=2, z=10.
// TRUE: {"outputs":[{"data":[11],"dtype":"int32","name":"output0","shape":[]}]}
func.func @cond_true() -> tensor<i32> {
  %r = executor.graph {
    %x, %kx = executor.island {
      %0 = lite.constant dense<1> : tensor<i32>
      executor.yield %0 : tensor<i32>
    }
    %y, %ky = executor.island {
      %0 = lite.constant dense<2> : tensor<i32>
      executor.yield %0 : tensor<i32>
    }
    %z, %kz = executor.island {
      %0 = lite.constant dense<10> : tensor<i32>
      executor.yield %0 : tensor<i32>
    }
    %p, %kp = executor.island {
      %0 = lite.less %x, %y : (tensor<i32>, tensor<i32>) -> tensor<i1>
      executor.yield %0 : tensor<i1>
    }
    %xf, %xt, %ks1 = executor.switch %x, %p : tensor<i32>
    %yf, %yt, %ks2 = executor.switch %y, %p : tensor<i32>
    %zf, %zt, %ks3 = executor.switch %z, %p : tensor<i32>
    %t, %kt = executor.island {
      %0 = lite.add %xt, %zt : (tensor<i32>, tensor<i32>) -> tensor<i32>
      executor.yield %0 : tensor<i32>
    }
    %f, %kf = executor.island {
      %0 = lite.mul %yf, %yf : (tensor<i32>, tensor<i32>) -> tensor<i32>
      executor.yield %0 : tensor<i32>
    }
    %m, %i, %km = executor.merge %f, %t : tensor<i32>
    executor.fetch %m : tensor<i32>
  }
  return %r : tensor<i32>
}

// The same with x=3: the false branch runs.
// FALSE: {"outputs":[{"data":[4],"dtype":"int32","name":"output0","shape":[]}]}
func.func @cond_false() -> tensor<i32> {
  %r = executor.graph {
    %x, %kx = executor.island {
      %0 = lite.constant dense<3> : tensor<i32>
      executor.yield %0 : tensor<i32>
    }
    %y, %ky = executor.island {
      %0 = lite.constant dense<2> : tensor<i32>
      executor.yield %0 : tensor<i32>
    }
    %p, %kp = executor.island {
      %0 = lite.less %x, %y : (tensor<i32>, tensor<i32>) -> tensor<i1>
      executor.yield %0 : tensor<i1>
    }
    %xf, %xt, %ks1 = executor.switch %x, %p : tensor<i32>
    %yf, %yt, %ks2 = executor.switch %y, %p : tensor<i32>
    %t, %kt = executor.island {
      %0 = lite.add %xt, %xt : (tensor<i32>, tensor<i32>) -> tensor<i32>
      executor.yield %0 : tensor<i32>
    }
    %f, %kf = executor.island {
      %0 = lite.mul %yf, %yf : (tensor<i32>, tensor<i32>) -> tensor<i32>
      executor.yield %0 : tensor<i32>
    }
    %m, %i, %km = executor.merge %t, %f : tensor<i32>
    executor.fetch %m : tensor<i32>
  }
  return %r : tensor<i32>
}

// Nested conds: outer on p (true), inner on q (false) inside the true branch.
// The result is 100 + 7 = 107 only if both switches route correctly.
// NESTED: {"outputs":[{"data":[107],"dtype":"int32","name":"output0","shape":[]}]}
func.func @nested() -> tensor<i32> {
  %r = executor.graph {
    %c:4, %kc = executor.island {
      %p = lite.constant dense<true> : tensor<i1>
      %q = lite.constant dense<false> : tensor<i1>
      %v = lite.constant dense<100> : tensor<i32>
      %s = lite.constant dense<7> : tensor<i32>
      executor.yield %p, %q, %v, %s : tensor<i1>, tensor<i1>, tensor<i32>, tensor<i32>
    }
    %vf, %vt, %k1 = executor.switch %c#2, %c#0 : tensor<i32>
    %qf, %qt, %k2 = executor.switch %c#1, %c#0 : tensor<i1>
    %sf, %st, %k3 = executor.switch %c#3, %c#0 : tensor<i32>
    // Inner cond inside the outer true branch, on q.
    %ivf, %ivt, %k4 = executor.switch %vt, %qt : tensor<i32>
    %isf, %ist, %k5 = executor.switch %st, %qt : tensor<i32>
    %inT, %k6 = executor.island {
      %0 = lite.sub %ivt, %ist : (tensor<i32>, tensor<i32>) -> tensor<i32>
      executor.yield %0 : tensor<i32>
    }
    %inF, %k7 = executor.island {
      %0 = lite.add %ivf, %isf : (tensor<i32>, tensor<i32>) -> tensor<i32>
      executor.yield %0 : tensor<i32>
    }
    %inner, %ii, %k8 = executor.merge %inF, %inT : tensor<i32>
    %outerF, %k9 = executor.island {
      %0 = lite.neg %vf : tensor<i32>
      executor.yield %0 : tensor<i32>
    }
    %outer, %oi, %k10 = executor.merge %outerF, %inner : tensor<i32>
    executor.fetch %outer : tensor<i32>
  }
  return %r : tensor<i32>
}

// value_index says which input was forwarded; external (function) values
// feed nodes directly.
// INDEX: {"outputs":[{"data":[5],"dtype":"int32","name":"output0","shape":[]},{"data":[1],"dtype":"int32","name":"output1","shape":[]}]}
func.func @merge_index() -> (tensor<i32>, tensor<i32>) {
  %r:2 = executor.graph {
    %c:2, %kc = executor.island {
      %p = lite.constant dense<true> : tensor<i1>
      %v = lite.constant dense<5> : tensor<i32>
      executor.yield %p, %v : tensor<i1>, tensor<i32>
    }
    %f, %t, %ks = executor.switch %c#1, %c#0 : tensor<i32>
    %m, %i, %km = executor.merge %f, %t : tensor<i32>
    executor.fetch %m, %i : tensor<i32>, tensor<i32>
  }
  return %r#0, %r#1 : tensor<i32>, tensor<i32>
}

// DEAD: error: fetched value #0 is dead: it was only computed on an untaken branch
func.func @dead_fetch() -> tensor<i32> {
  %r = executor.graph {
    %c:2, %kc = executor.island {
      %p = lite.constant dense<true> : tensor<i1>
      %v = lite.constant dense<5> : tensor<i32>
      executor.yield %p, %v : tensor<i1>, tensor<i32>
    }
    %f, %t, %ks = executor.switch %c#1, %c#0 : tensor<i32>
    executor.fetch %f : tensor<i32>
  }
  return %r : tensor<i32>
}

// A cycle without next_iteration never becomes ready.
// DEADLOCK: error: fetched value #0 never arrived: the graph deadlocked
// DEADLOCK: note: 'executor.island' is waiting with 1 of 2 inputs in frame '' iteration 0
func.func @deadlock() -> tensor<i32> {
  %r = executor.graph {
    %c, %kc = executor.island {
      %0 = lite.constant dense<1> : tensor<i32>
      executor.yield %0 : tensor<i32>
    }
    %x, %kx = executor.island {
      %0 = lite.add %c, %x : (tensor<i32>, tensor<i32>) -> tensor<i32>
      executor.yield %0 : tensor<i32>
    }
    executor.fetch %x : tensor<i32>
  }
  return %r : tensor<i32>
}

// A division by zero on the untaken branch is never computed; a control
// edge from a dead node makes its target dead too.
// NOCOMPUTE: {"outputs":[{"data":[7],"dtype":"int32","name":"output0","shape":[]}]}
func.func @dead_branch_no_compute() -> tensor<i32> {
  %r = executor.graph {
    %c:3, %kc = executor.island {
      %p = lite.constant dense<false> : tensor<i1>
      %zero = lite.constant dense<0> : tensor<i32>
      %seven = lite.constant dense<7> : tensor<i32>
      executor.yield %p, %zero, %seven : tensor<i1>, tensor<i32>, tensor<i32>
    }
    %zf, %zt, %ks = executor.switch %c#1, %c#0 : tensor<i32>
    %sf, %st, %ks2 = executor.switch %c#2, %c#0 : tensor<i32>
    %bad, %kbad = executor.island {
      %0 = lite.div %st, %zt : (tensor<i32>, tensor<i32>) -> tensor<i32>
      executor.yield %0 : tensor<i32>
    }
    // Runs only after %bad's control token: dead, so it does not compute.
    %alsoBad, %k2 = executor.island(%kbad) {
      %0 = lite.div %sf, %zf : (tensor<i32>, tensor<i32>) -> tensor<i32>
      executor.yield %0 : tensor<i32>
    }
    %m, %i, %km = executor.merge %alsoBad, %sf : tensor<i32>
    executor.fetch %m : tensor<i32>
  }
  return %r : tensor<i32>
}

// _SwitchN routes to output i (each branch adds 10 * (i + 1) to 5); an
// index out of range takes the last branch.
// SWITCHN1: {"outputs":[{"data":[25],"dtype":"int32","name":"output0","shape":[]},{"data":[1],"dtype":"int32","name":"output1","shape":[]}]}
// SWITCHNLAST: {"outputs":[{"data":[35],"dtype":"int32","name":"output0","shape":[]},{"data":[2],"dtype":"int32","name":"output1","shape":[]}]}
func.func @switch_n(%i: tensor<i32>) -> (tensor<i32>, tensor<i32>) {
  %r:2 = executor.graph {
    %c, %kc = executor.island {
      %0 = lite.constant dense<5> : tensor<i32>
      executor.yield %0 : tensor<i32>
    }
    %o:3, %k = executor.switch_n %c, %i outputs 3 : tensor<i32>
    %b0, %k0 = executor.island {
      %t = lite.constant dense<10> : tensor<i32>
      %0 = lite.add %o#0, %t : (tensor<i32>, tensor<i32>) -> tensor<i32>
      executor.yield %0 : tensor<i32>
    }
    %b1, %k1 = executor.island {
      %t = lite.constant dense<20> : tensor<i32>
      %0 = lite.add %o#1, %t : (tensor<i32>, tensor<i32>) -> tensor<i32>
      executor.yield %0 : tensor<i32>
    }
    %b2, %k2 = executor.island {
      %t = lite.constant dense<30> : tensor<i32>
      %0 = lite.add %o#2, %t : (tensor<i32>, tensor<i32>) -> tensor<i32>
      executor.yield %0 : tensor<i32>
    }
    %m, %idx, %km = executor.merge %b0, %b1, %b2 : tensor<i32>
    executor.fetch %m, %idx : tensor<i32>, tensor<i32>
  }
  return %r#0, %r#1 : tensor<i32>, tensor<i32>
}
