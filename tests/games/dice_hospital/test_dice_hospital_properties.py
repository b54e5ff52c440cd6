"""Properties over random games: dice are conserved, labels are complete, the heuristic reads
only the view."""

from __future__ import annotations

import random

from dice_hospital_helpers import G, new
from hypothesis import given, settings
from hypothesis import strategies as st

from ludoteca.engine.i18n import missing_translations
from ludoteca.games.dice_hospital import labels


def dice_in_play(s) -> int:
    total = sum(s.bag) + len(s.intake_line) + sum(len(a) for i, a in enumerate(s.ambulances)
                                          if s.ambulance_owners[i] < 0 or s.phase != "claim")
    for pl in s.hospitals:
        total += sum(1 for c in pl["bed_colour"] if c >= 0) + len(pl["arriving"]) + len(pl["discharged"])
        total += sum(1 for c in pl["starting_dice"] if c >= 0)
    return total


@settings(max_examples=12, deadline=None)
@given(players=st.integers(1, 4), seed=st.integers(0, 10_000),
       epidemic=st.booleans(), panic=st.booleans())
def test_every_die_is_somewhere(players, seed, epidemic, panic):
    """Dice leave the bag only to ambulances, hospitals or the discharge area, and come back
    when they die, are discharged or their ambulance is unclaimed (phases 1, 4, 5)."""
    s = new(players, seed, national_epidemic=epidemic, admissions_panic=panic)
    total = dice_in_play(s)
    rng = random.Random(seed)
    while not s.is_over:
        seat = rng.choice(s.to_move)
        s.apply(seat, rng.choice(s.legal_actions(seat)))
        if s.phase != "claim":
            assert dice_in_play(s) == total
        assert all(0 <= v <= 6 for pl in s.hospitals for v in pl["bed_value"])
        assert all(len(pl["bed_colour"]) == 12 for pl in s.hospitals)
        assert s.blood_supply + sum(pl["blood_bags"] for pl in s.hospitals) == 16


def test_labels_in_three_languages():
    """Every action label exists in English, Spanish and French."""
    assert missing_translations(labels.CATALOGUE) == []
    s = new(2, seed=1)
    for lang in ("en", "es", "fr"):
        for action in s.legal_actions(0):
            assert s.describe(action, lang) and "=" not in s.describe(action, lang)


def test_evaluate_prefers_more_points_and_fewer_fatalities():
    """evaluate(view, seat): own progress minus the best rival's, from the view alone."""
    s = new(2, seed=1)
    s.hospitals[0]["score"] = 10
    assert G.evaluate(s.view(0), 0) > 0 > G.evaluate(s.view(1), 1)
    before = G.evaluate(s.view(0), 0)
    s.hospitals[0]["fatalities"] = 2
    assert G.evaluate(s.view(0), 0) < before


def test_text_board_draws_every_phase_from_views():
    """The terminal board (Game.render_text) is drawn from a view alone, in all languages."""
    s = new(2, seed=2, events=True)
    rng = random.Random(2)
    phases = set()
    while not s.is_over:
        if s.phase not in phases:
            phases.add(s.phase)
            for lang in ("en", "es", "fr"):
                board = G.render_text(s.view(None), lang)
                assert "0:" in board and len(board.splitlines()) >= 8
        seat = rng.choice(s.to_move)
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    assert {"setup", "claim", "place", "take", "activate"} <= phases
