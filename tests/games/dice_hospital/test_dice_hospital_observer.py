"""The observation writer (observer.py) and the action numbering (encoding.py) of the envs.

The cross-game test (tests/interop/test_interop_observation_writers.py) holds the writer equal
to ``encode(view(seat))`` in random games; here: a built position whose numbers are read at
the layout's named offsets, a designer's bed count, the activation's shortcut with several
seats moving between writes, and the action numbers pinned as docs/games/dice-hospital.md
lists them (the faster numbering must give the same ones).
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from dice_hospital_helpers import GREEN, RED, YELLOW, G, first_legal

from ludoteca.games.dice_hospital import encoding


def reference(state, seat) -> np.ndarray:
    return np.asarray(G.encode(state.view(seat)), dtype=np.float32)


def writer(players: int, seat: int | None, **options):
    return G.observation_writer(players, G.resolve_options(options), seat)


def past_setup(players: int = 2, seed: int = 1, **options):
    s = G.new(players, seed, options)
    while s.phase == "setup":
        seat = min(s.to_move)
        s.apply(seat, first_legal(s, seat))
    return s


def test_a_built_position_writes_its_numbers_where_the_layout_says():
    """Beds, stats, improvements and the table of a position set by hand, read at the named
    offsets of ``ObservationLayout`` from seat 1's side (its own block first)."""
    s = past_setup()
    h = s.hospitals[1]
    h["bed_colour"][:3] = [RED, YELLOW, GREEN]
    h["bed_value"][:3] = [2, 5, 6]
    h["bed_treated"][:3] = [0, 1, 0]
    h["bed_tint"][:3] = [-1, -1, RED]
    h["fatalities"], h["blood_bags"], h["score"], h["nurses"] = 3, 2, 17, 4
    h["departments_used"][2] = 1
    s.blood_supply = 8
    L = encoding.observation_layout()
    out = writer(2, 1).write(s)
    assert np.array_equal(out, reference(s, 1))
    seat = L.seat
    bed2 = seat["beds"] + 2 * encoding.BED_SIZE
    assert list(out[seat["beds"]:seat["beds"] + 8]) == [1, 0, 0, np.float32(2 / 6), 0, 0, 0, 0]
    assert out[seat["beds"] + 8 + 1] == 1 and out[seat["beds"] + 8 + encoding.BED_TREATED] == 1
    assert out[bed2 + GREEN] == 1 and out[bed2 + encoding.BED_TINT + RED] == 1
    assert list(out[seat["stats"]:seat["stats"] + 4]) == [np.float32(x) for x in (0.3, 0.2, 0.17, 0.8)]
    dept = L.dept_ids[s.content.department_ids[h["departments"][2]]]
    assert out[seat["departments_used"] + dept] == 1
    assert out[L.table["blood_supply"]] == np.float32(8 / 16)
    assert out[L.table["phase"] + L.phase_ids[s.phase]] == 1


def test_the_spectator_and_every_seat_match_the_view_at_a_designers_bed_count():
    """A designer's 15 beds: the three past the layout's 12 are left out, as the encoder does."""
    for beds in (9, 15):
        options = {"params": {"rules": {"beds": beds}}}
        s = G.new(3, 5, options)
        writers = {seat: writer(3, seat, **options) for seat in (0, 1, 2, None)}
        rng = random.Random(beds)
        for _ in range(150):
            for seat, w in writers.items():
                assert np.array_equal(w.write(s), reference(s, seat))
            seat = min(s.to_move)
            s.apply_trusted(seat, rng.choice(s.legal_actions(seat, copy=False)))


def test_activation_writes_keep_up_when_several_seats_move_between_them():
    """In the activation only the movers' seats are compared (the phase is declared
    independent); a writer that sees every fourth move still matches the view."""
    s = past_setup(4, 2)
    w = writer(4, 2)
    rng = random.Random(4)
    checked = 0
    while not s.is_over and checked < 200:
        for _ in range(rng.choice((1, 3, 4))):
            if s.is_over:
                break
            seat = rng.choice(s.to_move)
            s.apply_trusted(seat, rng.choice(s.legal_actions(seat, copy=False)))
        assert np.array_equal(w.write(s), reference(s, 2))
        checked += s.phase == "activate"
    assert checked >= 50


def test_a_write_of_an_unmoved_state_is_the_same_array():
    s = past_setup()
    w = writer(2, 0)
    first = w.write(s)
    assert w.write(s) is first and np.array_equal(first, reference(s, 0))


#: Action numbers as docs/games/dice-hospital.md lists the blocks (shipped content).
PINNED = [
    ({"type": "start", "values": [3, 4, 5]}, 0),
    ({"type": "sort", "colour": "red"}, 14),
    ({"type": "ambulance", "number": 1}, 17),
    ({"type": "morgue", "bed": 0}, 22),
    ({"type": "bed", "bed": 11}, 45),
    ({"type": "reveal", "kind": "none"}, 48),
    ({"type": "take", "kind": "department", "index": 0}, 49),
    ({"type": "take", "kind": "specialist", "index": 35}, 116),
    ({"type": "pass"}, 117),
    ({"type": "return", "kind": "department", "index": 6}, 118),
    ({"type": "return", "kind": "specialist", "index": 0}, 150),
    ({"type": "keep"}, 186),
    ({"type": "department", "dept": 0}, 187),
    ({"type": "meeple", "meeple": -1}, 225),
    ({"type": "patient", "bed": 0}, 262),
    ({"type": "skip"}, 274),
    ({"type": "bonus"}, 275),
    ({"type": "blood", "bed": 11}, 287),
    ({"type": "blood_use", "use": "green"}, 291),
    ({"type": "end"}, 292),
]


@pytest.mark.parametrize(("action", "number"), PINNED)
def test_action_numbers_are_the_documented_ones(action, number):
    options = G.resolve_options(None)
    assert G.num_distinct_actions(2) == 293
    assert encoding.action_index(options, action) == number
    assert encoding.index_action(options, number) == action


@pytest.mark.parametrize("options", [{}, {"admissions_panic": True, "experimental_medicine": True},
                                     {"params": {"rules": {"beds": 15}}}])
def test_every_number_names_one_action_and_back(options):
    """The numbering's two directions agree on every number, with the shipped content's fast
    path and through the params' cache alike."""
    resolved = G.resolve_options(options)
    size = G.num_distinct_actions(2, options)
    for number in range(size):
        action = encoding.index_action(resolved, number)
        assert encoding.action_index(resolved, action) == number
        assert encoding.layout(resolved).index(action) == number
