// lite.send/recv in the interpreter, on a module partitioned by hand
// (sluice.ranks): a value's round trip inside a loop both ranks run (the
// n-th receive under a key takes the n-th send), a message of the wrong
// type, a send to a rank the run does not have, a receive whose message
// never comes, and a rank function run without a distributed run.
// RUN: split-file %s %t
// RUN: sluice-run %t/round-trip.mlir --ranks=2 --print-stats 2> %t/stats | FileCheck %s --check-prefix=TRIP
// TRIP: {"outputs":[{"data":[6],"dtype":"int32","name":"output0","shape":[]}]}
// RUN: FileCheck %s --check-prefix=STATS < %t/stats
// 4 predicates (1 B) and 3 counters (4 B) one way, 3 doubles back.
// STATS: {"rank": 0, "messages_sent": 7, "bytes_sent": 16, "messages_received": 3, "bytes_received": 12,
// RUN: not sluice-run %t/wrong-type.mlir --ranks=2 2>&1 | FileCheck %s --check-prefix=TYPE
// TYPE: error: rank 1 waited for 'v#0' from rank 0: got a float32 tensor of shape [], not a tensor<i32>
// RUN: not sluice-run %t/no-rank.mlir --ranks=2 2>&1 | FileCheck %s --check-prefix=NORANK
// NORANK: error: cannot send 'c#0' to rank 5: no rank 5
// RUN: not sluice-run %t/never.mlir --ranks=2 --receive-timeout=0.3 2>&1 | FileCheck %s --check-prefix=NEVER
// NEVER: error: rank 0 waited for 'never#0' from rank 1: no message for 0.30 s: rank 1 failed or is stuck (raise --receive-timeout for long runs)
// RUN: not sluice-run %t/round-trip.mlir --function=main_rank0 2>&1 | FileCheck %s --check-prefix=ALONE
// ALONE: error: sends to rank 1, but the run is not distributed (a partitioned program runs with sluice-run --ranks=K or --distributed under mpirun)

//--- round-trip.mlir
// Rank 0 counts to 3; each iteration rank 1 doubles the counter it
// receives and sends it back; rank 0 returns the last.
module attributes {sluice.ranks = 2 : i64} {
  func.func @main_rank0() -> tensor<i32> {
    %c0 = lite.constant dense<0> : tensor<i32>
    %one = lite.constant dense<1> : tensor<i32>
    %three = lite.constant dense<3> : tensor<i32>
    %r:2 = lite.while (%i = %c0, %d = %c0) : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>) cond {
      %p = lite.less %i, %three : (tensor<i32>, tensor<i32>) -> tensor<i1>
      lite.send %p to 1 key "p" tag 1 : tensor<i1>
      lite.yield %p : tensor<i1>
    } body {
      %i1 = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
      lite.send %i1 to 1 key "i" tag 2 : tensor<i32>
      %d1 = lite.recv from 1 key "d" tag 3 : tensor<i32>
      lite.yield %i1, %d1 : tensor<i32>, tensor<i32>
    }
    return %r#1 : tensor<i32>
  }
  func.func @main_rank1() {
    lite.while () : () -> () cond {
      %p = lite.recv from 0 key "p" tag 1 : tensor<i1>
      lite.yield %p : tensor<i1>
    } body {
      %i = lite.recv from 0 key "i" tag 2 : tensor<i32>
      %d = lite.add %i, %i : (tensor<i32>, tensor<i32>) -> tensor<i32>
      lite.send %d to 0 key "d" tag 3 : tensor<i32>
      lite.yield
    }
    return
  }
}

//--- wrong-type.mlir
module attributes {sluice.ranks = 2 : i64} {
  func.func @main_rank0() {
    %c = lite.constant dense<1.0> : tensor<f32>
    lite.send %c to 1 key "v" tag 1 : tensor<f32>
    return
  }
  func.func @main_rank1() {
    %v = lite.recv from 0 key "v" tag 1 : tensor<i32>
    return
  }
}

//--- no-rank.mlir
module attributes {sluice.ranks = 2 : i64} {
  func.func @main_rank0() {
    %c = lite.constant dense<1> : tensor<i32>
    lite.send %c to 5 key "c" tag 1 : tensor<i32>
    return
  }
  func.func @main_rank1() {
    return
  }
}

//--- never.mlir
module attributes {sluice.ranks = 2 : i64} {
  func.func @main_rank0() -> tensor<i32> {
    %v = lite.recv from 1 key "never" tag 1 : tensor<i32>
    return %v : tensor<i32>
  }
  func.func @main_rank1() {
    return
  }
}
