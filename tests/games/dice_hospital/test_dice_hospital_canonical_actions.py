"""Canonical actions: an action is legal only when it equals a listed one in type as well as
value, so ``1.0`` or ``True`` sent for ``1`` is refused and changes nothing (a record holding
them could otherwise replay differently from the game that was played)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from dice_hospital_helpers import G

from ludoteca import IllegalAction


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def look_alikes(action: dict) -> Iterator[dict]:
    """``action`` with one whole number replaced by its float and by its bool, one at a time
    (numbers inside lists, like a start action's values, too)."""
    for key, value in action.items():
        if _whole(value):
            for other in (float(value), bool(value)):
                yield {**action, key: other}
        elif isinstance(value, list):
            for i, item in enumerate(value):
                if _whole(item):
                    for other in (float(item), bool(item)):
                        yield {**action, key: [*value[:i], other, *value[i + 1:]]}


def positions(players: int, seed: int, options: dict) -> Iterator:
    """The first position of every (phase, activation step) met in a random game, and every
    20th position besides."""
    s = G.new(players, seed, options)
    rng = random.Random(seed)
    seen = set()
    step = 0
    while not s.is_over:
        for seat in s.to_move:
            key = (s.phase, s.hospitals[seat]["activation"]["step"])
            if key not in seen or step % 20 == 0:
                seen.add(key)
                yield s, seat
        seat = rng.choice(s.to_move)
        s.apply(seat, rng.choice(s.legal_actions(seat)))
        step += 1


@pytest.mark.parametrize("players,options", [(2, {}), (1, {"events": True}),
                                             (3, {"experimental_medicine": True, "admissions_panic": True})])
def test_a_float_or_bool_for_a_whole_number_is_refused_and_changes_nothing(players, options):
    phases = set()
    tried = 0
    for s, seat in positions(players, 5, options):
        phases.add(s.phase)
        before = s.to_json()
        for action in s.legal_actions(seat):
            for fake in look_alikes(action):
                with pytest.raises(IllegalAction):
                    s.apply(seat, fake)
                assert s.to_json() == before, (action, fake)
                tried += 1
    assert {"setup", "claim", "place", "take", "return", "activate"} <= phases
    assert tried > 120  # a solo game has fewer decisions (measured 134-300)


def test_the_message_names_the_wrong_type():
    """A float bed names the key and both types; a bool meeple is no nurse."""
    s = G.new(2, 5)
    while s.phase != "place":
        seat = s.to_move[0]
        s.apply(seat, s.legal_actions(seat)[-1])
    seat = s.to_move[0]
    bed = s.legal_actions(seat)[0]["bed"]
    with pytest.raises(IllegalAction, match="key 'bed' must be int, got float"):
        s.apply(seat, {"type": "bed", "bed": float(bed)})
    with pytest.raises(IllegalAction, match="key 'bed' must be int, got bool"):
        s.apply(seat, {"type": "bed", "bed": True})
