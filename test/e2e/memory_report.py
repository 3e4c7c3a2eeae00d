#!/usr/bin/env python3
"""`sluicec --report=json` agrees with bench/buffers' own counting.

For every DIR/*.mlir of each --programs DIR (the programs bench/buffers
measures: test/e2e/programs and bench/buffers/programs), compares the
report with what bench/buffers computes from the back ends' output:
  native   the program's copies/bytes/allocs with bench.py's count_in_loops
           on `sluice-opt --pass-pipeline=builtin.module(sluice-bufferize)`,
           and the loops' and functions' figures summing to no more;
  arena    `global` and `sum` of check_arena_plan.check on the model
           `sluicec --emit=tflite --plan-buffers` writes (plan.py's
           columns);
  loops    each WHILE of that model is a reported loop (instances
           included), and per iteration: its moves over the planned arena
           (check_arena_plan.Simulation with loops run twice and the IFs
           starting with either branch, its body.in/r/cond.in moves per
           iteration of that WHILE: copied, elided, and their bytes) and
           LiteRT's copies (tensorflow/lite/kernels/while.cc, recomputed
           from the model: every slot into the body, the slots the
           condition reads into it, and for a body with dynamically shaped
           tensors every slot back into the WHILE's outputs).
Prints one line per difference, a table with --table, and
    memory report: N programs, N WHILE operators compared, N differences
Exits 1 on any difference.

usage: memory_report.py [--sluicec P] [--sluice-opt P] --programs DIR...
                        [--workdir DIR] [--table]
"""
import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "bench", "buffers"))
sys.path.insert(0, os.path.join(ROOT, "test", "Target", "TFLite"))
sys.dont_write_bytecode = True
import bench  # noqa: E402
import check_arena_plan  # noqa: E402


class CountingSimulation(check_arena_plan.Simulation):
    """check_arena_plan's run, with each WHILE's moves per iteration
    (body.in := r, r := body.out, cond.in := r) tallied apart."""

    def __init__(self, *args):
        super().__init__(*args)
        self.iterated = {}   # "op K of subgraph S (WHILE)" -> iterations
        self.tally = {}      # same key -> [copied, bytes, elided, bytes]

    def run_while(self, index, op, inputs, outputs, where, depth):
        key = where + " (WHILE)"
        self.iterated[key] = self.iterated.get(key, 0) + self.iterations
        self.tally.setdefault(key, [0, 0, 0, 0])
        super().run_while(index, op, inputs, outputs, where, depth)

    def move(self, src, dst, reader, what):
        before = list(self.moves)
        super().move(src, dst, reader, what)
        per_iteration = (what.startswith("body.in[") or
                         what.endswith(":= body.out") or
                         (what.startswith("cond.in[") and what.endswith(":= r")))
        if per_iteration and reader in self.tally:
            for i in range(4):
                self.tally[reader][i] += self.moves[i] - before[i]


def arena_moves(model, problems):
    """Per WHILE ("op K of subgraph S"), its moves per iteration."""
    plans = check_arena_plan.read_plans(model, problems)
    sizes = [[check_arena_plan.tensor_bytes(t) for t in sg.get("tensors", [])]
             for sg in model.get("subgraphs", [])]
    result = {}
    for then_first in (True, False):
        simulation = CountingSimulation(model, plans, sizes, problems)
        simulation.run(2, then_first)
        for key, iterations in simulation.iterated.items():
            if not iterations:
                continue
            tally = simulation.tally[key]
            if any(t % iterations for t in tally):
                problems.append("%s: moves %s not the same each of %d "
                                "iterations" % (key, tally, iterations))
                continue
            per = [t // iterations for t in tally]
            name = key[:-len(" (WHILE)")]
            if result.setdefault(name, per) != per:
                problems.append("%s: %s per iteration, then %s"
                                % (name, result[name], per))
    return result


def litert_copies(model, subgraph, op):
    """LiteRT's WHILE copies per iteration: (copies, static bytes)."""
    subgraphs = model["subgraphs"]
    cond, body = check_arena_plan.callees(op)
    cond_graph, body_graph = subgraphs[cond], subgraphs[body]
    dynamic = any(
        t.get("type") not in ("RESOURCE", "VARIANT") and
        (not t.get("has_rank", False) or -1 in t.get("shape_signature", []))
        for t in body_graph.get("tensors", []))
    used = set(cond_graph.get("outputs", []))
    for cond_op in cond_graph.get("operators", []):
        used.update(cond_op.get("inputs", []))
    copies = copied = 0
    body_inputs = body_graph.get("inputs", [])
    cond_inputs = cond_graph.get("inputs", [])
    for slot in range(len(op.get("inputs", []))):
        size = 0
        if slot < len(body_inputs):
            size = check_arena_plan.tensor_bytes(
                body_graph["tensors"][body_inputs[slot]]) or 0
        times = 1 + (1 if dynamic else 0) + \
            (1 if slot < len(cond_inputs) and cond_inputs[slot] in used else 0)
        copies += times
        copied += times * size
    return copies, copied


def compare(args, path, work):
    """Differences between the report and bench/buffers on `path`, and a
    table row."""
    name = os.path.splitext(os.path.basename(path))[0]
    diffs = []
    run = subprocess.run([args.sluicec, path, "--report=json"],
                         capture_output=True, text=True)
    if run.returncode != 0:
        return ["%s: sluicec --report failed: %s" % (name, run.stderr.strip())], \
            None, 0
    report = json.loads(run.stdout)

    native = bench.measure(args.sluice_opt, path, "sluice-bufferize")
    ours = tuple(report["native"][k] for k in ("copies", "bytes", "allocs"))
    if native != ours:
        diffs.append("%s: native %s, bench.py counts %s" % (name, ours, native))
    for function in report["functions"]:
        parts = [function["native_outside_while"]] + \
            [loop["native"] for loop in function["loops"]]
        for key in ("copies", "bytes", "allocs"):
            if sum(p[key] for p in parts) != function["native"][key]:
                diffs.append("%s: @%s's native %s is not its loops' sum"
                             % (name, function["name"], key))
    for key in ("copies", "bytes", "allocs"):
        if sum(f["native"][key] for f in report["functions"]) > \
                report["native"][key]:
            diffs.append("%s: the functions' native %s exceed the program's"
                         % (name, key))

    model_path = os.path.join(work, name + ".tflite")
    export = subprocess.run([args.sluicec, path, "--emit=tflite",
                             "--plan-buffers", "-o", model_path],
                            capture_output=True, text=True)
    if export.returncode != 0:
        diffs.append("%s: reported, but sluicec --emit=tflite fails" % name)
        return diffs, None, 0
    model = check_arena_plan.load_model(model_path)
    problems, stats = check_arena_plan.check(model)
    if problems:
        diffs.append("%s: check_arena_plan: %s" % (name, "; ".join(problems)))
        return diffs, None, 0
    arena = report["arena"]
    for key in ("global", "sum"):
        if arena[key] != stats[key]:
            diffs.append("%s: arena %s %d, check_arena_plan %d"
                         % (name, key, arena[key], stats[key]))

    loops = [loop for f in report["functions"] for loop in f["loops"]]
    by_op = {}
    for loop in loops:
        if loop["tflite"]:
            t = loop["tflite"]
            by_op["op %d of subgraph %d" % (t["op"], t["subgraph"])] = loop
    whiles = [("op %d of subgraph %d" % (k, s), s, op)
              for s, sg in enumerate(model["subgraphs"])
              for k, op in enumerate(sg.get("operators", []))
              if op.get("builtin_options_type") == "WhileOptions"]
    instances = sum(l["tflite"]["instances"] for l in loops if l["tflite"])
    if instances != len(whiles):
        diffs.append("%s: %d WHILE operators, %d reported"
                     % (name, len(whiles), instances))
    problems = []
    moves = arena_moves(model, problems)
    diffs += ["%s: simulation: %s" % (name, p) for p in problems]
    compared = 0
    for where, subgraph, op in whiles:
        loop = by_op.get(where)
        if loop is None:
            continue
        compared += 1
        if where not in moves:
            diffs.append("%s: %s never iterates in the simulation"
                         % (name, where))
        t = loop["tflite"]
        ours = (t["arena"]["copies"], t["arena"]["bytes"],
                t["arena"]["elided"], t["arena"]["elided_bytes"])
        if where in moves and tuple(moves[where]) != ours:
            diffs.append("%s: loop %s (%s): arena moves per iteration %s, "
                         "check_arena_plan's simulation %s"
                         % (name, loop["path"], where, ours,
                            tuple(moves[where])))
        litert = litert_copies(model, subgraph, op)
        if litert != (t["litert"]["copies"], t["litert"]["bytes"]):
            diffs.append("%s: loop %s (%s): LiteRT copies %s, the model "
                         "says %s" % (name, loop["path"], where,
                                      (t["litert"]["copies"],
                                       t["litert"]["bytes"]), litert))
    row = "%-26s %12s %7d %7d %5d" % (name, "%d/%d/%d" % ours_native(report),
                                     arena["global"], arena["sum"], len(loops))
    return diffs, row, compared


def ours_native(report):
    return tuple(report["native"][k] for k in ("copies", "bytes", "allocs"))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sluicec", default="sluicec")
    parser.add_argument("--sluice-opt", dest="sluice_opt", default="sluice-opt")
    parser.add_argument("--programs", action="append", default=[])
    parser.add_argument("--workdir")
    parser.add_argument("--table", action="store_true")
    args = parser.parse_args()
    programs = []
    for directory in args.programs:
        programs += sorted(glob.glob(os.path.join(directory, "*.mlir")))
    differences, whiles, rows = [], 0, []
    with tempfile.TemporaryDirectory() as scratch:
        work = args.workdir or scratch
        os.makedirs(work, exist_ok=True)
        for path in programs:
            diffs, row, count = compare(args, path, work)
            differences += diffs
            whiles += count
            if row:
                rows.append(row)
    if args.table:
        print("%-26s %12s %7s %7s %5s" % ("program", "native c/b/a", "global",
                                          "sum", "loops"))
        for row in rows:
            print(row)
    for difference in differences:
        print("DIFFERENCE " + difference)
    print("memory report: %d programs, %d WHILE operators compared, %d "
          "differences" % (len(programs), whiles, len(differences)))
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
