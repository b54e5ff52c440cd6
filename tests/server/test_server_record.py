"""A gap-free record: every append and every undo is a compare-and-set on the table's revision
(on SQLite and PostgreSQL), the revision never repeats (no ABA after an undo and a move), a
stored record with a gap or a non-canonical action is refused on load, malformed table ids
never reach the database, and one table's failing catch-up never stops the others."""

from __future__ import annotations

import asyncio
import json
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from services import postgres_url, redis_url
from sqlalchemy import update
from sqlalchemy.exc import OperationalError

from ludoteca import engine
from ludoteca.server.db import actions, make_engine, migrate
from ludoteca.server.identity import Guest
from ludoteca.server.live import Rejected, TableManager
from ludoteca.server.pubsub import CHANNEL, LocalHub, RedisHub
from ludoteca.server.store import Conflict, Store

ME = Guest("me", "Me")


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    url = f"sqlite:///{tmp_path / 'record.db'}" if request.param == "sqlite" else postgres_url()
    engine_ = make_engine(url)
    migrate(engine_)
    store = Store(engine_)
    yield store
    store.close()


def new_table(store: Store, status: str = "playing") -> str:
    table_id = uuid.uuid4().hex[:12]
    store.create_table({"id": table_id, "game": "dschunke", "game_version": 1, "players": 2, "seed": 1,
                        "options": {}, "status": status, "version": 0, "to_move": [0], "created_by": "t"},
                       [{"seat": 0, "kind": "human", "user_id": "t", "name": "T", "bot_level": None},
                        {"seat": 1, "kind": "human", "user_id": "u", "name": "U", "bot_level": None}])
    return table_id


def summary(version: int) -> dict:
    return {"version": version, "to_move": [0], "status": "playing", "scores": None, "winners": None}


def test_every_change_is_a_compare_and_set_and_the_revision_never_comes_back(store: Store) -> None:
    table = new_table(store)
    store.append_action(table, 0, 0, {"type": "a"}, summary(1), revision=0)
    store.append_action(table, 1, 0, {"type": "b"}, summary(2), revision=1)
    seen_by_other = store.load_table(table)  # another process's view: version 2, revision 2
    assert (seen_by_other["version"], seen_by_other["revision"]) == (2, 2)
    store.undo_actions(table, 2, 2, 1, 0, summary(1))
    store.append_action(table, 1, 0, {"type": "c"}, summary(2), revision=3)
    # version is 2 again (ABA), but the revision moved on: the other process's writes are refused
    with pytest.raises(Conflict):
        store.append_action(table, 2, 1, {"type": "d"}, summary(3), revision=2)
    with pytest.raises(Conflict):
        store.undo_actions(table, 2, 2, 1, 0, summary(1))
    row = store.load_table(table)
    assert row["actions"] == [[0, {"type": "a"}], [0, {"type": "c"}]]
    assert (row["version"], row["revision"], row["problem"]) == (2, 4, None)
    # a batch stores what is current and refuses only what is not
    other = new_table(store)
    results = store.append_many([(table, 2, 1, {"type": "e"}, summary(3), 4),
                                 (other, 0, 0, {"type": "f"}, summary(1), 7)])
    assert results[0] is None and isinstance(results[1], Conflict)
    assert store.load_table(table)["actions"][-1] == [1, {"type": "e"}]
    assert store.load_table(other)["actions"] == []
    # an undo of actions that are not all the seat's own is refused, nothing deleted
    with pytest.raises(Conflict):
        store.undo_actions(table, 3, 5, 2, 1, summary(1))
    assert len(store.load_table(table)["actions"]) == 3


def test_changes_since_tells_appends_from_undos(store: Store) -> None:
    table = new_table(store)
    store.append_action(table, 0, 0, {"type": "a"}, summary(1), revision=0)
    assert store.changes_since(table, 0, 0)[1] == [[0, {"type": "a"}]]
    assert store.changes_since(table, 1, 1)[1] == []
    store.undo_actions(table, 1, 1, 1, 0, summary(0))
    store.append_action(table, 0, 0, {"type": "b"}, summary(1), revision=2)
    header, new = store.changes_since(table, 1, 1)  # same version as before, other record
    assert new is None and header["revision"] == 3


def race_once(store: Store, table: str, version: int, revision: int) -> list[str]:
    """An undo of action ``version - 1`` and an append of action ``version``, started together
    from two threads (each with its own connection); returns which of them succeeded."""
    start, won = threading.Barrier(2), []

    def undo() -> None:
        start.wait()
        try:
            store.undo_actions(table, version, revision, 1, 0, summary(version - 1))
            won.append("undo")
        except Conflict:
            pass

    def move() -> None:
        start.wait()
        try:
            store.append_action(table, version, 0, {"type": "m"}, summary(version + 1), revision)
            won.append("move")
        except Conflict:
            pass

    threads = [threading.Thread(target=undo), threading.Thread(target=move)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return won


def test_an_undo_racing_a_move_never_leaves_a_gap(store: Store) -> None:
    """Two threads (two processes' worth of connections): one undoes the last action while the
    other appends the next, 40 times; exactly one may win each time, and the record stays 0..n-1."""
    table = new_table(store)
    store.append_action(table, 0, 0, {"type": "a"}, summary(1), revision=0)
    for _ in range(40):
        row = store.load_table(table)
        won = race_once(store, table, row["version"], row["revision"])
        after = store.load_table(table)
        assert len(won) == 1, won
        assert after["problem"] is None, after["problem"]
        assert after["revision"] == row["revision"] + 1
        assert after["version"] == row["version"] + (1 if won == ["move"] else -1)
        if after["version"] == 0:
            store.append_action(table, 0, 0, {"type": "a"}, summary(1), after["revision"])


def manager_on(tmp_path: Path, **settings: float) -> TableManager:
    engine_ = make_engine(f"sqlite:///{tmp_path / 'live.db'}")
    migrate(engine_)

    class Tuning:
        bot_workers, bot_seconds, seat_timeout = 1, 1.0, 0

    for key, value in settings.items():
        setattr(Tuning, key, value)
    return TableManager(Store(engine_), LocalHub(), bot_delay=0, settings=Tuning)


def test_a_record_with_a_gap_or_a_non_canonical_action_is_refused_on_load(tmp_path: Path) -> None:
    async def scenario() -> None:
        manager = manager_on(tmp_path)
        table = await manager.create(ME, "dschunke", 2, None, None, [{"kind": "me"}, {"kind": "me"}], ["random"])
        state = engine.game("dschunke").new(2, table.state.seed, table.state.options)
        played = []
        for _ in range(3):
            seat = state.to_move[0]
            action = state.legal_actions(seat)[0]
            await manager.act(ME, table.id, seat, state.version, action)
            state.apply(seat, action)
            played.append(action)
        # a stored action whose whole number became a float is not the legal action
        number_key = next(key for key, value in played[1].items() if type(value) is int)
        bent = {**played[1], number_key: float(played[1][number_key])}
        with manager.store.engine.begin() as conn:
            conn.execute(update(actions).where((actions.c.table_id == table.id) & (actions.c.idx == 1))
                         .values(action=bent))
        manager.tables.clear()
        with pytest.raises(Rejected) as refused:
            await manager.get(table.id)
        assert refused.value.code == "damaged_table"
        assert "stored action 1 is not legal there" in refused.value.message
        assert str(bent[number_key]) in refused.value.message  # the engine's reason names the value
        # a gap: action 1 missing while the table says 3
        with manager.store.engine.begin() as conn:
            conn.execute(actions.delete().where((actions.c.table_id == table.id) & (actions.c.idx == 1)))
        with pytest.raises(Rejected) as gap:
            await manager.get(table.id)
        assert gap.value.code == "damaged_table"
        assert "action 1 is missing" in gap.value.message
        manager.store.close()

    asyncio.run(scenario())


def test_a_malformed_table_id_is_unknown_without_asking_the_database(tmp_path: Path) -> None:
    async def scenario() -> None:
        manager = manager_on(tmp_path)
        asked = []
        real_read = manager.store.read

        async def counting_read(fn, *args):  # noqa: ANN001, ANN202
            asked.append(fn.__name__)
            return await real_read(fn, *args)

        manager.store.read = counting_read  # type: ignore[method-assign]
        for bad in ("short", "nine-char", "spa ce!!", "ab/cd.ef", 12345678, None, "x" * 4000, "ok_id-12\n"):
            with pytest.raises(Rejected) as refused:
                await manager.get(bad)
            assert refused.value.code == "unknown_table"
            assert "a table id is 8 letters, digits" in refused.value.message
        assert asked == []
        with pytest.raises(Rejected) as missing:
            await manager.get("Abc-_123")  # well formed, not there: one query
        assert missing.value.code == "unknown_table" and asked == ["load_table"]
        manager.store.close()

    asyncio.run(scenario())


def test_one_tables_failing_catch_up_does_not_hold_up_the_others(tmp_path: Path) -> None:
    """A catch-up whose database read fails is logged, the table is marked for a rebuild and
    retried; another table's catch-up, asked for at the same time, completes at once."""
    async def scenario() -> None:
        manager = manager_on(tmp_path)
        seats = [{"kind": "me"}, {"kind": "me"}]
        sick = await manager.create(ME, "dschunke", 2, None, None, seats, ["random"])
        well = await manager.create(ME, "dschunke", 2, None, None, seats, ["random"])
        # "another process" moves at both tables
        for table in (sick, well):
            other = engine.game("dschunke").new(2, table.state.seed, table.state.options)
            mover = other.to_move[0]
            action = other.legal_actions(mover)[0]
            other.apply(mover, action)
            manager.store.append_action(table.id, 0, mover, action, summary(1) | {"to_move": list(other.to_move)},
                                        revision=0)
        real = manager.store.changes_since
        failures = []

        def flaky(table_id: str, version: int, revision: int):  # noqa: ANN202
            if table_id == sick.id and len(failures) < 2:
                failures.append(table_id)
                raise OperationalError("SELECT", {}, Exception("database is locked"))
            return real(table_id, version, revision)

        manager.store.changes_since = flaky  # type: ignore[method-assign]
        started = time.monotonic()
        await manager.on_hub_message({"table": sick.id, "kind": "action"})
        await manager.on_hub_message({"table": well.id, "kind": "action"})
        assert time.monotonic() - started < 0.05  # the listener never waits for a catch-up
        while well.state.version != 1:
            await asyncio.sleep(0.01)
        assert time.monotonic() - started < 0.5 and sick.state.version == 0
        while sick.state.version != 1:  # rebuilt later, after the failures
            await asyncio.sleep(0.05)
            assert time.monotonic() - started < 10
        assert failures == [sick.id] and not sick.needs_rebuild
        await manager.stop()
        manager.store.close()

    asyncio.run(scenario())


def test_the_redis_listener_skips_a_failing_handler_and_keeps_serving() -> None:
    import redis

    url = redis_url()

    async def scenario() -> None:
        got: list[dict] = []

        async def handler(message: dict) -> None:
            if message.get("table") == "poisoned":
                raise RuntimeError("this table's catch-up fails")
            got.append(message)

        hub = RedisHub(url)
        await hub.start(handler)
        sender = redis.asyncio.from_url(url)
        await sender.publish(CHANNEL, json.dumps({"table": "poisoned", "kind": "action"}))
        await sender.publish(CHANNEL, "not json at all")
        await sender.publish(CHANNEL, json.dumps([1, 2]))
        await sender.publish(CHANNEL, json.dumps({"table": "healthy", "kind": "action"}))
        deadline = time.monotonic() + 5
        # Other tests may share this Redis channel: wait for *this* test's message, not any.
        while not any(m.get("table") == "healthy" for m in got) and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        assert [m["table"] for m in got if m.get("table") in ("healthy", "poisoned")] == ["healthy"]
        assert time.monotonic() < deadline - 4  # no pause: well under a second
        await sender.aclose()
        await hub.close()

    asyncio.run(scenario())


def test_a_bot_move_the_database_refused_is_retried_until_it_is_stored(tmp_path: Path) -> None:
    async def scenario() -> None:
        manager = manager_on(tmp_path)
        real = manager.store.append_many
        refusals = []

        def locked(items: list) -> list:
            if len(refusals) < 3:
                refusals.append(time.monotonic())
                raise OperationalError("UPDATE", {}, Exception("database is locked"))
            return real(items)

        manager.store.append_many = locked  # type: ignore[method-assign]
        started = time.monotonic()
        table = await manager.create(ME, "dschunke", 2, None, None,
                                     [{"kind": "bot", "level": "random"}, {"kind": "me"}], ["random"])
        while manager.store.load_table(table.id)["version"] == 0:
            await asyncio.sleep(0.02)
            assert time.monotonic() - started < 10, "the bot never moved after the database came back"
        assert len(refusals) == 3
        gaps = [b - a for a, b in zip(refusals, refusals[1:], strict=False)]
        assert gaps[0] >= 0.2 and gaps[1] >= 0.45  # a growing pause between attempts
        assert manager.store.load_table(table.id)["actions"] == [[0, table.state.record()["actions"][0][1]]]
        await manager.stop()
        manager.store.close()

    asyncio.run(scenario())


def test_a_locked_database_makes_table_creation_a_storage_refusal(tmp_path: Path) -> None:
    import sqlite3

    async def scenario() -> None:
        engine_ = make_engine(f"sqlite:///{tmp_path / 'locked.db'}", timeout=0.5)
        migrate(engine_)
        manager = TableManager(Store(engine_), LocalHub(), bot_delay=0)
        locker = sqlite3.connect(tmp_path / "locked.db", isolation_level=None)
        locker.execute("BEGIN EXCLUSIVE")
        started = time.monotonic()
        with pytest.raises(Rejected) as refused:
            await manager.create(ME, "dschunke", 2, None, None, None, ["random"])
        assert refused.value.code == "storage" and "try again" in refused.value.message
        assert time.monotonic() - started < 3
        locker.execute("ROLLBACK")
        table = await manager.create(ME, "dschunke", 2, None, None, None, ["random"])
        assert manager.store.load_table(table.id) is not None
        await manager.stop()
        manager.store.close()

    asyncio.run(scenario())
