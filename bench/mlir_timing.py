"""--mlir-timing for the benchmarks: best-of-N runs of an MLIR tool and the
per-pass / per-translation times of the best run (bench/lift, bench/tflite;
bench/compile reads sluicec --timing=json, the same format)."""
import json
import subprocess
import sys
import time


def timing_entries(stderr):
    """name -> seconds from --mlir-timing --mlir-output-format=json, nested
    pass entries included and summed by name."""
    start = stderr.find("[")
    if start < 0:
        return {}
    try:
        report = json.loads(stderr[start:])
    except json.JSONDecodeError:
        return {}
    found = {}

    def walk(entries):
        for entry in entries:
            if "name" in entry and "wall" in entry:
                found[entry["name"]] = found.get(entry["name"], 0) + entry["wall"]["duration"]
            walk(entry.get("passes", []))

    walk(report)
    return found


MLIR_TIMING_FLAGS = ("--mlir-timing", "--mlir-output-format=json")


def best_timed_run(cmd, repeat, timing_flags=MLIR_TIMING_FLAGS):
    """(best wall seconds, timing entries of that run) over `repeat` runs of
    `cmd` with --mlir-timing (or `timing_flags`: sluicec's --timing=json
    prints the same JSON); exits naming the command if a run fails."""
    best = None
    for _ in range(repeat):
        start = time.perf_counter()
        proc = subprocess.run(cmd + list(timing_flags),
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              text=True, check=False)
        elapsed = time.perf_counter() - start
        if proc.returncode != 0:
            sys.exit(f"{' '.join(cmd)} failed (exit {proc.returncode}):\n{proc.stderr[:2000]}")
        if best is None or elapsed < best[0]:
            best = (elapsed, timing_entries(proc.stderr))
    return best
