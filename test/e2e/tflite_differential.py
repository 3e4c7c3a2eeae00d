#!/usr/bin/env python3
"""Exported .tflite files run in Google's LiteRT agree with sluice-run.

Cases:
  * every corpus graph run that lifts (the AGREE runs of lift_corpus.py),
  * --count generated v1 programs (gen_v1_programs.py),
  * with --programs DIR, every DIR/NAME.mlir with each of its inputs files
    DIR/NAME.in*.json (the hand-written lite programs of test/e2e/programs),
  * with --corpus, the TFLite models TensorFlow's converter wrote
    (CORPUS_TFLITE below, inputs as in litert-harness.test).
Each program is compiled with `sluicec --emit=tflite` and the model run in
LiteRT through litert/run_tflite.mjs (batch mode: the runtime loads once).
Two checks per run:
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
of the --programs and corpus-model runs (program, inputs, each check
yes/no/-), and a summary
    tflite differential: N programs, N agree, N skipped, N failed
Programs whose entry takes or returns a dynamically shaped tensor are
skipped (LiteRT.js cannot resize input or output buffers).
Exits 1 on any failure.

usage: tflite_differential.py --sluicec P --sluice-run P --node P
                              [--corpus DIR] [--programs DIR] [--count N]
                              [--seed S] [--table]
"""
import argparse
import glob
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


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sluicec", required=True)
    parser.add_argument("--sluice-run", required=True)
    parser.add_argument("--node", default="node")
    parser.add_argument("--corpus", help="shared/corpus; corpus runs are skipped without it")
    parser.add_argument("--programs", help="directory of lite programs NAME.mlir with inputs "
                                           "NAME.in*.json (test/e2e/programs)")
    parser.add_argument("--count", type=int, default=100)
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
    for seed in range(args.seed, args.seed + args.count):
        mlir, inputs = gen_v1_programs.generate(seed)
        prog = os.path.join(work, f"seed-{seed}.mlir")
        inp = os.path.join(work, f"seed-{seed}.json")
        with open(prog, "w") as f:
            f.write(mlir)
        with open(inp, "w") as f:
            f.write(inputs)
        add(f"seed {seed}", prog, inp=inp)

    failures = []
    skipped = []
    notes = []

    def fail(case, why):
        failures.append((case["label"], why))
        case["failed"] = True

    batch = []   # "MODEL [IN.json]" lines for the harness
    pending = []  # per batch line: (case, sluice-run on the program or None,
    #                                sluice-run on the .tflite)
    exported = {}  # (program, import args) -> model, each program exported once
    for index, case in enumerate(cases):
        label, prog, extra, inp = case["label"], case["prog"], case["extra"], case["inp"]
        case["checks"] = {}
        inputs_arg = [f"--inputs={inp}"] if inp else []
        program_out = None
        if prog.endswith(".tflite"):
            model = prog
        else:
            import_args = [a for a in extra if a.startswith(("--feeds", "--fetches"))]
            key = (prog, tuple(import_args))
            model = exported.get(key)
            if model is None:
                # LiteRT.js sizes input and output buffers from the model's
                # declared shapes and cannot resize them: programs whose entry
                # takes or returns a dynamically shaped tensor cannot be run there.
                rc, lifted, err = execute([args.sluicec, prog] + import_args, args.timeout)
                signature = re.search(r"func\.func @main\((.*)$", lifted or "", re.M)
                if rc == 0 and signature and re.search(r"tensor<(\*|[^>]*\?)",
                                                       signature.group(1)):
                    exported[key] = "skip"
                else:
                    model = os.path.join(work, f"case-{index}.tflite")
                    rc, _, err = execute([args.sluicec, prog, "--emit=tflite", "-o", model] +
                                         import_args, args.timeout)
                    exported[key] = model if rc == 0 else "error: " + err.strip()
                model = exported[key]
            if model == "skip":
                skipped.append(label)
                case["checks"] = {"program": "skipped", "import": "skipped"}
                continue
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
        pending.append((case, program_out, import_out))
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
    for (case, program_out, import_out), line in zip(pending, lines):
        checks = [("import", "sluice-run on the .tflite", import_out)]
        if program_out is not None:
            checks.insert(0, ("program", "sluice-run on the program", program_out))
        if line.startswith('{"error"'):
            for key, _, _ in checks:
                case["checks"][key] = "no"
            fail(case, f"LiteRT failed: {line}\n" +
                 "\n".join(f"    {what}: {want}" for _, what, want in checks))
            continue
        for key, what, want in checks:
            why = agree(want, line, case["names"])
            case["checks"][key] = "no" if why else "yes"
            if why:
                fail(case, f"LiteRT disagrees with {what}: {why}\n"
                           f"    LiteRT: {line}\n    {what}: {want}")
            elif not case["names"] and names_differ(want, line):
                case["checks"][key] = "yes (names differ)"
                notes.append((case["label"], f"output names differ, {what} vs LiteRT: "
                                             f"{names_differ(want, line)}"))

    for label, why in failures:
        print(f"FAIL {label}: {why}")
    for label in skipped:
        print(f"skipped (dynamic shapes at the entry, LiteRT.js cannot resize): {label}")
    for label, note in notes:
        print(f"note {label}: {note}")
    if args.table:
        rows = [(c["table"][0], c["table"][1], c["checks"].get("program", "-"),
                 c["checks"].get("import", "-")) for c in cases if c["table"]]
        header = ("program", "inputs", "LiteRT == sluice-run (program)",
                  "LiteRT == sluice-run (.tflite)")
        widths = [max(len(r[i]) for r in rows + [header]) for i in range(4)]
        for row in [header, tuple("-" * w for w in widths)] + rows:
            print("| " + " | ".join(f"{v:<{w}}" for v, w in zip(row, widths)) + " |")
    total = len(cases)
    failed = sum(1 for c in cases if c.get("failed"))
    if retried:
        print(f"LiteRT chunks rerun one model per process: {retried}")
    print(f"tflite differential: {total} programs, "
          f"{total - failed - len(skipped)} agree, {len(skipped)} skipped, "
          f"{failed} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
