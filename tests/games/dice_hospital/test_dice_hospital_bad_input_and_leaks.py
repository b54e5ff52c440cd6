"""Refusals with clear messages and no change; hidden information never leaks from views."""

from __future__ import annotations

import random

import pytest
from dice_hospital_helpers import GREEN, RED, activation, advance_to, give_department, new, refresh

from ludoteca import IllegalAction


def refused(s, seat, action, message):
    before = s.to_json()
    with pytest.raises(IllegalAction, match=message):
        s.apply(seat, action)
    assert s.to_json() == before


def test_bad_input_catalogue():
    """Bad input gives a clear error naming the problem, and nothing changes: a meeple used
    twice, a department used twice, a group on the wrong group, a blood bag you do not have."""
    s = activation(beds={0: (RED, 2), 1: (RED, 2), 2: (GREEN, 2), 3: (RED, 3)})
    s.hospitals[0]["blood_bags"] = 0
    cardiology = give_department(s, 0, "cardiology")
    refused(s, 0, {"type": "blood", "bed": 0}, "you have no blood bag")
    s.apply(0, {"type": "department", "dept": 0})
    refused(s, 0, {"type": "department", "dept": 1}, "finish the department you started")
    s.apply(0, {"type": "meeple", "meeple": -1})
    refused(s, 0, {"type": "patient", "bed": 2}, "does not match this effect")
    refused(s, 0, {"type": "patient", "bed": 7}, "bed 7 has no patient")
    s.apply(0, {"type": "patient", "bed": 0})
    refused(s, 0, {"type": "department", "dept": 0}, r"department 0 \(Red triage\) has already")
    s.hospitals[0]["bed_colour"][4:6], s.hospitals[0]["bed_value"][4:6] = [RED, RED], [2, 2]
    refresh(s)
    s.apply(0, {"type": "department", "dept": cardiology})
    s.apply(0, {"type": "meeple", "meeple": -1})
    s.apply(0, {"type": "patient", "bed": 1})
    refused(s, 0, {"type": "patient", "bed": 3}, "does not complete the exact group")


def test_bad_input_bed_and_ambulance():
    """A bed that is taken and an ambulance already taken are refused with the state unchanged."""
    s = advance_to(new(2, seed=8), "claim")
    s.apply(s.to_move[0], {"type": "ambulance", "number": 2})
    refused(s, s.to_move[0], {"type": "ambulance", "number": 2}, "ambulance 2 is already taken")
    refused(s, s.to_move[0], {"type": "ambulance", "number": 9}, "there is no ambulance 9")
    s.apply(s.to_move[0], {"type": "ambulance", "number": 3})
    seat = s.to_move[0]
    taken = next(b for b, c in enumerate(s.hospitals[seat]["bed_colour"]) if c >= 0)
    refused(s, seat, {"type": "bed", "bed": taken}, f"bed {taken} is taken")
    refused(s, seat, {"type": "bed", "bed": 40}, "there is no bed 40")


def test_bad_input_shapes():
    """Unknown types, missing keys and wrong seats are refused with a message."""
    s = activation(beds={0: (RED, 2)})
    refused(s, 0, {"type": "fly"}, "action type 'fly' is not possible now")
    refused(s, 0, {"type": "department"}, "missing key")
    refused(s, 0, {"type": "department", "dept": "0"}, "must be int")
    refused(s, 0, "end", "must be a mapping")
    s.apply(1, {"type": "end"})
    refused(s, 1, {"type": "end"}, "seat 1 is not to move")


def test_views_hide_other_hands_and_pile_order():
    """Hidden information: the others' administrator hands, the face-down piles' order, the dice
    bag's draws; changing only those leaves a seat's view identical."""
    s = new(3, seed=4)
    view = s.view(0)
    other = s.clone()
    other.administrator_hands[1] = list(reversed(other.administrator_hands[1]))
    other.administrator_hands[2] = [7, 6]
    for pile in (other.department_pile, other.specialist_pile):
        random.Random(1).shuffle(pile)
    other.rng.seed(99)
    assert other.view(0) == view
    assert other.view(None) == s.view(None)
    assert "rng" not in str(view.keys())
    assert view["piles"] == {"departments": 22, "specialists": 22, "events": 0, "reports": 0}


def test_determinize_keeps_the_view_and_redraws_the_hidden():
    """determinize(seat) is consistent with view(seat) and reshuffles what the seat cannot know."""
    s = new(4, seed=6, events=True)
    d = s.determinize(0, random.Random(3))
    assert d.view(0) == s.view(0)
    assert d.department_pile != s.department_pile or d.specialist_pile != s.specialist_pile
    assert d.administrator_hands[0] == s.administrator_hands[0]
    assert sorted(a for seat in (1, 2, 3) for a in d.administrator_hands[seat]) == \
        sorted(a for seat in (1, 2, 3) for a in s.administrator_hands[seat])
