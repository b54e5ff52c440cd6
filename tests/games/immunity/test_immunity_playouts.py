"""Whole games for 2-5 players and every variant: they end, round-trip and replay exactly."""

import json
import random

import pytest
from immunity_helpers import blank, enter, place, play

from ludoteca import IllegalAction
from ludoteca.games.immunity import GAME

CASES = [(n, v) for n in range(2, 6) for v in [None, *GAME.variants]]


def test_two_to_five_players():
    """Componentes: "5 piezas de tablero" — 2 to 5 players."""
    assert (GAME.min_players, GAME.max_players) == (2, 5)
    with pytest.raises(ValueError, match="players"):
        GAME.new(players=6, seed=1)
    with pytest.raises(ValueError, match="players"):
        GAME.new(players=1, seed=1)


@pytest.mark.parametrize("players, variant", CASES)
def test_random_games_end_round_trip_and_replay(players, variant):
    """Conformance: random legal play ends after 8 turns; JSON and replay are exact."""
    options = GAME.variants[variant] if variant else None
    for seed in range(3):
        s = GAME.new(players=players, seed=seed, options=options)
        rng = random.Random(seed)
        step = 0
        while not s.is_over:
            seat = s.to_move[0]
            legal = s.legal_actions(seat)
            assert legal
            if step % 25 == 0:
                loaded = GAME.from_json(json.loads(json.dumps(s.to_json())))
                assert loaded == s and loaded.legal_actions(seat) == legal
            s.apply(seat, rng.choice(legal))
            step += 1
        assert s.turn == 8 and s.winners
        assert GAME.replay(json.loads(json.dumps(s.record()))) == s


def test_illegal_actions_name_the_problem_and_change_nothing():
    """Bad input: each bad action raises IllegalAction naming the problem; the state is unchanged."""
    s = blank(players=3)
    s.pathogen_hands[0] = ["measles"]
    place(s, 1, "environment_1", "tapeworm")
    enter(s, 5, [0])
    before = s.to_json()
    for action, message in [
        ({"type": "buy", "cell": "neutrophil"}, "not possible now"),
        ({"type": "expose", "card": "measles", "seat": 1}, "seat=1 is not possible"),
        ({"type": "expose", "card": "hiv", "seat": 2}, "card='hiv' is not possible"),
        ({"type": "expose", "card": "measles"}, "missing key"),
        ({"type": "done"}, "not possible now"),
    ]:
        with pytest.raises(IllegalAction, match=message):
            s.apply(0, action)
        assert s.to_json() == before
    with pytest.raises(IllegalAction, match="not to move"):
        s.apply(1, {"type": "done"})
    assert s.to_json() == before


def test_a_pathogen_you_played_can_come_back_to_you():
    """MAZO PATÓGENO: "Algunos patógenos se pueden contagiar, y quizá acabes infectado de un
    patógeno que jugaste sobre otro jugador"."""
    s = blank(players=2)
    s.pathogen_hands[0] = ["influenza"]
    enter(s, 5, [0])
    play(s, {"type": "expose", "card": "influenza", "seat": 1})
    enter(s, 3, [1])
    assert [i["pathogen"] for i in s.infections[1]] == ["influenza"]
    enter(s, 4, [1])
    play(s, {"type": "spread", "infection": 0, "seat": None})
    assert s.environment_1[0][0]["pathogen"] == "influenza" and s.environment_1[0][0]["face_up"]
    enter(s, 3, [0])
    assert [i["pathogen"] for i in s.infections[0]] == ["influenza"]
