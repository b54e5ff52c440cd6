"""Issue 14, the server's side of "a table a newcomer can learn", in-process: names in every
label, the prompt, the whole log on join, reload and restart, one line per seat for a private
event and its public twin, the language switch, the catalogue message, the end's breakdown.

Played on Thirty-One (the example game: hidden hands, a private draw with a public twin), so
the tests hold whatever the four real games' labels say today."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest

from ludoteca import engine
from ludoteca.engine.i18n import visible
from ludoteca.server import catalogue
from ludoteca.server.db import make_engine, migrate
from ludoteca.server.gamelog import GameLog
from ludoteca.server.identity import Guest
from ludoteca.server.live import Connection, TableManager
from ludoteca.server.pubsub import LocalHub
from ludoteca.server.store import Store
from ludoteca.server.table_words import seat_names

ANA, BRUNO = Guest("guest-ana", "Ana"), Guest("guest-bruno", "Bruno")


def manager_on(tmp_path: Path) -> TableManager:
    engine_ = make_engine(f"sqlite:///{tmp_path / 'words.db'}")
    migrate(engine_)
    return TableManager(Store(engine_), LocalHub(), bot_delay=0)


def drain(conn: Connection) -> list[dict[str, Any]]:
    messages = []
    while not conn.queue.empty():
        messages.append(json.loads(conn.queue.get_nowait()))
    return messages


def states(messages: list[dict[str, Any]], seat: int | None = None) -> list[dict[str, Any]]:
    return [m for m in messages if m["type"] == "state" and (seat is None or m["seat"] == seat)]


async def two_player_table(manager: TableManager, rounds: int = 1) -> Any:
    """Ana's table of Thirty-One with an open seat, which Bruno takes."""
    table = await manager.create(ANA, "thirty-one", 2, {"rounds": rounds}, None, [{"kind": "me"}, {"kind": "open"}],
                                 ["random"])
    await manager.sit(BRUNO, table.id, 1)
    return table


async def play_to_the_end(manager: TableManager, table: Any, seed: int = 5) -> None:
    rng = random.Random(seed)
    while not table.state.is_over:
        seat = table.state.to_move[0]
        who = ANA if seat == 0 else BRUNO
        await manager.act(who, table.id, seat, table.state.version, rng.choice(table.state.legal_actions(seat)))


def test_bots_are_named_in_words_and_distinctly_in_every_language() -> None:
    """Issue 14: with two bots of one level ("bot (normal)") the winner is ambiguous."""
    seats = [{"seat": 0, "kind": "human", "name": "Ana", "bot_level": None},
             {"seat": 1, "kind": "bot", "name": None, "bot_level": "hard"},
             {"seat": 2, "kind": "bot", "name": None, "bot_level": "hard"},
             {"seat": 3, "kind": "bot", "name": "Chloé", "bot_level": "random", "absent": "conceded"},
             {"seat": 4, "kind": "open", "name": None, "bot_level": None}]
    assert seat_names(seats, "en") == ["Ana", "Bot 1 (hard)", "Bot 2 (hard)", "Chloé (bot)", "Player 5"]
    assert seat_names(seats, "es") == ["Ana", "Bot 1 (difícil)", "Bot 2 (difícil)", "Chloé (bot)", "Jugador 5"]
    assert seat_names(seats, "fr") == ["Ana", "Bot 1 (difficile)", "Bot 2 (difficile)", "Chloé (bot)", "Joueur 5"]
    alone = [seats[0], {"seat": 1, "kind": "bot", "name": None, "bot_level": "normal"}]
    assert seat_names(alone, "en") == ["Ana", "Bot (normal)"]


def test_the_game_log_keeps_every_event_as_text() -> None:
    log = GameLog([(1, [{"type": "dealt", "to": [0]}]), (2, []), (3, [{"type": "knocked", "seat": 1}])])
    assert list(log) == [(1, [{"type": "dealt", "to": [0]}]), (3, [{"type": "knocked", "seat": 1}])]
    assert len(log) == 2 and log.chars() == len('[{"type":"dealt","to":[0]}]') + len('[{"type":"knocked","seat":1}]')


def test_join_sends_the_catalogue_then_the_whole_log_and_a_reload_or_restart_gets_it_all(tmp_path: Path) -> None:
    """Issue 14: "after a reload only recent events come back (118 lines shrank to 54)"."""
    async def scenario() -> None:
        manager = manager_on(tmp_path)
        table = await two_player_table(manager, rounds=10)
        ana = Connection(ANA)
        await manager.join(ana, table.id)
        first = drain(ana)
        assert [m["type"] for m in first[:2]] == ["catalogue", "state"]
        assert first[0]["lang"] == "en" and first[1]["log"] == "all"
        seen = list(first[1]["events"])
        await play_to_the_end(manager, table)
        later = states(drain(ana))
        assert later and all(m["log"] == "new" for m in later)
        for message in later:
            seen.extend(message["events"])
        total = sum(1 for _v, events in table.log for event in events if visible(event, 0))
        assert len(seen) == total and len(table.log) > 30  # the old log kept the last 30 actions' events

        # Each line names the seat whose move wrote it; the set-up (version 0) was nobody's move.
        actors = [seat for seat, _action in table.state.record()["actions"]]
        assert all(e["by"] == (actors[e["version"] - 1] if e["version"] else None) for e in seen)
        assert {e["by"] for e in seen} >= {0, 1}
        again = Connection(ANA)  # a reload
        await manager.join(again, table.id)
        reloaded = states(drain(again))[0]
        assert reloaded["log"] == "all" and reloaded["events"] == seen

        manager.store.close()
        restarted = manager_on(tmp_path)  # a restart: the log is rebuilt from the record
        after = Connection(ANA)
        await restarted.join(after, table.id)
        assert states(drain(after))[0]["events"] == seen
        restarted.store.close()

    asyncio.run(scenario())


def test_labels_use_the_names_and_a_private_event_replaces_its_public_twin(tmp_path: Path) -> None:
    """Thirty-One's draw is a public "drew" (``not_to`` the drawer) and a private "drew_card"
    (``to`` the drawer): each seat reads one line, a spectator the public one."""
    async def scenario() -> None:
        manager = manager_on(tmp_path)
        table = await two_player_table(manager)
        conns = {"ana": Connection(ANA), "bruno": Connection(BRUNO), "watcher": Connection(Guest("g-w", "Watcher"))}
        for conn in conns.values():
            await manager.join(conn, table.id)
            drain(conn)
        seat = table.state.to_move[0]
        who = ANA if seat == 0 else BRUNO
        await manager.act(who, table.id, seat, table.state.version, {"type": "draw"})
        got = {name: states(drain(conn))[0] for name, conn in conns.items()}
        drawer, other = ("ana", "bruno") if seat == 0 else ("bruno", "ana")
        assert [e["event"]["type"] for e in got[drawer]["events"]] == ["drew_card"]
        assert [e["event"]["type"] for e in got[other]["events"]] == ["drew"]
        assert [e["event"]["type"] for e in got["watcher"]["events"]] == ["drew"]
        for message in got.values():
            assert message["names"] == ["Ana", "Bruno"]
            for entry in message["events"]:
                assert entry["label"] == table.state.describe_event(entry["event"], "en", ["Ana", "Bruno"])
                assert entry["section"] is False and entry["version"] == table.state.version
                assert entry["by"] == seat  # the page marks the line with the drawer's colour and shape
        manager.store.close()

    asyncio.run(scenario())


def test_the_prompt_is_the_seats_own_and_empty_for_others(tmp_path: Path) -> None:
    async def scenario() -> None:
        manager = manager_on(tmp_path)
        table = await two_player_table(manager)
        ana, watcher = Connection(ANA), Connection(Guest("g-w", "Watcher"))
        for conn in (ana, watcher):
            await manager.join(conn, table.id)
        mover = table.state.to_move[0]
        for lang in ("en", "es", "fr"):
            await manager.set_lang(ana, lang)
            mine = states(drain(ana))[0]
            expected = table.state.prompt(0, lang, ["Ana", "Bruno"]) if mover == 0 else ""
            assert mine["prompt"] == expected and (mover != 0 or mine["prompt"])
        assert states(drain(watcher))[0]["prompt"] == ""
        manager.store.close()

    asyncio.run(scenario())


def test_a_language_switch_sends_the_catalogue_and_the_whole_log_relabelled(tmp_path: Path) -> None:
    async def scenario() -> None:
        manager = manager_on(tmp_path)
        table = await two_player_table(manager)
        await play_to_the_end(manager, table)
        ana = Connection(ANA)
        await manager.join(ana, table.id)
        english = states(drain(ana))[0]
        await manager.set_lang(ana, "es")
        messages = drain(ana)
        assert [m["type"] for m in messages] == ["catalogue", "state"]
        assert messages[0]["lang"] == "es"
        spanish = messages[1]
        assert spanish["log"] == "all" and len(spanish["events"]) == len(english["events"])
        for entry in spanish["events"]:
            assert entry["label"] == table.state.describe_event(entry["event"], "es", ["Ana", "Bruno"])
        assert [e["label"] for e in spanish["events"]] != [e["label"] for e in english["events"]]
        assert ana.lang == "es"
        manager.store.close()

    asyncio.run(scenario())


def test_the_end_carries_a_breakdown_that_sums_to_each_score_with_names(tmp_path: Path) -> None:
    async def scenario() -> None:
        manager = manager_on(tmp_path)
        table = await two_player_table(manager)
        ana = Connection(ANA)
        await manager.join(ana, table.id)
        assert states(drain(ana))[0]["breakdown"] is None
        await play_to_the_end(manager, table)
        final = states(drain(ana))[-1]
        assert final["status"] == "finished"
        breakdown = final["breakdown"]
        assert [row["seat"] for row in breakdown] == [0, 1]
        assert [row["name"] for row in breakdown] == ["Ana", "Bruno"]
        for row, score in zip(breakdown, final["scores"], strict=True):
            assert row["total"] == score and sum(points for _what, points in row["lines"]) == score
            assert all(isinstance(what, str) and what for what, _points in row["lines"])
        manager.store.close()

    asyncio.run(scenario())


def test_a_rewritten_log_goes_whole_to_every_page(tmp_path: Path) -> None:
    """After a roll-back (as after an undo or a reload) the pages' logs hold lines that are no
    longer true: the next state replaces the log instead of appending to it."""
    async def scenario() -> None:
        manager = manager_on(tmp_path)
        table = await two_player_table(manager)
        ana = Connection(ANA)
        await manager.join(ana, table.id)
        for _ in range(3):
            seat = table.state.to_move[0]
            await manager.act(ANA if seat == 0 else BRUNO, table.id, seat, table.state.version,
                              table.state.legal_actions(seat)[0])
        drain(ana)
        manager._roll_back(table, 1)
        manager.broadcast(table, [])
        message = states(drain(ana))[0]
        assert message["log"] == "all" and message["version"] == 1
        assert {e["version"] for e in message["events"]} <= {0, 1}
        manager.broadcast(table, [])
        assert states(drain(ana))[0]["log"] == "new"
        manager.store.close()

    asyncio.run(scenario())


def test_the_catalogue_is_read_from_the_tables_own_options(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A table's ``params`` (here, its options) reach the catalogue: the page shows that table's numbers."""
    game_class = type(engine.game("thirty-one"))

    def fake_catalogue(self: Any, options: Any = None, lang: str = "en") -> list[dict[str, Any]]:
        rounds = (options or {}).get("rounds", 3)
        return [{"id": "rule:rounds", "kind": "Rule", "name": "Rounds", "text": lang,
                 "facts": [["n", str(rounds)]]}]

    monkeypatch.setattr(game_class, "catalogue", fake_catalogue)
    catalogue._cache.clear()

    async def scenario() -> None:
        manager = manager_on(tmp_path)
        table = await manager.create(ANA, "thirty-one", 2, {"rounds": 2}, None, [{"kind": "me"}, {"kind": "me"}],
                                     ["random"])
        ana = Connection(ANA, lang="fr")
        await manager.join(ana, table.id)
        message = drain(ana)[0]
        assert message == {"type": "catalogue", "table": table.id, "lang": "fr", "reference": [],
                           "entries": [{"id": "rule:rounds", "kind": "Rule", "name": "Rounds", "text": "fr",
                                        "facts": [["n", "2"]]}]}
        manager.store.close()

    asyncio.run(scenario())
    catalogue._cache.clear()


def test_moves_caught_up_from_another_process_reach_the_page(tmp_path: Path) -> None:
    """A move another process stored, which this one learns of only while committing the next
    move, is in the page's log too: each page gets every entry it has not had yet."""
    async def scenario() -> None:
        manager = manager_on(tmp_path)
        table = await two_player_table(manager)
        ana = Connection(ANA)
        await manager.join(ana, table.id)
        drain(ana)
        mover = table.state.to_move[0]
        who = ANA if mover == 0 else BRUNO
        other = engine.game("thirty-one").new(2, table.state.seed, table.state.options)
        theirs = other.apply(mover, {"type": "draw"})  # "another process" stores the draw
        summary = {"version": 1, "to_move": list(other.to_move), "status": "playing", "scores": None, "winners": None}
        manager.store.append_action(table.id, 0, mover, {"type": "draw"}, summary)
        await manager.act(who, table.id, mover, 1, other.legal_actions(mover)[0])
        got = [entry for message in states(drain(ana)) for entry in message["events"]]
        kinds = [e["event"]["type"] for e in got]
        public_draw = [e["type"] for e in theirs if visible(e, 0)]
        assert kinds[:len(public_draw)] == public_draw and kinds[len(public_draw):] == ["discarded"]
        assert [e["version"] for e in got] == [1] * len(public_draw) + [2]
        manager.store.close()

    asyncio.run(scenario())


def test_the_pages_are_told_when_the_set_of_thinking_bots_changes(tmp_path: Path) -> None:
    async def scenario() -> None:
        manager = manager_on(tmp_path)
        table = await two_player_table(manager)
        ana = Connection(ANA)
        await manager.join(ana, table.id)
        assert states(drain(ana))[0]["thinking"] == []
        manager.set_thinking(table, 1, True)
        manager.set_thinking(table, 1, True)  # no change: no message
        assert drain(ana) == [{"type": "thinking", "table": table.id, "seats": [1]}]
        manager.broadcast(table)
        assert states(drain(ana))[0]["thinking"] == [1]
        manager.set_thinking(table, 1, False)
        assert drain(ana) == [{"type": "thinking", "table": table.id, "seats": []}]
        manager.store.close()

    asyncio.run(scenario())


def test_a_failing_breakdown_or_prompt_still_shows_the_end_and_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    from ludoteca.server import table_words

    state = engine.game("thirty-one").new(2, seed=1, options={"rounds": 1})
    rng = random.Random(2)
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))

    def broken(self: Any, *_args: Any) -> Any:
        raise KeyError("oops")

    monkeypatch.setattr(type(state), "_score_breakdown", broken)
    monkeypatch.setattr(type(state), "_prompt", broken)
    rows = table_words.breakdown(state, "es", ["Ana", "Bruno"])
    assert rows == [{"seat": s, "name": n, "lines": [["Puntuación", state.scores[s]]], "total": state.scores[s]}
                    for s, n in enumerate(["Ana", "Bruno"])]
    fresh = engine.game("thirty-one").new(2, seed=1)
    assert table_words.prompt(fresh, fresh.to_move[0], "en", ["Ana", "Bruno"]) == ""
