# sluice.load: every input format, feeds and fetches, and malformed inputs.
"""Tests of sluice.load() and the errors it raises."""
import shutil
import subprocess

import numpy as np
import pytest

import sluice
from conftest import CORPUS, EXAMPLES, GRAPHDEF_INPUTS, REPO, WHILE_COND, requires_corpus


def test_load_graphdef_text():
    program = sluice.load(str(WHILE_COND))
    assert isinstance(program, sluice.Program)
    assert "executor.graph" in program.mlir()
    assert [spec.name for spec in program.inputs()] == ["n"]


def test_load_accepts_path_objects():
    program = sluice.load(WHILE_COND)
    assert [spec.name for spec in program.outputs()] == ["while/Exit", "while/Exit_1"]


def test_load_graphdef_binary(tmp_path):
    protoc = shutil.which("protoc")
    if not protoc:
        pytest.skip("protoc (protobuf-compiler) is not installed")
    binary = tmp_path / "while_cond.pb"
    with open(WHILE_COND, "rb") as text, open(binary, "wb") as out:
        subprocess.run([protoc, "-I", str(REPO / "lib" / "Target" / "GraphDef"),
                        "--encode=sluice.tf.GraphDef", "sluice_graph.proto"],
                       stdin=text, stdout=out, check=True)
    program = sluice.load(binary)
    outputs = program.run({"n": np.array(7, dtype=np.int32)})
    assert outputs["while/Exit"] == 7 and outputs["while/Exit_1"] == 9


@requires_corpus
def test_load_tflite():
    program = sluice.load(CORPUS / "tflite" / "tf_converter_while_op.tflite")
    assert "lite.while" in program.mlir()
    assert len(program.inputs()) == 2


def test_load_mlir():
    program = sluice.load(EXAMPLES / "while_lite.mlir")
    assert "lite.while" in program.mlir()
    assert program.inputs() == []
    assert program.run()["output0"] == 10


def test_feeds_and_fetches_as_lists():
    program = sluice.load(GRAPHDEF_INPUTS / "select.pbtxt", feeds=["a", "p", "z"],
                          fetches=["sum2", "m"])
    assert [spec.name for spec in program.inputs()] == ["a", "p", "z"]
    assert [spec.name for spec in program.outputs()] == ["sum2", "m"]


def test_feeds_and_fetches_as_comma_separated_strings():
    program = sluice.load(GRAPHDEF_INPUTS / "select.pbtxt", feeds="a,p,z",
                          fetches="sum2,m")
    assert [spec.name for spec in program.inputs()] == ["a", "p", "z"]
    assert [spec.name for spec in program.outputs()] == ["sum2", "m"]
    inputs = {"z": np.float32(2), "a": np.float32(3), "p": np.bool_(True)}
    outputs = program.run(inputs)
    assert outputs["sum2"] == 20 and outputs["m"] == 9
    outputs = program.run(dict(inputs, p=np.bool_(False)))
    assert outputs["m"] == 6


def test_feeds_of_the_wrong_type():
    with pytest.raises(TypeError):
        sluice.load(WHILE_COND, feeds=[1, 2])


def test_unknown_fetch_names_the_tensor():
    with pytest.raises(sluice.SluiceError, match="nowhere"):
        sluice.load(WHILE_COND, fetches=["nowhere"])


def test_missing_file():
    with pytest.raises(sluice.SluiceError, match="cannot open input file.*missing.pbtxt"):
        sluice.load("missing.pbtxt")


def test_graphdef_syntax_error_names_line_and_column():
    with pytest.raises(sluice.SluiceError) as info:
        sluice.load(GRAPHDEF_INPUTS / "syntax-error.pbtxt")
    assert "syntax-error.pbtxt:7:7: error: invalid GraphDef text" in str(info.value)


def test_graphdef_unknown_op_names_the_node():
    with pytest.raises(sluice.SluiceError) as info:
        sluice.load(GRAPHDEF_INPUTS / "unknown-op.pbtxt")
    text = str(info.value)
    assert "unknown-op.pbtxt:3:8: error: node 'weird' (Frobnicate)" in text
    assert info.value.diagnostics == text


def test_malformed_binary_graphdef(tmp_path):
    garbage = tmp_path / "garbage.pb"
    garbage.write_bytes(b"\x0a\xff\xff")
    with pytest.raises(sluice.SluiceError, match="not a binary protobuf"):
        sluice.load(garbage)


def test_malformed_tflite(tmp_path):
    garbage = tmp_path / "garbage.tflite"
    garbage.write_bytes(b"\x00" * 64)
    with pytest.raises(sluice.SluiceError, match="garbage.tflite"):
        sluice.load(garbage)


@requires_corpus
def test_truncated_tflite(tmp_path):
    model = (CORPUS / "tflite" / "tf_converter_if_op.tflite").read_bytes()
    truncated = tmp_path / "truncated.tflite"
    truncated.write_bytes(model[: len(model) // 2])
    with pytest.raises(sluice.SluiceError):
        sluice.load(truncated)


def test_malformed_mlir_quotes_the_source(tmp_path):
    bad = tmp_path / "bad.mlir"
    bad.write_text("func.func @main() {\n  %x = lite.nonsense\n}\n")
    with pytest.raises(sluice.SluiceError) as info:
        sluice.load(bad)
    text = str(info.value)
    assert "bad.mlir:2:" in text and "error:" in text
    assert "lite.nonsense" in text  # the quoted source line


def test_sluice_error_is_an_exception():
    assert issubclass(sluice.SluiceError, Exception)
    assert sluice.SluiceError.__doc__
