"""docs/converter-failures.md, executed: each `python` block of the guide,
as written, in this process with TensorFlow. Its asserts check TF's
converter failing with the quoted text and Sluice's conversion agreeing with
TF, so the guide stays true for the TF release in .venv."""
import re
from pathlib import Path

import pytest

pytest.importorskip("tensorflow")
pytest.importorskip("ai_edge_litert")

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "converter-failures.md"
SECTIONS = re.findall(r"^## (.*?)\n(.*?)(?=^## |\Z)", GUIDE.read_text(), re.S | re.M)
BLOCKS = [(title, block) for title, body in SECTIONS
          for block in re.findall(r"```python\n(.*?)```", body, re.S)]


def test_the_guide_has_its_examples():
    assert len(BLOCKS) == 3, [title for title, _ in BLOCKS]


@pytest.mark.parametrize("title,block", BLOCKS, ids=[t.split(":")[0] for t, _ in BLOCKS])
def test_guide_example_runs(title, block):
    exec(compile(block, f"{GUIDE.name}: {title}", "exec"), {})
