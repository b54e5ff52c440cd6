"""Canonical actions: a number sent as 1.0 or True is not the legal 1; it is refused with a clear
message and nothing changes."""

import pytest
from immunity_helpers import blank, enter, infect

from ludoteca import IllegalAction


def positions():
    """Positions whose legal actions carry whole numbers: infection indices, organs' owners,
    target seats (phase 3 clearing and an antibiotic, phase 4 contagion and the shared syringe
    and corticosteroids, phase 5 exposure)."""
    s = blank(players=3)
    s.cells[0]["neutrophil"] = 1
    s.medical_hands[0] = ["antibiotic", "corticosteroid"]
    infect(s, 0, "salmonella")
    infect(s, 0, "staphylococcus")
    enter(s, 3, [0])
    yield "response", s
    s = blank(players=3)
    s.medical_hands[0] = ["shared_syringe"]
    s.pathogen_hands[0] = ["salmonella", "measles"]
    infect(s, 0, "norovirus")
    infect(s, 0, "hiv")
    enter(s, 4, [0])
    yield "contagion", s
    s = blank(players=3)
    s.pathogen_hands[0] = ["tapeworm"]
    enter(s, 5, [0])
    yield "exposure", s


def look_alikes(action):
    """The action with one whole number at a time sent as a float and as a bool."""
    for key, value in action.items():
        if isinstance(value, int) and not isinstance(value, bool):
            yield key, {**action, key: float(value)}
            yield key, {**action, key: bool(value)}


@pytest.mark.parametrize("name, state", [pytest.param(n, s, id=n) for n, s in positions()])
def test_a_float_or_bool_for_a_whole_number_is_refused_and_changes_nothing(name, state):
    seat = state.to_move[0]
    before = state.to_json()
    tried = 0
    for action in state.legal_actions(seat):
        for key, fake in look_alikes(action):
            with pytest.raises(IllegalAction, match=key):
                state.apply(seat, fake)
            assert state.to_json() == before
            tried += 1
        state.clone().apply(seat, action)  # the real one is legal
    assert tried >= 6, f"{name}: too few actions with whole numbers to test"


def test_the_recorded_action_is_the_legal_one():
    s = blank(players=3)
    infect(s, 0, "norovirus")
    enter(s, 4, [0])
    legal = {"type": "spread", "infection": 0, "seat": 1}
    sent = dict(legal)
    s.apply(0, sent)
    recorded = s.record()["actions"][-1][1]
    assert recorded == legal and recorded is not sent
    assert all(type(recorded[k]) is type(legal[k]) for k in legal)
