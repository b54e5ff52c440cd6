"""Seeded positions from random play, shared by the bot tests (a helper, not a test module)."""

from __future__ import annotations

import random

import ludoteca
from ludoteca.engine import State


def default_players(game_id: str) -> int:
    game = ludoteca.game(game_id)
    return 2 if game.min_players <= 2 <= game.max_players else game.min_players


def positions(game_id: str, count: int = 3, seed: int = 7, players: int | None = None) -> list[State]:
    """``count`` positions with a real choice (2+ legal actions), early to late in seeded games."""
    game = ludoteca.game(game_id)
    players = players or default_players(game_id)
    rng = random.Random(seed)
    found: list[State] = []
    for attempt in range(20 * count):
        if len(found) == count:
            break
        state = game.new(players, seed=seed + attempt)
        steps = rng.randrange(0, 40 + 40 * len(found))
        for _ in range(steps):
            if state.is_over:
                break
            mover = state.to_move[0]
            state.apply(mover, rng.choice(state.legal_actions(mover)))
        while not state.is_over and len(state.legal_actions(state.to_move[0])) < 2:
            state.apply(state.to_move[0], state.legal_actions(state.to_move[0])[0])
        if not state.is_over:
            found.append(state)
    assert len(found) == count, f"{game_id}: found only {len(found)} positions with a choice"
    return found
