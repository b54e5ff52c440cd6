"""How bots value positions: a game's own heuristic, win shares, and rewards squashed to [0, 1].

Everything here reads a *determinized* state (``state.determinize(seat, rng)``) or a seat's
view, never the true state, so no bot built on it can see hidden information.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from typing import Any

from ludoteca.engine import Action, Game, State

#: Per game class: whether it values a state without building the view (``Game.evaluate_state``).
_FAST: dict[type, bool] = {}
#: Per game class: whether it offers a sharper judgement for the strongest bots (``Game.evaluate_sharp``).
_SHARP: dict[type, bool] = {}


def action_key(action: Action) -> Any:
    """A canonical, hashable key for an action: equal for equal dicts whatever their key order.

    Same meaning as ``json.dumps(action, sort_keys=True)`` but about six times faster for the
    usual small dicts of numbers and strings (search compares thousands of actions a second);
    actions holding lists fall back to the JSON text."""
    key = tuple(sorted(action.items()))
    try:
        hash(key)
    except TypeError:
        return json.dumps(action, sort_keys=True)
    return key


def win_share(state: State, seat: int) -> float:
    """1 for a sole win, 1/k for a win shared by k seats, 0 otherwise (state must be over)."""
    winners = state.winners
    return 1.0 / len(winners) if seat in winners else 0.0


def heuristic(state: State, seat: int, sharp: bool = False) -> float:
    """The game's ``evaluate`` of ``seat``'s view; a game without one falls back on scores.

    ``sharp``: the game's sharper, costlier judgement (``Game.evaluate_sharp``) where it offers
    one, for the strongest levels; the same ``evaluate`` where it does not.  The fallback (own
    score minus the best other score) reads ``state.scores``, which is fair because ``state``
    is always a determinization built from the seat's information."""
    game = state.game
    if sharp:
        offers = _SHARP.get(type(game))
        if offers is None:
            offers = _SHARP[type(game)] = type(game).evaluate_sharp is not Game.evaluate_sharp
        if offers:
            return float(game.evaluate_sharp(state, seat))
    fast = _FAST.get(type(game))
    if fast is None:
        fast = _FAST[type(game)] = type(game).evaluate_state is not Game.evaluate_state
    try:
        if fast:
            return float(game.evaluate_state(state, seat))
        return float(game.evaluate(state.view(seat), seat))
    except NotImplementedError:
        scores = state.scores
        others = [s for i, s in enumerate(scores) if i != seat]
        return float(scores[seat] - (max(others) if others else 0.0))


def greedy_value(state: State, seat: int, sharp: bool = False) -> tuple[float, float]:
    """A comparable value for one-step look-ahead: a decided game outranks any heuristic.

    The first part is 2 for a sole win, 2/k for a win shared by k, 0 for a loss and 1 while the
    game goes on (an open position is better than a certain loss, worse than a certain win).
    ``sharp``: judged by the game's sharper heuristic (:func:`heuristic`)."""
    if state.is_over:
        return 2.0 * win_share(state, seat), heuristic(state, seat, sharp)
    return 1.0, heuristic(state, seat, sharp)


def chain_value(state: State, seat: int, budget: int, depth: int, sharp: bool = False) -> tuple[float, float]:
    """``greedy_value`` after an action, looking through up to ``depth`` more links of a chain.

    While ``seat`` is still to decide (a chain of its own decisions), the position is worth
    its best continuation, as long as that costs at most ``budget`` positions in all."""
    if depth <= 0 or state.is_over or seat not in state.to_move or budget < 2:
        return greedy_value(state, seat, sharp)
    legal = state.legal_actions(seat, copy=False)
    if len(legal) > budget:
        return greedy_value(state, seat, sharp)
    best: tuple[float, float] | None = None
    for action in legal:
        child = state.clone()
        child.apply_trusted(seat, action)  # the state's own legal action, at the same position
        value = chain_value(child, seat, budget // len(legal), depth - 1, sharp)
        if best is None or value > best:
            best = value
    assert best is not None
    return best


def look_ahead(det: State, seat: int, legal: Sequence[Action], budget: int, depth: int,
               use_hook: bool = True, sharp: bool = False) -> list[tuple[float, float]]:
    """Each of ``legal``'s ``chain_value`` in the determinization ``det``, in order.

    The game's own ``greedy_values`` when it has them for this decision (the same numbers
    without a clone per action), else each action played on a clone.  One piece for the
    greedy bot's decision and the search's root ranking, which must agree.  ``sharp``: by the
    game's sharper heuristic, which the hook does not compute, so each action is played."""
    if use_hook and not sharp:
        values = det.game.greedy_values(det, seat, budget, depth)
        if values is not None:
            return values
    # Every child starts from det: generate det's legal list once and let each child's
    # checked apply find the action in it, instead of generating it again per child.
    shared = det.legal_actions(seat, copy=False)
    found = []
    for action in legal:
        child = det.clone()
        child.remember_legal(seat, shared)
        child.apply(seat, action)
        found.append(chain_value(child, seat, budget, depth, sharp))
    return found


class Squash:
    """Maps unbounded differences to (0, 1) with a scale learned from the values seen so far.

    Why adaptive: each game's ``evaluate`` has its own units (points, damage, cards), and a
    bot must not be tuned per game.  The scale is the running mean absolute difference, so a
    typical lead maps to about 0.88 and a typical deficit to about 0.12."""

    __slots__ = ("total", "count")

    def __init__(self) -> None:
        self.total = 0.0
        self.count = 0

    def __call__(self, x: float) -> float:
        self.total += abs(x)
        self.count += 1
        scale = self.total / self.count
        if scale <= 1e-12:
            return 0.5
        return 0.5 + 0.5 * math.tanh(x / scale)


def relative(values: list[float], seat: int) -> float:
    """``seat``'s value minus the mean of the others' (solo: the value itself)."""
    if len(values) == 1:
        return values[0]
    return values[seat] - (sum(values) - values[seat]) / (len(values) - 1)


class Rewards:
    """Per-seat rewards in [0, 1] for the end of a simulation, finished or cut short.

    Finished: 0.8 x win share + 0.2 x squashed score margin (the margin keeps a signal in solo
    games and separates second from last place).  Cut short: each seat's ``evaluate`` of its
    own view of the determinized state, made relative to the others and squashed.  With two
    players only the searching seat's view is valued and the other gets the complement (the
    game is then constant-sum for the search), which halves the cost of a leaf.  ``sharp``: the
    game's sharper heuristic values the cut-short positions (:func:`heuristic`)."""

    def __init__(self, me: int, sharp: bool = False) -> None:
        self.me = me
        self.sharp = sharp
        self.score_squash = Squash()
        self.eval_squash = Squash()

    def __call__(self, state: State) -> list[float]:
        players = range(state.players)
        if state.is_over:
            scores = [float(s) for s in state.scores]
            return [0.8 * win_share(state, seat) + 0.2 * self.score_squash(relative(scores, seat))
                    for seat in players]
        if state.players == 2:
            mine = self.eval_squash(heuristic(state, self.me, self.sharp))
            return [mine, 1.0 - mine] if self.me == 0 else [1.0 - mine, mine]
        values = [heuristic(state, seat, self.sharp) for seat in players]
        return [self.eval_squash(relative(values, seat)) for seat in players]
