"""The commit path in-process: when another process stored a move first, the table is rebuilt
from the database and the late move is refused as stale; a failing database refuses the move
and leaves the live state equal to the record."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from ludoteca import engine
from ludoteca.server.db import make_engine, migrate
from ludoteca.server.identity import Guest
from ludoteca.server.live import Rejected, TableManager
from ludoteca.server.pubsub import LocalHub
from ludoteca.server.store import Store


def manager_on(tmp_path: Path) -> TableManager:
    engine_ = make_engine(f"sqlite:///{tmp_path / 'commit.db'}")
    migrate(engine_)
    return TableManager(Store(engine_), LocalHub(), bot_delay=0)


def test_a_move_another_process_stored_first_wins_and_the_table_is_rebuilt(tmp_path: Path) -> None:
    async def scenario() -> None:
        manager = manager_on(tmp_path)
        me = Guest("me", "Me")
        table = await manager.create(me, "dschunke", 2, None, None, [{"kind": "me"}, {"kind": "me"}], ["random"])
        legal = table.state.legal_actions(0)
        theirs, mine = legal[0], legal[-1]
        # "another process" commits move 0 directly in the database
        other = engine.game("dschunke").new(2, table.state.seed, table.state.options)
        other.apply(0, theirs)
        summary = {"version": 1, "to_move": list(other.to_move), "status": "playing", "scores": None, "winners": None}
        manager.store.append_action(table.id, 0, 0, theirs, summary)
        with pytest.raises(Rejected) as refused:
            await manager.act(me, table.id, 0, 0, mine)
        assert refused.value.code == "stale"
        assert table.state.to_json() == other.to_json()  # the database's move, not ours
        assert manager.store.load_table(table.id)["actions"] == [[0, theirs]]

        def broken(*_args: object) -> None:
            raise OSError("disk full")

        manager.store.append_many = broken  # type: ignore[method-assign]
        with pytest.raises(Rejected) as failed:
            await manager.act(me, table.id, other.to_move[0], 1, other.legal_actions(other.to_move[0])[0])
        assert failed.value.code == "storage"
        assert table.state.to_json() == other.to_json()
        manager.store.close()

    asyncio.run(scenario())
