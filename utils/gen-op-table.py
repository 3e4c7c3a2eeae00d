#!/usr/bin/env python3
"""docs/ops.md: what Sluice does with each TF op, measured.

The table covers every TF compute op the GraphDef importer takes (`sluicec
--list-tf-ops`) and every TF op TensorFlow's own TFLite converter converts
with TFLite builtins alone (test/tf/data/tf_converter_builtins.json, which
utils/measure_tf_builtins.py writes: ops it maps to builtins and ops it folds
away). For each it builds the op's example from utils/measure_tf_builtins.py
(one concrete use: static shapes, one element type, the operands a TFLite
builtin needs constant as constants) as a frozen v1 GraphDef
(measure_tf_builtins.graph_def) and runs Sluice's own tools on it:
  * sluicec --emit=mlir: whether Sluice imports it, and the lite ops it
    becomes (lite.constant only when there is nothing else; the one whose
    record in docs/generated/lite-ops.json names the TF op in bold);
  * sluicec --emit=tflite: the TFLite builtins of Sluice's export, or the
    exporter's refusal (and its first warning, if any);
  * sluice-run (the interpreter) and sluice-run --engine=native on the
    example's inputs (ones, or the values the example gives where ones are
    not valid), and the exported model in native LiteRT (ai_edge_litert),
    each compared with TensorFlow's own outputs on the same graph (within
    1e-5; tfcorpus.compare);
and adds the element types and the number of the op's TF-judged cases
(test/tf/op_cases: <TfOp>_<dtype>[_<variant>]; how many of them
test/tf/expectations.json pins a diagnostic or difference of, per engine)
and what TF's converter makes of it. docs/ops.md gets summary counts, the
table sorted by TF op, the engines' failures and differences, and the TF
ops TF's converter maps to builtins that Sluice does not import yet. The
output is the same bytes on every run of the same tools (no dates, no
paths, no timings).

The tools (sluicec, sluice-run of --build) are copied to a temporary
directory first, so that a rebuild during the run cannot mix two builds.
An op of --list-tf-ops without an example in measure_tf_builtins.py is an
error: add one there (and measure it: measure_tf_builtins.py --only Op).
test/Docs/ops-table.test checks, without TF, that every op of
--list-tf-ops has a row, so the table cannot fall behind the importer.

usage:
    .venv/bin/python utils/gen-op-table.py [--build DIR] [--out PATH] [--only Op1,Op2]
--only measures the named ops and prints their rows instead of writing
--out. One process at a time (about 0.3 s an imported op): under two
minutes in all.
"""
import argparse
import collections
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, ".."))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "test", "tf"))
sys.dont_write_bytecode = True
import measure_tf_builtins as examples  # noqa: E402
import tfcorpus  # noqa: E402

OUT = os.path.join(ROOT, "docs", "ops.md")
CONVERTER = os.path.join(ROOT, "test", "tf", "data", "tf_converter_builtins.json")
LITE_OPS = os.path.join(ROOT, "docs", "generated", "lite-ops.json")
OP_CASES = os.path.join(ROOT, "test", "tf", "op_cases")
EXPECTATIONS = os.path.join(ROOT, "test", "tf", "expectations.json")
TOOLS = ["sluicec", "sluice-run"]
ENGINES = ["interpreter", "native", "tflite"]
# The element types of the op cases, in the order the table lists them.
DTYPE_ORDER = ["float32", "int32", "int8", "bool"]
# Every engine is compared with TF within this (the tolerance of
# transcendental ops: the examples compute on small values).
TOLERANCE = tfcorpus.TOLERANCES["transcendental"]
# How long one tool may take on one example.
TIMEOUT = 120
WIDTH = 80


def short(text, width=WIDTH):
    """One line of at most `width` characters."""
    text = " ".join(str(text).split())
    return text if len(text) <= width else text[:width - 1] + "…"


def code(text, width=WIDTH):
    """A diagnostic in a table cell: a code span (no HTML for <...>), its
    pipes escaped."""
    return "`" + short(text, width).replace("`", "'").replace("|", "\\|") + "`"


def copy_tools(build, into):
    """Copies the tools of build/bin into `into`; waits (30 s at a time, at
    most 10 times) while one is missing or does not start (a rebuild)."""
    for attempt in range(10):
        try:
            for tool in TOOLS:
                shutil.copy2(os.path.join(build, "bin", tool), os.path.join(into, tool))
            subprocess.run([os.path.join(into, "sluicec"), "--version"], check=True,
                           capture_output=True, timeout=TIMEOUT)
            subprocess.run([os.path.join(into, "sluice-run"), "--version"], check=True,
                           capture_output=True, timeout=TIMEOUT)
            return
        except (OSError, subprocess.SubprocessError) as error:
            print(f"gen-op-table: {error}: waiting 30 s for the build", file=sys.stderr)
            time.sleep(30)
    sys.exit(f"gen-op-table: the tools of {build}/bin do not start")


def diagnostic(stderr, kind="error"):
    """The first diagnostic of `kind` (error, warning) in a tool's stderr,
    without its location; None when there is none."""
    for line in stderr.splitlines():
        found = re.search(rf"\b{kind}: (.*)", line)
        if found:
            return found.group(1).strip()
    return None


def failure(result):
    """Why a tool's run failed, in one line."""
    if result.returncode < 0:
        return f"crashed (signal {-result.returncode})"
    return (diagnostic(result.stderr) or
            next((l for l in result.stderr.splitlines() if l.strip()), "")
            or f"exit status {result.returncode}")


def lite_ops(mlir):
    """The lite ops of a program, in the order of their first use (without
    lite.constant unless it is all there is)."""
    found = []
    for name in re.findall(r'^\s*(?:%\S+(?:, %\S+)*\s*=\s*)?"?lite\.(\w+)', mlir, re.M):
        if name not in found:
            found.append(name)
    return [n for n in found if n != "constant"] or found


def sluice_json(array):
    """sluice-run's JSON form of an input or output (complex elements as
    [real, imaginary] pairs: Sluice has no complex tensors, sluice-run never
    reads them)."""
    array = np.asarray(array)
    if array.dtype.kind == "c":
        return {"dtype": str(array.dtype), "shape": list(array.shape),
                "data": [[float(v.real), float(v.imag)] for v in array.reshape(-1)]}
    return tfcorpus.to_json(array)


def tf_outputs(tf, graph_def, feeds, fetches, values):
    """TF's outputs of the example (sluice-run's JSON form each), or the
    error."""
    graph = tf.Graph()
    with graph.as_default():
        tf.graph_util.import_graph_def(graph_def, name="")
    names = [f for f in fetches if not f.startswith("^")]
    targets = [graph.get_operation_by_name(f[1:]) for f in fetches if f.startswith("^")]
    try:
        with tf.compat.v1.Session(graph=graph) as session:
            results = session.run([graph.get_tensor_by_name(n) for n in names] + targets,
                                  {f"{name}:0": values[name] for name in feeds})
    except Exception as error:  # TF refuses the example: nothing to compare with
        return None, tfcorpus.describe_tf_error(error, 120)
    return [sluice_json(r) for r in results[:len(names)]], None


def run_litert(model, feeds, values):
    """Sluice's exported model in native LiteRT: its outputs, or the error."""
    from ai_edge_litert.interpreter import Interpreter
    try:
        interpreter = Interpreter(model_content=model, num_threads=1)
        details = interpreter.get_input_details()
        for i, detail in enumerate(details):
            value = values.get(detail["name"], values[feeds[i]] if i < len(feeds) else None)
            if list(detail["shape"]) != list(value.shape):
                interpreter.resize_tensor_input(detail["index"], list(value.shape))
        interpreter.allocate_tensors()
        for i, detail in enumerate(details):
            value = values.get(detail["name"], values[feeds[i]] if i < len(feeds) else None)
            interpreter.set_tensor(detail["index"], value)
        interpreter.invoke()
        return [sluice_json(interpreter.get_tensor(d["index"]))
                for d in interpreter.get_output_details()], None
    except Exception as error:  # LiteRT refuses: recorded
        return None, examples.first_line(f"{type(error).__name__}: {error}")


def judge(outputs, error, expected):
    """An engine's verdict: ("ok"|"differs"|"fails", why)."""
    if error is not None:
        return "fails", error
    if expected is None:
        return "ok", None
    why = tfcorpus.compare(expected, outputs, TOLERANCE)
    return ("differs", why) if why else ("ok", None)


class Measurer:
    """Runs Sluice's tools on the examples, in one temporary directory."""

    def __init__(self, tf, tools, work):
        self.tf = tf
        self.tools = tools
        self.work = work

    def tool(self, name, *args):
        try:
            return subprocess.run([os.path.join(self.tools, name), *args], capture_output=True,
                                  text=True, timeout=TIMEOUT, cwd=self.work)
        except subprocess.TimeoutExpired:
            return subprocess.CompletedProcess(args, 1, "", f"error: timed out after {TIMEOUT} s")

    def measure(self, op):
        """What Sluice does with the example of TF op `op`."""
        from google.protobuf import text_format
        graph_def, feeds, fetches, values = examples.graph_def(self.tf, op)
        example = examples.EXAMPLES[op]
        pbtxt = os.path.join(self.work, f"{op}.pbtxt")
        with open(pbtxt, "w") as f:
            f.write(text_format.MessageToString(graph_def))
        inputs = os.path.join(self.work, f"{op}.inputs.json")
        with open(inputs, "w") as f:
            json.dump({name: sluice_json(value) for name, value in values.items()}, f)
        expected, tf_error = tf_outputs(self.tf, graph_def, feeds, fetches, values)
        dtype = example.dtype or (str(values[feeds[0]].dtype) if feeds else
                                  expected[0]["dtype"] if expected else None)
        record = {"dtype": dtype, "tf_error": tf_error}
        graph = [os.path.basename(pbtxt), f"--fetches={','.join(fetches)}"]
        if feeds:
            graph.append(f"--feeds={','.join(feeds)}")
        imported = self.tool("sluicec", *graph, "--emit=mlir", "-o", f"{op}.mlir")
        if imported.returncode != 0:
            record["import_error"] = failure(imported)
            return record
        with open(os.path.join(self.work, f"{op}.mlir")) as f:
            record["lite_ops"] = lite_ops(f.read())
        exported = self.tool("sluicec", *graph, "--emit=tflite", "-o", f"{op}.tflite")
        model = None
        if exported.returncode != 0:
            record["export_error"] = failure(exported)
        else:
            with open(os.path.join(self.work, f"{op}.tflite"), "rb") as f:
                model = f.read()
            record["export"], _ = examples.model_operators(model)
            record["export_warning"] = diagnostic(exported.stderr, "warning")
        engines = {}
        for engine, flags in [("interpreter", []), ("native", ["--engine=native"])]:
            ran = self.tool("sluice-run", *graph, f"--inputs={os.path.basename(inputs)}", *flags)
            if ran.returncode != 0:
                engines[engine] = judge(None, failure(ran), expected)
            else:
                engines[engine] = judge(json.loads(ran.stdout)["outputs"], None, expected)
        if model is not None:
            with examples.quiet(True):
                outputs, error = run_litert(model, feeds, values)
            engines["tflite"] = judge(outputs, error, expected)
        record["engines"] = engines
        return record


def op_cases():
    """{TF op: {"dtypes": [...], "count": n, "pinned": {engine: n}}} of
    test/tf/op_cases and test/tf/expectations.json."""
    with open(EXPECTATIONS) as f:
        pinned = collections.Counter(tuple(key.rsplit("/", 1)) for key in json.load(f))
    cases = {}
    for root, _, files in os.walk(OP_CASES):
        for name in files:
            if not name.endswith(".json"):
                continue
            with open(os.path.join(root, name)) as f:
                case = json.load(f)["name"]
            op, dtype = (case.split("_") + ["?"])[:2]
            entry = cases.setdefault(op, {"dtypes": set(), "count": 0,
                                          "pinned": collections.Counter()})
            entry["dtypes"].add(dtype)
            entry["count"] += 1
            for (pinned_case, engine), n in pinned.items():
                if pinned_case == case:
                    entry["pinned"][engine] += n
    return cases


def record_ops():
    """{TF op: lite mnemonic} of the op records that name TF ops."""
    with open(LITE_OPS) as f:
        table = json.load(f)["ops"]
    return {tf_op: op["mnemonic"] for op in table for tf_op in op["tf_ops"]}


# --- Cells ---------------------------------------------------------------------
def converter_cell(entry):
    if entry is None:
        return "not measured"
    if "builtins" in entry:
        cell = ", ".join(entry["builtins"]) or f"none (folded: {entry.get('folded', '?')})"
        if entry.get("runs") is False:
            cell += " — LiteRT fails: " + code(entry.get("run_error", ""), 60)
        return cell
    if entry.get("error_code") == "TF_TRACING":
        return "TF refuses the example: " + code(entry["error"], 60)
    if entry.get("flex"):
        return "refused; needs flex (" + ", ".join(entry.get("flex_ops", [])) + ")"
    return "refused; " + ("custom op only" if "flex" in entry else code(entry["error"], 60))


def lite_cell(record, mnemonic):
    if "import_error" in record:
        return "not imported: " + code(record["import_error"])
    ops = record["lite_ops"]
    if not ops:
        return "none (passes its operand through)"
    return ", ".join(f"**lite.{n}**" if n == mnemonic else f"lite.{n}" for n in ops)


def refusal(message):
    """The exporter's refusal without what the table says already: not
    "cannot be exported", not the operand types, for an op without a
    builtin only why."""
    message = re.sub(r" \(on '[^)]*\)", "", message).removeprefix("cannot be exported: ")
    return re.sub(r"^'lite\.\w+' is not a TFLite builtin operator: ", "", message)


def export_cell(record):
    if "import_error" in record:
        return "—"
    if "export_error" in record:
        return "refused: " + code(refusal(record["export_error"]), WIDTH + 20)
    cell = ", ".join(record["export"]) or "none (no operators)"
    if record.get("export_warning"):
        cell += "; warns " + code(record["export_warning"], 60)
    return cell


MARKS = {"ok": "✓", "differs": "≠", "fails": "✗"}


def engines_cell(record):
    if "import_error" in record:
        return "—"
    engines = record["engines"]
    return " ".join(MARKS[engines[e][0]] if e in engines else "—" for e in ENGINES)


def cases_cell(entry):
    if entry is None:
        return "—"
    order = {d: i for i, d in enumerate(DTYPE_ORDER)}
    dtypes = sorted(entry["dtypes"], key=lambda d: (order.get(d, len(order)), d))
    count = entry["count"]
    cell = f"{', '.join(dtypes)} ({count} case{'s' if count != 1 else ''}"
    pinned = [f"{n} pinned on {e}" for e, n in sorted(entry["pinned"].items())]
    return cell + ("; " + ", ".join(pinned) if pinned else "") + ")"


def row(op, record, converter, cases, mnemonic, listed):
    name = f"`{op}`" + ("" if listed or "import_error" in record else " †")
    if record.get("dtype"):
        name += f" ({record['dtype']})"
    return "| " + " | ".join([name, lite_cell(record, mnemonic), export_cell(record),
                              converter_cell(converter), engines_cell(record),
                              cases_cell(cases)]) + " |"


def document(version, listed, converter, records, cases, mnemonics):
    """docs/ops.md."""
    ops = sorted(records)
    mapped = sorted(op for op, entry in converter.items() if "builtins" in entry)
    imports = {op for op in ops if "import_error" not in records[op]}
    imported_listed = [op for op in listed if op in imports]
    covered = [op for op in mapped if op in imports]
    missing = [op for op in mapped if op not in imports]
    folded = sum(1 for op in mapped if not converter[op]["builtins"])
    exported = [op for op in imports if "export" in records[op]]
    only_tf = [op for op in covered if op not in exported and converter[op]["builtins"]]
    only_sluice = [op for op in sorted(exported) if "error" in converter.get(op, {})]
    verdicts = collections.Counter((e, records[op]["engines"][e][0])
                                   for op in imports for e in records[op]["engines"])
    lines = [
        "# TF ops: what Sluice does with each",
        "",
        "Generated; do not edit. `.venv/bin/python utils/gen-op-table.py` rewrites this file by",
        "running Sluice's tools on one concrete example of each TF op (the examples of",
        "`utils/measure_tf_builtins.py`: static shapes, the element type in parentheses, the operands",
        "a TFLite builtin needs constant as constants), as a frozen GraphDef. The ops are the TF",
        "compute ops the GraphDef importer takes (`sluicec --list-tf-ops`) and the TF ops that",
        f"TensorFlow {version}'s own TFLite converter converts with TFLite builtins alone",
        "(`test/tf/data/tf_converter_builtins.json`, written by `utils/measure_tf_builtins.py`).",
        "`test/Docs/ops-table.test` checks that every op of `sluicec --list-tf-ops` has a row.",
        "",
        "Columns: the **lite ops** `sluicec --emit=mlir` makes of the example (in bold the one whose",
        "op record, `docs/generated/lite-ops.json`, names the TF op); the TFLite builtins",
        "**Sluice's TFLite export** (`--emit=tflite`) writes, or its refusal; **TF's converter's",
        "builtins** for the same example (or its refusal); the **engines**: Sluice's interpreter",
        "(`sluice-run`), native code (`sluice-run --engine=native`) and Sluice's exported model in",
        "native LiteRT, each run on the example's inputs and compared with TensorFlow's outputs",
        "(✓ agrees within 1e-5, ≠ differs, ✗ fails, — not run; see [the notes](#engine-notes));",
        "the element types of the op's **TF-judged op cases** (`test/tf/op_cases`) and how many",
        "there are (pinned: cases `test/tf/expectations.json` expects a diagnostic or difference",
        "of on that engine). † marks an op the importer takes without listing it as a compute",
        "op (it passes its operand through).",
        "",
        "## Summary",
        "",
        f"* TF compute ops Sluice imports (`sluicec --list-tf-ops`): {len(listed)}; "
        f"{len(imported_listed)} import on their example.",
        f"* TF ops TensorFlow {version}'s converter converts with builtins alone: {len(mapped)} "
        f"({len(mapped) - folded} to builtins, {folded} folded away); Sluice imports "
        f"{len(covered)} of them.",
        f"* TF ops the converter maps to builtins that Sluice does not import yet: {len(missing)} "
        "([listed below](#not-imported-yet)).",
        f"* Of the {len(imports)} ops Sluice imports, its TFLite export writes "
        f"{len(exported)} and refuses {len(imports) - len(exported)}"
        + (f"; TF's converter maps {len(only_tf)} of those it refuses to builtins ("
           + ", ".join(f"`{op}`" for op in only_tf) + ")" if only_tf else "")
        + (f"; it writes {len(only_sluice)} that TF's converter refuses ("
           + ", ".join(f"`{op}`" for op in only_sluice) + ")" if only_sluice else "") + ".",
        "* Engines on the examples (agrees / differs / fails): " + "; ".join(
            f"{e} {verdicts[(e, 'ok')]} / {verdicts[(e, 'differs')]} / {verdicts[(e, 'fails')]}"
            for e in ENGINES) + ".",
        "",
        "## The table",
        "",
        "| TF op | lite op(s) | Sluice's TFLite export | TF converter's builtins "
        "| engines (interpreter, native, tflite) | op-case dtypes |",
        "|---|---|---|---|---|---|",
    ]
    for op in ops:
        lines.append(row(op, records[op], converter.get(op), cases.get(op), mnemonics.get(op),
                         op in listed))
    lines += ["", '<a id="engine-notes"></a>', "## Engine failures and differences", ""]
    notes = []
    for op in ops:
        record = records[op]
        if op in listed and "import_error" in record:
            notes.append(f"* `{op}`: listed by `--list-tf-ops`, but its example does not "
                         f"import: {code(record['import_error'])}")
        if record.get("tf_error"):
            notes.append(f"* `{op}`: TensorFlow refuses the example, so nothing is compared: "
                         f"{code(record['tf_error'])}")
        for engine in ENGINES:
            verdict, why = record.get("engines", {}).get(engine, ("ok", None))
            if verdict != "ok":
                word = "fails" if verdict == "fails" else "differs from TF"
                notes.append(f"* `{op}` on {engine}: {word}: {code(why)}")
    lines += notes or ["None."]
    lines += ["", '<a id="not-imported-yet"></a>',
              "## TF ops TF's converter maps to builtins that Sluice does not import yet", "",
              "With the builtins TF's converter maps each to (on the example's element type);",
              "\"folded\": it converts with builtins alone but leaves no operator.", ""]
    lines += [f"* `{op}` ({converter[op].get('dtype')}): {converter_cell(converter[op])}"
              for op in missing] or ["None."]
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"),
                        help="the build directory whose bin/ has sluicec and sluice-run")
    parser.add_argument("--out", default=OUT)
    parser.add_argument("--only", help="comma-separated TF op names: print their rows")
    args = parser.parse_args()
    with open(CONVERTER) as f:
        data = json.load(f)
    converter = data["ops"]
    with tempfile.TemporaryDirectory(prefix="gen-op-table.") as work:
        copy_tools(args.build, work)
        listed = subprocess.run([os.path.join(work, "sluicec"), "--list-tf-ops"], check=True,
                                capture_output=True, text=True).stdout.split()
        ops = sorted(set(listed) | {op for op, entry in converter.items() if "builtins" in entry})
        unknown = [op for op in ops if op not in examples.EXAMPLES]
        if unknown:
            sys.exit(f"gen-op-table: no example of {', '.join(unknown)} in "
                     "utils/measure_tf_builtins.py: add one")
        if args.only:
            ops = args.only.split(",")
        os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
        with examples.quiet(True):  # oneDNN's notice
            import tensorflow as tf
        tf.get_logger().setLevel("ERROR")
        if tf.__version__ != data["tensorflow"]:
            print(f"gen-op-table: {CONVERTER} is of TensorFlow {data['tensorflow']}, "
                  f"this is {tf.__version__}", file=sys.stderr)
        measurer = Measurer(tf, work, work)
        records = {}
        for op in ops:
            records[op] = measurer.measure(op)
    cases = op_cases()
    mnemonics = record_ops()
    if args.only:
        for op in ops:
            print(row(op, records[op], converter.get(op), cases.get(op), mnemonics.get(op),
                      op in listed))
        return
    text = document(data["tensorflow"], listed, converter, records, cases, mnemonics)
    with open(args.out, "w") as f:
        f.write(text)
    print(f"wrote {os.path.relpath(args.out)}: {len(records)} ops")


if __name__ == "__main__":
    main()
