// RUN: sluice-opt %s -split-input-file -executor-partition='ranks=2' -verify-diagnostics
// RUN: not sluice-opt %s -split-input-file -executor-partition='ranks=0' 2>&1 | FileCheck %s --check-prefix=RANKS

// Errors of -executor-partition, each on the node or function it concerns.

// RANKS: error: -executor-partition expects ranks >= 1, got 0

func.func @rank_out_of_range(%x: tensor<f32>) -> tensor<f32> {
  %r = executor.graph {
    // expected-error@+1 {{node 'executor.island' is placed on rank 2, but ranks is 2}}
    %a, %ka = executor.island {
      %0 = lite.neg %x : tensor<f32>
      executor.yield %0 : tensor<f32>
    } {sluice.rank = 2 : i64}
    executor.fetch %a : tensor<f32>
  }
  return %r : tensor<f32>
}

// -----

// The frame analysis' errors are reported as they are.
func.func @bad_frames(%x: tensor<f32>) {
  executor.graph {
    // expected-error@+1 {{leaves the root frame: no executor.enter matches this executor.exit}}
    %o, %k = executor.exit %x : tensor<f32>
    executor.fetch
  }
  return
}

// -----

// A frame without a loop_cond cannot be split: the ranks would not know
// its iterations.
func.func @no_loop_cond(%x: tensor<f32>) -> tensor<f32> {
  %r = executor.graph {
    // expected-error@+1 {{frame 'f' is spread over several ranks but has no executor.loop_cond: its ranks cannot follow its iterations}}
    %e, %ke = executor.enter %x frame "f" : tensor<f32>
    %a, %ka = executor.island {
      %0 = lite.neg %e : tensor<f32>
      executor.yield %0 : tensor<f32>
    }
    %b, %kb = executor.island {
      %0 = lite.neg %a : tensor<f32>
      executor.yield %0 : tensor<f32>
    } {sluice.rank = 1 : i64}
    %o, %ko = executor.exit %b : tensor<f32>
    executor.fetch %o : tensor<f32>
  }
  return %r : tensor<f32>
}

// -----

// expected-error@+1 {{cannot partition function 'more_than_a_graph': its body must be one executor.graph and the return of its results}}
func.func @more_than_a_graph(%x: tensor<f32>) -> tensor<f32> {
  %c = lite.constant dense<1.0> : tensor<f32>
  %r = executor.graph {
    executor.fetch %x : tensor<f32>
  }
  %s = lite.add %r, %c : (tensor<f32>, tensor<f32>) -> tensor<f32>
  return %s : tensor<f32>
}
