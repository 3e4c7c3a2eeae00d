# sluice.Program: Graphviz pictures of the control flow (to_dot, to_svg,
# _repr_svg_ for Jupyter).
"""Tests of Program.to_dot/to_svg/_repr_svg_."""
import re
import shutil

import numpy as np
import pytest

import sluice
from conftest import REPO, WHILE_COND

needs_dot = pytest.mark.skipif(shutil.which("dot") is None,
                               reason="Graphviz's dot is not installed")


@pytest.fixture
def while_cond():
    return sluice.load(WHILE_COND)


def node_classes(dot):
    """{node id: class} of the DOT text's nodes."""
    return {node: re.search(r'class="([^"]*)"', attributes).group(1)
            for node, attributes in re.findall(r'^\s*"(\w+)" \[(.*)\];$', dot, re.M)}


def test_lifted_picture(while_cond):
    dot = while_cond.to_dot()
    assert dot.startswith('digraph "lifted" {') and dot.rstrip().endswith("}")
    # Clusters nest: function > lite.while > body > lite.if > then/else.
    assert re.search(r'subgraph "cluster_f0" \{\n\s+label="@main"', dot)
    order = [m.group(1) for m in re.finditer(r'class="(while|cond|body|if|then|else)";', dot)]
    assert order == ["while", "cond", "body", "if", "then", "else"]
    classes = node_classes(dot)
    # Two slots and one lite.if result, each marked.
    slots = [c for c in classes.values() if c.startswith("slot")]
    assert len(slots) == 2 and all(c in ("slot in-place", "slot copied", "slot not-in-place")
                                   for c in slots)
    assert "result in-place" in classes.values()
    # The program itself is not lifted by drawing it.
    assert while_cond.to_dot() == dot
    assert "executor.graph" in while_cond.mlir()


def test_lifted_copies_per_buffer_model():
    swap = sluice.load(REPO / "bench" / "buffers" / "programs" / "swap.mlir")
    native = node_classes(swap.to_dot())
    tflite = node_classes(swap.to_dot(buffer_model="tflite"))
    # Natively the swapped slots are rotated by pointer; TFLite copies.
    assert sorted(native.values()).count("slot not-in-place") == 2
    assert sorted(tflite.values()).count("slot copied") == 2
    with pytest.raises(sluice.SluiceError, match="unknown buffer model 'gpu'"):
        swap.to_dot(buffer_model="gpu")


def test_executor_picture_greys_dead_nodes(while_cond):
    dot = while_cond.to_dot(picture="executor")
    assert 'class="frame"' in dot and "dead" not in dot
    assert re.search(r'class="switch"', dot) and re.search(r'class="merge"', dot)
    assert 'style="dashed", class="control"' in dot
    # n = 1: one iteration, i = 0 is even: the else branch is dead.
    run = while_cond.to_dot(picture="executor", inputs={"n": np.int32(1)})
    dead = [line for line in run.splitlines() if "class=\"island dead\"" in line]
    assert [re.search(r'label="([^\\]*)', line).group(1) for line in dead] == [
        "while/cond/switch_f", "while/cond/sub/y", "while/cond/sub"]
    with pytest.raises(sluice.SluiceError, match="missing input 'n'"):
        while_cond.to_dot(picture="executor", inputs={})


def test_executor_picture_needs_executor_graphs(while_cond):
    with pytest.raises(sluice.SluiceError, match="holds no executor graph"):
        while_cond.lift().to_dot(picture="executor")
    with pytest.raises(ValueError, match="picture must be"):
        while_cond.to_dot(picture="frames")


@needs_dot
def test_svg_and_repr_svg(while_cond):
    svg = while_cond.to_svg(picture="executor")
    assert svg.lstrip().startswith("<?xml") and "<svg" in svg
    assert while_cond._repr_svg_() == while_cond.to_svg()
