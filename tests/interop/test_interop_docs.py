"""The code examples in docs/interop.md run as written (the long ones with smaller budgets)."""

from __future__ import annotations

import contextlib
import importlib.util
import io
import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "interop.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(), flags=re.S)
# Shrunk so the suite stays fast; the page's figures come from the full budgets.  MaskablePPO
# gathers n_steps (2 048 by default) before it learns anything, so its block runs one rollout of 64.
SHRINK = {"steps < 3000": "steps < 150", "2.0, 10,": "2.0, 2,", 'opponents="normal"': 'opponents="random"',
          "total_timesteps=5_000": "total_timesteps=64", "verbose=1)": "verbose=1, n_steps=64, batch_size=64)"}
# sb3-contrib comes with the train extra, which make test installs; elsewhere its blocks skip.
NO_TRAIN_EXTRA = pytest.mark.skipif(importlib.util.find_spec("sb3_contrib") is None,
                                    reason="sb3-contrib comes with the train extra, which make test installs "
                                           "(pip install -e '.[rl,train]' elsewhere)")


def _runnable():
    for number, code in enumerate(BLOCKS):
        for old, new in SHRINK.items():
            code = code.replace(old, new)
        marks = [NO_TRAIN_EXTRA] if "sb3_contrib" in code else []
        yield pytest.param(code, id=f"block{number}", marks=marks)


def test_the_page_has_examples_for_each_interface():
    text = "\n".join(BLOCKS)
    for name in ("interop.pettingzoo", "interop.gymnasium", "interop.openspiel", "Adapter"):
        assert name in text


@contextlib.contextmanager
def one_torch_thread():
    """torch on one thread, as examples/train_dschunke.py keeps it: make test runs 3 workers on
    2 cores, and torch's default thread per core then spins against the other workers (the
    MaskablePPO block: 10 s of CPU instead of 0.5 s on the loaded test machine)."""
    import torch

    before = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        yield
    finally:
        torch.set_num_threads(before)


@pytest.mark.parametrize("code", list(_runnable()))
def test_example_runs(code):
    threads = one_torch_thread() if "sb3_contrib" in code else contextlib.nullcontext()
    with threads, contextlib.redirect_stdout(io.StringIO()):
        exec(compile(code, str(DOC), "exec"), {"__name__": "docs_example"})
