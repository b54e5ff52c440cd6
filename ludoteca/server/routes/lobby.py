"""The lobby: the page itself, the games with their options, the bot levels, open tables."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import APIRouter, Depends
from fastapi.responses import FileResponse

from ludoteca import engine

from .. import deps
from ..identity import Guest
from ..store import Store
from .tables import table_info

WEB = Path(__file__).resolve().parent.parent.parent / "web"

router = APIRouter(tags=["lobby"])


@router.get("/", include_in_schema=False)
async def index() -> FileResponse:
    return FileResponse(WEB / "index.html", headers={"Cache-Control": "no-cache"})


@router.get("/api/games")
async def games() -> list[dict[str, Any]]:
    return [game_info(engine.game(game_id)) for game_id in engine.games()]


@router.get("/api/bots")
async def bots(levels: list[str] = Depends(deps.levels)) -> dict[str, Any]:
    return {"levels": levels}


@router.get("/api/open-tables")
async def open_tables(who: Guest = Depends(deps.guest), store: Store = Depends(deps.store)) -> list[dict[str, Any]]:
    return [table_info(t, t["seats"], who) for t in await store.run(store.open_tables)]


def game_info(game: engine.Game) -> dict[str, Any]:
    """A game as the lobby's form needs it: counts, option specs (kind, bounds, help), variants."""
    options = []
    for name, spec in game.option_specs.items():
        kind = spec.kind or type(spec.default)
        if isinstance(kind, tuple):  # e.g. (int, float): the widest number the form can take
            kind = float if float in kind else kind[0]
        kind_name = "choice" if spec.choices is not None else getattr(kind, "__name__", "str")
        options.append({"name": name, "default": spec.default, "help": spec.help, "kind": kind_name,
                        "choices": list(spec.choices) if spec.choices is not None else None,
                        "minimum": spec.minimum, "maximum": spec.maximum})
    return {"id": game.id, "title": game.title, "description": dict(game.description),
            "min_players": game.min_players, "max_players": game.max_players,
            "experimental_players": list(game.experimental_players), "options": options,
            "variants": {k: dict(v) for k, v in game.variants.items()},
            "board": (WEB / "boards" / f"{game.id}.js").exists()}
