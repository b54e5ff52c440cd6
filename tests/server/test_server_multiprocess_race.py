"""Two real ``ludoteca serve`` processes on one PostgreSQL database with Redis fan-out: an undo
sent to one process races a move sent to the other at the same position, 25 times over 5 Dice
Hospital tables.  Exactly one of the two may change the record each time (the other is refused
as stale), the action indices stay 0..n-1 on every table, and afterwards every table loads in
a fresh process and accepts a move."""

from __future__ import annotations

import json
import threading
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import psycopg
from server_harness import UNTHROTTLED, Guest, Server, send
from services import postgres_url, redis_url
from websockets.sync.client import ClientConnection, connect

from ludoteca import engine

TABLES, RACES_PER_TABLE = 5, 5


class Watcher:
    """One socket's latest state per seat of the table it watches, and the errors it got."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.table = ""
        self.states: dict[int, dict[str, Any]] = {}
        self.errors: list[dict[str, Any]] = []

    def watch(self, table_id: str) -> None:
        if self.table:
            send(self.ws, type="leave", table=self.table)
        self.table, self.states = table_id, {}
        send(self.ws, type="join", table=table_id)

    def pump(self, seconds: float, until: Callable[[], bool] = lambda: False) -> None:
        """Read messages for up to ``seconds``, or until ``until()`` holds after one of them."""
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            try:
                message = json.loads(self.ws.recv(timeout=left))
            except TimeoutError:
                return
            if message["type"] == "error":
                self.errors.append(message)
            elif message["type"] == "state" and message["table"] == self.table:
                self.states[message["seat"]] = message
            if until():
                return

    def settle(self, version: int, timeout: float = 30) -> dict[int, dict[str, Any]]:
        """Wait until this process shows ``version`` for every seat (asking again now and then)."""
        deadline = time.monotonic() + timeout

        def shown() -> bool:
            return len(self.states) == 2 and all(s["version"] == version for s in self.states.values())

        while True:
            self.pump(0.5, until=shown)
            if shown():
                return self.states
            assert time.monotonic() < deadline, f"this process never showed version {version}: {self.states}"
            send(self.ws, type="join", table=self.table)


def stored(db: psycopg.Connection, table_id: str) -> tuple[int, int, list[int]]:
    version, revision = db.execute("SELECT version, revision FROM game_tables WHERE id = %s", (table_id,)).fetchone()
    indices = [i for (i,) in db.execute("SELECT idx FROM actions WHERE table_id = %s ORDER BY idx", (table_id,))]
    return version, revision, indices


def drive_to_an_undo(a: Watcher, db: psycopg.Connection) -> tuple[int, int]:
    """Play the first legal action of a seat to move until some seat to move may undo; returns
    (version, seat that may undo)."""
    while True:
        states = a.states
        version = states[0]["version"]
        for seat, state in states.items():
            if state["undo"] > 0 and seat in state["to_move"]:
                return version, seat
        mover = states[0]["to_move"][0]
        send(a.ws, type="act", table=a.table, seat=mover, version=version, action=states[mover]["legal"][0]["action"])
        a.settle(version + 1)
        assert stored(db, a.table)[0] == version + 1


def fire_together(*jobs: tuple[ClientConnection, dict[str, Any]]) -> None:
    """Send each message from its own thread, released at the same instant."""
    barrier = threading.Barrier(len(jobs))

    def go(ws: ClientConnection, message: dict[str, Any]) -> None:
        barrier.wait()
        ws.send(json.dumps(message))

    threads = [threading.Thread(target=go, args=job) for job in jobs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def wait_for_refusal(a: Watcher, b: Watcher, errors_before: int, timeout: float = 30) -> None:
    """Both requests of a race are answered once the loser's refusal has arrived."""
    deadline = time.monotonic() + timeout
    def refused() -> bool:
        return len(a.errors) + len(b.errors) > errors_before

    while not refused():
        assert time.monotonic() < deadline, "neither request of the race was refused"
        a.pump(0.05, until=refused)
        b.pump(0.05, until=refused)


def test_undo_on_one_process_racing_a_move_on_the_other_leaves_no_gap(tmp_path: Path) -> None:
    database = postgres_url()
    env = {**UNTHROTTLED, "DATABASE_URL": database, "REDIS_URL": redis_url(), "LUDOTECA_SECRET": uuid.uuid4().hex}
    first, second = Server(tmp_path, env), Server(tmp_path, env)
    db = psycopg.connect(database.replace("+psycopg", ""), autocommit=True)
    created: list[str] = []
    outcomes = {"undo": 0, "move": 0}
    try:
        first.start()
        second.start()
        guest = Guest(first)  # one person at both seats, the same cookie on both processes
        headers = {"Cookie": guest.cookie()}
        with connect(first.ws_url, additional_headers=headers) as ws_a, \
                connect(second.ws_url, additional_headers=headers) as ws_b:
            a, b = Watcher(ws_a), Watcher(ws_b)
            for _ in range(TABLES):
                table = guest.create("dice-hospital", seats=[{"kind": "me"}, {"kind": "me"}])
                created.append(table["id"])
                a.watch(table["id"])
                b.watch(table["id"])
                a.settle(0)
                b.settle(0)
                for _ in range(RACES_PER_TABLE):
                    version, undoer = drive_to_an_undo(a, db)
                    b.settle(version)
                    # The undoer itself moves: in Dice Hospital's activation another seat's move
                    # and this undo are independent, and both may rightly change the record.
                    mover = undoer
                    before = stored(db, table["id"])
                    fire_together(
                        (ws_a, {"type": "undo", "table": table["id"], "seat": undoer, "version": version, "steps": 1}),
                        (ws_b, {"type": "act", "table": table["id"], "seat": mover, "version": version,
                                "action": b.states[mover]["legal"][-1]["action"]}))
                    wait_for_refusal(a, b, len(a.errors) + len(b.errors))
                    after = stored(db, table["id"])
                    assert after[1] == before[1] + 1, f"exactly one of the two may change the record: {before} {after}"
                    assert after[2] == list(range(after[0])), f"a gap in the record: {after[2]}"
                    outcomes["undo" if after[0] == version - 1 else "move"] += 1
                    a.settle(after[0])
                    b.settle(after[0])
            refusals = [e["code"] for e in a.errors + b.errors]
        assert sum(outcomes.values()) == TABLES * RACES_PER_TABLE
        assert refusals.count("stale") == TABLES * RACES_PER_TABLE, refusals  # the loser of each race
        print(f"races won: {outcomes}")
        # every table's stored record is gap-free, canonical and loads in a process that never saw it
        third = Server(tmp_path, env)
        try:
            third.start()
            with connect(third.ws_url, additional_headers=headers) as ws_c:
                c = Watcher(ws_c)
                for table_id in created:
                    version, _, indices = stored(db, table_id)
                    assert indices == list(range(version))
                    row = db.execute("SELECT players, seed, options FROM game_tables WHERE id = %s",
                                     (table_id,)).fetchone()
                    record = [[seat, action] for seat, action in db.execute(
                        "SELECT seat, action FROM actions WHERE table_id = %s ORDER BY idx", (table_id,))]
                    game = engine.game("dice-hospital")
                    game.replay({"game": game.id, "version": game.version, "players": row[0], "seed": row[1],
                                 "options": row[2], "actions": record})
                    c.watch(table_id)
                    states = c.settle(version)
                    mover = states[0]["to_move"][0]
                    send(ws_c, type="act", table=table_id, seat=mover, version=version,
                         action=states[mover]["legal"][0]["action"])
                    c.settle(version + 1)
                    assert stored(db, table_id)[0] == version + 1
                assert c.errors == []
        finally:
            third.stop()
    finally:
        first.stop()
        second.stop()
        for table_id in created:  # reruns stay independent and the shared database stays small
            for statement in ("DELETE FROM actions WHERE table_id = %s", "DELETE FROM seats WHERE table_id = %s",
                              "DELETE FROM game_tables WHERE id = %s"):
                db.execute(statement, (table_id,))
        db.close()
