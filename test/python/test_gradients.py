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


# Sluice's own reverse mode through the Python API: Program.gradient builds
# main_grad from TF's forward program (the while loop tf.gradients
# differentiated), and its gradient with a seed of ones is TF's, in both
# engines; the inputs and outputs are named d + the name.
WHILE = TF_CORPUS / "tf1_gradient" / "tf1_gradient_while"


def test_program_gradient_matches_tf_gradients():
    with open(str(WHILE) + ".json") as f:
        spec = json.load(f)
    program = sluice.load(str(WHILE) + ".pbtxt", feeds="x,n",
                          fetches="while/Exit_1:0").lift()
    gradient = program.gradient(wrt=[0])
    for run in spec["runs"]:
        inputs = {name: np.array(v["data"], dtype=v["dtype"]).reshape(v["shape"])
                  for name, v in run["inputs"].items()}
        inputs["dwhile/Exit_1:0"] = np.ones(3, np.float32)
        want = np.array(run["expected"][1]["data"], np.float32)
        for engine in ("interpreter", "native"):
            outputs = gradient.run(inputs, engine=engine, function="main_grad")
            assert list(outputs) == ["while/Exit_1:0", "dx"]
            np.testing.assert_allclose(outputs["dx"], want, rtol=1e-4, atol=1e-5)


def test_program_gradient_refuses_an_integer_input():
    program = sluice.load(str(WHILE) + ".pbtxt", feeds="x,n",
                          fetches="while/Exit_1:0").lift()
    try:
        program.gradient(wrt=[1])
    except sluice.SluiceError as error:
        assert "cannot differentiate with respect to argument 1" in str(error)
    else:
        raise AssertionError("gradient with respect to an int32 input")
