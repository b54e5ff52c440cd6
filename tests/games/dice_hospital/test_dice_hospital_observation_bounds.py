"""The observation's bounds (``GAME.observation_bounds``, ``encoding.bounds``): finite, as long
as the observation, and true for every view of every position.

Why: the Gymnasium and PettingZoo envs make their observation spaces ``Box(low, high)`` from
them, so a learner can scale its inputs; a bound that is too tight would put observations
outside the space.  The bounds are derived from the rules and the content of the options
(never sampled), so they are checked here against every observation (each seat's and the
spectator's) at every step of seeded random games, with the shipped content, with every
variant, and with a designer's ``params`` that raise numbers the bounds depend on.
"""

from __future__ import annotations

import math
import random
from typing import Any

import numpy as np
import pytest
from dice_hospital_helpers import G

from ludoteca.games.dice_hospital import encoding
from ludoteca.games.dice_hospital.content import COLOURS

VARIANTS = {"admissions_panic": True, "national_epidemic": True, "super_resistant_virus": True,
            "experimental_medicine": True, "events": True}
#: More dice in the bag (40 of a colour where the box has 21), patients kept until 10, and more
#: rounds: the bag's, the bed values' and the score's bounds must all grow.
BIG = {"params": {"rules": {"dice_per_colour": 40, "dice_removed_per_missing_player": 0, "discharge_at": 10,
                            "rounds": 12, "blood_bag_supply": 30}}}
#: A designer's neglect events of -3 with no neglect loss: in the round such a card is in force
#: a neglected patient gains 3 levels instead of losing them, past the value of a discharge.
KIND_NEGLECT = {"events": True, "params": {"rules": {"neglect_loss": 0}, "events": {
    ident: {"amount": -3} for ident in ("flu-season", "red-outbreak", "yellow-fever", "green-outbreak")}}}


def _layout_offsets() -> dict[str, int]:
    """Where a few numbers sit in the vector (the layout of ``encoding.ObservationLayout``)."""
    L = encoding.observation_layout()
    table = encoding.MAX_SEATS * L.seat_size
    return {"bed_value": 3, "score": L.beds * 8 + encoding.MAX_ARRIVING + 2,
            "arriving": L.beds * 8, "bag": table + len(encoding.PHASES) + 1 + encoding.MAX_SEATS,
            "reports_pile": table + len(encoding.PHASES) + 1 + encoding.MAX_SEATS + len(COLOURS) + 3}


def _check(options: dict[str, Any], players: int, seed: int) -> np.ndarray:
    """Play a seeded random game, checking every observation; returns the most each number was."""
    low, high = (np.asarray(side) for side in G.observation_bounds(players, options))
    s = G.new(players, seed, options)
    rng = random.Random(seed)
    most = np.full(len(low), -np.inf)
    while True:
        for seat in [None, *range(players)]:
            vector = np.asarray(G.encode(s.view(seat)))
            outside = np.flatnonzero((vector < low) | (vector > high))
            assert not outside.size, (f"{players} players, seed {seed}, {options}, seat {seat}, round {s.round}, "
                                      f"phase {s.phase}: number {outside[0]} is {vector[outside[0]]}, "
                                      f"outside [{low[outside[0]]}, {high[outside[0]]}]")
            np.maximum(most, vector, out=most)
        if s.is_over:
            return most
        mover = rng.choice(s.to_move)
        s.apply(mover, rng.choice(s.legal_actions(mover)))


@pytest.mark.parametrize("options", [{}, VARIANTS, BIG], ids=["shipped", "variants", "params"])
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_bounds_are_finite_as_long_as_the_observation_and_ordered(players: int, options: dict[str, Any]) -> None:
    low, high = G.observation_bounds(players, options)
    assert len(low) == len(high) == G.observation_size(players, options)
    assert all(math.isfinite(x) for x in low + high)
    bad = [i for i, (lo, hi) in enumerate(zip(low, high, strict=True)) if lo > hi]
    assert not bad, f"low above high at {bad[:5]}"


@pytest.mark.parametrize("options", [{}, VARIANTS], ids=["shipped", "variants"])
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_observation_of_random_games_lies_within_the_bounds(players: int, options: dict[str, Any]) -> None:
    for seed in (players, 10 + players):
        _check(options, players, seed)


@pytest.mark.parametrize("players", [1, 4])
def test_a_designers_params_raise_the_bounds_and_the_observations_stay_within(players: int) -> None:
    """With 40 dice of a colour the bag holds more than the box's 21 (bag/21 above 1): the
    shipped bounds would be broken, the bounds of these params hold."""
    most = _check(BIG, players, 7)
    at = _layout_offsets()["bag"]
    assert most[at:at + 3].max() > G.observation_bounds(players)[1][at]


def test_a_kind_neglect_event_raises_the_bed_values_bound() -> None:
    """Rules (rules/en.md, phase 4): "Every patient still on the top row loses 1; at 0 it
    dies."  With a designer's negative neglect event such a patient gains instead and may stand
    above the discharge value (a treatment then discharges it): the bound adds what those
    cards can give, so the shipped bound of the bed values would be broken here."""
    most = _check(KIND_NEGLECT, 2, 5)
    bed_values = [most[bed * 8 + 3] for bed in range(encoding.observation_layout().beds)]
    assert max(bed_values) > G.observation_bounds(2, {"events": True})[1][3]


def test_bounds_follow_the_options() -> None:
    """The bounds are read from the content and the options, not fixed: params move the bag's,
    the bed values' and the score's; National Epidemic's extra die the arrivals'; solo alone
    has medical reports in a pile."""
    at = _layout_offsets()
    low, high = G.observation_bounds(4)
    big_low, big_high = G.observation_bounds(4, BIG)
    assert high[at["bag"]] == 21 / 21 and big_high[at["bag"]] == 40 / 21
    assert high[at["bed_value"]] == 6 / 6 and big_high[at["bed_value"]] == 9 / 6   # discharge_at - 1
    assert big_high[at["score"]] > high[at["score"]] and big_low[at["score"]] < low[at["score"]] < 0
    epidemic = G.observation_bounds(4, {"national_epidemic": True})[1]
    assert high[at["arriving"]] == 3 and epidemic[at["arriving"]] == 4
    assert high[at["reports_pile"]] == 0 and G.observation_bounds(1)[1][at["reports_pile"]] > 0
