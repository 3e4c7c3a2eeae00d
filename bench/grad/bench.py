#!/usr/bin/env python3
"""Gradients of an RNN training step: Sluice's reverse mode vs TF's tf.gradients.

The program, written by TensorFlow from this script (in --workdir): a
tf.compat.v1 while loop (control flow v1) over T steps of an RNN cell,
h = tanh(x[t] Wx + h Wh + b) with x [T, D], h [1, H], accumulating the loss
sum(h * h) of every step; the weights Wx [D, H], Wh [H, H], b [H] are
inputs. TensorFlow's graph has tf.gradients(loss, [Wx, Wh, b]), whose
forward loop pushes onto stacks what its backward loop pops.

Sluice imports the forward part only (the loss), lifts it and builds
main_grad (sluicec --grad: Sluice's own reverse mode), with respect to the
weights.

Memory, bytes saved per forward iteration:
  tf      the elements TF's StackPushV2 nodes push in its forward loop (their
          static shapes in the graph)
  sluice  the loop state -lite-reverse-mode records (its list_set_items in
          the recording loop: the state the gradient's ops read)
Speed, best of --repeat runs, loading and compilation excluded:
  tf      TensorFlow running its gradient graph (tf.compat.v1.Session)
  litert  the model `sluicec --grad --emit=tflite` writes, in native LiteRT
          (ai-edge-litert, one thread)
  native  Sluice native code (Program.gradient, then run(engine="native",
          function="main_grad"), compiled once)
Gradients are checked against TF's (rtol 1e-3). Prints tf / native and
litert / native. Goal (issue 19): native >= 20x TF at H=128, T=100.

usage: .venv/bin/python bench/grad/bench.py [--build DIR] [--repeat R]
          [--steps T] [--hidden H] [--workdir DIR]
"""
import argparse
import importlib.util
import json
import os
import re
import subprocess
import sys
import tempfile

import numpy as np

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
WEIGHTS = ["Wx", "Wh", "b"]
sys.dont_write_bytecode = True
# bench/lists/bench.py: TensorFlow's and LiteRT's timers.
_spec = importlib.util.spec_from_file_location(
    "lists_bench", os.path.join(ROOT, "bench", "lists", "bench.py"))
lists = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(lists)


def write_program(workdir, steps, hidden, depth):
    """Writes the graph; returns (pbtxt, inputs, tf stack bytes/iteration)."""
    import tensorflow as tf
    tf1 = tf.compat.v1
    tf1.disable_eager_execution()
    tf1.disable_control_flow_v2()
    rng = np.random.default_rng(19)
    graph = tf.Graph()
    with graph.as_default():
        x = tf1.placeholder(tf.float32, [steps, depth], name="x")
        wx = tf1.placeholder(tf.float32, [depth, hidden], name="Wx")
        wh = tf1.placeholder(tf.float32, [hidden, hidden], name="Wh")
        b = tf1.placeholder(tf.float32, [hidden], name="b")

        def body(t, h, loss):
            xt = tf.reshape(tf.gather(x, t), [1, depth])
            h = tf.tanh(tf.matmul(xt, wx) + tf.matmul(h, wh) + b)
            return t + 1, h, loss + tf.reduce_sum(h * h)
        _, _, loss = tf1.while_loop(lambda t, h, loss: t < steps, body,
                                    [tf.constant(0), tf.zeros([1, hidden]),
                                     tf.constant(0.0)])
        tf.identity(loss, name="loss")
        grads = tf.gradients(loss, [wx, wh, b])
        for name, g in zip(WEIGHTS, grads):
            tf.identity(g, name="d" + name)
    tf1.enable_control_flow_v2()
    # What the forward loop pushes per iteration.
    pushed = 0
    for op in graph.get_operations():
        if op.type == "StackPushV2":
            shape = op.inputs[1].shape
            pushed += int(np.prod(shape.as_list())) * op.inputs[1].dtype.size
    path = os.path.join(workdir, "rnn_step.pbtxt")
    tf.io.write_graph(graph.as_graph_def(), workdir, "rnn_step.pbtxt")
    scale = 1.0 / np.sqrt(hidden)
    inputs = {"x": rng.standard_normal([steps, depth]).astype(np.float32),
              "Wx": (rng.standard_normal([depth, hidden]) * scale).astype(np.float32),
              "Wh": (rng.standard_normal([hidden, hidden]) * scale).astype(np.float32),
              "b": (rng.standard_normal([hidden]) * 0.1).astype(np.float32)}
    return path, inputs, pushed


def sluice_bytes_per_iteration(bins, path, workdir):
    """Bytes the recording loop pushes per iteration: the element types of
    the list_set_items in the forward (first) lite.while of main_grad."""
    lifted = os.path.join(workdir, "rnn_step.grad.mlir")
    subprocess.run([os.path.join(bins, "sluicec"), path, "--feeds=x,Wx,Wh,b",
                    "--fetches=loss", "--grad=1,2,3", "-o", lifted], check=True)
    text = open(lifted).read()
    grad = text[text.index("func.func @main_grad"):]
    first_loop = grad[grad.index("lite.while"):]
    first_loop = first_loop[:first_loop.index("lite.while", 10)]
    total = 0
    sizes = {"f32": 4, "i32": 4, "i64": 8, "i1": 1}
    for match in re.finditer(r"lite\.list_set_item .*: \(tensor<[^>]*>, tensor<[^>]*>, "
                             r"tensor<([^>]*)>\)", first_loop):
        parts = match.group(1).split("x")
        elements = int(np.prod([int(p) for p in parts[:-1]])) if len(parts) > 1 else 1
        total += elements * sizes[parts[-1]]
    return total


NATIVE_TIMER = r"""
import json, sys, time
import numpy as np
import sluice
path, inputs, repeat, out = json.loads(sys.argv[1])
program = sluice.load(path, feeds="x,Wx,Wh,b", fetches="loss").lift()
gradient = program.gradient(wrt=[1, 2, 3])
args = {name: np.load(file) for name, file in inputs.items()}
args["dloss"] = np.ones([], np.float32)
result = gradient.run(args, engine="native", function="main_grad")
best = float("inf")
for _ in range(repeat):
    start = time.perf_counter()
    gradient.run(args, engine="native", function="main_grad")
    best = min(best, time.perf_counter() - start)
np.savez(out, *[np.asarray(v) for v in result.values()])
print(json.dumps(best))
"""


def time_native(build, path, inputs, repeat, workdir):
    files = {}
    for name, value in inputs.items():
        files[name] = os.path.join(workdir, name + ".npy")
        np.save(files[name], value)
    out = os.path.join(workdir, "native_out.npz")
    env = dict(os.environ, PYTHONPATH=os.path.join(build, "python"))
    run = subprocess.run(["/usr/bin/python3", "-c", NATIVE_TIMER,
                          json.dumps([path, files, repeat, out])],
                         capture_output=True, text=True, env=env)
    if run.returncode != 0:
        raise RuntimeError("native run failed: " + run.stderr)
    saved = np.load(out)
    return json.loads(run.stdout), [saved["arr_%d" % i] for i in range(len(saved.files))]


def time_litert(bins, path, inputs, repeat, workdir):
    model = os.path.join(workdir, "rnn_step.grad.tflite")
    subprocess.run([os.path.join(bins, "sluicec"), path, "--emit=tflite",
                    "--feeds=x,Wx,Wh,b", "--fetches=loss", "--grad=1,2,3", "-o", model],
                   check=True)
    values = [inputs["x"], inputs["Wx"], inputs["Wh"], inputs["b"],
              np.ones([], np.float32)]
    return lists.run_in_litert(model, values, repeat)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--steps", type=int, default=100)
    parser.add_argument("--hidden", type=int, default=128)
    parser.add_argument("--depth", type=int, default=128)
    parser.add_argument("--workdir")
    args = parser.parse_args()
    bins = os.path.join(args.build, "bin")
    workdir = args.workdir or tempfile.mkdtemp(prefix="sluice-grad-bench-")
    os.makedirs(workdir, exist_ok=True)
    path, inputs, tf_bytes = write_program(workdir, args.steps, args.hidden, args.depth)
    sluice_bytes = sluice_bytes_per_iteration(bins, path, workdir)
    print("RNN training step, T=%d, H=%d, D=%d (loss and gradients w.r.t. Wx, Wh, b)"
          % (args.steps, args.hidden, args.depth))
    print()
    print("Bytes saved per forward iteration:")
    print("  tf (StackPushV2 elements)       %8d" % tf_bytes)
    print("  sluice (recorded loop state)    %8d   ratio %.2f" % (
        sluice_bytes, sluice_bytes / tf_bytes if tf_bytes else float("nan")))
    tf_time, expected = lists.time_tf(path, ["x"] + WEIGHTS,
                                      ["loss"] + ["d" + w for w in WEIGHTS], inputs,
                                      args.repeat)
    native_time, native_out = time_native(args.build, path, inputs, args.repeat, workdir)
    lite_time, lite_out = time_litert(bins, path, inputs, args.repeat, workdir)
    failed = False
    for engine, outputs in (("native", native_out), ("litert", lite_out)):
        for want, got in zip(expected, outputs):
            if not np.allclose(np.asarray(got).reshape(np.shape(want)), want,
                               rtol=1e-3, atol=1e-3):
                failed = True
                print("FAILED: %s's gradient differs from TF's (max |err| %.3g)"
                      % (engine, float(np.max(np.abs(np.asarray(got).reshape(
                          np.shape(want)) - want)))))
    print()
    print("Speed (best of %d, ms):" % args.repeat)
    print("  %-8s %10.3f" % ("tf", tf_time * 1e3))
    print("  %-8s %10.3f" % ("litert", lite_time * 1e3))
    print("  %-8s %10.3f" % ("native", native_time * 1e3))
    print("  tf / native %.1f, litert / native %.1f" % (tf_time / native_time,
                                                      lite_time / native_time))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
