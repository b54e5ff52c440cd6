"""Fixtures for the board tests: the real server (tests/server's harness) and Debian's Chromium."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))
from server_harness import Server  # noqa: E402


@pytest.fixture(scope="session")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(tmp_path_factory.mktemp("ludoteca-web")).start()
    yield srv
    srv.stop()
