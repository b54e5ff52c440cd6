"""Presence dots: each seat's holder is connected, away (tab hidden) or gone, live, within 2 s
of a tab closing, on one process and across two processes on PostgreSQL + Redis."""

from __future__ import annotations

import time
import uuid
from pathlib import Path

from server_harness import UNTHROTTLED, Guest, Server, join, receive, send


def two_player_table(ana: Guest, ben: Guest) -> str:
    table = ana.create("dschunke", [{"kind": "me"}, {"kind": "open"}])
    assert ben.http.post(f"/api/tables/{table['id']}/sit", json={"seat": 1}).status_code == 200
    return table["id"]


def wait_dots(ws, table_id: str, dots: list, timeout: float) -> float:
    """Seconds until a presence message (or state) for the table shows ``dots``."""
    start = time.monotonic()
    while True:
        message = receive(ws, None, timeout=max(0.01, timeout - (time.monotonic() - start)), table=table_id)
        if message.get("presence") == dots:
            return time.monotonic() - start


def test_presence_on_one_process(tmp_path: Path) -> None:
    server = Server(tmp_path, env=UNTHROTTLED).start()
    try:
        ana, ben = Guest(server), Guest(server)
        table_id = two_player_table(ana, ben)
        with ana.socket() as ws_a:
            first = join(ws_a, table_id, seat=0)
            assert first["presence"] == ["connected", "gone"]
            with ben.socket() as ws_b:
                join(ws_b, table_id, seat=1)
                wait_dots(ws_a, table_id, ["connected", "connected"], 2)
                send(ws_b, type="presence", away=True)
                wait_dots(ws_a, table_id, ["connected", "away"], 2)
                send(ws_b, type="presence", away="yes")
                assert receive(ws_b, "error")["code"] == "bad_request"
            assert wait_dots(ws_a, table_id, ["connected", "gone"], 2) < 2
    finally:
        server.stop()


def test_presence_across_two_processes_on_postgres_and_redis(tmp_path: Path) -> None:
    from services import postgres_url, redis_url

    env = {**UNTHROTTLED, "DATABASE_URL": postgres_url(), "REDIS_URL": redis_url(),
           "LUDOTECA_SECRET": uuid.uuid4().hex}
    first, second = Server(tmp_path, env), Server(tmp_path, env)
    try:
        first.start()
        second.start()
        ana, ben = Guest(first), Guest(second)
        table_id = two_player_table(ana, ben)
        with ana.socket() as ws_a:
            join(ws_a, table_id, seat=0)
            with ben.socket() as ws_b:
                join(ws_b, table_id, seat=1)
                wait_dots(ws_a, table_id, ["connected", "connected"], 3)  # Ben is on the other process
                wait_dots(ws_b, table_id, ["connected", "connected"], 3)
            assert wait_dots(ws_a, table_id, ["connected", "gone"], 2) < 2
    finally:
        first.stop()
        second.stop()
