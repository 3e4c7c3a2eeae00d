"""TF's converter entry points (sluice.from_keras_model, from_saved_model,
from_concrete_functions, from_session, from_frozen_graph), in the process that
holds TensorFlow: each Program agrees with TF on the same inputs, in Sluice's
interpreter, natively and exported to LiteRT; bad input is a SluiceError
naming the directory, signature or model."""
import numpy as np
import pytest

import sluice

tf = pytest.importorskip("tensorflow")

RNG = np.random.default_rng(5)


def run_everywhere(program, inputs):
    """The Program's only output from the interpreter, native code and
    LiteRT (the export), which must agree with each other."""
    from ai_edge_litert.interpreter import Interpreter
    [interpreted] = program.run(inputs).values()
    [native] = program.run(inputs, engine="native").values()
    np.testing.assert_allclose(native, interpreted, rtol=1e-5, atol=1e-6)
    runner = Interpreter(model_content=program.to_tflite()).get_signature_runner()
    [exported] = runner(**inputs).values()
    np.testing.assert_allclose(exported, interpreted, rtol=1e-5, atol=1e-6)
    return interpreted


def keras_lstm(keras):
    keras.utils.set_random_seed(3)
    return keras.Sequential([keras.Input((6, 3), batch_size=2, name="x"),
                             keras.layers.LSTM(4, return_sequences=True),
                             keras.layers.Dense(2)])


def test_from_keras_model_keras3():
    model = keras_lstm(tf.keras)
    x = RNG.standard_normal((2, 6, 3)).astype(np.float32)
    program = sluice.from_keras_model(model)
    [spec] = program.inputs()
    got = run_everywhere(program, {spec.name: x})
    np.testing.assert_allclose(got, model(x).numpy(), rtol=1e-4, atol=1e-5)


def test_from_keras_model_tf_keras():
    tf_keras = pytest.importorskip("tf_keras")
    model = keras_lstm(tf_keras)
    x = RNG.standard_normal((2, 6, 3)).astype(np.float32)
    program = sluice.from_keras_model(model)
    [spec] = program.inputs()
    got = run_everywhere(program, {spec.name: x})
    np.testing.assert_allclose(got, model(x).numpy(), rtol=1e-4, atol=1e-5)


class Decoder(tf.Module):
    def __init__(self):
        self.w = tf.Variable([[0.5, -0.25], [0.125, 0.75]])

    @tf.function(input_signature=[tf.TensorSpec([2], tf.float32, name="x"),
                                  tf.TensorSpec([], tf.int32, name="n")])
    def serve(self, x, n):
        def body(i, h):
            h = tf.tanh(tf.linalg.matvec(self.w, h) + x)
            return i + 1, tf.cond(tf.reduce_max(h) > 0.9, lambda: h * 0.5, lambda: h)
        return {"h": tf.while_loop(lambda i, h: i < n, body, [0, tf.zeros([2])])[1]}


def test_from_saved_model(tmp_path):
    module = Decoder()
    tf.saved_model.save(module, str(tmp_path), signatures={"decode": module.serve})
    program = sluice.from_saved_model(tmp_path, signature_keys=["decode"])
    for n in (0, 3, 7):
        inputs = {"x": np.array([0.5, -1.0], np.float32), "n": np.array(n, np.int32)}
        got = run_everywhere(program, inputs)
        np.testing.assert_allclose(got, module.serve(**inputs)["h"].numpy(), rtol=1e-5)


def test_from_saved_model_errors(tmp_path):
    with pytest.raises(sluice.SluiceError, match="not a SavedModel directory"):
        sluice.from_saved_model(tmp_path)
    module = Decoder()
    tf.saved_model.save(module, str(tmp_path), signatures={"decode": module.serve})
    with pytest.raises(sluice.SluiceError, match="no signature 'serving_default' "
                                                 r"\(it has: decode\)"):
        sluice.from_saved_model(tmp_path, signature_keys=["serving_default"])
    with pytest.raises(sluice.SluiceError, match="asked for twice"):
        sluice.from_saved_model(tmp_path, signature_keys=["decode", "decode"])
    bare = tf.Module()
    bare.v = tf.Variable(1.0)
    tf.saved_model.save(bare, str(tmp_path / "bare"))
    with pytest.raises(sluice.SluiceError, match="the SavedModel has no signature to convert"):
        sluice.from_saved_model(tmp_path / "bare")


class TwoCounters(tf.Module):
    """Two unnamed variables (TF names both "Variable"), and two signatures
    that assign them."""

    def __init__(self):
        self.v = tf.Variable([1.0, 2.0])
        self.scale = tf.Variable(0.5)

    @tf.function(input_signature=[tf.TensorSpec([], tf.int32, name="n")])
    def step(self, n):  # not "serve": TF's converter reads that as model.export's
        def body(i):
            self.v.assign(self.v * self.scale + 1.0)
            return i + 1
        tf.while_loop(lambda i: i < n, body, [0])
        return {"v": self.v.read_value()}

    @tf.function(input_signature=[tf.TensorSpec([], tf.float32, name="s")])
    def rescale(self, s):
        self.scale.assign(s)
        return {"v": self.v * s}


def test_from_saved_model_several_signatures_share_variables(tmp_path):
    """Every signature by default (as TF's converter); each a function of one
    Program and a SignatureDef of its export, sharing the variables: runs
    across signatures in order agree with TF's loaded model on every engine,
    and the export has the signatures TF's converter writes."""
    module = TwoCounters()
    tf.saved_model.save(module, str(tmp_path),
                        signatures={"serving_default": module.step, "rescale": module.rescale})
    steps = [("serving_default", {"n": np.array(2, np.int32)}),
             ("rescale", {"s": np.array(0.25, np.float32)}),
             ("serving_default", {"n": np.array(1, np.int32)})]
    loaded = tf.saved_model.load(str(tmp_path)).signatures
    expected = [loaded[key](**{k: tf.constant(v) for k, v in inputs.items()})["v"].numpy()
                for key, inputs in steps]
    converter = tf.lite.TFLiteConverter.from_saved_model(str(tmp_path))
    converter.experimental_enable_resource_variables = True
    from ai_edge_litert.interpreter import Interpreter
    tf_signatures = sorted(Interpreter(model_content=converter.convert()).get_signature_list())
    assert tf_signatures == ["rescale", "serving_default"]
    for engine in ("interpreter", "native", "litert"):
        program = sluice.from_saved_model(tmp_path, keep_variables=True)
        assert sorted(v.name for v in program.variables()) == ["Variable", "Variable_1"]
        if engine == "litert":
            interpreter = Interpreter(model_content=program.to_tflite())
            assert sorted(interpreter.get_signature_list()) == tf_signatures
        for (key, inputs), want in zip(steps, expected):
            if engine == "litert":
                [got] = interpreter.get_signature_runner(key)(**inputs).values()
            else:
                [got] = program.run(inputs, engine=engine, function=key).values()
            np.testing.assert_allclose(got, want, rtol=1e-6, err_msg=f"{engine} {key}")
    # The TFLiteConverter drop-in writes them too.
    model = sluice.TFLiteConverter.from_saved_model(str(tmp_path)).convert()
    assert sorted(Interpreter(model_content=model).get_signature_list()) == tf_signatures


class Counter(tf.Module):
    def __init__(self):
        self.v = tf.Variable([1.0, 2.0])

    @tf.function(input_signature=[tf.TensorSpec([], tf.int32, name="n")])
    def __call__(self, n):
        def body(i):
            self.v.assign(self.v * 0.5 + 1.0)
            return i + 1
        tf.while_loop(lambda i: i < n, body, [0])
        return self.v.read_value()


def test_from_concrete_functions_keeps_assigned_variables():
    counter = Counter()
    function = counter.__call__.get_concrete_function()
    # Freezing a variable the function assigns fails in TF (as in TF's
    # converter); the message says what converts it.
    with pytest.raises(sluice.SluiceError, match="keep_variables=True"):
        sluice.from_concrete_functions([function], counter)
    kept = sluice.from_concrete_functions([function], counter, keep_variables=True)
    assert len(kept.variables()) == 1
    n = {"n": np.array(3, np.int32)}
    # The variable goes on changing across runs, as in TF.
    for _ in range(3):
        expected = counter(tf.constant(3)).numpy()
        [got] = kept.run(n).values()
        np.testing.assert_allclose(got, expected, rtol=1e-6)


def test_from_concrete_functions_several():
    """Several functions: one Program, a function each named by its graph
    name (the signature keys TF's converter gives them)."""
    module = TwoCounters()
    functions = [module.step.get_concrete_function(), module.rescale.get_concrete_function()]
    program = sluice.from_concrete_functions(functions, module, keep_variables=True)
    names = [f.graph.name for f in functions]
    [got] = program.run({"s": np.array(2.0, np.float32)}, function=names[1]).values()
    np.testing.assert_allclose(got, [2.0, 4.0])
    [got] = program.run({"n": np.array(1, np.int32)}, function=names[0]).values()
    np.testing.assert_allclose(got, [1.0 * 2.0 + 1.0, 2.0 * 2.0 + 1.0])
    with pytest.raises(sluice.SluiceError, match="two functions have one graph name"):
        sluice.from_concrete_functions([functions[0], functions[0]])
    with pytest.raises(sluice.SluiceError, match="expected a ConcreteFunction"):
        sluice.from_concrete_functions([lambda x: x])


def test_from_session_and_from_frozen_graph(tmp_path):
    graph = tf.Graph()
    with graph.as_default():
        n = tf.compat.v1.placeholder(tf.int32, [], name="n")
        x = tf.compat.v1.placeholder(tf.float32, None, name="x")
        w = tf.compat.v1.get_variable("w", initializer=[2.0, 3.0], use_resource=False)
        out = tf.compat.v1.while_loop(lambda i, y: i < n, lambda i, y: (i + 1, y * w + 1.0),
                                      [0, tf.zeros([2])])[1]
        out = tf.identity(out + x, name="out")
        with tf.compat.v1.Session() as sess:
            sess.run(tf.compat.v1.global_variables_initializer())
            feed = {n: 3, x: [1.0, -1.0]}
            expected = sess.run(out, feed)
            program = sluice.from_session(sess, [n, x], [out])
            frozen = tf.compat.v1.graph_util.convert_variables_to_constants(
                sess, graph.as_graph_def(), ["out"])
    inputs = {"n": np.array(3, np.int32), "x": np.array([1.0, -1.0], np.float32)}
    [got] = program.run(inputs).values()
    np.testing.assert_allclose(got, expected, rtol=1e-6)

    path = tmp_path / "frozen.pb"
    path.write_bytes(frozen.SerializeToString())
    unshaped = sluice.from_frozen_graph(path, ["n", "x"], ["out"])
    shaped = sluice.from_frozen_graph(path, ["n", "x"], ["out"], input_shapes={"x": [2]})
    assert [s.shape for s in unshaped.inputs()][1] is None
    assert [s.shape for s in shaped.inputs()][1] == (2,)
    got = run_everywhere(shaped, inputs)
    np.testing.assert_allclose(got, expected, rtol=1e-6)
    with pytest.raises(sluice.SluiceError, match="'y', which is not a Placeholder"):
        sluice.from_frozen_graph(path, ["n", "x"], ["out"], input_shapes={"y": [2]})


@pytest.mark.parametrize("document", ["README.md", "docs/python.md"])
def test_documented_keras_example_runs(document, tmp_path, monkeypatch):
    """The from_keras_model example of the README and docs/python.md, as
    written, writes a model LiteRT runs."""
    import re
    from pathlib import Path
    from ai_edge_litert.interpreter import Interpreter
    text = (Path(__file__).resolve().parents[2] / document).read_text()
    [block] = [b for b in re.findall(r"```python\n(.*?)```", text, re.S)
               if "from_keras_model(model)" in b]
    monkeypatch.chdir(tmp_path)
    exec(compile(block, document, "exec"), {})
    interpreter = Interpreter(model_path=str(tmp_path / "lstm.tflite"))
    interpreter.allocate_tensors()
    interpreter.invoke()
    assert interpreter.get_output_details()[0]["shape"].tolist() == [2, 2]


def test_tflite_converter_drop_in(tmp_path):
    """sluice.TFLiteConverter in place of tf.lite.TFLiteConverter: the same
    calls give a model LiteRT runs with TF's results; a model that assigns
    its variables keeps them (experimental_enable_resource_variables, True
    by default as in TF), or is refused when that is False."""
    from ai_edge_litert.interpreter import Interpreter
    module = Decoder()
    tf.saved_model.save(module, str(tmp_path / "decoder"), signatures={"decode": module.serve})
    converter = sluice.TFLiteConverter.from_saved_model(str(tmp_path / "decoder"),
                                                        signature_keys=["decode"])
    converter.target_spec.supported_ops = [tf.lite.OpsSet.TFLITE_BUILTINS,
                                           tf.lite.OpsSet.SELECT_TF_OPS]
    runner = Interpreter(model_content=converter.convert()).get_signature_runner()
    inputs = {"x": np.array([0.5, -1.0], np.float32), "n": np.array(5, np.int32)}
    [got] = runner(**inputs).values()
    np.testing.assert_allclose(got, module.serve(**inputs)["h"].numpy(), rtol=1e-5)

    counter = Counter()
    function = counter.__call__.get_concrete_function()
    converter = sluice.TFLiteConverter.from_concrete_functions([function], counter)
    runner = Interpreter(model_content=converter.convert()).get_signature_runner()
    for _ in range(2):
        expected = counter(tf.constant(2)).numpy()
        [got] = runner(n=np.array(2, np.int32)).values()
        np.testing.assert_allclose(got, expected, rtol=1e-6)
    converter.experimental_enable_resource_variables = False
    with pytest.raises(sluice.SluiceError, match="keep_variables=True"):
        converter.convert()


def test_tflite_converter_refuses_what_it_does_not_do():
    counter = Counter()
    converter = sluice.TFLiteConverter.from_concrete_functions(
        [counter.__call__.get_concrete_function()], counter)
    converter.optimizations = [tf.lite.Optimize.DEFAULT]
    with pytest.raises(sluice.SluiceError, match="optimizations: Sluice does not quantize"):
        converter.convert()
    converter.optimizations = []
    converter.target_spec.supported_ops = [
        tf.lite.OpsSet.EXPERIMENTAL_TFLITE_BUILTINS_ACTIVATIONS_INT16_WEIGHTS_INT8]
    with pytest.raises(sluice.SluiceError,
                       match="EXPERIMENTAL_TFLITE_BUILTINS_ACTIVATIONS_INT16_WEIGHTS_INT8 is "
                             "not supported"):
        converter.convert()


def test_kept_variables_beside_a_captured_constant():
    """A function closing over a tensor as well as a variable: with
    keep_variables=True the tensor is a constant, not a Program input."""
    scale = tf.constant([2.0, -1.0])
    counter = Counter()

    @tf.function(input_signature=[tf.TensorSpec([], tf.int32, name="n")])
    def scaled(n):
        return counter(n) * scale
    function = scaled.get_concrete_function()
    program = sluice.from_concrete_functions([function], counter, keep_variables=True)
    assert [spec.name for spec in program.inputs()] == ["n"]
    expected = scaled(tf.constant(2)).numpy()
    [got] = program.run({"n": np.array(2, np.int32)}).values()
    np.testing.assert_allclose(got, expected, rtol=1e-6)
