#!/usr/bin/env python3
"""TFLite export: throughput, and model sizes against a minimal hand count.

Export throughput: generates a lite module of about --ops operations (10000
by default): a chain of blocks, each of elementwise ops on a tensor<4xf32>,
a reduction, a lite.if with ops in both branches and a lite.while carrying
an int32 counter and the vector (19 ops a block, lite.yield included, plus
the shared constants), twice: with alike regions in every block (the
exporter shares their subgraphs) and with a constant of its own in each
block's then branch and loop body (a subgraph each; the else branches and
loop conditions stay alike, and shared). Times, in this invocation:
  baseline  sluice-opt FILE -o /dev/null            (parse + verify + print)
  export    sluice-translate --mlir-to-tflite FILE -o /dev/null
both with --mlir-timing, and prints export minus baseline in ops/s and
microseconds per op, from wall times (the baseline also prints the module
and both start a process) and from the timers (translation minus the
baseline's Parser), best of --repeat runs each. Each exported model is
checked once: sluice-run on it must print what it prints on the module.

Model sizes: for each program of test/e2e/programs, a few corpus GraphDefs
and the corpus models TensorFlow's converter wrote (imported and exported
again), prints the .tflite's size in bytes and its subgraphs, tensors,
buffers and operators, each against the minimal count by hand rule on the
lite IR the exporter is given (`sluicec --emit=mlir`, or the import of the
.tflite):
  subgraphs = 1 + 2 per lite.if / lite.while (one per region)
  tensors   = block arguments (entry arguments, and each loop-carried value
              once in the cond and once in the body) + results of the ops
              other than lite.constant + distinct constants (type and value)
  buffers   = 1 (the empty buffer 0) + distinct constants + 1 (metadata
              min_runtime_version)
  operators = ops other than lite.constant and lite.yield
A region's captures are not in the hand count: TFLite passes them into the
region's subgraph as extra inputs, which is part of the difference. The
.tflite is read with flatc --json against lib/Target/TFLite/schema.fbs.

usage: bench/tflite/bench.py [--ops N] [--repeat R] [--build DIR]
                             [--corpus DIR] [--skip-sizes] [--skip-export]
"""
import argparse
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(ROOT, "bench"))
from mlir_timing import best_timed_run  # noqa: E402
SCHEMA = os.path.join(ROOT, "lib", "Target", "TFLite", "schema.fbs")
PROGRAMS = os.path.join(ROOT, "test", "e2e", "programs")

# Corpus GraphDefs (and the sluicec arguments) whose lifted programs export.
CORPUS_GRAPHS = [
    ("v1_while_simple", []),
    ("v1_while_two_vars_grappler", []),
    ("v1_nested_while_grappler", ["--fetches=while/Exit,while/Exit_1"]),
    ("v2_while_loop_counter", []),
    ("v1_cond_tflite_end2end", ["--fetches=cond/Merge,cond/Merge:1"]),
    ("v2_if_openvino", []),
]
# Models written by TensorFlow's converter, imported and exported again.
CORPUS_MODELS = ["tf_converter_while_op", "tf_converter_if_op", "hello_world_float"]

V4 = "tensor<4xf32>"
I32 = "tensor<i32>"


def block(k, v, distinct):
    """One block on the vector %v: (text, ops, result name). With distinct,
    the if's then branch and the while's body hold a constant of their own,
    so no two blocks' regions are alike."""
    b = f"%b{k}_"
    bin4 = f"({V4}, {V4}) -> {V4}"
    scaled = f"({V4}, tensor<f32>) -> {V4}"
    then = [f"  {b}n = lite.neg {b}d : {V4}"]
    half = "%half"
    body = []
    if distinct:
        then += [f"  {b}k = lite.constant dense<{k}.0> : tensor<f32>",
                 f"  {b}o = lite.add {b}n, {b}k : {scaled}",
                 f"  {b}u = lite.add {b}o, {b}t : {bin4}"]
        body = [f"  {b}f = lite.constant dense<{0.5 + k * 1e-6!r}> : tensor<f32>"]
        half = f"{b}f"
    else:
        then += [f"  {b}u = lite.add {b}n, {b}t : {bin4}"]
    lines = [
        f"{b}a = lite.add {v}, %c1 : {bin4}",
        f"{b}m = lite.mul {b}a, %c2 : {scaled}",
        f"{b}t = lite.tanh {b}m : {V4}",
        f"{b}d = lite.sub {b}t, {v} : {bin4}",
        f"{b}s = lite.sum {b}d, %axes : ({V4}, tensor<1xi32>) -> tensor<f32>",
        f"{b}p = lite.greater {b}s, %zerof : (tensor<f32>, tensor<f32>) -> tensor<i1>",
        f"{b}e = lite.if {b}p -> ({V4}) {{",
    ] + then + [
        f"  lite.yield {b}u : {V4}",
        "} else {",
        f"  {b}q = lite.abs {b}d : {V4}",
        f"  lite.yield {b}q : {V4}",
        "}",
        f"{b}w:2 = lite.while (%i = %zero, %x = {b}e) : ({I32}, {V4}) -> ({I32}, {V4}) cond {{",
        f"  {b}c = lite.less %i, %lim : ({I32}, {I32}) -> tensor<i1>",
        f"  lite.yield {b}c : tensor<i1>",
        "} body {",
    ] + body + [
        f"  {b}h = lite.mul %x, {half} : {scaled}",
        f"  {b}i = lite.add %i, %one : ({I32}, {I32}) -> {I32}",
        f"  lite.yield {b}i, {b}h : {I32}, {V4}",
        "}",
        f"{b}r = lite.maximum {b}w#1, {b}d : {bin4}",
    ]
    ops = sum(1 for line in lines if "lite." in line)
    return "\n".join("    " + line for line in lines) + "\n", ops, f"{b}r"


CONSTANTS = [
    f"%c1 = lite.constant dense<[1.0, -1.0, 0.5, 2.0]> : {V4}",
    "%c2 = lite.constant dense<0.75> : tensor<f32>",
    "%axes = lite.constant dense<0> : tensor<1xi32>",
    "%zerof = lite.constant dense<0.0> : tensor<f32>",
    "%zero = lite.constant dense<0> : tensor<i32>",
    "%lim = lite.constant dense<3> : tensor<i32>",
    "%one = lite.constant dense<1> : tensor<i32>",
    "%half = lite.constant dense<0.5> : tensor<f32>",
]


def generate(ops, distinct):
    """A lite module of about `ops` operations: (text, exact op count,
    blocks)."""
    parts = [f"func.func @main(%v0: {V4}) -> {V4} {{\n"]
    parts += [f"    {c}\n" for c in CONSTANTS]
    count = len(CONSTANTS) + 1  # + func.return
    v = "%v0"
    k = 0
    while count < ops:
        text, n, v = block(k, v, distinct)
        parts.append(text)
        count += n
        k += 1
    return "".join(parts) + f"    return {v} : {V4}\n}}\n", count, k


def run(cmd):
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed:\n{proc.stderr[:2000]}")
    return proc.stdout


def export_throughput(args, bins, tmp):
    print(f"export of a generated lite module, best of {args.repeat} runs each")
    for distinct in (False, True):
        kind = "distinct" if distinct else "shared"
        text, count, blocks = generate(args.ops, distinct)
        path = os.path.join(tmp, f"chain-{kind}.mlir")
        with open(path, "w") as f:
            f.write(text)
        model = os.path.join(tmp, f"chain-{kind}.tflite")
        run([bins["sluice-translate"], "--mlir-to-tflite", path, "-o", model])
        inputs = os.path.join(tmp, "chain.json")
        with open(inputs, "w") as f:
            json.dump([[0.25, -1.5, 3.0, 0.0]], f)
        want = run([bins["sluice-run"], path, f"--inputs={inputs}"])
        got = run([bins["sluice-run"], model, f"--inputs={inputs}"])
        if json.loads(want)["outputs"][0]["data"] != json.loads(got)["outputs"][0]["data"]:
            sys.exit(f"the exported model computes {got.strip()}, the module {want.strip()}")
        opt_wall, opt_timing = best_timed_run([bins["sluice-opt"], path, "-o", os.devnull],
                                         args.repeat)
        tr_wall, tr_timing = best_timed_run([bins["sluice-translate"], "--mlir-to-tflite", path,
                                        "-o", os.devnull], args.repeat)
        parse = opt_timing.get("Parser", 0.0)
        translate = tr_timing.get("write a lite module as a TFLite FlatBuffer", 0.0)
        counts = tflite_counts(model, tmp)
        print(f"{kind} regions: {count} ops ({blocks} blocks, each with a lite.if and a "
              f"lite.while), {len(text) / 1e6:.2f} MB of text -> {os.path.getsize(model):,} "
              f"bytes, {counts['subgraphs']} subgraphs, {counts['operators']} operators, "
              f"{counts['tensors']} tensors; sluice-run agrees on module and model")
        net = tr_wall - opt_wall
        print(f"  wall: sluice-opt (parse + print, baseline) {opt_wall:.3f} s, "
              f"sluice-translate --mlir-to-tflite {tr_wall:.3f} s; difference {net:.3f} s"
              + (f" = {count / net:,.0f} ops/s, {1e6 * net / count:.2f} us/op" if net > 0 else ""))
        net = translate - parse
        print(f"  --mlir-timing: parse {parse:.3f} s, parse + export {translate:.3f} s; "
              f"export alone {net:.3f} s = {count / net:,.0f} ops/s, "
              f"{1e6 * net / count:.2f} us/op (ratio export/parse {net / parse:.2f})")


def tflite_counts(model, tmp):
    out = os.path.join(tmp, "json")
    os.makedirs(out, exist_ok=True)
    subprocess.run(["flatc", "--json", "--strict-json", "--raw-binary", "-o", out, SCHEMA,
                    "--", model], check=True, capture_output=True)
    name = os.path.splitext(os.path.basename(model))[0] + ".json"
    with open(os.path.join(out, name)) as f:
        m = json.load(f)
    subgraphs = m.get("subgraphs", [])
    return {
        "bytes": os.path.getsize(model),
        "subgraphs": len(subgraphs),
        "tensors": sum(len(s.get("tensors", [])) for s in subgraphs),
        "buffers": len(m.get("buffers", [])),
        "operators": sum(len(s.get("operators", [])) for s in subgraphs),
    }


RESULT = re.compile(r"^((?:%[\w#]+(?::\d+)?)(?:, %[\w#]+)*) = ([\w.]+)(.*)$")


def minimal_counts(mlir):
    """The hand counts on pretty-printed lite IR, one op a line."""
    args = results = operators = regions = 0
    constants = set()
    for line in mlir.splitlines():
        line = line.strip()
        if line.startswith("func.func"):
            signature = line.split("->")[0]
            args += len(re.findall(r"%[\w]+: ", signature))
            continue
        m = RESULT.match(line)
        if m:
            names, op, rest = m.groups()
            if op == "lite.constant":
                constants.add(rest.strip())
                continue
            count = names.count(",") + 1
            single = re.fullmatch(r"%[\w]+:(\d+)", names)
            if single:
                count = int(single.group(1))
            results += count
        elif line.startswith("lite.") and not line.startswith("lite.yield"):
            op = line.split()[0]
        else:
            continue
        operators += 1
        if op in ("lite.if", "lite.while"):
            regions += 2
        if op == "lite.while":
            # Carried values: block arguments of the cond and of the body.
            carried = line[line.index("(") + 1:line.index(")")]
            args += 2 * len(re.findall(r"%[\w]+ = ", carried))
    return {
        "subgraphs": 1 + regions,
        "tensors": args + results + len(constants),
        "buffers": 2 + len(constants),
        "operators": operators,
    }


def sizes(args, bins, tmp):
    rows = []  # (name, actual, minimal)

    def measure(name, source, sluicec_args=(), tflite=None):
        model = os.path.join(tmp, name.replace("/", "_") + ".tflite")
        if tflite:
            mlir = run([bins["sluice-translate"], "--tflite-to-mlir", tflite])
            path = os.path.join(tmp, name + ".mlir")
            with open(path, "w") as f:
                f.write(mlir)
            run([bins["sluice-translate"], "--mlir-to-tflite", path, "-o", model])
        else:
            mlir = run([bins["sluicec"], source] + list(sluicec_args))
            run([bins["sluicec"], source, "--emit=tflite", "-o", model] + list(sluicec_args))
        rows.append((name, tflite_counts(model, tmp), minimal_counts(mlir)))
        if tflite:
            rows.append((f"  (TF converter's {os.path.basename(tflite)})",
                         tflite_counts(tflite, tmp), None))

    for prog in sorted(glob.glob(os.path.join(PROGRAMS, "*.mlir"))):
        measure(os.path.basename(prog)[:-5], prog)
    if args.corpus:
        for graph, extra in CORPUS_GRAPHS:
            measure(graph, os.path.join(args.corpus, "graphdef", graph + ".pbtxt"), extra)
        for model in CORPUS_MODELS:
            measure(model + " (re-exported)", None,
                    tflite=os.path.join(args.corpus, "tflite", model + ".tflite"))

    keys = ("subgraphs", "tensors", "buffers", "operators")
    header = ["program", "bytes"] + [f"{k} (min)" for k in keys]
    table = []
    for name, got, want in rows:
        cells = [name, f"{got['bytes']:,}"]
        for k in keys:
            cells.append(f"{got[k]} ({want[k]})" if want else str(got[k]))
        table.append(cells)
    widths = [max(len(r[i]) for r in table + [header]) for i in range(len(header))]
    print("model sizes; in parentheses the minimal count by hand rule:")
    for row in [header] + table:
        print("  " + row[0].ljust(widths[0]) + "  " +
              "  ".join(c.rjust(w) for c, w in zip(row[1:], widths[1:])))
    mine = [(g, w) for _, g, w in rows if w]
    for k in keys:
        got = sum(g[k] for g, _ in mine)
        want = sum(w[k] for _, w in mine)
        print(f"total {k}: {got} vs minimal {want} ({got / want:.2f}x)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ops", type=int, default=10000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--corpus", default=os.path.join(os.path.dirname(ROOT), "shared",
                                                         "corpus"))
    parser.add_argument("--skip-export", action="store_true")
    parser.add_argument("--skip-sizes", action="store_true")
    args = parser.parse_args()
    if not os.path.isdir(args.corpus):
        args.corpus = None
    bins = {t: os.path.join(args.build, "bin", t)
            for t in ("sluice-opt", "sluice-translate", "sluicec", "sluice-run")}
    with tempfile.TemporaryDirectory() as tmp:
        if not args.skip_export:
            export_throughput(args, bins, tmp)
        if not args.skip_sizes:
            sizes(args, bins, tmp)


if __name__ == "__main__":
    main()
