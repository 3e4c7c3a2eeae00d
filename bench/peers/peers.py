#!/usr/bin/env python3
"""Sluice and the tools users would otherwise pick, on the same programs.

For every program of the TF-written corpus (test/tf/corpus) and the
performance programs (bench/peers/programs, written by TensorFlow from
gen_programs.py), every system of workers.py (TensorFlow itself, TF's TFLite
converter + native LiteRT, tf2onnx + ONNX Runtime, OpenVINO, IREE on TF's and
on Sluice's .tflite, and Sluice's v1 executor, exported model in native
LiteRT and native code) converts and runs it. Each cell records: converted?
ran? agrees with TensorFlow's recorded outputs? (the first line of the error
when not), load/compile seconds, and the median seconds per run.

Prints, and with --docs writes into docs/peers.md (with the plot
docs/images/peers-speedup.png):
  coverage  per family x system: programs that agree / programs;
  speed     per family x system: geometric mean of TF's time / the system's
            time over the programs where the system agrees (the speed-up
            over TensorFlow, both single-threaded, in this invocation);
  perf      the performance programs one by one: each system's time and
            native Sluice's speed-up over it;
  compile   median load/compile seconds per system;
  sluice-only  programs Sluice's engines agree on that no peer does.

Each system runs in a worker process of its own (workers.py); a worker that
crashes or passes --timeout seconds on a program loses that cell and is
restarted after it. Results go to --out (JSON, rewritten as they come), so
--report RESULTS.json re-prints (and with --docs re-writes) without running.

usage: bench/peers/peers.py [--systems a,b] [--filter REGEX] [--work DIR]
                            [--out RESULTS.json] [--merge] [--timeout S]
                            [--docs] [--report RESULTS.json]
Run it with .venv-peers/bin/python (bench/peers/setup.sh makes it), or
everything at once: bash bench/peers/run.sh
"""
import argparse
import collections
import json
import math
import os
import queue
import re
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "test", "tf"))
sys.dont_write_bytecode = True
import tfcorpus  # noqa: E402

PROGRAMS = os.path.join(HERE, "programs")
WORKERS = os.path.join(HERE, "workers.py")

# In the order they run: the .tflite files IREE imports are written by
# tf-tflite and sluice-tflite, the frozen graphs by tf, the .onnx by
# tf2onnx-ort.
SYSTEMS = ("tf", "tf-tflite", "tf-tflite-flex", "tf2onnx-ort", "openvino",
           "sluice-executor", "sluice-tflite", "sluice-native",
           "iree-tf-tflite", "iree-sluice-tflite", "iree-onnx")
PEERS = ("tf-tflite", "tf-tflite-flex", "tf2onnx-ort", "openvino",
         "iree-tf-tflite", "iree-onnx")
SLUICE = ("sluice-executor", "sluice-tflite", "sluice-native")
LABELS = {
    "tf": "TensorFlow",
    "tf-tflite": "TF converter → LiteRT",
    "tf-tflite-flex": "TF converter (select TF ops) → LiteRT",
    "tf2onnx-ort": "tf2onnx → ONNX Runtime",
    "openvino": "OpenVINO",
    "iree-tf-tflite": "IREE (TF's .tflite)",
    "iree-sluice-tflite": "IREE (Sluice's .tflite)",
    "iree-onnx": "IREE (tf2onnx's .onnx)",
    "sluice-executor": "Sluice v1 executor",
    "sluice-tflite": "Sluice → LiteRT",
    "sluice-native": "Sluice native",
}


def read_programs(pattern):
    found = tfcorpus.programs(tfcorpus.CORPUS) + tfcorpus.programs(PROGRAMS)
    found.sort(key=lambda entry: entry[0])
    regex = re.compile(pattern) if pattern else None
    return [(name, path, meta) for name, path, meta in found
            if regex is None or regex.search(name)]


def run_system(system, programs, work, timeout, python, on_result):
    """Runs `system` over `programs` in worker processes, restarting after a
    crash or time-out; calls on_result(name, result) for each."""
    pending = list(programs)
    while pending:
        worker = subprocess.Popen(
            [python, WORKERS, system, "--work", work], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        lines = queue.Queue()
        tail = collections.deque(maxlen=20)

        def pump(stream, sink, end=False):
            for line in stream:
                sink(line)
            if end:
                sink(None)  # the worker's stdout closed: it ended

        threading.Thread(target=pump, args=(worker.stdout, lines.put, True),
                         daemon=True).start()
        threading.Thread(target=pump, args=(worker.stderr, tail.append), daemon=True).start()
        for name, path, meta in pending:
            worker.stdin.write(json.dumps({"pbtxt": path, "json": path[:-len(".pbtxt")] + ".json"})
                               + "\n")
        worker.stdin.close()
        current, deadline = None, None
        while pending:
            wait = None if deadline is None else max(0.0, deadline - time.monotonic())
            try:
                line = lines.get(timeout=wait)
            except queue.Empty:
                worker.kill()
                on_result(current, {"converted": None, "ran": False, "agrees": False,
                                    "error": f"time-out after {timeout} s"})
                pending = pending[1:]
                break
            if line is None:
                status = worker.wait()
                why = "; ".join(l.strip() for l in list(tail)[-3:] if l.strip())
                if current is not None:
                    on_result(current, {"converted": None, "ran": False, "agrees": False,
                                        "error": f"crashed (exit {status}): {why}"[:300]})
                    pending = pending[1:]
                elif pending:
                    sys.exit(f"{system}: the worker exits at once (exit {status}): {why}")
                break
            message = json.loads(line)
            if "start" in message:
                current = message["start"]
                deadline = time.monotonic() + timeout
            else:
                on_result(current, message["result"])
                pending = pending[1:]
                current, deadline = None, None
        worker.wait()


# --- report -------------------------------------------------------------

def geomean(values):
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else None


def families(results):
    grouped = collections.OrderedDict()
    for name in sorted(results["programs"]):
        grouped.setdefault(results["programs"][name]["family"], []).append(name)
    return grouped


def cell(results, name, system):
    return results["cells"].get(system, {}).get(name)


def coverage_table(results, systems):
    rows = [["family", "programs"] + [LABELS[s] for s in systems]]
    totals = [0] * len(systems)
    count = 0
    for family, names in families(results).items():
        row = [family, str(len(names))]
        count += len(names)
        for i, system in enumerate(systems):
            agree = sum(1 for n in names if (cell(results, n, system) or {}).get("agrees"))
            totals[i] += agree
            row.append(str(agree))
        rows.append(row)
    rows.append(["all", str(count)] + [str(t) for t in totals])
    return rows


def speedup(results, name, system):
    reference, other = cell(results, name, "tf"), cell(results, name, system)
    if not (reference and other and reference.get("agrees") and other.get("agrees")):
        return None
    return reference["run_s"] / other["run_s"]


def speed_table(results, systems):
    rows = [["family"] + [LABELS[s] for s in systems]]
    for family, names in families(results).items():
        row = [family]
        for system in systems:
            ratios = [r for r in (speedup(results, n, system) for n in names) if r]
            mean = geomean(ratios)
            row.append("—" if mean is None else f"{mean:.3g}× ({len(ratios)})")
        rows.append(row)
    return rows


def perf_table(results, systems):
    rows = [["program"] + [LABELS[s] for s in systems]]
    for name in sorted(results["programs"]):
        if results["programs"][name]["family"] != "perf":
            continue
        native = cell(results, name, "sluice-native") or {}
        row = [name]
        for system in systems:
            c = cell(results, name, system) or {}
            if not c.get("agrees"):
                row.append("fails" if c else "—")
                continue
            text = f"{c['run_s'] * 1e3:.3g} ms"
            if system != "sluice-native" and native.get("agrees"):
                text += f" ({c['run_s'] / native['run_s']:.3g}×)"
            row.append(text)
        rows.append(row)
    return rows


# The speed goals for native code on the performance programs:
# (program, peer systems, goal ratio, what the goal says).
LITERT_PEERS = ("tf-tflite", "tf-tflite-flex")
IREE_PEERS = ("iree-tf-tflite", "iree-onnx")
SPEED_GOALS = [
    ("perf_counting", LITERT_PEERS, 10, "≥10× native LiteRT (scalar control-heavy loop)"),
    ("perf_nested_if", LITERT_PEERS, 10, "≥10× native LiteRT (scalar control-heavy loop)"),
    ("perf_rnn", LITERT_PEERS, 2, "≥2× native LiteRT (RNN step)"),
] + [(name, ("tf",), 50, "≥50× TensorFlow") for name in
     ("perf_counting", "perf_nested_if", "perf_ping_pong", "perf_rnn")] + [
    (name, IREE_PEERS, 1, "≥1× IREE llvm-cpu") for name in
    ("perf_counting", "perf_nested_if", "perf_ping_pong", "perf_rnn")]


def goals_table(results):
    """Native Sluice against the fastest of the goal's peers that agrees."""
    rows = [["program", "goal", "fastest peer", "peer ms", "native ms", "native speed-up",
             "met"]]
    for name, peers, goal, text in SPEED_GOALS:
        native = cell(results, name, "sluice-native") or {}
        timed = [(c["run_s"], p) for p in peers
                 for c in [cell(results, name, p) or {}] if c.get("agrees")]
        if not native.get("agrees"):
            rows.append([name, text, "", "", "fails", "", "no"])
            continue
        if not timed:
            rows.append([name, text, "none runs it", "—", f"{native['run_s'] * 1e3:.3g}",
                         "—", "n/a"])
            continue
        best, peer = min(timed)
        ratio = best / native["run_s"]
        rows.append([name, text, LABELS[peer], f"{best * 1e3:.3g}",
                     f"{native['run_s'] * 1e3:.3g}", f"{ratio:.3g}×",
                     "yes" if ratio >= goal else "**no**"])
    # Over the whole corpus: on every program both run, the ratio to TF and
    # to IREE (the "on every program").
    for peers, goal, text in ((("tf",), 50, "≥50× TensorFlow"),
                              (IREE_PEERS, 1, "≥1× IREE llvm-cpu")):
        ratios = []
        for name in results["programs"]:
            native = cell(results, name, "sluice-native") or {}
            timed = [c["run_s"] for p in peers for c in [cell(results, name, p) or {}]
                     if c.get("agrees")]
            if native.get("agrees") and timed:
                ratios.append(min(timed) / native["run_s"])
        if not ratios:
            continue
        met = sum(1 for r in ratios if r >= goal)
        rows.append([f"every program both run ({len(ratios)})", text, "", "", "",
                     f"min {min(ratios):.3g}×, median {sorted(ratios)[len(ratios) // 2]:.3g}×",
                     f"{met} of {len(ratios)}"])
    return rows


def compile_table(results, systems):
    rows = [["system", "programs loaded", "median load/compile s", "max s"]]
    for system in systems:
        times = sorted(c["load_s"] for c in results["cells"].get(system, {}).values()
                       if c.get("load_s") is not None and c.get("ran"))
        if times:
            rows.append([LABELS[system], str(len(times)),
                         f"{times[len(times) // 2]:.3g}", f"{times[-1]:.3g}"])
    return rows


def sluice_only(results):
    only = []
    for name in sorted(results["programs"]):
        if any((cell(results, name, s) or {}).get("agrees") for s in PEERS):
            continue
        engines = [s for s in SLUICE if (cell(results, name, s) or {}).get("agrees")]
        if engines:
            only.append((name, engines))
    return only


def peer_only(results):
    """Programs some peer runs correctly and no Sluice engine does."""
    missing = []
    for name in sorted(results["programs"]):
        peers = [s for s in PEERS if (cell(results, name, s) or {}).get("agrees")]
        if peers and not any((cell(results, name, s) or {}).get("agrees") for s in SLUICE):
            missing.append((name, peers))
    return missing


def errors(results, system, limit=8):
    """The most frequent first lines of the errors of a system."""
    counter = collections.Counter()
    for c in results["cells"].get(system, {}).values():
        if not c.get("agrees"):
            counter[re.sub(r"\d+", "N", c.get("error", "?"))[:160]] += 1
    return counter.most_common(limit)


def markdown(rows):
    lines = ["| " + " | ".join(rows[0]) + " |",
             "|" + "|".join("---" if i == 0 else "---:" for i in range(len(rows[0]))) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows[1:]]
    return "\n".join(lines)


def plot(results, systems, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    names = list(families(results))
    shown = [s for s in systems if s != "tf" and any(
        speedup(results, n, s) for n in results["programs"])]
    width = 0.8 / len(shown)
    figure, axes = plt.subplots(figsize=(max(10, len(names) * 0.9), 5.5))
    for i, system in enumerate(shown):
        values = []
        for family in names:
            ratios = [r for r in (speedup(results, n, system) for n in families(results)[family])
                      if r]
            values.append(geomean(ratios) or 0)
        axes.bar([x + i * width for x in range(len(names))], values, width,
                 label=LABELS[system])
    axes.set_yscale("log")
    axes.axhline(1, color="black", linewidth=0.8)
    axes.set_xticks([x + 0.4 - width / 2 for x in range(len(names))])
    axes.set_xticklabels(names, rotation=40, ha="right")
    axes.set_ylabel("speed-up over TensorFlow (geometric mean, log scale)")
    axes.set_title("Time per run, single-threaded, programs where the system agrees with TF")
    axes.legend(fontsize=7, ncol=2)
    figure.tight_layout()
    figure.savefig(path, dpi=110)


def report(results, docs):
    systems = [s for s in SYSTEMS if s in results["cells"]]
    sections = [
        ("Coverage: programs that agree with TensorFlow", markdown(coverage_table(results, systems))),
        ("Speed-up over TensorFlow (geometric mean over the programs where the system "
         "agrees; in parentheses how many)",
         markdown(speed_table(results, [s for s in systems if s != "tf"]))),
        ("Performance programs: time per run (and how many times native Sluice is faster)",
         markdown(perf_table(results, systems))),
        ("Speed goals: native Sluice against the fastest peer of each goal that agrees with TF",
         markdown(goals_table(results))),
        ("Load and compile time", markdown(compile_table(results, systems))),
    ]
    only = sluice_only(results)
    lines = [f"- `{n}`: {', '.join(LABELS[e] for e in engines)}" for n, engines in only]
    sections.append((f"Programs only Sluice runs correctly ({len(only)})",
                     "\n".join(lines) or "(none)"))
    missing = peer_only(results)
    lines = [f"- `{n}`: {', '.join(LABELS[p] for p in peers)}" for n, peers in missing]
    sections.append((f"Programs a peer runs correctly and Sluice does not ({len(missing)})",
                     "\n".join(lines) or "(none)"))
    failures = []
    for system in systems:
        for text, count in errors(results, system):
            failures.append(f"- {LABELS[system]}, {count}×: {text}")
    sections.append(("Most frequent failures per system", "\n".join(failures) or "(none)"))
    text = "\n\n".join(f"### {title}\n\n{body}" for title, body in sections)
    print(text)
    if docs:
        images = os.path.join(ROOT, "docs", "images")
        os.makedirs(images, exist_ok=True)
        plot(results, systems, os.path.join(images, "peers-speedup.png"))
        write_docs(results, text)


def write_docs(results, tables):
    path = os.path.join(ROOT, "docs", "peers.md")
    with open(os.path.join(HERE, "peers.md.in")) as f:
        template = f.read()
    env = results.get("environment", {})
    versions = "\n".join(f"- {k}: {v}" for k, v in sorted(env.items()))
    with open(path, "w") as f:
        f.write(template.replace("@VERSIONS@", versions).replace("@TABLES@", tables))
    print(f"wrote {os.path.relpath(path, ROOT)} and docs/images/peers-speedup.png")


def environment(python):
    probe = ("import importlib.metadata as m, platform, json\n"
             "names = ['tensorflow-cpu', 'ai-edge-litert', 'tf2onnx', 'onnxruntime', "
             "'openvino', 'iree-base-compiler', 'iree-base-runtime', 'iree-tools-tflite']\n"
             "out = {}\n"
             "for n in names:\n"
             "    try: out[n] = m.version(n)\n"
             "    except Exception: out[n] = 'not installed'\n"
             "out['python'] = platform.python_version()\n"
             "print(json.dumps(out))\n")
    found = json.loads(subprocess.run([python, "-c", probe], capture_output=True, text=True,
                                      check=True).stdout)
    with open("/proc/cpuinfo") as f:
        model = next((l.split(":", 1)[1].strip() for l in f if l.startswith("model name")), "?")
    found["cpu"] = f"{model}, {os.cpu_count()} cores"
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--systems", default=",".join(SYSTEMS))
    parser.add_argument("--filter", help="only programs whose name matches")
    parser.add_argument("--work", help="where converted models go (default: a temp dir)")
    parser.add_argument("--out", default=os.path.join(ROOT, "build", "peers-results.json"))
    parser.add_argument("--timeout", type=float, default=300,
                        help="seconds one system may take on one program")
    parser.add_argument("--docs", action="store_true",
                        help="write docs/peers.md and docs/images/peers-speedup.png")
    parser.add_argument("--report", metavar="RESULTS", help="only report RESULTS.json")
    parser.add_argument("--merge", action="store_true",
                        help="update the cells run in the results --out holds already")
    args = parser.parse_args()
    if args.report:
        with open(args.report) as f:
            report(json.load(f), args.docs)
        return
    systems = [s for s in args.systems.split(",") if s]
    for s in systems:
        if s not in SYSTEMS:
            sys.exit(f"unknown system '{s}' (known: {', '.join(SYSTEMS)})")
    programs = read_programs(args.filter)
    if not programs:
        sys.exit("no program matches")
    work = args.work or tempfile.mkdtemp(prefix="sluice-peers-")
    os.makedirs(work, exist_ok=True)
    results = {"programs": {}, "cells": {}}
    if args.merge and os.path.exists(args.out):
        with open(args.out) as f:
            results = json.load(f)
    results["environment"] = environment(sys.executable)
    results["programs"].update({n: {"family": m["family"], "api": m["api"]}
                                for n, _, m in programs})
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)

    def save():
        with open(args.out + ".tmp", "w") as f:
            json.dump(results, f, indent=1, sort_keys=True)
        os.replace(args.out + ".tmp", args.out)

    for system in [s for s in SYSTEMS if s in systems]:
        started = time.monotonic()
        cells = results["cells"].setdefault(system, {})

        def on_result(name, result, cells=cells):
            cells[name] = result
            save()

        run_system(system, programs, work, args.timeout, sys.executable, on_result)
        agree = sum(1 for c in cells.values() if c.get("agrees"))
        print(f"== {system}: {agree}/{len(programs)} agree "
              f"({time.monotonic() - started:.0f} s)", file=sys.stderr, flush=True)
    save()
    report(results, args.docs)


if __name__ == "__main__":
    main()
