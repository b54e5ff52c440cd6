"""Ratings over HTTP: a game's leaderboard and a player's page (ratings and rated tables)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends

from ... import engine
from .. import deps
from ..accounts import username_key
from ..live import Rejected
from ..ratings import leaderboard, player_page
from ..store import Store

router = APIRouter(prefix="/api", tags=["ratings"])


@router.get("/leaderboard/{game}")
async def game_leaderboard(game: str, store: Store = Depends(deps.store)) -> dict[str, Any]:
    if game not in engine.games():
        raise Rejected("unknown_game", f"no game {game[:64]!r}")
    return {"game": game, "players": await store.read(leaderboard, store.engine, game)}


@router.get("/players/{username}")
async def player(username: str, store: Store = Depends(deps.store)) -> dict[str, Any]:
    page = await store.read(player_page, store.engine, username_key(username[:64]))
    if page is None:
        raise Rejected("unknown_player", f"no account is called {username[:64]!r}")
    return page
