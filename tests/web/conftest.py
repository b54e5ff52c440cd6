"""Fixtures for the board tests: the real server (tests/server's harness) and Debian's Chromium."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from board_driver import LAUNCH  # noqa: E402
from playwright.sync_api import Browser, sync_playwright  # noqa: E402
from server_harness import UNTHROTTLED, Server  # noqa: E402


@pytest.fixture(scope="session")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    # The board driver clicks as fast as the page answers, which on this machine can pass the
    # 20-moves-a-second limit meant for people; a dropped move then stalls the test.
    srv = Server(tmp_path_factory.mktemp("ludoteca-web"), env=UNTHROTTLED).start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """A headless Debian Chromium for a test module (each test opens its own context, so nothing
    leaks between tests).  Module-scoped: a module that drives Playwright itself (two browsers
    at once, a flag of its own) must not find another Playwright running in its process."""
    with sync_playwright() as p:
        chromium = p.chromium.launch(**LAUNCH)
        yield chromium
        chromium.close()
