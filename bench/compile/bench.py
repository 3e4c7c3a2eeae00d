#!/usr/bin/env python3
"""sluicec compile time per node and per stage, and how it grows.

Generates GraphDefs of about 25k, 50k, 100k and 250k nodes (--sizes; and
10k, compiled to an object file with 25k: --obj-sizes), each
many independent TensorFlow v1 programs merged into one graph, as TensorFlow
writes them: copies, with their node and frame names prefixed, of a while
loop with a cond in its body (examples/while_cond.pbtxt), a nested cond and a
while loop around a cond from the TF-written corpus (test/tf/corpus, pruned
to their fetches), and bench/graphdef's counting loop. Every program keeps its Placeholders and its
outputs, so @main takes and returns a few values per program. Times, in this
invocation, on each size:
  protoc    protoc --encode of the text (parsing alone: the baseline)
  mlir      sluicec --emit=mlir --timing=json (import, lift, cleanup, output)
  obj       sluicec --emit=obj --timing=json (the same, then lowering, LLVM)
and prints microseconds per node for each stage at each size, the ratio of
the per-node cost at the largest size to that at the smallest (1.00 =
linear; the goal is <= 1.2 for every stage), and sluicec's total to MLIR per
node (the goal: <= 10 us) and as a multiple of protoc's parse. Best of
--repeat runs (the stages of the best run).

usage: bench/compile/bench.py [--sizes 25000,50000,100000,250000]
                              [--obj-sizes SIZES] [--repeat R] [--build DIR]
"""
import argparse
import importlib.util
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "bench"))
from mlir_timing import best_timed_run  # noqa: E402

# bench/graphdef/bench.py: its counting loop, its protoc timing.
_spec = importlib.util.spec_from_file_location(
    "graphdef_bench", os.path.join(ROOT, "bench", "graphdef", "bench.py"))
graphdef_bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(graphdef_bench)

TEMPLATES = [
    "examples/while_cond.pbtxt",
    "test/tf/corpus/tf1_cond/tf1_cond_nested.pbtxt",
    "test/tf/corpus/tf1_while/tf1_while_cond_inside.pbtxt",
]

# (row label, timing entry): the stages sluicec --timing reports, some of
# their steps indented under them.
MLIR_STAGES = [
    ("import", "import"), ("  parse", "parse"), ("  build IR", "build IR"),
    ("  verify", "verify"), ("lift", "lift"), ("cleanup", "cleanup"),
    ("output", "output"), ("total", "Total"),
]
OBJ_STAGES = [
    ("import", "import"), ("lift", "lift"), ("cleanup", "cleanup"),
    ("lowering", "lowering"), ("LLVM", "LLVM"), ("  translate", "translate"),
    ("  optimize", "optimize"), ("  codegen", "codegen"), ("output", "output"),
    ("total", "Total"),
]


def node_blocks(text):
    """The top-level `node { ... }` blocks of a text GraphDef."""
    blocks, depth, start = [], 0, None
    for match in re.finditer(r'"(?:[^"\\]|\\.)*"|[{}]|^node\s*\{', text, re.M):
        token = match.group(0)
        if token.startswith("node"):
            if depth == 0:
                start = match.start()
            depth += 1
        elif token == "{":
            depth += 1 if start is not None else 0
        elif token == "}" and start is not None:
            depth -= 1
            if depth == 0:
                blocks.append(text[start:match.end()] + "\n")
                start = None
    return blocks


def fetch_closure(blocks, fetches):
    """The blocks the fetched nodes need (data and control inputs, through
    loops' back edges), in graph order: a corpus program's other outputs
    would otherwise become fetches too."""
    def name(block):
        return re.search(r'^\s*name: "([^"]*)"', block, re.M).group(1)
    inputs = {name(b): [i.split(":")[0] for i in re.findall(r'input: "\^?([^"]*)"', b)]
              for b in blocks}
    needed, work = set(), [f.lstrip("^").split(":")[0] for f in fetches]
    while work:
        n = work.pop()
        if n not in needed:
            needed.add(n)
            work.extend(inputs[n])
    return [b for b in blocks if name(b) in needed]


def load_template(path):
    """A template's node blocks, pruned to its fetches when the corpus names
    them (its .json)."""
    blocks = node_blocks(open(os.path.join(ROOT, path)).read())
    spec = os.path.join(ROOT, os.path.splitext(path)[0] + ".json")
    if os.path.exists(spec):
        blocks = fetch_closure(blocks, json.load(open(spec))["fetches"])
    return blocks


def renamer(prefix):
    """Rewrites a node block so its names, inputs, colocations and frame live
    under `prefix`."""
    def rename(block):
        block = re.sub(r'^(\s*name: ")', r"\g<1>" + prefix, block, count=1, flags=re.M)
        block = re.sub(r'(input: "\^?)', r"\g<1>" + prefix, block)
        block = re.sub(r'(s: "loc:@)', r"\g<1>" + prefix, block)
        return re.sub(r'(key: "frame_name"\s*value\s*\{\s*s: ")', r"\g<1>" + prefix, block)
    return rename


def generate(nodes):
    """A text GraphDef of about `nodes` nodes; returns (text, node count)."""
    templates = [load_template(t) for t in TEMPLATES]
    parts, count, k = [], 0, 0
    kinds = templates + [None]
    while count < nodes:
        template = kinds[k % len(kinds)]
        if template is None:
            # bench/graphdef's counting loop (its own w<k>/ names).
            parts.append(graphdef_bench.loop(k))
            count += 12
        else:
            rename = renamer(f"p{k}/")
            parts.extend(rename(block) for block in template)
            count += len(template)
        k += 1
    return "".join(parts), count


def per_node(seconds, nodes):
    return 1e6 * seconds / nodes if seconds is not None else None


def fmt(value, width=9):
    return f"{value:{width}.2f}" if value is not None else f"{'-':>{width}}"


def print_table(title, stages, rows):
    """rows: (nodes, timing entries) per size."""
    print(title)
    header = f"{'us/node':<12}" + "".join(f"{nodes:>9}" for nodes, _ in rows)
    print(header + f"{'ratio':>9}")
    for label, key in stages:
        values = [per_node(timing.get(key), nodes) for nodes, timing in rows]
        ratio = (values[-1] / values[0]) if values[0] and values[-1] is not None and len(rows) > 1 else None
        print(f"{label:<12}" + "".join(fmt(v) for v in values) + fmt(ratio))
    print()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="25000,50000,100000,250000",
                        help="comma-separated target node counts")
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--obj-sizes", default="10000,25000",
                        help="comma-separated target node counts also compiled with --emit=obj "
                             "(LLVM is superlinear on one huge function: 50k nodes take minutes); "
                             "'' for none")
    args = parser.parse_args()
    sluicec = os.path.join(args.build, "bin", "sluicec")
    proto = os.path.join(ROOT, "lib", "Target", "GraphDef", "sluice_graph.proto")
    sizes = [int(s) for s in args.sizes.split(",")]
    obj_sizes = [int(s) for s in args.obj_sizes.split(",") if s]

    mlir_rows, obj_rows, protoc_rows = [], [], []
    with tempfile.TemporaryDirectory() as tmp:
        for size in sorted(set(sizes) | set(obj_sizes)):
            text, count = generate(size)
            path = os.path.join(tmp, f"graph-{size}.pbtxt")
            with open(path, "w") as f:
                f.write(text)
            flags = ("--timing=json",)
            done = []
            if size in sizes:
                parse = graphdef_bench.best_time(
                    ["protoc", f"--proto_path={os.path.dirname(proto)}",
                     "--encode=sluice.tf.GraphDef", proto], args.repeat, stdin_path=path)
                protoc_rows.append((count, parse, len(text)))
                _, timing = best_timed_run([sluicec, path, "--emit=mlir", "-o", os.devnull],
                                           args.repeat, flags)
                mlir_rows.append((count, timing))
                done.append(f"protoc {parse:.2f} s, to MLIR {timing.get('Total', 0):.2f} s")
            if size in obj_sizes:
                obj = os.path.join(tmp, "graph.o")
                _, timing = best_timed_run([sluicec, path, "--emit=obj", "-o", obj],
                                           args.repeat, flags)
                obj_rows.append((count, timing))
                done.append(f"to object {timing.get('Total', 0):.2f} s")
            print(f"{count} nodes ({len(text) / 1e6:.1f} MB): " + ", ".join(done),
                  file=sys.stderr, flush=True)

    print(f"sluicec on merged v1 programs, best of {args.repeat} runs; "
          "ratio = us/node at the largest size / at the smallest (goal <= 1.2)\n")
    print_table("--emit=mlir", MLIR_STAGES, mlir_rows)
    print(f"{'protoc':<12}" + "".join(fmt(per_node(p, n)) for n, p, _ in protoc_rows)
          + fmt(per_node(protoc_rows[-1][1], protoc_rows[-1][0])
                / per_node(protoc_rows[0][1], protoc_rows[0][0]) if len(protoc_rows) > 1 else None)
          + "   (the baseline: protoc --encode of the same text)")
    for (nodes, parse, _), (_, timing) in zip(protoc_rows, mlir_rows):
        total = timing.get("Total")
        if total:
            print(f"{nodes:>8} nodes: to MLIR {per_node(total, nodes):.2f} us/node (goal <= 10), "
                  f"{total / parse:.1f}x protoc's parse")
    print()
    if obj_rows:
        print_table("--emit=obj", OBJ_STAGES, obj_rows)

if __name__ == "__main__":
    main()
