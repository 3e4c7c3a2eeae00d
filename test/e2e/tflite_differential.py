#!/usr/bin/env python3
"""Exported .tflite files run in Google's LiteRT agree with sluice-run.

Cases:
  * every corpus graph run that lifts (the AGREE runs of lift_corpus.py),
  * --count generated v1 programs (gen_v1_programs.py),
  * with --programs DIR, every DIR/NAME.mlir with each of its inputs files
    DIR/NAME.in*.json (the hand-written lite programs of test/e2e/programs),
  * with --corpus, the TFLite models TensorFlow's converter wrote
    (CORPUS_TFLITE below, inputs as in litert-harness.test).
The corpus runs need --corpus; when its directory does not exist they are
skipped and a line `corpus DIR absent: its runs skipped` says so.
Each program is compiled with `sluicec --emit=tflite` and the model run in
two runtimes:
  LiteRT.js      LiteRT's WASM build under Node, through litert/run_tflite.mjs
                 (batch mode: the runtime loads once);
  native LiteRT  the Python package ai_edge_litert, through litert_native.py
                 run by the Python of --litert-python (the repository's
                 .venv), one worker process per batch of models, which forks
                 a process per model, so that a crash in LiteRT (or a heap it
                 corrupted) fails one run, not the script. Without
                 --litert-python these runs are skipped (the summary says so).
Two checks per run and runtime:
  program  LiteRT on the model == sluice-run on the program (with --lift for
           executor IR and GraphDefs, without for lite IR, which is already
           lifted);
  import   LiteRT on the model == sluice-run on the same .tflite (the
           importer path); for the corpus models this is the only check.
Integers and booleans must be equal, floats within 1e-5 relative (LiteRT's
kernels are not the interpreter's). Output names must be equal except for
the converter-written corpus models, where sluice-run names values by their
signature keys and the harness by their tensor names: there a name
difference is printed as a note, not a failure.

Prints one line per disagreement (with both outputs), with --table a table
of the --programs and corpus-model runs (program, inputs, each check of each
runtime yes/no/-), and a summary
    tflite differential: N programs, N agree, N skipped, N failed; native
    LiteRT: N runs, N agree, N agree then crash freeing the model, N failed
where the first counts are LiteRT.js's (a failure to export or to run
sluice-run counts there too) and the last native LiteRT's. A native run whose
outputs agree but after which LiteRT crashed freeing the interpreter (a bug
of LiteRT 2.3's IF kernel, explained in main) is counted apart and printed,
not failed; a crash while running a model fails that run. Programs whose
entry takes or returns a dynamically shaped tensor are skipped in LiteRT.js
(it cannot resize input or output buffers) but run in native LiteRT, which
resizes its inputs. Exits 1 on any failure.

usage: tflite_differential.py --sluicec P --sluice-run P --node P
                              [--litert-python P] [--corpus DIR]
                              [--programs DIR] [--count N] [--seed S] [--table]
"""
import argparse
import glob
import json
import math
import os
import re
import signal
import subprocess
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
NATIVE_CHUNK = 50
NATIVE_CHUNK_TIMEOUT = 300

# The converter-written models of shared/corpus/tflite that LiteRT.js runs
# (trained_lstm has variable tensors, which its CompiledModel refuses), with
# inputs from litert-harness.test. Arrays, not names: sluice-run names
# inputs by signature key, the harness by tensor name.
CORPUS_TFLITE = {
    "tf_converter_while_op": ['[3, [1.5]]', '[0, [1.5]]', '[-2, [0.25]]', '[127, [1]]',
                              '[128, [1]]'],
    "tf_converter_if_op": ['[[2], [3]]', '[[5], [3]]', '[[3], [3]]', '[[0.1], [0.2]]',
                           '[["nan"], [2]]', '[["-inf"], [1]]', '[[0], [-3]]'],
    "hello_world_float": ['[[[1.5707964]]]', '[[[0]]]', '[[[-2.5]]]'],
}


def close(a, b):
    if isinstance(a, str) or isinstance(b, str):  # "nan", "inf", "-inf"
        return a == b
    if isinstance(a, bool) or isinstance(b, bool):
        return a == b
    if isinstance(a, int) and isinstance(b, int):
        return a == b
    return math.isclose(a, b, rel_tol=RELATIVE_TOLERANCE, abs_tol=1e-6)


def agree(expected, actual, names=True):
    """Why two outputs JSON texts differ, or None. With names=False a name
    difference is not one (see names_differ)."""
    try:
        want = json.loads(expected)["outputs"]
        got = json.loads(actual)["outputs"]
    except (ValueError, KeyError) as e:
        return f"unreadable output: {e}"
    if len(want) != len(got):
        return f"{len(want)} outputs expected, {len(got)} produced"
    for w, g in zip(want, got):
        for key in ("name", "dtype", "shape"):
            if w[key] != g[key] and (names or key != "name"):
                return f"output {w['name']}: {key} {w[key]} vs {g[key]}"
        if len(w["data"]) != len(g["data"]) or not all(
                close(a, b) for a, b in zip(w["data"], g["data"])):
            return f"output {w['name']}: data {w['data']} vs {g['data']}"
    return None


def names_differ(expected, actual):
    """'a vs b, ...' for the outputs whose names differ, or None."""
    try:
        pairs = zip(json.loads(expected)["outputs"], json.loads(actual)["outputs"])
        diff = [f"{w['name']} vs {g['name']}" for w, g in pairs if w["name"] != g["name"]]
    except (ValueError, KeyError):
        return None
    return ", ".join(diff) or None


def needs_lift(path):
    """Whether sluice-run must lift the program to compare it with the
    exported model: GraphDefs and executor IR, not lite IR or .tflite."""
    if path.endswith((".pb", ".pbtxt")):
        return True
    if path.endswith(".mlir"):
        with open(path) as f:
            return "executor." in f.read()
    return False


def program_cases(directory):
    """(label, program, inputs or None) for DIR/NAME.mlir and each of its
    DIR/NAME.in*.json, in name order."""
    cases = []
    for prog in sorted(glob.glob(os.path.join(directory, "*.mlir"))):
        name = os.path.basename(prog)[:-len(".mlir")]
        inputs = sorted(glob.glob(os.path.join(directory, name + ".in*.json")))
        for inp in inputs or [None]:
            cases.append((name, prog, inp))
    return cases


def run_native(python, entries, work, timeout=NATIVE_CHUNK_TIMEOUT):
    """Native LiteRT (litert_native.py --isolate under `python`: a process
    forked per model) on each batch line "MODEL [IN.json]" of `entries`, one
    worker per NATIVE_CHUNK entries. Per entry (its output line, None), or
    (the line, why) when the process died freeing the interpreter after
    printing the line. A model whose process died before printing gets an
    {"error": ...} line; when a worker itself dies or hangs, the entry it was
    on gets one and the rest of its chunk runs in a new worker."""
    worker = os.path.join(HERE, "..", "..", "python", "sluice", "engines",
                          "litert_native.py")
    results = []
    start = 0
    while start < len(entries):
        chunk = entries[start:start + NATIVE_CHUNK]
        batch_file = os.path.join(work, f"native-batch-{start}.txt")
        out_file, err_file = batch_file + ".out", batch_file + ".err"
        with open(batch_file, "w") as f:
            f.write("\n".join(chunk) + "\n")
        why = None
        with open(out_file, "w") as out, open(err_file, "w") as err:
            try:
                proc = subprocess.Popen([python, worker, "--batch", batch_file, "--isolate"],
                                        stdout=out, stderr=err, stdin=subprocess.DEVNULL,
                                        start_new_session=True)
            except OSError as e:
                proc = None
                why = f"could not be started ({python}: {e})"
            if proc is not None:
                try:
                    rc = proc.wait(timeout=timeout)
                    why = (f"was killed by signal {-rc}" if rc < 0 else
                           f"exited with status {rc}")
                except subprocess.TimeoutExpired:
                    os.killpg(proc.pid, signal.SIGKILL)  # the worker and its model's process
                    proc.wait()
                    why = f"timed out after {timeout} s"
        # Per entry its output line, then "released" or "crashed: WHY".
        done = []
        with open(out_file) as f:
            for line in f.read().split("\n"):
                if line.startswith("{") and line.endswith("}"):
                    done.append([line, None, False])
                elif done and not done[-1][2] and (line == "released" or
                                                    line.startswith("crashed: ")):
                    done[-1][2] = True
                    if line != "released":
                        done[-1][1] = ("the model's process died freeing the interpreter "
                                       "after printing the outputs: " +
                                       json.loads(line[len("crashed: "):]))
        finished = [(line, crash) for line, crash, ended in done if ended][:len(chunk)]
        results += finished
        start += len(finished)
        if len(finished) < len(chunk):
            with open(err_file) as f:
                tail = "".join("\n  " + line for line in [
                    line for line in f.read().splitlines() if not line.startswith("INFO: ")][-5:])
            results.append((json.dumps({"error": f"the native LiteRT worker {why} running "
                                                 f"this model{tail}"}), None))
            start += 1
    return results


def native_available(python):
    """None if `python` can import ai_edge_litert's Interpreter, else why not."""
    rc, _, err = execute([python, "-c", "from ai_edge_litert.interpreter import Interpreter"],
                         CHUNK_TIMEOUT)
    if rc == 0:
        return None
    return f"{python} cannot import ai_edge_litert.interpreter: " + (
        err.strip().splitlines() or ["?"])[-1]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sluicec", required=True)
    parser.add_argument("--sluice-run", required=True)
    parser.add_argument("--node", default="node")
    parser.add_argument("--litert-python",
                        help="a Python with ai_edge_litert (.venv/bin/python) to run the models "
                             "in native LiteRT too; without it those runs are skipped")
    parser.add_argument("--corpus", help="shared/corpus; corpus runs are skipped without it "
                                         "or when the directory is absent")
    parser.add_argument("--programs", help="directory of lite programs NAME.mlir with inputs "
                                           "NAME.in*.json (test/e2e/programs)")
    parser.add_argument("--count", type=int, default=100)
    gen_v1_programs.add_sample_argument(parser)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--table", action="store_true",
                        help="print a table of the --programs and corpus-model runs")
    parser.add_argument("--workdir")
    parser.add_argument("--timeout", type=float, default=120)
    args = parser.parse_args()
    work = args.workdir or tempfile.mkdtemp(prefix="tflite-diff-")
    os.makedirs(work, exist_ok=True)

    # One dict per run: label; prog (the program: GraphDef, MLIR or, for a
    # corpus model, the .tflite itself); extra (--feeds/--fetches); inp (an
    # inputs file or None); table (a row of --table, with inputs for its
    # inputs column); names (whether output names must agree).
    cases = []

    def add(label, prog, extra=(), inp=None, table=None, names=True):
        cases.append(dict(label=label, prog=prog, extra=list(extra), inp=inp, table=table,
                          names=names))

    if args.corpus and not os.path.isdir(args.corpus):
        print(f"corpus {args.corpus} absent: its runs skipped")
        args.corpus = None
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
                add(f"{graph} {' '.join(extra)}".strip(), path, extra, inp)
        for model, runs in CORPUS_TFLITE.items():
            path = os.path.join(args.corpus, "tflite", model + ".tflite")
            for index, inputs in enumerate(runs):
                inp = os.path.join(work, f"{model}-{index}.json")
                with open(inp, "w") as f:
                    f.write(inputs)
                add(f"{model}.tflite {inputs}", path, inp=inp,
                    table=(f"corpus {model}.tflite", inputs), names=False)
    if args.programs:
        for name, prog, inp in program_cases(args.programs):
            shown = os.path.basename(inp) if inp else "(none)"
            add(f"{name} {shown}", prog, inp=inp, table=(name, shown))
    print(gen_v1_programs.describe_sample(args.count, args.every), flush=True)
    for seed in (args.seed + i for i in gen_v1_programs.sampled(args.count, args.every)):
        prog, inp = gen_v1_programs.write(seed, work)
        add(f"seed {seed}", prog, inp=inp)

    failures = []
    skipped = []
    notes = []

    def fail(case, why, native=False):
        failures.append((case["label"], why))
        case["native_failed" if native else "failed"] = True

    # Per case with a model: (case, sluice-run on the program or None,
    # sluice-run on the .tflite, the batch line "MODEL [IN.json]", whether
    # LiteRT.js can run it).
    pending = []
    exported = {}  # (program, import args) -> (model, dynamic), each program exported once
    for index, case in enumerate(cases):
        label, prog, extra, inp = case["label"], case["prog"], case["extra"], case["inp"]
        case["checks"] = {}
        case["native"] = {}
        inputs_arg = [f"--inputs={inp}"] if inp else []
        program_out = None
        dynamic = False
        if prog.endswith(".tflite"):
            model = prog
        else:
            import_args = [a for a in extra if a.startswith(("--feeds", "--fetches", "--init"))]
            key = (prog, tuple(import_args))
            if key not in exported:
                # LiteRT.js sizes input and output buffers from the model's
                # declared shapes and cannot resize them: programs whose entry
                # takes or returns a dynamically shaped tensor run in native
                # LiteRT only.
                rc, lifted, err = execute([args.sluicec, prog] + import_args, args.timeout)
                signature = re.search(r"func\.func @main\((.*)$", lifted or "", re.M)
                dynamic = bool(rc == 0 and signature and
                               re.search(r"tensor<(\*|[^>]*\?)", signature.group(1)))
                model = os.path.join(work, f"case-{index}.tflite")
                rc, _, err = execute([args.sluicec, prog, "--emit=tflite", "-o", model] +
                                     import_args, args.timeout)
                exported[key] = (model if rc == 0 else "error: " + err.strip(), dynamic)
            model, dynamic = exported[key]
            if model.startswith("error: "):
                fail(case, "sluicec --emit=tflite failed: " + model[7:])
                case["checks"] = {"program": "no", "import": "no"}
                continue
            lift = ["--lift"] if needs_lift(prog) else []
            rc, out, err = execute([args.sluice_run, prog] + lift + extra + inputs_arg,
                                   args.timeout)
            if rc != 0:
                fail(case, " ".join(["sluice-run"] + lift) + " on the program failed: " +
                     err.strip())
                case["checks"] = {"program": "no", "import": "no"}
                continue
            program_out = out.strip()
        rc, out, err = execute([args.sluice_run, model] + inputs_arg, args.timeout)
        import_out = out.strip() if rc == 0 else None
        if rc != 0:
            import_out = json.dumps({"error": f"sluice-run on {model} failed: {err.strip()}"})
        if dynamic:
            skipped.append(label)
            case["checks"] = {"program": "skipped", "import": "skipped"}
        pending.append((case, program_out, import_out, f"{model} {inp}" if inp else model,
                        not dynamic))

    # LiteRT.js: one process per chunk, the runtime loading once per chunk. A
    # long-lived LiteRT.js instance was seen to hang or fail after some
    # hundred models that each run fine on their own, so a chunk that fails
    # or times out is run again one model per process.
    batch = [entry for _, _, _, entry, js in pending if js]
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

    # Native LiteRT: every model, LiteRT.js's or not.
    native_lines = []
    native_unavailable = None
    if args.litert_python:
        native_unavailable = native_available(args.litert_python)
        if native_unavailable:
            failures.append(("native LiteRT", native_unavailable))
        else:
            native_lines = run_native(args.litert_python,
                                      [entry for _, _, _, entry, _ in pending], work)

    def compare(case, program_out, import_out, line, runtime, native):
        """The program and import checks of one runtime's output line;
        whether they all passed."""
        results = case["native"] if native else case["checks"]
        checks = [("import", "sluice-run on the .tflite", import_out)]
        if program_out is not None:
            checks.insert(0, ("program", "sluice-run on the program", program_out))
        if line.startswith('{"error"'):
            for key, _, _ in checks:
                results[key] = "no"
            fail(case, f"{runtime} failed: {line}\n" +
                 "\n".join(f"    {what}: {want}" for _, what, want in checks), native)
            return False
        passed = True
        for key, what, want in checks:
            why = agree(want, line, case["names"])
            results[key] = "no" if why else "yes"
            if why:
                passed = False
                fail(case, f"{runtime} disagrees with {what}: {why}\n"
                           f"    {runtime}: {line}\n    {what}: {want}", native)
            elif not case["names"] and names_differ(want, line):
                results[key] = "yes (names differ)"
                notes.append((case["label"], f"output names differ, {what} vs {runtime}: "
                                             f"{names_differ(want, line)}"))
        return passed

    # Native runs whose outputs agree but after which LiteRT crashed freeing
    # the interpreter: counted apart, not as failures. LiteRT 2.3's IF kernel
    # (if_kernel::Eval_static) points a branch's output tensors at the IF's
    # output buffers, also an output that LiteRT itself computed at prepare
    # time (a kTfLitePersistentRo tensor, e.g. a RESHAPE of constants); the
    # interpreter's destructor then free()s that arena pointer and glibc
    # aborts ("free(): invalid pointer"). The model is valid; the bug is
    # LiteRT's.
    crashed_after = []
    js_lines = iter(lines)
    for (case, program_out, import_out, _, js), native_result in zip(
            pending, native_lines or [None] * len(pending)):
        if js:
            compare(case, program_out, import_out, next(js_lines), "LiteRT", False)
        if native_result is not None:
            native_line, crash = native_result
            if crash and not compare(case, program_out, import_out, native_line,
                                     "native LiteRT", True):
                failures.append((case["label"], "and then " + crash))
            elif crash:
                crashed_after.append((case["label"], crash))
                for key in case["native"]:
                    case["native"][key] += " (then crashed)"
            else:
                compare(case, program_out, import_out, native_line, "native LiteRT", True)

    for label, why in failures:
        print(f"FAIL {label}: {why}")
    for label in skipped:
        print(f"skipped in LiteRT.js (dynamic shapes at the entry, it cannot resize)"
              f"{', run in native LiteRT' if native_lines else ''}: {label}")
    for label, note in notes:
        print(f"note {label}: {note}")
    for label, why in crashed_after:
        print(f"native LiteRT agrees but crashed afterwards {label}: {why}")
    if args.table:
        rows = [(c["table"][0], c["table"][1], c["checks"].get("program", "-"),
                 c["checks"].get("import", "-"), c["native"].get("program", "-"),
                 c["native"].get("import", "-")) for c in cases if c["table"]]
        header = ("program", "inputs", "LiteRT.js == sluice-run (program)",
                  "LiteRT.js == sluice-run (.tflite)", "native LiteRT == sluice-run (program)",
                  "native LiteRT == sluice-run (.tflite)")
        widths = [max(len(r[i]) for r in rows + [header]) for i in range(len(header))]
        for row in [header, tuple("-" * w for w in widths)] + rows:
            print("| " + " | ".join(f"{v:<{w}}" for v, w in zip(row, widths)) + " |")
    total = len(cases)
    failed = sum(1 for c in cases if c.get("failed"))
    if retried:
        print(f"LiteRT chunks rerun one model per process: {retried}")
    if native_lines:
        native_failed = sum(1 for c, *_ in pending if c.get("native_failed"))
        native = (f"native LiteRT: {len(native_lines)} runs, "
                  f"{len(native_lines) - native_failed - len(crashed_after)} agree, "
                  f"{len(crashed_after)} agree then crash freeing the model, "
                  f"{native_failed} failed")
    elif native_unavailable:
        native = "native LiteRT: unavailable, 1 failed"
    elif args.litert_python:
        native = "native LiteRT: 0 runs, 0 agree, 0 failed"
    else:
        native = "native LiteRT: skipped (no --litert-python)"
    print(f"tflite differential: {total} programs, "
          f"{total - failed - len(skipped)} agree, {len(skipped)} skipped, "
          f"{failed} failed; {native}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
