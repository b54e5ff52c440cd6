"""What every phase of Dice Hospital shares: the dice bag, the rolls, the blood-bag supply,
the turn order, the event card in force and the two ways a patient leaves a bed.

Each phase module (:mod:`.preparation`, :mod:`.intake`, :mod:`.improvements`,
:mod:`.activation`, :mod:`.round_end`) is a mixin over this class; the state class in
:mod:`.state` combines them.  The annotations below name the state's data (its ``FIELDS``) so
that every mixin reads the same, documented attributes.
"""

from __future__ import annotations

import random
from typing import Any

from ludoteca.engine.state import Event

from .content import Content
from .hospital import Hospital, clear_bed


class Supplies:
    """The shared table of a Dice Hospital game (see ``DiceHospitalState.FIELDS``)."""

    # Given by the engine's State.
    players: int
    options: dict[str, Any]
    rng: random.Random
    # Derived (``derive``): the compiled content for this game's params.
    content: Content
    # The game's data, one attribute per FIELD.
    phase: str
    round: int
    first_player: int
    bag: list[int]                    # dice per colour in the bag
    department_pile: list[int]        # face down, drawn from the end
    specialist_pile: list[int]
    department_offer: list[int]       # face up
    specialist_offer: list[int]
    ambulances: list[list[list[int]]]  # per ambulance: [colour, value] dice
    ambulance_owners: list[int]       # per ambulance: the seat that claimed it, -1 = nobody
    intake_line: list[list[int]]      # rolled dice, lowest first, while colours are sorted
    dice_per_ambulance: int           # this round's
    sort_position: int                # the first die of the line not yet settled
    queue: list[int]                  # seats still to claim (claim) or to take (take), in order
    reveals_left: int                 # extra offers the first player may still reveal
    event: int                        # the event card in force (index), -1 = none
    event_pile: list[int]
    reports_face_up: list[int]        # solo medical reports
    report_pile: list[int]
    blood_supply: int
    hospitals: list[Hospital]
    administrator_hands: list[list[int]]  # per seat, secret: administrators dealt, not given back
    final_scores: list[int] | None

    def turn_order(self) -> list[int]:
        """Seats clockwise from the first player."""
        n = self.players
        return [(self.first_player + k) % n for k in range(n)]

    def offers_as_players(self) -> int:
        """The player count the offers are sized for (solo plays as for two)."""
        n = self.players
        return max(n, self.content.rules["solo_offers_as_players"]) if n == 1 else n

    def ambulance_count(self) -> int:
        return self.content.rules["solo_ambulances"] if self.players == 1 else self.players + 1

    def _draw_offers(self) -> None:
        """Reveal offers as in set-up: players − 1 of each (solo: as for two players)."""
        for _ in range(self.offers_as_players() - 1):
            if self.department_pile:
                self.department_offer.append(self.department_pile.pop())
            if self.specialist_pile:
                self.specialist_offer.append(self.specialist_pile.pop())

    def _draw_die(self) -> int:
        """A random die's colour from the bag (-1 if the bag is empty)."""
        bag = self.bag
        total = bag[0] + bag[1] + bag[2]
        if total <= 0:
            return -1
        r = self.rng.randrange(total)
        colour = 0 if r < bag[0] else (1 if r < bag[0] + bag[1] else 2)
        bag[colour] -= 1
        return colour

    def _roll(self) -> int:
        """Roll a patient die, re-rolling 1s and 6s (rule text: "se vuelve a tirar")."""
        low, high = self.content.rules["roll_low"], self.content.rules["roll_high"]
        randint = self.rng.randint
        while True:
            value = randint(1, 6)
            if low <= value <= high:
                return value

    def _gain_blood(self, hospital: Hospital, amount: int) -> int:
        """Blood bags from the supply; gains beyond what is left are lost (the box has 16)."""
        gained = max(0, min(amount, self.blood_supply))
        self.blood_supply -= gained
        hospital["blood_bags"] += gained
        return gained

    def _event_kind(self) -> tuple[str, int]:
        """The kind and amount of the event in force ("", 0 without one)."""
        if self.event < 0:
            return "", 0
        event = self.content.events[self.event]
        return event["kind"], event["amount"]

    def _event_colour(self) -> int:
        return self.content.events[self.event].get("colour", -1) if self.event >= 0 else -1

    def _administrator(self, hospital: Hospital, kind: str) -> dict[str, Any] | None:
        """The seat's administrator if it is of ``kind``, else None."""
        index = hospital["administrator"]
        if index < 0:
            return None
        admin = self.content.administrators[index]
        return admin if admin["kind"] == kind else None

    def _staff_come_home(self) -> None:
        """Set-up 2 and shift change: "Mueve todos los meeples de enfermeros de regreso al
        departamento de enfermeros" and the specialists to their cards; every department is
        free again.  The nurses are the rule book's, the administrator's and the event's."""
        kind, amount = self._event_kind()
        delta = amount if kind == "nurse_delta" else 0
        base = self.content.rules["nurses"]
        for hospital in self.hospitals:
            admin = self._administrator(hospital, "extra_nurse")
            extra = admin["amount"] if admin is not None else 0
            hospital["nurses"] = max(0, base + extra + delta)
            hospital["departments_used"] = [0] * len(hospital["departments"])
            hospital["department_workers"] = [None] * len(hospital["departments"])
            hospital["specialists_used"] = [0] * len(hospital["specialists"])

    def _treat(self, hospital: Hospital, bed: int, amount: int) -> bool:
        """Treat one patient: +amount, onto the treated row; 7+ is discharged at once."""
        value = hospital["bed_value"][bed] + amount
        hospital["bed_treated"][bed] = 1
        if value >= self.content.rules["discharge_at"]:
            hospital["discharged"].append(clear_bed(hospital, bed))
            return True
        hospital["bed_value"][bed] = value
        return False

    def _to_morgue(self, hospital: Hospital, bed: int) -> None:
        """A patient dies: a fatality token, the die back to the bag."""
        self.bag[clear_bed(hospital, bed)] += 1
        hospital["fatalities"] += 1

    # ---- where one phase hands over to the next (each defined by its phase's mixin) ----------
    def _start_round(self) -> None:
        """The event card, then phase 1's roll (:mod:`.intake`)."""
        raise NotImplementedError

    def _next_reveal_or_roll(self) -> None:
        """The extra offer at the start of the round, then phase 1's roll (:mod:`.intake`)."""
        raise NotImplementedError

    def _start_improvements(self) -> None:
        """Phase 2, after every patient is placed (:mod:`.improvements`)."""
        raise NotImplementedError

    def _start_activation(self) -> None:
        """Phase 3, after the returns (:mod:`.activation`)."""
        raise NotImplementedError

    def _end_activation(self) -> list[Event]:
        """Phases 4-6 and the end, when the last seat ends its activation (:mod:`.round_end`)."""
        raise NotImplementedError
