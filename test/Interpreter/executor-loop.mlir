// The seed's loop rules: enter moves a value into a frame (constant enters
// into every iteration), merge/switch/next_iteration iterate, exit leaves.
// RUN: echo '{"arg0": 0}' > %t.n0.json
// RUN: echo '{"arg0": 1}' > %t.n1.json
// RUN: echo '{"arg0": 5}' > %t.n5.json
// RUN: sluice-run %s --function=sum --inputs=%t.n0.json | FileCheck %s --check-prefix=ZERO
// RUN: sluice-run %s --function=sum --inputs=%t.n1.json | FileCheck %s --check-prefix=ONE
// RUN: sluice-run %s --function=sum --inputs=%t.n5.json | FileCheck %s --check-prefix=MANY
// RUN: sluice-run %s --function=sum_serial --inputs=%t.n5.json | FileCheck %s --check-prefix=MANY
// RUN: not sluice-run %s --function=sum --inputs=%t.n5.json --max-iterations=3 2>&1 | FileCheck %s --check-prefix=RUNAWAY
// RUN: sluice-run %s --function=nested --inputs=%t.n5.json | FileCheck %s --check-prefix=NESTED
// RUN: sluice-run %s --function=cond_in_body --inputs=%t.n5.json | FileCheck %s --check-prefix=CONDBODY
// RUN: echo '{"arg0": 5, "arg1": true}' > %t.taken.json
// RUN: echo '{"arg0": 5, "arg1": false}' > %t.untaken.json
// RUN: sluice-run %s --function=loop_in_cond --inputs=%t.taken.json | FileCheck %s --check-prefix=TAKEN
// RUN: sluice-run %s --function=loop_in_cond --inputs=%t.untaken.json | FileCheck %s --check-prefix=UNTAKEN
// RUN: not sluice-run %s --function=two_frames 2>&1 | FileCheck %s --check-prefix=FRAMES

// sum(3 * i for i in range(n)), returned with the final i.
// The constant 1 hangs off the loop pivot by a control edge, as
// tf.while_loop builds it.
// ZERO: {"outputs":[{"data":[0],"dtype":"int32","name":"output0","shape":[]},{"data":[0],"dtype":"int32","name":"output1","shape":[]}]}
// ONE: {"outputs":[{"data":[1],"dtype":"int32","name":"output0","shape":[]},{"data":[0],"dtype":"int32","name":"output1","shape":[]}]}
// MANY: {"outputs":[{"data":[5],"dtype":"int32","name":"output0","shape":[]},{"data":[30],"dtype":"int32","name":"output1","shape":[]}]}
// RUNAWAY: error: frame 'L' did not finish within 3 iterations
func.func @sum(%n: tensor<i32>) -> (tensor<i32>, tensor<i32>) {
  %r:2 = executor.graph {
    %c:2, %kc = executor.island {
      %zero = lite.constant dense<0> : tensor<i32>
      %k = lite.constant dense<3> : tensor<i32>
      executor.yield %zero, %k : tensor<i32>, tensor<i32>
    }
    %ei, %kei = executor.enter %c#0 frame "L" : tensor<i32>
    %eacc, %keacc = executor.enter %c#0 frame "L" : tensor<i32>
    %en, %ken = executor.enter %n frame "L" constant : tensor<i32>
    %ek, %kek = executor.enter %c#1 frame "L" constant : tensor<i32>
    %mi, %ii, %kmi = executor.merge %ei, %ni : tensor<i32>
    %macc, %iacc, %kmacc = executor.merge %eacc, %nacc : tensor<i32>
    %p, %kp = executor.island {
      %0 = lite.less %mi, %en : (tensor<i32>, tensor<i32>) -> tensor<i1>
      executor.yield %0 : tensor<i1>
    }
    %lc, %klc = executor.loop_cond %p
    %fi, %ti, %ksi = executor.switch %mi, %lc : tensor<i32>
    %facc, %tacc, %ksacc = executor.switch %macc, %lc : tensor<i32>
    %idi, %kidi = executor.island {
      executor.yield %ti : tensor<i32>
    }
    %one, %kone = executor.island(%kidi) {
      %0 = lite.constant dense<1> : tensor<i32>
      executor.yield %0 : tensor<i32>
    }
    %bi, %kbi = executor.island {
      %0 = lite.add %idi, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
      executor.yield %0 : tensor<i32>
    }
    %bacc, %kbacc = executor.island {
      %0 = lite.mul %idi, %ek : (tensor<i32>, tensor<i32>) -> tensor<i32>
      %1 = lite.add %tacc, %0 : (tensor<i32>, tensor<i32>) -> tensor<i32>
      executor.yield %1 : tensor<i32>
    }
    %ni, %kni = executor.next_iteration %bi : tensor<i32>
    %nacc, %knacc = executor.next_iteration %bacc : tensor<i32>
    %xi, %kxi = executor.exit %fi : tensor<i32>
    %xacc, %kxacc = executor.exit %facc : tensor<i32>
    executor.fetch %xi, %xacc : tensor<i32>, tensor<i32>
  }
  return %r#0, %r#1 : tensor<i32>, tensor<i32>
}

// The same loop with one iteration in flight at a time.
func.func @sum_serial(%n: tensor<i32>) -> (tensor<i32>, tensor<i32>) {
  %r:2 = executor.graph {
    %c:2, %kc = executor.island {
      %zero = lite.constant dense<0> : tensor<i32>
      %k = lite.constant dense<3> : tensor<i32>
      executor.yield %zero, %k : tensor<i32>, tensor<i32>
    }
    %ei, %kei = executor.enter %c#0 frame "L" parallel_iterations 1 : tensor<i32>
    %eacc, %keacc = executor.enter %c#0 frame "L" parallel_iterations 1 : tensor<i32>
    %en, %ken = executor.enter %n frame "L" constant parallel_iterations 1 : tensor<i32>
    %ek, %kek = executor.enter %c#1 frame "L" constant parallel_iterations 1 : tensor<i32>
    %mi, %ii, %kmi = executor.merge %ei, %ni : tensor<i32>
    %macc, %iacc, %kmacc = executor.merge %eacc, %nacc : tensor<i32>
    %p, %kp = executor.island {
      %0 = lite.less %mi, %en : (tensor<i32>, tensor<i32>) -> tensor<i1>
      executor.yield %0 : tensor<i1>
    }
    %lc, %klc = executor.loop_cond %p
    %fi, %ti, %ksi = executor.switch %mi, %lc : tensor<i32>
    %facc, %tacc, %ksacc = executor.switch %macc, %lc : tensor<i32>
    %bi, %kbi = executor.island(%ksi) {
      %one = lite.constant dense<1> : tensor<i32>
      %0 = lite.add %ti, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
      executor.yield %0 : tensor<i32>
    }
    %bacc, %kbacc = executor.island {
      %0 = lite.mul %ti, %ek : (tensor<i32>, tensor<i32>) -> tensor<i32>
      %1 = lite.add %tacc, %0 : (tensor<i32>, tensor<i32>) -> tensor<i32>
      executor.yield %1 : tensor<i32>
    }
    %ni, %kni = executor.next_iteration %bi : tensor<i32>
    %nacc, %knacc = executor.next_iteration %bacc : tensor<i32>
    %xi, %kxi = executor.exit %fi : tensor<i32>
    %xacc, %kxacc = executor.exit %facc : tensor<i32>
    executor.fetch %xi, %xacc : tensor<i32>, tensor<i32>
  }
  return %r#0, %r#1 : tensor<i32>, tensor<i32>
}

// for i in range(n): for j in range(i): acc += k, with k a constant of the
// outer loop entered again as a constant of the inner loop.
// k = 2, n = 5: 2 * (0 + 1 + 2 + 3 + 4) = 20.
// NESTED: {"outputs":[{"data":[20],"dtype":"int32","name":"output0","shape":[]}]}
func.func @nested(%n: tensor<i32>) -> tensor<i32> {
  %r = executor.graph {
    %c:3, %kc = executor.island {
      %zero = lite.constant dense<0> : tensor<i32>
      %one = lite.constant dense<1> : tensor<i32>
      %k = lite.constant dense<2> : tensor<i32>
      executor.yield %zero, %one, %k : tensor<i32>, tensor<i32>, tensor<i32>
    }
    // Outer loop "O": i, acc.
    %oi0, %k1 = executor.enter %c#0 frame "O" : tensor<i32>
    %oacc0, %k2 = executor.enter %c#0 frame "O" : tensor<i32>
    %on, %k3 = executor.enter %n frame "O" constant : tensor<i32>
    %ok, %k4 = executor.enter %c#2 frame "O" constant : tensor<i32>
    %oone, %k5 = executor.enter %c#1 frame "O" constant : tensor<i32>
    %ozero, %k6 = executor.enter %c#0 frame "O" constant : tensor<i32>
    %oi, %x1, %k7 = executor.merge %oi0, %oinext : tensor<i32>
    %oacc, %x2, %k8 = executor.merge %oacc0, %oaccnext : tensor<i32>
    %op, %k9 = executor.island {
      %0 = lite.less %oi, %on : (tensor<i32>, tensor<i32>) -> tensor<i1>
      executor.yield %0 : tensor<i1>
    }
    %olc, %k10 = executor.loop_cond %op
    %oif, %oit, %k11 = executor.switch %oi, %olc : tensor<i32>
    %oaccf, %oacct, %k12 = executor.switch %oacc, %olc : tensor<i32>
    // Inner loop "I" in the outer body: j from 0 while j < i.
    %ij0, %k13 = executor.enter %ozero frame "I" : tensor<i32>
    %iacc0, %k14 = executor.enter %oacct frame "I" : tensor<i32>
    %ilim, %k15 = executor.enter %oit frame "I" constant : tensor<i32>
    %ik, %k16 = executor.enter %ok frame "I" constant : tensor<i32>
    %ione, %k17 = executor.enter %oone frame "I" constant : tensor<i32>
    %ij, %x3, %k18 = executor.merge %ij0, %ijnext : tensor<i32>
    %iacc, %x4, %k19 = executor.merge %iacc0, %iaccnext : tensor<i32>
    %ip, %k20 = executor.island {
      %0 = lite.less %ij, %ilim : (tensor<i32>, tensor<i32>) -> tensor<i1>
      executor.yield %0 : tensor<i1>
    }
    %ilc, %k21 = executor.loop_cond %ip
    %ijf, %ijt, %k22 = executor.switch %ij, %ilc : tensor<i32>
    %iaccf, %iacct, %k23 = executor.switch %iacc, %ilc : tensor<i32>
    %ib:2, %k24 = executor.island {
      %0 = lite.add %ijt, %ione : (tensor<i32>, tensor<i32>) -> tensor<i32>
      %1 = lite.add %iacct, %ik : (tensor<i32>, tensor<i32>) -> tensor<i32>
      executor.yield %0, %1 : tensor<i32>, tensor<i32>
    }
    %ijnext, %k25 = executor.next_iteration %ib#0 : tensor<i32>
    %iaccnext, %k26 = executor.next_iteration %ib#1 : tensor<i32>
    %iaccout, %k27 = executor.exit %iaccf : tensor<i32>
    %ob, %k28 = executor.island {
      %0 = lite.add %oit, %oone : (tensor<i32>, tensor<i32>) -> tensor<i32>
      executor.yield %0 : tensor<i32>
    }
    %oinext, %k29 = executor.next_iteration %ob : tensor<i32>
    %oaccnext, %k30 = executor.next_iteration %iaccout : tensor<i32>
    %oaccout, %k31 = executor.exit %oaccf : tensor<i32>
    executor.fetch %oaccout : tensor<i32>
  }
  return %r : tensor<i32>
}

// A cond inside the loop body: acc += i if i is even else -1.
// n = 5: 0 - 1 + 2 - 1 + 4 = 4.
// CONDBODY: {"outputs":[{"data":[4],"dtype":"int32","name":"output0","shape":[]}]}
func.func @cond_in_body(%n: tensor<i32>) -> tensor<i32> {
  %r = executor.graph {
    %c:3, %kc = executor.island {
      %zero = lite.constant dense<0> : tensor<i32>
      %one = lite.constant dense<1> : tensor<i32>
      %two = lite.constant dense<2> : tensor<i32>
      executor.yield %zero, %one, %two : tensor<i32>, tensor<i32>, tensor<i32>
    }
    %ei, %k1 = executor.enter %c#0 frame "L" : tensor<i32>
    %eacc, %k2 = executor.enter %c#0 frame "L" : tensor<i32>
    %en, %k3 = executor.enter %n frame "L" constant : tensor<i32>
    %eone, %k4 = executor.enter %c#1 frame "L" constant : tensor<i32>
    %etwo, %k5 = executor.enter %c#2 frame "L" constant : tensor<i32>
    %ezero, %k6 = executor.enter %c#0 frame "L" constant : tensor<i32>
    %mi, %x1, %k7 = executor.merge %ei, %ni : tensor<i32>
    %macc, %x2, %k8 = executor.merge %eacc, %nacc : tensor<i32>
    %p, %k9 = executor.island {
      %0 = lite.less %mi, %en : (tensor<i32>, tensor<i32>) -> tensor<i1>
      executor.yield %0 : tensor<i1>
    }
    %lc, %k10 = executor.loop_cond %p
    %fi, %ti, %k11 = executor.switch %mi, %lc : tensor<i32>
    %facc, %tacc, %k12 = executor.switch %macc, %lc : tensor<i32>
    %even, %k13 = executor.island {
      %0 = lite.floor_mod %ti, %etwo : (tensor<i32>, tensor<i32>) -> tensor<i32>
      %1 = lite.equal %0, %ezero : (tensor<i32>, tensor<i32>) -> tensor<i1>
      executor.yield %1 : tensor<i1>
    }
    %cif, %cit, %k14 = executor.switch %ti, %even : tensor<i32>
    %caccf, %cacct, %k15 = executor.switch %tacc, %even : tensor<i32>
    %then, %k16 = executor.island {
      %0 = lite.add %cacct, %cit : (tensor<i32>, tensor<i32>) -> tensor<i32>
      executor.yield %0 : tensor<i32>
    }
    %else, %k17 = executor.island {
      %0 = lite.sub %caccf, %eone : (tensor<i32>, tensor<i32>) -> tensor<i32>
      executor.yield %0 : tensor<i32>
    }
    %newacc, %x3, %k18 = executor.merge %else, %then : tensor<i32>
    // A constant hanging off the pivot by a control edge: it runs in every
    // iteration, live even in the last one, where the add it feeds is dead.
    %step, %k23 = executor.island(%k10) {
      %0 = lite.constant dense<1> : tensor<i32>
      executor.yield %0 : tensor<i32>
    }
    %bi, %k19 = executor.island {
      %0 = lite.add %ti, %step : (tensor<i32>, tensor<i32>) -> tensor<i32>
      executor.yield %0 : tensor<i32>
    }
    %ni, %k20 = executor.next_iteration %bi : tensor<i32>
    %nacc, %k21 = executor.next_iteration %newacc : tensor<i32>
    %xacc, %k22 = executor.exit %facc : tensor<i32>
    executor.fetch %xacc : tensor<i32>
  }
  return %r : tensor<i32>
}

// A node fed from inside a frame and from the root frame at once.
// FRAMES: error: receives inputs from two frames, '' and 'L'
func.func @two_frames() -> tensor<i32> {
  %r = executor.graph {
    %c, %kc = executor.island {
      %zero = lite.constant dense<0> : tensor<i32>
      executor.yield %zero : tensor<i32>
    }
    %e, %ke = executor.enter %c frame "L" : tensor<i32>
    %bad, %kb = executor.island {
      %0 = lite.add %e, %c : (tensor<i32>, tensor<i32>) -> tensor<i32>
      executor.yield %0 : tensor<i32>
    }
    executor.fetch %c : tensor<i32>
  }
  return %r : tensor<i32>
}

// p ? (loop: 2^n) : 42. On the untaken side the loop's enters are dead: its
// merges fire dead once nothing else can run, its exits leave dead, and the
// outer merge forwards the live branch.
// TAKEN: {"outputs":[{"data":[32],"dtype":"int32","name":"output0","shape":[]}]}
// UNTAKEN: {"outputs":[{"data":[42],"dtype":"int32","name":"output0","shape":[]}]}
func.func @loop_in_cond(%n: tensor<i32>, %p: tensor<i1>) -> tensor<i32> {
  %r = executor.graph {
    %c:3, %kc = executor.island {
      %zero = lite.constant dense<0> : tensor<i32>
      %one = lite.constant dense<1> : tensor<i32>
      %answer = lite.constant dense<42> : tensor<i32>
      executor.yield %zero, %one, %answer : tensor<i32>, tensor<i32>, tensor<i32>
    }
    %zf, %zt, %k1 = executor.switch %c#0, %p : tensor<i32>
    %of, %ot, %k2 = executor.switch %c#1, %p : tensor<i32>
    %nf, %nt, %k3 = executor.switch %n, %p : tensor<i32>
    %af, %at, %k4 = executor.switch %c#2, %p : tensor<i32>
    // The loop, in the true branch.
    %ei, %k5 = executor.enter %zt frame "L" : tensor<i32>
    %ex, %k6 = executor.enter %ot frame "L" : tensor<i32>
    %en, %k7 = executor.enter %nt frame "L" constant : tensor<i32>
    %eone, %k8 = executor.enter %ot frame "L" constant : tensor<i32>
    %mi, %x1, %k9 = executor.merge %ei, %ni : tensor<i32>
    %mx, %x2, %k10 = executor.merge %ex, %nx : tensor<i32>
    %lp, %k11 = executor.island {
      %0 = lite.less %mi, %en : (tensor<i32>, tensor<i32>) -> tensor<i1>
      executor.yield %0 : tensor<i1>
    }
    %lc, %k12 = executor.loop_cond %lp
    %fi, %ti, %k13 = executor.switch %mi, %lc : tensor<i32>
    %fx, %tx, %k14 = executor.switch %mx, %lc : tensor<i32>
    %b:2, %k15 = executor.island {
      %0 = lite.add %ti, %eone : (tensor<i32>, tensor<i32>) -> tensor<i32>
      %1 = lite.add %tx, %tx : (tensor<i32>, tensor<i32>) -> tensor<i32>
      executor.yield %0, %1 : tensor<i32>, tensor<i32>
    }
    %ni, %k16 = executor.next_iteration %b#0 : tensor<i32>
    %nx, %k17 = executor.next_iteration %b#1 : tensor<i32>
    %out, %k18 = executor.exit %fx : tensor<i32>
    // The false branch: 42.
    %m, %idx, %k19 = executor.merge %af, %out : tensor<i32>
    executor.fetch %m : tensor<i32>
  }
  return %r : tensor<i32>
}
