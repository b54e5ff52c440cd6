"""Undo within one's own turn (Board Game Arena's policy), decided by the engine.

``state.undo_steps(seat)`` says how many of the seat's latest actions may be taken back: only
while that seat is still to decide, only its own actions with nobody else's in between, never
back past chance (the state's RNG counts its draws) or anything revealed (private events and
the game's ``REVEALS``).  The server never judges this itself.

Undoing removes those actions from the stored record in ONE transaction (the record stays the
truth), then rebuilds the live table from the database and shows every client the result.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import and_, delete, func, select, update

from .db import actions, game_tables
from .identity import Guest
from .live import Rejected, TableManager
from .store import Conflict, now


def remove_last_actions(store: Any, table_id: str, version: int, steps: int, seat: int,
                        summary: dict[str, Any]) -> None:
    """Delete actions ``version - steps .. version - 1`` of a table (all by ``seat``) and write the
    new summary, in one transaction.  Raises Conflict when the stored record is not what the
    live table believed (another process moved in the meantime): nothing is deleted then."""
    start = version - steps
    with store.engine.begin() as conn:
        total = conn.execute(select(func.count()).select_from(actions)
                             .where(actions.c.table_id == table_id)).scalar_one()
        last = conn.execute(select(actions.c.seat).where(and_(actions.c.table_id == table_id,
                                                              actions.c.idx >= start))).all()
        if total != version or len(last) != steps or any(row.seat != seat for row in last):
            raise Conflict(f"table {table_id}: the stored record changed; nothing was undone")
        conn.execute(delete(actions).where(and_(actions.c.table_id == table_id, actions.c.idx >= start)))
        conn.execute(update(game_tables).where(game_tables.c.id == table_id).values(**summary, updated_at=now()))


async def undo(manager: TableManager, guest: Guest, table_id: Any, seat: Any, version: Any,
               steps: Any = 1) -> None:
    """Take back ``steps`` of ``seat``'s latest actions, if the engine allows it."""
    table = await manager.get(table_id)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < table.state.players:
        raise Rejected("bad_seat", f"seat must be a whole number from 0 to {table.state.players - 1}")
    holder = table.seats[seat]
    if holder["kind"] != "human" or holder["user_id"] != guest.id:
        raise Rejected("not_your_seat", f"seat {seat} is not yours")
    if isinstance(steps, bool) or not isinstance(steps, int) or steps < 1:
        raise Rejected("bad_request", "steps must be a whole number of at least 1")
    if isinstance(version, bool) or not isinstance(version, int):
        raise Rejected("bad_request", "an undo must carry the state version it was asked at")
    async with table.lock:
        if version > table.state.version:
            await manager.sync(table)
        state = table.state
        if state.is_over:
            raise Rejected("game_over", "the game is over; nothing can be undone")
        if version != state.version:
            raise Rejected("stale", f"you asked at version {version} but the table is at version "
                                    f"{state.version}; look again")
        allowed = state.undo_steps(seat)
        if steps > allowed:
            why = ("nothing of yours can be taken back now (another player moved, or chance or "
                   "hidden information was revealed since)") if allowed == 0 else (
                   f"only your last {allowed} action(s) can be taken back")
            raise Rejected("cannot_undo", why)
        rebuilt = table.game.new(state.players, state.seed, state.options)
        for actor, action in state.record()["actions"][:state.version - steps]:
            rebuilt.apply(actor, action)
        summary = {"version": rebuilt.version, "to_move": list(rebuilt.to_move), "status": "playing",
                   "scores": None, "winners": None}
        try:
            await manager.store.run(remove_last_actions, manager.store, table.id, state.version, steps,
                                    seat, summary)
        except Conflict:
            await manager.rebuild(table)
            raise Rejected("stale", "another move was accepted first; look again") from None
        await manager.rebuild(table)  # the database is the truth: reload from it, then broadcast
    await manager.hub.publish({"table": table.id, "kind": "undo", "version": table.state.version})
    manager.schedule_bots(table)
