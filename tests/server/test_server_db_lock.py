"""A locked database: while a test holds an exclusive lock for 12 s, table creation answers a
clear ``storage`` refusal (HTTP 503, JSON ``{"code": "storage"}``) after a bounded wait, not a
500 after 30 s; and a bot whose move could not be saved retries, so its move lands within 5 s
after the lock is released and the table plays on.  On SQLite (``BEGIN EXCLUSIVE`` on the
file) and on PostgreSQL (``LOCK TABLE ... IN ACCESS EXCLUSIVE MODE``, in a scratch database
of its own so no other test is stalled)."""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path

from server_harness import UNTHROTTLED, Guest, Server, join
from services import scratch_postgres
from websockets.sync.client import ClientConnection

LOCK_SECONDS = 7.0  # over twice the server's bounded wait (DB_TIMEOUT)
#: The server's bounded wait on the database, shorter than its default of 5 s so the test waits
#: less; the behaviour under test (a bounded wait, then a clear refusal) is the same at any bound.
DB_TIMEOUT = 3.0


def latest_version(ws: ClientConnection, table_id: str, timeout: float) -> int | None:
    """The highest version among the states that arrive within ``timeout`` (None if none do)."""
    best = None
    deadline = time.monotonic() + timeout
    while (left := deadline - time.monotonic()) > 0:
        try:
            message = json.loads(ws.recv(timeout=left))
        except TimeoutError:
            break
        if message["type"] == "state" and message["table"] == table_id:
            best = max(best or 0, message["version"])
    return best


def check_bots_ride_out_a_lock(server: Server, lock: Callable[[], None], unlock: Callable[[], None],
                               stored_version: Callable[[str], int]) -> None:
    guest = Guest(server)
    table = guest.create(seats=[{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}])
    table_id = table["id"]
    with guest.socket() as ws:
        watched = join(ws, table_id)
        while watched["version"] < 2:
            watched = json.loads(ws.recv(timeout=10))
            if watched["type"] != "state":
                watched = {"version": 0}
        lock()
        locked_at = time.monotonic()
        at_lock = stored_version(table_id)
        # a table created now cannot be stored: a clear refusal after a bounded wait
        started = time.monotonic()
        refused = guest.http.post("/api/tables", json={"game": "dschunke", "players": 2}, timeout=LOCK_SECONDS)
        waited = time.monotonic() - started
        assert refused.status_code == 503, refused.text
        assert refused.json()["code"] == "storage" and "try again" in refused.json()["detail"]
        assert waited < 3 * DB_TIMEOUT, f"the refusal took {waited:.1f} s"
        # nothing moves while the lock is held (the bot keeps trying)
        seen = latest_version(ws, table_id, LOCK_SECONDS - (time.monotonic() - locked_at))
        assert seen is None or seen <= at_lock
        unlock()
        released = time.monotonic()
        while True:
            left = 5.0 - (time.monotonic() - released)
            try:
                message = json.loads(ws.recv(timeout=max(0.01, left)))
            except TimeoutError:
                raise AssertionError("no bot move landed within 5 s after the lock was released") from None
            if message["type"] == "state" and message["table"] == table_id and message["version"] > at_lock:
                break
        resumed_after = time.monotonic() - released
        assert resumed_after <= 5.0, f"the bot's move landed {resumed_after:.1f} s after the release"
        # and the table carries on
        while message["version"] < at_lock + 3 and message["status"] != "finished":
            message = json.loads(ws.recv(timeout=10))
            if message["type"] != "state":
                message = {"version": 0, "status": "playing"}
    print(f"refusal after {waited:.1f} s; the bot moved {resumed_after:.2f} s after the release")
    assert guest.http.post("/api/tables", json={"game": "dschunke", "players": 2}).status_code == 200


def test_sqlite_exclusive_lock(tmp_path: Path) -> None:
    server = Server(tmp_path, {**UNTHROTTLED, "LUDOTECA_DB_TIMEOUT": str(DB_TIMEOUT)}, bot_delay=0.3)
    database = tmp_path / "ludoteca.db"
    locker = sqlite3.connect(database, isolation_level=None, timeout=30)

    def stored_version(table_id: str) -> int:
        return locker.execute("SELECT version FROM game_tables WHERE id = ?", (table_id,)).fetchone()[0]

    try:
        server.start()
        check_bots_ride_out_a_lock(server, lambda: locker.execute("BEGIN EXCLUSIVE"),
                                   lambda: locker.execute("ROLLBACK"), stored_version)
        rows = [idx for (idx,) in locker.execute("SELECT idx FROM actions ORDER BY table_id, idx")]
        assert rows, "the bots stored their moves"
    finally:
        locker.close()
        server.stop()


def test_postgres_access_exclusive_lock(tmp_path: Path) -> None:
    import psycopg

    with scratch_postgres() as url:
        server = Server(tmp_path, {**UNTHROTTLED, "DATABASE_URL": url, "LUDOTECA_DB_TIMEOUT": str(DB_TIMEOUT)},
                        bot_delay=0.3)
        locker = psycopg.connect(url.replace("+psycopg", ""))
        versions: dict[str, int] = {}

        def lock() -> None:
            locker.execute("LOCK TABLE game_tables IN ACCESS EXCLUSIVE MODE")

        def stored_version(table_id: str) -> int:
            versions[table_id] = locker.execute("SELECT version FROM game_tables WHERE id = %s",
                                                (table_id,)).fetchone()[0]
            return versions[table_id]

        try:
            server.start()
            check_bots_ride_out_a_lock(server, lock, locker.rollback, stored_version)
            for (table_id,) in locker.execute("SELECT id FROM game_tables").fetchall():
                indices = [i for (i,) in locker.execute("SELECT idx FROM actions WHERE table_id = %s ORDER BY idx",
                                                         (table_id,)).fetchall()]
                assert indices == list(range(len(indices)))
            locker.rollback()
        finally:
            locker.close()
            server.stop()
