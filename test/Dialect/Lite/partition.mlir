// RUN: sluice-opt %s -split-input-file -lite-partition='ranks=3' | FileCheck %s

// -lite-partition splits each function into @<name>_rank0..2 following its
// ops' sluice.rank. Control flow is replicated on the ranks that take part;
// a value crosses where it is defined. Ops are named by loc("..."); keys are
// "<producer>:<result>-><receiving rank>", tags number the (value,
// destination) pairs.

// A cut: every rank takes the arguments, rank 0 returns the results; rank 2
// has nothing to do.
// CHECK: module attributes {sluice.ranks = 3 : i64}
// CHECK-LABEL: func.func @cut_rank0(%arg0: tensor<f32>) -> tensor<f32> attributes {sluice.rank = 0 : i64}
// CHECK-NEXT:    %[[A:.*]] = lite.neg %arg0 : tensor<f32>
// CHECK-NEXT:    lite.send %[[A]] to 1 key "a:0->1" tag 1 : tensor<f32>
// CHECK-NEXT:    %[[B:.*]] = lite.recv from 1 key "b:0->0" tag 2 : tensor<f32>
// CHECK-NEXT:    return %[[B]] : tensor<f32>
// CHECK-LABEL: func.func @cut_rank1(%arg0: tensor<f32>) attributes {sluice.rank = 1 : i64}
// CHECK-NEXT:    %[[A:.*]] = lite.recv from 0 key "a:0->1" tag 1 : tensor<f32>
// CHECK-NEXT:    %[[B:.*]] = lite.add %[[A]], %arg0
// CHECK-NEXT:    lite.send %[[B]] to 0 key "b:0->0" tag 2 : tensor<f32>
// CHECK-NEXT:    return
// CHECK-LABEL: func.func @cut_rank2(%arg0: tensor<f32>) attributes {sluice.rank = 2 : i64}
// CHECK-NEXT:    return
func.func @cut(%x: tensor<f32>) -> tensor<f32> {
  %a = lite.neg %x {sluice.rank = 0 : i64} : tensor<f32> loc("a")
  %b = lite.add %a, %x {sluice.rank = 1 : i64} : (tensor<f32>, tensor<f32>) -> tensor<f32> loc("b")
  return %b : tensor<f32>
}


// -----

// A cond whose branches sit on two ranks: the predicate goes to rank 1,
// which owns the result (its then-branch computes it); rank 0's else-branch
// sends its value to rank 1 only when that branch runs.
// CHECK-LABEL: func.func @cond_rank0
// CHECK:         %[[ZERO:.*]] = lite.constant dense<0.000000e+00>
// CHECK-NEXT:    %[[P:.*]] = lite.less %arg0, %[[ZERO]]
// CHECK-NEXT:    lite.send %[[P]] to 1 key "p:0->1" tag 1 : tensor<i1>
// CHECK-NEXT:    lite.if %[[P]] {
// CHECK-NEXT:      lite.yield
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[E:.*]] = lite.exp %arg0
// CHECK-NEXT:      lite.send %[[E]] to 1 key "e:0->1" tag 3 : tensor<f32>
// CHECK-NEXT:      lite.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[R:.*]] = lite.recv from 1 key "if:0->0" tag 2 : tensor<f32>
// CHECK-NEXT:    return %[[R]]
// CHECK-LABEL: func.func @cond_rank1
// CHECK-NEXT:    %[[P:.*]] = lite.recv from 0 key "p:0->1" tag 1 : tensor<i1>
// CHECK-NEXT:    %[[R:.*]] = lite.if %[[P]] -> (tensor<f32>) {
// CHECK-NEXT:      %[[T:.*]] = lite.neg %arg0
// CHECK-NEXT:      lite.yield %[[T]]
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[E:.*]] = lite.recv from 0 key "e:0->1" tag 3 : tensor<f32>
// CHECK-NEXT:      lite.yield %[[E]]
// CHECK-NEXT:    }
// CHECK-NEXT:    lite.send %[[R]] to 0 key "if:0->0" tag 2 : tensor<f32>
// CHECK-LABEL: func.func @cond_rank2
// CHECK-NEXT:    return
func.func @cond(%x: tensor<f32>) -> tensor<f32> {
  %zero = lite.constant dense<0.0> : tensor<f32>
  %p = lite.less %x, %zero {sluice.rank = 0 : i64} : (tensor<f32>, tensor<f32>) -> tensor<i1> loc("p")
  %r = lite.if %p -> (tensor<f32>) {
    %t = lite.neg %x {sluice.rank = 1 : i64} : tensor<f32> loc("t")
    lite.yield %t : tensor<f32>
  } else {
    %e = lite.exp %x {sluice.rank = 0 : i64} : tensor<f32> loc("e")
    lite.yield %e : tensor<f32>
  } loc("if")
  return %r : tensor<f32>
}


// -----

// A loop whose body spans two ranks: the counter and the predicate on rank
// 0, the state on rank 1. Each slot lives where its next value is computed;
// the invariant %k stays with rank 1, its only reader, sent nowhere; rank 1
// gets the predicate every iteration and sends its state once, at the end.
// CHECK-LABEL: func.func @loop_rank0
// CHECK:         %[[W:.*]] = lite.while (%[[I:.*]] = %{{.*}}) : (tensor<i32>) -> tensor<i32> cond {
// CHECK-NEXT:      %[[P:.*]] = lite.less %[[I]], %arg0
// CHECK-NEXT:      lite.send %[[P]] to 1 key "p:0->1" tag 2 : tensor<i1>
// CHECK-NEXT:      lite.yield %[[P]] : tensor<i1>
// CHECK-NEXT:    } body {
// CHECK-NEXT:      %[[I1:.*]] = lite.add %[[I]]
// CHECK-NEXT:      lite.yield %[[I1]] : tensor<i32>
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[H:.*]] = lite.recv from 1 key "while:1->0" tag 1 : tensor<4xf32>
// CHECK-NEXT:    return %[[W]], %[[H]]
// CHECK-LABEL: func.func @loop_rank1
// CHECK-NEXT:    %[[W:.*]]:2 = lite.while (%[[H:.*]] = %arg1, %[[K:.*]] = %arg2) : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) cond {
// CHECK-NEXT:      %[[P:.*]] = lite.recv from 0 key "p:0->1" tag 2 : tensor<i1>
// CHECK-NEXT:      lite.yield %[[P]] : tensor<i1>
// CHECK-NEXT:    } body {
// CHECK-NEXT:      %[[M:.*]] = lite.mul %[[H]], %[[K]]
// CHECK-NEXT:      %[[H1:.*]] = lite.tanh %[[M]]
// CHECK-NEXT:      lite.yield %[[H1]], %[[K]]
// CHECK-NEXT:    }
// CHECK-NEXT:    lite.send %[[W]]#0 to 0 key "while:1->0" tag 1 : tensor<4xf32>
// CHECK-LABEL: func.func @loop_rank2
// CHECK-NEXT:    return
func.func @loop(%n: tensor<i32>, %h0: tensor<4xf32>, %w: tensor<4xf32>) -> (tensor<i32>, tensor<4xf32>) {
  %c0 = lite.constant dense<0> : tensor<i32>
  %one = lite.constant dense<1> : tensor<i32>
  %r:3 = lite.while (%i = %c0, %h = %h0, %k = %w) : (tensor<i32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<i32>, tensor<4xf32>, tensor<4xf32>) cond {
    %p = lite.less %i, %n {sluice.rank = 0 : i64} : (tensor<i32>, tensor<i32>) -> tensor<i1> loc("p")
    lite.yield %p : tensor<i1>
  } body {
    %i1 = lite.add %i, %one {sluice.rank = 0 : i64} : (tensor<i32>, tensor<i32>) -> tensor<i32> loc("i1")
    %m = lite.mul %h, %k {sluice.rank = 1 : i64} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> loc("m")
    %h1 = lite.tanh %m {sluice.rank = 1 : i64} : tensor<4xf32> loc("h1")
    lite.yield %i1, %h1, %k : tensor<i32>, tensor<4xf32>, tensor<4xf32>
  } loc("while")
  return %r#0, %r#1 : tensor<i32>, tensor<4xf32>
}

// -----

// Nested loops across three ranks: the outer counter and the accumulator's
// update on rank 0, the inner counter on rank 1, the inner body's work on
// rank 2. Rank 1 runs the outer loop with no slot, for the inner loop it
// owns; rank 2 runs both, receiving each loop's predicate from its owner.
// CHECK-LABEL: func.func @nested_rank0
// CHECK:         lite.while (%[[I:.*]] = %{{.*}}, %[[ACC:.*]] = %arg2)
// CHECK:           lite.send %{{.*}} to 1 key "outer/p:0->1" tag 2 : tensor<i1>
// CHECK-NEXT:      lite.send %{{.*}} to 2 key "outer/p:0->2" tag 3 : tensor<i1>
// CHECK:         } body {
// CHECK-NEXT:      lite.send %[[ACC]] to 2 key "outer/body:1->2" tag 1 : tensor<4xf32>
// CHECK-NEXT:      %[[S:.*]] = lite.recv from 2 key "inner:1->0" tag 4 : tensor<4xf32>
// CHECK-NOT:       lite.while
// CHECK-LABEL: func.func @nested_rank1
// CHECK:         lite.while () : () -> () cond {
// CHECK-NEXT:      %[[P:.*]] = lite.recv from 0 key "outer/p:0->1" tag 2 : tensor<i1>
// CHECK-NEXT:      lite.yield %[[P]] : tensor<i1>
// CHECK-NEXT:    } body {
// CHECK-NEXT:      lite.while (%[[J:.*]] = %{{.*}}) : (tensor<i32>) -> tensor<i32> cond {
// CHECK-NEXT:        %[[Q:.*]] = lite.less %[[J]], %arg1
// CHECK-NEXT:        lite.send %[[Q]] to 2 key "inner/p:0->2" tag 5 : tensor<i1>
// CHECK-LABEL: func.func @nested_rank2
// CHECK-NEXT:    lite.while () : () -> () cond {
// CHECK-NEXT:      %[[P:.*]] = lite.recv from 0 key "outer/p:0->2" tag 3 : tensor<i1>
// CHECK-NEXT:      lite.yield %[[P]] : tensor<i1>
// CHECK-NEXT:    } body {
// CHECK-NEXT:      %[[H0:.*]] = lite.recv from 0 key "outer/body:1->2" tag 1 : tensor<4xf32>
// CHECK-NEXT:      %[[H:.*]] = lite.while (%[[X:.*]] = %[[H0]]) : (tensor<4xf32>) -> tensor<4xf32> cond {
// CHECK-NEXT:        %[[Q:.*]] = lite.recv from 1 key "inner/p:0->2" tag 5 : tensor<i1>
// CHECK-NEXT:        lite.yield %[[Q]] : tensor<i1>
// CHECK-NEXT:      } body {
// CHECK-NEXT:        %[[T:.*]] = lite.tanh %[[X]]
// CHECK-NEXT:        lite.yield %[[T]]
// CHECK-NEXT:      }
// CHECK-NEXT:      lite.send %[[H]] to 0 key "inner:1->0" tag 4 : tensor<4xf32>
func.func @nested(%n: tensor<i32>, %m: tensor<i32>, %h0: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = lite.constant dense<0> : tensor<i32>
  %one = lite.constant dense<1> : tensor<i32>
  %r:2 = lite.while (%i = %c0, %acc = %h0) : (tensor<i32>, tensor<4xf32>) -> (tensor<i32>, tensor<4xf32>) cond {
    %p = lite.less %i, %n {sluice.rank = 0 : i64} : (tensor<i32>, tensor<i32>) -> tensor<i1> loc("outer/p")
    lite.yield %p : tensor<i1>
  } body {
    %s:2 = lite.while (%j = %c0, %h = %acc) : (tensor<i32>, tensor<4xf32>) -> (tensor<i32>, tensor<4xf32>) cond {
      %q = lite.less %j, %m {sluice.rank = 1 : i64} : (tensor<i32>, tensor<i32>) -> tensor<i1> loc("inner/p")
      lite.yield %q : tensor<i1>
    } body {
      %j1 = lite.add %j, %one {sluice.rank = 1 : i64} : (tensor<i32>, tensor<i32>) -> tensor<i32> loc("inner/j")
      %h1 = lite.tanh %h {sluice.rank = 2 : i64} : tensor<4xf32> loc("inner/h")
      lite.yield %j1, %h1 : tensor<i32>, tensor<4xf32>
    } loc("inner")
    %i1 = lite.add %i, %one {sluice.rank = 0 : i64} : (tensor<i32>, tensor<i32>) -> tensor<i32> loc("outer/i")
    %acc1 = lite.neg %s#1 {sluice.rank = 0 : i64} : tensor<4xf32> loc("outer/acc")
    lite.yield %i1, %acc1 : tensor<i32>, tensor<4xf32>
  } loc("outer")
  return %r#1 : tensor<4xf32>
}

// -----

// A value whose type is not static crosses with its shape, on both ends:
// shape inference may refine the sender's type later, not the message.
// CHECK-LABEL: func.func @dynamic_rank0
// CHECK:         lite.send %{{.*}} to 1 key "d:0->1" tag 1 with_shape : tensor<?xf32>
// CHECK-LABEL: func.func @dynamic_rank1
// CHECK:         lite.recv from 0 key "d:0->1" tag 1 with_shape : tensor<?xf32>
func.func @dynamic(%x: tensor<?xf32>) -> tensor<?xf32> {
  %d = lite.neg %x {sluice.rank = 0 : i64} : tensor<?xf32> loc("d")
  %e = lite.exp %d {sluice.rank = 1 : i64} : tensor<?xf32> loc("e")
  return %e : tensor<?xf32>
}

// -----

// A list lives where its ops run: the set and the get placed on rank 1 join
// the reserve on rank 0 (the first of them); only the element read crosses.
// CHECK-LABEL: func.func @list_rank0
// CHECK-NEXT:    %[[L:.*]] = lite.list_reserve %arg0
// CHECK-NEXT:    %[[L1:.*]] = lite.list_set_item %[[L]][%arg1], %arg2
// CHECK-NEXT:    %[[E:.*]] = lite.list_get_item %[[L1]][%arg1]
// CHECK-NEXT:    lite.send %[[E]] to 1 key "get:0->1" tag 1 : tensor<3xf32>
// CHECK-LABEL: func.func @list_rank1
// CHECK-NEXT:    %[[E:.*]] = lite.recv from 0 key "get:0->1" tag 1 : tensor<3xf32>
// CHECK-NEXT:    lite.neg %[[E]]
// CHECK-NOT:     lite.list_
func.func @list(%n: tensor<i32>, %i: tensor<i32>, %x: tensor<3xf32>) -> tensor<3xf32> {
  %l = lite.list_reserve %n {sluice.rank = 0 : i64} : (tensor<i32>) -> tensor<?x3xf32> loc("reserve")
  %l1 = lite.list_set_item %l[%i], %x {sluice.rank = 1 : i64} : (tensor<?x3xf32>, tensor<i32>, tensor<3xf32>) -> tensor<?x3xf32> loc("set")
  %e = lite.list_get_item %l1[%i] {sluice.rank = 1 : i64} : (tensor<?x3xf32>, tensor<i32>) -> tensor<3xf32> loc("get")
  %y = lite.neg %e {sluice.rank = 1 : i64} : tensor<3xf32> loc("y")
  return %y : tensor<3xf32>
}
