#!/usr/bin/env python3
"""Programs compiled to native code agree with the reference interpreter.

Cases:
  * every corpus graph run that lifts (the AGREE runs of lift_corpus.py) and
    the TFLite models TensorFlow's converter wrote (as in
    tflite_differential.py), with --corpus (when the directory does not
    exist, its runs are skipped and a line `corpus DIR absent: its runs
    skipped` says so),
  * with --programs DIR (repeatable), every DIR/NAME.mlir with each of its
    inputs files DIR/NAME.in*.json,
  * --count generated v1 programs (gen_v1_programs.py), lifted.
Each runs twice: `sluice-run` (the interpreter, with --lift for executor IR
and GraphDefs) and `sluice-run --engine=native` (lowered through LLVM and run
in process). Integers and booleans must be equal, floats within 1e-5
relative. Where the interpreter reports a run-time error, the native run must
fail too, with the status its C entry point returned. A program whose value
has a rank only known at run time (a branch picked by an input yields
tensors of different ranks) cannot become fixed-rank native code: its
compilation must say so ("needs ranked tensors"), and it is counted as
unsupported, not as a failure.

Prints one line per disagreement, with --table a table of the --programs and
corpus runs, and a summary
    native differential: N programs, N agree, N errors agree, N unsupported,
                         N failed
Exits 1 on any failure.
"""
import argparse
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True
import gen_v1_programs  # noqa: E402
import lift_corpus  # noqa: E402
from tflite_differential import CORPUS_TFLITE, agree, needs_lift, program_cases  # noqa: E402
from toolrun import execute  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sluice-run", required=True)
    parser.add_argument("--corpus", help="shared/corpus; corpus runs are skipped without it "
                                         "or when the directory is absent")
    parser.add_argument("--programs", action="append", default=[],
                        help="directory of lite programs NAME.mlir with inputs NAME.in*.json")
    parser.add_argument("--count", type=int, default=100)
    gen_v1_programs.add_sample_argument(parser)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--table", action="store_true")
    parser.add_argument("--workdir")
    parser.add_argument("--timeout", type=float, default=120)
    args = parser.parse_args()
    work = args.workdir or tempfile.mkdtemp(prefix="native-diff-")
    os.makedirs(work, exist_ok=True)

    cases = []  # (label, program, extra args, inputs file or None, table row or None)

    def write(name, text):
        path = os.path.join(work, name)
        with open(path, "w") as f:
            f.write(text)
        return path

    if args.corpus and not os.path.isdir(args.corpus):
        print(f"corpus {args.corpus} absent: its runs skipped")
        args.corpus = None
    if args.corpus:
        for graph, runs in lift_corpus.GRAPHS.items():
            for index, (extra, inputs, expect, _) in enumerate(runs):
                if expect != lift_corpus.AGREE:
                    continue
                path = os.path.join(args.corpus, "graphdef", graph + ".pbtxt")
                inp = write(f"{graph}-{index}.json", inputs) if inputs is not None else None
                label = f"{graph} {' '.join(extra)}".strip()
                cases.append((label, path, list(extra), inp, (f"corpus {label}", "-")))
        for model, runs in CORPUS_TFLITE.items():
            path = os.path.join(args.corpus, "tflite", model + ".tflite")
            for index, inputs in enumerate(runs):
                inp = write(f"{model}-{index}.json", inputs)
                cases.append((f"{model}.tflite {inputs}", path, [], inp,
                              (f"corpus {model}.tflite", inputs)))
    for directory in args.programs:
        for name, prog, inp in program_cases(directory):
            shown = os.path.basename(inp) if inp else "(none)"
            cases.append((f"{name} {shown}", prog, [], inp, (name, shown)))
    print(gen_v1_programs.describe_sample(args.count, args.every), flush=True)
    for seed in (args.seed + i for i in gen_v1_programs.sampled(args.count, args.every)):
        prog, inp = gen_v1_programs.write(seed, work)
        cases.append((f"seed {seed}", prog, [], inp, None))

    failures, rows = [], []
    agreed = errors_agreed = 0
    unsupported = []
    for label, prog, extra, inp, row in cases:
        inputs_arg = [f"--inputs={inp}"] if inp else []
        lift = ["--lift"] if needs_lift(prog) else []
        rc_i, out_i, err_i = execute([args.sluice_run, prog] + lift + extra + inputs_arg,
                                     args.timeout)
        rc_n, out_n, err_n = execute([args.sluice_run, prog, "--engine=native"] + extra +
                                     inputs_arg, args.timeout)
        verdict = "yes"
        if rc_i != 0:
            # A run-time error: the compiled model must report one as well.
            if rc_n == 1 and "returned SLUICE_ERROR" in err_n:
                errors_agreed += 1
                verdict = "error " + err_n.strip().rsplit(" ", 2)[-2]
            else:
                verdict = "no"
                failures.append((label, f"the interpreter failed ({err_i.strip()}) but the "
                                        f"native run did not report an error: "
                                        f"{(out_n + err_n).strip()}"))
        elif rc_n == 1 and "the native back end needs ranked tensors" in err_n:
            verdict = "unsupported"
            unsupported.append((label, err_n.strip().splitlines()[0]))
        elif rc_n != 0:
            verdict = "no"
            failures.append((label, f"the native run failed: {err_n.strip()}"))
        else:
            why = agree(out_i.strip(), out_n.strip())
            if why:
                verdict = "no"
                failures.append((label, why))
            else:
                agreed += 1
        if row:
            rows.append(row + (verdict,))

    for label, why in unsupported:
        print(f"UNSUPPORTED {label}: {why}")
    for label, why in failures:
        print(f"FAIL {label}: {why}")
    if args.table:
        width = max([len(r[0]) for r in rows] + [7])
        print(f"{'program':<{width}}  {'inputs':<24}  native == interpreter")
        for name, shown, verdict in rows:
            print(f"{name:<{width}}  {shown[:24]:<24}  {verdict}")
    print(f"native differential: {len(cases)} programs, {agreed} agree, "
          f"{errors_agreed} errors agree, {len(unsupported)} unsupported, "
          f"{len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
