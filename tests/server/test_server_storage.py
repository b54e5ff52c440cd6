"""Storage: migrations on a fresh database, the one-winner rule for concurrent moves, and
several server processes sharing PostgreSQL with fan-out through Redis."""

from __future__ import annotations

import os
import uuid
from pathlib import Path

import pytest
from server_harness import Guest, Server, join, receive, send
from sqlalchemy import inspect

from ludoteca.server.db import VERSION_TABLE, make_engine, migrate
from ludoteca.server.store import Conflict, Store

POSTGRES_URLS = [os.environ.get("LUDOTECA_TEST_POSTGRES", ""),
                 "postgresql+psycopg://postgres@127.0.0.1:5432/test",
                 "postgresql+psycopg://root@127.0.0.1:5432/test"]
REDIS_URL = os.environ.get("LUDOTECA_TEST_REDIS", "redis://127.0.0.1:6379/0")


def postgres_url() -> str:
    import psycopg

    problems = []
    for url in filter(None, POSTGRES_URLS):
        try:
            psycopg.connect(url.replace("+psycopg", ""), connect_timeout=2).close()
            return url
        except Exception as exc:
            problems.append(f"{url}: {exc}")
    pytest.skip("PostgreSQL is not reachable, so the shared-database test is skipped: " + "; ".join(problems))


def redis_url() -> str:
    import redis

    try:
        redis.from_url(REDIS_URL, socket_connect_timeout=2).ping()
    except Exception as exc:
        pytest.skip(f"Redis is not reachable at {REDIS_URL}, so the fan-out test is skipped: {exc}")
    return REDIS_URL


def new_table(store: Store) -> str:
    table_id = uuid.uuid4().hex[:12]
    store.create_table({"id": table_id, "game": "dschunke", "game_version": 1, "players": 2, "seed": 1,
                        "options": {}, "status": "finished", "version": 0, "to_move": [0], "created_by": "t"},
                       [{"seat": 0, "kind": "human", "user_id": "t", "name": "T", "bot_level": None},
                        {"seat": 1, "kind": "human", "user_id": "t", "name": "T", "bot_level": None}])
    return table_id


def check_one_winner(store: Store) -> None:
    """Two processes accepting move 0 of one table at once: the second insert is a Conflict."""
    table_id = new_table(store)
    summary = {"version": 1, "to_move": [0], "status": "finished", "scores": None, "winners": None}
    store.append_action(table_id, 0, 0, {"type": "a"}, summary)
    with pytest.raises(Conflict):
        store.append_action(table_id, 0, 0, {"type": "b"}, summary)
    assert store.load_table(table_id)["actions"] == [[0, {"type": "a"}]]


def test_migrations_build_a_fresh_sqlite_database_and_run_again_harmlessly(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'fresh.db'}")
    migrate(engine)
    migrate(engine)
    tables = set(inspect(engine).get_table_names())
    assert {"game_tables", "seats", "actions", VERSION_TABLE} <= tables
    store = Store(engine)
    check_one_winner(store)
    store.close()


def test_postgres_one_winner_per_move() -> None:
    engine = make_engine(postgres_url())
    migrate(engine)
    store = Store(engine)
    check_one_winner(store)
    store.close()


def test_two_processes_share_postgres_and_fan_out_through_redis(tmp_path: Path) -> None:
    env = {"DATABASE_URL": postgres_url(), "REDIS_URL": redis_url(), "LUDOTECA_SECRET": uuid.uuid4().hex}
    first, second = Server(tmp_path, env).start(), Server(tmp_path, env).start()
    try:
        host, friend = Guest(first), Guest(second)
        table = host.create(seats=[{"kind": "me"}, {"kind": "open"}])
        bots = host.create(seats=[{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}])
        with host.socket() as hws, friend.socket() as fws, friend.socket() as watch:
            join(hws, table["id"], status="waiting")
            friend.http.post(f"/api/tables/{table['id']}/sit", json={"seat": 1}).raise_for_status()
            messages = {0: receive(hws, "state", status="playing"), 1: join(fws, table["id"])}
            assert messages[1]["mine"] == [1] and messages[1]["status"] == "playing"
            sockets = {0: hws, 1: fws}
            while messages[0]["status"] != "finished":
                mover = messages[0]["to_move"][0]
                send(sockets[mover], type="act", table=table["id"], seat=mover,
                     version=messages[mover]["version"], action=messages[mover]["legal"][0]["action"])
                version = messages[mover]["version"] + 1
                messages = {s: receive(sockets[s], "state", version=version) for s in (0, 1)}
            assert messages[1]["status"] == "finished" and messages[0]["scores"] == messages[1]["scores"]
            # bots run in the first process; a spectator on the second sees them to the end
            watched = join(watch, bots["id"])
            while watched["status"] != "finished":
                watched = receive(watch, "state", table=bots["id"], timeout=20)
        for server in (first, second):
            summary = Guest(server).http.get(f"/api/tables/{bots['id']}").json()
            assert summary["status"] == "finished" and summary["version"] == watched["version"]
    finally:
        first.stop()
        second.stop()
