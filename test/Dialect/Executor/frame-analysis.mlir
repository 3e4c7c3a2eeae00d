// RUN: sluice-opt %s -split-input-file -test-executor-frames -o /dev/null | FileCheck %s

// Frames of executor graphs: every node's frame and each loop's parts. Nodes
// are named by their loc("...").

// The while loop of ARCHITECTURE.md: while (i < 10) i = i + 1. The exit runs
// in the loop frame; its result is back in the root frame.

// CHECK-LABEL: graph 0 in @while_loop
// CHECK-NEXT: frame <root>
// CHECK-NEXT:   nodes: c0 e
// CHECK-NEXT: frame "while/ctx" parent <root>
// CHECK-NEXT:   nodes: m lim p lc s b n x
// CHECK-NEXT:   enters: e
// CHECK-NEXT:   invariants: -
// CHECK-NEXT:   merges: m
// CHECK-NEXT:   loop_cond: lc
// CHECK-NEXT:   switches: s
// CHECK-NEXT:   next_iterations: n
// CHECK-NEXT:   exits: x
// CHECK-NOT: frame
func.func @while_loop() -> tensor<i32> {
  %r = executor.graph {
    %c0, %k0 = executor.island {
      %0 = lite.constant dense<0> : tensor<i32>
      executor.yield %0 : tensor<i32>
    } loc("c0")
    %e, %ke = executor.enter %c0 frame "while/ctx" : tensor<i32> loc("e")
    %m, %idx, %km = executor.merge %e, %n : tensor<i32> loc("m")
    %lim, %kl = executor.island(%km) {
      %1 = lite.constant dense<10> : tensor<i32>
      executor.yield %1 : tensor<i32>
    } loc("lim")
    %p, %kp = executor.island {
      %2 = lite.less %m, %lim : (tensor<i32>, tensor<i32>) -> tensor<i1>
      executor.yield %2 : tensor<i1>
    } loc("p")
    %lc, %klc = executor.loop_cond %p loc("lc")
    %f, %t, %ks = executor.switch %m, %lc : tensor<i32> loc("s")
    %b, %kb = executor.island {
      %3 = lite.constant dense<1> : tensor<i32>
      %4 = lite.add %t, %3 : (tensor<i32>, tensor<i32>) -> tensor<i32>
      executor.yield %4 : tensor<i32>
    } loc("b")
    %n, %kn = executor.next_iteration %b : tensor<i32> loc("n")
    %x, %kx = executor.exit %f : tensor<i32> loc("x")
    executor.fetch %x : tensor<i32>
  }
  return %r : tensor<i32>
}

// -----

// A cond: switch and merge without frames, all in the root frame. A node
// without a loc is named by op name and position.

// CHECK-LABEL: graph 0 in @cond
// CHECK-NEXT: frame <root>
// CHECK-NEXT:   nodes: s neg executor.merge#2
// CHECK-NOT: frame
func.func @cond(%x: tensor<f32>, %p: tensor<i1>) -> tensor<f32> {
  %r = executor.graph {
    %f, %t, %ks = executor.switch %x, %p : tensor<f32> loc("s")
    %y, %ky = executor.island {
      %0 = lite.neg %t : tensor<f32>
      executor.yield %0 : tensor<f32>
    } loc("neg")
    %m, %idx, %km = executor.merge %f, %y : tensor<f32>
    executor.fetch %m : tensor<f32>
  }
  return %r : tensor<f32>
}

// -----

// Nested loops: the inner loop adds the outer loop's value %om (entered as a
// loop invariant) to its own counter.

// CHECK-LABEL: graph 0 in @nested_loops
// CHECK-NEXT: frame <root>
// CHECK-NEXT:   nodes: oe
// CHECK-NEXT: frame "outer" parent <root>
// CHECK-NEXT:   nodes: om olc os ie inv ox on
// CHECK-NEXT:   enters: oe
// CHECK-NEXT:   invariants: -
// CHECK-NEXT:   merges: om
// CHECK-NEXT:   loop_cond: olc
// CHECK-NEXT:   switches: os
// CHECK-NEXT:   next_iterations: on
// CHECK-NEXT:   exits: ox
// CHECK-NEXT: frame "inner" parent "outer"
// CHECK-NEXT:   nodes: im ilc is ib in iox
// CHECK-NEXT:   enters: ie
// CHECK-NEXT:   invariants: inv
// CHECK-NEXT:   merges: im
// CHECK-NEXT:   loop_cond: ilc
// CHECK-NEXT:   switches: is
// CHECK-NEXT:   next_iterations: in
// CHECK-NEXT:   exits: iox
// CHECK-NOT: frame
func.func @nested_loops(%x: tensor<i32>, %p: tensor<i1>) -> tensor<i32> {
  %r = executor.graph {
    %oe, %koe = executor.enter %x frame "outer" : tensor<i32> loc("oe")
    %om, %oi, %kom = executor.merge %oe, %on : tensor<i32> loc("om")
    %olc, %kolc = executor.loop_cond(%kom) %p loc("olc")
    %of, %ot, %kos = executor.switch %om, %olc : tensor<i32> loc("os")
    %ie, %kie = executor.enter %ot frame "inner" : tensor<i32> loc("ie")
    %inv, %kinv = executor.enter %om frame "inner" constant : tensor<i32> loc("inv")
    %ox, %kox = executor.exit %of : tensor<i32> loc("ox")
    %im, %ii, %kim = executor.merge %ie, %in : tensor<i32> loc("im")
    %ilc, %kilc = executor.loop_cond(%kim) %p loc("ilc")
    %if, %it, %kis = executor.switch %im, %ilc : tensor<i32> loc("is")
    %ib, %kib = executor.island {
      %0 = lite.add %it, %inv : (tensor<i32>, tensor<i32>) -> tensor<i32>
      executor.yield %0 : tensor<i32>
    } loc("ib")
    %in, %kin = executor.next_iteration %ib : tensor<i32> loc("in")
    %iox, %kiox = executor.exit %if : tensor<i32> loc("iox")
    %on, %kon = executor.next_iteration %iox : tensor<i32> loc("on")
    executor.fetch %ox : tensor<i32>
  }
  return %r : tensor<i32>
}

// -----

// A loop inside the true branch of a cond: the switch and merge of the cond
// stay in the root frame.

// CHECK-LABEL: graph 0 in @loop_in_cond
// CHECK-NEXT: frame <root>
// CHECK-NEXT:   nodes: cs e cm
// CHECK-NEXT: frame "loop" parent <root>
// CHECK-NEXT:   nodes: m lc s n x
// CHECK-NEXT:   enters: e
// CHECK-NEXT:   invariants: -
// CHECK-NEXT:   merges: m
// CHECK-NEXT:   loop_cond: lc
// CHECK-NEXT:   switches: s
// CHECK-NEXT:   next_iterations: n
// CHECK-NEXT:   exits: x
// CHECK-NOT: frame
func.func @loop_in_cond(%v: tensor<f32>, %p: tensor<i1>, %q: tensor<i1>) -> tensor<f32> {
  %r = executor.graph {
    %cf, %ct, %kcs = executor.switch %v, %p : tensor<f32> loc("cs")
    %e, %ke = executor.enter %ct frame "loop" : tensor<f32> loc("e")
    %m, %i, %km = executor.merge %e, %n : tensor<f32> loc("m")
    %lc, %klc = executor.loop_cond(%km) %q loc("lc")
    %f, %t, %ks = executor.switch %m, %lc : tensor<f32> loc("s")
    %n, %kn = executor.next_iteration %t : tensor<f32> loc("n")
    %x, %kx = executor.exit %f : tensor<f32> loc("x")
    %cm, %ci, %kcm = executor.merge %cf, %x : tensor<f32> loc("cm")
    executor.fetch %cm : tensor<f32>
  }
  return %r : tensor<f32>
}

// -----

// A cond inside a loop body: its switch (predicate not the loop_cond) and its
// merge (not fed by a next_iteration) are body nodes, not loop parts.

// CHECK-LABEL: graph 0 in @cond_in_loop
// CHECK-NEXT: frame <root>
// CHECK-NEXT:   nodes: e
// CHECK-NEXT: frame "loop" parent <root>
// CHECK-NEXT:   nodes: m lc s cs neg cm n x
// CHECK-NEXT:   enters: e
// CHECK-NEXT:   invariants: -
// CHECK-NEXT:   merges: m
// CHECK-NEXT:   loop_cond: lc
// CHECK-NEXT:   switches: s
// CHECK-NEXT:   next_iterations: n
// CHECK-NEXT:   exits: x
// CHECK-NOT: frame
func.func @cond_in_loop(%v: tensor<f32>, %p: tensor<i1>, %q: tensor<i1>) -> tensor<f32> {
  %r = executor.graph {
    %e, %ke = executor.enter %v frame "loop" : tensor<f32> loc("e")
    %m, %i, %km = executor.merge %e, %n : tensor<f32> loc("m")
    %lc, %klc = executor.loop_cond(%km) %p loc("lc")
    %f, %t, %ks = executor.switch %m, %lc : tensor<f32> loc("s")
    %cf, %ct, %kcs = executor.switch(%ks) %t, %q : tensor<f32> loc("cs")
    %y, %ky = executor.island {
      %0 = lite.neg %ct : tensor<f32>
      executor.yield %0 : tensor<f32>
    } loc("neg")
    %cm, %ci, %kcm = executor.merge %cf, %y : tensor<f32> loc("cm")
    %n, %kn = executor.next_iteration %cm : tensor<f32> loc("n")
    %x, %kx = executor.exit %f : tensor<f32> loc("x")
    executor.fetch %x : tensor<f32>
  }
  return %r : tensor<f32>
}
