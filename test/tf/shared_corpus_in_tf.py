#!/usr/bin/env python3
"""The external corpus' GraphDefs run in TensorFlow, next to Sluice's executor.

For every run of every graph of shared/corpus/graphdef that
test/e2e/lift_corpus.py lists (its feeds, fetches and inputs), the graph is
run by `sluice-run` (the v1 executor) and by tf.compat.v1.Session on the
same GraphDef, and the two are compared (dtype, shape, values within 1e-5
relative). Each run ends as
  agree         both ran and agree;
  both refuse   TF fails the run and Sluice gives a diagnostic;
  sluice only   Sluice refuses a graph TF runs (lift_corpus.py lists these
                as IMPORT runs: stateful ops, ill-typed functions);
  TF only       TF refuses a run Sluice completes: a documented difference
                (TF_ONLY below says why), any other one fails;
  FAIL          the outputs differ, sluice-run crashed, or an undocumented
                difference.
Prints one line per run and the summary
  shared corpus in TF: N runs, N agree, N both refuse, N Sluice only, N TF only, N failed
Exit status 1 on any failure; 0 with a note when the corpus is absent.

usage: shared_corpus_in_tf.py --sluice-run PATH [--corpus DIR]
"""
import argparse
import json
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "e2e"))
# TensorFlow as an engine of sluice-run --compare: how a GraphDef and Sluice's
# fetches become a session run.
sys.path.insert(0, os.path.join(HERE, "..", "..", "python", "sluice", "engines"))
sys.dont_write_bytecode = True
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import lift_corpus  # noqa: E402
import tfcorpus  # noqa: E402
from tensorflow_run import prepare, tensor_name, tf_fetch  # noqa: E402
from tf_differential import run_outputs  # noqa: E402

# Runs TensorFlow refuses but Sluice completes, with the reason. Keyed by
# (graph, " ".join(extra sluice-run arguments)).
UNDERSCORE = ("TF's Python graph importer rejects node names that start with '_' (reserved "
              "for nodes TF makes itself); this dump of a lowered Case has _Retval nodes named "
              "so. Sluice imports them")
TF_ONLY = {
    ("v1_switchn_case_lowered", ""): UNDERSCORE,
    ("v1_switchn_case_lowered", "--feeds=Case/branch_index"): UNDERSCORE,
}

TOLERANCE = {"rtol": 1e-5, "atol": 1e-6}


def option(extra, name):
    for arg in extra:
        if arg.startswith(f"--{name}="):
            return [s for s in arg.split("=", 1)[1].split(",") if s]
    return None


def default_fetches(graph_def):
    """Sluice's default fetches when it cannot tell them (it refused the
    graph): every data output of a node nobody consumes, except switches and
    no-ops."""
    consumed = set()
    for node in graph_def.node:
        for name in node.input:
            consumed.add(name.lstrip("^").split(":")[0])
    return [n.name + ":0" for n in graph_def.node
            if n.name not in consumed and n.op not in ("Switch", "NoOp", "RefSwitch",
                                                       "ControlTrigger", "Assert")]


def run_tf(tf, graph_def, fetches, targets, inputs, init=()):
    import numpy as np
    fetches = [tf_fetch(graph_def, f) for f in fetches]
    graph = tf.Graph()
    try:
        with graph.as_default():
            tf.compat.v1.import_graph_def(graph_def, name="")
        feed = {}
        for name, value in (inputs or {}).items():
            tensor = graph.get_tensor_by_name(tensor_name(name))
            if isinstance(value, dict):
                feed[tensor] = tfcorpus.from_json(value)
            else:
                feed[tensor] = np.array(value, dtype=tensor.dtype.as_numpy_dtype)
        with tf.compat.v1.Session(graph=graph) as session:
            # Sluice's --init: run once before the fetches.
            if init:
                session.run(list(init))
            values = session.run([tensor_name(f) for f in fetches] + targets, feed)
    except Exception as e:  # TF's refusal is the finding
        return None, tfcorpus.describe_tf_error(e, limit=300)
    return [tfcorpus.to_json(v) for v in values[:len(fetches)]], None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sluice-run", required=True)
    parser.add_argument("--corpus", default=os.path.join(HERE, "..", "..", "..", "shared",
                                                         "corpus"))
    args = parser.parse_args()
    directory = os.path.join(args.corpus, "graphdef")
    if not os.path.isdir(directory):
        print(f"corpus {args.corpus} absent: its runs skipped")
        print("shared corpus in TF: 0 runs, 0 agree, 0 both refuse, 0 Sluice only, 0 TF only, "
              "0 failed")
        return 0
    import tensorflow as tf
    from google.protobuf import text_format
    tf.get_logger().setLevel("ERROR")
    counts = dict(agree=0, both=0, sluice=0, tf=0, failed=0)
    work = tempfile.mkdtemp(prefix="shared-in-tf-")
    for graph_name, runs in sorted(lift_corpus.GRAPHS.items()):
        path = os.path.join(directory, graph_name + ".pbtxt")
        with open(path) as f:
            graph_def = prepare(text_format.Parse(f.read(), tf.compat.v1.GraphDef()))
        for index, (extra, inputs_text, _, _) in enumerate(runs):
            label = f"{graph_name} {' '.join(extra)}".strip()
            extra = [a for a in extra if not a.startswith("--max-iterations")]
            inputs_file = None
            if inputs_text is not None:
                inputs_file = os.path.join(work, f"{graph_name}-{index}.json")
                with open(inputs_file, "w") as f:
                    f.write(inputs_text)
            inputs = json.loads(inputs_text) if inputs_text else {}
            sluice_out, outcome = run_outputs(
                [args.sluice_run, path] + extra +
                ([f"--inputs={inputs_file}"] if inputs_file else []))
            if outcome is not None and outcome.kind == "crash":
                counts["failed"] += 1
                print(f"FAIL: {label}: sluice-run crashed: {outcome.detail}")
                continue
            sluice_error = outcome.detail if outcome else None
            explicit = option(extra, "fetches")
            targets = [f[1:] for f in explicit or [] if f.startswith("^")]
            if sluice_out is not None:
                fetches = [o["name"] for o in sluice_out]
            elif explicit is not None:
                fetches = [f for f in explicit if not f.startswith("^")]
            else:
                fetches = default_fetches(graph_def)
            tf_out, tf_error = run_tf(tf, graph_def, fetches, targets, inputs,
                                      option(extra, "init") or ())
            key = (graph_name, " ".join(extra))
            if sluice_out is not None and tf_out is not None:
                why = tfcorpus.compare(tf_out, sluice_out, TOLERANCE)
                status = "FAIL" if why else "agree"
                detail = why or ""
            elif sluice_out is None and tf_out is None:
                status, detail = "both refuse", f"TF: {tf_error}; Sluice: {sluice_error}"
            elif sluice_out is None:
                status, detail = "Sluice only", sluice_error
            elif key in TF_ONLY:
                status, detail = "TF only", f"{tf_error} ({TF_ONLY[key]})"
            else:
                status, detail = "FAIL", f"TF refuses ({tf_error}) but Sluice runs it"
            counts[{"agree": "agree", "both refuse": "both", "Sluice only": "sluice",
                    "TF only": "tf", "FAIL": "failed"}[status]] += 1
            print(f"{status}: {label}" + (f": {detail}" if detail else ""))
    print(f"shared corpus in TF: {sum(counts.values())} runs, {counts['agree']} agree, "
          f"{counts['both']} both refuse, {counts['sluice']} Sluice only, {counts['tf']} TF only, "
          f"{counts['failed']} failed")
    return 1 if counts["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
