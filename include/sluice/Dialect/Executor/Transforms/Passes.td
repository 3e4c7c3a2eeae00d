//===- Passes.td - executor dialect passes -----------------*- tablegen -*-===//
//
// Transforms of executor graphs for distributed execution: placement of
// every node on a rank, then partitioning into one graph per rank that
// talks to the others through executor.send/executor.recv.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_EXECUTOR_TRANSFORMS_PASSES_TD
#define SLUICE_DIALECT_EXECUTOR_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def ExecutorPlacePass : Pass<"executor-place", "::mlir::ModuleOp"> {
  let summary = "assign every node of every executor graph (or lite function) to a rank";
  let description = [{
    Sets the i64 attribute `sluice.rank` (in [0, ranks)) on every node of
    every `executor.graph`, by one of these strategies:

    - `device` (the default): from the node's `sluice.device` string (the
      GraphDef node's `device` field, recorded by the importer). The task
      index when there is one (`/job:worker/task:1/device:CPU:0` -> 1), else
      the device index (`/device:CPU:1` -> 1, `/cpu:1` -> 1; also for a
      local TF session's devices, job `localhost` task 0:
      `/job:localhost/replica:0/task:0/device:CPU:1` -> 1), else distinct
      device strings numbered in order of first appearance
      (`executor::rankOfDevice`, IR/DeviceRank.h). A node without a device
      goes to rank 0; a device naming a rank >= `ranks` is an error naming
      the node.
    - `spec`: from `placement = "scope=rank,scope=rank"`. A node whose name
      (its `NameLoc`, the TF node name) equals a scope or starts with
      `scope/` gets that scope's rank, the longest matching scope winning;
      other nodes go to rank 0.
    - `auto`: balances work and keeps edges within a rank. A node's work is
      the number of ops in its island body (1 for every other node). Greedy
      in graph order: a node goes to the rank most of its already placed
      producers are on (the lowest such rank on a tie), unless that would
      take the rank's work above 1.25 times the total work over `ranks`;
      then, and for nodes without placed producers, to the least loaded
      rank.
    - `random`: a uniform random rank per node from a generator seeded with
      `seed` (the same placement on every platform; for tests).

    Whatever the strategy, an `executor.send` or `executor.recv` already in
    the graph (an imported TF `_Send`/`_Recv`) with a device naming a rank
    goes to that rank: its peer's `peer` names it.

    The ops inside an island get the island's `sluice.rank` too: the lift
    keeps them, and `-lite-partition` partitions the lifted program by
    them. A function of lite ops without an executor graph (a lifted
    program, TF2's functional If/While, a `.tflite`) is placed the same
    way, its nodes being its ops in program order, nested ones included,
    but `lite.if`/`lite.while` (which `-lite-partition` runs on every rank
    that takes part), constants (copied where used) and terminators.

    ```mlir
    %y, %ky = executor.island {
      %0 = lite.neg %x : tensor<f32>
      executor.yield %0 : tensor<f32>
    } {sluice.device = "/job:worker/task:1/device:CPU:0", sluice.rank = 1 : i64}
    ```
  }];
  let options = [
    Option<"ranks", "ranks", "int64_t", /*default=*/"1",
           "the number of ranks (processes) to place on">,
    Option<"strategy", "strategy", "std::string", /*default=*/"\"device\"",
           "how to place: device, spec, auto or random">,
    Option<"placement", "placement", "std::string", /*default=*/"\"\"",
           "for strategy=spec: scope=rank,scope=rank,...">,
    Option<"seed", "seed", "uint64_t", /*default=*/"0",
           "for strategy=random: the generator's seed">,
  ];
}

def ExecutorPartitionPass : Pass<"executor-partition", "::mlir::ModuleOp"> {
  let summary = "split every executor graph into one graph per rank";
  let description = [{
    For every `func.func` whose body is one `executor.graph` and the return
    of its results (or of arguments), creates `@<name>_rank<r>` for every
    rank r in [0, ranks) and erases the original; the module gets
    `sluice.ranks = ranks : i64`. Every rank function takes all the
    original arguments (with their attributes); `_rank0` returns the
    original results (with their attributes), the others return nothing.

    Each rank's graph holds the nodes whose `sluice.rank` (0 when missing)
    is that rank, in the original order, plus the ends of the cut edges:

    - a value defined on rank A and used on rank B (by a node or, for
      rank 0, by the fetch): `executor.send %v key "<node>:<result>-><B>"
      to B` after its producer on A, and one `executor.recv ... from A` on
      B replacing all of B's uses, one pair per value and destination;
    - a control edge (node X's token used by node Y on another rank): on
      X's rank an island run after X yields `dense<false>`, sent under the
      key `"<X>:ctl-><B>"`; the recv's control token replaces the control
      operand of Y;
    - an `executor.enter` or `executor.next_iteration` whose result is
      used on another rank is not cut but copied onto that rank: its input
      is sent instead (a value crossing ranks keeps its iteration);
    - a recv of a value of a loop frame F has as control operand the merge
      of the control-loop state machine of F on its rank, which runs it
      once per iteration of F:

      ```mlir
      %z, %zc = executor.island(<merge token of the parent's machine>) {
        %0 = lite.constant dense<0> : tensor<i32>
        executor.yield %0 : tensor<i32>
      }
      %e, %ec = executor.enter %z frame "F" parallel_iterations N : tensor<i32>
      %m, %mi, %mc = executor.merge %e, %n : tensor<i32>
      %p, %pc = executor.recv(%mc) key "<lc>:0-><r>" from <owner> : tensor<i1>
      %lc, %lcc = executor.loop_cond %p
      %f, %t, %sc = executor.switch %m, %lc : tensor<i32>
      %n, %nc = executor.next_iteration %t : tensor<i32>
      %x, %xc = executor.exit %f : tensor<i32>
      ```

      Every rank with nodes in F (or in a frame nested in F) of a loop
      spread over several ranks gets one, stacked for nested loops (a
      rank with only outer-loop nodes gets only the outer machine), and the
      rank of F's `loop_cond` sends its output to each of them every
      iteration. The received predicate passes a `loop_cond` of the rank's
      own (an identity: the rank's graph is a well-formed loop for the
      frame analysis), which the rank's other uses of the predicate read
      too. The rank owning the `loop_cond` gets a machine only when it
      receives values of F (or hosts a machine of a nested loop): a recv
      must run once per iteration without waiting for what it delivers.
      Its switch reads the `loop_cond` directly.

    Rank 0's fetch returns the original graph's results; every rank's fetch
    keeps the original fetch's control operands of its nodes. Errors: a
    rank outside [0, ranks), `ranks` < 1, frames the frame analysis
    rejects, a loop spread over ranks without a `loop_cond`, a function
    whose body is more than one executor.graph.

    ```
       rank 0                          rank 1
       a = island {...}                %a = recv key "a:0->1" from 0
       send a key "a:0->1" to 1  ----> b = island {... %a ...}
       %b = recv key "b:0->0" from 1 <- send b key "b:0->0" to 0
       fetch %b
    ```
  }];
  let options = [
    Option<"ranks", "ranks", "int64_t", /*default=*/"1",
           "the number of ranks (processes) to partition into">,
  ];
  let dependentDialects = ["::mlir::func::FuncDialect",
                           "::sluice::lite::LiteDialect"];
}

#endif // SLUICE_DIALECT_EXECUTOR_TRANSFORMS_PASSES_TD
