// RUN: sluice-opt %s -split-input-file -executor-lift-control-flow | FileCheck %s

// -executor-lift-control-flow on its own (no canonicalization): every node is
// emitted under exactly the predicates that make it live; values leave a
// lite.if through its results, the other branch yielding a zero placeholder.

// TensorFlow's while_loop(lambda i: i < 10, lambda i: i + 1, [0]).
// CHECK-LABEL: func.func @while_loop
// CHECK-NEXT:    %[[C0:.*]] = lite.constant dense<0> : tensor<i32>
// CHECK-NEXT:    %[[R:.*]] = lite.while (%[[I:.*]] = %[[C0]]) : (tensor<i32>) -> tensor<i32> cond {
// CHECK-NEXT:      %[[LIM:.*]] = lite.constant dense<10> : tensor<i32>
// CHECK-NEXT:      %[[P:.*]] = lite.less %[[I]], %[[LIM]]
// CHECK-NEXT:      lite.yield %[[P]] : tensor<i1>
// CHECK-NEXT:    } body {
// CHECK-NEXT:      %[[ONE:.*]] = lite.constant dense<1> : tensor<i32>
// CHECK-NEXT:      %[[N:.*]] = lite.add %[[I]], %[[ONE]]
// CHECK-NEXT:      lite.yield %[[N]] : tensor<i32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]] : tensor<i32>
func.func @while_loop() -> tensor<i32> {
  %r = executor.graph {
    %c0, %k0 = executor.island {
      %0 = lite.constant dense<0> : tensor<i32>
      executor.yield %0 : tensor<i32>
    }
    %e, %ke = executor.enter %c0 frame "while/ctx" : tensor<i32>
    %m, %idx, %km = executor.merge %e, %n : tensor<i32>
    %lim, %kl = executor.island(%km) {
      %1 = lite.constant dense<10> : tensor<i32>
      executor.yield %1 : tensor<i32>
    }
    %p, %kp = executor.island {
      %2 = lite.less %m, %lim : (tensor<i32>, tensor<i32>) -> tensor<i1>
      executor.yield %2 : tensor<i1>
    }
    %lc, %klc = executor.loop_cond %p
    %f, %t, %ks = executor.switch %m, %lc : tensor<i32>
    %b, %kb = executor.island(%km) {
      %3 = lite.constant dense<1> : tensor<i32>
      %4 = lite.add %t, %3 : (tensor<i32>, tensor<i32>) -> tensor<i32>
      executor.yield %4 : tensor<i32>
    }
    %n, %kn = executor.next_iteration %b : tensor<i32>
    %x, %kx = executor.exit %f : tensor<i32>
    executor.fetch %x : tensor<i32>
  }
  return %r : tensor<i32>
}

// -----

// CHECK-LABEL: func.func @cond
// CHECK-SAME:    (%[[X:.*]]: tensor<f32>, %[[Y:.*]]: tensor<f32>, %[[P:.*]]: tensor<i1>)
// CHECK-NEXT:    %[[B:.*]]:2 = lite.if %[[P]] -> (tensor<f32>, tensor<f32>) {
// CHECK-NEXT:      %[[C:.*]] = lite.constant dense<1.000000e+00>
// CHECK-NEXT:      %[[T:.*]] = lite.add %[[X]], %[[C]]
// CHECK-NEXT:      %[[Z:.*]] = lite.constant dense<0.000000e+00>
// CHECK-NEXT:      lite.yield %[[Z]], %[[T]]
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[F:.*]] = lite.mul %[[Y]], %[[Y]]
// CHECK-NEXT:      %[[Z2:.*]] = lite.constant dense<0.000000e+00>
// CHECK-NEXT:      lite.yield %[[F]], %[[Z2]]
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[M:.*]] = lite.if %[[P]] -> (tensor<f32>) {
// CHECK-NEXT:      lite.yield %[[B]]#1
// CHECK-NEXT:    } else {
// CHECK-NEXT:      lite.yield %[[B]]#0
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[M]]
func.func @cond(%x: tensor<f32>, %y: tensor<f32>, %p: tensor<i1>) -> tensor<f32> {
  %r = executor.graph {
    %pf, %pt, %kp = executor.switch %p, %p : tensor<i1> loc("cond/Switch")
    %st, %kst = executor.island { executor.yield %pt : tensor<i1> } loc("cond/switch_t")
    %sf, %ksf = executor.island { executor.yield %pf : tensor<i1> } loc("cond/switch_f")
    %xf, %xt, %kx = executor.switch %x, %p : tensor<f32> loc("cond/Switch_1")
    %yf, %yt, %ky = executor.switch %y, %p : tensor<f32> loc("cond/Switch_2")
    %c, %kc = executor.island(%kst) {
      %0 = lite.constant dense<1.0> : tensor<f32>
      executor.yield %0 : tensor<f32>
    } loc("cond/Const")
    %t, %kt = executor.island {
      %0 = lite.add %xt, %c : (tensor<f32>, tensor<f32>) -> tensor<f32>
      executor.yield %0 : tensor<f32>
    } loc("cond/add")
    %f, %kf = executor.island {
      %0 = lite.mul %yf, %yf : (tensor<f32>, tensor<f32>) -> tensor<f32>
      executor.yield %0 : tensor<f32>
    } loc("cond/mul")
    %m, %i, %km = executor.merge %f, %t : tensor<f32> loc("cond/Merge")
    executor.fetch %m : tensor<f32>
  }
  return %r : tensor<f32>
}

// -----

// A branch yields a placeholder (a zero) for what only the other branch
// computes. Its type is the one shape inference gives that branch's value
// (the fill of a constant [3] shape is a tensor<3xf32>, although the island
// declares it unranked), not a scalar that would make the if's result
// unranked once the two branches are joined.
// CHECK-LABEL: func.func @placeholder_type
// CHECK:         lite.if %{{.*}} -> (tensor<*xf32>, tensor<*xf32>) {
// CHECK:           %[[T:.*]] = lite.add {{.*}} -> tensor<*xf32>
// CHECK-NEXT:      %[[Z:.*]] = lite.constant dense<0.000000e+00> : tensor<3xf32>
// CHECK-NEXT:      lite.yield %[[Z]], %[[T]] : tensor<3xf32>, tensor<*xf32>
// CHECK-NEXT:    } else {
// CHECK:           %[[F:.*]] = lite.fill {{.*}} -> tensor<*xf32>
// CHECK-NEXT:      %[[Z2:.*]] = lite.constant dense<0.000000e+00> : tensor<3xf32>
// CHECK-NEXT:      lite.yield %[[F]], %[[Z2]] : tensor<*xf32>, tensor<3xf32>
func.func @placeholder_type(%x: tensor<3xf32>, %p: tensor<i1>) -> tensor<*xf32> {
  %r = executor.graph {
    %pf, %pt, %kp = executor.switch %p, %p : tensor<i1> loc("cond/Switch")
    %sf, %ksf = executor.island { executor.yield %pf : tensor<i1> } loc("cond/switch_f")
    %xf, %xt, %kx = executor.switch %x, %p : tensor<3xf32> loc("cond/Switch_1")
    %shape, %kshape = executor.island(%ksf) {
      %0 = lite.constant dense<3> : tensor<1xi32>
      executor.yield %0 : tensor<1xi32>
    } loc("cond/Fill/dims")
    %value, %kvalue = executor.island(%ksf) {
      %0 = lite.constant dense<2.0> : tensor<f32>
      executor.yield %0 : tensor<f32>
    } loc("cond/Fill/value")
    %f, %kf = executor.island {
      %0 = lite.fill %shape, %value : (tensor<1xi32>, tensor<f32>) -> tensor<*xf32>
      executor.yield %0 : tensor<*xf32>
    } loc("cond/Fill")
    %t, %kt = executor.island {
      %0 = lite.add %xt, %xt : (tensor<3xf32>, tensor<3xf32>) -> tensor<*xf32>
      executor.yield %0 : tensor<*xf32>
    } loc("cond/add")
    %m, %i, %km = executor.merge %f, %t : tensor<*xf32> loc("cond/Merge")
    executor.fetch %m : tensor<*xf32>
  }
  return %r : tensor<*xf32>
}

// -----

// The merge's inputs differ on two predicates (TensorFlow's converter:
// "Merge of two inputs that differ on more than one predicate"): nested ifs.
// CHECK-LABEL: func.func @two_predicates
// CHECK-SAME:    (%[[X:.*]]: tensor<i32>, %[[P:.*]]: tensor<i1>, %[[Q:.*]]: tensor<i1>)
// CHECK:         %[[V:.*]]:3 = lite.if %[[P]]
// CHECK:           lite.neg %[[X]]
// CHECK:         } else {
// CHECK-NEXT:      %[[IN:.*]] = lite.if %[[Q]]
// CHECK-NEXT:        lite.add %[[X]], %[[X]]
// CHECK:           lite.yield %{{.*}}, %[[IN]], %[[X]]
// CHECK:         %[[M:.*]] = lite.if %[[P]] -> (tensor<i32>) {
// CHECK-NEXT:      lite.yield %[[V]]#0
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[S:.*]] = lite.if %[[Q]] -> (tensor<i32>) {
// CHECK-NEXT:        lite.yield %[[V]]#1
// CHECK-NEXT:      } else {
// CHECK-NEXT:        lite.yield %[[V]]#2
// CHECK-NEXT:      }
// CHECK-NEXT:      lite.yield %[[S]]
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[M]]
func.func @two_predicates(%x: tensor<i32>, %p: tensor<i1>, %q: tensor<i1>) -> tensor<i32> {
  %r = executor.graph {
    %xf, %xt, %k1 = executor.switch %x, %p : tensor<i32> loc("outer")
    %xff, %xft, %k2 = executor.switch %xf, %q : tensor<i32> loc("inner")
    %a, %ka = executor.island {
      %0 = lite.neg %xt : tensor<i32>
      executor.yield %0 : tensor<i32>
    } loc("a")
    %b, %kb = executor.island {
      %0 = lite.add %xft, %xft : (tensor<i32>, tensor<i32>) -> tensor<i32>
      executor.yield %0 : tensor<i32>
    } loc("b")
    %m, %i, %km = executor.merge %a, %b, %xff : tensor<i32> loc("m")
    executor.fetch %m : tensor<i32>
  }
  return %r : tensor<i32>
}

// -----

// A constant predicate folds: only the taken side is emitted, no lite.if.
// CHECK-LABEL: func.func @constant_predicate
// CHECK-SAME:    (%[[X:.*]]: tensor<i32>)
// CHECK-NEXT:    %[[N:.*]] = lite.neg %[[X]]
// CHECK-NEXT:    return %[[N]]
func.func @constant_predicate(%x: tensor<i32>) -> tensor<i32> {
  %r = executor.graph {
    %p, %kp = executor.island {
      %0 = lite.constant dense<true> : tensor<i1>
      executor.yield %0 : tensor<i1>
    } loc("p")
    %f, %t, %ks = executor.switch %x, %p : tensor<i32> loc("s")
    %n, %kn = executor.island {
      %0 = lite.neg %t : tensor<i32>
      executor.yield %0 : tensor<i32>
    } loc("neg")
    %m, %i, %km = executor.merge %f, %n : tensor<i32> loc("m")
    executor.fetch %m : tensor<i32>
  }
  return %r : tensor<i32>
}


// -----

// _SwitchN + merge (a lowered tf.case): a chain of lite.ifs on index == k;
// value_index is selected alongside.
// CHECK-LABEL: func.func @switch_n
// CHECK-SAME:    (%[[X:.*]]: tensor<f32>, %[[I:.*]]: tensor<i32>)
// CHECK:         %[[K0:.*]] = lite.constant dense<0> : tensor<i32>
// CHECK-NEXT:    %[[IS0:.*]] = lite.equal %[[I]], %[[K0]]
// CHECK-NEXT:    %[[B:.*]]:2 = lite.if %[[IS0]]
// CHECK-NEXT:      lite.neg %[[X]]
// CHECK:         } else {
// CHECK-NEXT:      %[[K1:.*]] = lite.constant dense<1> : tensor<i32>
// CHECK-NEXT:      %[[IS1:.*]] = lite.equal %[[I]], %[[K1]]
// CHECK-NEXT:      lite.if %[[IS1]]
// CHECK-NEXT:        lite.exp %[[X]]
// CHECK:         %[[M:.*]]:2 = lite.if %{{.*}} -> (tensor<f32>, tensor<i32>) {
// CHECK-NEXT:      %[[V0:.*]] = lite.constant dense<0> : tensor<i32>
// CHECK-NEXT:      lite.yield %[[B]]#0, %[[V0]]
// CHECK:           lite.if %{{.*}} -> (tensor<f32>, tensor<i32>) {
// CHECK-NEXT:        %[[V1:.*]] = lite.constant dense<1> : tensor<i32>
// CHECK-NEXT:        lite.yield %[[B]]#1, %[[V1]]
// CHECK-NEXT:      } else {
// CHECK-NEXT:        %[[V2:.*]] = lite.constant dense<2> : tensor<i32>
// CHECK-NEXT:        lite.yield %[[X]], %[[V2]]
// CHECK:         return %[[M]]#0, %[[M]]#1
func.func @switch_n(%x: tensor<f32>, %i: tensor<i32>) -> (tensor<f32>, tensor<i32>) {
  %r:2 = executor.graph {
    %o:3, %k = executor.switch_n %x, %i outputs 3 : tensor<f32> loc("case")
    %b0, %k0 = executor.island {
      %0 = lite.neg %o#0 : tensor<f32>
      executor.yield %0 : tensor<f32>
    } loc("b0")
    %b1, %k1 = executor.island {
      %0 = lite.exp %o#1 : tensor<f32>
      executor.yield %0 : tensor<f32>
    } loc("b1")
    %m, %idx, %km = executor.merge %b0, %b1, %o#2 : tensor<f32> loc("m")
    executor.fetch %m, %idx : tensor<f32>, tensor<i32>
  }
  return %r#0, %r#1 : tensor<f32>, tensor<i32>
}


// -----

// A node live under a disjunction (p, or not p and q) tests the rest of its
// guard itself; the fetch is live on every path once merged with the
// remaining case.
// CHECK-LABEL: func.func @disjunctive_guard
// CHECK-SAME:    (%[[X:.*]]: tensor<i32>, %[[P:.*]]: tensor<i1>, %[[Q:.*]]: tensor<i1>)
// The merge %m selects without computing anything.
// CHECK:         %[[M:.*]] = lite.if %[[P]] -> (tensor<i32>) {
// CHECK-NEXT:      lite.yield %[[X]]
// CHECK:         %[[G:.*]] = lite.if %[[P]] -> (tensor<i1>) {
// CHECK-NEXT:      %[[TRUE:.*]] = lite.constant dense<true>
// CHECK-NEXT:      lite.yield %[[TRUE]]
// CHECK-NEXT:    } else {
// CHECK-NEXT:      lite.if %[[Q]] -> (tensor<i1>)
// CHECK:         %[[Y:.*]] = lite.if %[[G]] -> (tensor<i32>) {
// CHECK-NEXT:      %[[NEG:.*]] = lite.neg %[[M]]
// CHECK-NEXT:      lite.yield %[[NEG]]
func.func @disjunctive_guard(%x: tensor<i32>, %p: tensor<i1>, %q: tensor<i1>) -> tensor<i32> {
  %r = executor.graph {
    %xf, %xt, %k1 = executor.switch %x, %p : tensor<i32> loc("outer")
    %xff, %xft, %k2 = executor.switch %xf, %q : tensor<i32> loc("inner")
    %m, %i, %km = executor.merge %xt, %xft : tensor<i32> loc("m")
    %y, %ky = executor.island {
      %0 = lite.neg %m : tensor<i32>
      executor.yield %0 : tensor<i32>
    } loc("y")
    %z, %iz, %kz = executor.merge %y, %xff : tensor<i32> loc("z")
    executor.fetch %z : tensor<i32>
  }
  return %r : tensor<i32>
}


// -----

// A loop with a loop invariant (constant enter), a cond inside its body, two
// exits of the same value and a carried value nobody reads after the loop.
// CHECK-LABEL: func.func @loop
// CHECK-SAME:    (%[[N:.*]]: tensor<i32>, %[[STEP:.*]]: tensor<i32>)
// CHECK-NEXT:    %[[C0:.*]] = lite.constant dense<0>
// CHECK-NEXT:    %[[R:.*]]:2 = lite.while (%[[I:.*]] = %[[C0]], %[[ACC:.*]] = %[[C0]]) : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>) cond {
// CHECK-NEXT:      %[[P:.*]] = lite.less %[[I]], %[[N]]
// CHECK-NEXT:      lite.yield %[[P]]
// CHECK-NEXT:    } body {
// CHECK-NEXT:      %[[THREE:.*]] = lite.constant dense<3>
// CHECK-NEXT:      %[[SMALL:.*]] = lite.less %[[I]], %[[THREE]]
// CHECK-NEXT:      %[[NEXT:.*]] = lite.add %[[I]], %[[STEP]]
// CHECK-NEXT:      %[[T:.*]] = lite.if %[[SMALL]] -> (tensor<i32>) {
// CHECK-NEXT:        lite.add %[[ACC]], %[[I]]
// CHECK:           %[[A:.*]] = lite.if %[[SMALL]] -> (tensor<i32>) {
// CHECK-NEXT:        lite.yield %[[T]]
// CHECK-NEXT:      } else {
// CHECK-NEXT:        lite.yield %[[ACC]]
// CHECK-NEXT:      }
// CHECK-NEXT:      lite.yield %[[NEXT]], %[[A]]
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]]#0, %[[R]]#0
func.func @loop(%n: tensor<i32>, %step: tensor<i32>) -> (tensor<i32>, tensor<i32>) {
  %r:2 = executor.graph {
    %c0, %k0 = executor.island {
      %0 = lite.constant dense<0> : tensor<i32>
      executor.yield %0 : tensor<i32>
    } loc("zero")
    %e, %ke = executor.enter %c0 frame "L" : tensor<i32> loc("enter_i")
    %ea, %kea = executor.enter %c0 frame "L" : tensor<i32> loc("enter_acc")
    %en, %ken = executor.enter %n frame "L" constant : tensor<i32> loc("enter_n")
    %es, %kes = executor.enter %step frame "L" constant : tensor<i32> loc("enter_step")
    %m, %mi, %km = executor.merge %e, %ni : tensor<i32> loc("merge_i")
    %ma, %mai, %kma = executor.merge %ea, %na : tensor<i32> loc("merge_acc")
    %p, %kp = executor.island {
      %0 = lite.less %m, %en : (tensor<i32>, tensor<i32>) -> tensor<i1>
      executor.yield %0 : tensor<i1>
    } loc("less")
    %lc, %klc = executor.loop_cond %p loc("loop_cond")
    %f, %t, %ks = executor.switch %m, %lc : tensor<i32> loc("switch_i")
    %fa, %ta, %ksa = executor.switch %ma, %lc : tensor<i32> loc("switch_acc")
    %i1, %ki1 = executor.island {
      %0 = lite.add %t, %es : (tensor<i32>, tensor<i32>) -> tensor<i32>
      executor.yield %0 : tensor<i32>
    } loc("next_i")
    // if (i < 3) acc + i else acc
    %small, %ksm = executor.island {
      %0 = lite.constant dense<3> : tensor<i32>
      %1 = lite.less %t, %0 : (tensor<i32>, tensor<i32>) -> tensor<i1>
      executor.yield %1 : tensor<i1>
    } loc("small")
    %af, %at, %kac = executor.switch %ta, %small : tensor<i32> loc("cond_switch")
    %ai, %kai = executor.island {
      %0 = lite.add %at, %t : (tensor<i32>, tensor<i32>) -> tensor<i32>
      executor.yield %0 : tensor<i32>
    } loc("acc_plus_i")
    %a1, %a1i, %ka1 = executor.merge %af, %ai : tensor<i32> loc("cond_merge")
    %ni, %kni = executor.next_iteration %i1 : tensor<i32> loc("next_iteration_i")
    %na, %kna = executor.next_iteration %a1 : tensor<i32> loc("next_iteration_acc")
    %x, %kx = executor.exit %f : tensor<i32> loc("exit_i")
    %x2, %kx2 = executor.exit %f : tensor<i32> loc("exit_i_again")
    %xa, %kxa = executor.exit %fa : tensor<i32> loc("exit_acc")
    executor.fetch %x, %x2 : tensor<i32>, tensor<i32>
  }
  return %r#0, %r#1 : tensor<i32>, tensor<i32>
}


// -----

// Nested loops: the inner loop's exit feeds the outer loop's next
// iteration; the inner loop becomes a lite.while inside the outer body.
// CHECK-LABEL: func.func @nested_loops
// CHECK-SAME:    (%[[N:.*]]: tensor<i32>)
// CHECK:         lite.while (%[[I:.*]] = %{{.*}}) : (tensor<i32>) -> tensor<i32> cond {
// CHECK-NEXT:      lite.less %[[I]], %[[N]]
// CHECK:         } body {
// CHECK-NEXT:      %[[INNER:.*]] = lite.while (%[[J:.*]] = %[[I]]) : (tensor<i32>) -> tensor<i32> cond {
// CHECK-NEXT:        %[[TWO:.*]] = lite.constant dense<2>
// CHECK-NEXT:        %[[END:.*]] = lite.add %[[I]], %[[TWO]]
// CHECK-NEXT:        lite.less %[[J]], %[[END]]
// CHECK:           } body {
// CHECK-NEXT:        lite.constant dense<1>
// CHECK-NEXT:        lite.add %[[J]]
// CHECK:           lite.yield %[[INNER]]
func.func @nested_loops(%n: tensor<i32>) -> tensor<i32> {
  %r = executor.graph {
    %c0, %k0 = executor.island {
      %0 = lite.constant dense<0> : tensor<i32>
      executor.yield %0 : tensor<i32>
    } loc("zero")
    %e, %ke = executor.enter %c0 frame "outer" : tensor<i32> loc("outer/enter")
    %en, %ken = executor.enter %n frame "outer" constant : tensor<i32> loc("outer/enter_n")
    %m, %mi, %km = executor.merge %e, %next : tensor<i32> loc("outer/merge")
    %p, %kp = executor.island {
      %0 = lite.less %m, %en : (tensor<i32>, tensor<i32>) -> tensor<i1>
      executor.yield %0 : tensor<i1>
    } loc("outer/less")
    %lc, %klc = executor.loop_cond %p loc("outer/loop_cond")
    %f, %t, %ks = executor.switch %m, %lc : tensor<i32> loc("outer/switch")
    // inner: j = t; while (j < t + 2) j = j + 1
    %ie, %kie = executor.enter %t frame "inner" : tensor<i32> loc("inner/enter")
    %it, %kit = executor.enter %t frame "inner" constant : tensor<i32> loc("inner/enter_t")
    %im, %imi, %kim = executor.merge %ie, %inext : tensor<i32> loc("inner/merge")
    %ip, %kip = executor.island {
      %0 = lite.constant dense<2> : tensor<i32>
      %1 = lite.add %it, %0 : (tensor<i32>, tensor<i32>) -> tensor<i32>
      %2 = lite.less %im, %1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
      executor.yield %2 : tensor<i1>
    } loc("inner/less")
    %ilc, %kilc = executor.loop_cond %ip loc("inner/loop_cond")
    %if, %itt, %kis = executor.switch %im, %ilc : tensor<i32> loc("inner/switch")
    %ib, %kib = executor.island {
      %0 = lite.constant dense<1> : tensor<i32>
      %1 = lite.add %itt, %0 : (tensor<i32>, tensor<i32>) -> tensor<i32>
      executor.yield %1 : tensor<i32>
    } loc("inner/body")
    %inext, %kin = executor.next_iteration %ib : tensor<i32> loc("inner/next_iteration")
    %ix, %kix = executor.exit %if : tensor<i32> loc("inner/exit")
    %next, %kn = executor.next_iteration %ix : tensor<i32> loc("outer/next_iteration")
    %x, %kx = executor.exit %f : tensor<i32> loc("outer/exit")
    executor.fetch %x : tensor<i32>
  }
  return %r : tensor<i32>
}

// -----

// Variables: islands that read or assign one are effects. They are emitted
// even when only a control edge uses them, in the order control edges give
// (read, then assign, then the constant that waits for the assign), and
// their `after` handle is dropped: program order says it now. The read
// after the loop waits for its exit.
// CHECK-LABEL: func.func @variable_in_loop
// CHECK:         lite.while
// CHECK:         } body {
// CHECK:           %[[R:.*]] = lite.read_variable @v : tensor<f32>
// CHECK-NEXT:      %[[S:.*]] = lite.add %[[R]], %[[R]]
// CHECK-NEXT:      lite.assign_variable @v, %[[S]] : tensor<f32>
// CHECK-NEXT:      %[[ONE:.*]] = lite.constant dense<1> : tensor<i32>
// CHECK:         }
// CHECK-NEXT:    %[[OUT:.*]] = lite.read_variable @v : tensor<f32>
// CHECK:         return %[[OUT]]
lite.variable @v : tensor<f32>
func.func @variable_in_loop() -> tensor<f32> {
  %r = executor.graph {
    %h, %kh = executor.island {
      %0 = lite.constant dense<0> : tensor<i32>
      executor.yield %0 : tensor<i32>
    }
    %c0, %k0 = executor.island {
      %0 = lite.constant dense<0> : tensor<i32>
      executor.yield %0 : tensor<i32>
    }
    %e, %ke = executor.enter %c0 frame "while/ctx" : tensor<i32>
    %he, %khe = executor.enter %h frame "while/ctx" constant : tensor<i32>
    %m, %idx, %km = executor.merge %e, %n : tensor<i32>
    %lim, %kl = executor.island(%km) {
      %1 = lite.constant dense<3> : tensor<i32>
      executor.yield %1 : tensor<i32>
    }
    %p, %kp = executor.island {
      %2 = lite.less %m, %lim : (tensor<i32>, tensor<i32>) -> tensor<i1>
      executor.yield %2 : tensor<i1>
    }
    %lc, %klc = executor.loop_cond %p
    %f, %t, %ks = executor.switch %m, %lc : tensor<i32>
    %id, %kid = executor.island {
      executor.yield %t : tensor<i32>
    }
    %rd, %krd = executor.island(%kid) {
      %3 = lite.read_variable @v after %he : tensor<i32> : tensor<f32>
      executor.yield %3 : tensor<f32>
    }
    %ka = executor.island(%krd) {
      %4 = lite.add %rd, %rd : (tensor<f32>, tensor<f32>) -> tensor<f32>
      lite.assign_variable @v, %4 after %he : tensor<i32> : tensor<f32>
      executor.yield
    }
    %one, %kone = executor.island(%ka) {
      %5 = lite.constant dense<1> : tensor<i32>
      executor.yield %5 : tensor<i32>
    }
    %b, %kb = executor.island {
      %6 = lite.add %id, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
      executor.yield %6 : tensor<i32>
    }
    %n, %kn = executor.next_iteration %b : tensor<i32>
    %x, %kx = executor.exit %f : tensor<i32>
    %out, %kout = executor.island(%kx) {
      %7 = lite.read_variable @v after %h : tensor<i32> : tensor<f32>
      executor.yield %7 : tensor<f32>
    }
    executor.fetch %out : tensor<f32>
  }
  return %r : tensor<f32>
}
