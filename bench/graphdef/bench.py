#!/usr/bin/env python3
"""GraphDef import throughput on a generated graph.

Generates a text GraphDef of about N nodes (default 100000): independent
tf.while_loop-shaped loops (Enter/Merge/Less/LoopCond/Switch/Identity/Add/
NextIteration/Exit around Consts, 13 nodes each) joined by an Add chain, as
TensorFlow writes them. Times, in this invocation:
  protoc      protoc --encode of the text (parsing alone: the baseline)
  import      sluice-translate --graphdef-to-mlir (parse + import + verify)
and prints nodes/s for each and their ratio. Best of --repeat runs.

usage: bench/graphdef/bench.py [--nodes N] [--repeat R] [--build DIR]
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def const(name, value, inputs=()):
    ins = "".join(f'  input: "{i}"\n' for i in inputs)
    return (f'node {{\n  name: "{name}"\n  op: "Const"\n{ins}'
            '  attr { key: "dtype" value { type: DT_INT32 } }\n'
            '  attr { key: "value" value { tensor { dtype: DT_INT32 '
            f'tensor_shape {{ }} int_val: {value} }} }} }}\n}}\n')


def node(name, op, inputs, attrs="  attr { key: \"T\" value { type: DT_INT32 } }\n"):
    ins = "".join(f'  input: "{i}"\n' for i in inputs)
    return f'node {{\n  name: "{name}"\n  op: "{op}"\n{ins}{attrs}}}\n'


def loop(k):
    p = f"w{k}/"
    enter_attrs = ('  attr { key: "T" value { type: DT_INT32 } }\n'
                   f'  attr {{ key: "frame_name" value {{ s: "{p}ctx" }} }}\n')
    return "".join([
        const(p + "init", 0),
        node(p + "Enter", "Enter", [p + "init"], enter_attrs),
        node(p + "Merge", "Merge", [p + "Enter", p + "NextIteration"]),
        const(p + "limit", 3, ["^" + p + "Merge"]),
        node(p + "Less", "Less", [p + "Merge", p + "limit"]),
        node(p + "LoopCond", "LoopCond", [p + "Less"], ""),
        node(p + "Switch", "Switch", [p + "Merge", p + "LoopCond"]),
        node(p + "Identity", "Identity", [p + "Switch:1"]),
        const(p + "one", 1, ["^" + p + "Identity"]),
        node(p + "Add", "Add", [p + "Identity", p + "one"]),
        node(p + "NextIteration", "NextIteration", [p + "Add"]),
        node(p + "Exit", "Exit", [p + "Switch"]),
    ])


def generate(nodes):
    loops = max(1, nodes // 13)
    parts = [loop(k) for k in range(loops)]
    parts.append(node("sum0", "Identity", ["w0/Exit"]))
    for k in range(1, loops):
        parts.append(node(f"sum{k}", "Add", [f"sum{k - 1}", f"w{k}/Exit"]))
    return "".join(parts), loops * 13


def best_time(cmd, repeat, stdin_path=None):
    best = None
    for _ in range(repeat):
        with open(stdin_path or os.devnull) as stdin:
            start = time.perf_counter()
            proc = subprocess.run(cmd, stdin=stdin, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.PIPE, check=False)
            elapsed = time.perf_counter() - start
        if proc.returncode != 0:
            sys.exit(f"{' '.join(cmd)} failed:\n{proc.stderr.decode()[:2000]}")
        best = elapsed if best is None else min(best, elapsed)
    return best


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nodes", type=int, default=100000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    args = parser.parse_args()
    translate = os.path.join(args.build, "bin", "sluice-translate")
    proto = os.path.join(ROOT, "lib", "Target", "GraphDef", "sluice_graph.proto")
    text, count = generate(args.nodes)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "graph.pbtxt")
        with open(path, "w") as f:
            f.write(text)
        parse = best_time(["protoc", f"--proto_path={os.path.dirname(proto)}",
                           "--encode=sluice.tf.GraphDef", proto],
                          args.repeat, stdin_path=path)
        imported = best_time([translate, "--graphdef-to-mlir", path,
                              "-o", os.devnull], args.repeat)
    print(f"generated graph: {count} nodes, {len(text) / 1e6:.1f} MB of text")
    print(f"protoc parse (baseline): {parse:.3f} s, {count / parse:,.0f} nodes/s")
    print(f"sluice import:           {imported:.3f} s, {count / imported:,.0f} nodes/s")
    print(f"ratio import/parse: {imported / parse:.2f}")


if __name__ == "__main__":
    main()
