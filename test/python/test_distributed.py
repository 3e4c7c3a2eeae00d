# Program.partition() and run_ranks(): a graph over several ranks, threads
# of this process.
"""Tests of distributed runs from Python."""
import json
from pathlib import Path

import numpy as np
import pytest

import sluice
from conftest import REPO

GRAPH = REPO / "test" / "Driver" / "Inputs" / "while_two_tasks.pbtxt"
INPUTS = {"n": np.array(5, dtype=np.int32),
          "acc": np.array([1.0, -1.5], dtype=np.float32)}


def load():
    return sluice.load(GRAPH, feeds="n,acc", fetches="loop/Exit:0,loop/Exit_1:0")


@pytest.mark.parametrize("ranks,placement", [(2, "device"), (3, "random"),
                                             (2, "loop/cond=1"), (4, "auto")])
def test_partitioned_runs_agree(ranks, placement):
    program = load()
    expected = program.run(INPUTS)
    partitioned = program.partition(ranks, placement=placement, seed=7)
    assert "main_rank0" in partitioned.mlir() and "executor.send" in partitioned.mlir()
    outputs = partitioned.run_ranks(INPUTS, ranks=ranks)
    assert outputs.keys() == expected.keys()
    for name in expected:
        np.testing.assert_array_equal(outputs[name], expected[name])
    np.testing.assert_array_equal(outputs["loop/Exit_1:0"], [35, -45])


@pytest.mark.parametrize("ranks,placement", [(2, "device"), (3, "random")])
def test_lifted_partition_agrees(ranks, placement):
    program = load()
    expected = program.run(INPUTS)
    partitioned = program.partition(ranks, placement=placement, seed=3,
                                    lifted=True)
    text = partitioned.mlir()
    assert "lite.send" in text and "executor.graph" not in text
    outputs = partitioned.run_ranks(INPUTS, ranks=ranks)
    for name in expected:
        np.testing.assert_array_equal(outputs[name], expected[name])


def test_errors():
    with pytest.raises(sluice.SluiceError, match="no function @main_rank0"):
        load().run_ranks(INPUTS, ranks=2)
    with pytest.raises(sluice.SluiceError, match="names rank 5, but ranks is 2"):
        load().partition(2, placement="loop=5")
