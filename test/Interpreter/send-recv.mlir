// executor.send/recv in the interpreter, on a module partitioned by hand
// (sluice.ranks): a token's round trip between two ranks, a send to a rank
// the run does not have, and a recv whose message never comes.
// RUN: split-file %s %t
// RUN: sluice-run %t/round-trip.mlir --ranks=2 | FileCheck %s --check-prefix=TRIP
// TRIP: {"outputs":[{"data":[42],"dtype":"int32","name":"output0","shape":[]}]}
// RUN: not sluice-run %t/no-rank.mlir --ranks=2 2>&1 | FileCheck %s --check-prefix=NORANK
// NORANK: error: cannot send 'c' to rank 5: no rank 5
// RUN: not sluice-run %t/never.mlir --ranks=2 2>&1 | FileCheck %s --check-prefix=NEVER
// NEVER: error: rank 0 waited for 'never|#0' from rank 1: the run ended everywhere without it

//--- round-trip.mlir
module attributes {sluice.ranks = 2 : i64} {
  func.func @main_rank0() -> tensor<i32> {
    %r = executor.graph {
      %c, %kc = executor.island {
        %0 = lite.constant dense<41> : tensor<i32>
        executor.yield %0 : tensor<i32>
      }
      %s = executor.send %c key "c" to 1 : tensor<i32>
      %v, %kv = executor.recv key "back" from 1 : tensor<i32>
      executor.fetch %v : tensor<i32>
    }
    return %r : tensor<i32>
  }
  func.func @main_rank1() {
    executor.graph {
      %v, %kv = executor.recv key "c" from 0 : tensor<i32>
      %p, %kp = executor.island {
        %1 = lite.constant dense<1> : tensor<i32>
        %2 = lite.add %v, %1 : (tensor<i32>, tensor<i32>) -> tensor<i32>
        executor.yield %2 : tensor<i32>
      }
      %s = executor.send %p key "back" to 0 : tensor<i32>
      executor.fetch
    }
    return
  }
}

//--- no-rank.mlir
module attributes {sluice.ranks = 2 : i64} {
  func.func @main_rank0() {
    executor.graph {
      %c, %kc = executor.island {
        %0 = lite.constant dense<41> : tensor<i32>
        executor.yield %0 : tensor<i32>
      }
      %s = executor.send %c key "c" to 5 : tensor<i32>
      executor.fetch
    }
    return
  }
  func.func @main_rank1() {
    executor.graph {
      executor.fetch
    }
    return
  }
}

//--- never.mlir
module attributes {sluice.ranks = 2 : i64} {
  func.func @main_rank0() -> tensor<i32> {
    %r = executor.graph {
      %v, %kv = executor.recv key "never" from 1 : tensor<i32>
      executor.fetch %v : tensor<i32>
    }
    return %r : tensor<i32>
  }
  func.func @main_rank1() {
    executor.graph {
      executor.fetch
    }
    return
  }
}
