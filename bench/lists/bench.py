#!/usr/bin/env python3
"""Lists (TensorArray, TensorList): bytes per write and RNN speed, one run.

Programs, written by TensorFlow from this script (in --workdir):
  ta_write    a tf.compat.v1 while loop writing row i of a TensorArray of
              T=1000 rows of 64 float32 (256 bytes; the array is 256000)
  ta_write_small  the same loop over T=100 rows (the array is 25600 bytes):
              the time per write in each engine, against ta_write's, shows
              whether a write costs the element or the whole array
  ta_dynamic  the same loops over a TensorArray with dynamic_size=True
              (ta_dynamic_small: T=100), which grows with each write: in
              native code and the exported model a storage that doubles
              when full and a length beside it
  lstm        tf.compat.v1.nn.dynamic_rnn with an LSTMCell, T=100, H=128,
              batch 1, input width 128, frozen (variables as constants)
  keras_lstm  the TF2 Keras LSTM of the TF-written corpus
              (test/tf/corpus/tf2_keras/tf2_keras_lstm.pbtxt)
  grad_while  tf.gradients of a tf.compat.v1 while loop (control flow v1)
              of T=1000
              iterations over 64 float32, which saves each iteration's
              state on a stack (StackV2; a push and a pop of 256 bytes per
              iteration); grad_while_small the same over T=100. The
              exported model carries each stack as a list (TFLite has no
              stacks)
  grad_while_v2  the same gradient with control flow v2: the forward While
              pushes each iteration's state onto a TensorList accumulator
              (EmptyTensorList, TensorListPushBack, growing) that the
              backward While pops; grad_while_v2_small over T=100

Bytes: each program is lifted (`sluicec --emit=mlir`) and taken through
the native pipeline up to deallocation (`sluice-opt -sluice-bufferize`);
copies, bytes and allocations inside scf.while/scf.for bodies are counted
in the IR (bench/buffers' counter), next to one element's and the whole
list's size; ops in the branch that reallocates a growable list (about
log2(T) of T iterations) are counted apart. Goal: a write costs the
element, not the list.

Speed: best of --repeat runs, loading and compilation excluded, of
  tf       TensorFlow running the graph (tf.compat.v1.Session)
  litert   `sluicec --emit=tflite`, run in native LiteRT (ai-edge-litert)
  native   Sluice native code (Program.run(engine="native"): compiled once,
           then timed), for this machine's CPU
Outputs are checked against TensorFlow's (atol 1e-4). Prints the ratios
litert / native and tf / native. Goals (issue 18): native >= 5x LiteRT,
>= 20x TF on the LSTM.

usage: .venv/bin/python bench/lists/bench.py [--build DIR] [--repeat R]
                                             [--workdir DIR]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
# TF1 cells (tf.compat.v1.nn.rnn_cell) live in tf_keras, Keras 2.
os.environ.setdefault("TF_USE_LEGACY_KERAS", "1")

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "bench", "buffers"))
sys.dont_write_bytecode = True
from bench import count_in_loops_split  # noqa: E402  (bench/buffers/bench.py)

T_WRITE, ROW = 1000, 64
T_RNN, HIDDEN, WIDTH = 100, 128, 128


def write_programs(workdir):
    """Writes the TF programs: {name: (pbtxt, feeds, fetches, inputs)}."""
    import tensorflow as tf
    tf1 = tf.compat.v1
    tf1.disable_eager_execution()
    rng = np.random.default_rng(18)
    programs = {}

    for name, rows in (("ta_write", T_WRITE), ("ta_write_small", T_WRITE // 10),
                       ("ta_dynamic", T_WRITE), ("ta_dynamic_small", T_WRITE // 10)):
        graph = tf.Graph()
        with graph.as_default():
            x = tf1.placeholder(tf.float32, [ROW], name="x")
            if name.startswith("ta_dynamic"):
                ta = tf.TensorArray(tf.float32, size=0, dynamic_size=True,
                                    element_shape=[ROW])
            else:
                ta = tf.TensorArray(tf.float32, size=rows, element_shape=[ROW])

            def body(i, ta):
                return i + 1, ta.write(i, x * tf.cast(i, tf.float32))
            _, ta = tf1.while_loop(lambda i, ta: i < rows, body,
                                   [tf.constant(0), ta])
            tf.identity(ta.stack(), name="rows")
        tf.io.write_graph(graph.as_graph_def(), workdir, name + ".pbtxt")
        programs[name] = (os.path.join(workdir, name + ".pbtxt"), ["x"], ["rows"],
                          {"x": rng.standard_normal(ROW).astype(np.float32)})

    graph = tf.Graph()
    with graph.as_default():
        x = tf1.placeholder(tf.float32, [1, T_RNN, WIDTH], name="x")
        cell = tf1.nn.rnn_cell.LSTMCell(
            HIDDEN, initializer=tf1.random_uniform_initializer(-0.1, 0.1, seed=18))
        outputs, _ = tf1.nn.dynamic_rnn(cell, x, dtype=tf.float32)
        tf.identity(outputs, name="outputs")
        with tf1.Session() as session:
            session.run(tf1.global_variables_initializer())
            frozen = tf1.graph_util.convert_variables_to_constants(
                session, graph.as_graph_def(), ["outputs"])
    tf.io.write_graph(frozen, workdir, "lstm.pbtxt")
    programs["lstm"] = (os.path.join(workdir, "lstm.pbtxt"), ["x"], ["outputs"],
                        {"x": rng.standard_normal([1, T_RNN, WIDTH]).astype(np.float32)})

    # The gradient of a loop: with control flow v1 TF1 saves the forward
    # values on stacks; with v2 the forward While pushes them onto TensorList
    # accumulators (EmptyTensorList, TensorListPushBack) that the backward
    # While pops.
    for name, steps, v2 in (("grad_while", T_WRITE, False),
                            ("grad_while_small", T_WRITE // 10, False),
                            ("grad_while_v2", T_WRITE, True),
                            ("grad_while_v2_small", T_WRITE // 10, True)):
        if v2:
            tf1.enable_control_flow_v2()
        else:
            tf1.disable_control_flow_v2()
        graph = tf.Graph()
        with graph.as_default():
            x = tf1.placeholder(tf.float32, [ROW], name="x")

            def body(i, h):
                return i + 1, tf.tanh(h * 0.5 + x)
            _, h = tf1.while_loop(lambda i, h: i < steps, body, [tf.constant(0), x])
            tf.identity(tf.gradients(tf.reduce_sum(h), x)[0], name="dx")
        tf.io.write_graph(graph.as_graph_def(), workdir, name + ".pbtxt")
        programs[name] = (os.path.join(workdir, name + ".pbtxt"), ["x"], ["dx"],
                          {"x": rng.standard_normal(ROW).astype(np.float32)})
    tf1.enable_control_flow_v2()

    corpus = os.path.join(ROOT, "test", "tf", "corpus", "tf2_keras")
    with open(os.path.join(corpus, "tf2_keras_lstm.json")) as f:
        spec = json.load(f)
    run = spec["runs"][0]["inputs"]
    inputs = {name: np.array(v["data"], dtype=v["dtype"]).reshape(v["shape"])
              for name, v in run.items()}
    programs["keras_lstm"] = (os.path.join(corpus, "tf2_keras_lstm.pbtxt"),
                              spec["feeds"], spec["fetches"], inputs)
    return programs


def time_tf(path, feeds, fetches, inputs, repeat):
    import tensorflow as tf
    tf1 = tf.compat.v1
    graph_def = tf1.GraphDef()
    from google.protobuf import text_format
    with open(path) as f:
        text_format.Parse(f.read(), graph_def)
    graph = tf.Graph()
    with graph.as_default():
        tf1.import_graph_def(graph_def, name="")
    name = lambda t: t if ":" in t else t + ":0"  # noqa: E731
    with tf1.Session(graph=graph) as session:
        feed = {name(k): inputs[k.split(":")[0]] for k in feeds}
        fetch = [name(t) for t in fetches]
        result = session.run(fetch, feed)
        best = min(timed(lambda: session.run(fetch, feed)) for _ in range(repeat))
    return best, result


def timed(fn):
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def run_in_litert(model, values, repeat):
    """(best time of `repeat` invocations, outputs) of the .tflite `model`
    in native LiteRT (one thread), its inputs resized to and set from
    `values`, in input order."""
    from ai_edge_litert.interpreter import Interpreter
    interpreter = Interpreter(model_path=model, num_threads=1)
    details = interpreter.get_input_details()
    for detail, value in zip(details, values):
        interpreter.resize_tensor_input(detail["index"], value.shape)
    interpreter.allocate_tensors()
    for detail, value in zip(details, values):
        interpreter.set_tensor(detail["index"], value)
    interpreter.invoke()
    outputs = [interpreter.get_tensor(d["index"])
               for d in interpreter.get_output_details()]
    best = min(timed(interpreter.invoke) for _ in range(repeat))
    return best, outputs


def time_litert(sluicec, path, feeds, fetches, inputs, repeat, workdir, name):
    model = os.path.join(workdir, name + ".tflite")
    subprocess.run([sluicec, path, "--emit=tflite", "--feeds=" + ",".join(feeds),
                    "--fetches=" + ",".join(fetches), "-o", model], check=True)
    best, outputs = run_in_litert(
        model, [inputs[feed.split(":")[0]] for feed in feeds], repeat)
    return best, outputs[0]


NATIVE_TIMER = r"""
import json, sys, time
import numpy as np
import sluice
path, feeds, fetches, inputs, repeat, out = json.loads(sys.argv[1])
program = sluice.load(path, feeds=feeds, fetches=fetches)
args = {spec.name: np.load(inputs[spec.name.split(":")[0]])
        for spec in program.inputs()}
result = program.run(args, engine="native")
best = float("inf")
for _ in range(repeat):
    start = time.perf_counter()
    program.run(args, engine="native")
    best = min(best, time.perf_counter() - start)
np.save(out, list(result.values())[0])
print(json.dumps(best))
"""


def time_native(build, path, feeds, fetches, inputs, repeat, workdir, name):
    files = {}
    for key, value in inputs.items():
        files[key] = os.path.join(workdir, "%s.%s.npy" % (name, key))
        np.save(files[key], value)
    out = os.path.join(workdir, name + ".native.npy")
    env = dict(os.environ, PYTHONPATH=os.path.join(build, "python"))
    run = subprocess.run(
        ["/usr/bin/python3", "-c", NATIVE_TIMER,
         json.dumps([path, feeds, fetches, files, repeat, out])],
        capture_output=True, text=True, env=env)
    if run.returncode != 0:
        raise RuntimeError("native run of %s failed: %s" % (name, run.stderr))
    return json.loads(run.stdout), np.load(out)


def bytes_per_iteration(bins, path, feeds, fetches, workdir, name):
    lifted = os.path.join(workdir, name + ".mlir")
    subprocess.run([os.path.join(bins, "sluicec"), path, "--emit=mlir",
                    "--feeds=" + ",".join(feeds),
                    "--fetches=" + ",".join(fetches), "-o", lifted], check=True)
    run = subprocess.run([os.path.join(bins, "sluice-opt"), lifted,
                          "--pass-pipeline=builtin.module(sluice-bufferize)"],
                         capture_output=True, text=True, check=True)
    return count_in_loops_split(run.stdout)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--workdir")
    args = parser.parse_args()
    bins = os.path.join(args.build, "bin")
    workdir = args.workdir or tempfile.mkdtemp(prefix="sluice-lists-")
    os.makedirs(workdir, exist_ok=True)
    programs = write_programs(workdir)

    print("Bytes per loop iteration, native (in scf loops, after bufferization;")
    print("'grow': in the branch that reallocates a growable list, log2(T) of T")
    print("iterations):")
    print("%-20s %8s %10s %8s %14s %12s %12s" % ("program", "copies", "bytes", "allocs",
                                                 "grow c/B/a", "element B", "list B"))
    row = ROW * 4
    sizes = {"ta_write": (row, T_WRITE * row),
             "ta_write_small": (row, T_WRITE // 10 * row),
             "ta_dynamic": (row, T_WRITE * row),
             "ta_dynamic_small": (row, T_WRITE // 10 * row),
             "lstm": (HIDDEN * 4, T_RNN * HIDDEN * 4),
             "keras_lstm": (None, None),
             "grad_while": (row, T_WRITE * row),
             "grad_while_small": (row, T_WRITE // 10 * row),
             "grad_while_v2": (row, T_WRITE * row),
             "grad_while_v2_small": (row, T_WRITE // 10 * row)}
    for name, (path, feeds, fetches, _) in programs.items():
        (copies, copied, allocs), grow = bytes_per_iteration(bins, path, feeds, fetches,
                                                             workdir, name)
        element, whole = sizes[name]
        print("%-20s %8d %10d %8d %14s %12s %12s" % (
            name, copies, copied, allocs, "%d/%d/%d" % grow, element or "-",
            whole or "-"))

    print()
    print("Speed (best of %d, ms):" % args.repeat)
    print("%-20s %10s %10s %10s %14s %12s %10s" % ("program", "tf", "litert", "native",
                                                   "litert/native", "tf/native", "max |err|"))
    failed = False
    per_step = {}
    for name, (path, feeds, fetches, inputs) in programs.items():
        tf_time, tf_outputs = time_tf(path, feeds, fetches, inputs, args.repeat)
        expected = tf_outputs[0]
        lite_time, lite_out = time_litert(os.path.join(bins, "sluicec"), path, feeds,
                                          fetches, inputs, args.repeat, workdir, name)
        native_time, native_out = time_native(args.build, path, feeds, fetches, inputs,
                                              args.repeat, workdir, name)
        error = max(float(np.max(np.abs(lite_out - expected))),
                    float(np.max(np.abs(native_out - expected))))
        failed |= error > 1e-4
        lite_ms = "%10.3f" % (lite_time * 1e3) if lite_time else "%10s" % "-"
        lite_ratio = "%14.1f" % (lite_time / native_time) if lite_time else "%14s" % "-"
        print("%-20s %10.3f %s %10.3f %s %12.1f %10.2e" % (
            name, tf_time * 1e3, lite_ms, native_time * 1e3, lite_ratio,
            tf_time / native_time, error))
        for prefix in ("ta_write", "ta_dynamic", "grad_while_v2", "grad_while"):
            if name.startswith(prefix):
                steps = T_WRITE // 10 if name.endswith("_small") else T_WRITE
                per_step.setdefault(prefix, {})[name.endswith("_small")] = [
                    t / steps * 1e6 if t else None
                    for t in (tf_time, lite_time, native_time)]
                break
    titles = {
        "ta_write": "TensorArray write, fixed size",
        "ta_dynamic": "TensorArray write, dynamic_size (the list grows)",
        "grad_while": "loop gradient iteration, v1 (stack pushes and pops, 256 B each)",
        "grad_while_v2": "loop gradient iteration, v2 (a TensorList push and pop of 256 B)"}
    print()
    print("Time per iteration (us) at T=100 and T=1000; a ratio near 1 means an")
    print("iteration costs its element, near 10 the whole list:")
    for prefix, times in per_step.items():
        if len(times) != 2:
            continue
        print("  %s:" % titles[prefix])
        for engine, small, large in zip(("tf", "litert", "native"), times[True],
                                        times[False]):
            if small and large:
                print("    %-7s %8.3f %8.3f   ratio %.1f" % (engine, small, large,
                                                            large / small))
    if failed:
        print("FAILED: an engine disagrees with TensorFlow")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
