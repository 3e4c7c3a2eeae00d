# A TFLite model TensorFlow's converter wrote with variables (CALL_ONCE
# initializer, VAR_HANDLE / READ_VARIABLE / ASSIGN_VARIABLE, resources passed
# into a WHILE: test/tf/gen_tflite.py): Sluice imports it, runs it, and
# exports it again; every run, in the interpreter, in native LiteRT on the
# original and on Sluice's export, gives the same outputs, two runs in a row
# (the variables keep their values, the initializer runs once).
from pathlib import Path

import numpy as np
import pytest

import sluice
from conftest import REPO

MODEL = REPO / "test" / "tf" / "tflite" / "counter_variables.tflite"
RUNS = [(np.array([1.0, 2.0], np.float32), np.array(3, np.int32)),
        (np.array([-1.0, 0.5], np.float32), np.array(2, np.int32))]

litert = pytest.importorskip("ai_edge_litert.interpreter")


def run_litert(model_bytes):
    interpreter = litert.Interpreter(model_content=model_bytes)
    runner = interpreter.get_signature_runner()
    return [runner(x=x, n=n) for x, n in RUNS]


def test_converter_model_through_sluice(tmp_path: Path):
    original = run_litert(MODEL.read_bytes())
    # By hand, first run: total = [1, 2] -> [1.5, 3] -> [1.75, 3.5] ->
    # [1.875, 3.75], steps = 3.
    np.testing.assert_allclose(original[0]["total"], [1.875, 3.75])
    assert int(original[0]["steps"]) == 3
    assert int(original[1]["steps"]) == 5

    program = sluice.load(MODEL)
    assert sorted(v.name for v in program.variables()) == ["steps", "total"]
    names = [spec.name for spec in program.inputs()]
    for (x, n), expected in zip(RUNS, original):
        outputs = program.run(dict(zip(names, [x, n])))
        for key, value in expected.items():
            [got] = [v for k, v in outputs.items() if k.endswith(key)]
            np.testing.assert_allclose(got, value, rtol=1e-6)

    exported = run_litert(program.to_tflite())
    for got, expected in zip(exported, original):
        for key in expected:
            np.testing.assert_allclose(got[key], expected[key], rtol=1e-6)
