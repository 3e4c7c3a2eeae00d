#!/usr/bin/env python3
# Differential test of distributed execution: random v1 programs and the
# TF-written corpus, partitioned over 2, 3 and 4 ranks with random
# placements, against the single-process run.
"""Partitioned runs agree with the single-process run.

For each i in range(--count), program seed S+i (gen_v1_programs.generate:
nested conds, while loops and cases) and K = 2, 3, 4 in turn:
  1. sluice-run prog.mlir --inputs=in.json                (the oracle)
  2. sluice-run prog.mlir --inputs=in.json --ranks=K --placement=random:SEED
     (every node on a random rank: the graph partitioned with send/recv,
     dead tokens and control-loop state machines, the K ranks run as
     threads exchanging tokens in memory)
     or, for every --mpi-every'th program,
     mpirun -np K sluice-run ... --distributed           (one MPI process
     per rank, the tokens as MPI messages)
and the outputs must be the same JSON text. With --corpus DIR, every
program of the TF-written corpus (test/tf/corpus) with its first recorded
run, too, placed at random over 2..4 ranks.

--mode picks what is partitioned and what runs it:
  executor  the executor graphs (-executor-partition), in the executor
            interpreter: dead tokens and control-loop state machines;
  lifted    the lifted program (--lift: -lite-partition, replicated
            lite.if/lite.while with lite.send/lite.recv), in the
            interpreter; TF2's functional programs are partitioned too;
  native    the lifted program compiled per rank (--engine=native), its
            messages MPI_Send/MPI_Recv: always under mpirun, against the
            single-process native run.

Programs the partitioning refuses (no v1 control flow left; a function
that does more than run its graph) are skipped. Prints one line per
failure, then
  distributed differential: N runs, N agree, N failed (M under mpirun)
and exits 1 on any failure (the failing program is kept in --workdir).

usage: distributed_differential.py --count N --seed S --sluice-run PATH
           [--mode executor|lifted|native] [--corpus DIR] [--corpus-every N]
           [--mpirun PATH]
           [--mpi-every N] [--workdir DIR]
"""
import argparse
import json
import os
import sys
import tempfile

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "tf"))
import gen_v1_programs  # noqa: E402
from toolrun import execute  # noqa: E402

MAX_ITERATIONS = "--max-iterations=1000"
# What the partitioning refuses, with a diagnostic, and this test skips:
# graphs with no v1 control flow left (TF2's functional If/While import as
# lite.if/lite.while, which only the single-process engines run), and
# functions that do more than run their graph (an initializer of variables).
NOT_PARTITIONED = ("only executor graphs", "cannot partition function",
                   "cannot partition @",
                   # --lift: a graph the lift refuses (a fetch that is dead
                   # on some paths) runs only as executor graphs.
                   "cannot be lifted")
# A partitioned run that waits longer than this for a message is a bug here
# (every program finishes in well under a second).
TIMEOUT = "--receive-timeout=20"


def mpirun_command(mpirun, ranks):
    # `mpirun` may carry options (lit's %mpirun: --oversubscribe, for more
    # ranks than cores, and --allow-run-as-root).
    return mpirun.split() + ["-np", str(ranks)]


def close(output, reference):
    """Whether two JSON outputs hold the same tensors up to float rounding
    (a partition compiles each rank's ops apart, which may fuse and
    vectorize them differently)."""
    try:
        a, b = json.loads(output), json.loads(reference)
    except ValueError:
        return False

    def walk(x, y):
        if isinstance(x, dict) and isinstance(y, dict):
            return x.keys() == y.keys() and all(walk(x[k], y[k]) for k in x)
        if isinstance(x, list) and isinstance(y, list):
            return len(x) == len(y) and all(walk(u, v) for u, v in zip(x, y))
        if isinstance(x, float) or isinstance(y, float):
            try:
                return abs(x - y) <= 1e-5 + 1e-5 * abs(y)
            except TypeError:
                return False
        return x == y
    return walk(a, b)


def run_pair(args, label, program, extra, ranks, seed, use_mpi, failures):
    """Runs `program` alone and partitioned; appends a failure if they differ."""
    base = [args.sluice_run, program, MAX_ITERATIONS] + extra
    if args.mode == "native":
        base.append("--engine=native")
        use_mpi = True
    rc, reference, err = execute(base, args.timeout)
    if rc != 0:
        # A program the single-process run refuses is not this test's.
        return None
    distributed = base + [TIMEOUT, f"--placement=random:{seed}"]
    if args.mode == "lifted":
        distributed.append("--lift")
    if use_mpi:
        command = mpirun_command(args.mpirun, ranks) + distributed + ["--distributed"]
    else:
        command = distributed + [f"--ranks={ranks}"]
    rc, output, err = execute(command, args.timeout)
    if rc != 0 and any(reason in err for reason in NOT_PARTITIONED):
        return None
    if rc != 0 or output.strip() != reference.strip():
        if args.mode == "native" and rc == 0 and close(output, reference):
            return True
        why = (f"exit {rc}: " + " | ".join(err.strip().splitlines()[:4])) if rc != 0 \
            else f"outputs differ:\n    alone:       {reference.strip()[:300]}" \
                 f"\n    partitioned: {output.strip()[:300]}"
        failures.append(f"{label} (ranks {ranks}, placement random:{seed}"
                        f"{', mpirun' if use_mpi else ''}): {why}")
        return False
    return True


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=200)
    gen_v1_programs.add_sample_argument(parser)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sluice-run", required=True)
    parser.add_argument("--corpus")
    parser.add_argument("--mpirun")
    parser.add_argument("--mpi-every", type=int, default=10)
    parser.add_argument("--corpus-every", type=int, default=1,
                        help="run every N-th corpus program only")
    parser.add_argument("--mode", choices=["executor", "lifted", "native"],
                        default="executor")
    parser.add_argument("--workdir")
    parser.add_argument("--timeout", type=float, default=120)
    args = parser.parse_args()
    work = args.workdir or tempfile.mkdtemp(prefix="distributed-")
    os.makedirs(work, exist_ok=True)
    failures = []
    runs = agreed = mpi_runs = 0
    print(gen_v1_programs.describe_sample(args.count, args.every), flush=True)
    for index in gen_v1_programs.sampled(args.count, args.every):
        seed = args.seed + index
        ranks = 2 + index % 3
        program, inputs_path = gen_v1_programs.write(seed, work)
        use_mpi = bool(args.mpirun) and index % args.mpi_every == 0
        result = run_pair(args, f"seed {seed}", program,
                          [f"--inputs={inputs_path}"], ranks, seed, use_mpi, failures)
        if result is None:
            continue
        runs += 1
        mpi_runs += use_mpi or args.mode == "native"
        agreed += result
        if result:
            os.remove(program)
            os.remove(inputs_path)
    if args.corpus:
        import tfcorpus
        from tf_differential import sluice_args
        for index, (name, path, meta) in enumerate(tfcorpus.programs(args.corpus)):
            if index % args.corpus_every:
                continue
            # What TF ran: its feeds, fetches and initializers.
            extra = sluice_args(path, meta)[1:]
            run = meta["runs"][0]
            if "tf_error" in run:
                continue
            if run["inputs"]:
                inputs_path = os.path.join(work, f"{name}.json")
                with open(inputs_path, "w") as f:
                    json.dump(run["inputs"], f)
                extra.append(f"--inputs={inputs_path}")
            ranks = 2 + index % 3
            result = run_pair(args, name, path, extra, ranks, args.seed + index,
                              False, failures)
            if result is None:
                continue
            runs += 1
            mpi_runs += args.mode == "native"
            agreed += result
    for failure in failures:
        print("FAIL " + failure)
    print(f"distributed differential: {runs} runs, {agreed} agree, "
          f"{runs - agreed} failed ({mpi_runs} under mpirun)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
