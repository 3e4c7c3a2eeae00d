# Gradients of loops through the Python API: TF1's tf.gradients of a
# dynamic_rnn loss (stacks and gradient TensorArrays) runs in the
# interpreter and natively, twice from one Program (whose instance keeps the
# stacks between runs), and gives TensorFlow's recorded outputs each time.
import json

import numpy as np

import sluice
from conftest import TF_CORPUS

STEM = TF_CORPUS / "tf1_gradient" / "tf1_gradient_rnn_frozen"


def recorded():
    with open(str(STEM) + ".json") as f:
        spec = json.load(f)
    run = spec["runs"][0]
    inputs = {name: np.array(v["data"], dtype=v["dtype"]).reshape(v["shape"])
              for name, v in run["inputs"].items()}
    expected = [np.array(v["data"], dtype=v["dtype"]).reshape(v["shape"])
                for v in run["expected"]]
    return spec, inputs, expected


def test_rnn_gradient_matches_tensorflow_on_both_engines_twice():
    spec, inputs, expected = recorded()
    program = sluice.load(str(STEM) + ".pbtxt", feeds=",".join(spec["feeds"]),
                          fetches=",".join(spec["fetches"]))
    for engine in ("interpreter", "native"):
        for _ in range(2):
            outputs = list(program.run(inputs, engine=engine).values())
            assert len(outputs) == len(expected)
            for got, want in zip(outputs, expected):
                np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-5)
