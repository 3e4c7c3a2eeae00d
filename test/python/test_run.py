# Program.run: dtypes both ways on both engines, input checks, run-time
# errors.
"""Tests of Program.run() on the interpreter and the native engine."""
import json

import numpy as np
import pytest

import sluice
from conftest import (CORPUS, DTYPES, ENGINES, TF_CORPUS, WHILE_COND, array_from_json,
                      requires_corpus)


def identity_and_concat(write_mlir, dtype):
    """@main(x: 2x3) -> (x, concat(x, x)) over the MLIR type of `dtype`."""
    t = DTYPES[dtype]
    return sluice.load(write_mlir(f"""
func.func @main(%x: tensor<2x3x{t}> {{sluice.name = "x"}})
    -> (tensor<2x3x{t}> {{sluice.name = "same"}}, tensor<4x3x{t}> {{sluice.name = "twice"}}) {{
  %r = lite.concatenation %x, %x {{axis = 0 : i32}} : (tensor<2x3x{t}>, tensor<2x3x{t}>) -> tensor<4x3x{t}>
  return %x, %r : tensor<2x3x{t}>, tensor<4x3x{t}>
}}
"""))


def extreme_values(dtype):
    """Six values of `dtype` including its limits (and NaN/inf for floats)."""
    if dtype == "bool":
        return np.array([[True, False, True], [False, False, True]])
    if np.dtype(dtype).kind in "iu":
        info = np.iinfo(dtype)
        return np.array([[info.min, info.max, 0], [1, info.max - 1, info.min + 1]], dtype=dtype)
    info = np.finfo(dtype)
    return np.array([[info.min, info.max, info.tiny], [np.nan, np.inf, -np.inf]], dtype=dtype)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("dtype", list(DTYPES))
def test_dtype_round_trip(write_mlir, dtype, engine):
    program = identity_and_concat(write_mlir, dtype)
    assert program.inputs()[0].dtype == np.dtype(dtype)
    x = extreme_values(dtype)
    outputs = program.run({"x": x}, engine=engine)
    assert list(outputs) == ["same", "twice"]
    for name, expected in [("same", x), ("twice", np.concatenate([x, x]))]:
        assert outputs[name].dtype == np.dtype(dtype)
        assert outputs[name].shape == expected.shape
        np.testing.assert_array_equal(outputs[name], expected)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("dtype", list(DTYPES))
def test_wrong_dtype_names_the_input(write_mlir, dtype, engine):
    program = identity_and_concat(write_mlir, dtype)
    other = "float32" if dtype != "float32" else "int32"
    with pytest.raises(sluice.SluiceError,
                       match=f"input 'x' has dtype {other} but {dtype} is expected"):
        program.run({"x": np.zeros((2, 3), dtype=other)}, engine=engine)


@pytest.mark.parametrize("engine", ENGINES)
def test_while_cond(engine):
    program = sluice.load(WHILE_COND)
    outputs = program.run({"n": np.array(7, dtype=np.int32)}, engine=engine)
    assert list(outputs) == ["while/Exit", "while/Exit_1"]
    assert outputs["while/Exit"].dtype == np.int32 and outputs["while/Exit"].shape == ()
    assert [int(v) for v in outputs.values()] == [7, 9]
    # Again, with numpy scalars and other n (native: the compiled code is reused).
    assert [int(v) for v in program.run({"n": np.int32(1000)}, engine=engine).values()] == \
        [1000, 249000]
    assert [int(v) for v in program.run({"n": np.int32(0)}, engine=engine).values()] == [0, 0]


@pytest.mark.parametrize("engine", ENGINES)
def test_tensor_array_loop(engine):
    # A TF1 TensorArray unstacked from x, read and written in a while loop,
    # and stacked: lists (lite.list_*) inside, numpy arrays in and out, the
    # outputs TensorFlow computed (the graph's .json).
    graph = TF_CORPUS / "tf1_tensor_array" / "tf1_tensor_array_loop"
    case = json.loads(graph.with_suffix(".json").read_text())
    program = sluice.load(graph.with_suffix(".pbtxt"), feeds=case["feeds"],
                          fetches=case["fetches"])
    assert "lite.list_scatter" in program.lift().mlir()
    inputs = {spec.name: spec for spec in program.inputs()}
    tolerance = case["tolerance"]
    for run in case["runs"]:
        arrays = {name: array_from_json(value, inputs[name])
                  for name, value in run["inputs"].items()}
        outputs = program.run(arrays, engine=engine)
        assert list(outputs) == case["fetches"]
        for spec, value in zip(program.outputs(), run["expected"]):
            actual, expected = outputs[spec.name], array_from_json(value, spec)
            assert actual.dtype == expected.dtype and actual.shape == expected.shape
            np.testing.assert_allclose(actual, expected, rtol=tolerance["rtol"],
                                       atol=tolerance["atol"], err_msg=spec.name)

GROW = """
func.func @main(%x: tensor<?x2xui8> {sluice.name = "x"}) -> tensor<?x2xui8> {
  %row = lite.constant dense<[[1, 2]]> : tensor<1x2xui8>
  %r = lite.concatenation %x, %row {axis = 0 : i32} : (tensor<?x2xui8>, tensor<1x2xui8>) -> tensor<?x2xui8>
  return %r : tensor<?x2xui8>
}
"""


@pytest.mark.parametrize("engine", ENGINES)
def test_dynamic_shapes(write_mlir, engine):
    program = sluice.load(write_mlir(GROW))
    for rows in [0, 2, 5]:
        x = np.arange(rows * 2, dtype=np.uint8).reshape(rows, 2)
        (out,) = program.run({"x": x}, engine=engine).values()
        np.testing.assert_array_equal(out, np.concatenate([x, [[1, 2]]]).astype(np.uint8))
        assert out.dtype == np.uint8


@pytest.mark.parametrize("engine", ENGINES)
def test_wrong_shape_names_the_input(write_mlir, engine):
    program = sluice.load(write_mlir(GROW))
    with pytest.raises(sluice.SluiceError,
                       match=r"input 'x' has shape \[2, 3\] but the program expects \[\?, 2\]"):
        program.run({"x": np.zeros((2, 3), dtype=np.uint8)}, engine=engine)


@pytest.mark.parametrize("engine", ENGINES)
def test_unranked_argument_takes_the_input_shape(write_mlir, engine):
    program = sluice.load(write_mlir("""
func.func @main(%x: tensor<*xf32> {sluice.name = "x"}) -> tensor<*xf32> {
  %r = lite.add %x, %x : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
  return %r : tensor<*xf32>
}
"""))
    for shape in [(3,), (2, 2), ()]:
        x = np.arange(np.prod(shape), dtype=np.float32).reshape(shape)
        (out,) = program.run({"x": x}, engine=engine).values()
        assert out.shape == shape
        np.testing.assert_array_equal(out, x + x)


@pytest.mark.parametrize("engine", ENGINES)
def test_any_memory_layout(write_mlir, engine):
    program = identity_and_concat(write_mlir, "int32")
    base = np.arange(24, dtype=np.int32).reshape(4, 6)
    for x in [base[::2, ::2],                         # strided
              np.asfortranarray(base[:2, :3]),        # column-major
              base[:2, :3].astype(">i4")]:            # big-endian
        outputs = program.run({"x": x}, engine=engine)
        np.testing.assert_array_equal(outputs["same"], x)
        assert outputs["same"].dtype == np.dtype(np.int32)


def test_outputs_are_fresh_arrays(write_mlir):
    program = identity_and_concat(write_mlir, "float64")
    x = np.ones((2, 3))
    out = program.run({"x": x})["same"]
    assert out.flags.owndata and out.flags.writeable and out.flags.c_contiguous
    out[0, 0] = 5
    assert x[0, 0] == 1


@pytest.mark.parametrize("engine", ENGINES)
def test_missing_and_unknown_inputs(engine):
    program = sluice.load(WHILE_COND)
    with pytest.raises(sluice.SluiceError, match="missing input 'n'"):
        program.run({}, engine=engine)
    with pytest.raises(sluice.SluiceError, match="missing input 'n'"):
        program.run(engine=engine)
    with pytest.raises(sluice.SluiceError, match="unknown input 'm'"):
        program.run({"n": np.int32(1), "m": np.int32(2)}, engine=engine)


def test_python_numbers_are_not_converted():
    # A Python int is numpy's int64: @main takes int32.
    with pytest.raises(sluice.SluiceError, match="input 'n' has dtype int64 but int32"):
        sluice.load(WHILE_COND).run({"n": 7})


def test_unsupported_numpy_dtypes_name_the_input(write_mlir):
    program = identity_and_concat(write_mlir, "float32")
    for dtype in [np.float16, np.int16, np.uint32, np.complex64]:
        with pytest.raises(sluice.SluiceError,
                           match=f"input 'x' has dtype {np.dtype(dtype)}, which Sluice "
                                 "does not support"):
            program.run({"x": np.zeros((2, 3), dtype=dtype)})
    with pytest.raises(sluice.SluiceError, match="input 'x' has dtype object"):
        program.run({"x": np.array([None, 1])})


def test_bad_arguments():
    program = sluice.load(WHILE_COND)
    with pytest.raises(ValueError, match="engine must be"):
        program.run({"n": np.int32(1)}, engine="tflite")
    with pytest.raises(TypeError, match="inputs must be a dict"):
        program.run([np.int32(1)])
    with pytest.raises(TypeError, match="input names must be str"):
        program.run({1: np.int32(1)})
    with pytest.raises(sluice.SluiceError, match="no function @nope"):
        program.run({"n": np.int32(1)}, function="nope")


def test_run_another_function(write_mlir):
    program = sluice.load(write_mlir("""
func.func @main() -> tensor<i32> { %c = lite.constant dense<1> : tensor<i32>  return %c : tensor<i32> }
func.func @double(%a: tensor<2xf64> {sluice.name = "a"}) -> tensor<2xf64> {
  %r = lite.add %a, %a : (tensor<2xf64>, tensor<2xf64>) -> tensor<2xf64>
  return %r : tensor<2xf64>
}
"""))
    for engine in ENGINES:
        out = program.run({"a": np.array([1.5, -2])}, engine=engine, function="double")
        np.testing.assert_array_equal(out["output0"], [3, -4])


DIVIDE = """
func.func @main(%x: tensor<2xi32> {sluice.name = "x"}, %y: tensor<i32> {sluice.name = "y"}) -> tensor<2xi32> {
  %r = lite.floor_div %x, %y : (tensor<2xi32>, tensor<i32>) -> tensor<2xi32>
  return %r : tensor<2xi32>
}
"""


def test_division_by_zero_interpreter(write_mlir):
    program = sluice.load(write_mlir(DIVIDE, "divide.mlir"))
    x = np.array([7, -7], dtype=np.int32)
    np.testing.assert_array_equal(program.run({"x": x, "y": np.int32(2)})["output0"], [3, -4])
    with pytest.raises(sluice.SluiceError) as info:
        program.run({"x": x, "y": np.int32(0)})
    text = str(info.value)
    assert "divide.mlir:3:" in text and "error: integer division by zero" in text
    assert "lite.floor_div" in text  # the quoted source line


def test_division_by_zero_native(write_mlir):
    program = sluice.load(write_mlir(DIVIDE))
    x = np.array([7, -7], dtype=np.int32)
    np.testing.assert_array_equal(
        program.run({"x": x, "y": np.int32(2)}, engine="native")["output0"], [3, -4])
    with pytest.raises(sluice.SluiceError,
                       match=r"the compiled @main returned SLUICE_ERROR_DIVISION_BY_ZERO \(3\)"):
        program.run({"x": x, "y": np.int32(0)}, engine="native")


def test_max_iterations(write_mlir):
    program = sluice.load(write_mlir("""
func.func @main(%n: tensor<i32> {sluice.name = "n"}) -> tensor<i32> {
  %c0 = lite.constant dense<0> : tensor<i32>
  %r = lite.while (%i = %c0) : (tensor<i32>) -> tensor<i32> cond {
    %p = lite.less %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    lite.yield %p : tensor<i1>
  } body {
    %one = lite.constant dense<1> : tensor<i32>
    %next = lite.add %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i32>
    lite.yield %next : tensor<i32>
  }
  return %r : tensor<i32>
}
"""))
    n = {"n": np.int32(10)}
    assert program.run(n, max_iterations=10)["output0"] == 10
    with pytest.raises(sluice.SluiceError,
                       match="error: loop did not finish within 9 iterations"):
        program.run(n, max_iterations=9)
    assert program.run(n, engine="native")["output0"] == 10



def test_max_memory(write_mlir):
    # max_memory bounds the bytes of tensors an interpreter run holds: a
    # fill of 1000 float32 (4000 bytes) runs under 4K and is refused under 1K,
    # before it allocates (the run holds the constant's 4 bytes already).
    program = sluice.load(write_mlir("""
func.func @main(%dims: tensor<1xi32> {sluice.name = "dims"}) -> tensor<?xf32> {
  %one = lite.constant dense<1.0> : tensor<f32>
  %r = lite.fill %dims, %one : (tensor<1xi32>, tensor<f32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}
"""))
    dims = {"dims": np.array([1000], dtype=np.int32)}
    assert program.run(dims, max_memory=4096)["output0"].shape == (1000,)
    with pytest.raises(sluice.SluiceError,
                       match=r"a result of shape \[1000\] \(4000 bytes of float32\) "
                             r"would take the run's tensors to 4004 bytes, beyond its "
                             r"memory limit of 1024"):
        program.run(dims, max_memory=1024)

def test_native_target_cpu():
    program = sluice.load(WHILE_COND)
    n = {"n": np.int32(7)}
    assert [int(v) for v in program.run(n, engine="native", target_cpu="generic").values()] == \
        [7, 9]
    with pytest.raises(sluice.SluiceError, match="no-such-cpu"):
        program.run(n, engine="native", target_cpu="no-such-cpu")


@requires_corpus
def test_native_run_of_an_unliftable_graph():
    program = sluice.load(CORPUS / "graphdef" / "v1_merge_n4_no_switch_tflite.pbtxt",
                          fetches="Merge,Merge:1")
    inputs = {"a": np.float32(1.5), "b": np.array([2], dtype=np.float32),
              "c": np.array([[3]], dtype=np.float32), "d": np.float32(4)}
    specs = {s.name: s for s in program.inputs()}
    inputs = {k: np.asarray(v, dtype=specs[k].dtype) for k, v in inputs.items()}
    program.run(inputs)  # the interpreter runs it
    with pytest.raises(sluice.SluiceError, match="cannot be lifted"):
        program.run(inputs, engine="native")
