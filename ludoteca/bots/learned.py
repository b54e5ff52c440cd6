"""LearnedBot (level ``learned``): a policy network trained with reinforcement learning, run
with numpy; where a game ships no trained policy, it plays as ``hard``.

A game ships its policy as ``learned_policy.npz`` next to its code; :mod:`.policy` loads it
and says where it serves.

A decision, as the Gymnasium env would show it to the policy:

* the observation is the game's encoding of ``view(seat)`` only, built by the interop
  :class:`~ludoteca.interop.core.Adapter` (the env's own encoder);
* the legal actions are numbered with the adapter's numbering, asked of a determinization
  of the position for the seat (the numbering is a property of the actions; the bot never
  touches the true state beyond the seat's view, legal actions and ``determinize``);
* the highest legal logit is played (``Policy.best_of``: only the legal rows of the action
  head are computed, the same move as masking the illegal ones, ``Policy.best``;
  deterministic: the move does not depend on the seed).

It falls back to ``hard`` (IS-MCTS, ``ludoteca.bots.levels``) when the game has no weights
file, at a player count the policy was not trained and measured for (Immunity's serves 2
players only), with game options other than the defaults it was trained with, or when the
file does not fit the game (another rules version or other sizes).  ``iterations`` and
``seconds`` are passed on to that fallback.  Forced moves (one legal action) are played at
once, as by every bot.
"""

from __future__ import annotations

import random
from typing import Any

from ludoteca.engine import Action, State

from .ismcts import ISMCTSBot
from .levels import LEVELS
from .per_game import PerGameLevel
from .playout import PlayoutBot
from .policy import Policy, serving

#: What the bot plays where no policy serves.
FALLBACK = "hard"
#: The kinds of search the fallback level may be, in a game's own levels or ``levels.py``.
SEARCHES: dict[str, type] = {"ismcts": ISMCTSBot, "playout": PlayoutBot}


class LearnedBot:
    """The trained policy of the game, masked to the legal actions, highest logit played; the
    ``hard`` level where the game ships no policy for this player count or these options.
    ``iterations`` and ``seconds`` set the budget of that fallback."""

    name = "learned"

    def __init__(self, seed: int = 0, iterations: int | None = None, seconds: float | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.budget = {key: value for key, value in (("iterations", iterations), ("seconds", seconds))
                       if value is not None}
        self._fallback: Any = None
        #: A policy to play instead of the game's shipped one (how a training script measures
        #: the policy it is about to export); None: the shipped one.
        self.policy: Policy | None = None

    @property
    def fallback(self) -> Any:
        """The ``hard`` bot that plays where no policy serves (made when first needed)."""
        if self._fallback is None:
            # The level itself, so a game that plays it with its own search (Game.bot_levels)
            # falls back to that one.
            self._fallback = PerGameLevel(FALLBACK, self.seed, LEVELS[FALLBACK], self.budget,
                                          lambda kind, seed, settings: SEARCHES[kind](seed, **settings), SEARCHES)
        return self._fallback

    def choose(self, state: State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        game = state.game
        found = serving(game, state.players, self.policy)
        if found is None:
            return self.fallback.choose(state, seat)
        policy, adapter = found
        # The numbering and the table's options (public) are read from a determinization for
        # the seat, never from the true position.
        det = state.determinize(seat, self.rng)
        if game.resolve_options(det.options) != game.resolve_options(None):
            return self.fallback.choose(state, seat)
        numbers = [int(n) for n in adapter.numbers.numbers_of(det, legal)]
        # The observation by its definition, from the seat's view: a bot sees only that (an
        # observation writer reads the state itself, which is for the envs, not for bots).
        return legal[policy.best_of(adapter.encoded_view(state, seat), numbers)]
