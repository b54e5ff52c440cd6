"""Undo within one's own turn (Board Game Arena's policy), decided by the engine.

``state.undo_steps(seat)`` says how many of the seat's latest actions may be taken back and
``state.undo_indices(seat)`` which: only while that seat is still to decide, only its own
actions, never back past chance (the state's RNG counts its draws) or anything revealed
(private events and the game's ``REVEALS``).  Other seats' actions may lie in between only in
a phase the game declared independent (Dice Hospital's activation: a bot treating patients in
its own hospital does not take away a person's undo); they stay in the record.  The server
never judges this itself.

Undoing removes exactly those actions from the stored record in ONE transaction that is a
compare-and-set on the table's revision (``Store.undo_actions`` when they are the last ones,
``Store.remove_actions`` when other seats' actions follow them): if another process stored a
move or an undo meanwhile, nothing is removed and the request is ``stale``.  On success the
live table becomes the replay of its own record without those actions -- exactly what the
database now holds -- and every client is shown the result.

An undo asked at an older version still counts when only other seats acted since (as a move
does: ``TableManager._still_current``) and the engine still allows it: in a simultaneous phase
a bot may well move between the page's last state and the click.  Otherwise it is ``stale``.
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
        undoable = state.undo_indices(seat)
        if version != state.version and not (manager._still_current(table, seat, version)
                                             and steps <= len(undoable)):
            raise Rejected("stale", f"you asked at version {version} but the table is at version "
                                    f"{state.version}; look again")
        if steps > len(undoable):
            why = ("nothing of yours can be taken back now (another player moved, or chance or "
                   "hidden information was revealed since)") if not undoable else (
                   f"only your last {len(undoable)} action(s) can be taken back")
            raise Rejected("cannot_undo", why)
        removed = undoable[-steps:]
        gone = set(removed)
        kept = [entry for index, entry in enumerate(state.record()["actions"]) if index not in gone]
        # Trusted: every one of these actions was judged when this server accepted it, and the
        # engine's undo_indices guarantees the others' later ones are still legal without ours.
        rebuilt, entries = replay_record(table.game, state.players, state.seed, state.options, kept, True)
        summary = {"version": rebuilt.version, "to_move": list(rebuilt.to_move), "status": "playing",
                   "scores": None, "winners": None,
                   "clock_state": clocks.after(table.header.get("clock"), table.header.get("clock_state"), [],
                                               rebuilt.to_move, clocks.wall())}
        try:
            if removed[0] == state.version - steps:     # the newest actions: the record's tail
                await manager.store.run(manager.store.undo_actions, table.id, state.version, table.revision,
                                        steps, seat, summary)
            else:
                await manager.store.run(manager.store.remove_actions, table.id, state.version, table.revision,
                                        removed, seat, summary)
        except Conflict:
            await manager.reload_or_roll_back(table, state.version)
            raise Rejected("stale", "another move was accepted first; look again") from None
        manager.install(table, rebuilt, entries, table.revision + 1)
        table.header.update(summary)
        manager.broadcast(table, [])
    await manager.hub.publish({"table": table.id, "kind": "undo", "version": table.state.version,
                               "revision": table.revision})
    manager.schedule_bots(table)
