"""SavedModel directories read without TensorFlow (sluice.load(dir)), judged
against TF's outputs (test/tf/saved_models/*.json, written with the models by
test/tf/gen_saved_models.py). Each signature's runs go in order through one
Program per engine -- the interpreter, native code and the TFLite export in
LiteRT -- so a model that assigns its variables carries them from run to run,
as TF did."""
import json
from pathlib import Path

import numpy as np
import pytest

import sluice

MODELS = Path(__file__).resolve().parents[1] / "tf" / "saved_models"
CASES = [(spec.stem, signature)
         for spec in sorted(MODELS.glob("*.json")) if spec.stem != "cumsum"
         for signature in json.loads(spec.read_text())["signatures"]]


def from_json(tensor):
    values = [float(v) if isinstance(v, str) else v for v in tensor["data"]]
    return np.array(values, dtype=tensor["dtype"]).reshape(tensor["shape"])


@pytest.mark.parametrize("engine", ["interpreter", "native", "litert"])
@pytest.mark.parametrize("name,signature", CASES)
def test_saved_model_agrees_with_tensorflow(name, signature, engine):
    spec = json.loads((MODELS / f"{name}.json").read_text())
    tolerance = spec["tolerance"]
    program = sluice.load(MODELS / name, signature=signature)
    if engine == "litert":
        from ai_edge_litert.interpreter import Interpreter
        runner = Interpreter(model_content=program.to_tflite()).get_signature_runner()
    for run in spec["signatures"][signature]:
        inputs = {key: from_json(tensor) for key, tensor in run["inputs"].items()}
        if engine == "litert":
            outputs = runner(**inputs)
        else:
            outputs = program.run(inputs, engine=engine)
        assert sorted(outputs) == sorted(run["outputs"])
        for key, tensor in run["outputs"].items():
            np.testing.assert_allclose(outputs[key], from_json(tensor),
                                       rtol=tolerance["rtol"], atol=tolerance["atol"],
                                       err_msg=f"{name}:{signature} output {key}")


def test_saved_model_errors(tmp_path):
    with pytest.raises(sluice.SluiceError, match=r"no signature 'nope' \(it has: "
                                                 r"'serving_default', 'step'\)"):
        sluice.load(MODELS / "decoder", signature="nope")
    with pytest.raises(sluice.SluiceError, match="no meta graph tagged 'gpu,serve'"):
        sluice.load(MODELS / "decoder", tags=["serve", "gpu"])
    with pytest.raises(sluice.SluiceError, match="node 'Cumsum' .*unknown op 'Cumsum'"):
        sluice.load(MODELS / "cumsum")
