#!/usr/bin/env python3
"""SavedModels TensorFlow writes, for Sluice's SavedModel import.

Writes test/tf/saved_models/<name>/ (saved_model.pb and variables/, as
tf.saved_model.save, Keras's model.export or TF1's SavedModelBuilder write
them) and test/tf/saved_models/<name>.json: per signature, runs of inputs
with TF's outputs, keyed as the signature keys them (tfcorpus.py's tensor
JSON); a model whose signatures share state also has "sequence", runs of
several signatures in order on one loaded model. Read by
test/python/test_saved_model.py (every engine against TF) and
test/Target/GraphDef/saved-model*.test (sluicec and its diagnostics).

    .venv/bin/python test/tf/gen_saved_models.py

The models:
  decoder    tf.Module, two variables read in a tf.while_loop with a tf.cond;
             signatures serving_default and step (two, to choose among)
  counter    tf.Module whose signature assigns its variable in a loop: each
             run goes on from the last (runs are in order); a second
             signature, add, assigns the same variable
  keras_gru  a Keras 3 GRU + Dense, written by model.export (static batch)
  tf1_loop   TF1: a ref variable (VariableV2) in a v1 while_loop, written by
             tf.compat.v1.saved_model.Builder (restore in the graph)
  svd        a signature using Svd, an op Sluice does not import (the
             diagnostic names the node)
"""
import json
import os
import shutil
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True
import tfcorpus  # noqa: E402

OUT = os.path.join(HERE, "saved_models")
S = tf.TensorSpec


def runs_of(function, input_sets):
    """[{inputs, outputs}] with TF's outputs of `function` (a signature:
    keyword inputs, a dict of outputs), called in order."""
    runs = []
    for inputs in input_sets:
        outputs = function(**{k: tf.constant(v) for k, v in inputs.items()})
        runs.append({"inputs": {k: tfcorpus.to_json(np.asarray(v)) for k, v in inputs.items()},
                     "outputs": {k: tfcorpus.to_json(v.numpy()) for k, v in outputs.items()}})
    return runs


def write(name, signatures, description, tolerance="exact", sequence=None):
    spec = {"name": name, "description": description,
            "tolerance": tfcorpus.TOLERANCES[tolerance], "signatures": signatures}
    if sequence:
        spec["sequence"] = sequence
    with open(os.path.join(OUT, name + ".json"), "w") as f:
        json.dump(spec, f, indent=1)
        f.write("\n")


class Decoder(tf.Module):
    def __init__(self):
        self.w = tf.Variable([[0.5, -0.25], [0.125, 0.75]])
        self.b = tf.Variable([0.1, -0.2])

    @tf.function(input_signature=[S([2], tf.float32, name="x"), S([], tf.int32, name="n")],
                 autograph=False)
    def serve(self, x, n):
        def body(i, h):
            h = tf.tanh(tf.linalg.matvec(self.w, h) + x + self.b)
            return i + 1, tf.cond(tf.reduce_max(h) > 0.9, lambda: h * 0.5, lambda: h)
        return {"h": tf.while_loop(lambda i, h: i < n, body, [0, tf.zeros([2])])[1]}

    @tf.function(input_signature=[S([2], tf.float32, name="h")], autograph=False)
    def step(self, h):
        return {"next": tf.tanh(tf.linalg.matvec(self.w, h) + self.b)}


class Counter(tf.Module):
    def __init__(self):
        self.v = tf.Variable([1.0, 2.0])

    @tf.function(input_signature=[S([], tf.int32, name="n")], autograph=False)
    def serve(self, n):
        def body(i):
            self.v.assign(self.v * 0.5 + 1.0)
            return i + 1
        tf.while_loop(lambda i: i < n, body, [0])
        return {"v": self.v.read_value()}

    @tf.function(input_signature=[S([2], tf.float32, name="x")], autograph=False)
    def add(self, x):
        self.v.assign_add(x)
        return {"v": self.v.read_value()}


def main():
    shutil.rmtree(OUT, ignore_errors=True)
    os.makedirs(OUT)
    f32 = np.float32

    decoder = Decoder()
    tf.saved_model.save(decoder, os.path.join(OUT, "decoder"),
                        signatures={"serving_default": decoder.serve, "step": decoder.step})
    write("decoder", {
        "serving_default": runs_of(decoder.serve, [
            {"x": f32([0.5, -1.0]), "n": np.int32(n)} for n in (0, 3, 7)]),
        "step": runs_of(decoder.step, [{"h": f32([0.25, -0.5])}]),
    }, "tf.Module: variables read in a while_loop with a cond; two signatures",
        "transcendental")

    counter = Counter()
    tf.saved_model.save(counter, os.path.join(OUT, "counter"),
                        signatures={"serving_default": counter.serve, "add": counter.add})
    # The runs continue from the saved value, each list on a model TF loads
    # afresh.
    def load_counter():
        return tf.saved_model.load(os.path.join(OUT, "counter")).signatures
    sequence = []
    signatures = load_counter()
    for key, inputs in [("serving_default", {"n": np.int32(2)}),
                        ("add", {"x": f32([1.0, -1.0])}),
                        ("serving_default", {"n": np.int32(1)}),
                        ("add", {"x": f32([0.5, 0.25])})]:
        [run] = runs_of(signatures[key], [inputs])
        sequence.append({"signature": key, **run})
    write("counter", {
        "serving_default": runs_of(load_counter()["serving_default"],
                                   [{"n": np.int32(n)} for n in (2, 0, 3)]),
        "add": runs_of(load_counter()["add"], [{"x": f32([0.5, 0.5])}]),
    }, "tf.Module assigning its variable in a while_loop: runs in order; add "
       "assigns it too", sequence=sequence)

    tf.keras.utils.set_random_seed(7)
    model = tf.keras.Sequential([tf.keras.Input((5, 3), batch_size=2, name="x"),
                                 tf.keras.layers.GRU(4), tf.keras.layers.Dense(2)])
    # A static batch (Keras's default signature has a dynamic one, which
    # only the interpreters run: native code and TFLite need static shapes).
    model.export(os.path.join(OUT, "keras_gru"), verbose=False,
                 input_signature=[S([2, 5, 3], tf.float32, name="x")])
    loaded = tf.saved_model.load(os.path.join(OUT, "keras_gru"))
    rng = np.random.default_rng(3)
    write("keras_gru", {"serving_default": runs_of(
        loaded.signatures["serving_default"],
        [{"x": rng.standard_normal((2, 5, 3)).astype(f32)}])},
        "Keras 3 GRU and Dense, written by model.export", "transcendental")

    graph = tf.Graph()
    with graph.as_default():
        n = tf.compat.v1.placeholder(tf.int32, [], name="n")
        w = tf.compat.v1.get_variable("w", initializer=[2.0, 3.0], use_resource=False)
        out = tf.compat.v1.while_loop(lambda i, y: i < n, lambda i, y: (i + 1, y * 0.5 + w),
                                      [0, tf.zeros([2])])[1]
        with tf.compat.v1.Session() as sess:
            sess.run(tf.compat.v1.global_variables_initializer())
            sess.run(w.assign([4.0, -1.0]))  # saved, not the initializer's value
            builder = tf.compat.v1.saved_model.Builder(os.path.join(OUT, "tf1_loop"))
            signature = tf.compat.v1.saved_model.predict_signature_def({"n": n}, {"y": out})
            builder.add_meta_graph_and_variables(sess, ["serve"],
                                                 signature_def_map={"serving_default": signature})
            builder.save()
            tf1_runs = [{"inputs": {"n": tfcorpus.to_json(np.asarray(np.int32(k)))},
                         "outputs": {"y": tfcorpus.to_json(sess.run(out, {n: k}))}}
                        for k in (0, 4)]
    write("tf1_loop", {"serving_default": tf1_runs},
          "TF1 ref variable in a v1 while_loop, SavedModelBuilder")

    class Svd(tf.Module):
        @tf.function(input_signature=[S([3, 3], tf.float32, name="x")])
        def serve(self, x):
            return {"y": tf.linalg.svd(x, compute_uv=False)}
    svd = Svd()
    tf.saved_model.save(svd, os.path.join(OUT, "svd"),
                        signatures={"serving_default": svd.serve})
    write("svd", {"serving_default": runs_of(svd.serve,
                                             [{"x": np.float32([[3, 0, 0], [0, 2, 0],
                                                                [0, 0, 1]])}])},
          "Svd, which Sluice does not import")

    # Files TF writes that Sluice does not read, and that differ per run.
    for directory in os.listdir(OUT):
        path = os.path.join(OUT, directory)
        if os.path.isdir(path):
            for extra in ("fingerprint.pb", "assets"):
                target = os.path.join(path, extra)
                if os.path.isdir(target):
                    shutil.rmtree(target)
                elif os.path.exists(target):
                    os.remove(target)


if __name__ == "__main__":
    main()
