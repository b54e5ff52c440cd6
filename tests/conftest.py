"""Suite-wide: the slowest test modules are handed out first.

Why: ``pytest -n`` deals tests to its workers in collection order, so slow modules collected
last (the browser and multi-process server tests sort late by name) left one worker finishing
them alone for minutes while the other sat idle.  Dealt first, they overlap with everything
else.  Only whole modules move, in their own order, so module-scoped fixtures (a browser, a
server) are still set up once per module and worker.
"""

from __future__ import annotations

from pathlib import Path

import pytest

#: Modules that wait on browsers, server processes or real time, slowest first (from
#: ``pytest --durations``); a module not listed keeps its place after these.
SLOW_FIRST = (
    "web/test_newcomer_table_browser.py",
    "web/test_board_games.py",
    "server/test_server_browser.py",
    "server/test_server_multiprocess_race.py",
    "server/test_server_fuzz.py",
    "web/test_board_looks_browser.py",
    "web/test_undo_simultaneous_browser.py",
    "server/test_server_db_lock.py",
    "server/test_clocks.py",
    "lab/test_lab_ray.py",
    "lab/test_lab_resume.py",
)
HERE = Path(__file__).resolve().parent


def _rank(item: pytest.Item) -> int:
    try:
        where = Path(str(item.path)).resolve().relative_to(HERE).as_posix()
    except ValueError:
        return len(SLOW_FIRST)
    return SLOW_FIRST.index(where) if where in SLOW_FIRST else len(SLOW_FIRST)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=_rank)  # stable: the order inside a module, and of the other modules, stays
