"""Fixtures for the server tests; the helpers live in server_harness.py."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from server_harness import Server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(tmp_path_factory.mktemp("ludoteca-server")).start()
    yield srv
    srv.stop()
