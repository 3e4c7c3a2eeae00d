#!/usr/bin/env python3
"""Writes the flag-loop programs of test/Target/TFLite/export-flag-loop.test
with TensorFlow's own API (tf.function, control flow v2).

Each program: a tf.while_loop whose loop variables are a counter, an
accumulator and a tf.constant(True) flag, and which captures a value `a`
computed by a tf.cond before the loop. In the *_const variants the cond's
predicate is a constant, so the taken branch only multiplies constants; in
the *_pred variants the predicate is an input (the then branch still only
multiplies constants). LiteRT once read such a loop's result as memory
never written: its IF points a branch's output at the IF's own buffer, and
a MUL of constants, computed when LiteRT prepares the model, never writes
it. i32_big_pred's constants are larger than the exporter folds (4096
elements).

Writes DIR/flag-loop-NAME.pbtxt (the concrete function's GraphDef as TF
writes it) and DIR/flag-loop-NAME.json: {"feeds", "fetches", "runs":
[{"inputs": [...], "expected": {"outputs": [...]}}]}, the inputs in feed
order and the expected outputs TF's, in sluice-run's JSON form.

usage: .venv/bin/python test/tf/gen_flag_loop.py [--out DIR]
"""
import argparse
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

import tfcorpus  # noqa: E402
from gen_corpus import canonical_functions  # noqa: E402


def flag_loop(dtype, shape, constant_predicate):
    """f(n[, p]) -> (s, flag): s = sum of a * i for i < n while the flag
    holds, with a = cond(pred, c1 * c2, c3) captured by the loop. With more
    than 4096 elements (more than the exporter folds), s is summed."""
    size = int(np.prod(shape, dtype=int))

    def constant(value):  # a splat (TF writes one value) or an array
        return tf.constant(value, dtype, shape=shape if np.ndim(value) == 0 else None)
    c2 = 3 if size > 4096 else (np.arange(size) + 2).reshape(shape)

    def fn(n, p=None):
        pred = tf.constant(True) if constant_predicate else p
        a = tf.cond(pred, lambda: constant(2) * constant(c2), lambda: constant(7))

        def body(i, s, flag):
            return i + 1, s + a * tf.cast(i, dtype), flag
        _, s, flag = tf.while_loop(lambda i, s, flag: tf.logical_and(flag, i < n), body,
                                   [tf.constant(0), tf.zeros(shape, dtype), tf.constant(True)])
        return (s if size <= 4096 else tf.reduce_sum(s)), flag
    signature = [tf.TensorSpec([], tf.int32, name="n")]
    if not constant_predicate:
        signature.append(tf.TensorSpec([], tf.bool, name="p"))
    return tf.function(fn, input_signature=signature, autograph=False).get_concrete_function()


PROGRAMS = [
    # name, dtype, shape, constant predicate, input sets (n[, p])
    ("i32_scalar_const", np.int32, [], True, [[0], [3]]),
    ("f32_vector_const", np.float32, [2], True, [[0], [2]]),
    ("i32_vector_pred", np.int32, [2], False, [[0, True], [3, True], [3, False]]),
    ("f32_scalar_pred", np.float32, [], False, [[0, True], [2, True], [2, False]]),
    ("i32_big_pred", np.int32, [64, 65], False, [[0, True], [3, True], [3, False]]),
]


def run_in_tf(graph_def, feeds, fetches, inputs):
    graph = tf.Graph()
    with graph.as_default():
        tf.compat.v1.import_graph_def(graph_def, name="")
    with tf.compat.v1.Session(graph=graph) as session:
        values = session.run(fetches, {f + ":0": v for f, v in zip(feeds, inputs)})
    return [dict(tfcorpus.to_json(v), name=f"output{k}") for k, v in enumerate(values)]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=os.path.join(
        HERE, "..", "Target", "TFLite", "Inputs"))
    args = parser.parse_args()
    for name, dtype, shape, constant_predicate, input_sets in PROGRAMS:
        cf = flag_loop(dtype, shape, constant_predicate)
        graph_def = canonical_functions(cf.graph.as_graph_def())
        feeds = [t.op.name for t in cf.inputs]
        fetches = [t.name for t in cf.outputs]
        runs = []
        for values in input_sets:
            inputs = [np.array(v, dtype=np.int32 if k == 0 else np.bool_)
                      for k, v in enumerate(values)]
            outputs = run_in_tf(graph_def, feeds, fetches, inputs)
            runs.append({"inputs": [tfcorpus.to_json(v) for v in inputs],
                         "expected": {"outputs": outputs}})
        base = os.path.join(args.out, "flag-loop-" + name)
        with open(base + ".pbtxt", "w") as f:
            f.write(str(graph_def))
        # One run a line (sluice-run's JSON form, keys sorted), for reading.
        compact = dict(sort_keys=True, separators=(",", ":"))
        with open(base + ".json", "w") as f:
            f.write('{"feeds": %s, "fetches": %s, "runs": [\n%s\n]}\n' % (
                json.dumps(feeds), json.dumps(fetches),
                ",\n".join(json.dumps(run, **compact) for run in runs)))
        print(base, feeds, fetches)


if __name__ == "__main__":
    main()
