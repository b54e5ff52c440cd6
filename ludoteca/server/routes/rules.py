"""The rules pages: ``/rules/<game-id>?lang=xx``, one HTML page per game (rules_page.py)."""

from __future__ import annotations

import asyncio

from fastapi import APIRouter
from fastapi.responses import HTMLResponse

from ..rules_page import answer

router = APIRouter(tags=["rules"])


@router.get("/rules/{game_id}", response_class=HTMLResponse)
async def rules(game_id: str, lang: str = "en") -> HTMLResponse:
    """How to play, the rulings, the options, variants, reference tables and every component, in
    ``lang``; an unknown game is a 404 page and an unknown language a 400 page, each saying why."""
    status, html = await asyncio.to_thread(answer, game_id, lang)
    return HTMLResponse(html, status_code=status, headers={"Cache-Control": "no-cache"})
