// RUN: sluice-opt %s -split-input-file -lite-partition='ranks=2' -verify-diagnostics
// RUN: not sluice-opt %s -split-input-file -lite-partition='ranks=0' 2>&1 | FileCheck %s --check-prefix=RANKS

// Errors of -lite-partition, each on the op or function it concerns.

// RANKS: error: -lite-partition expects ranks >= 1, got 0

func.func @rank_out_of_range(%x: tensor<f32>) -> tensor<f32> {
  // expected-error@+1 {{'lite.neg' has sluice.rank 2 : i64, not a rank below 2}}
  %a = lite.neg %x {sluice.rank = 2 : i64} : tensor<f32>
  return %a : tensor<f32>
}

// -----

func.func private @callee(%x: tensor<f32>) -> tensor<f32> {
  return %x : tensor<f32>
}
func.func @calls(%x: tensor<f32>) -> tensor<f32> {
  // expected-error@+1 {{cannot partition @calls: 'func.call' calls another function (inline calls first; initializers are not partitioned)}}
  %a = func.call @callee(%x) : (tensor<f32>) -> tensor<f32>
  return %a : tensor<f32>
}

// -----

lite.variable @v : tensor<f32>
func.func @split_state(%x: tensor<f32>) -> tensor<f32> {
  lite.assign_variable @v, %x {sluice.rank = 0 : i64} : tensor<f32>
  // expected-error@+1 {{'lite.read_variable' on rank 1 and 'lite.assign_variable' on rank 0 both use @v: ops on the same state must be on one rank}}
  %r = lite.read_variable @v {sluice.rank = 1 : i64} : tensor<f32>
  return %r : tensor<f32>
}

// -----

func.func @executor_graph(%x: tensor<f32>) -> tensor<f32> {
  // expected-error@+1 {{cannot partition @executor_graph: 'executor.graph' is not a lite op (lift executor graphs first)}}
  %r = executor.graph {
    executor.fetch %x : tensor<f32>
  }
  return %r : tensor<f32>
}

// -----

// expected-error@+1 {{cannot partition @blocks: its body has more than one block}}
func.func @blocks(%x: tensor<f32>) -> tensor<f32> {
  cf.br ^next
^next:
  return %x : tensor<f32>
}

// -----

// expected-error@+1 {{the module is partitioned already}}
module attributes {sluice.ranks = 2 : i64} {
  func.func @f(%x: tensor<f32>) -> tensor<f32> {
    return %x : tensor<f32>
  }
}
