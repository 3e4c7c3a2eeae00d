#!/usr/bin/env python3
"""Exported .tflite files run in Google's LiteRT agree with sluice-run.

For every corpus graph run that lifts (the AGREE runs of lift_corpus.py) and
for --count generated v1 programs (gen_v1_programs.py), compiles the program
with `sluicec --emit=tflite`, runs the model in LiteRT through
litert/run_tflite.mjs (batch mode: the runtime loads once) and compares with
`sluice-run --lift` on the same inputs: integers and booleans exactly, floats
within 1e-5 relative (LiteRT's kernels are not the interpreter's). Prints one
line per disagreement and a summary
    tflite differential: N programs, N agree, N skipped, N failed
Programs whose entry takes or returns a dynamically shaped tensor are
skipped (LiteRT.js cannot resize input or output buffers).
and exits 1 on any failure.

usage: tflite_differential.py --sluicec P --sluice-run P --node P
                              [--corpus DIR] [--count N] [--seed S]
"""
import argparse
import json
import math
import os
import re
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True
import gen_v1_programs  # noqa: E402
import lift_corpus  # noqa: E402
from toolrun import execute  # noqa: E402

RELATIVE_TOLERANCE = 1e-5
CHUNK = 25
CHUNK_TIMEOUT = 60


def close(a, b):
    if isinstance(a, str) or isinstance(b, str):  # "nan", "inf", "-inf"
        return a == b
    if isinstance(a, bool) or isinstance(b, bool):
        return a == b
    if isinstance(a, int) and isinstance(b, int):
        return a == b
    return math.isclose(a, b, rel_tol=RELATIVE_TOLERANCE, abs_tol=1e-6)


def agree(expected, actual):
    """Why two outputs JSON texts differ, or None."""
    try:
        want = json.loads(expected)["outputs"]
        got = json.loads(actual)["outputs"]
    except (ValueError, KeyError) as e:
        return f"unreadable output: {e}"
    if len(want) != len(got):
        return f"{len(want)} outputs expected, {len(got)} produced"
    for w, g in zip(want, got):
        for key in ("name", "dtype", "shape"):
            if w[key] != g[key]:
                return f"output {w['name']}: {key} {w[key]} vs {g[key]}"
        if len(w["data"]) != len(g["data"]) or not all(
                close(a, b) for a, b in zip(w["data"], g["data"])):
            return f"output {w['name']}: data {w['data']} vs {g['data']}"
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sluicec", required=True)
    parser.add_argument("--sluice-run", required=True)
    parser.add_argument("--node", default="node")
    parser.add_argument("--corpus", help="shared/corpus; corpus runs are skipped without it")
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workdir")
    parser.add_argument("--timeout", type=float, default=120)
    args = parser.parse_args()
    work = args.workdir or tempfile.mkdtemp(prefix="tflite-diff-")
    os.makedirs(work, exist_ok=True)

    # (label, program path, sluicec/sluice-run args, inputs path)
    cases = []
    if args.corpus:
        for graph, runs in lift_corpus.GRAPHS.items():
            for index, (extra, inputs, expect, _) in enumerate(runs):
                if expect != lift_corpus.AGREE:
                    continue
                path = os.path.join(args.corpus, "graphdef", graph + ".pbtxt")
                inp = None
                if inputs is not None:
                    inp = os.path.join(work, f"{graph}-{index}.json")
                    with open(inp, "w") as f:
                        f.write(inputs)
                cases.append((f"{graph} {' '.join(extra)}".strip(), path, extra, inp))
    for seed in range(args.seed, args.seed + args.count):
        mlir, inputs = gen_v1_programs.generate(seed)
        prog = os.path.join(work, f"seed-{seed}.mlir")
        inp = os.path.join(work, f"seed-{seed}.json")
        with open(prog, "w") as f:
            f.write(mlir)
        with open(inp, "w") as f:
            f.write(inputs)
        cases.append((f"seed {seed}", prog, [], inp))

    failures = []
    skipped = []
    batch = []
    expected = {}
    for index, (label, prog, extra, inp) in enumerate(cases):
        model = os.path.join(work, f"case-{index}.tflite")
        import_args = [a for a in extra if a.startswith(("--feeds", "--fetches"))]
        # LiteRT.js sizes input and output buffers from the model's declared
        # shapes and cannot resize them: programs whose entry takes or
        # returns a dynamically shaped tensor cannot be run there.
        rc, lifted, err = execute([args.sluicec, prog] + import_args, args.timeout)
        signature = re.search(r"func\.func @main\((.*)$", lifted or "", re.M)
        if rc == 0 and signature and re.search(r"tensor<(\*|[^>]*\?)", signature.group(1)):
            skipped.append(label)
            continue
        rc, _, err = execute([args.sluicec, prog, "--emit=tflite", "-o", model] + import_args,
                             args.timeout)
        if rc != 0:
            failures.append((label, "sluicec --emit=tflite failed: " + err.strip()))
            continue
        rc, out, err = execute([args.sluice_run, prog, "--lift"] + extra +
                               ([f"--inputs={inp}"] if inp else []), args.timeout)
        if rc != 0:
            failures.append((label, "sluice-run --lift failed: " + err.strip()))
            continue
        expected[len(batch)] = (label, out.strip())
        batch.append(f"{model} {inp}" if inp else model)

    # One LiteRT process per chunk, the runtime loading once per chunk. A
    # long-lived LiteRT.js instance was seen to hang or fail after some
    # hundred models that each run fine on their own, so a chunk that fails
    # or times out is run again one model per process.
    harness = [args.node, os.path.join(HERE, "litert", "run_tflite.mjs")]
    lines = []
    retried = 0
    for start in range(0, len(batch), CHUNK):
        entries = batch[start:start + CHUNK]
        batch_file = os.path.join(work, f"batch-{start}.txt")
        with open(batch_file, "w") as f:
            f.write("\n".join(entries) + "\n")
        rc, out, err = execute(harness + ["--batch", batch_file], CHUNK_TIMEOUT)
        chunk = out.splitlines() if out else []
        if rc is None or len(chunk) != len(entries) or any(
                line.startswith('{"error"') for line in chunk):
            retried += 1
            chunk = []
            for entry in entries:
                model, *inp = entry.split(" ")
                rc, out, err = execute(harness + [model] + [f"--inputs={i}" for i in inp],
                                       CHUNK_TIMEOUT)
                chunk.append(out.strip() if rc == 0 else
                             json.dumps({"error": (err or "timed out").strip()}))
        lines += chunk
    for index, line in enumerate(lines):
        label, want = expected[index]
        why = agree(want, line)
        if why:
            failures.append((label, f"LiteRT disagrees: {why}\n    LiteRT:     {line}\n"
                                    f"    sluice-run: {want}"))

    for label, why in failures:
        print(f"FAIL {label}: {why}")
    for label in skipped:
        print(f"skipped (dynamic shapes at the entry, LiteRT.js cannot resize): {label}")
    total = len(cases)
    if retried:
        print(f"LiteRT chunks rerun one model per process: {retried}")
    print(f"tflite differential: {total} programs, "
          f"{total - len(failures) - len(skipped)} agree, {len(skipped)} skipped, "
          f"{len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
