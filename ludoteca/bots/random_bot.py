"""The baseline every other bot must beat: uniform over the legal actions."""

from __future__ import annotations

import random

from ludoteca.engine import Action, State


class RandomBot:
    """Picks uniformly among ``legal_actions``, from its own seeded generator (never the game's)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: int) -> Action:
        # The engine's own list, uncopied (copying every action would cost more than the
        # choice: Dschunke lists hundreds); the caller gets a copy of the one chosen.
        return dict(self.rng.choice(state.legal_actions(seat, copy=False)))
