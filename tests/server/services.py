"""The real PostgreSQL and Redis the storage tests use, or a clear skip when one is absent.
(A uniquely named module, like server_harness: conftest names clash across test folders.)"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

POSTGRES_URLS = [os.environ.get("LUDOTECA_TEST_POSTGRES", ""),
                 "postgresql+psycopg://root@127.0.0.1:5432/test",
                 "postgresql+psycopg://postgres@127.0.0.1:5432/test"]
REDIS_BASE = os.environ.get("LUDOTECA_TEST_REDIS", "redis://127.0.0.1:6379/0").rsplit("/", 1)[0]


def postgres_url() -> str:
    """The first PostgreSQL test database that answers, else the test is skipped saying why."""
    import psycopg

    problems = []
    for url in filter(None, POSTGRES_URLS):
        try:
            psycopg.connect(url.replace("+psycopg", ""), connect_timeout=2).close()
            return url
        except Exception as exc:
            problems.append(f"{url}: {exc}")
    pytest.skip("PostgreSQL is not reachable, so this test is skipped: " + "; ".join(problems))


@contextmanager
def scratch_postgres() -> Iterator[str]:
    """A fresh PostgreSQL database of its own, dropped afterwards: for a test that locks whole
    tables, which would stall every other test sharing the ``test`` database."""
    import psycopg

    base = postgres_url()
    name = f"ludoteca_t_{uuid.uuid4().hex[:12]}"
    admin = base.replace("+psycopg", "")
    try:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
    except psycopg.Error as exc:
        pytest.skip(f"cannot create a scratch PostgreSQL database (needs CREATEDB): {exc}")
    try:
        yield base.rsplit("/", 1)[0] + f"/{name}"
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def redis_url() -> str:
    """A Redis URL on an empty logical database (publish/subscribe channels are shared by all
    of them, so this only keeps keys apart), else the test is skipped saying why."""
    import redis

    try:
        client = redis.from_url(f"{REDIS_BASE}/0", socket_connect_timeout=2)
        client.ping()
    except Exception as exc:
        pytest.skip(f"Redis is not reachable at {REDIS_BASE}, so this test is skipped: {exc}")
    for number in range(15, 0, -1):
        if redis.from_url(f"{REDIS_BASE}/{number}").dbsize() == 0:
            return f"{REDIS_BASE}/{number}"
    return f"{REDIS_BASE}/0"
