#!/usr/bin/env python3
"""TensorFlow-judged op cases: one corpus program per TF op and element type.

For every op of the op table (docs/generated/lite-ops.json, which
sluice-tblgen writes from the op records in LiteOps.td) that names the TF
ops it imports from (`tf_ops`), and every element type its kernel takes
(`kernel_types`: float32; int32 too for "numeric"; bool; all three for
"any") for which TF has a CPU kernel, this writes test/tf/op_cases/<kind>/<TfOp>_<dtype>.{pbtxt,json} in
the corpus format (tfcorpus.py): a GraphDef with one placeholder per
operand feeding the TF op, and TF's outputs on
  * the edge values: NaN, +-Inf, -0, values at which ops switch (0, +-1);
  * the extremes of the type;
  * denormals, whose values are not judged (TF's CPU kernels flush them to
    zero, Sluice's engines do not: docs/tensorflow.md) beyond the dtype and
    shape of the result;
  * an empty tensor, a scalar and a 2-D tensor of seeded random values.
tf_differential.py judges every engine (executor, lifted, native, TFLite in
native LiteRT) against TF on them, within the op's tolerance class
(`tf_tolerance`: tfcorpus.TOLERANCES). Signs of zero are not compared.

A new op is covered the day its record names its TF op: run
    .venv/bin/python test/tf/gen_op_cases.py
and check in test/tf/op_cases. The program fuzzer reads the same table.
"""
import argparse
import json
import os
import shutil
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True
import gen_corpus  # noqa: E402

OP_TABLE = os.path.join(HERE, "..", "..", "docs", "generated", "lite-ops.json")
OUT = os.path.join(HERE, "op_cases")

DTYPES = {"float": ["float32"], "numeric": ["float32", "int32"], "bool": ["bool"],
          "any": ["float32", "int32", "bool"]}


def edge_values(dtype):
    """The values at which elementwise ops go wrong: (ordinary edges,
    extremes, denormals), each a vector (None where the type has none)."""
    if dtype == "bool":
        return np.array([True, False, False, True]), None, None
    if dtype == "float32":
        return (np.array([np.nan, np.inf, -np.inf, -0.0, 0.0, 1.0, -1.0, 0.5,
                          -2.5, 3.0, 88.7, -103.0, 1e-7], dtype=np.float32),
                np.array([3.4e38, -3.4e38, 1e30, 1e-30, -1e-30], dtype=np.float32),
                np.array([1e-45, -1e-40, 1e-39], dtype=np.float32))
    info = np.iinfo(dtype)
    return (np.array([0, 1, -1, 2, -7, 46341], dtype=dtype),
            np.array([info.max, info.min, info.max - 1, info.min + 1], dtype=dtype), None)


def random_values(dtype, shape, seed):
    rng = np.random.RandomState(seed)
    if dtype == "bool":
        return rng.randint(0, 2, shape).astype(bool)
    if dtype == "float32":
        return (rng.standard_normal(shape) * 3).astype(np.float32)
    return rng.randint(-1000, 1000, shape).astype(dtype)


# TF's CPU kernels flush denormal inputs to zero (denormals-are-zero), and
# Sluice's engines compute on them: on a run of denormals only the dtype and
# shape are judged (tf_differential.py's `unjudged`; docs/tensorflow.md).
DENORMALS = "TF flushes denormal inputs to zero; Sluice's engines compute on them"


def input_sets(dtype, seed):
    """The runs of a unary op's program: ({feed: array}, unjudged reason) each."""
    edges, extremes, denormals = edge_values(dtype)
    runs = [({"x": edges}, None)]
    if extremes is not None:
        runs.append(({"x": extremes}, None))
    if denormals is not None:
        runs.append(({"x": denormals}, DENORMALS))
    runs += [({"x": random_values(dtype, (2, 3), seed)}, None),
             ({"x": np.zeros((0,), dtype=dtype)}, None),
             ({"x": np.array({"float32": 0.75, "bool": True}.get(dtype, 5), dtype=dtype)},
              None)]
    return runs


def input_name(tf_op):
    """The name of the TF op's (first) input argument (x, features, ...)."""
    from tensorflow.python.framework import op_def_registry
    return op_def_registry.get(tf_op).input_arg[0].name


def unary_graph(tf, tf_op, dtype):
    """The GraphDef of y = TfOp(x) for a placeholder x of unknown shape."""
    graph = tf.Graph()
    with graph.as_default():
        x = tf.compat.v1.placeholder(dtype, shape=None, name="x")
        getattr(tf.raw_ops, tf_op)(**{input_name(tf_op): x}, name="y")
    return graph.as_graph_def()


def tf_has_kernel(tf, tf_op, dtype):
    """Whether TF builds and runs TfOp on this dtype (its CPU kernels do not
    cover every type the op definition allows)."""
    graph = tf.Graph()
    try:
        with graph.as_default():
            x = tf.constant(np.zeros((1,), dtype=dtype))
            y = getattr(tf.raw_ops, tf_op)(**{input_name(tf_op): x})
        with tf.compat.v1.Session(graph=graph) as session:
            session.run(y)
    except Exception:  # no kernel (or no such op) for this type
        return False
    return True


def mark_unjudged(path, reasons):
    """Records on each run of a written program why its values are not
    judged, where they are not."""
    with open(path) as f:
        meta = json.load(f)
    for run, reason in zip(meta["runs"], reasons):
        if reason:
            run["unjudged"] = reason
    with open(path, "w") as f:
        json.dump(meta, f, indent=1)
        f.write("\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ops", default=OP_TABLE, help="the op table (lite-ops.json)")
    parser.add_argument("--out", default=OUT)
    args = parser.parse_args()
    import tensorflow as tf
    tf.get_logger().setLevel("ERROR")
    gen_corpus.tf = tf
    with open(args.ops) as f:
        table = json.load(f)["ops"]
    if os.path.isdir(args.out):
        shutil.rmtree(args.out)
    writer = gen_corpus.Writer(args.out)
    skipped = []
    for seed, op in enumerate(table):
        if op["kind"] != "unary":
            continue
        for tf_op in op["tf_ops"]:
            for dtype in DTYPES.get(op["kernel_types"], []):
                if not tf_has_kernel(tf, tf_op, dtype):
                    skipped.append(f"{tf_op} {dtype}")
                    continue
                runs = input_sets(dtype, seed)
                name = f"{tf_op}_{dtype}"
                writer.write(name, "ops_unary", "tf1",
                             f"lite.{op['mnemonic']} from TF's {tf_op} on {dtype}: "
                             "edge values, extremes, denormals, random, empty, scalar",
                             unary_graph(tf, tf_op, dtype), ["x"], ["y:0"],
                             [inputs for inputs, _ in runs], op["tf_tolerance"])
                mark_unjudged(os.path.join(args.out, "ops_unary", name + ".json"),
                              [reason for _, reason in runs])
    print(f"wrote {writer.count} op cases to {args.out}"
          + (f"; TF has no CPU kernel for: {', '.join(skipped)}" if skipped else ""))


if __name__ == "__main__":
    main()
