// RUN: sluice-opt %s -split-input-file -executor-place='ranks=4' | FileCheck %s --check-prefix=DEVICE
// RUN: sluice-opt %s -split-input-file -executor-place='ranks=2 strategy=spec placement=body=1,body/inner=0,other=1' | FileCheck %s --check-prefix=SPEC
// RUN: sluice-opt %s -split-input-file -executor-place='ranks=2 strategy=auto' | FileCheck %s --check-prefix=AUTO
// RUN: sluice-opt %s -split-input-file -executor-place='ranks=3 strategy=random seed=2' | FileCheck %s --check-prefix=RANDOM
// RUN: sluice-opt %s -split-input-file -executor-place='ranks=3 strategy=random seed=2' | FileCheck %s --check-prefix=RANDOM-RANGE

// -executor-place gives every node a `sluice.rank`. Each RUN line checks
// the function of its strategy; nodes are named by loc("...").

// strategy=device: the task index, else the device index, else devices
// without an index numbered in order of first appearance; no device: 0.

// DEVICE-LABEL: func.func @devices
// DEVICE: executor.island
// DEVICE: } {sluice.device = "/job:worker/task:1/device:CPU:0", sluice.rank = 1 : i64}
// DEVICE: executor.island
// DEVICE: } {sluice.device = "/device:CPU:2", sluice.rank = 2 : i64}
// DEVICE: executor.island
// DEVICE: } {sluice.device = "/job:localhost/replica:0/task:3/device:GPU:1", sluice.rank = 3 : i64}
// DEVICE: executor.switch %{{.*}} {sluice.device = "/cpu:1", sluice.rank = 1 : i64}
// DEVICE: executor.island
// DEVICE: } {sluice.device = "/job:ps", sluice.rank = 0 : i64}
// DEVICE: executor.island
// DEVICE: } {sluice.device = "/job:chief", sluice.rank = 1 : i64}
// DEVICE: executor.merge %{{.*}} {sluice.rank = 0 : i64}
func.func @devices(%x: tensor<f32>, %p: tensor<i1>) -> tensor<f32> {
  %r = executor.graph {
    %a, %ka = executor.island {
      %0 = lite.neg %x : tensor<f32>
      executor.yield %0 : tensor<f32>
    } {sluice.device = "/job:worker/task:1/device:CPU:0"} loc("a")
    %b, %kb = executor.island {
      %0 = lite.abs %a : tensor<f32>
      executor.yield %0 : tensor<f32>
    } {sluice.device = "/device:CPU:2"} loc("b")
    %c, %kc = executor.island {
      %0 = lite.exp %b : tensor<f32>
      executor.yield %0 : tensor<f32>
    } {sluice.device = "/job:localhost/replica:0/task:3/device:GPU:1"} loc("c")
    %f, %t, %ks = executor.switch %c, %p {sluice.device = "/cpu:1"} : tensor<f32> loc("s")
    %d, %kd = executor.island {
      %0 = lite.neg %t : tensor<f32>
      executor.yield %0 : tensor<f32>
    } {sluice.device = "/job:ps"} loc("d")
    %e, %ke = executor.island {
      %0 = lite.neg %f : tensor<f32>
      executor.yield %0 : tensor<f32>
    } {sluice.device = "/job:chief"} loc("e")
    %m, %idx, %km = executor.merge %d, %e : tensor<f32> loc("m")
    executor.fetch %m : tensor<f32>
  }
  return %r : tensor<f32>
}

// -----

// strategy=spec (nodes in graph order): a node named like a scope or inside it ("scope/...") gets
// the scope's rank, the longest scope winning; "bodyx" is not in "body".

// SPEC-LABEL: func.func @scopes
// SPEC: } {sluice.rank = 1 : i64}
// SPEC: } {sluice.rank = 0 : i64}
// SPEC: } {sluice.rank = 0 : i64}
// SPEC: } {sluice.rank = 1 : i64}
// SPEC: } {sluice.rank = 0 : i64}
func.func @scopes(%x: tensor<f32>) -> tensor<f32> {
  %r = executor.graph {
    %a, %ka = executor.island {
      %0 = lite.neg %x : tensor<f32>
      executor.yield %0 : tensor<f32>
    } loc("body/a")
    %b, %kb = executor.island {
      %0 = lite.neg %a : tensor<f32>
      executor.yield %0 : tensor<f32>
    } loc("body/inner/b")
    %c, %kc = executor.island {
      %0 = lite.neg %b : tensor<f32>
      executor.yield %0 : tensor<f32>
    } loc("bodyx")
    %d, %kd = executor.island {
      %0 = lite.neg %c : tensor<f32>
      executor.yield %0 : tensor<f32>
    } loc("other")
    %e, %ke = executor.island {
      %0 = lite.neg %d : tensor<f32>
      executor.yield %0 : tensor<f32>
    } loc("c")
    executor.fetch %e : tensor<f32>
  }
  return %r : tensor<f32>
}

// -----

// strategy=auto (nodes in graph order): 8 units of work (ops in islands), cap 8 / 2 * 1.25 = 5 per
// rank. The chain a (2) -> b (2) follows its producer onto rank 0; c (2)
// would take rank 0 to 6 and goes to the least loaded rank, 1; d (1)
// follows c; e (1, inputs from ranks 0 and 1) goes to the lowest rank
// most of its producers are on: 0.

// AUTO-LABEL: func.func @balance
// AUTO: } {sluice.rank = 0 : i64}
// AUTO: } {sluice.rank = 0 : i64}
// AUTO: } {sluice.rank = 1 : i64}
// AUTO: } {sluice.rank = 1 : i64}
// AUTO: } {sluice.rank = 0 : i64}
func.func @balance(%x: tensor<f32>) -> tensor<f32> {
  %r = executor.graph {
    %a, %ka = executor.island {
      %0 = lite.neg %x : tensor<f32>
      %1 = lite.neg %0 : tensor<f32>
      executor.yield %1 : tensor<f32>
    } loc("a")
    %b, %kb = executor.island {
      %0 = lite.neg %a : tensor<f32>
      %1 = lite.neg %0 : tensor<f32>
      executor.yield %1 : tensor<f32>
    } loc("b")
    %c, %kc = executor.island {
      %0 = lite.neg %b : tensor<f32>
      %1 = lite.neg %0 : tensor<f32>
      executor.yield %1 : tensor<f32>
    } loc("c")
    %d, %kd = executor.island {
      %0 = lite.neg %c : tensor<f32>
      executor.yield %0 : tensor<f32>
    } loc("d")
    %e, %ke = executor.island {
      %0 = lite.add %b, %d : (tensor<f32>, tensor<f32>) -> tensor<f32>
      executor.yield %0 : tensor<f32>
    } loc("e")
    executor.fetch %e : tensor<f32>
  }
  return %r : tensor<f32>
}

// -----

// strategy=random: a rank in [0, 3) per node, the same for a seed on every
// platform (std::mt19937_64, its output modulo the ranks).

// RANDOM-LABEL: func.func @random
// RANDOM: } {sluice.rank = 0 : i64}
// RANDOM: } {sluice.rank = 0 : i64}
// RANDOM: executor.switch {{.*}}{sluice.rank = 1 : i64}
// RANDOM: executor.merge {{.*}}{sluice.rank = 2 : i64}
// RANDOM-RANGE-LABEL: func.func @random
// RANDOM-RANGE-NOT: sluice.rank = {{[3-9]}}
func.func @random(%x: tensor<f32>, %p: tensor<i1>) -> tensor<f32> {
  %r = executor.graph {
    %a, %ka = executor.island {
      %0 = lite.neg %x : tensor<f32>
      executor.yield %0 : tensor<f32>
    } loc("a")
    %b, %kb = executor.island {
      %0 = lite.neg %a : tensor<f32>
      executor.yield %0 : tensor<f32>
    } loc("b")
    %f, %t, %ks = executor.switch %b, %p : tensor<f32> loc("s")
    %m, %idx, %km = executor.merge %f, %t : tensor<f32> loc("m")
    executor.fetch %m : tensor<f32>
  }
  return %r : tensor<f32>
}
