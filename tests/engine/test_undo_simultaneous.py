"""Undo in a phase where every seat acts at once on its own things (``Phase(independent=True)``).

Dice Hospital's activation is the case: "En esta fase, cada jugador activa su hospital para curar
y dar de alta a tantos pacientes como le sea posible" (Spanish rules, phase 3), and the dossier:
"Activation is simultaneous at the table: in software every player's activation is pending at
once (`to_move` holds all of them) and each ends their own".  So a seat may take back its own
steps although another seat treated patients in its own hospital in between -- but never when
the steps taken back changed the blood-bag supply that both read ("Una bolsa de sangre puede
devolverse al suministro general en cualquier momento de tu activación").
"""

from __future__ import annotations

from typing import Any

import ludoteca
from ludoteca.engine.phases import Phase, phase_table

GAME = ludoteca.game("dice-hospital")


def activation(seed: int) -> Any:
    """A real two-player game (no field edited, so its record replays) at the start of round
    1's activation: plain choices (keep, pass, else the first) until then."""
    state = GAME.new(players=2, seed=seed)
    while state.phase != "activate":
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        state.apply(seat, next((a for a in legal if a["type"] in ("keep", "pass")), legal[0]))
    assert state.to_move == (0, 1)
    return state


def first(state: Any, seat: int, kind: str) -> dict[str, Any]:
    return next(a for a in state.legal_actions(seat) if a["type"] == kind)


def replay_checked(record: dict[str, Any], without: list[int]) -> Any:
    """The record without the actions at ``without``, each remaining one judged by ``apply``
    (IllegalAction if it were no longer legal): the proof that the others' steps stay legal."""
    state = GAME.new(record["players"], record["seed"], record["options"])
    for index, (seat, action) in enumerate(record["actions"]):
        if index not in without:
            state.apply(seat, action)
    return state


def test_the_activation_phase_is_declared_independent_sharing_only_the_blood_supply() -> None:
    phase = type(GAME.new(players=2, seed=0)).PHASES["activate"]
    assert phase.independent and phase.shared is not None
    assert phase.shared(activation(0)) == activation(0).blood_supply
    assert not type(GAME.new(players=2, seed=0)).PHASES["claim"].independent


def test_seat_0_takes_back_its_step_after_seat_1_acted_in_its_own_hospital() -> None:
    """Seat 0 chooses a department, seat 1 chooses one, seat 0 undoes: the position is exactly
    the one where only seat 1 chose."""
    state = activation(1)
    before = state.clone()
    mine, theirs = first(state, 0, "department"), first(state, 1, "department")
    state.apply(0, mine)
    state.apply(1, theirs)
    assert state.undo_steps(0) == 1
    assert state.undo_indices(0) == [state.version - 2]
    assert state.undo_steps(1) == 1                     # seat 1's own step, the latest action

    undone = replay_checked(state.record(), state.undo_indices(0))
    expected = before.clone()
    expected.apply(1, theirs)
    assert undone == expected                           # every field, the RNG and the record
    assert undone.hospitals[0]["departments_used"] == before.hospitals[0]["departments_used"]
    assert undone.hospitals[1]["activation"] == {"step": "meeple", "department": theirs["dept"]}
    assert undone.hospitals[0]["activation"]["step"] == "idle"


def test_several_own_steps_around_another_seats_step() -> None:
    """Department, (seat 1's department), nurse: both of seat 0's steps may be taken back, and
    taking back both leaves seat 1's step in place."""
    state = activation(1)
    before = state.clone()
    dept = first(state, 0, "department")
    state.apply(0, dept)
    theirs = first(state, 1, "department")
    state.apply(1, theirs)
    state.apply(0, {"type": "meeple", "meeple": -1})
    assert state.undo_steps(0) == 2
    version = state.version
    assert state.undo_indices(0) == [version - 3, version - 1]

    one = replay_checked(state.record(), [version - 1])
    assert one.hospitals[0]["activation"] == {"step": "meeple", "department": dept["dept"]}
    both = replay_checked(state.record(), state.undo_indices(0))
    expected = before.clone()
    expected.apply(1, theirs)
    assert both == expected


def test_no_undo_across_another_seat_after_spending_a_blood_bag() -> None:
    """Seat 0 spends its blood bag (the supply gains it), then seat 1 acts: seat 1 might have
    relied on that bag being in the supply (a specialist's blood bonus is offered only while the
    supply has one), so seat 0 can no longer take the bag back."""
    state = activation(0)
    assert state.hospitals[0]["blood_bags"] == 1
    supply = state.blood_supply
    state.apply(0, first(state, 0, "blood"))
    state.apply(0, first(state, 0, "blood_use"))
    assert state.blood_supply == supply + 1
    assert state.undo_steps(0) >= 2                     # nobody else acted yet: the bag may come back
    state.apply(1, first(state, 1, "department"))
    assert state.undo_steps(0) == 0
    state.apply(0, first(state, 0, "department"))       # a later step of its own still may
    assert state.undo_steps(0) == 1


def test_another_seats_blood_bag_does_not_forbid_my_undo() -> None:
    """Seat 0's own steps did not touch the supply: seat 1 spending a bag in between changes
    nothing seat 0's steps depended on, and replaying without them keeps seat 1's bag."""
    state = activation(1)
    assert state.hospitals[1]["blood_bags"] == 1
    state.apply(0, first(state, 0, "department"))
    state.apply(1, first(state, 1, "blood"))
    state.apply(1, first(state, 1, "blood_use"))
    assert state.undo_steps(0) == 1
    undone = replay_checked(state.record(), state.undo_indices(0))
    assert undone.hospitals[1]["blood_bags"] == 0 and undone.blood_supply == state.blood_supply
    assert undone.hospitals[0]["activation"]["step"] == "idle"


def test_no_undo_once_the_seat_ended_its_activation_or_before_the_phase() -> None:
    """Only while it is still the seat's decision, and never back into the phase before the
    simultaneous one once another seat acted (the step that began the phase set it up for all)."""
    state = activation(1)
    state.apply(0, {"type": "end"})
    assert state.undo_steps(0) == 0
    state = activation(1)
    entering_seat = state.record()["actions"][-1][0]
    other = 1 - entering_seat
    state.apply(other, first(state, other, "department"))
    state.apply(entering_seat, first(state, entering_seat, "department"))
    assert state.undo_steps(entering_seat) == 1         # its activation step, not the one before


def test_clones_keep_the_bookkeeping() -> None:
    state = activation(1)
    state.apply(0, first(state, 0, "department"))
    state.apply(1, first(state, 1, "department"))
    assert state.clone().undo_indices(0) == state.undo_indices(0)


def test_a_phase_declares_what_its_seats_share() -> None:
    """The declaration itself: ``independent`` and ``shared`` reach the bound phase, and a
    ``shared`` method name is checked like the others."""
    table = phase_table(Phase("act", movers="everyone", legal="moves", independent=True, shared="pool"),)
    assert table["act"].method_names() == ["everyone", "moves", "pool"]

    class Toy:
        def everyone(self) -> tuple[int, ...]:
            return (0, 1)

        def moves(self, seat: int) -> list[dict[str, Any]]:
            return []

        def pool(self) -> int:
            return 3

    bound = table["act"].bind(Toy)
    assert bound.independent and bound.shared(Toy()) == 3
    assert not phase_table(Phase("plain"))["plain"].bind(Toy).independent
