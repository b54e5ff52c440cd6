"""Clocks on a real server: a real-time seat whose player stops runs out, a bot takes it within
2 s and the game goes on, and the owner reclaims it; "skip" has a bot play that one move; a
concession hands the seat to a bot for good; a SIGKILL and restart mid-clock keeps the
remaining time within 1 s.  Short clocks through the test-only lower bound
``LUDOTECA_CLOCK_MIN_SECONDS``."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from server_harness import UNTHROTTLED, Guest, Server, join, receive, send

from ludoteca.server import clocks
from ludoteca.server.ratings import ranks_of
from ludoteca.server.refusals import Rejected

SHORT = {**UNTHROTTLED, "LUDOTECA_CLOCK_MIN_SECONDS": "1"}


@pytest.fixture
def server(tmp_path: Path):
    srv = Server(tmp_path, env=SHORT, bot_delay=0.3).start()
    yield srv
    srv.stop()


def timed(guest: Guest, on_timeout: str = "bot", bank: float = 2, per_move: float = 0) -> dict:
    return guest.create("dschunke", [{"kind": "me"}, {"kind": "bot", "level": "random"}],
                        clock={"mode": "realtime", "bank": bank, "per_move": per_move,
                               "on_timeout": on_timeout, "level": "random"})


def test_a_stopped_player_runs_out_a_bot_takes_the_seat_and_the_owner_reclaims_it(server: Server) -> None:
    ana = Guest(server)
    table = timed(ana)
    with ana.socket() as ws:
        first = join(ws, table["id"], seat=0)
        assert first["clock"]["seats"][0]["running"] and 0 < first["clock"]["seats"][0]["left"] <= 2
        runs_out_at = time.monotonic() + first["clock"]["seats"][0]["left"]
        taken = receive(ws, "state", timeout=6, seat=None)  # no seat of Ana's is left: a spectator's view
        assert taken["seats"][0]["kind"] == "bot" and taken["seats"][0]["absent"] == "timeout"
        assert time.monotonic() - runs_out_at <= 2.0
        assert taken["reclaim"] == [0] and taken["mine"] == []
        version = taken["version"]
        moved = receive(ws, "state", timeout=10, seat=None, version=version + 1)  # the game goes on
        assert moved["status"] in ("playing", "finished")
        send(ws, type="reclaim", table=table["id"], seat=0)
        back = receive(ws, "state", timeout=10, seat=0)
        assert back["seats"][0] == {**back["seats"][0], "kind": "human", "absent": None, "level": None}
        assert back["mine"] == [0] and back["reclaim"] == []
        assert back["clock"]["seats"][0]["left"] >= 0.9  # half the starting bank, back again
    stored = ana.http.get(f"/api/tables/{table['id']}").json()
    assert stored["seats"][0]["kind"] == "human" and stored["mine"] == [0]


def test_skip_has_a_bot_play_one_move_and_the_seat_stays_the_players(server: Server) -> None:
    """Dschunke has no pass, so a timed-out seat gets one bot move and stays the player's."""
    ana = Guest(server)
    table = timed(ana, "skip", bank=1, per_move=0)
    with ana.socket() as ws:
        first = join(ws, table["id"], seat=0)
        assert first["to_move"] == [0]
        after = receive(ws, "state", timeout=6, seat=0, version=first["version"] + 1)
        assert after["seats"][0]["kind"] == "human" and after["mine"] == [0]
        assert after["clock"]["seats"][0]["left"] == 0  # the bank is spent


def test_conceding_hands_the_seat_to_a_bot_for_good(server: Server) -> None:
    ana = Guest(server)
    table = ana.create("dschunke", [{"kind": "me"}, {"kind": "bot", "level": "random"}])
    response = ana.http.post(f"/api/tables/{table['id']}/concede", json={"seat": 0})
    assert response.status_code == 200, response.text
    seat = response.json()["seats"][0]
    assert seat["kind"] == "bot" and seat["absent"] == "conceded"
    again = ana.http.post(f"/api/tables/{table['id']}/reclaim", json={"seat": 0})
    assert again.status_code == 400 and "not played by a bot standing in for you" in again.json()["detail"]


def test_clock_settings_are_checked(server: Server) -> None:
    ana = Guest(server)
    response = ana.http.post("/api/tables", json={"game": "dschunke", "players": 2, "clock": {
        "mode": "realtime", "bank": 0.2, "per_move": 0.2}})
    assert response.status_code == 400 and "at least 1 seconds" in response.json()["detail"]
    response = ana.http.post("/api/tables", json={"game": "dschunke", "players": 2, "clock": {
        "mode": "turn", "bank": 0, "per_move": 10}})
    assert response.status_code == 400 and "turn-based" in response.json()["detail"]
    response = ana.http.post("/api/tables", json={"game": "dschunke", "players": 2, "clock": {
        "mode": "realtime", "bank": 5, "level": "grandmaster"}})
    assert response.status_code == 400 and "grandmaster" in response.json()["detail"]


def test_a_restart_mid_clock_keeps_the_remaining_time(tmp_path: Path) -> None:
    srv = Server(tmp_path, env=SHORT, bot_delay=0.0).start()
    try:
        ana = Guest(srv)
        table = timed(ana, bank=30, per_move=3)
        with ana.socket() as ws:
            first = join(ws, table["id"], seat=0)
            send(ws, type="act", table=table["id"], seat=0, version=first["version"],
                 action=first["legal"][0]["action"])
            mine = receive(ws, "state", seat=0, version=first["version"] + 1)
            while mine["to_move"] != [0]:  # the bot's turn (of one or more actions)
                mine = receive(ws, "state", seat=0)
            before, seen = mine["clock"]["seats"][0]["left"], time.monotonic()
        srv.kill()
        srv.start()
        with ana.socket() as ws:
            after = join(ws, table["id"], seat=0)
        elapsed = time.monotonic() - seen
        assert after["clock"]["seats"][0]["running"]
        assert abs((before - elapsed) - after["clock"]["seats"][0]["left"]) < 1.0
    finally:
        srv.stop()


def test_clock_arithmetic() -> None:
    """The allowance is spent first, then the bank; a seat that moves again gets a new one."""
    rules = clocks.parse({"mode": "realtime", "bank": 10, "per_move": 5}, ["random"], 1)
    state = clocks.start(rules, 2, [0], now=100.0)
    assert clocks.deadline(rules, state, 0) == 115.0 and clocks.deadline(rules, state, 1) is None
    state = clocks.after(rules, state, [0], [1], now=108.0)  # 8 s: 5 free, 3 from the bank
    assert state["banks"] == [7.0, 10.0] and state["since"] == [None, 108.0]
    assert clocks.remaining(rules, state, 1, now=110.0) == 13.0
    assert clocks.parse({"mode": "untimed"}, ["random"], 1) is None
    with pytest.raises(Rejected, match="unknown clock field"):
        clocks.parse({"mode": "realtime", "bank": 10, "increment": 2}, ["random"], 1)


def test_a_seat_that_left_ranks_last() -> None:
    """The seat that conceded ranks after everyone, even with the best score its bot made."""
    assert ranks_of([30, 10, 20], [0], 3, frozenset({0})) == [3, 2, 1]
    assert ranks_of([30, 10, 20], [0], 3) == [1, 3, 2]


def test_two_processes_on_postgres_and_redis_fire_an_expiring_clock_once(tmp_path: Path) -> None:
    """Ana plays on one process, Ben on the other; both processes have the table live and watch
    Ana's clock.  When it runs out, the seat changes exactly once: the revision goes up by one
    for it, and by one for each move the stand-in bot makes (a second firing would raise it once
    more), and both players see the bot in Ana's seat."""
    import uuid

    import psycopg
    from services import postgres_url, redis_url

    database = postgres_url()
    env = {**SHORT, "DATABASE_URL": database, "REDIS_URL": redis_url(), "LUDOTECA_SECRET": uuid.uuid4().hex}
    first, second = Server(tmp_path, env, bot_delay=3.0), Server(tmp_path, env, bot_delay=3.0)
    db = psycopg.connect(database.replace("+psycopg", ""), autocommit=True)
    try:
        first.start()
        second.start()
        ana, ben = Guest(first), Guest(second)
        table = ana.create("dschunke", [{"kind": "me"}, {"kind": "open"}],
                           clock={"mode": "realtime", "bank": 2, "per_move": 0, "on_timeout": "bot",
                                  "level": "random"})
        assert ben.http.post(f"/api/tables/{table['id']}/sit", json={"seat": 1}).status_code == 200
        with ana.socket() as ws_a, ben.socket() as ws_b:
            join(ws_a, table["id"], seat=0, status="playing")
            join(ws_b, table["id"], seat=1, status="playing")
            (revision,) = db.execute("SELECT revision FROM game_tables WHERE id = %s", (table["id"],)).fetchone()
            seen_a = receive(ws_a, "state", timeout=6, seat=None)
            seen_b = receive(ws_b, "state", timeout=6, seat=1, version=0)
            while seen_b["seats"][0]["kind"] != "bot":
                seen_b = receive(ws_b, "state", timeout=6, seat=1)
            assert seen_a["seats"][0]["absent"] == "timeout" and seen_b["seats"][0]["absent"] == "timeout"
            time.sleep(1.0)  # both processes' watches have fired by now
            version, now_revision = db.execute("SELECT version, revision FROM game_tables WHERE id = %s",
                                               (table["id"],)).fetchone()
            # One step of the revision for the seat change, one per move: on a loaded machine the
            # stand-in may have moved already, which must not read as a second firing.
            assert now_revision - version == revision + 1, (version, now_revision, revision)
            moved = receive(ws_b, "state", timeout=10, seat=1, version=1)  # the stand-in plays on
            assert moved["seats"][0]["kind"] == "bot"
        assert "Traceback" not in first.log() + second.log()
    finally:
        db.close()
        first.stop()
        second.stop()
