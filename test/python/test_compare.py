# Program.compare(): one program on every engine, from Python.
"""Tests of Program.compare() and sluice.Comparison."""
import json

import numpy as np

import sluice
from conftest import TF_CORPUS, WHILE_COND

GRU = TF_CORPUS / "tf1_rnn" / "tf1_dynamic_rnn_gru"


def gru():
    meta = json.loads(GRU.with_suffix(".json").read_text())
    program = sluice.load(GRU.with_suffix(".pbtxt"), feeds=meta["feeds"],
                          fetches=meta["fetches"], init=meta["init"])
    x = meta["runs"][0]["inputs"]["x"]
    inputs = {"x": np.array(x["data"], dtype=x["dtype"]).reshape(x["shape"])}
    return program, inputs


def test_every_engine_agrees_with_tensorflow():
    # TensorFlow runs in a process of its own: this process has imported
    # sluice, and the two cannot share one.
    program = sluice.load(WHILE_COND)
    comparison = program.compare({"n": np.array(7, dtype=np.int32)})
    assert comparison.agrees and bool(comparison)
    assert comparison.reference == "tensorflow"
    verdicts = {e["engine"]: e["verdict"] for e in comparison.engines}
    assert verdicts == {"tensorflow": "reference", "executor": "agree",
                        "interpreter": "agree", "native": "agree",
                        "litert": "agree", "litert-js": "agree"}
    for engine in comparison.engines:
        assert [o.tolist() for o in engine["outputs"]] == [7, 9]
        assert engine["run_seconds"] > 0
    assert comparison.output_names == ["while/Exit", "while/Exit_1"]
    table = str(comparison)
    assert table.startswith("inputs: given\n@main: 6 engines, compared with TensorFlow")
    assert "every engine that ran agrees" in table


def test_random_inputs_from_a_seed():
    program = sluice.load(WHILE_COND)
    first = program.compare(seed=4, engines="executor,interpreter")
    again = program.compare(seed=4, engines=["executor", "interpreter"])
    assert str(first).startswith("inputs: random, seed 4")
    assert [e["outputs"] for e in first.engines][0] == \
        [e["outputs"] for e in again.engines][0]
    assert [e["engine"] for e in first.engines] == ["executor", "interpreter"]


def test_a_difference_is_reported():
    program, inputs = gru()
    strict = program.compare(inputs, engines="executor,native", rtol=0, atol=0)
    assert not strict.agrees
    native = strict.engines[1]
    assert native["verdict"] == "differs"
    assert 0 < native["differences"][0]["max_abs"] < 1e-6
    assert "element" in native["message"]
    assert "1 engine differ" in str(strict)
    assert program.compare(inputs, engines="executor,native").agrees


def test_unknown_engine_raises():
    program = sluice.load(WHILE_COND)
    try:
        program.compare({"n": np.array(1, dtype=np.int32)}, engines="onnx")
    except sluice.SluiceError as error:
        assert "unknown engine 'onnx'" in str(error)
    else:
        raise AssertionError("no SluiceError")
