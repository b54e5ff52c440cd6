"""Immunity's observation writer and action numbering (docs/games/immunity.md, "Reinforcement
learning").

The cross-game test (tests/interop/test_interop_observation_writers.py) holds the writer equal
to ``encode(view(seat))`` over random games; here a position built by hand pins what the
numbers are where the secrets lie (a hand, face-down cards), and the numbering and layout are
pinned to what the docs say.
"""

import random

import numpy as np
import pytest
from immunity_helpers import blank, infect, place

from ludoteca.games.immunity import GAME
from ludoteca.games.immunity.encoding import MAX_SEATS, action_space, layout


def encoded(state, seat):
    return np.asarray(GAME.encode(state.view(seat)), dtype=np.float32)


def writers(players):
    options = GAME.resolve_options({})
    return {seat: GAME.observation_writer(players, options, seat) for seat in [*range(players), None]}


def secret_position():
    """Three players; seat 0 holds three cards; seat 1's Environment 1 holds a face-up card and
    one put face down by seat 2; seat 1 has two infections of one pathogen."""
    s = blank(players=3)
    s.medical_hands[0] = ["transfusion", "transfusion"]
    s.pathogen_hands[0] = ["hiv"]
    place(s, 1, "environment_1", "measles", up=True, by=0)
    place(s, 1, "environment_1", "norovirus", up=False, by=2)
    infect(s, 1, "influenza", counters=2)
    infect(s, 1, "influenza", counters=3)
    s.cells[1]["neutrophil"] = 2
    return s


def block(viewer, seat, players=3):
    """Where ``seat``'s block starts in ``viewer``'s observation (the viewer's own first)."""
    me = 0 if viewer is None else viewer
    return layout().block((seat - me) % players)


def test_writer_shows_each_seat_only_its_own_secrets():
    s = secret_position()
    at = layout()
    measles, noro = at.pathogen_pos["measles"], at.pathogen_pos["norovirus"]
    unknown = len(at.pathogen_ids)
    for seat, writer in writers(3).items():
        values = writer.write(s)
        assert np.array_equal(values, encoded(s, seat))
        env = values[block(seat, 1) + at.environment_1:][:unknown + 1]
        assert env[measles] == 1.0                              # face up: everyone knows it
        assert env[noro] == (1.0 if seat == 2 else 0.0)          # face down: only who placed it
        assert env[unknown] == (0.0 if seat == 2 else 1.0)
        hand = values[at.hand_medical:at.hand_pathogen + len(at.pathogen_ids)]
        if seat == 0:
            assert hand[at.medical_pos["transfusion"]] == 2.0
            assert hand[len(at.medical_ids) + at.pathogen_pos["hiv"]] == 1.0
        elif seat is None:
            assert not hand.any()                                # a spectator holds nothing
        # every seat sees seat 0's hand size, never its cards
        counts = values[block(seat, 0) + at.hand_counts:][:2]
        assert list(counts) == [np.float32(0.2), np.float32(0.1)]


def test_writer_counts_infections_and_counters_as_encode_does():
    s = secret_position()
    at = layout()
    values = writers(3)[1].write(s)
    flu = at.pathogen_pos["influenza"]
    start = block(1, 1) + at.infections                         # viewer 1: its own block first
    assert start == at.block(0) + at.infections
    assert values[start + flu] == 2.0
    assert values[start + len(at.pathogen_ids) + flu] == np.float32(2 / 6 + 3 / 6)
    assert values[at.block(0) + at.cells + at.cell_ids.index("neutrophil")] == np.float32(2 / 3)


def test_writer_sees_changes_made_in_place():
    """The writer compares what it reads with what it wrote, so a state changed by hand
    (no action recorded) is written anew, part by part."""
    s = secret_position()
    ws = writers(3)
    for writer in ws.values():
        writer.write(s)
    s.environment_1[1][1]["face_up"] = True                     # the face-down card turns up
    s.infections[1][0]["counters"] += 1
    s.damage[2]["skin"] = 4
    s.pathogen_discard.append("hpv")
    s.medical_hands[0].pop()
    for seat, writer in ws.items():
        assert np.array_equal(writer.write(s), encoded(s, seat)), seat


def test_writer_overwrites_its_own_array():
    s = GAME.new(2, seed=5)
    writer = writers(2)[0]
    first = writer.write(s)
    kept = first.copy()
    rng = random.Random(5)
    for _ in range(6):
        seat = min(s.to_move)
        s.apply_trusted(seat, rng.choice(s.legal_actions(seat, copy=False)))
    again = writer.write(s)
    assert again is first and again.dtype == np.float32 and again.shape == (GAME.observation_size(2),)
    assert not np.array_equal(again, kept)
    assert np.array_equal(again, encoded(s, 0))


def test_layout_is_the_documented_table():
    at = layout()
    assert (at.header, at.acting, at.hand_medical, at.hand_pathogen) == (0, 14, 19, 36)
    assert (at.seats, at.player_size) == (64, 185)
    assert at.block(MAX_SEATS) == 989
    assert (at.decks, at.discard_pathogen, at.discard_medical, at.size) == (989, 992, 1020, 1037)


def test_action_numbers_are_the_sorted_field_numbering():
    """The fast numbering (one field reader per action type) gives every action the number
    the sorted-items key gave it; an action with a field too many or too few has none."""
    space = action_space()
    by_sorted_items = {tuple(sorted(a.items())): i for i, a in enumerate(space.actions)}
    assert len(by_sorted_items) == space.size == 3370
    for i, action in enumerate(space.actions):
        assert space.action_index(dict(action)) == by_sorted_items[tuple(sorted(action.items()))] == i
    # the documented layout: done, discards (45), buys (8), then clears
    assert space.action_index({"type": "done"}) == 0
    assert space.action_index({"type": "buy", "cell": "neutrophil"}) == 46
    assert space.action_index({"type": "clear", "cell": "neutrophil", "infection": 0}) == 54
    for bad in ({"type": "done", "seat": 0}, {"type": "buy"}, {"type": "nothing"}, {"card": "hiv"},
                {"type": "buy", "cell": ["neutrophil"]}):
        with pytest.raises(ValueError):
            space.action_index(bad)
