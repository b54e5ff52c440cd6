"""The lobby: the page itself, the games with their options in plain words, the bot levels,
open tables, and the site's icon."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import APIRouter, Depends
from fastapi.responses import FileResponse, Response

from ludoteca import engine

from .. import deps, favicon, presets
from ..identity import Guest
from ..store import Store
from .tables import table_info

WEB = Path(__file__).resolve().parent.parent.parent / "web"

router = APIRouter(tags=["lobby"])


@router.get("/", include_in_schema=False)
async def index() -> FileResponse:
    return FileResponse(WEB / "index.html", headers={"Cache-Control": "no-cache"})


@router.get("/favicon.ico", include_in_schema=False)
async def icon() -> Response:
    return Response(favicon.ICO, media_type="image/x-icon", headers={"Cache-Control": "public, max-age=86400"})


@router.get("/api/games")
async def games(lang: str = "en") -> list[dict[str, Any]]:
    """Every game as the lobby shows it, in ``lang`` (en, es or fr)."""
    lang = presets.check_lang(lang)
    return [game_info(engine.game(game_id), lang) for game_id in engine.games()]


@router.get("/api/bots")
async def bots(levels: list[str] = Depends(deps.levels)) -> dict[str, Any]:
    return {"levels": levels}


@router.get("/api/open-tables")
async def open_tables(who: Guest = Depends(deps.guest), store: Store = Depends(deps.store)) -> list[dict[str, Any]]:
    return [table_info(t, t["seats"], who) for t in await store.run(store.open_tables)]


def player_counts(game: engine.Game) -> list[int]:
    """The player counts the lobby offers, the experimental ones last."""
    counts = range(game.min_players, game.max_players + 1)
    experimental = set(game.experimental_players)
    return [n for n in counts if n not in experimental] + [n for n in counts if n in experimental]


def game_info(game: engine.Game, lang: str = "en") -> dict[str, Any]:
    """A game as the lobby's card and form need it, in ``lang``: its pitch, player counts, play
    time, complexity and rules page; options with their names, help and choices in words; its
    variants as presets that fill the form."""
    return {"id": game.id, "title": game.title, "description": dict(game.description),
            "pitch": game.description.get(lang) or game.description.get("en", ""),
            "min_players": game.min_players, "max_players": game.max_players,
            "experimental_players": list(game.experimental_players), "players": player_counts(game),
            "minutes": list(game.play_minutes), "complexity": game.complexity,
            "rules": f"/rules/{game.id}?lang={lang}",
            "options": [presets.option_info(name, spec, lang) for name, spec in game.option_specs.items()],
            "variants": {k: dict(v) for k, v in game.variants.items()}, "presets": presets.presets(game, lang),
            "board": (WEB / "boards" / f"{game.id}.js").exists()}
