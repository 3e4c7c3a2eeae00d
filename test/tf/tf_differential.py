#!/usr/bin/env python3
"""TensorFlow judges Sluice: every engine against TF's outputs on the corpus.

For every program of the TF-written corpus (test/tf/corpus, written by
gen_corpus.py; test/tf/op_cases, one program per op and element type
written by gen_op_cases.py from the op table; test/tf/library, programs
Keras and TF library code writes, by gen_library_programs.py) and every
run recorded there, each Sluice engine runs the
stored GraphDef on the recorded inputs and its outputs are compared with the
outputs TensorFlow computed (dtype, shape, and data within the family's
tolerance, tfcorpus.TOLERANCES):
  executor  sluice-run G            (the v1 executor: frames, tags, deadness)
  lifted    sluice-run G --lift     (lite.if/lite.while in the interpreter)
  tflite    sluicec G --emit=tflite, the model run in native LiteRT
            (python/sluice/engines/litert_native.py, ai-edge-litert's Interpreter: inputs
            resized to the run's shapes)
  native    sluice-run G --engine=native (LLVM, compiled in process)
One sluice-run per program and engine runs every run of the program (one
--inputs each: loaded and compiled once, each run from a fresh state), and
each worker keeps one LiteRT process (litert_native.py --batch - --isolate:
Python and LiteRT load once, every model runs in a process forked for it).

Each (program, engine) ends as
  agree       every run agrees with TensorFlow: the same outputs, or an
              error where TF raised one (a failed assertion; the tflite
              engine skips those runs: TFLite has no assertions, and export
              warns that it drops them);
  diagnostic  Sluice refused the program with a diagnostic, and
              expectations.json records that diagnostic for it (the programs
              Sluice can't handle yet stay in the corpus this way); or the
              tflite engine's answer differs the way expectations.json
              records as "difference: <detail>" (LiteRT's own kernels on
              extreme values, docs/tensorflow.md; recorded by hand only).
              Where LiteRT's answer depends on the CPU (XNNPack picks its
              kernels by the vector extensions it finds), the entry is a
              list of the answers seen: "difference: <detail>" each, and
              "agree" where LiteRT agrees on some CPUs;
  tf-refused  TensorFlow itself refused the stored graph (recorded by the
              generator) and Sluice gave a diagnostic too;
  FAIL        anything else: a wrong answer, a crash or time-out, a new or
              changed diagnostic, or an expected diagnostic that is gone
              (then run with --update to record the progress).
Prints one line per FAIL, a table family x engine, and the summary
    tf differential: N programs, N agree, N expected diagnostics, N failed
where a program counts once: failed if any engine failed, agree if every
engine agreed, else an expected diagnostic. Exit status 1 on any failure.

usage: tf_differential.py --bin build/bin [--corpus DIR] [--engines a,b]
                          [--filter REGEX] [--jobs N] [--update] [--table]
"""
import argparse
import collections
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import tempfile
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
E2E = os.path.join(HERE, "..", "e2e")
sys.path.insert(0, HERE)
sys.path.insert(0, E2E)
sys.dont_write_bytecode = True
import tfcorpus  # noqa: E402
from toolrun import execute  # noqa: E402

# Runs .tflite models in native LiteRT (ai-edge-litert), printing sluice-run's
# JSON; shared with tflite_differential.py.
LITERT_NATIVE = os.path.join(HERE, "..", "..", "python", "sluice", "engines",
                             "litert_native.py")

ENGINES = ("executor", "lifted", "tflite", "native")
# An expectation that pins a wrong answer of a runtime Sluice does not own
# (LiteRT's kernels on extreme values), written by hand, never by --update.
DIFFERENCE = "difference: "
# In a list of such answers (they depend on the CPU): LiteRT agrees.
AGREE = "agree"
EXPECTATIONS = os.path.join(HERE, "expectations.json")
TIMEOUT = 120


def diagnostic(stderr):
    """The first error line of a tool's stderr, without file and position,
    so the recorded expectation survives regenerating the corpus."""
    for line in stderr.splitlines():
        if "error:" in line:
            return re.sub(r"^.*?error:\s*", "", line).strip()
    lines = [l for l in stderr.splitlines() if l.strip()]
    return lines[0].strip() if lines else "(no message)"


def crashed(status):
    """A tool that died of a signal (negative status) or whose exit status
    says it crashed, rather than returning 1 with a diagnostic."""
    return status is None or status < 0 or status > 1


class Outcome:
    """What one engine did on one program: 'agree', 'diagnostic' (with the
    message) or 'wrong' / 'crash' (with why)."""

    def __init__(self, kind, detail=""):
        self.kind, self.detail = kind, detail


def sluice_args(path, meta):
    args = [path]
    if meta["feeds"]:
        args.append("--feeds=" + ",".join(meta["feeds"]))
    args.append("--fetches=" + ",".join(meta["fetches"]))
    # What TF ran once before the fetches (variable initializers); none is
    # none, not Sluice's default.
    args.append("--init=" + ",".join(meta.get("init", [])))
    return args


def reply(line):
    """(outputs, None) or (None, Outcome) for one JSON line of sluice-run:
    {"outputs": ...} for a run, {"error": TEXT} for a refused one."""
    try:
        parsed = json.loads(line)
    except ValueError as e:
        return None, Outcome("crash", f"unreadable output {line[:200]!r}: {e}")
    if isinstance(parsed, dict) and "outputs" in parsed:
        return parsed["outputs"], None
    if isinstance(parsed, dict) and "error" in parsed:
        return None, Outcome("diagnostic", diagnostic(parsed["error"]))
    return None, Outcome("crash", f"unreadable output {line[:200]!r}")


def refused(status, err):
    """The Outcome of a sluice-run that printed no run: a crash, or the
    diagnostic of a refusal before any run (loading, lifting)."""
    if crashed(status):
        return Outcome("crash", f"exit {status}: {err.strip()[-300:]}")
    return Outcome("diagnostic", diagnostic(err))


def run_outputs(cmd):
    """(outputs, None) or (None, Outcome) for one run of a sluice-run
    command (its --inputs, if any, already in `cmd`)."""
    status, out, err = execute(cmd, TIMEOUT)
    if status == 0:
        return reply(out)
    return None, refused(status, err)


def run_each(cmd, inputs):
    """{index: (outputs, None) | (None, Outcome)} for a sluice-run command
    given every file of `inputs` ({index: IN.json}) as one --inputs: a line
    per run, in order; the runs a crash left without a line get the crash."""
    indices = sorted(inputs)
    status, out, err = execute(cmd + [f"--inputs={inputs[i]}" for i in indices],
                               TIMEOUT * len(indices))
    lines = out.splitlines()
    replies = {index: reply(line) for index, line in zip(indices, lines)}
    for index in indices[len(lines):]:
        if lines and not crashed(status):
            replies[index] = None, Outcome("crash", f"no output line for run {index}")
        else:
            replies[index] = None, refused(status, err)
    return replies


class LiteRTWorker:
    """The LiteRT process of one worker thread: litert_native.py --batch -
    --isolate, fed one "MODEL IN.json" line per run; each answer is a JSON
    line and a status line (released, or crashed: WHY). A process that
    dies or outlives TIMEOUT is replaced for the next run."""

    local = threading.local()

    @classmethod
    def of_this_thread(cls):
        if not hasattr(cls.local, "worker"):
            cls.local.worker = cls()
        return cls.local.worker

    def __init__(self):
        self.proc = None
        self.stderr = None

    def start(self):
        self.stderr = tempfile.TemporaryFile(mode="w+")
        self.proc = subprocess.Popen(
            [sys.executable, LITERT_NATIVE, "--batch", "-", "--isolate"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.stderr, text=True)

    def stderr_tail(self):
        self.stderr.seek(0)
        lines = [l for l in self.stderr.read().splitlines() if not l.startswith("INFO: ")]
        return "\n".join(lines[-5:])

    def run(self, model, inputs):
        """(reply, None) with the JSON reply, or (None, why it crashed)."""
        if self.proc is None or self.proc.poll() is not None:
            self.start()
        timer = threading.Timer(TIMEOUT, self.proc.kill)
        timer.start()
        try:
            self.proc.stdin.write(f"{model} {inputs}\n")
            self.proc.stdin.flush()
            reply, status = self.proc.stdout.readline(), self.proc.stdout.readline()
        except OSError:
            reply = status = ""
        finally:
            timed_out = not timer.is_alive()
            timer.cancel()
        if not status:
            self.proc.kill()
            self.proc.wait()
            why = (f"timed out after {TIMEOUT} s" if timed_out else
                   f"LiteRT exit {self.proc.returncode}: {self.stderr_tail()}")
            self.proc = None
            return None, why
        if status.startswith("crashed: "):
            return None, json.loads(status[len("crashed: "):])
        return json.loads(reply), None


def check_runs(meta, produce, engine, checks_errors=True):
    """Runs `produce(index, run)` -> (outputs, None) | (None, Outcome) for
    every run; the first outcome that isn't agreement wins. A run TF refuses
    agrees when Sluice refuses it too (a failed assertion: an error both
    raise) and is wrong when Sluice computes outputs; without checks_errors
    (TFLite, which has no assertions) such runs are not checked. A run
    whose `not_run_on` names the engine (with the reason: a crash of LiteRT
    on it) is neither run nor checked there."""
    tolerance = meta["tolerance"]
    refused = None  # Sluice's error on a run TF refuses too
    for index, run in enumerate(meta["runs"]):
        if "tf_error" in run and not checks_errors:
            continue
        if engine in run.get("not_run_on", {}):
            continue
        outputs, outcome = produce(index, run)
        if "tf_error" in run and outcome is not None and outcome.kind == "diagnostic":
            refused = outcome
            continue
        if outcome is not None:
            return outcome
        if "tf_error" in run:
            return Outcome("wrong", f"run {index}: TensorFlow refuses it ({run['tf_error']}) "
                                    f"but Sluice ran it")
        if "unjudged" in run:
            # Only the dtype and shape: TF's values differ by design there.
            why = tfcorpus.compare_types(run["expected"], outputs)
        else:
            why = tfcorpus.compare(run["expected"], outputs, tolerance)
        if why:
            return Outcome("wrong", f"run {index}: {why}")
    # TF refused every run (the graph itself): both refusing is no agreement
    # on a computation; the diagnostic stands.
    if refused and not any("expected" in run for run in meta["runs"]):
        return refused
    return Outcome("agree")


def evaluate(name, path, meta, engines, bin_dir, work):
    """{engine: Outcome} for one program."""
    sluice_run = os.path.join(bin_dir, "sluice-run")
    sluicec = os.path.join(bin_dir, "sluicec")
    inputs = []
    for index, run in enumerate(meta["runs"]):
        inp = os.path.join(work, f"{name}.in{index}.json")
        with open(inp, "w") as f:
            json.dump(run["inputs"], f)
        inputs.append(inp)
    base = sluice_args(path, meta)
    results = {}
    flags = {"executor": [], "lifted": ["--lift"], "native": ["--engine=native"]}
    for engine in engines:
        checked = {i: inputs[i] for i, run in enumerate(meta["runs"])
                   if engine not in run.get("not_run_on", {})}
        if engine in flags:
            replies = run_each([sluice_run] + base + flags[engine], checked)
            results[engine] = check_runs(meta, lambda i, run: replies[i], engine)
            continue
        model = os.path.join(work, name + ".tflite")
        status, _, err = execute([sluicec] + base + ["--emit=tflite", "-o", model], TIMEOUT)
        if status != 0:
            results[engine] = (Outcome("crash", f"exit {status}: {err.strip()[-300:]}")
                               if crashed(status) else Outcome("diagnostic", diagnostic(err)))
            continue
        # TFLite has no assertions: runs TF refuses are not run.
        litert = LiteRTWorker.of_this_thread()
        replies, crash = {}, None
        for i in checked:
            if "tf_error" not in meta["runs"][i]:
                replies[i], crash = litert.run(model, checked[i])
                if crash:
                    break
        if crash:
            results[engine] = Outcome("crash", f"LiteRT crashed: {crash}")
            continue

        def produce(i, run):
            if "error" in replies[i]:
                return None, Outcome("diagnostic", "LiteRT: " + replies[i]["error"])
            return replies[i]["outputs"], None
        results[engine] = check_runs(meta, produce, engine, checks_errors=False)
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", help="directory with sluice-run and sluicec")
    parser.add_argument("--corpus", action="append",
                        help="a corpus directory (repeatable; default: test/tf/corpus, "
                             "the op cases of gen_op_cases.py, test/tf/op_cases, and the "
                             "library programs, test/tf/library)")
    parser.add_argument("--expectations", default=EXPECTATIONS)
    parser.add_argument("--engines", default=",".join(ENGINES))
    parser.add_argument("--filter", help="only programs whose name matches this regex")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--update", action="store_true",
                        help="record every diagnostic as expected (wrong answers and crashes "
                             "are never recorded) and rewrite --expectations")
    parser.add_argument("--table", action="store_true", help="print family x engine counts")
    parser.add_argument("--markdown", action="store_true",
                        help="print the family x engine table as Markdown (docs/tensorflow.md)")
    parser.add_argument("--workdir")
    args = parser.parse_args()
    if not args.bin:
        parser.error("--bin is required")
    engines = [e for e in args.engines.split(",") if e]
    for e in engines:
        if e not in ENGINES:
            parser.error(f"unknown engine {e!r}; engines: {', '.join(ENGINES)}")
    work = args.workdir or tempfile.mkdtemp(prefix="tf-diff-")
    os.makedirs(work, exist_ok=True)
    expectations = {}
    if os.path.exists(args.expectations):
        with open(args.expectations) as f:
            expectations = json.load(f)

    corpora = args.corpus or [tfcorpus.CORPUS, tfcorpus.OP_CASES, tfcorpus.LIBRARY]
    programs = [p for corpus in corpora for p in tfcorpus.programs(corpus)
                if not args.filter or re.search(args.filter, p[0])]
    if not programs:
        print(f"tf differential: no programs in {', '.join(corpora)}", file=sys.stderr)
        return 1
    with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
        futures = {pool.submit(evaluate, name, path, meta, engines, args.bin, work): name
                   for name, path, meta in programs}
        results = {futures[f]: f.result() for f in concurrent.futures.as_completed(futures)}

    table = collections.defaultdict(collections.Counter)
    failures = []
    counts = collections.Counter()
    recorded = dict(expectations)
    for name, _, meta in programs:
        tf_refused = any("tf_error" in run for run in meta["runs"])
        program_status = "agree"
        for engine in engines:
            outcome = results[name][engine]
            key = f"{name}/{engine}"
            expected = expectations.get(key)
            # A list: the answers LiteRT gives on different CPUs.
            alternatives = expected if isinstance(expected, list) else [expected]
            status = outcome.kind
            if outcome.kind == "diagnostic":
                if tf_refused:
                    status = "tf-refused"
                elif expected == outcome.detail:
                    status = "diagnostic"
                else:
                    status = "FAIL"
                    why = (f"changed diagnostic (expected: {expected})" if expected else
                           "unexpected diagnostic")
                    failures.append(f"FAIL {key}: {why}: {outcome.detail}")
                if not tf_refused:  # TF's own refusal needs no record
                    recorded[key] = outcome.detail
            elif outcome.kind == "wrong" and DIFFERENCE + outcome.detail in alternatives:
                # A documented difference of a runtime Sluice exports to
                # (docs/tensorflow.md), pinned to its exact detail.
                status = "diagnostic"
            elif outcome.kind == "agree" and AGREE in alternatives:
                pass  # LiteRT agrees on this CPU, not on every one
            elif outcome.kind == "agree":
                recorded.pop(key, None)
                if expected:
                    status = "FAIL"
                    failures.append(f"FAIL {key}: agrees with TensorFlow now; the recorded "
                                    f"diagnostic is gone (run with --update): {expected}")
            else:
                status = "FAIL"
                failures.append(f"FAIL {key}: {outcome.kind}: {outcome.detail}")
            table[meta["family"]][(engine, status)] += 1
            if status == "FAIL":
                program_status = "FAIL"
            elif status != "agree" and program_status == "agree":
                program_status = "diagnostic"
        counts[program_status] += 1

    for line in sorted(failures):
        print(line)
    if args.markdown:
        print("| family | programs | " + " | ".join(engines) + " |")
        print("|---|---:|" + "---|" * len(engines))
        for family in sorted(table):
            c = table[family]
            programs_in = sum(c[(engines[0], k)] for k in ("agree", "diagnostic", "tf-refused",
                                                            "FAIL"))
            cells = [f"{c[(e, 'agree')]} / {c[(e, 'diagnostic')] + c[(e, 'tf-refused')]} / "
                     f"{c[(e, 'FAIL')]}" for e in engines]
            print(f"| {family} | {programs_in} | " + " | ".join(cells) + " |")
    if args.table:
        families = sorted(table)
        print(f"{'family':28}" + "".join(f"{e:>28}" for e in engines))
        for family in families:
            cells = []
            for e in engines:
                c = table[family]
                cells.append(f"{c[(e, 'agree')]}/{c[(e, 'diagnostic')] + c[(e, 'tf-refused')]}/"
                             f"{c[(e, 'FAIL')]}")
            print(f"{family:28}" + "".join(f"{cell:>28}" for cell in cells))
        print("(cells: agree/diagnostic/failed programs)")
    if args.update:
        # Entries of programs no corpus holds any more go; those of the
        # corpora this run left out stay as they were.
        known = {p[0] for c in set(corpora) | {tfcorpus.CORPUS, tfcorpus.OP_CASES,
                                               tfcorpus.LIBRARY}
                 for p in tfcorpus.programs(c)}
        keep = {k: v for k, v in recorded.items() if k.split("/")[0] in known}
        with open(args.expectations, "w") as f:
            json.dump(dict(sorted(keep.items())), f, indent=1)
            f.write("\n")
        print(f"wrote {len(keep)} expected diagnostics to {args.expectations}")
    print(f"tf differential: {len(programs)} programs, {counts['agree']} agree, "
          f"{counts['diagnostic']} expected diagnostics, {counts['FAIL']} failed")
    return 1 if counts["FAIL"] else 0


if __name__ == "__main__":
    sys.exit(main())
