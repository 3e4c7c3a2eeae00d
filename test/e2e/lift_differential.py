#!/usr/bin/env python3
# Differential test of -executor-lift-control-flow: random v1 programs from
# gen_v1_programs.py run by sluice-run as executor IR and lifted; outputs
# must agree exactly.
"""Differential test of the control-flow lifting on random v1 programs.

For each i in range(--count), program seed S+i (gen_v1_programs.generate):
  1. sluice-run prog.mlir --inputs=in.json          (executor: the oracle)
  2. sluice-run prog.mlir --lift --inputs=in.json   (lifted), same JSON text
  3. with --sluice-opt: sluice-opt -executor-lift-control-flow prog.mlir
     succeeds and leaves no `executor.` op.
With --no-lift, 2 and 3 are skipped and --sluice-opt instead checks that the
program verifies and passes the frame analysis (-test-executor-frames): that
validates the generator itself.

A failing program's seed and reason are printed and its files kept in
--workdir/seed-S (regenerate one with gen_v1_programs.py --seed S --depth D);
the exit status is then 1. The last lines are
  lift differential: N programs, N agree, N failed
  programs with each shape: <how many programs hold each hard shape>
  failed seeds: ...                                      (if any)

usage: lift_differential.py --count N --seed S --sluice-run PATH
           [--sluice-opt PATH] [--workdir DIR] [--no-lift] [-j 2] [--depth D]
"""
import argparse
import concurrent.futures
import os
import shutil
import sys
import tempfile
import threading

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_v1_programs  # noqa: E402
from toolrun import execute  # noqa: E402


def first_lines(text, n=12):
    """The start of a tool's stderr, without LLVM's crash boilerplate."""
    lines = [line for line in text.strip().splitlines()
             if not line.lstrip().startswith(("#", "Stack dump", "PLEASE submit", "0.", "1.", "2."))]
    more = f"\n    ... ({len(lines) - n} more lines)" if len(lines) > n else ""
    return "\n    ".join(lines[:n]) + more


# Every generated loop runs at most 6 iterations: a runaway loop (a lifting
# bug) fails fast instead of running to sluice-run's default bound of 10^7.
MAX_ITERATIONS = "--max-iterations=1000"


def check(seed, args):
    """Returns (error or None, stats)."""
    mlir, inputs, stats = gen_v1_programs.generate_with_stats(seed, args.depth)
    d = os.path.join(args.workdir, f"seed-{seed}")
    os.makedirs(d, exist_ok=True)
    prog, inp = os.path.join(d, "prog.mlir"), os.path.join(d, "in.json")
    with open(prog, "w") as f:
        f.write(mlir)
    with open(inp, "w") as f:
        f.write(inputs)

    def fail(what):
        return f"seed {seed}: {what}\n    files: {d}", stats

    def status(rc, err):
        crash = f"crashed (signal {-rc})" if rc is not None and rc < 0 else f"exit {rc}"
        detail = first_lines(err)
        return crash + (":\n    " + detail if detail else "")

    rc, ref, err = execute([args.sluice_run, prog, "--inputs=" + inp, MAX_ITERATIONS], args.timeout)
    if rc != 0:
        return fail(f"executor run failed, {status(rc, err)}")
    if args.no_lift:
        if args.sluice_opt:
            rc, _, err = execute([args.sluice_opt, prog, "-test-executor-frames", "-o", os.devnull], args.timeout)
            if rc != 0:
                return fail(f"frame analysis failed, {status(rc, err)}")
    else:
        rc, lifted, err = execute([args.sluice_run, prog, "--lift", "--inputs=" + inp, MAX_ITERATIONS], args.timeout)
        if rc != 0:
            return fail(f"lifted run failed, {status(rc, err)}")
        if lifted.strip() != ref.strip():
            return fail(f"outputs differ\n    executor: {ref.strip()}\n    lifted:   {lifted.strip()}")
        if args.sluice_opt:
            rc, out, err = execute([args.sluice_opt, "-executor-lift-control-flow", prog], args.timeout)
            if rc != 0:
                return fail(f"sluice-opt -executor-lift-control-flow failed, {status(rc, err)}")
            left = [line.strip() for line in out.splitlines() if "executor." in line]
            if left:
                return fail(f"{len(left)} executor op(s) left after lifting, first: {left[0]}")
    if not args.keep:
        shutil.rmtree(d, ignore_errors=True)
    return None, stats


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1, help="seed of the first program")
    parser.add_argument("--sluice-run", required=True)
    parser.add_argument("--sluice-opt")
    parser.add_argument("--workdir", help="where programs are written (default: a new temporary directory)")
    parser.add_argument("--no-lift", action="store_true",
                        help="only check that the executor programs run (validates the generator)")
    gen_v1_programs.add_sample_argument(parser)
    parser.add_argument("-j", "--jobs", type=int, default=2)
    parser.add_argument("--depth", type=int, default=4, help="maximum nesting depth")
    parser.add_argument("--timeout", type=float, default=120, help="seconds per tool run")
    parser.add_argument("--keep", action="store_true", help="keep the files of passing programs too")
    args = parser.parse_args()
    for tool in ("sluice_run", "sluice_opt"):
        path = getattr(args, tool)
        if path and os.sep not in path:
            setattr(args, tool, shutil.which(path) or path)
    if args.workdir:
        os.makedirs(args.workdir, exist_ok=True)
    else:
        args.workdir = tempfile.mkdtemp(prefix="lift-differential-")

    totals = {s: 0 for s in gen_v1_programs.SHAPES}
    failed = []
    lock = threading.Lock()
    def guarded(seed):
        try:
            return check(seed, args)
        except Exception as e:  # a generator bug: report it as this seed's failure
            return f"seed {seed}: generator raised {type(e).__name__}: {e}", {}

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = [pool.submit(guarded, args.seed + i)
                   for i in gen_v1_programs.sampled(args.count, args.every)]
        for future in concurrent.futures.as_completed(futures):
            error, stats = future.result()
            with lock:
                for s in totals:
                    totals[s] += 1 if stats.get(s) else 0
                if error:
                    failed.append(error)
                    print("FAIL " + error, flush=True)

    ran = len(futures)
    agree = ran - len(failed)
    print(gen_v1_programs.describe_sample(args.count, args.every))
    print(f"lift differential: {ran} programs, {agree} agree, {len(failed)} failed"
          + (" (executor runs only: --no-lift)" if args.no_lift else ""))
    print("programs with each shape: " + ", ".join(f"{s} {n}" for s, n in totals.items()))
    if failed:
        seeds = sorted(int(e.split(":")[0].split()[1]) for e in failed)
        print("failed seeds: " + " ".join(map(str, seeds)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
