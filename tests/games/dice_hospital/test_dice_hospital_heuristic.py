"""The greedy bots' heuristic (``heuristic.progress``): what it charges for full wards and what
it pays for improvements, on built positions.  The rule behind each term is quoted."""

from __future__ import annotations

from dataclasses import replace

from dice_hospital_helpers import GREEN, RED, YELLOW, advance_to, new, set_beds

from ludoteca import bots
from ludoteca.games.dice_hospital.heuristic import WEIGHTS, progress

NO_FULL_BEDS = replace(WEIGHTS, full_bed=0.0)


def _fill(s, seat: int, patients: int) -> None:
    set_beds(s, seat, {bed: ((RED, YELLOW, GREEN)[bed % 3], 4) for bed in range(patients)})


def test_beds_the_next_ambulance_finds_full_cost_their_fatalities():
    """Rules, phase 1 Intake: "if there are too few [free beds], the player chooses who goes to
    the morgue (1 fatality each)"; End: "-2 per fatality".  With 11 of 12 beds taken before
    the intake, 2 of the ambulance's 3 patients will die: the heuristic charges exactly 2 x
    ``full_bed``; with 9 taken (3 free) it charges nothing."""
    s = advance_to(new(2, seed=3), "sort")
    _fill(s, 0, 11)
    charged = progress(s.view(0), 0, NO_FULL_BEDS) - progress(s.view(0), 0)
    assert charged == 2 * WEIGHTS.full_bed
    _fill(s, 0, 9)
    assert progress(s.view(0), 0) == progress(s.view(0), 0, NO_FULL_BEDS)


def test_full_beds_cost_nothing_after_the_last_intake():
    """Rules, End: the game ends after round 8, so in round 8's activation no ambulance is to
    come and full beds cost nothing more."""
    s = advance_to(new(2, seed=3), "activate")
    s.round = s.content.rules["rounds"]
    _fill(s, 0, 12)
    assert progress(s.view(0), 0) == progress(s.view(0), 0, NO_FULL_BEDS)


def test_with_rounds_to_go_an_improvement_is_worth_more_than_a_blood_bag():
    """Rules, phase 2: "each may return one improvement ... to the bottom of its pile for 1
    blood bag".  In round 3 a specialist still works for five more rounds; the normal bot keeps
    it (the old heuristic valued it at 1.2 x 5/8 and sold it for the bag's 1 point)."""
    s = advance_to(new(2, seed=5), "take")
    seat = s.to_move[0]
    s.apply(seat, {"type": "take", "kind": "specialist", "index": 0})
    advance_to(s, "return")
    assert s.round == 1 and seat in s.to_move
    s.round = 3
    assert {"type": "return", "kind": "specialist", "index": 0} in s.legal_actions(seat)
    assert bots.make("normal", seed=0).choose(s, seat) == {"type": "keep"}
