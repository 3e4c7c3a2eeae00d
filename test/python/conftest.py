# Shared paths, fixtures and helpers of the sluice Python package's tests.
"""pytest configuration for test/python.

Run with the build's package on the path, as utils/run-tests.sh does:

    PYTHONPATH=build/python /usr/bin/python3 -m pytest test/python

Without PYTHONPATH, build/python is added here, so `pytest test/python`
from the repository's root works too.

The tests marked `requires_corpus` read the TensorFlow-written corpus kept
beside the repository, ../shared/corpus; the environment variable
SLUICE_CORPUS=DIR points them elsewhere. Where the directory does not exist
they are skipped ("external corpus ../shared/corpus absent"), so a clone of
the repository alone passes.
"""
import json
import os
import sys
from pathlib import Path

import numpy as np
import pytest

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples"
CORPUS = Path(os.environ.get("SLUICE_CORPUS") or REPO.parent / "shared" / "corpus")
# Marks a test (or, as `pytestmark`, a module) that reads CORPUS.
requires_corpus = pytest.mark.skipif(not CORPUS.is_dir(),
                                     reason="external corpus ../shared/corpus absent")
GRAPHDEF_INPUTS = REPO / "test" / "Target" / "GraphDef" / "Inputs"
TOOLS = REPO / "build" / "bin"
E2E = REPO / "test" / "e2e"
# The TensorFlow-written corpus kept in the repository (test/tf): each graph
# with a .json of its feeds, fetches, inputs and TensorFlow's outputs.
TF_CORPUS = REPO / "test" / "tf" / "corpus"
# Program.compare()'s LiteRT.js engine: the checkout's runner, once `npm ci`
# has installed its modules (Sluice itself never looks into a source tree).
LITERT_JS = E2E / "litert"
if (LITERT_JS / "node_modules" / "@litertjs" / "core").is_dir():
    os.environ.setdefault("SLUICE_LITERT_JS", str(LITERT_JS / "run_tflite.mjs"))

try:
    import sluice  # noqa: F401
except ImportError:
    sys.path.insert(0, str(REPO / "build" / "python"))

sys.dont_write_bytecode = True

WHILE_COND = EXAMPLES / "while_cond.pbtxt"

# The dtypes Sluice supports, with the MLIR element type of each.
DTYPES = {
    "bool": "i1",
    "int8": "i8",
    "uint8": "ui8",
    "int32": "i32",
    "int64": "i64",
    "float32": "f32",
    "float64": "f64",
}

ENGINES = ["interpreter", "native"]


@pytest.fixture
def write_mlir(tmp_path):
    """Writes MLIR text to a fresh .mlir file and returns its path."""
    count = [0]

    def write(text, name=None):
        count[0] += 1
        path = tmp_path / (name or f"program{count[0]}.mlir")
        path.write_text(text)
        return path

    return write


def array_from_json(value, spec):
    """The numpy array of one sluice-run JSON input (an object with dtype,
    shape and data, or a plain nested list / scalar) for the argument
    `spec` (a sluice.TensorSpec)."""
    def element(x):
        if isinstance(x, str):  # "nan", "inf", "-inf"
            return float(x)
        return x

    def convert(x):
        return [convert(v) for v in x] if isinstance(x, list) else element(x)

    if isinstance(value, dict):
        dtype = np.dtype(value.get("dtype", spec.dtype))
        data = np.array(convert(value["data"]), dtype=dtype)
        return data.reshape(value["shape"]) if "shape" in value else data
    return np.array(convert(value), dtype=spec.dtype)


def inputs_from_json(program, text):
    """The run() inputs of sluice-run's --inputs JSON (an object keyed by
    input name or an array in argument order); None for no JSON."""
    if text is None:
        return None
    value = json.loads(text)
    specs = program.inputs()
    if isinstance(value, list):
        return {spec.name: array_from_json(v, spec) for spec, v in zip(specs, value)}
    by_name = {spec.name: spec for spec in specs}
    return {name: array_from_json(v, by_name[name]) for name, v in value.items()}


def assert_outputs_close(actual, expected, rtol=1e-5):
    """Equal names, dtypes and shapes; equal integers and booleans; floats
    within `rtol` (NaNs equal)."""
    assert list(actual) == list(expected)
    for name in expected:
        a, e = actual[name], expected[name]
        assert a.dtype == e.dtype, name
        assert a.shape == e.shape, name
        if a.dtype.kind == "f":
            np.testing.assert_allclose(a, e, rtol=rtol, atol=0, equal_nan=True,
                                       err_msg=name)
        else:
            np.testing.assert_array_equal(a, e, err_msg=name)


def outputs_from_tool_json(text):
    """sluice-run's output line as a dict of name to numpy array."""
    result = {}
    for output in json.loads(text)["outputs"]:
        data = [float(x) if isinstance(x, str) else x for x in output["data"]]
        result[output["name"]] = np.array(data, dtype=output["dtype"]).reshape(
            output["shape"])
    return result


def tool(name):
    """The path of a built tool (sluicec, sluice-run), or a skip."""
    path = TOOLS / name
    if not path.exists():
        pytest.skip(f"{path} is not built")
    return str(path)
