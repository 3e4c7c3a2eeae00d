// RUN: sluice-opt %s -split-input-file -executor-place='ranks=2' -verify-diagnostics
// RUN: not sluice-opt %s -executor-place='ranks=0' 2>&1 | FileCheck %s --check-prefix=RANKS
// RUN: not sluice-opt %s -executor-place='ranks=2 strategy=nearest' 2>&1 | FileCheck %s --check-prefix=STRATEGY
// RUN: not sluice-opt %s -executor-place='ranks=2 strategy=spec placement=a=2' 2>&1 | FileCheck %s --check-prefix=SPEC-RANK
// RUN: not sluice-opt %s -executor-place='ranks=2 strategy=spec placement=a' 2>&1 | FileCheck %s --check-prefix=SPEC-SYNTAX

// Errors of -executor-place: a device naming a rank >= ranks (on the node),
// and options it cannot use (on the module).

// RANKS: error: -executor-place expects ranks >= 1, got 0
// STRATEGY: error: -executor-place: unknown strategy 'nearest' (expected device, spec, auto or random)
// SPEC-RANK: error: -executor-place: placement entry 'a=2' names rank 2, but ranks is 2
// SPEC-SYNTAX: error: -executor-place: malformed placement entry 'a' (expected scope=rank)

func.func @task_out_of_range(%x: tensor<f32>) -> tensor<f32> {
  %r = executor.graph {
    // expected-error@+1 {{node 'executor.island' is placed on rank 5, but ranks is 2 (device '/job:worker/task:5/device:CPU:0')}}
    %a, %ka = executor.island {
      %0 = lite.neg %x : tensor<f32>
      executor.yield %0 : tensor<f32>
    } {sluice.device = "/job:worker/task:5/device:CPU:0"}
    executor.fetch %a : tensor<f32>
  }
  return %r : tensor<f32>
}
