"""Undo within one's own turn (Board Game Arena's policy), decided by the engine.

``state.undo_steps(seat)`` says how many of the seat's latest actions may be taken back: only
while that seat is still to decide, only its own actions with nobody else's in between, never
back past chance (the state's RNG counts its draws) or anything revealed (private events and
the game's ``REVEALS``).  The server never judges this itself.

Undoing removes those actions from the stored record in ONE transaction that is a
compare-and-set on the table's revision (``Store.undo_actions``): if another process stored a
move or an undo meanwhile, nothing is removed and the request is ``stale``.  On success the
live table becomes the replay of its own record without those actions -- exactly what the
database now holds -- and every client is shown the result.
"""

from __future__ import annotations

from typing import Any

from . import clocks
from .identity import Guest
from .live import Rejected, TableManager, replay_record
from .store import Conflict


async def undo(manager: TableManager, guest: Guest, table_id: Any, seat: Any, version: Any,
               steps: Any = 1) -> None:
    """Take back ``steps`` of ``seat``'s latest actions, if the engine allows it."""
    table = await manager.open_table(guest, table_id)
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
        await manager.recover(table)
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
        kept = state.record()["actions"][:state.version - steps]
        # Trusted: every one of these actions was judged when this server accepted it.
        rebuilt, entries = replay_record(table.game, state.players, state.seed, state.options, kept, True)
        summary = {"version": rebuilt.version, "to_move": list(rebuilt.to_move), "status": "playing",
                   "scores": None, "winners": None,
                   "clock_state": clocks.after(table.header.get("clock"), table.header.get("clock_state"), [],
                                               rebuilt.to_move, clocks.wall())}
        try:
            await manager.store.run(manager.store.undo_actions, table.id, state.version, table.revision,
                                    steps, seat, summary)
        except Conflict:
            await manager.reload_or_roll_back(table, state.version)
            raise Rejected("stale", "another move was accepted first; look again") from None
        manager.install(table, rebuilt, entries, table.revision + 1)
        table.header.update(summary)
        manager.broadcast(table, [])
    await manager.hub.publish({"table": table.id, "kind": "undo", "version": table.state.version,
                               "revision": table.revision})
    manager.schedule_bots(table)
