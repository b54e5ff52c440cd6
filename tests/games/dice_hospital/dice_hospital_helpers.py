"""Position builders for the Dice Hospital tests: play the set-up, then set fields directly."""

from __future__ import annotations

from typing import Any

import ludoteca
from ludoteca.games.dice_hospital.content import COLOURS

G = ludoteca.game("dice-hospital")
RED, YELLOW, GREEN = 0, 1, 2


def new(players: int = 2, seed: int = 1, **options: Any):
    return G.new(players, seed, options)


def refresh(s) -> None:
    """Forget cached legal actions after a test edits fields directly."""
    s._legal_cache.clear()


def first_legal(s, seat: int) -> dict:
    legal = s.legal_actions(seat)
    for kind in ("keep", "pass", "end", "skip"):
        for action in legal:
            if action["type"] == kind:
                return action
    return legal[0]


def advance_to(s, phase: str, limit: int = 5000):
    """Play plain choices (keep, pass, end, else the first) until ``phase`` is reached."""
    steps = 0
    while s.phase != phase:
        assert not s.is_over, f"the game ended before phase {phase}"
        seat = s.to_move[0]
        s.apply(seat, first_legal(s, seat))
        steps += 1
        assert steps < limit
    return s


def set_beds(s, seat: int, patients: dict[int, tuple]) -> None:
    """Replace seat's patients: {bed: (colour, value)} or (colour, value, treated)."""
    pl = s.hospitals[seat]
    beds = len(pl["bed_colour"])
    pl["bed_colour"], pl["bed_value"] = [-1] * beds, [0] * beds
    pl["bed_treated"], pl["bed_tint"] = [0] * beds, [-1] * beds
    for bed, patient in patients.items():
        pl["bed_colour"][bed] = patient[0]
        pl["bed_value"][bed] = patient[1]
        pl["bed_treated"][bed] = int(patient[2]) if len(patient) > 2 else 0
    refresh(s)


def activation(players: int = 2, seed: int = 1, beds: dict[int, tuple] | None = None,
               **options: Any):
    """A game at the start of round 1's activation with seat 0's beds replaced."""
    s = advance_to(new(players, seed, **options), "activate")
    if beds is not None:
        set_beds(s, 0, beds)
    return s


def give_department(s, seat: int, dept_id: str) -> int:
    """Give ``seat`` a department tile by id; returns its index in the seat's departments."""
    pl = s.hospitals[seat]
    pl["departments"].append(s.content.department_ids.index(dept_id))
    pl["departments_used"].append(0)
    pl["department_workers"].append(None)
    refresh(s)
    return len(pl["departments"]) - 1


def give_specialist(s, seat: int, spec_id: str) -> int:
    pl = s.hospitals[seat]
    pl["specialists"].append(s.content.specialist_ids.index(spec_id))
    pl["specialists_used"].append(0)
    refresh(s)
    return len(pl["specialists"]) - 1


def types(actions: list[dict]) -> list[str]:
    return [a["type"] for a in actions]


def beds_of(actions: list[dict]) -> list[int]:
    return [a["bed"] for a in actions if a["type"] == "patient"]


def colour(name: str) -> int:
    return COLOURS.index(name)
