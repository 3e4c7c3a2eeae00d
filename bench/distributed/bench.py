#!/usr/bin/env python3
"""Distributed execution: messages per iteration, speed-up, overhead.

Runs executor-dialect programs that this script writes (programs.py: TF
control-flow-v1 loops, every node named by its NameLoc, placed with
--placement=SCOPE=RANK) three ways in this invocation:
  1 rank    sluice-run G --print-stats                 (the unpartitioned
            graph: the reference outputs and the baseline)
  threads   sluice-run G --ranks=K --placement=...     (K ranks as threads)
  mpirun    mpirun -np K sluice-run G --distributed --placement=...
            (one process per rank; skipped without mpirun or with --no-mpi)
Every partitioned run must print the same outputs as the 1-rank run, else
the bench fails (exit 1).

1. Messages and bytes per loop iteration, per rank: --print-stats' counts
   at two trip counts N1 < N2, (N2 run - N1 run) / (N2 - N1) iterations, so
   that what runs once (arguments, results, the final predicate and the
   dead tokens that end a loop) cancels. Loops: `count` (a counter whose
   add is on rank 1), `invariant` (the same add reading a loop invariant of
   rank 0), `span k=1|4` (rank 0 iterates and sends k tensor<64xf32> to an
   accumulator that lives on rank 1), `nested` over 3 ranks (outer loop on
   rank 0, inner loop on rank 1, the inner body's work on rank 2), per inner
   and per outer iteration. Next to each: what the seed's design implies
   (shared/seeds/tf-control-flow-implementation.txt: every participating
   rank that does not own the loop_cond receives 1 predicate per iteration,
   plus the data edges that cross) and what -executor-partition sends
   (Partition.cpp, accounted edge by edge); notes explain the differences.
   Bytes are the live values' data (a predicate 1 byte, a dead token 0).
2. Speed-up on 2 ranks: a loop whose body holds two independent chains
   (each DEPTH x [lite.batch_matmul by its own weights, lite.tanh] on
   SIZE x SIZE f32), chain A and the loop on rank 0, chain B on rank 1.
   Time: --print-stats' "seconds", which covers the run only (no parsing,
   partitioning or MPI start-up): Program::run for the 1-rank run, the
   threads from start to join for --ranks, and each process's own run for
   mpirun (the slowest rank counts). Median of --runs runs; speed-up = 1 rank
   / K ranks, goal >= 1.6x (met/missed). "cpu/wall" of the threads run (user
   + system CPU over wall time of the process) shows how much the ranks ran
   at once (2.0: both busy throughout).
3. Overhead per iteration of a loop spanning 2 ranks with a trivial body
   (`count`, --overhead-trips iterations): microseconds per iteration, from
   "seconds" / N and from the process's wall time minus that of the same
   program with 0 trips (median of --runs), for the 1-rank run, threads and
   mpirun, each for the executor partition, the lifted one (--lift) and
   native code under mpirun (--engine=native: MPI_Send/MPI_Recv calls),
   native against native on 1 rank.
1b. The loops of part 1 partitioned lifted (--lift), per iteration, next to
   the seed's figures.

No time is asserted. --quick runs tiny sizes once (the lit test).

usage: bench/distributed/bench.py [--build DIR | --sluice-run PATH] [--quick]
           [--runs N] [--mpirun PATH | --no-mpi] [--size N] [--depth D]
           [--trips N] [--overhead-trips N] [--workdir DIR] [--parts 1,1b,2,3]
"""
import argparse
import glob
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True
import programs  # noqa: E402

GOAL = 1.6
TIMEOUT = 900
# A waiting rank may sit in a quiescence round while its peer runs its whole
# loop (part 2): longer than sluice-run's default of 60 s at large sizes.
RECEIVE_TIMEOUT = "--receive-timeout=600"


class BenchError(Exception):
    pass


class Run:
    def __init__(self, outputs, seconds, wall, cpu, ranks=None):
        self.outputs = outputs      # stdout: the outputs' JSON
        self.seconds = seconds      # --print-stats' "seconds"
        self.wall = wall            # the whole process
        self.cpu = cpu              # user + system CPU of the process tree
        self.ranks = ranks or {}    # rank -> its --print-stats object


class Runner:
    def __init__(self, args):
        self.sluice_run = args.sluice_run or os.path.join(args.build, "bin",
                                                          "sluice-run")
        # Decimals of the 1-rank run's "seconds" (its resolution).
        self.single_decimals = None
        if not os.path.exists(self.sluice_run):
            raise BenchError(f"no {self.sluice_run}: build sluice-run first")
        self.mpirun = None if args.no_mpi else (args.mpirun or
                                                shutil.which("mpirun"))
        self.work = args.workdir or tempfile.mkdtemp(prefix="distributed-bench-")
        os.makedirs(self.work, exist_ok=True)
        self.count = 0

    def write(self, name, program):
        path = os.path.join(self.work, name + ".mlir")
        with open(path, "w") as f:
            f.write(program.text)
        return path

    def execute(self, cmd):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        proc = subprocess.run(cmd, capture_output=True, text=True,
                              timeout=TIMEOUT)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + \
            (after.ru_stime - before.ru_stime)
        if proc.returncode != 0:
            raise BenchError(f"failed (exit {proc.returncode}): "
                             f"{' '.join(cmd)}\n{proc.stderr.strip()[:2000]}")
        return proc, wall, cpu

    @staticmethod
    def stats_lines(text):
        for line in text.splitlines():
            line = line.strip()
            if line.startswith("{") and '"seconds"' in line:
                yield json.loads(line)

    def args_of(self, program):
        return ["--random-inputs=1"] if program.random_inputs else []

    def single(self, path, program, extra=()):
        proc, wall, cpu = self.execute([self.sluice_run, path, "--print-stats"]
                                       + self.args_of(program) + list(extra))
        stats = list(self.stats_lines(proc.stderr))
        if not stats:
            raise BenchError(f"no --print-stats line from {path}:\n"
                             f"{proc.stderr}")
        raw = re.findall(r'"seconds": ([0-9.]+)', proc.stderr)
        if raw:
            self.single_decimals = len(raw[-1].partition(".")[2])
        return Run(proc.stdout.strip(), stats[-1]["seconds"], wall, cpu)

    def threads(self, path, program, extra=()):
        proc, wall, cpu = self.execute(
            [self.sluice_run, path, "--print-stats", f"--ranks={program.ranks}",
             f"--placement={program.placement}", RECEIVE_TIMEOUT] +
            self.args_of(program) + list(extra))
        ranks = {s["rank"]: s for s in self.stats_lines(proc.stderr)
                 if "rank" in s}
        return self.partitioned(path, proc.stdout, ranks, wall, cpu, program)

    def mpi(self, path, program, extra=()):
        # Each rank's stderr to its own file: the ranks' lines would
        # interleave on mpirun's.
        self.count += 1
        out = os.path.join(self.work, f"mpi-output-{self.count}")
        shutil.rmtree(out, ignore_errors=True)
        proc, wall, cpu = self.execute(
            [self.mpirun, "--oversubscribe", "--allow-run-as-root", "-np",
             str(program.ranks), "--output-filename", out, self.sluice_run,
             path, "--print-stats", "--distributed",
             f"--placement={program.placement}", RECEIVE_TIMEOUT] +
            self.args_of(program) + list(extra))
        ranks = {}
        for name in glob.glob(os.path.join(out, "**", "stderr"),
                              recursive=True):
            with open(name) as f:
                for s in self.stats_lines(f.read()):
                    if "rank" in s:
                        ranks[s["rank"]] = s
        stdout = proc.stdout
        if not stdout.strip():
            for name in glob.glob(os.path.join(out, "**", "rank.0", "stdout"),
                                  recursive=True):
                with open(name) as f:
                    stdout = f.read()
        shutil.rmtree(out, ignore_errors=True)
        return self.partitioned(path, stdout, ranks, wall, cpu, program)

    @staticmethod
    def partitioned(path, stdout, ranks, wall, cpu, program):
        if sorted(ranks) != list(range(program.ranks)):
            raise BenchError(f"{path}: --print-stats gave ranks "
                             f"{sorted(ranks)}, expected 0..{program.ranks - 1}")
        seconds = max(s["seconds"] for s in ranks.values())
        return Run(stdout.strip(), seconds, wall, cpu, ranks)


def check_same(reference, run, what):
    if run.outputs != reference.outputs:
        raise BenchError(f"{what}: the outputs differ from the 1-rank run\n"
                         f"  1 rank:      {reference.outputs[:400]}\n"
                         f"  partitioned: {run.outputs[:400]}")


def fmt(value):
    text = f"{value:.2f}"
    return text[:-3] if text.endswith(".00") else text


def mpirun_cell(threads, mpirun):
    """The mpirun column: "same" when the MPI run measured what the threads
    run did, else its sent/bytes/recv/bytes ("-" without mpirun)."""
    if mpirun is None:
        return "-"
    if all(abs(a - b) < 1e-9 for a, b in zip(threads, mpirun)):
        return "same"
    return "/".join(fmt(v) for v in mpirun)


# --- 1. messages per iteration -------------------------------------------

FIELDS = ("messages_sent", "bytes_sent", "messages_received", "bytes_received")


def per_rank(messages, ranks):
    """Sums (src, dst, bytes, what) messages into FIELDS per rank."""
    totals = {r: [0, 0, 0, 0] for r in range(ranks)}
    for src, dst, size, _ in messages:
        totals[src][0] += 1
        totals[src][1] += size
        totals[dst][2] += 1
        totals[dst][3] += size
    return totals


def message_loops(quick):
    """(name, program(t), iterations(t), (t1, t2), seed, partition, notes):
    the loops of part 1; seed and partition are the messages (src, dst,
    bytes, what) each implies per iteration."""
    width = 64
    vec = 4 * width
    small = 4 * 16
    count = [(0, 1, 1, "predicate"),
             (0, 1, 4, "while/i/identity -> add"),
             (1, 0, 4, "add -> while/i/next_iteration")]
    trips = (2, 4) if quick else (10, 30)
    inner_trips = 3 if quick else 4
    outer_trips = 2 if quick else 3
    inner = [(1, 2, 1, "inner predicate"),
             (1, 2, small, "inner/h/identity -> work/h"),
             (2, 1, small, "work/h -> inner/h/next_iteration")]
    outer = [(0, 1, 1, "outer predicate"), (0, 2, 1, "outer predicate"),
             (0, 1, small, "outer/acc/identity -> inner/init"),
             (1, 0, small, "inner/h/exit -> outer/acc/add")]
    inner_end = [(1, 2, 1, "the inner loop's last predicate (false)"),
                 (1, 2, 0, "dead inner/h/identity -> work/h"),
                 (2, 1, 0, "dead work/h -> inner/h/next_iteration")]
    loops = [
        ("count", programs.count_loop, lambda t: t, trips, count, count, []),
        ("invariant", programs.invariant_loop, lambda t: t, trips,
         count + [(0, 1, 4, "while/step (constant enter) -> add")], count,
         ["invariant: the seed's partitioning sends the constant enter's "
          "value on its edge in every iteration; -executor-partition copies "
          "the enter `while/step` to rank 1 and sends its input once, before "
          "the loop (-1 message, -4 B per iteration)"]),
    ]
    for k in (1, 4):
        span = [(0, 1, 1, "predicate")] + \
            [(0, 1, vec, f"while/y{j} -> acc/add") for j in range(k)]
        loops.append((f"span k={k}",
                      lambda t, k=k: programs.span_loop(t, k, width),
                      lambda t: t, trips, span, span, []))
    loops.append((
        "nested/inner", lambda t: programs.nested_loop(outer_trips, t),
        lambda t: outer_trips * t, trips, inner, inner,
        [f"nested/inner: per inner iteration (inner trips varied, "
         f"{outer_trips} outer trips)"]))
    per_outer_seed = outer + inner_trips * inner
    per_outer = per_outer_seed + inner_end
    loops.append((
        "nested/outer", lambda t: programs.nested_loop(t, inner_trips),
        lambda t: t, trips, per_outer_seed, per_outer,
        [f"nested/outer: per outer iteration ({inner_trips} inner "
         f"iterations each); the partition also sends, once per run of the "
         f"inner loop, its last (false) predicate to rank 2 and one dead "
         f"token on each of its 2 crossing edges (+3 messages, +1 B); the "
         f"seed counts per iteration only (the same happens once at the end "
         f"of every loop, which the N2 - N1 difference cancels for a loop "
         f"that is not nested)"]))
    return loops


def messages_part(runner, quick):
    print("1. Messages and bytes per loop iteration, per rank "
          "(--print-stats, (N2 run - N1 run) / (N2 - N1))")
    header = (f"{'loop':<13} {'N1,N2':>6} {'rank':>4}  {'sent msg':>8} "
              f"{'bytes':>6}  {'recv msg':>8} {'bytes':>6}   "
              f"{'seed: sent':>11} {'recv':>11}   {'partition: sent':>15} "
              f"{'recv':>11}  {'match':>5}  {'mpirun':>6}")
    print(header)
    print("-" * len(header))
    notes = []
    mismatches = rows = 0
    for name, make, iterations, (t1, t2), seed, exact, extra in \
            message_loops(quick):
        program = make(t1)
        k = program.ranks
        stem = re.sub(r"[^a-z0-9]+", "_", name)
        kinds = [("threads", runner.threads)]
        if runner.mpirun:
            kinds.append(("mpirun", runner.mpi))
        results = {label: [] for label, _ in kinds}
        for t in (t1, t2):
            prog = make(t)
            path = runner.write(f"{stem}-{t}", prog)
            reference = runner.single(path, prog)
            for label, runs in kinds:
                run = runs(path, prog)
                check_same(reference, run, f"{name} ({t} trips, {label})")
                results[label].append(run)
        span = iterations(t2) - iterations(t1)
        measured = {
            label: {r: [(runs[1].ranks[r][f] - runs[0].ranks[r][f]) / span
                        for f in FIELDS] for r in range(k)}
            for label, runs in results.items()}
        seed_totals = per_rank(seed, k)
        exact_totals = per_rank(exact, k)
        for r in range(k):
            got = measured["threads"][r]
            match = all(abs(a - b) < 1e-9 for a, b in zip(got, exact_totals[r]))
            mismatches += not match
            rows += 1
            mpi = mpirun_cell(got, measured.get("mpirun", {}).get(r))
            s, e = seed_totals[r], exact_totals[r]
            print(f"{name:<13} {f'{t1},{t2}':>6} {r:>4}  {fmt(got[0]):>8} "
                  f"{fmt(got[1]):>6}  {fmt(got[2]):>8} {fmt(got[3]):>6}   "
                  f"{f'{s[0]} ({s[1]} B)':>11} {f'{s[2]} ({s[3]} B)':>11}   "
                  f"{f'{e[0]} ({e[1]} B)':>15} {f'{e[2]} ({e[3]} B)':>11}  "
                  f"{'yes' if match else 'NO':>5}  {mpi:>6}")
        notes.extend(extra)
    print("seed: 1 predicate per iteration to every participating rank but "
          "the loop_cond's owner, plus the data edges that cross; partition: "
          "what -executor-partition's graphs send (Partition.cpp), edge by "
          "edge; match: the threads run measures the partition's figures; "
          "mpirun: the MPI run measures the same (else its "
          "sent/bytes/recv/bytes)")
    print("notes:")
    for note in notes + [
            "every loop: the owner of a loop_cond that receives values of its "
            "loop (count's rank 0, nested's rank 0 and rank 1) runs a state "
            "machine of its own too, to give its recvs their iteration; it "
            "sends nothing",
            "a predicate is a tensor<i1> (1 B); a data edge carries its "
            "tensor (i32: 4 B, tensor<64xf32>: 256 B, tensor<16xf32>: 64 B); "
            "what crosses only once (the accumulator's initial value, the "
            "results for rank 0's fetch, an invariant's input) cancels in "
            "N2 - N1"]:
        print("  - " + note)
    print(f"part 1: {rows - mismatches} of {rows} rank rows measure "
          f"exactly what the partition's accounting says")
    print()
    return mismatches


def lifted_messages_part(runner, quick):
    """Part 1b: the same loops partitioned lifted (--lift), per iteration."""
    print("1b. The same loops partitioned lifted (--lift: -lite-partition, "
          "replicated lite.while/lite.if), per iteration, per rank")
    header = (f"{'loop':<13} {'rank':>4}  {'sent msg':>8} {'bytes':>6}  "
              f"{'recv msg':>8} {'bytes':>6}   {'seed: sent':>11} "
              f"{'recv':>11}  {'mpirun':>6}")
    print(header)
    print("-" * len(header))
    fewer = more = 0
    for name, make, iterations, (t1, t2), seed, exact, extra in \
            message_loops(quick):
        k = make(t1).ranks
        stem = re.sub(r"[^a-z0-9]+", "_", name) + "-lifted"
        results = {"threads": [], "mpirun": []}
        for t in (t1, t2):
            prog = make(t)
            path = runner.write(f"{stem}-{t}", prog)
            reference = runner.single(path, prog)
            run = runner.threads(path, prog, ["--lift"])
            check_same(reference, run, f"{name} ({t} trips, lifted threads)")
            results["threads"].append(run)
            if runner.mpirun:
                run = runner.mpi(path, prog, ["--lift"])
                check_same(reference, run, f"{name} ({t} trips, lifted mpirun)")
                results["mpirun"].append(run)
        span = iterations(t2) - iterations(t1)
        measured = {
            label: {r: [(runs[1].ranks[r][f] - runs[0].ranks[r][f]) / span
                        for f in FIELDS] for r in range(k)}
            for label, runs in results.items() if runs}
        seed_totals = per_rank(seed, k)
        for r in range(k):
            got = measured["threads"][r]
            mpi = mpirun_cell(got, measured.get("mpirun", {}).get(r))
            sd = seed_totals[r]
            fewer += got[0] < sd[0]
            more += got[0] > sd[0]
            print(f"{name:<13} {r:>4}  {fmt(got[0]):>8} {fmt(got[1]):>6}  "
                  f"{fmt(got[2]):>8} {fmt(got[3]):>6}   "
                  f"{f'{sd[0]} ({sd[1]} B)':>11} {f'{sd[2]} ({sd[3]} B)':>11}"
                  f"  {mpi:>6}")
    print(f"lifted vs the seed's design: {fewer} rank rows send fewer "
          f"messages per iteration, {more} send more")
    print("notes:")
    for note in [
            "no dead tokens: a branch that does not run sends nothing on "
            "either side, and a loop's end costs its last predicate only",
            "a loop slot lives on the rank that computes its next value "
            "(count: i on rank 1, where its add is), so the value that "
            "crosses is the one the other rank reads (the cond's i, 4 B), "
            "not both the value and its next value",
            "a loop invariant is kept by every rank that reads it, sent "
            "once before the loop",
            "the predicate goes from the rank computing it to every other "
            "rank that runs the loop, as in the seed"]:
        print("  - " + note)
    print()


# --- 2. speed-up -----------------------------------------------------------

def speedup_part(runner, args):
    program = programs.heavy_loop(args.trips, args.size, args.depth)
    path = runner.write("heavy", program)
    print(f"2. Speed-up on 2 ranks: {args.trips} iterations of two chains of "
          f"{args.depth} x (batch_matmul, tanh) on {args.size}x{args.size} "
          f"f32, chain A on rank 0, chain B on rank 1 (median of {args.runs}"
          f" runs of --print-stats' \"seconds\")")
    labels = ["1 rank", "threads", "mpirun", "lifted threads",
              "lifted mpirun", "native 1 rank", "native mpirun"]
    times = {label: [] for label in labels}
    cpu = []
    lift, native = ["--lift"], ["--engine=native"]
    for _ in range(args.runs):
        reference = runner.single(path, program)
        times["1 rank"].append(reference.seconds)
        run = runner.threads(path, program)
        check_same(reference, run, "heavy (threads)")
        times["threads"].append(run.seconds)
        cpu.append(run.cpu / run.wall)
        run = runner.threads(path, program, lift)
        check_same(reference, run, "heavy (lifted threads)")
        times["lifted threads"].append(run.seconds)
        native_reference = runner.single(path, program, native)
        times["native 1 rank"].append(native_reference.seconds)
        if runner.mpirun:
            run = runner.mpi(path, program)
            check_same(reference, run, "heavy (mpirun)")
            times["mpirun"].append(run.seconds)
            run = runner.mpi(path, program, lift)
            check_same(reference, run, "heavy (lifted mpirun)")
            times["lifted mpirun"].append(run.seconds)
            run = runner.mpi(path, program, native)
            check_same(native_reference, run, "heavy (native mpirun)")
            times["native mpirun"].append(run.seconds)
    header = (f"{'run':<30} {'seconds':>8} {'speed-up':>8}  goal >= {GOAL}x "
              f"(over the same engine on 1 rank)")
    print(header)
    print("-" * len(header))
    missed = False
    rows = [("1 rank", "1 rank (executor interp.)", None),
            ("threads", "--ranks=2 (threads)", "1 rank"),
            ("mpirun", "mpirun -np 2", "1 rank"),
            ("lifted threads", "--ranks=2 --lift (threads)", "1 rank"),
            ("lifted mpirun", "mpirun -np 2 --lift", "1 rank"),
            ("native 1 rank", "1 rank, native", None),
            ("native mpirun", "mpirun -np 2 --engine=native",
             "native 1 rank")]
    for label, name, base_label in rows:
        if not times[label]:
            print(f"{name:<30} {'-':>8} {'-':>8}  skipped (no mpirun)")
            continue
        seconds = statistics.median(times[label])
        if base_label is None:
            print(f"{name:<30} {seconds:>8.3f} {'1.00x':>8}")
            continue
        base = statistics.median(times[base_label])
        ratio = base / seconds if seconds > 0 else float("inf")
        met = ratio >= GOAL
        missed |= not met
        print(f"{name:<30} {seconds:>8.3f} {ratio:>7.2f}x  "
              f"{'met' if met else 'missed'}")
    overlap = statistics.median(cpu)
    print(f"cpu/wall of the --ranks=2 process: {overlap:.2f} (2.00: both "
          f"ranks busy throughout; 1.00: never at once)")
    if args.quick:
        print("(--quick: sizes too small for the speed-up to mean anything)")
    if missed:
        print("note: the two chains did not overlap enough: check cpu/wall "
              "above (near 1: one rank waited while the other ran). A rank "
              "with nothing ready takes the messages that have arrived and "
              "otherwise joins a quiescence round without blocking "
              "(Transport::startRound/testRound), so a busy peer never holds "
              "it up; a machine with fewer free cores than ranks serialises "
              "them anyway.")
    print()


# --- 3. overhead per iteration --------------------------------------------

def overhead_part(runner, args):
    trips = args.overhead_trips
    program = programs.count_loop(trips)
    empty = programs.count_loop(0)
    path = runner.write(f"overhead-{trips}", program)
    empty_path = runner.write("overhead-0", empty)
    print(f"3. Overhead per iteration: the `count` loop ({trips} iterations, "
          f"its add on rank 1; median of {args.runs} runs)")
    mpi = runner.mpi if runner.mpirun else None
    lift, native = ["--lift"], ["--engine=native"]
    rows = [("1 rank (executor interp.)", runner.single, (), None),
            ("--ranks=2 (threads)", runner.threads, (), None),
            ("mpirun -np 2", mpi, (), None),
            ("--ranks=2 --lift (threads)", runner.threads, lift, None),
            ("mpirun -np 2 --lift", mpi, lift, None),
            ("1 rank, native", runner.single, native, native),
            ("mpirun -np 2, native", mpi, native, native)]
    header = (f"{'run':<28} {'us/iter (seconds)':>18} "
              f"{'us/iter (wall - 0 trips)':>25} {'x 1 rank':>9} "
              f"{'CPU us/iter':>12}")
    print(header)
    print("-" * len(header))
    base = None
    for name, runs, extra, reference_extra in rows:
        if runs is None:
            print(f"{name:<28} {'-':>18} {'-':>25} {'-':>9}  skipped "
                  f"(no mpirun)")
            continue
        seconds, walls, cpus = [], [], []
        reference = runner.single(path, program, reference_extra or ())
        for index in range(args.runs):
            run = runs(path, program, extra)
            if index == 0:
                check_same(reference, run, f"count ({trips} trips, {name})")
            zero = runs(empty_path, empty, extra)
            seconds.append(run.seconds)
            walls.append(run.wall - zero.wall)
            cpus.append(run.cpu - zero.cpu)
        per_stats = statistics.median(seconds) / trips * 1e6
        per_wall = statistics.median(walls) / trips * 1e6
        if base is None:
            base = per_wall
        ratio = f"{per_wall / base:.1f}x" if base > 0 and per_wall > 0 \
            else "-"
        per_cpu = statistics.median(cpus) / trips * 1e6
        print(f"{name:<28} {per_stats:>18.2f} {per_wall:>25.2f} "
              f"{ratio:>9} {per_cpu:>12.2f}")
    refused = subprocess.run(
        [runner.sluice_run, path, "--ranks=2", "--placement=add=1",
         "--engine=native"], capture_output=True, text=True, timeout=TIMEOUT)
    said = (refused.stderr.strip().splitlines() or [""])[0]
    print(f"(--ranks=2 --engine=native: "
          + (f"refused: {said.split(': ', 1)[-1]})" if refused.returncode
             else "accepted: update this bench)"))
    print("note: each iteration waits for a message from the other rank "
          "(rank 1 for the loop_cond and i, rank 0 for i + 1): a waiting "
          "rank joins a quiescence round and sleeps until a message or the "
          "round's end wakes it (a condition variable for threads; MPI "
          "polled by PollBackoff's rule under mpirun: back to back, then "
          "yielding, then sleeping), so every iteration pays "
          "two hand-offs between ranks on top of its 3 messages")
    resolution = "" if runner.single_decimals is None else \
        f" -- the 1-rank run prints it to {runner.single_decimals} decimals"
    print(f"(\"seconds\": --print-stats' run time / N{resolution}; wall - 0 "
          f"trips: the process's wall time minus that of the same loop with "
          f"0 trips, start-up and MPI_Init included in both; x 1 rank: of "
          f"the wall column; CPU: user + system time of every process of "
          f"the run (both ranks, mpirun too) minus that of the 0-trip run, "
          f"per iteration: 2x the wall column is both ranks busy throughout)")
    print()


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="\n".join(__doc__.splitlines()[1:]))
    parser.add_argument("--build", default=os.path.join(ROOT, "build"),
                        help="the build directory (its bin/sluice-run)")
    parser.add_argument("--sluice-run", help="sluice-run (default: "
                        "BUILD/bin/sluice-run)")
    parser.add_argument("--quick", action="store_true",
                        help="tiny sizes, one run (the lit test)")
    parser.add_argument("--runs", type=int, help="runs per median (5)")
    parser.add_argument("--mpirun", help="mpirun (default: from PATH)")
    parser.add_argument("--no-mpi", action="store_true",
                        help="skip the mpirun runs")
    parser.add_argument("--size", type=int, help="part 2's matrices (256)")
    parser.add_argument("--depth", type=int,
                        help="part 2's (matmul, tanh) pairs per chain (2)")
    parser.add_argument("--trips", type=int, help="part 2's iterations (16)")
    parser.add_argument("--overhead-trips", type=int,
                        help="part 3's iterations (10000)")
    parser.add_argument("--workdir")
    parser.add_argument("--parts", default="1,1b,2,3",
                        help="the parts to run, comma-separated (default: all)")
    args = parser.parse_args()
    defaults = dict(runs=1, size=16, depth=1, trips=4, overhead_trips=100) \
        if args.quick else dict(runs=5, size=256, depth=2, trips=16,
                                overhead_trips=10000)
    for key, value in defaults.items():
        if getattr(args, key) is None:
            setattr(args, key, value)
    try:
        runner = Runner(args)
        print(f"sluice-run: {runner.sluice_run}; mpirun: "
              f"{runner.mpirun or 'none (its columns are skipped)'}; "
              f"programs in {runner.work}")
        print()
        parts = set(args.parts.split(","))
        mismatches = messages_part(runner, args.quick) if "1" in parts else 0
        if "1b" in parts:
            lifted_messages_part(runner, args.quick)
        if "2" in parts:
            speedup_part(runner, args)
        if "3" in parts:
            overhead_part(runner, args)
    except (BenchError, subprocess.TimeoutExpired) as error:
        print(f"FAIL: {error}")
        return 1
    if mismatches:
        print(f"{mismatches} rank(s) of part 1 do not send what the "
              f"partition's accounting says (see the rows marked NO)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
