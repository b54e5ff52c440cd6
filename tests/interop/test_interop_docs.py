"""The code examples in docs/interop.md run as written (the long ones with smaller budgets)."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "interop.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(), flags=re.S)
# Shrunk so the suite stays fast; the page's figures come from the full budgets.
SHRINK = {"steps < 3000": "steps < 150", "2.0, 10,": "2.0, 2,", 'opponents="normal"': 'opponents="random"'}


def _runnable():
    for number, code in enumerate(BLOCKS):
        if "sb3_contrib" in code:       # the train extra, which make test leaves out; the page says so
            continue
        for old, new in SHRINK.items():
            code = code.replace(old, new)
        yield pytest.param(code, id=f"block{number}")


def test_the_page_has_examples_for_each_interface():
    text = "\n".join(BLOCKS)
    for name in ("interop.pettingzoo", "interop.gymnasium", "interop.openspiel", "Adapter"):
        assert name in text


@pytest.mark.parametrize("code", list(_runnable()))
def test_example_runs(code):
    with contextlib.redirect_stdout(io.StringIO()):
        exec(compile(code, str(DOC), "exec"), {"__name__": "docs_example"})
