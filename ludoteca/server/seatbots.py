"""Bots sitting at tables.  They think in a worker thread, on a clone, so a slow search never
blocks the event loop and never touches the live state."""

from __future__ import annotations

import logging
import random
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from ludoteca.engine import Action, State

log = logging.getLogger("ludoteca.server")

#: The levels the lobby offers, in order, when ``ludoteca.bots.make`` knows them.
CANDIDATE_LEVELS = ("random", "easy", "normal", "hard", "expert")

executor = ThreadPoolExecutor(max_workers=4, thread_name_prefix="ludoteca-bot")


def available_levels() -> list[str]:
    """The bot levels that exist now (other levels appear as the bots package grows)."""
    from ludoteca import bots

    found = []
    for level in CANDIDATE_LEVELS:
        try:
            bots.make(level, seed=0)
        except (ValueError, TypeError):
            continue
        found.append(level)
    return found


def make_bot(level: str, seed: int) -> Any:
    from ludoteca import bots

    try:
        return bots.make(level, seed=seed)
    except (ValueError, TypeError) as exc:
        log.warning("bot level %r unavailable (%s); a random bot takes the seat", level, exc)
        return bots.make("random", seed=seed)


def choose(bot: Any, state: State, seat: int) -> Action:
    """The bot's move; ``state`` is a private copy made for it.  A failing bot, or one that
    proposes an illegal action, is replaced by a random legal move so the table never stalls."""
    legal = state.legal_actions(seat)
    try:
        action = bot.choose(state, seat)
        if action in legal:
            return action
        log.warning("bot %r proposed an illegal action %r; playing a random one", bot, action)
    except Exception:  # a broken bot must not stall a table
        log.exception("bot %r failed at seat %s; playing a random move", bot, seat)
    return random.Random(state.seed + state.version).choice(legal)
