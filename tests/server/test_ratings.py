"""Ratings: ranked tables for accounts only, a ranked game that moves both players' ratings and
the leaderboard, a bot's rating, the player page's history, and a table rated exactly once even
when several processes' threads try at the same moment on PostgreSQL."""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from server_harness import Guest, Server, join, play_turns, receive, send
from services import scratch_postgres
from sqlalchemy import func, select
from test_accounts import SERVER_ENV, register, unique  # noqa: F401 (SERVER_ENV: the module's server)

from ludoteca.server.db import game_tables, make_engine, migrate, rating_history, ratings, seats
from ludoteca.server.ratings import MODEL, ranks_of, rate_table, shown


def account(server: Server) -> tuple[Guest, str]:
    client, name = Guest(server), unique()
    register(client, name).raise_for_status()
    return client, name


def test_ranks_put_winners_first_then_scores_with_ties_shared() -> None:
    assert ranks_of([10, 30, 20], [1], 3) == [3, 1, 2]
    assert ranks_of([5, 5, 1], [0, 1], 3) == [1, 1, 3]
    assert ranks_of([7, 7], [], 2) == [1, 1]  # a draw with no winner


def test_only_accounts_create_or_join_ranked_tables(server: Server) -> None:
    guest = Guest(server)
    refused = guest.http.post("/api/tables", json={"game": "dschunke", "players": 2, "ranked": True,
                                                   "seats": [{"kind": "me"}, {"kind": "bot", "level": "random"}]})
    assert refused.status_code == 403 and refused.json()["code"] == "account_needed"
    host, _ = account(server)
    twice = host.http.post("/api/tables", json={"game": "dschunke", "players": 2, "ranked": True,
                                                "seats": [{"kind": "me"}, {"kind": "me"}]})
    assert twice.status_code == 400 and "one seat" in twice.json()["detail"]
    table = host.create(seats=[{"kind": "me"}, {"kind": "open"}], ranked=True)
    assert table["ranked"] is True
    with guest.socket() as ws:
        join(ws, table["id"])
        send(ws, type="sit", table=table["id"], seat=1)
        assert receive(ws, "error")["code"] == "account_needed"


def play_both(first: Guest, second: Guest, table_id: str) -> dict:
    """Two accounts play the first legal action whenever it is their turn, to the end."""
    with first.socket() as a, second.socket() as b:
        sockets = {0: a, 1: b}
        latest = {0: join(a, table_id, seat=0), 1: join(b, table_id, seat=1)}
        acted = {0: -1, 1: -1}
        while latest[0]["status"] != "finished":
            for seat, ws in sockets.items():
                message = latest[seat]
                if message["seat"] == seat and message["legal"] and message["version"] > acted[seat] \
                        and message["status"] == "playing":
                    send(ws, type="act", table=table_id, seat=seat, version=message["version"],
                         action=message["legal"][0]["action"])
                    acted[seat] = message["version"]
            for seat, ws in sockets.items():
                with contextlib.suppress(TimeoutError):
                    latest[seat] = receive(ws, "state", timeout=0.3, table=table_id, seat=seat)
        return latest[0]


def wait_for_leaderboard(client: Guest, game: str, wanted: Callable[[list[dict]], bool]) -> list[dict]:
    """The leaderboard once it shows what ``wanted`` looks for (the rating is written after the
    game ends; the module's server keeps other tests' players on the board too)."""
    deadline = time.monotonic() + 30
    while True:
        board = client.http.get(f"/api/leaderboard/{game}").json()["players"]
        if wanted(board):
            return board
        if time.monotonic() > deadline:
            raise AssertionError(f"the leaderboard of {game} never showed what the test waits for: {board}")
        threading.Event().wait(0.1)


def test_a_ranked_game_between_two_accounts_moves_both_ratings_and_the_leaderboard(server: Server) -> None:
    host, ana = account(server)
    friend, ben = account(server)
    table = host.create(seats=[{"kind": "me"}, {"kind": "open"}], ranked=True)
    assert friend.http.post(f"/api/tables/{table['id']}/sit", json={"seat": 1}).status_code == 200
    final = play_both(host, friend, table["id"])
    board = [e for e in wait_for_leaderboard(host, "dschunke", lambda b: {ana, ben} <= {e.get("account") for e in b})
             if e.get("account") in (ana, ben)]
    assert {e["account"] for e in board} == {ana, ben}
    ranks = ranks_of(final["scores"], final["winners"], 2)
    expected = MODEL.rate([[MODEL.rating()], [MODEL.rating()]], ranks=ranks)
    by_name = {e["account"]: e for e in board}
    assert by_name[ana]["rating"] == shown(expected[0][0].mu, expected[0][0].sigma)
    assert by_name[ben]["rating"] == shown(expected[1][0].mu, expected[1][0].sigma)
    assert by_name[ana]["games"] == by_name[ben]["games"] == 1
    page = host.http.get(f"/api/players/{ana.upper()}").json()
    assert page["account"] == ana and page["ratings"]["dschunke"]["games"] == 1
    assert [(h["table"], h["rank"]) for h in page["history"]] == [(table["id"], ranks[0])]


def test_a_solo_ranked_game_rates_the_player_and_the_bot(server: Server) -> None:
    host, ana = account(server)
    table = host.create(seats=[{"kind": "me"}, {"kind": "bot", "level": "random"}], ranked=True)
    with host.socket() as ws:
        play_turns(ws, table["id"], 0, join(ws, table["id"], seat=0))
    board = wait_for_leaderboard(host, "dschunke", lambda b: any(e.get("account") == ana for e in b))
    assert any(e.get("bot") == "random" and e["games"] >= 1 for e in board)
    assert host.http.get("/api/leaderboard/nope").status_code == 404
    assert host.http.get("/api/players/nobody_at_all").status_code == 404


def test_unranked_tables_move_no_rating(server: Server) -> None:
    host, ana = account(server)
    table = host.create(seats=[{"kind": "me"}, {"kind": "bot", "level": "random"}])
    with host.socket() as ws:
        play_turns(ws, table["id"], 0, join(ws, table["id"], seat=0))
    assert host.http.get(f"/api/players/{ana}").json()["history"] == []


def test_a_table_is_rated_exactly_once_when_many_try_at_once_on_postgres(tmp_path: Path) -> None:
    with scratch_postgres() as database:
        engine = make_engine(database)
        migrate(engine)
        stamp = datetime.now(UTC)
        with engine.begin() as conn:
            conn.execute(game_tables.insert().values(
                id="t1", game="dschunke", game_version=1, players=2, seed=1, options={}, status="finished",
                version=10, revision=10, to_move=[], scores=[3, 1], winners=[0], created_by="x",
                created_at=stamp, updated_at=stamp, ranked=True))
            conn.execute(seats.insert(), [
                {"table_id": "t1", "seat": 0, "kind": "bot", "bot_level": "random"},
                {"table_id": "t1", "seat": 1, "kind": "bot", "bot_level": "greedy"}])
        results: list[bool] = []
        start = threading.Barrier(6)

        def attempt() -> None:
            start.wait()
            results.append(rate_table(engine, "t1"))

        threads = [threading.Thread(target=attempt) for _ in range(6)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(30)
        assert sorted(results) == [False] * 5 + [True]
        with engine.connect() as conn:
            assert conn.execute(select(func.count()).select_from(rating_history)).scalar() == 2
            assert {r.player: r.games for r in conn.execute(select(ratings))} == {"bot:random": 1, "bot:greedy": 1}
        engine.dispose()
