"""Fixtures for the server tests; the helpers live in server_harness.py."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from server_harness import Server


@pytest.fixture(scope="module")
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server per module, with the production limits unless the module sets ``SERVER_ENV``
    (e.g. ``UNTHROTTLED`` for scripts that play faster than a person)."""
    srv = Server(tmp_path_factory.mktemp("ludoteca-server"), env=getattr(request.module, "SERVER_ENV", None)).start()
    yield srv
    srv.stop()
