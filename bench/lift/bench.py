#!/usr/bin/env python3
"""-executor-lift-control-flow cost per node, and its linearity.

Generates v1 control-flow graphs of about 1k, 10k and 100k executor nodes
(test/e2e/gen_v1_programs.py with target_nodes: independent top-level
cond/while_loop/case constructs, nested up to --depth, chained through
data) and times, in this invocation, on each:
  baseline  sluice-opt FILE -o /dev/null           (parse + verify + print)
  lift      sluice-opt -executor-lift-control-flow FILE -o /dev/null
Both run with --mlir-timing, so the pass's own time is read apart from
parsing and printing. Prints per size the nodes, both wall times, the pass
time and its microseconds per node, then the ratio of the per-node pass cost
at the largest size to that at the smallest (1.00 = linear). Best of
--repeat runs.

With --instructions, also counts the instructions the pass executes under
callgrind, which machine noise does not change.

usage: bench/lift/bench.py [--sizes 1000,10000,100000] [--repeat R]
                           [--depth D] [--seed S] [--build DIR] [--instructions]
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(ROOT, "test", "e2e"))
sys.path.insert(0, os.path.join(ROOT, "bench"))
import gen_v1_programs  # noqa: E402
from mlir_timing import best_timed_run  # noqa: E402

PASS = "ExecutorLiftControlFlowPass"


def pass_instructions(opt, path):
    """Instructions executed inside the pass (callgrind, collection switched
    on only in the pass's runOnOperation): the same count whatever else the
    machine is doing."""
    with tempfile.NamedTemporaryFile(suffix=".callgrind") as out:
        proc = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out.name}",
             "--collect-atstart=no",
             "--toggle-collect=*ExecutorLiftControlFlowPass*runOnOperation*",
             opt, "-executor-lift-control-flow", path, "-o", os.devnull],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=False)
        if proc.returncode != 0:
            sys.exit(f"valgrind failed:\n{proc.stderr[-2000:]}")
        for line in open(out.name):
            if line.startswith("summary:") or line.startswith("totals:"):
                return int(line.split()[1])
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,10000,100000",
                        help="comma-separated target node counts")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--depth", type=int, default=4, help="maximum nesting of cond/while/case")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--instructions", action="store_true",
                        help="also count the pass's instructions under callgrind "
                             "(slow: minutes at 100k nodes), a noise-free linearity check")
    args = parser.parse_args()
    opt = os.path.join(args.build, "bin", "sluice-opt")
    sizes = [int(s) for s in args.sizes.split(",")]

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for size in sizes:
            start = time.perf_counter()
            mlir, _, stats = gen_v1_programs.generate_with_stats(args.seed, args.depth, size)
            gen_seconds = time.perf_counter() - start
            path = os.path.join(tmp, f"graph-{size}.mlir")
            with open(path, "w") as f:
                f.write(mlir)
            base_wall, _ = best_timed_run([opt, path, "-o", os.devnull], args.repeat)
            lift_wall, timing = best_timed_run([opt, "-executor-lift-control-flow", path, "-o", os.devnull],
                                         args.repeat)
            pass_s = timing.get(PASS)
            instructions = pass_instructions(opt, path) if args.instructions else None
            rows.append((stats["nodes"], len(mlir), gen_seconds, base_wall, lift_wall, pass_s,
                         instructions))

    print(f"graphs of depth <= {args.depth}, seed {args.seed}, best of {args.repeat} runs each")
    print(f"{'nodes':>8} {'MB':>6} {'gen s':>6} {'parse+print s':>14} {'lift run s':>11} "
          f"{'pass s':>8} {'pass us/node':>13} {'(run-base) us/node':>19}")
    for nodes, chars, gen_s, base, lift, pass_s, _ in rows:
        pass_col = f"{pass_s:8.3f}" if pass_s is not None else f"{'-':>8}"
        per_node = f"{1e6 * pass_s / nodes:13.2f}" if pass_s is not None else f"{'-':>13}"
        print(f"{nodes:>8} {chars / 1e6:6.1f} {gen_s:6.2f} {base:14.3f} {lift:11.3f} "
              f"{pass_col} {per_node} {1e6 * (lift - base) / nodes:19.2f}")
    first, last = rows[0], rows[-1]
    if len(rows) > 1:
        if first[5] and last[5]:
            ratio = (last[5] / last[0]) / (first[5] / first[0])
            print(f"linearity: pass cost per node at {last[0]} nodes / at {first[0]} nodes: "
                  f"{ratio:.2f} (1.00 = linear)")
        diff_first, diff_last = first[4] - first[3], last[4] - last[3]
        if diff_first > 0 and diff_last > 0:
            ratio = (diff_last / last[0]) / (diff_first / first[0])
            print(f"linearity by wall time (lift run - baseline): {ratio:.2f}")
        base_ratio = (last[3] / last[0]) / (first[3] / first[0])
        print(f"baseline parse+print cost per node, same ratio: {base_ratio:.2f}")
    if args.instructions:
        for nodes, *_, instructions in rows:
            print(f"{nodes:>8} nodes: {instructions} instructions in the pass, "
                  f"{instructions / nodes:.0f} per node")
        if len(rows) > 1 and first[6] and last[6]:
            ratio = (last[6] / last[0]) / (first[6] / first[0])
            print(f"linearity by instructions: {ratio:.2f} (1.00 = linear)")


if __name__ == "__main__":
    main()
