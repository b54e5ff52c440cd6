"""GreedyBot: one step of look-ahead on the game's own heuristic ``Game.evaluate``.

For each legal action it applies the action to a determinization of the position (never the
true state: that holds hidden cards and the future dice) and values the seat's view after.
When the action leaves the same seat to decide again (a chain such as "pick a strip, then
place it"), it looks through the rest of the chain as long as the number of positions stays
within ``chain_budget``, so the first link of a chain is judged by where the chain can lead.
A game may compute those values itself, without a clone per action (``Game.greedy_values``);
they are the same numbers, so the bot chooses the same move either way.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ludoteca.engine import Action, State

from .values import look_ahead

Value = tuple[float, float]


class GreedyBot:
    """Best immediate heuristic value; ``epsilon`` and ``noise`` make the weaker levels.

    - ``epsilon``: probability of a uniformly random legal action instead (mistakes).
    - ``noise``: Gaussian noise on the heuristic, in units of the spread of this decision's
      values (blunders between close options rather than absurd moves).
    - ``samples``: determinizations averaged per decision (chance after the action).
    - ``chain_budget``, ``chain_depth``: at most this many positions, and this many further
      links, examined when looking through a chain of own decisions."""

    name = "greedy"
    #: Take the game's ``greedy_values`` when it has them; False plays each action on a clone
    #: (the reference the tests compare the hook with).  Not a setting: the values are equal.
    use_hook = True

    def __init__(self, seed: int = 0, epsilon: float = 0.0, noise: float = 0.0, samples: int = 1,
                 chain_budget: int = 400, chain_depth: int = 1) -> None:
        self.rng = random.Random(seed)
        self.epsilon = epsilon
        self.noise = noise
        self.samples = samples
        self.chain_budget = chain_budget
        self.chain_depth = chain_depth

    def choose(self, state: State, seat: int) -> Action:
        # The engine's own list, not a copy: a game with hundreds of actions builds them only
        # when read (engine/actions.py), and the hook needs none of them built.
        legal = state.legal_actions(seat, copy=False)
        if len(legal) == 1:
            return legal[0]
        if self.epsilon and self.rng.random() < self.epsilon:
            return self.rng.choice(legal)
        per_action = self.chain_budget // len(legal)
        totals = [[0.0, 0.0] for _ in legal]
        for _ in range(self.samples):
            det = state.determinize(seat, self.rng)
            values = self.values(det, seat, legal, per_action)
            for total, (outcome, value) in zip(totals, values, strict=True):
                total[0] += outcome
                total[1] += value
        if self.noise:
            values = [t[1] for t in totals]
            spread = (max(values) - min(values)) or 1.0
            for total in totals:
                total[1] += self.rng.gauss(0.0, self.noise * spread)
        best = max(map(tuple, totals))
        candidates = [i for i, t in enumerate(totals) if tuple(t) == best]
        return legal[candidates[0] if len(candidates) == 1 else self.rng.choice(candidates)]

    def values(self, det: State, seat: int, legal: Sequence[Action], per_action: int) -> list[Value]:
        """Each legal action's ``chain_value`` in the determinization ``det``: the game's own
        ``greedy_values`` when it has them for this decision, else by playing each on a clone."""
        return look_ahead(det, seat, legal, per_action, self.chain_depth, self.use_hook)
