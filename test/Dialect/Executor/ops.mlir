// RUN: sluice-opt %s | sluice-opt | FileCheck %s
// RUN: sluice-opt %s -mlir-print-op-generic | sluice-opt | FileCheck %s

// Round trip of every executor op and of each of its syntax variants.

// CHECK-LABEL: func.func @empty_graph
func.func @empty_graph() {
  // CHECK-NEXT: executor.graph {
  // CHECK-NEXT:   executor.fetch{{$}}
  // CHECK-NEXT: }
  executor.graph {
    executor.fetch
  }
  return
}

// graph and fetch: results come from the fetch; fetch with and without
// controls, with and without data.

// CHECK-LABEL: func.func @graph_results
// CHECK-SAME: (%[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<2xi32>)
func.func @graph_results(%a: tensor<f32>, %b: tensor<2xi32>) -> (tensor<f32>, tensor<2xi32>) {
  // CHECK: %[[R:.*]]:2 = executor.graph {
  // CHECK-NEXT: executor.fetch %[[A]], %[[B]] : tensor<f32>, tensor<2xi32>
  // CHECK-NEXT: }
  %r:2 = executor.graph {
    executor.fetch %a, %b : tensor<f32>, tensor<2xi32>
  }
  // CHECK-NEXT: return %[[R]]#0, %[[R]]#1
  return %r#0, %r#1 : tensor<f32>, tensor<2xi32>
}

// CHECK-LABEL: func.func @fetch_controls_only
func.func @fetch_controls_only() {
  // CHECK: executor.graph {
  // CHECK-NEXT: %[[K1:.*]] = executor.control_trigger{{$}}
  // CHECK-NEXT: %[[K2:.*]] = executor.control_trigger{{$}}
  // CHECK-NEXT: executor.fetch(%[[K1]], %[[K2]]){{$}}
  executor.graph {
    %k1 = executor.control_trigger
    %k2 = executor.control_trigger
    executor.fetch(%k1, %k2)
  }
  return
}

// CHECK-LABEL: func.func @fetch_controls_and_data
// CHECK-SAME: (%[[A:.*]]: tensor<f32>)
func.func @fetch_controls_and_data(%a: tensor<f32>) -> tensor<f32> {
  // CHECK: %[[R:.*]] = executor.graph {
  // CHECK-NEXT: %[[K:.*]] = executor.control_trigger
  // CHECK-NEXT: executor.fetch(%[[K]]) %[[A]] : tensor<f32>
  %r = executor.graph {
    %k = executor.control_trigger
    executor.fetch(%k) %a : tensor<f32>
  }
  // CHECK: return %[[R]]
  return %r : tensor<f32>
}

// A graph with an attribute dictionary.
// CHECK-LABEL: func.func @graph_attrs
func.func @graph_attrs() {
  // CHECK: executor.graph {
  // CHECK-NEXT: executor.fetch {fetch.note = 1 : i32}
  // CHECK-NEXT: } {graph.note = "x"}
  executor.graph {
    executor.fetch {fetch.note = 1 : i32}
  } {graph.note = "x"}
  return
}

// island: zero, one and several outputs; with and without controls.

// CHECK-LABEL: func.func @islands
// CHECK-SAME: (%[[A:.*]]: tensor<f32>)
func.func @islands(%a: tensor<f32>) -> (tensor<f32>, tensor<i32>, tensor<2xf32>) {
  // CHECK: %[[R:.*]]:3 = executor.graph {
  %r:3 = executor.graph {
    // No output: the only result is the control token.
    // CHECK-NEXT: %[[K0:.*]] = executor.island {
    // CHECK-NEXT:   executor.yield{{$}}
    // CHECK-NEXT: }
    %k0 = executor.island {
      executor.yield
    }
    // One output, one control operand.
    // CHECK-NEXT: %[[X:.*]], %[[K1:.*]] = executor.island(%[[K0]]) {
    // CHECK-NEXT:   %[[N:.*]] = lite.neg %[[A]] : tensor<f32>
    // CHECK-NEXT:   executor.yield %[[N]] : tensor<f32>
    // CHECK-NEXT: }
    %x, %k1 = executor.island(%k0) {
      %n = lite.neg %a : tensor<f32>
      executor.yield %n : tensor<f32>
    }
    // Several outputs, several control operands, an attribute dictionary.
    // CHECK-NEXT: %[[Y:.*]]:3, %[[K2:.*]] = executor.island(%[[K0]], %[[K1]]) {
    // CHECK-NEXT:   %[[C:.*]] = lite.constant dense<3> : tensor<i32>
    // CHECK-NEXT:   %[[V:.*]] = lite.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
    // CHECK-NEXT:   executor.yield %[[X]], %[[C]], %[[V]] : tensor<f32>, tensor<i32>, tensor<2xf32>
    // CHECK-NEXT: } {island.note}
    %y:3, %k2 = executor.island(%k0, %k1) {
      %c = lite.constant dense<3> : tensor<i32>
      %v = lite.constant dense<[1.0, 2.0]> : tensor<2xf32>
      executor.yield %x, %c, %v : tensor<f32>, tensor<i32>, tensor<2xf32>
    } {island.note}
    // CHECK-NEXT: executor.fetch(%[[K2]]) %[[Y]]#0, %[[Y]]#1, %[[Y]]#2 : tensor<f32>, tensor<i32>, tensor<2xf32>
    executor.fetch(%k2) %y#0, %y#1, %y#2 : tensor<f32>, tensor<i32>, tensor<2xf32>
  }
  // CHECK: return %[[R]]#0, %[[R]]#1, %[[R]]#2
  return %r#0, %r#1, %r#2 : tensor<f32>, tensor<i32>, tensor<2xf32>
}

// An island may use a value defined after it in the graph (graph region).
// CHECK-LABEL: func.func @island_uses_later_value
func.func @island_uses_later_value() -> tensor<i32> {
  %r = executor.graph {
    // CHECK: %[[U:.*]], %{{.*}} = executor.island {
    // CHECK-NEXT: %[[S:.*]] = lite.add %[[D:.*]], %[[D]] : (tensor<i32>, tensor<i32>) -> tensor<i32>
    // CHECK-NEXT: executor.yield %[[S]] : tensor<i32>
    %u, %ku = executor.island {
      %s = lite.add %d, %d : (tensor<i32>, tensor<i32>) -> tensor<i32>
      executor.yield %s : tensor<i32>
    }
    // CHECK: %[[D]], %{{.*}} = executor.island {
    %d, %kd = executor.island {
      %c = lite.constant dense<7> : tensor<i32>
      executor.yield %c : tensor<i32>
    }
    executor.fetch %u : tensor<i32>
  }
  return %r : tensor<i32>
}

// switch, merge, enter, exit, next_iteration, loop_cond, control_trigger:
// without controls, with one control, with several controls.

// CHECK-LABEL: func.func @nodes
// CHECK-SAME: (%[[D:.*]]: tensor<4xf32>, %[[P:.*]]: tensor<i1>, %[[U:.*]]: tensor<?xf32>)
func.func @nodes(%d: tensor<4xf32>, %p: tensor<i1>, %u: tensor<?xf32>) {
  executor.graph {
    // CHECK: %[[KA:.*]] = executor.control_trigger{{$}}
    // CHECK-NEXT: %[[KB:.*]] = executor.control_trigger(%[[KA]]){{$}}
    // CHECK-NEXT: %{{.*}} = executor.control_trigger(%[[KA]], %[[KB]]) {trigger.note}
    %ka = executor.control_trigger
    %kb = executor.control_trigger(%ka)
    %kc = executor.control_trigger(%ka, %kb) {trigger.note}

    // CHECK-NEXT: %[[F0:.*]], %[[T0:.*]], %{{.*}} = executor.switch %[[D]], %[[P]] : tensor<4xf32>
    // CHECK-NEXT: %{{.*}}, %{{.*}}, %{{.*}} = executor.switch(%[[KA]]) %[[D]], %[[P]] : tensor<4xf32>
    // CHECK-NEXT: %{{.*}}, %{{.*}}, %{{.*}} = executor.switch(%[[KA]], %[[KB]]) %[[U]], %[[P]] {switch.note} : tensor<?xf32>
    %f0, %t0, %ks0 = executor.switch %d, %p : tensor<4xf32>
    %f1, %t1, %ks1 = executor.switch(%ka) %d, %p : tensor<4xf32>
    %f2, %t2, %ks2 = executor.switch(%ka, %kb) %u, %p {switch.note} : tensor<?xf32>

    // merge with one input, with three inputs, with the functional type.
    // CHECK-NEXT: %{{.*}}, %{{.*}}, %{{.*}} = executor.merge %[[F0]] : tensor<4xf32>
    // CHECK-NEXT: %{{.*}}, %{{.*}}, %{{.*}} = executor.merge(%[[KA]]) %[[F0]], %[[T0]], %[[D]] : tensor<4xf32>
    // CHECK-NEXT: %{{.*}}, %{{.*}}, %{{.*}} = executor.merge(%[[KA]], %[[KB]]) %[[F0]], %[[U]] : (tensor<4xf32>, tensor<?xf32>) -> tensor<?xf32>
    // CHECK-NEXT: %{{.*}}, %{{.*}}, %{{.*}} = executor.merge %[[F0]], %[[T0]] : (tensor<4xf32>, tensor<4xf32>) -> tensor<*xf32>
    // CHECK-NEXT: %{{.*}}, %{{.*}}, %{{.*}} = executor.merge %[[F0]] {merge.note} : (tensor<4xf32>) -> tensor<?xf32>
    %m0, %i0, %km0 = executor.merge %f0 : tensor<4xf32>
    %m1, %i1, %km1 = executor.merge(%ka) %f0, %t0, %d : tensor<4xf32>
    %m2, %i2, %km2 = executor.merge(%ka, %kb) %f0, %u : (tensor<4xf32>, tensor<?xf32>) -> tensor<?xf32>
    %m3, %i3, %km3 = executor.merge %f0, %t0 : (tensor<4xf32>, tensor<4xf32>) -> tensor<*xf32>
    %m4, %i4, %km4 = executor.merge %f0 {merge.note} : (tensor<4xf32>) -> tensor<?xf32>
    // The functional form is printed as the short form when all types agree.
    // CHECK-NEXT: %{{.*}}, %{{.*}}, %{{.*}} = executor.merge %[[F0]], %[[T0]] : tensor<4xf32>
    %m5, %i5, %km5 = executor.merge %f0, %t0 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>

    // enter: the default parallel_iterations (10) is elided.
    // CHECK-NEXT: %{{.*}}, %{{.*}} = executor.enter %[[D]] frame "loop" : tensor<4xf32>
    // CHECK-NEXT: %{{.*}}, %{{.*}} = executor.enter %[[D]] frame "loop" : tensor<4xf32>
    // CHECK-NEXT: %{{.*}}, %{{.*}} = executor.enter %[[D]] frame "loop" constant : tensor<4xf32>
    // CHECK-NEXT: %{{.*}}, %{{.*}} = executor.enter %[[D]] frame "loop" parallel_iterations 1 : tensor<4xf32>
    // CHECK-NEXT: %{{.*}}, %{{.*}} = executor.enter(%[[KA]]) %[[U]] frame "outer/inner ctx" constant parallel_iterations 32 : tensor<?xf32>
    // CHECK-NEXT: %{{.*}}, %{{.*}} = executor.enter(%[[KA]], %[[KB]]) %[[P]] frame "loop" {enter.note} : tensor<i1>
    %e0, %ke0 = executor.enter %d frame "loop" : tensor<4xf32>
    %e1, %ke1 = executor.enter %d frame "loop" parallel_iterations 10 : tensor<4xf32>
    %e2, %ke2 = executor.enter %d frame "loop" constant : tensor<4xf32>
    %e3, %ke3 = executor.enter %d frame "loop" parallel_iterations 1 : tensor<4xf32>
    %e4, %ke4 = executor.enter(%ka) %u frame "outer/inner ctx" constant parallel_iterations 32 : tensor<?xf32>
    %e5, %ke5 = executor.enter(%ka, %kb) %p frame "loop" {enter.note} : tensor<i1>

    // CHECK-NEXT: %{{.*}}, %{{.*}} = executor.exit %[[D]] : tensor<4xf32>
    // CHECK-NEXT: %{{.*}}, %{{.*}} = executor.exit(%[[KA]]) %[[U]] : tensor<?xf32>
    // CHECK-NEXT: %{{.*}}, %{{.*}} = executor.exit(%[[KA]], %[[KB]]) %[[P]] {exit.note} : tensor<i1>
    %x0, %kx0 = executor.exit %d : tensor<4xf32>
    %x1, %kx1 = executor.exit(%ka) %u : tensor<?xf32>
    %x2, %kx2 = executor.exit(%ka, %kb) %p {exit.note} : tensor<i1>

    // CHECK-NEXT: %{{.*}}, %{{.*}} = executor.next_iteration %[[D]] : tensor<4xf32>
    // CHECK-NEXT: %{{.*}}, %{{.*}} = executor.next_iteration(%[[KA]]) %[[U]] : tensor<?xf32>
    // CHECK-NEXT: %{{.*}}, %{{.*}} = executor.next_iteration(%[[KA]], %[[KB]]) %[[P]] {next.note} : tensor<i1>
    %n0, %kn0 = executor.next_iteration %d : tensor<4xf32>
    %n1, %kn1 = executor.next_iteration(%ka) %u : tensor<?xf32>
    %n2, %kn2 = executor.next_iteration(%ka, %kb) %p {next.note} : tensor<i1>

    // CHECK-NEXT: %{{.*}}, %{{.*}} = executor.loop_cond %[[P]]{{$}}
    // CHECK-NEXT: %{{.*}}, %{{.*}} = executor.loop_cond(%[[KA]]) %[[P]]{{$}}
    // CHECK-NEXT: %{{.*}}, %{{.*}} = executor.loop_cond(%[[KA]], %[[KB]]) %[[P]] {cond.note}
    %l0, %kl0 = executor.loop_cond %p
    %l1, %kl1 = executor.loop_cond(%ka) %p
    %l2, %kl2 = executor.loop_cond(%ka, %kb) %p {cond.note}
    // CHECK-NEXT: executor.fetch
    executor.fetch
  }
  return
}

// The back edge of a loop: a next_iteration feeding a merge defined before it.

// CHECK-LABEL: func.func @cycle
// CHECK-SAME: (%[[A:.*]]: tensor<f32>)
func.func @cycle(%a: tensor<f32>) {
  executor.graph {
    // CHECK: %[[M:.*]], %{{.*}}, %{{.*}} = executor.merge %[[A]], %[[N:.*]] : tensor<f32>
    // CHECK-NEXT: %[[N]], %{{.*}} = executor.next_iteration %[[M]] : tensor<f32>
    %m, %i, %km = executor.merge %a, %n : tensor<f32>
    %n, %kn = executor.next_iteration %m : tensor<f32>
    executor.fetch
  }
  return
}

// Control edges may form a cycle too.
// CHECK-LABEL: func.func @control_cycle
func.func @control_cycle() {
  executor.graph {
    // CHECK: %[[K1:.*]] = executor.control_trigger(%[[K2:.*]]){{$}}
    // CHECK-NEXT: %[[K2]] = executor.control_trigger(%[[K1]]){{$}}
    %k1 = executor.control_trigger(%k2)
    %k2 = executor.control_trigger(%k1)
    executor.fetch
  }
  return
}

// The while loop of ARCHITECTURE.md, `while_loop(lambda i: i < 10,
// lambda i: i + 1, [0])`, as imported.

// CHECK-LABEL: func.func @while_loop
func.func @while_loop() -> tensor<i32> {
  // CHECK: %[[R:.*]] = executor.graph {
  %r = executor.graph {
    // CHECK-NEXT: %[[C0:.*]], %{{.*}} = executor.island {
    // CHECK-NEXT:   %[[V0:.*]] = lite.constant dense<0> : tensor<i32>
    // CHECK-NEXT:   executor.yield %[[V0]] : tensor<i32>
    // CHECK-NEXT: }
    %c0, %k0 = executor.island {
      %0 = lite.constant dense<0> : tensor<i32>
      executor.yield %0 : tensor<i32>
    }
    // CHECK-NEXT: %[[E:.*]], %{{.*}} = executor.enter %[[C0]] frame "while/ctx" : tensor<i32>
    %e, %ke = executor.enter %c0 frame "while/ctx" : tensor<i32>
    // CHECK-NEXT: %[[M:.*]], %{{.*}}, %[[KM:.*]] = executor.merge %[[E]], %[[N:.*]] : tensor<i32>
    %m, %idx, %km = executor.merge %e, %n : tensor<i32>
    // CHECK-NEXT: %[[LIM:.*]], %{{.*}} = executor.island(%[[KM]]) {
    // CHECK-NEXT:   %[[V1:.*]] = lite.constant dense<10> : tensor<i32>
    // CHECK-NEXT:   executor.yield %[[V1]] : tensor<i32>
    // CHECK-NEXT: }
    %lim, %kl = executor.island(%km) {
      %1 = lite.constant dense<10> : tensor<i32>
      executor.yield %1 : tensor<i32>
    }
    // CHECK-NEXT: %[[P:.*]], %{{.*}} = executor.island {
    // CHECK-NEXT:   %[[V2:.*]] = lite.less %[[M]], %[[LIM]] : (tensor<i32>, tensor<i32>) -> tensor<i1>
    // CHECK-NEXT:   executor.yield %[[V2]] : tensor<i1>
    // CHECK-NEXT: }
    %p, %kp = executor.island {
      %2 = lite.less %m, %lim : (tensor<i32>, tensor<i32>) -> tensor<i1>
      executor.yield %2 : tensor<i1>
    }
    // CHECK-NEXT: %[[LC:.*]], %{{.*}} = executor.loop_cond %[[P]]
    %lc, %klc = executor.loop_cond %p
    // CHECK-NEXT: %[[F:.*]], %[[T:.*]], %{{.*}} = executor.switch %[[M]], %[[LC]] : tensor<i32>
    %f, %t, %ks = executor.switch %m, %lc : tensor<i32>
    // CHECK-NEXT: %[[ONE:.*]], %{{.*}} = executor.island(%[[KM]]) {
    // CHECK-NEXT:   %[[V3:.*]] = lite.constant dense<1> : tensor<i32>
    // CHECK-NEXT:   executor.yield %[[V3]] : tensor<i32>
    // CHECK-NEXT: }
    %one, %k1 = executor.island(%km) {
      %3 = lite.constant dense<1> : tensor<i32>
      executor.yield %3 : tensor<i32>
    }
    // CHECK-NEXT: %[[B:.*]], %{{.*}} = executor.island {
    // CHECK-NEXT:   %[[V4:.*]] = lite.add %[[T]], %[[ONE]] : (tensor<i32>, tensor<i32>) -> tensor<i32>
    // CHECK-NEXT:   executor.yield %[[V4]] : tensor<i32>
    // CHECK-NEXT: }
    %b, %kb = executor.island {
      %4 = lite.add %t, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
      executor.yield %4 : tensor<i32>
    }
    // CHECK-NEXT: %[[N]], %{{.*}} = executor.next_iteration %[[B]] : tensor<i32>
    %n, %kn = executor.next_iteration %b : tensor<i32>
    // CHECK-NEXT: %[[X:.*]], %{{.*}} = executor.exit %[[F]] : tensor<i32>
    %x, %kx = executor.exit %f : tensor<i32>
    // CHECK-NEXT: executor.fetch %[[X]] : tensor<i32>
    executor.fetch %x : tensor<i32>
  }
  // CHECK: return %[[R]] : tensor<i32>
  return %r : tensor<i32>
}

// A cond, `tf.cond(p, lambda: -x, lambda: x * x)`: a switch, one island per
// branch, a merge of the two branch results.

// CHECK-LABEL: func.func @cond
// CHECK-SAME: (%[[X:.*]]: tensor<2xf32>, %[[P:.*]]: tensor<i1>)
func.func @cond(%x: tensor<2xf32>, %p: tensor<i1>) -> (tensor<2xf32>, tensor<i32>) {
  // CHECK: %[[R:.*]]:2 = executor.graph {
  %r:2 = executor.graph {
    // CHECK-NEXT: %[[F:.*]], %[[T:.*]], %[[KS:.*]] = executor.switch %[[X]], %[[P]] : tensor<2xf32>
    %f, %t, %ks = executor.switch %x, %p : tensor<2xf32>
    // CHECK-NEXT: %[[TV:.*]], %{{.*}} = executor.island {
    // CHECK-NEXT:   %[[NEG:.*]] = lite.neg %[[T]] : tensor<2xf32>
    // CHECK-NEXT:   executor.yield %[[NEG]] : tensor<2xf32>
    // CHECK-NEXT: }
    %tv, %kt = executor.island {
      %0 = lite.neg %t : tensor<2xf32>
      executor.yield %0 : tensor<2xf32>
    }
    // CHECK-NEXT: %[[FV:.*]], %{{.*}} = executor.island(%[[KS]]) {
    // CHECK-NEXT:   %[[SQ:.*]] = lite.mul %[[F]], %[[F]] : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    // CHECK-NEXT:   executor.yield %[[SQ]] : tensor<2xf32>
    // CHECK-NEXT: }
    %fv, %kf = executor.island(%ks) {
      %1 = lite.mul %f, %f : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
      executor.yield %1 : tensor<2xf32>
    }
    // CHECK-NEXT: %[[M:.*]], %[[I:.*]], %{{.*}} = executor.merge %[[FV]], %[[TV]] : tensor<2xf32>
    %m, %i, %km = executor.merge %fv, %tv : tensor<2xf32>
    // CHECK-NEXT: executor.fetch %[[M]], %[[I]] : tensor<2xf32>, tensor<i32>
    executor.fetch %m, %i : tensor<2xf32>, tensor<i32>
  }
  // CHECK: return %[[R]]#0, %[[R]]#1
  return %r#0, %r#1 : tensor<2xf32>, tensor<i32>
}

// Graphs nest inside islands; a graph may produce no value at all.

// CHECK-LABEL: func.func @nested_graph
func.func @nested_graph(%a: tensor<f32>) -> tensor<f32> {
  // CHECK: executor.graph {
  // CHECK-NEXT: %[[O:.*]], %{{.*}} = executor.island {
  // CHECK-NEXT:   %[[G:.*]] = executor.graph {
  // CHECK-NEXT:     %[[E:.*]], %{{.*}} = executor.exit %{{.*}} : tensor<f32>
  // CHECK-NEXT:     executor.fetch %[[E]] : tensor<f32>
  // CHECK-NEXT:   }
  // CHECK-NEXT:   executor.yield %[[G]] : tensor<f32>
  // CHECK-NEXT: }
  // CHECK-NEXT: executor.fetch %[[O]] : tensor<f32>
  %r = executor.graph {
    %o, %ko = executor.island {
      %g = executor.graph {
        %e, %ke = executor.exit %a : tensor<f32>
        executor.fetch %e : tensor<f32>
      }
      executor.yield %g : tensor<f32>
    }
    executor.fetch %o : tensor<f32>
  }
  return %r : tensor<f32>
}

// Predicates of unknown rank (as imported graphs may have) are written out;
// tensor<i1> is implied.
// CHECK-LABEL: func.func @unranked_predicates
func.func @unranked_predicates(%x: tensor<f32>, %p: tensor<*xi1>) -> tensor<f32> {
  %r = executor.graph {
    // CHECK: executor.loop_cond %{{.*}} : tensor<*xi1>
    %lc, %klc = executor.loop_cond %p : tensor<*xi1>
    // CHECK: executor.switch %{{.*}}, %{{.*}} : tensor<f32>, tensor<*xi1>
    %f, %t, %ks = executor.switch %x, %lc : tensor<f32>, tensor<*xi1>
    %m, %i, %km = executor.merge %f, %t : tensor<f32>
    executor.fetch %m : tensor<f32>
  }
  return %r : tensor<f32>
}

// CHECK-LABEL: func.func @switch_n
func.func @switch_n(%x: tensor<f32>, %i: tensor<i32>) -> tensor<f32> {
  %r = executor.graph {
    %kc = executor.island {
      executor.yield
    }
    // CHECK: %[[O:.*]]:3, %{{.*}} = executor.switch_n %{{.*}}, %{{.*}} outputs 3 : tensor<f32>
    %o:3, %k = executor.switch_n %x, %i outputs 3 : tensor<f32>
    // CHECK: executor.switch_n(%{{.*}}) %{{.*}}, %{{.*}} outputs 1 {note} : tensor<f32>
    %p:1, %k2 = executor.switch_n(%kc) %x, %i outputs 1 {note} : tensor<f32>
    // CHECK: executor.merge %[[O]]#0, %[[O]]#1, %[[O]]#2 : tensor<f32>
    %m, %idx, %km = executor.merge %o#0, %o#1, %o#2 : tensor<f32>
    executor.fetch %m : tensor<f32>
  }
  return %r : tensor<f32>
}

// The two ends of an edge -executor-partition cut: a send with its key and
// peer rank; a recv, with a control operand giving it its iteration.
// CHECK-LABEL: func.func @send_recv
func.func @send_recv(%x: tensor<f32>) -> tensor<f32> {
  %r = executor.graph {
    // CHECK: %{{.*}} = executor.send %{{.*}} key "x:0->1" to 1 : tensor<f32>
    %s = executor.send %x key "x:0->1" to 1 : tensor<f32>
    // CHECK: %{{.*}}, %{{.*}} = executor.recv(%{{.*}}) key "y:0->0" from 1 : tensor<f32>
    %y, %ky = executor.recv(%s) key "y:0->0" from 1 : tensor<f32>
    executor.fetch %y : tensor<f32>
  }
  return %r : tensor<f32>
}
