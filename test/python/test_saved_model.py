"""SavedModel directories read without TensorFlow (sluice.load(dir)), judged
against TF's outputs (test/tf/saved_models/*.json, written with the models by
test/tf/gen_saved_models.py). Each signature's runs go in order through one
Program per engine -- the interpreter, native code and the TFLite export in
LiteRT -- so a model that assigns its variables carries them from run to run,
as TF did. A model with several signatures is also loaded with all of them
as one Program (one function, one TFLite SignatureDef each): its runs, or its
"sequence" across signatures, go through that one Program in order, the
signatures sharing the variables as in TF."""
import json
from pathlib import Path

import numpy as np
import pytest

import sluice

MODELS = Path(__file__).resolve().parents[1] / "tf" / "saved_models"
CASES = [(spec.stem, signature)
         for spec in sorted(MODELS.glob("*.json")) if spec.stem != "svd"
         for signature in json.loads(spec.read_text())["signatures"]]


MULTI = [spec.stem for spec in sorted(MODELS.glob("*.json"))
         if len(json.loads(spec.read_text())["signatures"]) > 1]


def from_json(tensor):
    values = [float(v) if isinstance(v, str) else v for v in tensor["data"]]
    return np.array(values, dtype=tensor["dtype"]).reshape(tensor["shape"])


def check_outputs(outputs, run, tolerance, what):
    assert sorted(outputs) == sorted(run["outputs"])
    for key, tensor in run["outputs"].items():
        np.testing.assert_allclose(outputs[key], from_json(tensor),
                                   rtol=tolerance["rtol"], atol=tolerance["atol"],
                                   err_msg=f"{what} output {key}")


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
        check_outputs(outputs, run, tolerance, f"{name}:{signature}")


@pytest.mark.parametrize("engine", ["interpreter", "native", "litert"])
@pytest.mark.parametrize("name", MULTI)
def test_saved_model_signatures_in_one_program(name, engine):
    spec = json.loads((MODELS / f"{name}.json").read_text())
    keys = sorted(spec["signatures"])
    program = sluice.load(MODELS / name, signature=keys)
    assert "main" not in program.mlir().split("func.func @")[1:]
    sequence = spec.get("sequence") or [
        {"signature": key, **run} for key in keys for run in spec["signatures"][key]]
    if engine == "litert":
        from ai_edge_litert.interpreter import Interpreter
        interpreter = Interpreter(model_content=program.to_tflite())
        assert sorted(interpreter.get_signature_list()) == keys
        runners = {key: interpreter.get_signature_runner(key) for key in keys}
    for index, run in enumerate(sequence):
        inputs = {key: from_json(tensor) for key, tensor in run["inputs"].items()}
        if engine == "litert":
            outputs = runners[run["signature"]](**inputs)
        else:
            outputs = program.run(inputs, engine=engine, function=run["signature"])
        check_outputs(outputs, run, spec["tolerance"],
                      f"{name} run {index} ({run['signature']})")


def test_saved_model_errors(tmp_path):
    with pytest.raises(sluice.SluiceError, match=r"no signature 'nope' \(it has: "
                                                 r"'serving_default', 'step'\)"):
        sluice.load(MODELS / "decoder", signature="nope")
    with pytest.raises(sluice.SluiceError, match=r"no signature 'nope' \(it has: "):
        sluice.load(MODELS / "decoder", signature=["step", "nope"])
    with pytest.raises(sluice.SluiceError, match="signature 'step' is asked for twice"):
        sluice.load(MODELS / "decoder", signature=["step", "step"])
    step = sluice.load(MODELS / "decoder", signature="step")
    with pytest.raises(sluice.SluiceError, match="'main' names the entry of a program with one"):
        sluice.link({"main": step, "other": step})
    with pytest.raises(sluice.SluiceError, match="a second entry of that name"):
        sluice.link([("a", step), ("a", step)])
    both = sluice.load(MODELS / "decoder", signature=["step", "serving_default"])
    with pytest.raises(sluice.SluiceError, match=r"no function @main"):
        both.to_tflite("main")
    with pytest.raises(sluice.SluiceError, match=r"no function @main \(its public "
                                                 r"functions: @step, @serving_default\)"):
        both.run({"h": np.zeros(2, np.float32)})
    with pytest.raises(sluice.SluiceError, match="no meta graph tagged 'gpu,serve'"):
        sluice.load(MODELS / "decoder", tags=["serve", "gpu"])
    with pytest.raises(sluice.SluiceError, match="node 'Svd' .*unknown op 'Svd'"):
        sluice.load(MODELS / "svd")


def test_saved_model_edges_written_here(tmp_path):
    """SavedModels written by TF in the test: TF2 outputs that are inputs; a
    TF1 signature whose output is its input placeholder, renamed to the
    input's key (the output follows the rename); and a TF1 graph holding a
    second saver with other checkpoint keys (only the restore op's own
    assignments are read)."""
    tf = pytest.importorskip("tensorflow")

    class Passthrough(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec([2], tf.float32, name="x")])
        def serve(self, x):
            return {"same": x, "twice": x * 2.0}
    module = Passthrough()
    tf.saved_model.save(module, str(tmp_path / "passthrough"),
                        signatures={"serving_default": module.serve})
    program = sluice.load(tmp_path / "passthrough")
    x = np.array([1.5, -2.0], np.float32)
    outputs = program.run({"x": x})
    np.testing.assert_array_equal(outputs["same"], x)
    np.testing.assert_array_equal(outputs["twice"], x * 2)

    graph = tf.Graph()
    with graph.as_default():
        n = tf.compat.v1.placeholder(tf.int32, [], name="count")
        w = tf.compat.v1.get_variable("w", initializer=[2.0, 3.0], use_resource=False)
        y = tf.compat.v1.while_loop(lambda i, y: i < n, lambda i, y: (i + 1, y + w),
                                    [0, tf.zeros([2])])[1]
        tf.compat.v1.train.Saver({"another/key": w})  # its restore ops stay in the graph
        with tf.compat.v1.Session() as sess:
            sess.run(tf.compat.v1.global_variables_initializer())
            builder = tf.compat.v1.saved_model.Builder(str(tmp_path / "two_savers"))
            builder.add_meta_graph_and_variables(
                sess, ["serve"], signature_def_map={
                    "serving_default": tf.compat.v1.saved_model.predict_signature_def(
                        {"n": n}, {"y": y, "echo": n})})
            builder.save()
            expected = sess.run(y, {n: 3})
    outputs = sluice.load(tmp_path / "two_savers").run({"n": np.array(3, np.int32)})
    np.testing.assert_allclose(outputs["y"], expected)
    assert outputs["echo"] == 3


def test_saved_model_signature_without_outputs(tmp_path):
    """A signature TF writes with no outputs is refused, naming it."""
    tf = pytest.importorskip("tensorflow")
    graph = tf.Graph()
    with graph.as_default():
        x = tf.compat.v1.placeholder(tf.float32, [2], name="x")
        with tf.compat.v1.Session() as sess:
            builder = tf.compat.v1.saved_model.Builder(str(tmp_path / "no_outputs"))
            signature = tf.compat.v1.saved_model.signature_def_utils.build_signature_def(
                inputs={"x": tf.compat.v1.saved_model.build_tensor_info(x)}, outputs={},
                method_name="tensorflow/serving/predict")
            builder.add_meta_graph_and_variables(
                sess, ["serve"], signature_def_map={"serving_default": signature})
            builder.save()
    with pytest.raises(sluice.SluiceError, match="signature 'serving_default' has no outputs"):
        sluice.load(tmp_path / "no_outputs")


def test_link_programs_loaded_separately():
    """sluice.link: two Programs loaded one signature each become one, a
    function each, sharing the variables (one lite.variable per variable,
    one @init); its export has both SignatureDefs."""
    spec = json.loads((MODELS / "decoder.json").read_text())
    linked = sluice.link({"serving_default": sluice.load(MODELS / "decoder"),
                          "step": sluice.load(MODELS / "decoder", signature="step")})
    text = linked.mlir()
    assert text.count("lite.variable @") == 2 and text.count("func.func private @init(") == 1
    from ai_edge_litert.interpreter import Interpreter
    interpreter = Interpreter(model_content=linked.to_tflite())
    assert sorted(interpreter.get_signature_list()) == ["serving_default", "step"]
    for key in ("serving_default", "step"):
        for run in spec["signatures"][key]:
            inputs = {k: from_json(t) for k, t in run["inputs"].items()}
            check_outputs(linked.run(inputs, function=key), run, spec["tolerance"], key)
            check_outputs(interpreter.get_signature_runner(key)(**inputs), run,
                          spec["tolerance"], key)
