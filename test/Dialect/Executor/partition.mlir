// RUN: sluice-opt %s -split-input-file -executor-partition='ranks=3' | FileCheck %s
// RUN: sluice-opt %s -split-input-file -executor-partition='ranks=3' | FileCheck %s --check-prefix=NOT

// -executor-partition splits each graph into @<name>_rank0..2 following the
// nodes' sluice.rank (0 when missing). Nodes are named by loc("..."); the
// keys are "<node>:<result>-><receiving rank>".

// Data and control edges. Every rank takes the arguments, rank 0 returns
// the results; rank 2, with no node, has an empty graph.

// CHECK: module attributes {sluice.ranks = 3 : i64}
// CHECK-LABEL: func.func @cut_rank0(%arg0: tensor<f32> {sluice.name = "x"}) -> (tensor<f32> {sluice.name = "y"})
// CHECK-NEXT:    %[[G:.*]] = executor.graph {
// CHECK-NEXT:      %[[A:.*]], %[[KA:.*]] = executor.island {
// CHECK-NEXT:        lite.neg %arg0
// CHECK:           executor.send %[[A]] key "a:0->1" to 1 : tensor<f32>
// CHECK-NEXT:      %[[TOKEN:.*]], %{{.*}} = executor.island(%[[KA]]) {
// CHECK-NEXT:        %[[FALSE:.*]] = lite.constant dense<false> : tensor<i1>
// CHECK-NEXT:        executor.yield %[[FALSE]] : tensor<i1>
// CHECK-NEXT:      }
// CHECK-NEXT:      executor.send %[[TOKEN]] key "a:ctl->1" to 1 : tensor<i1>
// CHECK-NEXT:      %[[B:.*]], %{{.*}} = executor.recv key "b:0->0" from 1 : tensor<f32>
// CHECK-NEXT:      executor.fetch %[[B]] : tensor<f32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[G]] : tensor<f32>
// CHECK-LABEL: func.func @cut_rank1(%arg0: tensor<f32> {sluice.name = "x"}) attributes {sluice.rank = 1 : i64} {
// CHECK-NEXT:    executor.graph {
// CHECK-NEXT:      %[[A:.*]], %{{.*}} = executor.recv key "a:0->1" from 0 : tensor<f32>
// CHECK-NEXT:      %[[B:.*]], %{{.*}} = executor.island {
// CHECK-NEXT:        lite.add %[[A]], %arg0
// CHECK:           executor.send %[[B]] key "b:0->0" to 0 : tensor<f32>
// CHECK-NEXT:      %{{.*}}, %[[KA:.*]] = executor.recv key "a:ctl->1" from 0 : tensor<i1>
// CHECK-NEXT:      %[[KC:.*]] = executor.control_trigger(%[[KA]])
// CHECK-NEXT:      executor.fetch(%[[KC]])
// CHECK-NEXT:    }
// CHECK-NEXT:    return
// CHECK-LABEL: func.func @cut_rank2(%arg0: tensor<f32> {sluice.name = "x"}) attributes {sluice.rank = 2 : i64} {
// CHECK-NEXT:    executor.graph {
// CHECK-NEXT:      executor.fetch
// CHECK-NEXT:    }
// CHECK-NEXT:    return
// CHECK-NOT:   func.func @cut(
func.func @cut(%x: tensor<f32> {sluice.name = "x"}) -> (tensor<f32> {sluice.name = "y"}) {
  %r = executor.graph {
    %a, %ka = executor.island {
      %0 = lite.neg %x : tensor<f32>
      executor.yield %0 : tensor<f32>
    } {sluice.rank = 0 : i64} loc("a")
    %b, %kb = executor.island {
      %0 = lite.add %a, %x : (tensor<f32>, tensor<f32>) -> tensor<f32>
      executor.yield %0 : tensor<f32>
    } {sluice.rank = 1 : i64} loc("b")
    %kc = executor.control_trigger(%ka) {sluice.rank = 1 : i64} loc("c")
    executor.fetch(%kc) %b : tensor<f32>
  }
  return %r : tensor<f32>
}

// -----

// The seed's distributed cond: the switch on rank 0, the true branch on
// rank 1. The branch's deadness travels with the values: rank 1 always
// receives, its island passes a dead value on, the merge takes the live one.

// CHECK-LABEL: func.func @cond_rank0(%arg0: tensor<f32>, %arg1: tensor<i1>) -> tensor<f32>
// CHECK:         %[[F:.*]], %[[T:.*]], %{{.*}} = executor.switch %arg0, %arg1 : tensor<f32>
// CHECK-NEXT:    executor.send %[[T]] key "s:1->1" to 1 : tensor<f32>
// CHECK-NEXT:    %[[Y:.*]], %{{.*}} = executor.recv key "neg:0->0" from 1 : tensor<f32>
// CHECK-NEXT:    %[[M:.*]], %{{.*}}, %{{.*}} = executor.merge %[[F]], %[[Y]] : tensor<f32>
// CHECK-NEXT:    executor.fetch %[[M]] : tensor<f32>
// CHECK-LABEL: func.func @cond_rank1(%arg0: tensor<f32>, %arg1: tensor<i1>) attributes {sluice.rank = 1 : i64} {
// CHECK:         %[[T:.*]], %{{.*}} = executor.recv key "s:1->1" from 0 : tensor<f32>
// CHECK-NEXT:    %[[Y:.*]], %{{.*}} = executor.island {
// CHECK-NEXT:      lite.neg %[[T]]
// CHECK:         executor.send %[[Y]] key "neg:0->0" to 0 : tensor<f32>
// CHECK-NEXT:    executor.fetch
func.func @cond(%x: tensor<f32>, %p: tensor<i1>) -> tensor<f32> {
  %r = executor.graph {
    %f, %t, %ks = executor.switch %x, %p {sluice.rank = 0 : i64} : tensor<f32> loc("s")
    %y, %ky = executor.island {
      %0 = lite.neg %t : tensor<f32>
      executor.yield %0 : tensor<f32>
    } {sluice.rank = 1 : i64} loc("neg")
    %m, %idx, %km = executor.merge %f, %y {sluice.rank = 0 : i64} : tensor<f32> loc("m")
    executor.fetch %m : tensor<f32>
  }
  return %r : tensor<f32>
}

// -----

// The seed's distributed loop: rank 0 owns the loop_cond, the body's add
// runs on rank 1. Rank 1 gets a control-loop state machine fed by the
// loop_cond rank 0 sends each iteration (marked by a loop_cond of its own:
// rank 1's frame has its pivot); its recv runs once per iteration under the
// machine's merge. Rank 0 receives a loop value too (the add's
// result, for the next_iteration), so it runs a machine as well, its switch
// reading the loop_cond directly.

// CHECK-LABEL: func.func @while_loop_rank0() -> tensor<i32>
// CHECK:         %[[C0:.*]], %{{.*}} = executor.island {
// CHECK:         %[[E:.*]], %{{.*}} = executor.enter %[[C0]] frame "while" parallel_iterations 4 : tensor<i32>
// CHECK-NEXT:    %[[Z:.*]], %{{.*}} = executor.island {
// CHECK-NEXT:      %[[ZERO:.*]] = lite.constant dense<0> : tensor<i32>
// CHECK-NEXT:      executor.yield %[[ZERO]] : tensor<i32>
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[ZE:.*]], %{{.*}} = executor.enter %[[Z]] frame "while" parallel_iterations 4 : tensor<i32>
// CHECK-NEXT:    %[[SM:.*]], %{{.*}}, %[[SMC:.*]] = executor.merge %[[ZE]], %[[SN:.*]] : tensor<i32>
// CHECK-NEXT:    %[[SF:.*]], %[[ST:.*]], %{{.*}} = executor.switch %[[SM]], %[[LC:.*]] : tensor<i32>
// CHECK-NEXT:    %[[SN]], %{{.*}} = executor.next_iteration %[[ST]] : tensor<i32>
// CHECK-NEXT:    executor.exit %[[SF]] : tensor<i32>
// CHECK-NEXT:    %[[M:.*]], %{{.*}}, %{{.*}} = executor.merge %[[E]], %[[N:.*]] : tensor<i32>
// CHECK:         %[[LC]], %{{.*}} = executor.loop_cond
// CHECK-NEXT:    executor.send %[[LC]] key "lc:0->1" to 1 : tensor<i1>
// CHECK-NEXT:    %[[F:.*]], %[[T:.*]], %{{.*}} = executor.switch %[[M]], %[[LC]] : tensor<i32>
// CHECK-NEXT:    executor.send %[[T]] key "s:1->1" to 1 : tensor<i32>
// CHECK-NEXT:    %[[B:.*]], %{{.*}} = executor.recv(%[[SMC]]) key "b:0->0" from 1 : tensor<i32>
// CHECK-NEXT:    %[[N]], %{{.*}} = executor.next_iteration %[[B]] : tensor<i32>
// CHECK-NEXT:    %[[X:.*]], %{{.*}} = executor.exit %[[F]] : tensor<i32>
// CHECK-NEXT:    executor.fetch %[[X]] : tensor<i32>
// CHECK-LABEL: func.func @while_loop_rank1() attributes {sluice.rank = 1 : i64} {
// CHECK-NEXT:    executor.graph {
// CHECK-NEXT:      %[[Z:.*]], %{{.*}} = executor.island {
// CHECK-NEXT:        %[[ZERO:.*]] = lite.constant dense<0> : tensor<i32>
// CHECK-NEXT:        executor.yield %[[ZERO]] : tensor<i32>
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[ZE:.*]], %{{.*}} = executor.enter %[[Z]] frame "while" parallel_iterations 4 : tensor<i32>
// CHECK-NEXT:      %[[SM:.*]], %{{.*}}, %[[SMC:.*]] = executor.merge %[[ZE]], %[[SN:.*]] : tensor<i32>
// CHECK-NEXT:      %[[P:.*]], %{{.*}} = executor.recv(%[[SMC]]) key "lc:0->1" from 0 : tensor<i1>
// CHECK-NEXT:      %[[PLC:.*]], %{{.*}} = executor.loop_cond %[[P]]
// CHECK-NEXT:      %[[SF:.*]], %[[ST:.*]], %{{.*}} = executor.switch %[[SM]], %[[PLC]] : tensor<i32>
// CHECK-NEXT:      %[[SN]], %{{.*}} = executor.next_iteration %[[ST]] : tensor<i32>
// CHECK-NEXT:      executor.exit %[[SF]] : tensor<i32>
// CHECK-NEXT:      %[[T:.*]], %{{.*}} = executor.recv(%[[SMC]]) key "s:1->1" from 0 : tensor<i32>
// CHECK-NEXT:      %[[B:.*]], %{{.*}} = executor.island {
// CHECK-NEXT:        lite.constant dense<1>
// CHECK-NEXT:        lite.add %[[T]]
// CHECK:           executor.send %[[B]] key "b:0->0" to 0 : tensor<i32>
// CHECK-NEXT:      executor.fetch
// CHECK-LABEL: func.func @while_loop_rank2() attributes {sluice.rank = 2 : i64} {
// CHECK-NEXT:    executor.graph {
// CHECK-NEXT:      executor.fetch
func.func @while_loop() -> tensor<i32> {
  %r = executor.graph {
    %c0, %k0 = executor.island {
      %0 = lite.constant dense<0> : tensor<i32>
      executor.yield %0 : tensor<i32>
    } loc("c0")
    %e, %ke = executor.enter %c0 frame "while" parallel_iterations 4 : tensor<i32> loc("e")
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
    } {sluice.rank = 1 : i64} loc("b")
    %n, %kn = executor.next_iteration %b : tensor<i32> loc("n")
    %x, %kx = executor.exit %f : tensor<i32> loc("x")
    executor.fetch %x : tensor<i32>
  }
  return %r : tensor<i32>
}

// -----

// Nested loops over three ranks. Rank 0 owns both loop_conds; rank 1 runs
// the inner body (stacked machines: the inner machine's zero runs once per
// iteration of the outer machine); rank 2 runs only outer-loop nodes and
// has only the outer machine. The loop invariant `inv` is used on rank 1
// only: it is copied there and its input, the outer merge's value, sent.

// NOT-LABEL: func.func @nested_loops_rank0(
// NOT-NOT:     frame "inner" constant
// NOT-LABEL: func.func @nested_loops_rank1(
// NOT-LABEL: func.func @nested_loops_rank2(
// NOT-NOT:     frame "inner"
// NOT:         return

// CHECK-LABEL: func.func @nested_loops_rank0(%arg0: tensor<i32>, %arg1: tensor<i1>) -> tensor<i32>
// CHECK:         executor.island {
// CHECK:         executor.enter %{{.*}} frame "outer" : tensor<i32>
// CHECK-NEXT:    %{{.*}}, %{{.*}}, %[[OSM:.*]] = executor.merge
// CHECK:         %[[OM:.*]], %{{.*}}, %[[KOM:.*]] = executor.merge
// CHECK-NEXT:    executor.send %[[OM]] key "om:0->1" to 1 : tensor<i32>
// CHECK-NEXT:    %[[OLC:.*]], %{{.*}} = executor.loop_cond(%[[KOM]]) %arg1
// CHECK-NEXT:    executor.send %[[OLC]] key "olc:0->1" to 1 : tensor<i1>
// CHECK-NEXT:    executor.send %[[OLC]] key "olc:0->2" to 2 : tensor<i1>
// CHECK:         executor.island(%[[OSM]]) {
// CHECK:         executor.enter %{{.*}} frame "inner" : tensor<i32>
// CHECK-NEXT:    %{{.*}}, %{{.*}}, %[[ISM:.*]] = executor.merge
// CHECK:         %[[ILC:.*]], %{{.*}} = executor.loop_cond
// CHECK-NEXT:    executor.send %[[ILC]] key "ilc:0->1" to 1 : tensor<i1>
// CHECK-NEXT:    %{{.*}}, %[[IT:.*]], %{{.*}} = executor.switch
// CHECK-NEXT:    executor.send %[[IT]] key "is:1->1" to 1 : tensor<i32>
// CHECK-NEXT:    executor.recv(%[[ISM]]) key "ib:0->0" from 1 : tensor<i32>
// CHECK-NEXT:    executor.next_iteration
// CHECK-NEXT:    %[[IOX:.*]], %{{.*}} = executor.exit
// CHECK-NEXT:    executor.send %[[IOX]] key "iox:0->2" to 2 : tensor<i32>
// CHECK-NEXT:    executor.recv(%[[OSM]]) key "ob:0->0" from 2 : tensor<i32>
// CHECK-NEXT:    executor.next_iteration
// CHECK-NEXT:    executor.fetch

// CHECK-LABEL: func.func @nested_loops_rank1(%arg0: tensor<i32>, %arg1: tensor<i1>) attributes {sluice.rank = 1 : i64} {
// CHECK:         executor.enter %{{.*}} frame "outer" : tensor<i32>
// CHECK-NEXT:    %{{.*}}, %{{.*}}, %[[OSM:.*]] = executor.merge
// CHECK-NEXT:    executor.recv(%[[OSM]]) key "olc:0->1" from 0 : tensor<i1>
// CHECK:         executor.island(%[[OSM]]) {
// CHECK:         executor.enter %{{.*}} frame "inner" : tensor<i32>
// CHECK-NEXT:    %{{.*}}, %{{.*}}, %[[ISM:.*]] = executor.merge
// CHECK-NEXT:    executor.recv(%[[ISM]]) key "ilc:0->1" from 0 : tensor<i1>
// CHECK:         %[[IT:.*]], %{{.*}} = executor.recv(%[[ISM]]) key "is:1->1" from 0 : tensor<i32>
// CHECK-NEXT:    %[[OM:.*]], %{{.*}} = executor.recv(%[[OSM]]) key "om:0->1" from 0 : tensor<i32>
// CHECK-NEXT:    %[[INV:.*]], %{{.*}} = executor.enter %[[OM]] frame "inner" constant : tensor<i32>
// CHECK-NEXT:    %[[IB:.*]], %{{.*}} = executor.island {
// CHECK-NEXT:      lite.add %[[IT]], %[[INV]]
// CHECK:         executor.send %[[IB]] key "ib:0->0" to 0 : tensor<i32>
// CHECK-NEXT:    executor.fetch

// CHECK-LABEL: func.func @nested_loops_rank2(%arg0: tensor<i32>, %arg1: tensor<i1>) attributes {sluice.rank = 2 : i64} {
// CHECK:         executor.enter %{{.*}} frame "outer" : tensor<i32>
// CHECK-NEXT:    %{{.*}}, %{{.*}}, %[[OSM:.*]] = executor.merge
// CHECK-NEXT:    executor.recv(%[[OSM]]) key "olc:0->2" from 0 : tensor<i1>
// CHECK:         %[[IOX:.*]], %{{.*}} = executor.recv(%[[OSM]]) key "iox:0->2" from 0 : tensor<i32>
// CHECK-NEXT:    %[[OB:.*]], %{{.*}} = executor.island {
// CHECK-NEXT:      lite.add %[[IOX]], %[[IOX]]
// CHECK:         executor.send %[[OB]] key "ob:0->0" to 0 : tensor<i32>
// CHECK-NEXT:    executor.fetch
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
    } {sluice.rank = 1 : i64} loc("ib")
    %in, %kin = executor.next_iteration %ib : tensor<i32> loc("in")
    %iox, %kiox = executor.exit %if : tensor<i32> loc("iox")
    %ob, %kob = executor.island {
      %0 = lite.add %iox, %iox : (tensor<i32>, tensor<i32>) -> tensor<i32>
      executor.yield %0 : tensor<i32>
    } {sluice.rank = 2 : i64} loc("ob")
    %on, %kon = executor.next_iteration %ob : tensor<i32> loc("on")
    executor.fetch %ox : tensor<i32>
  }
  return %r : tensor<i32>
}
