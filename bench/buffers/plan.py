#!/usr/bin/env python3
"""TFLite arena plan: Sluice's global plan against per-subgraph plans.

For each program of test/e2e/programs (16) and bench/buffers/programs
(the aliasing cases), every corpus GraphDef that
sluicec exports (shared/corpus/graphdef) and the corpus models TensorFlow's
converter wrote (imported and exported again), exports
`sluicec --emit=tflite --plan-buffers` and checks the plan with
test/Target/TFLite/check_arena_plan.py (alignment, counts, no two tensors
live together overlapping). Prints, per model:
  global    the arena the whole-model plan needs (max offset + bytes,
            rounded up to 16), with aliasing: the tensors IF/WHILE copy
            between share an offset where that is sound
  sum       the sum of the subgraphs' peaks, each subgraph alone without
            aliasing: the most 16-byte-aligned bytes live at once in it,
            a lower bound on what one arena per subgraph would need
  ratio     global / sum (issue 8's goal: <= 0.60 on nested loops)
  copied    bytes IF/WHILE copy between tensors at different offsets in
            check_arena_plan.py's simulated run (loops run twice)
  elided    bytes of those copies between tensors at one offset (a runtime
            that skips copies between equal addresses, as TFLite Micro
            does, moves nothing)
  report    "ok" when `sluicec --report=json` (Program::memoryReport) gives
            the same global and sum, "-" when it cannot report the model
            (its native half refuses it); a model where it differs fails
Models with no plannable tensor (all dynamic) print "-". A model the
exporter refuses is listed as skipped.

usage: bench/buffers/plan.py [--build DIR] [--corpus DIR]
"""
import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                     "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "test", "Target", "TFLite"))
sys.dont_write_bytecode = True
import check_arena_plan  # noqa: E402

NESTED = {"nested_while", "while_if_while", "if_in_while", "while_in_if",
          "v1_nested_while_grappler"}


def add_arguments(parser):
    """--build and --corpus, shared with bench/buffers/bench.py."""
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--corpus", default=os.path.join(
        os.path.dirname(ROOT), "shared", "corpus"))


def main(args=None):
    if args is None:
        parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
        add_arguments(parser)
        args = parser.parse_args()
    sluicec = os.path.join(args.build, "bin", "sluicec")
    inputs = sorted(glob.glob(os.path.join(ROOT, "test", "e2e", "programs",
                                           "*.mlir")))
    inputs += sorted(glob.glob(os.path.join(ROOT, "bench", "buffers",
                                            "programs", "*.mlir")))
    inputs += sorted(glob.glob(os.path.join(args.corpus, "graphdef", "*.pbtxt")))
    inputs += sorted(glob.glob(os.path.join(args.corpus, "tflite", "*.tflite")))
    rows, skipped, failed = [], [], 0
    with tempfile.TemporaryDirectory() as work:
        for path in inputs:
            name = os.path.splitext(os.path.basename(path))[0]
            model = os.path.join(work, name + ".tflite")
            run = subprocess.run([sluicec, path, "--emit=tflite",
                                  "--plan-buffers", "-o", model],
                                 capture_output=True, text=True)
            if run.returncode != 0:
                skipped.append(name)
                continue
            problems, stats = check_arena_plan.check(
                check_arena_plan.load_model(model))
            if problems:
                failed += 1
                print("FAIL %s: %s" % (name, "; ".join(problems[:3])))
                continue
            report = subprocess.run([sluicec, path, "--report=json"],
                                    capture_output=True, text=True)
            agrees = "-"
            if report.returncode == 0:
                arena = json.loads(report.stdout)["arena"]
                agrees = "ok" if (arena["global"], arena["sum"]) == \
                    (stats["global"], stats["sum"]) else "DIFFERS"
            if agrees == "DIFFERS":
                failed += 1
                print("FAIL %s: sluicec --report says global %d, sum %d"
                      % (name, arena["global"], arena["sum"]))
            rows.append((name, stats, agrees))
    print("%-40s %5s %7s %7s %6s %7s %7s %6s" % (
        "model", "subg", "global", "sum", "ratio", "copied", "elided",
        "report"))
    nested = []
    for name, stats, agrees in rows:
        copied, elided = stats["moves"][1], stats["moves"][3]
        if not stats["sum"]:
            print("%-40s %5d %7s %7s %6s %7d %7d %6s" % (
                name, stats["subgraphs"], "-", "-", "-", copied, elided,
                agrees))
            continue
        ratio = stats["global"] / stats["sum"]
        if name in NESTED:
            nested.append(ratio)
        print("%-40s %5d %7d %7d %6.2f %7d %7d %6s%s" % (
            name, stats["subgraphs"], stats["global"], stats["sum"], ratio,
            copied, elided, agrees, "  (nested)" if name in NESTED else ""))
    total_global = sum(s["global"] for _, s, _ in rows)
    total_sum = sum(s["sum"] for _, s, _ in rows)
    total_copied = sum(s["moves"][1] for _, s, _ in rows)
    total_elided = sum(s["moves"][3] for _, s, _ in rows)
    if total_sum:
        print("%-40s %5s %7d %7d %6.2f %7d %7d" % (
            "total", "", total_global, total_sum, total_global / total_sum,
            total_copied, total_elided))
    if total_copied + total_elided:
        print("control-flow copies elided: %d of %d bytes (%.0f%%)" % (
            total_elided, total_copied + total_elided,
            100.0 * total_elided / (total_copied + total_elided)))
    if nested:
        print("nested-loop programs: worst ratio %.2f (goal <= 0.60)"
              % max(nested))
    print("planned %d models, %d skipped (not exportable: %s), %d failed"
          % (len(rows), len(skipped), ", ".join(skipped) or "-", failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
