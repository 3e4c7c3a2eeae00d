#!/usr/bin/env python3
"""Reverse mode against finite differences, on lite programs and generated ones.

For each program (the hand-written lite programs of --programs, each with
its NAME.in*.json inputs, and --count seeded control-flow-v1 programs from
gen_v1_programs.py, lifted by sluicec), `sluice-opt -lite-reverse-mode`
builds @main_grad. With random seeds s (one per float result) and a random
direction v over the float arguments x, the directional derivative of the
loss L(x) = sum_j s_j . y_j(x) that @main_grad gives, sum_i dx_i . v_i, is
compared with central differences (L(x + e v) - L(x - e v)) / 2e run by
sluice-run on @main (engine --engine). With --float64 every f32 tensor of
the program becomes f64 first (a program that no longer verifies or runs
is refused) and the steps and tolerance shrink to what float64 allows. A run whose one-sided differences
disagree, or whose central differences at e and e/4 do, sits on a kink of
a piecewise-linear op (abs, maximum, a comparison switching) and is counted
apart, not compared. A program the
pass refuses is listed with the first line of its diagnostic.

Prints one line per program with --verbose, then
  grad check: N programs, A agree, R refused, K on a kink, F failed
"""
import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True
import gen_v1_programs  # noqa: E402

TENSOR = re.compile(r"%[\w.]+: tensor<([^>]*)>")
# Per precision: the finite-difference step and the relative tolerance (of
# 1 + |the directional derivative|) for agreement and for a kink.
PRECISION = {"float32": (1e-2, 2e-2), "float64": (1e-5, 1e-6)}
FLOAT_TENSOR = re.compile(r"(tensor<(?:[0-9?*]+x)*)f32>")


def signature(text):
    """(shape, dtype) of each argument of @main."""
    header = re.search(r"func\.func @main\(([^)]*)\)", text)
    arguments = []
    for spec in TENSOR.findall(header.group(1)):
        parts = spec.split("x")
        arguments.append(([int(p) for p in parts[:-1]], parts[-1]))
    return arguments


def run(tool, args, timeout):
    done = subprocess.run([tool] + args, capture_output=True, text=True, timeout=timeout)
    if done.returncode != 0:
        raise RuntimeError((done.stderr or done.stdout).strip().splitlines()[0]
                           if (done.stderr or done.stdout).strip() else "exit %d" % done.returncode)
    return json.loads(done.stdout)["outputs"]


def flat(values):
    if isinstance(values, list):
        return [x for v in values for x in flat(v)]
    return [values]


def as_arguments(inputs, arguments):
    """The program's inputs as a list of {"dtype", "shape", "data"}."""
    if isinstance(inputs, dict):
        inputs = list(inputs.values())
    typed = []
    for value, (shape, dtype) in zip(inputs, arguments):
        if isinstance(value, dict):
            typed.append(value)
            continue
        name = {"f32": "float32", "f64": "float64", "i32": "int32", "i64": "int64",
                "i1": "bool"}[dtype]
        data = flat(value)
        typed.append({"dtype": name, "shape": shape, "data": data})
    return typed


def check(args, workdir, name, program, inputs, rng):
    """'agree', 'kink', ('refused', why) or ('failed', why)."""
    text = open(program).read()
    precision = "float64" if args.float64 else "float32"
    epsilon, tolerance = PRECISION[precision]
    if args.float64:
        text = FLOAT_TENSOR.sub(r"\1f64>", text)
        program = os.path.join(workdir, name + ".f64.mlir")
        with open(program, "w") as f:
            f.write(text)
    grad = os.path.join(workdir, name + ".grad.mlir")
    done = subprocess.run([args.sluice_opt, program, "-lite-reverse-mode", "-o", grad],
                          capture_output=True, text=True)
    if done.returncode != 0:
        first = done.stderr.strip().splitlines()[0] if done.stderr.strip() else "?"
        return ("refused", first)
    arguments = signature(text)
    base = as_arguments(inputs, arguments)
    if args.float64:
        for value in base:
            if value["dtype"] == "float32":
                value["dtype"] = "float64"
    floats = [i for i, a in enumerate(base) if a["dtype"] == precision]
    if not floats:
        return ("refused", "no float argument")

    def write(values, tag):
        path = os.path.join(workdir, "%s.%s.json" % (name, tag))
        with open(path, "w") as f:
            json.dump(values, f)
        return path

    engine = ["--engine=" + args.engine]
    try:
        outputs = run(args.sluice_run, [program, "--inputs=" + write(base, "in")] + engine,
                      args.timeout)
    except RuntimeError as error:
        if not args.float64:
            raise
        return ("refused", "in float64: %s" % error)
    seeds = []
    for out in outputs:
        if out["dtype"] == precision:
            seeds.append({"dtype": precision, "shape": out["shape"],
                          "data": [rng.uniform(-1, 1) for _ in out["data"]]})
    if not seeds:
        return ("refused", "no float result")
    grads = run(args.sluice_run, [grad, "--function=main_grad",
                                  "--inputs=" + write(base + seeds, "grad")] + engine,
                args.timeout)[len(outputs):]
    direction = {i: [rng.uniform(-1, 1) for _ in base[i]["data"]] for i in floats}
    analytic = sum(g * d for i, gr in zip(floats, grads)
                   for g, d in zip(gr["data"], direction[i]))

    def loss(step):
        moved = json.loads(json.dumps(base))
        for i in floats:
            moved[i]["data"] = [x + step * d for x, d in zip(base[i]["data"], direction[i])]
        outs = run(args.sluice_run, [program, "--inputs=" + write(moved, "fd")] + engine,
                   args.timeout)
        total, k = 0.0, 0
        for out in outs:
            if out["dtype"] == precision:
                total += sum(s * y for s, y in zip(seeds[k]["data"], out["data"]))
                k += 1
        return total

    # One-sided differences on both sides, at two step sizes: a kink (a
    # maximum, abs or comparison switching at these inputs) shows as sides
    # that disagree, or as a central difference that moves with the step.
    at = {0.0: loss(0.0)}
    for step in (epsilon, -epsilon, epsilon / 4, -epsilon / 4):
        at[step] = loss(step)
    scale = 1 + abs(analytic)
    for eps in (epsilon, epsilon / 4):
        forward = (at[eps] - at[0.0]) / eps
        backward = (at[0.0] - at[-eps]) / eps
        if abs(forward - backward) > 2e-2 * scale:
            return "kink"
    wide = (at[epsilon] - at[-epsilon]) / (2 * epsilon)
    narrow = (at[epsilon / 4] - at[-epsilon / 4]) / (epsilon / 2)
    if abs(wide - narrow) > tolerance * scale:
        return "kink"
    if abs(narrow - analytic) > tolerance * scale:
        return ("failed", "analytic %.6g, finite differences %.6g" % (analytic, narrow))
    return "agree"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sluice-opt", required=True)
    parser.add_argument("--sluicec", required=True)
    parser.add_argument("--sluice-run", required=True)
    parser.add_argument("--programs")
    parser.add_argument("--count", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--engine", default="interpreter")
    parser.add_argument("--float64", action="store_true",
                        help="run every program in float64 (f32 tensors become f64)")
    parser.add_argument("--timeout", type=float, default=60)
    parser.add_argument("--workdir")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    workdir = args.workdir or tempfile.mkdtemp(prefix="sluice-grad-")
    os.makedirs(workdir, exist_ok=True)
    rng = random.Random(args.seed)

    cases = []
    if args.programs:
        for entry in sorted(os.listdir(args.programs)):
            if not entry.endswith(".mlir"):
                continue
            stem = entry[:-5]
            for inputs in sorted(os.listdir(args.programs)):
                if inputs.startswith(stem + ".in") and inputs.endswith(".json"):
                    with open(os.path.join(args.programs, inputs)) as f:
                        cases.append((stem + "/" + inputs[len(stem) + 1:-5],
                                      os.path.join(args.programs, entry), json.load(f)))
    for seed in range(args.seed, args.seed + args.count):
        text, inputs = gen_v1_programs.generate(seed)
        executor = os.path.join(workdir, "gen%d.executor.mlir" % seed)
        with open(executor, "w") as f:
            f.write(text)
        lifted = os.path.join(workdir, "gen%d.mlir" % seed)
        subprocess.run([args.sluicec, executor, "--emit=mlir", "-o", lifted], check=True)
        cases.append(("gen%d" % seed, lifted, json.loads(inputs)))

    counts = {"agree": 0, "refused": 0, "kink": 0, "failed": 0}
    for name, program, inputs in cases:
        try:
            outcome = check(args, workdir, name.replace("/", "."), program, inputs, rng)
        except (RuntimeError, subprocess.TimeoutExpired) as error:
            outcome = ("failed", str(error))
        kind = outcome if isinstance(outcome, str) else outcome[0]
        counts[kind] += 1
        if kind == "failed":
            print("FAIL %s: %s" % (name, outcome[1]))
        elif args.verbose:
            print("%s %s%s" % (kind, name, "" if isinstance(outcome, str)
                                 else ": " + outcome[1]))
    print("grad check: %d programs, %d agree, %d refused, %d on a kink, %d failed"
          % (len(cases), counts["agree"], counts["refused"], counts["kink"],
             counts["failed"]))
    return 1 if counts["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
