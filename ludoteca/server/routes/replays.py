"""Replays: a finished table step by step, as a spectator saw it."""

from __future__ import annotations

import asyncio
import re
import threading
from collections import OrderedDict
from typing import Any

from fastapi import APIRouter, Depends, Request

from ludoteca import engine

from .. import deps, invites
from ..identity import Guest
from ..live import LANGS, Rejected, label_action, label_event, visible
from ..seats_json import public_seats
from ..store import Store
from ..table_words import seat_names

router = APIRouter(prefix="/api", tags=["replays"])
#: What ``secrets.token_urlsafe(6)`` makes: anything else names no table (and costs no query).
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{8}")


class ReplayCache:
    """The last position shown per table, so stepping forward through a game costs one action
    a step instead of a replay from the start; at most ``size`` tables are kept."""

    def __init__(self, size: int = 64) -> None:
        self.size = size
        self.entries: OrderedDict[str, tuple[int, engine.State, dict[str, Any]]] = OrderedDict()
        self.lock = threading.Lock()  # steps are computed in worker threads

    def row(self, table_id: str) -> dict[str, Any] | None:
        with self.lock:
            entry = self.entries.get(table_id)
        return entry[2] if entry else None

    def step(self, row: dict[str, Any], step: int, lang: str) -> dict[str, Any]:
        """The table after ``step`` actions (clamped to the game's length)."""
        table_id = row["id"]
        total = len(row["actions"])
        step = max(0, min(step, total))
        with self.lock:
            cached = self.entries.get(table_id)
        try:
            game = engine.game(row["game"])
            if cached and cached[0] < step:
                state, at = cached[1].clone(), cached[0]
            else:
                state, at = game.new(row["players"], row["seed"], row["options"]), 0
            action_label, events, actor = None, [], None
            names = seat_names(row["seats"], lang)
            while at < step:
                actor, action = row["actions"][at]
                action_label = label_action(state, action, lang, names)
                events = state.apply(actor, action)
                at += 1
        except ValueError as exc:  # unknown game, bad options or an illegal stored action
            raise Rejected("damaged_table", f"table {table_id} cannot be replayed from its record: {exc}") from exc
        with self.lock:
            self.entries[table_id] = (step, state, row)
            self.entries.move_to_end(table_id)
            while len(self.entries) > self.size:
                self.entries.popitem(last=False)
        return {"table": table_id, "game": row["game"], "step": step, "total": total,
                "seats": public_seats(row["seats"]), "actor": actor, "action": action_label,
                "events": [label_event(state, e, lang, names) for e in events if visible(e, None)],
                "view": state.view(None), "scores": row.get("scores"), "winners": row.get("winners")}


def replay_cache(request: Request) -> ReplayCache:
    return request.app.state.replays


@router.get("/tables/{table_id}/replay")
async def replay(table_id: str, step: int = 0, lang: str = "en", who: Guest = Depends(deps.guest),
                 store: Store = Depends(deps.store),
                 cache: ReplayCache = Depends(replay_cache)) -> dict[str, Any]:
    if lang not in LANGS:
        raise Rejected("bad_request", f"lang must be one of {', '.join(LANGS)}")
    if not TABLE_ID.fullmatch(table_id):
        raise Rejected("unknown_table", f"no table {table_id[:40]!r}")
    row = cache.row(table_id) or await store.run(store.load_table, table_id)
    if row is None:
        raise invites.not_found(table_id)
    invites.check(row, row["seats"], table_id, who.id, None)  # a private table: its seats only
    if row["status"] != "finished":
        raise Rejected("not_over", "a replay opens when the game is over")
    return await asyncio.to_thread(cache.step, row, step, lang)
