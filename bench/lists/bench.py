#!/usr/bin/env python3
"""Lists (TensorArray, TensorList): bytes per write and RNN speed, one run.

Programs, written by TensorFlow from this script (in --workdir):
  ta_write    a tf.compat.v1 while loop writing row i of a TensorArray of
              T=1000 rows of 64 float32 (256 bytes; the array is 256000)
  ta_write_small  the same loop over T=100 rows (the array is 25600 bytes):
              the time per write in each engine, against ta_write's, shows
              whether a write costs the element or the whole array
  lstm        tf.compat.v1.nn.dynamic_rnn with an LSTMCell, T=100, H=128,
              batch 1, input width 128, frozen (variables as constants)
  keras_lstm  the TF2 Keras LSTM of the TF-written corpus
              (test/tf/corpus/tf2_keras/tf2_keras_lstm.pbtxt)
  grad_while  tf.gradients of a tf.compat.v1 while loop (control flow v1)
              of T=1000
              iterations over 64 float32, which saves each iteration's
              state on a stack (StackV2; a push and a pop of 256 bytes per
              iteration); grad_while_small the same over T=100. TFLite
              export refuses stacks: no LiteRT column.

Bytes: each program is lifted (`sluicec --emit=mlir`) and taken through
the native pipeline up to deallocation (`sluice-opt -sluice-bufferize`);
copies, bytes and allocations inside scf.while/scf.for bodies are counted
in the IR (bench/buffers' counter), next to one element's and the whole
list's size. Goal: a write costs the element, not the list.

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
from bench import count_in_loops  # noqa: E402  (bench/buffers/bench.py)

T_WRITE, ROW = 1000, 64
T_RNN, HIDDEN, WIDTH = 100, 128, 128


def write_programs(workdir):
    """Writes the TF programs: {name: (pbtxt, feeds, fetches, inputs)}."""
    import tensorflow as tf
    tf1 = tf.compat.v1
    tf1.disable_eager_execution()
    rng = np.random.default_rng(18)
    programs = {}

    for name, rows in (("ta_write", T_WRITE), ("ta_write_small", T_WRITE // 10)):
        graph = tf.Graph()
        with graph.as_default():
            x = tf1.placeholder(tf.float32, [ROW], name="x")
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

    # Control flow v1: TF1's gradient of a loop saves on stacks (v2's on
    # TensorLists).
    tf1.disable_control_flow_v2()
    for name, steps in (("grad_while", T_WRITE), ("grad_while_small", T_WRITE // 10)):
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
    return best, result[0]


def timed(fn):
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def time_litert(sluicec, path, feeds, fetches, inputs, repeat, workdir, name):
    from ai_edge_litert.interpreter import Interpreter
    model = os.path.join(workdir, name + ".tflite")
    subprocess.run([sluicec, path, "--emit=tflite", "--feeds=" + ",".join(feeds),
                    "--fetches=" + ",".join(fetches), "-o", model], check=True)
    interpreter = Interpreter(model_path=model, num_threads=1)
    details = interpreter.get_input_details()
    for detail, feed in zip(details, feeds):
        interpreter.resize_tensor_input(detail["index"], inputs[feed.split(":")[0]].shape)
    interpreter.allocate_tensors()
    for detail, feed in zip(details, feeds):
        interpreter.set_tensor(detail["index"], inputs[feed.split(":")[0]])
    interpreter.invoke()
    out = interpreter.get_tensor(interpreter.get_output_details()[0]["index"])
    best = min(timed(interpreter.invoke) for _ in range(repeat))
    return best, out


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
    return count_in_loops(run.stdout)


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

    print("Bytes per loop iteration, native (in scf loops, after bufferization):")
    print("%-16s %8s %10s %8s %12s %12s" % ("program", "copies", "bytes", "allocs",
                                            "element B", "list B"))
    sizes = {"ta_write": (ROW * 4, T_WRITE * ROW * 4),
             "ta_write_small": (ROW * 4, T_WRITE // 10 * ROW * 4),
             "lstm": (HIDDEN * 4, T_RNN * HIDDEN * 4),
             "keras_lstm": (None, None),
             "grad_while": (ROW * 4, T_WRITE * ROW * 4),
             "grad_while_small": (ROW * 4, T_WRITE // 10 * ROW * 4)}
    for name, (path, feeds, fetches, _) in programs.items():
        copies, copied, allocs = bytes_per_iteration(bins, path, feeds, fetches,
                                                     workdir, name)
        element, whole = sizes[name]
        print("%-16s %8d %10d %8d %12s %12s" % (name, copies, copied, allocs,
                                                element or "-", whole or "-"))

    print()
    print("Speed (best of %d, ms):" % args.repeat)
    print("%-16s %10s %10s %10s %14s %12s %10s" % ("program", "tf", "litert", "native",
                                                   "litert/native", "tf/native", "max |err|"))
    failed = False
    per_write = {}
    per_push = {}
    for name, (path, feeds, fetches, inputs) in programs.items():
        tf_time, expected = time_tf(path, feeds, fetches, inputs, args.repeat)
        if name.startswith("grad_while"):  # stacks: no TFLite export
            lite_time, lite_out = None, expected
        else:
            lite_time, lite_out = time_litert(os.path.join(bins, "sluicec"), path, feeds,
                                              fetches, inputs, args.repeat, workdir, name)
        native_time, native_out = time_native(args.build, path, feeds, fetches, inputs,
                                              args.repeat, workdir, name)
        error = max(float(np.max(np.abs(lite_out - expected))),
                    float(np.max(np.abs(native_out - expected))))
        failed |= error > 1e-4
        lite_ms = "%10.3f" % (lite_time * 1e3) if lite_time else "%10s" % "-"
        lite_ratio = "%14.1f" % (lite_time / native_time) if lite_time else "%14s" % "-"
        print("%-16s %10.3f %s %10.3f %s %12.1f %10.2e" % (
            name, tf_time * 1e3, lite_ms, native_time * 1e3, lite_ratio,
            tf_time / native_time, error))
        if name.startswith("ta_write"):
            rows = T_WRITE if name == "ta_write" else T_WRITE // 10
            per_write[name] = [t / rows * 1e6 for t in (tf_time, lite_time, native_time)]
        if name.startswith("grad_while"):
            steps = T_WRITE if name == "grad_while" else T_WRITE // 10
            per_push[name] = [t / steps * 1e6 for t in (tf_time, native_time)]
    if len(per_write) == 2:
        print()
        print("Time per TensorArray write (us) at 25.6 KB and 256 KB arrays; a ratio")
        print("near 1 means a write costs the element, near 10 the whole array:")
        for engine, small, large in zip(("tf", "litert", "native"),
                                        per_write["ta_write_small"],
                                        per_write["ta_write"]):
            print("  %-7s %8.3f %8.3f   ratio %.1f" % (engine, small, large, large / small))
    if len(per_push) == 2:
        print()
        print("Time per iteration of a loop's gradient (us; one push and one pop")
        print("of 256 B) at stacks of 100 and 1000 elements:")
        for engine, small, large in zip(("tf", "native"), per_push["grad_while_small"],
                                        per_push["grad_while"]):
            print("  %-7s %8.3f %8.3f   ratio %.1f" % (engine, small, large, large / small))
    if failed:
        print("FAILED: an engine disagrees with TensorFlow")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
