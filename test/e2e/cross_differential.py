#!/usr/bin/env python3
"""Programs compiled for other machines agree with this machine's native code.

For every lite program DIR/NAME.mlir (--programs, repeatable) with static
inputs and outputs, and each of its inputs files DIR/NAME.in*.json:
  1. `sluicec --emit=obj --header` for the host (--target-cpu=generic) and
     for each --targets triple (the portable x86-64 levels run on this
     machine; aarch64, armv7a and riscv64 Linux under qemu-user);
  2. a C program made from the header and the inputs (the inputs, a list in
     argument order, as arrays, a buffer per output, `model_main`, every
     output printed) is linked
     with each object by that target's C compiler (-static) and run;
  3. each target's printout must equal the host's: integers and booleans
     exactly, floats within 1e-5 relative (1e-6 absolute), the same status.
A program whose main has a dynamic shape is left out (counted): its C entry
takes dims arrays this harness does not fill. With --sample K, K of the
programs with static shapes, evenly spaced in sorted order (the same ones
each run).

Prints one line per disagreement and a summary per target
    TARGET: N programs, N runs, N agree, N failed
and a last line `cross differential: N runs, N agree, N failed`. Exits 1 on
any failure, or when a target's tools are missing.
"""
import argparse
import glob
import json
import math
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile

# triple -> (CPU, C compiler, how to run the program: a prefix)
TARGETS = {
    "x86_64-linux-gnu@x86-64": ("x86-64", "cc", []),
    "x86_64-linux-gnu@x86-64-v2": ("x86-64-v2", "cc", []),
    "x86_64-linux-gnu@x86-64-v3": ("x86-64-v3", "cc", []),
    "aarch64-linux-gnu": ("generic", "aarch64-linux-gnu-gcc", ["qemu-aarch64-static"]),
    "armv7a-linux-gnueabihf": ("generic", "arm-linux-gnueabihf-gcc", ["qemu-arm-static"]),
    "riscv64-linux-gnu": ("generic", "riscv64-linux-gnu-gcc", ["qemu-riscv64-static"]),
}

C_TYPES = {"float32": "float", "float64": "double", "int8": "int8_t", "uint8": "uint8_t",
           "int16": "int16_t", "int32": "int32_t", "int64": "int64_t", "bool": "bool"}


# What this CPU must have to run an x86-64 level's code (the psABI's levels).
X86_LEVEL_FLAGS = {
    "x86-64": set(),
    "x86-64-v2": {"cx16", "lahf_lm", "popcnt", "sse4_1", "sse4_2", "ssse3"},
    "x86-64-v3": {"cx16", "lahf_lm", "popcnt", "sse4_1", "sse4_2", "ssse3",
                  "avx", "avx2", "bmi1", "bmi2", "f16c", "fma", "abm", "movbe", "xsave"},
}


def host_cpu_flags():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("flags"):
                    return set(line.split(":", 1)[1].split())
    except OSError:
        pass
    return set()


def run(cmd, timeout=120):
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    return proc.returncode, proc.stdout, proc.stderr


def parse_main(header, prefix):
    """The parameters of `<prefix>_main` in the header: [(C type, name)]."""
    match = re.search(r"int32_t %s_main\(([^)]*)\);" % re.escape(prefix), header)
    if not match:
        return None
    params = []
    for part in match.group(1).split(","):
        part = " ".join(part.split())
        m = re.fullmatch(r"(const )?([a-z0-9_]+) (\*{1,2})([A-Za-z0-9_]+)", part)
        if not m:
            return None
        params.append((m.group(1) is not None, m.group(2), m.group(3), m.group(4)))
    return params


def c_literal(value, ctype):
    if ctype in ("float", "double"):
        if isinstance(value, str):
            return {"nan": "NAN", "inf": "INFINITY", "-inf": "-INFINITY"}[value.lower()]
        return repr(float(value)) + ("f" if ctype == "float" else "")
    if ctype == "bool":
        return "true" if value else "false"
    if ctype == "int64_t":
        return f"INT64_C({int(value)})"
    return str(int(value))


def flatten(value):
    if isinstance(value, list):
        return [x for item in value for x in flatten(item)]
    return [value]


# The C symbols of every compiled program: `PREFIX_main`.
PREFIX = "model"


def harness(header_name, params, inputs):
    """The C program: inputs as arrays, outputs printed one line each; None
    when `inputs` is not a list of one value per input (sluice-run's
    positional form, which every e2e program's inputs take)."""
    lines = ["#include <math.h>", "#include <stdbool.h>", "#include <stdint.h>",
             "#include <stdio.h>", f'#include "{header_name}"', ""]
    args, prints = [], []
    if not isinstance(inputs, list) or len(inputs) != sum(p[0] for p in params):
        return None
    positional = list(inputs)
    for index, (is_const, ctype, stars, name) in enumerate(params):
        if is_const:
            data = flatten(positional.pop(0)) or [0]
            values = ", ".join(c_literal(v, ctype) for v in data)
            lines.append(f"static const {ctype} in{index}[] = {{{values}}};")
            args.append(f"in{index}")
        else:
            lines.append(f"static {ctype} out{index}[OUT{index}_SIZE];")
            args.append(f"out{index}")
            fmt = {"float": ('"%.9g"', "(double)"), "double": ('"%.17g"', ""),
                   "int64_t": ('"%lld"', "(long long)")}.get(ctype, ('"%d"', "(int)"))
            prints.append(f'  printf("{name}");\n'
                          f"  for (int i = 0; i < OUT{index}_SIZE; ++i)\n"
                          f'    printf(" "), printf({fmt[0]}, {fmt[1]}out{index}[i]);\n'
                          f'  printf("\\n");')
    lines += ["", "int main(void) {",
              f"  int32_t status = {PREFIX}_main({', '.join(args)});",
              '  printf("status %d\\n", (int)status);'] + prints + ["  return 0;", "}"]
    return "\n".join(lines) + "\n"


def output_sizes(reference_json):
    """The element count of each output, from sluice-run's JSON."""
    outputs = json.loads(reference_json)["outputs"]
    return [max(1, math.prod(o["shape"])) for o in outputs]


def agree(host, other):
    host_lines, other_lines = host.splitlines(), other.splitlines()
    if len(host_lines) != len(other_lines):
        return "a different number of lines"
    for a, b in zip(host_lines, other_lines):
        xs, ys = a.split(), b.split()
        if len(xs) != len(ys) or xs[:1] != ys[:1]:
            return f"'{a[:80]}' against '{b[:80]}'"
        for x, y in zip(xs[1:], ys[1:]):
            if x == y:
                continue
            try:
                fx, fy = float(x), float(y)
            except ValueError:
                return f"{xs[0]}: {x} against {y}"
            if math.isnan(fx) and math.isnan(fy):
                continue
            if "." not in x + y and "e" not in x + y and "n" not in x + y:
                return f"{xs[0]}: {x} against {y}"  # integers: exactly
            if abs(fx - fy) > 1e-6 + 1e-5 * abs(fx):
                return f"{xs[0]}: {x} against {y}"
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sluicec", required=True)
    parser.add_argument("--sluice-run", required=True)
    parser.add_argument("--programs", action="append", default=[])
    parser.add_argument("--targets", default=",".join(TARGETS))
    parser.add_argument("--sample", type=int, help="at least this many programs")
    parser.add_argument("--workdir")
    args = parser.parse_args()
    work = args.workdir or tempfile.mkdtemp(prefix="cross-diff-")
    os.makedirs(work, exist_ok=True)
    targets = args.targets.split(",")
    flags = host_cpu_flags()
    for target in list(targets):
        level = target.partition("@")[2]
        if level and platform.machine() != "x86_64":
            print(f"{target}: skipped (this machine is {platform.machine()}, not x86-64)")
            targets.remove(target)
            continue
        missing = X86_LEVEL_FLAGS.get(level, set()) - flags
        if missing:
            print(f"{target}: skipped (this CPU lacks {', '.join(sorted(missing))})")
            targets.remove(target)
    for target in targets:
        if target not in TARGETS:
            print(f"unknown target {target} (known: {', '.join(TARGETS)})")
            return 1
        _, compiler, runner = TARGETS[target]
        for tool in [compiler] + runner[:1]:
            if not shutil.which(tool):
                print(f"{target}: {tool} is missing (utils/setup.sh installs it)")
                return 1

    def compile_for(program, key, triple, cpu):
        """The object and header of `program` for a target, or an error."""
        name = os.path.splitext(os.path.basename(program))[0]
        obj = os.path.join(work, f"{name}.{key}.o")
        header = os.path.join(work, f"{name}.h")
        cmd = [args.sluicec, program, "--emit=obj", "-o", obj, f"--header={header}",
               f"--prefix={PREFIX}", f"--target-cpu={cpu}"]
        if triple:
            cmd.append(f"--target-triple={triple}")
        code, _, err = run(cmd)
        return (obj, None) if code == 0 else (None, (err.strip().splitlines() or ["?"])[-1])

    def build_and_run(name, key, compiler, runner, obj, c_file, defines):
        """Links the harness with `obj` (the header is the same for every
        target) and runs it: its printout, or an error."""
        exe = os.path.join(work, f"{name}.{key}.exe")
        code, _, err = run([compiler, "-O1", "-static", f"-I{work}", *defines, c_file, obj,
                            "-lm", "-o", exe])
        if code != 0:
            return None, "link: " + err.strip()[:300]
        code, out, err = run(runner + [exe])
        if code != 0:
            return None, f"exit {code}: {err.strip()[:300]}"
        return out, None

    # Every program with inputs, compiled for the host; those whose main has
    # static shapes only are the candidates.
    static, dynamic, failed = [], 0, 0
    for program in sorted(p for d in args.programs for p in glob.glob(os.path.join(d, "*.mlir"))):
        name = os.path.splitext(os.path.basename(program))[0]
        inputs = sorted(glob.glob(os.path.join(os.path.dirname(program), name + ".in*.json")))
        if not inputs:
            continue
        host, error = compile_for(program, "host", None, "generic")
        if error:
            print(f"FAIL {name}: the host compilation failed: {error}")
            failed += 1
            continue
        with open(os.path.join(work, f"{name}.h")) as f:
            params = parse_main(f.read(), PREFIX)
        if not params or any(stars != "*" or param.endswith("_dims")
                             for _, _, stars, param in params):
            dynamic += 1
            continue
        static.append((program, name, inputs, host, params))
    if args.sample and len(static) > args.sample:
        step = len(static) / args.sample
        chosen = [static[int(i * step)] for i in range(args.sample)]
    else:
        chosen = static
    print(f"sample: {len(chosen)} of {len(static)} programs with static shapes "
          f"({dynamic} with dynamic shapes left out)")

    counts = {t: [0, 0] for t in targets}  # runs that agree, that failed
    programs_run = {t: set() for t in targets}
    for program, name, input_files, host, params in chosen:
        objects = {}
        for input_file in input_files:
            label = f"{name} {os.path.basename(input_file)}"
            with open(input_file) as f:
                source = harness(f"{name}.h", params, json.load(f))
            if source is None:
                print(f"FAIL {label}: the inputs are not a list of one value per input")
                failed += 1
                continue
            code, reference, err = run([args.sluice_run, program, "--engine=native",
                                        f"--inputs={input_file}"])
            if code != 0:
                # A run-time error (its status is native-differential's):
                # nothing to compare.
                continue
            sizes = output_sizes(reference)
            outputs_at = [i for i, p in enumerate(params) if not p[0]]
            defines = [f"-DOUT{i}_SIZE={sizes[k]}" for k, i in enumerate(outputs_at)]
            c_file = os.path.join(work, f"{name}.{os.path.basename(input_file)}.c")
            with open(c_file, "w") as f:
                f.write(source)
            host_out, error = build_and_run(name, "host", "cc", [], host, c_file, defines)
            if error:
                print(f"FAIL {label} (host): {error}")
                failed += 1
                continue
            for target in targets:
                cpu, compiler, runner = TARGETS[target]
                key = target.replace("@", "-")
                if target not in objects:
                    objects[target] = compile_for(program, key, target.split("@")[0], cpu)
                obj, error = objects[target]
                out = None
                if not error:
                    out, error = build_and_run(name, key, compiler, runner, obj, c_file,
                                               defines)
                if not error:
                    error = agree(host_out, out)
                programs_run[target].add(name)
                if error:
                    print(f"FAIL {label} ({target}): {error}")
                    counts[target][1] += 1
                    failed += 1
                else:
                    counts[target][0] += 1
    for target in targets:
        agreed, bad = counts[target]
        print(f"{target}: {len(programs_run[target])} programs, {agreed + bad} runs, "
              f"{agreed} agree, {bad} failed")
    runs = sum(sum(c) for c in counts.values())
    print(f"cross differential: {runs} runs, {sum(c[0] for c in counts.values())} agree, "
          f"{failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
