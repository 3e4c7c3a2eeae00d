# End to end on the TensorFlow-written corpus: each engine, through the
# Python package, against the reference interpreter.
"""Every corpus run that lifts (lift_corpus.GRAPHS' AGREE runs) and the
converter-written TFLite models (tflite_differential.CORPUS_TFLITE), run with
Program.run:

  interpreter  the lifted program in the interpreter == the graph as
               imported (v1 executor) in the interpreter, exactly;
  native       the program compiled in process == the interpreter (floats
               within 1e-5 relative), or the compilation's "needs ranked
               tensors" error for a graph whose outputs have a rank only
               known at run time (as native_differential.py counts them).

Also: the interpreter through Python prints what `sluice-run` prints.
Skipped without the corpus (see conftest.py).
"""
import subprocess
import sys

import pytest

import sluice
from conftest import (CORPUS, E2E, assert_outputs_close, inputs_from_json,
                      outputs_from_tool_json, requires_corpus, tool)

sys.path.insert(0, str(E2E))
import lift_corpus  # noqa: E402
from tflite_differential import CORPUS_TFLITE  # noqa: E402

pytestmark = requires_corpus


def load_options(args):
    """sluice.load and run keyword arguments of sluice-run's arguments."""
    load, run = {}, {}
    for arg in args:
        key, _, value = arg.partition("=")
        if key == "--feeds":
            load["feeds"] = value
        elif key == "--fetches":
            load["fetches"] = value
        elif key == "--init":
            load["init"] = value
        elif key == "--max-iterations":
            run["max_iterations"] = int(value)
        else:
            raise ValueError(f"unexpected sluice-run argument {arg}")
    return load, run


GRAPH_RUNS = [
    pytest.param(graph, args, inputs, id=" ".join([graph] + args + [f"run{index}"]))
    for graph, runs in sorted(lift_corpus.GRAPHS.items())
    for index, (args, inputs, expect, _) in enumerate(runs)
    if expect == lift_corpus.AGREE
]

TFLITE_RUNS = [
    pytest.param(model, inputs, id=f"{model}.tflite {inputs}")
    for model, runs in sorted(CORPUS_TFLITE.items())
    for inputs in runs
]


def graph_case(graph, args, inputs):
    load, run = load_options(args)
    program = sluice.load(CORPUS / "graphdef" / f"{graph}.pbtxt", **load)
    return program, inputs_from_json(program, inputs), run


def native_or_unranked(program, inputs, expected):
    """The native run agrees with `expected`, or the graph has an output
    whose rank is only known at run time, which native code cannot return."""
    try:
        actual = program.run(inputs, engine="native")
    except sluice.SluiceError as error:
        assert "the native back end needs ranked tensors" in str(error), str(error)
        assert any(spec.shape is None for spec in program.lift().outputs())
        return
    assert_outputs_close(actual, expected)


@pytest.mark.parametrize("graph,args,inputs", GRAPH_RUNS)
def test_corpus_graph_interpreter(graph, args, inputs):
    program, arrays, run = graph_case(graph, args, inputs)
    expected = program.run(arrays, **run)  # the v1 executor
    lifted = program.lift()
    assert "executor." not in lifted.mlir()
    assert_outputs_close(lifted.run(arrays, engine="interpreter", **run), expected, rtol=0)


@pytest.mark.parametrize("graph,args,inputs", GRAPH_RUNS)
def test_corpus_graph_native(graph, args, inputs):
    program, arrays, run = graph_case(graph, args, inputs)
    native_or_unranked(program, arrays, program.run(arrays, **run))


@pytest.mark.parametrize("model,inputs", TFLITE_RUNS)
def test_corpus_tflite_native(model, inputs):
    program = sluice.load(CORPUS / "tflite" / f"{model}.tflite")
    arrays = inputs_from_json(program, inputs)
    native_or_unranked(program, arrays, program.run(arrays))


@pytest.mark.parametrize("model,inputs", TFLITE_RUNS)
def test_corpus_tflite_reexported_interpreter(model, inputs, tmp_path):
    program = sluice.load(CORPUS / "tflite" / f"{model}.tflite")
    arrays = inputs_from_json(program, inputs)
    path = tmp_path / "model.tflite"
    path.write_bytes(program.to_tflite())
    assert_outputs_close(sluice.load(path).run(arrays), program.run(arrays), rtol=0)


@pytest.mark.parametrize("graph", ["v1_while_simple", "v1_while_two_vars_grappler",
                                   "v2_while_loop_counter"])
def test_interpreter_agrees_with_sluice_run(graph, tmp_path):
    args, inputs, _, _ = lift_corpus.GRAPHS[graph][-1]
    path = CORPUS / "graphdef" / f"{graph}.pbtxt"
    command = [tool("sluice-run"), str(path)] + args
    if inputs is not None:
        (tmp_path / "in.json").write_text(inputs)
        command.append(f"--inputs={tmp_path / 'in.json'}")
    printed = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    program, arrays, run = graph_case(graph, args, inputs)
    assert_outputs_close(program.run(arrays, **run), outputs_from_tool_json(printed), rtol=0)
