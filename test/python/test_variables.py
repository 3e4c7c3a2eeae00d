# Variables through the Python API: a TF1 graph's resource variable,
# initialised by its init op, keeps its value from one interpreter run of a
# Program to the next; read_variable/assign_variable see and set it, and
# reset_state forgets it.
import numpy as np
import pytest

import sluice
from conftest import TF_CORPUS

GRAPH = TF_CORPUS / "tf1_variable" / "tf1_resource_variable_in_loop.pbtxt"


def load():
    return sluice.load(GRAPH, feeds="n,x", fetches="Identity_1:0")


def test_variables_are_listed():
    [spec] = load().variables()
    assert spec.name == "rv"
    assert spec.dtype == np.float32 and spec.shape == (2,)


def test_init_runs_once_and_state_persists():
    program = load()
    x = np.array([1.0, 2.0], dtype=np.float32)
    # rv starts at [1, -1] (the init op) and becomes rv * 0.5 + x per trip.
    first = program.run({"n": np.array(1, dtype=np.int32), "x": x})
    np.testing.assert_allclose(first["Identity_1:0"], [1.5, 1.5])
    np.testing.assert_allclose(program.read_variable("rv"), [1.5, 1.5])
    # The second run continues from there: the initializer does not run again.
    second = program.run({"n": np.array(1, dtype=np.int32), "x": x})
    np.testing.assert_allclose(second["Identity_1:0"], [1.75, 2.75])


@pytest.mark.parametrize("engine", ["interpreter", "native"])
def test_reset_state_starts_over(engine):
    program = load()
    inputs = {"n": np.array(1, dtype=np.int32), "x": np.array([1.0, 2.0], dtype=np.float32)}
    program.run(inputs, engine=engine)
    program.reset_state()
    # The initializer runs again: the first run's answer, not [1.75, 2.75].
    np.testing.assert_allclose(program.run(inputs, engine=engine)["Identity_1:0"], [1.5, 1.5])
    if engine == "interpreter":
        program.reset_state()
        with pytest.raises(sluice.SluiceError, match="variable 'rv' was never assigned"):
            program.read_variable("rv")


def test_assign_variable_feeds_the_next_run():
    program = load()
    x = np.array([0.0, 0.0], dtype=np.float32)
    program.run({"n": np.array(0, dtype=np.int32), "x": x})
    program.assign_variable("rv", np.array([8.0, 4.0], dtype=np.float32))
    out = program.run({"n": np.array(2, dtype=np.int32), "x": x})
    np.testing.assert_allclose(out["Identity_1:0"], [2.0, 1.0])


def test_variable_errors():
    program = load()
    with pytest.raises(sluice.SluiceError, match="variable 'rv' was never assigned"):
        program.read_variable("rv")
    with pytest.raises(sluice.SluiceError, match="no variable 'nope'"):
        program.read_variable("nope")
    with pytest.raises(sluice.SluiceError, match="variable 'rv' has shape \\[2\\], not \\[3\\]"):
        program.assign_variable("rv", np.zeros(3, dtype=np.float32))
    with pytest.raises(sluice.SluiceError, match="variable 'rv' holds f32, not int32"):
        program.assign_variable("rv", np.zeros(2, dtype=np.int32))


def test_without_init_the_read_fails():
    program = sluice.load(GRAPH, feeds="n,x", fetches="Identity_1:0", init=[])
    with pytest.raises(sluice.SluiceError, match="variable 'rv' is read before it was assigned"):
        program.run({"n": np.array(1, dtype=np.int32),
                     "x": np.array([1.0, 2.0], dtype=np.float32)})
