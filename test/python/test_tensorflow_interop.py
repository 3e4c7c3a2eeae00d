"""Sluice and TensorFlow in one process, in either import order.

TensorFlow puts its own protobuf, LLVM and MLIR into the process; `import
tensorflow; import sluice` used to abort in Sluice's descriptor registration
running on TF's protobuf. Each order runs in a fresh interpreter (the order
is what is tested): it builds a tf.function with a tf.while_loop and a
tf.cond in TF, converts its graph in Sluice in the same process, and checks
Sluice's interpreter, native code and TFLite export (in LiteRT) against TF's
own result.
"""
import os
import subprocess
import sys

import pytest

pytest.importorskip("tensorflow")

SCRIPT = r"""
import sys
if sys.argv[1] == "tensorflow-first":
    import tensorflow as tf
    import sluice
else:
    import sluice
    import tensorflow as tf
import numpy as np

@tf.function
def step(n, x):
    def body(i, y):
        return i + 1, tf.cond(tf.reduce_sum(y) > 10.0, lambda: y * 0.5, lambda: y + x)
    return tf.while_loop(lambda i, y: i < n, body, [0, tf.zeros([3])])[1]

function = step.get_concrete_function(tf.TensorSpec([], tf.int32, name="n"),
                                      tf.TensorSpec([3], tf.float32, name="x"))
program = sluice.from_concrete_functions([function])
inputs = {"n": np.array(6, np.int32), "x": np.array([1, 2, 3], np.float32)}
expected = function(tf.constant(6), tf.constant([1.0, 2.0, 3.0])).numpy()
for engine in ("interpreter", "native"):
    [got] = program.run(inputs, engine=engine).values()
    np.testing.assert_allclose(got, expected, rtol=1e-6)
from ai_edge_litert.interpreter import Interpreter
interpreter = Interpreter(model_content=program.to_tflite())
runner = interpreter.get_signature_runner()
[got] = runner(**inputs).values()
np.testing.assert_allclose(got, expected, rtol=1e-6)
print("agree", sys.argv[1])
"""


@pytest.mark.parametrize("order", ["tensorflow-first", "sluice-first"])
def test_sluice_and_tensorflow_share_a_process(order):
    result = subprocess.run([sys.executable, "-c", SCRIPT, order], capture_output=True,
                            text=True, timeout=600, env=dict(os.environ,
                                                            TF_CPP_MIN_LOG_LEVEL="2"))
    assert result.returncode == 0, result.stderr[-3000:]
    assert result.stdout.strip().endswith("agree " + order)
