"""Chat per table: lines reach seats and spectators (on one process and across two on
PostgreSQL + Redis), are kept with the table through a restart, never enter the game state,
and bad, too long, too fast or cross-site input is refused with nothing stored."""

from __future__ import annotations

import json
import uuid
from pathlib import Path

import httpx
from server_harness import UNTHROTTLED, Guest, Server, join, receive, send

MARKUP = "<script>alert(1)</script><b>x</b>"


def table_with_spectator(ana: Guest, ben: Guest) -> str:
    table = ana.create("dschunke", [{"kind": "me"}, {"kind": "open"}])
    assert ben.http.post(f"/api/tables/{table['id']}/sit", json={"seat": 1}).status_code == 200
    return table["id"]


def history(guest: Guest, table_id: str) -> dict:
    with guest.socket() as ws:
        send(ws, type="join", table=table_id)
        return receive(ws, "chat_history", table=table_id)


def test_chat_reaches_seats_and_spectators_and_survives_a_restart(tmp_path: Path) -> None:
    server = Server(tmp_path, env=UNTHROTTLED).start()
    try:
        ana, ben, cleo = Guest(server), Guest(server), Guest(server)
        table_id = table_with_spectator(ana, ben)
        with ana.socket() as ws_a, ben.socket() as ws_b, cleo.socket() as ws_c:
            for ws in (ws_a, ws_b, ws_c):
                join(ws, table_id)
                assert receive(ws, "chat_history", table=table_id)["lines"] == []
            send(ws_a, type="chat", table=table_id, text=f"  {MARKUP}\r\nsecond line ")
            for ws in (ws_a, ws_b, ws_c):
                line = receive(ws, "chat", table=table_id)["line"]
                assert (line["text"], line["seat"]) == (f"{MARKUP}\nsecond line", 0)
            send(ws_c, type="chat", table=table_id, text="hello from the stands")
            assert receive(ws_b, "chat", table=table_id)["line"]["seat"] is None
            # the game state never carries the chat: bots read only the state
            send(ws_b, type="join", table=table_id)
            state = receive(ws_b, "state", table=table_id)
            assert "alert" not in json.dumps(state) and "stands" not in json.dumps(state)
    finally:
        server.stop()
    again = Server(tmp_path, env=UNTHROTTLED).start()
    try:
        ana.server = again
        ana.http.base_url = httpx.URL(again.url)
        lines = history(ana, table_id)["lines"]
        assert [(line["seat"], line["text"]) for line in lines] == [
            (0, f"{MARKUP}\nsecond line"), (None, "hello from the stands")]
    finally:
        again.stop()


def test_bad_chat_lines_are_refused_and_nothing_is_stored(tmp_path: Path) -> None:
    server = Server(tmp_path, env={**UNTHROTTLED, "LUDOTECA_CHAT_MAX_CHARS": "20"}).start()
    try:
        ana, ben = Guest(server), Guest(server)
        table_id = table_with_spectator(ana, ben)
        with ana.socket() as ws:
            send(ws, type="chat", table=table_id, text="before joining")
            assert receive(ws, "error")["code"] == "not_joined"
            join(ws, table_id)
            for text, code in ((123, "bad_request"), ("   ", "bad_request"), ("x" * 21, "too_long"),
                               ("bell\x07", "bad_request")):
                send(ws, type="chat", table=table_id, text=text)
                error = receive(ws, "error")
                assert error["code"] == code, error
            send(ws, type="chat", table=table_id)
            assert receive(ws, "error")["code"] == "bad_message"
            send(ws, type="chat", table="nosuchtb", text="hi")
            assert receive(ws, "error")["code"] == "unknown_table"
        assert history(ben, table_id)["lines"] == []
    finally:
        server.stop()


def test_chat_is_rate_limited_per_person(tmp_path: Path) -> None:
    env = {**UNTHROTTLED, "LUDOTECA_CHAT_RATE_PER_MINUTE": "1", "LUDOTECA_CHAT_BURST": "2"}
    server = Server(tmp_path, env=env).start()
    try:
        ana, ben = Guest(server), Guest(server)
        table_id = table_with_spectator(ana, ben)
        with ana.socket() as ws, ana.socket() as ws2:
            join(ws, table_id)
            join(ws2, table_id)
            for text in ("one", "two"):
                send(ws, type="chat", table=table_id, text=text)
                receive(ws, "chat", table=table_id)
            send(ws2, type="chat", table=table_id, text="three")  # another tab, the same person
            assert receive(ws2, "error")["code"] == "rate_limited"
        assert [line["text"] for line in history(ben, table_id)["lines"]] == ["one", "two"]
    finally:
        server.stop()


def test_the_creator_hides_spectators_lines(tmp_path: Path) -> None:
    server = Server(tmp_path, env=UNTHROTTLED).start()
    try:
        ana, ben, cleo = Guest(server), Guest(server), Guest(server)
        table_id = table_with_spectator(ana, ben)
        with cleo.socket() as ws_c:
            join(ws_c, table_id)
            send(ws_c, type="chat", table=table_id, text="from the stands")
            receive(ws_c, "chat", table=table_id)
            url = f"/api/tables/{table_id}/chat-settings"
            assert ben.http.post(url, json={"spectators": False}).json()["code"] == "not_creator"
            bare = httpx.post(server.url + url, json={"spectators": False}, headers={"Cookie": ana.cookie()})
            assert (bare.status_code, bare.json()["code"]) == (403, "csrf")
            assert ana.http.post(url, json={"spectators": "no"}).status_code == 422
            assert history(ben, table_id)["spectators"] is True  # nothing changed
            response = ana.http.post(url, json={"spectators": False})
            assert response.status_code == 200 and response.json()["spectator_chat"] is False
            assert receive(ws_c, "chat_history", table=table_id)["lines"] == []  # hidden at once
            send(ws_c, type="chat", table=table_id, text="again")
            assert receive(ws_c, "error")["code"] == "chat_closed"
        assert history(ben, table_id)["lines"] == []
        assert ana.http.post(url, json={"spectators": True}).status_code == 200
        assert [line["text"] for line in history(ben, table_id)["lines"]] == ["from the stands"]
    finally:
        server.stop()


def test_chat_across_two_processes_on_postgres_and_redis(tmp_path: Path) -> None:
    from services import postgres_url, redis_url

    env = {**UNTHROTTLED, "DATABASE_URL": postgres_url(), "REDIS_URL": redis_url(),
           "LUDOTECA_SECRET": uuid.uuid4().hex}
    first, second = Server(tmp_path, env), Server(tmp_path, env)
    try:
        first.start()
        second.start()
        ana, ben = Guest(first), Guest(second)
        table_id = table_with_spectator(ana, ben)
        with ana.socket() as ws_a, ben.socket() as ws_b:
            join(ws_a, table_id)
            join(ws_b, table_id)
            send(ws_a, type="chat", table=table_id, text="from the first process")
            receive(ws_a, "chat", table=table_id)  # its own line, from its own process
            assert receive(ws_b, "chat", table=table_id, timeout=5)["line"]["text"] == "from the first process"
            send(ws_b, type="chat", table=table_id, text=MARKUP)
            assert receive(ws_a, "chat", table=table_id, timeout=5)["line"]["text"] == MARKUP
        assert [line["text"] for line in history(ana, table_id)["lines"]] == ["from the first process", MARKUP]
    finally:
        first.stop()
        second.stop()
