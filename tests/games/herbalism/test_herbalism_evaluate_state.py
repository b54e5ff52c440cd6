"""``evaluate_state`` (what the search bots call) equals ``evaluate`` of the seat's view.

The bots value thousands of positions a decision; reading the state directly saves building
the view (and its redacted copy of the round log), but it must be the very same number on
every position, so that it reads nothing a seat may not see and a bot plays exactly the games
it played before."""

from __future__ import annotations

import random

import pytest
from herbalism_helpers import GAME

OPTIONS = [
    None,
    {"actions": "advanced", "predictions": True},
    {"actions": "advanced", "brewing_pair_optional": True,
     "params": {"scoring": {"answer_right": 4, "follow_wrong": -2, "prediction_right": 2}}},
]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_evaluate_state_is_the_views_evaluation_on_every_position(players: int) -> None:
    rng = random.Random(players)
    checked = 0
    for seed, options in enumerate(OPTIONS):
        state = GAME.new(players, seed=seed, options=options)
        while not state.is_over:
            for seat in range(players):
                assert GAME.evaluate_state(state, seat) == GAME.evaluate(state.view(seat), seat)
                det = state.determinize(seat, rng)
                assert GAME.evaluate_state(det, seat) == GAME.evaluate(det.view(seat), seat)
                for other in range(players):  # a search values every seat of its worlds
                    assert GAME.evaluate_state(det, other) == GAME.evaluate(det.view(other), other)
                checked += 2 + players
            mover = state.to_move[0]
            state.apply(mover, rng.choice(state.legal_actions(mover)))
        for seat in range(players):  # the end: +100 / -100
            assert GAME.evaluate_state(state, seat) == GAME.evaluate(state.view(seat), seat)
    assert checked > 500


def _scramble(state, seat: int, rng: random.Random):
    """A copy where everything ``seat`` cannot see is changed: the other hands and the cure
    now and as dealt, the colours of transfers it took no part in, other seats' checks."""
    other = state.clone()
    others = [s for s in range(state.players) if s != seat]
    for hands, cure_key in ((other.hands, None), (other.log[0]["hands"], "cure")):
        cure = other.cure if cure_key is None else other.log[0]["cure"]
        pool = [c for s in others for c in range(4) for _ in range(hands[s][c])]
        pool += [c for c in range(4) for _ in range(cure[c])]
        rng.shuffle(pool)
        for s in others:
            size = sum(hands[s])
            hands[s][:] = [pool[:size].count(c) for c in range(4)]
            pool = pool[size:]
        cure[:] = [pool.count(c) for c in range(4)]
    colours = ["red", "yellow", "green", "blue"]
    for e in other.log[1:]:
        if e["k"] in ("inquiring", "feeding", "appealing") and seat not in (e["by"], e["target"]):
            e["colour"] = rng.choice(colours)
            for key in ("counted", "returned"):
                if key in e:
                    e[key] = rng.choice(colours)
        if e["k"] == "brewing" and seat not in (e["by"], e["target"]):
            e["cards"] = [rng.randrange(3) for _ in range(4)]
        if e["k"] == "check" and e["seat"] != seat:
            e["cure"] = [0, 0, 0, 2]
    return other


@pytest.mark.parametrize("players", [2, 3, 4])
def test_evaluate_state_reads_nothing_hidden(players: int) -> None:
    """Preparar 4: "La mano de un jugador es información oculta"; the cure is face down and only
    those who check it see it.  Changing any of it may not change the value; changing the seat's
    own hand does (the test would catch a function that read nothing)."""
    rng = random.Random(10 + players)
    moved = 0
    for seed in range(12):
        state = GAME.new(players, seed=seed, options=OPTIONS[1])
        for _ in range(rng.randrange(60)):
            if state.is_over:
                break
            mover = state.to_move[0]
            state.apply(mover, rng.choice(state.legal_actions(mover)))
        for seat in range(players):
            before = GAME.evaluate_state(state, seat)
            for _ in range(3):
                assert GAME.evaluate_state(_scramble(state, seat, rng), seat) == before
            mine = state.clone()
            if not mine.is_over and mine.hands[seat][3] and mine.marker_card[seat] < 0:
                mine.hands[seat][3] -= 1
                mine.hands[seat][0] += 1
                moved += GAME.evaluate_state(mine, seat) != before
    assert moved > 0
