"""Bots in seats, in-process on a fake clock: pacing per decision rather than per step,
"thinking" while a search bot thinks, and a bot acting in its own hospital during Dice
Hospital's simultaneous activation, which no longer takes a person's undo away.

The fake clock (``seatbots.pause`` replaced) records every pause a bot asks for and lets time
pass at once, so nothing here depends on how fast the machine is."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from ludoteca import engine
from ludoteca.server import live, seatbots
from ludoteca.server.db import make_engine, migrate
from ludoteca.server.identity import Guest
from ludoteca.server.live import Connection, LiveTable, TableManager
from ludoteca.server.pubsub import LocalHub
from ludoteca.server.store import Store
from ludoteca.server.undo import undo

DELAY = 1.0
ME = Guest("me", "Me")


def manager_on(tmp_path: Path) -> TableManager:
    engine_ = make_engine(f"sqlite:///{tmp_path / 'bots.db'}")
    migrate(engine_)
    return TableManager(Store(engine_), LocalHub(), bot_delay=DELAY)


async def until(condition: Callable[[], bool], seconds: float = 20.0) -> None:
    """Let the event loop (bots, commits in worker threads) run until ``condition`` holds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while not condition():
        assert loop.time() < deadline, "the table did not get there"
        await asyncio.sleep(0.002)


def plain(state: Any, seat: int) -> dict[str, Any]:
    legal = state.legal_actions(seat)
    return next((a for a in legal if a["type"] in ("keep", "pass")), legal[0])


async def play_me_until(manager: TableManager, table: LiveTable, done: Callable[[], bool]) -> None:
    """Seat 0 (a person) plays plain choices whenever it is to move, until ``done``."""
    while not done():
        state = table.state
        if 0 in state.to_move and not state.is_over and not table.lock.locked():
            await manager.act(ME, table.id, 0, state.version, plain(state, 0))
        else:
            await asyncio.sleep(0.002)


def run(scenario: Callable[[], Awaitable[None]]) -> None:
    asyncio.run(scenario())


# ---- pacing ------------------------------------------------------------------------------------
def test_pause_before_a_step_is_the_full_delay_only_at_the_start_of_a_chain() -> None:
    assert seatbots.pause_before(0, 0.5) == 0.5
    assert seatbots.pause_before(1, 0.5) == seatbots.pause_before(7, 0.5) == 0.5 * seatbots.CHAIN_FRACTION
    assert 0 < seatbots.CHAIN_FRACTION < 1


def test_a_bots_activation_plays_out_as_one_chain_with_short_pauses(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Before: the full delay before every step (an activation took 7.5-11 s to watch).  Now the
    full delay before the first step of each chain of the bot's own steps, a fraction before
    each later one; a chain ends when the bot's seat is no longer to move."""
    pauses: list[tuple[int, float]] = []   # (which bot task asked, seconds)
    tasks: list[asyncio.Task] = []         # held, so that no two tasks share an identity

    async def fake_pause(seconds: float) -> None:
        task = asyncio.current_task()
        if task not in tasks:
            tasks.append(task)
        pauses.append((tasks.index(task), seconds))
        await asyncio.sleep(0)

    monkeypatch.setattr(seatbots, "pause", fake_pause)

    async def scenario() -> None:
        manager = manager_on(tmp_path)
        table = await manager.create(ME, "dice-hospital", 2, None, None,
                                     [{"kind": "me"}, {"kind": "bot", "level": "random"}], ["random"])
        activations = 0
        phase = table.state.phase

        def two_activations_done() -> bool:
            nonlocal activations, phase
            if phase == "activate" and table.state.phase != "activate":
                activations += 1
            phase = table.state.phase
            return activations >= 2 or table.state.is_over

        await play_me_until(manager, table, two_activations_done)
        await until(lambda: not table.bot_tasks)
        bot_steps = sum(1 for seat, _ in table.state.record()["actions"] if seat == 1)
        chains: dict[int, list[float]] = {}
        for task, seconds in pauses:
            chains.setdefault(task, []).append(seconds)
        assert all(chain[0] == DELAY for chain in chains.values())
        assert all(s == DELAY * seatbots.CHAIN_FRACTION for chain in chains.values() for s in chain[1:])
        assert max(len(chain) for chain in chains.values()) >= 4   # a whole activation, one chain
        assert len(chains) < bot_steps <= len(pauses)
        watched = sum(seconds for _, seconds in pauses)
        assert watched < bot_steps * DELAY * 0.8
        await manager.stop()
        manager.store.close()

    run(scenario)


# ---- thinking -------------------------------------------------------------------------------------
class HeldPool:
    """A bot pool whose decisions wait until the test releases them (a search in progress)."""

    def __init__(self) -> None:
        self.started = asyncio.Event()
        self.release = asyncio.Event()

    async def decide(self, table_id: str, game_id: str, snapshot: dict[str, Any], seat: int, level: str,
                     seed: int) -> dict[str, Any]:
        self.started.set()
        await self.release.wait()
        return engine.game(game_id).from_json(snapshot).legal_actions(seat)[0]

    def close(self) -> None:
        self.release.set()


def drain(conn: Connection) -> list[dict[str, Any]]:
    out = []
    while not conn.queue.empty():
        out.append(json.loads(conn.queue.get_nowait()))
    return out


def test_clients_are_told_while_a_search_bot_thinks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async def instant(seconds: float) -> None:
        await asyncio.sleep(0)

    monkeypatch.setattr(seatbots, "pause", instant)

    async def scenario() -> None:
        manager = manager_on(tmp_path)
        pool = HeldPool()
        manager.bot_pool.close()
        manager.bot_pool = pool  # type: ignore[assignment]
        conn = Connection(ME)
        table = await manager.create(ME, "dice-hospital", 2, None, None,
                                     [{"kind": "me"}, {"kind": "bot", "level": "normal"}], ["random", "normal"])
        await manager.join(conn, table.id)
        await asyncio.wait_for(pool.started.wait(), 10)     # set-up is simultaneous: the bot starts
        messages = drain(conn)
        assert {"type": "thinking", "table": table.id, "seats": [1]} in messages
        assert table.thinking == {1}
        watcher = Connection(Guest("late", "Late"))
        await manager.join(watcher, table.id)                # a page that opens now sees it too
        states = [m for m in drain(watcher) if m["type"] == "state"]
        assert states and states[-1]["thinking"] == [1]

        version = table.state.version
        pool.release.set()
        await until(lambda: table.state.version > version and not table.lock.locked())
        messages = drain(conn)
        kinds = [(m["type"], m.get("seats")) for m in messages]
        done = kinds.index(("thinking", []))
        moved = next(i for i, m in enumerate(messages) if m["type"] == "state" and m["version"] > version)
        assert done < moved and messages[moved]["thinking"] in ([], [1])  # [1]: already thinking anew
        await manager.stop()
        manager.store.close()

    run(scenario)


def test_random_bots_choose_at_once_and_never_show_thinking(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``random`` chooses on the event loop, with no search to wait for."""
    async def instant(seconds: float) -> None:
        await asyncio.sleep(0)

    monkeypatch.setattr(seatbots, "pause", instant)

    async def scenario() -> None:
        manager = manager_on(tmp_path)
        conn = Connection(ME)
        table = await manager.create(ME, "dice-hospital", 2, None, None,
                                     [{"kind": "me"}, {"kind": "bot", "level": "random"}], ["random"])
        await manager.join(conn, table.id)
        await until(lambda: 1 not in table.state.to_move)
        assert not [m for m in drain(conn) if m["type"] == "thinking"]
        await manager.stop()
        manager.store.close()

    run(scenario)


# ---- undo while a bot acts in its own hospital ------------------------------------------------------
def test_a_bot_acting_in_its_own_hospital_does_not_take_away_my_undo(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Dice Hospital's activation is simultaneous and each seat treats its own patients: I choose
    a department, the bot takes a step, and I can still take my department back.  The stored
    record loses exactly my action, the bot's stays -- and is still legal (the record is judged
    again, action by action, as a table loaded from the database is)."""
    tokens = asyncio.Semaphore(0)
    holder: dict[str, LiveTable] = {}

    async def gated_pause(seconds: float) -> None:
        table = holder.get("table")
        if table is not None and table.state.phase == "activate":
            await tokens.acquire()      # during the activation the test lets the bot step
        else:
            await asyncio.sleep(0)

    monkeypatch.setattr(seatbots, "pause", gated_pause)
    monkeypatch.setattr(live.secrets, "randbits", lambda _bits: 1)   # seed 1: a known deal

    async def scenario() -> None:
        manager = manager_on(tmp_path)
        table = await manager.create(ME, "dice-hospital", 2, None, None,
                                     [{"kind": "me"}, {"kind": "bot", "level": "random"}], ["random"])
        holder["table"] = table
        await play_me_until(manager, table, lambda: table.state.phase == "activate")
        await until(lambda: table.state.to_move == (0, 1) and not table.lock.locked())
        state = table.state
        mine = next(a for a in state.legal_actions(0) if a["type"] == "department")
        await manager.act(ME, table.id, 0, state.version, mine)
        seen = table.state.version           # what my page showed after my step
        assert table.state.undo_steps(0) == 1

        tokens.release()                     # the bot takes one step in its own hospital
        await until(lambda: table.state.version == seen + 1 and not table.lock.locked())
        assert table.state.record()["actions"][-1][0] == 1
        assert table.state.undo_steps(0) == 1
        bot_step = table.state.record()["actions"][-1]

        await undo(manager, ME, table.id, 0, seen)   # asked at my page's version: still mine to undo
        stored = manager.store.load_table(table.id)
        expected = table.state.record()["actions"]
        assert stored["version"] == seen and stored["actions"] == expected
        assert expected[-1] == bot_step and [0, mine] not in expected[-2:]
        rebuilt, _ = live.replay_record(table.game, 2, stored["seed"], stored["options"], stored["actions"],
                                        trusted=False)
        assert rebuilt == table.state
        assert table.state.hospitals[0]["activation"]["step"] == "idle"
        assert table.state.hospitals[0]["departments_used"][mine["dept"]] == 0

        for _ in range(200):                 # the bot carries on from there
            tokens.release()
        await until(lambda: 1 not in table.state.to_move)
        await manager.stop()
        manager.store.close()

    run(scenario)


# ---- the record: exactly the undone actions leave it, in one compare-and-set ----------------------
@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Any:
    from services import postgres_url

    url = f"sqlite:///{tmp_path / 'record.db'}" if request.param == "sqlite" else postgres_url()
    engine_ = make_engine(url)
    migrate(engine_)
    store = Store(engine_)
    yield store
    store.close()


def test_removing_own_actions_between_others_keeps_theirs_in_order_without_a_gap(store: Store) -> None:
    import uuid

    from ludoteca.server.store import Conflict

    table = uuid.uuid4().hex[:12]
    store.create_table({"id": table, "game": "dice-hospital", "game_version": 1, "players": 2, "seed": 1,
                        "options": {}, "status": "playing", "version": 0, "to_move": [0, 1], "created_by": "t"},
                       [{"seat": 0, "kind": "human", "user_id": "t", "name": "T", "bot_level": None},
                        {"seat": 1, "kind": "bot", "user_id": None, "name": None, "bot_level": "random"}])
    moves = [(0, {"type": "a"}), (0, {"type": "mine1"}), (1, {"type": "bot1"}), (0, {"type": "mine2"}),
             (1, {"type": "bot2"})]
    for idx, (seat, action) in enumerate(moves):
        store.append_action(table, idx, seat, action, {"version": idx + 1, "to_move": [0, 1], "status": "playing",
                                                       "scores": None, "winners": None}, revision=idx)
    after = {"version": 3, "to_move": [0, 1], "status": "playing", "scores": None, "winners": None}
    with pytest.raises(Conflict):          # a move was stored meanwhile: nothing is removed
        store.remove_actions(table, 5, 4, [1, 3], 0, after)
    with pytest.raises(Conflict):          # not all of them are seat 0's: nothing is removed
        store.remove_actions(table, 5, 5, [1, 2], 0, after)
    assert store.load_table(table)["actions"] == [[s, a] for s, a in moves]
    store.remove_actions(table, 5, 5, [1, 3], 0, after)
    loaded = store.load_table(table)
    assert loaded["actions"] == [[0, {"type": "a"}], [1, {"type": "bot1"}], [1, {"type": "bot2"}]]
    assert (loaded["version"], loaded["revision"], loaded["problem"]) == (3, 6, None)


def test_an_undo_asked_before_another_seats_move_is_stale_when_the_engine_no_longer_allows_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Outside an independent phase, another seat's move ends the undo: asked at the version
    before it, the request is ``stale`` (look again), as before."""
    async def instant(seconds: float) -> None:
        await asyncio.sleep(0)

    monkeypatch.setattr(seatbots, "pause", instant)
    monkeypatch.setattr(live.secrets, "randbits", lambda _bits: 1)   # seed 1: a known deal

    async def scenario() -> None:
        manager = manager_on(tmp_path)
        table = await manager.create(ME, "dice-hospital", 2, None, None, [{"kind": "me"}, {"kind": "me"}],
                                     ["random"])
        state = table.state                 # set-up: both seats value their starting patients at once
        assert state.phase == "setup" and state.to_move == (0, 1)
        await manager.act(ME, table.id, 0, 0, state.legal_actions(0)[0])
        assert 0 in table.state.to_move and table.state.undo_steps(0) == 1
        await manager.act(ME, table.id, 1, 1, table.state.legal_actions(1)[0])
        assert table.state.undo_steps(0) == 0          # seat 1's set-up step came in between
        with pytest.raises(live.Rejected) as refused:
            await undo(manager, ME, table.id, 0, 1)
        assert refused.value.code == "stale"
        await manager.stop()
        manager.store.close()

    run(scenario)
