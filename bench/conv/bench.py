#!/usr/bin/env python3
"""Convolutions and pools: Sluice's native code against LiteRT and TF, one run.

Programs, written by TensorFlow (Keras layers, frozen) from this script:
  cnn        a small image classifier on a 1x32x32x3 image: Conv2D(16, 3x3,
             SAME, relu), MaxPool 2x2, Conv2D(32, 3x3, VALID, relu),
             MaxPool 2x2, DepthwiseConv2D(3x3, SAME), AveragePooling 2x2,
             Dense(10)
  crnn_conv  the convolutional front of a CRNN on a 1x32x128x1 text line:
             Conv2D(32, 3x3, SAME, relu), MaxPool 2x2, Conv2D(64, 3x3, SAME,
             relu), MaxPool 2x2, Conv2D(128, 3x3, SAME, relu)

Engines, best of --repeat runs, loading and compilation excluded, one thread:
  tf          TensorFlow running the frozen graph (tf.compat.v1.Session)
  tf_litert   TF's own converter (from the Keras model), run in native
              LiteRT with its default XNNPack delegate: the native peer
  litert      `sluicec --emit=tflite` of the frozen graph in native LiteRT
  native      Sluice native code for this machine's CPU
  bound       the multiply-adds at the machine's measured rate: a
              single-threaded float32 matrix product of the same work
              (numpy's BLAS), a rate convolutions can approach
Outputs are checked against TF's (atol 1e-4). Prints times and the ratios
tf_litert / native, tf / native and bound / native (the fraction of the
measured rate native code reaches). Goal (issue 39): native >= 1x
tf_litert.

usage: .venv/bin/python bench/conv/bench.py [--build DIR] [--repeat R]
                                            [--workdir DIR]
"""
import argparse
import importlib.util
import os
import sys
import tempfile
import time

import numpy as np

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.dont_write_bytecode = True


def load_lists_bench():
    """bench/lists/bench.py's engine timers (TF, LiteRT, native)."""
    spec = importlib.util.spec_from_file_location(
        "lists_bench", os.path.join(ROOT, "bench", "lists", "bench.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def keras_models():
    """{name: (keras model, input shape)}."""
    import tf_keras as keras
    keras.utils.set_random_seed(39)
    layers = keras.layers
    cnn = keras.Sequential([
        keras.Input((32, 32, 3), batch_size=1),
        layers.Conv2D(16, 3, padding="same", activation="relu"),
        layers.MaxPooling2D(2),
        layers.Conv2D(32, 3, padding="valid", activation="relu"),
        layers.MaxPooling2D(2),
        layers.DepthwiseConv2D(3, padding="same"),
        layers.AveragePooling2D(2),
        layers.Flatten(),
        layers.Dense(10),
    ])
    crnn = keras.Sequential([
        keras.Input((32, 128, 1), batch_size=1),
        layers.Conv2D(32, 3, padding="same", activation="relu"),
        layers.MaxPooling2D(2),
        layers.Conv2D(64, 3, padding="same", activation="relu"),
        layers.MaxPooling2D(2),
        layers.Conv2D(128, 3, padding="same", activation="relu"),
    ])
    return {"cnn": (cnn, (1, 32, 32, 3)), "crnn_conv": (crnn, (1, 32, 128, 1))}


def multiply_adds(model):
    """The multiply-adds of the model's convolutions and dense layers."""
    total = 0
    for layer in model.layers:
        kind = type(layer).__name__
        out = layer.output_shape
        if kind == "Conv2D":
            kh, kw, cin, cout = layer.kernel.shape
            total += out[1] * out[2] * cout * kh * kw * cin
        elif kind == "DepthwiseConv2D":
            kh, kw, cin, mult = layer.depthwise_kernel.shape
            total += out[1] * out[2] * cin * mult * kh * kw
        elif kind == "Dense":
            total += int(np.prod(layer.kernel.shape))
    return total


def measured_rate(repeat):
    """Multiply-adds per second of a single-threaded float32 matrix product
    (numpy's BLAS): the rate this machine reaches on dense work."""
    rng = np.random.default_rng(0)
    a = rng.standard_normal((256, 576), dtype=np.float32)
    b = rng.standard_normal((576, 128), dtype=np.float32)
    a @ b
    best = min(timed(lambda: a @ b) for _ in range(max(repeat, 20)))
    return 256 * 576 * 128 / best


def timed(fn):
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def write_programs(workdir, models):
    """Freezes each model into a GraphDef and converts it with TF's own
    converter: {name: (pbtxt, tflite of TF's converter)}."""
    import tensorflow as tf
    from tensorflow.python.framework import convert_to_constants
    written = {}
    for name, (model, shape) in models.items():
        function = tf.function(lambda x: model(x, training=False))
        concrete = function.get_concrete_function(tf.TensorSpec(shape, tf.float32, name="x"))
        frozen = convert_to_constants.convert_variables_to_constants_v2(concrete)
        graph_def = frozen.graph.as_graph_def()
        for node in graph_def.node:
            if node.op == "Placeholder":
                node.name = "x"
        tf.io.write_graph(graph_def, workdir, name + ".pbtxt")
        converter = tf.lite.TFLiteConverter.from_concrete_functions([concrete], model)
        model_path = os.path.join(workdir, name + ".tf.tflite")
        with open(model_path, "wb") as f:
            f.write(converter.convert())
        written[name] = (os.path.join(workdir, name + ".pbtxt"),
                         frozen.outputs[0].name.split(":")[0], model_path)
    return written


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--repeat", type=int, default=50)
    parser.add_argument("--workdir")
    args = parser.parse_args()
    bins = os.path.join(args.build, "bin")
    workdir = args.workdir or tempfile.mkdtemp(prefix="sluice-conv-")
    lists = load_lists_bench()
    models = keras_models()
    programs = write_programs(workdir, models)
    rate = measured_rate(args.repeat)
    rng = np.random.default_rng(39)
    print("measured rate: %.2f G multiply-adds/s (one thread)" % (rate / 1e9))
    print("%-10s %10s %10s %10s %10s %10s %12s %10s %10s %10s" % (
        "program", "tf", "tf_litert", "litert", "native", "bound",
        "tfl/native", "tf/native", "bound/nat", "max |err|"))
    for name, (pbtxt, output, tf_model) in programs.items():
        model, shape = models[name]
        x = rng.standard_normal(shape).astype(np.float32)
        inputs = {"x": x}
        feeds, fetches = ["x"], [output]
        tf_time, (expected,) = lists.time_tf(pbtxt, feeds, fetches, inputs, args.repeat)
        peer_time, (peer,) = lists.run_in_litert(tf_model, [x], args.repeat)
        lite_time, lite = lists.time_litert(os.path.join(bins, "sluicec"), pbtxt, feeds,
                                            fetches, inputs, args.repeat, workdir, name)
        native_time, native = lists.time_native(args.build, pbtxt, feeds, fetches, inputs,
                                                args.repeat, workdir, name)
        bound = multiply_adds(model) / rate
        error = max(float(np.max(np.abs(np.asarray(out) - expected)))
                    for out in (peer, lite, native))
        if error > 1e-4:
            raise SystemExit("%s: an engine differs from TF by %g" % (name, error))
        print("%-10s %9.3fms %9.3fms %9.3fms %9.3fms %9.3fms %11.2fx %9.2fx %9.2fx %10.2g" % (
            name, tf_time * 1e3, peer_time * 1e3, lite_time * 1e3, native_time * 1e3,
            bound * 1e3, peer_time / native_time, tf_time / native_time,
            bound / native_time, error))


if __name__ == "__main__":
    main()
