#!/usr/bin/env python3
"""Sluice's entry points against TF's converter, on the SavedModels TF wrote
(test/tf/saved_models, by test/tf/gen_saved_models.py), in one process.

For each model's serving signature:
  convert   TF: tf.lite.TFLiteConverter.from_saved_model(dir).convert();
            Sluice: sluice.load(dir).to_tflite() (the SavedModel read
            without TF) -- median seconds of --repeat runs, and the ratio;
  agrees    each .tflite in LiteRT (one interpreter, runs in order) against
            TF's outputs in the model's .json;
  load      tf.saved_model.load(dir) against sluice.load(dir) (saved_model.pb
            and the checkpoint into a Program), median seconds and ratio.

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


def agrees(model, runs, tolerance):
    """Whether the .tflite `model` gives TF's outputs on `runs`, in order."""
    import numpy as np
    from ai_edge_litert.interpreter import Interpreter
    try:
        runner = Interpreter(model_content=model).get_signature_runner()
        for run in runs:
            inputs = {k: np.array(t["data"], t["dtype"]).reshape(t["shape"])
                      for k, t in run["inputs"].items()}
            outputs = runner(**inputs)
            for key, tensor in run["outputs"].items():
                want = np.array(tensor["data"], tensor["dtype"]).reshape(tensor["shape"])
                got = outputs.get(key)
                if got is None or not np.allclose(got, want, rtol=tolerance["rtol"],
                                                  atol=tolerance["atol"]):
                    return False
        return True
    except Exception:  # a model LiteRT refuses does not agree
        return False


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
        if name == "cumsum":
            continue  # an op Sluice lacks, on purpose
        runs = spec["signatures"]["serving_default"]

        def tf_convert():
            try:
                return tf.lite.TFLiteConverter.from_saved_model(directory).convert()
            except Exception:
                return None
        tf_time, tf_model = median_seconds(tf_convert, args.repeat)
        sluice_time, sluice_model = median_seconds(
            lambda: sluice.load(directory).to_tflite(), args.repeat)
        tf_load, _ = median_seconds(lambda: tf.saved_model.load(directory), args.repeat)
        sluice_load, _ = median_seconds(lambda: sluice.load(directory), args.repeat)
        tf_ok = tf_model is not None and agrees(tf_model, runs, spec["tolerance"])
        sluice_ok = agrees(sluice_model, runs, spec["tolerance"])
        convert_ratios.append(sluice_time / tf_time)
        load_ratios.append(sluice_load / tf_load)
        print(f"{name:<10} {tf_time:>10.3f}s {sluice_time:>8.3f}s {sluice_time / tf_time:>6.3f}"
              f"  {'yes' if tf_ok else 'NO':>3}/{'yes' if sluice_ok else 'NO':<3}"
              f"        {tf_load:>7.3f}s {sluice_load:>7.3f}s {sluice_load / tf_load:>6.3f}")
    print(f"median ratio Sluice/TF: convert {statistics.median(convert_ratios):.3f}, "
          f"load {statistics.median(load_ratios):.3f} (median of {args.repeat} runs each)")


if __name__ == "__main__":
    sys.exit(main())
