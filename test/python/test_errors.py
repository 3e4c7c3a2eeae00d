# sluice.SluiceError: the diagnostics as text and as structured entries.
"""Tests of the structured diagnostics SluiceError carries (error.entries)."""
import pytest

import sluice
from conftest import GRAPHDEF_INPUTS, REPO


def test_entries_name_severity_location_and_message():
    path = GRAPHDEF_INPUTS / "prune.pbtxt"
    with pytest.raises(sluice.SluiceError) as info:
        sluice.load(str(path))  # every node imported: `bad` is unknown
    error = info.value
    assert error.entries == [{
        "severity": "error",
        "file": str(path),
        "line": 5,
        "column": error.entries[0]["column"],
        "message": "node 'bad' (NoSuchOp): uses the unknown op 'NoSuchOp'",
        "notes": [],
    }]
    assert error.entries[0]["column"] > 0
    assert f"{path}:5:" in error.diagnostics


def test_pruned_graph_loads():
    program = sluice.load(str(GRAPHDEF_INPUTS / "prune.pbtxt"), feeds="x", fetches="y")
    assert [spec.name for spec in program.inputs()] == ["x"]


def test_message_only_errors_have_no_entries(tmp_path):
    with pytest.raises(sluice.SluiceError) as info:
        sluice.load(str(tmp_path / "missing.pbtxt"))
    # A file that cannot be opened is a message, not a diagnostic on a program.
    assert info.value.entries == []
    assert str(info.value).startswith("cannot open input file")


def test_failed_lift_always_says_why():
    # A module whose functions fail to lift in several places (a dead fetch,
    # a cycle without next_iteration): lifted on MLIR's pass threads, about
    # one lift in seventy failed with no diagnostic at all (found by
    # sluice-fuzz-mlir). The lift now runs one function at a time.
    path = REPO / "test" / "Interpreter" / "executor-cond.mlir"
    for _ in range(150):
        program = sluice.load(str(path))
        with pytest.raises(sluice.SluiceError) as raised:
            program.lift()
        assert "fetched but is dead" in str(raised.value)
        assert "is on a cycle that does not pass through" in str(raised.value)
