"""RL interop: stable action indices and a fixed-size encoding of the view."""

import math
import random

from herbalism_helpers import GAME


def test_every_listed_action_has_a_stable_index_and_back():
    """num_distinct_actions covers every action any position lists; index_action inverts action_index."""
    n = GAME.num_distinct_actions(4, {"actions": "advanced", "predictions": True})
    assert n == 57
    seen = set()
    for players in (2, 3, 4):
        for seed in range(8):
            s = GAME.new(players, seed=seed, options={"actions": "advanced", "predictions": True})
            rng = random.Random(seed)
            while not s.is_over:
                seat = s.to_move[0]
                legal = s.legal_actions(seat)
                for action in legal:
                    i = s.action_index(action)
                    assert 0 <= i < n and s.index_action(i) == action
                    seen.add(i)
                s.apply(seat, rng.choice(legal))
    assert len(seen) > 45


def test_encoding_has_the_documented_size_and_reads_the_view_only():
    size = GAME.observation_size(3, {})
    for seed in range(5):
        s = GAME.new(3, seed=seed, options={"actions": "advanced"})
        rng = random.Random(seed)
        for _ in range(60):
            if s.is_over:
                break
            for seat in (0, 1, 2, None):
                vec = GAME.encode(s.view(seat))
                assert len(vec) == size and all(math.isfinite(v) for v in vec)
            actor = s.to_move[0]
            s.apply(actor, rng.choice(s.legal_actions(actor)))


def test_evaluate_prefers_the_leader():
    s = GAME.new(3, seed=0)
    s.scores = [4, 1, 0]
    assert GAME.evaluate(s.view(0), 0) > GAME.evaluate(s.view(1), 1)
