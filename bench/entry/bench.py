#!/usr/bin/env python3
"""Sluice's entry points against TF's converter, on the SavedModels TF wrote
(test/tf/saved_models, by test/tf/gen_saved_models.py), in one process.

For each model, every signature (as TF's converter takes them):
  convert   TF: tf.lite.TFLiteConverter.from_saved_model(dir).convert();
            Sluice: sluice.load(dir, signature=[every key]).to_tflite() (the
            SavedModel read without TF) -- median seconds of --repeat runs,
            and the ratio;
  agrees    each .tflite in LiteRT (one interpreter, runs in order) against
            TF's outputs in the model's .json, through serving_default;
  load      tf.saved_model.load(dir) against sluice.load(dir) (saved_model.pb
            and the checkpoint into a Program), median seconds and ratio.
Then Keras SimpleRNN/GRU/LSTM models and a tf.function loop in memory:
from_keras_model / from_concrete_functions against TF's converter, each
model run in LiteRT against TF's own call.

usage: PYTHONPATH=build/python .venv/bin/python bench/entry/bench.py [--repeat R]
"""
import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
ROOT = Path(__file__).resolve().parents[2]
MODELS = ROOT / "test" / "tf" / "saved_models"


def median_seconds(function, repeat):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        result = function()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def litert_runner(model):
    """A function running the .tflite `model` in one LiteRT interpreter
    (state carries across calls) on inputs by name, giving its outputs by
    name: through the model's signature (inputs matched by position when its
    names differ, as Keras names them), else -- TF's converter writes none
    for a bare ConcreteFunction -- through its tensors' names."""
    from ai_edge_litert.interpreter import Interpreter
    interpreter = Interpreter(model_content=model)
    if interpreter.get_signature_list():
        runner = interpreter.get_signature_runner(
            "serving_default" if "serving_default" in interpreter.get_signature_list()
            else None)
        keys = list(runner.get_input_details())

        def run(inputs):
            if set(keys) != set(inputs):
                inputs = dict(zip(keys, inputs.values()))
            return runner(**inputs)
        return run
    interpreter.allocate_tensors()

    def run(inputs):
        for detail in interpreter.get_input_details():
            interpreter.set_tensor(detail["index"], inputs[detail["name"].split(":")[0]])
        interpreter.invoke()
        return {detail["name"]: interpreter.get_tensor(detail["index"])
                for detail in interpreter.get_output_details()}
    return run


def agrees(model, runs, tolerance):
    """Whether the .tflite `model` gives the expected outputs on `runs` (in
    order): [(inputs, {output name: value})], or a single value for a model
    with one output whatever its name."""
    import numpy as np
    try:
        run = litert_runner(model)
        for inputs, expected in runs:
            outputs = run(inputs)
            if not isinstance(expected, dict):
                [name] = outputs
                expected = {name: expected}
            for key, want in expected.items():
                got = outputs.get(key)
                if got is None or not np.allclose(got, want, rtol=tolerance["rtol"],
                                                  atol=tolerance["atol"]):
                    return False
        return True
    except Exception:  # a model LiteRT refuses does not agree
        return False


def tensor(json_tensor):
    import numpy as np
    return np.array(json_tensor["data"], json_tensor["dtype"]).reshape(json_tensor["shape"])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    import tensorflow as tf
    import sluice

    print(f"{'model':<10} {'TF convert':>11} {'Sluice':>9} {'ratio':>6}  agrees TF/Sluice"
          f"  {'TF load':>8} {'Sluice':>8} {'ratio':>6}")
    convert_ratios, load_ratios = [], []
    for spec_path in sorted(MODELS.glob("*.json")):
        spec = json.loads(spec_path.read_text())
        name, directory = spec["name"], str(MODELS / spec["name"])
        if name == "svd":
            continue  # an op Sluice lacks, on purpose
        runs = [({k: tensor(t) for k, t in run["inputs"].items()},
                 {k: tensor(t) for k, t in run["outputs"].items()})
                for run in spec["signatures"]["serving_default"]]

        def tf_convert():
            try:
                return tf.lite.TFLiteConverter.from_saved_model(directory).convert()
            except Exception:
                return None
        tf_time, tf_model = median_seconds(tf_convert, args.repeat)
        keys = sorted(spec["signatures"])
        sluice_time, sluice_model = median_seconds(
            lambda: sluice.load(directory, signature=keys).to_tflite(), args.repeat)
        tf_load, _ = median_seconds(lambda: tf.saved_model.load(directory), args.repeat)
        sluice_load, _ = median_seconds(lambda: sluice.load(directory, signature=keys),
                                        args.repeat)
        tf_ok = tf_model is not None and agrees(tf_model, runs, spec["tolerance"])
        sluice_ok = agrees(sluice_model, runs, spec["tolerance"])
        convert_ratios.append(sluice_time / tf_time)
        load_ratios.append(sluice_load / tf_load)
        print(f"{name:<10} {tf_time:>10.3f}s {sluice_time:>8.3f}s {sluice_time / tf_time:>6.3f}"
              f"  {'yes' if tf_ok else 'NO':>3}/{'yes' if sluice_ok else 'NO':<3}"
              f"        {tf_load:>7.3f}s {sluice_load:>7.3f}s {sluice_load / tf_load:>6.3f}")
    print(f"median ratio Sluice/TF: convert {statistics.median(convert_ratios):.3f}, "
          f"load {statistics.median(load_ratios):.3f} (median of {args.repeat} runs each)")

    # Keras models and a tf.function, in memory: from_keras_model /
    # from_concrete_functions then to_tflite, against TF's converter.
    import numpy as np
    keras = tf.keras
    keras.utils.set_random_seed(5)
    rng = np.random.default_rng(5)
    x = rng.standard_normal((2, 5, 3)).astype(np.float32)
    print(f"\n{'in memory':<16} {'TF convert':>11} {'Sluice':>9} {'ratio':>6}  agrees TF/Sluice")
    ratios = []
    cases = []
    for layer in ("SimpleRNN", "GRU", "LSTM"):
        model = keras.Sequential([keras.Input((5, 3), batch_size=2),
                                  getattr(keras.layers, layer)(8), keras.layers.Dense(2)])
        cases.append((f"keras {layer}", model, None, {"x": x}, model(x).numpy()))

    @tf.function(input_signature=[tf.TensorSpec([3], tf.float32, name="v"),
                                  tf.TensorSpec([], tf.int32, name="n")])
    def decay(v, n):
        return tf.while_loop(lambda i, y: i < n,
                             lambda i, y: (i + 1, tf.cond(tf.reduce_sum(y) > 1.0,
                                                          lambda: y * 0.5, lambda: y + v)),
                             [0, tf.zeros([3])])[1]
    concrete = decay.get_concrete_function()
    inputs = {"v": np.array([0.2, 0.1, 0.3], np.float32), "n": np.array(9, np.int32)}
    cases.append(("tf.function loop", None, concrete, inputs, decay(**inputs).numpy()))
    for name, model, function, feed, want in cases:
        if model is not None:
            tf_make = lambda: tf.lite.TFLiteConverter.from_keras_model(model).convert()
            sluice_make = lambda: sluice.from_keras_model(model).to_tflite()
        else:
            tf_make = lambda: tf.lite.TFLiteConverter.from_concrete_functions(
                [function]).convert()
            sluice_make = lambda: sluice.from_concrete_functions([function]).to_tflite()
        tf_time, tf_model = median_seconds(tf_make, args.repeat)
        sluice_time, sluice_model = median_seconds(sluice_make, args.repeat)

        runs = [(feed, want)]
        tolerance = {"rtol": 1e-4, "atol": 1e-5}
        ratios.append(sluice_time / tf_time)
        print(f"{name:<16} {tf_time:>10.3f}s {sluice_time:>8.3f}s {sluice_time / tf_time:>6.3f}"
              f"  {'yes' if agrees(tf_model, runs, tolerance) else 'NO':>3}/"
              f"{'yes' if agrees(sluice_model, runs, tolerance) else 'NO':<3}")
    print(f"median ratio Sluice/TF (in memory): convert {statistics.median(ratios):.3f}")


if __name__ == "__main__":
    sys.exit(main())
