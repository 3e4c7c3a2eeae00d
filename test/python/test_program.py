# sluice.Program: printing, lifting, signatures, TFLite export, native
# compilation.
"""Tests of Program.mlir/lift/inputs/outputs/to_tflite/compile."""
import shutil
import subprocess

import numpy as np
import pytest

import sluice
from conftest import CORPUS, EXAMPLES, WHILE_COND, requires_corpus, tool


@pytest.fixture
def while_cond():
    return sluice.load(WHILE_COND)


def test_mlir_and_str(while_cond):
    text = while_cond.mlir()
    assert text.startswith("module")
    assert "executor.graph" in text and "executor.next_iteration" in text
    assert str(while_cond) == text


def test_repr(while_cond):
    assert repr(while_cond) == (
        f"<sluice.Program from '{WHILE_COND}': @main, v1 control flow>")
    assert repr(while_cond.lift()) == f"<sluice.Program from '{WHILE_COND}': @main>"


def test_lift_returns_a_new_program(while_cond):
    lifted = while_cond.lift()
    assert isinstance(lifted, sluice.Program)
    text = lifted.mlir()
    assert "lite.while" in text and "lite.if" in text
    assert "executor." not in text
    # The original is left as it was.
    assert "executor.graph" in while_cond.mlir()


def test_lift_matches_sluicec(while_cond):
    expected = subprocess.run([tool("sluicec"), str(WHILE_COND)], check=True,
                              capture_output=True, text=True).stdout
    assert while_cond.lift().mlir() == expected


def test_lifted_program_runs_the_same(while_cond):
    n = {"n": np.array(7, dtype=np.int32)}
    assert while_cond.lift().run(n) == while_cond.run(n)


@requires_corpus
def test_lift_failure_names_the_node():
    program = sluice.load(CORPUS / "graphdef" / "v1_merge_n4_no_switch_tflite.pbtxt",
                          fetches="Merge,Merge:1")
    with pytest.raises(sluice.SluiceError) as info:
        program.lift()
    text = str(info.value)
    assert "v1_merge_n4_no_switch_tflite.pbtxt:" in text
    assert "cannot be lifted" in text and 'name: "Merge"' in text  # the node's line


def test_inputs_and_outputs(while_cond):
    (n,) = while_cond.inputs()
    assert isinstance(n, sluice.TensorSpec)
    assert (n.name, n.dtype, n.shape, n.type) == ("n", np.dtype(np.int32), (), "tensor<i32>")
    assert repr(n) == "TensorSpec(name='n', dtype=int32, shape=())"
    assert [(o.name, o.dtype, o.shape) for o in while_cond.outputs()] == [
        ("while/Exit", np.dtype(np.int32), ()), ("while/Exit_1", np.dtype(np.int32), ())]


def test_dynamic_and_unranked_shapes(write_mlir):
    program = sluice.load(write_mlir("""
func.func @main(%x: tensor<?x2xf32> {sluice.name = "x"}, %y: tensor<*xi64>) -> tensor<*xi64> {
  return %y : tensor<*xi64>
}
"""))
    x, y = program.inputs()
    assert (x.name, x.dtype, x.shape) == ("x", np.dtype(np.float32), (None, 2))
    assert (y.name, y.dtype, y.shape, y.type) == ("arg1", np.dtype(np.int64), None, "tensor<*xi64>")
    (out,) = program.outputs()
    assert (out.name, out.shape) == ("output0", None)


def test_signature_of_another_function(write_mlir):
    program = sluice.load(write_mlir("""
func.func @main(%x: tensor<i32>) -> tensor<i32> { return %x : tensor<i32> }
func.func @other(%a: tensor<2xf64> {sluice.name = "a"}) -> tensor<2xf64> { return %a : tensor<2xf64> }
"""))
    assert [s.name for s in program.inputs("other")] == ["a"]
    assert [s.shape for s in program.outputs(function="other")] == [(2,)]
    with pytest.raises(sluice.SluiceError, match="no function @nope"):
        program.inputs("nope")


def test_to_tflite(while_cond, tmp_path):
    model = while_cond.to_tflite()
    assert isinstance(model, bytes)
    assert model[4:8] == b"TFL3"
    # The same bytes as sluicec, and the model imports back and runs.
    path = tmp_path / "while_cond.tflite"
    subprocess.run([tool("sluicec"), str(WHILE_COND), "--emit=tflite", "-o", str(path)],
                   check=True)
    assert path.read_bytes() == model
    path.write_bytes(model)
    outputs = sluice.load(path).run({"n": np.array(7, dtype=np.int32)})
    assert [int(v) for v in outputs.values()] == [7, 9]


def test_to_tflite_plan_buffers(while_cond, tmp_path):
    planned = while_cond.to_tflite(plan_buffers=True)
    # The same bytes as sluicec --plan-buffers, with the metadata the plain
    # export does not have.
    path = tmp_path / "planned.tflite"
    subprocess.run([tool("sluicec"), str(WHILE_COND), "--emit=tflite", "--plan-buffers",
                    "-o", str(path)], check=True)
    assert path.read_bytes() == planned
    assert b"OfflineMemoryAllocation" in planned
    assert b"OfflineMemoryAllocation" not in while_cond.to_tflite()
    outputs = sluice.load(path).run({"n": np.array(7, dtype=np.int32)})
    assert [int(v) for v in outputs.values()] == [7, 9]


def test_to_tflite_leaves_the_program_unchanged(while_cond):
    lifted = while_cond.lift()
    before = lifted.mlir()
    lifted.to_tflite()
    assert lifted.mlir() == before


@requires_corpus
def test_to_tflite_of_an_unliftable_graph():
    program = sluice.load(CORPUS / "graphdef" / "v1_merge_n4_no_switch_tflite.pbtxt",
                          fetches="Merge,Merge:1")
    with pytest.raises(sluice.SluiceError, match="cannot be lifted"):
        program.to_tflite()


def test_to_tflite_unknown_entry(while_cond):
    with pytest.raises(sluice.SluiceError, match="nope"):
        while_cond.to_tflite(function="nope")


def test_compile_writes_object_and_header(while_cond, tmp_path):
    header = while_cond.compile(tmp_path / "while_cond.o")
    assert header == str(tmp_path / "while_cond.h")
    assert (tmp_path / "while_cond.o").read_bytes()[:4] == b"\x7fELF"
    text = (tmp_path / "while_cond.h").read_text()
    assert "int32_t while_cond_main(" in text
    assert "#ifndef WHILE_COND_H" in text


def test_compile_matches_sluicec(while_cond, tmp_path):
    subprocess.run([tool("sluicec"), str(WHILE_COND), "--emit=obj",
                    "-o", str(tmp_path / "model.o"), "--header", str(tmp_path / "model.h")],
                   check=True)
    (tmp_path / "py").mkdir()
    while_cond.compile(str(tmp_path / "py" / "model.o"))
    assert (tmp_path / "py" / "model.o").read_bytes() == (tmp_path / "model.o").read_bytes()
    assert (tmp_path / "py" / "model.h").read_text() == (tmp_path / "model.h").read_text()


def test_compiled_model_links_with_the_example_c_program(while_cond, tmp_path):
    cc = shutil.which("cc") or shutil.which("clang-22")
    if not cc:
        pytest.skip("no C compiler")
    while_cond.compile(tmp_path / "while_cond.o")
    binary = tmp_path / "while_cond"
    subprocess.run([cc, "-std=c99", "-I", str(tmp_path),
                    str(EXAMPLES / "native" / "while_cond_main.c"),
                    str(tmp_path / "while_cond.o"), "-o", str(binary)], check=True)
    result = subprocess.run([str(binary), "7"], check=True, capture_output=True, text=True)
    assert result.stdout == "n = 7: while/Exit = 7, while/Exit_1 = 9\n"


def test_compile_prefix_and_target(while_cond, tmp_path):
    header = while_cond.compile(tmp_path / "m.o", prefix="my-model", target_cpu="x86-64",
                                opt_level=1)
    assert "int32_t my_model_main(" in open(header).read()


def test_compile_errors(while_cond, tmp_path):
    with pytest.raises(sluice.SluiceError, match="overwritten by its header"):
        while_cond.compile(tmp_path / "model.h")
    with pytest.raises(sluice.SluiceError, match="optimisation level"):
        while_cond.compile(tmp_path / "model.o", opt_level=4)
    with pytest.raises(sluice.SluiceError, match="cannot open output file"):
        while_cond.compile(tmp_path / "no" / "such" / "dir" / "model.o")
    with pytest.raises(sluice.SluiceError, match="no-such-cpu"):
        while_cond.compile(tmp_path / "model.o", target_cpu="no-such-cpu")
    assert not (tmp_path / "model.o").exists() and not (tmp_path / "model.h").exists()


def test_compile_an_unranked_program_fails(write_mlir, tmp_path):
    program = sluice.load(write_mlir("""
func.func @main(%x: tensor<*xf32>) -> tensor<*xf32> { return %x : tensor<*xf32> }
"""))
    with pytest.raises(sluice.SluiceError, match="needs ranked tensors"):
        program.compile(tmp_path / "model.o")


def test_docstrings():
    for thing in [sluice, sluice.load, sluice.Program, sluice.TensorSpec, sluice.SluiceError]:
        assert thing.__doc__, thing
    for method in ["mlir", "lift", "run_pipeline", "inputs", "outputs", "to_tflite", "compile",
                   "run"]:
        assert getattr(sluice.Program, method).__doc__, method
    for field in ["name", "dtype", "shape", "type"]:
        assert getattr(sluice.TensorSpec, field).__doc__, field


def test_run_pipeline(while_cond):
    assert while_cond.run_pipeline("sluice-lift").mlir() == while_cond.lift().mlir()
    assert while_cond.run_pipeline("builtin.module(sluice-lift)").mlir() == \
        while_cond.lift().mlir()
    # The pass alone, without the cleanup: lifted, but not canonicalized.
    lifted = while_cond.run_pipeline("func.func(executor-lift-control-flow)")
    assert "executor." not in lifted.mlir() and lifted.mlir() != while_cond.lift().mlir()
    assert "executor.graph" in while_cond.mlir()  # unchanged
    lowered = while_cond.lift().run_pipeline("sluice-lower-to-llvm")
    assert "llvm.func" in lowered.mlir()
    outputs = lifted.run_pipeline("canonicalize,cse").run({"n": np.int32(7)})
    assert [int(v) for v in outputs.values()] == [7, 9]


def test_run_pipeline_errors(while_cond):
    with pytest.raises(sluice.SluiceError,
                       match="'no-such-pass' does not refer to a registered pass"):
        while_cond.run_pipeline("no-such-pass")
    with pytest.raises(sluice.SluiceError, match="unbalanced parentheses"):
        while_cond.run_pipeline("builtin.module(sluice-lift")
    # A pass that fails: executor graphs cannot be lowered to LLVM.
    with pytest.raises(sluice.SluiceError, match="while_cond.pbtxt:.*error:"):
        while_cond.run_pipeline("sluice-lower-to-llvm")
