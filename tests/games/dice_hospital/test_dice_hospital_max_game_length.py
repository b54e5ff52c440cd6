"""The most actions a game can take (``GAME.max_game_length``, ``length.py``): true for every
game, and following the options.

Why: the OpenSpiel bridge (``ludoteca/interop/openspiel.py``) declares the game's own
``max_game_length`` to OpenSpiel, whose algorithms size buffers and cut games by it; a bound
that is too small would cut a legal game short.  The bound is derived from the rules and the
content of the options (never sampled), so it is checked here phase by phase against seeded
games of 1-4 players: random ones and "busy" ones that never end an activation, pass, keep or
skip while anything else is legal (the longest play a policy can easily find), with the shipped
content, with every variant, and with a designer's ``params`` that lengthen the game.  Built
positions then take the most of a phase: every seat's set-up, a seat whose beds are full
when its ambulance arrives, and a seat that works a department with every meeple and spends
every blood bag.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from dice_hospital_helpers import GREEN, RED, YELLOW, G, activation, advance_to, give_specialist, new, set_beds

from ludoteca.games.dice_hospital import length
from ludoteca.games.dice_hospital.phases import TABLE

VARIANTS = {"admissions_panic": True, "national_epidemic": True, "super_resistant_virus": True,
            "experimental_medicine": True, "events": True}
#: Every variant, and a designer's params that lengthen the game: more rounds, a fourth patient
#: per ambulance, more nurses, more dice and blood bags (at most 4 + 1 + 1 patients arrive, so
#: the 12 beds always hold them).
LONG = {**VARIANTS, "params": {"rules": {"rounds": 12, "dice_per_ambulance": 4, "nurses": 5,
                                         "dice_per_colour": 40, "blood_bag_supply": 24}}}
INTAKE, IMPROVEMENTS = ("sort", "claim", "place"), ("reveal", "take", "return")
BLOOD = ("blood", "blood_use")
#: A seat's "don't bother" answers; the busy policy takes one only when nothing else is legal.
IDLE = ("end", "pass", "keep", "skip")


def _busy(rng: random.Random, legal: list[dict]) -> dict:
    """Anything but ending, passing, keeping or skipping (or declining a reveal), if possible."""
    doing = [a for a in legal if a["type"] not in IDLE and a.get("kind") != "none"]
    return rng.choice(doing or legal)


def _play(players: int, seed: int, options: dict[str, Any], busy: bool) -> tuple[int, int]:
    """Play a seeded game, checking each round's phases against the bound's parts; returns
    (actions applied, the bound)."""
    bound = G.max_game_length(players, options)
    limits = length.limits(players, G.resolve_options(options))
    s = G.new(players, seed, options)
    rng = random.Random(seed)
    per_round: Counter = Counter()      # (round, part) -> actions; activation parts per seat
    applied = 0
    while not s.is_over:
        seat = rng.choice(s.to_move)
        legal = s.legal_actions(seat)
        action = _busy(rng, legal) if busy else rng.choice(legal)
        phase, round_ = s.phase, s.round
        if phase == "activate":
            part = "blood" if action["type"] in BLOOD else f"activation {seat}"
        else:
            part = "setup" if phase == "setup" else "intake" if phase in INTAKE else "improvements"
        per_round[round_, part] += 1
        s.apply(seat, action)
        applied += 1
        assert applied <= bound, f"{players} players, seed {seed}, {options}: over the bound {bound}"
    where = f"{players} players, seed {seed}, busy {busy}, {options}"
    for (round_, part), count in per_round.items():
        most = {"setup": limits.setup(), "intake": limits.intake(), "improvements": limits.improvement_phase(),
                "blood": limits.blood(round_)}.get(part) or limits.activation(limits.owned(round_))
        assert count <= most, f"{where}: round {round_}, {part}: {count} actions, bound {most}"
    assert s.round == limits.rounds
    return applied, bound


@pytest.mark.parametrize("options", [{}, VARIANTS, LONG], ids=["shipped", "variants", "long"])
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_seeded_games_stay_within_the_bound(players: int, options: dict[str, Any]) -> None:
    """Random and busy games never take more actions than the bound, nor any round's phase more
    than its part (the counts are in the message of a failure)."""
    for busy in (False, True):
        applied, bound = _play(players, 100 * players + busy, options, busy)
        assert 0 < applied <= bound, f"{players} players, busy {busy}: {applied} actions, bound {bound}"


def test_the_bound_follows_the_options() -> None:
    """More rounds, players, patients per ambulance, nurses or blood bags, and each variant that
    adds decisions, make the bound larger; none of them may leave it unchanged."""
    def bound(players: int = 4, **options: Any) -> int:
        return G.max_game_length(players, options)

    def rules(**numbers: int) -> dict[str, Any]:
        return {"params": {"rules": numbers}}

    by_rounds = [bound(**rules(rounds=r)) for r in range(1, 21)]
    assert by_rounds == sorted(set(by_rounds))
    assert [bound(n) for n in (1, 2, 3, 4)] == sorted({bound(n) for n in (1, 2, 3, 4)})
    base = bound()
    assert base == 2488 == G.max_game_length(4, None) == bound(**rules(rounds=8))
    for longer in (rules(dice_per_ambulance=4), rules(nurses=4), rules(blood_bag_supply=20),
                   {"national_epidemic": True}, {"events": True}, {"experimental_medicine": True}):
        assert bound(**longer) > base, longer
    assert bound(**LONG) > bound(**VARIANTS) > base
    assert bound(**rules(rounds=1)) < base < 10_000       # far below OpenSpiel's default


def test_the_number_the_docs_give() -> None:
    """The docs and the docstring name the shipped four-player bound and its formula's parts."""
    limits = length.limits(4, G.resolve_options(None))
    assert (limits.nurses, limits.arriving, limits.line, limits.dept_patients, limits.spec_steps,
            limits.bonus, limits.supply) == (4, 3, 15, 3, 1, 1, 16)
    assert limits.total() == 2488
    assert set(TABLE) == {"setup", *INTAKE, *IMPROVEMENTS, "activate", "over"}   # every phase is counted


def test_the_set_up_asks_each_seat_two_decisions() -> None:
    """Set-up 10-11: each player values the starting patients and keeps one of the two
    administrators dealt: exactly the bound's set-up part."""
    s = new(4, seed=3)
    setup = 0
    while s.phase == "setup":
        seat = s.to_move[0]
        s.apply(seat, s.legal_actions(seat)[0])
        setup += 1
    assert setup == length.limits(4, s.options).setup() == 8


def test_a_full_hospital_places_and_buries_every_arrival() -> None:
    """Intake: "if there are too few [free beds], the player chooses who goes to the morgue".  With
    every bed taken, each arriving patient costs a morgue and a bed: the bound's most."""
    s = advance_to(new(2, seed=5), "claim")
    for seat in range(2):
        set_beds(s, seat, {bed: (bed % 3, 3) for bed in range(12)})
    while s.phase == "claim":
        seat = s.to_move[0]
        s.apply(seat, s.legal_actions(seat)[0])
    arriving = [len(h["arriving"]) for h in s.hospitals]
    kinds: Counter = Counter()
    while s.phase == "place":
        seat = s.to_move[0]
        action = s.legal_actions(seat)[0]
        kinds[seat, action["type"]] += 1
        s.apply(seat, action)
    limits = length.limits(2, s.options)
    for seat in range(2):
        assert arriving[seat] == limits.arriving == 3
        assert kinds[seat, "morgue"] == kinds[seat, "bed"] == 3
    assert sum(kinds.values()) == 2 * 2 * limits.arriving <= limits.intake() - 2


#: The six printed departments each asking for a group of 3, patients kept until 10: every
#: department the seat works then takes the largest group of the game (3 patients).
GROUPS = {"params": {"rules": {"discharge_at": 10}, "starting_departments": {
    ident: {"target": {"count": 3}}
    for ident in ("red-ward", "yellow-ward", "green-ward", "value-1-2", "value-3-4", "value-5-6")}}}


def test_a_seat_using_every_meeple_and_blood_bag_reaches_the_activation_bound() -> None:
    """Phase 3: "each meeple and department once" and blood bags "at any moment of your
    activation".  A seat with the most nurses (3 and the recruiter's 1), two surgeons, the six
    departments asking 3 patients each and 5 blood bags works all six departments (4 nurses + 2
    specialists), uses each surgeon's effect and spends every bag: exactly the bound's
    activation part for two improvements, plus two actions per bag."""
    patients = {3 * k + i: (colour, value) for k, colour in enumerate((RED, YELLOW, GREEN))
                for i, value in enumerate((1, 3, 5))}
    s = activation(2, seed=2, beds=patients, **GROUPS)
    seat, bags = 0, 5
    hospital = s.hospitals[seat]
    for _ in range(2):
        give_specialist(s, seat, "surgeon")
    hospital["nurses"] = 4
    s.blood_supply -= bags - hospital["blood_bags"]          # the bags come from the supply
    hospital["blood_bags"] = bags
    s.apply(1, {"type": "end"})
    kinds: Counter = Counter()
    while not hospital["activation_ended"]:
        legal = s.legal_actions(seat)
        action = next((a for a in legal if a["type"] not in IDLE), legal[-1])
        kinds[action["type"]] += 1
        s.apply(seat, action)
    limits = length.limits(2, s.options)
    assert limits.nurses == 4 and limits.dept_patients == 3 and limits.spec_steps == 1
    assert kinds["department"] == kinds["meeple"] == 6 and kinds["patient"] == 6 * 3 + 2
    assert kinds["blood"] == kinds["blood_use"] == bags
    worked = sum(kinds[k] for k in kinds if k not in BLOOD)
    assert worked == limits.activation(2) == 33
    assert 2 * bags <= limits.blood(1)
