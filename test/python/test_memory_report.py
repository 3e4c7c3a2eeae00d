"""Tests of Program.memory_report (sluicec --report=json as a dict)."""
import pytest

import sluice
from conftest import REPO


def test_memory_report_swap():
    program = sluice.load(str(REPO / "bench" / "buffers" / "programs" / "swap.mlir"))
    report = program.memory_report()
    assert report["entry"] == "main"
    assert (report["arena"]["global"], report["arena"]["sum"]) == (112, 272)
    assert report["native"] == {"copies": 0, "bytes": 0, "allocs": 0}
    (loop,) = report["functions"][0]["loops"]
    assert loop["path"] == "0" and loop["state_bytes"] == 36
    assert [slot["native"] for slot in loop["slots"]] == [
        "none", "none, buffer = 2", "none, buffer = 1"]
    assert loop["tflite"]["litert"] == {"copies": 6, "bytes": 48}


def test_memory_report_refused(tmp_path):
    path = tmp_path / "random.mlir"
    path.write_text(
        "func.func @main(%n: tensor<i32>) -> tensor<2x3xf32> {\n"
        "  %s = lite.constant dense<[2, 3]> : tensor<2xi32>\n"
        "  %r = lite.random_uniform %s {seed = 1 : i64, seed2 = 7 : i64} :"
        " (tensor<2xi32>) -> tensor<2x3xf32>\n"
        "  return %r : tensor<2x3xf32>\n"
        "}\n")
    with pytest.raises(sluice.SluiceError, match="RANDOM_UNIFORM"):
        sluice.load(str(path)).memory_report()
