"""The balance lab: answer a designer's question with paired simulations (docs/lab.md).

>>> from ludoteca import lab
>>> exp = lab.Experiment(game="dschunke", players=[2], bots=["random"], blocks=20)
>>> run = lab.run(exp, jobs=1)                      # doctest: +SKIP
>>> run.metric("seat_win_share", key="0")           # doctest: +SKIP

Why lazy names: ``ludoteca lab --help`` and the main command line must start without
importing scipy (the statistics live in the ``lab`` extra), so the heavy modules load on
first use.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = ["Estimate", "Experiment", "Run", "diff", "load", "load_experiment", "metric", "run"]

_NAMES = {
    "Experiment": ("experiment", "Experiment"),
    "load_experiment": ("experiment", "load"),
    "Estimate": ("stats", "Estimate"),
    "Run": ("api", "Run"),
    "run": ("api", "run"),
    "load": ("api", "load"),
    "diff": ("api", "diff"),
    "metric": ("api", "metric"),
}


def __getattr__(name: str) -> Any:
    if name not in _NAMES:
        raise AttributeError(f"module 'ludoteca.lab' has no attribute {name!r}")
    module, attr = _NAMES[name]
    return getattr(importlib.import_module(f"{__name__}.{module}"), attr)
