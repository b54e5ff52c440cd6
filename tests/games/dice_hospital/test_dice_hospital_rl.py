"""RL interop: stable action indices and a fixed-size observation from the view."""

from __future__ import annotations

import random

import pytest
from dice_hospital_helpers import G


@pytest.mark.parametrize("options", [{}, {"admissions_panic": True, "experimental_medicine": True,
                                          "events": True}])
@pytest.mark.parametrize("players", [1, 2, 4])
def test_action_index_round_trip_and_observation_size(players, options):
    """Every listed action has a distinct index inside num_distinct_actions that maps back to
    it, and encode(view) always has observation_size entries."""
    resolved = G.resolve_options(options)
    size = G.num_distinct_actions(players, options)
    obs = G.observation_size(players, options)
    s = G.new(players, 3, options)
    rng = random.Random(players)
    steps = 0
    while not s.is_over:
        seat = rng.choice(s.to_move)
        legal = s.legal_actions(seat)
        indices = [s.action_index(a) for a in legal]
        assert len(set(indices)) == len(indices)
        for action, index in zip(legal, indices, strict=True):
            assert 0 <= index < size
            assert s.index_action(index) == action
        if steps % 25 == 0:
            for viewer in range(players):
                vector = G.encode(s.view(viewer))
                assert len(vector) == obs and all(isinstance(x, float) for x in vector)
        s.apply(seat, rng.choice(legal))
        steps += 1
    assert len(G.encode(s.view(0))) == obs
    assert resolved["params"] == {}
