#!/usr/bin/env python3
# Differential test of the control-flow lifting on the real TensorFlow graphs
# in the corpus (shared/corpus/graphdef): every run must give the same JSON
# from `sluice-run G ARGS` (the executor oracle) and `sluice-run G ARGS --lift`.
"""Differential test of `sluice-run --lift` on the corpus GraphDefs.

GRAPHS below lists, for each corpus graph (v1_* and v2_*), its runs, built
from the runs of test/Target/GraphDef/<graph>.test (plus a few more inputs
taking the other branch or trip count). Each run expects one of:
  AGREE      it succeeds with and without --lift and prints the same stdout
             (one JSON line);
  LIFT_DIAG  the interpreter runs it, but the graph (with these fetches)
             cannot be lifted: the --lift run fails with a diagnostic
             containing the given text;
  IMPORT     the graph is rejected before anything runs (stateful ops, frame
             errors, ill-typed functions): both runs fail, and both print a
             diagnostic containing the given text.
A corpus graph without an entry, or an entry without a graph, is a failure.

Prints one line per run, `ok GRAPH ARGS` or `FAIL GRAPH ARGS` with the reason
and the command, then
  lift corpus: N graphs, N runs agree, N expected diagnostics, N import errors, N failed
and exits with status 1 if anything failed.

usage: lift_corpus.py --sluice-run PATH --corpus DIR [--timeout S] [--graph G]
"""
import argparse
import os
import shlex
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True
from toolrun import execute  # noqa: E402

AGREE, LIFT_DIAG, IMPORT = "agree", "lift-diag", "import"

NOT_LIFTABLE = "cannot be lifted: its input #1 can be live together with an earlier input"
QUEUES = "queues are not supported"
IS_INITIALIZED = "asking whether a variable is initialized is not supported"


def run(args, inputs=None, expect=AGREE, diag=None):
    """One run: extra sluice-run arguments, the --inputs JSON text (or None),
    what to expect (AGREE, LIFT_DIAG or IMPORT) and the expected diagnostic."""
    assert (expect == AGREE) == (diag is None)
    return (list(args), inputs, expect, diag)


def lift_diag(args, inputs, diag):
    return run(args, inputs, LIFT_DIAG, diag)


def import_error(args, diag):
    return run(args, None, IMPORT, diag)


# A fetch that only one side of a cond computes: the interpreter returns it
# when that side is taken, a lifted function cannot return "dead".
DEAD_FETCH = "cannot be lifted: it is fetched but is dead on some paths"

TPU_2X3 = '{"placeholder_0_arg": {"dtype":"float32","shape":[2,3],"data":[1,2,3,4,5,6]}}'
TFLITE_TRUE = '{"Placeholder": [[1, 2], [3, 4]], "Placeholder_1": true}'
TFLITE_FALSE = '{"Placeholder": [[1, 2], [3, 4]], "Placeholder_1": false}'

# graph -> its runs
GRAPHS = {
    # tf.cond on Less(Less/x, Less/y) of constants, result fed to a
    # library-function call; feeding Less/x takes the other branch.
    "v1_cond_feeding_function_call_2_grappler": [
        run([]),
        run(["--feeds=Less/x"], '{"Less/x": -5}'),
    ],
    "v1_cond_feeding_function_call_grappler": [
        run([]),
        run(["--feeds=Less/x"], '{"Less/x": 5}'),
    ],
    # Less(Const 7, 5): false branch by default; feeding Const = 3 takes the
    # true branch.
    "v1_cond_merge_without_loops_grappler": [
        run([]),
        run(["--fetches=concat,cond/Merge:1"]),
        run(["--feeds=Const", "--fetches=concat,cond/Merge:1"], '{"Const": 3}'),
    ],
    # The default fetches include both pivots, one always dead: fetch the
    # merge on both branches. The .test's runs also fetch the live pivot,
    # which the interpreter returns but lifting rejects.
    "v1_cond_tflite_end2end": [
        run(["--fetches=cond/Merge,cond/Merge:1"], TFLITE_TRUE),
        run(["--fetches=cond/Merge,cond/Merge:1"], TFLITE_FALSE),
        lift_diag(["--fetches=cond/Merge,cond/Merge:1,cond/switch_t"], TFLITE_TRUE, DEAD_FETCH),
        lift_diag(["--fetches=cond/Merge,cond/Merge:1,cond/switch_f"], TFLITE_FALSE, DEAD_FETCH),
    ],
    # A Merge of four always-live arguments: TensorFlow forwards whichever
    # arrives first, which no lite.if can express.
    "v1_merge_n4_no_switch_tflite": [
        lift_diag(["--fetches=Merge,Merge:1"], '{"a": 1.5, "b": [2], "c": [[3]], "d": 4}',
                  NOT_LIFTABLE),
    ],
    # Nested tf.cond (the inner one in the outer false branch) over a runtime
    # shape. The inner merge is dead when the outer predicate is true.
    "v1_nested_cond_tpu_rnn": [
        run([], '{"placeholder_0_arg": {"dtype":"float32","shape":[1,2],"data":[1,2]}}'),
        run([], TPU_2X3),
        run(["--fetches=tpu/tpu/Min,tpu/tpu/Max,tpu/tpu/LessEqual,tpu/tpu/cond/Merge:1"],
            TPU_2X3),
        lift_diag(["--fetches=tpu/tpu/Min,tpu/tpu/Max,tpu/tpu/LessEqual,"
                   "tpu/tpu/cond/Merge:1,tpu/tpu/cond/cond/Merge:1"], TPU_2X3, DEAD_FETCH),
    ],
    # Nested while; the default fetches include the inner exits (an error in
    # the interpreter), so fetch the outer exits.
    "v1_nested_while_grappler": [
        run(["--fetches=while/Exit,while/Exit_1"]),
        run(["--feeds=Const", "--fetches=while/Exit,while/Exit_1"], '{"Const": 2}'),
        run(["--feeds=Const", "--fetches=while/Exit,while/Exit_1"], '{"Const": 5}'),
    ],
    "v1_nested_while_queue_in_body_grappler": [import_error([], QUEUES)],
    # A resource variable read in both loops; the default fetches include
    # its VarIsInitializedOp. TF gives [3, 8] for the exits, once
    # loop_var/Assign ran.
    "v1_nested_while_resource_var_grappler": [
        import_error([], IS_INITIALIZED),
        run(["--fetches=while/Exit,while/Exit_1", "--init=loop_var/Assign"]),
        run(["--fetches=while/Exit_1,loop_var/Read/ReadVariableOp",
             "--init=loop_var/Assign"]),
    ],
    # Add/y is in the root frame, Merge inside while_context: rejected (the
    # interpreter says "receives inputs from two frames", the frame analysis
    # before lifting "has inputs from two frames").
    "v1_nextiteration_multi_use": [
        import_error([], "inputs from two frames"),
        import_error(["--fetches=^Use_NextIteration_Again"], "inputs from two frames"),
    ],
    # Switch on the constant predicate `Const` (true); feeding it false takes
    # the other side.
    "v1_switch_merge_const_pred_openvino": [
        run([], '{"x": [1, 10.5]}'),
        run(["--fetches=AddV2_1,Merge:1,^init"], '{"x": [1, 10.5]}'),
        run(["--feeds=x,Const", "--fetches=AddV2_1,Merge:1"], '{"x": [1, 10.5], "Const": false}'),
    ],
    "v1_switch_merge_with_funccall": [
        run([], '{"input": true}'),
        run([], '{"input": false}'),
    ],
    # Lowered Case: _SwitchN on the constant branch_index 0. The dump has no
    # branch 2 computation, so the merge is dead for index 2: with
    # branch_index fed, the interpreter runs indices 0 and 1 but lifting
    # rejects the fetch.
    "v1_switchn_case_lowered": [
        run([]),
        lift_diag(["--feeds=Case/branch_index"], '{"Case/branch_index": 0}', DEAD_FETCH),
        lift_diag(["--feeds=Case/branch_index"], '{"Case/branch_index": 1}', DEAD_FETCH),
    ],
    "v1_while_openvino_tf1": [
        run([], '{"i": 3, "j": 5}'),
        run([], '{"i": 100, "j": 5}'),
        run(["--fetches=while/Exit,Add"],
            '{"i": {"dtype": "int32", "shape": [], "data": [12]}, "j": -2}'),
    ],
    # Its Less compares the resource handle itself: no TF op can.
    "v1_while_resource_loopvar_compact": [
        import_error([], "uses the handle of variable 'loop_var'")],
    # Counter loop from 0 (10 trips), 4 (6 trips), 25 (no trip).
    "v1_while_scc_test_embedded": [
        run([]),
        run(["--feeds=Const", "--max-iterations=6"], '{"Const": 4}'),
        run(["--feeds=Const", "--max-iterations=0"], '{"Const": 25}'),
    ],
    "v1_while_simple": [
        run([]),
        run(["--max-iterations=10"]),
        run(["--feeds=Const"], '{"Const": -3}'),
        run(["--feeds=Const", "--max-iterations=0"], '{"Const": 10}'),
    ],
    "v1_while_two_vars_grappler": [
        run([]),
        run(["--feeds=Const"], '{"Const": 7}'),
        run(["--feeds=Const"], '{"Const": 10}'),
    ],
    "v1_while_with_fifo_queues_grappler": [import_error([], QUEUES)],
    "v2_if_nested_call_openvino": [run([], '{"x": [5, 20], "y": [3]}')],
    "v2_if_openvino": [run([], '{"x": [5, 20], "y": [3]}')],
    "v2_if_stateful_stateless": [
        run([], '{"a": 1.5, "b": 2.5}'),
        run([], '{"a": 3, "b": 2}'),
    ],
    "v2_if_tflite_end2end": [
        run([], '{"a": 1.5, "b": 2.5}'),
        run([], '{"a": 2, "b": 2}'),
    ],
    "v2_stateless_case": [run([])],
    "v2_statelesswhile_partitionedcall_body": [run([])],
    # The While passes an int32 to a DT_FLOAT body input: ill-typed.
    "v2_while_inside_function_grappler": [import_error([], "passes a value of type")],
    "v2_while_loop_counter": [
        run([], '{"input": 3}'),
        run([], '{"input": 12}'),
        run([], '{"input": -4}'),
    ],
    "v2_while_stateful_stateless": [
        run([], '{"iter": 3, "val": 1.5}'),
        run([], '{"iter": 0, "val": 1.5}'),
    ],
}


def indent(text, n=12):
    lines = text.strip().splitlines() or ["(empty)"]
    more = [f"... ({len(lines) - n} more lines)"] if len(lines) > n else []
    return "\n".join("    " + line for line in lines[:n] + more)


def describe(rc, out, err):
    status = "no exit status" if rc is None else f"exit {rc}"
    return f"{status}\n  stdout:\n{indent(out)}\n  stderr:\n{indent(err)}"


def check_run(kind, diag, plain, lifted):
    """Returns None if the pair of results is as expected, else the reason."""
    (prc, pout, perr), (lrc, lout, lerr) = plain, lifted
    if kind == AGREE:
        if prc != 0:
            return "the interpreter failed (the table's run is wrong):\n  " + describe(*plain)
        if lrc != 0:
            return "the lifted run failed:\n  " + describe(*lifted)
        if pout != lout:
            return (f"outputs differ:\n  interpreter:\n{indent(pout)}\n"
                    f"  lifted:\n{indent(lout)}")
        return None
    if kind == LIFT_DIAG:
        if prc != 0:
            return "the interpreter failed (it should run the graph):\n  " + describe(*plain)
        if lrc == 0:
            return f"the lifted run succeeded, expected a diagnostic containing '{diag}':\n  " + \
                describe(*lifted)
        if lrc is None or diag not in lerr:
            return f"the lifted run did not report '{diag}':\n  " + describe(*lifted)
        return None
    # IMPORT: both fail with the diagnostic.
    for name, (rc, out, err) in (("interpreter", plain), ("lifted", lifted)):
        if rc == 0 or rc is None or diag not in err:
            return f"the {name} run should fail with '{diag}':\n  " + describe(rc, out, err)
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sluice-run", required=True)
    ap.add_argument("--corpus", required=True,
                    help="the corpus directory (holding graphdef/*.pbtxt)")
    ap.add_argument("--timeout", type=float, default=120)
    ap.add_argument("--graph", action="append", default=[],
                    help="check only this graph (repeatable)")
    args = ap.parse_args()

    gdir = os.path.join(args.corpus, "graphdef")
    if not os.path.isdir(gdir) and os.path.isdir(args.corpus):
        gdir = args.corpus
    on_disk = sorted(f[:-len(".pbtxt")] for f in os.listdir(gdir)
                     if f.endswith(".pbtxt") and f.startswith(("v1_", "v2_")))
    names = args.graph or sorted(set(on_disk) | set(GRAPHS))

    counts = {AGREE: 0, LIFT_DIAG: 0, IMPORT: 0}
    failed = 0
    graphs = 0
    with tempfile.TemporaryDirectory(prefix="lift-corpus-") as tmp:
        for name in names:
            path = os.path.join(gdir, name + ".pbtxt")
            if name not in GRAPHS:
                print(f"FAIL {name}: no entry in lift_corpus.py's table")
                failed += 1
                continue
            if not os.path.exists(path):
                print(f"FAIL {name}: {path} does not exist")
                failed += 1
                continue
            graphs += 1
            for i, (extra, inputs, kind, diag) in enumerate(GRAPHS[name]):
                cmd = [args.sluice_run, path] + extra
                if inputs is not None:
                    inp = os.path.join(tmp, f"{name}.{i}.json")
                    with open(inp, "w") as f:
                        f.write(inputs + "\n")
                    cmd.append(f"--inputs={inp}")
                plain = execute(cmd, args.timeout)
                lifted = execute(cmd + ["--lift"], args.timeout)
                why = check_run(kind, diag, plain, lifted)
                label = " ".join([name] + extra + ([f"inputs={inputs}"] if inputs else []))
                if why is None:
                    counts[kind] += 1
                    print(f"ok {label}")
                else:
                    failed += 1
                    print(f"FAIL {label}\n  {why}")
                    print(f"  command: {shlex.join(cmd)} [--lift]")
                    if kind == AGREE and plain[0] == 0 and lifted[0] == 0:
                        tools = os.path.dirname(args.sluice_run)
                        io = [a for a in extra if a.startswith(("--feeds=", "--fetches="))]
                        print("  lifted IR: " + shlex.join(
                            [os.path.join(tools, "sluice-translate"), "--graphdef-to-mlir", path]
                            + io) + " | " + shlex.join(
                            [os.path.join(tools, "sluice-opt"), "--sluice-lift"]))
                    if inputs is not None:
                        print(f"  inputs: {inputs}")
    print(f"lift corpus: {graphs} graphs, {counts[AGREE]} runs agree, "
          f"{counts[LIFT_DIAG]} expected diagnostics, {counts[IMPORT]} import errors, "
          f"{failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
