#!/usr/bin/env python3
"""Writes the TensorFlow-written corpus test/tf/corpus with TensorFlow itself.

Every program is built with TensorFlow's own Python API (tf.compat.v1 graph
mode with control flow v1, or tf.function with control flow v2), written as
the GraphDef TensorFlow produces (text format), read back into a fresh graph
and run there by tf.compat.v1.Session to record the expected outputs (so the
recorded outputs are TensorFlow's on exactly the stored file). Where
TensorFlow refuses to run a stored graph, the run records TF's error.

Families (test/tf/corpus/FAMILY/NAME.{pbtxt,json}, format in tfcorpus.py):
  tf1_*     hand-written TF1 programs: cond, case, while_loop (nested, with
            conds inside, parallel_iterations, maximum_iterations, growing
            shape invariants), map_fn, scan, foldl, dynamic_rnn with
            BasicRNN/GRU/LSTM cells, tf.gradients of cond and while_loop,
            VariableV2 and resource variables updated inside loops,
            TensorArrays inside loops;
  tf2_*     hand-written tf.function programs: tf.cond, tf.while_loop,
            tf.switch_case, tf.TensorArray (TensorList ops), tf.Variable
            assigned inside loops (frozen), Keras SimpleRNN/GRU/LSTM, and
            SavedModels read back as the frozen GraphDef a converter sees
            (functional and with control flow lowered to v1);
  random_*  programs drawn by a seeded generator and built through TF's API:
            each drawn program as tf.compat.v1 (v1 control flow) and as
            tf.function (v2), each raw and after grappler's meta optimizer
            (constant folding, dependency and loop optimization on).

usage: .venv/bin/python test/tf/gen_corpus.py [--out DIR] [--random N]
The same TensorFlow writes the same programs and outputs. The generated
programs' files are stable; in the hand-written TF2 ones, names TF derives
from its process-wide tracing counters (traced functions, their arguments)
may be numbered differently from one run to the next.
"""
import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
# TF1 cells (tf.compat.v1.nn.rnn_cell) live in tf_keras, Keras 2.
os.environ.setdefault("TF_USE_LEGACY_KERAS", "1")

import numpy as np  # noqa: E402

import tfcorpus  # noqa: E402

tf = None  # imported in main(), after the environment is set


# ---------------------------------------------------------------------------
# Writing a program: GraphDef text + TF's outputs on it.
# ---------------------------------------------------------------------------

def run_in_tf(graph_def, feeds, fetches, init, inputs):
    """TensorFlow's outputs of the stored graph: import into a fresh graph,
    run `init` once, then the fetches. Returns (tensors, None, None) or
    (None, TF's error, None); when the session's default grappler passes
    fail a graph that runs without them, (tensors, None, their error)."""
    expected, error = run_session(graph_def, feeds, fetches, init, inputs)
    if error is None:
        return expected, None, None
    plain, plain_error = run_session(graph_def, feeds, fetches, init, inputs, grappler=False)
    if plain_error is None:
        return plain, None, error
    return None, error, None


def run_session(graph_def, feeds, fetches, init, inputs, grappler=True):
    graph = tf.Graph()
    with graph.as_default():
        tf.compat.v1.import_graph_def(graph_def, name="")
    config = tf.compat.v1.ConfigProto()
    config.graph_options.rewrite_options.disable_meta_optimizer = not grappler
    try:
        with tf.compat.v1.Session(graph=graph, config=config) as session:
            if init:
                session.run(init)
            values = session.run(
                fetches, {name + ":0": tfcorpus.from_json(inputs[name]) for name in feeds})
    except Exception as e:  # TF's own refusal is a result worth keeping
        return None, tfcorpus.describe_tf_error(e)
    return [tfcorpus.to_json(v) for v in values], None


def canonical_functions(graph_def):
    """The graph with its library functions renamed and sorted so that the
    stored file does not depend on TF's process-wide tracing counters (a
    name's numeric suffix, and the library's order, vary between runs):
    the suffix becomes the function's rank among those of the same stem,
    ordered by the original suffix. Every reference is renamed along."""
    from tensorflow.core.framework import graph_pb2
    graph_def = graph_pb2.GraphDef.FromString(graph_def.SerializeToString())
    functions = graph_def.library.function
    if not functions:
        return graph_def

    def split(name):
        match = re.match(r"^(.*?)_(\d+)$", name)
        return (match.group(1), int(match.group(2))) if match else (name, -1)
    names = sorted((f.signature.name for f in functions), key=split)
    mapping, seen = {}, {}
    for name in names:
        stem = split(name)[0]
        mapping[name] = f"{stem}_{seen.get(stem, 0)}"
        seen[stem] = seen.get(stem, 0) + 1

    def rename_attrs(attrs):
        for value in attrs.values():
            if value.HasField("func") and value.func.name in mapping:
                value.func.name = mapping[value.func.name]
            if value.HasField("list"):
                for func in value.list.func:
                    if func.name in mapping:
                        func.name = mapping[func.name]

    def rename_nodes(nodes):
        for node in nodes:
            if node.op in mapping:
                node.op = mapping[node.op]
            rename_attrs(node.attr)
    rename_nodes(graph_def.node)
    for function in functions:
        function.signature.name = mapping[function.signature.name]
        rename_nodes(function.node_def)
        rename_attrs(function.attr)
    for gradient in graph_def.library.gradient:
        for field in ("function_name", "gradient_func"):
            if getattr(gradient, field) in mapping:
                setattr(gradient, field, mapping[getattr(gradient, field)])
    ordered = sorted(functions, key=lambda f: f.signature.name)
    copies = [type(f).FromString(f.SerializeToString()) for f in ordered]
    del functions[:]
    functions.extend(copies)
    return graph_def


class Writer:
    def __init__(self, out):
        self.out = out
        self.count = 0
        self.names = set()

    def write(self, name, family, api, description, graph_def, feeds, fetches, input_sets,
              tolerance="exact", init=()):
        assert name not in self.names, name
        self.names.add(name)
        directory = os.path.join(self.out, family)
        os.makedirs(directory, exist_ok=True)
        graph_def = canonical_functions(graph_def)
        runs = []
        for inputs in input_sets:
            inputs = {k: tfcorpus.to_json(v) for k, v in inputs.items()}
            expected, error, grappler_error = run_in_tf(graph_def, feeds, fetches, list(init),
                                                        inputs)
            run = {"inputs": inputs}
            if error is None:
                run["expected"] = expected
            else:
                run["tf_error"] = error
            if grappler_error:
                # TensorFlow's own bug (docs/tensorflow.md): the session's
                # default grappler passes break a graph that runs correctly
                # without them; the expected outputs are TF's without them.
                run["tf_grappler_error"] = grappler_error
            runs.append(run)
        meta = {
            "name": name, "family": family, "api": api, "description": description,
            "feeds": list(feeds), "fetches": list(fetches), "init": list(init),
            "tolerance": tfcorpus.TOLERANCES[tolerance], "runs": runs,
        }
        with open(os.path.join(directory, name + ".pbtxt"), "w") as f:
            f.write(str(graph_def))
        with open(os.path.join(directory, name + ".json"), "w") as f:
            json.dump(meta, f, indent=1)
            f.write("\n")
        self.count += 1


def f32(*values):
    return np.array(values, dtype=np.float32)


def i32(value):
    return np.array(value, dtype=np.int32)


def rng_f32(seed, shape, scale=1.0):
    return (np.random.RandomState(seed).uniform(-1, 1, shape) * scale).astype(np.float32)


# ---------------------------------------------------------------------------
# TF1: graph mode, control flow v1.
# ---------------------------------------------------------------------------

def tf1_graph(build):
    """Builds a graph with build() -> (placeholders, fetched tensors[, init
    op or None]) and returns (graph_def, feed names, fetch names, init)."""
    graph = tf.Graph()
    with graph.as_default():
        tf.compat.v1.set_random_seed(1)
        result = build()
        placeholders, outputs = result[0], result[1]
        init = result[2] if len(result) > 2 else None
    feeds = [p.op.name for p in placeholders]
    fetches = [t.name for t in outputs]
    return graph, graph.as_graph_def(), feeds, fetches, ([init.name] if init is not None else [])


def freeze_tf1(graph, graph_def, fetches, init):
    """The graph with its variables turned into constants (what TF1's
    converters see)."""
    with tf.compat.v1.Session(graph=graph) as session:
        session.run(init)
        return tf.compat.v1.graph_util.convert_variables_to_constants(
            session, graph_def, sorted({f.split(":")[0] for f in fetches}))


def ph(dtype, shape, name):
    return tf.compat.v1.placeholder(dtype, shape, name=name)


def tf1_programs(w):
    T = tf

    def add(name, family, description, build, input_sets, tolerance="exact", freeze=False):
        graph, gd, feeds, fetches, init = tf1_graph(build)
        if freeze:
            w.write(name, family, "tf1", description + " (variables as written, initialised by "
                    "the init op)", gd, feeds, fetches, input_sets, tolerance, init)
            frozen = freeze_tf1(graph, gd, fetches, init)
            w.write(name + "_frozen", family, "tf1", description + " (frozen)", frozen, feeds,
                    fetches, input_sets, tolerance)
        else:
            w.write(name, family, "tf1", description, gd, feeds, fetches, input_sets, tolerance)

    xs3 = [{"x": f32(1, -2, 3)}, {"x": f32(-1, -2, -3)}, {"x": f32(0, 0, 0)}]

    # --- cond -------------------------------------------------------------
    def cond_simple():
        x = ph(T.float32, [3], "x")
        y = T.compat.v1.cond(T.reduce_sum(x) > 0, lambda: x * 2.0, lambda: x - 1.0)
        return [x], [y]
    add("tf1_cond_simple", "tf1_cond", "tf.cond on the sign of a sum", cond_simple, xs3)

    def cond_two_outputs():
        x = ph(T.float32, [3], "x")
        a, b = T.compat.v1.cond(x[0] > x[1], lambda: (x + 1.0, T.reduce_max(x)),
                                lambda: (x * x, T.reduce_min(x)))
        return [x], [a, b]
    add("tf1_cond_two_outputs", "tf1_cond", "tf.cond with two results", cond_two_outputs, xs3)

    def cond_nested():
        x = ph(T.float32, [3], "x")
        k = ph(T.int32, [], "k")

        def outer_true():
            return T.compat.v1.cond(k > 2, lambda: x * 3.0, lambda: x + 3.0)

        def outer_false():
            return T.compat.v1.cond(k < -2, lambda: -x, lambda: T.maximum(x, 0.0))
        return [x, k], [T.compat.v1.cond(k > 0, outer_true, outer_false)]
    add("tf1_cond_nested", "tf1_cond", "tf.cond nested in both branches", cond_nested,
        [{"x": f32(1, -2, 3), "k": i32(k)} for k in (5, 1, -5, -1)])

    def cond_const_branch():
        x = ph(T.float32, [3], "x")
        y = T.compat.v1.cond(x[2] > 0, lambda: T.constant([7.0, 8.0, 9.0]), lambda: x)
        return [x], [y]
    add("tf1_cond_constant_branch", "tf1_cond", "a branch yields only a constant",
        cond_const_branch, xs3)

    def case3():
        k = ph(T.int32, [], "k")
        x = ph(T.float32, [3], "x")
        y = T.compat.v1.case([(T.equal(k, 0), lambda: x + 1.0), (T.equal(k, 1), lambda: x * 2.0)],
                             default=lambda: -x, exclusive=False)
        return [k, x], [y]
    add("tf1_case_three_way", "tf1_case", "tf.compat.v1.case with a default", case3,
        [{"k": i32(k), "x": f32(1, 2, 3)} for k in (0, 1, 2, -1)])

    def case_exclusive():
        x = ph(T.float32, [], "x")
        y = T.compat.v1.case([(x < 0.0, lambda: x * x), (x > 10.0, lambda: x - 10.0)],
                             default=lambda: x, exclusive=True)
        return [x], [y]
    add("tf1_case_exclusive", "tf1_case", "exclusive case (asserts one predicate)",
        case_exclusive, [{"x": np.float32(v)} for v in (-3.0, 12.0, 5.0)])

    def switch_case():
        k = ph(T.int32, [], "k")
        x = ph(T.float32, [3], "x")
        y = T.switch_case(k, [lambda: x + 1.0, lambda: x * 2.0, lambda: x - 5.0])
        return [k, x], [y]
    add("tf1_switch_case", "tf1_case", "tf.switch_case in a v1 graph (a functional Case)",
        switch_case, [{"k": i32(k), "x": f32(1, 2, 3)} for k in (0, 1, 2, 7)])

    # --- while_loop ---------------------------------------------------------
    def while_simple():
        n = ph(T.int32, [], "n")
        i, s = T.while_loop(lambda i, s: i < n, lambda i, s: (i + 1, s + i), [0, 0])
        return [n], [i, s]
    add("tf1_while_simple", "tf1_while", "counting loop with an accumulator", while_simple,
        [{"n": i32(v)} for v in (0, 1, 7)])

    for pi in (1, 10):
        def while_pi(pi=pi):
            n = ph(T.int32, [], "n")
            x = ph(T.float32, [3], "x")
            _, y = T.while_loop(lambda i, y: i < n, lambda i, y: (i + 1, y * 0.5 + x),
                                [0, T.zeros([3])], parallel_iterations=pi)
            return [n, x], [y]
        add(f"tf1_while_parallel_iterations_{pi}", "tf1_while",
            f"while_loop with parallel_iterations={pi}", while_pi,
            [{"n": i32(v), "x": f32(1, 2, 3)} for v in (0, 3, 6)])

    def while_maximum():
        n = ph(T.int32, [], "n")
        i, s = T.while_loop(lambda i, s: i < n, lambda i, s: (i + 1, s * 2.0 + 1.0),
                            (0, T.constant(0.0)), maximum_iterations=5)
        return [n], [i, s]
    add("tf1_while_maximum_iterations", "tf1_while", "maximum_iterations cuts the loop",
        while_maximum, [{"n": i32(v)} for v in (3, 5, 9)])

    def while_growing():
        n = ph(T.int32, [], "n")
        i, v = T.while_loop(lambda i, v: i < n,
                            lambda i, v: (i + 1, T.concat([v, T.cast([i], T.float32)], 0)),
                            [0, T.constant([1.0])],
                            shape_invariants=[T.TensorShape([]), T.TensorShape([None])])
        return [n], [i, v]
    add("tf1_while_growing_shape", "tf1_while", "shape invariant [None]: the state grows",
        while_growing, [{"n": i32(v)} for v in (0, 1, 4)])

    def while_cond_inside():
        n = ph(T.int32, [], "n")
        x = ph(T.float32, [3], "x")

        def body(i, y):
            y = T.compat.v1.cond(T.equal(i % 2, 0), lambda: y + x, lambda: y * 0.5)
            return i + 1, y
        _, y = T.while_loop(lambda i, y: i < n, body, [0, T.zeros([3])])
        return [n, x], [y]
    add("tf1_while_cond_inside", "tf1_while", "a cond in a while body", while_cond_inside,
        [{"n": i32(v), "x": f32(1, -2, 3)} for v in (0, 1, 5)])

    def while_nested3():
        n = ph(T.int32, [], "n")

        def level3(j, acc):
            def b(k, a):
                a = T.compat.v1.cond(k > j, lambda: a + 1, lambda: a * 2)
                return k + 1, a
            return T.while_loop(lambda k, a: k < n, b, [0, acc])[1]

        def level2(i, acc):
            def b(j, a):
                return j + 1, level3(j, a) + i
            return T.while_loop(lambda j, a: j < i, b, [0, acc])[1]

        def b1(i, acc):
            acc = T.compat.v1.cond(acc > 1000, lambda: acc - 1000, lambda: acc)
            return i + 1, level2(i, acc)
        i, acc = T.while_loop(lambda i, a: i < n, b1, [0, 1])
        return [n], [i, acc]
    add("tf1_while_nested_three_deep", "tf1_while", "three nested while loops with conds inside",
        while_nested3, [{"n": i32(v)} for v in (0, 1, 2, 3)])

    def while_two_exits():
        x = ph(T.float32, [2, 2], "x")
        n = ph(T.int32, [], "n")
        _, a, b = T.while_loop(lambda i, a, b: i < n,
                               lambda i, a, b: (i + 1, T.matmul(a, x) * 0.5, b + T.reduce_sum(a)),
                               [0, T.eye(2), T.constant(0.0)])
        return [x, n], [a, b]
    add("tf1_while_matmul", "tf1_while", "matrix power in a loop (static [2,2] result)",
        while_two_exits, [{"x": f32([1, 2], [3, 4]), "n": i32(v)} for v in (0, 2, 3)],
        tolerance="matmul")

    def while_nested_matrix():
        # Issue 23, item 1: the exported model left the static [2, 2] result
        # of a nested loop unranked, which native LiteRT read as a scalar.
        x = ph(T.float32, [2, 2], "x")
        n = ph(T.int32, [], "n")

        def outer(i, m):
            def inner(j, a):
                return j + 1, a + T.transpose(x) * T.cast(j, T.float32)
            _, m = T.while_loop(lambda j, a: j < i, inner, [0, m])
            return i + 1, m * 0.5
        _, m = T.while_loop(lambda i, m: i < n, outer, [0, x])
        return [x, n], [m]
    add("tf1_while_nested_matrix", "tf1_while",
        "nested loops with a static [2,2] float result",
        while_nested_matrix,
        [{"x": f32([1, 2], [3, 4]), "n": i32(v)} for v in (0, 1, 3)])

    # --- map_fn / scan / foldl (TensorArray inside) ---------------------------
    def map_fn():
        x = ph(T.float32, [4, 3], "x")
        return [x], [T.map_fn(lambda r: r * 2.0 + T.reduce_sum(r), x)]
    add("tf1_map_fn", "tf1_functional", "tf.map_fn over rows", map_fn,
        [{"x": rng_f32(1, [4, 3])}, {"x": rng_f32(2, [4, 3])}])

    def scan():
        x = ph(T.float32, [5], "x")
        return [x], [T.scan(lambda a, v: a * 0.5 + v, x, initializer=T.constant(0.0))]
    add("tf1_scan", "tf1_functional", "tf.scan: running decayed sum", scan,
        [{"x": f32(1, 2, 3, 4, 5)}, {"x": f32(-1, 0, 1, 0, -1)}])

    def foldl():
        x = ph(T.float32, [5], "x")
        return [x], [T.compat.v1.foldl(lambda a, v: T.maximum(a, v) + 0.25, x)]
    add("tf1_foldl", "tf1_functional", "tf.foldl", foldl,
        [{"x": f32(1, 2, 3, 4, 5)}, {"x": f32(5, 4, 3, 2, 1)}])

    # --- TensorArray inside loops ------------------------------------------
    def tensor_array():
        x = ph(T.float32, [4, 2], "x")
        xs = T.TensorArray(T.float32, size=4).unstack(x)

        def body(i, acc, out):
            v = xs.read(i)
            acc = acc + v
            return i + 1, acc, out.write(i, acc * 2.0)
        _, acc, out = T.while_loop(lambda i, a, o: i < 4, body,
                                   [0, T.zeros([2]), T.TensorArray(T.float32, size=4)])
        return [x], [acc, out.stack()]
    add("tf1_tensor_array_loop", "tf1_tensor_array", "TensorArray unstack/read/write/stack in a "
        "while loop", tensor_array, [{"x": rng_f32(3, [4, 2])}])

    def tensor_array_dynamic():
        n = ph(T.int32, [], "n")
        _, out = T.while_loop(lambda i, o: i < n, lambda i, o: (i + 1, o.write(i, i * i)),
                              [0, T.TensorArray(T.int32, size=0, dynamic_size=True)])
        return [n], [out.stack()]
    add("tf1_tensor_array_dynamic_size", "tf1_tensor_array", "a dynamically sized TensorArray",
        tensor_array_dynamic, [{"n": i32(v)} for v in (1, 4)])

    # --- dynamic_rnn ------------------------------------------------------------
    cells = {"basic_rnn": lambda: T.compat.v1.nn.rnn_cell.BasicRNNCell(4),
             "gru": lambda: T.compat.v1.nn.rnn_cell.GRUCell(4),
             "lstm": lambda: T.compat.v1.nn.rnn_cell.LSTMCell(4)}
    for cell_name, make_cell in cells.items():
        def rnn(make_cell=make_cell):
            x = ph(T.float32, [2, 5, 3], "x")
            with T.compat.v1.variable_scope("rnn", initializer=T.compat.v1.glorot_uniform_initializer(seed=7)):
                out, _ = T.compat.v1.nn.dynamic_rnn(make_cell(), x, dtype=T.float32)
            return [x], [out], T.compat.v1.global_variables_initializer()
        add(f"tf1_dynamic_rnn_{cell_name}", "tf1_rnn", f"dynamic_rnn with a {cell_name} cell",
            rnn, [{"x": rng_f32(4, [2, 5, 3])}], tolerance="transcendental", freeze=True)

    # --- gradients (stacks) ------------------------------------------------------
    def grad_cond():
        x = ph(T.float32, [3], "x")
        y = T.compat.v1.cond(T.reduce_sum(x) > 0, lambda: x * x, lambda: x * 3.0)
        return [x], [T.gradients(T.reduce_sum(y), x)[0]]
    add("tf1_gradient_cond", "tf1_gradient", "tf.gradients of a cond", grad_cond, xs3,
        tolerance="gradient")

    def grad_while():
        x = ph(T.float32, [3], "x")
        n = ph(T.int32, [], "n")
        _, y = T.while_loop(lambda i, y: i < n, lambda i, y: (i + 1, y * x + 1.0), [0, x])
        return [x, n], [y, T.gradients(T.reduce_sum(y), x)[0]]
    add("tf1_gradient_while", "tf1_gradient", "tf.gradients of a while loop (stacks)", grad_while,
        [{"x": f32(0.5, -1, 2), "n": i32(v)} for v in (0, 1, 3)], tolerance="gradient")

    def grad_while_cond():
        x = ph(T.float32, [2], "x")
        n = ph(T.int32, [], "n")

        def body(i, y):
            y = T.compat.v1.cond(i % 2 > 0, lambda: y * x, lambda: T.tanh(y) + x)
            return i + 1, y
        _, y = T.while_loop(lambda i, y: i < n, body, [0, x])
        return [x, n], [T.gradients(T.reduce_sum(y), x)[0]]
    add("tf1_gradient_while_cond", "tf1_gradient", "gradient of a loop with a cond inside",
        grad_while_cond, [{"x": f32(0.5, -0.25), "n": i32(v)} for v in (1, 4)],
        tolerance="gradient")

    def grad_nested():
        x = ph(T.float32, [], "x")

        def inner(y):
            return T.while_loop(lambda j, z: j < 2, lambda j, z: (j + 1, z * x), [0, y])[1]
        _, y = T.while_loop(lambda i, y: i < 2, lambda i, y: (i + 1, inner(y) + 1.0),
                            [0, T.constant(1.0)])
        return [x], [y, T.gradients(y, x)[0]]
    add("tf1_gradient_nested_while", "tf1_gradient", "gradient of nested while loops",
        grad_nested, [{"x": np.float32(v)} for v in (0.5, -1.5)], tolerance="gradient")

    def grad_max_iter():
        x = ph(T.float32, [], "x")
        _, y = T.while_loop(lambda i, y: y < 100.0, lambda i, y: (i + 1, y * x),
                            (0, T.constant(1.0)), maximum_iterations=4)
        return [x], [y, T.gradients(y, x)[0]]
    add("tf1_gradient_maximum_iterations", "tf1_gradient",
        "gradient of a while loop with maximum_iterations", grad_max_iter,
        [{"x": np.float32(v)} for v in (2.0, 20.0)], tolerance="gradient")

    def rnn_loss(seed):
        """x and the loss sum(out * out) of a BasicRNNCell dynamic_rnn over it."""
        x = ph(T.float32, [2, 4, 3], "x")
        with T.compat.v1.variable_scope("rnn", initializer=T.compat.v1.glorot_uniform_initializer(seed=seed)):
            out, _ = T.compat.v1.nn.dynamic_rnn(T.compat.v1.nn.rnn_cell.BasicRNNCell(3), x,
                                                dtype=T.float32)
        return x, T.reduce_sum(out * out)

    def rnn_train():
        x, loss = rnn_loss(3)
        grads = T.gradients(loss, T.compat.v1.trainable_variables())
        return [x], [loss] + grads, T.compat.v1.global_variables_initializer()
    add("tf1_gradient_rnn", "tf1_gradient", "gradients of a dynamic_rnn loss w.r.t. its weights",
        rnn_train, [{"x": rng_f32(5, [2, 4, 3])}], tolerance="gradient", freeze=True)

    def rnn_input_gradient():
        x, loss = rnn_loss(5)
        return [x], [loss, T.gradients(loss, x)[0]], T.compat.v1.global_variables_initializer()
    add("tf1_gradient_rnn_input", "tf1_gradient",
        "gradient of a dynamic_rnn loss w.r.t. its input (TensorArrays in the loop)",
        rnn_input_gradient, [{"x": rng_f32(6, [2, 4, 3])}], tolerance="gradient", freeze=True)

    def array_read_gradient():
        x = ph(T.float32, [4, 2], "x")
        n = ph(T.int32, [], "n")
        ta = T.TensorArray(T.float32, size=4).unstack(x)
        _, y = T.while_loop(lambda i, y: i < n,
                            lambda i, y: (i + 1, T.tanh(y * ta.read(i) + 0.5)),
                            [0, T.ones([2])])
        return [x, n], [y, T.gradients(T.reduce_sum(y), x)[0]]
    add("tf1_gradient_array_read", "tf1_gradient",
        "gradient of a while loop reading a TensorArray (the gradient's flow summed "
        "in a backprop accumulator)", array_read_gradient,
        [{"x": rng_f32(7, [4, 2]), "n": i32(v)} for v in (0, 2, 4)], tolerance="gradient")

    # --- variables updated inside loops ---------------------------------------------
    def variable_v2():
        n = ph(T.int32, [], "n")
        v = T.compat.v1.Variable(T.constant(1.0), use_resource=False, name="v")

        def body(i):
            with T.control_dependencies([T.compat.v1.assign_add(v, 2.0)]):
                return i + 1
        done = T.nest.flatten(T.while_loop(lambda i: i < n, body, [0]))
        with T.control_dependencies(done):
            out = T.identity(v.read_value())
        return [n], [out], T.compat.v1.global_variables_initializer()
    graph, gd, feeds, fetches, init = tf1_graph(variable_v2)
    w.write("tf1_variable_v2_in_loop", "tf1_variable", "tf1",
            "VariableV2 assign_add inside a while loop (Ref* control flow)", gd, feeds, fetches,
            [{"n": i32(v)} for v in (0, 3)], init=init)

    def resource_variable():
        n = ph(T.int32, [], "n")
        x = ph(T.float32, [2], "x")
        v = T.compat.v1.get_variable("rv", initializer=T.constant([1.0, -1.0]), use_resource=True)

        def body(i):
            with T.control_dependencies([v.assign(v * 0.5 + x)]):
                return i + 1
        done = T.nest.flatten(T.while_loop(lambda i: i < n, body, [0]))
        with T.control_dependencies(done):
            out = T.identity(v.read_value())
        return [n, x], [out], T.compat.v1.global_variables_initializer()
    graph, gd, feeds, fetches, init = tf1_graph(resource_variable)
    w.write("tf1_resource_variable_in_loop", "tf1_variable", "tf1",
            "resource variable assigned inside a while loop", gd, feeds, fetches,
            [{"n": i32(v), "x": f32(1, 2)} for v in (0, 2, 5)], init=init)

    # --- random numbers: a generator with state -----------------------------------
    def random_in_loop():
        n = ph(T.int32, [], "n")

        def body(i, acc):
            return i + 1, acc * 2.0 + T.random.uniform([2, 3], seed=7)
        # One iteration at a time: with parallel iterations TF's scheduler
        # picks the order in which iterations draw (it ran 2, 1, 0 for n =
        # 3); Sluice draws in iteration order (docs/tensorflow.md).
        _, acc = T.while_loop(lambda i, acc: i < n, body, [0, T.zeros([2, 3])],
                              parallel_iterations=1)
        return [n], [acc]
    # --- the ops tf.gradients emits for transposes, bias adds and concats -------
    def gradient_helpers():
        perm = ph(T.int32, [4], "perm")
        dy = ph(T.float32, [2, 3], "dy")
        axis = ph(T.int32, [], "axis")
        inverse = T.raw_ops.InvertPermutation(x=perm)
        bias = T.raw_ops.BiasAddGrad(out_backprop=dy)
        offsets = T.raw_ops.ConcatOffset(concat_dim=axis, shape=[
            T.constant([2, 3, 4]), T.constant([2, 5, 4]), T.constant([2, 1, 4])])
        return [perm, dy, axis], [inverse, bias] + list(offsets)
    add("tf1_gradient_helpers", "tf1_gradient", "InvertPermutation, BiasAddGrad and "
        "ConcatOffset (what the gradients of transpose, bias_add and concat use)",
        gradient_helpers,
        [{"perm": np.array([2, 0, 1, 3], np.int32), "dy": f32(1, 2, 3, 4, 5, 6).reshape(2, 3),
          "axis": i32(1)},
         {"perm": np.array([3, 2, 1, 0], np.int32), "dy": f32(-1, 0, 1, 2, -2, 5).reshape(2, 3),
          "axis": i32(1)}])

    add("tf1_random_in_while", "tf1_random", "RandomUniform inside a while loop (one "
        "iteration at a time): each iteration draws on from where the last stopped", random_in_loop,
        [{"n": i32(v)} for v in (0, 1, 3)])

    # --- assertions (last: adding programs leaves the others' files alone) --
    def assert_positive():
        x = ph(T.float32, [3], "x")
        check = T.debugging.Assert(T.reduce_min(x) > 0.0, ["x must be positive:", x])
        with T.control_dependencies([check]):
            y = T.identity(x * 2.0, name="y")
        return [x], [y]
    add("tf1_assert_positive", "tf1_assert", "tf.debugging.Assert before the result "
        "(a control dependency): TF raises InvalidArgument when it fails", assert_positive,
        [{"x": f32(1, 2, 3)}, {"x": f32(1, -2, 3)}])

    def assert_in_while():
        n = ph(T.int32, [], "n")

        def body(i, s):
            check = T.debugging.Assert(i < 5, ["too many iterations", i])
            with T.control_dependencies([check]):
                return i + 1, s + T.cast(i, T.float32)
        _, s = T.while_loop(lambda i, s: i < n, body, [0, T.constant(0.0)])
        return [n], [s]
    add("tf1_assert_in_while", "tf1_assert", "an Assert in a while loop's body, failing "
        "from the sixth iteration on", assert_in_while, [{"n": i32(v)} for v in (0, 3, 7)])

    def assert_in_cond_build():
        x = ph(T.float32, [], "x")

        def negative():
            check = T.debugging.Assert(x < -10.0, ["x in (-10, 0]"])
            with T.control_dependencies([check]):
                return T.identity(-x)
        y = T.compat.v1.cond(x > 0.0, lambda: T.sqrt(x), negative)
        return [x], [y]
    add("tf1_assert_in_cond", "tf1_assert", "an Assert in the false branch of a cond",
        assert_in_cond_build, [{"x": np.float32(v)} for v in (4.0, -16.0, -3.0)])


# ---------------------------------------------------------------------------
# TF2: tf.function, control flow v2.
# ---------------------------------------------------------------------------

def concrete(fn, signature):
    return tf.function(fn, input_signature=signature, autograph=False).get_concrete_function()


def write_tf2(w, name, family, description, cf, input_sets, tolerance="exact", lowered=False,
              frozen=False):
    """The concrete function's graph as TF writes it; with frozen, the graph
    with variables as constants (convert_variables_to_constants_v2), with
    lowered also with its control flow lowered to v1 (what TF's converter
    and grappler see)."""
    from tensorflow.python.framework import convert_to_constants
    if frozen or lowered:
        cf = convert_to_constants.convert_variables_to_constants_v2(cf, lower_control_flow=lowered)
    graph_def = cf.graph.as_graph_def()
    feeds = [t.op.name for t in cf.inputs if t.dtype != tf.resource]
    fetches = [t.name for t in cf.outputs]
    w.write(name, family, "tf2", description, graph_def, feeds, fetches, input_sets, tolerance)


def load_saved_model(holder, serve):
    """`holder` (a tf.Module) saved as a SavedModel with the tf.function
    `serve` as its serving signature, and loaded back: (the loaded object,
    its serving signature, a concrete function). Keep the loaded object while
    the function is used: it owns the variables."""
    directory = tempfile.mkdtemp(prefix="sluice-savedmodel-")
    try:
        tf.saved_model.save(holder, directory, signatures={"serving_default": serve})
        loaded = tf.saved_model.load(directory)
        return loaded, loaded.signatures["serving_default"]
    finally:
        shutil.rmtree(directory, ignore_errors=True)


def tf2_programs(w):
    T = tf
    S = T.TensorSpec
    xs3 = [{"x": f32(1, -2, 3)}, {"x": f32(-1, -2, -3)}]

    def cond(x):
        return T.cond(T.reduce_sum(x) > 0, lambda: x * 2.0, lambda: x - 1.0)
    cf = concrete(cond, [S([3], T.float32, name="x")])
    write_tf2(w, "tf2_cond", "tf2_cond", "tf.cond in a tf.function (StatelessIf)", cf, xs3)
    write_tf2(w, "tf2_cond_lowered", "tf2_cond", "tf.cond, lowered to Switch/Merge", cf, xs3,
              lowered=True)

    def cond_nested(x, k):
        return T.cond(k > 0, lambda: T.cond(k > 2, lambda: x * 3.0, lambda: x + 3.0),
                      lambda: T.maximum(x, 0.0))
    cf = concrete(cond_nested, [S([3], T.float32, name="x"), S([], T.int32, name="k")])
    runs = [{"x": f32(1, -2, 3), "k": i32(k)} for k in (5, 1, -1)]
    write_tf2(w, "tf2_cond_nested", "tf2_cond", "nested tf.cond", cf, runs)
    write_tf2(w, "tf2_cond_nested_lowered", "tf2_cond", "nested tf.cond, lowered", cf, runs,
              lowered=True)

    def switch_case(k, x):
        return T.switch_case(k, [lambda: x + 1.0, lambda: x * 2.0, lambda: x - 5.0])
    cf = concrete(switch_case, [S([], T.int32, name="k"), S([3], T.float32, name="x")])
    runs = [{"k": i32(k), "x": f32(1, 2, 3)} for k in (0, 1, 2, 9)]
    write_tf2(w, "tf2_switch_case", "tf2_case", "tf.switch_case (Case)", cf, runs)
    write_tf2(w, "tf2_switch_case_lowered", "tf2_case", "tf.switch_case, lowered", cf, runs,
              lowered=True)

    def while_loop(n, x):
        return T.while_loop(lambda i, y: i < n, lambda i, y: (i + 1, y * 0.5 + x),
                            [0, T.zeros([3])])
    cf = concrete(while_loop, [S([], T.int32, name="n"), S([3], T.float32, name="x")])
    runs = [{"n": i32(v), "x": f32(1, 2, 3)} for v in (0, 1, 4)]
    write_tf2(w, "tf2_while", "tf2_while", "tf.while_loop (While)", cf, runs)
    write_tf2(w, "tf2_while_lowered", "tf2_while", "tf.while_loop, lowered", cf, runs,
              lowered=True)

    def while_cond(n, x):
        def body(i, y):
            return i + 1, T.cond(i % 2 == 0, lambda: y + x, lambda: y * 0.5)
        return T.while_loop(lambda i, y: i < n, body, [0, T.zeros([3])])[1]
    cf = concrete(while_cond, [S([], T.int32, name="n"), S([3], T.float32, name="x")])
    runs = [{"n": i32(v), "x": f32(1, -2, 3)} for v in (0, 3, 6)]
    write_tf2(w, "tf2_while_cond_inside", "tf2_while", "tf.cond inside tf.while_loop", cf, runs)
    write_tf2(w, "tf2_while_cond_inside_lowered", "tf2_while", "cond inside while, lowered", cf,
              runs, lowered=True)

    def while_max(n):
        return T.while_loop(lambda i, s: i < n, lambda i, s: (i + 1, s * 2.0 + 1.0),
                            (0, T.constant(0.0)), maximum_iterations=5)
    cf = concrete(while_max, [S([], T.int32, name="n")])
    write_tf2(w, "tf2_while_maximum_iterations", "tf2_while", "maximum_iterations", cf,
              [{"n": i32(v)} for v in (3, 9)])

    def tensor_array(x):
        ta = T.TensorArray(T.float32, size=4)

        def body(i, acc, ta):
            acc = acc + x[i]
            return i + 1, acc, ta.write(i, acc)
        _, acc, ta = T.while_loop(lambda i, a, t: i < 4, body, [0, T.zeros([2]), ta])
        return acc, ta.stack()
    cf = concrete(tensor_array, [S([4, 2], T.float32, name="x")])
    runs = [{"x": rng_f32(6, [4, 2])}]
    write_tf2(w, "tf2_tensor_array", "tf2_tensor_list", "tf.TensorArray in a loop (TensorList "
              "ops)", cf, runs)
    write_tf2(w, "tf2_tensor_array_lowered", "tf2_tensor_list", "tf.TensorArray, lowered", cf,
              runs, lowered=True)

    # A TensorArray that grows with each write (TensorListSetItem with
    # resize_if_index_out_of_bounds), as a decoder's output of unknown length.
    def tensor_array_dynamic(n, x):
        ta = T.TensorArray(T.float32, size=0, dynamic_size=True, element_shape=[2])

        def body(i, acc, ta):
            acc = T.tanh(acc * 0.5 + x)
            return i + 1, acc, ta.write(i, acc)
        _, acc, ta = T.while_loop(lambda i, a, t: i < n, body, [0, T.zeros([2]), ta])
        return ta.stack(), ta.size()
    cf = concrete(tensor_array_dynamic, [S([], T.int32, name="n"), S([2], T.float32, name="x")])
    runs = [{"n": i32(v), "x": rng_f32(17, [2])} for v in (0, 3, 9)]
    write_tf2(w, "tf2_tensor_array_dynamic_size", "tf2_tensor_list",
              "tf.TensorArray with dynamic_size in a loop of n iterations", cf, runs,
              tolerance="transcendental")
    write_tf2(w, "tf2_tensor_array_dynamic_size_lowered", "tf2_tensor_list",
              "tf.TensorArray with dynamic_size, lowered", cf, runs,
              tolerance="transcendental", lowered=True)

    class Counter(T.Module):
        def __init__(self):
            self.v = T.Variable([1.0, 2.0])

        @T.function(input_signature=[S([], T.int32, name="n")], autograph=False)
        def __call__(self, n):
            def body(i):
                self.v.assign(self.v * 0.5 + 1.0)
                return i + 1
            T.while_loop(lambda i: i < n, body, [0])
            return self.v.read_value()
    counter = Counter()
    cf = counter.__call__.get_concrete_function()
    write_tf2(w, "tf2_variable_in_loop", "tf2_variable", "tf.Variable assigned in a "
              "tf.while_loop (frozen)", cf, [{"n": i32(v)} for v in (0, 3)], frozen=True)

    import keras
    keras.utils.set_random_seed(11)
    for layer_name in ("SimpleRNN", "GRU", "LSTM"):
        layer = getattr(keras.layers, layer_name)(4, return_sequences=True)
        model = keras.Sequential([keras.Input((5, 3), batch_size=2), layer])

        def call(x, model=model):
            return model(x)
        cf = concrete(call, [S([2, 5, 3], T.float32, name="x")])
        runs = [{"x": rng_f32(8, [2, 5, 3])}]
        lname = layer_name.lower()
        write_tf2(w, f"tf2_keras_{lname}", "tf2_keras", f"Keras {layer_name} (frozen)", cf, runs,
                  tolerance="transcendental", frozen=True)
        write_tf2(w, f"tf2_keras_{lname}_lowered", "tf2_keras",
                  f"Keras {layer_name} (frozen, lowered)", cf, runs, tolerance="transcendental",
                  lowered=True)
        # The same model saved as a SavedModel and read back as the frozen
        # GraphDef a converter sees.
        holder = T.Module()
        holder.model = model
        holder.serve = T.function(holder.model, input_signature=[S([2, 5, 3], T.float32, name="x")],
                                  autograph=False)
        loaded, saved = load_saved_model(holder, holder.serve)  # keeps the variables
        write_tf2(w, f"tf2_saved_model_keras_{lname}", "tf2_saved_model",
                  f"Keras {layer_name} saved as a SavedModel, read back frozen", saved, runs,
                  tolerance="transcendental", frozen=True)

    # SavedModels read back as the GraphDef a converter sees.
    class Decoder(T.Module):
        def __init__(self):
            self.w = T.Variable([[0.5, -0.25], [0.125, 0.75]])

        @T.function(input_signature=[S([2], T.float32, name="x"), S([], T.int32, name="n")],
                    autograph=False)
        def serve(self, x, n):
            def body(i, h):
                h = T.tanh(T.linalg.matvec(self.w, h) + x)
                h = T.cond(T.reduce_max(h) > 0.9, lambda: h * 0.5, lambda: h)
                return i + 1, h
            return T.while_loop(lambda i, h: i < n, body, [0, T.zeros([2])])[1]
    module = Decoder()
    loaded, cf = load_saved_model(module, module.serve)  # keeps the variables
    runs = [{"x": f32(0.5, -1), "n": i32(v)} for v in (0, 2, 6)]
    write_tf2(w, "tf2_saved_model_decoder", "tf2_saved_model",
              "SavedModel signature, frozen", cf, runs, tolerance="transcendental",
              frozen=True)
    write_tf2(w, "tf2_saved_model_decoder_lowered", "tf2_saved_model",
              "SavedModel signature, frozen and lowered", cf, runs,
              tolerance="transcendental", lowered=True)

    # Resource variables passed to functional While/If: a TF2-style graph
    # (control flow v2) with the variables and their initializer in it, as
    # TF runs it in a session. Written last: TF numbers traced functions
    # process-wide, so the programs above keep their files.
    def variable_in_while():
        n = ph(T.int32, [], "n")
        v = T.Variable([1.0, 2.0], name="v")

        def body(i):
            with T.control_dependencies([v.assign(v * 0.5 + 1.0)]):
                return i + 1
        done = T.nest.flatten(T.while_loop(lambda i: i < n, body, [0]))
        with T.control_dependencies(done):
            out = T.identity(v.read_value())
        return [n], [out], T.compat.v1.global_variables_initializer()
    graph, gd, feeds, fetches, init = tf1_graph(variable_in_while)
    w.write("tf2_variable_in_functional_while", "tf2_variable", "tf2",
            "tf.Variable assigned in a functional While (the handle an input of "
            "the loop), initialised by the init op", gd, feeds, fetches,
            [{"n": i32(v)} for v in (0, 1, 4)], init=init)

    def variable_in_cond():
        x = ph(T.float32, [2], "x")
        v = T.Variable([1.0, -1.0], name="acc")
        w_ = T.Variable([2.0, 3.0], name="scale")
        updated = T.cond(T.reduce_sum(x) > 0,
                         lambda: v.assign_add(x * w_),
                         lambda: v.assign_sub(x))
        with T.control_dependencies([updated]):
            out = T.identity(v.read_value())
        return [x], [out], T.compat.v1.global_variables_initializer()
    graph, gd, feeds, fetches, init = tf1_graph(variable_in_cond)
    w.write("tf2_variable_in_functional_if", "tf2_variable", "tf2",
            "tf.Variable assign_add / assign_sub in the branches of a functional If, "
            "initialised by the init op", gd, feeds, fetches,
            [{"x": f32(1, 2)}, {"x": f32(-1, -2)}], init=init)

    # --- TF2 gradients of loops: TensorList accumulators (EmptyTensorList,
    # TensorListPushBack/PopBack) carried by the forward and backward While.
    def gradient_while(n, x):
        with T.GradientTape() as tape:
            tape.watch(x)
            _, y = T.while_loop(lambda i, y: i < n,
                                lambda i, y: (i + 1, T.tanh(y * 0.5 + x)), [0, x])
            loss = T.reduce_sum(y)
        return tape.gradient(loss, x)
    cf = concrete(gradient_while, [S([], T.int32, name="n"), S([3], T.float32, name="x")])
    write_tf2(w, "tf2_gradient_while", "tf2_gradient",
              "tf.GradientTape of a tf.while_loop (TensorList accumulators)", cf,
              [{"n": i32(v), "x": f32(1, -2, 0.5)} for v in (0, 1, 4)], tolerance="gradient")

    # A TensorList read in the loop: TF2 builds its gradient with
    # TensorListElementShape, a TensorListReserve of a computed shape and an
    # AddN of lists (a ZerosLike of a list to start).
    def gradient_list_read(n, x):
        with T.GradientTape() as tape:
            tape.watch(x)
            ta = T.TensorArray(T.float32, size=4).unstack(x)
            _, y = T.while_loop(lambda i, y: i < n,
                                lambda i, y: (i + 1, T.tanh(y * ta.read(i) + 0.5)),
                                [0, T.ones([2])])
            loss = T.reduce_sum(y)
        return tape.gradient(loss, x)
    cf = concrete(gradient_list_read, [S([], T.int32, name="n"), S([4, 2], T.float32, name="x")])
    write_tf2(w, "tf2_gradient_list_read", "tf2_gradient",
              "tf.GradientTape of a tf.while_loop reading a TensorArray", cf,
              [{"n": i32(v), "x": rng_f32(8, [4, 2])} for v in (0, 2, 4)], tolerance="gradient")

    # An RNN training step: the loss of a tanh RNN over T=5 steps and its
    # gradients w.r.t. the input sequence and both weight matrices.
    def rnn_step(x, w_in, w_h):
        with T.GradientTape() as tape:
            tape.watch([x, w_in, w_h])
            ta = T.TensorArray(T.float32, size=5).unstack(x)
            out = T.TensorArray(T.float32, size=5)

            def body(t, h, out):
                h = T.tanh(T.matmul(ta.read(t), w_in) + T.matmul(h, w_h))
                return t + 1, h, out.write(t, h)
            _, _, out = T.while_loop(lambda t, h, out: t < 5, body,
                                     [0, T.zeros([2, 3]), out])
            loss = T.reduce_sum(out.stack() ** 2)
        return [loss] + tape.gradient(loss, [x, w_in, w_h])
    cf = concrete(rnn_step, [S([5, 2, 4], T.float32, name="x"), S([4, 3], T.float32, name="w_in"),
                             S([3, 3], T.float32, name="w_h")])
    write_tf2(w, "tf2_gradient_rnn", "tf2_gradient",
              "an RNN training step in a tf.function: loss and gradients w.r.t. the "
              "input sequence and the weights", cf,
              [{"x": rng_f32(9, [5, 2, 4]), "w_in": rng_f32(10, [4, 3], 0.5),
                "w_h": rng_f32(11, [3, 3], 0.5)}], tolerance="gradient")

    # --- assertions (last: adding programs leaves the others' files alone) --
    def checked_loop(x, n):
        def body(i, s):
            T.debugging.assert_less(i, 5, message="too many iterations")
            return i + 1, s * 0.5 + x
        return T.while_loop(lambda i, s: i < n, body, [0, T.zeros([3])])[1]
    cf = concrete(checked_loop, [S([3], T.float32, name="x"), S([], T.int32, name="n")])
    write_tf2(w, "tf2_assert_in_while", "tf2_assert",
              "tf.debugging.assert_less in a tf.function's while loop (an Assert in the "
              "While body, guarded by an If)", cf,
              [{"x": f32(1, 2, 3), "n": i32(v)} for v in (0, 4, 6)])


# ---------------------------------------------------------------------------
# Random programs, built through TF's API.
# ---------------------------------------------------------------------------
#
# A drawn program is a small tree over float32[3] values and int32 scalars:
# elementwise ops (add, sub, mul clipped to [-8, 8], maximum, minimum,
# select), conds on a reduction or on the int input, and while loops counting
# to min(n, bound) whose body is itself a drawn tree (loops and conds nest up
# to `depth`). One spec builds in any context: in a v1 graph with control flow
# v1 tf.cond/tf.while_loop build Switch/Merge/Enter/..., inside tf.function
# they build If/While.

def draw(rng, depth, names):
    """A random expression over the float values `names` (a spec tuple)."""
    choices = ["bin", "bin", "un", "select"]
    if depth > 0:
        choices += ["cond", "while", "cond", "while"]
    kind = rng.choice(choices)
    leaf = lambda: ("var", rng.choice(names)) if rng.random() < 0.8 else (
        "const", round(rng.uniform(-2, 2), 2))
    if kind == "bin":
        op = rng.choice(["add", "sub", "mul", "max", "min"])
        return ("bin", op, draw(rng, depth - 1, names) if rng.random() < 0.3 else leaf(),
                leaf())
    if kind == "un":
        return ("un", rng.choice(["neg", "abs", "half"]), leaf())
    if kind == "select":
        return ("select", leaf(), leaf(), leaf())
    if kind == "cond":
        pred = rng.choice([("sum_gt", rng.choice(names), round(rng.uniform(-1, 1), 2)),
                           ("n_gt", rng.randint(0, 3))])
        return ("cond", pred, draw(rng, depth - 1, names), draw(rng, depth - 1, names))
    bound = rng.randint(1, 4)
    state = ["s", "t"][:rng.randint(1, 2)]
    body = [draw(rng, depth - 1, names + state) for _ in state]
    init = [leaf() for _ in state]
    return ("while", bound, state, init, body, rng.randrange(len(state)))


def draw_program(seed):
    rng = random.Random(seed)
    depth = rng.randint(1, 3)
    outputs = [draw(rng, depth, ["x", "y"]) for _ in range(rng.randint(1, 2))]
    return outputs


def build(spec, env, n):
    T = tf
    kind = spec[0]
    if kind == "var":
        return env[spec[1]]
    if kind == "const":
        return T.fill([3], T.constant(spec[1], T.float32))
    if kind == "bin":
        a, b = build(spec[2], env, n), build(spec[3], env, n)
        op = spec[1]
        if op == "add":
            return a + b
        if op == "sub":
            return a - b
        if op == "mul":
            return T.clip_by_value(a * b, -8.0, 8.0)
        return T.maximum(a, b) if op == "max" else T.minimum(a, b)
    if kind == "un":
        a = build(spec[2], env, n)
        return {"neg": lambda: -a, "abs": lambda: T.abs(a), "half": lambda: a * 0.5}[spec[1]]()
    if kind == "select":
        c, a, b = (build(s, env, n) for s in spec[1:])
        return T.where(c > 0.0, a, b)
    if kind == "cond":
        pred = spec[1]
        if pred[0] == "sum_gt":
            p = T.reduce_sum(env[pred[1]]) > pred[2]
        else:
            p = n > pred[1]
        return T.cond(p, lambda: build(spec[2], env, n), lambda: build(spec[3], env, n))
    _, bound, state, init, body, result = spec
    limit = T.minimum(n, bound)

    def body_fn(i, *values):
        inner = dict(env)
        inner.update(zip(state, values))
        return (i + 1,) + tuple(build(b, inner, n) for b in body)
    values = T.while_loop(lambda i, *v: i < limit, body_fn,
                          [T.constant(0)] + [build(s, env, n) for s in init])
    return values[1 + result]


def random_inputs(seed):
    rng = np.random.RandomState(seed)
    sets = []
    for n in (0, 2, 4):
        sets.append({"x": rng.uniform(-2, 2, 3).round(2).astype(np.float32),
                     "y": rng.uniform(-2, 2, 3).round(2).astype(np.float32),
                     "n": i32(n)})
    return sets


def grappler(graph_def, fetches):
    """The graph after grappler's meta optimizer (TF's defaults, with
    constant folding, dependency and loop optimization on), keeping the
    fetches."""
    from tensorflow.core.protobuf import config_pb2, meta_graph_pb2, rewriter_config_pb2
    from tensorflow.python.grappler import tf_optimizer
    graph = tf.Graph()
    with graph.as_default():
        tf.compat.v1.import_graph_def(graph_def, name="")
        meta = tf.compat.v1.train.export_meta_graph(graph_def=graph_def, graph=graph)
    collection = meta_graph_pb2.CollectionDef()
    collection.node_list.value.extend(fetches)
    meta.collection_def["train_op"].CopyFrom(collection)
    config = config_pb2.ConfigProto()
    rewrite = config.graph_options.rewrite_options
    on = rewriter_config_pb2.RewriterConfig.ON
    rewrite.constant_folding = on
    rewrite.dependency_optimization = on
    rewrite.loop_optimization = on
    rewrite.min_graph_nodes = -1
    return tf_optimizer.OptimizeGraph(config, meta, graph_id=b"sluice")


def random_programs(w, count, api):
    T = tf
    for seed in range(1, count + 1):
        spec = draw_program(seed)
        inputs = random_inputs(seed)
        description = f"generated program (seed {seed}): {spec!r}"
        if api == "tf1":
            graph = T.Graph()
            with graph.as_default():
                x = ph(T.float32, [3], "x")
                y = ph(T.float32, [3], "y")
                n = ph(T.int32, [], "n")
                outs = [T.identity(build(s, {"x": x, "y": y}, n), name=f"out{i}")
                        for i, s in enumerate(spec)]
            gd = graph.as_graph_def()
            feeds, fetches = ["x", "y", "n"], [t.name for t in outs]
        else:
            def fn(x, y, n):
                return [build(s, {"x": x, "y": y}, n) for s in spec]
            cf = concrete(fn, [T.TensorSpec([3], T.float32, name="x"),
                               T.TensorSpec([3], T.float32, name="y"),
                               T.TensorSpec([], T.int32, name="n")])
            gd = cf.graph.as_graph_def()
            feeds = [t.op.name for t in cf.inputs]
            fetches = [t.name for t in cf.outputs]
        w.write(f"random_{api}_{seed:03d}", f"random_{api}", api, description, gd, feeds,
                fetches, inputs)
        w.write(f"random_{api}_grappler_{seed:03d}", f"random_{api}_grappler", api,
                description + ", after grappler", grappler(gd, fetches), feeds, fetches, inputs)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=os.path.join(HERE, "corpus"))
    parser.add_argument("--random", type=int, default=70,
                        help="programs drawn per API (each written raw and after grappler)")
    parser.add_argument("--part", choices=["tf1", "tf2", "random-tf1", "random-tf2"],
                        help="(internal) write one part in this process")
    args = parser.parse_args()
    if args.part is None:
        # Control flow v1 is a process-wide switch, and TF numbers the
        # functions it traces process-wide: one process per API and per
        # part, so that adding a hand-written program leaves the generated
        # ones' files as they were.
        if os.path.isdir(args.out):
            shutil.rmtree(args.out)
        total = 0
        for part in ("tf1", "random-tf1", "tf2", "random-tf2"):
            out = subprocess.run([sys.executable, __file__, "--out", args.out, "--random",
                                  str(args.random), "--part", part], check=True,
                                 capture_output=True, text=True).stdout
            total += int(out.split()[-1])
        print(f"wrote {total} programs to {args.out}")
        return
    global tf
    import tensorflow
    tf = tensorflow
    tf.get_logger().setLevel("ERROR")
    api = args.part.replace("random-", "")
    if api == "tf1":
        tf.compat.v1.disable_control_flow_v2()
    w = Writer(args.out)
    if args.part == "tf1":
        tf1_programs(w)
    elif args.part == "tf2":
        tf2_programs(w)
    else:
        random_programs(w, args.random, api)
    print(w.count)


if __name__ == "__main__":
    main()
