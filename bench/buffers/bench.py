#!/usr/bin/env python3
"""Buffers: copies per loop iteration (native) and the arena plan (TFLite).

Copies: each program of test/e2e/programs (16) and bench/buffers/programs
(accumulate, entry_used_after, swap, ping_pong, reread, branches) goes
through the native pipeline up to deallocation three ways, in this run:
  sluice    sluice-opt -sluice-bufferize (Sluice's loop-state and branch
            destination rewrites, one-shot bufferization,
            -native-rotate-loop-buffers, buffer-loop-hoisting)
  upstream  the same lowering, then upstream one-shot bufferization with
            its default options (sluice-bufferize{upstream-baseline});
            "rejects" when it refuses the program (a loop yielding another
            buffer than its own: swaps, ping-pong)
  +loops    upstream with allow-return-allocs-from-loops, the one option
            that makes it accept those
and in the printed IR counts, inside scf.while/scf.for bodies (so executed
once per iteration), memref.copy/linalg.copy ops, their bytes (static
shapes) and memref.alloc ops. Columns: copies/bytes/allocs per iteration,
summed over a program's loops. Copies include an op's own data movement:
loop_bool's are its concatenation's (a mask shifted by one goes through a
temporary, source and destination overlapping), dynamic_* and zero_trip
move dynamically shaped slices (0 bytes: not static). Sluice's allocs
would include those the lowering of ownership-based deallocation makes for
its index lists, when a buffer's owner is known only at run time
(upstream's columns run no deallocation). Column `report`: the same figures
from `sluicec --report=json` (Program::memoryReport, which counts the
bufferized IR in C++, loop by loop); a program where it differs from the
`sluice` column fails the bench.

Arena: then runs bench/buffers/plan.py (global plan vs the sum of
per-subgraph peaks).

usage: bench/buffers/bench.py [--build DIR] [--corpus DIR]
"""
import argparse
import glob
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True
import plan  # noqa: E402
BYTES = {"f32": 4, "i32": 4, "i64": 8, "f64": 8, "i1": 1, "i8": 1, "ui8": 1,
         "i16": 2, "f16": 2}
CONFIGS = [("sluice", "sluice-bufferize"),
           ("upstream", "sluice-bufferize{upstream-baseline=1}"),
           ("+loops", "sluice-bufferize{upstream-baseline=1 "
                      "allow-return-allocs-from-loops=1}")]
# The cases the issue names: the analysis proves no copy is needed
# (zero-copy goal), and the ping-pong / re-read cases (fewer bytes goal).
ZERO_COPY = {"accumulate", "entry_used_after", "swap", "ping_pong", "reread",
             "rnn_step", "nested_while", "loop_int64", "sibling_whiles",
             "while_if_while", "if_in_while", "loop_captures", "shared_loops"}
FEWER_BYTES = {"ping_pong", "reread", "swap"}


def memref_bytes(type_text):
    match = re.match(r"memref<([0-9x]*)([a-z]+[0-9]+)", type_text)
    if not match or "?" in type_text.split(",")[0]:
        return None
    count = 1
    for dim in filter(None, match.group(1).split("x")):
        count *= int(dim)
    width = BYTES.get(match.group(2))
    return None if width is None else count * width


def count_in_loops(ir):
    """(copies, bytes, allocs) of ops nested in scf.while/scf.for bodies."""
    stack, copies, copied, allocs = [], 0, 0, 0
    for line in ir.splitlines():
        text = line.strip()
        in_loop = "loop" in stack
        if in_loop and ("memref.copy" in text or "linalg.copy" in text):
            copies += 1
            types = re.findall(r"memref<[^>]*>", text)
            size = memref_bytes(types[0]) if types else None
            copied += size or 0
        if in_loop and "memref.alloc(" in text:
            allocs += 1
        closes = text.startswith("}")
        if closes and stack:
            kind = stack.pop()
            if text.endswith("{"):   # "} do {" / "} else {"
                stack.append(kind)
                continue
        if text.endswith("{") and not closes:
            stack.append("loop" if re.search(r"\bscf\.(while|for)\b", text)
                         else "other")
    return copies, copied, allocs


def count_in_loops_split(ir):
    """count_in_loops split in two: (steady, growth). Growth counts the ops
    in the then-branch of an scf.if whose else-branch only yields a block
    argument: a growable list's storage reallocated larger, which runs
    about log2(n) times in n iterations; steady counts the rest."""
    lines = ir.splitlines()
    growth = set()
    stack = []  # (header line, is an scf.if, line of "} else {")
    for index, line in enumerate(lines):
        text = line.strip()
        closes = text.startswith("}")
        if closes and stack:
            start, is_if, middle = stack.pop()
            if text.endswith("{"):  # "} else {" / "} do {"
                stack.append((start, is_if, index))
                continue
            if is_if and middle is not None:
                other = [l.strip() for l in lines[middle + 1:index] if l.strip()]
                if len(other) == 1 and re.match(r"scf\.yield %arg\d+ :", other[0]):
                    growth.update(range(start + 1, middle))
        if text.endswith("{") and not closes:
            stack.append((index, bool(re.search(r"\bscf\.if\b", text)), None))
    steady = count_in_loops("\n".join(
        line for index, line in enumerate(lines) if index not in growth))
    total = count_in_loops(ir)
    return steady, tuple(t - s for t, s in zip(total, steady))


def measure(opt, path, pipeline):
    run = subprocess.run([opt, path, "--pass-pipeline=builtin.module(%s)"
                          % pipeline], capture_output=True, text=True)
    if run.returncode != 0:
        return None
    return count_in_loops(run.stdout)


def report_native(sluicec, path):
    """(copies, bytes, allocs) of `sluicec --report=json`, or None."""
    run = subprocess.run([sluicec, path, "--report=json"], capture_output=True,
                         text=True)
    if run.returncode != 0:
        return None
    native = json.loads(run.stdout)["native"]
    return native["copies"], native["bytes"], native["allocs"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    plan.add_arguments(parser)
    args = parser.parse_args()
    opt = os.path.join(args.build, "bin", "sluice-opt")
    sluicec = os.path.join(args.build, "bin", "sluicec")
    programs = sorted(glob.glob(os.path.join(ROOT, "test", "e2e", "programs",
                                             "*.mlir")))
    programs += sorted(glob.glob(os.path.join(HERE, "programs", "*.mlir")))

    def cell(result):
        return "rejects" if result is None else "%d/%d/%d" % result

    print("copies/bytes/allocs per loop iteration (native, bufferized IR)")
    print("%-20s %14s %14s %14s %14s" % ("program", "sluice", "upstream",
                                         "+loops", "report"))
    failures = []
    for path in programs:
        name = os.path.splitext(os.path.basename(path))[0]
        results = [measure(opt, path, pipeline) for _, pipeline in CONFIGS]
        reported = report_native(sluicec, path)
        print("%-20s %14s %14s %14s %14s" % (
            name, *[cell(r) for r in results],
            "fails" if reported is None else cell(reported)))
        sluice, _, loops = results
        if reported != sluice:
            failures.append("%s: sluicec --report says %s, bench counts %s"
                            % (name, reported, sluice))
        if sluice is None:
            failures.append("%s: sluice-bufferize failed" % name)
            continue
        if name in ZERO_COPY and sluice[0]:
            failures.append("%s: %d copies per iteration, goal 0"
                            % (name, sluice[0]))
        if name in FEWER_BYTES and loops is not None and \
                not sluice[1] < loops[1]:
            failures.append("%s: %d bytes per iteration, not fewer than "
                            "one-shot's %d" % (name, sluice[1], loops[1]))
    for failure in failures:
        print("goal missed: " + failure)
    print()
    planned = plan.main(args)
    return 1 if failures or planned else 0


if __name__ == "__main__":
    sys.exit(main())
